"""A round by the rulebook: placing influence tiles, evaluating the seven locations in
board order (each by its own rule), the flags, round preparation, then the interim and final
scoring. The rules never ask a bot: they run until a decision is pending, record it in the
state row (G_KIND, G_SEAT, G_C0/G_C1, and where they stand: G_STEP, G_POS and the bonus,
mission and monk blocks) and return (``advance``); ``options`` lists the pending decision's
options as rows and ``apply`` applies one and runs on (kernels/README.md)."""

import numpy as np
from numba import njit

from kernels.common import lowest_bit
from kernels.rng import CHANCE, below
from kernels.bastille.layout import (
    AT_BOX, AT_DECK, AT_PILE_B, BGE, BN, BONUS, BOT_RANDOM, BOWN, BVAL, CATOCC, CGRP, CLOC,
    DECK, DISP, EV_BUY, EV_DRAW, EV_EVAL, EV_FLAGS, EV_FORFEIT, EV_GAIN, EV_MISSION, EV_MONK,
    EV_PLACE, EV_POINTS, EV_REFILL, EV_ROUND, EV_SCORING, EV_START, EV_STEPS, EV_UNARMED,
    EV_UPGRADE, EV_WEAPON, GR_MONK, G_BANK, G_BW, G_DEC, G_DECK_TOP, G_NPLACED, G_PHASE,
    G_ROUND, G_SCORING, G_STAMP, G_START, G_TORCH, G_TURN, G_VERS_TOP, K_BASTILLE, K_CHARACTER,
    K_COINS, K_HENCHMEN, K_MISSION, K_TORCH, K_UPGRADE, K_VP, L_BANQUE, L_BASTILLE,
    L_CATACOMBES, L_ETATS, L_NOTRE_DAME, L_PLACE_LOUIS, L_VERSAILLES, MAXC, MAXP, MAXS, MAXV,
    MONKS_EXHAUSTIVE, NPF, N_GROUPS, N_LOC, N_WEAPONS, PH_END, PH_EVAL, PH_PLACE, PL,
    PT_BASTILLE, PT_CHARACTERS, PT_COINS, PT_CROWNS, PT_GEMS, PT_HENCHMEN, PT_MISSION,
    PT_NOTRE_DAME, P_ARMED, P_BOXED, P_BPOS, P_BSTAMP, P_BSTEPS, P_CATCUBES, P_COINS, P_CROWNS,
    P_CVP, P_FLAGS, P_GEMS, P_GRP, P_HAND, P_HBAG, P_HSUP, P_MISVP, P_MONKAS, P_NCHAR, P_NEED,
    P_OWNED, P_SUP, P_TORCH, P_UNARMED, P_VP, P_W, SCR_MONK, SCR_ORDER, SCR_TRACK, SEATBOT,
    SRC_CATACOMBS, SRC_FLAGS, SRC_LOCATION, SRC_VERSAILLES, T_BANQUE, T_BAS_EXTRA, T_BAS_LAST,
    T_BAS_PTS, T_BF, T_BK, T_BS, T_CAT_DRAWS, T_CAT_HENCH, T_CAT_HI, T_CAT_LO, T_CB, T_CH_ARMED,
    T_CH_COST, T_CH_CROWNS, T_CH_FLAGS, T_CH_GEMS, T_CH_GROUP, T_CH_VP, T_CK, T_CN, T_CPV,
    T_CROWNS, T_CROWN_MIN, T_DISPLAY, T_ETATS, T_FLAG_MIN, T_GEM_VP, T_GWEAP, T_HENCH_VP, T_INTERIM, T_MAXV,
    T_NCHARS, T_ND_VP, T_NP, T_NVERS, T_N_BASX, T_N_CATH, T_ROUNDS, T_SECRET, T_VK, T_VN,
    T_WTAKE, VERS)
