"""A whole game as the forward model's one loop (advance; options; the seat's bot; apply), and
the two entry points of the kernel contract (kernels/README.md)."""

import numpy as np

from kernels.common import borrow, inline_copy, no_winner, rank_players, seat_bots, turn_positions
from kernels.rng import seed_streams
from kernels.pimpernel.jit import kernel
from kernels.pimpernel.layout import (BOT_HEURISTIC, BOT_ROLLOUT, BOT_SEARCH, DEC_CUBE, DEC_MAIN, DEC_NONE,
                                      END_TURN_CAP, EV_SETUP, MAXP, NAREA, O_CAPTURES, O_DECISIONS, O_END,
                                      O_FIRST, O_HOLDER, O_MISSIONS_DONE, O_MLOC, O_N, O_PARTS_FAILED,
                                      O_STARTER, O_STOP, O_TRAIL, O_TURNS, P_CUBE_PTS, P_FINAL_START,
                                      P_ICON_PTS, P_LEADER_PTS, W_SEARCH_ITER)
from kernels.pimpernel.state import chooser, decision, log_event, pending, player_at, score_of, setup_game
from kernels.pimpernel.moves import short_routes
from kernels.pimpernel.bots import choose_main, choose_option, leader_choice
from kernels.pimpernel.rules import advance, apply_choice, enter, list_options, usable_favors
from kernels.pimpernel.rollout import rollout_choice
from kernels.pimpernel.search import search_option
from kernels.search import N_FIELDS
from kernels.threads import over_rows, scratch_rows

# play_on's loop applies an option and advances without a call (apply_option's two steps, here
# inlined): a call copies its 65 words of arguments, 7 to 9 an array. Side by side: 1.14 for
# the apply, then 1.04 for advance, for 3.8 s more of cold compile at -O1
advance_here = inline_copy(advance)


@kernel
def begin_game(s, K, RS, RM, n, rng, scr, log, nlog, log_on):
    """A new game on row s, dealt from the chance stream (no decision pending yet)."""
    setup_game(s, K, n, rng, scr)
    short_routes(s, K, RS, RM)
    log_event(log, nlog, log_on, EV_SETUP, -1, s[O_TRAIL], s[O_MLOC], s[O_FIRST], 0)


@kernel(inline=True)    # a call per decision costs play 4% (paired); the Python API compiles its own copy
def ask_seat(s, K, RS, RM, W, seat_bot, moves, nm, tmp, ctx, cand, s2, rng, owner_masks, log, nlog, sx):
    """The index of the option moves[:nm] the pending decision's seat's bot takes: the search
    bot's by its tree (sx; cand and s2 its playouts' option rows and state), the rollout bot's
    main move by playouts, every other choice by bots.choose_option."""
    bot = seat_bot[chooser(s)]
    if bot == BOT_SEARCH and nm > 1:
        return search_option(s, K, RS, RM, W, moves, nm, tmp, ctx, s2, cand, rng, owner_masks, log, nlog, sx)
    if bot == BOT_ROLLOUT and decision(s) == DEC_MAIN and nm > 1:
        return rollout_choice(s, K, RS, RM, W, chooser(s), moves, nm, tmp, ctx, cand, s2, rng, owner_masks,
                              log, nlog)
    return choose_option(s, K, RS, RM, W, bot, moves, nm, tmp, ctx, owner_masks, rng)


@kernel(inline=True)
def put_row(moves, c0, c1, c2, c3):
    """An option row written as moves' first row."""
    moves[0, 0] = c0
    moves[0, 1] = c1
    moves[0, 2] = c2
    moves[0, 3] = c3


