"""A whole game, and the two entry points of the kernel contract (kernels/README.md)."""
import numpy as np
from numba import njit, prange

from kernels.common import no_winner, rank_players, seat_bots, turn_positions
from kernels.emerald.layout import (BOT_HEURISTIC, BOT_ROLLOUT, END_NONE, END_TURN_CAP, EV_END,
                                    EV_FIRST, EV_IDENTITY, F_END, F_FIRST, F_IDENT, F_TURN,
                                    R_MAX_TURNS, R_N, S_IO, S_MOVES, S_POS, S_R_BOTS, S_RNG,
                                    S_SEAT_BOTS, S_STATE, S_TIEBREAK, S_TMP, T_RULES)
from kernels.emerald.rollout import rollout_turn
from kernels.emerald.rules import final_scores, log_event, placement_rounds
from kernels.emerald.turn import play_turn
from kernels.emerald.state import setup_game
from kernels.rng import seed_streams


@njit(cache=True, _nrt=False)
def play_game(tables, scratch, r, bots, weights, seed, game_index, rotation, log, on, met):
    """Deal and play game ``game_index`` in scratch row r, the bot list moved ``rotation``
    seats. Returns (turns, end reason); io[0] = log rows written, io[1] = bot decisions."""
    rules = tables[T_RULES]
    st = scratch[S_STATE][r]
    rng = scratch[S_RNG][r]
    tmp = scratch[S_TMP][r]
    mv = scratch[S_MOVES][r]
    pos = scratch[S_POS][r]
    io = scratch[S_IO][r]
    sb = scratch[S_SEAT_BOTS][r]
    n = rules[R_N]
    seed_streams(rng, seed, game_index)
    seat_bots(bots, rotation, sb)
    hb = scratch[S_R_BOTS][r, 1]       # every decision but the rollout's two actions
    for s in range(n):
        hb[s] = BOT_HEURISTIC if sb[s] == BOT_ROLLOUT else sb[s]
    io[0] = 0
    io[1] = 0
    setup_game(st, tables, rng, tmp)
    first = st[F_FIRST]
    log_event(log, io, on, EV_FIRST, first, 0, 0, 0, 0)
    for s in range(n):
        log_event(log, io, on, EV_IDENTITY, s, st[F_IDENT + s], 0, 0, 0)
    placement_rounds(st, n, first, hb, tables, weights, rng, log, io, on)
    cap = rules[R_MAX_TURNS]
    for t in range(cap):
        st[F_TURN] = t
        p = (first + t) % n
        if sb[p] == BOT_ROLLOUT:
            rollout_turn(st, n, p, hb, tables, weights, rng, tmp, pos, mv, log, io, on, met, scratch, r)
        else:
            play_turn(st, n, p, hb, tables, weights, rng, tmp, pos, mv, log, io, on, met)
        if st[F_END] != END_NONE:
            log_event(log, io, on, EV_END, -1, st[F_END], 0, 0, 0)
            return t + 1, st[F_END]
    log_event(log, io, on, EV_END, -1, END_TURN_CAP, 0, 0, 0)
    return cap, END_TURN_CAP


@njit(cache=True, _nrt=False)
def finish_game(tables, scratch, r, g, turns_played, end, score, rank, win, role, position, turns,
                end_reason, metrics, decisions):
    """Game g's outputs from scratch row r: the final adjustments, ranks with the
    Restorationist tie-break, the dealt side as role."""
    st = scratch[S_STATE][r]
    n = score.shape[1]
    tb = scratch[S_TIEBREAK][r]
    final_scores(st, n, tables, score[g], tb, metrics[g])
    rank_players(score[g], tb, n, rank[g], win[g])
    if end == END_TURN_CAP:
        no_winner(win[g], n)
    for s in range(n):
        role[g, s] = st[F_IDENT + s]
    turn_positions(st[F_FIRST], n, position[g])
    turns[g] = turns_played
    end_reason[g] = end
    decisions[g] = scratch[S_IO][r, 1]


@njit(cache=True, _nrt=False)
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
        finish_game(tables, scratch, r, g, t, end, score, rank, win, role, position, turns,
                    end_reason, metrics, decisions)


@njit(cache=True, parallel=True)
def play_batch(tables, scratch, bots, weights, seed, game_index, rotation,
               score, rank, win, role, secret_role, position, turns, end_reason, metrics, decisions):
    """Play games ``game_index`` (one per row of the outputs) in parallel, a run per scratch row."""
    log = np.zeros((1, 6), np.int64)
    for r in prange(scratch[S_STATE].shape[0]):
        play_row(tables, scratch, np.int64(r), bots, weights, seed, game_index, rotation, log,
                 score, rank, win, role, position, turns, end_reason, metrics, decisions)


@njit(cache=True)
def trace_game(tables, scratch, bots, weights, seed, game_index, rotation, log,
               score, rank, win, role, secret_role, position, turns, end_reason, metrics, decisions):
    """Game ``game_index`` in scratch row 0 with the event log on; outputs to row 0."""
    met = metrics[0]
    met[:, :] = 0.0
    t, end = play_game(tables, scratch, 0, bots, weights, seed, game_index, rotation, log, True,
                       met)
    finish_game(tables, scratch, 0, 0, t, end, score, rank, win, role, position, turns,
                end_reason, metrics, decisions)
    return scratch[S_IO][0, 0]
