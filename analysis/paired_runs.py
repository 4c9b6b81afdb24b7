"""What a paired comparison of two configurations compares, deal by deal (analysis.studies.paired_play plays
the paired batches).

What is compared (the focus) is one of: the first-player advantage (the default: the first
player's win minus the mean win of all positions, per deal), one position's, seat's or
bot's win rate, all linear in the deals and tested by the SPRT; or the position spread
(largest gap between positions' win rates), which is not a mean of per-deal values and is
tested by repeated bootstrap intervals instead (analysis.sprt.RepeatedIntervals)."""
from __future__ import annotations

import math
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
    def is_arc(self) -> bool:
        """A measure of the games' arcs (analysis.measures.ARC_MEASURES): each deal's arc replayed."""
        from analysis.measures import ARC_MEASURES

        return self.measure in ARC_MEASURES

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


class ArcTest:
    """The sequential test of an arc measure (analysis.measures.ARC_MEASURES) on each batch's
    per-deal arc tables of A and B (analysis.studies.arc.deal_arcs, the same deals): a mean of
    per-deal values (lead changes, decided at, winner behind) by the SPRT on the per-deal
    differences; a share of units (the runaway leader's wins, comebacks: the ratio of the deals'
    sums, not a mean of per-deal values) by repeated paired bootstrap intervals at level
    alpha / looks (analysis.sensitivity.effect), stopping as analysis.sprt.RepeatedIntervals
    does: 'A' or 'B' when the interval excludes 0, '=' when it lies inside (-delta, delta)."""

    def __init__(self, spec, measure, looks: int):
        from analysis.sensitivity import MEAN, look_z
        from analysis.sprt import Sequential

        self.spec, self.measure, self.looks = spec, measure, max(looks, 1)
        self.sprt = Sequential(spec) if measure.kind == MEAN else None
        self.z = look_z(spec.alpha, self.looks)
        self.a, self.b = [], []          # each batch's per-deal arc tables
        self.decision = ""

    def tables(self) -> tuple[pl.DataFrame, pl.DataFrame]:
        """The per-deal arc tables of every batch so far, aligned deal by deal."""
        from analysis.studies.player import aligned, concat

        return aligned(concat(self.a), concat(self.b))

    def matrices(self) -> tuple[np.ndarray, np.ndarray]:
        from analysis.sensitivity import per_deal

        return tuple(per_deal(self.measure, t) for t in self.tables())

    def add(self, a: pl.DataFrame, b: pl.DataFrame) -> str:
        from analysis.sensitivity import effect, per_deal
        from analysis.sprt import interval_decision
        from analysis.studies.player import aligned

        self.a.append(a)
        self.b.append(b)
        if self.sprt is not None:
            xa, xb = (per_deal(self.measure, t)[:, 0] for t in aligned(a, b))
            d = xa - xb
            self.decision = self.sprt.add(d[np.isfinite(d)])      # a deal nobody won has no decided_at
            return self.decision
        xa, xb = self.matrices()
        if len(xa) >= self.spec.min_pairs:
            _, low, high = effect(self.measure, xa, xb, self.z, looks=True)
            self.decision = interval_decision(self.spec, low, high)
        return self.decision

    def estimate(self) -> float:
        from analysis.sensitivity import value_of

        if self.sprt is not None:
            return self.sprt.estimate()
        xa, xb = self.matrices()
        return value_of(self.measure, xa) - value_of(self.measure, xb)

    def result(self, games: int, label: str = ""):
        from analysis.sensitivity import effect
        from analysis.sprt import SequentialResult

        if self.sprt is not None:
            return self.sprt.result(games, label)
        xa, xb = self.matrices()
        diff, low, high = effect(self.measure, xa, xb)
        return SequentialResult(self.decision, len(xa), games, diff, low, high, math.nan, math.nan,
                                (math.nan, math.nan), label, self.spec,
                                f"repeated paired bootstrap intervals (Bonferroni over {self.looks} looks)")


def paired_arc_table(arc_a: pl.DataFrame, arc_b: pl.DataFrame, first: str) -> pl.DataFrame:
    """A - B on every arc measure of the vocabulary from the per-deal arc tables of the same deals
    (analysis.studies.arc.deal_arcs), paired by deal (analysis.sensitivity.effect: the per-deal
    differences' normal interval for a mean, a paired bootstrap for a share of units); the
    columns of analysis.arc_sums.compare_arcs. ``first`` names the first checkpoint."""
    from analysis.arc_sums import COMPARED
    from analysis.measures import MEASURES, Measure
    from analysis.sensitivity import effect, per_deal, value_of
    from analysis.studies.player import aligned

    ta, tb = aligned(arc_a, arc_b)
    rows = []
    for name, _, _, words, unit in COMPARED:
        kind, column, measure_unit, text = MEASURES[name]
        m = Measure(name, kind, column, measure_unit, text)
        xa, xb = per_deal(m, ta), per_deal(m, tb)
        d, low, high = effect(m, xa, xb)
        a, b = value_of(m, xa), value_of(m, xb)
        if not (math.isfinite(a) and math.isfinite(b)):
            continue                    # no unit in one of them (no sole leader after the first checkpoint)
        rows.append({"key": name, "measure": words.format(first=first), "a": a, "b": b, "diff": d, "low": low,
                     "high": high, "unit": unit, "n_a": len(xa), "n_b": len(xb)})
    return pl.DataFrame(rows)
