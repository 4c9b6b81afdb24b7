"""`balance sensitivity` on the toy game knob, whose effects are known in closed form:
knob.edge moves the first-player advantage by 2 pp a unit (4 pp over its step 4 -> 6), knob.nudge
by 0.2 pp a unit (below the 1 pp negligible bound), knob.dud and knob.luck not at all, knob.rounds
moves only the length (by exactly the step)."""
import json

import polars as pl
import pytest

from tests.tune.helpers import FPA_PER_EDGE, FPA_PER_NUDGE, row, run, table


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    out = tmp_path_factory.mktemp("sens") / "s"
    code, stdout, err = run(["sensitivity", "knob", "-n", 6000, "--batch", 1000, "--seed", 3, "--out", out,
                             "--measure", "first_player_advantage", "--measure", "game_length"])
    assert code == 0, err
    return out, stdout


def test_the_value_with_a_known_effect_ranks_first_and_its_interval_covers_it(study):
    out, stdout = study
    t = table(out)
    fpa = t.filter(pl.col("measure") == "first_player_advantage").sort("rank")
    assert fpa["key"][0] == "knob.edge"
    edge = row(t, "knob.edge")
    assert (edge["low"], edge["high"]) == (4, 6)
    true = FPA_PER_EDGE * (edge["high"] - edge["low"])
    assert edge["effect_low"] < true < edge["effect_high"]
    assert edge["status"] == "played to -n" and edge["deals"] == 6000
    length = t.filter(pl.col("measure") == "game_length").sort("rank")
    assert length["key"][0] == "knob.rounds"
    rounds = row(t, "knob.rounds", "game_length")
    assert rounds["effect"] == pytest.approx(rounds["high"] - rounds["low"])
    assert "knob.edge" in stdout and "rank" in stdout


def test_a_step_the_game_refuses_moves_toward_the_current_value(study):
    """knob.dud may not exceed knob.rounds - 8 (now 2 and 10): rounds' low end 9 and dud's high
    end 3 are refused, so each becomes one-sided at the current value."""
    out, stdout = study
    t = table(out)
    assert (row(t, "knob.rounds")["low"], row(t, "knob.rounds")["high"]) == (10, 11)
    assert (row(t, "knob.dud")["low"], row(t, "knob.dud")["high"]) == (1, 2)
    assert "Step of knob.rounds: low end 9 -> 10" in stdout


def test_steps_are_one_unit_for_whole_numbers_and_a_share_of_the_value_for_fractions(study):
    """Issue 27 item 9: knob.rounds (range 2..30) steps by 1, not a tenth of its range (3);
    knob.luck (0.5) by a tenth of itself, 0.05; cap_chance (0) by a tenth of its range. The
    table prints each step in the value's own units."""
    out, stdout = study
    t = table(out)
    luck, cap = row(t, "knob.luck"), row(t, "knob.cap_chance")
    assert (luck["low"], luck["high"]) == pytest.approx((0.45, 0.55)) and luck["step_text"] == "+-0.05"
    assert (cap["low"], cap["high"]) == pytest.approx((0.0, 0.1)) and cap["step_text"] == "+-0.1"
    assert row(t, "knob.edge")["step_text"] == "+-1" and row(t, "knob.rounds")["step_text"] == "+-1"
    assert "step        tested" in stdout


def test_a_value_that_changes_no_game_says_so(study):
    """knob.luck reaches no rule: its games are bit-identical at both ends, which is 'no effect',
    not 'negligible'; knob.dud changes every score (not who wins): negligible, not identical."""
    out, stdout = study
    t = table(out)
    assert row(t, "knob.luck")["status"] == "no effect: the games are identical"
    assert row(t, "knob.dud")["status"] == "negligible (dropped)"
    assert "no effect: the games are identical" in stdout


def test_values_without_effect_are_dropped_early_and_save_games(study):
    out, stdout = study
    t = table(out)
    for key in ("knob.dud", "knob.luck", "knob.nudge"):
        r = row(t, key)
        assert r["status"] in ("negligible (dropped)", "no effect: the games are identical"), key
        assert r["deals"] < 6000, key
    assert row(t, "knob.dud")["deals"] == 1000          # no deal differs: dropped at the first look
    nudge = row(t, "knob.nudge")
    assert nudge["effect_low"] < FPA_PER_NUDGE * 2 < nudge["effect_high"]
    s = json.loads((out / "sensitivity.json").read_text())["summary"]
    assert s["games"] < s["fixed_design_games"]
    assert s["dropped"] == 4             # and knob.cap_chance: 0 -> 0.1 takes a winner from 1 game in 10
    assert row(t, "knob.cap_chance")["status"] == "negligible (dropped)"   # (|effect| about 0.4 pp)
    assert "saved" in stdout


