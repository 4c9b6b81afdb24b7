"""The Last Banquet kernels, one module per concern in import order: layout, state, moves,
bots, rules, play (kernels/README.md).

Work in progress: docs/banquet-status.md."""
from kernels import keyed_cache

with keyed_cache(__file__):
    from kernels.banquet.play import play_batch, trace_game
    from kernels.banquet.rollout import redeal_hidden  # noqa: F401 (the no-peek hook)

__all__ = ["play_batch", "trace_game"]
