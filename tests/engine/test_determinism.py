"""Counter-based seeding, for every registered game: a game is a pure function of
(seed, game_index, rotation), whatever the thread count or batch size, and the chance
stream does not depend on the bots."""
import numba
import numpy as np
import polars as pl
import pytest
from polars.testing import assert_frame_equal

from sim.registry import get_game
from sim.plan import Prepared, RunConfig
from tests.engine.helpers import games
from tests.test_every_game import quick_rollout


def prepared(game_id: str, bots: list[str] | None = None, **kw) -> Prepared:
    g = get_game(game_id)
    n = g.players_or_default(None)
    return Prepared(RunConfig(game=game_id, players=n, bots=bots or [g.default_bots], seed=2024,
                              rotate_seats=True, **kw))


def n_deals(game_id: str) -> int:
    return 48 if "rollout" == get_game(game_id).default_bots else 120


@pytest.mark.parametrize("game_id", games())
def test_one_thread_equals_two_threads(game_id):
    prep = prepared(game_id)
    gi, rot = prep.rows(5, n_deals(game_id))
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = prep.play(gi, rot)
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        two = prep.play(gi, rot)
    finally:
        numba.set_num_threads(before)
    assert one.height == len(gi) * prep.cfg.players
    assert_frame_equal(one, two)


@pytest.mark.parametrize("game_id", games())
def test_batch_size_1_equals_1000(game_id):
    small, big = prepared(game_id, batch_size=1), prepared(game_id, batch_size=1000)
    gi, rot = small.rows(0, n_deals(game_id) // 4)
    assert_frame_equal(small.play(gi, rot), big.play(gi, rot))


@pytest.mark.parametrize("game_id", games())
def test_game_is_a_function_of_its_index_not_its_neighbours(game_id):
    """Games 100..109 played alone equal the same games played inside a larger range."""
    prep = prepared(game_id)
    gi, rot = prep.rows(90, 30)
    whole = prep.play(gi, rot).filter(pl.col("game_index").is_between(100, 109))
    gi2, rot2 = prep.rows(100, 10)
    assert_frame_equal(whole, prep.play(gi2, rot2))


# Games that expose their deal are checked here; the others pin the same property in their
# own tests (tests/<id>/), through their kernels' deal arrays.
@pytest.mark.parametrize("game_id", [g for g in games() if callable(getattr(get_game(g), "deal", None))])
def test_swapping_a_bot_leaves_the_deal_unchanged(game_id):
    game = get_game(game_id)
    bots = list(game.bots)
    a = prepared(game_id, bots=[bots[0]])
    b = prepared(game_id, bots=[bots[-1]])
    assert bots[0] != bots[-1]
    n = a.cfg.players
    for i in (0, 1, 17, 123456789):
        da = game.deal(a.compiled, a.cfg.seed, i, n)
        db = game.deal(b.compiled, b.cfg.seed, i, n)
        assert np.array_equal(np.asarray(da), np.asarray(db))
    # and the deal does depend on the game index (the test would be empty otherwise)
    assert not np.array_equal(np.asarray(game.deal(a.compiled, a.cfg.seed, 0, n)),
                              np.asarray(game.deal(a.compiled, a.cfg.seed, 1, n)))


@pytest.mark.parametrize("game_id", [g for g in games() if get_game(g).roles])
def test_swapping_bots_leaves_the_dealt_roles_unchanged(game_id):
    """Roles (identities, factions, missions) are part of the deal: whoever plays, seat s of
    game i gets the same role."""
    game = get_game(game_id)
    n = game.players_or_default(None)
    bots = list(game.bots)
    cheap = list(quick_rollout(game))     # the rollout and search seats re-deal and play out, briefly
    a = prepared(game_id, bots=[bots[0]] * n, sets=cheap)
    b = prepared(game_id, bots=[bots[(i % (len(bots) - 1)) + 1] for i in range(n)], sets=cheap)
    gi, rot = a.rows(0, 40)
    ra = a.play(gi, rot).select("game_index", "rotation", "seat", "role")
    rb = b.play(gi, rot).select("game_index", "rotation", "seat", "role")
    assert ra["role"].null_count() < ra.height
    assert_frame_equal(ra, rb)
