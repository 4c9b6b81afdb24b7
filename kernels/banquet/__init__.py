"""The Last Banquet kernels, one module per concern in import order: layout, the castle
(castle_places, castle_team, castle), state, moves, values, bots, rules (the shared rule
pieces), objectives, the rules in their order (action, turn, castle_round, seating, round),
forward (advance, options, apply), rollout, search, play, bench (kernels/README.md).

Work in progress: docs/banquet-status.md."""
from kernels import keyed_cache

with keyed_cache(__file__):
    from kernels.banquet.play import play_batch, trace_game
    from kernels.banquet.rollout import redeal_hidden  # noqa: F401 (the no-peek hook)
    from kernels.banquet import bench  # noqa: F401

__all__ = ["play_batch", "trace_game"]
