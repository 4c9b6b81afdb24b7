"""`balance tune` on the toy game knob, whose fair values are known: the first-player advantage
is 0.02 * (edge - 3) - 0.02 * flip (+ the nudge's 0.002 a unit from 5), so with nudge at 5 the
fair edge is 3 (or 4 with flip on); the mean length is rounds + 1."""
import json

import polars as pl
import pytest

from tests.tune.helpers import run


def tune(out, *args):
    code, stdout, err = run(["tune", "knob", "--out", out, *args])
    assert code == 0, err
    return stdout, json.loads((out / "tune.json").read_text())["summary"]


def confirmation(out) -> dict:
    return {r["what"]: r for r in pl.read_parquet(out / "confirmation.parquet").iter_rows(named=True)}


def test_tune_finds_the_known_fair_value(tmp_path):
    out = tmp_path / "t"
    stdout, s = tune(out, "--vary", "knob.edge", "--target", "first_player_advantage=0", "-n", 20000,
                     "--trials", 12, "--seed", 1)
    assert s["best"] == {"knob.edge": 3}
    assert "--set knob.edge=3" in stdout
    c = confirmation(out)
    assert abs(c["best"]["estimate"]) < 0.01 and c["current"]["estimate"] > 0.03
    assert c["best - current"]["high"] < 0                      # the paired difference is clear
    assert c["best"]["deals"] == 40000
    overlay = (out / "best.toml").read_text()
    assert "[knob]\nedge = 3" in overlay
    import tomllib
    assert tomllib.loads(overlay) == {"knob": {"edge": 3}}
    trials = pl.read_parquet(out / "trials.parquet")
    assert trials["param:knob.edge"][0] == 5                    # the current content is the first candidate
    assert trials["best_so_far"].is_sorted(descending=True)


def test_tune_brings_a_length_into_a_band_with_two_values_and_a_switch(tmp_path):
    out = tmp_path / "t"
    _, s = tune(out, "--vary", "knob.rounds,knob.flip", "--vary", "knob.edge=2..6",
                "--target", "game_length=14..16", "-n", 2000, "--trials", 20, "--seed", 2)
    assert 13 <= s["best"]["knob.rounds"] <= 15
    trials = pl.read_parquet(out / "trials.parquet")
    refused = trials.filter(pl.col("refused").is_not_null())     # rounds below 10 with dud 2: the game says no
    assert refused.height > 0 and (refused["param:knob.rounds"] < 10).all() and refused["estimate"].is_null().all()
    assert (trials.filter(pl.col("refused").is_null())["param:knob.rounds"] >= 10).all()
    c = confirmation(out)
    assert 14 <= c["best"]["estimate"] <= 16 and c["best"]["distance"] == 0
    # edge and flip do not move the length: the tie-break keeps them at their current values
    assert s["best"]["knob.edge"] == 5 and s["best"]["knob.flip"] is False


def test_same_seed_same_search(tmp_path):
    args = ["--vary", "knob.edge,knob.nudge", "--target", "first_player_advantage=0", "-n", 1000, "--trials", 8]
    tune(tmp_path / "a", *args, "--seed", 4)
    tune(tmp_path / "b", *args, "--seed", 4)
    a, b = (pl.read_parquet(tmp_path / d / "trials.parquet") for d in "ab")
    assert a.equals(b)
    assert pl.read_parquet(tmp_path / "a" / "confirmation.parquet").equals(
        pl.read_parquet(tmp_path / "b" / "confirmation.parquet"))


def test_resume_after_an_interruption_gives_the_same_search(tmp_path, monkeypatch):
    args = ["--vary", "knob.edge,knob.nudge", "--target", "first_player_advantage=0", "-n", 1000, "--trials", 8,
            "--seed", 6]
    tune(tmp_path / "whole", *args)
    monkeypatch.setenv("BALANCE_TEST_STOP_AFTER_SHARDS", "3")
    code, _, err = run(["tune", "knob", "--out", tmp_path / "cut", *args])
    assert code == 130 and "--resume" in err
    monkeypatch.delenv("BALANCE_TEST_STOP_AFTER_SHARDS")
    code, _, err = run(["tune", "--resume", tmp_path / "cut"])
    assert code == 0, err
    for f in ("trials.parquet", "confirmation.parquet"):
        assert pl.read_parquet(tmp_path / "cut" / f).equals(pl.read_parquet(tmp_path / "whole" / f))


@pytest.mark.parametrize("args, words", [
    (["--vary", "", "--target", "first_player_advantage=0"], "at least one content key"),
    (["--target", "first_player_advantage=0"], "at least one content key"),
    (["--vary", "knob.mode", "--target", "first_player_advantage=0"], "expected a number"),
    (["--vary", "knob.nothing", "--target", "first_player_advantage=0"], "no such content value"),
    (["--vary", "knob.edge=3..40", "--target", "first_player_advantage=0"], "inside the declared range"),
    (["--vary", "knob.edge", "--target", "fun=0"], "unknown measure"),
    (["--vary", "knob.edge", "--target", "first_player_advantage=0.9"], "can only take values"),
    (["--vary", "knob.edge", "--target", "position:0=1.5"], "can only take values"),
    (["--vary", "knob.edge", "--target", "game_length=-3"], "can only take values"),
    (["--vary", "knob.edge", "--target", "first_player_advantage"], "expected MEASURE=VALUE"),
    (["--vary", "knob.edge"], "--target"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, words):
    code, out, err = run(["tune", "knob", "-n", 100, "--out", tmp_path / "x", *args])
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and words in err and "Traceback" not in err


def test_tune_a_float_value_to_a_rate(tmp_path):
    """knob.cap_chance is the turn-cap share (each game is cut with that chance): a target of 20%
    is met near 0.2, proposed on a grid of a thousandth of the range."""
    out = tmp_path / "t"
    stdout, s = tune(out, "--vary", "knob.cap_chance", "--target", "turn_cap_share=20%", "-n", 4000, "--trials", 20)
    assert 0.17 <= s["best"]["knob.cap_chance"] <= 0.23
    assert round(s["best"]["knob.cap_chance"], 3) == s["best"]["knob.cap_chance"]
    assert abs(confirmation(out)["best"]["estimate"] - 0.2) < 0.02
