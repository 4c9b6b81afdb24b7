"""Compiled loops behind ``balance bench``'s Bastille figure: location evaluations per
second on mid-game positions."""

import numpy as np
from numba import njit, prange

from kernels.common import borrow
from kernels.rng import CHANCE, seed_streams
from kernels.bastille.layout import (
    BN, BOT_GREEDY, G_PHASE, G_ROUND, G_TURN, MAXP, N_LOC, PH_END, PH_PLACE, SEATBOT, T_ROUNDS)
from kernels.bastille.state import setup_game
from kernels.bastille.bots import choose_placement
from kernels.bastille.rules import advance_turn, end_of_placing, evaluate_location, place_tile


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
                           borrow(logs[g]))


@njit(cache=True, _nrt=False)
def bench_play_to_eval(tb, st, rng, W, fs, log):
    setup_game(tb, st, rng, CHANCE)
    while st[G_PHASE] != PH_END:
        if st[G_PHASE] == PH_PLACE:
            p = st[G_TURN]
            v, loc = choose_placement(tb, st, rng, p, W, fs)
            place_tile(tb, st, rng, p, v, loc, log)
            advance_turn(tb, st, rng)
        elif st[G_ROUND] >= min(2, tb[T_ROUNDS] - 1):
            break
        else:
            end_of_placing(tb, st, rng, W, log)


@njit(cache=True)
def bench_locations(tables, scratch, W, games, reps):
    """Evaluate the seven locations of the first games prepared games reps times (tiles are
    put back on the board after each pass; the players' state drifts, which the timing does
    not mind). Returns the evaluations made."""
    tb = tables[0]
    st, rng, logs = scratch[0], scratch[1], scratch[3]
    nb = np.zeros(N_LOC, np.int64)
    count = 0
    for g in range(games):
        log = logs[g]
        for _ in range(reps):
            for loc in range(N_LOC):
                nb[loc] = st[g, BN + loc]
            for loc in range(N_LOC):
                evaluate_location(borrow(tb), borrow(st[g]), borrow(rng[g]), loc, borrow(W),
                                  borrow(log))
                count += 1
            for loc in range(N_LOC):
                st[g, BN + loc] = nb[loc]
    return count
