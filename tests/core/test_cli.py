"""The CLI's bad-input contract: one line on stderr, exit code 2, never a traceback."""
import subprocess
import sys

import pytest


def balance(*args):
    return subprocess.run([sys.executable, "-c", "from cli import main; main()", *args],
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("args, words", [
    (("run", "chess"), "unknown game 'chess'"),
    (("run", "bastille", "--threads", "99"), None),
    (("run", "bastille", "--no-such-flag"), "no such option"),
    (("trace", "chess"), "unknown game"),
])
def test_bad_input_is_one_line_and_exit_2(args, words):
    r = balance(*args)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert "Traceback" not in r.stderr
    if words:
        assert words in lines[0].lower()


def test_help_lists_the_commands():
    r = balance("--help")
    assert r.returncode == 0
    for cmd in ("games", "run", "trace", "bench"):
        assert cmd in r.stdout


def test_board_draws_a_png_and_refuses_games_without_a_board(tmp_path):
    png = tmp_path / "board.png"
    r = balance("board", "doppelganger", "--out", str(png))
    assert r.returncode == 0 and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    r = balance("board", "bastille", "--out", str(tmp_path / "none.png"))
    assert r.returncode == 2 and "no board drawing" in r.stderr
    assert not (tmp_path / "none.png").exists()


def test_games_content_lists_the_built_in_readings_and_the_safety_caps():
    """Issue 27 item 3: `balance games --content banquet` lists the readings made in code that
    are not switches (B1, B2, B6, B17, B18, B20, B21, scenario 6's) and the safety caps, and
    not a printed limit (veto_cap) as a cap."""
    from click.testing import CliRunner

    from cli import cli

    result = CliRunner().invoke(cli, ["games", "--content", "banquet"])
    assert result.exit_code == 0, result.exception
    out = result.output
    built_in = out.split("Built in")[1].split("Safety caps")[0]
    for b in ("(B1)", "(B2)", "(B6)", "(B17)", "(B18)", "(B20)", "(B21)", "[scenario6] scenario 6 readings"):
        assert b in built_in, b
    caps = out.split("Safety caps")[1].split("Reconstructed")[0]
    assert "table.actions_per_player_cap = 4" in caps and "table.passes_per_player_cap = 40" in caps
    assert "scenario6.actions_per_player_cap" in caps and "veto_cap" not in caps
    # a reconstructed list entry is named by its name (it once crashed the listing here)
    assert "  characters.King " in out.split("Reconstructed")[1]
