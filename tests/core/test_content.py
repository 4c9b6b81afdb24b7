"""Content loading: variants, --set overrides and validation with one-line errors."""
import pytest

from sim.content import Content, parse_value
from sim.errors import UserError

TOML = """
[coins]
reconstructed = "not printed"
start = 8
bank = 22

[[cards]]
name = "Peasant A"
vp = 2
cost = 3.5

[[cards]]
name = "Soldier B"
vp = 1
cost = 2.0

[bots]
coin = 1.0

[ranges]
"coins.start" = [0, 30]
"coins.bank" = [0, 100]
"cards.*.vp" = [0, 10]
"cards.*.cost" = [0, 9]
"bots.coin" = [0, 5]
"cards.#" = [1, 40]

[variants.rich]
coins = { start = 20 }
"""


@pytest.fixture
def path(tmp_path):
    p = tmp_path / "game.toml"
    p.write_text(TOML)
    return p


def test_base_loads(path):
    c = Content(path)
    assert c.get("coins.start") == 8 and c.get("cards.1.vp") == 1


def test_variant_overlay(path):
    assert Content(path, ("rich",)).get("coins.start") == 20
    assert Content(path, ("base",)).get("coins.start") == 8


def test_set_overrides_nested_and_list_values(path):
    c = Content(path, (), ("coins.start=12", "cards.0.vp=7"))
    assert c.get("coins.start") == 12 and c.get("cards.0.vp") == 7


def test_set_after_variant_wins(path):
    assert Content(path, ("rich",), ("coins.start=3",)).get("coins.start") == 3


def test_hash_changes_with_content(path):
    assert Content(path).hash() != Content(path, (), ("coins.start=9",)).hash()
    assert Content(path).hash() == Content(path).hash()


@pytest.mark.parametrize("sets, key, expected", [
    (("coins.start=99",), "coins.start", "0..30"),
    (("coins.nope=1",), "coins.nope", "unknown key"),
    (("coins.start=abc",), "coins.start", "expected a number"),
    (("coins.start=2.5",), "coins.start", "whole number"),
    (("cards.5.vp=1",), "cards.5.vp", "not an index"),
    (("coinsstart",), "coinsstart", "key=value"),
])
def test_bad_override_names_file_key_and_expectation(path, sets, key, expected):
    with pytest.raises(UserError) as e:
        Content(path, (), sets)
    assert e.value.key == key and expected in str(e.value)
    assert "\n" not in str(e.value)


def test_unknown_variant(path):
    with pytest.raises(UserError, match="unknown variant 'poor'.*base, rich"):
        Content(path, ("poor",))


def test_missing_card_field_is_reported(path, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(TOML.replace('vp = 1\n', '', 1))
    with pytest.raises(UserError) as e:
        Content(bad)
    assert "bad.toml" in str(e.value) and e.value.key == "cards.1.vp" and "missing" in str(e.value)


def test_list_length_range(path, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(TOML.replace('"cards.#" = [1, 40]', '"cards.#" = [3, 40]'))
    with pytest.raises(UserError, match="3..40 entries"):
        Content(bad)


def test_a_file_edited_between_loads_is_read_and_checked_again(path):
    """The parse, the shape and the validation are remembered per file version (sweeps and
    tests load one content thousands of times): an edit must show, and a bad edit must fail."""
    import os
    assert Content(path).get("coins.start") == 8
    st = path.stat()
    path.write_text(TOML.replace("start = 8", "start = 99"))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    with pytest.raises(UserError, match="0..30, got 99"):
        Content(path)


def test_a_set_is_checked_where_it_lands(path):
    """Only the values a --set changes are checked again: a card field, a whole list."""
    with pytest.raises(UserError, match="0..10, got 11") as e:
        Content(path, (), ("cards.1.vp=11",))
    assert e.value.key == "cards.1.vp"
    with pytest.raises(UserError, match="1..40 entries, got 0"):
        Content(path, (), ("cards=[]",))
    with pytest.raises(UserError, match="expected a number"):
        Content(path, ("rich",), ("coins.start=true",))


def test_unreadable_file(tmp_path):
    with pytest.raises(UserError, match="file not found"):
        Content(tmp_path / "none.toml")
    broken = tmp_path / "broken.toml"
    broken.write_text("[coins\nstart = ")
    with pytest.raises(UserError, match="not valid TOML"):
        Content(broken)


def test_params_and_reconstructed(path):
    c = Content(path)
    keys = {k: r for k, _, r in c.params()}
    assert keys["coins.start"] == [0, 30] and keys["cards.1.cost"] == [0, 9]
    assert c.reconstructed() == [("coins", "not printed", [])]


def test_parse_value():
    assert parse_value("7") == 7 and parse_value("2.5") == 2.5 and parse_value("true") is True
    assert parse_value("[1, 2]") == [1, 2] and parse_value("hello") == "hello"


def test_replacement_file_must_match_the_shipped_shape(path, tmp_path):
    mine = tmp_path / "mine.toml"
    mine.write_text(TOML.replace("bank = 22\n", ""))
    with pytest.raises(UserError) as e:
        Content(mine, shape_from=path)
    assert e.value.key == "coins.bank" and "mine.toml" in str(e.value)


def test_hash_covers_the_variants_in_force():
    """Issue 27 item 4: a variant a game reads beyond its overlays (Banquet's scenario and rule
    set choose the kernel tables) changes the content hash run.json records."""
    from sim.games.banquet import GAME

    hashes = {v: GAME.content(v).hash() for v in
              (("scenario1",), ("scenario6",), ("scenario6", "full"), ("scenario1", "full"))}
    assert len(set(hashes.values())) == len(hashes), hashes


def test_every_games_variants_have_their_own_hash():
    from sim.registry import game_ids, get_game

    for gid in game_ids():
        game = get_game(gid)
        seen = {}
        for v in game.variants():
            resolved = game.resolve_variants(() if v == "base" else (v,))
            seen.setdefault(resolved, game.content(() if v == "base" else (v,)).hash())
        assert len(set(seen.values())) == len(seen), (gid, seen)
