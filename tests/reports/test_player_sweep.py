"""balance sweep --players: one run per player count, checked against the variant's range
before anything is played, and the report's table of role win rates by variant and count."""
import re

import pytest

import tests.engine.conftest  # noqa: F401  (registers the toy team game "tug")
from analysis.sweep import parse_counts
from sim.errors import UserError
from tests.engine.helpers import cli


@pytest.mark.parametrize("text, counts", [("4-8", [4, 5, 6, 7, 8]), ("4,6,8", [4, 6, 8]), ("all", [2, 3]),
                                          ("3", [3]), ("5,2-3", [2, 3, 5])])
def test_player_counts_of_a_sweep(text, counts):
    assert parse_counts(text, (2, 3)) == counts


def test_a_count_that_is_not_a_number_is_one_line():
    with pytest.raises(UserError, match="a range like 4-8"):
        parse_counts("4-x", (2, 3))


def test_player_count_sweep_gives_the_role_by_count_table(tmp_path):
    code, out, err = cli(["sweep", "tug", "--players", "4-6", "-n", "300", "--bots", "greedy,random",
                          "--out", tmp_path / "s"])
    assert code == 0, err
    lines = out[out.index("Sweep of player counts"):].splitlines()
    assert lines[0].endswith(", with the bots greedy, random (one per seat)")   # every figure names its bots
    assert lines[2].split()[:4] == ["players", "games", "blue", "red"] and [x.split()[0] for x in lines[3:6]] == [
        "4", "5", "6"]
    code, _, err = cli(["report", tmp_path / "s", "--out", tmp_path / "rep"])
    assert code == 0, err
    md = (tmp_path / "rep" / "summary.md").read_text()
    table = md[md.index("### Win rate by role (side or faction dealt), variant and player count"):]
    assert [re.match(r"\| s (\d)p \| versus \| (\d) \|", x).groups() for x in table.splitlines()[4:7]] == [
        ("4", "4"), ("5", "5"), ("6", "6")]
    five = "| s 5p (with the bots greedy, random, greedy, random, greedy (one per seat)) | first-player advantage |"
    assert md.splitlines()[2] == "## Verdict" and five in md   # each run named with its bots


@pytest.mark.parametrize("args, says", [
    (["--players", "4-8", "--variant", "coop"], "variant 'coop' is for 2-6 players, got 7"),
    (["--players", "3,4"], "variant 'versus' is for 4-8 players, got 3"),
])
def test_a_count_outside_the_variants_range_is_one_line(tmp_path, args, says):
    code, out, err = cli(["sweep", "tug", *args, "-n", "50", "--out", tmp_path / "s"])
    assert code == 2 and says in err and len(err.strip().splitlines()) == 1, (out, err)
    assert not (tmp_path / "s").exists()   # checked before anything is played