@kernel
def play_on(s, K, RS, RM, W, seat_bot, moves, tmp, ctx, cand, s2, rng, owner_masks, log, nlog, log_on, sx):
    """The game's one loop: advance; while a decision is pending, its options, the seat's
    bot's choice, apply (which advances); a heuristic seat's main move is chosen without
    listing its options (bots.choose_main). Returns the decision it stopped at (DEC_NONE: the
    game is over, or O_STOP was reached)."""
    dec = advance(s, K, RS, RM, tmp, owner_masks, log, nlog, log_on)
    while dec != DEC_NONE:
        p = chooser(s)
        i = 0
        if dec >= DEC_CUBE:
            # a leader's choice is read as its option row itself (the same games as through
            # list_options and choose_option: tests/test_forward_model.py)
            put_row(moves, leader_choice(s, K, RS, RM, W, seat_bot[p], rng, owner_masks, tmp), 0, 0, 0)
        elif dec == DEC_MAIN and seat_bot[p] == BOT_HEURISTIC:
            # the heuristic's main move valued without listing the options: the same move
            choose_main(s, K, RM, W, p, usable_favors(s, K, p, moves, 0, tmp, tmp, nlog), moves, ctx, rng)
        else:
            nm = list_options(s, K, RS, RM, tmp, owner_masks, moves, nlog)
            i = ask_seat(s, K, RS, RM, W, seat_bot, moves, nm, tmp, ctx, cand, s2, rng, owner_masks, log, nlog, sx)
        apply_choice(s, K, RS, RM, moves[i, 0], moves[i, 1], moves[i, 2], moves[i, 3], log, nlog, log_on)
        dec = advance_here(s, K, RS, RM, tmp, owner_masks, log, nlog, log_on)
    return dec


@kernel
def play_game(s, K, RS, RM, W, n, seat_bot, moves, tmp, ctx, cand, s2, rng, owner_masks, log, nlog, log_on,
              scr, sx):
    """One game on row s, from set-up until the last mission is done or the turn cap."""
    begin_game(s, K, RS, RM, n, rng, scr, log, nlog, log_on)
    play_on(s, K, RS, RM, W, seat_bot, moves, tmp, ctx, cand, s2, rng, owner_masks, log, nlog, log_on, sx)


@kernel(nrt=True, lazy=True)
def search_arrays(seat_bot, W, k, nr):
    """A search bot's tree for a loop outside play_batch (drive, the contract's policy): one
    node per iteration when a seat plays search, else one."""
    nodes = 1
    for p in range(seat_bot.shape[0]):
        if seat_bot[p] == BOT_SEARCH:
            nodes = int(W[W_SEARCH_ITER]) + 1
    return (np.zeros((nodes, N_FIELDS + 4), np.int64), np.zeros((nodes, MAXP), np.float64),
            np.zeros(nodes + k, np.int64), np.zeros(MAXP, np.float64), np.zeros(nr, np.uint64))


@kernel(nrt=True, lazy=True)   # a search bot's tree is allocated per call
def drive(s, K, RS, RM, W, seat_bot, moves, tmp, ctx, cand, s2, rng, owner_masks, log, nlog, log_on, first,
          stop):
    """Play from step first (-1: from where s stands) with the seats' bots until step stop is
    reached with no decision pending, or the game ends (tests: a turn, a mission part)."""
    if first >= 0:
        pending(s, DEC_NONE, -1)
        enter(s, K, first)
    s[O_STOP] = stop
    dec = play_on(s, K, RS, RM, W, seat_bot, moves, tmp, ctx, cand, s2, rng, owner_masks, log, nlog, log_on,
                  search_arrays(seat_bot, W, moves.shape[0], rng.shape[0]))
    s[O_STOP] = -1
    return dec


