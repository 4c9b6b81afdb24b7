"""A spec the gate cannot read, or one that checks nothing, is exit 2 with one line naming the
file and the key: never a traceback (exit 1, which CI reads as "unbalanced") and never a
silent pass (exit 0 with nothing judged)."""
import subprocess
import sys

import pytest

from tests.analysis.synth_results import crafted_results, write_run
from tests.analysis.test_spec_run import ROOT, balance

OK = "[thresholds]\nmax_position_spread = 0.5\n"   # a valid threshold beside the broken part
NUMBERS = ("max_position_spread", "min_first_player_advantage", "max_first_player_advantage",
           "max_seat_spread", "max_turn_cap_share")


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return write_run(crafted_results(400, seed=1), tmp_path_factory.mktemp("spec_errors") / "run")


WRONG_TYPE = [
    *[(f"[thresholds]\n{k} = \"x\"\n", f"thresholds.{k}", "expected a number (") for k in NUMBERS],
    ("[thresholds]\nmax_seat_spread = \"0.1\"\n", "thresholds.max_seat_spread", "expected a number ("),
    ("[thresholds]\nmax_turn_cap_share = true\n", "thresholds.max_turn_cap_share", "got True"),
    ("[thresholds]\nmax_seat_spread = nan\n", "thresholds.max_seat_spread", "expected a number ("),
    ("[thresholds]\nmax_seat_spread = [0.1]\n", "thresholds.max_seat_spread", "expected a number ("),
    ("[thresholds]\ngame_length = \"x\"\n", "thresholds.game_length", "expected [min, max]"),
    ("[thresholds]\ngame_length = [90]\n", "thresholds.game_length", "expected [min, max]"),
    ("[thresholds]\ngame_length = [90, \"100\"]\n", "thresholds.game_length", "expected [min, max]"),
    (OK + "[positions.0]\nmin = \"x\"\n", "positions.0.min", "expected a number (a win rate)"),
    (OK + "[positions.2]\nmax = false\n", "positions.2.max", "expected a number (a win rate)"),
    (OK + "[roles.red]\nmax = \"0.3\"\n", "roles.red.max", "expected a number (a win rate)"),
    (OK + "[positions]\n0 = 0.3\n", "positions.0", "expected a table [positions.0] with min and/or max"),
    (OK + "[positions.0]\n", "positions.0", "with min and/or max"),
    (OK + "[positions.first]\nmin = 0.2\n", "positions.first", "expected a position number"),
    (OK + "[spec]\nconfidence = \"x\"\n", "spec.confidence", "expected a number"),
    (OK + "[spec]\ngame = 3\n", "spec.game", "expected a game id"),
    ("thresholds = 0.1\n", "thresholds", "expected a table [thresholds]"),
    ("roles = [\"red\"]\n" + OK, "roles", "expected a table [roles]"),
]

UNKNOWN = [
    ("max_seat_spread = 0.1\n", "max_seat_spread", "a threshold outside any table judges nothing; "
                                                   "thresholds go under the [thresholds] header"),
    ("[threshold]\nmax_seat_spread = 0.1\n", "threshold", "unknown table [threshold] (did you mean [thresholds]?)"),
    ("[limits]\nmax_seat_spread = 0.1\n", "limits", "unknown table [limits] (expected the tables [spec]"),
    ("colour = \"red\"\n" + OK, "colour", "unknown key outside any table"),
    ("[spec]\nconfidence = 0.95\nmax_seat_spread = 0.1\n", "spec.max_seat_spread",
     "unknown key in [spec] (expected: game, confidence); thresholds go under the [thresholds] header"),
    ("[run]\ngame = \"bastille\"\nmax_seat_spread = 0.1\n", "run.max_seat_spread",
     "thresholds go under the [thresholds] header"),
    ("[thresholds]\nmax_seat_sprad = 0.1\n", "thresholds.max_seat_sprad",
     "unknown threshold (did you mean 'max_seat_spread'?)"),
    (OK + "[positions.0]\nmn = 0.2\n", "positions.0.mn", "unknown key (expected min and/or max)"),
]

