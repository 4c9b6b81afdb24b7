"""Toy kernel with known effects: chance draws the start player, one uniform u and one index k
for every game whatever the content, so two contents played on the same deal differ only
where their rules make them differ (the pairing sensitivity and tune rely on)."""
import numpy as np
from numba import njit

from kernels.common import no_winner, seat_bots, turn_positions
from kernels.threads import game_rows, over_rows
from kernels.rng import CHANCE, below, seed_streams, uniform

FINISHED, TURN_CAP = 0, 1


@njit(cache=True, nogil=True)
def play_rows(first, last, edge, nudge, dud, rounds, cap_chance, flip, bots, seed, game_index, rotation,
              score, rank, win, role, secret_role, position, turns, end_reason, metrics, decisions):
    """Games first..last-1 of the outputs (play_batch plays them all, in threads)."""
    n = score.shape[1]
    for g in range(first, last):
        rng = np.empty(1 + n, np.uint64)
        seed_streams(rng, seed, game_index[g])
        start = below(rng, CHANCE, n)
        u = uniform(rng, CHANCE)
        k = below(rng, CHANCE, n - 1)
        extra = below(rng, CHANCE, 3)
        capped = uniform(rng, CHANCE) < cap_chance
        sb = np.empty(n, np.int64)
        seat_bots(bots, rotation[g], sb)
        p0 = 1.0 / n + 0.02 * (edge - 3) + 0.002 * (nudge - 5) - (0.02 if flip else 0.0)
        winner = start if u < p0 else (start + 1 + k) % n
        for s in range(n):
            score[g, s] = dud + (1 if s == winner else 0)
            rank[g, s] = 1 if s == winner else 2
            win[g, s] = 1.0 if s == winner else 0.0
        if capped:
            no_winner(win[g], n)
        turn_positions(start, n, position[g])
        turns[g] = rounds + extra
        end_reason[g] = TURN_CAP if capped else FINISHED
        decisions[g] = 1


play_batch = over_rows(play_rows, game_rows)
