"""A Study in Emerald kernels, one module per concern in import order: layout, state, moves,
bots, rules, rollout, play, bench (kernels/README.md).

Work in progress (docs/emerald-status.md): play.py is not written yet, so the package imports
the modules that exist inside keyed_cache; play_batch/trace_game come with play.py."""
from kernels import keyed_cache

with keyed_cache(__file__):
    from kernels.emerald import state  # noqa: F401
    from kernels.emerald import rules  # noqa: F401

__all__: list[str] = []
