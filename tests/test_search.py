"""The search bot (information-set MCTS, kernels/search.py) in every game that ships it: its
games do not depend on the batch, it never peeks at what its seat cannot see, a budget past
its tree is refused, and on a toy game with a known best move it finds that move as its
budget grows. Budgets here are tiny: the search's strength is measured in docs/search.md."""
import numba
import numpy as np
import pytest
from numba import njit

from kernels.rng import BOT0, CHANCE, below, seed_streams
from kernels.search import MAX_ITERATIONS, N_FIRST, N_NEXT, N_VISITS, alloc_tree, decided, make_search
from sim.api import hooks_of, new_game
from sim.errors import UserError
from sim.game import Batch
from sim.registry import GAME_MODULES, get_game

SEARCHING = [g for g in GAME_MODULES if hooks_of(g) and "search" in get_game(g).bots]
# a few iterations a decision and short playouts keep each game cheap
TINY = ("bots.search_iterations=6", "bots.search_depth=30")
# the no-peek test's playouts reach what is hidden: Pimpernel's deck order matters only when the
# next mission is drawn, which a 30-decision playout never reaches (a planted peek passed at 30)
DEEP = ("bots.search_iterations=6", "bots.search_depth=1000")
SEED = 11


def players(game):
    return 4 if 4 in game.allowed_players() else game.allowed_players()[0]


def lineup(game, n):
    """The search bot in seat 0, the shipped default elsewhere."""
    return ["search"] + [game.default_bots] * (n - 1)


@pytest.mark.parametrize("game_id", SEARCHING)
def test_search_games_are_the_same_whatever_the_threads_the_batch_and_the_trace(game_id):
    """The same deals played as one batch of four on one thread and on two, as four batches
    of one and traced alone give the same scores: a decision depends only on the position
    and the seat's stream."""
    game = get_game(game_id)
    n = players(game)
    content = game.content((), TINY)
    compiled = game.compile(content, n)
    codes = game.bot_codes(lineup(game, n), n)
    W = game.weights(content)
    gi = np.arange(4, dtype=np.uint64)
    rot = np.arange(4, dtype=np.int64) % n
    whole = Batch.alloc(4, n, len(game.metrics))
    threads = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        game.play(compiled, codes, W, SEED, gi, rot, whole)
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        two = Batch.alloc(4, n, len(game.metrics))
        game.play(compiled, codes, W, SEED, gi, rot, two)
    finally:
        numba.set_num_threads(threads)
    assert np.array_equal(whole.score, two.score) and np.array_equal(whole.decisions, two.decisions)
    for g in range(4):
        one = Batch.alloc(1, n, len(game.metrics))
        game.play(compiled, codes, W, SEED, gi[g:g + 1], rot[g:g + 1], one)
        _, traced, _ = game.trace_events(compiled, codes, W, SEED, int(gi[g]), int(rot[g]))
        assert list(one.score[0]) == list(whole.score[g]) == list(traced.score[0]), g
        assert one.decisions[0] == whole.decisions[g] == traced.decisions[0], g


@pytest.mark.parametrize("game_id", SEARCHING)
def test_search_does_not_change_its_choice_when_what_its_seat_cannot_see_is_redealt(game_id):
    """At the search seat's decisions, a clone whose hidden cards are re-dealt (the seat's
    stream untouched) gets the same choice. A search that plays its iterations on the true
    deal instead of its own re-deals fails this (planted once: Bastille's and Pimpernel's
    redeal hook made to do nothing, the clone's choice differed at the search seat's early
    decisions; Pimpernel's only once the playouts reach the next mission's draw)."""
    game = get_game(game_id)
    n = players(game)
    hooks = hooks_of(game_id)
    asked = 0
    for seed in range(SEED, SEED + 20):     # a Banquet game asks its seat only a few times
        g = new_game(game_id, n, lineup(game, n), overrides=DEEP, seed=seed)
        for _ in range(400):
            if g.over or asked >= 20:
                break
            if g.seat == 0 and len(g.options()) > 1:
                other = g.clone()
                rng = np.zeros(n + 1, np.uint64) + np.uint64(777 + asked)
                hooks.redeal_hidden(other.compiled.tables, hooks.state_row(other.arrays), 0, rng)
                choice = g.bot_choice()
                assert other.bot_choice() == choice, (seed, asked, g.decision)
                asked += 1
                g.apply(choice)
            else:
                g.apply(g.bot_choice())
        if asked >= 10:
            break
    assert asked >= 10


@pytest.mark.parametrize("game_id", SEARCHING)
def test_a_budget_past_the_search_tree_is_refused_in_one_line(game_id):
    game = get_game(game_id)
    n = players(game)
    content = game.content()
    compiled = game.compile(content, n)
    W = game.weights(content)
    W[game.weight_names.index("search_iterations")] = MAX_ITERATIONS + 1
    with pytest.raises(UserError, match="search_iterations.*holds one node per iteration"):
        game.play(compiled, game.bot_codes(["search"], n), W, 0, np.zeros(1, np.uint64),
                  np.zeros(1, np.int64), Batch.alloc(1, n, len(game.metrics)))
    with pytest.raises(UserError, match="search_iterations"):
        game.content((), (f"bots.search_iterations={MAX_ITERATIONS + 1}",))


