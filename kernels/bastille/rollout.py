"""The rollout bot: flat Monte Carlo over placements, each played out by greedy players on
a re-deal of what the seat cannot see."""

import numpy as np
from numba import njit

from kernels.common import borrow, lowest_bit
from kernels.rng import CHANCE, below, next_u64, shuffle
from kernels.bastille.layout import (
    BONUS, BOT_GREEDY, DEC_MISSION, DEC_NONE, BPOOL, DECK, G_C0, G_DEC, G_DECK_TOP, G_LOGON, G_PHASE, G_ROUND,
    G_KIND, G_SEAT, G_TURN, G_VERS_TOP, G_WTOP, MLOC, MORD, NPF, N_LOC, PH_END, PH_PLACE, PL, P_HAND, P_HELD,
    P_MISMASK, P_VP, SCR_MPLACE, SEATBOT, ST_SIZE, T_CH_DECK, T_MAXV, T_MN, T_NBONUS, T_NCHARS, T_NEND,
    T_NMIS, T_NP, T_NPOOL, T_NVERS, T_ROUNDS, T_SPACES, VERS, WPOOL, W_ROLLOUT_N)
from kernels.bastille.state import bot_stream
from kernels.bastille.bots import choose_option
from kernels.bastille.values import forget_values
from kernels.bastille.rules import apply, options


@njit(cache=True, _nrt=False)
def sort_range(a, lo, hi):
    """Insertion sort of a[lo:hi] (small ranges)."""
    for i in range(lo + 1, hi):
        x = a[i]
        j = i
        while j > lo and a[j - 1] > x:
            a[j] = a[j - 1]
            j -= 1
        a[j] = x


REDEAL_TRIES = 8      # shuffles of the unseen missions tried before a hand may hold two copies


@njit(cache=True, _nrt=False)
def deal_unseen_missions(tb, d, p, k, last):
    """Deal the shuffled cards d[MORD..+k] to the places d[SCR_MPLACE..+k]: each opponent's
    place, in seat order, takes the first card left that its hand holds no copy of, and the
    piles take the rest. False when a hand finds no such card (unless last: then it takes
    the first card left, a second copy, rather than leave the deal unfinished)."""
    for q in range(tb[T_NP]):
        if q != p:
            d[PL + q * NPF + P_MISMASK] = 0
            d[PL + q * NPF + P_HELD] = 0
    taken = 0
    for j in range(k):
        q = d[SCR_MPLACE + j]
        if q < 0:
            continue
        pick = -1
        for i in range(k):
            if (taken >> i) & 1 == 0 and (d[PL + q * NPF + P_MISMASK] >> tb[T_MN + d[MORD + i]]) & 1 == 0:
                pick = i
                break
        if pick < 0:
            if not last:
                return False
            pick = lowest_bit(~taken)      # the first card left: a second copy
        taken |= 1 << pick
        m = d[MORD + pick]
        d[MLOC + m] = q
        d[PL + q * NPF + P_MISMASK] |= 1 << tb[T_MN + m]
        d[PL + q * NPF + P_HELD] |= 1 << m
    for j in range(k):
        q = d[SCR_MPLACE + j]
        if q < 0:
            i = lowest_bit(~taken)
            taken |= 1 << i
            d[MLOC + d[MORD + i]] = q
    return True


