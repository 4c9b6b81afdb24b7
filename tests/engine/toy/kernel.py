"""Toy kernel: each round every seat sees a die it was dealt and keeps it or rerolls once.
A start player is drawn too (last, so the rest of the game is as before): the toy's
positions differ from its seats, as in games that draw the start player."""
import numpy as np
from numba import njit

from kernels.common import no_winner, rank_players, seat_bots, turn_positions
from kernels.threads import game_rows, over_rows
from kernels.rng import BOT0, CHANCE, below, seed_streams, uniform

RANDOM, GREEDY = 0, 1
FINISHED, TURN_CAP = 0, 1


@njit(cache=True)
def deal_one(rng, faces, rounds, n, dealt):
    for r in range(rounds):
        for s in range(n):
            dealt[r, s] = 1 + below(rng, CHANCE, faces)


@njit(cache=True, nogil=True)
def play_rows(first, last, faces, rounds, cap_chance, threshold, bots, seed, game_index, rotation,
              score, rank, win, role, secret_role, position, turns, end_reason, metrics, decisions):
    """Games first..last-1 of the outputs (play_batch plays them all, in threads)."""
    n = score.shape[1]
    for g in range(first, last):
        rng = np.empty(1 + n, np.uint64)
        seed_streams(rng, seed, game_index[g])
        dealt = np.empty((rounds, n), np.int64)
        deal_one(rng, faces, rounds, n, dealt)
        sb = np.empty(n, np.int64)
        seat_bots(bots, rotation[g], sb)
        capped = uniform(rng, CHANCE) < cap_chance
        played = rounds // 2 if capped else rounds
        tb = np.zeros(n, np.int64)
        sc = np.zeros(n, np.int64)
        d = 0
        for r in range(played):
            for s in range(n):
                v = dealt[r, s]
                reroll = uniform(rng, BOT0 + s) < 0.5 if sb[s] == RANDOM else v < threshold
                d += 1
                if reroll:
                    v = 1 + below(rng, CHANCE, faces)
                    metrics[g, s, 0] += 1.0
                sc[s] += v
        for s in range(n):
            score[g, s] = sc[s]
            tb[s] = n - s
            role[g, s] = dealt[0, s] % 2
        rank_players(score[g], tb, n, rank[g], win[g])
        if capped:
            no_winner(win[g], n)
        turn_positions(below(rng, CHANCE, n), n, position[g])
        turns[g] = played
        end_reason[g] = TURN_CAP if capped else FINISHED
        decisions[g] = d


@njit(cache=True)
def deal(faces, rounds, n, seed, game_index):
    rng = np.empty(1 + n, np.uint64)
    seed_streams(rng, seed, game_index)
    dealt = np.empty((rounds, n), np.int64)
    deal_one(rng, faces, rounds, n, dealt)
    return dealt


play_batch = over_rows(play_rows, game_rows)
