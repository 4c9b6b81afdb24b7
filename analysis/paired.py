"""Per-deal tables of a results table, and paired differences between runs that played the
same deals (same seed and game indices, so the same chance streams): what `compare`, the
sequential tests and sweeps share.

A deal is (seed, game_index); with seat rotation a deal's rotations are averaged first, so
intervals respect their correlation. Linear measures (a position's or role's win rate, the
first-player advantage, the mean length) are compared by the mean and sd of the per-deal
differences; the position spread, a max - min, by a bootstrap over deals with Poisson(1)
weights (the same weights for every run, seeded)."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import polars as pl

from analysis.balance import TURN_ORDER
from analysis.intervals import Z95
from sim.errors import UserError

DEAL_KEY = ["seed", "game_index"]
RESAMPLES = 1000
BOOTSTRAP_SEED = 14          # fixed: the same runs always give the same spread intervals


@dataclass
class Deals:
    """One run's per-deal values, one row per deal (sorted by DEAL_KEY): each position's mean
    win, each role's mean win (NaN where the role did not play), mean length."""

    keys: pl.DataFrame
    positions: np.ndarray      # deals x positions
    roles: dict[str, np.ndarray]
    turns: np.ndarray

    @property
    def fpa(self) -> np.ndarray:
        return self.positions[:, 0] - self.positions.mean(axis=1)

    @staticmethod
    def concat(parts: list["Deals"]) -> "Deals":
        """Tables of disjoint deals (batches) as one."""
        roles = {r: np.concatenate([p.roles.get(r, np.full(len(p.turns), np.nan)) for p in parts])
                 for r in sorted({r for p in parts for r in p.roles})}
        return Deals(pl.concat([p.keys for p in parts]), np.concatenate([p.positions for p in parts]),
                     roles, np.concatenate([p.turns for p in parts]))

    def take(self, idx: np.ndarray) -> "Deals":
        return Deals(self.keys[idx], self.positions[idx], {r: v[idx] for r, v in self.roles.items()},
                     self.turns[idx])


def deal_values(rows: pl.DataFrame, by: str = TURN_ORDER) -> Deals:
    """Per-deal values of a results table (rotations of a deal averaged)."""
    if by not in rows.columns:
        raise UserError("results.parquet", by, "missing (a run from before turn-order positions were recorded)")
    n = int(rows["n_players"].max())
    w = rows.select(*DEAL_KEY, "rotation", pl.col(by).cast(pl.Int64).alias("g"), pl.col("win").cast(pl.Float64),
                    pl.col("turns").cast(pl.Float64), "role")
    pos = (w.group_by(*DEAL_KEY, "g").agg(pl.col("win").mean()).sort(*DEAL_KEY, "g"))
    if pos.height % n or not (pos["g"].to_numpy().reshape(-1, n) == np.arange(n)).all():
        raise UserError("results.parquet", by, f"expected positions 0..{n - 1} in every game")
    keys = pos.select(DEAL_KEY).gather_every(n)
    turns = (w.group_by(*DEAL_KEY, "rotation").agg(pl.col("turns").first())
             .group_by(DEAL_KEY).agg(pl.col("turns").mean()))
    turns = keys.join(turns, on=DEAL_KEY, how="left", maintain_order="left")["turns"].to_numpy()
    roles = {}
    for role in sorted(w["role"].drop_nulls().unique().to_list()):
        r = w.filter(pl.col("role") == role).group_by(DEAL_KEY).agg(pl.col("win").mean())
        roles[role] = keys.join(r, on=DEAL_KEY, how="left", maintain_order="left")["win"].fill_null(np.nan).to_numpy()
    return Deals(keys, pos["win"].to_numpy().reshape(-1, n), roles, turns)


def align(tables: list[Deals]) -> list[Deals]:
    """The same deals, in the same order, in every table (the deals all of them played)."""
    common = tables[0].keys
    for t in tables[1:]:
        common = common.join(t.keys, on=DEAL_KEY, how="inner", maintain_order="left")
    out = []
    for t in tables:
        idx = (common.join(t.keys.with_row_index("i"), on=DEAL_KEY, how="left", maintain_order="left")["i"]
               .to_numpy())
        out.append(t.take(idx))
    return out


def paired_mean(a: np.ndarray, b: np.ndarray) -> tuple[float, float, float, int]:
    """Mean of the per-deal differences a - b with mean +- 1.96 sd / sqrt(n) (deals where
    both are defined)."""
    d = a - b
    d = d[np.isfinite(d)]
    n = len(d)
    if n == 0:
        return math.nan, math.nan, math.nan, 0
    mean = float(d.mean())
    half = Z95 * float(d.std(ddof=1)) / math.sqrt(n) if n > 1 else 0.0
    return mean, mean - half, mean + half, n


def bootstrap_spreads(tables: list[Deals], resamples: int = RESAMPLES, seed: int = BOOTSTRAP_SEED,
                      max_cells: int = 4_000_000) -> np.ndarray:
    """Position spread of every (aligned) table under the same Poisson(1) deal weights:
    resamples x tables. The weights depend only on the seed and the number of deals."""
    deals = len(tables[0].turns)
    rng = np.random.default_rng(seed)
    out = np.empty((resamples, len(tables)))
    chunk = max(1, min(resamples, max_cells // max(deals, 1)))
    for a in range(0, resamples, chunk):
        c = min(chunk, resamples - a)
        w = rng.poisson(1.0, size=(c, deals)).astype(np.float64)
        total = np.maximum(w.sum(axis=1, keepdims=True), 1.0)
        for k, t in enumerate(tables):
            rates = (w @ t.positions) / total
            out[a:a + c, k] = rates.max(axis=1) - rates.min(axis=1)
    return out


def spread_of(t: Deals) -> float:
    rates = t.positions.mean(axis=0)
    return float(rates.max() - rates.min())