from kernels.bastille.layout import (
    DEC_CATACOMB, DEC_CHARACTER, DEC_MISSION, DEC_MONK, DEC_NONE, DEC_PILE, DEC_PLACE, DEC_STOP,
    DEC_UPGRADE, DEC_VERSAILLES, DEC_WEAPON, G_C0, G_C1, G_FLAG1, G_FLAG2, G_GGOT, G_GKIND,
    G_GLEFT, G_GSEAT, G_GSRC, G_KIND, G_MI, G_MN, G_MSEAT, G_OPILE, G_POS, G_SEAT, G_STEP,
    G_STOP, G_SUB, G_TOTHER, G_TPILE, G_TSEAT, G_VSIDE, G_VT, MLOC, N_TARGETS, PILE_ASK,
    S_FIN_BAS, S_FIN_CAT, S_FIN_GEMS, S_FIN_MONKS, S_FIN_REST, S_FIN_START, S_FLAGS,
    S_INT_BAS, S_INT_CAT, S_INT_END, S_INT_GEMS, S_LOC, S_NEVER, S_NEXT_ROUND, S_NONE,
    S_PREPARE, T_NMIS, T_SPACES)
from kernels.bastille.state import (
    bastille_weapons, coins, give_mission, held_missions, log_ev, mission_open, mission_points,
    owned_characters, refill_display, restock_bastille, seat_at, tiles_in_hand, unarmed_count,
    unarmed_penalty)
from kernels.bastille.moves import can_upgrade, location_order, next_to_place, track_order


@njit(cache=True, _nrt=False, inline="always")
def take_coins(tb, st, rng, p, n):
    """The player takes n coins from the bank."""
    st[PL + p * NPF + P_COINS] += n
    st[G_BANK] -= n


@njit(cache=True, _nrt=False, inline="always")
def pay_coins(tb, st, rng, p, n):
    st[PL + p * NPF + P_COINS] -= n
    st[G_BANK] += n


@njit(cache=True, _nrt=False, inline="always")
def henchmen_to_bag(tb, st, rng, p, n):
    k = min(n, st[PL + p * NPF + P_HSUP])
    st[PL + p * NPF + P_HSUP] -= k
    st[PL + p * NPF + P_HBAG] += k
    return k


@njit(cache=True, _nrt=False, inline="always")
def take_torches(tb, st, rng, p, n):
    k = min(n, st[G_TORCH])
    st[G_TORCH] -= k
    st[PL + p * NPF + P_TORCH] += k
    return k


@njit(cache=True, _nrt=False)
def move_bastille(tb, st, rng, p, steps, log):
    """Advance the Bastille marker; a marker landing on a space goes behind those there.
    Steps that cannot be made past the last space pay one coin each."""
    if steps <= 0:
        return 0
    pos = st[PL + p * NPF + P_BPOS]
    last = tb[T_BAS_LAST]
    coins = 0
    st[PL + p * NPF + P_BSTEPS] += steps
    if pos >= last:
        coins = steps
    else:
        npos = pos + steps
        if npos > last:
            coins = npos - last
            npos = last
        st[PL + p * NPF + P_BPOS] = npos
        st[G_STAMP] += 1
        st[PL + p * NPF + P_BSTAMP] = st[G_STAMP]
    if coins > 0:
        take_coins(tb, st, rng, p, coins)
    log_ev(st, log, EV_STEPS, p, steps, st[PL + p * NPF + P_BPOS], coins, 0)
    return coins


@njit(cache=True, _nrt=False, inline="always")
def add_character(tb, st, rng, p, c):
    """Character card c joins player p's cards."""
    st[CLOC + c] = p
    st[PL + p * NPF + P_OWNED] |= 1 << c
    gr = tb[T_CH_GROUP + c]
    st[PL + p * NPF + P_NCHAR] += 1
    st[PL + p * NPF + P_GRP + gr] += 1
    st[PL + p * NPF + P_CROWNS] += tb[T_CH_CROWNS + c]
    st[PL + p * NPF + P_GEMS] += tb[T_CH_GEMS + c]
    st[PL + p * NPF + P_FLAGS] += tb[T_CH_FLAGS + c]
    st[PL + p * NPF + P_CVP] += tb[T_CH_VP + c]
    if gr != GR_MONK:
        t = tb[T_GWEAP + gr]
        if tb[T_CH_ARMED + c] != 0:
            st[PL + p * NPF + P_ARMED + t] += 1
        else:
            st[PL + p * NPF + P_NEED + t] += 1


