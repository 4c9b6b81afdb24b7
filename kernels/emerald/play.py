"""A whole game as the forward model's one loop (advance; options; the seat's bot; apply), and
the two entry points of the kernel contract (kernels/README.md)."""
import numpy as np
from numba import njit

from kernels.common import no_winner, rank_players, seat_bots, turn_positions
from kernels.emerald.bots import choose_option
from kernels.emerald.forward import advance, apply, begin, options
from kernels.emerald.layout import (BOT_HEURISTIC, BOT_ROLLOUT, BOT_SEARCH, DEC_ACTION, DEC_AGENT, DEC_NONE,
                                    END_TURN_CAP, EV_FIRST, EV_IDENTITY, F_DEC, F_DEC_SEAT, F_END, F_FIRST,
                                    F_IDENT, F_TURN, R_N, S_IO, S_MOVES, S_POS, S_RNG, S_SEAT_BOTS, S_STATE,
                                    S_TIEBREAK, S_TMP, T_RULES)
from kernels.emerald.rollout import quick_answer, rollout_choice
from kernels.emerald.rules import final_scores, log_event
from kernels.emerald.search import search_option
from kernels.emerald.state import setup_game
from kernels.rng import seed_streams
from kernels.threads import over_rows, scratch_rows


@njit(cache=True, _nrt=False)
def deal(tables, st, rng, tmp, io, sb, bots, seed, game_index, rotation, log, on):
    """The set-up of game game_index (its streams, the seats' bots, chance's deal), logged,
    ready for the placement rounds."""
    n = tables[T_RULES][R_N]
    seed_streams(rng, seed, game_index)
    seat_bots(bots, rotation, sb)
    io[0] = 0
    io[1] = 0
    setup_game(st, tables, rng, tmp)
    log_event(log, io, on, EV_FIRST, st[F_FIRST], 0, 0, 0, 0)
    for s in range(n):
        log_event(log, io, on, EV_IDENTITY, s, st[F_IDENT + s], 0, 0, 0)
    begin(st, tables)


@njit(cache=True, _nrt=False)
def ask_seat(tables, scratch, r, st, buf, k, rng, weights, log):
    """The pending decision's seat's bot (S_SEAT_BOTS): the index of the option of buf[:k] it
    takes, as play_game asks it (the hooks' bot_choice). The rollout bot chooses its actions by
    playouts, the search bot its actions, free actions and further assassinations by its tree;
    everything else as the heuristic."""
    seat = st[F_DEC_SEAT]
    bot = scratch[S_SEAT_BOTS][r][seat]
    if bot == BOT_SEARCH:
        if st[F_DEC] < DEC_AGENT:
            return search_option(tables, scratch, r, st, buf, k, rng, weights, log)
        bot = BOT_HEURISTIC
    if bot == BOT_ROLLOUT:
        if st[F_DEC] == DEC_ACTION:
            return rollout_choice(tables, st, seat, buf, k, weights, rng, log, scratch, r)
        bot = BOT_HEURISTIC
    return choose_option(tables, st, buf, k, seat, bot, rng, weights)


@njit(cache=True, _nrt=False, inline="always")
def play_game(tables, scratch, r, bots, weights, seed, game_index, rotation, log, on, met):
    """Deal and play game ``game_index`` in scratch row r, the bot list moved ``rotation``
    seats: one loop (advance; the pending decision's options; its seat's bot; apply; a
    sub-choice, and a greedy or heuristic seat's action, answered without listing the options:
    rollout.quick_answer, as the playouts answer them).
    io[0] = log rows written, io[1] = decisions."""
    st = scratch[S_STATE][r]
    rng = scratch[S_RNG][r]
    tmp = scratch[S_TMP][r]
    mv = scratch[S_MOVES][r]
    pos = scratch[S_POS][r]
    io = scratch[S_IO][r]
    deal(tables, st, rng, tmp, io, scratch[S_SEAT_BOTS][r], bots, seed, game_index, rotation, log, on)
    sb = scratch[S_SEAT_BOTS][r]
    kind = advance(tables, st, io, met, tmp, pos, mv, rng, weights, log, on)
    while kind != DEC_NONE:
        seat = st[F_DEC_SEAT]
        bot = sb[seat]
        answered = quick_answer(tables, st, io, met, tmp, pos, mv, rng, weights, log, on, kind, bot)
        if answered >= 0:       # a sub-choice, or a greedy or heuristic action
            kind = answered
            continue
        k = options(tables, st, io, met, tmp, pos, mv, mv)
        # ask_seat's choice, without passing the whole scratch tuple at every decision
        if bot == BOT_SEARCH:
            i = search_option(tables, scratch, r, st, mv, k, rng, weights, log)
        elif bot == BOT_ROLLOUT and kind == DEC_ACTION:
            i = rollout_choice(tables, st, seat, mv, k, weights, rng, log, scratch, r)
        else:
            i = choose_option(tables, st, mv, k, seat, BOT_HEURISTIC if bot == BOT_ROLLOUT else bot, rng, weights)
        kind = apply(tables, st, io, met, tmp, pos, mv, rng, weights, mv[i], log, on)


@njit(cache=True, _nrt=False)
def finish_game(tables, scratch, r, g, score, rank, win, role, position, turns, end_reason, metrics,
                decisions):
    """Game g's outputs from scratch row r: the final adjustments, ranks with the
    Restorationist tie-break, the dealt side as role."""
    st = scratch[S_STATE][r]
    n = score.shape[1]
    tb = scratch[S_TIEBREAK][r]
    end = st[F_END]
    final_scores(st, n, tables, score[g], tb, metrics[g])
    rank_players(score[g], tb, n, rank[g], win[g])
    if end == END_TURN_CAP:
        no_winner(win[g], n)
    for s in range(n):
        role[g, s] = st[F_IDENT + s]
    turn_positions(st[F_FIRST], n, position[g])
    # a turn-capped game played every turn below the cap; any other ended inside turn F_TURN
    turns[g] = st[F_TURN] if end == END_TURN_CAP else st[F_TURN] + 1
    end_reason[g] = end
    decisions[g] = scratch[S_IO][r, 1]


@njit(cache=True, _nrt=False, inline="always")
def play_row(tables, scratch, r, bots, weights, seed, game_index, rotation, log,
             score, rank, win, role, position, turns, end_reason, metrics, decisions):
    """The run of consecutive games that state row r plays, one after another."""
    B = game_index.shape[0]
    R = scratch[S_STATE].shape[0]
    for g in range(r * B // R, (r + 1) * B // R):
        met = metrics[g]
        met[:, :] = 0.0
        play_game(tables, scratch, r, bots, weights, seed, game_index[g], rotation[g], log, False, met)
        finish_game(tables, scratch, r, g, score, rank, win, role, position, turns, end_reason, metrics,
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
    """Game ``game_index`` in scratch row 0 with the event log on; outputs to row 0."""
    met = metrics[0]
    met[:, :] = 0.0
    play_game(tables, scratch, 0, bots, weights, seed, game_index, rotation, log, True, met)
    finish_game(tables, scratch, 0, 0, score, rank, win, role, position, turns, end_reason, metrics,
                decisions)
    return scratch[S_IO][0, 0]
