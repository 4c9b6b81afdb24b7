"""Legal moves and the route search (the hot kernel: every route between two locations, from
the route table built once per content)."""

import numpy as np
from numba import types

from kernels.pimpernel.jit import kernel
from kernels.pimpernel.layout import (ACT_BUILDING, ACT_DISGUISE, ACT_MOVE, ACT_PLACE, ACT_POINT,
    ACT_REMOVE, ACT_ROUTE, A_REST, IC_POINT, K_BLD_REGION, K_LC_ICON, K_LC_NSLOT, K_NB, K_NLOC, K_NREG,
    K_NS, K_REG_ADJ, K_REG_LOC, K_REG_NLOC, K_REG_SPMASK, K_TILE_AREA, MAXL, MAXM, MAXR, MAXS, MAXSLOT,
    MV_AREA, MV_BUILD, MV_DECLINE, MV_LEADER, MV_LOC, MV_MOVE, MV_PASS, MV_POINT, MV_REMOVE, MV_ROUTE,
    NAREA, NLEAD, NSHORT, O_BLD, O_BLDTILE, O_LEADER, O_LOC, O_LOCCARD, O_MLOC, O_NSHORT, O_PIMP, O_ROUTE,
    O_SHORT, O_ST_BLD, O_ST_LEAD, O_ST_LOC, O_ST_ROUTE, O_T_ACTED, O_T_AREA, O_T_REST_IN, O_T_REST_OUT,
    O_T_REST_RM, P_REGION, P_SUPPLY, RM_AREA, RM_BUILD, RM_LEADER, RM_LOC, RM_ROUTE)
from kernels.pimpernel.state import area_at, occupied_mask, player_at, popcount64, space_at, stamp


@kernel(nrt=True)
def all_simple_routes(nloc, adj_to, adj_mask, adj_deg, src, dst, out, cap, revisit):
    """Every route src -> dst, each as the OR of its edges' masks (its route spaces).

    revisit 0: no location twice (a simple path); 1: no route space twice (a trail: locations
    may repeat, the route ends where it first reaches dst); 2: a trail that may also pass
    through dst and come back to it (each arrival ends a route). adj_to[v, k] / adj_mask[v, k]:
    k-th neighbour of v and the mask of that edge. Returns the number of routes found (a
    trail's set of spaces may come more than once: route_table keeps one) or -1 if more
    than cap."""
    count = 0
    if src == dst:
        out[0] = np.uint64(0)
        return 1
    on_path = np.zeros(nloc, np.bool_)
    depth_cap = nloc + 1 if revisit == 0 else adj_deg.sum() // 2 + 1
    stack_v = np.empty(depth_cap, np.int64)
    stack_k = np.empty(depth_cap, np.int64)
    stack_m = np.empty(depth_cap, np.uint64)
    depth = 0
    stack_v[0] = src
    stack_k[0] = 0
    stack_m[0] = np.uint64(0)
    on_path[src] = True
    while depth >= 0:
        v = stack_v[depth]
        k = stack_k[depth]
        if k >= adj_deg[v]:
            on_path[v] = False
            depth -= 1
            continue
        stack_k[depth] = k + 1
        w = adj_to[v, k]
        if revisit == 0:
            if on_path[w]:
                continue
        elif (stack_m[depth] & adj_mask[v, k]) != np.uint64(0):
            continue   # this edge's route spaces are on the route already
        m = stack_m[depth] | adj_mask[v, k]
        if w == dst:
            if count >= cap:
                return -1
            out[count] = m
            count += 1
            if revisit != 2:
                continue   # the route ends at its first arrival
        depth += 1
        stack_v[depth] = w
        stack_k[depth] = 0
        stack_m[depth] = m
        if revisit == 0:
            on_path[w] = True
    return count