@njit(cache=True, _nrt=False, inline="always")
def upgrade_tile(tb, st, rng, p, v):
    """Exchange one tile of value v in front of the player for one of value v+1 from the
    personal supply; the old tile goes to the box. Returns the value the player keeps."""
    if v + 1 <= tb[T_MAXV] and st[PL + p * NPF + P_SUP + v + 1] > 0:
        st[PL + p * NPF + P_SUP + v + 1] -= 1
        st[PL + p * NPF + P_HAND + v] -= 1
        st[PL + p * NPF + P_HAND + v + 1] += 1
        st[PL + p * NPF + P_BOXED] += 1
        return v + 1
    return v


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


@njit(cache=True, _nrt=False, inline="always")
def pose(st, kind, p, c0, c1):
    """Record the pending decision: its kind, the seat that chooses, its context."""
    st[G_KIND] = kind
    st[G_SEAT] = p
    st[G_C0] = c0
    st[G_C1] = c1
    return kind


@njit(cache=True, _nrt=False, inline="always")
def next_step(st):
    st[G_STEP] += 1
    st[G_POS] = -1
    return 0


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


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False, inline="always")
def start_location(st, loc, log):
    """The tiles of loc in the order they act (st[SCR_ORDER..]); returns the first to act."""
    if st[G_POS] < 0:
        k = location_order(st, loc)
        log_ev(st, log, EV_EVAL, -1, loc, k, 0, 0)
        st[G_POS] = 0
    return st[G_POS]


@njit(cache=True, _nrt=False, inline="always")
def end_location(st, loc):
    """Every tile of loc has acted and gone back to its owner: the location is empty."""
    st[BN + loc] = 0
    for u in range(MAXV + 1):
        st[BGE + loc * (MAXV + 1) + u] = 0
    return next_step(st)


@njit(cache=True, _nrt=False, inline="always")
def return_tile(st, loc, pos):
    """The tile that acts pos-th at loc (after location_order) returns in front of its
    owner: (owner, tile value)."""
    slot = st[SCR_ORDER + pos]
    v = st[BVAL + loc * MAXS + slot]
    p = st[BOWN + loc * MAXS + slot]
    st[PL + p * NPF + P_HAND + v] += 1
    return p, v


@njit(cache=True, _nrt=False)
def evaluate_banque(tb, st, rng, log):
    """Banque de Paris: coins for each tile's value; the first takes the start player marker."""
    for pos in range(start_location(st, L_BANQUE, log), st[BN + L_BANQUE]):
        p, v = return_tile(st, L_BANQUE, pos)
        c = tb[T_BANQUE] * v
        take_coins(tb, st, rng, p, c)
        log_ev(st, log, EV_GAIN, p, K_COINS, c, SRC_LOCATION, 0)
        if pos == 0:
            st[G_START] = p
            log_ev(st, log, EV_START, p, 0, 0, 0, 0)
    return end_location(st, L_BANQUE)


@njit(cache=True, _nrt=False)
def evaluate_notre_dame(tb, st, rng, log):
    """Notre Dame: each tile is upgraded by one; the first also scores points."""
    for pos in range(start_location(st, L_NOTRE_DAME, log), st[BN + L_NOTRE_DAME]):
        p, v = return_tile(st, L_NOTRE_DAME, pos)
        nv = upgrade_tile(tb, st, rng, p, v)
        log_ev(st, log, EV_UPGRADE, p, v, nv, 0, 0)
        if pos == 0:
            st[PL + p * NPF + P_VP] += tb[T_ND_VP]
            log_ev(st, log, EV_POINTS, p, PT_NOTRE_DAME, tb[T_ND_VP], 0, 0)
    return end_location(st, L_NOTRE_DAME)


@njit(cache=True, _nrt=False)
def evaluate_versailles(tb, st, rng, log):
    """Versailles: the first tile chooses a side of the round's tile (DEC_VERSAILLES), the
    second gets the other side."""
    if st[G_POS] < 0:
        st[G_VT] = st[VERS + st[G_VERS_TOP]] if st[G_VERS_TOP] < tb[T_NVERS] else -1
    vt = st[G_VT]
    for pos in range(start_location(st, L_VERSAILLES, log), st[BN + L_VERSAILLES]):
        p, v = return_tile(st, L_VERSAILLES, pos)
        st[G_POS] = pos + 1
        if vt >= 0 and pos == 0:
            return pose(st, DEC_VERSAILLES, p, vt, 0)
        if vt >= 0 and pos == 1:
            side = 1 - st[G_VSIDE]
            gain(tb, st, rng, p, tb[T_VK + vt * 2 + side], tb[T_VN + vt * 2 + side], np.int64(SRC_VERSAILLES), log)
            if st[G_GSEAT] >= 0:
                return 0
    return end_location(st, L_VERSAILLES)


