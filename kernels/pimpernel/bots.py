"""The bots' choices: random, greedy and heuristic, from the valuations in values.py. They read the
state and never change it (a choice may draw from the seat's own stream and fill the ctx scratch)."""

import numpy as np

from kernels.rng import below
from kernels.pimpernel.jit import kernel
from kernels.pimpernel.layout import (A_REST, BOT_GREEDY, BOT_RANDOM, C_AREA, C_LEAD, C_VALS, DEC_CUBE,
    DEC_ROUTE, IC_POINT, K_BLD_REGION, K_CUBE_PT, K_FIRST_PT, K_LC_ICON, K_LC_NSLOT, K_MC_LOC, K_MC_NEED,
    K_NB, K_NREG, K_POINT_PT, K_REG_ADJ, K_REG_LOC, K_REG_NLOC, K_REG_SPMASK, K_TILE_AREA, L_FIRST, MAXL,
    MAXR, MAXSLOT, MV_AREA, MV_BUILD, MV_FAVOR, MV_LEADER, MV_LOC, MV_MOVE, MV_PASS, MV_POINT, MV_ROUTE,
    NAREA, NLEAD, NNEED, NRES, O_BLD, O_BLDTILE, O_CUR_CARDS, O_HOLDER, O_LEADER, O_LOCCARD, O_MLOC, O_M_AREA,
    O_M_MOVED, O_M_NCOMP, O_N, O_NCUR, O_PIMP, P_REGION, P_SUPPLY, UNVALUED, W_DENIAL, W_MISSION, W_PASS,
    W_TILE)
from kernels.pimpernel.state import (area_at, area_total, bot_stream, chooser, decision, mission_need,
    player_at, popcount64, score_of, space_at)
from kernels.pimpernel.moves import area_open, route_masks_of
from kernels.pimpernel.values import (basic_value, best_halves, favor_value, fill_context, short_context,
    tile_worth)


@kernel
def choose_heuristic(s, K, RM, W, p, moves, nm, ctx, rng, stream):
    kinds = 0
    for i in range(nm):
        kinds |= 1 << moves[i, 0]
    occ = np.uint64(0)
    bm = np.uint64(0)
    be = 99
    short = np.uint64(0)
    if (kinds & ((1 << MV_ROUTE) | (1 << MV_LEADER) | (1 << MV_MOVE))) != 0:
        occ, bm, be, short = short_context(s, K, RM)
    fill_context(s, K, W, p, occ, bm, be, ctx, kinds)
    b_place = -1.0
    b_build = -1.0
    b_route = -1.0
    b_move = -1.0
    has_favor = (kinds & (1 << MV_FAVOR)) != 0
    my_supply = s[player_at(p, P_SUPPLY)]
    my_region = s[player_at(p, P_REGION)]
    # the worth of each basic move in points, in list order
    v_best_route = W[W_MISSION] + (0.3 if be == 1 else 0.0)
    for i in range(nm):
        kind = moves[i, 0]
        if kind == MV_FAVOR:
            ctx[C_VALS + i] = UNVALUED   # valued below, from the best basic moves
            continue
        v = basic_value(s, K, W, p, kind, moves[i, 1], bm, short, v_best_route, my_supply, my_region, ctx)
        if has_favor:   # the best basic moves value a favor card's halves
            b_place, b_build, b_route, b_move = best_halves(kind, v, b_place, b_build, b_route, b_move)
        ctx[C_VALS + i] = v
    # the best basic move: ties go to the first counted from a random start (two straight
    # runs, start..end then 0..start, instead of a wrapped index per move)
    best = -1e9
    bi = 0
    start = below(rng, stream, nm)
    for i in range(start, nm):
        if ctx[C_VALS + i] > best:
            best = ctx[C_VALS + i]
            bi = i
    for i in range(start):
        if ctx[C_VALS + i] > best:
            best = ctx[C_VALS + i]
            bi = i
    # then the favor cards, in list order
    if has_favor:
        for i in range(nm):
            if moves[i, 0] == MV_FAVOR:
                v = favor_value(s, K, moves[i, 1], b_place, b_build, b_route, b_move, ctx)
                ctx[C_VALS + i] = v
                if v > best:
                    best = v
                    bi = i
    return bi


