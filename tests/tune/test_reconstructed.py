"""`balance sensitivity --only reconstructed` (issue 32): the values inside tables marked
reconstructed (the component data a rulebook does not print) and nothing else; the report then
names those the verdict rests on most, "replace these first"."""
from sim.registry import get_game
from analysis.studies.sensitivity import select_values
from tests.tune.helpers import run, table


def test_reconstructed_selects_the_values_of_the_marked_tables_and_only_them():
    content = get_game("banquet").content()
    picked = {p[0] for p in select_values(content, content.params(), ["reconstructed"])}
    ranged = {p[0] for p in content.params() if p[2] is not None}
    # the 25 characters' initiatives are marked reconstructed, table by table; the scenarios are printed
    assert picked == {k for k in ranged if k.startswith("characters.") and k.endswith(".initiative")}
    assert len(picked) == 25
    both = {p[0] for p in select_values(content, content.params(), ["reconstructed", "scenario1.rounds"])}
    assert both == picked | {"scenario1.rounds"}


def test_the_report_names_the_reconstructed_values_that_move_the_verdict_most(tmp_path):
    out = tmp_path / "s"              # the toy's [knob] table is marked reconstructed, its [bots] not
    code, stdout, err = run(["sensitivity", "knob", "--only", "reconstructed", "-n", 3000,
                             "--batch", 1000, "--seed", 3, "--out", out])
    assert code == 0, err
    t = table(out)
    assert "bots.greed" not in t["key"].to_list() and "knob.edge" in t["key"].to_list()
    said = stdout[stdout.index("replace these first"):].splitlines()[0]     # the command says it too
    assert "knob.edge" in said and "knob.dud" not in said and "knob.luck" not in said
    code, _, err = run(["report", out, "--out", tmp_path / "r"])
    assert code == 0, err
    page = (tmp_path / "r" / "index.html").read_text()
    line = page[page.index("replace these first"):][:400]
    assert "knob.edge" in line and "knob.dud" not in line and "knob.luck" not in line


def test_values_the_rulebook_prints_inside_a_reconstructed_table_are_left_out():
    content = get_game("emerald").content()
    picked = {p[0] for p in select_values(content, content.params(), ["reconstructed"])}
    game = content.entry_names("cards.game")
    royal = content.entry_names("cards.royalty")
    at = lambda lst, names, name, f: f"cards.{lst}.{names.index(name)}.{f}"  # noqa: E731
    printed = {"cities.agent_cost.1",                                   # Paris 4
               at("royalty", royal, "The Spinner in the Darkness", "bomb_cost"),
               at("royalty", royal, "The Spinner in the Darkness", "vp"),
               at("game", game, "Sebastian Moran", "box"), at("game", game, "Louise Michel", "vp"),
               at("game", game, "Peter Rachkovsky", "agent"), at("game", game, "Infernal Machine", "bomb")}
    assert not printed & picked
    # the reconstructed ones beside them stay: London's cost, a plain card's VP, the sanity die
    assert {"cities.agent_cost.0", at("game", game, "Anarchist Cell", "vp"), at("game", game, "Sebastian Moran", "copies"),
            "sanity_die.insanity_faces", "identities.loyalist"} <= picked
    # printed tables and the readings are not reconstructed
    assert not {k for k in picked if k.split(".")[0] in ("setup", "turn", "rules", "scoring", "bots")}


def test_a_printed_key_that_names_no_value_is_one_clear_error(tmp_path):
    from sim.errors import UserError
    import pytest
    src = get_game("emerald").content_file.read_text()
    bad = tmp_path / "emerald.toml"
    bad.write_text(src.replace('"game.Louise Michel.vp"', '"game.Louise Mitchell.vp"'))
    content = get_game("emerald").content(path=bad)
    with pytest.raises(UserError, match="Louise Mitchell"):
        content.reconstructed_keys()


def test_balance_games_lists_the_printed_values_of_a_reconstructed_table():
    code, stdout, err = run(["games", "--content", "emerald"])
    assert code == 0, err
    lines = stdout.splitlines()
    at = next(i for i, x in enumerate(lines) if x.strip().startswith("cities "))
    assert "printed, so not reconstructed: agent_cost.Paris" in lines[at + 1]


def test_a_permutation_value_steps_by_trading_places_with_the_entry_holding_the_end():
    """Banquet's initiatives must stay a permutation of 1-25: a step of one alone is refused, so
    each end trades places with the character holding that value (the content checks only: no
    game is played)."""
    from analysis.sensitivity import step_knob
    from analysis.studies.player import base_config
    from analysis.studies.sensitivity import playable_steps

    content = get_game("banquet").content(("scenario5", "basic"))
    values = {k: v for k, v, _ in content.params()}
    names = [c["name"] for c in content["characters"]]
    key = f"characters.{names.index('Merchant')}.initiative"
    base = base_config("banquet", 12, "heuristic", "scenario5,basic", (), None, 1, False, 1, "local", None)
    knobs, notes = playable_steps(base, [step_knob(key, key, values[key], [1, 25])], values)
    assert len(knobs) == 1, notes
    k = knobs[0]
    holder = {v: kk for kk, v in values.items() if kk.endswith(".initiative")}
    assert (k.low, k.high) == (values[key] - 1, values[key] + 1)
    assert k.low_swap == holder[k.low] and k.high_swap == holder[k.high]
    assert k.sets("high") == [f"{key}={k.high}", f"{holder[k.high]}={values[key]}"]
    assert "trades places" in notes[key]
    # without the values to trade with, no step is accepted: the value is left out
    knobs, notes = playable_steps(base, [step_knob(key, key, values[key], [1, 25])])
    assert not knobs and "left out" in notes[key]