@njit(cache=True, _nrt=False)
def evaluate_catacombes(tb, st, rng, log):
    """Catacombes: the first tiles put henchmen from the supply into the bag."""
    for pos in range(start_location(st, L_CATACOMBES, log), st[BN + L_CATACOMBES]):
        p, v = return_tile(st, L_CATACOMBES, pos)
        if pos < tb[T_N_CATH]:
            got = henchmen_to_bag(tb, st, rng, p, tb[T_CAT_HENCH + pos])
            log_ev(st, log, EV_GAIN, p, K_HENCHMEN, got, SRC_LOCATION, 0)
    return end_location(st, L_CATACOMBES)


@njit(cache=True, _nrt=False)
def evaluate_place_louis(tb, st, rng, log):
    """Place Louis: each tile may buy a character from the display for its price less the
    tile's value, or take none (DEC_CHARACTER, context the tile's value)."""
    for pos in range(start_location(st, L_PLACE_LOUIS, log), st[BN + L_PLACE_LOUIS]):
        p, v = return_tile(st, L_PLACE_LOUIS, pos)
        st[G_POS] = pos + 1
        return pose(st, DEC_CHARACTER, p, v, 0)
    return end_location(st, L_PLACE_LOUIS)


@njit(cache=True, _nrt=False)
def evaluate_bastille(tb, st, rng, log):
    """Bastille: the first tiles move their owners' markers by the tile's value plus the
    place's extra steps."""
    for pos in range(start_location(st, L_BASTILLE, log), st[BN + L_BASTILLE]):
        p, v = return_tile(st, L_BASTILLE, pos)
        if pos < tb[T_N_BASX]:
            move_bastille(tb, st, rng, p, v + tb[T_BAS_EXTRA + pos], log)
    return end_location(st, L_BASTILLE)


@njit(cache=True, _nrt=False)
def evaluate_etats_generaux(tb, st, rng, log):
    """Etats Generaux: coins for the first tile, a mission for every tile. Secret Mission
    variant: the first chooses a pile, the second takes from the other, the rest choose."""
    for pos in range(start_location(st, L_ETATS, log), st[BN + L_ETATS]):
        p, v = return_tile(st, L_ETATS, pos)
        st[G_POS] = pos + 1
        if pos == 0:
            take_coins(tb, st, rng, p, tb[T_ETATS])
            log_ev(st, log, EV_GAIN, p, K_COINS, tb[T_ETATS], SRC_LOCATION, 0)
        if tb[T_SECRET] == 0:
            start_take(st, p, AT_DECK, 0)
        elif pos == 0:
            start_take(st, p, PILE_ASK, 1)
        elif pos == 1:
            start_take(st, p, st[G_OPILE], 0)
        else:
            start_take(st, p, PILE_ASK, 0)
        return 0
    return end_location(st, L_ETATS)


@njit(cache=True, _nrt=False, inline="always")
def start_take(st, p, pile, first_at_etats):
    """p is to take a mission from pile (PILE_ASK: p chooses the pile first)."""
    st[G_TSEAT] = p
    st[G_TPILE] = pile
    st[G_TOTHER] = first_at_etats


@njit(cache=True, _nrt=False, inline="always")
def missions_in(tb, st, p, pile):
    """Mission cards p may take from pile: there, of a name p does not hold."""
    k = 0
    for m in range(tb[T_NMIS]):
        if mission_open(tb, st, p, m, pile):
            k += 1
    return k


@njit(cache=True, _nrt=False)
def next_take(tb, st, rng, log):
    """A mission being taken: the pile (DEC_PILE), then the card (DEC_MISSION); with no card
    to take the seat takes none (its decision still counted)."""
    p = st[G_TSEAT]
    pile = st[G_TPILE]
    if pile == PILE_ASK:
        return pose(st, DEC_PILE, p, 0, 0)
    if missions_in(tb, st, p, pile) == 0:
        st[G_DEC] += 1
        st[G_TSEAT] = -1
        return 0
    return pose(st, DEC_MISSION, p, pile, 0)


