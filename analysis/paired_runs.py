"""Paired batches for `balance compare --run`: configurations A and B play the same deals
(same seed and game indices, so the same chance streams), batch after batch, optionally
until the SPRT decides."""
from __future__ import annotations

import numpy as np
import polars as pl

from analysis.sprt import Sequential, SequentialResult, SprtSpec
from sim.errors import UserError


def focus_wins(df: pl.DataFrame, seat: int | None, bot: str | None) -> pl.DataFrame:
    """Per deal (game_index): the mean win of the seat or bot of interest over its games."""
    rows = df.filter(pl.col("bot") == bot) if bot is not None else df.filter(pl.col("seat") == seat)
    if rows.height == 0:
        what = f"bot '{bot}'" if bot is not None else f"seat {seat}"
        raise UserError("--bot" if bot is not None else "--seat", None, f"{what} does not play in this configuration")
    return rows.group_by("game_index").agg(pl.col("win").cast(pl.Float64).mean().alias("x"))


def deal_differences(df_a: pl.DataFrame, df_b: pl.DataFrame, seat: int | None, bot: str | None) -> np.ndarray:
    """x_A - x_B per deal both configurations played, ordered by deal."""
    j = focus_wins(df_a, seat, bot).join(focus_wins(df_b, seat, bot), on="game_index", suffix="_b")
    return j.sort("game_index").select(pl.col("x") - pl.col("x_b"))["x"].to_numpy()


def play_pair(prep_a, prep_b, first: int, deals: int) -> tuple[pl.DataFrame, pl.DataFrame]:
    gi, rot = prep_a.rows(first, deals)
    return prep_a.play(gi, rot), prep_b.play(gi, rot)


def check_pairable(prep_a, prep_b) -> None:
    a, b = prep_a.cfg, prep_b.cfg
    if (a.game, a.players, a.seed, a.rotate_seats) != (b.game, b.players, b.seed, b.rotate_seats):
        raise UserError("balance compare", None, "A and B must share game, players, seed and seat rotation to be paired")


def until_decided(prep_a, prep_b, spec: SprtSpec, seat: int | None, bot: str | None, batch: int,
                  max_deals: int, echo=None) -> tuple[SequentialResult, pl.DataFrame, pl.DataFrame]:
    """Play paired batches of `batch` deals until the SPRT decides or max_deals are played."""
    check_pairable(prep_a, prep_b)
    seq = Sequential(spec)
    frames_a, frames_b = [], []
    first, decision = 0, ""
    while decision == "" and first < max_deals:
        deals = min(batch, max_deals - first)
        a, b = play_pair(prep_a, prep_b, first, deals)
        frames_a.append(a)
        frames_b.append(b)
        decision = seq.add(deal_differences(a, b, seat, bot))
        first += deals
        if echo:
            echo(f"  {first:>10,} deals: A - B = {seq.total / seq.n:+.4f}")
    games = first * prep_a.rotations * 2
    return seq.result(games), pl.concat(frames_a), pl.concat(frames_b)
