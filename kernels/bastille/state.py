"""The rulebook's set-up (``setup_game``, with the steps the rules repeat later: restocking
the Bastille, refilling the display, giving a mission), then the pure queries rules and bots
both read: rounds and scorings left, a seat's groups, weapons and unarmed characters, the
missions' points."""

from numba import njit

from kernels.common import lowest_bit, write_event
from kernels.rng import BOT0, below, shuffle
from kernels.bastille.layout import (
    DEC_NONE, G_GSEAT, G_KIND, G_MSEAT, G_POS, G_SEAT, G_STEP, G_STOP, G_TSEAT, S_NEVER, S_NONE,
    AT_DECK, AT_DISPLAY, AT_PILE_B, BN, BONUS, BPOOL, CATOCC, CGRP, CLOC, DECK, DISP, GR_MONK,
    G_BANK, G_BW, G_DECK_TOP, G_FIRST, G_LOGN, G_LOGON, G_PHASE, G_ROUND, G_SCORING, G_START,
    G_TORCH, G_TURN, G_WTOP, MIS_VALS, MK_MAX, MK_SERIES, MLOC, MORD, MT_CROWNS, MT_WEAPONS,
    NPF, N_GROUPS, N_LOC, N_WEAPONS, PH_PLACE, PL, P_ARMED, P_BSTAMP, P_COINS, P_CROWNS, P_GEMS,
    P_GRP, P_HAND, P_HELD, P_HSUP, P_MISMASK, P_MONKAS, P_NEED, P_NMIS, P_OWNED, P_SUP, P_TORCH,
    P_W, SCR, SEATBOT, ST_SIZE, T_BANK, T_BAS_WEAP, T_CH_COST, T_CH_DECK, T_CH_GROUP, T_DISPLAY,
    T_GWEAP, T_HENCH, T_INTERIM, T_MAXV, T_MAX_MIN, T_MF, T_MK, T_MN, T_MS, T_MT, T_MV, T_NBONUS, T_NCHARS,
    T_NEND, T_NMIS, T_NP, T_NPOOL, T_NVERS, T_N_UNARMED, T_ROUNDS, T_SECRET, T_START_COINS,
    T_START_HAND, T_START_MIS, T_TILE_SET, T_TORCHES, T_UNARMED, T_WPOOL, VERS, WPOOL)


@njit(cache=True, _nrt=False, inline="always")
def log_ev(st, log, ev, p, a, b, c, d):
    """An event row (layout's EV_*), only while the trace's log is on."""
    if st[G_LOGON] != 0:
        st[G_LOGN] = write_event(log, st[G_LOGN], ev, p, a, b, c, d)


@njit(cache=True, _nrt=False, inline="always")
def seat_at(p, f):
    """Offset of seat p's field f (P_*) in the state row."""
    return PL + p * NPF + f


@njit(cache=True, _nrt=False, inline="always")
def coins(st, p):
    return st[PL + p * NPF + P_COINS]


@njit(cache=True, _nrt=False, inline="always")
def tiles_in_hand(st, p, v):
    """p's influence tiles of value v in front of it (not placed)."""
    return st[PL + p * NPF + P_HAND + v]


@njit(cache=True, _nrt=False, inline="always")
def bastille_weapons(st):
    """Weapon tokens face up in the Bastille."""
    k = 0
    for t in range(N_WEAPONS):
        k += st[G_BW + t]
    return k


@njit(cache=True, _nrt=False, inline="always")
def mission_open(tb, st, p, m, pile):
    """Mission card m lies in pile and p holds no copy of it."""
    return st[MLOC + m] == pile and (st[PL + p * NPF + P_MISMASK] >> tb[T_MN + m]) & 1 == 0


@njit(cache=True, _nrt=False, inline="always")
def bot_stream(p):
    """Seat p's bot draws from a stream of its own: a bot never moves the deal."""
    return BOT0 + p


