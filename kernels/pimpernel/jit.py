"""The ``kernel`` decorator: @njit(cache=True) with each function's argument types declared
once, read from its parameter names."""
import inspect

from numba import njit, types

# Numba would compile a new copy of a function for every literal constant a caller passes
# (MV_ROUTE, True, ...); declaring each function's types once, from its parameter names,
# keeps one copy per function and the cold compile short.
_I = types.int64
_I1 = types.Array(types.int64, 1, "C")
_I2 = types.Array(types.int64, 2, "C")
_I3 = types.Array(types.int64, 3, "C")
_U1 = types.Array(types.uint64, 1, "C")
_U2 = types.Array(types.uint64, 2, "C")
_F1 = types.Array(types.float64, 1, "C")
_F2 = types.Array(types.float64, 2, "C")
_F3 = types.Array(types.float64, 3, "C")

# content: (K, RS, RM), the content row and the route table (sim/games/pimpernel/pack.py)
TABLES = types.Tuple((_I1, _I1, _U1))
# per state row: (state, playout state, moves, tmp, cand, ctx, rng, seat_bot, owner_masks,
# scr, log, nlog, then the search bot's tree, gain, work, reward and streams); the playout
# state and cand are empty, and the tree one node, unless a rollout or search bot plays
SCRATCH = types.Tuple((_I2, _I2, _I3, _I3, _I3, _F2, _U2, _I2, _U2, _I2, _I3, _I2,
                       _I3, _F3, _I2, _F2, _U2))
# one row's search arrays (kernels/search.py alloc_tree, and the iterations' streams)
SX = types.Tuple((_I2, _F2, _I1, _F1, _U1))

ARG_TYPES = {
    "s": _I1, "s2": _I1, "K": _I1, "RS": _I1, "RM": _U1, "W": _F1, "ctx": _F1,
    "moves": _I2, "buf": _I2, "row": _I1, "om": _U1, "on": types.boolean, "tmp": _I2, "cand": _I2, "log": _I2, "nlog": _I1, "rng": _U1,
    "owner_masks": _U1, "bots": _I1, "seat_bot": _I1, "adj_to": _I2, "adj_mask": _U2,
    "adj_deg": _I1, "out": _U1, "scr": _I1, "rem": _I1, "out_complete": types.Array(types.boolean, 1, "C"),
    "out_cubes": _I2, "x": types.uint64, "occ": types.uint64, "best": types.uint64,
    "short": types.uint64, "seed": types.uint64,
    "log_on": types.boolean, "from_rest": types.boolean, "success": types.boolean,
    "b_place": types.float64, "b_build": types.float64, "b_route": types.float64,
    "b_move": types.float64,
    "tables": TABLES, "memo": _F1, "scratch": SCRATCH, "weights": _F1, "sx": SX,
    "game_index": types.Array(types.uint64, 1, "C"), "rotation": _I1,
    "score": types.Array(types.int32, 2, "C"), "rank": types.Array(types.uint8, 2, "C"),
    "win": types.Array(types.float32, 2, "C"), "role": types.Array(types.int8, 2, "C"), "secret_role": types.Array(types.int8, 2, "C"),
    "position": types.Array(types.uint8, 2, "C"), "turns": types.Array(types.uint32, 1, "C"),
    "end_reason": types.Array(types.uint8, 1, "C"),
    "metrics": types.Array(types.float64, 3, "C"), "decisions": types.Array(types.uint32, 1, "C"),
}


def kernel(fn=None, nogil=False, inline=False, nrt=False, args=None, lazy=False):
    """@njit(cache=True) with the argument types read from ARG_TYPES (int64 otherwise; args
    overrides some by name); inline=True for the small helpers of the hot loops (no call per
    move), never for a big step: Numba copies an inlined body into every call site before
    typing, so inlining the turn's steps cost over a quarter of the cold compile for 5% of
    the play's speed (docs/performance.md). Only functions that allocate (nrt=True) keep
    Numba's reference counting: the others pass arrays on without the atomic count updates
    every call would make. nogil=True for play_rows, which threads run side by side.
    lazy=True for the entry points only tests, traces and the Python API call (and what only
    they call): compiled on their first call instead of at every import, so `make test`'s
    Pimpernel warm-up, on the suite's critical path, leaves them out."""
    def wrap(f):
        if inline:      # its callers take its body, never a compiled copy: compiling one would be waste
            return njit(cache=True, _nrt=nrt, inline="always")(f)
        if lazy:
            return njit(cache=True, _nrt=nrt)(f)
        given = {**ARG_TYPES, **(args or {})}
        sig = tuple(given.get(name, _I) for name in inspect.signature(f).parameters)
        return njit(sig, cache=True, nogil=nogil, _nrt=nrt)(f)
    return wrap(fn) if fn is not None else wrap
