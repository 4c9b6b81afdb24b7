"""A whole game, and the two entry points of the kernel contract (kernels/README.md)."""

from numba import prange, types

from kernels.common import borrow, no_winner, rank_players, seat_bots, turn_positions
from kernels.rng import seed_streams
from kernels.pimpernel.jit import kernel
from kernels.pimpernel.layout import (BOT_HEURISTIC, BOT_ROLLOUT, END_TURN_CAP, EV_END, EV_SETUP,
    K_MAX_TURNS, MAXP, NAREA, O_CAPTURES, O_CUR, O_DECISIONS, O_DONE, O_END, O_FIRST, O_HOLDER,
    O_MISSIONS_DONE, O_MLOC, O_N, O_PARTS_FAILED, O_PL, O_RESBOT, O_STARTER, O_TRAIL, O_TURNS, PLK,
    P_CUBE_PTS, P_FINAL_START, P_ICON_PTS, P_LEADER_PTS)
from kernels.pimpernel.state import score_of, setup_game
from kernels.pimpernel.moves import short_routes
from kernels.pimpernel.bots import choose_index
from kernels.pimpernel.rules import begin_turn, gen_main, log_event, play_main, resolve_mission, round_over
from kernels.pimpernel.rollout import rollout_choice


@kernel(inline=True)
def play_turn(s, K, RS, RM, W, seat_bot, moves, tmp, ctx, cand, s2, rng, owner_masks, log, nlog, log_on):
    """The seat to act chooses its main move (the rollout bot by playouts) and plays the turn."""
    p = s[O_CUR]
    bot = seat_bot[p]
    begin_turn(s)
    nm = gen_main(s, K, p, moves, tmp, log, nlog)
    if bot == BOT_ROLLOUT and nm > 1:
        i = rollout_choice(s, K, RS, RM, W, p, moves, nm, tmp, ctx, cand, s2, rng, owner_masks, log, nlog)
        sub = BOT_HEURISTIC
    else:
        i = choose_index(s, K, RS, RM, W, bot, p, moves, nm, tmp, ctx, rng)
        sub = bot
    s[O_DECISIONS] += 1
    play_main(s, K, RS, RM, W, sub, p, moves[i, 0], moves[i, 1], moves[i, 2], moves, tmp, ctx, rng,
              log, nlog, log_on)


@kernel
def play_game(s, K, RS, RM, W, n, seat_bot, moves, tmp, ctx, cand, s2, rng, owner_masks, log, nlog, log_on,
              scr):
    """One game on row s, from set-up until the last mission is done or the turn cap."""
    setup_game(s, K, n, rng, scr)
    short_routes(s, K, RS, RM)
    log_event(log, nlog, log_on, EV_SETUP, -1, s[O_TRAIL], s[O_MLOC], s[O_FIRST], 0)
    for p in range(n):
        # leaders at the end of a round decide as their seat's bot (rollout as heuristic)
        s[O_RESBOT + p] = seat_bot[p] if seat_bot[p] != BOT_ROLLOUT else BOT_HEURISTIC
    while s[O_DONE] == 0:
        if s[O_TURNS] >= K[K_MAX_TURNS]:
            s[O_DONE] = 1
            s[O_END] = END_TURN_CAP
            break
        play_turn(s, K, RS, RM, W, seat_bot, moves, tmp, ctx, cand, s2, rng, owner_masks, log, nlog, log_on)
        if round_over(s):
            resolve_mission(s, K, RS, RM, W, s[O_RESBOT:O_RESBOT + MAXP], rng, owner_masks, log, nlog, log_on)
    log_event(log, nlog, log_on, EV_END, -1, s[O_END], 0, 0, 0)


@kernel
def finish_game(s, K, g, score, rank, win, role, position, turns, end_reason, metrics, decisions, scr):
    """Game g's outputs: ranks (ties broken by the score on the final mission), metrics."""
    n = s[O_N]
    turn_positions(s[O_STARTER], n, position[g])
    sc = scr[0:n]
    tb = scr[MAXP:MAXP + n]
    for p in range(n):
        sc[p] = score_of(s, p)
        tb[p] = sc[p] - s[O_PL + p * PLK + P_FINAL_START]
    rank_players(sc, tb, n, rank[g], win[g])
    if s[O_END] == END_TURN_CAP:
        no_winner(win[g], n)
    for p in range(n):
        score[g, p] = sc[p]
        role[g, p] = -1
        metrics[g, p, 0] = s[O_PL + p * PLK + P_LEADER_PTS]
        metrics[g, p, 1] = s[O_PL + p * PLK + P_CUBE_PTS]
        metrics[g, p, 2] = s[O_PL + p * PLK + P_ICON_PTS]
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


@kernel(parallel=True)
def play_batch(tables, scratch, bots, weights, seed, game_index, rotation,
               score, rank, win, role, secret_role, position, turns, end_reason, metrics, decisions):
    """Games game_index in parallel: each scratch row plays a run of consecutive games."""
    K, RS, RM = tables
    S, S2, MOVES, TMP, CAND, CTX, RNG, SB, OM, SCR, LOG, NLOG = scratch
    n = bots.shape[0]
    B = game_index.shape[0]
    R = S.shape[0]
    for r in prange(R):
        # borrowed views: the threads would otherwise share these arrays' reference counts
        Kv, RSv, RMv, Wv = borrow(K), borrow(RS), borrow(RM), borrow(weights)
        s, s2, moves, tmp = borrow(S[r]), borrow(S2[r]), borrow(MOVES[r]), borrow(TMP[r])
        cand, ctx, rng, sb = borrow(CAND[r]), borrow(CTX[r]), borrow(RNG[r]), borrow(SB[r])
        om, scr, log, nlog = borrow(OM[r]), borrow(SCR[r]), borrow(LOG[r]), borrow(NLOG[r])
        for g in range(r * B // R, (r + 1) * B // R):
            seed_streams(rng, seed, game_index[g])
            seat_bots(bots, rotation[g], sb)
            play_game(s, Kv, RSv, RMv, Wv, n, sb, moves, tmp, ctx, cand, s2, rng, om, log, nlog, False, scr)
            finish_game(s, Kv, g, score, rank, win, role, position, turns, end_reason, metrics, decisions,
                        scr)


@kernel(args={"game_index": types.uint64, "rotation": types.int64})
def trace_game(tables, scratch, bots, weights, seed, game_index, rotation, log,
               score, rank, win, role, secret_role, position, turns, end_reason, metrics, decisions):
    """Game game_index on scratch row 0 with its event log: the same play_game as play_batch.
    Returns the rows logged."""
    K, RS, RM = tables
    S, S2, MOVES, TMP, CAND, CTX, RNG, SB, OM, SCR, LOG, NLOG = scratch
    nlog = NLOG[0]
    nlog[0] = 0
    seed_streams(RNG[0], seed, game_index)
    seat_bots(bots, rotation, SB[0])
    play_game(S[0], K, RS, RM, weights, bots.shape[0], SB[0], MOVES[0], TMP[0], CTX[0], CAND[0], S2[0],
              RNG[0], OM[0], log, nlog, True, SCR[0])
    finish_game(S[0], K, 0, score, rank, win, role, position, turns, end_reason, metrics, decisions,
                SCR[0])
    return nlog[0]