@njit(cache=True, _nrt=False)
def setup_game(tb, st, rng, cs):
    """Everything of the rulebook's set-up, drawn from the chance stream cs."""
    n = tb[T_NP]
    for i in range(SEATBOT):
        st[i] = 0
    for i in range(SCR, ST_SIZE):
        st[i] = 0
    for i in range(CATOCC, SEATBOT):
        st[i] = -1
    st[G_BANK] = tb[T_BANK]
    st[G_TORCH] = tb[T_TORCHES]
    # Versailles stack, bonus tiles, weapon pool
    for i in range(tb[T_NVERS]):
        st[VERS + i] = i
    shuffle(rng, cs, st[VERS:], tb[T_NVERS])
    for i in range(tb[T_NBONUS]):
        st[BPOOL + i] = i
    shuffle(rng, cs, st[BPOOL:], tb[T_NBONUS])
    for r in range(tb[T_ROUNDS] - 1):
        st[BONUS + r] = st[BPOOL + r]
    e = below(rng, cs, tb[T_NEND])
    st[BONUS + tb[T_ROUNDS] - 1] = tb[T_NBONUS] + e       # end bonus tiles follow the others
    k = 0
    for t in range(N_WEAPONS):
        for j in range(tb[T_WPOOL + t]):
            st[WPOOL + k] = t
            k += 1
    shuffle(rng, cs, st[WPOOL:], k)
    for t in range(N_WEAPONS):
        st[G_BW + t] = 0
    restock_bastille(tb, st, rng)
    # character deck: A on top of B on top of C, each shuffled
    k = 0
    for d in range(3):
        k0 = k
        for c in range(tb[T_NCHARS]):
            if tb[T_CH_DECK + c] == d:
                st[DECK + k] = c
                k += 1
        for i in range(k - k0 - 1, 0, -1):
            j = below(rng, cs, i + 1)
            t = st[DECK + k0 + i]
            st[DECK + k0 + i] = st[DECK + k0 + j]
            st[DECK + k0 + j] = t
    for c in range(tb[T_NCHARS]):
        st[CLOC + c] = AT_DECK
        st[CGRP + c] = -1
    refill_display(tb, st, rng)
    # missions
    for m in range(tb[T_NMIS]):
        st[MORD + m] = m
    shuffle(rng, cs, st[MORD:], tb[T_NMIS])
    half = (tb[T_NMIS] + 1) // 2
    for i in range(tb[T_NMIS]):
        m = st[MORD + i]
        st[MLOC + m] = AT_DECK
        if tb[T_SECRET] != 0 and i >= half:
            st[MLOC + m] = AT_PILE_B
    # start player and players
    start = below(rng, cs, n)
    st[G_START] = start
    st[G_FIRST] = start
    for k in range(n):
        p = (start + k) % n
        st[PL + p * NPF + P_COINS] = tb[T_START_COINS]
        st[G_BANK] -= tb[T_START_COINS]
        st[PL + p * NPF + P_HSUP] = tb[T_HENCH]
        st[PL + p * NPF + P_BSTAMP] = k - n       # markers on the start space in player order
        for v in range(1, tb[T_MAXV] + 1):
            st[PL + p * NPF + P_HAND + v] = tb[T_START_HAND + v]
            st[PL + p * NPF + P_SUP + v] = tb[T_TILE_SET + v] - tb[T_START_HAND + v]
    if tb[T_SECRET] == 0:
        i = 0
        for k in range(n):
            p = (start + k) % n
            for _ in range(tb[T_START_MIS]):
                while i < tb[T_NMIS]:
                    m = st[MORD + i]
                    i += 1
                    if st[MLOC + m] == AT_DECK and (st[PL + p * NPF + P_MISMASK] >> tb[T_MN + m]) & 1 == 0:
                        give_mission(tb, st, rng, p, m)
                        break
    for loc in range(N_LOC):
        st[BN + loc] = 0
    st[G_ROUND] = 0
    st[G_PHASE] = PH_PLACE
    st[G_TURN] = start
    no_pending(st)


@njit(cache=True, _nrt=False, inline="always")
def no_pending(st):
    """Nothing being resolved: tiles are placed, no bonus, mission or monk sort under way."""
    st[G_STEP] = S_NONE
    st[G_STOP] = S_NEVER
    st[G_POS] = -1
    st[G_GSEAT] = -1
    st[G_TSEAT] = -1
    st[G_MSEAT] = -1
    st[G_KIND] = DEC_NONE
    st[G_SEAT] = -1


@njit(cache=True, _nrt=False)
def restock_bastille(tb, st, rng):
    """Draw face-down weapon tokens into the Bastille."""
    for _ in range(tb[T_BAS_WEAP]):
        w = st[G_WTOP]
        if w >= tb[T_NPOOL]:
            break
        st[G_BW + st[WPOOL + w]] += 1
        st[G_WTOP] = w + 1


@njit(cache=True, _nrt=False)
def refill_display(tb, st, rng):
    for i in range(tb[T_DISPLAY]):
        st[DISP + i] = -1
        k = st[G_DECK_TOP]
        if k < tb[T_NCHARS]:
            c = st[DECK + k]
            st[G_DECK_TOP] = k + 1
            st[DISP + i] = c
            st[CLOC + c] = AT_DISPLAY


@njit(cache=True, _nrt=False, inline="always")
def give_mission(tb, st, rng, p, m):
    st[MLOC + m] = p
    st[PL + p * NPF + P_HELD] |= 1 << m
    st[PL + p * NPF + P_MISMASK] |= 1 << tb[T_MN + m]
    st[PL + p * NPF + P_NMIS] += 1


@njit(cache=True, _nrt=False, inline="always")
def rounds_left(tb, st, rng):
    """Rounds still to be played after the current one."""
    return tb[T_ROUNDS] - 1 - st[G_ROUND]


@njit(cache=True, _nrt=False, inline="always")
def scorings_left(tb, st, rng):
    """Interim/final scorings still to come (the one in progress included)."""
    sc = st[G_SCORING]
    if sc == 2:
        return 1
    if sc == 1 or st[G_ROUND] <= tb[T_INTERIM] - 1:
        return 2
    return 1


