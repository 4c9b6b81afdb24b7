"""Progress of long commands: off a terminal one line per batch on stderr with what is done, the
time so far and an estimate of the time left; the tables on stdout stay as they were."""
import re

import tests.studies.conftest  # noqa: F401  (registers the toy game "lean")
from cli.progress import line, meter
from tests.engine.helpers import cli


def test_off_a_terminal_each_batch_is_one_line_with_an_estimate(capsys):
    with meter(300, "skill", terminal=False) as step:
        step(100, "up-0")
        step(200, "up-1")
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2
    assert re.match(r"skill: 100 of 300 deals \(33%\) in \d+ s, about \d+ s left - up-0", err[0]), err
    assert err[1].startswith("skill: 300 of 300 deals (100%)") and "left" not in err[1]


def test_the_estimate_is_the_time_per_unit_times_what_is_left():
    assert line("tune", 25, 100, 10.0, "deals") == "tune: 25 of 100 deals (25%) in 10 s, about 30 s left"


def test_a_run_and_its_robust_games_report_progress_off_a_terminal(tmp_path):
    code, out, err = cli(["run", "lean", "-n", "1000", "--robust", "--robust-deals", "500", "--out", tmp_path / "r"])
    assert code == 0, err
    assert "lean x1000: 1,000 of 1,000 deals (100%)" in err
    assert "robust: strong bots: 500 of 500 deals (100%)" in err   # the rollout bot; the heuristic is the run
    assert "of 1,000 deals" not in out
