"""Paired batches for `balance compare --run`: configurations A and B play the same deals
(same seed and game indices, so the same chance streams), batch after batch, optionally
until a sequential test decides.

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
from analysis.sprt import RepeatedIntervals, Sequential, SequentialResult, SprtSpec
from sim.errors import UserError

MEASURES = ("first-player-advantage", "spread", "position", "seat", "bot")


@dataclass(frozen=True)
class Focus:
    measure: str = "first-player-advantage"
    value: int | str | None = None      # the position, seat or bot for those measures

    def label(self) -> str:
        return self.measure if self.value is None else f"{self.measure} {self.value}"


def focus_wins(df: pl.DataFrame, focus: Focus) -> pl.DataFrame:
    """Per deal: x, the focus measure on that deal (linear measures only)."""
    if focus.measure == "first-player-advantage":
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


def play_pair(prep_a, prep_b, first: int, deals: int) -> tuple[pl.DataFrame, pl.DataFrame]:
    gi, rot = prep_a.rows(first, deals)
    return prep_a.play(gi, rot), prep_b.play(gi, rot)


def check_pairable(prep_a, prep_b) -> None:
    a, b = prep_a.cfg, prep_b.cfg
    if (a.game, a.players, a.seed, a.rotate_seats) != (b.game, b.players, b.seed, b.rotate_seats):
        raise UserError("balance compare", None, "A and B must share game, players, seed and seat rotation to be paired")


def until_decided(prep_a, prep_b, spec: SprtSpec, focus: Focus, batch: int, max_deals: int,
                  echo=None) -> tuple[SequentialResult, pl.DataFrame, pl.DataFrame]:
    """Play paired batches of `batch` deals until the test decides or max_deals are played."""
    check_pairable(prep_a, prep_b)
    seq = RepeatedIntervals(spec, looks=-(-max_deals // batch)) if focus.measure == "spread" else Sequential(spec)
    frames_a, frames_b = [], []
    first, decision = 0, ""
    while decision == "" and first < max_deals:
        deals = min(batch, max_deals - first)
        a, b = play_pair(prep_a, prep_b, first, deals)
        frames_a.append(a)
        frames_b.append(b)
        if focus.measure == "spread":
            decision = seq.add(deal_values(a), deal_values(b))
        else:
            decision = seq.add(deal_differences(a, b, focus))
        first += deals
        if echo:
            echo(f"  {first:>10,} deals: A - B = {seq.estimate():+.4f}")
    games = first * prep_a.rotations * 2
    return seq.result(games, focus.label()), pl.concat(frames_a), pl.concat(frames_b)
