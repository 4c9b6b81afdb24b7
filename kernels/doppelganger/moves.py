"""Move generation: where a pawn may go with its dice (walking, or a pad jump), and the
actions open to it in a rim room. ``reachable`` is the hot kernel."""
from numba import njit

from kernels.doppelganger.layout import (ACT_ATTACK, ACT_NONE, ACT_PICKUP, ACT_STEAL, A_DROP,
                                         A_KIND, A_W, A_X, F_HELD, F_POS, F_ROOM_W, INF, R_LIMIT,
                                         R_NCARDS, R_NROOMS)
from kernels.doppelganger.state import popcount


@njit(cache=True, _nrt=False, inline="always")
def pad_costs(dist, pads, start, pad_start):
    """Steps needed to land on the cheapest pad (m1, which pad m1p) and on the second cheapest
    (m2). The pad a pawn starts on costs pad_start (rules.pad_start_lands: 2, step off and
    back on, or 0, it is landed on already)."""
    m1 = INF
    m1p = -1
    m2 = INF
    for p in range(pads.shape[0]):
        node = pads[p]
        a = pad_start if node == start else dist[start, node]
        if a < m1:
            m2 = m1
            m1 = a
            m1p = p
        elif a < m2:
            m2 = a
    return m1, m1p, m2


@njit(cache=True, _nrt=False)
def reachable(dist, pads, taken, start, total, out, pad_start, walk_on):
    """Move generation. out[v] = 1 for every node a pawn on ``start`` may end on with a dice
    total of ``total`` (up to that many steps), pads included; ``taken`` = mask of pads held by
    other pawns. Returns 1 if a pad can be landed on (then any room is a destination too).
    One jump is enough: a second one is never shorter. pad_start: see pad_costs; walk_on 0
    ends the move on the pad jumped to (rules.pad_within_roll)."""
    m1, m1p, m2 = pad_costs(dist, pads, start, pad_start)
    N = dist.shape[0]
    row = dist[start]
    for v in range(N):
        out[v] = 1 if row[v] <= total else 0
    # after a jump the pawn stands on free pad q with ``left`` steps to go
    for q in range(pads.shape[0]):
        if (taken >> q) & 1:
            continue
        left = total - ((m2 if q == m1p else m1) + 1)
        if left < 0:
            continue
        if not walk_on:
            left = 0
        prow = dist[pads[q]]
        for v in range(N):
            if prow[v] <= left:
                out[v] = 1
    return 1 if m1 <= total else 0


@njit(cache=True, _nrt=False)
def room_reach(dist, pads, taken, start, total, m1, m1p, m2, nr, walk_on):
    """Mask of the rim rooms (nodes 0..nr-1) reachable on foot and by pad jumps: the move
    generation of ``reachable`` restricted to rooms."""
    row = dist[start]
    m = 0
    for r in range(nr):
        if row[r] <= total:
            m |= 1 << r
    for q in range(pads.shape[0]):
        if (taken >> q) & 1:
            continue
        left = total - ((m2 if q == m1p else m1) + 1)
        if left < 0:
            continue
        if not walk_on:
            left = 0
        prow = dist[pads[q]]
        for r in range(nr):
            if prow[r] <= left:
                m |= 1 << r
    return m


@njit(cache=True, _nrt=False)
def taken_pads(st, n, seat, pad_index):
    """Mask of the pads another pawn stands on (no jump may end there)."""
    m = 0
    for o in range(n):
        if o != seat:
            pi = pad_index[st[F_POS + o]]
            if pi >= 0:
                m |= 1 << pi
    return m


@njit(cache=True, _nrt=False)
def walk_toward(nxt, start, goal, steps):
    """Where ``steps`` steps along a shortest walk from start toward goal end."""
    v = start
    for _ in range(steps):
        if v == goal:
            break
        v = nxt[v, goal]
    return v


@njit(cache=True, _nrt=False, inline="always")
def add_takes(acts, k, kind, x, w, held, full, nc):
    """Taking weapon w (pick up or steal): free when a hand has room, else one option per
    held weapon that could be dropped in exchange (the two-weapon swap). Returns the new count."""
    for d in range(-1, nc):
        if (d == -1 and not full) or (d >= 0 and full and (held >> d) & 1):
            acts[k, A_KIND] = kind
            acts[k, A_X] = x
            acts[k, A_DROP] = d
            acts[k, A_W] = w
            k += 1
    return k


@njit(cache=True, _nrt=False)
def list_actions(st, n, seat, rules, acts):
    """Legal actions for ``seat`` in its current rim room; acts[0] is 'none'. Returns the count."""
    k = 0
    acts[k, A_KIND] = ACT_NONE
    acts[k, A_X] = -1
    acts[k, A_DROP] = -1
    acts[k, A_W] = -1
    k += 1
    node = st[F_POS + seat]
    if node >= rules[R_NROOMS]:
        return k
    held = st[F_HELD + seat]
    full = popcount(held) >= rules[R_LIMIT]
    nc = rules[R_NCARDS]
    roomw = st[F_ROOM_W + node]
    for w in range(nc):
        if (roomw >> w) & 1:
            k = add_takes(acts, k, ACT_PICKUP, w, w, held, full, nc)
    for v in range(n):
        if v == seat or st[F_POS + v] != node:
            continue
        vh = st[F_HELD + v]
        for w in range(nc):
            if (vh >> w) & 1:
                k = add_takes(acts, k, ACT_STEAL, v, w, held, full, nc)
        for w in range(nc):
            if (held >> w) & 1:
                acts[k, A_KIND] = ACT_ATTACK
                acts[k, A_X] = v
                acts[k, A_DROP] = -1
                acts[k, A_W] = w
                k += 1
    return k