def test_intervals_cover_the_true_effect_at_the_stated_rate_over_seeds(tmp_path):
    """30 independent studies (seeds 0..29) of knob.edge: its 95% interval should miss the true
    4 pp about 1.5 times; 5 misses or more has chance 2% (a fixed set of seeds: no flakes)."""
    covered = 0
    for seed in range(30):
        out = tmp_path / str(seed)
        code, _, err = run(["sensitivity", "knob", "--only", "knob.edge", "-n", 1500, "--batch", 500,
                            "--seed", seed, "--out", out])
        assert code == 0, err
        r = row(table(out), "knob.edge")
        covered += r["effect_low"] < FPA_PER_EDGE * 2 < r["effect_high"]
    assert covered >= 26


def test_a_gap_measure_is_ranked_by_a_paired_bootstrap(tmp_path):
    code, _, err = run(["sensitivity", "knob", "--only", "knob.edge", "--only", "knob.dud", "-n", 3000,
                        "--measure", "position_spread", "--out", tmp_path / "g"])
    assert code == 0, err
    t = table(tmp_path / "g")
    edge, dud = row(t, "knob.edge", "position_spread"), row(t, "knob.dud", "position_spread")
    assert edge["rank"] == 1 and edge["effect_low"] > 0
    assert dud["status"] == "negligible (dropped)"


def test_the_budget_bounds_the_games(tmp_path):
    """A budget of 12,000 games stops the study long before every value reaches -n 5,000 deals:
    the values still in play are marked as stopped by the budget, and no batch overruns it."""
    code, stdout, err = run(["sensitivity", "knob", "-n", 5000, "--batch", 500, "--budget", 12000, "--seed", 1,
                             "--out", tmp_path / "b"])
    assert code == 0, err
    t = table(tmp_path / "b")
    s = json.loads((tmp_path / "b" / "sensitivity.json").read_text())["summary"]
    assert s["games"] <= 12000
    assert row(t, "knob.edge")["status"] == "stopped by --budget" and row(t, "knob.edge")["deals"] < 5000


def test_same_seed_same_table_other_seed_other_table(tmp_path):
    args = ["sensitivity", "knob", "--only", "knob.", "-n", 2000, "--batch", 500]
    tabs = []
    for name, seed in (("a", 5), ("b", 5), ("c", 6)):
        assert run([*args, "--seed", seed, "--out", tmp_path / name])[0] == 0
        tabs.append(table(tmp_path / name))
    assert tabs[0].equals(tabs[1])
    assert not tabs[0].equals(tabs[2])


def test_resume_after_an_interruption_gives_the_same_table(tmp_path, monkeypatch):
    args = ["sensitivity", "knob", "-n", 3000, "--batch", 500, "--seed", 9]
    assert run([*args, "--out", tmp_path / "whole"])[0] == 0
    monkeypatch.setenv("BALANCE_TEST_STOP_AFTER_SHARDS", "7")
    code, _, err = run([*args, "--out", tmp_path / "cut"])
    assert code == 130 and "--resume" in err
    assert not (tmp_path / "cut" / "sensitivity.parquet").exists()
    played = len(list((tmp_path / "cut" / "shards").glob("*.parquet")))
    assert played == 7
    monkeypatch.delenv("BALANCE_TEST_STOP_AFTER_SHARDS")
    code, _, err = run(["sensitivity", "--resume", tmp_path / "cut"])
    assert code == 0, err
    assert table(tmp_path / "cut").equals(table(tmp_path / "whole"))
    s = json.loads((tmp_path / "cut" / "sensitivity.json").read_text())["summary"]
    w = json.loads((tmp_path / "whole" / "sensitivity.json").read_text())["summary"]
    assert s["session_games"] == w["session_games"] - 7 * 500 * 1      # the kept shards were not replayed


@pytest.mark.parametrize("args, words", [
    (["--measure", "fun"], "unknown measure"),
    (["--measure", "role:red"], "deals no role"),
    (["--measure", "strategy_gap"], "two different bots"),
    (["--only", "knob.mode"], "no declared range"),
    (["--only", "nothing.here"], "no content value"),
    (["--budget", 100], "--budget"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, words):
    code, out, err = run(["sensitivity", "knob", "-n", 1000, "--out", tmp_path / "x", *args])
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and words in err and "Traceback" not in err


def test_another_study_in_the_directory_is_refused(tmp_path):
    assert run(["sensitivity", "knob", "--only", "knob.edge", "-n", 500, "--out", tmp_path / "x"])[0] == 0
    code, _, err = run(["sensitivity", "knob", "--only", "knob.dud", "-n", 500, "--out", tmp_path / "x"])
    assert code == 2 and "another study" in err


def test_the_tornado_title_counts_every_game_of_the_study(study):
    """The chart's n is the study's whole count, the current content's games included (it once
    summed only the values' games: 64,000 of a 67,000-game study)."""
    from reports import charts
    out, _ = study
    s = json.loads((out / "sensitivity.json").read_text())["summary"]
    fig = charts.tornado_chart(table(out), "first_player_advantage", "first-player advantage", "pp", 0.0, "t",
                               study_games=s["games"])
    assert f"n = {s['games']:,} games" in fig.axes[0].get_title()
    assert s["games"] > int(table(out).filter(pl.col("measure") == "first_player_advantage")["games"].sum())