# -- a toy game with a known best move ---------------------------------------------------------
# Seat 0 picks a row, then seat 1 picks a column; WIN[row, col] is seat 0's chance of winning.
# Row 0 wins three columns of four (the best row for a player that answers at random), row 1
# wins 60% against every column (the best against a player who answers well). The heuristic
# answers at random, so flat playouts prefer row 0; the tree learns seat 1's answer to it
# and, given budget enough, takes row 1. Seat 0's hidden card (re-dealt each iteration)
# changes nothing: the test also runs the re-deal path.
WIN = np.array([[1.0, 1.0, 1.0, 0.0],
                [0.6, 0.6, 0.6, 0.6],
                [1.0, 0.0, 1.0, 0.0],
                [0.0, 0.0, 0.0, 0.0]])
KIND, SEAT, ROW, WINNER, CARD = range(5)


@njit(cache=True)
def toy_copy(src, dst):
    for j in range(5):
        dst[0][j] = src[0][j]


@njit(cache=True)
def toy_kind(P):
    return P[0][KIND]


@njit(cache=True)
def toy_seat(P):
    return P[0][SEAT]


@njit(cache=True)
def toy_options(win, P, buf):
    for i in range(4):
        buf[i, 0] = i
    return 4


@njit(cache=True)
def toy_apply(win, P, rng, W, row):
    st = P[0]
    if st[KIND] == 1:
        st[ROW] = row[0]
        st[KIND] = 2
        st[SEAT] = 1
    else:
        won = below(rng, CHANCE, 1000) < 1000 * win[st[ROW], row[0]]
        st[WINNER] = 0 if won else 1
        st[KIND] = 0
    return st[KIND]


@njit(cache=True)
def toy_redeal(win, P, seat, rng):
    P[0][CARD] = below(rng, CHANCE, 10)


@njit(cache=True)
def toy_random(win, P, buf, k, rng, W):
    return below(rng, BOT0 + P[0][SEAT], k)


@njit(cache=True)
def toy_value(win, P, out):
    out[P[0][WINNER]] = 1.0


@njit(cache=True)
def toy_settle(W):
    return W[0] if W[0] > 0 else 1.0      # the toy's one weight: its early stop (0: exact)


toy_search = make_search(toy_copy, toy_kind, toy_seat, toy_options, toy_apply, toy_redeal,
                         toy_random, toy_value, settle=toy_settle)


def toy_choice(iterations, seed, tree_out=None, settle=0.0):
    st = np.array([1, 0, -1, -1, 3], np.int64)
    rng = np.zeros(3, np.uint64)
    seed_streams(rng, np.uint64(seed), np.uint64(0))
    buf = np.zeros((4, 1), np.int64)
    toy_options(WIN, (st,), buf)
    tree, gain, work, reward = (a[0] for a in alloc_tree(1, 1, 2, nodes=iterations + 1, k_max=4))
    if tree_out is not None:
        tree_out.append(tree)
    return toy_search(WIN, (st,), (np.zeros(5, np.int64),), rng, 0, np.array([settle]), buf, 4,
                      iterations, 10, 0.7, 0.0, tree, gain, work, np.zeros((4, 1), np.int64),
                      np.zeros(3, np.uint64), reward)


def test_search_finds_the_toy_games_best_move_as_its_budget_grows():
    seeds = range(8)
    small = [toy_choice(4, s) for s in seeds]
    large = [toy_choice(2000, s) for s in seeds]
    assert large == [1] * len(seeds), large
    assert small.count(1) < len(seeds), small


def test_search_stops_once_its_choice_is_decided():
    """The iterations stop when the most visited root child leads by more than the iterations
    left: a lead equal to them could still be tied, and an option not tried yet counts 0."""
    tree = np.zeros((3, 6), np.int64)
    tree[0, N_FIRST], tree[1, N_NEXT], tree[2, N_NEXT] = 1, 2, -1
    tree[1, N_VISITS], tree[2, N_VISITS] = 3, 10
    assert decided(tree, 6) and not decided(tree, 7)
    tree[1, N_NEXT] = -1                                # one child tried, the others 0 visits
    assert decided(tree, 2) and not decided(tree, 3)
    used = []
    assert toy_choice(2000, 0, used) == 1              # the toy's best row, long before 2,000
    assert used[0][0, N_VISITS] < 2000


def test_a_settle_below_one_stops_on_a_lead_the_rest_would_rarely_overturn():
    """settle f stops once the lead exceeds f times the iterations left: sooner than the exact
    stop (1,031 root visits here against 441 at a quarter), on the same choice (the toy's best
    row is clear by then)."""
    exact, quarter = [], []
    assert toy_choice(2000, 0, exact) == toy_choice(2000, 0, quarter, settle=0.25) == 1
    assert quarter[0][0, N_VISITS] < exact[0][0, N_VISITS] / 2, (quarter[0][0, N_VISITS], exact[0][0, N_VISITS])


@pytest.mark.parametrize("game_id", SEARCHING)
def test_the_search_bot_is_among_the_strong_line_ups_of_every_game_that_has_it(game_id):
    """`--robust` checks a verdict with search in every seat in each game that ships it (Emerald
    joined last). No game is played."""
    from analysis.studies.robust import strong_lineups
    from sim.plan import RunConfig

    game = get_game(game_id)
    cfg = RunConfig(game=game_id, players=players(game), bots=[game.default_bots], games=10)
    assert "search" in [u.bots[0] for u in strong_lineups(cfg)]
