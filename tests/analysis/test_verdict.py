"""The verdict's marks on crafted results: every level from planted thresholds, a spec that
changes them, the questions a run asks (roles, bots, co-operation, meaningless positions),
the new thresholds in balance check, and the fair-share distances the charts draw."""
import polars as pl
import pytest

from analysis.balance import fair_share, from_fair_share, group_rates
from analysis.check import FAIL, PASS, check, load_spec
from analysis.suffstats import sufficient_stats
from analysis.verdict import (DEFAULT_THRESHOLDS, FINE, LOOK, UNBALANCED, Thresholds, run_verdict,
                              thresholds_for, thresholds_note)
from sim.errors import UserError
from sim.registry import get_game
from tests.analysis.synth_results import crafted_results, ladder_results

ROLES = ["red", "blue", "green", "gold"]


@pytest.fixture(scope="module")
def first_ahead():
    """The first player wins 31% of 4-player games (+6 pp), the last 13%."""
    return sufficient_stats(crafted_results(8000, position_p=(0.31, 0.30, 0.26, 0.13), roles=ROLES, seed=11,
                                            bots=["heuristic", "greedy", "greedy", "greedy"], rotate=True))


def line(lines, question):
    return next(x for x in lines if x.question == question)


def planted(**given) -> Thresholds:
    return thresholds_for({"thresholds": given}, "planted.toml")


@pytest.mark.parametrize("high, mark", [(0.12, FINE), (0.06, LOOK), (0.03, UNBALANCED)])
def test_each_mark_from_a_planted_threshold(first_ahead, high, mark):
    fpa = line(run_verdict(first_ahead, planted(max_first_player_advantage=high)), "first-player advantage")
    assert fpa.mark == mark, fpa
    assert fpa.allowed.endswith("(spec)") and f"{100 * high:+.0f} pp" in fpa.allowed
    assert ("more games would decide" in fpa.detail) == (mark == LOOK)


def test_a_spec_changes_the_marks_and_the_rest_come_from_the_defaults(first_ahead):
    default = {x.question: x for x in run_verdict(first_ahead)}
    spec = {x.question: x for x in run_verdict(first_ahead, planted(max_position_spread=0.30,
                                                                    min_first_player_advantage=0.0,
                                                                    max_first_player_advantage=0.10))}
    assert default["largest gap between positions"].mark == UNBALANCED      # <= 10 pp by default
    assert spec["largest gap between positions"].mark == FINE               # the spec allows 30
    assert default["first-player advantage"].mark != FINE and spec["first-player advantage"].mark == FINE
    assert spec["largest gap between roles"].allowed.endswith("(default)")  # the spec leaves roles out
    note = thresholds_note([planted(max_position_spread=0.3)])
    assert "planted.toml" in note and "max_role_spread = 0.1" in note


def test_a_spec_for_other_runs_falls_back_to_the_defaults_and_says_why():
    spec = {"run": {"game": "bastille", "players": 3}, "thresholds": {"max_position_spread": 0.5}}
    thr = thresholds_for(spec, "three.toml", {"config": {"game": "bastille", "players": 4}}, game="bastille")
    assert thr.values == DEFAULT_THRESHOLDS and thr.spec is None
    assert "three.toml judges other runs" in thr.note and "3-player" in thr.note
    note = thresholds_note([thr])
    assert "three.toml judges other runs" in note and "no --spec was given" not in note


def test_the_questions_a_run_asks(first_ahead):
    lines = run_verdict(first_ahead)
    assert [x.question for x in lines] == [
        "first-player advantage", "largest gap between positions", "largest gap between roles",
        "strategy gap (best bot minus worst)", "turn-cap share"]
    assert "position 0 (the first player) wins" in lines[0].detail
    assert "the positions do not win equally often (p < 0.0001)" in lines[1].detail
    assert "no difference between the roles" in lines[2].detail   # roles dealt at random
    one_bot = sufficient_stats(crafted_results(2000, roles=None, seed=12))
    assert [x.question for x in run_verdict(one_bot)] == [
        "first-player advantage", "largest gap between positions", "turn-cap share"]


