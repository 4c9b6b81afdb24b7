"""What a seat may do and the order things act in: who places next, whether a tile can be
upgraded, the order of the tiles at a location and of the markers on the Bastille track."""

from numba import njit

from kernels.bastille.layout import (
    BN, BVAL, MAXS, MAXV, NPF, PL, P_BPOS, P_BSTAMP, P_HAND, P_SUP, SCR_ORDER, T_MAXV, T_NP)


@njit(cache=True, _nrt=False, inline="always")
def hand_tiles(st, p):
    k = 0
    for v in range(1, MAXV + 1):
        k += st[PL + p * NPF + P_HAND + v]
    return k


@njit(cache=True, _nrt=False, inline="always")
def next_to_place(tb, st, rng, p):
    """The next seat clockwise from p that still holds a tile, or -1 when all are placed."""
    n = tb[T_NP]
    for k in range(1, n + 1):
        q = (p + k) % n
        if hand_tiles(st, q) > 0:
            return q
    return -1


@njit(cache=True, _nrt=False, inline="always")
def can_upgrade(tb, st, rng, p, v):
    return v + 1 <= tb[T_MAXV] and st[PL + p * NPF + P_SUP + v + 1] > 0


@njit(cache=True, _nrt=False, inline="always")
def location_order(st, loc):
    """Spaces of loc in the order they act (into st[SCR_ORDER..]): higher tile first, then
    the earlier placed. Returns the number of tiles."""
    k = st[BN + loc]
    for i in range(k):
        st[SCR_ORDER + i] = i
    for i in range(1, k):
        j = i
        while j > 0 and (st[BVAL + loc * MAXS + st[SCR_ORDER + j]]
                         > st[BVAL + loc * MAXS + st[SCR_ORDER + j - 1]]):
            t = st[SCR_ORDER + j]
            st[SCR_ORDER + j] = st[SCR_ORDER + j - 1]
            st[SCR_ORDER + j - 1] = t
            j -= 1
    return k


@njit(cache=True, _nrt=False, inline="always")
def track_order(tb, st, rng, order):
    """Seats from front to back of the Bastille track (space, then arrival on the space)."""
    n = tb[T_NP]
    for i in range(n):
        order[i] = i
    for i in range(1, n):
        j = i
        while j > 0:
            a = order[j - 1]
            b = order[j]
            pa = st[PL + a * NPF + P_BPOS]
            pb = st[PL + b * NPF + P_BPOS]
            if pb > pa or (pb == pa and st[PL + b * NPF + P_BSTAMP] < st[PL + a * NPF + P_BSTAMP]):
                order[j - 1] = b
                order[j] = a
                j -= 1
            else:
                break