@njit(cache=True, _nrt=False)
def redeal(tb, d, drng, p, s):
    """Re-deal everything seat p cannot see, from stream s of drng: the character deck below
    the display, the face-down weapons, the Versailles stack, the future bonus tiles and
    every mission card p does not hold (opponents keep their counts, piles their sizes)."""
    n = tb[T_NCHARS]
    a = d[G_DECK_TOP]
    while a < n:                                # each letter's cards stay in its own part of
        b = a + 1                               # the deck (A above B above C is public)
        while b < n and tb[T_CH_DECK + d[DECK + b]] == tb[T_CH_DECK + d[DECK + a]]:
            b += 1
        sort_range(d, DECK + a, DECK + b)       # forget the real order, then deal anew
        shuffle(drng, s, d[DECK + a:DECK + b], b - a)
        a = b
    w0 = d[G_WTOP]
    sort_range(d, WPOOL + w0, WPOOL + tb[T_NPOOL])
    shuffle(drng, s, d[WPOOL + w0:WPOOL + tb[T_NPOOL]], tb[T_NPOOL] - w0)
    v0 = d[G_VERS_TOP] + 1
    if v0 < tb[T_NVERS]:
        sort_range(d, VERS + v0, VERS + tb[T_NVERS])
        shuffle(drng, s, d[VERS + v0:VERS + tb[T_NVERS]], tb[T_NVERS] - v0)
    # bonus tiles of the rounds to come: any regular tile not face up yet may lie there
    r0 = d[G_ROUND] + 1
    if r0 < tb[T_ROUNDS] - 1:
        k = 0
        for b in range(tb[T_NBONUS]):
            seen = False
            for r in range(r0):
                if d[BONUS + r] == b:
                    seen = True
            if not seen:
                d[BPOOL + k] = b
                k += 1
        shuffle(drng, s, d[BPOOL:BPOOL + k], k)
        for r in range(r0, tb[T_ROUNDS] - 1):
            d[BONUS + r] = d[BPOOL + r - r0]
    if r0 <= tb[T_ROUNDS] - 1:
        d[BONUS + tb[T_ROUNDS] - 1] = tb[T_NBONUS] + below(drng, s, tb[T_NEND])
    # mission cards p does not hold: deal them anew to the same places (but for the pile p is
    # examining to take one: p sees it while the choice is pending)
    examined = d[G_C0] if d[G_KIND] == DEC_MISSION and d[G_SEAT] == p else p
    k = 0
    for m in range(tb[T_NMIS]):
        if d[MLOC + m] != p and d[MLOC + m] != examined:
            d[MORD + k] = m
            d[SCR_MPLACE + k] = d[MLOC + m]  # where the k-th unseen card was
            k += 1
    sort_range(d, SCR_MPLACE, SCR_MPLACE + k)   # the places, in a canonical order
    for attempt in range(REDEAL_TRIES):
        shuffle(drng, s, d[MORD:MORD + k], k)
        if deal_unseen_missions(tb, d, p, k, attempt == REDEAL_TRIES - 1):
            break


@njit(cache=True, _nrt=False)
def redeal_hidden(tables, st, seat, rng):
    """The contract's no-peek hook: re-deal everything seat cannot see in the state row st,
    from the chance stream of rng (as the rollout bot's playouts do). The rows are borrowed
    as the playouts pass them, so a caller from Python reuses the compiled redeal."""
    redeal(borrow(tables[0]), borrow(st), borrow(rng), seat, CHANCE)


@njit(cache=True, _nrt=False)
def play_rest(tb, st, rng, W, fs, buf, kind, log):
    """Play on to the end with bots that never roll out (used by playouts): the game loop."""
    while kind != DEC_NONE:
        k = options(tb, st, buf)
        kind = apply(tb, st, rng, buf[choose_option(tb, st, rng, W, fs, buf, k)], log)


@njit(cache=True, _nrt=False)
def rollout_placement(tb, st, rng, p, W, fs, buf, k, d, drng, dfs, dbuf, dummy):
    """Flat Monte Carlo: each placement option (buf[:k]) gets N playouts by greedy players
    on re-dealt hidden information; the best mean margin over the best rival wins. Returns
    the option's index."""
    nplay = int(W[W_ROLLOUT_N])
    if nplay < 1:
        nplay = 1
    s = bot_stream(p)
    best = -1e300
    bi = 0
    for i in range(k):
        tot = 0.0
        for _ in range(nplay):
            for j in range(ST_SIZE):
                d[j] = st[j]
            forget_values(dfs)
            seedv = next_u64(rng, s)
            for j in range(drng.shape[0]):
                drng[j] = seedv + np.uint64(j) * np.uint64(0x9E3779B97F4A7C15)
            redeal(tb, d, drng, p, CHANCE)
            d[G_LOGON] = 0
            for q in range(tb[T_NP]):
                d[SEATBOT + q] = BOT_GREEDY
            kind = apply(tb, d, drng, buf[i], dummy)
            play_rest(tb, d, drng, W, dfs, dbuf, kind, dummy)
            rival = -(1 << 40)
            for q in range(tb[T_NP]):
                if q != p:
                    rival = max(rival, d[PL + q * NPF + P_VP])
            tot += d[PL + p * NPF + P_VP] - rival
        x = tot / nplay
        if x > best:
            best = x
            bi = i
    return bi
