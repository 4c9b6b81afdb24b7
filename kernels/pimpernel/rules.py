"""A turn and the end of a round, in the rulebook's order, as a forward model (issue 29):
a move (applied on the board in actions.py), the icon's follow-up, favor cards, the rest cube;
then the five mission parts (each resolved in missions.py), Chauvelin and the next mission.
``advance`` plays the rules up to the next decision (kept in the state row: O_DEC, O_DEC_SEAT
and its context), ``list_options`` lists it, ``apply_option`` applies one; the rules never ask
a bot."""

import numpy as np

from kernels.pimpernel.jit import kernel
from kernels.pimpernel.layout import (ACT_BUILDING, ACT_DISGUISE, ACT_MOVE, ACT_PLACE, ACT_POINT, ACT_REMOVE,
    ACT_REST, ACT_ROUTE, A_REST, A_SUPPORTER, DEC_CUBE, DEC_FAVOR1, DEC_FAVOR2, DEC_ICON, DEC_MAIN, DEC_NONE,
    DEC_REST, DEC_ROUTE, DEC_TOP, END_FINISHED, END_TURN_CAP, EV_END, EV_MOVE, EV_NEXT, EV_PASS, EV_ROUTE,
    IC_NONE, K_CHAUVELIN, K_RESCUE_AGAIN, K_REST_ICON, K_FC_ACT, K_LC_ICON, K_MC_LOC, K_NMISSIONS, K_NS,
    K_REG_SPMASK, K_RESCUE, K_RESCUE_CARD, L_RESOURCES, L_ROUTE, L_SUPPORTERS, MAXL, MAXM, MAXSLOT,
    MV_DECLINE, MV_FAVOR, MV_LEADER, MV_LOC, MV_MOVE, MV_PASS, MV_POINT, MV_REMOVE, MV_ROUTE, NAREA, NLEAD,
    NRES, O_ACT, O_ACT_PENDING, O_CAP, O_CUR, O_CUR_CARDS, O_DECISIONS, O_DONE, O_END, O_FAV_OTHER,
    O_FAV_TILE, O_HOLDER, O_LEADER, O_LOCCARD, O_MISSION, O_MISSIONS_DONE, O_MLOC, O_M_AREA, O_M_LEADER,
    O_M_LOC, O_M_MOVED, O_M_NCOMP, O_M_OK, O_M_SCORED, O_N, O_NCUR, O_NEXT_CARDS, O_NNEXT, O_PASSES, O_PIMP,
    O_PRISON, O_RESCUES, O_ROUTE, O_STEP, O_STOP, O_TILECARD, O_TURNS, O_T_ACTED, O_T_AREA, O_T_REST_IN,
    O_T_REST_OUT, O_T_REST_RM, P_FINAL_START, P_REGION, P_SUPPLY, RM_AREA, RM_LEADER, RM_ROUTE, S_END,
    S_FAVOR2, S_FIRST, S_LOCATION, S_NEXT, S_PREPARE, S_RESOURCES, S_REST, S_ROUND, S_ROUTE, S_SUPPORTERS,
    S_TURN)
from kernels.pimpernel.state import (area_at, area_total, chooser, decision, mission_need, occupied_mask,
    log_event, pending, place_marker, player_at, refill_next, score_of, start_round)
from kernels.pimpernel.actions import apply_move, journal_move, undo_move, update_majority
from kernels.pimpernel.moves import (action_possible, area_open, count_complete, gen_action, gen_basic,
    gen_rest, route_masks_of, short_routes)
from kernels.pimpernel.missions import (cube_scores, leader_of, move_chauvelin, move_pimpernel, resolve_first,
    resolve_location, score_cube, settle_leader)


@kernel
def other_half_after_icon(s, K, p, act, other, tmp, lo, log, nlog):
    """Does one of the options of icon action act (its cube from supply) leave action other an
    option? Each is played on s and undone, its journal from entry lo; the options are listed
    afresh before each (action_possible overwrites tmp's move columns)."""
    n = gen_action(s, K, p, act, tmp, 0, 0, False)
    for i in range(n):
        if i > 0:
            gen_action(s, K, p, act, tmp, 0, 0, False)
        kind, a, b = tmp[i, 0], tmp[i, 1], tmp[i, 2]
        j = journal_move(s, K, p, kind, a, b, tmp, lo)
        apply_move(s, K, p, kind, a, b, False, log, nlog, False)
        ok = action_possible(s, K, p, other, tmp)
        undo_move(s, tmp, lo, j)
        if ok:
            return True
    return False


