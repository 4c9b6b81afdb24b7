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


def test_a_slow_run_reports_every_few_seconds_and_a_fast_one_stays_silent(capsys):
    """A run's meter (every=...) writes a line once that many seconds passed since the last."""
    with meter(3, "run", terminal=False, every=0.0) as step:    # every shard of a slow run
        for _ in range(3):
            step(1)
    assert len(capsys.readouterr().err.splitlines()) == 3
    with meter(3, "run", terminal=False, every=3600) as step:   # a run faster than the interval
        for _ in range(3):
            step(1)
    assert capsys.readouterr().err == ""


def test_a_fast_run_off_a_terminal_prints_only_its_tables(tmp_path):
    code, out, err = cli(["run", "lean", "-n", "1000", "--out", tmp_path / "r"])
    assert code == 0, err
    assert err == "" and "Figures with the heuristic bot:" in out
    assert f"Across bots: not measured (`balance run --resume {tmp_path / 'r'} --robust`" in out   # whose, and how to test it
