"""Reading a run's moments and histograms (``sim.stats`` writes them) and the tables the
run summary prints from them."""
from __future__ import annotations

import polars as pl

from analysis.intervals import mean_interval, wilson
from analysis.metrics import per_game_outcomes


# -- analysis on statistics --------------------------------------------------------------------
def win_table(stats: pl.DataFrame, by: str | list[str]) -> pl.DataFrame:
    """Win rate with a 95% Wilson interval, mean score and mean length, grouped by `by`."""
    by = [by] if isinstance(by, str) else by
    t = (stats.group_by(by)
         .agg(pl.col("games").sum().cast(pl.UInt32).alias("games"),
              pl.col("win_sum").sum().alias("wins"),
              (pl.col("score_sum").sum() / pl.col("games").sum()).alias("mean_score"),
              (pl.col("turns_sum").sum() / pl.col("games").sum()).alias("mean_turns"))
         .sort(by))
    lo, hi = wilson(t["wins"].to_numpy(), t["games"].to_numpy())
    return t.with_columns((pl.col("wins") / pl.col("games")).alias("win_rate"),
                          pl.Series("ci_low", lo), pl.Series("ci_high", hi))


def describe(stats: pl.DataFrame, by: str | list[str], stat: str = "score") -> pl.DataFrame:
    """Count, mean and (sample) standard deviation of a stat from its sums."""
    by = [by] if isinstance(by, str) else by
    t = stats.group_by(by).agg(pl.col("games").sum().cast(pl.Float64).alias("n"),
                               pl.col(f"{stat}_sum").sum().cast(pl.Float64).alias("s"),
                               pl.col(f"{stat}_sumsq").sum().cast(pl.Float64).alias("ss")).sort(by)
    return t.select(*by, pl.col("n").alias("games"), (pl.col("s") / pl.col("n")).alias(f"mean_{stat}"),
                    ((pl.col("ss") - pl.col("s") ** 2 / pl.col("n")) / (pl.col("n") - 1)).sqrt()
                    .alias(f"sd_{stat}"))


def metric_means(stats: pl.DataFrame, metric: str, by: str) -> pl.DataFrame:
    """Mean of a per-seat metric (its `<game>_<metric>` sums) grouped by `by`, with a 95%
    normal interval on the mean: columns `by`, games, mean, sd, mean_low, mean_high."""
    t = (stats.filter(pl.col(by).is_not_null())
         .group_by(by).agg(pl.col("games").sum().cast(pl.Float64).alias("n"),
                           pl.col(f"{metric}_sum").sum().alias("s"), pl.col(f"{metric}_sumsq").sum().alias("ss"))
         .sort(by))
    cols = list(zip(*[mean_interval(s, ss, n) for s, ss, n in zip(t["s"], t["ss"], t["n"])])) or [[]] * 4
    return t.select(by, pl.col("n").cast(pl.Int64).alias("games")).with_columns(
        *[pl.Series(name, list(c), pl.Float64) for name, c in zip(("mean", "sd", "mean_low", "mean_high"), cols)])


def quantile(hist: pl.DataFrame, stat: str, q: float, by: str | list[str] | None = None) -> pl.DataFrame:
    """The q-quantile (lower) of a stat from its exact histogram."""
    by = [by] if isinstance(by, str) else (by or [])
    h = hist.filter(pl.col("stat") == stat).group_by([*by, "value"]).agg(pl.col("count").sum())
    h = h.sort([*by, "value"]).with_columns(
        (pl.col("count").cum_sum().over(by) if by else pl.col("count").cum_sum()).alias("cum"),
        (pl.col("count").sum().over(by) if by else pl.col("count").sum()).alias("total"))
    first = h.filter(pl.col("cum") >= q * pl.col("total"))
    return first.group_by(by, maintain_order=True).first().select(*by, pl.col("value").alias(f"q{q:g}_{stat}")) \
        if by else first.head(1).select(pl.col("value").alias(f"q{q:g}_{stat}"))


def end_reason_counts(stats: pl.DataFrame) -> dict[str, int]:
    """Games per end reason (counted once per game, on seat 0)."""
    seat0 = stats.filter(pl.col("seat") == 0)
    return {c[4:]: int(seat0[c].sum()) for c in stats.columns if c.startswith("end_")}


def summary_text(stats: pl.DataFrame, faction_outcomes: bool = False, cooperative: bool = False,
                 positions_meaningful: bool = True, faction_rates: pl.DataFrame | None = None) -> str:
    """The run summary: turn order first, with the whole-table verdict (where positions mean
    something), then seats as identities, bots and roles (where a faction's members share one
    outcome a game, a role's interval counts each game once, as
    analysis.metrics.per_faction_outcomes does). A co-operative run opens with the table's
    win rate instead: its seats all win or lose together."""
    from analysis.balance import equal_rates_of
    from analysis.tables import format_table

    played = int(stats.filter(pl.col("seat") == 0)["games"].sum())
    if cooperative:
        won = int(round(float(stats.filter(pl.col("seat") == 0)["win_sum"].sum())))
        lo, hi = wilson(won, max(played, 1))
        parts = [f"All seats win or lose together: the table won {won:,} of {played:,} games "
                 f"({won / max(played, 1):.2%}, 95% interval {float(lo):.2%}-{float(hi):.2%})."]
    elif positions_meaningful:
        positions = win_table(stats, "position")
        parts = [format_table(positions, "position", "Win rate by position in the turn order (0 = first player)"),
                 equal_rates_of(positions, "position").sentence()]
    else:
        parts = []
    if not cooperative:
        parts += [format_table(win_table(stats, "seat"), "seat", "Win rate by seat (the player, not the turn order)"),
                  format_table(win_table(stats, "bot"), "bot", "Win rate by bot")]
    for layer, title in (("role", "Win rate by role"), ("secret_role", "Win rate by secret role")):
        dealt = stats.drop_nulls(layer) if layer in stats.columns else stats.clear()
        if dealt.height:
            t = win_table(dealt, layer)
            if faction_outcomes and layer == "role" and faction_rates is not None:
                # each faction's share of games won (analysis.metrics.faction_outcomes), not its seats'
                t = t.select(layer, "mean_score", "mean_turns").join(
                    faction_rates.select(layer, pl.col("games").cast(pl.UInt32), "wins", "win_rate", "ci_low", "ci_high"),
                    on=layer)
            elif faction_outcomes:
                lo, hi = wilson(*per_game_outcomes(t["wins"].to_numpy(), t["games"].to_numpy(), played))
                t = t.with_columns(pl.Series("ci_low", lo), pl.Series("ci_high", hi))
            parts.append(format_table(t, layer, title))
    ends = end_reason_counts(stats)
    total = sum(ends.values()) or 1
    parts.append("End reasons: " + ", ".join(f"{r} {n} ({n / total:.2%})" for r, n in ends.items() if n))
    return "\n\n".join(parts)
