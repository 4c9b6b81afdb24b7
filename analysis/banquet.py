"""The Last Banquet's own questions of a run's results (issue 19): how often each faction wins,
by scenario, rule set and player count. A faction wins a game when a seat that finished in it
wins (`role` is the faction a seat finished in: scenario 4's converts count with the white
maiden; banquet_converted says who was dealt to the queen's); a game stopped by a cap has no
winner and counts as a loss for every faction."""
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
    per_game = rows.group_by([*KEY, "role"]).agg(won=(pl.col("win") > 0).any())
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


def rescues_by_guards(rows: pl.DataFrame) -> pl.DataFrame:
    """Scenario 6 (co-operative): one row per (rules, n_players, guards): games, rescues (the
    table won), the rate and its 95% Wilson interval. Every seat records the guard dial of its
    game (banquet_guards), so runs of several dial settings can be pooled."""
    s6 = split_variant(rows.filter(pl.col("variant").str.starts_with("scenario6")))
    if s6.height == 0 or "banquet_guards" not in s6.columns:
        return pl.DataFrame(schema={"rules": pl.Utf8, "n_players": pl.Int64, "guards": pl.Int64, "games": pl.UInt32,
                                    "wins": pl.UInt32, "rate": pl.Float64, "ci_low": pl.Float64, "ci_high": pl.Float64})
    # runs at different dial settings reuse game indices: the dial is part of a game's key
    per_game = s6.with_columns(guards=pl.col("banquet_guards").cast(pl.Int64)).group_by(
        [*KEY, "rules", "guards"]).agg(won=(pl.col("win") > 0).any())
    t = per_game.group_by("rules", "n_players", "guards").agg(games=pl.len(), wins=pl.col("won").sum()).sort(
        "rules", "n_players", "guards")
    lo, hi = wilson(t["wins"].to_numpy(), t["games"].to_numpy())
    return t.with_columns(rate=pl.col("wins") / pl.col("games"), ci_low=pl.Series(lo), ci_high=pl.Series(hi))