@kernel(inline=True)
def note_move(moves, nt, best, i, v, kind, a):
    """choose_main's running best: the moves worth the most so far (list index i, kind, a) in
    moves' rows 0..nt-1; returns (best, nt)."""
    if v > best:
        best = v
        nt = 0
    if v == best and best > -1e9:   # (choose_heuristic's first best starts above -1e9)
        moves[nt, 0] = kind
        moves[nt, 1] = a
        moves[nt, 2] = i
        nt += 1
    return best, nt


@kernel
def choose_main(s, K, RM, W, p, favors, moves, ctx, rng):
    """The heuristic's main move, the same as choose_heuristic's among rules.gen_main's list
    (the same values, the same draw, the same tie-break), valued in the list's order without
    listing it: pass, the walks, and with a cube in supply the route spaces, the location
    spaces and the leader spaces of the pawn's region, the buildings and areas, then the favor
    tiles in favors (a bit per usable tile: rules.usable_favors). Writes the move chosen to
    moves[0] as its option row (moves' rows are its scratch: the moves tied for the best)."""
    r = s[player_at(p, P_REGION)]
    supply = s[player_at(p, P_SUPPLY)]
    kinds = (1 << MV_PASS) | (1 << MV_MOVE)   # the kinds the list may hold (fill_context's parts)
    if supply > 0:
        kinds |= (1 << MV_ROUTE) | (1 << MV_LOC) | (1 << MV_LEADER) | (1 << MV_BUILD) | (1 << MV_AREA)
    if favors != 0:
        kinds |= 1 << MV_FAVOR
    occ, bm, be, short = short_context(s, K, RM)
    fill_context(s, K, W, p, occ, bm, be, ctx, kinds)
    v_best_route = W[W_MISSION] + (0.3 if be == 1 else 0.0)
    b_place = -1.0
    b_build = -1.0
    b_route = -1.0
    b_move = -1.0
    best = -1e9
    nt = 0
    best, nt = note_move(moves, nt, best, 0, W[W_PASS], MV_PASS, 0)
    i = 1
    for r2 in range(K[K_NREG]):   # moves.gen_pawn_moves
        if K[K_REG_ADJ + r * MAXR + r2] == 1:
            v = basic_value(s, K, W, p, MV_MOVE, r2, bm, short, v_best_route, supply, r, ctx)
            b_place, b_build, b_route, b_move = best_halves(MV_MOVE, v, b_place, b_build, b_route, b_move)
            best, nt = note_move(moves, nt, best, i, v, MV_MOVE, r2)
            i += 1
    if supply > 0:
        free = np.uint64(K[K_REG_SPMASK + r]) & ~occ   # moves.gen_place: route spaces
        while free != np.uint64(0):
            low = free & (~free + np.uint64(1))
            free ^= low
            sp = popcount64(low - np.uint64(1))
            v = basic_value(s, K, W, p, MV_ROUTE, sp, bm, short, v_best_route, supply, r, ctx)
            b_place, b_build, b_route, b_move = best_halves(MV_ROUTE, v, b_place, b_build, b_route, b_move)
            best, nt = note_move(moves, nt, best, i, v, MV_ROUTE, sp)
            i += 1
        for j in range(K[K_REG_NLOC + r]):   # location spaces
            l = K[K_REG_LOC + r * MAXL + j]
            c = s[O_LOCCARD + l]
            if c >= 0:
                for k in range(K[K_LC_NSLOT + c]):
                    if s[space_at(l, k)] < 0:
                        v = basic_value(s, K, W, p, MV_LOC, l * MAXSLOT + k, bm, short, v_best_route, supply, r,
                                        ctx)
                        b_place, b_build, b_route, b_move = best_halves(MV_LOC, v, b_place, b_build, b_route,
                                                                        b_move)
                        best, nt = note_move(moves, nt, best, i, v, MV_LOC, l * MAXSLOT + k)
                        i += 1
        for k in range(NLEAD):   # leader spaces
            if s[O_LEADER + k] < 0:
                v = ctx[C_LEAD + k]
                b_place, b_build, b_route, b_move = best_halves(MV_LEADER, v, b_place, b_build, b_route, b_move)
                best, nt = note_move(moves, nt, best, i, v, MV_LEADER, k)
                i += 1
        seen = 0
        for b in range(K[K_NB]):   # moves.gen_building
            o = s[O_BLD + b]
            if o != p and K[K_BLD_REGION + b] == r:
                v = basic_value(s, K, W, p, MV_BUILD, b, bm, short, v_best_route, supply, r, ctx)
                b_place, b_build, b_route, b_move = best_halves(MV_BUILD, v, b_place, b_build, b_route, b_move)
                best, nt = note_move(moves, nt, best, i, v, MV_BUILD, b)
                i += 1
            if o == p:
                a = K[K_TILE_AREA + s[O_BLDTILE + b]]
                if (seen & (1 << a)) == 0 and area_open(s, p, a):
                    seen |= 1 << a
                    v = ctx[C_AREA + a]
                    b_place, b_build, b_route, b_move = best_halves(MV_AREA, v, b_place, b_build, b_route,
                                                                    b_move)
                    best, nt = note_move(moves, nt, best, i, v, MV_AREA, a)
                    i += 1
    nm = i
    for t in range(NAREA):
        if (favors >> t) & 1:
            nm += 1
    kind = MV_PASS
    a = 0
    if nm > 1:   # (one option: bot_choice takes it without a draw)
        start = below(rng, bot_stream(s, p), nm)
        # the first of the best counted from start: the first tied at or after it, else the first
        c = 0
        while c < nt - 1 and moves[c, 2] < start:
            c += 1
        if nt > 0 and moves[c, 2] < start:
            c = 0
        if nt > 0:
            kind = moves[c, 0]
            a = moves[c, 1]
        for t in range(NAREA):   # then the favor cards, in list order
            if (favors >> t) & 1:
                v = favor_value(s, K, t, b_place, b_build, b_route, b_move, ctx)
                if v > best:
                    best = v
                    kind = MV_FAVOR
                    a = t
    moves[0, 0] = kind
    moves[0, 1] = a
    moves[0, 2] = 0
    moves[0, 3] = -1


