"""Hidden sides dealt in varying numbers (issue 27, item 6): does the number of teammates chance
dealt a seat matter? In A Study in Emerald 4 players share six identity cards, so a seat can be
alone on its side, or have one or two others with it; a lone seat can win far more than its
share while the two sides, pooled, look even.

A seat's team size is the number of seats of its game dealt its side, itself included
(1 = alone). The whole-table test is the same Pearson chi-square as every other grouping
(analysis.balance.equal_rates_of): with one winner per game it is the exact goodness-of-fit
test; shared wins only make it conservative."""
from __future__ import annotations

import polars as pl

from analysis.intervals import wilson

KEY = ["game_index", "rotation"]
TEAM = "team_size"


def with_team_size(rows: pl.DataFrame) -> pl.DataFrame:
    """The rows of seats dealt a side, each with how many seats of its game were dealt that side."""
    key = [k for k in ("variant", "n_players", *KEY) if k in rows.columns]
    return rows.filter(pl.col("role").is_not_null()).with_columns(
        pl.len().over([*key, "role"]).cast(pl.Int64).alias(TEAM))


def by_team_size(rows: pl.DataFrame, by_side: bool = False) -> pl.DataFrame:
    """One row per team size (and side, with by_side): seat-games, wins, the win rate and its
    95% Wilson interval, and `deals`: the share of games in which some seat was dealt such a side."""
    t = with_team_size(rows)
    key = [k for k in ("variant", "n_players", *KEY) if k in t.columns]
    games = t.select(key).unique().height
    group = ["role", TEAM] if by_side else [TEAM]
    per_size = t.group_by(group).agg(games=pl.len(), wins=pl.col("win").sum().cast(pl.Float64),
                                     deals=pl.struct(key).n_unique()).sort(group)
    lo, hi = wilson(per_size["wins"].to_numpy(), per_size["games"].to_numpy())
    return per_size.with_columns(win_rate=pl.col("wins") / pl.col("games"), ci_low=pl.Series(lo),
                                 ci_high=pl.Series(hi), deals=pl.col("deals") / games)


def size_spread(rows: pl.DataFrame, confidence: float = 0.95) -> tuple[pl.DataFrame, float, float, float]:
    """(the by-size table, the largest gap between two team sizes' win rates, and its interval
    from simultaneous Wilson intervals of the sizes)."""
    from analysis.balance import simultaneous

    t = by_team_size(rows)
    lo, hi = simultaneous(t, confidence)
    rates = t["win_rate"].to_numpy()
    return (t, float(rates.max() - rates.min()), max(0.0, float(lo.max() - hi.min())),
            float(hi.max() - lo.min()))


def sizes_vary(rows: pl.DataFrame) -> bool:
    """Whether chance dealt sides of more than one size in these games (else nothing to ask)."""
    return "role" in rows.columns and with_team_size(rows)[TEAM].n_unique() > 1


def size_words(size: int) -> str:
    """A team size in the designer's words."""
    return "alone on its side" if size == 1 else f"with {size - 1} teammate{'s' if size > 2 else ''}"
