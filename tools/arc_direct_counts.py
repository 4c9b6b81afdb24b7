"""A run's lead changes and runaway leader counted straight from its arc.parquet and
results.parquet in polars, not through analysis/arc.py: the check of the figures README's
"When is it decided?" table gives. Usage:

    python tools/arc_direct_counts.py RUN [RUN ...]

A faction (the arc's team column, where factions win as teams) is one contestant. Leaders at a
checkpoint are the contestants with the highest standing; a lead change is a checkpoint whose
set of leaders differs from the one before; the sole leader after checkpoint 1 (and at each
game's own last checkpoint before its end, the last `live` one) wins when results.parquet says
so, over the games still going there. Intervals: normal for the mean, Wilson for the shares."""
from __future__ import annotations

import json
import math
import sys

import polars as pl

Z = 1.959963984540054
GAME = ["game_index", "rotation"]


def wilson(w: int, n: int) -> tuple[float, float, float]:
    p = w / n
    d = 1 + Z * Z / n
    c = (p + Z * Z / (2 * n)) / d
    h = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / d
    return 100 * p, 100 * max(c - h, 0.0), 100 * min(c + h, 1.0)


def contestants(run: str) -> pl.DataFrame:
    """One row per (game, checkpoint, contestant): its standing, whether it leads, won, is live."""
    arc = pl.read_parquet(f"{run}/arc.parquet")
    res = pl.read_parquet(f"{run}/results.parquet").select(*GAME, "seat", pl.col("win").alias("won"))
    who = "team" if "team" in arc.columns else "seat"
    c = (arc.join(res, on=[*GAME, "seat"], how="inner").group_by(*GAME, "checkpoint", who)
         .agg(pl.col("standing").first(), (pl.col("won") > 0).any().alias("won"), pl.col("live").first())
         .rename({who: "who"}))
    return c.with_columns((pl.col("standing") == pl.col("standing").max().over(*GAME, "checkpoint")).alias("leads"),
                          pl.col("checkpoint").filter(pl.col("live")).max().over(*GAME).alias("last_live"))


def lead_changes(c: pl.DataFrame) -> tuple[float, float, float, int]:
    sets = (c.filter("leads").group_by(*GAME, "checkpoint").agg(pl.col("who").sort().alias("leaders"))
            .sort(*GAME, "checkpoint")
            .with_columns((pl.col("leaders") != pl.col("leaders").shift(1).over(*GAME)).fill_null(False).alias("change")))
    x = sets.group_by(*GAME).agg(pl.col("change").sum().cast(pl.Float64))["change"]
    half = Z * x.std() / math.sqrt(x.len())
    return x.mean(), x.mean() - half, x.mean() + half, x.len()


def sole_leader_wins(at: pl.DataFrame) -> tuple[int, int]:
    """(wins, games) of the sole leader over the games of ``at`` (one checkpoint a game)."""
    sole = (at.group_by(*GAME).agg(pl.col("leads").sum().alias("k"), pl.col("won").filter(pl.col("leads")).first())
            .filter(pl.col("k") == 1))
    return int(sole["won"].sum()), sole.height


def main(runs: list[str]) -> None:
    for run in runs:
        names = json.load(open(f"{run}/arc.json"))["checkpoints"]
        c = contestants(run)
        m, lo, hi, n = lead_changes(c)
        line = [f"{run}: lead changes {m:.3f} [{lo:.3f}, {hi:.3f}] a game over {n:,} games"]
        for where, at in ((f"after {names[0]}", c.filter((pl.col("checkpoint") == 0) & pl.col("live"))),
                          ("at each game's last checkpoint before its end",
                           c.filter((pl.col("checkpoint") == pl.col("last_live")) & pl.col("live")))):
            w, g = sole_leader_wins(at)
            line.append(f"the sole leader {where} wins {w:,} of {g:,} = {'%.1f%% [%.1f, %.1f]' % wilson(w, g)}"
                        if g else f"no sole leader {where}")
        print("; ".join(line))


if __name__ == "__main__":
    main(sys.argv[1:])
