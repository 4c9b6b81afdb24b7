"""On a real game with a small budget: sensitivity, tune and skill on four-player Bastille run
end to end into one report that loads in headless Chromium with every chart."""
import polars as pl
import pytest

from tests.bastille.previous import PREVIOUS_HEURISTIC as PREVIOUS
from tests.engine.helpers import cli
from tests.reports.browser import load_page
from tests.reports.conftest import find_chromium


# With the heuristic's previous weights Notre Dame's 0 -> 2 VP lifts the first player's edge
# clearly at 400 deals; with the tuned weights shipped since 2026-11-27 the same study gives
# +2.6 pp [-3.6, +8.8], no effect this small a test can see.
PREVIOUS_HEURISTIC = [x for s in PREVIOUS for x in ("--set", s)]


@pytest.fixture(scope="module")
def studies(tmp_path_factory):
    d = tmp_path_factory.mktemp("bastille")
    code, out, err = cli(["sensitivity", "bastille", "-p", 4, "--only", "locations.notre_dame_first_vp",
                          "--only", "locations.etats_first_coins", "-n", 400, "--batch", 200, "--seed", 1,
                          *PREVIOUS_HEURISTIC, "--out", d / "sens"])
    assert code == 0, err
    code, out, err = cli(["tune", "bastille", "-p", 4, "--vary", "locations.notre_dame_first_vp",
                          "--target", "first_player_advantage=0", "-n", 300, "--trials", 4, "--confirm", 300,
                          "--out", d / "tune"])
    assert code == 0, err
    code, out, err = cli(["skill", "bastille", "-p", 4, "--bots", "random,greedy,heuristic", "-n", 200,
                          "--out", d / "skill"])
    assert code == 0, err
    code, out, err = cli(["report", d / "sens", d / "tune", d / "skill", "--out", d / "report"])
    assert code == 0, err
    return d


def test_notre_dame_moves_the_first_player_advantage(studies):
    t = pl.read_parquet(studies / "sens" / "sensitivity.parquet")
    nd = t.filter(pl.col("key") == "locations.notre_dame_first_vp").row(0, named=True)
    assert (nd["low"], nd["high"]) == (0, 2) and nd["effect_low"] > 0.05     # 2 VP a round fed the previous heuristic's first player


def test_the_bastille_report_loads_in_a_browser(studies):
    got = load_page(find_chromium(), studies / "report" / "index.html")
    assert got["images"] == 3 and got["broken"] == []
    for words in ("Sensitivity sens", "Tune tune", "Does the verdict hold for stronger play?"):
        assert words in got["dom"]
