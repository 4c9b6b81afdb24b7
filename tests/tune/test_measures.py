"""One vocabulary of measures (issue 27, item 8): compare, sensitivity, tune, skill and check
parse the same names through analysis.measures (hyphens allowed, compare's older `spread`
kept), and every command's help renders as written (no '%%')."""
import click
import polars as pl
import pytest

from analysis.check import THRESHOLD_KEYS
from analysis.measures import GATE_ONLY, MEASURES, canonical, compare_focus, parse_measure, threshold_measure
from sim.errors import UserError
from tests.tune.helpers import run

COMPARE = ["compare", "--run", "knob", "-p", 4, "--a-set", "knob.edge=8", "--until-decided", "--batch", 100,
           "--max-games", 400, "--seed", 3]


@pytest.mark.parametrize("spelling", ["first_player_advantage", "first-player-advantage"])
def test_compare_takes_the_measure_names_of_sensitivity(spelling):
    code, out, err = run([*COMPARE, "--measure", spelling])
    assert code == 0, err
    assert "SPRT on first_player_advantage: A is ahead of B" in out


def test_compare_takes_the_spread_by_either_name():
    assert compare_focus("spread", {"position": None, "seat": None, "bot": None}, 4) == ("position_spread", None)
    assert compare_focus("position-spread", {"position": None, "seat": None, "bot": None}, 4) == ("position_spread", None)
    assert compare_focus("position:2", {"position": None, "seat": None, "bot": None}, 4) == ("position", 2)
    assert compare_focus(None, {"position": None, "seat": 1, "bot": None}, 4) == ("seat", 1)
    for arc in ("lead-changes", "runaway_leader", "decided_at", "winner_behind", "comeback_share"):
        assert compare_focus(arc, {"position": None, "seat": None, "bot": None}, 4) == (arc.replace("-", "_"), None)


@pytest.mark.parametrize("text, words", [("game_length", "the sequential test follows one of"),
                                         ("fun", "the sequential test follows one of"),
                                         ("position:9", "expected 0..3")])
def test_compare_refuses_a_measure_it_cannot_follow_in_one_line(text, words):
    with pytest.raises(UserError, match=words):
        compare_focus(text, {"position": None, "seat": None, "bot": None}, 4)


def test_check_thresholds_bound_measures_of_the_same_vocabulary():
    assert {threshold_measure(k) for k in THRESHOLD_KEYS} <= set(MEASURES) | set(GATE_ONLY)
    from sim.registry import get_game
    with pytest.raises(UserError, match="team size"):
        parse_measure("team-size-spread", get_game("emerald"), 4, ["heuristic"])
    assert canonical("first-player-advantage") == "first_player_advantage"


def commands(group: click.Group, prefix=()):
    for name, cmd in group.commands.items():
        yield (*prefix, name), cmd
        if isinstance(cmd, click.Group):
            yield from commands(cmd, (*prefix, name))


def test_every_help_text_renders_as_written():
    from cli import cli
    shown = []
    for path, cmd in commands(cli):
        text = cmd.get_help(click.Context(cmd, info_name=" ".join(path)))
        shown.append(text)
        assert "%%" not in text, f"balance {' '.join(path)} --help shows '%%'"
    assert any("1% of the current mean length" in t for t in shown)


def test_an_arc_measure_is_a_measure_of_every_study_and_a_game_without_an_arc_refuses_it():
    from analysis.sensitivity import estimate, per_deal, value_of
    from sim.registry import get_game

    m = parse_measure("runaway-leader", get_game("bastille"), 4, ["heuristic"])
    assert (m.name, m.kind, m.is_arc()) == ("runaway_leader", "ratio", True)
    # three deals: the sole leader won 1 of 2, 0 of 1, and no game had one: 1 / 3 over the run
    t = pl.DataFrame({"game_index": [0, 1, 2], "arc_runaway_w": [1.0, 0, 0], "arc_runaway_n": [2.0, 1, 0]})
    assert value_of(m, per_deal(m, t)) == pytest.approx(1 / 3)
    est, lo, hi = estimate(m, per_deal(m, t))
    assert est == pytest.approx(1 / 3) and 0 <= lo <= est <= hi <= 1
    assert parse_measure("lead_changes", get_game("bastille"), 4, ["heuristic"]).unit == "changes"
    with pytest.raises(UserError, match="records no arc"):
        parse_measure("lead_changes", get_game("knob"), 4, ["greedy"])
