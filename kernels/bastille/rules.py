"""A round by the rulebook: placing influence tiles, evaluating the seven locations in
board order (each by its own rule), the flags, round preparation, then the interim and final
scoring. Decisions are asked of ``bots``."""

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
from kernels.bastille.state import (
    bot_stream, give_mission, held_missions, log_ev, mission_points, owned_characters,
    refill_display, restock_bastille, unarmed_count, unarmed_penalty)
from kernels.bastille.moves import location_order, next_to_place, track_order
from kernels.bastille.bots import (
    choose_catacomb, choose_character, choose_mission, choose_pile, choose_upgrade,
    choose_versailles, choose_weapon, own_end_points)


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


@njit(cache=True, _nrt=False, inline="always")
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
    else:
        st[G_TURN] = q


@njit(cache=True, _nrt=False, inline="always")
def evaluate_location(tb, st, rng, loc, W, log):
    """Resolve every tile on loc in order (higher tile first, then the earlier placed), each
    by the location's own rule below; the tiles go back to their owners. Returns the number
    of tiles resolved."""
    k = location_order(st, loc)
    log_ev(st, log, EV_EVAL, -1, loc, k, 0, 0)
    if loc == L_BANQUE:
        resolve_banque(tb, st, rng, k, log)
    elif loc == L_NOTRE_DAME:
        resolve_notre_dame(tb, st, rng, k, log)
    elif loc == L_VERSAILLES:
        resolve_versailles(tb, st, rng, k, W, log)
    elif loc == L_CATACOMBES:
        resolve_catacombes(tb, st, rng, k, log)
    elif loc == L_PLACE_LOUIS:
        resolve_place_louis(tb, st, rng, k, W, log)
    elif loc == L_BASTILLE:
        resolve_bastille(tb, st, rng, k, log)
    elif loc == L_ETATS:
        resolve_etats_generaux(tb, st, rng, k, W, log)
    st[BN + loc] = 0
    for u in range(MAXV + 1):
        st[BGE + loc * (MAXV + 1) + u] = 0
    return k


@njit(cache=True, _nrt=False, inline="always")
def return_tile(st, loc, pos):
    """The tile that acts pos-th at loc (after location_order) returns in front of its
    owner: (owner, tile value)."""
    slot = st[SCR_ORDER + pos]
    v = st[BVAL + loc * MAXS + slot]
    p = st[BOWN + loc * MAXS + slot]
    st[PL + p * NPF + P_HAND + v] += 1
    return p, v


@njit(cache=True, _nrt=False, inline="always")
def resolve_banque(tb, st, rng, k, log):
    """Banque de Paris: coins for each tile's value; the first takes the start player marker."""
    for pos in range(k):
        p, v = return_tile(st, L_BANQUE, pos)
        c = tb[T_BANQUE] * v
        take_coins(tb, st, rng, p, c)
        log_ev(st, log, EV_GAIN, p, K_COINS, c, SRC_LOCATION, 0)
        if pos == 0:
            st[G_START] = p
            log_ev(st, log, EV_START, p, 0, 0, 0, 0)


@njit(cache=True, _nrt=False, inline="always")
def resolve_notre_dame(tb, st, rng, k, log):
    """Notre Dame: each tile is upgraded by one; the first also scores points."""
    for pos in range(k):
        p, v = return_tile(st, L_NOTRE_DAME, pos)
        nv = upgrade_tile(tb, st, rng, p, v)
        log_ev(st, log, EV_UPGRADE, p, v, nv, 0, 0)
        if pos == 0:
            st[PL + p * NPF + P_VP] += tb[T_ND_VP]
            log_ev(st, log, EV_POINTS, p, PT_NOTRE_DAME, tb[T_ND_VP], 0, 0)


@njit(cache=True, _nrt=False, inline="always")
def resolve_versailles(tb, st, rng, k, W, log):
    """Versailles: the first tile chooses a side of the round's tile, the second gets the
    other side."""
    vt = st[VERS + st[G_VERS_TOP]] if st[G_VERS_TOP] < tb[T_NVERS] else -1
    vers_taken = -1
    for pos in range(k):
        p, v = return_tile(st, L_VERSAILLES, pos)
        if vt >= 0 and pos < 2:
            if pos == 0:
                side = choose_versailles(tb, st, rng, p, vt, W)
                vers_taken = side
            else:
                side = 1 - vers_taken
            gain(tb, st, rng, p, tb[T_VK + vt * 2 + side], tb[T_VN + vt * 2 + side], np.int64(SRC_VERSAILLES), W, log)


