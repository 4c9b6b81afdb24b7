"""The analysis commands through the `balance` CLI: the gate's exit codes and table,
comparisons of two directories, reports, and one-line errors with exit code 2."""
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import cli
from tests.analysis.synth_results import crafted_results, write_run

ROOT = Path(__file__).resolve().parents[2]
SPEC = """[spec]
game = "bastille"
[thresholds]
max_position_spread = 0.10
min_first_player_advantage = -0.05
max_first_player_advantage = 0.05
max_turn_cap_share = 0.02
game_length = [20, 40]
"""


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("cli")
    (root / "spec.toml").write_text(SPEC)
    return {
        "spec": root / "spec.toml",
        "good": write_run(crafted_results(40000, seed=1), root / "good"),
        "bad": write_run(crafted_results(20000, (0.45, 0.2, 0.2, 0.15), seed=2, cap_p=0.1), root / "bad"),
        "small": write_run(crafted_results(300, (0.31, 0.23, 0.23, 0.23), seed=3), root / "small"),
    }


@pytest.mark.parametrize("run,code,word", [("good", 0, "PASS"), ("bad", 1, "FAIL"), ("small", 3, "UNDECIDED")])
def test_check_exit_codes_and_table(runs, run, code, word):
    r = CliRunner().invoke(cli, ["check", str(runs[run]), "--spec", str(runs["spec"])])
    assert r.exit_code == code, r.output
    assert "position win-rate spread" in r.output and f"Overall: {word}" in r.output
    if word == "UNDECIDED":
        assert "~" in r.output  # how many more games


def test_compare_two_directories(runs):
    r = CliRunner().invoke(cli, ["compare", str(runs["good"]), str(runs["bad"])])
    assert r.exit_code == 0, r.output
    assert "two-proportion z-test, Holm" in r.output
    assert len([line for line in r.output.splitlines() if line.strip()[:1].isdigit()]) == 4


def test_report_command_prints_the_page(runs, tmp_path):
    r = CliRunner().invoke(cli, ["report", str(runs["good"]), "--out", str(tmp_path / "rep")])
    assert r.exit_code == 0, r.output
    assert r.output.strip() == f"Report: {(tmp_path / 'rep' / 'index.html').resolve()}"


def balance(*args):
    code = "import sys; from cli import main; sys.argv = ['balance', *sys.argv[1:]]; main()"
    return subprocess.run([sys.executable, "-c", code, *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, timeout=120)


def test_bad_input_is_one_line_and_exit_2(runs, tmp_path):
    bad_spec = tmp_path / "bad.toml"
    bad_spec.write_text("[thresholds]\nmax_seat_sprd = 0.1\n")
    cases = [
        (["check", runs["good"], "--spec", bad_spec], "key 'thresholds.max_seat_sprd'"),
        (["check", tmp_path, "--spec", runs["spec"]], "no results.parquet or stats.parquet"),
        (["compare", runs["good"]], "expected two run directories"),
        (["compare", runs["good"], runs["good"], "--by", "role"], "neither run deals a role"),
        (["check", runs["good"], "--spec", tmp_path / "missing.toml"], "missing.toml"),
    ]
    for args, text in cases:
        r = balance(*args)
        assert r.returncode == 2, (args, r.stderr)
        assert len(r.stderr.strip().splitlines()) == 1 and text in r.stderr
