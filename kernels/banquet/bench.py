"""Compiled loops behind ``balance bench``'s Banquet kernel figures: legal-move generation
(who may switch with whom, the hot search of this game) over recorded positions."""
from numba import njit

from kernels.banquet.moves import list_moves


@njit(cache=True, _nrt=False)
def bench_moves(states, seats, tables, mv, reps):
    """Generate every legal move of seats[i] in states[i], reps times over; returns the rows
    generated (so the work cannot be skipped)."""
    rows = 0
    for _ in range(reps):
        for i in range(states.shape[0]):
            rows += list_moves(states[i], tables, seats[i], mv)
    return rows
