"""The search bot: information-set MCTS (kernels/search.py) over A Study in Emerald's forward
model. A position is ``(st, io, met, tmp, pos, mv, log, score, rng, weights, value)``: the state
row, the log counter and the decisions posted, the seats' metrics, then scratch the rules
overwrite before reading (cards paid or shuffled, a payment's hand positions, move rows), the log
(off in the playouts: nothing is written), the rows the position value scores into, the streams
and weights the sub-choices read (the iteration's streams in the playouts) and the row values
the candidates are cut by. The iterations play in the
rollout bot's scratch row (its state, counters, metrics, cards, positions, move rows, streams
and score rows): a seat is one bot, so the two never play at once.

The tree branches on the actions, the free actions and the further assassinations (the
decisions play_game lists), each cut to the heuristic's best ``bots.search_candidates`` rows (an
action has up to ~130: with every row, 200 iterations spread too thin to tell the good ones
apart); every other choice (an agent's city, a cube's source, an agent move,
an interrupt, Mi-Go's agent, the zombies' victim and city, Okhrana's cube) is offered as one
option, the heuristic's, read as play_game reads it (bots.sub_choice): the search bot's own
sub-choices are the heuristic's too, as the rollout bot's are. The playouts are the heuristic in
every seat.

The reward is each seat's win share: Emerald's rules make one player win (the highest score
after the final adjustments, a Restorationist higher in a tie, joint winners 1/k each); a side
never wins as a side, its standing enters through the final adjustments (the track points kept
by the higher side, the other side's typed VP lost, the lowest player's side penalised). At a
depth cut the reward is the same ranking as if the game ended now (rules.final_scores on the
iteration's re-dealt identities); a game stopped by the turn cap has no winner."""
import math

from numba import njit

from kernels.emerald.bots import choose_option, sub_choice
from kernels.emerald.forward import apply as apply_row, options as list_options
from kernels.emerald.layout import (BOT_HEURISTIC, DEC_ACTION, DEC_AGENT, DEC_NONE, END_TURN_CAP, F_DEC,
                                    F_DEC_SEAT, F_END, O_A, O_B, R_N, S_IO, S_R_IO, S_R_MET, S_R_MOVES,
                                    S_R_POS, S_R_RNG, S_R_SCORE, S_R_STATE, S_R_TMP, S_R_VALUE, S_GAIN,
                                    S_REWARD, S_TREE, S_WORK, T_RULES, W_SEARCH_C, W_SEARCH_CAND,
                                    W_SEARCH_DEPTH, W_SEARCH_ITER, W_SEARCH_SCALE, W_SEARCH_WIDEN)
from kernels.emerald.rollout import determinize
from kernels.emerald.rules import final_scores
from kernels.emerald.state import copy_into
from kernels.emerald.values import row_value
from kernels.search import make_search


@njit(cache=True, _nrt=False)
def copy_position(src, dst):
    """A clone for one iteration: the state row and its counters (the rest is scratch)."""
    copy_into(dst[0], src[0])
    copy_into(dst[1], src[1])


@njit(cache=True, _nrt=False)
def decision(P):
    return P[0][F_DEC]


@njit(cache=True, _nrt=False)
def chooser(P):
    return P[0][F_DEC_SEAT]


@njit(cache=True, _nrt=False)
def options(tables, P, buf):
    """The pending decision's options; a sub-choice is the heuristic's answer alone (its row:
    O_A, O_B, then zeros), drawn from the chooser's stream as play_game draws it."""
    st = P[0]
    if st[F_DEC] >= DEC_AGENT:
        a, b = sub_choice(tables, st, st[F_DEC_SEAT], BOT_HEURISTIC, P[8], P[9])
        for f in range(buf.shape[1]):
            buf[0, f] = 0
        buf[0, O_A] = a
        buf[0, O_B] = b
        return 1
    k = list_options(tables, st, P[1], P[2], P[3], P[4], P[5], buf)
    return keep_best(tables, st, buf, k, int(P[9][W_SEARCH_CAND]), P[9], P[10])


