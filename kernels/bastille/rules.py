"""A round by the rulebook, and the forward model's three calls: placing influence tiles
(``place_tile``), then the steps of the end of placing in order - the seven locations
(``locations``), the flags and round preparation, the interim and final scoring
(``scoring``), each bonus received on the way (``bonuses``). The rules never ask a bot: they
run until a decision is pending, record it in the state row (G_KIND, G_SEAT, G_C0/G_C1, and
where they stand: G_STEP, G_POS and the bonus, mission and monk blocks) and return
(``advance``); ``options`` lists the pending decision's options as rows and ``apply`` applies
one and runs on (kernels/README.md)."""

import numpy as np
from numba import njit

from kernels.bastille.layout import (
    AT_BOX, AT_DECK, AT_PILE_B, BGE, BN, BOWN, BVAL, CATOCC, CGRP, CLOC, DEC_CATACOMB,
    DEC_CHARACTER, DEC_MISSION, DEC_MONK, DEC_NONE, DEC_PILE, DEC_PLACE, DEC_STOP, DEC_UPGRADE,
    DEC_VERSAILLES, DEC_WEAPON, DISP, EV_DRAW, EV_MISSION, EV_MONK, EV_PLACE, EV_REFILL,
    EV_ROUND, EV_SCORING, EV_WEAPON, G_BW, G_C0, G_C1, G_DEC, G_GGOT, G_GKIND, G_GLEFT, G_GSEAT,
    G_KIND, G_MI, G_MN, G_MSEAT, G_NPLACED, G_OPILE, G_PHASE, G_POS, G_ROUND, G_SCORING, G_SEAT,
    G_START, G_STEP, G_STOP, G_SUB, G_TOTHER, G_TPILE, G_TSEAT, G_TURN, G_VERS_TOP, G_VSIDE,
    K_UPGRADE, L_BANQUE, L_BASTILLE, L_CATACOMBES, L_ETATS, L_NOTRE_DAME, L_PLACE_LOUIS,
    L_VERSAILLES, MAXS, MAXV, MLOC, NPF, N_GROUPS, N_LOC, N_WEAPONS, PH_END, PH_EVAL, PH_PLACE,
    PL, P_CATCUBES, P_HAND, P_MONKAS, P_W, SCR_MONK, SRC_CATACOMBS, SRC_VERSAILLES, S_FIN_BAS,
    S_FIN_CAT, S_FIN_GEMS, S_FIN_MONKS, S_FIN_REST, S_FIN_START, S_FLAGS, S_INT_BAS, S_INT_CAT,
    S_INT_END, S_INT_GEMS, S_LOC, S_NEVER, S_NEXT_ROUND, S_NONE, S_PREPARE, T_CH_COST, T_CK,
    T_CN, T_CROWNS, T_DISPLAY, T_INTERIM, T_MAXV, T_NMIS, T_NP, T_ROUNDS, T_SPACES, T_VK, T_VN)
from kernels.bastille.state import (
    coins, give_mission, log_ev, mission_open, refill_display, tiles_in_hand)
from kernels.bastille.moves import can_upgrade, next_to_place
from kernels.bastille.bonuses import (
    buy_character, gain, next_gain, next_step, next_take, pose, start_monks, upgrade_tile)
from kernels.bastille.locations import (
    evaluate_banque, evaluate_bastille, evaluate_catacombes, evaluate_etats_generaux,
    evaluate_notre_dame, evaluate_place_louis, evaluate_versailles)
from kernels.bastille.scoring import (
    final_points, score_bastille, score_catacombs, score_flags, score_gems_and_crowns)


@njit(cache=True, _nrt=False, inline="always")
def place_tile(tb, st, rng, p, v, loc, log):
    """Put p's tile of value v on the leftmost free space of loc."""
    k = st[BN + loc]
    st[BVAL + loc * MAXS + k] = v
    st[BOWN + loc * MAXS + k] = p
    st[BN + loc] = k + 1
    for u in range(1, v + 1):
        st[BGE + loc * (MAXV + 1) + u] += 1
    st[PL + p * NPF + P_HAND + v] -= 1
    st[G_NPLACED] += 1
    log_ev(st, log, EV_PLACE, p, v, loc, k, 0)


