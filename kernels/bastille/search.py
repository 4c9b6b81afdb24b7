"""The search bot: information-set MCTS (kernels/search.py) over Bastille's forward model.
A position is ``(st, fs, log, W, rng)``: the state row, the bots' float row (a cache keyed in
itself, so a copy starts it afresh), a log the playouts never write (their log switch is off),
and the weights and streams the position value reads (a copy leaves them be).
The playouts are the heuristic bot in every seat."""
import math

from numba import njit

from kernels.rng import CHANCE
from kernels.search import make_search
from kernels.bastille.layout import (BN, BOT_HEURISTIC, DEC_PLACE, FS_RANK, G_KIND, G_LOGON,
                                     G_PHASE, G_POS, G_SCORING, G_SEAT, MAXP, N_LOC, NPF, PH_END,
                                     PL, P_BPOS, P_COINS, P_VP, SEATBOT, ST_SIZE, T_BAS_PTS,
                                     T_MAXV, T_NP, T_SPACES, W_SEARCH_C, W_SEARCH_CAND,
                                     W_SEARCH_DEPTH, W_SEARCH_ITER, W_SEARCH_SCALE,
                                     W_SEARCH_SETTLE, W_SEARCH_WIDEN)
from kernels.bastille.scoring import final_points
from kernels.bastille.state import scorings_left, tiles_in_hand
from kernels.bastille.bots import choose_option, picks_by_index, write_choice
from kernels.bastille.values import (forget_values, placement_worth, prepare_values,
                                     weight_base)
from kernels.bastille.rules import apply as apply_row, options as list_options
from kernels.bastille.rollout import redeal as redeal_unseen


@njit(cache=True, _nrt=False)
def copy_position(src, dst):
    """A clone for one iteration: the state row, a fresh bots' cache, the log off and the
    heuristic in every seat (the playouts' policy)."""
    st, d = src[0], dst[0]
    for j in range(ST_SIZE):
        d[j] = st[j]
    forget_values(dst[1])
    d[G_LOGON] = 0
    for q in range(MAXP):
        d[SEATBOT + q] = BOT_HEURISTIC


@njit(cache=True, _nrt=False)
def decision(P):
    return P[0][G_KIND]


@njit(cache=True, _nrt=False)
def chooser(P):
    return P[0][G_SEAT]


@njit(cache=True, _nrt=False)
def options(tb, P, buf):
    """A tree node's options: a placement's are cut to the heuristic's best
    W_SEARCH_CAND rows (0: every row), so the iterations go to the few placements worth
    weighing (a 4-player hand lists up to 21) and the root's choice settles sooner."""
    st = P[0]
    k = list_options(tb, st, buf)
    n = int(P[3][W_SEARCH_CAND])
    if st[G_KIND] == DEC_PLACE and 0 < n < k:
        rank_placements(tb, st, P[4], P[3], P[1], buf, k, n)
        return n
    return k


@njit(cache=True, _nrt=False)
def rank_placements(tb, st, rng, W, fs, buf, k, n):
    """The n placement rows of buf[:k] the heuristic values most, first in buf, best
    first (ties: the first found): the worth choose_placement weighs."""
    p = st[G_SEAT]
    wb = weight_base(st, p)
    prepare_values(tb, st, rng, p, W, wb, fs)
    for i in range(k):
        v = buf[i, 0]
        fs[FS_RANK + i] = placement_worth(tb, st, p, v, buf[i, 1], W, wb, fs)
    for j in range(n):
        b = j
        for i in range(j + 1, k):
            if fs[FS_RANK + i] > fs[FS_RANK + b]:
                b = i
        if b != j:
            for f in range(2):
                t = buf[j, f]
                buf[j, f] = buf[b, f]
                buf[b, f] = t
            x = fs[FS_RANK + j]
            fs[FS_RANK + j] = fs[FS_RANK + b]
            fs[FS_RANK + b] = x


@njit(cache=True, _nrt=False)
def apply(tb, P, rng, W, row):
    return apply_row(tb, P[0], rng, row, P[2])


@njit(cache=True, _nrt=False)
def redeal(tb, P, seat, rng):
    redeal_unseen(tb, P[0], rng, seat, CHANCE)


@njit(cache=True, _nrt=False)
def heuristic(tb, P, buf, k, rng, W):
    """The heuristic's option. Where options cut a placement's rows it ranked them by the
    heuristic's own worth, its choice first, so they are not valued a second time."""
    if ranked(tb, P[0], W, k):
        return 0
    return choose_option(tb, P[0], rng, W, P[1], buf, k)


