"""make bench measures every Banquet scenario at its smallest and largest player count."""
from sim.bench import with_variant
from sim.games.banquet import GAME, pack


def test_every_scenario_is_benched_at_its_smallest_and_largest_count():
    for s, counts in pack.SCENARIO_PLAYERS.items():
        assert GAME.bench_variant_players[f"scenario{s}"] == (min(counts), max(counts))
    assert GAME.bench_variant_players["scenario5"] == (12, 24) and GAME.bench_bot == "heuristic"


def test_a_benched_scenario_keeps_the_rule_set_asked_for():
    assert with_variant(GAME, ("full",), "scenario4") == ("scenario4", "full")
    assert with_variant(GAME, ("scenario2", "full"), "scenario5") == ("scenario5", "full")
    assert with_variant(GAME, (), "scenario3") == ("scenario3", "basic")
