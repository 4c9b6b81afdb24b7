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
    code, _, err = run(["report", out, "--out", tmp_path / "r"])
    assert code == 0, err
    page = (tmp_path / "r" / "index.html").read_text()
    line = page[page.index("replace these first"):][:400]
    assert "knob.edge" in line and "knob.dud" not in line and "knob.luck" not in line