@njit(cache=True, _nrt=False)
def ranked(tb, st, W, k):
    """Whether options cut the pending placement's rows to these k (and ranked them)."""
    n = int(W[W_SEARCH_CAND])
    if st[G_KIND] != DEC_PLACE or not 0 < n == k:
        return False
    values = 0
    for v in range(1, tb[T_MAXV] + 1):
        if tiles_in_hand(st, st[G_SEAT], v) > 0:
            values += 1
    open_places = 0
    for loc in range(N_LOC):
        if st[BN + loc] < tb[T_SPACES + loc]:
            open_places += 1
    return k < values * open_places


@njit(cache=True, _nrt=False)
def playout_step(tb, P, buf, rng, W):
    """One playout decision by the heuristic. A placement, and every other choice a bot makes
    from the state alone, is the option row itself, as play_game plays it (listing the options
    only to find the row's index is skipped: the same games)."""
    st = P[0]
    kind = st[G_KIND]
    p = st[G_SEAT]
    if not picks_by_index(st, kind, p):      # never for a placement
        write_choice(tb, st, rng, p, W, P[1], buf[0])
        return apply_row(tb, st, rng, buf[0], P[2])
    k = list_options(tb, st, buf)
    return apply_row(tb, st, rng, buf[choose_option(tb, st, rng, W, P[1], buf, k)], P[2])


@njit(cache=True, _nrt=False)
def settle(W):
    return W[W_SEARCH_SETTLE]


@njit(cache=True, _nrt=False)
def standing(tb, P, out):
    """Each seat's reward. At the end the game's result: the most VP, then the most coins, equal
    on both sharing (the final ranking's rule). At a depth cut each seat's projected score, the
    final scoring as if the game ended now plus the Bastille scorings still to come at its
    track space, shared as exp(score / scale) over the seats' sum, so a lead of a few VP counts
    more than a lead of one (scale 0: the leader by VP, then coins, takes all). The projection
    is what a cut must see: VP alone count coins, characters and missions as nothing until the
    end, and a search scored on them hoards (0 of 40 games at a cut of 30)."""
    st = P[0]
    n = tb[T_NP]
    scale = P[3][W_SEARCH_SCALE]
    if st[G_PHASE] != PH_END and scale > 0.0:
        project_scores(tb, st, P[4], P[2])
        hi = -math.inf
        for p in range(n):
            hi = max(hi, st[PL + p * NPF + P_VP])
        total = 0.0
        for p in range(n):
            out[p] = math.exp((st[PL + p * NPF + P_VP] - hi) / scale)
            total += out[p]
        for p in range(n):
            out[p] /= total
        return
    top = 0
    for p in range(n):
        if better(st, p, top):
            top = p
    k = 0
    for p in range(n):
        if not better(st, top, p):
            k += 1
    for p in range(n):
        out[p] = 0.0 if better(st, top, p) else 1.0 / k


@njit(cache=True, _nrt=False)
def project_scores(tb, st, rng, log):
    """Each seat's VP as if the game ended now, plus the track points its Bastille space gives
    at each scoring still to come (the one in progress already paid them). Changes st: only
    a playout's copy is projected."""
    ahead = scorings_left(tb, st, rng) - (1 if st[G_SCORING] > 0 and st[G_POS] >= 0 else 0)
    for p in range(tb[T_NP]):
        st[PL + p * NPF + P_VP] += ahead * tb[T_BAS_PTS + st[PL + p * NPF + P_BPOS]]
    final_points(tb, st, rng, log)


@njit(cache=True, _nrt=False, inline="always")
def better(st, a, b):
    """Seat a ranks above seat b (VP, then coins)."""
    va, vb = st[PL + a * NPF + P_VP], st[PL + b * NPF + P_VP]
    return va > vb or (va == vb and st[PL + a * NPF + P_COINS] > st[PL + b * NPF + P_COINS])


search = make_search(copy_position, decision, chooser, options, apply, redeal, heuristic,
                     standing, playout_step, settle)


@njit(cache=True, _nrt=False)
def search_option(tb, st, rng, W, fs, buf, k, d, drng, dfs, dbuf, log, sx):
    """The search bot's option (an index in buf[:k]) for the seat choosing in st, its budget
    the weights' W_SEARCH_* (d, drng, dfs, dbuf: the playouts' scratch; sx the tree's arrays,
    kernels/search.py alloc_tree)."""
    tree, gain, work, reward = sx
    return search(tb, (st, fs, log, W, rng), (d, dfs, log, W, drng), rng, st[G_SEAT], W, buf, k,
                  int(W[W_SEARCH_ITER]), int(W[W_SEARCH_DEPTH]), W[W_SEARCH_C], W[W_SEARCH_WIDEN],
                  tree, gain, work,
                  dbuf, drng, reward)
