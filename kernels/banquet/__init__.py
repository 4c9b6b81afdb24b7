"""The Last Banquet kernels, one module per concern in import order: layout, state, moves,
bots, rules (the pieces that ask nobody), castle, objectives, forward (the rules in their
order, stopped at every decision), rollout, play, bench (kernels/README.md).

Work in progress: docs/banquet-status.md."""
from kernels import keyed_cache

with keyed_cache(__file__):
    from kernels.banquet.play import play_batch, trace_game
    from kernels.banquet.rollout import redeal_hidden  # noqa: F401 (the no-peek hook)
    from kernels.banquet import bench  # noqa: F401

__all__ = ["play_batch", "trace_game"]