@kernel(nrt=True, args={"keys": types.Array(types.uint64, 1, "C")})
def stable_order(keys, c):
    """The order that sorts keys[:c], equal keys in their first order: np.argsort(kind="stable")
    by a bottom-up merge sort. Numba's own argsort compiled for a minute and a half on a loaded
    machine, once per key type, in every cold compile of the game."""
    order = np.arange(c)
    spare = np.empty(c, np.int64)
    width = 1
    while width < c:
        lo = 0
        while lo < c:
            mid = min(lo + width, c)
            hi = min(lo + 2 * width, c)
            i, j, k = lo, mid, lo
            while i < mid and j < hi:
                if keys[order[j]] < keys[order[i]]:
                    spare[k] = order[j]
                    j += 1
                else:
                    spare[k] = order[i]
                    i += 1
                k += 1
            while i < mid:
                spare[k] = order[i]
                i += 1
                k += 1
            while j < hi:
                spare[k] = order[j]
                j += 1
                k += 1
            lo = hi
        order, spare = spare, order
        width *= 2
    return order


@kernel(nrt=True)
def first_of_each(out, c):
    """Drop repeated masks from out[:c], keeping each one's first place; returns the new count."""
    order = stable_order(out, c)
    keep = np.ones(c, np.bool_)
    for i in range(1, c):
        if out[order[i]] == out[order[i - 1]]:
            keep[order[i]] = False
    j = 0
    for i in range(c):
        if keep[i]:
            out[j] = out[i]
            j += 1
    return j


@kernel(nrt=True)
def route_table(nloc, adj_to, adj_mask, adj_deg, cap, revisit):
    """All routes for every ordered pair of locations: CSR start + masks (map-only)."""
    start = np.zeros(MAXL * MAXL + 1, np.int64)
    buf = np.empty(cap, np.uint64)
    total = 0
    for a in range(MAXL):
        for b in range(MAXL):
            if a < nloc and b < nloc:
                c = all_simple_routes(nloc, adj_to, adj_mask, adj_deg, a, b, buf, cap, revisit)
                if c < 0:
                    return start, buf[:0], -1
                total += first_of_each(buf, c)
            start[a * MAXL + b + 1] = total
    masks = np.empty(total, np.uint64)
    for a in range(nloc):
        for b in range(nloc):
            c = all_simple_routes(nloc, adj_to, adj_mask, adj_deg, a, b, buf, cap, revisit)
            c = first_of_each(buf, c)
            st = start[a * MAXL + b]
            # shortest routes first (fewest route spaces), so the few shortest are the first few
            keys = np.empty(c, np.uint64)
            for i in range(c):
                keys[i] = popcount64(buf[i])
            order = stable_order(keys, c)
            for i in range(c):
                masks[st + i] = buf[order[i]]
    return start, masks, 0


@kernel
def route_masks_of(s, n, owner_masks):
    """owner_masks[p] = route spaces holding p's cubes; owner_masks[n] = all occupied."""
    for p in range(n + 1):
        owner_masks[p] = np.uint64(0)
    for sp in range(MAXS):
        o = s[O_ROUTE + sp]
        if o >= 0:
            bit = np.uint64(1) << np.uint64(sp)
            owner_masks[o] |= bit
            owner_masks[n] |= bit
    return owner_masks[n]


@kernel
def route_search(RS, RM, src, dst, owner_masks, n, out_complete, out_cubes):
    """Every route between two locations with its completeness and cubes per player.

    owner_masks[p] (p < n) are the route spaces holding p's cubes, owner_masks[n] the occupied
    ones. Fills out_complete[r] and out_cubes[r, p]; returns the number of routes."""
    st = RS[src * MAXL + dst]
    en = RS[src * MAXL + dst + 1]
    occ = owner_masks[n]
    for r in range(en - st):
        m = RM[st + r]
        out_complete[r] = (m & ~occ) == np.uint64(0)
        for p in range(n):
            out_cubes[r, p] = popcount64(m & owner_masks[p])
    return en - st


@kernel
def count_complete(RS, RM, src, dst, occ):
    st = RS[src * MAXL + dst]
    en = RS[src * MAXL + dst + 1]
    c = 0
    for r in range(st, en):
        if (RM[r] & ~occ) == np.uint64(0):
            c += 1
    return c


@kernel
def short_routes(s, K, RS, RM):
    """Remember the NSHORT routes with fewest route spaces for the current mission
    (the route table lists each pair's routes shortest first)."""
    src = s[O_PIMP]
    dst = s[O_MLOC]
    st = RS[src * MAXL + dst]
    ns = min(NSHORT, RS[src * MAXL + dst + 1] - st)
    for i in range(ns):
        s[O_SHORT + i] = st + i
    s[O_NSHORT] = ns