@njit(cache=True, _nrt=False)
def gain(tb, st, rng, p, kind, amount, src, log):
    """Player p receives a bonus of one kind (Versailles, flags, catacombs). Upgrades,
    characters and missions are received one by one (next_gain): they hold decisions. Callers
    pass src as np.int64: a bare SRC_* constant compiles one copy of gain per source."""
    got = amount
    if kind == K_COINS:
        take_coins(tb, st, rng, p, amount)
    elif kind == K_VP:
        st[PL + p * NPF + P_VP] += amount
    elif kind == K_BASTILLE:
        log_ev(st, log, EV_GAIN, p, kind, amount, src, 0)
        move_bastille(tb, st, rng, p, amount, log)
        return
    elif kind == K_HENCHMEN:
        got = henchmen_to_bag(tb, st, rng, p, amount)
    elif kind == K_TORCH:
        got = take_torches(tb, st, rng, p, amount)
    else:
        st[G_GSEAT] = p
        st[G_GKIND] = kind
        st[G_GLEFT] = amount
        st[G_GSRC] = src
        st[G_GGOT] = 0
        return
    log_ev(st, log, EV_GAIN, p, kind, got, src, 0)


@njit(cache=True, _nrt=False, inline="always")
def upgrades_open(tb, st, p):
    """Tile values p could upgrade now."""
    k = 0
    for v in range(tb[T_MAXV] - 1, 0, -1):
        if tiles_in_hand(st, p, v) > 0 and can_upgrade(tb, st, 0, p, v):
            k += 1
    return k


@njit(cache=True, _nrt=False)
def next_gain(tb, st, rng, log):
    """The next unit of a bonus under way: an upgrade waits for its decision (the bonus
    stays under way), a character is drawn (a monk drawn in the final scoring is sorted at
    once), a mission is taken. The bonus ends when every unit is received."""
    p = st[G_GSEAT]
    kind = st[G_GKIND]
    while st[G_GLEFT] > 0:
        if kind == K_UPGRADE:
            if upgrades_open(tb, st, p) > 0:
                return
            st[G_DEC] += 1            # the seat had nothing to upgrade
            st[G_GLEFT] -= 1
            continue
        st[G_GLEFT] -= 1
        if kind == K_CHARACTER:
            k = st[G_DECK_TOP]
            if k < tb[T_NCHARS]:
                c = st[DECK + k]
                st[G_DECK_TOP] = k + 1
                add_character(tb, st, rng, p, c)
                st[G_GGOT] += 1
                log_ev(st, log, EV_BUY, p, c, 0, 0, 0)
                if tb[T_CH_GROUP + c] == GR_MONK and st[G_SCORING] == 2:
                    start_monks(tb, st, p)
                    return
        else:
            start_take(st, p, PILE_ASK if tb[T_SECRET] != 0 else AT_DECK, 0)
            return
    if kind == K_UPGRADE:
        log_ev(st, log, EV_GAIN, p, kind, st[G_GGOT], st[G_GSRC], 0)
    st[G_GSEAT] = -1


@njit(cache=True, _nrt=False)
def start_monks(tb, st, p):
    """p is to sort each unassigned monk into a group, one DEC_MONK each (cards listed in
    st[SCR_MONK..]); counted as one decision, as the sort is one choice of the seat."""
    n_m = 0
    bits = owned_characters(tb, st, p)
    while bits:
        c = lowest_bit(bits)
        bits &= bits - 1
        if tb[T_CH_GROUP + c] == GR_MONK and st[CGRP + c] < 0:
            st[SCR_MONK + n_m] = c
            n_m += 1
    if n_m == 0:
        return
    st[G_DEC] += 1
    st[G_MSEAT] = p
    st[G_MN] = n_m
    st[G_MI] = 0


