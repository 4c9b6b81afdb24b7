"""Charts that show what they claim (issue 27, item 7): a tornado's two ends both visible when
they lie on one side of zero; no chart over an axis of one value; legends beside the data, not
on it; no score chart for a co-operative run; Banquet's own measures without the columns a
scenario never moves. The report with them is opened in headless Chromium."""
import numpy as np
import polars as pl
import pytest

from reports import charts
from reports.build import build_report
from tests.analysis.synth_results import crafted_results, write_run
from tests.reports.browser import load_page

FACTIONS = ["king", "rose", "tower", "king", "rose", "tower"]


def sensitivity_table(at_low: float, at_high: float) -> pl.DataFrame:
    return pl.DataFrame([{"measure": "first_player_advantage", "rank": 1, "key": "k", "label": "k", "current": 5.0,
                          "low": 4.0, "high": 6.0, "current_text": "5", "low_text": "4", "high_text": "6",
                          "at_low": at_low, "at_high": at_high, "at_current": 0.0, "effect": at_high - at_low,
                          "effect_low": at_high - at_low - 0.005, "effect_high": at_high - at_low + 0.005,
                          "games": 2000, "status": "played to -n"}])


def test_a_tornado_shows_both_ends_when_they_lie_on_one_side():
    """Both ends ahead of the current content (+1 and +3 pp): bars from zero drew +1 under +3."""
    fig = charts.tornado_chart(sensitivity_table(0.01, 0.03), "first_player_advantage", "fpa", "pp", 0.0, "t")
    ax = fig.axes[0]
    ends = sorted(float(x) for c in ax.collections for x, _ in c.get_offsets())
    assert ends == pytest.approx([1.0, 3.0])
    bar = ax.patches[0]
    assert (bar.get_x(), bar.get_width()) == pytest.approx((1.0, 2.0))


def guards_table(guards: list[int]) -> pl.DataFrame:
    n = len(guards)
    return pl.DataFrame({"rules": ["basic"] * n, "n_players": [8] * n, "guards": guards, "games": [500] * n,
                         "wins": [100] * n, "rate": [0.2] * n, "ci_low": [0.17] * n, "ci_high": [0.24] * n})


def faction_table(counts: list[int]) -> pl.DataFrame:
    rows = [{"scenario": "scenario1", "rules": "basic", "n_players": c, "role": role, "games": 500, "wins": 200,
             "rate": 0.4, "ci_low": 0.36, "ci_high": 0.44} for c in counts for role in ("king", "rose")]
    return pl.DataFrame(rows)


def test_a_chart_over_one_value_is_not_drawn():
    assert charts.rescue_guards_chart(guards_table([4]), "t") is None
    assert charts.faction_players_chart(faction_table([12]), "t") is None
    assert charts.rescue_guards_chart(guards_table([3, 4]), "t") is not None
    assert charts.faction_players_chart(faction_table([11, 12]), "t") is not None


def overlap(a, b) -> float:
    w = min(a.x1, b.x1) - max(a.x0, b.x0)
    h = min(a.y1, b.y1) - max(a.y0, b.y0)
    return max(w, 0) * max(h, 0)


def test_legends_sit_beside_the_data_area():
    stats = [(label, crafted_results(400, seed=s)) for label, s in (("A", 1), ("B", 2))]
    from analysis.balance import from_fair_share
    from analysis.suffstats import sufficient_stats
    suff = [(label, sufficient_stats(df)) for label, df in stats]
    figs = [charts.win_rate_dots([(label, from_fair_share(s, "position")) for label, s in suff], "position",
                                 {"A": 400, "B": 400}, "t"),
            charts.distribution_chart(suff, "score", "x", "y", {"A": 400, "B": 400}, "t"),
            charts.rescue_guards_chart(guards_table([3, 4]), "t"),
            charts.faction_players_chart(faction_table([11, 12]), "t")]
    checked = 0
    for fig in figs:
        fig.canvas.draw()
        for ax in fig.axes:
            if ax.get_legend() is not None:
                assert overlap(ax.get_legend().get_window_extent(), ax.get_window_extent()) == 0, ax.get_title()
                checked += 1
    assert checked == 4


def banquet_run(root, name, variant, marks, cooperative):
    df = crafted_results(600, (1 / 6,) * 6, game="banquet", variant=variant, seed=4, bots=["greedy"] * 6).drop(
        "banquet_influence")
    deal = np.tile(np.array(FACTIONS), 600)
    if cooperative:        # the table wins or loses together
        won = np.repeat(np.random.default_rng(1).random(600) < 0.3, 6)
        df = df.with_columns(win=pl.Series(won.astype(np.float32)), role=pl.lit("rescuers"))
    else:
        df = df.with_columns(role=pl.Series(deal.tolist()))
    zero = pl.lit(0.0)
    df = df.with_columns(banquet_actions=pl.lit(3.0) + pl.col("seat").cast(pl.Float64), banquet_favors=pl.lit(1.0),
                         banquet_vetoes=zero, banquet_marks=pl.lit(float(marks)) * (pl.col("seat") % 2),
                         banquet_converted=zero, banquet_guards=pl.lit(4.0))
    return write_run(df, root / name)


@pytest.fixture(scope="module")
def banquet_report(tmp_path_factory):
    root = tmp_path_factory.mktemp("banquet")
    dirs = [banquet_run(root, "s1", "scenario1+basic", 1, False), banquet_run(root, "s6", "scenario6+basic", 0, True)]
    return build_report(dirs, root / "report")


def test_a_cooperative_run_gets_no_score_chart(banquet_report):
    out = banquet_report.parent
    assert (out / "score_by_seat_0.png").is_file()
    assert not (out / "score_by_seat_1.png").exists()
    assert "have no score charts" in (out / "summary.md").read_text()


def test_banquet_measures_drop_what_a_scenario_never_moves(banquet_report):
    md = (banquet_report.parent / "summary.md").read_text()
    head = next(line for line in md.splitlines() if line.startswith("| run | players | group |"))
    assert "vetoes" not in head and "marks" in head and "actions" in head
    assert "left out, zero in every run: vetoes" in md
    assert not (banquet_report.parent / "banquet_rescues_by_guards.png").exists()   # one guard count


def test_the_charts_load_in_the_browser(banquet_report, chromium):
    page = load_page(chromium, banquet_report)
    assert page["images"] == len(list(banquet_report.parent.glob("*.png"))) > 0
    assert page["broken"] == [] and page["console"] == []
    assert "have no score charts" in page["dom"]