@kernel(inline=True)
def push(moves, nm, kind, a, b, slot):
    if nm < MAXM:
        moves[nm, 0] = kind
        moves[nm, 1] = a
        moves[nm, 2] = b
        moves[nm, 3] = slot
        return nm + 1
    return nm


@kernel(inline=True)
def has_cube(s, p, from_rest):
    if from_rest:
        return s[area_at(p, A_REST)] > 0
    return s[player_at(p, P_SUPPLY)] > 0


@kernel
def gen_route_spaces(s, K, p, moves, nm, slot):
    """The empty route spaces of the pawn's region, in space order: the set bits of the
    region's space mask less the occupied ones (no unpredictable test per space)."""
    r = s[player_at(p, P_REGION)]
    free = np.uint64(K[K_REG_SPMASK + r]) & ~occupied_mask(s, K)
    while free != np.uint64(0) and nm < MAXM:
        low = free & (~free + np.uint64(1))
        free ^= low
        moves[nm, 0] = MV_ROUTE
        moves[nm, 1] = popcount64(low - np.uint64(1))
        moves[nm, 2] = 0
        moves[nm, 3] = slot
        nm += 1
    return nm


@kernel
def gen_place(s, K, p, moves, nm, slot):
    """Place a cube: a route space or location space in the pawn's region, or a leader space."""
    nm = gen_route_spaces(s, K, p, moves, nm, slot)
    r = s[player_at(p, P_REGION)]
    for i in range(K[K_REG_NLOC + r]):
        l = K[K_REG_LOC + r * MAXL + i]
        c = s[O_LOCCARD + l]
        if c >= 0:
            for k in range(K[K_LC_NSLOT + c]):
                if s[space_at(l, k)] < 0:
                    nm = push(moves, nm, MV_LOC, l * MAXSLOT + k, 0, slot)
    for k in range(NLEAD):
        if s[O_LEADER + k] < 0:
            nm = push(moves, nm, MV_LEADER, k, 0, slot)
    return nm


@kernel(inline=True)
def area_open(s, p, a):
    """May p put a cube in area a now? Not into rest once a cube left it this turn (the rest
    cube used, or one taken back by "remove a cube": in or out, not both)."""
    return not (a == A_REST and (s[O_T_REST_OUT] == 1 or s[O_T_REST_RM] == 1))


@kernel
def gen_building(s, K, p, moves, nm, slot, from_rest):
    """Use a building: take a building space in the pawn's region (bumping another player's
    cube into its area), or place in the area of a tile you already hold a cube on."""
    r = s[player_at(p, P_REGION)]
    seen = 0
    for b in range(K[K_NB]):
        o = s[O_BLD + b]
        if o != p and K[K_BLD_REGION + b] == r:
            nm = push(moves, nm, MV_BUILD, b, 0, slot)
        if o == p:
            a = K[K_TILE_AREA + s[O_BLDTILE + b]]
            bit = 1 << a
            if (seen & bit) == 0 and area_open(s, p, a) and not (from_rest and a == A_REST):
                seen |= bit
                nm = push(moves, nm, MV_AREA, a, 0, slot)
    return nm


