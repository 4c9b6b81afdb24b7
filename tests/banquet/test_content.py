"""The characters as data: the printed facts used exactly, the printed constraints on the
reconstruction, the vocabulary's load errors, the readings."""
import pytest

from kernels.banquet import layout as L
from sim.errors import UserError
from sim.games.banquet import GAME, pack

from tests.banquet.helpers import content


def chars():
    return {c["name"]: c for c in content()["characters"]}


def test_25_characters_with_an_initiative_permutation():
    cs = content()["characters"]
    assert len(cs) == 25
    assert sorted(c["initiative"] for c in cs) == list(range(1, 26))
    C, A, names = pack.character_tables(content())
    assert C.shape == (25, L.C_SIZE) and A.shape == (25, 5, L.A_SIZE)


def test_printed_abilities_are_used_exactly():
    c = chars()
    assert c["Gamekeeper"]["action1"] == "each_adjacent_switch icon gender=lady with_gender=gentleman"
    assert c["Queen"]["action2"] == "switch"
    C, A, names = pack.character_tables(content())
    b = names.index("Baron")
    assert A[b, L.ACTION1, L.A_ICON] == 1 and A[b, L.ACTION2, L.A_ICON] == 1
    assert "Messenger" in names
    g = names.index("Gamekeeper")
    assert A[g, L.ACTION1, L.A_OP] == L.OP_EACH_ADJACENT_SWITCH
    assert A[g, L.ACTION1, L.A_GENDER] == L.LADY and A[g, L.ACTION1, L.A_GENDER2] == L.GENTLEMAN


def test_royalty_is_the_kings_faction_and_at_most_four():
    royals = {n for n, c in chars().items() if c["status"] == "royalty"}
    assert royals == {"King", "Queen", "Princess", "First Knight"}


def test_every_character_says_what_is_printed_and_what_is_reconstructed():
    for name, c in chars().items():
        assert c["reconstructed"], name
        assert c["printed"], name


def test_scenario_pools_fit_the_printed_player_counts():
    c = chars()
    # scenario 2 at 20 players: every card but Royalty and the Duke
    assert len([n for n in c if c[n]["status"] != "royalty" and n != "Duke"]) >= 20
    # scenario 6's pool (part 2) holds both genders
    pool = [n for n in c if n not in ("Witch", "First Knight", "White Maiden", "Duke", "Princess")]
    assert {c[n]["gender"] for n in pool} == {"lady", "gentleman"}


@pytest.mark.parametrize("text, says", [
    ("fly", "unknown operation 'fly'"),
    ("switch who=behind", "unknown who 'behind'"),
    ("switch colour=red", "unknown key 'colour'"),
    ("switch with_gender=lady", "needs an operation on two players"),
    ("switch status=clergy", "unknown status 'clergy'"),
    ("switch on=targeted", "on= belongs to a reaction"),
])
def test_a_card_the_vocabulary_cannot_express_is_a_load_error_naming_the_character(text, says):
    with pytest.raises(UserError) as e:
        pack.compile_action(text, False, "content.toml", "characters.Jester.basic")
    assert "characters.Jester.basic" in str(e.value) and says in str(e.value)
    assert "\n" not in str(e.value)


def test_a_bad_card_in_a_content_file_fails_at_compile(tmp_path):
    text = GAME.content_file.read_text().replace('basic = "swap_two who=adjacent with_who=adjacent"',
                                                 'basic = "juggle"')
    bad = tmp_path / "banquet.toml"
    bad.write_text(text)
    with pytest.raises(UserError) as e:
        GAME.compile(GAME.content(path=bad), 12)
    assert "characters.Jester.basic" in str(e.value) and "unknown operation 'juggle'" in str(e.value)


def test_five_royalty_is_refused(tmp_path):
    text = GAME.content_file.read_text().replace(
        'name = "Duke"\ninitiative = 5\ngender = "gentleman"\nstatus = "nobility"',
        'name = "Duke"\ninitiative = 5\ngender = "gentleman"\nstatus = "royalty"')
    bad = tmp_path / "banquet.toml"
    bad.write_text(text)
    with pytest.raises(UserError, match="at most 4 Royalty"):
        GAME.compile(GAME.content(path=bad), 12)


def test_readings_are_listed_with_a_reason():
    rs = content().readings()
    # the kernel's rules vector holds L.SWITCHES in order, the set-up switch on its own, L.RULINGS,
    # then scenario 3's picking order
    assert ({k.split(".")[1] for k, _, _ in rs}
            == set(L.SWITCHES) | {"setup_places_chosen", "factions_choose_pickers"} | set(L.RULINGS))
    assert all(reason for _, _, reason in rs)


def test_player_counts_per_scenario():
    assert GAME.allowed_players(("scenario1",)) == tuple(range(11, 25))
    assert GAME.allowed_players(("scenario2",)) == tuple(range(11, 21))
    assert GAME.allowed_players(("scenario3", "full")) == tuple(range(15, 26))
    assert GAME.resolve_variants(()) == ("scenario1", "basic")
    with pytest.raises(UserError, match="scenario3"):
        GAME.compile(content(("scenario3",)), 12)


@pytest.mark.parametrize("size", [11, 12])
def test_scenario_2s_barons_faction_fits_the_boxs_pendants(size):
    """The baron's faction wears baron pendants, 10 in the box: more is refused at load, naming
    the key - by the declared range for --set, by the rules for a content file's own list
    (hypothesis found 11 barons played at 14 players when the range went to 12)."""
    with pytest.raises(UserError, match=r"scenario2.barons_faction.9.*3\.\.10, got"):
        content(("scenario2",), (f"scenario2.barons_faction.9={size}",))
    edited = content(("scenario2",))
    edited["scenario2"]["barons_faction"][9] = size
    with pytest.raises(UserError, match=r"scenario2.barons_faction.9.*at most 10, got"):
        GAME.compile(edited, 20)
    c = GAME.compile(content(("scenario2",), ("scenario2.barons_faction.9=10",)), 20)
    assert int(c.tables[L.T_RULES][L.R_FSIZE]) == 10


@pytest.mark.parametrize("n, k", [(23, 1), (24, 2)])
def test_scenario_1s_traitor_factions_fit_the_boxs_pendants(n, k):
    """Each traitor faction wears the pendants of its emblem, 10 in the box: a king's faction so
    small that the others number 11 each is refused at load (the range allows it at 11-22)."""
    with pytest.raises(UserError, match=rf"scenario1.kings_faction.{n - 11}.*leaves 11 each"):
        GAME.compile(content(("scenario1",), (f"scenario1.kings_faction.{n - 11}={k}",)), n)
    c = GAME.compile(content(("scenario1",), (f"scenario1.kings_faction.{n - 11}={k + 2}",)), n)
    assert int(c.tables[L.T_RULES][L.R_KSIZE]) == k + 2
