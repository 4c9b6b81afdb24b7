"""compare answers only the question two runs share: mismatched runs are refused with one
line, --by bot compares only the bots both runs seat, and turn order is compared as a whole."""
import numpy as np
import polars as pl
import pytest

from analysis.compare import paired_compare, paired_turn_order
from tests.analysis.synth_results import crafted_results, write_run
from tests.analysis.test_analysis_cli import balance

FIRST_HEAVY = (0.34, 0.24, 0.22, 0.20)
EVEN = (0.25, 0.25, 0.25, 0.25)


@pytest.fixture(scope="module")
def dirs(tmp_path_factory):
    root = tmp_path_factory.mktemp("questions")
    base = crafted_results(3000, position_p=FIRST_HEAVY, seed=1)
    return {
        "a": write_run(base, root / "a"),
        "three": write_run(crafted_results(3000, position_p=(0.4, 0.3, 0.3), seed=1), root / "three"),
        "pimpernel": write_run(crafted_results(3000, position_p=EVEN, seed=1, game="pimpernel"), root / "pimp"),
        "rotated": write_run(crafted_results(750, position_p=EVEN, seed=1, rotate=True), root / "rotated"),
        "lineup": write_run(crafted_results(3000, position_p=EVEN, seed=1, bots=["heuristic", "greedy", "greedy", "greedy"]),
                            root / "lineup", bots=["heuristic", "greedy", "greedy", "greedy"]),
    }


@pytest.mark.parametrize("other,text", [("three", "different player counts"), ("pimpernel", "different games"),
                                        ("rotated", "different seat-rotation settings"),
                                        ("lineup", "seat different bots")])
def test_runs_that_ask_different_questions_are_refused_in_one_line(dirs, other, text):
    r = balance("compare", dirs["a"], dirs[other])
    assert r.returncode == 2, r.stdout
    assert len(r.stderr.strip().splitlines()) == 1 and text in r.stderr


def test_compare_by_bot_shows_only_the_bots_both_runs_seat(dirs):
    r = balance("compare", dirs["a"], dirs["lineup"], "--by", "bot")
    assert r.returncode == 0, r.stderr
    rows = [line.split()[0] for line in r.stdout.splitlines() if line.startswith("  ") and line.split()[0].isalpha()]
    assert "greedy" in rows and "heuristic" not in rows
    assert "Bots in only one run, not compared: heuristic." in r.stdout


def test_paired_bot_rows_compare_a_bot_with_itself_never_with_another_bot():
    a = crafted_results(500, EVEN, bots=["greedy"] * 4, seed=3)
    b = a.with_columns(pl.when(pl.col("seat") == 0).then(pl.lit("heuristic")).otherwise(pl.col("bot")).alias("bot"))
    t = paired_compare(a, b, "bot")
    assert t["bot"].to_list() == ["greedy"]           # A's seat-0 greedy is not paired with B's heuristic
    w = a["win"].to_numpy().reshape(-1, 4)
    assert t["diff"][0] == pytest.approx((w.mean(axis=1) - w[:, 1:].mean(axis=1)).mean(), rel=1e-5)


def test_turn_order_as_a_whole_on_paired_runs():
    a = crafted_results(4000, position_p=FIRST_HEAVY, seed=5)
    b = crafted_results(4000, position_p=EVEN, seed=5)
    fpa, spread = paired_turn_order(a, b)
    wa, wb = (df.sort("game_index", "position")["win"].to_numpy().reshape(-1, 4) for df in (a, b))
    d = (wa[:, 0] - wa.mean(axis=1)) - (wb[:, 0] - wb.mean(axis=1))
    half = 1.959963984540054 * d.std(ddof=1) / np.sqrt(len(d))
    assert (fpa.diff, fpa.low, fpa.high) == pytest.approx((d.mean(), d.mean() - half, d.mean() + half))
    assert fpa.low > 0.03 and spread.low > 0.0                 # A's first player gains ~9 points more
    same_fpa, same_spread = paired_turn_order(a, a)
    assert same_fpa.diff == 0 and same_fpa.low == same_fpa.high == 0
    assert same_spread.low == same_spread.high == 0
