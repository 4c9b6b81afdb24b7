"""Whole games and the contract's entry points (kernels/README.md): ``play_batch`` runs a
batch over a few scratch rows, ``trace_game`` plays one game with the event log on."""

import numpy as np
from numba import njit

from kernels.common import borrow, inline_copy, rank_players, seat_bots, turn_positions
from kernels.rng import CHANCE, seed_streams
from kernels.search import N_FIELDS
from kernels.threads import over_rows, scratch_rows
from kernels.bastille.layout import (
    BOT_ROLLOUT, BOT_SEARCH, DEC_NONE, DEC_PLACE, EV_END, EV_ROUND, G_DEC, G_FIRST, G_KIND, G_LOGN,
    G_LOGON, G_NPLACED, G_POS, G_SEAT, G_STEP, G_STOP, MAXP, NPF, PL, P_BPOS, P_COINS,
    P_MISVP, P_NCHAR, P_UNARMED, P_VP, SEATBOT, S_NEVER, S_NONE, TIEB, T_NP, W_SEARCH_ITER)
from kernels.bastille.state import log_ev, setup_game
from kernels.bastille.bots import choose_option, choose_placement, chosen_row, picks_by_index
from kernels.bastille.values import forget_values
from kernels.bastille.rules import (
    advance, apply, apply_decision, apply_placement, options, run_step)
from kernels.bastille.locations import (
    evaluate_banque, evaluate_bastille, evaluate_catacombes, evaluate_etats_generaux,
    evaluate_notre_dame, evaluate_place_louis, evaluate_versailles)
from kernels.bastille.rollout import rollout_placement
from kernels.bastille.search import search_option

# settle_choices's loop advances without a call, and resumes a location without one either
advance_here = inline_copy(advance, run_step=inline_copy(run_step, **{
    f.__name__: inline_copy(f) for f in (
        evaluate_banque, evaluate_notre_dame, evaluate_versailles, evaluate_catacombes,
        evaluate_place_louis, evaluate_bastille, evaluate_etats_generaux)}))


@njit(cache=True, _nrt=False, inline="always")
def ask_seat(tb, st, rng, W, fs, buf, k, d, drng, dfs, dbuf, log, sx):
    """The pending decision's seat's policy: the index of the option it takes (sx: the
    search bot's tree)."""
    p = st[G_SEAT]
    if st[SEATBOT + p] == BOT_SEARCH:
        return search_option(tb, st, rng, W, fs, buf, k, d, drng, dfs, dbuf, log, sx)
    if st[G_KIND] == DEC_PLACE and st[SEATBOT + p] == BOT_ROLLOUT:
        return rollout_placement(tb, st, rng, p, W, fs, buf, k, d, drng, dfs, dbuf, log)
    return choose_option(tb, st, rng, W, fs, buf, k)


@njit(cache=True, _nrt=False)   # a call: its loop keeps its registers, not play_rows's
def play_game(tb, st, rng, W, fs, buf, log, d, drng, dfs, dbuf, sx, log_on):
    """One whole game from set-up (rng and the seat bots set by the caller), one loop:
    advance, options, the seat's policy, apply (runs of choices made from the state in
    settle_choices). d, drng, dfs and dbuf are the playout scratch of the rollout and search
    bots, sx the search's tree."""
    setup_game(tb, st, rng, CHANCE)
    forget_values(fs)
    st[G_LOGON] = log_on
    log_ev(st, log, EV_ROUND, -1, 1, 0, 0, 0)
    kind = advance(tb, st, rng, log)
    while kind != DEC_NONE:
        p = st[G_SEAT]
        bot = st[SEATBOT + p]
        # a bot's choice made from the state is the option row itself: listing the options
        # only to find its index is skipped (the same games as through options and
        # choose_option: tests/bastille/test_forward.py). A random placement's too: its tile
        # value held and its location with a free space are always an option row.
        if settles(st, kind, p):
            kind = settle_choices(tb, st, rng, W, buf, log)
            continue
        if kind == DEC_PLACE and bot < BOT_ROLLOUT:
            buf[0, 0], buf[0, 1] = choose_placement(tb, st, rng, p, W, fs)
            i = 0
        else:
            k = options(tb, st, buf)
            i = ask_seat(tb, st, rng, W, fs, buf, k, d, drng, dfs, dbuf, log, sx)
        # applied here without apply's call (a call copies 37 words of arguments): a placement,
        # most decisions, poses the next itself; any other decision is followed by advance
        if kind == DEC_PLACE:
            kind = apply_placement(tb, st, rng, buf[i], log)
        else:
            apply_decision(tb, st, rng, buf[i], log)
            kind = advance(tb, st, rng, log)


