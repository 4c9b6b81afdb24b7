"""Helpers shared by every game kernel: seat rotation, ranking with tie-breaks, argmax,
borrowed array views, the lowest set bit and inline copies of compiled functions."""
import operator
from types import FunctionType

import numpy as np
from numba import config as numba_config, njit, types
from numba.core import cgutils
from numba.core.datamodel.models import ArrayModel
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic, lower_builtin, lower_cast, register_model, typeof_impl
from numba.np.arrayobj import load_item, store_item


def inline_copy(fn, **callees):
    """An inline copy of the compiled function fn for the one loop that takes its body instead
    of a call (a call copies each array's 7-9 words); fn itself stays one compiled call for
    everyone else. callees: functions fn calls by name, each with what the copy calls instead
    (an inline copy of it, say), so the loop takes their bodies too. With the JIT disabled,
    fn's Python function (with those callees)."""
    py = getattr(fn, "py_func", fn)
    if callees:
        py = FunctionType(py.__code__, {**py.__globals__, **callees}, py.__name__,
                          py.__defaults__, py.__closure__)
    return njit(cache=True, _nrt=False, inline="always")(py)


@njit(cache=True)
def seat_bots(bots, rotation, out):
    """Which bot plays each seat: rotation r moves the bot list r seats clockwise."""
    n = bots.shape[0]
    for s in range(n):
        out[s] = bots[(s - rotation) % n]


@njit(cache=True)
def turn_positions(first, n, out):
    """Each seat's place in a clockwise turn order that begins with seat first (0 = first)."""
    for s in range(n):
        out[s] = (s - first) % n


@njit(cache=True)
def rank_players(score, tiebreak, n, out_rank, out_win):
    """Rank by score, then by tiebreak (higher is better); players equal on both share.

    rank 1 is best; each of k tied winners gets win = 1/k.
    """
    n_top = 0
    for s in range(n):
        better = 0
        for o in range(n):
            if score[o] > score[s] or (score[o] == score[s] and tiebreak[o] > tiebreak[s]):
                better += 1
        out_rank[s] = better + 1
        if better == 0:
            n_top += 1
    for s in range(n):
        out_win[s] = 1.0 / n_top if out_rank[s] == 1 else 0.0


@njit(cache=True)
def rank_teams(team_score, team_tiebreak, n_teams, team_of, n, out_rank, out_win):
    """Rank factions by score, then tiebreak (higher is better); every member of a faction
    has its faction's rank, and every member of the winning faction wins 1.0 (1/k each when
    k factions tie on both)."""
    n_top = 0
    for t in range(n_teams):
        if team_rank(team_score, team_tiebreak, n_teams, t) == 1:
            n_top += 1
    for s in range(n):
        out_rank[s] = team_rank(team_score, team_tiebreak, n_teams, team_of[s])
        out_win[s] = 1.0 / n_top if out_rank[s] == 1 else 0.0


@njit(cache=True, inline="always")
def team_rank(team_score, team_tiebreak, n_teams, t):
    better = 0
    for o in range(n_teams):
        if team_score[o] > team_score[t] or (team_score[o] == team_score[t] and team_tiebreak[o] > team_tiebreak[t]):
            better += 1
    return better + 1


@njit(cache=True, _nrt=False, inline="always")
def no_winner(out_win, n):
    """A game stopped by the turn cap (or a lost co-operative game) has no winner."""
    for s in range(n):
        out_win[s] = 0.0


@njit(cache=True)
def argmax_first(values, n):
    """Index of the largest of the first n values; the first one wins ties."""
    best = 0
    for i in range(1, n):
        if values[i] > values[best]:
            best = i
    return best


@njit(cache=True, _nrt=False, inline="always")
def write_event(log, n, ev, seat, a, b, c, d):
    """Row n of a trace's event log, if the log has room; returns the rows now written."""
    if n >= log.shape[0]:
        return n
    log[n, 0] = ev
    log[n, 1] = seat
    log[n, 2] = a
    log[n, 3] = b
    log[n, 4] = c
    log[n, 5] = d
    return n + 1


