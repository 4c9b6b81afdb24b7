"""Move generation: where a pawn may go with its dice (walking, or a pad jump), and the
actions open to it in a rim room. ``reachable`` is the hot kernel. Walking distances come
from the board's tables, or, when pawns block (rules.pawns_block) and one stands in a
corridor, from ``blocked_walks``' searches around them."""
from numba import njit

from kernels.doppelganger.layout import (ACT_ATTACK, ACT_NONE, ACT_PICKUP, ACT_STEAL, A_DROP,
                                         A_KIND, A_W, A_X, F_HELD, F_POS, F_ROOM_W, INF, R_BLOCK,
                                         R_LIMIT, R_NCARDS, R_NROOMS, R_PAD_START,
                                         R_WALK_ON, WK_PADS, WK_PARENT, WK_QUEUE,
                                         WK_START)
from kernels.doppelganger.state import popcount


@njit(cache=True, _nrt=False, inline="always")
def pad_costs(srow, pads, start, pad_start):
    """Steps needed to land on the cheapest pad (m1, which pad m1p) and on the second cheapest
    (m2); srow = walking distances from ``start``. The pad a pawn starts on costs pad_start
    (rules.pad_start_lands: 2, step off and back on, or 0, it is landed on already)."""
    m1 = INF
    m1p = -1
    m2 = INF
    for p in range(pads.shape[0]):
        node = pads[p]
        a = pad_start if node == start else srow[node]
        if a < m1:
            m2 = m1
            m1 = a
            m1p = p
        elif a < m2:
            m2 = a
    return m1, m1p, m2


@njit(cache=True, _nrt=False)
def reachable(srow, prows, pads, taken, start, total, out, pad_start, walk_on):
    """Move generation. out[v] = 1 for every node a pawn on ``start`` may end on with a dice
    total of ``total`` (up to that many steps), pads included. srow = walking distances from
    start, prows[q] = from pad q (the board's tables, or the walks around blocking pawns);
    ``taken`` = mask of pads held by other pawns. Returns 1 if a pad can be landed on (then any
    room is a destination too). One jump is enough: a second one is never shorter. pad_start:
    see pad_costs; walk_on 0 ends the move on the pad jumped to (rules.pad_within_roll)."""
    m1, m1p, m2 = pad_costs(srow, pads, start, pad_start)
    N = srow.shape[0]
    for v in range(N):
        out[v] = 1 if srow[v] <= total else 0
    # after a jump the pawn stands on free pad q with ``left`` steps to go
    for q in range(pads.shape[0]):
        if (taken >> q) & 1:
            continue
        left = total - ((m2 if q == m1p else m1) + 1)
        if left < 0:
            continue
        if not walk_on:
            left = 0
        prow = prows[q]
        for v in range(N):
            if prow[v] <= left:
                out[v] = 1
    return 1 if m1 <= total else 0


@njit(cache=True, _nrt=False)
def room_reach(srow, prows, pads, taken, total, m1, m1p, m2, nr, walk_on):
    """Mask of the rim rooms (nodes 0..nr-1) reachable on foot and by pad jumps: the move
    generation of ``reachable`` restricted to rooms."""
    m = 0
    for r in range(nr):
        if srow[r] <= total:
            m |= 1 << r
    for q in range(pads.shape[0]):
        if (taken >> q) & 1:
            continue
        left = total - ((m2 if q == m1p else m1) + 1)
        if left < 0:
            continue
        if not walk_on:
            left = 0
        prow = prows[q]
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
def walk_around(adj, src, drow, par, queue, st, n, seat, nr):
    """Breadth-first walk from ``src`` that never enters a corridor square (or pad) another
    pawn stands on: drow = distances (INF where it cannot go), par = previous node."""
    N = drow.shape[0]
    for v in range(N):
        drow[v] = INF
    for o in range(n):
        if o != seat and st[F_POS + o] > nr:
            drow[st[F_POS + o]] = -1          # blocked while the walk runs
    drow[src] = 0
    par[src] = src
    head = 0
    tail = 1
    queue[0] = src
    while head < tail:
        u = queue[head]
        head += 1
        for i in range(adj.shape[1]):
            v = adj[u, i]
            if v < 0:
                break
            if drow[v] == INF:
                drow[v] = drow[u] + 1
                par[v] = u
                queue[tail] = v
                tail += 1
    for o in range(n):
        if o != seat and st[F_POS + o] > nr and st[F_POS + o] != src:
            drow[st[F_POS + o]] = INF


@njit(cache=True, _nrt=False)
def blocked_walks(st, n, seat, rules, adj, pads, walk):
    """rules.pawns_block: when another pawn stands on a corridor square, fill walk's rows
    (layout WK_*) with the walks around the blocking pawns, from the mover's square and from
    every pad, and return 1; return 0 when nothing blocks (the board's tables hold)."""
    nr = rules[R_NROOMS]
    any_block = False
    for o in range(n):
        if o != seat and st[F_POS + o] > nr:
            any_block = True
    if not any_block:
        return 0
    par = walk[WK_PARENT]
    queue = walk[WK_QUEUE]
    for q in range(pads.shape[0]):
        walk_around(adj, pads[q], walk[WK_PADS + q], par, queue, st, n, seat, nr)
    # last, so that par holds the walks from the mover's square
    walk_around(adj, st[F_POS + seat], walk[WK_START], par, queue, st, n, seat, nr)
    return 1


@njit(cache=True, _nrt=False, inline="always")
def start_pad_cost(srow, adj, start, pad_start):
    """Cost of landing on the pad a pawn starts on: stepping off and back needs a free
    neighbouring square (one at distance 1 of the walk around blocking pawns)."""
    if pad_start == 0:
        return 0
    for i in range(adj.shape[1]):
        v = adj[start, i]
        if v >= 0 and srow[v] == 1:
            return pad_start
    return INF


@njit(cache=True, _nrt=False, inline="always")
def walk_rows(st, n, me, rules, dist, pdist, adj, pads, walk):
    """The walking distances a move reads: (from the mover's square, from each pad, whether
    pawns block, the cost of landing on the start pad)."""
    start = st[F_POS + me]
    # the default reading pays nothing more than this test
    if rules[R_BLOCK] and blocked_walks(st, n, me, rules, adj, pads, walk):
        srow = walk[WK_START]
        return srow, walk[WK_PADS:], 1, start_pad_cost(srow, adj, start, rules[R_PAD_START])
    return dist[start], pdist, 0, rules[R_PAD_START]


@njit(cache=True, _nrt=False)
def move_reach(st, n, seat, total, rules, dist, pads, pad_index, adj, pdist, walk, reach):
    """reach[v] = 1 for every node ``seat``'s pawn may end its move on with dice total
    ``total`` in this position (other pawns on pads, and in corridors when they block).
    Returns 1 if a pad can be landed on (then a teleport to any room is open)."""
    start = st[F_POS + seat]
    taken = taken_pads(st, n, seat, pad_index)
    srow, prows, _, pad_start = walk_rows(st, n, seat, rules, dist, pdist, adj, pads, walk)
    return reachable(srow, prows, pads, taken, start, total, reach, pad_start, rules[R_WALK_ON])


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
