"""Toy team kernel: a tug of war. Chance deals the seats into red and blue (one secret
captain each, whose pushes count double) and draws the start player; each round every seat
in turn order rolls a die and its bot pushes it (a 1 slips: -1) or holds. The faction that
pulled more wins, ties to the start player's faction. In the co-operative mode the whole
table pulls together and wins only if it reaches its target."""
import numpy as np
from numba import njit

from kernels.common import no_winner, rank_teams, seat_bots, turn_positions
from kernels.threads import game_rows, over_rows
from kernels.rng import BOT0, CHANCE, below, seed_streams, uniform

RANDOM, GREEDY = 0, 1
FINISHED, TURN_CAP, LOST = 0, 1, 2
CAPTAIN, CREW = 0, 1


@njit(cache=True)
def deal_sides(rng, n, side, secret):
    """Shuffle the seats; alternate red and blue down the shuffled order; the first of each
    faction in it is its captain."""
    order = np.arange(n)
    for i in range(n - 1, 0, -1):
        j = below(rng, CHANCE, i + 1)
        order[i], order[j] = order[j], order[i]
    for k in range(n):
        side[order[k]] = k % 2
        secret[order[k]] = CAPTAIN if k < 2 else CREW


@njit(cache=True)
def pull(rng, bot, seat, faces, threshold):
    """The die rolled for seat and what its push adds (0 when the bot holds)."""
    v = 1 + below(rng, CHANCE, faces)
    push = uniform(rng, BOT0 + seat) < 0.5 if bot == RANDOM else v >= threshold
    if not push:
        return 0
    return -1 if v == 1 else v


@njit(cache=True, nogil=True)
def play_rows(first, last, rounds, faces, factor, target, cap_chance, coop, threshold, bots, seed, game_index, rotation,
              score, rank, win, role, secret_role, position, turns, end_reason, metrics, decisions):
    """Games first..last-1 of the outputs (play_batch plays them all, in threads)."""
    n = score.shape[1]
    for g in range(first, last):
        rng = np.empty(1 + n, np.uint64)
        seed_streams(rng, seed, game_index[g])
        side = np.zeros(n, np.int64)
        secret = np.zeros(n, np.int64)
        deal_sides(rng, n, side, secret)
        start = below(rng, CHANCE, n)
        capped = uniform(rng, CHANCE) < cap_chance
        sb = np.empty(n, np.int64)
        seat_bots(bots, rotation[g], sb)
        team = np.zeros(2, np.int64)
        played = rounds // 2 if capped else rounds
        for r in range(played):
            for k in range(n):
                s = (start + k) % n
                x = pull(rng, sb[s], s, faces, threshold)
                if x != 0:
                    x *= factor if secret[s] == CAPTAIN else 1
                    team[0 if coop else side[s]] += x
                    metrics[g, s, 0] += 1.0
                    metrics[g, s, 1] += 1.0 if x < 0 else 0.0
                decisions[g] += 1
        finish(g, n, coop, team, side, secret, start, target, capped, score, rank, win, role, secret_role)
        turn_positions(start, n, position[g])
        turns[g] = played
        end_reason[g] = TURN_CAP if capped else LOST if coop and team[0] < target * n else FINISHED


@njit(cache=True)
def finish(g, n, coop, team, side, secret, start, target, capped, score, rank, win, role, secret_role):
    tiebreak = np.zeros(2, np.int64)
    tiebreak[side[start]] = 1
    of = np.zeros(n, np.int64) if coop else side
    rank_teams(team, tiebreak, 1 if coop else 2, of, n, rank[g], win[g])
    for s in range(n):
        score[g, s] = team[of[s]]
        role[g, s] = -1 if coop else side[s]
        secret_role[g, s] = secret[s]
    if capped or (coop and team[0] < target * n):
        no_winner(win[g], n)


play_batch = over_rows(play_rows, game_rows)
