"""Issue 32's calibration of reconstructed characters against the printed scenarios (the reasoning
and the figures are in sim/games/banquet/content.toml, above the characters): the Royalty icon on
every basic that reaches any player or place, the King's summoning basic, and scenario 5's leaders
with consecutive initiatives; then the measure the icons were chosen for."""
from analysis.banquet_habits import king_fate

from .helpers import content

# basics that choose a player or a place anywhere at the table
REACHING = ("move_to", "move_next_to", "bring_next_to", "switch", "swap_two")
# filters that keep Royalty out of an action's reach (or seek it by name, the Count's and Cupbearer's)
LIMITED = ("who=adjacent", "who=not_adjacent", "status=")


def characters():
    return {c["name"]: c for c in content()["characters"]}


def test_every_unfiltered_reaching_basic_of_a_courtier_carries_the_royalty_icon():
    for name, c in characters().items():
        words = c["basic"].split()
        if c["status"] == "royalty" or words[0] not in REACHING or any(w.startswith(LIMITED) for w in words):
            continue
        assert "icon" in words, name
    icons = sum("icon" in c["basic"].split() for c in characters().values())
    assert icons == 11


def test_the_king_summons_a_courtier_with_his_basic():
    assert characters()["King"]["basic"] == "bring_next_to"


def test_scenario_5_leaders_have_consecutive_initiatives():
    cs = characters()
    lead = sorted(cs[n]["initiative"] for n in ("Merchant", "Abbot", "Abbess"))
    assert lead[2] - lead[0] == 2, lead


def test_the_king_lives_past_round_1_in_a_third_of_12_player_games():
    """Scenario 1, basic rules, 12 players, heuristic, the players picking their places (the
    default) with the set-up foresight on full seatings: the king falls in 74.2% of 2,000
    games, 51.65% end in round 1 and 32.8% reach round 3, and the king's faction wins 46.45%
    [44.3, 48.6] (`python -m analysis.banquet_habits --king --games 2000 --bots heuristic --seed 1`): the
    calibration's targets (content.toml; chance seating 80.2%, 62%, 26.6%, 44.0%) hold with the
    icons and the King's basic unchanged. The foresight that left the players yet to pick
    nowhere gave 65.85%, 36.45%, 44.05% and 62.9%: a king's faction that clear a favourite
    fails the last bound. The calibration was made with traitors blind to their public signs
    (bots.cover 0, pinned here); with the shipped cover the same 300 deals give the king's
    faction 26.7% and 81.7% assassinated (issue 32 under strong play: docs/banquet-status.md,
    a re-calibration proposed, not adopted)."""
    f = king_fate(("scenario1", "basic"), 12, "heuristic", games=300, seed=1, sets=("bots.cover=0",))
    assert f["assassinated"] <= 0.88, f
    assert f["ended_in_round_1"] <= 0.70, f
    assert f.get("ended_in_round_3", 0.0) >= 0.15, f
    assert 0.30 <= f["king_faction_wins"] <= 0.55, f
