"""The report: files exist and are non-empty, the HTML is self-contained and loads in a real
browser with every image and no console messages; a chart renders to a real PNG."""
import re
import xml.etree.ElementTree as ET

import matplotlib.image as mpimg
import numpy as np
import pytest

from analysis.balance import from_fair_share
from analysis.suffstats import load_stats
from tests.reports.browser import load_page
from reports import charts
from reports.build import build_report

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def report(crafted_dirs, tmp_path_factory):
    out = tmp_path_factory.mktemp("report")
    d = crafted_dirs
    return build_report([d["A"], d["B"], d["ladder"], d["sweep"]], out)


def test_report_files_exist_and_are_real(report):
    out = report.parent
    names = {p.stem for p in out.glob("*.png")}
    for name in ("win_rate_by_seat", "win_rate_by_bot", "win_rate_by_role", "length_distribution",
                 "score_distribution", "difference_A_vs_B", "strategy_matrix_bastille", "ratings_bastille",
                 "sweep_sweep"):
        assert name in names
    for png in out.glob("*.png"):
        assert png.read_bytes()[:8] == PNG_MAGIC and png.stat().st_size > 5000
        svg = png.with_suffix(".svg")
        assert ET.parse(svg).getroot().tag.endswith("svg")
    assert (out / "summary.md").stat().st_size > 1000
    assert report.stat().st_size > 10000


def test_html_is_self_contained_and_carries_provenance(report):
    html = report.read_text()
    sources = re.findall(r"(?:src|href)='([^']*)'", html)
    assert sources and all(s.startswith("data:") for s in sources)
    assert "<script" not in html
    for text in ("sha256:crafted", "scoring.first_bonus=2", "Paired on the deals both runs played", "Bradley-Terry",
                 "Sweep sweep: scoring.first_bonus", "turn cap", "Win rate by player count and variant"):
        assert text in html


def test_markdown_links_every_chart(report):
    md = (report.parent / "summary.md").read_text()
    links = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", md)
    assert len(links) == len(list(report.parent.glob("*.png")))
    assert all((report.parent / link).is_file() for link in links)
    assert "| position | A | B |" in md


def test_html_loads_in_headless_chromium(report, chromium):
    page = load_page(chromium, report)
    assert page["images"] == len(list(report.parent.glob("*.png")))
    assert page["broken"] == []
    assert page["console"] == []
    assert "Balance summary" in page["dom"]


def test_a_chart_renders_to_png(crafted_dirs, tmp_path):
    stats = load_stats(crafted_dirs["A"])
    fig = charts.win_rate_dots([("A", from_fair_share(stats, "seat"))], "seat", {"A": 3000}, "Win rate by seat")
    assert "3,000 games" in fig.axes[0].get_title()
    assert fig.axes[0].get_xlabel().startswith("win rate minus the fair share")
    png, data = charts.save(fig, tmp_path, "seats")
    img = mpimg.imread(png)
    assert img.shape[0] > 300 and img.shape[1] > 600
    assert np.unique(img.reshape(-1, img.shape[-1]), axis=0).shape[0] > 20  # bars, text: not blank
    assert data[:8] == PNG_MAGIC


def test_browser_check_catches_a_broken_page(tmp_path, chromium):
    bad = tmp_path / "bad.html"
    bad.write_text("<html><body><img alt='lost' src='missing.png'><script>nosuch();</script></body></html>")
    page = load_page(chromium, bad)
    assert page["broken"] == ["lost"]
    assert any("nosuch" in m for m in page["console"])


def test_report_from_an_aggregate_mode_directory(crafted_dirs, tmp_path):
    """No per-game rows, only stats.parquet: the same balance tables from the histograms."""
    from analysis.suffstats import write_stats

    agg = tmp_path / "agg"
    agg.mkdir()
    write_stats(load_stats(crafted_dirs["A"]), agg)
    (agg / "run.json").write_text((crafted_dirs["A"] / "run.json").read_text())
    page = build_report([agg, crafted_dirs["A"]], tmp_path / "rep")
    html = page.read_text()
    assert "agg (A) vs A (B)" in html and "two-proportion" in html
    assert html.count("<td>agg</td><td>0</td><td>3,000</td>") == 2   # position 0 and seat 0
