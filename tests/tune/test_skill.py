"""`balance skill`: the verdict against playing strength. The flag rule on crafted tables whose
answer is known, and the command end to end on the toy team game tug (greedy beats random)."""
import json

import polars as pl
import pytest

import numpy as np

from analysis.measures import MEASURES
from analysis.sensitivity import Measure, leader_flags, skill_flags
from tests.engine.helpers import cli


def crafted(measure, rows):
    """rows: (line-up, rating, estimate, low, high, diff_low, diff_high) -> a skill table."""
    return pl.DataFrame([{"lineup": u, "rating": r, "measure": measure, "estimate": e, "low": lo, "high": hi,
                          "diff_low": dl, "diff_high": dh} for u, r, e, lo, hi, dl, dh in rows])


def test_a_first_player_advantage_that_grows_with_strength_is_flagged():
    t = crafted("first_player_advantage", [("greedy", 50, 0.02, 0.01, 0.03, None, None),
                                           ("random", 0, 0.01, 0.0, 0.02, 0.0, 0.02),
                                           ("rollout", 300, 0.09, 0.07, 0.11, 0.05, 0.09)])
    assert skill_flags(t) == ["the first-player advantage grows with strength (weakest to strongest: +1.00 pp with "
                              "random, +2.00 pp with greedy, +9.00 pp with rollout)"]


def test_a_sign_change_is_flagged_and_overlapping_intervals_are_not():
    flip = crafted("first_player_advantage", [("random", 0, 0.03, 0.01, 0.05, None, None),
                                              ("rollout", 300, -0.03, -0.05, -0.01, -0.08, -0.04)])
    assert skill_flags(flip)[0].startswith("the first-player advantage changes sign along the ladder (weakest to "
                                           "strongest: +3.00 pp with random")
    same = crafted("first_player_advantage", [("random", 0, 0.03, 0.01, 0.05, None, None),
                                              ("rollout", 300, 0.035, 0.015, 0.055, -0.01, 0.02)])
    assert skill_flags(same) == []
    shrinks = crafted("position_spread", [("random", 0, 0.10, 0.08, 0.12, None, None),
                                          ("rollout", 300, 0.04, 0.02, 0.06, -0.08, -0.04)])
    assert skill_flags(shrinks) == []


def deals(king, tower):
    """A deal table of 200 deals: the king's faction wins the first `king` of them, the tower
    the next `tower`, the rose the rest."""
    won = np.array(["king"] * king + ["tower"] * tower + ["rose"] * (200 - king - tower))
    return pl.DataFrame({"game_index": range(200), **{f"role_{r}": (won == r).astype(float)
                                                      for r in ("king", "rose", "tower")}})


def test_a_gap_whose_leading_group_changes_with_the_bot_is_flagged_only_when_both_leads_are_clear():
    gap = [Measure("role_spread", *MEASURES["role_spread"])]
    king_ahead, tower_ahead = deals(100, 40), deals(30, 110)
    assert leader_flags({"heuristic": king_ahead, "rollout": tower_ahead}, ["heuristic", "rollout"], gap) == [
        "the largest gap between roles favours a different group with different bots (king ahead of tower by "
        "+30.00 pp with heuristic, tower ahead of king by +40.00 pp with rollout)"]
    barely = deals(74, 80)             # the tower a little ahead of the king, not beyond its interval
    assert leader_flags({"heuristic": king_ahead, "rollout": barely}, ["heuristic", "rollout"], gap) == []
    assert leader_flags({"heuristic": king_ahead, "rollout": deals(90, 50)}, ["heuristic", "rollout"], gap) == []


@pytest.fixture(scope="module")
def tug(tmp_path_factory):
    out = tmp_path_factory.mktemp("skill") / "s"
    code, stdout, err = cli(["skill", "tug", "-n", 1500, "--seed", 2, "--out", out])
    assert code == 0, err
    return out, stdout