@njit(cache=True, _nrt=False, inline="always")
def resolve_catacombes(tb, st, rng, k, log):
    """Catacombes: the first tiles put henchmen from the supply into the bag."""
    for pos in range(k):
        p, v = return_tile(st, L_CATACOMBES, pos)
        if pos < tb[T_N_CATH]:
            got = henchmen_to_bag(tb, st, rng, p, tb[T_CAT_HENCH + pos])
            log_ev(st, log, EV_GAIN, p, K_HENCHMEN, got, SRC_LOCATION, 0)


@njit(cache=True, _nrt=False, inline="always")
def resolve_place_louis(tb, st, rng, k, W, log):
    """Place Louis: each tile may buy a character from the display for its price less the
    tile's value, or take none."""
    for pos in range(k):
        p, v = return_tile(st, L_PLACE_LOUIS, pos)
        j = choose_character(tb, st, rng, p, v, W)
        if j < 0:
            log_ev(st, log, EV_FORFEIT, p, v, 0, 0, 0)
        else:
            c = st[DISP + j]
            price = tb[T_CH_COST + c] - v
            if price < 0:
                price = 0
            pay_coins(tb, st, rng, p, price)
            st[DISP + j] = -1
            add_character(tb, st, rng, p, c)
            log_ev(st, log, EV_BUY, p, c, price, v, 0)


@njit(cache=True, _nrt=False, inline="always")
def resolve_bastille(tb, st, rng, k, log):
    """Bastille: the first tiles move their owners' markers by the tile's value plus the
    place's extra steps."""
    for pos in range(k):
        p, v = return_tile(st, L_BASTILLE, pos)
        if pos < tb[T_N_BASX]:
            move_bastille(tb, st, rng, p, v + tb[T_BAS_EXTRA + pos], log)


@njit(cache=True, _nrt=False, inline="always")
def resolve_etats_generaux(tb, st, rng, k, W, log):
    """Etats Generaux: coins for the first tile, a mission for every tile. Secret Mission
    variant: the first chooses a pile, the second takes from the other, the rest choose."""
    other_pile = AT_DECK
    for pos in range(k):
        p, v = return_tile(st, L_ETATS, pos)
        if pos == 0:
            take_coins(tb, st, rng, p, tb[T_ETATS])
            log_ev(st, log, EV_GAIN, p, K_COINS, tb[T_ETATS], SRC_LOCATION, 0)
        pile = AT_DECK
        if tb[T_SECRET] != 0:
            if pos == 0:
                pile = choose_pile(tb, st, rng, p, W)
                other_pile = AT_PILE_B if pile == AT_DECK else AT_DECK
            elif pos == 1:
                pile = other_pile
            else:
                pile = choose_pile(tb, st, rng, p, W)
        take_mission(tb, st, rng, p, pile, W, log)


@njit(cache=True, _nrt=False)
def gain(tb, st, rng, p, kind, amount, src, W, log):
    """Player p receives a bonus of one kind (Versailles, flags, catacombs). Callers pass src
    as np.int64: a bare SRC_* constant would compile one copy of gain per source (it only
    goes into the log)."""
    got = amount
    if kind == K_COINS:
        take_coins(tb, st, rng, p, amount)
    elif kind == K_VP:
        st[PL + p * NPF + P_VP] += amount
    elif kind == K_BASTILLE:
        log_ev(st, log, EV_GAIN, p, kind, amount, src, 0)
        move_bastille(tb, st, rng, p, amount, log)
        return amount
    elif kind == K_HENCHMEN:
        got = henchmen_to_bag(tb, st, rng, p, amount)
    elif kind == K_TORCH:
        got = take_torches(tb, st, rng, p, amount)
    elif kind == K_UPGRADE:
        got = 0
        for _ in range(amount):
            v = choose_upgrade(tb, st, rng, p, W)
            if v > 0:
                upgrade_tile(tb, st, rng, p, v)
                got += 1
    elif kind == K_CHARACTER:
        got = 0
        for _ in range(amount):
            k = st[G_DECK_TOP]
            if k < tb[T_NCHARS]:
                c = st[DECK + k]
                st[G_DECK_TOP] = k + 1
                add_character(tb, st, rng, p, c)
                got += 1
                log_ev(st, log, EV_BUY, p, c, 0, 0, 0)
                if tb[T_CH_GROUP + c] == GR_MONK and st[G_SCORING] == 2:
                    assign_monks(tb, st, rng, p, W, log)
    elif kind == K_MISSION:
        got = 0
        for _ in range(amount):
            pile = AT_DECK
            if tb[T_SECRET] != 0:
                pile = choose_pile(tb, st, rng, p, W)
            if take_mission(tb, st, rng, p, pile, W, log):
                got += 1
    if kind != K_MISSION and kind != K_CHARACTER:
        log_ev(st, log, EV_GAIN, p, kind, got, src, 0)
    return got


