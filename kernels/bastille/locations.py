"""Phase 2 of a round, evaluating the locations: each of the seven in board order by its own
rule, its tiles acting in turn (``moves.location_order``) and going back to their owners. A
location that asks a seat (Versailles, Place Louis, Etats Generaux) records where it stands
in G_POS and returns; ``rules.advance`` resumes it."""

import numpy as np
from numba import njit

from kernels.bastille.layout import (
    AT_DECK, BGE, BN, BOWN, BVAL, DEC_CHARACTER, DEC_VERSAILLES, EV_EVAL, EV_GAIN, EV_POINTS,
    EV_START, EV_UPGRADE, G_GSEAT, G_OPILE, G_POS, G_START, G_VERS_TOP, G_VSIDE, G_VT, K_COINS,
    K_HENCHMEN, L_BANQUE, L_BASTILLE, L_CATACOMBES, L_ETATS, L_NOTRE_DAME, L_PLACE_LOUIS,
    L_VERSAILLES, MAXS, MAXV, NPF, PILE_ASK, PL, PT_NOTRE_DAME, P_HAND, P_VP, SCR_ORDER,
    SRC_LOCATION, SRC_VERSAILLES, T_BANQUE, T_BAS_EXTRA, T_CAT_HENCH, T_ETATS, T_ND_VP, T_NVERS,
    T_N_BASX, T_N_CATH, T_SECRET, T_VK, T_VN, VERS)
from kernels.bastille.state import log_ev
from kernels.bastille.moves import location_order
from kernels.bastille.bonuses import (
    gain, henchmen_to_bag, move_bastille, next_step, pose, start_take, take_coins, upgrade_tile)


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
