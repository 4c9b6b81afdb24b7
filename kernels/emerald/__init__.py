"""A Study in Emerald kernels, one module per concern in import order: layout, state, moves,
bots, rules, rollout, play, bench (kernels/README.md).

Work in progress (docs/emerald-status.md): rollout.py holds redeal_hidden only (no rollout
bot yet)."""
from kernels import keyed_cache

with keyed_cache(__file__):
    from kernels.emerald.play import play_batch, trace_game
    from kernels.emerald.rollout import redeal_hidden  # noqa: F401 (the no-peek hook)
    from kernels.emerald import bench  # noqa: F401

__all__ = ["play_batch", "trace_game"]