@kernel
def choose_greedy(s, K, p, moves, nm, ctx, rng, stream):
    """The move with the most immediate gain; ties broken at random."""
    mloc = s[O_MLOC]
    # ctx[C_AREA + a]: cubes area a still lacks for the mission
    for a in range(A_REST):
        need = 0
        for j in range(s[O_NCUR]):
            need += K[K_MC_NEED + s[O_CUR_CARDS + j] * NNEED + (a if a < NRES else NNEED - 1)]
        have = 0
        for q in range(s[O_N]):
            have += s[area_at(q, a)]
        ctx[C_AREA + a] = need - have
    no_cube = s[player_at(p, P_SUPPLY)] == 0 and s[area_at(p, A_REST)] == 0
    best = -1e9
    bi = 0
    ties = 0
    for i in range(nm):
        # immediate gain: points now, or a cube that scores in this mission as things stand
        kind = moves[i, 0]
        a = moves[i, 1]
        v = 0.0
        if kind == MV_POINT:
            v = float(K[K_POINT_PT])
        elif kind == MV_LOC:
            l = a // MAXSLOT
            c = s[O_LOCCARD + l]
            v = 1.0 if l == mloc else 0.0
            if K[K_LC_ICON + c * MAXSLOT + a % MAXSLOT] == IC_POINT:
                v += K[K_POINT_PT]
        elif kind == MV_AREA and a < A_REST:
            v = 1.0 if ctx[C_AREA + a] > 0 else 0.0
        elif kind == MV_LEADER and a == L_FIRST:
            v = float(K[K_FIRST_PT])
        elif kind == MV_MOVE and no_cube:
            v = -1.0   # a walk with nothing to place: passing lets the round end
        if v > best + 1e-9:
            best = v
            bi = i
            ties = 1
        elif v > best - 1e-9:
            ties += 1
            if below(rng, stream, ties) == 0:
                bi = i
    return bi


@kernel
def choose_random(s, p, moves, nm, rng, stream):
    """Uniform over the moves; a seat holding no cube (supply or rest) does not walk, which
    would only keep the round from ending (all players must pass in succession)."""
    if s[player_at(p, P_SUPPLY)] > 0 or s[area_at(p, A_REST)] > 0:
        return below(rng, stream, nm)
    k = 0
    for i in range(nm):
        if moves[i, 0] != MV_MOVE:
            k += 1
    if k == 0:
        return below(rng, stream, nm)
    j = below(rng, stream, k)
    for i in range(nm):
        if moves[i, 0] != MV_MOVE:
            if j == 0:
                return i
            j -= 1
    return 0