@kernel
def other_half_tried(s, K, p, kind, a, b, other, tmp, log, nlog):
    """Has action other an option once p has played (kind, a, b) from supply, the icon it
    lands on declined or taken? Played on s itself and undone (only the cells the move may
    change are kept: a copy of the whole row per option cost more than the rest of a turn).
    The icon counts: a "remove a cube" space can give back the cube the other half places."""
    j = journal_move(s, K, p, kind, a, b, tmp, 0)
    act = apply_move(s, K, p, kind, a, b, False, log, nlog, False)
    ok = action_possible(s, K, p, other, tmp)
    if not ok and act >= 0:
        ok = other_half_after_icon(s, K, p, act, other, tmp, j, log, nlog)
    undo_move(s, tmp, 0, j)
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
    if kind == MV_LOC and K[K_LC_ICON + s[O_LOCCARD + a // MAXSLOT] * MAXSLOT + a % MAXSLOT] != IC_NONE:
        return -1   # the icon's action may change the answer (tried, icon and all)
    supply = s[player_at(p, P_SUPPLY)]
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
        r = a if kind == MV_MOVE else s[player_at(p, P_REGION)]
        occ = occupied_mask(s, K)
        if kind == MV_ROUTE:
            occ |= np.uint64(1) << np.uint64(a)
        elif kind == MV_REMOVE and a == RM_ROUTE:
            occ &= ~(np.uint64(1) << np.uint64(b))
        return 1 if (np.uint64(K[K_REG_SPMASK + r]) & ~occ) != np.uint64(0) else 0
    if kind == MV_REMOVE and a == RM_AREA and b == A_REST and other == ACT_REST:
        return 0   # a cube taken from rest closes it for this turn
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
        if s[player_at(p, P_SUPPLY)] > 1 and area_open(s, p, other - ACT_DISGUISE):
            return 1
        # a placement on a location space may take an icon that changes the answer
        return -1 if first == ACT_PLACE else 0
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
    the card's other action would have no option; returns the new count. Where the answer is
    the same after every option of a half (other_half_after_any), it is asked once for all
    of them, not option by option."""
    all0 = other_half_after_any(s, K, p, act0, act1)
    all1 = other_half_after_any(s, K, p, act1, act0)
    j = lo
    for i in range(lo, nm):
        slot = moves[i, 3]
        other = act1 if slot == 0 else act0
        known = all0 if slot == 0 else (all1 if slot == 1 else -1)   # -1: an icon's options
        if known == 1 or (known < 0 and other_half_possible(s, K, p, moves[i, 0], moves[i, 1], moves[i, 2],
                                                            other, tmp, log, nlog)):
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
def usable_favors(s, K, p, moves, nm, tmp, log, nlog):
    """The special favor tiles p holds whose card's two actions can both be taken, a bit per
    tile (favor_usable; moves[nm:] its scratch)."""
    favors = 0
    for t in range(NAREA):
        if s[O_HOLDER + t] == p and favor_usable(s, K, p, t, moves, nm, tmp, log, nlog):
            favors |= 1 << t
    return favors


@kernel
def gen_main(s, K, p, moves, tmp, log, nlog):
    """The turn's choice: pass, a basic action, or one held special favor tile whose two
    actions can both be taken."""
    nm = gen_basic(s, K, p, moves)
    favors = usable_favors(s, K, p, moves, nm, tmp, log, nlog)
    for t in range(NAREA):
        if (favors >> t) & 1 and nm < MAXM:
            moves[nm, 0] = MV_FAVOR
            moves[nm, 1] = t
            moves[nm, 2] = 0
            moves[nm, 3] = -1
            nm += 1
    return nm


@kernel(inline=True)
def begin_turn(s):
    s[O_T_REST_IN] = 0
    s[O_T_REST_OUT] = 0
    s[O_T_REST_RM] = 0
    s[O_T_ACTED] = 0
    for a in range(NAREA):
        s[O_T_AREA + a] = 0


@kernel(inline=True)
def round_over(s):
    full = True
    for k in range(NLEAD):
        if s[O_LEADER + k] < 0:
            full = False
    return full or s[O_PASSES] >= s[O_N]


# -- the forward model: the pending decision in the state row ----------------------------------

@kernel(inline=True)
def favor_acts(s, K, t):
    """The two actions of the favor card on tile t."""
    c = s[O_TILECARD + t]
    return K[K_FC_ACT + c * 2], K[K_FC_ACT + c * 2 + 1]


@kernel
def end_game(s, reason, log, nlog, log_on):
    s[O_DONE] = 1
    s[O_END] = reason
    log_event(log, nlog, log_on, EV_END, -1, reason, 0, 0, 0)
    s[O_STEP] = S_TURN
    return pending(s, DEC_NONE, -1)


@kernel
def enter(s, K, step):
    """Go to step, with the counters a mission part keeps while its cubes are moved."""
    s[O_STEP] = step
    if step == S_RESOURCES:
        s[O_M_LEADER] = leader_of(s, K, L_RESOURCES)
        s[O_M_AREA] = 0
        s[O_M_MOVED] = 0
        s[O_M_OK] = 1
        s[O_M_SCORED] = 0
    elif step == S_SUPPORTERS:
        s[O_M_LEADER] = leader_of(s, K, L_SUPPORTERS)
        s[O_M_AREA] = A_SUPPORTER
        s[O_M_MOVED] = 0


@kernel(inline=True)
def cubes_to_move(s, K):
    """Does the leader still move a cube out of area O_M_AREA (short of the mission's need,
    and a cube there)? (mission_need's index is the area's: supporters come after the four
    resources in both.)"""
    a = s[O_M_AREA]
    return s[O_M_MOVED] < mission_need(s, K, a) and area_total(s, a) > 0


@kernel
def next_mission_cards(s, K):
    """The next mission's cards become the current ones; the top card is settled here when the
    leader has no choice (Vienna on top of the last mission, Richmond while the Pimpernel is in
    prison, a single card): returns True when the leader chooses it (DEC_TOP)."""
    m = s[O_MISSION] + 1
    s[O_MISSION] = m
    nn = s[O_NNEXT]
    for i in range(nn):
        s[O_CUR_CARDS + i] = s[O_NEXT_CARDS + i]
    s[O_NCUR] = nn
    if m == K[K_NMISSIONS]:
        s[O_M_LOC] = K[K_MC_LOC + s[O_CUR_CARDS]]  # Vienna on top
    elif s[O_PRISON] == 1 and (K[K_RESCUE_AGAIN] == 1 or s[O_RESCUES] == 0):
        # the rescue: Richmond on top (a second time only by the reading game.richmond_card_reused)
        s[O_RESCUES] += 1
        for i in range(nn, 0, -1):
            s[O_CUR_CARDS + i] = s[O_CUR_CARDS + i - 1]
        s[O_CUR_CARDS] = K[K_RESCUE_CARD]
        s[O_NCUR] = nn + 1
        s[O_M_LOC] = K[K_RESCUE]
    elif nn > 1:
        return True
    else:
        s[O_M_LOC] = K[K_MC_LOC + s[O_CUR_CARDS]]
    return False


@kernel
def set_out_next(s, K, RS, RM, log, nlog, log_on):
    """The next mission's marker, its cards drawn for the one after, and the new round."""
    loc = s[O_M_LOC]
    s[O_MLOC] = loc
    place_marker(s, loc)
    log_event(log, nlog, log_on, EV_NEXT, s[O_M_LEADER], s[O_MISSION], loc, 0, 0)
    refill_next(s, K, s[O_MISSION])
    if s[O_MISSION] == K[K_NMISSIONS]:
        for p in range(s[O_N]):
            s[player_at(p, P_FINAL_START)] = score_of(s, p)
    start_round(s)
    short_routes(s, K, RS, RM)


@kernel
def route_span(s, RS):
    """(first, end) of the routes between the Pimpernel and the mission in RM."""
    src = s[O_PIMP]
    dst = s[O_MLOC]
    return RS[src * MAXL + dst], RS[src * MAXL + dst + 1]


@kernel
def step_mission(s, K, RS, RM, om, log, nlog, log_on):
    """One step of the end of a round (O_STEP >= S_RESOURCES); returns the decision it leaves
    pending (DEC_NONE: none, go on)."""
    step = s[O_STEP]
    leader = s[O_M_LEADER]
    if step == S_RESOURCES:
        a = s[O_M_AREA]
        if a < NRES:
            if cubes_to_move(s, K):
                return pending(s, DEC_CUBE, leader)
            if s[O_M_MOVED] < mission_need(s, K, a):
                s[O_M_OK] = 0
            s[O_M_SCORED] += s[O_M_MOVED]
            s[O_M_AREA] = a + 1
            s[O_M_MOVED] = 0
            return DEC_NONE
        for a in range(NRES):
            update_majority(s, a, log, nlog, log_on)
        settle_leader(s, K, L_RESOURCES, leader, s[O_M_OK] == 1, log, nlog, log_on, s[O_M_SCORED])
        enter(s, K, S_SUPPORTERS)
    elif step == S_SUPPORTERS:
        if cubes_to_move(s, K):
            return pending(s, DEC_CUBE, leader)
        update_majority(s, A_SUPPORTER, log, nlog, log_on)
        got = s[O_M_MOVED]
        settle_leader(s, K, L_SUPPORTERS, leader, got >= mission_need(s, K, A_SUPPORTER), log, nlog, log_on,
                      got)
        enter(s, K, S_FIRST)
    elif step == S_FIRST:
        resolve_first(s, K, log, nlog, log_on)
        enter(s, K, S_ROUTE)
    elif step == S_ROUTE:
        leader = leader_of(s, K, L_ROUTE)
        s[O_M_LEADER] = leader
        st, en = route_span(s, RS)
        if en > st:
            occ = route_masks_of(s, s[O_N], om)
            s[O_M_NCOMP] = count_complete(RS, RM, s[O_PIMP], s[O_MLOC], occ)
            return pending(s, DEC_ROUTE, leader)
        settle_leader(s, K, L_ROUTE, leader, False, log, nlog, log_on, 0)
        enter(s, K, S_LOCATION)
    elif step == S_LOCATION:
        move_pimpernel(s, log, nlog, log_on)
        leader = resolve_location(s, K, log, nlog, log_on)
        s[O_M_LEADER] = leader
        if K[K_CHAUVELIN] == 1:
            move_chauvelin(s, K, log, nlog, log_on)
        s[O_MISSIONS_DONE] += 1
        if s[O_MISSION] >= K[K_NMISSIONS]:
            return end_game(s, END_FINISHED, log, nlog, log_on)
        enter(s, K, S_PREPARE)
    elif step == S_PREPARE:
        enter(s, K, S_NEXT)
        if next_mission_cards(s, K):
            return pending(s, DEC_TOP, leader)
    elif step == S_NEXT:
        set_out_next(s, K, RS, RM, log, nlog, log_on)
        enter(s, K, S_TURN)
    return DEC_NONE


@kernel
def advance(s, K, RS, RM, tmp, om, log, nlog, log_on):
    """Play the rules until a decision is pending or the game is over; returns O_DEC. A turn
    begins with its main move; a favor card's other half and the rest cube are offered when
    they have options; a round ends when every leader space is taken or every player passed in
    succession, and its five mission parts are resolved in order (cube owners, the route and
    the next top card asked of the leaders)."""
    if decision(s) != DEC_NONE:
        return decision(s)
    while True:
        step = s[O_STEP]
        if step == s[O_STOP]:
            return DEC_NONE
        if step == S_TURN:
            if s[O_DONE] == 1:
                return DEC_NONE
            if s[O_TURNS] >= s[O_CAP]:
                return end_game(s, END_TURN_CAP, log, nlog, log_on)
            begin_turn(s)
            return pending(s, DEC_MAIN, s[O_CUR])
        p = s[O_CUR]
        if step == S_FAVOR2:
            s[O_STEP] = S_REST
            # asked without listing the options where the answer is plain (list_options lists them)
            if action_possible(s, K, p, s[O_FAV_OTHER], tmp):
                return pending(s, DEC_FAVOR2, p)
        elif step == S_REST:
            s[O_STEP] = S_END
            if s[O_T_ACTED] == 1 and gen_rest(s, K, p, tmp) > 1:
                return pending(s, DEC_REST, p)
        elif step == S_END:
            s[O_TURNS] += 1
            s[O_CUR] = (p + 1) % s[O_N]
            s[O_STEP] = S_ROUND
        elif step == S_ROUND:
            enter(s, K, S_RESOURCES if round_over(s) else S_TURN)
        elif step_mission(s, K, RS, RM, om, log, nlog, log_on) != DEC_NONE:
            return decision(s)
        elif s[O_DONE] == 1:
            return DEC_NONE


@kernel(inline=True)
def play_move(s, K, p, kind, a, b, from_rest, other, after, log, nlog, log_on):
    """Play one action's move; an icon it lands on leaves its follow-up pending (its options
    keeping the favor card's other action possible, if other >= 0), then step after. A space
    filled with the rest cube offers its icon only by the reading game.rest_cube_icon."""
    act = apply_move(s, K, p, kind, a, b, from_rest, log, nlog, log_on)
    s[O_STEP] = after
    if act >= 0 and (not from_rest or K[K_REST_ICON] == 1):
        s[O_ACT] = act
        s[O_ACT_PENDING] = other
        pending(s, DEC_ICON, p)


@kernel(inline=True)
def play_main(s, K, p, kind, a, b, log, nlog, log_on):
    """The turn's main move: a pass, a favor card (its first half is asked next: gen_main
    offers a card only when a first half has an option), or one action."""
    if kind == MV_PASS:
        s[O_PASSES] += 1
        log_event(log, nlog, log_on, EV_PASS, p, 0, 0, 0, 0)
        s[O_STEP] = S_REST
        return
    s[O_PASSES] = 0
    s[O_T_ACTED] = 1
    if kind == MV_FAVOR:
        log_event(log, nlog, log_on, EV_MOVE, p, kind, a, b, 0)
        s[O_FAV_TILE] = a
        s[O_STEP] = S_REST
        pending(s, DEC_FAVOR1, p)
    else:
        play_move(s, K, p, kind, a, b, False, -1, S_REST, log, nlog, log_on)


@kernel
def take_route(s, K, RS, RM, leader, r, log, nlog, log_on):
    """The leader's route r: its cubes score for their owners and go home."""
    ncomp = s[O_M_NCOMP]
    m = RM[r]
    scored = 0
    for sp in range(K[K_NS]):
        if (m >> np.uint64(sp)) & np.uint64(1):
            o = s[O_ROUTE + sp]
            if o >= 0:
                s[O_ROUTE + sp] = -1
                cube_scores(s, K, o)
                scored += 1
    log_event(log, nlog, log_on, EV_ROUTE, leader, r - RS[s[O_PIMP] * MAXL + s[O_MLOC]], ncomp, scored, 0)
    settle_leader(s, K, L_ROUTE, leader, ncomp > 0, log, nlog, log_on, scored)


@kernel(inline=True)
def apply_choice(s, K, RS, RM, c0, c1, c2, c3, log, nlog, log_on):
    """Apply the pending decision's option (c0, c1, c2, c3) (an options row), without
    advancing."""
    kind = decision(s)
    p = chooser(s)
    pending(s, DEC_NONE, -1)
    if kind == DEC_MAIN:
        s[O_DECISIONS] += 1
        play_main(s, K, p, c0, c1, c2, log, nlog, log_on)
    elif kind == DEC_ICON:
        s[O_DECISIONS] += 1
        if c0 != MV_DECLINE:
            apply_move(s, K, p, c0, c1, c2, False, log, nlog, log_on)
    elif kind == DEC_FAVOR1:
        s[O_DECISIONS] += 1
        act0, act1 = favor_acts(s, K, s[O_FAV_TILE])
        other = act1 if c3 == 0 else act0
        s[O_FAV_OTHER] = other
        play_move(s, K, p, c0, c1, c2, False, other, S_FAVOR2, log, nlog, log_on)
    elif kind == DEC_FAVOR2:
        s[O_DECISIONS] += 1
        play_move(s, K, p, c0, c1, c2, False, -1, S_REST, log, nlog, log_on)
    elif kind == DEC_REST:
        s[O_DECISIONS] += 1
        if c0 != MV_DECLINE:
            play_move(s, K, p, c0, c1, c2, True, -1, S_END, log, nlog, log_on)
    elif kind == DEC_CUBE:
        score_cube(s, K, s[O_M_AREA], c0)
        s[O_M_MOVED] += 1
    elif kind == DEC_ROUTE:
        take_route(s, K, RS, RM, p, c0, log, nlog, log_on)
        enter(s, K, S_LOCATION)
    elif kind == DEC_TOP:
        s[O_DECISIONS] += 1
        if c0 == 1:
            t = s[O_CUR_CARDS]
            s[O_CUR_CARDS] = s[O_CUR_CARDS + 1]
            s[O_CUR_CARDS + 1] = t
        s[O_M_LOC] = K[K_MC_LOC + s[O_CUR_CARDS]]


@kernel
def apply_option(s, K, RS, RM, tmp, om, c0, c1, c2, c3, log, nlog, log_on):
    """Apply the pending decision's option (c0, c1, c2, c3) (an options row), then advance;
    returns the decision now pending."""
    apply_choice(s, K, RS, RM, c0, c1, c2, c3, log, nlog, log_on)
    return advance(s, K, RS, RM, tmp, om, log, nlog, log_on)


@kernel
def put_option(buf, k, c0, c1, c2, c3):
    buf[k, 0] = c0
    buf[k, 1] = c1
    buf[k, 2] = c2
    buf[k, 3] = c3
    return k + 1


@kernel
def list_options(s, K, RS, RM, tmp, om, buf, nlog):
    """The pending decision's options as rows of buf (kind, a, b, favor slot for the moves;
    (owner, cubes there) for a cube; (route in RM, complete) for a route; (card 0/1, its
    card) for the top card); returns how many. Reads the state, changes nothing in the end
    (a favor half's check is tried on s and undone)."""
    kind = decision(s)
    p = chooser(s)
    if kind == DEC_MAIN:
        return gen_main(s, K, p, buf, tmp, tmp, nlog)
    if kind == DEC_ICON:
        nm = put_option(buf, 0, MV_DECLINE, 0, 0, -1)
        nm = gen_action(s, K, p, s[O_ACT], buf, nm, -1, False)
        other = s[O_ACT_PENDING]
        if other >= 0:
            nm = keep_if_other_possible(s, K, p, buf, 1, nm, other, other, tmp, tmp, nlog)
            if not action_possible(s, K, p, other, tmp):
                # the favor card's other half needs the icon's action: declining is no option
                for i in range(1, nm):
                    for c in range(4):
                        buf[i - 1, c] = buf[i, c]
                nm -= 1
        return nm
    if kind == DEC_FAVOR1:
        act0, act1 = favor_acts(s, K, s[O_FAV_TILE])
        nm = gen_action(s, K, p, act0, buf, 0, 0, False)
        nm = gen_action(s, K, p, act1, buf, nm, 1, False)
        return keep_if_other_possible(s, K, p, buf, 0, nm, act0, act1, tmp, tmp, nlog)
    if kind == DEC_FAVOR2:
        return gen_action(s, K, p, s[O_FAV_OTHER], buf, 0, 1, False)
    if kind == DEC_REST:
        return gen_rest(s, K, p, buf)
    if kind == DEC_CUBE:
        a = s[O_M_AREA]
        k = 0
        for o in range(s[O_N]):
            c = s[area_at(o, a)]
            if c > 0:
                k = put_option(buf, k, o, c, 0, 0)
        return k
    if kind == DEC_ROUTE:
        occ = route_masks_of(s, s[O_N], om)
        st, en = route_span(s, RS)
        k = 0
        for r in range(st, en):
            comp = (RM[r] & ~occ) == np.uint64(0)
            if (comp or s[O_M_NCOMP] == 0) and k < buf.shape[0]:
                k = put_option(buf, k, r, 1 if comp else 0, 0, 0)
        return k
    if kind == DEC_TOP:
        k = put_option(buf, 0, 0, s[O_CUR_CARDS], 0, 0)
        return put_option(buf, k, 1, s[O_CUR_CARDS + 1], 0, 0)
    return 0
