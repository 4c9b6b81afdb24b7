"""A whole game, and the two entry points of the kernel contract (kernels/README.md)."""
import numpy as np
from numba import njit

from kernels.banquet.bots import choose_option
from kernels.banquet.forward import advance, apply, begin, options
from kernels.banquet.layout import (BOT_ROLLOUT, BOT_SEARCH, DEC_ACTION, DEC_NONE, END_PASS_CAP, END_TURN_CAP,
                                    EV_SETUP, F_CHAR, F_DEC, F_DEC_SEAT, F_END, F_FACTION, F_HOST, F_PLACE,
                                    F_SEATBOT, F_SECRET, F_TURNS, MAXF, MAXP, R_N, R_NF, R_SCEN, SCEN_CASTLE,
                                    SCEN_ESTATE, S_IO, S_MOVES, S_ODDS, S_RIO, S_RMET, S_RMOVES, S_RNG,
                                    S_RRNG, S_RSCORE, S_RSIM, S_RSTATE, S_SEAT_BOTS, S_SIM, S_STATE, S_TEAM,
                                    SIM_SIZE, T_RULES, END_RESCUED, MV_SIZE, W_SEARCH_C, W_SEARCH_DEPTH,
                                    W_SEARCH_ITER, W_SEARCH_WIDEN)
from kernels.banquet.objectives import final_scores, team_of
from kernels.banquet.rollout import rollout_choose
from kernels.banquet.rules import leader, log_event
from kernels.banquet.search import search, search_option
from kernels.search import N_FIELDS
from kernels.banquet.state import setup_game
from kernels.common import no_winner, rank_teams, seat_bots, turn_positions
from kernels.threads import over_rows, scratch_rows
from kernels.rng import seed_streams


@njit(cache=True, _nrt=False, inline="always")
def play_game(tables, scratch, r, bots, weights, seed, game_index, rotation, log, on, met):
    """Deal and play game ``game_index`` in scratch row r, the bot list moved ``rotation``
    seats: one loop (advance; the pending decision's options; its seat's policy; apply).
    io[0] = log rows written, io[1] = bot decisions."""
    st = scratch[S_STATE][r]
    rng = scratch[S_RNG][r]
    mv = scratch[S_MOVES][r]
    io = scratch[S_IO][r]
    sim = scratch[S_SIM][r]
    deal(tables, st, rng, io, sim, scratch[S_SEAT_BOTS][r], bots, seed, game_index, rotation, log, on)
    kind = advance(tables, st, io, met, sim, mv, rng, weights, log, on)
    while kind != DEC_NONE:
        k = options(tables, st, io, met, sim, mv, mv)
        i = ask_seat(tables, scratch, r, st, mv, k, rng, weights, log)
        kind = apply(tables, st, io, met, sim, mv, rng, weights, mv[i], log, on)


@njit(cache=True, _nrt=False)
def deal(tables, st, rng, io, sim, sb, bots, seed, game_index, rotation, log, on):
    """The set-up of game game_index (its streams, the seats' bots, chance's deal), logged,
    ready for round 1."""
    n = tables[T_RULES][R_N]
    seed_streams(rng, seed, game_index)
    seat_bots(bots, rotation, sb)
    io[0] = 0
    io[1] = 0
    setup_game(st, tables, rng, sim[6 * MAXP:7 * MAXP], sim[7 * MAXP:10 * MAXP])
    for s in range(n):
        st[F_SEATBOT + s] = sb[s]
        log_event(log, io, on, EV_SETUP, s, st[F_CHAR + s], st[F_FACTION + s], st[F_SECRET + s], st[F_PLACE + s])
    begin(st, tables)


@njit(cache=True, _nrt=False)
def ask_seat(tables, scratch, r, st, buf, k, rng, weights, log):
    """The pending decision's seat's policy (its bot, F_SEATBOT): the index of the option of
    buf[:k] it takes; the search bot's by its tree, the rollout bot's own turn its playouts'."""
    seat = st[F_DEC_SEAT]
    bot = st[F_SEATBOT + seat]
    if bot == BOT_SEARCH:
        return search_option(tables, scratch, r, st, buf, k, rng, weights, log)
    sim = scratch[S_SIM][r]
    od = scratch[S_ODDS][r]
    if bot == BOT_ROLLOUT and st[F_DEC] == DEC_ACTION:
        return rollout_choose(tables, st, seat, weights, rng, buf, k, sim[0:MAXP], od, scratch[S_RSTATE][r],
                              scratch[S_RRNG][r], scratch[S_RMOVES][r], scratch[S_RSIM][r], scratch[S_RSCORE][r],
                              scratch[S_RIO][r], scratch[S_RMET][r], log)
    return choose_option(tables, st, buf, k, seat, bot, rng, weights, sim[0:MAXP], od, sim[2 * MAXP:6 * MAXP])


@njit(cache=True)
def policy(tables, st, io, met, sim, mv, buf, k, seat, bot, rng, weights, memo):
    """The contract's policy (kernels/README.md): bot (BOT_*) choosing for seat at the pending
    decision of the state (st, io, met, sim, mv), buf[:k] its options; memo is the bots' odds
    row. As play_game asks; the rollout bot's own turn and the search bot get playout scratch of
    their own."""
    if bot == BOT_SEARCH:
        nodes = int(weights[W_SEARCH_ITER]) + 1
        log = np.zeros((1, 6), np.int64)
        rsim = np.zeros(SIM_SIZE + 3 * MAXP, np.int64)
        rmv = np.zeros_like(mv)
        return search(tables, (st, io, met, sim, mv, memo, log, weights),
                      (np.zeros_like(st), np.zeros_like(io), np.zeros_like(met), rsim, rmv, memo, log, weights), rng,
                      st[F_DEC_SEAT], weights, buf, k, nodes - 1, int(weights[W_SEARCH_DEPTH]),
                      weights[W_SEARCH_C], weights[W_SEARCH_WIDEN],
                      np.zeros((nodes, N_FIELDS + MV_SIZE), np.int64), np.zeros((nodes, MAXP), np.float64),
                      np.zeros(nodes + max(buf.shape[0], rmv.shape[0]), np.int64), rmv, np.zeros_like(rng),
                      np.zeros(MAXP, np.float64))
    if bot == BOT_ROLLOUT and st[F_DEC] == DEC_ACTION:
        log = np.zeros((1, 6), np.int64)
        return rollout_choose(tables, st, seat, weights, rng, buf, k, sim[0:MAXP], memo, np.zeros_like(st),
                              np.zeros_like(rng), np.zeros_like(mv), np.zeros(SIM_SIZE + 3 * MAXP, np.int64),
                              np.zeros(mv.shape[0], np.float64), np.zeros(4, np.int64), np.zeros_like(met), log)
    return choose_option(tables, st, buf, k, seat, bot, rng, weights, sim[0:MAXP], memo, sim[2 * MAXP:6 * MAXP])


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


@njit(cache=True, _nrt=False, inline="always")
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


@njit(cache=True, nogil=True)
def play_rows(first, last, tables, scratch, bots, weights, seed, game_index, rotation,
              score, rank, win, role, secret_role, position, turns, end_reason, metrics, decisions):
    """Play games ``game_index`` (one per row of the outputs), a run per scratch row: rows
    first..last-1 here (play_batch runs every row, in threads)."""
    log = np.zeros((1, 6), np.int64)
    for r in range(first, last):
        play_row(tables, scratch, r, bots, weights, seed, game_index, rotation, log,
                 score, rank, win, role, secret_role, position, turns, end_reason, metrics, decisions)


play_batch = over_rows(play_rows, scratch_rows)


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