@njit(cache=True, _nrt=False, inline="always")
def advance_turn(tb, st, rng):
    q = next_to_place(tb, st, rng, st[G_TURN])
    if q < 0:
        st[G_PHASE] = PH_EVAL
        st[G_STEP] = S_LOC
        st[G_POS] = -1
    else:
        st[G_TURN] = q


@njit(cache=True, _nrt=False)
def prepare_round(tb, st, rng, log):
    """Next Versailles tile; leftover characters to the box; a new display."""
    st[G_VERS_TOP] += 1
    for i in range(tb[T_DISPLAY]):
        c = st[DISP + i]
        if c >= 0:
            st[CLOC + c] = AT_BOX
            st[DISP + i] = -1
    refill_display(tb, st, rng)
    log_ev(st, log, EV_REFILL, -1, tb[T_DISPLAY], 0, 0, 0)


@njit(cache=True, _nrt=False)
def advance(tb, st, rng, log):
    """Play chance and the rules until a decision is pending (returns its DEC_* kind) or the
    game is over (DEC_NONE). What is under way resolves innermost first: a monk sort inside a
    character bonus, a mission being taken inside a mission bonus or at Etats Generaux, a
    bonus inside a location, the flags or a catacomb draw, then the step itself."""
    while True:
        if st[G_MSEAT] >= 0:
            if st[G_MI] < st[G_MN]:
                return pose(st, DEC_MONK, st[G_MSEAT], st[SCR_MONK + st[G_MI]], 0)
            st[G_MSEAT] = -1
            continue
        if st[G_TSEAT] >= 0:
            k = next_take(tb, st, rng, log)
            if k != 0:
                return k
            continue
        if st[G_GSEAT] >= 0:
            next_gain(tb, st, rng, log)
            if st[G_GKIND] == K_UPGRADE and st[G_GSEAT] >= 0:
                return pose(st, DEC_UPGRADE, st[G_GSEAT], 0, 0)
            continue
        s = st[G_STEP]
        if s == st[G_STOP]:
            st[G_STEP] = S_NONE
            st[G_STOP] = S_NEVER
            return pose(st, DEC_STOP, -1, 0, 0)
        if s < 0:
            if st[G_PHASE] == PH_END:
                return pose(st, DEC_NONE, -1, 0, 0)
            return pose(st, DEC_PLACE, st[G_TURN], 0, 0)
        k = run_step(tb, st, rng, s, log)
        if k != 0:
            return k


