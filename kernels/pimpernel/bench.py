"""Compiled loops behind `balance bench`'s Pimpernel kernel figures: route searches and
legal-move generations per second (timed by the glue's kernel_bench)."""

import numpy as np
from numba import njit

from kernels.pimpernel.layout import LOGW, MAXDECK
from kernels.pimpernel.state import setup_game
from kernels.pimpernel.moves import route_search
from kernels.pimpernel.rules import gen_main


@njit(cache=True)
def route_loop(RS, RM, nloc, owner_masks, n, reps, out_complete, out_cubes):
    """reps route searches over a spread of location pairs; returns the routes seen."""
    tot = 0
    for i in range(reps):
        src = i % nloc
        dst = (i * 7 + 3) % nloc
        tot += route_search(RS, RM, src, dst, owner_masks, n, out_complete, out_cubes)
    return tot


@njit(cache=True)
def movegen_loop(K, n, reps, s, moves, tmp, rng):
    """reps legal-move generations for the seats in turn, on a fresh deal."""
    tot = 0
    setup_game(s, K, n, rng, np.zeros(2 * MAXDECK, np.int64))
    log = np.zeros((1, LOGW), np.int64)
    nlog = np.zeros(1, np.int64)
    for i in range(reps):
        tot += gen_main(s, K, i % n, moves, tmp, log, nlog)
    return tot
