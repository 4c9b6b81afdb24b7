"""A Study in Emerald kernels, one module per concern in import order: layout, state, moves,
rules, cards, turn, forward, values (what things are worth to the bots), bots (their choices),
rollout, search, play, bench (kernels/README.md)."""
from kernels import keyed_cache

with keyed_cache(__file__):
    from kernels.emerald.play import play_batch, trace_game
    from kernels.emerald.rollout import redeal_hidden  # noqa: F401 (the no-peek hook)
    from kernels.emerald import forward  # noqa: F401 (the forward model: sim/games/emerald/forward.py)
    from kernels.emerald import bench  # noqa: F401

__all__ = ["play_batch", "trace_game"]
