"""Crafted results tables with known effects, in the exact results schema, written as real
run directories (results.parquet + run.json) for the analysis, report and gate tests."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl

from sim.results import write_json, write_parquet


def crafted_results(games: int, seat_p=(0.25, 0.25, 0.25, 0.25), *, bots=None, roles=None,
                    seed: int = 1, shared_p: float = 0.02, cap_p: float = 0.0,
                    mean_turns: float = 30.0, game: str = "bastille", variant: str = "base",
                    rotate: bool = False, first_index: int = 0, position_p=None) -> pl.DataFrame:
    """One row per (game, seat). Seat s wins with probability seat_p[s], and seat 0 starts;
    with position_p the start player is drawn at random per deal and the player at position k
    of the turn order wins with probability position_p[k]. A share shared_p of games ends in
    a two-way tie for first; a share cap_p hits the turn cap."""
    rng = np.random.default_rng(seed)
    n = len(position_p if position_p is not None else seat_p)
    bots = list(bots or ["greedy"] * n)
    rotations = n if rotate else 1
    gi = np.repeat(np.arange(first_index, first_index + games, dtype=np.uint64), rotations)
    rot = np.tile(np.arange(rotations, dtype=np.uint8), games)
    g = len(gi)
    score = rng.integers(0, 20, size=(g, n)).astype(np.int32)
    first = np.zeros(g, np.int64)
    if position_p is None:
        winner = rng.choice(n, size=g, p=np.asarray(seat_p) / np.sum(seat_p))
    else:
        first = np.repeat(rng.integers(0, n, games), rotations)   # one start player per deal
        winner = (first + rng.choice(n, size=g, p=np.asarray(position_p) / np.sum(position_p))) % n
    position = ((np.arange(n)[None, :] - first[:, None]) % n).astype(np.uint8)
    rows = np.arange(g)
    others = np.where(np.arange(n)[None, :] == winner[:, None], -1, score).max(axis=1)
    tie = rng.random(g) < shared_p
    score[rows, winner] = others + np.where(tie, 0, 1 + rng.integers(0, 5, g))
    rank = 1 + (score[:, None, :] > score[:, :, None]).sum(axis=2)
    top = rank == 1
    win = (top / top.sum(axis=1, keepdims=True)).astype(np.float32)
    turns = np.maximum(1, rng.poisson(mean_turns, g)).astype(np.uint32)
    capped = rng.random(g) < cap_p
    seat_bot = np.array(bots)[(np.arange(n)[None, :] - rot[:, None].astype(int)) % n]
    role = (np.array(roles)[rng.permuted(np.tile(np.arange(n), (g, 1)), axis=1)]
            if roles else np.full((g, n), None))
    return pl.DataFrame({
        "game_index": np.repeat(gi, n), "rotation": np.repeat(rot, n),
        "seed": np.full(g * n, seed, np.uint64), "game": [game] * (g * n),
        "variant": [variant] * (g * n), "n_players": np.full(g * n, n, np.uint8),
        "seat": np.tile(np.arange(n, dtype=np.uint8), g), "position": position.ravel(),
        "bot": seat_bot.ravel().tolist(),
        "role": pl.Series(role.ravel().tolist(), dtype=pl.String), "score": score.ravel(),
        "rank": rank.ravel().astype(np.uint8), "win": win.ravel(),
        "turns": np.repeat(turns, n),
        "end_reason": np.repeat(np.where(capped, "turn_cap", "finished"), n).tolist(),
        f"{game}_influence": rng.random(g * n),
    })


def write_run(df: pl.DataFrame, out: Path, **config) -> Path:
    """A real run directory, as the runner writes it."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    write_parquet(df, out / "results.parquet")
    first = df.row(0, named=True)
    cfg = {"game": first["game"], "players": int(first["n_players"]), "seed": int(first["seed"]),
           "games": int(df["game_index"].n_unique()), "variants": [first["variant"]],
           "bots": sorted(set(df["bot"])), "sets": [], "rotate_seats": bool(df["rotation"].max())}
    cfg.update(config)
    write_json({"config": cfg, "content_hash": "sha256:crafted", "overrides": cfg["sets"],
                "variant": first["variant"], "games_played": int(df.height // first["n_players"]),
                "versions": {"polars": pl.__version__}, "git_revision": "crafted",
                "wall_seconds": 0.1, "games_per_second": 1.0}, out / "run.json")
    return out


def ladder_results(deals: int, strengths: dict[str, float], lineup: list[str], seed: int = 2,
                   game: str = "bastille") -> pl.DataFrame:
    """Seat-rotated games whose finishing orders follow a Plackett-Luce model: bot b finishes
    ahead of bot c with probability s_b / (s_b + s_c). Scores follow the finishing order."""
    rng = np.random.default_rng(seed)
    n = len(lineup)
    rot = np.tile(np.arange(n), deals)
    gi = np.repeat(np.arange(deals, dtype=np.uint64), n)
    seat_bot = np.array(lineup)[(np.arange(n)[None, :] - rot[:, None]) % n]
    log_s = np.log(np.vectorize(strengths.get, otypes=[float])(seat_bot))
    perf = log_s + rng.gumbel(size=log_s.shape)  # Gumbel-max trick = Plackett-Luce order
    rank = 1 + (perf[:, None, :] > perf[:, :, None]).sum(axis=2)
    g = len(gi)
    return pl.DataFrame({
        "game_index": np.repeat(gi, n), "rotation": np.repeat(rot.astype(np.uint8), n),
        "seed": np.full(g * n, seed, np.uint64), "game": [game] * (g * n), "variant": ["base"] * (g * n),
        "n_players": np.full(g * n, n, np.uint8), "seat": np.tile(np.arange(n, dtype=np.uint8), g),
        "position": np.tile(np.arange(n, dtype=np.uint8), g),
        "bot": seat_bot.ravel().tolist(), "role": pl.Series([None] * (g * n), dtype=pl.String),
        "score": (10 * (n + 1 - rank)).ravel().astype(np.int32), "rank": rank.ravel().astype(np.uint8),
        "win": (rank == 1).ravel().astype(np.float32), "turns": np.full(g * n, 25, np.uint32),
        "end_reason": ["finished"] * (g * n),
    })
