"""Sufficient statistics of a results table, mergeable exactly.

Every summary the reports and the gate use (win rates, score and length moments and
percentiles, end reasons, shared wins, winning margins) is a function of integer
histograms: for each (game, variant, player count, seat, bot, role) the count of rows per
observed value of win, score and rank, and for each game configuration the count of games
per observed length, margin, shared-win flag and end reason. Histograms add, so shards and
aggregate-mode runs merge exactly, without keeping per-game rows."""
from __future__ import annotations

from pathlib import Path

import polars as pl

from sim.errors import UserError
from sim.results import read_results, write_parquet

CONFIG = ["game", "variant", "n_players"]
KEYS = [*CONFIG, "seat", "bot", "role", "stat", "label", "value"]
SEAT_STATS = ("win", "score", "rank")
GAME_STATS = ("turns", "margin", "shared")
GAME_ID = ["seed", *CONFIG, "game_index", "rotation"]
SCHEMA = {"game": pl.String, "variant": pl.String, "n_players": pl.UInt8, "seat": pl.Int16,
          "bot": pl.String, "role": pl.String, "stat": pl.String, "label": pl.String,
          "value": pl.Float64, "count": pl.Int64}
STATS_FILE = "stats.parquet"


def per_game(df: pl.DataFrame) -> pl.DataFrame:
    """One row per game: length, end reason, winning margin and whether the win was shared."""
    best = pl.col("rank") == pl.col("rank").min()
    return df.group_by(GAME_ID).agg(
        pl.col("turns").first(),
        pl.col("end_reason").first(),
        (pl.col("score").filter(best).max() - pl.col("score").filter(~best).max())
        .fill_null(0).alias("margin"),
        ((pl.col("win") > 0) & (pl.col("win") < 1)).any().cast(pl.Int8).alias("shared"),
    )


def sufficient_stats(df: pl.DataFrame) -> pl.DataFrame:
    """The histogram table of a results table (see the module docstring)."""
    seats = (
        df.select(*CONFIG, pl.col("seat").cast(pl.Int16), "bot", "role",
                  *[pl.col(s).cast(pl.Float64) for s in SEAT_STATS])
        .unpivot(index=[*CONFIG, "seat", "bot", "role"], on=list(SEAT_STATS),
                 variable_name="stat", value_name="value")
        .with_columns(pl.lit(None, pl.String).alias("label"))
    )
    games = per_game(df)
    game_rows = (
        games.select(*CONFIG, *[pl.col(s).cast(pl.Float64) for s in GAME_STATS])
        .unpivot(index=CONFIG, on=list(GAME_STATS), variable_name="stat", value_name="value")
        .with_columns(pl.lit(None, pl.String).alias("label"))
    )
    ends = games.select(*CONFIG, pl.lit("end_reason").alias("stat"),
                        pl.col("end_reason").alias("label"), pl.lit(0.0).alias("value"))
    no_seat = [pl.lit(-1, pl.Int16).alias("seat"), pl.lit(None, pl.String).alias("bot"),
               pl.lit(None, pl.String).alias("role")]
    long = pl.concat([
        seats.select(KEYS),
        game_rows.with_columns(no_seat).select(KEYS),
        ends.with_columns(no_seat).select(KEYS),
    ], how="vertical_relaxed")
    return canonical(long.group_by(KEYS).agg(pl.len().cast(pl.Int64).alias("count")))


def canonical(stats: pl.DataFrame) -> pl.DataFrame:
    """Fixed dtypes and row order, so equal histograms give equal tables and equal sums."""
    return stats.select([pl.col(k).cast(t) for k, t in SCHEMA.items()]).sort(KEYS, nulls_last=True)


def merge_stats(parts: list[pl.DataFrame]) -> pl.DataFrame:
    """Exact merge: histograms of disjoint sets of games add."""
    both = pl.concat([canonical(p) for p in parts])
    return canonical(both.group_by(KEYS).agg(pl.col("count").sum()))


def write_stats(stats: pl.DataFrame, run_dir: Path) -> Path:
    path = Path(run_dir) / STATS_FILE
    write_parquet(canonical(stats), path)
    return path


def load_stats(run_dir: Path) -> pl.DataFrame:
    """Histograms of a run directory: from its per-game rows, or its aggregate-mode file."""
    run_dir = Path(run_dir)
    if (run_dir / "results.parquet").is_file():
        return sufficient_stats(read_results(run_dir))
    path = run_dir / STATS_FILE
    if path.is_file():
        try:
            return canonical(pl.read_parquet(path))
        except Exception as e:
            raise UserError(str(path), None, f"not a readable statistics table ({type(e).__name__})") from None
    raise UserError(str(run_dir), None, "no results.parquet or stats.parquet here (is this a run directory?)")
