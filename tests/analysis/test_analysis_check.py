"""The gate's three outcomes on crafted results, and the sweep grid parsing."""
import math
from pathlib import Path

import pytest

from analysis.check import FAIL, PASS, UNDECIDED, check, judge, load_spec, overall
from analysis.suffstats import sufficient_stats
from analysis.sweep import grid_points, parse_grid, split_values
from sim.errors import UserError
from tests.analysis.synth_results import crafted_results

SPEC = {"spec": {"game": "bastille"},
        "thresholds": {"max_position_spread": 0.10, "min_first_player_advantage": -0.05,
                       "max_first_player_advantage": 0.05, "max_seat_spread": 0.10,
                       "max_turn_cap_share": 0.02, "game_length": [20, 40]},
        "roles": {"red": {"min": 0.15, "max": 0.35}}}
ROLES = ["red", "blue", "green", "gold"]


def outcomes(df):
    return {v.criterion: v.outcome for v in check(sufficient_stats(df), SPEC)}


def test_balanced_large_run_passes():
    df = crafted_results(40000, (0.25, 0.25, 0.25, 0.25), roles=ROLES, cap_p=0.0, seed=3)
    verdicts = check(sufficient_stats(df), SPEC)
    assert {v.outcome for v in verdicts} == {PASS} and overall(verdicts) == PASS
    assert len(verdicts) == 6


def test_lopsided_run_fails_on_the_intervals():
    df = crafted_results(40000, (0.45, 0.2, 0.2, 0.15), roles=ROLES, cap_p=0.1, seed=4, mean_turns=50)
    o = outcomes(df)
    assert o["position win-rate spread"] == FAIL
    assert o["seat win-rate spread (by seat)"] == FAIL   # seat 0 always starts in these runs
    assert o["first-player advantage"] == FAIL
    assert o["turn-cap share"] == FAIL
    assert o["mean game length (tile placements)"] == FAIL
    assert o["win rate of role red"] == PASS  # roles are dealt at random


def test_a_turn_order_effect_behind_a_random_start_player_fails_by_position():
    """Seats look even when the start player is drawn at random; positions do not."""
    df = crafted_results(8000, position_p=(0.306, 0.320, 0.256, 0.118), roles=ROLES, seed=6)
    o = outcomes(df)
    assert o["seat win-rate spread (by seat)"] == PASS
    assert o["position win-rate spread"] == FAIL
    last = crafted_results(8000, position_p=(0.40, 0.25, 0.20, 0.15), roles=ROLES, seed=7)
    assert outcomes(last)["first-player advantage"] == FAIL


def test_first_player_advantage_is_judged_on_both_sides():
    df = crafted_results(20000, (0.10, 0.30, 0.30, 0.30), roles=ROLES, seed=8)
    assert outcomes(df)["first-player advantage"] == FAIL    # the first player loses too often


def test_old_first_seat_key_is_refused_with_the_new_name(tmp_path):
    path = tmp_path / "old.toml"
    path.write_text('[spec]\ngame = "bastille"\n[thresholds]\nmax_first_seat_advantage = 0.05\n')
    with pytest.raises(UserError, match="max_first_player_advantage"):
        load_spec(path)


def test_small_run_near_the_thresholds_is_undecided_and_says_how_many_games():
    df = crafted_results(300, (0.31, 0.23, 0.23, 0.23), roles=ROLES, seed=5)
    verdicts = check(sufficient_stats(df), SPEC)
    und = [v for v in verdicts if v.outcome == UNDECIDED]
    assert overall(verdicts) == UNDECIDED
    assert und and all(v.more_games is not None and v.more_games != 0 for v in und)


def test_judge_regions_and_games_needed():
    assert judge("x", 0.05, 0.04, 0.06, (-math.inf, 0.1), 100).outcome == PASS
    assert judge("x", 0.15, 0.12, 0.18, (-math.inf, 0.1), 100).outcome == FAIL
    v = judge("x", 0.08, 0.04, 0.12, (-math.inf, 0.1), 100)
    assert v.outcome == UNDECIDED and v.more_games == 300  # half-width 0.04 -> 0.02: 4x games
    assert judge("x", 0.1, 0.05, 0.15, (-math.inf, 0.1), 100).more_games == -1


def test_spec_for_another_game_and_unknown_role_are_user_errors():
    stats = sufficient_stats(crafted_results(100, roles=ROLES))
    with pytest.raises(UserError, match="spec is for 'emerald'"):
        check(stats, {"spec": {"game": "emerald"}})
    with pytest.raises(UserError, match="no such role"):
        check(stats, {"roles": {"purple": {"min": 0.1}}})


def test_sweep_grid():
    assert split_values("1,2,[3,4], 5") == ["1", "2", "[3,4]", "5"]
    grid = parse_grid(["a.b=1,2", "c=x,y,z"])
    points = grid_points(grid)
    assert len(points) == 6 and points[0] == {"a.b": "1", "c": "x"}
    with pytest.raises(UserError):
        parse_grid(["novalue"])


@pytest.mark.parametrize("path", sorted((Path(__file__).resolve().parents[2] / "specs").glob("*.toml")),
                         ids=lambda p: p.stem)
def test_sample_specs_load_and_name_their_game(path):
    spec = load_spec(path)
    assert spec["run"]["game"] == path.stem   # the [run] table names the game (spec.game is the old place)
    assert {"max_position_spread", "min_first_player_advantage", "max_first_player_advantage",
            "max_turn_cap_share", "game_length"} <= set(spec["thresholds"])


def test_a_zero_threshold_does_not_fail_a_run_with_none():
    """No game hit the turn cap: the Wilson interval starts at exactly 0, so max_turn_cap_share = 0
    is undecided (the interval still reaches above 0), never a fail."""
    df = crafted_results(2000, roles=ROLES, cap_p=0.0, seed=21)
    v = check(sufficient_stats(df), {"thresholds": {"max_turn_cap_share": 0.0}})[0]
    assert v.low == 0.0 and v.outcome == UNDECIDED
