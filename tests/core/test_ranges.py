"""Every declared range is one a designer could mean (issue 27, item 10): a count (any whole
number of the content or the bot weights: playouts, rounds, cards, points) never takes a
negative value, a bot's playouts and candidates are at least one, and a value outside its
range is refused in one line."""
from pathlib import Path

import pytest

from sim.errors import UserError
from sim.registry import game_ids, get_game

# the shipped games (tests register toy games of their own beside them)
SHIPPED = [g for g in game_ids() if g in {p.name for p in (Path(__file__).parents[2] / "sim" / "games").iterdir()}]

# bot weights that count something the rollout bot does: zero would leave it nothing to play
AT_LEAST_ONE = ("rollout_playouts", "rollout_candidates", "rollout_width", "rollout_rounds")


def ranged(game_id):
    return [(k, v, r) for k, v, r in get_game(game_id).content().params() if r is not None]


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_count_has_a_non_negative_range(game_id):
    wrong = [f"{k} = {v} in {r}" for k, v, r in ranged(game_id)
             if isinstance(v, int) and not isinstance(v, bool) and r[0] < 0]
    assert not wrong, f"{game_id}: counts that may go negative: {wrong}"


@pytest.mark.parametrize("game_id", SHIPPED)
def test_the_rollout_bot_plays_at_least_one_playout(game_id):
    wrong = [f"{k} in {r}" for k, v, r in ranged(game_id) if k.split(".")[-1] in AT_LEAST_ONE and r[0] < 1]
    assert not wrong, f"{game_id}: {wrong}"


def test_a_negative_playout_count_is_refused_in_one_line():
    with pytest.raises(UserError, match="bots.rollout_playouts"):
        get_game("bastille").content(sets=("bots.rollout_playouts=-3",))
