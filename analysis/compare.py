"""Variant or strategy A vs B: differences with intervals, tests with Holm control, and a
paired analysis when both runs played the same deals; the turn-order measures (first-player
advantage, position spread) compared as a whole."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import polars as pl

from analysis.intervals import (Z95, games_needed, holm, newcombe_diff, normal_quantile, sign_test,
                                two_proportion_test)
from analysis.balance import fair_share, group_rates
from analysis.metrics import win_rates
from analysis.paired import RESAMPLES, align, bootstrap_spreads, deal_values, paired_mean, spread_of
from sim.errors import UserError

DEAL = ["seed", "game_index", "rotation"]


def comparable(meta_a: dict, meta_b: dict, by: str, where: str = "balance compare") -> list[str]:
    """Refuse (one line) two runs that do not answer the same question; return the notes to
    print when they are compared on part of what they hold (bots only one run has)."""
    a, b = meta_a.get("config", {}), meta_b.get("config", {})
    for key, what in (("game", "games"), ("players", "player counts"), ("rotate_seats", "seat-rotation settings")):
        if a.get(key) != b.get(key):
            raise UserError(where, None, f"A and B have different {what} ({a.get(key)} vs {b.get(key)}): "
                            "they do not answer the same question")
    if by != "bot" and _lineup(a) != _lineup(b):
        raise UserError(where, None, f"A and B seat different bots ({','.join(_lineup(a))} vs "
                        f"{','.join(_lineup(b))}): compare them --by bot, which compares the bots both play")
    only = sorted(set(_lineup(a)) ^ set(_lineup(b)))
    return [f"Bots in only one run, not compared: {', '.join(only)}."] if by == "bot" and only else []


def _lineup(cfg: dict) -> list[str]:
    bots = list(cfg.get("bots") or [])
    return bots * cfg.get("players", 1) if len(bots) == 1 else bots


def compare_rates(stats_a: pl.DataFrame, stats_b: pl.DataFrame, by: str = "position",
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


def paired_differences(df_a: pl.DataFrame, df_b: pl.DataFrame, by: str = "position") -> pl.DataFrame:
    """Per-deal differences of win (A - B) for each group both runs have on a deal (a bot
    only one run plays has no row), on the deals both runs played."""
    def per_deal(df: pl.DataFrame, name: str) -> pl.DataFrame:
        return df.group_by([*DEAL, by]).agg(pl.col("win").cast(pl.Float64).mean().alias(name))

    return (per_deal(df_a, "a").join(per_deal(df_b, "b"), on=[*DEAL, by])
            .with_columns((pl.col("a") - pl.col("b")).alias("d")))


def paired_compare(df_a: pl.DataFrame, df_b: pl.DataFrame, by: str = "position",
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


# -- the turn order as a whole -------------------------------------------------------------------
@dataclass
class Measure:
    """A balance measure in A and in B, and A - B with its 95% interval."""

    name: str
    a: float
    b: float
    diff: float
    low: float
    high: float
    how: str

    def line(self) -> str:
        return (f"  {self.name:<24} A {100 * self.a:+6.2f} pp   B {100 * self.b:+6.2f} pp   "
                f"A - B {100 * self.diff:+6.2f} pp [{100 * self.low:+.2f}, {100 * self.high:+.2f}]  ({self.how})")


def paired_turn_order(df_a: pl.DataFrame, df_b: pl.DataFrame) -> list[Measure]:
    """First-player advantage and position spread, A - B on the deals both runs played: the
    advantage from the per-deal differences, the spread from a bootstrap over deals."""
    a, b = align([deal_values(df_a), deal_values(df_b)])
    d, lo, hi, n = paired_mean(a.fpa, b.fpa)
    fpa = Measure("first-player advantage", float(a.fpa.mean()), float(b.fpa.mean()), d, lo, hi,
                  f"paired on {n:,} deals")
    boot = bootstrap_spreads([a, b])
    lo, hi = np.quantile(boot[:, 0] - boot[:, 1], [0.025, 0.975])
    sa, sb = spread_of(a), spread_of(b)
    spread = Measure("position spread", sa, sb, sa - sb, float(lo), float(hi),
                     f"paired bootstrap over deals, {RESAMPLES} resamples")
    return [fpa, spread]


def independent_turn_order(stats_a: pl.DataFrame, stats_b: pl.DataFrame, seed: int = 0) -> list[Measure]:
    """The same two measures for runs that did not play the same deals: the advantage with a
    Newcombe interval, the spread from a parametric bootstrap of each run's position rates."""
    ta, tb = group_rates(stats_a, "position"), group_rates(stats_b, "position")
    fa, fb = fair_share(ta), fair_share(tb)
    ra, rb = (t.filter(pl.col("position") == 0).row(0, named=True) for t in (ta, tb))
    d, lo, hi = newcombe_diff(ra["wins"], ra["games"], rb["wins"], rb["games"])
    fpa = Measure("first-player advantage", ra["win_rate"] - fa, rb["win_rate"] - fb, d - (fa - fb),
                  lo - (fa - fb), hi - (fa - fb), "independent runs, Newcombe interval")
    rng = np.random.default_rng(seed)

    def draws(t: pl.DataFrame) -> np.ndarray:
        p, n = t["win_rate"].to_numpy(), t["games"].to_numpy().astype(np.float64)
        return rng.normal(p, np.sqrt(np.maximum(p * (1 - p), 1e-12) / n), size=(RESAMPLES, len(p)))

    boot = np.ptp(draws(ta), axis=1) - np.ptp(draws(tb), axis=1)
    sa, sb = float(np.ptp(ta["win_rate"].to_numpy())), float(np.ptp(tb["win_rate"].to_numpy()))
    lo, hi = np.quantile(boot, [0.025, 0.975])
    return [fpa, Measure("position spread", sa, sb, sa - sb, float(lo), float(hi),
                         f"independent runs, parametric bootstrap, {RESAMPLES} resamples")]


def format_turn_order(measures: list[Measure]) -> str:
    return "\n".join(["Turn order as a whole (A - B, 95% intervals)", *[m.line() for m in measures]])
