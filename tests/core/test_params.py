"""`balance games --params`: named list entries, the content file's comments, a prefix
filter with "did you mean", bot weights apart; `--set` with a typo suggests the key."""
import re
import subprocess

import pytest

from sim.content import Content, find_range, read_comments
from sim.registry import get_game
from tests.engine.helpers import cli


def balance(*args):
    """`balance ARGS` in this process (tests/core/test_cli.py checks the entry point itself)."""
    code, out, err = cli(list(args))
    return subprocess.CompletedProcess(args, code, out, err)


def params(*args) -> list[str]:
    r = balance("games", "--params", *args)
    assert r.returncode == 0, r.stderr
    return r.stdout.splitlines()


def value_lines(lines: list[str]) -> dict[str, str]:
    """key -> its whole line, for the lines that show a value (not headings or comments)."""
    out = {}
    for line in lines:
        m = re.match(r"  ([a-z_0-9.]+)( \(.*?\))?\s+\S+\s+\S+", line)
        if m and not line.lstrip().startswith("#"):
            out[m[1]] = line
    return out


def test_bastille_locations_are_named_in_play_order():
    from sim.games.bastille.trace import LOCATIONS   # the names the trace uses, in kernel order

    lines = value_lines(params("bastille", "board.spaces."))
    assert set(lines) == {f"board.spaces.{i}" for i in range(7)}
    for i, name in enumerate(LOCATIONS):
        assert lines[f"board.spaces.{i}"].startswith(f"  board.spaces.{i} ({name}) ")
    assert re.search(r"board\.spaces\.1 \(Notre Dame\)\s+3\s+1\.\.6$", lines["board.spaces.1"])


def test_names_from_another_list_from_fields_and_nested():
    lines = value_lines(params("pimpernel", "missions.need.17."))
    assert lines["missions.need.17.4"].startswith("  missions.need.17.4 (Vienna / supporter) ")
    lines = value_lines(params("bastille", "characters.cards.10.cost"))
    assert "characters.cards.10.cost (soldier, deck A, cost 2)" in lines["characters.cards.10.cost"]
    lines = value_lines(params("doppelganger", "board.rooms.8.doors.1.1"))
    assert "(Lounge / door 2 / column)" in lines["board.rooms.8.doors.1.1"]


@pytest.mark.parametrize("game_id", ["bastille", "pimpernel", "doppelganger"])
def test_every_names_entry_names_every_entry_of_its_lists(game_id):
    """A [names] line names exactly as many entries as each list it matches has, and
    matches at least one list (so a renamed or resized list cannot leave names behind)."""
    c = get_game(game_id).content()
    assert c.name_table, f"{game_id} has no [names] table"
    lists = {k.rsplit(".", 1)[0] for k, _, _ in c.params() if k.rsplit(".", 1)[-1].isdigit()}
    lists |= {".".join(k.split(".")[:i]) for k, _, _ in c.params()
              for i, p in enumerate(k.split(".")) if p.isdigit()}
    for pattern in c.name_table:
        matched = [k for k in lists if find_range({pattern: 1}, k)]
        assert matched, f"[names] {pattern!r} names no list"
        for k in matched:
            assert len(c.entry_names(k)) == len(c.get(k)), k


def test_comments_show_beside_a_value_and_above_a_list():
    lines = params("pimpernel", "game.")
    missions = value_lines(lines)["game.missions"]
    assert missions.endswith("# mission markers 1..7; the last is always Vienna")
    assert "  # game.cubes_per_player: cubes per player for 2, 3, 4, 5, 6 players" in lines
    patience = value_lines(params("doppelganger", "bots.patience"))["bots.patience"]
    assert "# hunter: rounds without any card turned up" in patience


def test_a_prefix_filters_and_a_value_without_a_range_shows_a_question_mark(tmp_path):
    every = get_game("bastille").content().params()
    lines = value_lines(params("bastille", "locations."))
    assert set(lines) == {k for k, _, _ in every if k.startswith("locations.")} and len(lines) == 7
    toml = tmp_path / "g.toml"
    toml.write_text("[a]\nx = 1\n[ranges]\n\"a.x\" = [0, 5]\n")
    from cli import params_table
    c = Content(toml)   # content must range every number, so the unranged row is made up
    out = params_table(c, c.params() + [("a.y", 2, None)])
    assert re.search(r"a\.y\s+2\s+\?$", out[-1]) and re.search(r"a\.x\s+1\s+0\.\.5$", out[-2])


@pytest.mark.parametrize("prefix, hint", [("locatons.", "locations."), ("bots.greedy_coins", "bots.greedy_coin")])
def test_a_typo_suggests_the_nearest_key(prefix, hint):
    r = balance("games", "--params", "bastille", prefix)
    assert r.returncode == 2 and r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert lines == [f"error: bastille content.toml: no content value '{prefix}' (did you mean '{hint}'?)"]


def test_bot_weights_are_listed_apart_from_the_game_rules():
    lines = params("bastille")
    rules, bots = lines.index("Game rules"), lines.index("Bot weights ([bots])")
    assert rules == 0 < bots
    keys_before = value_lines(lines[:bots])
    keys_after = value_lines(lines[bots:])
    assert keys_before and not any(k.startswith("bots.") for k in keys_before)
    assert keys_after and all(k.startswith("bots.") for k in keys_after)
    assert "bots.heuristic_need" in keys_after
    # a filter on the bot weights shows only their heading
    only = params("bastille", "bots.heuristic_")
    assert "Game rules" not in only and only[0] == "Bot weights ([bots])"


def test_set_with_a_typo_suggests_the_key(tmp_path):
    r = balance("run", "bastille", "-n", "1", "--set", "locations.banque_coin_per_value=3",
                "--out", str(tmp_path / "out"))
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "key 'locations.banque_coin_per_value': unknown key" in lines[0]
    assert "did you mean 'locations.banque_coins_per_value'?" in lines[0]


def test_read_comments_knows_strings_tables_and_multiline_values(tmp_path):
    toml = tmp_path / "c.toml"
    toml.write_text(
        "# file header\n\n"
        "[a]\n"
        "# above x\n"
        "x = 1  # beside x\n"
        'map = ["#.#", "[#"]   # not a # in the strings\n'
        "# above the list\n"
        "cards = [\n  { v = 1 },  # inside: ignored\n  { v = 2 },\n]\n"
        "y = 2\n\n"
        "# the rooms\n[[a.rooms]]\nname = 'x # y'\n# a door\ndoor = 3\n")
    assert read_comments(toml) == {
        "a.x": "above x beside x", "a.map": "not a # in the strings", "a.cards": "above the list",
        "a.rooms": "the rooms", "a.rooms.*.door": "a door"}