OUT_OF_RANGE = [
    ("[thresholds]\nmax_turn_cap_share = 1.5\n", "thresholds.max_turn_cap_share", "expected 0 .. 1 (a share of games), got 1.5"),
    ("[thresholds]\nmax_seat_spread = 5\n", "thresholds.max_seat_spread", "expected 0 .. 1"),     # a percentage
    ("[thresholds]\nmax_position_spread = -0.1\n", "thresholds.max_position_spread", "expected 0 .. 1"),
    ("[thresholds]\nmax_seat_spread = inf\n", "thresholds.max_seat_spread", "expected a number ("),
    ("[thresholds]\nmin_first_player_advantage = -2\n", "thresholds.min_first_player_advantage", "expected -1 .. 1"),
    ("[thresholds]\nmin_first_player_advantage = 0.1\nmax_first_player_advantage = 0.05\n",
     "thresholds.min_first_player_advantage", "expected at most max_first_player_advantage (0.05), got 0.1"),
    ("[thresholds]\ngame_length = [100, 90]\n", "thresholds.game_length", "expected 0 <= min <= max"),
    ("[thresholds]\ngame_length = [-5, 90]\n", "thresholds.game_length", "expected 0 <= min <= max"),
    (OK + "[positions.0]\nmax = 30\n", "positions.0.max", "expected 0 .. 1 (a win rate), got 30"),
    (OK + "[roles.red]\nmin = 0.4\nmax = 0.3\n", "roles.red.min", "expected at most roles.red.max (0.3), got 0.4"),
    (OK + "[spec]\nconfidence = 1.5\n", "spec.confidence", "expected 0.5 .. 0.999"),
]

NOTHING = "no threshold, so the spec checks nothing (expected a [thresholds] table with one of: max_position_spread"
CHECKS_NOTHING = [
    ("", "thresholds", NOTHING),
    ("[spec]\nconfidence = 0.95\n", "thresholds", NOTHING),
    ("[run]\ngame = \"bastille\"\n", "thresholds", NOTHING),
    ("[spec]\nconfidence = 0.95\n[thresholds]\n", "thresholds", NOTHING),
    ("[thresholds]\n[positions]\n[roles]\n", "thresholds", NOTHING),
]


def one_line(run, tmp_path, text: str | bytes) -> str:
    spec = tmp_path / "spec.toml"
    spec.write_bytes(text if isinstance(text, bytes) else text.encode())
    code, out, err = balance("check", run, "--spec", spec)
    assert code == 2 and out == "", (code, out, err)
    lines = err.splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    assert lines[0].startswith(f"error: {spec}: "), lines[0]
    return lines[0].removeprefix(f"error: {spec}: ")


@pytest.mark.parametrize("text, key, expected", WRONG_TYPE + UNKNOWN + OUT_OF_RANGE + CHECKS_NOTHING)
def test_a_spec_the_gate_cannot_read_is_one_line_and_exit_2(run, tmp_path, text, key, expected):
    line = one_line(run, tmp_path, text)
    assert line.startswith(f"key '{key}': ") and expected in line, line


@pytest.mark.parametrize("text", ["[thresholds\nmax_seat_spread = 0.1\n", "[thresholds]\nmax_seat_spread = = 0.1\n",
                                  "[thresholds]\nmax_seat_spread = 0.1\nmax_seat_spread = 0.2\n",
                                  b"[thresholds]\nmax_seat_spread = 0.1 # \xff\xfe\n"],
                         ids=["header", "value", "twice", "not-utf8"])
def test_a_toml_syntax_error_is_one_line_and_exit_2(run, tmp_path, text):
    assert one_line(run, tmp_path, text).startswith("not valid TOML (")


def test_a_readable_spec_beside_them_is_judged(run, tmp_path):
    spec = tmp_path / "spec.toml"
    spec.write_text("[spec]\nconfidence = 0.9\n[thresholds]\nmax_seat_spread = 1\ngame_length = [0, 1000]\n"
                    "[positions.0]\nmin = 0\n[roles]\n")
    code, out, err = balance("check", run, "--spec", spec)
    assert code == 0 and err == "" and "Overall: PASS" in out, (out, err)


@pytest.mark.parametrize("text, key", [("[thresholds]\nmax_seat_spread = \"x\"\n", "thresholds.max_seat_spread"),
                                       ("max_seat_spread = 0.1\n", "max_seat_spread")],
                         ids=["wrong-type", "outside-thresholds"])
def test_the_real_entry_point_exits_2_not_1_or_0(run, tmp_path, text, key):
    spec = tmp_path / "spec.toml"
    spec.write_text(text)
    r = subprocess.run([sys.executable, "-c", "from cli import main; main()", "check", str(run), "--spec", str(spec)],
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 2 and r.stdout == "", (r.returncode, r.stdout, r.stderr)
    assert len(r.stderr.splitlines()) == 1 and r.stderr.startswith(f"error: {spec}: key '{key}': "), r.stderr
