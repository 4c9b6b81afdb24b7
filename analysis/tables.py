"""Summary tables of a results table (one row per game and seat)."""
from __future__ import annotations

import polars as pl

from analysis.intervals import wilson


def win_table(df: pl.DataFrame, by: str | list[str]) -> pl.DataFrame:
    """Win rate with a 95% Wilson interval, mean score and mean length, grouped by `by`."""
    by = [by] if isinstance(by, str) else by
    t = (
        df.group_by(by)
        .agg(
            pl.len().alias("games"),
            pl.col("win").cast(pl.Float64).sum().alias("wins"),
            pl.col("score").mean().alias("mean_score"),
            pl.col("turns").mean().alias("mean_turns"),
        )
        .sort(by)
    )
    lo, hi = wilson(t["wins"].to_numpy(), t["games"].to_numpy())
    return t.with_columns(
        (pl.col("wins") / pl.col("games")).alias("win_rate"),
        pl.Series("ci_low", lo),
        pl.Series("ci_high", hi),
    )


def end_reasons(df: pl.DataFrame) -> pl.DataFrame:
    games = df.filter(pl.col("seat") == 0)
    return games.group_by("end_reason").agg(pl.len().alias("games")).with_columns(
        (pl.col("games") / games.height).alias("share")
    ).sort("end_reason")


def format_table(t: pl.DataFrame, key: str, title: str) -> str:
    lines = [title, f"  {key:<12} {'games':>10} {'win rate':>9} {'95% interval':>17} {'score':>8} {'turns':>7}"]
    for r in t.iter_rows(named=True):
        lines.append(
            f"  {str(r[key]):<12} {r['games']:>10} {r['win_rate']:>9.4f} "
            f"[{r['ci_low']:.4f}, {r['ci_high']:.4f}] {r['mean_score']:>8.2f} {r['mean_turns']:>7.1f}"
        )
    return "\n".join(lines)


def summary_text(df: pl.DataFrame) -> str:
    parts = [format_table(win_table(df, "seat"), "seat", "Win rate by seat"),
             format_table(win_table(df, "bot"), "bot", "Win rate by bot")]
    if df["role"].null_count() < df.height:
        parts.append(format_table(win_table(df.drop_nulls("role"), "role"), "role", "Win rate by role"))
    er = end_reasons(df)
    parts.append("End reasons: " + ", ".join(f"{r['end_reason']} {r['games']} ({r['share']:.2%})"
                                            for r in er.iter_rows(named=True)))
    return "\n\n".join(parts)