@njit(cache=True, _nrt=False, inline="always")
def settles(st, kind, p):
    """Does settle_choices take this decision? Yes when it is one of the end of placing's
    (not a placement, nor the end) and seat p's bot makes it from the state alone: not a search
    seat, nor a random bot's pick by index. (One test for both loops: were they to disagree,
    play_game would hand it over forever.)"""
    return kind > DEC_PLACE and st[SEATBOT + p] != BOT_SEARCH and not picks_by_index(st, kind, p)


@njit(cache=True, _nrt=False)
def settle_choices(tb, st, rng, W, buf, log):
    """The end of placing's decisions that the seats' bots take from the state alone
    (bots.chosen_row), one after another, advance inlined: a call per decision less (side by
    side 1.03). Returns the kind it stops at: a placement, the end, or a decision asked
    through the listed options (a search seat, a random bot's pick by index)."""
    kind = st[G_KIND]
    while settles(st, kind, st[G_SEAT]):
        p = st[G_SEAT]
        buf[0, 0], buf[0, 1] = chosen_row(tb, st, rng, p, W)
        apply_decision(tb, st, rng, buf[0], log)
        kind = advance_here(tb, st, rng, log)
    return kind


@njit(cache=True)
def policy(tables, st, buf, k, seat, bot, rng, weights, memo):
    """The contract's policy: bot (BOT_*) choosing for seat at the pending decision of st
    (buf[:k] its options); memo is the bots' float row fs. Asks as play_game does, with
    seat's bot set to bot for the question only; the rollout and search bots get playout
    scratch of their own."""
    tb = tables[0]
    was = st[SEATBOT + seat]
    st[SEATBOT + seat] = bot
    if bot == BOT_SEARCH:
        nodes = int(weights[W_SEARCH_ITER]) + 1
        sx = (np.zeros((nodes, N_FIELDS + buf.shape[1]), np.int64),
              np.zeros((nodes, MAXP), np.float64), np.zeros(nodes + buf.shape[0], np.int64),
              np.zeros(MAXP, np.float64))
        i = search_option(tb, st, rng, weights, memo, buf, k, np.zeros_like(st),
                          np.zeros_like(rng), np.zeros_like(memo), np.zeros_like(buf), buf, sx)
    elif st[G_KIND] == DEC_PLACE and bot == BOT_ROLLOUT:
        d = np.zeros_like(st)
        drng = np.zeros_like(rng)
        dfs = np.zeros_like(memo)
        dbuf = np.zeros_like(buf)
        i = rollout_placement(tb, st, rng, seat, weights, memo, buf, k, d, drng, dfs, dbuf, buf)
    else:
        i = choose_option(tb, st, rng, weights, memo, buf, k)
    st[SEATBOT + seat] = was
    return i


@njit(cache=True, _nrt=False)
def drive(tb, st, rng, W, fs, buf, log, first, stop):
    """Resolve the end-of-placing steps from first until stop (or until tiles are to be
    placed or the game ends), every decision asked of the seats' bots; returns the kind it
    stopped at. For tests and the bench: a location alone, a scoring, one bonus (S_IDLE)."""
    if first != S_NONE:
        st[G_STEP] = first
        st[G_POS] = -1
    st[G_STOP] = stop
    kind = advance(tb, st, rng, log)
    while kind > DEC_PLACE:
        k = options(tb, st, buf)
        kind = apply(tb, st, rng, buf[choose_option(tb, st, rng, W, fs, buf, k)], log)
    st[G_STOP] = S_NEVER
    return kind