@njit(cache=True, _nrt=False)
def score_flags(tb, st, rng, log):
    """The round's bonus tile: most flags takes the larger bonus, second most the smaller;
    ties go to the seat nearer the start player clockwise."""
    n = tb[T_NP]
    b = st[BONUS + st[G_ROUND]]
    if st[G_POS] < 0:
        start = st[G_START]
        first = -1
        second = -1
        for k in range(n):
            p = (start + k) % n
            f = st[PL + p * NPF + P_FLAGS]
            if f < tb[T_FLAG_MIN]:                  # a reading: see scoring.flag_min
                continue
            if first < 0 or f > st[PL + first * NPF + P_FLAGS]:
                second = first
                first = p
            elif second < 0 or f > st[PL + second * NPF + P_FLAGS]:
                second = p
        st[G_FLAG1] = first
        st[G_FLAG2] = second
        st[G_POS] = 0
    while st[G_POS] < 2:
        pos = st[G_POS]
        st[G_POS] = pos + 1
        q = st[G_FLAG1] if pos == 0 else st[G_FLAG2]
        if q >= 0:
            log_ev(st, log, EV_FLAGS, q, st[PL + q * NPF + P_FLAGS], pos + 1, 0, 0)
            gain(tb, st, rng, q, tb[T_BK + b], tb[T_BF + b] if pos == 0 else tb[T_BS + b],
                 np.int64(SRC_FLAGS), log)
            if st[G_GSEAT] >= 0:
                return 0
    return next_step(st)


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
def final_points(tb, st, rng, log):
    """The final scoring after the Bastille: characters, missions, henchmen, coins and
    unarmed characters; the game ends."""
    n = tb[T_NP]
    for p in range(n):
        st[PL + p * NPF + P_VP] += st[PL + p * NPF + P_CVP]
        log_ev(st, log, EV_POINTS, p, PT_CHARACTERS, st[PL + p * NPF + P_CVP], 0, 0)
    for p in range(n):
        tot = 0
        owned = owned_characters(tb, st, p)
        held = held_missions(tb, st, p)
        while held:
            m = lowest_bit(held)
            held &= held - 1
            pts = mission_points(tb, st, rng, p, m, owned)
            tot += pts
            log_ev(st, log, EV_POINTS, p, PT_MISSION, pts, m, 0)
        st[PL + p * NPF + P_MISVP] = tot
        st[PL + p * NPF + P_VP] += tot
    for p in range(n):
        h = st[PL + p * NPF + P_HBAG] * tb[T_HENCH_VP]
        st[PL + p * NPF + P_VP] += h
        log_ev(st, log, EV_POINTS, p, PT_HENCHMEN, h, 0, 0)
        cv = st[PL + p * NPF + P_COINS] // tb[T_CPV]
        st[PL + p * NPF + P_VP] += cv
        log_ev(st, log, EV_POINTS, p, PT_COINS, cv, 0, 0)
        u = unarmed_count(tb, st, rng, p)
        pen = unarmed_penalty(tb, u)
        st[PL + p * NPF + P_UNARMED] = u
        st[PL + p * NPF + P_VP] -= pen
        log_ev(st, log, EV_UNARMED, p, u, pen, 0, 0)
    st[G_PHASE] = PH_END


@njit(cache=True, _nrt=False)
def score_gems_and_crowns(tb, st, rng, crown_vp, log):
    n = tb[T_NP]
    best = 0
    for p in range(n):
        gv = st[PL + p * NPF + P_GEMS] * tb[T_GEM_VP]
        st[PL + p * NPF + P_VP] += gv
        log_ev(st, log, EV_POINTS, p, PT_GEMS, gv, 0, 0)
        best = max(best, st[PL + p * NPF + P_CROWNS])
    if best >= tb[T_CROWN_MIN]:                 # a reading: see scoring.crown_min
        for p in range(n):
            if st[PL + p * NPF + P_CROWNS] == best:
                st[PL + p * NPF + P_VP] += crown_vp
                log_ev(st, log, EV_POINTS, p, PT_CROWNS, crown_vp, 0, 0)


@njit(cache=True, _nrt=False, inline="always")
def catacomb_range(tb, final):
    """The catacomb bonuses of a scoring: the left board's in the interim, the game
    board's in the final."""
    if final:
        return tb[T_CAT_LO], tb[T_CAT_HI]
    return 0, tb[T_CAT_LO]


