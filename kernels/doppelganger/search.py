"""The search bot: information-set MCTS (kernels/search.py) over doppelganger's forward model.
A position is the tuple ``(st, met, li, memo, walk, reach, acts, plans, pscore, kn, wv, dec,
rsc, log, deck)``: the state row, the metrics, the log counter and the plan the bots keep
between a move and the action after it (copied with the state), then the move generation's
and the bots' scratch (shared, never read before written). The playouts are the hunter in
every seat with the log off; a playout cut before a kill is scored a draw (1/n each)."""
from numba import njit

from kernels.search import make_search
from kernels.doppelganger.forward import (apply as apply_row, options as list_options, planned_row,
                                          policy)
from kernels.doppelganger.layout import (BOT_HUNTER, DEC_ACT_BEFORE, DEC_MOVE, DEC_NONE, DEC_REVEAL, O_SIZE,
                                         F_DEC, F_DEC_SEAT, F_SIZE, F_WINNER, P_SIZE, R_N, S_ACTS, S_CTR,
                                         S_DECK, S_FV, S_GAIN, S_GIVEN, S_KN, S_PBOTS, S_PLANS, S_PMET,
                                         S_PSCORE, S_REACH, S_REWARD, S_RNG, S_RPLANS, S_RRNG, S_RSCORE,
                                         S_RSTATE, S_SMEMO, S_SOPTS, S_STATE, S_TREE, S_WALK, S_WORK, T_RULES,
                                         W_SEARCH_C, W_SEARCH_DEPTH, W_SEARCH_ITER, W_SEARCH_WIDEN)
from kernels.doppelganger.rollout import determinize


@njit(cache=True, _nrt=False)
def copy_position(src, dst):
    """A clone for one iteration: the state row and the kept plan."""
    for f in range(F_SIZE):
        dst[0][f] = src[0][f]
    for f in range(P_SIZE):
        dst[3][f] = src[3][f]


@njit(cache=True, _nrt=False)
def decision(P):
    return P[0][F_DEC]


@njit(cache=True, _nrt=False)
def chooser(P):
    return P[0][F_DEC_SEAT]


@njit(cache=True, _nrt=False)
def options(tables, P, buf):
    k = list_options(tables, P[0], P[4], P[5], P[6], buf)
    tidy(buf, k, P[0][F_DEC])
    return k


@njit(cache=True, _nrt=False)
def tidy(buf, k, d):
    """Zero the columns a decision's rows leave unwritten (a move's fourth, a reveal's last
    three): the tree tells options apart by whole rows."""
    first = 3 if d == DEC_MOVE else (1 if d == DEC_REVEAL else O_SIZE)
    for i in range(k):
        for f in range(first, O_SIZE):
            buf[i, f] = 0


@njit(cache=True, _nrt=False)
def apply(tables, P, rng, weights, row):
    return apply_row(tables, P[0], P[1], P[2], rng, weights, row, P[13], False)


@njit(cache=True, _nrt=False)
def redeal(tables, P, seat, rng):
    rules = tables[T_RULES]
    determinize(P[0], P[0], rules[R_N], seat, rules, rng, P[14])


@njit(cache=True, _nrt=False, inline="always")
def hunter(tables, P, buf, k, rng, weights):
    """The hunter's option. After a move the tree chose, the plan it keeps is not this move's:
    its action after the move is then none (row 0)."""
    i = policy(tables, P[0], buf, k, BOT_HUNTER, rng, weights, P[3], P[4], P[5], P[6], P[7],
               P[8], P[9], P[10], P[11], P[12], P[13])
    return i if 0 <= i < k else 0


@njit(cache=True, _nrt=False)
def killer_takes_all(tables, P, out):
    """The killer wins 1, nobody else anything; a game stopped by the turn cap has no winner;
    a playout cut before a kill is a draw."""
    st = P[0]
    n = tables[T_RULES][R_N]
    if st[F_DEC] == DEC_NONE:
        if st[F_WINNER] >= 0:
            out[st[F_WINNER]] = 1.0
        return
    for s in range(n):
        out[s] = 1.0 / n


@njit(cache=True, _nrt=False)
def hunter_step(tables, P, buf, rng, weights):
    """One playout decision by the hunter. Its move, and its action before the move, is the
    option row of its plan, as play_game plays it (without listing every node the pawn may
    reach: the same games). The action after the move is found among the listed ones: after a
    move the tree chose, the plan kept is not that move's."""
    d = P[0][F_DEC]
    if d == DEC_MOVE or d == DEC_ACT_BEFORE:
        planned_row(tables, P[0], BOT_HUNTER, weights, P[3], P[4], P[7], P[8], P[9], P[10], P[11],
                    buf[0])
        return apply(tables, P, rng, weights, buf[0])
    k = options(tables, P, buf)
    return apply(tables, P, rng, weights, buf[hunter(tables, P, buf, k, rng, weights)])


search = make_search(copy_position, decision, chooser, options, apply, redeal, hunter,
                     killer_takes_all, hunter_step)


@njit(cache=True, _nrt=False, inline="always")
def search_option(tables, scratch, r, met, weights, buf, k, log):
    """The search bot's option (an index in buf[:k]) for the seat choosing in scratch row r,
    its budget the weights' W_SEARCH_*; its playouts use the rollout's rows of the scratch."""
    rr = r if r < scratch[S_RSTATE].shape[0] else 0
    ctr = scratch[S_CTR][r]
    rsc = (scratch[S_RPLANS][rr], scratch[S_RSCORE][rr], scratch[S_RSTATE][rr],
           scratch[S_RRNG][rr], scratch[S_DECK][r], scratch[S_PBOTS][rr],
           scratch[S_GIVEN][r][1:2], scratch[S_PMET][rr], ctr[2:4])
    walk, reach, acts = scratch[S_WALK][r], scratch[S_REACH][r], scratch[S_ACTS][r]
    plans, pscore, kn, wv = (scratch[S_PLANS][r], scratch[S_PSCORE][r], scratch[S_KN][r],
                             scratch[S_FV][r])
    st = scratch[S_STATE][r]
    root = (st, met, ctr[0:1], scratch[S_GIVEN][r][0], walk, reach, acts, plans, pscore, kn,
            wv, ctr[1:2], rsc, log, scratch[S_DECK][r])
    play = (scratch[S_RSTATE][rr], scratch[S_PMET][rr], ctr[2:3], scratch[S_SMEMO][rr], walk,
            reach, acts, plans, pscore, kn, wv, ctr[3:4], rsc, log, scratch[S_DECK][r])
    ctr[1] += 1             # one decision, as the bots count them
    tidy(buf, k, st[F_DEC])
    return search(tables, root, play, scratch[S_RNG][r], st[F_DEC_SEAT], weights, buf, k,
                  int(weights[W_SEARCH_ITER]), int(weights[W_SEARCH_DEPTH]), weights[W_SEARCH_C],
                  weights[W_SEARCH_WIDEN],
                  scratch[S_TREE][rr], scratch[S_GAIN][rr], scratch[S_WORK][rr],
                  scratch[S_SOPTS][rr], scratch[S_RRNG][rr], scratch[S_REWARD][rr])
