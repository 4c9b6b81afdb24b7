"""The Last Banquet's own questions of a run's results (issue 19): how often each faction wins,
by scenario, rule set and player count. A faction wins a game when a seat chance dealt to it,
and still in it at the end (scenario 4's converts joined the white maiden: banquet_converted),
wins; a game stopped by a cap has no winner and counts as a loss for every faction."""
from __future__ import annotations

import polars as pl

from analysis.intervals import wilson

KEY = ["variant", "n_players", "game_index", "rotation"]


def split_variant(frame: pl.DataFrame) -> pl.DataFrame:
    """'scenario4+full' -> scenario 'scenario4', rules 'full'."""
    parts = pl.col("variant").str.split("+")
    return frame.with_columns(scenario=parts.list.get(0), rules=parts.list.get(1, null_on_oob=True).fill_null("basic"))


def faction_wins(rows: pl.DataFrame) -> pl.DataFrame:
    """One row per (scenario, rules, n_players, faction): games, the faction's wins, the rate and
    its 95% Wilson interval."""
    stayed = pl.col("banquet_converted") == 0 if "banquet_converted" in rows.columns else pl.lit(True)
    per_game = rows.group_by([*KEY, "role"]).agg(won=((pl.col("win") > 0) & stayed).any())
    t = split_variant(per_game).group_by("scenario", "rules", "n_players", "role").agg(
        games=pl.len(), wins=pl.col("won").sum()).sort("scenario", "rules", "n_players", "role")
    lo, hi = wilson(t["wins"].to_numpy(), t["games"].to_numpy())
    return t.with_columns(rate=pl.col("wins") / pl.col("games"), ci_low=pl.Series(lo), ci_high=pl.Series(hi))


def side_by_side(table: pl.DataFrame) -> pl.DataFrame:
    """faction_wins with the basic and full rules of the same scenario, count and faction on
    one row (rate_basic, ci_low_basic, ..., rate_full, ...); a rule set not played is null."""
    cols = ["games", "rate", "ci_low", "ci_high"]
    parts = [table.filter(pl.col("rules") == r).select("scenario", "n_players", "role",
                                                         *[pl.col(c).alias(f"{c}_{r}") for c in cols])
             for r in ("basic", "full")]
    return parts[0].join(parts[1], on=["scenario", "n_players", "role"], how="full", coalesce=True).sort(
        "scenario", "n_players", "role")
