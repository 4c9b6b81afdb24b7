"""A whole game, and the two entry points of the kernel contract (kernels/README.md).

Everything below play_batch is compiled with ``_nrt=False``: it never allocates, and without
the reference-counting runtime no call pays atomic increments on its array arguments (threads
would fight over the shared counts of the scratch and tables on every game).
"""
import numpy as np
from numba import njit

from kernels.common import no_winner, rank_players, seat_bots, turn_positions
from kernels.threads import over_rows, scratch_rows
from kernels.doppelganger.forward import (apply, chooser, decision, options, planned_row, policy,
                                          start_game)
from kernels.doppelganger.search import search_option
from kernels.doppelganger.layout import (BOT_GREEDY, BOT_HUNTER, BOT_SEARCH, DEC_ACT_AFTER,
                                         DEC_ACT_BEFORE, DEC_MOVE, DEC_NONE, END_TURN_CAP,
                                         FIRST_SEAT, F_END, F_TURN, F_WINNER, P_DEST, S_ACTS, S_CTR,
                                         S_DECK, S_FV, S_GIVEN, S_KN, S_OPTS, S_PBOTS, S_PLANS,
                                         S_PMET, S_PSCORE, S_REACH, S_RNG, S_RPLANS, S_RRNG,
                                         S_RSCORE, S_RSTATE, S_SEAT_BOTS, S_STATE, S_TIEBREAK,
                                         S_WALK)


@njit(cache=True, _nrt=False)
def play_game(tables, scratch, r, bots, weights, seed, game_index, rotation, log, on, met):
    """Deal and play game ``game_index`` in scratch row r, the bot list moved ``rotation``
    seats: the forward model's one loop (advance; options; the chooser's policy; apply). A
    greedy or hunter seat's move is its plan's row, written without listing the options.
    Returns (turns, end reason); ctr[0] = log rows written, ctr[1] = bot decisions.
    Every game seeds its streams and set-up resets the state row, so nothing carries over
    from the row's previous game."""
    st = scratch[S_STATE][r]
    rng = scratch[S_RNG][r]
    walk = scratch[S_WALK][r]
    reach = scratch[S_REACH][r]
    acts = scratch[S_ACTS][r]
    plans = scratch[S_PLANS][r]
    pscore = scratch[S_PSCORE][r]
    kn = scratch[S_KN][r]
    wv = scratch[S_FV][r]
    gplan = scratch[S_GIVEN][r]
    ctr = scratch[S_CTR][r]
    sb = scratch[S_SEAT_BOTS][r]
    buf = scratch[S_OPTS][r]
    # the rollout scratch has one row per state row only when a rollout bot plays
    rr = r if r < scratch[S_RSTATE].shape[0] else 0
    rsc = (scratch[S_RPLANS][rr], scratch[S_RSCORE][rr], scratch[S_RSTATE][rr],
           scratch[S_RRNG][rr], scratch[S_DECK][r], scratch[S_PBOTS][rr], gplan[1:2],
           scratch[S_PMET][rr], ctr[2:4])
    seat_bots(bots, rotation, sb)
    ctr[0] = 0
    ctr[1] = 0
    li = ctr[0:1]
    dec = ctr[1:2]
    gplan[1, P_DEST] = -1
    start_game(tables, st, met, li, rng, scratch[S_DECK][r], seed, game_index, weights, log, on)
    while decision(st) != DEC_NONE:
        bot = sb[chooser(st)]
        d = decision(st)
        if (bot == BOT_GREEDY or bot == BOT_HUNTER) and (d == DEC_MOVE or d == DEC_ACT_BEFORE
                                                         or d == DEC_ACT_AFTER):
            # the planned move or action written as its one option row, without listing every
            # node the pawn may reach or every action (the listing cost the hunter more than
            # its planning): the same move and action
            planned_row(tables, st, bot, weights, gplan[0], walk, plans, pscore, kn, wv, dec, buf[0])
            apply(tables, st, met, li, rng, weights, buf[0], log, on)
            continue
        k = options(tables, st, walk, reach, acts, buf)
        if bot == BOT_SEARCH:
            i = search_option(tables, scratch, r, met, weights, buf, k, log)
        else:
            i = policy(tables, st, buf, k, bot, rng, weights, gplan[0], walk, reach, acts,
                       plans, pscore, kn, wv, dec, rsc, log)
        apply(tables, st, met, li, rng, weights, buf[i], log, on)
    return st[F_TURN], st[F_END]


@njit(cache=True, _nrt=False)
def finish_game(scratch, r, g, turns_played, end, score, rank, win, role, position, turns,
                end_reason, decisions):
    """Game g's outputs from scratch row r: the killer scores 1, everyone else 0."""
    st = scratch[S_STATE][r]
    n = score.shape[1]
    w = st[F_WINNER]
    for s in range(n):
        score[g, s] = 1 if s == w else 0
        role[g, s] = -1
    rank_players(score[g], scratch[S_TIEBREAK][r], n, rank[g], win[g])
    if end == END_TURN_CAP:
        no_winner(win[g], n)
    turn_positions(FIRST_SEAT, n, position[g])
    turns[g] = turns_played
    end_reason[g] = end
    decisions[g] = scratch[S_CTR][r, 1]


@njit(cache=True, _nrt=False, inline="always")
def play_row(tables, scratch, r, bots, weights, seed, game_index, rotation, log,
             score, rank, win, role, position, turns, end_reason, metrics, decisions):
    """The run of consecutive games that state row r plays, one after another."""
    B = game_index.shape[0]
    R = scratch[S_STATE].shape[0]
    for g in range(r * B // R, (r + 1) * B // R):
        met = metrics[g]
        met[:, :] = 0.0
        t, end = play_game(tables, scratch, r, bots, weights, seed, game_index[g], rotation[g],
                           log, False, met)
        finish_game(scratch, r, g, t, end, score, rank, win, role, position, turns, end_reason,
                    decisions)


@njit(cache=True, nogil=True)
def play_rows(first, last, tables, scratch, bots, weights, seed, game_index, rotation,
              score, rank, win, role, secret_role, position, turns, end_reason, metrics, decisions):
    """Play games ``game_index`` (one per row of the outputs), a run per scratch row: rows
    first..last-1 here (play_batch runs every row, in threads)."""
    log = np.zeros((1, 6), np.int64)
    for r in range(first, last):
        play_row(tables, scratch, r, bots, weights, seed, game_index, rotation, log,
                 score, rank, win, role, position, turns, end_reason, metrics, decisions)


play_batch = over_rows(play_rows, scratch_rows)


@njit(cache=True)
def trace_game(tables, scratch, bots, weights, seed, game_index, rotation, log,
               score, rank, win, role, secret_role, position, turns, end_reason, metrics, decisions):
    """Game ``game_index`` in scratch row 0 with the event log on, through the same play_game
    as play_batch; its outputs go to row 0. Returns the log rows written."""
    met = metrics[0]
    met[:, :] = 0.0
    t, end = play_game(tables, scratch, 0, bots, weights, seed, game_index, rotation, log, True,
                       met)
    finish_game(scratch, 0, 0, t, end, score, rank, win, role, position, turns, end_reason,
                decisions)
    return scratch[S_CTR][0, 0]
