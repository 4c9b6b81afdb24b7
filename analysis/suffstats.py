"""Sufficient statistics of a results table, mergeable exactly.

Every summary the reports and the gate use (win rates, score and length moments and
percentiles, end reasons, shared wins, winning margins) is a function of integer
histograms: for each (game, variant, player count, seat, position, bot, role) the count of rows per
observed value of win, score and rank, and for each game configuration the count of games
per observed length, margin, shared-win flag and end reason. Histograms add, so shards and
aggregate-mode runs merge exactly, without keeping per-game rows."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl

from sim.errors import UserError
from sim.results import read_results, write_parquet
from sim.stats import CONFIG, MOMENTS_FILE, SCHEMA, SUFF_FILE, canonical, read_stats, reduce_rows

SEAT_STATS = ("win", "score", "rank")
GAME_STATS = ("turns", "margin", "shared")

def per_game(df: pl.DataFrame) -> pl.DataFrame:
    """One row per game: length, end reason, winning margin (best score among the top rank
    minus best score below it; 0 when everyone ties) and whether the win was shared."""
    frames = []
    for (_, _, n), part in df.group_by(CONFIG):
        frames.append(game_rows(seats_in_blocks(part, int(n)), int(n)))
    return pl.concat(frames)


def seats_in_blocks(df: pl.DataFrame, n: int) -> pl.DataFrame:
    """Rows ordered as consecutive blocks of seats 0..n-1 of one game (the runner's order)."""
    seat = df["seat"].to_numpy().reshape(-1, n) if df.height % n == 0 else None
    gi = df["game_index"].to_numpy()
    ordered = (seat is not None and (seat == np.arange(n)).all()
               and (gi.reshape(-1, n) == gi[::n, None]).all()
               and (df["rotation"].to_numpy().reshape(-1, n) == df["rotation"].to_numpy()[::n, None]).all()
               and (df["seed"].to_numpy().reshape(-1, n) == df["seed"].to_numpy()[::n, None]).all())
    return df if ordered else df.sort(["seed", "game_index", "rotation", "seat"])


def game_rows(df: pl.DataFrame, n: int) -> pl.DataFrame:
    """Game-level facts from seat blocks, with array arithmetic rather than a group-by."""
    score = df["score"].to_numpy().astype(np.int64).reshape(-1, n)
    rank = df["rank"].to_numpy().reshape(-1, n)
    win = df["win"].to_numpy().reshape(-1, n)
    best = rank == rank.min(axis=1, keepdims=True)
    lowest = np.iinfo(np.int64).min
    top = np.where(best, score, lowest).max(axis=1)
    below = np.where(best, lowest, score).max(axis=1)
    first = df.gather_every(n)
    return first.select(*CONFIG, "turns", "end_reason").with_columns(
        pl.Series("margin", np.where(below == lowest, 0, top - below)),
        pl.Series("shared", ((win > 0) & (win < 1)).any(axis=1).astype(np.int8)),
    )


def _histogram(df: pl.DataFrame, keys: list, stat: str) -> pl.DataFrame:
    return (df.group_by([*keys, stat]).agg(pl.len().cast(pl.Int64).alias("count"))
            .rename({stat: "value"}).with_columns(pl.lit(stat).alias("stat")))


def sufficient_stats(df: pl.DataFrame) -> pl.DataFrame:
    """The histogram table of a results table (see the module docstring)."""
    if "secret_role" not in df.columns:          # runs written before the column existed
        df = df.with_columns(pl.lit(None, pl.String).alias("secret_role"))
    seat_keys = [*CONFIG, "seat", "position", "bot", "role", "secret_role"]
    parts = [_histogram(df, seat_keys, s).with_columns(pl.lit(None, pl.String).alias("label"))
             for s in SEAT_STATS]
    games = per_game(df)
    no_seat = [pl.lit(-1, pl.Int16).alias("seat"), pl.lit(-1, pl.Int16).alias("position"),
               pl.lit(None, pl.String).alias("bot"),
               pl.lit(None, pl.String).alias("role"), pl.lit(None, pl.String).alias("secret_role")]
    parts += [_histogram(games, CONFIG, s).with_columns(*no_seat, pl.lit(None, pl.String).alias("label"))
              for s in GAME_STATS]
    ends = (games.group_by([*CONFIG, "end_reason"]).agg(pl.len().cast(pl.Int64).alias("count"))
            .rename({"end_reason": "label"})
            .with_columns(*no_seat, pl.lit("end_reason").alias("stat"), pl.lit(0.0).alias("value")))
    return canonical(pl.concat([p.select([pl.col(k).cast(t) for k, t in SCHEMA.items()])
                                for p in [*parts, ends, faction_games(df, no_seat)]]))


def faction_games(df: pl.DataFrame, no_seat: list) -> pl.DataFrame:
    """Stat "faction_win": per role, the games it was in, by whether it won (1: a seat of it
    won). Where a faction's members win or lose together this is the faction's outcome, counted
    once a game whatever its size (The Last Banquet's converts change the sizes as games go)."""
    keyed = df.drop_nulls("role")
    won = keyed.group_by([*CONFIG, "seed", "game_index", "rotation", "role"]).agg(
        value=(pl.col("win") > 0).any().cast(pl.Float64))
    return (won.group_by([*CONFIG, "role", "value"]).agg(pl.len().cast(pl.Int64).alias("count"))
            .with_columns(*[c for c in no_seat if c.meta.output_name() != "role"],
                          pl.lit("faction_win").alias("stat"), pl.lit(None, pl.String).alias("label")))


def write_stats(stats: pl.DataFrame, run_dir: Path) -> Path:
    path = Path(run_dir) / SUFF_FILE
    write_parquet(canonical(stats), path)
    return path


def load_stats(run_dir: Path) -> pl.DataFrame:
    """Histograms of a run directory: from its per-game rows, or its aggregate-mode file."""
    run_dir = Path(run_dir)
    if (run_dir / "results.parquet").is_file():
        return sufficient_stats(read_results(run_dir))
    path = run_dir / SUFF_FILE
    if path.is_file():
        try:
            return canonical(pl.read_parquet(path))
        except Exception as e:
            raise UserError(str(path), None, f"not a readable statistics table ({type(e).__name__})") from None
    raise UserError(str(run_dir), None, "no results.parquet or stats.parquet here (is this a run directory?)")


def load_moments(run_dir: Path, rows: pl.DataFrame | None = None) -> pl.DataFrame | None:
    """The run's moments table (seat-games, sums and sums of squares per variant, seat,
    position, bot, role and secret role, the game's own metrics included): an aggregate run's
    moments.parquet, or the same table reduced from per-game rows (`rows` when already read).
    None when the directory has neither (a histograms-only table)."""
    run_dir = Path(run_dir)
    if rows is not None or (run_dir / "results.parquet").is_file():
        rows = rows if rows is not None else read_results(run_dir)
        if "secret_role" not in rows.columns:          # runs written before the column existed
            rows = rows.with_columns(pl.lit(None, pl.String).alias("secret_role"))
        return reduce_rows(rows)[0]
    return read_stats(run_dir)[0] if (run_dir / MOMENTS_FILE).is_file() else None
