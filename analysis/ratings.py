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
    """Comparison counts (bot, opponent, block) -> wins of bot (ties half) and meetings.
    Counted per game from each bot's seats per rank, so the work grows with the seats, not
    with the pairs of seats (a 25-seat game has 600 seat pairs)."""
    parts = []
    for (n,), part in df.sort([*GAME, "seat"]).group_by(["n_players"], maintain_order=True):
        bots = sorted(part["bot"].unique().to_list())
        code = part["bot"].replace_strict(bots, list(range(len(bots)))).to_numpy().reshape(-1, n)
        rank = part["rank"].to_numpy().astype(np.int64).reshape(-1, n)
        first = part.gather_every(n)
        block = ((first["game_index"].cast(pl.UInt64) + first["seed"].cast(pl.UInt64) * 7919) % blocks).to_numpy()
        wins, meet = head_to_head(code, rank, block.astype(np.int64), len(bots), blocks)
        b, i, j = np.nonzero(meet)
        keep = i != j
        parts.append(pl.DataFrame({"bot": np.array(bots)[i[keep]], "opponent": np.array(bots)[j[keep]],
                                   "block": b[keep], "wins": wins[b, i, j][keep], "meetings": meet[b, i, j][keep]}))
    if not parts:
        return pl.DataFrame(schema={"bot": pl.String, "opponent": pl.String, "block": pl.Int64,
                                    "wins": pl.Float64, "meetings": pl.Float64})
    return (pl.concat(parts).group_by("bot", "opponent", "block", maintain_order=True)
            .agg(pl.col("wins").sum(), pl.col("meetings").sum()))   # player counts share blocks


def head_to_head(code: np.ndarray, rank: np.ndarray, block: np.ndarray, k: int, blocks: int,
                 chunk: int = 1 << 15) -> tuple[np.ndarray, np.ndarray]:
    """wins[block, b, o] (seats of bot b ahead of seats of bot o, ties half) and meetings,
    from code[g, seat] (bot) and rank[g, seat], a chunk of games at a time."""
    wins, meet = np.zeros((blocks, k, k)), np.zeros((blocks, k, k))
    n = code.shape[1]
    for a in range(0, len(code), chunk):
        c, r, blk = code[a:a + chunk], rank[a:a + chunk], block[a:a + chunk]
        g = np.arange(len(c))[:, None]
        per_rank = np.zeros((len(c), k, n + 2))             # seats of each bot at each rank
        np.add.at(per_rank, (np.broadcast_to(g, c.shape), c, r), 1.0)
        behind = per_rank[:, :, ::-1].cumsum(axis=2)[:, :, ::-1]   # seats at this rank or worse
        at = r[:, :, None]
        ahead_of = (np.take_along_axis(behind.transpose(0, 2, 1), at + 1, 1)      # [g, seat, o]: o's seats behind
                    + 0.5 * np.take_along_axis(per_rank.transpose(0, 2, 1), at, 1))
        seats = np.broadcast_to(per_rank.sum(axis=2)[:, None, :], ahead_of.shape)  # o's seats in the game
        where = (np.broadcast_to(blk[:, None], c.shape), c)
        np.add.at(wins, where, ahead_of)
        np.add.at(meet, where, seats)
    return wins, meet


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
