"""A Study in Emerald's own questions of a run's results (issue 17): who wins by side, dealt and
final (after Change of Heart); by how many Restorationists chance dealt; and what the rule
that the lowest player's side loses five does to the winner."""
from __future__ import annotations

import polars as pl

from analysis.intervals import wilson

SIDES = ("restorationist", "loyalist")
# the side a seat ended on (after Change of Heart), as the role column names sides
FINAL_SIDE = pl.when(pl.col("emerald_final_side") == 0).then(pl.lit(SIDES[0])).otherwise(pl.lit(SIDES[1]))


def per_game(rows: pl.DataFrame) -> pl.DataFrame:
    """One row per game: Restorationists dealt, the winning side (dealt and final), and whether
    the winners would differ had nobody lost the penalty (the higher score wins; a
    Restorationist on a tie, as printed; equal still, joint winners)."""
    key = ["game_index", "rotation"]
    g = rows.with_columns(
        final_side=FINAL_SIDE,
        before=2 * (pl.col("score") + pl.col("emerald_penalty")) + (pl.col("emerald_final_side") == 0))
    g = g.with_columns(would_win=pl.col("before") == pl.col("before").max().over(key))
    return g.group_by(key).agg(
        restorationists=(pl.col("role") == SIDES[0]).sum(),
        won=pl.col("win").sum(),
        dealt_side_won=pl.col("role").filter(pl.col("win") > 0).first(),
        final_side_won=pl.col("final_side").filter(pl.col("win") > 0).first(),
        changed=((pl.col("win") > 0) != pl.col("would_win")).any())


def with_interval(frame: pl.DataFrame, wins: str, n: str) -> pl.DataFrame:
    lo, hi = wilson(frame[wins].to_numpy(), frame[n].to_numpy())
    return frame.with_columns(rate=pl.col(wins) / pl.col(n), ci_low=pl.Series(lo), ci_high=pl.Series(hi))


def side_wins(rows: pl.DataFrame) -> pl.DataFrame:
    """Win rate of a seat by its dealt side and by its final side (seat-games, wins, interval)."""
    final = rows.with_columns(side=FINAL_SIDE)
    parts = [rows.with_columns(side=pl.col("role"), which=pl.lit("dealt")),
             final.with_columns(which=pl.lit("final (after Change of Heart)"))]
    t = pl.concat([p.select("which", "side", "win") for p in parts]).group_by("which", "side", maintain_order=True).agg(
        seat_games=pl.len(), wins=pl.col("win").sum()).sort("which", "side")
    return with_interval(t, "wins", "seat_games")


def by_restorationists(games: pl.DataFrame) -> pl.DataFrame:
    """Games by the number of Restorationists dealt: how often, and how often one of them won
    (finished games only: a capped game has no winner)."""
    t = games.filter(pl.col("won") > 0).group_by("restorationists").agg(
        games=pl.len(), restorationist_wins=(pl.col("dealt_side_won") == SIDES[0]).sum()).sort("restorationists")
    total = t["games"].sum()
    return with_interval(t, "restorationist_wins", "games").with_columns(share=pl.col("games") / total)


def penalty_effect(games: pl.DataFrame) -> dict:
    """How often the five-point penalty changed who won, and which side the change favoured."""
    done = games.filter(pl.col("won") > 0)
    changed = done.filter(pl.col("changed"))
    n = done.height
    lo, hi = wilson(changed.height, n)
    return {"games": n, "changed": changed.height, "rate": changed.height / n if n else 0.0,
            "ci_low": float(lo), "ci_high": float(hi),
            "to": {s: int((changed["final_side_won"] == s).sum()) for s in SIDES}}
