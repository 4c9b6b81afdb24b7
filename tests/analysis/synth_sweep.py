"""Crafted sweep points: the same deals at every point with common random numbers, so the
points' outcomes are correlated deal by deal as a real same-seed sweep's are. The start
player is drawn at random per deal (position differs from seat) and the player at
position k wins with probability position_p[k]."""
from __future__ import annotations

import numpy as np
import polars as pl


def sweep_point_results(deals: int, position_p, *, seed: int = 5, turns_shift: float = 0.0,
                        roles=None, rotate: bool = False, game: str = "bastille") -> pl.DataFrame:
    """One row per (game, seat). Everything random (start player, the uniform that picks the
    winner, scores, lengths, roles) depends on `seed` and the deal only, not on position_p."""
    rng = np.random.default_rng(seed)
    n = len(position_p)
    rotations = n if rotate else 1
    gi = np.repeat(np.arange(deals, dtype=np.uint64), rotations)
    rot = np.tile(np.arange(rotations, dtype=np.uint8), deals)
    g = len(gi)
    first = np.repeat(rng.integers(0, n, deals), rotations)            # start seat, one per deal
    u = rng.random(g)
    cum = np.cumsum(np.asarray(position_p, np.float64) / np.sum(position_p))
    win_pos = np.minimum(np.searchsorted(cum, u, side="right"), n - 1)
    winner = (first + win_pos) % n
    score = rng.integers(0, 20, size=(g, n)).astype(np.int32)
    rows = np.arange(g)
    score[rows, winner] = np.where(np.arange(n)[None, :] == winner[:, None], -1, score).max(axis=1) + 1
    rank = 1 + (score[:, None, :] > score[:, :, None]).sum(axis=2)
    win = (np.arange(n)[None, :] == winner[:, None]).astype(np.float32)
    turns = np.maximum(1, rng.poisson(30.0, g) + int(round(turns_shift))).astype(np.uint32)
    position = ((np.arange(n)[None, :] - first[:, None]) % n).astype(np.uint8)
    role = (np.array(roles)[np.argsort(rng.random((g, n)), axis=1)] if roles else np.full((g, n), None))
    return pl.DataFrame({
        "game_index": np.repeat(gi, n), "rotation": np.repeat(rot, n),
        "seed": np.full(g * n, seed, np.uint64), "game": [game] * (g * n),
        "variant": ["base"] * (g * n), "n_players": np.full(g * n, n, np.uint8),
        "seat": np.tile(np.arange(n, dtype=np.uint8), g), "position": position.ravel(),
        "bot": ["random"] * (g * n), "role": pl.Series(role.ravel().tolist(), dtype=pl.String),
        "score": score.ravel(), "rank": rank.ravel().astype(np.uint8), "win": win.ravel(),
        "turns": np.repeat(turns, n), "end_reason": ["finished"] * (g * n),
    })


def first_player_p(advantage: float, n: int = 4) -> tuple[float, ...]:
    """Position 0 wins 1/n + advantage; the others share the rest equally."""
    p0 = 1 / n + advantage
    return (p0, *[(1 - p0) / (n - 1)] * (n - 1))
