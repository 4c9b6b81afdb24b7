"""The search bot: information-set MCTS (kernels/search.py) over The Scarlet Pimpernel's forward
model. A position is ``(s, tmp, om, ctx, nlog, log, rng, W)``: the state row, then scratch
every decision overwrites before reading (a favor half's trial, the route spaces' owners, the
heuristic's context), the log counter and the log (off in the playouts: nothing is written),
the streams and the weights the leader's choices read (the iteration's streams in the
playouts).

A leader's choice (whose cube leaves an area, the route, the top card) is offered as one option,
the heuristic's, as the game's loop plays every bot's (play.play_on: a route decision lists up
to 1,544 routes); the tree branches on the turn's moves, icons, favor halves and the rest cube.
The playouts are the heuristic in every seat, to the end of the game or after bots.search_depth
decisions (1000: past the end of any game), and the position value is each seat's win share if
the game ended there (the most points, equal points share; the final mission's tie-break once
the game is over). A build that stopped every playout (and the tree) at the current round's
scoring (O_STOP = S_PREPARE, as the rollout's first round) was far faster and lost to the
heuristic (search-200 0.167 [0.093, 0.280] of 60 seat-rotated games, fair 0.25; 0.433 [0.316,
0.559] with playouts to the end): a win share read at a round's end is 0 for every seat not
leading then, whatever it chose (at seat 0's first move of a probed deal every option's playout
left it last), so the tree chose among equal values (docs/search.md, "does not reproduce")."""
from numba import njit

from kernels.search import make_search
from kernels.pimpernel.layout import (BOT_HEURISTIC, DEC_CUBE, END_TURN_CAP, MAXP, O_DONE, O_END, O_N,
    O_STOP, P_FINAL_START, S_SIZE, W_SEARCH_C, W_SEARCH_DEPTH, W_SEARCH_ITER, W_SEARCH_WIDEN)
from kernels.pimpernel.state import chooser, decision, player_at, score_of
from kernels.pimpernel.bots import choose_option, leader_choice
from kernels.pimpernel.rules import apply_option, list_options
from kernels.pimpernel.rollout import redeal_hidden


@njit(cache=True, _nrt=False)
def copy_position(src, dst):
    """A clone for one iteration: the state row and the route owners (the scratch the leader's
    route reads). The playout plays on to the end of the game: no stop step, not even one a
    test's driver set on the position searched from."""
    s, d = src[0], dst[0]
    for j in range(S_SIZE):
        d[j] = s[j]
    d[O_STOP] = -1
    for j in range(MAXP + 1):
        dst[2][j] = src[2][j]


@njit(cache=True, _nrt=False)
def pending_kind(P):
    return decision(P[0])


@njit(cache=True, _nrt=False)
def pending_seat(P):
    return chooser(P[0])


@njit(cache=True, _nrt=False)
def options(tables, P, buf):
    """The pending decision's options; a leader's choice is the heuristic's alone."""
    K, RS, RM = tables
    s = P[0]
    if decision(s) >= DEC_CUBE:
        buf[0, 0] = leader_choice(s, K, RS, RM, P[7], BOT_HEURISTIC, P[6], P[2], P[1])
        buf[0, 1] = 0
        buf[0, 2] = 0
        buf[0, 3] = 0
        return 1
    return list_options(s, K, RS, RM, P[1], P[2], buf, P[4])


@njit(cache=True, _nrt=False)
def apply(tables, P, rng, W, row):
    K, RS, RM = tables
    return apply_option(P[0], K, RS, RM, P[1], P[2], row[0], row[1], row[2], row[3], P[5], P[4],
                        False)


@njit(cache=True, _nrt=False)
def redeal(tables, P, seat, rng):
    redeal_hidden(tables, P[0], seat, rng)


@njit(cache=True, _nrt=False)
def heuristic(tables, P, buf, k, rng, W):
    if decision(P[0]) >= DEC_CUBE:
        return 0                    # the one option options offers: the heuristic's
    K, RS, RM = tables
    return choose_option(P[0], K, RS, RM, W, BOT_HEURISTIC, buf, k, P[1], P[3], P[2], rng)


@njit(cache=True, _nrt=False)
def standing(tables, P, out):
    """Each seat's win share if the game ended now (a playout cut at bots.search_depth): the
    most points, then (once the game is over) the most points on the final mission, equal on
    both sharing; a game stopped by the turn cap has no winner (finish_game's ranking)."""
    s = P[0]
    n = s[O_N]
    over = s[O_DONE] == 1
    if over and s[O_END] == END_TURN_CAP:
        return
    top = 0
    for p in range(n):
        if ahead(s, p, top, over):
            top = p
    k = 0
    for p in range(n):
        if not ahead(s, top, p, over):
            k += 1
    for p in range(n):
        out[p] = 0.0 if ahead(s, top, p, over) else 1.0 / k


@njit(cache=True, _nrt=False, inline="always")
def ahead(s, a, b, over):
    """Seat a ranks above seat b: more points, then (at the end) more on the final mission."""
    va, vb = score_of(s, a), score_of(s, b)
    if va != vb or not over:
        return va > vb
    return va - s[player_at(a, P_FINAL_START)] > vb - s[player_at(b, P_FINAL_START)]


search = make_search(copy_position, pending_kind, pending_seat, options, apply, redeal, heuristic,
                     standing)


@njit(cache=True, _nrt=False, inline="always")
def search_option(s, K, RS, RM, W, moves, nm, tmp, ctx, s2, wbuf, rng, owner_masks, log, nlog,
                  sx):
    """The search bot's option (an index in moves[:nm]) for the seat choosing in s, its budget
    the weights' W_SEARCH_* (s2, wbuf: the playout's state and option rows; sx the tree's
    arrays and the iterations' streams, kernels/search.py alloc_tree)."""
    tree, gain, work, reward, srng = sx
    return search((K, RS, RM), (s, tmp, owner_masks, ctx, nlog, log, rng, W),
                  (s2, tmp, owner_masks, ctx, nlog, log, srng, W), rng, chooser(s), W, moves, nm,
                  int(W[W_SEARCH_ITER]), int(W[W_SEARCH_DEPTH]), W[W_SEARCH_C], W[W_SEARCH_WIDEN],
                  tree, gain, work, wbuf, srng, reward)
