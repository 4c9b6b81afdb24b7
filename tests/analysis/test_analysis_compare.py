"""Comparisons of two runs (independent and paired) and the strategy ladder."""
import math

import numpy as np
import polars as pl
import pytest

from analysis.compare import compare_rates, is_paired, paired_compare
from analysis.ratings import matrix, ratings
from analysis.suffstats import sufficient_stats
from tests.analysis.synth_results import crafted_results, ladder_results


def test_independent_comparison_flags_only_the_changed_seats():
    a = crafted_results(20000, (0.40, 0.20, 0.20, 0.20), seed=1)
    b = crafted_results(20000, (0.25, 0.25, 0.25, 0.25), seed=2)
    t = compare_rates(sufficient_stats(a), sufficient_stats(b), "seat", gap=0.02)
    assert t["seat"].to_list() == [0, 1, 2, 3]
    assert t["p_holm"][0] < 1e-6
    assert t["diff_low"][0] < 0.15 < t["diff_high"][0]
    assert (t["p_holm"] >= t["p"]).all()
    assert t["games_needed"][1] > 1000


def test_paired_comparison_on_shared_deals():
    a = crafted_results(5000, (0.40, 0.20, 0.20, 0.20), seed=7)
    b = a.with_columns(pl.when(pl.col("game_index") % 10 == 0).then(0.0).otherwise(pl.col("win")).alias("win"))
    assert is_paired(a, b)
    t = paired_compare(a, b, "seat")
    expected = (a["win"] - b["win"]).to_numpy().reshape(-1, 4).mean(axis=0)
    assert t["diff"].to_list() == pytest.approx(expected.tolist())
    assert (t["rate_a"] - t["rate_b"]).to_list() == pytest.approx(expected.tolist())
    assert (t["b_better"] == 0).all()
    assert t["p_holm"][0] < 1e-10
    assert all(lo <= d <= hi for d, lo, hi in zip(t["diff"], t["diff_low"], t["diff_high"]))


def test_runs_with_different_seeds_are_not_paired():
    assert not is_paired(crafted_results(100, seed=1), crafted_results(100, seed=2))


def test_bradley_terry_recovers_known_strengths():
    strengths = {"rollout": 4.0, "heuristic": 2.0, "greedy": 1.0, "random": 0.5}
    df = ladder_results(4000, strengths, ["rollout", "heuristic", "greedy", "random"])
    r = ratings(df, boot=100)
    assert r["bot"].to_list() == ["rollout", "heuristic", "greedy", "random"]
    true = {b: 400 * math.log10(s) for b, s in strengths.items()}
    mean_true = np.mean(list(true.values()))
    for row in r.iter_rows(named=True):
        assert row["elo_low"] <= true[row["bot"]] - mean_true + 5 and true[row["bot"]] - mean_true - 5 <= row["elo_high"]
        assert row["elo_high"] - row["elo_low"] < 40
    m = matrix(df)
    cell = m.filter((pl.col("bot") == "rollout") & (pl.col("opponent") == "random")).row(0, named=True)
    assert cell["ci_low"] < 4.0 / 4.5 < cell["ci_high"]


def test_a_single_bot_has_no_ladder():
    df = crafted_results(200)
    assert ratings(df).height == 0
    assert matrix(df).height == 0


def test_head_to_head_counts_equal_every_pair_of_seats_compared():
    """The ladder counts per bot and rank (linear in seats); the definition is every pair of
    seats of different bots in a game: ahead = 1, tie = 1/2. Checked on 25-seat games too."""
    from analysis.ratings import BLOCKS, pairwise

    rng = np.random.default_rng(4)
    rows, want = [], {}
    for n, games in ((3, 40), (25, 6)):
        for g in range(games):
            bots = rng.choice(["a", "b", "c"], n)
            ranks = rng.integers(1, 4, n)
            for s in range(n):
                rows.append({"seed": 1, "game": "x", "variant": "v", "n_players": n, "game_index": 100 * n + g,
                             "rotation": 0, "seat": s, "bot": bots[s], "rank": int(ranks[s])})
                for t in range(n):
                    if bots[s] != bots[t]:
                        key = (bots[s], bots[t], (100 * n + g + 7919) % BLOCKS)
                        won = 1.0 if ranks[s] < ranks[t] else 0.5 if ranks[s] == ranks[t] else 0.0
                        w, m = want.get(key, (0.0, 0))
                        want[key] = (w + won, m + 1)
    got = {(r["bot"], r["opponent"], r["block"]): (r["wins"], r["meetings"])
           for r in pairwise(pl.DataFrame(rows)).iter_rows(named=True)}
    assert got == want