def test_a_game_whose_positions_mean_nothing_is_not_judged_on_turn_order(first_ahead, monkeypatch):
    monkeypatch.setattr(get_game("bastille"), "positions_meaningful", False, raising=False)
    lines = run_verdict(first_ahead)
    assert lines[0].question == "turn order" and lines[0].mark == "" and "carry no meaning" in lines[0].detail
    assert "first-player advantage" not in [x.question for x in lines]


def test_a_cooperative_run_is_judged_on_the_table_win_rate(monkeypatch):
    monkeypatch.setattr(get_game("bastille"), "cooperative_variants", ("together",), raising=False)
    df = crafted_results(3000, seed=13, variant="together", cap_p=0.05)
    won = (pl.col("game_index") % 10 != 0) & (pl.col("end_reason") == "finished")   # 9 deals in 10, uncapped
    df = df.with_columns(pl.when(won).then(1.0).otherwise(0.0).cast(pl.Float32).alias("win"))
    lines = run_verdict(sufficient_stats(df))
    assert [x.question for x in lines] == ["the table's win rate (co-operative)", "turn-cap share"]
    table = lines[0]
    assert table.mark == UNBALANCED and table.allowed == "20 .. 80% (default)"   # ~85% won: too easy
    assert table.estimate.startswith(f"{100 * df.filter(pl.col('seat') == 0)['win'].mean():.1f}%")


def test_check_judges_the_new_thresholds(first_ahead):
    spec = {"spec": {"game": "bastille"}, "thresholds": {"max_role_spread": 0.1, "max_strategy_gap": 0.2}}
    out = {v.criterion: v.outcome for v in check(first_ahead, spec)}
    assert out == {"role win-rate spread": PASS, "strategy gap (best bot minus worst)": PASS}
    # seat-rotated: the strong bot sits in every seat, so the gap is the bots', not the seats'
    strong = sufficient_stats(ladder_results(2000, {"heuristic": 8.0, "random": 1.0},
                                             ["heuristic", "random", "random", "random"]))
    gap = check(strong, {"thresholds": {"max_strategy_gap": 0.2}})[0]
    assert gap.outcome == FAIL and gap.estimate > 0.5
    no_roles = sufficient_stats(crafted_results(1000, seed=14))
    with pytest.raises(UserError, match="needs two roles in the results"):
        check(no_roles, {"thresholds": {"max_role_spread": 0.1}}, "s.toml")
    with pytest.raises(UserError, match="not of a co-operative variant"):
        check(no_roles, {"thresholds": {"min_cooperative_win_rate": 0.1}}, "s.toml")


def test_the_new_thresholds_are_read_and_checked(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text("[thresholds]\nmax_strategy_gap = 0.3\nmin_cooperative_win_rate = 0.6\n"
                    "max_cooperative_win_rate = 0.4\n")
    with pytest.raises(UserError, match="expected at most max_cooperative_win_rate"):
        load_spec(path)
    path.write_text("[thresholds]\nmax_role_spread = 1.5\n")
    with pytest.raises(UserError, match="max_role_spread"):
        load_spec(path)


def test_distance_from_the_fair_share(first_ahead):
    t = from_fair_share(first_ahead, "position")
    fair = fair_share(group_rates(first_ahead, "position"))
    assert (t["fair"] == fair).all() and fair == pytest.approx(0.25, abs=0.01)
    assert t["from_fair"].to_list() == pytest.approx((t["win_rate"] - fair).to_list())
    assert (t["from_fair_low"] < t["from_fair"]).all() and (t["from_fair"] < t["from_fair_high"]).all()
    assert t["from_fair"][0] > 0.04 and t["from_fair"][3] < -0.1