@njit(cache=True, _nrt=False, inline="always")
def group_count(st, p, gr):
    return st[PL + p * NPF + P_GRP + gr] + st[PL + p * NPF + P_MONKAS + gr]


@njit(cache=True, _nrt=False, inline="always")
def weapon_count(st, p):
    """Weapons for the max-weapons mission: tokens, torches and imprinted weapons."""
    k = st[PL + p * NPF + P_TORCH]
    for t in range(N_WEAPONS):
        k += st[PL + p * NPF + P_W + t] + st[PL + p * NPF + P_ARMED + t]
    return k


@njit(cache=True, _nrt=False, inline="always")
def target_value(st, p, tgt):
    if tgt < N_GROUPS:
        return group_count(st, p, tgt)
    if tgt == MT_CROWNS:
        return st[PL + p * NPF + P_CROWNS]
    if tgt == MT_WEAPONS:
        return weapon_count(st, p)
    return st[PL + p * NPF + P_GEMS]


@njit(cache=True, _nrt=False, inline="always")
def unarmed_count(tb, st, rng, p):
    """Characters left without a weapon once tokens and torches are assigned."""
    short = 0
    for t in range(N_WEAPONS):
        need = st[PL + p * NPF + P_NEED + t]
        for gr in range(N_GROUPS):
            if tb[T_GWEAP + gr] == t:
                need += st[PL + p * NPF + P_MONKAS + gr]
        d = need - st[PL + p * NPF + P_W + t]
        if d > 0:
            short += d
    short -= st[PL + p * NPF + P_TORCH]
    return short if short > 0 else 0


@njit(cache=True, _nrt=False, inline="always")
def unarmed_penalty(tb, k):
    if k >= tb[T_N_UNARMED]:
        return tb[T_UNARMED + tb[T_N_UNARMED] - 1]
    return tb[T_UNARMED + k]


@njit(cache=True, _nrt=False, inline="always")
def bit_count(x):
    k = 0
    while x:
        x &= x - 1
        k += 1
    return k


@njit(cache=True, _nrt=False, inline="always")
def owned_characters(tb, st, p):
    """Bit c set for each character card p owns, so series checks visit only p's cards."""
    return st[PL + p * NPF + P_OWNED]


@njit(cache=True, _nrt=False, inline="always")
def held_missions(tb, st, p):
    """Bit m set for each mission card p holds, so valuations visit only p's few cards."""
    return st[PL + p * NPF + P_HELD]


@njit(cache=True, _nrt=False, inline="always")
def series_wanted(tb, m):
    """Bit j set for each value j printed on series mission m."""
    bits = 0
    for j in range(MIS_VALS):
        if tb[T_MV + m * MIS_VALS + j] > 0:
            bits |= 1 << j
    return bits


@njit(cache=True, _nrt=False, inline="always")
def series_held(tb, st, m, owned, sorted_monks):
    """Bit j set when a character of owned (owned_characters) costs value j of series
    mission m and is of the mission's group or a monk (one sorted into that group when
    sorted_monks, else any)."""
    gr = tb[T_MT + m]
    bits = 0
    while owned:
        c = lowest_bit(owned)
        owned &= owned - 1
        cg = tb[T_CH_GROUP + c]
        if cg == gr or (cg == GR_MONK and (not sorted_monks or st[CGRP + c] == gr)):
            for j in range(MIS_VALS):
                if tb[T_MV + m * MIS_VALS + j] == tb[T_CH_COST + c]:
                    bits |= 1 << j
    return bits


@njit(cache=True, _nrt=False, inline="always")   # the monks' sort asks it per held mission and group
def mission_points(tb, st, rng, p, m, owned):
    """Points mission card m earns its holder p (owned: owned_characters) at the end (0 when
    not achieved)."""
    n = tb[T_NP]
    kind = tb[T_MK + m]
    if kind == MK_MAX:
        tgt = tb[T_MT + m]
        mine = target_value(st, p, tgt)
        if mine < tb[T_MAX_MIN]:                # a reading: see missions.max_min
            return 0
        d1 = 0
        for q in range(n):
            d1 = max(d1, target_value(st, q, tgt))
        if mine == d1:
            return tb[T_MF + m]
        d2 = 0
        for q in range(n):
            x = target_value(st, q, tgt)
            if x < d1 and x > d2:
                d2 = x
        if mine == d2:
            return tb[T_MS + m]
        return 0
    if kind == MK_SERIES:
        want = series_wanted(tb, m)
        if series_held(tb, st, m, owned, True) & want != want:
            return 0
        return tb[T_MF + m]
    # MK_EACH: at least mis_values[m, 0] cards of every group
    for gr in range(N_GROUPS):
        if group_count(st, p, gr) < tb[T_MV + m * MIS_VALS + 0]:
            return 0
    return tb[T_MF + m]
