"""Compiled loops behind ``balance bench``'s Bastille figure: location evaluations per
second on mid-game positions."""

import numpy as np
from numba import njit, prange

from kernels.common import borrow
from kernels.rng import CHANCE, seed_streams
from kernels.bastille.layout import (
    BN, BOT_GREEDY, DEC_NONE, G_ROUND, G_STOP, MAXP, N_LOC, SEATBOT, S_FLAGS, S_LOC, T_ROUNDS)
from kernels.bastille.state import setup_game
from kernels.bastille.bots import choose_option
from kernels.bastille.rules import advance, apply, options
from kernels.bastille.play import drive


@njit(cache=True, parallel=True)
def bench_prepare(tables, scratch, W, seed):
    """Play a game in every scratch row with greedy bots up to the evaluation phase of
    round 3."""
    tb = tables[0]
    st, rng, fs, logs = scratch[0], scratch[1], scratch[2], scratch[3]
    for i in prange(st.shape[0]):
        g = np.int64(i)
        seed_streams(rng[g], seed, g)
        for p in range(MAXP):
            st[g, SEATBOT + p] = BOT_GREEDY
        bench_play_to_eval(borrow(tb), borrow(st[g]), borrow(rng[g]), borrow(W), borrow(fs[g]),
                           borrow(scratch[7][g]), borrow(logs[g]))


@njit(cache=True, _nrt=False)
def bench_play_to_eval(tb, st, rng, W, fs, buf, log):
    setup_game(tb, st, rng, CHANCE)
    kind = advance(tb, st, rng, log)
    while kind > DEC_NONE:
        if st[G_ROUND] >= min(2, tb[T_ROUNDS] - 1):
            st[G_STOP] = S_LOC        # stop once the tiles of this round are placed
        k = options(tb, st, buf)
        kind = apply(tb, st, rng, buf[choose_option(tb, st, rng, W, fs, buf, k)], log)


@njit(cache=True)
def bench_locations(tables, scratch, W, games, reps):
    """Evaluate the seven locations of the first games prepared games reps times, the
    decisions asked of the bots (tiles are put back on the board after each pass; the
    players' state drifts, which the timing does not mind). Returns the evaluations made."""
    tb = tables[0]
    st, rng, fs, logs, bufs = scratch[0], scratch[1], scratch[2], scratch[3], scratch[7]
    nb = np.zeros(N_LOC, np.int64)
    count = 0
    for g in range(games):
        for _ in range(reps):
            for loc in range(N_LOC):
                nb[loc] = st[g, BN + loc]
            drive(borrow(tb), borrow(st[g]), borrow(rng[g]), borrow(W), borrow(fs[g]),
                  borrow(bufs[g]), borrow(logs[g]), S_LOC, S_FLAGS)
            count += N_LOC
            for loc in range(N_LOC):
                st[g, BN + loc] = nb[loc]
    return count
