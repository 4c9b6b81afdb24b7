"""Intervals and tests against scipy on fixed counts; exact merging of shard statistics."""
import math

import numpy as np
import polars as pl
import pytest
from scipy import stats as sps

from analysis.intervals import (holm, mean_interval, newcombe_diff, sign_test, two_proportion_test,
                                wilson)
from analysis.balance import summary_metrics
from analysis.metrics import end_reasons, length_table, win_rates
from analysis.suffstats import load_stats, sufficient_stats, write_stats
from sim.stats import merge_stats
from tests.analysis.synth_results import crafted_results, write_run

COUNTS = [(0, 10), (1, 10), (7, 20), (312, 1000), (50, 50), (4999, 10000)]


@pytest.mark.parametrize("k,n", COUNTS)
def test_wilson_matches_scipy(k, n):
    ref = sps.binomtest(k, n).proportion_ci(0.95, method="wilson")
    lo, hi = wilson(k, n)
    assert float(lo) == pytest.approx(ref.low, abs=1e-12)
    assert float(hi) == pytest.approx(ref.high, abs=1e-12)


@pytest.mark.parametrize("a,b", [((30, 100), (45, 100)), ((250, 1000), (280, 1200)), ((5, 40), (5, 40))])
def test_two_proportion_test_matches_uncorrected_chi_square(a, b):
    table = [[a[0], a[1] - a[0]], [b[0], b[1] - b[0]]]
    _, p_ref, _, _ = sps.chi2_contingency(table, correction=False)
    assert two_proportion_test(a[0], a[1], b[0], b[1])[1] == pytest.approx(p_ref, rel=1e-9)


def test_newcombe_interval_from_scipy_wilson_bounds():
    w1, n1, w2, n2 = 56, 70, 48, 80
    c1 = sps.binomtest(w1, n1).proportion_ci(method="wilson")
    c2 = sps.binomtest(w2, n2).proportion_ci(method="wilson")
    p1, p2 = w1 / n1, w2 / n2
    d, lo, hi = newcombe_diff(w1, n1, w2, n2)
    assert d == pytest.approx(p1 - p2)
    assert lo == pytest.approx(p1 - p2 - math.hypot(p1 - c1.low, c2.high - p2), abs=1e-12)
    assert hi == pytest.approx(p1 - p2 + math.hypot(c1.high - p1, p2 - c2.low), abs=1e-12)
    # Newcombe's published example (Stat. Med. 1998, table II, example (a)): 0.0524 .. 0.3339
    assert (round(lo, 4), round(hi, 4)) == (0.0524, 0.3339)


@pytest.mark.parametrize("b,c", [(0, 0), (3, 9), (12, 12), (40, 61), (1500, 1620)])
def test_sign_test_matches_scipy_binomtest(b, c):
    ref = sps.binomtest(b, b + c, 0.5).pvalue if b + c else 1.0
    assert sign_test(b, c) == pytest.approx(ref, rel=1e-9)


def test_holm_matches_its_definition():
    p = np.array([0.01, 0.04, 0.03, 0.005, 0.2])
    order = np.argsort(p)
    m = len(p)
    ref = np.empty(m)
    running = 0.0
    for i, j in enumerate(order):
        running = max(running, min(1.0, (m - i) * p[j]))
        ref[j] = running
    assert holm(p) == pytest.approx(ref)


def test_mean_interval_matches_scipy_normal_interval():
    x = np.random.default_rng(3).poisson(30, 500).astype(float)
    mean, sd, lo, hi = mean_interval(x.sum(), (x ** 2).sum(), len(x))
    ref = sps.norm.interval(0.95, loc=x.mean(), scale=sps.sem(x))
    assert (mean, sd) == pytest.approx((x.mean(), x.std(ddof=1)))
    assert (lo, hi) == pytest.approx(ref, rel=1e-9)


def test_merged_shards_give_exactly_the_single_run_numbers():
    df = crafted_results(3000, (0.4, 0.3, 0.2, 0.1), roles=["red", "blue", "green", "gold"],
                         shared_p=0.1, cap_p=0.05, bots=["greedy", "random", "greedy", "random"],
                         rotate=True)
    whole = sufficient_stats(df)
    shards = [sufficient_stats(df.filter(pl.col("game_index") % 3 == k)) for k in range(3)]
    merged = merge_stats(shards[::-1])
    assert merged.equals(whole)
    for by in ("seat", "bot", "role", ["seat", "bot"]):
        assert win_rates(merged, by).equals(win_rates(whole, by))
    assert summary_metrics(merged) == summary_metrics(whole)


def test_stats_agree_with_the_rows(tmp_path):
    df = crafted_results(2000, (0.4, 0.3, 0.2, 0.1), cap_p=0.05)
    stats = load_stats(write_run(df, tmp_path / "run"))
    t = win_rates(stats, "seat")
    ref = df.group_by("seat").agg(pl.col("win").cast(pl.Float64).mean(), pl.col("score").std()).sort("seat")
    assert t["win_rate"].to_list() == pytest.approx(ref["win"].to_list())
    assert t["sd_score"].to_list() == pytest.approx(ref["score"].to_list())
    games = df.filter(pl.col("seat") == 0)
    length = length_table(stats)
    assert length["games"] == 2000
    assert length["mean"] == pytest.approx(games["turns"].mean())
    assert length["p50"] == games["turns"].cast(pl.Float64).quantile(0.5, "lower")
    assert length["p90"] == games["turns"].cast(pl.Float64).quantile(0.9, "lower")
    ends = end_reasons(stats)
    assert dict(zip(ends["label"], ends["games"])) == dict(games["end_reason"].value_counts().iter_rows())


def test_aggregate_mode_directory_reads_like_the_rows(tmp_path):
    df = crafted_results(500, (0.5, 0.2, 0.2, 0.1))
    write_stats(sufficient_stats(df), tmp_path)
    assert load_stats(tmp_path).equals(sufficient_stats(df))


def test_summary_metrics_of_a_known_run():
    df = crafted_results(20000, (0.4, 0.2, 0.2, 0.2), shared_p=0.0, cap_p=0.1, seed=5)
    m = summary_metrics(sufficient_stats(df))
    assert m["games"] == 20000
    assert m["drawishness"] == 0.0
    assert m["completion_low"] < 0.9 < m["completion_high"]
    assert m["first_player_advantage_low"] < 0.15 < m["first_player_advantage_high"]
    assert 0.75 < m["balance"] < 0.82