# -- borrowed views: no reference counting in the hot loops -----------------------------------
class Row(types.Array):
    """A borrowed one-dimensional view (see borrow) whose items are read and written
    without Python's negative-index wraparound: kernels index their state rows from the
    front only, and the wraparound's extra instructions on every access cost the Bastille
    heuristic about an eighth of its time. Slices and copies of a Row are plain arrays."""

    def __init__(self, dtype, layout):
        super().__init__(dtype, 1, layout, name=f"row({dtype}, {layout})")


register_model(Row)(ArrayModel)


def _item_pointer(context, builder, aryty, ary, idxty, idx):
    ind = context.cast(builder, idx, idxty, types.intp)
    return cgutils.get_item_pointer(context, builder, aryty, context.make_array(aryty)(
        context, builder, ary), [ind], wraparound=False, boundscheck=context.enable_boundscheck)


@lower_builtin(operator.getitem, Row, types.Integer)
def _row_getitem(context, builder, sig, args):
    aryty, idxty = sig.args
    return load_item(context, builder, aryty,
                     _item_pointer(context, builder, aryty, args[0], idxty, args[1]))


@lower_builtin(operator.setitem, Row, types.Integer, types.Any)
def _row_setitem(context, builder, sig, args):
    aryty, idxty, valty = sig.args
    val = context.cast(builder, args[2], valty, aryty.dtype)
    store_item(context, builder, aryty, val,
               _item_pointer(context, builder, aryty, args[0], idxty, args[1]))


@lower_cast(Row, types.Array)
def _row_as_array(context, builder, fromty, toty, val):
    """A Row passes as the plain array it views (functions typed with explicit signatures)."""
    return val


@intrinsic
def _borrow(typingctx, arr):
    """A view of arr with no reference count (null meminfo). Passing an array between
    functions otherwise costs atomic increments on its shared count, which threads fight
    over; the caller keeps arr alive while the view is used. One-dimensional views are
    Rows."""
    if not isinstance(arr, types.Array):
        return None
    view = Row(arr.dtype, arr.layout) if arr.ndim == 1 and arr.mutable else arr

    def codegen(context, builder, signature, args):
        src = context.make_array(arr)(context, builder, value=args[0])
        dst = context.make_array(view)(context, builder)
        context.populate_array(dst, data=src.data, shape=src.shape, strides=src.strides,
                               itemsize=src.itemsize, meminfo=None, parent=None)
        return dst._getvalue()

    return view(arr), codegen


class RowArray(np.ndarray):
    """A NumPy array that Numba types as a Row when it is one-dimensional and writable.
    Python code (the rule tests) that calls a kernel function with RowArrays uses the
    signature the compiled games use, so it runs their compiled code from Numba's cache
    instead of compiling a copy of every function it reaches for plain arrays."""

    # Numba's dispatchers otherwise type an ndarray subclass as a plain ndarray, and
    # remember that type for every later plain array of the same dtype and layout
    __numba_array_subtype_dispatch__ = True


@typeof_impl.register(RowArray)
def _typeof_row_array(val, c):
    arr = typeof_impl.dispatch(np.ndarray)(val, c)
    return Row(arr.dtype, arr.layout) if arr.ndim == 1 and arr.mutable else arr


def as_row(a: np.ndarray) -> np.ndarray:
    """a (no copy) as the kernels' own functions see their state rows."""
    return a.view(RowArray)


def _same(a):
    return a


def _lowest_bit(x):
    x = int(x)                  # state rows hold NumPy integers, which have no bit_length
    return (x & -x).bit_length() - 1


# With the JIT disabled (the bench's interpreted comparison) the view is the array itself,
# and the compiled intrinsics have their plain Python meaning.
borrow = _same if numba_config.DISABLE_JIT else _borrow
lowest_bit = _lowest_bit if numba_config.DISABLE_JIT else trailing_zeros
