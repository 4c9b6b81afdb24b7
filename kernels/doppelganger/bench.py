"""Compiled loops behind ``balance bench``'s doppelganger kernel figures."""
from numba import njit

from kernels.doppelganger.moves import reachable


@njit(cache=True, _nrt=False)
def bench_moves(dist, pdist, pads, starts, totals, out):
    """Move generations over the given (start, total) pairs; returns the reachable count."""
    c = 0
    for i in range(starts.shape[0]):
        reachable(dist[starts[i]], pdist, pads, 0, starts[i], totals[i], out, 2, 1)
        c += out[starts[i]]
    return c
