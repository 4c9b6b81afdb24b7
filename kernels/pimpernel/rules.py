"""A turn and the end of a round, in the rulebook's order: applying a move, the icon's
follow-up, favor cards, the rest cube; then the five mission spaces, Chauvelin and the next
mission. The bots are asked at each decision."""

import numpy as np

from kernels.common import write_event
from kernels.pimpernel.jit import kernel
from kernels.pimpernel.layout import (ACT_BUILDING, ACT_DISGUISE, ACT_MOVE, ACT_PLACE, ACT_POINT,
    ACT_REMOVE, ACT_ROUTE, A_REST, A_SUPPORTER, END_FINISHED, EV_BUMP, EV_CHAUV, EV_HOJ, EV_MOVE,
    EV_NEXT, EV_PART, EV_PASS, EV_PIMP, EV_ROUTE, EV_TILE, ICON_TO_ACT, IC_NONE, K_CHAUVELIN,
    K_CUBE_PT, K_EMPTY_LEAD_PT, K_FC_ACT, K_FIRST_PT, K_HOJ_PT, K_LC_ICON, K_LC_NSLOT, K_LEADER_PT, K_MC_LOC,
    K_NMISSIONS, K_NS, K_POINT_PT, K_REG_SPMASK, K_RESCUE, K_RESCUE_CARD, K_TILE_AREA, K_TP,
    L_FIRST, L_LOCATION, L_RESOURCES, L_ROUTE, L_SUPPORTERS, MAXL, MAXM, MAXSLOT, MV_AREA,
    MV_BUILD, MV_DECLINE, MV_FAVOR, MV_LEADER, MV_LOC, MV_MOVE, MV_PASS, MV_POINT, MV_REMOVE,
    MV_ROUTE, NAREA, NLEAD, NNEED, NRES, O_AREA, O_BLD, O_BLDTILE, O_CAPTURES, O_CHAUV, O_CUR,
    O_CUR_CARDS, O_DECISIONS, O_DONE, O_END, O_FIRST, O_HOLDER, O_LAST, O_LEADER, O_LOC, O_LOCCARD,
    O_MISSION, O_MISSIONS_DONE, O_MLOC, O_N, O_NCUR, O_NEXT_CARDS, O_NNEXT, O_PARTS_FAILED,
    O_PASSES, O_PIMP, O_PL, O_PRISON, O_ROUTE, O_ST_BLD, O_ST_LEAD, O_ST_LOC, O_ST_ROUTE,
    O_TILECARD, O_TRAIL_LEN, O_TRAIL, O_TURNS, O_T_ACTED, O_T_AREA, O_T_REST_IN, O_T_REST_OUT, PLK,
    P_CUBE_PTS, P_FINAL_START, P_HOJ, P_ICON_PTS, P_LEADER_PTS, P_REGION, P_SCORE, P_SUPPLY,
    RM_AREA, RM_BUILD, RM_LEADER, RM_LOC, RM_ROUTE)
from kernels.pimpernel.state import (area_total, mission_need, occupied_mask, place_marker, refill_next,
    score_of, stamp, start_round)
from kernels.pimpernel.moves import action_possible, area_open, gen_action, gen_basic, gen_rest, short_routes
from kernels.pimpernel.bots import choose_cube_owner, choose_index, choose_route, choose_top_card


@kernel(inline=True)
def log_event(log, nlog, log_on, ev, seat, a, b, c, d):
    if log_on:
        nlog[0] = write_event(log, nlog[0], ev, seat, a, b, c, d)


@kernel(inline=True)
def add_score(s, p, pts):
    s[O_PL + p * PLK + P_SCORE] += pts