@njit(cache=True, _nrt=False, inline="always")
def keep_best(tables, st, buf, k, most, weights, value):
    """buf[:k] cut to the heuristic's ``most`` best rows (values.row_value; the first on ties), in
    their order, the last row kept where it is a stop (a free action's or another
    assassination's); returns their count. The heuristic's own choice is always among them; the
    rows it would never weigh take no iterations."""
    stop = 0 if st[F_DEC] == DEC_ACTION else 1
    m = k - stop
    if most <= 0 or m <= most:
        return k
    n = tables[T_RULES][R_N]
    p = st[F_DEC_SEAT]
    for i in range(m):
        value[i] = row_value(st, n, p, buf[i], tables, weights, True)
    # the most-th best value, and how many rows on it are kept (the first ones)
    prev_v = math.inf
    prev_i = -1
    for _ in range(most):
        best = -1
        for i in range(m):
            v = value[i]
            if (v < prev_v or (v == prev_v and i > prev_i)) and (best < 0 or v > value[best]):
                best = i
        prev_v = value[best]
        prev_i = best
    cut = prev_v
    j = 0
    for i in range(k):
        if i >= m or value[i] > cut or (value[i] == cut and i <= prev_i):
            for f in range(buf.shape[1]):
                buf[j, f] = buf[i, f]
            j += 1
    return j


@njit(cache=True, _nrt=False)
def apply(tables, P, rng, weights, row):
    return apply_row(tables, P[0], P[1], P[2], P[3], P[4], P[5], rng, weights, row, P[6], False)


@njit(cache=True, _nrt=False)
def redeal(tables, P, seat, rng):
    determinize(P[0], tables, seat, rng, P[3])


@njit(cache=True, _nrt=False)
def heuristic(tables, P, buf, k, rng, weights):
    st = P[0]
    if st[F_DEC] >= DEC_AGENT:
        return 0                    # the one option options offers: the heuristic's
    return choose_option(tables, st, buf, k, st[F_DEC_SEAT], BOT_HEURISTIC, rng, weights)


@njit(cache=True, _nrt=False)
def standing(tables, P, out):
    """Each seat's reward. At the end the game's result: the highest score after the final
    adjustments, a Restorationist higher in a tie, the seats equal on both sharing
    (common.rank_players' rule); nobody at the turn cap. At a depth cut the scores as if the game
    ended now: each seat's share is exp(score / scale) over the seats' sum (a Restorationist half
    a point up), so a lead of a few VP counts more than a lead of one (scale 0: the same ranking
    as at the end)."""
    st = P[0]
    over = st[F_DEC] == DEC_NONE
    if over and st[F_END] == END_TURN_CAP:
        return
    n = tables[T_RULES][R_N]
    score, tb = P[7][0], P[7][1]
    final_scores(st, n, tables, score, tb, P[2])
    scale = P[9][W_SEARCH_SCALE]
    if not over and scale > 0.0:
        hi = -math.inf
        for p in range(n):
            hi = max(hi, score[p] + 0.5 * tb[p])
        total = 0.0
        for p in range(n):
            out[p] = math.exp((score[p] + 0.5 * tb[p] - hi) / scale)
            total += out[p]
        for p in range(n):
            out[p] /= total
        return
    top = 0
    for p in range(1, n):
        if score[p] > score[top] or (score[p] == score[top] and tb[p] > tb[top]):
            top = p
    k = 0
    for p in range(n):
        if score[p] == score[top] and tb[p] == tb[top]:
            k += 1
    for p in range(n):
        out[p] = 1.0 / k if score[p] == score[top] and tb[p] == tb[top] else 0.0


search = make_search(copy_position, decision, chooser, options, apply, redeal, heuristic, standing)


@njit(cache=True, _nrt=False)
def search_option(tables, scratch, r, st, buf, k, rng, weights, log):
    """The search bot's option (an index in buf[:k]) for the seat choosing in st, its budget the
    weights' W_SEARCH_*: the iterations play in the rollout bot's scratch row r, their streams
    in its stream row, the tree in the search's arrays of row r (kernels/search.py alloc_tree)."""
    rs, rrng = scratch[S_R_STATE][r], scratch[S_R_RNG][r]
    rio, rmet, rtmp = scratch[S_R_IO][r], scratch[S_R_MET][r], scratch[S_R_TMP][r]
    rpos, rmv, score = scratch[S_R_POS][r], scratch[S_R_MOVES][r], scratch[S_R_SCORE][r]
    # the root is read only by copy_position (its state and counters) and kind: the other
    # arrays are the playout's, of the same types
    value = scratch[S_R_VALUE][r]
    root = (st, scratch[S_IO][r], rmet, rtmp, rpos, rmv, log, score, rng, weights, value)
    play = (rs, rio, rmet, rtmp, rpos, rmv, log, score, rrng, weights, value)
    return search(tables, root, play, rng, st[F_DEC_SEAT], weights, buf, k, int(weights[W_SEARCH_ITER]),
                  int(weights[W_SEARCH_DEPTH]), weights[W_SEARCH_C], weights[W_SEARCH_WIDEN],
                  scratch[S_TREE][r], scratch[S_GAIN][r], scratch[S_WORK][r], rmv, rrng, scratch[S_REWARD][r])
