"""Scoring: the flags at the end of every round, and the interim and final scorings - gems
and crowns, the catacomb draws, the Bastille track and its weapons, and the final points
(characters, missions, henchmen, coins, unarmed characters)."""

import numpy as np
from numba import njit

from kernels.common import lowest_bit
from kernels.rng import CHANCE, below
from kernels.bastille.layout import (
    BONUS, CATOCC, DEC_CATACOMB, DEC_WEAPON, EV_DRAW, EV_FLAGS, EV_POINTS, EV_UNARMED, G_DEC,
    G_FLAG1, G_FLAG2, G_GSEAT, G_PHASE, G_POS, G_ROUND, G_START, G_SUB, MAXP, NPF, PH_END, PL,
    PT_BASTILLE, PT_CHARACTERS, PT_COINS, PT_CROWNS, PT_GEMS, PT_HENCHMEN, PT_MISSION, P_BPOS,
    P_CATCUBES, P_COINS, P_CROWNS, P_CVP, P_FLAGS, P_GEMS, P_HBAG, P_HSUP, P_MISVP, P_UNARMED,
    P_VP, SCR_TRACK, SRC_FLAGS, T_BAS_PTS, T_BF, T_BK, T_BS, T_CAT_DRAWS, T_CAT_HI, T_CAT_LO,
    T_CB, T_CPV, T_CROWN_MIN, T_FLAG_MIN, T_GEM_VP, T_HENCH_VP, T_NP, T_WTAKE)
from kernels.bastille.state import (
    bastille_weapons, held_missions, log_ev, mission_points, owned_characters, restock_bastille,
    unarmed_count, unarmed_penalty)
from kernels.bastille.moves import track_order
from kernels.bastille.bonuses import gain, next_step, pose


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