@kernel
def finish_game(s, K, g, score, rank, win, role, position, turns, end_reason, metrics, decisions, scr):
    """Game g's outputs: ranks (ties broken by the score on the final mission), metrics."""
    n = s[O_N]
    turn_positions(s[O_STARTER], n, position[g])
    sc = scr[0:n]
    tb = scr[MAXP:MAXP + n]
    for p in range(n):
        sc[p] = score_of(s, p)
        tb[p] = sc[p] - s[player_at(p, P_FINAL_START)]
    rank_players(sc, tb, n, rank[g], win[g])
    if s[O_END] == END_TURN_CAP:
        no_winner(win[g], n)
    for p in range(n):
        score[g, p] = sc[p]
        role[g, p] = -1
        metrics[g, p, 0] = s[player_at(p, P_LEADER_PTS)]
        metrics[g, p, 1] = s[player_at(p, P_CUBE_PTS)]
        metrics[g, p, 2] = s[player_at(p, P_ICON_PTS)]
        held = 0
        for a in range(NAREA):
            if s[O_HOLDER + a] == p:
                held += 1
        metrics[g, p, 3] = held
        metrics[g, p, 4] = s[O_PARTS_FAILED]
        metrics[g, p, 5] = s[O_CAPTURES]
        metrics[g, p, 6] = s[O_MISSIONS_DONE]
    turns[g] = s[O_TURNS]
    end_reason[g] = s[O_END]
    decisions[g] = s[O_DECISIONS]


@kernel(nogil=True)
def play_rows(first, last, tables, scratch, bots, weights, seed, game_index, rotation,
              score, rank, win, role, secret_role, position, turns, end_reason, metrics, decisions):
    """Games game_index: each scratch row (first..last-1 here; play_batch runs every row, in
    threads) plays a run of consecutive games."""
    K, RS, RM = tables
    S, S2, MOVES, TMP, CAND, CTX, RNG, SB, OM, SCR, LOG, NLOG, TREE, GAIN, WORK, REWARD, SRNG = scratch
    n = bots.shape[0]
    B = game_index.shape[0]
    R = S.shape[0]
    for r in range(first, last):
        # borrowed views: the threads would otherwise share these arrays' reference counts
        Kv, RSv, RMv, Wv = borrow(K), borrow(RS), borrow(RM), borrow(weights)
        s, s2, moves, tmp = borrow(S[r]), borrow(S2[r]), borrow(MOVES[r]), borrow(TMP[r])
        cand, ctx, rng, sb = borrow(CAND[r]), borrow(CTX[r]), borrow(RNG[r]), borrow(SB[r])
        om, scr, log, nlog = borrow(OM[r]), borrow(SCR[r]), borrow(LOG[r]), borrow(NLOG[r])
        t = min(np.int64(r), TREE.shape[0] - 1)     # the tree is one unused row unless search plays
        sx = (borrow(TREE[t]), borrow(GAIN[t]), borrow(WORK[t]), borrow(REWARD[t]), borrow(SRNG[r]))
        for g in range(r * B // R, (r + 1) * B // R):
            seed_streams(rng, seed, game_index[g])
            seat_bots(bots, rotation[g], sb)
            play_game(s, Kv, RSv, RMv, Wv, n, sb, moves, tmp, ctx, cand, s2, rng, om, log, nlog, False, scr, sx)
            finish_game(s, Kv, g, score, rank, win, role, position, turns, end_reason, metrics, decisions,
                        scr)


play_batch = over_rows(play_rows, scratch_rows)


@kernel(lazy=True)
def trace_game(tables, scratch, bots, weights, seed, game_index, rotation, log,
               score, rank, win, role, secret_role, position, turns, end_reason, metrics, decisions):
    """Game game_index on scratch row 0 with its event log: the same play_game as play_batch.
    Returns the rows logged."""
    K, RS, RM = tables
    S, S2, MOVES, TMP, CAND, CTX, RNG, SB, OM, SCR, LOG, NLOG, TREE, GAIN, WORK, REWARD, SRNG = scratch
    nlog = NLOG[0]
    nlog[0] = 0
    seed_streams(RNG[0], seed, game_index)
    seat_bots(bots, rotation, SB[0])
    play_game(S[0], K, RS, RM, weights, bots.shape[0], SB[0], MOVES[0], TMP[0], CTX[0], CAND[0], S2[0],
              RNG[0], OM[0], log, nlog, True, SCR[0], (TREE[0], GAIN[0], WORK[0], REWARD[0], SRNG[0]))
    finish_game(S[0], K, 0, score, rank, win, role, position, turns, end_reason, metrics, decisions,
                SCR[0])
    return nlog[0]
