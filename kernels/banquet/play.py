"""A whole game, and the two entry points of the kernel contract (kernels/README.md)."""
import numpy as np
from numba import njit, prange

from kernels.banquet.castle import castle_metrics
from kernels.banquet.layout import (BOT_ROLLOUT, END_NONE, END_PASS_CAP, END_RESCUED, END_TURN_CAP, EV_END,
                                    EV_SETUP, F_CHAR, F_END, F_FACTION, F_HOST, F_PLACE, F_ROUND,
                                    F_SECRET, F_TURNS, MAXF, MAXP, MV_SLOT, MV_X, MV_Y, MV_Z, R_N,
                                    R_NF, R_ROUNDS, R_SCEN, SCEN_CASTLE, SCEN_ESTATE, S_IO, S_MOVES, S_ODDS,
                                    S_RBOTS, S_RIO, S_RMET, S_RMOVES, S_RNG, S_RRNG, S_RSCORE, S_RSIM,
                                    S_RSTATE, S_SEAT_BOTS, S_SIM, S_STATE, S_TEAM, T_RULES)
from kernels.banquet.moves import list_moves
from kernels.banquet.objectives import final_scores, objective_phase, team_of
from kernels.banquet.rollout import rollout_choose
from kernels.banquet.rules import (begin_turn, finish_turn, leader, log_event, next_turn, start_round,
                                   take_turn)
from kernels.banquet.state import setup_game
from kernels.common import no_winner, rank_teams, seat_bots, turn_positions
from kernels.rng import seed_streams


@njit(cache=True, _nrt=False)
def play_game(tables, scratch, r, bots, weights, seed, game_index, rotation, log, on, met):
    """Deal and play game ``game_index`` in scratch row r, the bot list moved ``rotation``
    seats. io[0] = log rows written, io[1] = bot decisions."""
    rules = tables[T_RULES]
    st = scratch[S_STATE][r]
    rng = scratch[S_RNG][r]
    mv = scratch[S_MOVES][r]
    io = scratch[S_IO][r]
    sb = scratch[S_SEAT_BOTS][r]
    sim = scratch[S_SIM][r]
    od = scratch[S_ODDS][r]
    pl = sim[0:MAXP]
    moved = sim[MAXP:2 * MAXP]
    cand = sim[2 * MAXP:6 * MAXP]
    n = rules[R_N]
    seed_streams(rng, seed, game_index)
    seat_bots(bots, rotation, sb)
    io[0] = 0
    io[1] = 0
    setup_game(st, tables, rng, sim[6 * MAXP:7 * MAXP], sim[7 * MAXP:10 * MAXP])
    for s in range(n):
        log_event(log, io, on, EV_SETUP, s, st[F_CHAR + s], st[F_FACTION + s], st[F_SECRET + s], st[F_PLACE + s])
    for rd in range(rules[R_ROUNDS]):
        st[F_ROUND] = rd
        start_round(st, tables, sb, weights, rng, od, log, io, on, met)
        first = True
        while st[F_END] == END_NONE:
            a = next_turn(st, tables, first, sb, weights, rng, od, log, io, on, met)
            first = False
            if a < 0:
                break
            if sb[a] == BOT_ROLLOUT:
                rollout_turn(tables, scratch, r, st, a, sb, weights, rng, mv, pl, od, moved, cand, log, io, on, met)
            else:
                take_turn(st, tables, a, sb, weights, rng, mv, pl, od, moved, cand, log, io, on, met)
        if st[F_END] != END_NONE:
            break
        objective_phase(st, tables, sb, weights, rng, mv, pl, od, moved, cand, log, io, on, met)
        if st[F_END] != END_NONE:
            break
    if rules[R_SCEN] == SCEN_CASTLE:
        castle_metrics(tables, met)
    log_event(log, io, on, EV_END, -1, st[F_END], 0, 0, 0)