@njit(cache=True, _nrt=False, inline="always")   # in advance (and play.advance_here's copy)
def run_step(tb, st, rng, s, log):
    """Resolve step s from where it stands; returns a decision kind, or 0 when the step
    moved on or something inside it (a bonus, a mission, monks) is under way."""
    if s == S_LOC + L_BANQUE:
        return evaluate_banque(tb, st, rng, log)
    if s == S_LOC + L_NOTRE_DAME:
        return evaluate_notre_dame(tb, st, rng, log)
    if s == S_LOC + L_VERSAILLES:
        return evaluate_versailles(tb, st, rng, log)
    if s == S_LOC + L_CATACOMBES:
        return evaluate_catacombes(tb, st, rng, log)
    if s == S_LOC + L_PLACE_LOUIS:
        return evaluate_place_louis(tb, st, rng, log)
    if s == S_LOC + L_BASTILLE:
        return evaluate_bastille(tb, st, rng, log)
    if s == S_LOC + L_ETATS:
        return evaluate_etats_generaux(tb, st, rng, log)
    if s == S_FLAGS:
        return score_flags(tb, st, rng, log)
    if s == S_PREPARE:
        r = st[G_ROUND]
        if r + 1 >= tb[T_ROUNDS]:
            st[G_STEP] = S_FIN_START
            return 0
        prepare_round(tb, st, rng, log)
        st[G_STEP] = S_INT_GEMS if r + 1 == tb[T_INTERIM] else S_NEXT_ROUND
        return 0
    if s == S_INT_GEMS:
        st[G_SCORING] = 1
        log_ev(st, log, EV_SCORING, -1, 1, 0, 0, 0)
        score_gems_and_crowns(tb, st, rng, tb[T_CROWNS + 0], log)
        return next_step(st)
    if s == S_INT_CAT or s == S_FIN_CAT:
        return score_catacombs(tb, st, rng, s == S_FIN_CAT, log)
    if s == S_INT_BAS or s == S_FIN_BAS:
        return score_bastille(tb, st, rng, s == S_INT_BAS, log)
    if s == S_INT_END:
        st[G_SCORING] = 0
        return next_step(st)
    if s == S_NEXT_ROUND:
        st[G_ROUND] += 1
        st[G_PHASE] = PH_PLACE
        st[G_TURN] = st[G_START]
        st[G_STEP] = S_NONE
        log_ev(st, log, EV_ROUND, -1, st[G_ROUND] + 1, 0, 0, 0)
        return 0
    if s == S_FIN_START:
        st[G_SCORING] = 2
        log_ev(st, log, EV_SCORING, -1, 2, 0, 0, 0)
        st[G_STEP] = S_FIN_MONKS
        st[G_POS] = 1
        return 0
    if s == S_FIN_MONKS:              # from the start player's right, anticlockwise
        k = st[G_POS]
        n = tb[T_NP]
        if k > n:
            return next_step(st)
        st[G_POS] = k + 1
        start_monks(tb, st, (st[G_START] - k) % n)
        return 0
    if s == S_FIN_GEMS:
        score_gems_and_crowns(tb, st, rng, tb[T_CROWNS + 1], log)
        return next_step(st)
    if s == S_FIN_REST:
        final_points(tb, st, rng, log)
        st[G_STEP] = S_NONE
        return 0
    return next_step(st)              # S_IDLE and unknown steps: nothing to do


@njit(cache=True, _nrt=False)
def options(tb, st, buf):
    """The pending decision's options as rows of buf (layout's DEC_* say what a row holds);
    returns how many."""
    kind = st[G_KIND]
    p = st[G_SEAT]
    k = 0
    if kind == DEC_PLACE:
        for v in range(1, tb[T_MAXV] + 1):
            if tiles_in_hand(st, p, v) > 0:
                for loc in range(N_LOC):
                    if st[BN + loc] < tb[T_SPACES + loc]:
                        buf[k, 0] = v
                        buf[k, 1] = loc
                        k += 1
    elif kind == DEC_CHARACTER:
        v = st[G_C0]
        for i in range(tb[T_DISPLAY]):
            c = st[DISP + i]
            if c >= 0 and max(0, tb[T_CH_COST + c] - v) <= coins(st, p):
                buf[k, 0] = i
                buf[k, 1] = c
                k += 1
        buf[k, 0] = -1
        buf[k, 1] = -1
        k += 1
    elif kind == DEC_VERSAILLES:
        for side in range(2):
            buf[side, 0] = side
            buf[side, 1] = st[G_C0]
        k = 2
    elif kind == DEC_PILE:
        buf[0, 0] = AT_DECK
        buf[1, 0] = AT_PILE_B
        buf[0, 1] = 0
        buf[1, 1] = 0
        for m in range(tb[T_NMIS]):
            if st[MLOC + m] == AT_DECK:
                buf[0, 1] += 1
            elif st[MLOC + m] == AT_PILE_B:
                buf[1, 1] += 1
        k = 2
    elif kind == DEC_MISSION:
        pile = st[G_C0]
        for m in range(tb[T_NMIS]):
            if mission_open(tb, st, p, m, pile):
                buf[k, 0] = m
                buf[k, 1] = pile
                k += 1
    elif kind == DEC_CATACOMB:
        for i in range(st[G_C0], st[G_C1]):
            if st[CATOCC + i] < 0:
                buf[k, 0] = i
                buf[k, 1] = tb[T_CK + i]
                k += 1
    elif kind == DEC_WEAPON:
        for t in range(N_WEAPONS):
            if st[G_BW + t] > 0:
                buf[k, 0] = t
                buf[k, 1] = st[G_BW + t]
                k += 1
    elif kind == DEC_UPGRADE:
        for v in range(tb[T_MAXV] - 1, 0, -1):
            if tiles_in_hand(st, p, v) > 0 and can_upgrade(tb, st, 0, p, v):
                buf[k, 0] = v
                buf[k, 1] = 0
                k += 1
    elif kind == DEC_MONK:
        for gr in range(N_GROUPS):
            buf[gr, 0] = gr
            buf[gr, 1] = st[G_C0]
        k = N_GROUPS
    return k