@kernel(inline=True)   # asked at every decision of the game's loop: one call level less
def bot_choice(s, K, RS, RM, W, bot, p, moves, nm, tmp, ctx, rng):
    """The bot's choice among moves[:nm] (rollout decides only through rollout_choice)."""
    if nm == 1:
        return 0
    stream = bot_stream(s, p)
    if bot == BOT_RANDOM:
        return choose_random(s, p, moves, nm, rng, stream)
    if bot == BOT_GREEDY:
        return choose_greedy(s, K, p, moves, nm, ctx, rng, stream)
    return choose_heuristic(s, K, RM, W, p, moves, nm, ctx, rng, stream)


@kernel
def choose_index(s, K, RS, RM, W, bot, p, moves, nm, tmp, ctx, rng):
    """bot_choice compiled once, for the rollout's playouts and the tests."""
    return bot_choice(s, K, RS, RM, W, bot, p, moves, nm, tmp, ctx, rng)


@kernel
def holder_after(s, a, rem, n):
    """Who holds area a's tile when rem[o] cubes of each player are left there."""
    best = -1
    bestc = 0
    tie = False
    for o in range(n):
        if rem[o] > bestc:
            bestc = rem[o]
            best = o
            tie = False
        elif rem[o] == bestc and rem[o] > 0:
            tie = True
    if best >= 0 and not tie:
        return best
    return s[O_HOLDER + a]


@kernel
def choose_cube_owner(s, K, W, a, left, leader, bot, rng, tmp):
    """Whose cube the leader moves next out of area a (not empty), left cubes still to move.

    Non-random leaders value every way of taking the left cubes: each cube scores a point
    for its owner (the leader's own +1; a rival's, for the heuristic, -1/(n-1) of a point),
    and the cubes left decide who holds the area's favor tile (the heuristic values holding
    it at favor_tile times its card's worth; greedy counts points only). The first owner of
    the best way is taken; ties give points to the lowest scores. Its counts are kept in
    tmp's first rows (no favor half is being tried at a leader's choice), not in arrays
    allocated per call."""
    n = s[O_N]
    if bot == BOT_RANDOM:
        k = below(rng, bot_stream(s, leader), area_total(s, a))
        for o in range(n):
            c = s[area_at(o, a)]
            if k < c:
                return o
            k -= c
    # one way only (every cube goes, or all are one owner's): its first owner, unvalued
    first = -1
    owners = 0
    for o in range(n):
        if s[area_at(o, a)] > 0:
            owners += 1
            if first < 0:
                first = o
    if left >= 1 and (owners == 1 or left >= area_total(s, a)):
        return first
    deep = bot != BOT_GREEDY
    cnt = tmp[0]   # per owner: cubes there, cubes taken, cubes left
    x = tmp[1]
    rem = tmp[2]
    per_cube = tmp[3].view(np.float64)   # what one of o's cubes taken is worth to the leader
    r = min(left, area_total(s, a))
    share = 1.0 / (n - 1) if deep and n > 1 else 0.0
    for o in range(n):
        cnt[o] = s[area_at(o, a)]
        x[o] = 0
        pts = float(K[K_CUBE_PT]) if o == leader else -share * K[K_CUBE_PT]
        per_cube[o] = pts - 1e-6 * score_of(s, o)
    tile = W[W_TILE] * tile_worth(s, K, a) if deep else 0.0
    best = -1e18
    first = -1
    tot = 0   # sum of x
    while True:
        if tot == r:
            v = 0.0
            for o in range(n):
                v += x[o] * per_cube[o]
                rem[o] = cnt[o] - x[o]
            if holder_after(s, a, rem, n) == leader:
                v += tile
            if v > best + 1e-12:
                best = v
                first = -1
                for o in range(n):
                    if x[o] > 0 and first < 0:
                        first = o
        # the next way: an odometer over x[o] <= cnt[o]
        o = 0
        while o < n:
            if x[o] < cnt[o]:
                x[o] += 1
                tot += 1
                break
            tot -= x[o]
            x[o] = 0
            o += 1
        if o == n:
            break
    return first