@njit(cache=True, _nrt=False)
def rollout_turn(tables, scratch, r, st, a, sb, weights, rng, mv, pl, od, moved, cand, log, io, on, met):
    """A rollout seat's turn: the bribe, then the move its playouts favour."""
    begin_turn(st, tables, a, sb, weights, rng, od, cand, log, io, on)
    k = list_moves(st, tables, a, mv)
    io[1] += 1
    i = rollout_choose(tables, st, a, weights, rng, mv, k, pl, od, scratch[S_RSTATE][r], scratch[S_RRNG][r],
                       scratch[S_RMOVES][r], scratch[S_RSIM][r], scratch[S_RBOTS][r], scratch[S_RSCORE][r],
                       scratch[S_RIO][r], scratch[S_RMET][r], log)
    finish_turn(st, tables, a, mv[i, MV_SLOT], mv[i, MV_X], mv[i, MV_Y], mv[i, MV_Z], sb, weights, rng, mv, pl, od,
                moved, cand, log, io, on, met)


@njit(cache=True, _nrt=False)
def finish_game(tables, scratch, r, g, score, rank, win, role, secret_role, position, turns,
                end_reason, decisions):
    """Game g's outputs from scratch row r: faction scores and ranks (every member of the
    winning faction wins), the faction as role, the secret role, positions from the host."""
    rules = tables[T_RULES]
    st = scratch[S_STATE][r]
    tm = scratch[S_TEAM][r]
    n = rules[R_N]
    team = tm[0:MAXF]
    tiebreak = tm[MAXF:2 * MAXF]
    of = tm[2 * MAXF:2 * MAXF + MAXP]
    final_scores(st, tables, team)
    for t in range(MAXF):
        tiebreak[t] = 0
    for s in range(n):
        of[s] = team_of(rules[R_SCEN], st[F_FACTION + s])
    rank_teams(team, tiebreak, rules[R_NF], of, n, rank[g], win[g])
    end = st[F_END]
    if end == END_TURN_CAP or end == END_PASS_CAP or (rules[R_SCEN] == SCEN_CASTLE and end != END_RESCUED):
        no_winner(win[g], n)
    for s in range(n):
        score[g, s] = team[of[s]]
        # the faction the seat finished in (scenario 4's converts with the white maiden), so
        # every team question reads each faction's own outcome; banquet_converted keeps the deal
        role[g, s] = st[F_FACTION + s]
        secret_role[g, s] = st[F_SECRET + s]
    first_host = st[F_HOST]
    if rules[R_SCEN] == SCEN_ESTATE:        # the merchant hosted round 1
        first_host = leader(st, tables, 0)
    turn_positions(first_host, n, position[g])
    turns[g] = st[F_TURNS]
    end_reason[g] = end
    decisions[g] = scratch[S_IO][r, 1]


@njit(cache=True, _nrt=False)
def play_row(tables, scratch, r, bots, weights, seed, game_index, rotation, log,
             score, rank, win, role, secret_role, position, turns, end_reason, metrics, decisions):
    """The run of consecutive games that state row r plays, one after another."""
    B = game_index.shape[0]
    R = scratch[S_STATE].shape[0]
    for g in range(r * B // R, (r + 1) * B // R):
        met = metrics[g]
        for s in range(met.shape[0]):
            for m in range(met.shape[1]):
                met[s, m] = 0.0
        play_game(tables, scratch, r, bots, weights, seed, game_index[g], rotation[g], log, False, met)
        finish_game(tables, scratch, r, g, score, rank, win, role, secret_role, position, turns,
                    end_reason, decisions)


@njit(cache=True, parallel=True)
def play_batch(tables, scratch, bots, weights, seed, game_index, rotation,
               score, rank, win, role, secret_role, position, turns, end_reason, metrics, decisions):
    """Play games ``game_index`` (one per row of the outputs) in parallel, a run per scratch row."""
    log = np.zeros((1, 6), np.int64)
    for r in prange(scratch[S_STATE].shape[0]):
        play_row(tables, scratch, np.int64(r), bots, weights, seed, game_index, rotation, log,
                 score, rank, win, role, secret_role, position, turns, end_reason, metrics, decisions)


@njit(cache=True)
def trace_game(tables, scratch, bots, weights, seed, game_index, rotation, log,
               score, rank, win, role, secret_role, position, turns, end_reason, metrics, decisions):
    """Game ``game_index`` in scratch row 0 with the event log on; outputs to row 0."""
    met = metrics[0]
    met[:, :] = 0.0
    play_game(tables, scratch, 0, bots, weights, seed, game_index, rotation, log, True, met)
    finish_game(tables, scratch, 0, 0, score, rank, win, role, secret_role, position, turns,
                end_reason, decisions)
    return scratch[S_IO][0, 0]
