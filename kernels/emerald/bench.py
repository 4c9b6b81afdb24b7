"""Compiled loops behind ``balance bench``'s Emerald kernel figures: legal-action generation
(the hot search the design names for this game) over a set of recorded positions."""
from numba import njit

from kernels.emerald.moves import list_free, list_moves


@njit(cache=True, _nrt=False)
def bench_moves(states, seats, n, tables, pos, mv, reps):
    """Generate every legal action and free action of seats[i] in states[i], reps times over.
    Returns the rows generated (so the work cannot be skipped)."""
    rows = 0
    for _ in range(reps):
        for i in range(states.shape[0]):
            st = states[i]
            rows += list_moves(st, n, seats[i], True, tables, pos, mv)
            rows += list_free(st, n, seats[i], tables, mv, 0)
    return rows