@njit(cache=True, _nrt=False)
def score_catacombs(tb, st, rng, final, log):
    """Draw henchmen from the bag one at a time (G_POS draws made); each owner puts the cube
    on an untaken bonus (DEC_CATACOMB). Interim: the left board's cubes go home, the right
    board's back into the bag. Final: the game board's bonuses, every cube goes home."""
    n = tb[T_NP]
    occ = st[CATOCC:CATOCC + 40]
    lo, hi = catacomb_range(tb, final)
    if st[G_POS] < 0:
        for i in range(lo, hi):
            occ[i] = -1
        st[G_POS] = 0
    while st[G_POS] < tb[T_CAT_DRAWS]:
        total = 0
        for p in range(n):
            total += st[PL + p * NPF + P_HBAG]
        if total == 0:
            break
        r = below(rng, CHANCE, total)
        owner = 0
        for p in range(n):
            if r < st[PL + p * NPF + P_HBAG]:
                owner = p
                break
            r -= st[PL + p * NPF + P_HBAG]
        st[PL + owner * NPF + P_HBAG] -= 1
        st[G_POS] += 1
        for i in range(lo, hi):
            if occ[i] < 0:
                return pose(st, DEC_CATACOMB, owner, lo, hi)
        st[G_DEC] += 1                # every bonus taken: the cube goes home
        log_ev(st, log, EV_DRAW, owner, owner, -1, 0, 0)
        st[PL + owner * NPF + P_HSUP] += 1
    for i in range(lo, hi):
        p = occ[i]
        if p >= 0:
            st[PL + p * NPF + P_CATCUBES] -= 1
            if tb[T_CB + i] != 0:
                st[PL + p * NPF + P_HBAG] += 1
            else:
                st[PL + p * NPF + P_HSUP] += 1
            occ[i] = -1
    return next_step(st)


@njit(cache=True, _nrt=False)
def score_bastille(tb, st, rng, restock, log):
    """Track points, then weapons claimed from the front (DEC_WEAPON): two each, the last
    takes the rest (G_POS: the seat in track order, G_SUB: its tokens taken)."""
    n = tb[T_NP]
    order = st[SCR_TRACK:SCR_TRACK + MAXP]
    if st[G_POS] < 0:
        track_order(tb, st, rng, order)
        for p in range(n):
            pts = tb[T_BAS_PTS + st[PL + p * NPF + P_BPOS]]
            st[PL + p * NPF + P_VP] += pts
            log_ev(st, log, EV_POINTS, p, PT_BASTILLE, pts, 0, 0)
        st[G_POS] = 0
        st[G_SUB] = 0
    while st[G_POS] < n:
        i = st[G_POS]
        left = bastille_weapons(st)
        more = st[G_SUB] < tb[T_WTAKE] if i < n - 1 else left > 0
        if more:
            if left > 0:
                return pose(st, DEC_WEAPON, order[i], 0, 0)
            st[G_DEC] += 1            # none left to claim
        st[G_POS] = i + 1
        st[G_SUB] = 0
    if restock:
        restock_bastille(tb, st, rng)
    return next_step(st)


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


@njit(cache=True, _nrt=False)
def apply(tb, st, rng, row, log):
    """Apply option row to the pending decision, then advance; returns the next kind."""
    kind = st[G_KIND]
    p = st[G_SEAT]
    st[G_DEC] += 1
    if kind == DEC_PLACE:
        place_tile(tb, st, rng, p, row[0], row[1], log)
        advance_turn(tb, st, rng)
    elif kind == DEC_CHARACTER:
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
    return advance(tb, st, rng, log)


@njit(cache=True, _nrt=False, inline="always")
def buy_character(tb, st, rng, p, j, v, log):
    """p takes display card j with a tile of value v, paying its price less v (j < 0: none)."""
    if j < 0:
        log_ev(st, log, EV_FORFEIT, p, v, 0, 0, 0)
        return
    c = st[DISP + j]
    price = tb[T_CH_COST + c] - v
    if price < 0:
        price = 0
    pay_coins(tb, st, rng, p, price)
    st[DISP + j] = -1
    add_character(tb, st, rng, p, c)
    log_ev(st, log, EV_BUY, p, c, price, v, 0)
