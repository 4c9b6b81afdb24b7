"""Helpers shared by every game kernel: seat rotation, ranking with tie-breaks, argmax."""
import numpy as np
from numba import njit


@njit(cache=True)
def seat_bots(bots, rotation, out):
    """Which bot plays each seat: rotation r moves the bot list r seats clockwise."""
    n = bots.shape[0]
    for s in range(n):
        out[s] = bots[(s - rotation) % n]


@njit(cache=True)
def rank_players(score, tiebreak, n, out_rank, out_win):
    """Rank by score, then by tiebreak (higher is better); players equal on both share.

    rank 1 is best; each of k tied winners gets win = 1/k.
    """
    n_top = 0
    for s in range(n):
        better = 0
        for o in range(n):
            if score[o] > score[s] or (score[o] == score[s] and tiebreak[o] > tiebreak[s]):
                better += 1
        out_rank[s] = better + 1
        if better == 0:
            n_top += 1
    for s in range(n):
        out_win[s] = 1.0 / n_top if out_rank[s] == 1 else 0.0


@njit(cache=True)
def argmax_first(values, n):
    """Index of the largest of the first n values; the first one wins ties."""
    best = 0
    for i in range(1, n):
        if values[i] > values[best]:
            best = i
    return best
