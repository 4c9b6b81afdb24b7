"""`balance report` of a sensitivity study and a tune search: the ranked table, the tornado
chart and the convergence chart, in a page that loads in headless Chromium without a broken
image; an unfinished study is one line and exit 2."""
import pytest

from tests.reports.browser import load_page
from tests.reports.conftest import find_chromium
from tests.tune.helpers import run


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    d = tmp_path_factory.mktemp("rep")
    assert run(["sensitivity", "knob", "-n", 2000, "--measure", "first_player_advantage", "--measure",
                "game_length", "--out", d / "sens"])[0] == 0
    assert run(["tune", "knob", "--vary", "knob.edge", "--target", "first_player_advantage=0", "-n", 2000,
                "--trials", 6, "--out", d / "tune"])[0] == 0
    code, out, err = run(["report", d / "sens", d / "tune", "--out", d / "report"])
    assert code == 0, err
    return d / "report"


def test_the_report_has_the_tornado_and_convergence_charts(report):
    names = {p.name for p in report.iterdir()}
    for chart in ("tornado_sens_first_player_advantage", "tornado_sens_game_length", "convergence_tune"):
        assert {f"{chart}.png", f"{chart}.svg"} <= names
    page = (report / "index.html").read_text()
    assert "Tornado chart" in page and "Convergence of the search" in page
    import json
    games = json.loads((report.parent / "sens" / "sensitivity.json").read_text())["summary"]["games"]
    assert f"({games:,} games in the study)" in page     # the chart's n counts the current content's games too
    assert "knob.edge" in page and "negligible (dropped)" in page and "--set knob.edge=" in page
    md = (report / "summary.md").read_text()
    assert "Sensitivity sens" in md and "Tune tune" in md


def test_the_report_loads_in_a_browser(report):
    got = load_page(find_chromium(), report / "index.html")
    assert got["images"] == 3 and got["broken"] == []
    assert "Tornado chart" in got["dom"]


def test_an_unfinished_study_is_refused_in_one_line(tmp_path, monkeypatch):
    monkeypatch.setenv("BALANCE_TEST_STOP_AFTER_SHARDS", "2")
    assert run(["sensitivity", "knob", "-n", 1000, "--out", tmp_path / "s"])[0] == 130
    code, _, err = run(["report", tmp_path / "s", "--out", tmp_path / "r"])
    assert code == 2 and "--resume" in err and len(err.strip().splitlines()) == 1
