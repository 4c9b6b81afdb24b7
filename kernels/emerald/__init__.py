"""A Study in Emerald kernels, one module per concern in import order: layout, state, moves,
bots, rules, rollout, play, bench (kernels/README.md).

Work in progress (docs/emerald-status.md): no rollout or bench module yet."""
from kernels import keyed_cache

with keyed_cache(__file__):
    from kernels.emerald.play import play_batch, trace_game

__all__ = ["play_batch", "trace_game"]
