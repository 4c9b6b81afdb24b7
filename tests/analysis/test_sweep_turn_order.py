"""Sweeps answer "how does this value move the turn-order balance?": the current value joins
the grid and is marked, every point is compared with it paired per deal by position (not
seat), and a two-key sweep draws heat maps."""
import math
import re

import polars as pl
import pytest
from click.testing import CliRunner

from analysis.intervals import Z95
from analysis.suffstats import sufficient_stats, write_stats
from analysis.sweep import (FPA, PAIRED, SPREAD, UNPAIRED, deal_values, format_sweep, paired_rows, parse_grid,
                            read_sweep, sweep_table)
from analysis.studies.sweeps import run_sweep
from reports.build import build_report
from sim.plan import RunConfig
from tests.analysis.synth_results import write_run
from tests.analysis.synth_sweep import first_player_p, sweep_point_results

KEY, KEY2 = "scoring.coins_per_vp", "setup.start_coins"   # Bastille: currently 3 and 8
DEALS = 2500


def fake_run(cfg, out):
    """A synthetic point: the first-player advantage grows with coins_per_vp (2 pp a step
    from 0 at the current 3) and with start_coins (1 pp a step from 8); the same deals."""
    v = {k: float(x) for k, x in (s.split("=") for s in cfg.sets)}
    adv = 0.02 * (v[KEY] - 3) + 0.01 * (v.get(KEY2, 8) - 8) + 0.04
    write_run(sweep_point_results(DEALS, first_player_p(adv), seed=cfg.seed, roles=["red", "blue", "green", "gold"],
                                  turns_shift=v[KEY]), out)


def base_config(**kw):
    return RunConfig(game="bastille", players=4, bots=["random"], games=DEALS, seed=11, **kw)


@pytest.fixture(scope="module")
def one_key(tmp_path_factory):
    out = tmp_path_factory.mktemp("sweep1") / "s"
    echoed = []
    meta = run_sweep(base_config(), parse_grid([f"{KEY}=1,2,5"]), out, fake_run, echo=echoed.append)
    return out, meta, sweep_table(out), echoed


def row(t, metric, value):
    return t.filter((pl.col("metric") == metric) & (pl.col(KEY) == value)).row(0, named=True)


def test_paired_difference_of_a_point_with_itself_is_exactly_zero():
    d = deal_values(sweep_point_results(800, first_player_p(0.05), roles=["a", "b", "c", "d"], rotate=True))
    rows = paired_rows(d, d)
    assert {r["metric"] for r in rows} >= {FPA, SPREAD, "win rate position 0", "win rate role a",
                                           "mean length (turns)"}
    for r in rows:
        assert r["diff"] == r["diff_low"] == r["diff_high"] == 0.0, r


def test_current_value_is_added_recorded_and_marked(one_key):
    out, meta, t, echoed = one_key
    assert meta["current"] == {KEY: "3"} and meta["added"] == {KEY: "3"}
    assert [p["values"][KEY] for p in meta["points"]] == ["1", "2", "3", "5"]   # inserted in order
    assert [p["current"] for p in meta["points"]] == [False, False, True, False]
    assert any("current value 3 is not in the grid; added" in e for e in echoed)
    assert read_sweep(out)["base"]["seed"] == 11
    assert t.filter(pl.col("current"))[KEY].unique().to_list() == ["3"]
    text = format_sweep(t, meta["params"], "bastille")
    marked = [line for line in text.splitlines() if line.startswith("* ")]
    assert len(marked) == 2 and all(m.split()[1] == "3" for m in marked)   # the table and its role block
    assert max(len(line) for line in text.splitlines()) <= 100


def test_differences_have_the_right_sign_and_exclude_zero(one_key):
    _, _, t, _ = one_key
    for value, sign in (("1", -1), ("2", -1), ("5", 1)):
        r = row(t, FPA, value)
        assert r["pairing"] == PAIRED and r["deals"] == DEALS
        assert sign * r["diff"] > 0 and sign * r["diff_low"] > 0 and sign * r["diff_high"] > 0, r
        assert r["diff_low"] < r["diff"] < r["diff_high"]
    cur = row(t, FPA, "3")
    assert cur["diff"] == cur["diff_low"] == cur["diff_high"] == 0.0
    assert cur["estimate"] == pytest.approx(0.04, abs=0.03)
    sp = row(t, SPREAD, "5")       # the spread grows too, and its bootstrap interval says so
    assert sp["diff_low"] > 0 and "paired bootstrap over deals" in sp["pairing"]
    assert row(t, "mean length (turns)", "5")["diff"] == pytest.approx(2.0)



