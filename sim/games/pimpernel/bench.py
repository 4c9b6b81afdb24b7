"""Kernel figures for `balance bench`: route searches and legal-move generation per second."""
from __future__ import annotations

import time

import numpy as np
from numba import njit

from kernels import pimpernel as kp
from kernels.rng import seed_streams


@njit(cache=True)
def _route_loop(RS, RM, nloc, owner_masks, n, reps, out_complete, out_cubes):
    tot = 0
    for i in range(reps):
        src = i % nloc
        dst = (i * 7 + 3) % nloc
        tot += kp.route_search(RS, RM, src, dst, owner_masks, n, out_complete, out_cubes)
    return tot


@njit(cache=True)
def _movegen_loop(K, n, reps, s, moves, tmp, rng):
    tot = 0
    kp.setup(s, K, n, rng, np.zeros(2 * kp.MAXDECK, np.int64))
    for i in range(reps):
        tot += kp.gen_main(s, K, i % n, moves, tmp)
    return tot


def bench(c, seconds: float = 0.5) -> dict[str, float]:
    n = c.n_players
    nloc = int(c.K[kp.K_NLOC])
    rng = np.empty(1 + n, np.uint64)
    seed_streams(rng, 1, 0)
    owner = np.zeros(kp.MAXP + 1, np.uint64)
    draw = np.random.default_rng(0)
    for sp in range(int(c.K[kp.K_NS])):
        if draw.random() < 0.4:
            p = int(draw.integers(n))
            owner[p] |= np.uint64(1 << sp)
            owner[n] |= np.uint64(1 << sp)
    maxr = int(np.max(np.diff(c.RS)))
    comp = np.zeros(maxr, np.bool_)
    cubes = np.zeros((maxr, n), np.int64)
    s = np.zeros(kp.S_SIZE, np.int64)
    mv = np.zeros((kp.MAXM, 4), np.int64)
    tmp = np.zeros((kp.MAXM, 4), np.int64)
    _route_loop(c.RS, c.RM, nloc, owner, n, 10, comp, cubes)
    _movegen_loop(c.K, n, 10, s, mv, tmp, rng)
    out = {}
    for name, fn in (("route_searches_per_s", lambda r: _route_loop(c.RS, c.RM, nloc, owner, n, r, comp, cubes)),
                     ("legal_move_gens_per_s", lambda r: _movegen_loop(c.K, n, r, s, mv, tmp, rng))):
        reps, el = 1000, 0.0
        while True:
            t = time.perf_counter()
            fn(reps)
            el = time.perf_counter() - t
            if el > seconds / 4:
                break
            reps *= 4
        out[name] = reps / el
    return out
