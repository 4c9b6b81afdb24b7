"""Miss Scarlet doppelganger Clue kernels, one module per concern in import order: layout,
state, moves, bots, rules, rollout, play, bench (kernels/README.md)."""
from kernels import keyed_cache

with keyed_cache(__file__):
    from kernels.doppelganger.play import play_batch, trace_game

__all__ = ["play_batch", "trace_game"]