def test_position_zero_interval_equals_the_direct_computation(one_key):
    out, meta, t, _ = one_key
    dirs = {p["values"][KEY]: out / p["dir"] for p in meta["points"]}
    w = {v: pl.read_parquet(dirs[v] / "results.parquet").filter(pl.col("position") == 0)
         .select("game_index", "win").sort("game_index") for v in ("5", "3")}
    d = w["5"].join(w["3"], on="game_index", suffix="_cur").select(pl.col("win") - pl.col("win_cur"))["win"]
    d = d.cast(pl.Float64).to_numpy()
    half = Z95 * d.std(ddof=1) / math.sqrt(len(d))
    r = row(t, "win rate position 0", "5")
    assert r["diff"] == pytest.approx(d.mean(), abs=1e-12)
    assert (r["diff_low"], r["diff_high"]) == pytest.approx((d.mean() - half, d.mean() + half), abs=1e-12)


def test_aggregate_points_fall_back_to_unpaired(tmp_path):
    out = tmp_path / "s"
    meta = run_sweep(base_config(), parse_grid([f"{KEY}=2,4"]), out, fake_run, echo=lambda _: None)
    point = out / meta["points"][0]["dir"]          # value 2 keeps only its histograms
    write_stats(sufficient_stats(pl.read_parquet(point / "results.parquet")), point)
    (point / "results.parquet").unlink()
    t = sweep_table(out)
    r = t.filter((pl.col("metric") == FPA) & (pl.col(KEY) == "2")).row(0, named=True)
    assert r["pairing"] == UNPAIRED and r["deals"] is None and r["diff_low"] < r["diff"] < r["diff_high"]
    assert r["diff"] == pytest.approx(-0.02, abs=0.01)
    paired = t.filter((pl.col(KEY) == "4") & (pl.col("metric") == FPA)).row(0, named=True)
    assert paired["pairing"] == PAIRED     # the points with rows are still paired with the current one
    assert r["diff_high"] - r["diff_low"] > 2 * (paired["diff_high"] - paired["diff_low"])
    assert t.filter((pl.col(KEY) == "3") & (pl.col("metric") == SPREAD))["diff_high"].item() == 0.0
    assert "unpaired" in format_sweep(t, meta["params"])


def test_two_key_sweep_draws_heat_maps(tmp_path):
    out = tmp_path / "grid"
    meta = run_sweep(base_config(), parse_grid([f"{KEY}=2,4", f"{KEY2}=6,8"]), out, fake_run, echo=lambda _: None)
    assert meta["params"] == [KEY, KEY2] and meta["added"] == {KEY: "3"} and len(meta["points"]) == 6
    assert [p["values"] for p in meta["points"] if p["current"]] == [{KEY: "3", KEY2: "8"}]
    t = sweep_table(out)
    fpa = t.filter(pl.col("metric") == FPA)
    assert fpa.filter((pl.col(KEY) == "4") & (pl.col(KEY2) == "8"))["diff_low"].item() > 0    # +2 pp
    assert fpa.filter((pl.col(KEY) == "2") & (pl.col(KEY2) == "6"))["diff_high"].item() < 0   # -4 pp
    page = build_report([out], tmp_path / "rep")
    html = page.read_text()
    for name in ("sweep_grid_advantage_map", "sweep_grid_spread_map"):
        assert (tmp_path / "rep" / f"{name}.png").stat().st_size > 5000
        assert (tmp_path / "rep" / f"{name}.svg").is_file()
    assert "Heat map of the first-player advantage" in html and "Heat map of the position spread" in html
    assert len(re.findall(r"src='data:image/png;base64,", html)) == 2
    assert "current" in html and "Added to the grid because it was not swept" in html


def test_fixed_key_is_an_override_and_current_reads_it(tmp_path):
    out = tmp_path / "s"
    meta = run_sweep(base_config(), parse_grid([f"{KEY}=3,4", f"{KEY2}=10"]), out, fake_run, echo=lambda _: None)
    assert meta["params"] == [KEY] and meta["fixed"] == [f"{KEY2}=10"] and meta["added"] == {}
    assert f"{KEY2}=10" in meta["base"]["sets"]


def test_real_bastille_sweep_marks_the_added_current_value(tmp_path):
    from cli import cli

    out = tmp_path / "real"
    r = CliRunner().invoke(cli, ["sweep", "bastille", "--set", f"{KEY}=1,5", "-n", "150", "--bots", "random",
                                 "--seed", "2", "--threads", "1", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "the current value 3 is not in the grid; added" in r.output
    assert f"Sweep of {KEY} (bastille), with the random bot: 150 games per point" in r.output   # names its bot
    marked = [line for line in r.output.splitlines() if line.startswith("* ")]
    assert len(marked) == 1 and marked[0].split()[1] == "3"
    t = sweep_table(out)
    cur = t.filter(pl.col("current"))
    assert (cur["diff"] == 0).all() and (cur["diff_low"] == 0).all() and (cur["diff_high"] == 0).all()
    rows = [pl.read_parquet(p) for p in sorted(out.glob("point-*/results.parquet"))]
    assert all(x.select("game_index", "seat", "position").equals(rows[0].select("game_index", "seat", "position"))
               for x in rows)   # the same deals and start players at every point
    assert (rows[0]["seat"] != rows[0]["position"]).any()   # the start player is drawn: seat 0 is not first
