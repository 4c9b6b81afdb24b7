"""Strategy ladder: a bots-by-bots matrix of head-to-head results and Bradley-Terry ratings.

Every game with different bots gives, for each pair of seats, one comparison: the seat that
finished ahead (lower rank) beats the other, a tie counts half. Seat rotation makes every bot
play every seat, so seat advantage cancels out of these comparisons. The ratings are fitted by
Hunter's MM algorithm on the pooled comparison counts and shown on the Elo scale (400 log10
of the strength ratio, mean 0); their intervals come from a bootstrap over deals (blocks of
deals), which accounts for the comparisons within one game not being independent."""
from __future__ import annotations

import math

import numpy as np
import polars as pl

from analysis.intervals import wilson

GAME = ["seed", "game", "variant", "n_players", "game_index", "rotation"]
BLOCKS = 200
BOOTSTRAP = 300


def pairwise(df: pl.DataFrame, blocks: int = BLOCKS) -> pl.DataFrame:
    """Comparison counts (bot, opponent, block) -> wins of bot (ties half) and meetings."""
    seats = df.select(*GAME, "seat", "bot", "rank")
    pairs = seats.join(seats, on=GAME, suffix="_o").filter(pl.col("bot") != pl.col("bot_o"))
    outcome = (pl.when(pl.col("rank") < pl.col("rank_o")).then(1.0)
               .when(pl.col("rank") == pl.col("rank_o")).then(0.5).otherwise(0.0))
    block = ((pl.col("game_index") + pl.col("seed") * 7919) % blocks).alias("block")
    return (pairs.group_by("bot", pl.col("bot_o").alias("opponent"), block)
            .agg(outcome.sum().alias("wins"), pl.len().alias("meetings")))


def bots_of(pairs: pl.DataFrame) -> list[str]:
    return sorted(set(pairs["bot"]) | set(pairs["opponent"]))


def count_arrays(pairs: pl.DataFrame, bots: list[str], blocks: int = BLOCKS) -> tuple[np.ndarray, np.ndarray]:
    """wins[block, i, j] and meetings[block, i, j] of bot i against bot j."""
    k = len(bots)
    idx = {b: i for i, b in enumerate(bots)}
    wins = np.zeros((blocks, k, k))
    meet = np.zeros((blocks, k, k))
    i = np.array([idx[b] for b in pairs["bot"]], int)
    j = np.array([idx[b] for b in pairs["opponent"]], int)
    blk = pairs["block"].to_numpy().astype(int)
    np.add.at(wins, (blk, i, j), pairs["wins"].to_numpy())
    np.add.at(meet, (blk, i, j), pairs["meetings"].to_numpy())
    return wins, meet


def bradley_terry(wins: np.ndarray, meetings: np.ndarray, iters: int = 2000, tol: float = 1e-12) -> np.ndarray:
    """Log-strengths (mean 0) maximising the Bradley-Terry likelihood (Hunter's MM updates).
    A tiny prior of half a win each way keeps a bot that never won (or never lost) finite."""
    w = wins + 0.5 * (meetings > 0) / np.maximum(meetings, 1)
    n = meetings + 1.0 * (meetings > 0) / np.maximum(meetings, 1)
    total_wins = w.sum(axis=1)
    strength = np.ones(len(wins))
    for _ in range(iters):
        denom = (n / (strength[:, None] + strength[None, :])).sum(axis=1)
        new = total_wins / np.where(denom > 0, denom, 1)
        new = new / math.exp(np.log(new).mean())
        if np.max(np.abs(new - strength)) < tol:
            strength = new
            break
        strength = new
    return np.log(strength)


def to_elo(log_strength: np.ndarray) -> np.ndarray:
    return 400 / math.log(10) * (log_strength - log_strength.mean())


def ratings(df: pl.DataFrame, boot: int = BOOTSTRAP, seed: int = 0) -> pl.DataFrame:
    """Elo-scale Bradley-Terry rating per bot with a 95% bootstrap interval (over deal blocks)."""
    pairs = pairwise(df)
    if pairs.height == 0:
        return pl.DataFrame(schema={"bot": pl.String, "elo": pl.Float64, "elo_low": pl.Float64,
                                    "elo_high": pl.Float64, "meetings": pl.Float64})
    bots = bots_of(pairs)
    wins, meet = count_arrays(pairs, bots)
    elo = to_elo(bradley_terry(wins.sum(0), meet.sum(0)))
    rng = np.random.default_rng(seed)
    draws = rng.multinomial(BLOCKS, np.full(BLOCKS, 1 / BLOCKS), size=boot)
    boot_elo = np.array([to_elo(bradley_terry(np.tensordot(c, wins, 1), np.tensordot(c, meet, 1), iters=500))
                         for c in draws])
    lo, hi = np.percentile(boot_elo, [2.5, 97.5], axis=0)
    return pl.DataFrame({"bot": bots, "elo": elo, "elo_low": lo, "elo_high": hi,
                         "meetings": meet.sum(axis=(0, 2))}).sort("elo", descending=True)


def matrix(df: pl.DataFrame) -> pl.DataFrame:
    """Bots-by-bots table: share of meetings in which `bot` finished ahead of `opponent`,
    with a Wilson interval (on meetings; several meetings can share a game)."""
    pairs = pairwise(df)
    t = (pairs.group_by("bot", "opponent").agg(pl.col("wins").sum(), pl.col("meetings").sum())
         .sort("bot", "opponent"))
    lo, hi = wilson(t["wins"].to_numpy(), t["meetings"].to_numpy())
    return t.with_columns((pl.col("wins") / pl.col("meetings")).alias("rate"),
                          pl.Series("ci_low", lo), pl.Series("ci_high", hi))
