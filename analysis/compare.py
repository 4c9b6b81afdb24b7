"""Variant or strategy A vs B: differences with intervals, tests with Holm control, and a
paired analysis when both runs played the same deals."""
from __future__ import annotations

import math

import polars as pl

from analysis.intervals import (Z95, games_needed, holm, newcombe_diff, normal_quantile, sign_test,
                                two_proportion_test)
from analysis.metrics import win_rates

DEAL = ["seed", "game_index", "rotation"]


def compare_rates(stats_a: pl.DataFrame, stats_b: pl.DataFrame, by: str = "seat",
                  gap: float = 0.02) -> pl.DataFrame:
    """Per group: A and B win rates, difference with a Newcombe interval, two-proportion
    p-value, Holm-adjusted p-value, and games per arm needed to resolve a gap of `gap`."""
    a, b = win_rates(stats_a, by), win_rates(stats_b, by)
    j = a.join(b, on=by, suffix="_b", how="inner", nulls_equal=True)
    rows = []
    for r in j.iter_rows(named=True):
        d, lo, hi = newcombe_diff(r["wins"], r["games"], r["wins_b"], r["games_b"])
        _, p = two_proportion_test(r["wins"], r["games"], r["wins_b"], r["games_b"])
        base = (r["wins"] + r["wins_b"]) / (r["games"] + r["games_b"])
        rows.append({by: r[by], "games_a": r["games"], "rate_a": r["win_rate"],
                     "games_b": r["games_b"], "rate_b": r["win_rate_b"], "diff": d,
                     "diff_low": lo, "diff_high": hi, "p": p,
                     "games_needed": games_needed(base, min(1.0, base + gap))})
    t = pl.DataFrame(rows)
    return t.with_columns(pl.Series("p_holm", holm(t["p"].to_numpy()))) if t.height else t


def is_paired(df_a: pl.DataFrame, df_b: pl.DataFrame) -> bool:
    """Both runs share the seed, the player count and at least one deal."""
    same_seed = set(df_a["seed"].unique()) == set(df_b["seed"].unique())
    same_n = set(df_a["n_players"].unique()) == set(df_b["n_players"].unique())
    shared = df_a.select(DEAL).unique().join(df_b.select(DEAL).unique(), on=DEAL).height
    return same_seed and same_n and shared > 0


def paired_differences(df_a: pl.DataFrame, df_b: pl.DataFrame, by: str = "seat") -> pl.DataFrame:
    """Per-deal differences of win (A - B) for each group, on the deals both runs played."""
    keys = [*DEAL, "seat"]
    j = df_a.select(*keys, by, "win") if by not in keys else df_a.select(*keys, "win")
    j = j.join(df_b.select(*keys, pl.col("win").alias("win_b")), on=keys)
    return (j.group_by([*DEAL, by])
            .agg(pl.col("win").cast(pl.Float64).mean().alias("a"), pl.col("win_b").cast(pl.Float64).mean().alias("b"))
            .with_columns((pl.col("a") - pl.col("b")).alias("d")))


def paired_compare(df_a: pl.DataFrame, df_b: pl.DataFrame, by: str = "seat",
                   gap: float = 0.02, power: float = 0.8) -> pl.DataFrame:
    """Paired (same-deal) comparison per group, on the deals both runs played: each run's win
    rate there, the mean difference with a normal interval on the
    per-deal differences, the exact sign test on deals where A and B differ (McNemar for 0/1
    wins), Holm-adjusted, and the deals needed to resolve `gap` with this pairing."""
    t = (paired_differences(df_a, df_b, by).group_by(by)
         .agg(pl.len().alias("deals"), pl.col("a").mean().alias("rate_a"), pl.col("b").mean().alias("rate_b"),
              pl.col("d").mean().alias("diff"),
              pl.col("d").std().fill_null(0).alias("sd"),
              (pl.col("d") > 0).sum().alias("a_better"), (pl.col("d") < 0).sum().alias("b_better"))
         .sort(by))
    half = Z95 * t["sd"] / t["deals"].cast(pl.Float64).sqrt()
    p = [sign_test(x, y) for x, y in zip(t["a_better"], t["b_better"])]
    z = Z95 + normal_quantile(power)
    need = [int(math.ceil((z * s / gap) ** 2)) if s > 0 else 0 for s in t["sd"]]
    return t.with_columns((pl.col("diff") - half).alias("diff_low"), (pl.col("diff") + half).alias("diff_high"),
                          pl.Series("p", p), pl.Series("p_holm", holm(p)), pl.Series("deals_needed", need))


def format_comparison(t: pl.DataFrame, by: str, paired: bool) -> str:
    title = ("Paired comparison A - B on shared deals (sign test, Holm)" if paired
             else "Comparison A - B (two-proportion z-test, Holm)")
    need = "deals_needed" if paired else "games_needed"
    lines = [title, f"  {by:<10} {'A':>8} {'B':>8} {'A - B':>8} {'95% interval':>20} {'p':>8} {'p Holm':>8} {need:>13}"]
    for r in t.iter_rows(named=True):
        ra = r.get("rate_a", math.nan)
        rb = r.get("rate_b", math.nan)
        lines.append(f"  {str(r[by]):<10} {ra:>8.4f} {rb:>8.4f} {r['diff']:>+8.4f} "
                     f"[{r['diff_low']:+.4f}, {r['diff_high']:+.4f}] {r['p']:>8.4f} {r['p_holm']:>8.4f} {r[need]:>13,}")
    return "\n".join(lines)
