"""The search bot: information-set MCTS (kernels/search.py) over The Last Banquet's forward model.
A position is ``(st, io, met, sim, mv, od, log, w)``: the state row, the log counter and the
decisions asked, the seats' metrics, then scratch the rules and the bots overwrite before
reading (a seating copy and lists, move rows, the bots' odds row), the log (off in the
playouts) and the searching seat's weights (its re-deal's belief, rollout.belief). The
iterations play in the rollout bot's scratch row (its state, counters, metrics, lists and move
rows).

A faction's members share its reward: at the end every member of the winning faction gets 1.0
(1/k each when k factions tie), a game stopped by a cap or a lost rescue nothing (finish_game's
ranking). At a depth cut the reward is the factions' objective standing if the game ended now
(objectives.final_scores: scenario 1's king's faction with its survival and its marked
assassins; a rescue not yet made counts as lost). The playouts are the heuristic in every seat."""
from numba import njit

from kernels.banquet.bots import choose_option
from kernels.banquet.forward import apply as apply_row, options as list_options
from kernels.banquet.layout import (BOT_HEURISTIC, DEC_NONE, END_PASS_CAP, END_RESCUED, END_TURN_CAP,
                                    F_DEC, F_DEC_SEAT, F_END, F_FACTION, F_SIZE, MAXF, MAXP, R_N, R_NF,
                                    R_SCEN, SCEN_CASTLE, SIM_SIZE, S_GAIN, S_IO, S_MOVES, S_ODDS,
                                    S_REWARD, S_RIO, S_RMET, S_RMOVES, S_RNG, S_RSIM, S_RSTATE, S_SIM,
                                    S_SRNG, S_STATE, S_TREE, S_WORK, T_RULES, W_SEARCH_C,
                                    W_SEARCH_DEPTH, W_SEARCH_ITER, W_SEARCH_WIDEN)
from kernels.banquet.objectives import final_scores, team_of
from kernels.banquet.rollout import belief, redeal_into
from kernels.search import make_search


@njit(cache=True, _nrt=False)
def copy_position(src, dst):
    """A clone for one iteration: the state row and its counters."""
    for f in range(F_SIZE):
        dst[0][f] = src[0][f]
    for j in range(dst[1].shape[0]):
        dst[1][j] = src[1][j]


@njit(cache=True, _nrt=False)
def decision(P):
    return P[0][F_DEC]


@njit(cache=True, _nrt=False)
def chooser(P):
    return P[0][F_DEC_SEAT]


@njit(cache=True, _nrt=False)
def options(tables, P, buf):
    return list_options(tables, P[0], P[1], P[2], P[3], P[4], buf)


@njit(cache=True, _nrt=False)
def apply(tables, P, rng, weights, row):
    return apply_row(tables, P[0], P[1], P[2], P[3], P[4], rng, weights, row, P[6], False)


@njit(cache=True, _nrt=False)
def redeal(tables, P, seat, rng):
    redeal_into(tables, P[0], seat, rng, P[3][SIM_SIZE:SIM_SIZE + 3 * MAXP], belief(P[7]))


@njit(cache=True, _nrt=False)
def heuristic(tables, P, buf, k, rng, weights):
    st, sim = P[0], P[3]
    return choose_option(tables, st, buf, k, st[F_DEC_SEAT], BOT_HEURISTIC, rng, weights, sim[0:MAXP],
                         P[5], sim[2 * MAXP:6 * MAXP])


@njit(cache=True, _nrt=False)
def faction_standing(tables, P, out):
    """Each seat's reward: its faction's win share, at the end or as if the game ended now."""
    rules = tables[T_RULES]
    st = P[0]
    n, nf, scen = rules[R_N], rules[R_NF], rules[R_SCEN]
    if st[F_DEC] == DEC_NONE:
        end = st[F_END]
        if end == END_TURN_CAP or end == END_PASS_CAP or (scen == SCEN_CASTLE and end != END_RESCUED):
            return
    team = P[3][2 * MAXP:2 * MAXP + MAXF]
    final_scores(st, tables, team)
    best = team[0]
    for t in range(1, nf):
        best = max(best, team[t])
    if scen == SCEN_CASTLE and best <= 0:
        return                          # not rescued (yet): a loss for everyone
    top = 0
    for t in range(nf):
        if team[t] == best:
            top += 1
    for s in range(n):
        if team[team_of(scen, st[F_FACTION + s])] == best:
            out[s] = 1.0 / top


search = make_search(copy_position, decision, chooser, options, apply, redeal, heuristic,
                     faction_standing)


@njit(cache=True, _nrt=False, inline="always")
def search_option(tables, scratch, r, st, buf, k, rng, weights, log):
    """The search bot's option (an index in buf[:k]) for the seat choosing in scratch row r's
    state st, its budget the weights' W_SEARCH_*; the iterations play in the rollout bot's
    scratch row."""
    rr = r if r < scratch[S_RSTATE].shape[0] else 0
    od = scratch[S_ODDS][r]
    root = (st, scratch[S_IO][r], scratch[S_RMET][rr], scratch[S_SIM][r], scratch[S_MOVES][r], od, log,
            weights)
    play = (scratch[S_RSTATE][rr], scratch[S_RIO][rr], scratch[S_RMET][rr], scratch[S_RSIM][rr],
            scratch[S_RMOVES][rr], od, log, weights)
    return search(tables, root, play, rng, st[F_DEC_SEAT], weights, buf, k, int(weights[W_SEARCH_ITER]),
                  int(weights[W_SEARCH_DEPTH]), weights[W_SEARCH_C], weights[W_SEARCH_WIDEN],
                  scratch[S_TREE][rr], scratch[S_GAIN][rr], scratch[S_WORK][rr], scratch[S_RMOVES][rr],
                  scratch[S_SRNG][rr], scratch[S_REWARD][rr])
