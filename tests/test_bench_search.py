"""`make bench` measures the search bot at 50, 200 and 800 iterations a decision in every game
that has it (issue #30), at the game's bench player counts (Banquet: 12 players only)."""
import pytest

from sim import bench
from sim.registry import get_game

SEARCH_GAMES = ("bastille", "doppelganger", "pimpernel", "banquet", "emerald")


def counts(game) -> tuple[int, ...]:
    """The player counts bench_game measures when no count is asked for."""
    return game.bench_players or (game.players_or_default(None, game.resolve_variants(())),)


def test_the_search_rows_are_at_50_200_and_800_iterations():
    assert bench.SEARCH_BUDGETS == (50, 200, 800)


@pytest.mark.parametrize("game_id", SEARCH_GAMES)
def test_every_game_with_search_has_search_rows_at_its_usual_count(game_id):
    game = get_game(game_id)
    assert "search" in game.bots
    usual = 12 if game_id == "banquet" else 4       # the counts issue #30 names
    assert usual in bench.search_players(game, counts(game))


def test_a_count_asked_for_gets_search_rows_and_banquets_24_players_do_not():
    banquet = get_game("banquet")
    assert bench.search_players(banquet, (12, 24)) == (12,)
    assert bench.search_players(banquet, (24,), asked=24) == (24,)
    assert bench.search_players(get_game("doppelganger"), (4, 6)) == (4, 6)