@njit(cache=True, _nrt=False)
def take_mission(tb, st, rng, p, pile, W, log):
    """p looks through the deck (or one pile) and keeps a mission it does not hold yet."""
    m = choose_mission(tb, st, rng, p, pile, W)
    if m < 0:
        return False
    give_mission(tb, st, rng, p, m)
    log_ev(st, log, EV_MISSION, p, m, pile, 0, 0)
    return True


@njit(cache=True, _nrt=False)
def score_flags(tb, st, rng, W, log):
    """The round's bonus tile: most flags takes the larger bonus, second most the smaller;
    ties go to the seat nearer the start player clockwise."""
    n = tb[T_NP]
    b = st[BONUS + st[G_ROUND]]
    start = st[G_START]
    # np.int64, not a bare -1: Numba would compile gain (and the monks and missions it calls)
    # once more for a seat typed as the constant -1
    first = np.int64(-1)
    second = np.int64(-1)
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
    if first >= 0:
        log_ev(st, log, EV_FLAGS, first, st[PL + first * NPF + P_FLAGS], 1, 0, 0)
        gain(tb, st, rng, first, tb[T_BK + b], tb[T_BF + b], np.int64(SRC_FLAGS), W, log)
    if second >= 0:
        log_ev(st, log, EV_FLAGS, second, st[PL + second * NPF + P_FLAGS], 2, 0, 0)
        gain(tb, st, rng, second, tb[T_BK + b], tb[T_BS + b], np.int64(SRC_FLAGS), W, log)


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
def end_of_placing(tb, st, rng, W, log):
    """Phase 2 and 3 of a round, and the scorings; then the next round begins."""
    for loc in range(N_LOC):
        evaluate_location(tb, st, rng, loc, W, log)
    score_flags(tb, st, rng, W, log)
    r = st[G_ROUND]
    if r + 1 >= tb[T_ROUNDS]:
        final_scoring(tb, st, rng, W, log)
        return
    prepare_round(tb, st, rng, log)
    if r + 1 == tb[T_INTERIM]:
        interim_scoring(tb, st, rng, W, log)
    st[G_ROUND] = r + 1
    st[G_PHASE] = PH_PLACE
    st[G_TURN] = st[G_START]
    log_ev(st, log, EV_ROUND, -1, r + 2, 0, 0, 0)


@njit(cache=True, _nrt=False)
def interim_scoring(tb, st, rng, W, log):
    st[G_SCORING] = 1
    log_ev(st, log, EV_SCORING, -1, 1, 0, 0, 0)
    score_gems_and_crowns(tb, st, rng, tb[T_CROWNS + 0], log)
    score_catacombs(tb, st, rng, False, W, log)
    score_bastille(tb, st, rng, True, W, log)
    st[G_SCORING] = 0


@njit(cache=True, _nrt=False)
def final_scoring(tb, st, rng, W, log):
    n = tb[T_NP]
    st[G_SCORING] = 2
    log_ev(st, log, EV_SCORING, -1, 2, 0, 0, 0)
    start = st[G_START]
    for k in range(1, n + 1):                 # monks: from the start player's right, anticlockwise
        p = (start - k) % n
        assign_monks(tb, st, rng, p, W, log)
    score_gems_and_crowns(tb, st, rng, tb[T_CROWNS + 1], log)
    score_catacombs(tb, st, rng, True, W, log)
    score_bastille(tb, st, rng, False, W, log)
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


@njit(cache=True, _nrt=False)
def score_catacombs(tb, st, rng, final, W, log):
    """Draw henchmen from the bag one at a time; each owner puts the cube on an untaken bonus.
    Interim: the left board's cubes go home, the right board's back into the bag.
    Final: the game board's bonuses, every cube goes home."""
    n = tb[T_NP]
    occ = st[CATOCC:CATOCC + 40]
    lo = tb[T_CAT_LO] if final else 0
    hi = tb[T_CAT_HI] if final else tb[T_CAT_LO]
    for i in range(lo, hi):
        occ[i] = -1
    cs = CHANCE
    for _ in range(tb[T_CAT_DRAWS]):
        total = 0
        for p in range(n):
            total += st[PL + p * NPF + P_HBAG]
        if total == 0:
            break
        r = below(rng, cs, total)
        owner = 0
        for p in range(n):
            if r < st[PL + p * NPF + P_HBAG]:
                owner = p
                break
            r -= st[PL + p * NPF + P_HBAG]
        st[PL + owner * NPF + P_HBAG] -= 1
        slot = choose_catacomb(tb, st, rng, owner, lo, hi, W)
        log_ev(st, log, EV_DRAW, owner, owner, slot, 0, 0)
        if slot < 0:
            st[PL + owner * NPF + P_HSUP] += 1
            continue
        occ[slot] = owner
        st[PL + owner * NPF + P_CATCUBES] += 1
        gain(tb, st, rng, owner, tb[T_CK + slot], tb[T_CN + slot], np.int64(SRC_CATACOMBS), W, log)
    for i in range(lo, hi):
        p = occ[i]
        if p >= 0:
            st[PL + p * NPF + P_CATCUBES] -= 1
            if tb[T_CB + i] != 0:
                st[PL + p * NPF + P_HBAG] += 1
            else:
                st[PL + p * NPF + P_HSUP] += 1
            occ[i] = -1