@njit(cache=True, _nrt=False)
def finish_game(tb, st, out_score, out_rank, out_win, out_position, out_metrics, log):
    """Final ranking (VP, then coins; equal on both share the win), each seat's place in the
    initial turn order, and the metrics."""
    n = tb[T_NP]
    turn_positions(st[G_FIRST], n, out_position)
    tiebreak = st[TIEB:TIEB + MAXP]
    for p in range(n):
        out_score[p] = st[PL + p * NPF + P_VP]
        tiebreak[p] = st[PL + p * NPF + P_COINS]
    rank_players(out_score, tiebreak, n, out_rank, out_win)
    for p in range(n):
        out_metrics[p, 0] = st[PL + p * NPF + P_COINS]
        out_metrics[p, 1] = st[PL + p * NPF + P_NCHAR]
        out_metrics[p, 2] = st[PL + p * NPF + P_BPOS]
        out_metrics[p, 3] = st[PL + p * NPF + P_MISVP]
        out_metrics[p, 4] = st[PL + p * NPF + P_UNARMED]
        log_ev(st, log, EV_END, p, out_score[p], tiebreak[p], out_rank[p], 0)


@njit(cache=True, _nrt=False, inline="always")
def play_one(tb, st, rng, fs, buf, log, d, drng, dfs, dbuf, sx, bots, W, seed, game_index,
             rotation, log_on):
    """Game game_index of a run with this seed, seats rotated by rotation."""
    seed_streams(rng, seed, game_index)
    seat_bots(bots, rotation, st[SEATBOT:SEATBOT + MAXP])
    play_game(tb, st, rng, W, fs, buf, log, d, drng, dfs, dbuf, sx, log_on)


@njit(cache=True, nogil=True)
def play_rows(first, last, tables, scratch, bots, weights, seed, game_index, rotation,
              score, rank, win, role, secret_role, position, turns, end_reason, metrics, decisions):
    """Games split into one run of consecutive games per scratch row (rows first..last-1
    here; play_batch runs every row, in threads): a row is re-used game after game (set-up
    resets it), so a batch touches a few hot rows instead of fresh memory for every game.
    With one row per game each row keeps its game's final state."""
    tb = tables[0]
    st, rng, fs, logs, st2, rng2, fs2, bufs, bufs2, trees, gains, works, rewards = scratch
    B = game_index.shape[0]
    R = st.shape[0]
    n = score.shape[1]
    for r in range(first, last):
        row = np.int64(r)
        j = row if st2.shape[0] == R else 0    # playout scratch exists only for rollout bots
        sx = (borrow(trees[j]), borrow(gains[j]), borrow(works[j]), borrow(rewards[j]))
        tbv = borrow(tb)
        stv = borrow(st[row])
        log = borrow(logs[row])
        for g in range(row * B // R, (row + 1) * B // R):
            play_one(tbv, stv, borrow(rng[row]), borrow(fs[row]), borrow(bufs[row]), log,
                     borrow(st2[j]), borrow(rng2[j]), borrow(fs2[j]), borrow(bufs2[j]), sx,
                     borrow(bots), borrow(weights), seed, game_index[g], np.int64(rotation[g]), 0)
            finish_game(tbv, stv, score[g], rank[g], win[g], position[g], metrics[g], log)
            for p in range(n):
                role[g, p] = -1                 # Bastille has no roles
            turns[g] = stv[G_NPLACED]
            end_reason[g] = 0
            decisions[g] = stv[G_DEC]


play_batch = over_rows(play_rows, scratch_rows)


@njit(cache=True, _nrt=False)
def trace_game(tables, scratch, bots, weights, seed, game_index, rotation, log,
               score, rank, win, role, secret_role, position, turns, end_reason, metrics, decisions):
    """One game played exactly as play_batch plays it (scratch row 0), with the event log on;
    its outputs go to row 0. Returns the log rows written."""
    st, rng, fs, logs, st2, rng2, fs2, bufs, bufs2, trees, gains, works, rewards = scratch
    sx = (borrow(trees[0]), borrow(gains[0]), borrow(works[0]), borrow(rewards[0]))
    tbv = borrow(tables[0])
    stv = borrow(st[0])
    logv = borrow(log)
    play_one(tbv, stv, borrow(rng[0]), borrow(fs[0]), borrow(bufs[0]), logv, borrow(st2[0]),
             borrow(rng2[0]), borrow(fs2[0]), borrow(bufs2[0]), sx, borrow(bots), borrow(weights),
             seed, game_index, rotation, 1)
    finish_game(tbv, stv, score[0], rank[0], win[0], position[0], metrics[0], logv)
    for p in range(score.shape[1]):
        role[0, p] = -1
    turns[0] = stv[G_NPLACED]
    end_reason[0] = 0
    decisions[0] = stv[G_DEC]
    return stv[G_LOGN]
