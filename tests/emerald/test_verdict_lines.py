"""Emerald's own questions in the verdict (issue 27, items 5 and 6): how often the final -5
changes the winner, and whether the number of teammates dealt matters, on crafted results in
the exact schema (a lone seat planted to win 38% of its games)."""
import numpy as np
import polars as pl
import pytest

from analysis import emerald, teams
from analysis.suffstats import sufficient_stats
from analysis.verdict import FINE, UNBALANCED, run_verdict
from sim.registry import game_ids, get_game
from tests.analysis.synth_results import crafted_results

R, L = "restorationist", "loyalist"
TEAMS = "does the number of teammates dealt matter?"
PENALTY = "does the final -5 change the winner? (A Study in Emerald)"


def emerald_rows(games: int, lone_p: float, seed: int = 5) -> pl.DataFrame:
    """4-player Emerald games: four of six identity cards (three per side) dealt; a seat alone on
    its side wins with probability lone_p, the others share the rest; the lowest seat's side lost
    five points, which changed the winner where the runner-up would have led without it."""
    rng = np.random.default_rng(seed)
    base = crafted_results(games, game="emerald", seed=seed, bots=["heuristic"] * 4)
    roles, wins, pens, scores = [], [], [], []
    for _ in range(games):
        cards = rng.permutation([R, R, R, L, L, L])[:4]
        alone = [s for s in range(4) if (cards == cards[s]).sum() == 1]
        if alone and rng.random() < lone_p:
            winner = alone[0]
        else:
            others = [s for s in range(4) if s not in alone]
            winner = int(rng.choice(others))
        score = np.full(4, 5)
        score[winner] = 10
        pen = np.zeros(4, int)
        runner = (winner + 1) % 4
        if cards[runner] != cards[winner] and rng.random() < 0.2:   # the runner-up lost the lead to the -5
            pen[[s for s in range(4) if cards[s] == cards[runner]]] = 5
            score[runner] = 9                                         # 14 before the penalty
        roles += list(cards)
        wins += [float(s == winner) for s in range(4)]
        pens += pen.tolist()
        scores += score.tolist()
    return base.drop("emerald_influence").with_columns(
        role=pl.Series(roles), win=pl.Series(wins, dtype=pl.Float32), score=pl.Series(scores, dtype=pl.Int32),
        emerald_penalty=pl.Series(pens), emerald_final_side=pl.Series([0 if r == R else 1 for r in roles]))


@pytest.fixture(scope="module")
def lone_ahead():
    return emerald_rows(6000, lone_p=0.38)


def line(lines, question):
    return next((x for x in lines if x.question == question), None)


def test_a_lone_side_winning_more_is_judged_and_matches_a_direct_count(lone_ahead):
    got = line(run_verdict(sufficient_stats(lone_ahead), rows=lone_ahead), TEAMS)
    assert got is not None and got.mark == UNBALANCED, got
    # the direct Polars count of the same rows: seats alone on their side, and how often they won
    key = ["game_index", "rotation"]
    direct = lone_ahead.with_columns(n=pl.len().over([*key, "role"])).filter(pl.col("n") == 1)
    rate = direct["win"].mean()
    deals = direct.select(key).unique().height / lone_ahead.select(key).unique().height
    assert f"alone on its side {100 * rate:.1f}% ({direct.height:,} seat-games, in {100 * deals:.0f}% of deals)" \
        in got.detail
    assert "team sizes do not win equally often" in got.detail and "played by heuristic" in got.detail


def test_even_team_sizes_are_fine():
    even = emerald_rows(6000, lone_p=0.25)
    got = line(run_verdict(sufficient_stats(even), rows=even), TEAMS)
    assert got.mark == FINE, got


def test_no_team_question_without_rows_or_hidden_sides(lone_ahead):
    assert line(run_verdict(sufficient_stats(lone_ahead)), TEAMS) is None          # aggregate runs: no rows
    other = lone_ahead.with_columns(game=pl.lit("bastille")).drop("emerald_penalty", "emerald_final_side")
    assert line(run_verdict(sufficient_stats(other), rows=other), TEAMS) is None


def test_by_side_and_team_size_counts_every_seat(lone_ahead):
    t = teams.by_team_size(lone_ahead, by_side=True)
    assert t["games"].sum() == lone_ahead.height
    assert set(t["team_size"].to_list()) == {1, 2, 3}


def test_the_penalty_line_is_in_the_verdict_with_its_interval_and_bot(lone_ahead):
    got = line(run_verdict(sufficient_stats(lone_ahead), rows=lone_ahead), PENALTY)
    e = emerald.penalty_effect(emerald.per_game(lone_ahead))
    assert got is not None and 0 < e["changed"] < e["games"]
    assert got.estimate.startswith(f"{100 * e['rate']:.2f}% [")
    assert f"{e['changed']:,} of {e['games']:,} finished games" in got.detail and "played by heuristic" in got.detail
    assert got.mark == ""          # a fact about the rule, not judged


def test_games_with_hidden_sides_are_the_ones_whose_sides_vary():
    """Emerald deals sides face down from six cards; Banquet's factions are open (pendants) and
    sized by a printed table; the other games deal no sides."""
    assert [g for g in game_ids() if get_game(g).hidden_sides] == ["emerald"]


def test_the_report_verdict_carries_both_questions(lone_ahead, tmp_path):
    from reports.build import build_report
    from tests.analysis.synth_results import write_run

    page = build_report([write_run(lone_ahead, tmp_path / "run")], tmp_path / "report")
    md = (page.parent / "summary.md").read_text()
    verdict = md.split("## Verdict")[1].split("\n## ")[0]
    assert TEAMS in verdict and PENALTY in verdict
    assert "| side dealt | seats on it |" in md


@pytest.mark.parametrize("limit, outcome", [(0.05, "FAIL"), (0.5, "PASS")])
def test_the_gate_judges_team_sizes_as_the_verdict_marks_them(lone_ahead, tmp_path, limit, outcome):
    """`max_team_size_spread` is a spec threshold: `balance check` judges the same interval as the
    verdict line (one measurement, analysis.check.measure), with the per-game rows."""
    from analysis.check import check
    from analysis.verdict import thresholds_for
    from tests.analysis.synth_results import write_run
    from tests.engine.helpers import cli

    spec = tmp_path / "spec.toml"
    spec.write_text(f"[thresholds]\nmax_team_size_spread = {limit}\n")
    code, text, err = cli(["check", write_run(lone_ahead, tmp_path / "run"), "--spec", spec])
    assert code == {"FAIL": 1, "PASS": 0}[outcome], err
    gate = next(x for x in text.splitlines() if "team-size win-rate spread" in x)
    assert gate.split()[-1] == outcome
    got = line(run_verdict(sufficient_stats(lone_ahead), thresholds_for({"thresholds": {"max_team_size_spread": limit}},
                                                                          str(spec)), rows=lone_ahead), TEAMS)
    assert got.mark == {"FAIL": UNBALANCED, "PASS": FINE}[outcome]
    assert [v.outcome for v in check(sufficient_stats(lone_ahead), {"thresholds": {"max_team_size_spread": limit}},
                                     rows=lone_ahead)] == [outcome.lower()]


def test_the_gate_refuses_team_sizes_without_the_per_game_rows(lone_ahead):
    from analysis.check import check
    from sim.errors import UserError

    with pytest.raises(UserError, match="per-game rows"):
        check(sufficient_stats(lone_ahead), {"thresholds": {"max_team_size_spread": 0.1}})