@kernel
def choose_route(s, K, RS, RM, W, leader, bot, rng, owner_masks, ncomp):
    """The leader's route (its index in RM) among the ncomp complete ones (the rules counted
    them when they posted the decision: O_M_NCOMP): the only one if exactly one, one of them if
    several, else any route."""
    n = s[O_N]
    src = s[O_PIMP]
    dst = s[O_MLOC]
    occ = route_masks_of(s, n, owner_masks)
    st = RS[src * MAXL + dst]
    en = RS[src * MAXL + dst + 1]
    if bot == BOT_RANDOM:
        # uniform among the eligible routes, one draw per route
        best = -1
        seen = 0
        stream = bot_stream(s, leader)
        for r in range(st, en):
            if ncomp > 0 and (RM[r] & ~occ) != np.uint64(0):
                continue
            seen += 1
            if below(rng, stream, seen) == 0:
                best = r
        return best
    # the first best eligible route
    best = -1
    bestv = -1e18
    for r in range(st, en):
        m = RM[r]
        if ncomp > 0 and (m & ~occ) != np.uint64(0):
            continue
        mine = popcount64(m & owner_masks[leader])
        others = popcount64(m & occ) - mine
        if bot == BOT_GREEDY:
            v = float(mine)
        else:
            v = mine - W[W_DENIAL] * others
        if v > bestv:
            bestv = v
            best = r
    return best


@kernel
def top_choice_value(s, K, W, leader, bot, l):
    """How much the leader likes location l as the next mission."""
    v = 0.0
    c = s[O_LOCCARD + l]
    if c >= 0:
        for i in range(K[K_LC_NSLOT + c]):
            o = s[space_at(l, i)]
            if o == leader:
                v += 1.0
            elif o >= 0:
                v -= 0.5
    return v


@kernel
def choose_top_card(s, K, W, leader, bot, rng):
    """Which of the mission's two cards (just turned up) the leader puts on top: 0 or 1."""
    if bot == BOT_RANDOM:
        return below(rng, bot_stream(s, leader), s[O_NCUR])
    v0 = top_choice_value(s, K, W, leader, bot, K[K_MC_LOC + s[O_CUR_CARDS]])
    v1 = top_choice_value(s, K, W, leader, bot, K[K_MC_LOC + s[O_CUR_CARDS + 1]])
    return 1 if v1 > v0 else 0


@kernel
def option_of(buf, k, v):
    """The index of the option whose first column is v (a cube's owner, a route)."""
    for i in range(k):
        if buf[i, 0] == v:
            return i
    return 0


@kernel(inline=True)
def leader_choice(s, K, RS, RM, W, bot, rng, om, tmp):
    """bot's choice at a leader's decision (DEC_CUBE, DEC_ROUTE, DEC_TOP) as its option's first
    column: the owner whose cube moves, the route (in RM), the card put on top (0/1). The game's
    loop applies it as the option row itself, without listing the options (a route decision
    lists up to 1,544 routes)."""
    kind = decision(s)
    p = chooser(s)
    if kind == DEC_CUBE:
        a = s[O_M_AREA]
        return choose_cube_owner(s, K, W, a, mission_need(s, K, a) - s[O_M_MOVED], p, bot, rng, tmp)
    if kind == DEC_ROUTE:
        return choose_route(s, K, RS, RM, W, p, bot, rng, om, s[O_M_NCOMP])
    return 1 if choose_top_card(s, K, W, p, bot, rng) == 1 else 0


@kernel(inline=True)   # asked at every decision of the game's loop: one call level less
def choose_option(s, K, RS, RM, W, bot, buf, k, tmp, ctx, om, rng):
    """bot's choice at the pending decision (O_DEC, for seat O_DEC_SEAT): the index of one of
    the options buf[:k] (rules.list_options). The rollout bot, but for its main move
    (rollout.rollout_choice), decides as the heuristic."""
    if decision(s) >= DEC_CUBE:
        return option_of(buf, k, leader_choice(s, K, RS, RM, W, bot, rng, om, tmp))
    return bot_choice(s, K, RS, RM, W, bot, chooser(s), buf, k, tmp, ctx, rng)