@kernel
def update_majority(s, a, log, nlog, log_on):
    """A player with strictly more cubes than each other player in area a takes its tile."""
    n = s[O_N]
    best = -1
    bestc = 0
    tie = False
    for p in range(n):
        c = s[O_AREA + p * NAREA + a]
        if c > bestc:
            bestc = c
            best = p
            tie = False
        elif c == bestc and c > 0:
            tie = True
    if best >= 0 and not tie and s[O_HOLDER + a] != best:
        s[O_HOLDER + a] = best
        log_event(log, nlog, log_on, EV_TILE, best, a, 0, 0, 0)


@kernel
def take_cube(s, p, from_rest, log, nlog, log_on):
    if from_rest:
        s[O_AREA + p * NAREA + A_REST] -= 1
        s[O_T_REST_OUT] = 1
        update_majority(s, A_REST, log, nlog, log_on)
    else:
        s[O_PL + p * PLK + P_SUPPLY] -= 1
    s[O_LAST] = p


@kernel
def apply_move(s, K, p, kind, a, b, from_rest, log, nlog, log_on):
    """Play one move for p; returns the action an icon now offers (or -1)."""
    log_event(log, nlog, log_on, EV_MOVE, p, kind, a, b, 1 if from_rest else 0)
    st = stamp(s)
    if kind == MV_MOVE:
        s[O_PL + p * PLK + P_REGION] = a
    elif kind == MV_ROUTE:
        take_cube(s, p, from_rest, log, nlog, log_on)
        s[O_ROUTE + a] = p
        s[O_ST_ROUTE + a] = st
    elif kind == MV_LOC:
        take_cube(s, p, from_rest, log, nlog, log_on)
        s[O_LOC + a] = p
        s[O_ST_LOC + a] = st
        c = s[O_LOCCARD + a // MAXSLOT]
        icon = K[K_LC_ICON + c * MAXSLOT + a % MAXSLOT]
        if icon != IC_NONE:
            return icon + ICON_TO_ACT
    elif kind == MV_LEADER:
        take_cube(s, p, from_rest, log, nlog, log_on)
        s[O_LEADER + a] = p
        s[O_ST_LEAD + a] = st
    elif kind == MV_BUILD:
        take_cube(s, p, from_rest, log, nlog, log_on)
        q = s[O_BLD + a]
        if q >= 0:
            ar = K[K_TILE_AREA + s[O_BLDTILE + a]]
            s[O_AREA + q * NAREA + ar] += 1
            log_event(log, nlog, log_on, EV_BUMP, q, ar, a, 0, 0)
            update_majority(s, ar, log, nlog, log_on)
        s[O_BLD + a] = p
        s[O_ST_BLD + a] = st
    elif kind == MV_AREA:
        take_cube(s, p, from_rest, log, nlog, log_on)
        s[O_AREA + p * NAREA + a] += 1
        s[O_T_AREA + a] += 1
        if a == A_REST:
            s[O_T_REST_IN] = 1
        update_majority(s, a, log, nlog, log_on)
    elif kind == MV_POINT:
        add_score(s, p, K[K_POINT_PT])
        s[O_PL + p * PLK + P_ICON_PTS] += K[K_POINT_PT]
    elif kind == MV_REMOVE:
        s[O_PL + p * PLK + P_SUPPLY] += 1
        if a == RM_ROUTE:
            s[O_ROUTE + b] = -1
        elif a == RM_LOC:
            s[O_LOC + b] = -1
        elif a == RM_BUILD:
            s[O_BLD + b] = -1
        elif a == RM_AREA:
            s[O_AREA + p * NAREA + b] -= 1
            update_majority(s, b, log, nlog, log_on)
        else:
            s[O_LEADER + b] = -1
    return -1


@kernel(inline=True)
def keep_cell(s, tmp, j, i):
    """Journal entry j: cell i of s and its value (tmp columns 4, 5; a move list uses 0..3)."""
    tmp[j, 4] = i
    tmp[j, 5] = s[i]
    return j + 1


@kernel
def journal_move(s, K, p, kind, a, b, tmp):
    """Keep every cell of s that apply_move may change when p plays (kind, a, b) from supply
    with the log off: p's row, the last placer, the favor tiles' holders, and the space,
    area and stamp the move names. Returns the entries kept (undo_move puts them back)."""
    j = 0
    for f in range(PLK):
        j = keep_cell(s, tmp, j, O_PL + p * PLK + f)
    j = keep_cell(s, tmp, j, O_LAST)
    for t in range(NAREA):
        j = keep_cell(s, tmp, j, O_HOLDER + t)
    if kind == MV_ROUTE:
        j = keep_cell(s, tmp, j, O_ROUTE + a)
        j = keep_cell(s, tmp, j, O_ST_ROUTE + a)
    elif kind == MV_LOC:
        j = keep_cell(s, tmp, j, O_LOC + a)
        j = keep_cell(s, tmp, j, O_ST_LOC + a)
    elif kind == MV_LEADER:
        j = keep_cell(s, tmp, j, O_LEADER + a)
        j = keep_cell(s, tmp, j, O_ST_LEAD + a)
    elif kind == MV_BUILD:
        j = keep_cell(s, tmp, j, O_BLD + a)
        j = keep_cell(s, tmp, j, O_ST_BLD + a)
        q = s[O_BLD + a]
        if q >= 0:   # the bumped cube goes to its owner's area
            j = keep_cell(s, tmp, j, O_AREA + q * NAREA + K[K_TILE_AREA + s[O_BLDTILE + a]])
    elif kind == MV_AREA:
        j = keep_cell(s, tmp, j, O_AREA + p * NAREA + a)
        j = keep_cell(s, tmp, j, O_T_AREA + a)
        j = keep_cell(s, tmp, j, O_T_REST_IN)
    elif kind == MV_REMOVE:
        if a == RM_ROUTE:
            j = keep_cell(s, tmp, j, O_ROUTE + b)
        elif a == RM_LOC:
            j = keep_cell(s, tmp, j, O_LOC + b)
        elif a == RM_BUILD:
            j = keep_cell(s, tmp, j, O_BLD + b)
        elif a == RM_AREA:
            j = keep_cell(s, tmp, j, O_AREA + p * NAREA + b)
        else:
            j = keep_cell(s, tmp, j, O_LEADER + b)
    return j


@kernel
def undo_move(s, tmp, j):
    """Put back the j cells journal_move kept, last first."""
    for i in range(j - 1, -1, -1):
        s[tmp[i, 4]] = tmp[i, 5]


@kernel
def other_half_tried(s, K, p, kind, a, b, other, tmp, log, nlog):
    """Has action other an option once p has played (kind, a, b) from supply (an icon's
    follow-up declined)? Played on s itself and undone (only the cells the move may change
    are kept: a copy of the whole row per option cost more than the rest of a turn)."""
    j = journal_move(s, K, p, kind, a, b, tmp)
    apply_move(s, K, p, kind, a, b, False, log, nlog, False)
    ok = action_possible(s, K, p, other, tmp)
    undo_move(s, tmp, j)
    return ok


@kernel
def other_half_known(s, K, p, kind, a, b, other):
    """other_half_tried's answer where it is plain without playing the move: 1 yes, 0 no, -1
    not plain (try it). A walk or a point is always possible; every other action but removing
    and using a building needs a cube in supply; a placement with a leader space still free,
    a route space left in the pawn's region, a planning area not closed (only the rest area,
    once the rest cube is used, which a move from supply never changes)."""
    if other == ACT_MOVE or other == ACT_POINT:
        return 1
    if other == ACT_REMOVE or other == ACT_BUILDING:
        return -1
    supply = s[O_PL + p * PLK + P_SUPPLY]
    if kind == MV_REMOVE:
        supply += 1
    elif kind != MV_MOVE and kind != MV_POINT:
        supply -= 1   # a placement takes the cube from supply
    if supply <= 0:
        return 0
    if other == ACT_PLACE:
        free = 0
        for k in range(NLEAD):
            if s[O_LEADER + k] < 0:
                free += 1
        if kind == MV_LEADER:
            free -= 1
        elif kind == MV_REMOVE and a == RM_LEADER:
            free += 1
        return 1 if free > 0 else -1
    if other == ACT_ROUTE:
        r = a if kind == MV_MOVE else s[O_PL + p * PLK + P_REGION]
        occ = occupied_mask(s, K)
        if kind == MV_ROUTE:
            occ |= np.uint64(1) << np.uint64(a)
        elif kind == MV_REMOVE and a == RM_ROUTE:
            occ &= ~(np.uint64(1) << np.uint64(b))
        return 1 if (np.uint64(K[K_REG_SPMASK + r]) & ~occ) != np.uint64(0) else 0
    return 1 if area_open(s, p, other - ACT_DISGUISE) else 0


@kernel
def other_half_after_any(s, K, p, first, other):
    """other_half_known's answer where it is the same after every option of action first: 1
    or 0, else -1. A walk or a point is possible after anything; a planning area after any
    placement (every option of placing, a building, a route space or an area takes one cube
    from supply) if a cube is left and the area is open."""
    if other == ACT_MOVE or other == ACT_POINT:
        return 1
    places = first == ACT_PLACE or first == ACT_BUILDING or first == ACT_ROUTE or \
        (first >= ACT_DISGUISE and first < ACT_REMOVE)
    if places and other >= ACT_DISGUISE and other < ACT_REMOVE:
        return 1 if s[O_PL + p * PLK + P_SUPPLY] > 1 and area_open(s, p, other - ACT_DISGUISE) else 0
    return -1


@kernel
def other_half_possible(s, K, p, kind, a, b, other, tmp, log, nlog):
    """Has a favor card's other action an option once p has played this move? Worked out
    where plain, else tried."""
    known = other_half_known(s, K, p, kind, a, b, other)
    if known >= 0:
        return known == 1
    return other_half_tried(s, K, p, kind, a, b, other, tmp, log, nlog)


@kernel
def keep_if_other_possible(s, K, p, moves, lo, nm, act0, act1, tmp, log, nlog):
    """Drop from moves[lo:nm] each half (slot 0: act0, 1: act1, in moves[i, 3]) after which
    the card's other action would have no option; returns the new count."""
    j = lo
    for i in range(lo, nm):
        other = act1 if moves[i, 3] == 0 else act0
        if other_half_possible(s, K, p, moves[i, 0], moves[i, 1], moves[i, 2], other, tmp, log, nlog):
            for c in range(4):
                moves[j, c] = moves[i, c]
            j += 1
    return j


@kernel
def favor_usable(s, K, p, t, moves, nm, tmp, log, nlog):
    """Can p take both actions of the card on tile t, in one order or the other, each
    checked against the position it is played in? (moves[nm:] is scratch.)"""
    c = s[O_TILECARD + t]
    act0 = K[K_FC_ACT + c * 2]
    act1 = K[K_FC_ACT + c * 2 + 1]
    for order in range(2):
        first = act0 if order == 0 else act1
        other = act1 if order == 0 else act0
        known = other_half_after_any(s, K, p, first, other)
        if known >= 0:
            # the same answer after every option of the first half: usable if it is yes and
            # the first half has an option (asked without listing them; nm < MAXM leaves room)
            if known == 1 and nm < MAXM and action_possible(s, K, p, first, tmp):
                return True
            if act0 == act1:
                break
            continue
        end = gen_action(s, K, p, first, moves, nm, 0, False)
        for i in range(nm, end):
            if other_half_possible(s, K, p, moves[i, 0], moves[i, 1], moves[i, 2], other, tmp, log, nlog):
                return True
        if act0 == act1:
            break
    return False


@kernel
def gen_main(s, K, p, moves, tmp, log, nlog):
    """The turn's choice: pass, a basic action, or one held special favor tile whose two
    actions can both be taken."""
    nm = gen_basic(s, K, p, moves)
    for t in range(NAREA):
        if s[O_HOLDER + t] == p and nm < MAXM and favor_usable(s, K, p, t, moves, nm, tmp, log, nlog):
            moves[nm, 0] = MV_FAVOR
            moves[nm, 1] = t
            moves[nm, 2] = 0
            moves[nm, 3] = -1
            nm += 1
    return nm


@kernel(inline=True)
def do_icon(s, K, RS, RM, W, bot, p, act, pending, moves, tmp, ctx, rng, log, nlog, log_on):
    """An icon's optional follow-up action (in a favor card's first half, only the options
    after which the card's other action, pending, can still be taken)."""
    moves[0, 0] = MV_DECLINE
    moves[0, 1] = 0
    moves[0, 2] = 0
    moves[0, 3] = -1
    nm = 1
    nm = gen_action(s, K, p, act, moves, nm, -1, False)
    if pending >= 0:
        nm = keep_if_other_possible(s, K, p, moves, 1, nm, pending, pending, tmp, log, nlog)
    i = choose_index(s, K, RS, RM, W, bot, p, moves, nm, tmp, ctx, rng)
    s[O_DECISIONS] += 1
    if moves[i, 0] != MV_DECLINE:
        apply_move(s, K, p, moves[i, 0], moves[i, 1], moves[i, 2], False, log, nlog, log_on)


@kernel(inline=True)
def play_action(s, K, RS, RM, W, bot, p, kind, a, b, from_rest, pending, moves, tmp, ctx, rng, log, nlog,
                log_on):
    act = apply_move(s, K, p, kind, a, b, from_rest, log, nlog, log_on)
    if act >= 0:
        do_icon(s, K, RS, RM, W, bot, p, act, pending, moves, tmp, ctx, rng, log, nlog, log_on)


@kernel
def play_favor(s, K, RS, RM, W, bot, p, t, moves, tmp, ctx, rng, log, nlog, log_on):
    """Both actions of the favor card on tile t, in the order the bot likes: the first from
    the options after which the other can still be taken, the other from the position the
    first leaves."""
    c = s[O_TILECARD + t]
    act0 = K[K_FC_ACT + c * 2]
    act1 = K[K_FC_ACT + c * 2 + 1]
    nm = gen_action(s, K, p, act0, moves, 0, 0, False)
    nm = gen_action(s, K, p, act1, moves, nm, 1, False)
    nm = keep_if_other_possible(s, K, p, moves, 0, nm, act0, act1, tmp, log, nlog)
    if nm == 0:
        return
    i = choose_index(s, K, RS, RM, W, bot, p, moves, nm, tmp, ctx, rng)
    s[O_DECISIONS] += 1
    other = act1 if moves[i, 3] == 0 else act0
    play_action(s, K, RS, RM, W, bot, p, moves[i, 0], moves[i, 1], moves[i, 2], False, other,
                moves, tmp, ctx, rng, log, nlog, log_on)
    nm = gen_action(s, K, p, other, moves, 0, 1, False)
    if nm == 0:
        return
    i = choose_index(s, K, RS, RM, W, bot, p, moves, nm, tmp, ctx, rng)
    s[O_DECISIONS] += 1
    play_action(s, K, RS, RM, W, bot, p, moves[i, 0], moves[i, 1], moves[i, 2], False, -1,
                moves, tmp, ctx, rng, log, nlog, log_on)


@kernel(inline=True)
def begin_turn(s):
    s[O_T_REST_IN] = 0
    s[O_T_REST_OUT] = 0
    s[O_T_ACTED] = 0
    for a in range(NAREA):
        s[O_T_AREA + a] = 0


@kernel(inline=True)
def finish_turn(s, K, RS, RM, W, bot, p, moves, tmp, ctx, rng, log, nlog, log_on):
    """The optional rest cube, then pass the turn on."""
    if s[O_T_ACTED] == 1:
        nm = gen_rest(s, K, p, moves)
        if nm > 1:
            i = choose_index(s, K, RS, RM, W, bot, p, moves, nm, tmp, ctx, rng)
            s[O_DECISIONS] += 1
            if moves[i, 0] != MV_DECLINE:
                play_action(s, K, RS, RM, W, bot, p, moves[i, 0], moves[i, 1], moves[i, 2], True, -1,
                            moves, tmp, ctx, rng, log, nlog, log_on)
    s[O_TURNS] += 1
    s[O_CUR] = (p + 1) % s[O_N]


@kernel
def play_main(s, K, RS, RM, W, bot, p, kind, a, b, moves, tmp, ctx, rng, log, nlog, log_on):
    """Carry out the turn's chosen main move and the rest of the turn."""
    if kind == MV_PASS:
        s[O_PASSES] += 1
        log_event(log, nlog, log_on, EV_PASS, p, 0, 0, 0, 0)
    else:
        s[O_PASSES] = 0
        s[O_T_ACTED] = 1
        if kind == MV_FAVOR:
            log_event(log, nlog, log_on, EV_MOVE, p, kind, a, b, 0)
            play_favor(s, K, RS, RM, W, bot, p, a, moves, tmp, ctx, rng, log, nlog, log_on)
        else:
            play_action(s, K, RS, RM, W, bot, p, kind, a, b, False, -1, moves, tmp, ctx, rng, log, nlog, log_on)
    finish_turn(s, K, RS, RM, W, bot, p, moves, tmp, ctx, rng, log, nlog, log_on)


@kernel(inline=True)
def round_over(s):
    full = True
    for k in range(NLEAD):
        if s[O_LEADER + k] < 0:
            full = False
    return full or s[O_PASSES] >= s[O_N]


@kernel
def score_cube(s, K, a, q):
    """One of q's cubes leaves area a for the mission completion area: q scores, cube home."""
    s[O_AREA + q * NAREA + a] -= 1
    s[O_PL + q * PLK + P_SUPPLY] += 1
    add_score(s, q, K[K_CUBE_PT])
    s[O_PL + q * PLK + P_CUBE_PTS] += K[K_CUBE_PT]


@kernel
def pick_cubes(s, K, W, a, need, leader, bot, rng, log, nlog, log_on):
    """Leader moves up to need cubes out of area a; owners score per cube. Returns cubes moved."""
    moved = 0
    while moved < need and area_total(s, a) > 0:
        score_cube(s, K, a, choose_cube_owner(s, K, W, a, need - moved, leader, bot, rng))
        moved += 1
    return moved


@kernel
def settle_leader(s, K, k, leader, success, log, nlog, log_on, scored):
    """Leader point on success; the leader's cube back (or to the House of Justice)."""
    log_event(log, nlog, log_on, EV_PART, leader, k, 1 if success else 0, scored, 0)
    if not success:
        s[O_PARTS_FAILED] += 1
    if s[O_LEADER + k] < 0:
        # led with no cube there (everyone passed): the point only by the reading's choice
        if success and K[K_EMPTY_LEAD_PT] == 1:
            pts = K[K_FIRST_PT] if k == L_FIRST else K[K_LEADER_PT]
            add_score(s, leader, pts)
            s[O_PL + leader * PLK + P_LEADER_PTS] += pts
        return
    s[O_LEADER + k] = -1
    if success:
        pts = K[K_FIRST_PT] if k == L_FIRST else K[K_LEADER_PT]
        add_score(s, leader, pts)
        s[O_PL + leader * PLK + P_LEADER_PTS] += pts
        s[O_PL + leader * PLK + P_SUPPLY] += 1
    elif K[K_CHAUVELIN] == 1:
        s[O_PL + leader * PLK + P_HOJ] += 1
        log_event(log, nlog, log_on, EV_HOJ, leader, k, 0, 0, 0)
    else:
        s[O_PL + leader * PLK + P_SUPPLY] += 1


@kernel
def leader_of(s, k):
    o = s[O_LEADER + k]
    if o >= 0:
        return o
    if s[O_LAST] >= 0:
        return s[O_LAST]
    return s[O_FIRST]


@kernel
def resolve_resources(s, K, W, bots, rng, log, nlog, log_on):
    leader = leader_of(s, L_RESOURCES)
    ok = True
    scored = 0
    for a in range(NRES):
        need = mission_need(s, K, a)
        got = pick_cubes(s, K, W, a, need, leader, bots[leader], rng, log, nlog, log_on)
        scored += got
        if got < need:
            ok = False
    for a in range(NRES):
        update_majority(s, a, log, nlog, log_on)
    settle_leader(s, K, L_RESOURCES, leader, ok, log, nlog, log_on, scored)


@kernel
def resolve_supporters(s, K, W, bots, rng, log, nlog, log_on):
    leader = leader_of(s, L_SUPPORTERS)
    need = mission_need(s, K, NNEED - 1)
    got = pick_cubes(s, K, W, A_SUPPORTER, need, leader, bots[leader], rng, log, nlog, log_on)
    update_majority(s, A_SUPPORTER, log, nlog, log_on)
    settle_leader(s, K, L_SUPPORTERS, leader, got >= need, log, nlog, log_on, got)


@kernel
def resolve_first(s, K, log, nlog, log_on):
    leader = leader_of(s, L_FIRST)
    s[O_FIRST] = leader
    settle_leader(s, K, L_FIRST, leader, True, log, nlog, log_on, 0)


@kernel
def resolve_route(s, K, RS, RM, W, bots, rng, owner_masks, log, nlog, log_on):
    leader = leader_of(s, L_ROUTE)
    r, ncomp = choose_route(s, K, RS, RM, W, leader, bots[leader], rng, owner_masks)
    scored = 0
    if r >= 0:
        m = RM[r]
        for sp in range(K[K_NS]):
            if (m >> np.uint64(sp)) & np.uint64(1):
                o = s[O_ROUTE + sp]
                if o >= 0:
                    s[O_ROUTE + sp] = -1
                    s[O_PL + o * PLK + P_SUPPLY] += 1
                    add_score(s, o, K[K_CUBE_PT])
                    s[O_PL + o * PLK + P_CUBE_PTS] += K[K_CUBE_PT]
                    scored += 1
        log_event(log, nlog, log_on, EV_ROUTE, leader, r - RS[s[O_PIMP] * MAXL + s[O_MLOC]], ncomp, scored, 0)
    settle_leader(s, K, L_ROUTE, leader, ncomp > 0, log, nlog, log_on, scored)


@kernel
def move_pimpernel(s, log, nlog, log_on):
    s[O_PIMP] = s[O_MLOC]
    s[O_PRISON] = 0
    log_event(log, nlog, log_on, EV_PIMP, -1, s[O_MLOC], 0, 0, 0)


@kernel
def resolve_location(s, K, log, nlog, log_on):
    leader = leader_of(s, L_LOCATION)
    l = s[O_MLOC]
    c = s[O_LOCCARD + l]
    full = True
    scored = 0
    if c >= 0:
        for i in range(K[K_LC_NSLOT + c]):
            o = s[O_LOC + l * MAXSLOT + i]
            if o < 0:
                full = False
            else:
                s[O_LOC + l * MAXSLOT + i] = -1
                s[O_PL + o * PLK + P_SUPPLY] += 1
                add_score(s, o, K[K_CUBE_PT])
                s[O_PL + o * PLK + P_CUBE_PTS] += K[K_CUBE_PT]
                scored += 1
    settle_leader(s, K, L_LOCATION, leader, full, log, nlog, log_on, scored)
    return leader


@kernel
def move_chauvelin(s, K, log, nlog, log_on):
    """Chauvelin walks the marker trail one step per House of Justice cube; then those score."""
    n = s[O_N]
    steps = 0
    for p in range(n):
        steps += s[O_PL + p * PLK + P_HOJ]
    captured = 0
    if steps > 0:
        pos = s[O_CHAUV] + steps
        pimp_at = s[O_TRAIL_LEN] - 1
        # caught where he lands on the Pimpernel's location (the trail may pass it earlier), or
        # when he reaches or passes the Pimpernel's marker
        if pos >= pimp_at or s[O_TRAIL + pos] == s[O_PIMP]:
            s[O_PIMP] = K[K_TP]
            s[O_PRISON] = 1
            s[O_CHAUV] = -1
            s[O_CAPTURES] += 1
            captured = 1
        else:
            s[O_CHAUV] = pos
        log_event(log, nlog, log_on, EV_CHAUV, -1, steps, s[O_CHAUV], captured, 0)
    for p in range(n):
        h = s[O_PL + p * PLK + P_HOJ]
        if h > 0:
            add_score(s, p, h * K[K_HOJ_PT])
            s[O_PL + p * PLK + P_LEADER_PTS] += h * K[K_HOJ_PT]
            s[O_PL + p * PLK + P_SUPPLY] += h
            s[O_PL + p * PLK + P_HOJ] = 0


@kernel
def prepare_next(s, K, W, leader, bots, rng, log, nlog, log_on):
    """Next mission: the leader picks the top card (not for Vienna; Richmond if in prison)."""
    m = s[O_MISSION] + 1
    s[O_MISSION] = m
    nn = s[O_NNEXT]
    for i in range(nn):
        s[O_CUR_CARDS + i] = s[O_NEXT_CARDS + i]
    s[O_NCUR] = nn
    last = K[K_NMISSIONS]
    if m == last:
        loc = K[K_MC_LOC + s[O_CUR_CARDS]]  # Vienna on top
    elif s[O_PRISON] == 1:
        for i in range(nn, 0, -1):
            s[O_CUR_CARDS + i] = s[O_CUR_CARDS + i - 1]
        s[O_CUR_CARDS] = K[K_RESCUE_CARD]
        s[O_NCUR] = nn + 1
        loc = K[K_RESCUE]
    else:
        top = 0
        if nn > 1:
            top = choose_top_card(s, K, W, leader, bots[leader], rng)
            s[O_DECISIONS] += 1
        if top == 1:
            t = s[O_CUR_CARDS]
            s[O_CUR_CARDS] = s[O_CUR_CARDS + 1]
            s[O_CUR_CARDS + 1] = t
        loc = K[K_MC_LOC + s[O_CUR_CARDS]]
    s[O_MLOC] = loc
    place_marker(s, loc)
    log_event(log, nlog, log_on, EV_NEXT, leader, m, loc, 0, 0)
    refill_next(s, K, m)


@kernel
def resolve_mission(s, K, RS, RM, W, bots, rng, owner_masks, log, nlog, log_on):
    """All five mission spaces in order, Chauvelin, then the next mission or the game's end."""
    resolve_resources(s, K, W, bots, rng, log, nlog, log_on)
    resolve_supporters(s, K, W, bots, rng, log, nlog, log_on)
    resolve_first(s, K, log, nlog, log_on)
    resolve_route(s, K, RS, RM, W, bots, rng, owner_masks, log, nlog, log_on)
    move_pimpernel(s, log, nlog, log_on)
    leader = resolve_location(s, K, log, nlog, log_on)
    if K[K_CHAUVELIN] == 1:
        move_chauvelin(s, K, log, nlog, log_on)
    s[O_MISSIONS_DONE] += 1
    if s[O_MISSION] >= K[K_NMISSIONS]:
        s[O_DONE] = 1
        s[O_END] = END_FINISHED
        return
    prepare_next(s, K, W, leader, bots, rng, log, nlog, log_on)
    if s[O_MISSION] == K[K_NMISSIONS]:
        for p in range(s[O_N]):
            s[O_PL + p * PLK + P_FINAL_START] = score_of(s, p)
    start_round(s)
    short_routes(s, K, RS, RM)