@njit(cache=True, _nrt=False, inline="always")   # in play_game's loop too
def apply_placement(tb, st, rng, row, log):
    """Place a tile; while tiles remain, the next seat's placement is posed here: nothing
    else is under way while tiles are placed, so advance would pose just that (a placement
    is most of a game's decisions, and advance's entry costs more than this check)."""
    st[G_DEC] += 1
    place_tile(tb, st, rng, st[G_SEAT], row[0], row[1], log)
    advance_turn(tb, st, rng)
    if (st[G_STEP] < 0 and st[G_STEP] != st[G_STOP] and st[G_PHASE] != PH_END
            and st[G_MSEAT] < 0 and st[G_TSEAT] < 0 and st[G_GSEAT] < 0):
        return pose(st, DEC_PLACE, st[G_TURN], 0, 0)
    return advance(tb, st, rng, log)


@njit(cache=True, _nrt=False, inline="always")   # in play_game's loop too
def apply_decision(tb, st, rng, row, log):
    """Apply option row to the pending decision of the end of placing, without advancing."""
    kind = st[G_KIND]
    p = st[G_SEAT]
    st[G_DEC] += 1
    if kind == DEC_CHARACTER:
        buy_character(tb, st, rng, p, row[0], st[G_C0], log)
    elif kind == DEC_VERSAILLES:
        vt = st[G_C0]
        side = row[0]
        st[G_VSIDE] = side
        gain(tb, st, rng, p, tb[T_VK + vt * 2 + side], tb[T_VN + vt * 2 + side], np.int64(SRC_VERSAILLES), log)
    elif kind == DEC_PILE:
        st[G_TPILE] = row[0]
        if st[G_TOTHER] != 0:
            st[G_OPILE] = AT_PILE_B if row[0] == AT_DECK else AT_DECK
    elif kind == DEC_MISSION:
        give_mission(tb, st, rng, p, row[0])
        log_ev(st, log, EV_MISSION, p, row[0], st[G_C0], 0, 0)
        st[G_TSEAT] = -1
    elif kind == DEC_CATACOMB:
        slot = row[0]
        log_ev(st, log, EV_DRAW, p, p, slot, 0, 0)
        st[CATOCC + slot] = p
        st[PL + p * NPF + P_CATCUBES] += 1
        gain(tb, st, rng, p, tb[T_CK + slot], tb[T_CN + slot], np.int64(SRC_CATACOMBS), log)
    elif kind == DEC_WEAPON:
        t = row[0]
        st[G_BW + t] -= 1
        st[PL + p * NPF + P_W + t] += 1
        st[G_SUB] += 1
        log_ev(st, log, EV_WEAPON, p, t, 0, 0, 0)
    elif kind == DEC_UPGRADE:
        upgrade_tile(tb, st, rng, p, row[0])
        st[G_GGOT] += 1
        st[G_GLEFT] -= 1
    elif kind == DEC_MONK:
        st[G_DEC] -= 1                # the sort was counted once when it began
        c = st[G_C0]
        gr = row[0]
        st[CGRP + c] = gr
        st[PL + p * NPF + P_MONKAS + gr] += 1
        st[G_MI] += 1
        log_ev(st, log, EV_MONK, p, c, gr, 0, 0)


@njit(cache=True, _nrt=False)
def apply(tb, st, rng, row, log):
    """Apply option row to the pending decision, then advance; returns the next kind."""
    if st[G_KIND] == DEC_PLACE:
        return apply_placement(tb, st, rng, row, log)
    apply_decision(tb, st, rng, row, log)
    return advance(tb, st, rng, log)