@njit(cache=True, _nrt=False)
def score_bastille(tb, st, rng, restock, W, log):
    """Track points, then weapons claimed from the front: two each, the last takes the rest."""
    n = tb[T_NP]
    order = st[SCR_TRACK:SCR_TRACK + MAXP]
    track_order(tb, st, rng, order)
    for p in range(n):
        pts = tb[T_BAS_PTS + st[PL + p * NPF + P_BPOS]]
        st[PL + p * NPF + P_VP] += pts
        log_ev(st, log, EV_POINTS, p, PT_BASTILLE, pts, 0, 0)
    for i in range(n):
        p = order[i]
        left = 0
        for t in range(N_WEAPONS):
            left += st[G_BW + t]
        take = tb[T_WTAKE] if i < n - 1 else left
        for _ in range(take):
            t = choose_weapon(tb, st, rng, p, W)
            if t < 0:
                break
            st[G_BW + t] -= 1
            st[PL + p * NPF + P_W + t] += 1
            log_ev(st, log, EV_WEAPON, p, t, 0, 0, 0)
    if restock:
        restock_bastille(tb, st, rng)


@njit(cache=True, _nrt=False)
def assign_monks(tb, st, rng, p, W, log):
    """p sorts each unassigned monk into a group (random bot: at random; others: the
    assignment that scores p's missions and weapons best, tried exhaustively)."""
    n_m = 0
    idx = st[SCR_MONK:SCR_MONK + MAXC]
    base = 0
    owned = owned_characters(tb, st, p)
    bits = owned
    while bits:
        c = lowest_bit(bits)
        bits &= bits - 1
        if tb[T_CH_GROUP + c] == GR_MONK and st[CGRP + c] < 0:
            idx[base + n_m] = c
            n_m += 1
    if n_m == 0:
        return
    st[G_DEC] += 1
    if st[SEATBOT + p] == BOT_RANDOM:
        for i in range(n_m):
            c = idx[base + i]
            gr = below(rng, bot_stream(p), N_GROUPS)
            st[CGRP + c] = gr
            st[PL + p * NPF + P_MONKAS + gr] += 1
            log_ev(st, log, EV_MONK, p, c, gr, 0, 0)
        return
    held = held_missions(tb, st, p)
    if n_m > MONKS_EXHAUSTIVE:
        # many monks: sort them one at a time, each to the group that scores best so far
        for i in range(n_m):
            c = idx[base + i]
            bg = 0
            bvl = -(1 << 40)
            for gr in range(N_GROUPS):
                st[CGRP + c] = gr
                st[PL + p * NPF + P_MONKAS + gr] += 1
                val = own_end_points(tb, st, rng, p, held, owned)
                st[PL + p * NPF + P_MONKAS + gr] -= 1
                if val > bvl:
                    bvl = val
                    bg = gr
            st[CGRP + c] = bg
            st[PL + p * NPF + P_MONKAS + bg] += 1
            log_ev(st, log, EV_MONK, p, c, bg, 0, 0)
        return
    combos = 1
    for i in range(n_m):
        combos *= N_GROUPS
    best = -1 << 30
    bcode = 0
    for code in range(combos):
        x = code
        for i in range(n_m):
            gr = x % N_GROUPS
            x //= N_GROUPS
            st[CGRP + idx[base + i]] = gr
            st[PL + p * NPF + P_MONKAS + gr] += 1
        val = own_end_points(tb, st, rng, p, held, owned)
        for i in range(n_m):
            gr = st[CGRP + idx[base + i]]
            st[PL + p * NPF + P_MONKAS + gr] -= 1
        if val > best:
            best = val
            bcode = code
    x = bcode
    for i in range(n_m):
        gr = x % N_GROUPS
        x //= N_GROUPS
        c = idx[base + i]
        st[CGRP + c] = gr
        st[PL + p * NPF + P_MONKAS + gr] += 1
        log_ev(st, log, EV_MONK, p, c, gr, 0, 0)