@kernel
def removable(s, K, p, where, i):
    st = stamp(s)
    if where == RM_ROUTE:
        return s[O_ROUTE + i] == p and s[O_ST_ROUTE + i] != st
    if where == RM_LOC:
        if s[O_LOC + i] != p or s[O_ST_LOC + i] == st:
            return False
        c = s[O_LOCCARD + i // MAXSLOT]
        return K[K_LC_ICON + c * MAXSLOT + i % MAXSLOT] != IC_POINT
    if where == RM_BUILD:
        return s[O_BLD + i] == p and s[O_ST_BLD + i] != st
    if where == RM_AREA:
        if i == A_REST and s[O_T_REST_IN] == 1:
            return False
        return s[area_at(p, i)] > s[O_T_AREA + i]
    return s[O_LEADER + i] == p and s[O_ST_LEAD + i] != st


@kernel
def gen_remove(s, K, p, moves, nm, slot):
    for i in range(K[K_NS]):
        if removable(s, K, p, RM_ROUTE, i):
            nm = push(moves, nm, MV_REMOVE, RM_ROUTE, i, slot)
    for l in range(K[K_NLOC]):
        c = s[O_LOCCARD + l]
        if c >= 0:
            for k in range(K[K_LC_NSLOT + c]):
                if removable(s, K, p, RM_LOC, l * MAXSLOT + k):
                    nm = push(moves, nm, MV_REMOVE, RM_LOC, l * MAXSLOT + k, slot)
    for b in range(K[K_NB]):
        if removable(s, K, p, RM_BUILD, b):
            nm = push(moves, nm, MV_REMOVE, RM_BUILD, b, slot)
    for a in range(NAREA):
        if removable(s, K, p, RM_AREA, a):
            nm = push(moves, nm, MV_REMOVE, RM_AREA, a, slot)
    for k in range(NLEAD):
        if removable(s, K, p, RM_LEADER, k):
            nm = push(moves, nm, MV_REMOVE, RM_LEADER, k, slot)
    return nm


@kernel
def gen_pawn_moves(s, K, p, moves, nm, slot):
    r = s[player_at(p, P_REGION)]
    for r2 in range(K[K_NREG]):
        if K[K_REG_ADJ + r * MAXR + r2] == 1:
            nm = push(moves, nm, MV_MOVE, r2, 0, slot)
    return nm


@kernel
def gen_action(s, K, p, act, moves, nm, slot, from_rest):
    """Options of one action (a favor card's half, an icon's follow-up, the rest cube)."""
    if act == ACT_MOVE:
        return gen_pawn_moves(s, K, p, moves, nm, slot)
    if act == ACT_POINT:
        return push(moves, nm, MV_POINT, 0, 0, slot)
    if act == ACT_REMOVE:
        return gen_remove(s, K, p, moves, nm, slot)
    if not has_cube(s, p, from_rest):
        return nm
    if act == ACT_PLACE:
        return gen_place(s, K, p, moves, nm, slot)
    if act == ACT_BUILDING:
        return gen_building(s, K, p, moves, nm, slot, from_rest)
    if act == ACT_ROUTE:
        return gen_route_spaces(s, K, p, moves, nm, slot)
    a = act - ACT_DISGUISE  # a planning area (rest included)
    if area_open(s, p, a) and not (from_rest and a == A_REST):
        return push(moves, nm, MV_AREA, a, 0, slot)
    return nm


@kernel
def action_possible(s, K, p, act, moves):
    """Has this action at least one option? (Quick answers first, else generate.)"""
    if act == ACT_MOVE or act == ACT_POINT:
        return True
    if act == ACT_PLACE and s[player_at(p, P_SUPPLY)] > 0:
        for k in range(NLEAD):
            if s[O_LEADER + k] < 0:
                return True
    return gen_action(s, K, p, act, moves, 0, 0, False) > 0


@kernel
def gen_basic(s, K, p, moves):
    """The turn's choice without the favor tiles (rules.gen_main adds those): pass, or one of
    the basic actions."""
    moves[0, 0] = MV_PASS
    moves[0, 1] = 0
    moves[0, 2] = 0
    moves[0, 3] = -1
    nm = 1
    nm = gen_pawn_moves(s, K, p, moves, nm, -1)   # with or without a cube to place
    if s[player_at(p, P_SUPPLY)] > 0:
        nm = gen_place(s, K, p, moves, nm, -1)
        nm = gen_building(s, K, p, moves, nm, -1, False)
    return nm


@kernel
def gen_rest(s, K, p, moves):
    """After an action: use a cube from the rest area to place a cube or use a building."""
    moves[0, 0] = MV_DECLINE
    moves[0, 1] = 0
    moves[0, 2] = 0
    moves[0, 3] = -1
    nm = 1
    if s[O_T_ACTED] == 0 or s[O_T_REST_IN] == 1 or s[O_T_REST_OUT] == 1:
        return nm
    if s[area_at(p, A_REST)] == 0:
        return nm
    nm = gen_place(s, K, p, moves, nm, -1)
    nm = gen_building(s, K, p, moves, nm, -1, True)
    return nm
