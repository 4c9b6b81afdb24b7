"""What a paired comparison of two configurations compares, deal by deal (analysis.studies.paired_play plays
the paired batches).

What is compared (the focus) is one of: the first-player advantage (the default: the first
player's win minus the mean win of all positions, per deal), one position's, seat's or
bot's win rate, all linear in the deals and tested by the SPRT; or the position spread
(largest gap between positions' win rates), which is not a mean of per-deal values and is
tested by repeated bootstrap intervals instead (analysis.sprt.RepeatedIntervals)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl

from analysis.paired import DEAL_KEY, deal_values
from sim.errors import UserError

# the measures' names are analysis.measures' (compare_focus parses --measure into a Focus)
MEASURES = ("first_player_advantage", "position_spread", "position", "seat", "bot")


@dataclass(frozen=True)
class Focus:
    measure: str = "first_player_advantage"
    value: int | str | None = None      # the position, seat or bot for those measures

    @property
    def is_spread(self) -> bool:
        """The position spread: not a mean of per-deal values, tested by repeated intervals."""
        return self.measure == "position_spread"

    def label(self) -> str:
        return self.measure if self.value is None else f"{self.measure} {self.value}"


def focus_wins(df: pl.DataFrame, focus: Focus) -> pl.DataFrame:
    """Per deal: x, the focus measure on that deal (linear measures only)."""
    if focus.measure == "first_player_advantage":
        deals = deal_values(df)
        return deals.keys.with_columns(pl.Series("x", deals.fpa))
    rows = df.filter(pl.col(focus.measure) == focus.value)
    if rows.height == 0:
        raise UserError(f"--{focus.measure}", None, f"{focus.label()} does not play in this configuration")
    return rows.group_by(DEAL_KEY).agg(pl.col("win").cast(pl.Float64).mean().alias("x"))


def deal_differences(df_a: pl.DataFrame, df_b: pl.DataFrame, focus: Focus) -> np.ndarray:
    """x_A - x_B per deal both configurations played (a deal's rotations averaged), ordered by deal."""
    j = focus_wins(df_a, focus).join(focus_wins(df_b, focus), on=DEAL_KEY, suffix="_b")
    return j.sort(DEAL_KEY).select(pl.col("x") - pl.col("x_b"))["x"].to_numpy()