def test_skill_on_tug_rates_the_bots_and_plays_the_same_deals(tug):
    out, stdout = tug
    t = pl.read_parquet(out / "skill.parquet")
    r = {x["lineup"]: x["rating"] for x in t.unique("lineup").iter_rows(named=True)}
    assert r["random"] == 0 and r["greedy"] > 0          # greedy beats random on the ladder
    cap = t.filter(pl.col("measure") == "turn_cap_share")["estimate"].to_list()
    assert len(set(cap)) == 1                             # the cap is dealt by chance: the same deals, the same caps
    assert set(t["measure"]) >= {"first_player_advantage", "role_spread", "game_length"}
    flags = json.loads((out / "skill.json").read_text())["summary"]["flags"]
    assert all(f"Flag: {f}" in stdout for f in flags)


def test_the_report_shows_the_skill_chart(tug, tmp_path):
    out, _ = tug
    code, _, err = cli(["report", out, "--out", tmp_path / "r"])
    assert code == 0, err
    assert (tmp_path / "r" / "skill_s.png").is_file()
    assert "Does the verdict hold for stronger play?" in (tmp_path / "r" / "index.html").read_text()


@pytest.mark.parametrize("args, words", [
    (["--bots", "random"], "at least two bots"),
    (["--bots", "random,wizard"], "unknown bot"),
    (["--playouts", "2,8"], "no rollout bot"),
    (["--search", "50,200"], "no search bot"),
    (["--measure", "fun"], "unknown measure"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, words):
    code, _, err = cli(["skill", "tug", "-n", 100, "--out", tmp_path / "x", *args])
    assert code == 2 and len(err.strip().splitlines()) == 1 and words in err


def test_the_study_called_from_python_gives_the_commands_table(tug, tmp_path):
    """analysis.studies.skill.skill with the command's arguments: the same table (it resumes from
    nothing: a fresh out_dir plays everything again)."""
    from analysis.studies.skill import skill

    out, _ = tug
    s = skill("tug", n_games=1500, seed=2, out_dir=tmp_path / "py")
    command = pl.read_parquet(out / "skill.parquet")
    assert isinstance(s.table, pl.DataFrame) and s.table.equals(command)
    assert s.flags == json.loads((out / "skill.json").read_text())["summary"]["flags"]
    # no budgeted bot in tug: the convergence table is written, empty, and nothing is printed of it
    assert s.convergence.height == 0 and pl.read_parquet(out / "convergence.parquet").height == 0
    assert "Does the verdict converge?" not in tug[1]


def test_the_report_draws_each_measure_against_the_budget(tug, tmp_path):
    """tug has no budgeted bot, so its study is given a hand-built convergence table (search at
    50, 200 and 800 iterations, the game length still moving): one chart per measure and the
    table, in the report's own build."""
    import shutil

    import numpy as np

    from analysis.measures import MEASURES, Measure
    from analysis.sensitivity import SKILL_CONVERGENCE
    from analysis.studies.skill import convergence

    out, _ = tug
    study = tmp_path / "s"
    shutil.copytree(out, study)
    rng = np.random.default_rng(1)
    turns, wins = rng.normal(60, 10, 200), rng.integers(0, 2, 200).astype(float)
    deals = lambda t: pl.DataFrame({"game_index": np.arange(200), "turns": t, "pos_0": wins,  # noqa: E731
                                    "pos_1": 1 - wins})
    conv = convergence({"search (50 iterations)": deals(turns), "search (200 iterations)": deals(turns),
                        "search (800 iterations)": deals(turns + 1)}, {"search": ("k", [50, 200, 800])},
                       [Measure(m, *MEASURES[m]) for m in ("game_length", "first_player_advantage")])
    conv.write_parquet(study / SKILL_CONVERGENCE)
    code, _, err = cli(["report", study, "--out", tmp_path / "r"])
    assert code == 0, err
    assert (tmp_path / "r" / "converge_s_game_length.png").is_file()
    assert (tmp_path / "r" / "converge_s_first_player_advantage.png").is_file()
    page = (tmp_path / "r" / "index.html").read_text()
    assert "Does the verdict converge?" in page and "still moving: +59.26 -&gt; +60.26" in page
