"""Runs a configuration: deals split into shards of (seed, game_index) ranges, each shard
played in batches by the game's kernel (Numba threads over games) and written as it
finishes; the shards are merged into results.parquet beside run.json."""
from __future__ import annotations

import platform
import shutil
import subprocess
import time
from dataclasses import asdict, dataclass, field
from importlib import metadata
from pathlib import Path

import numba
import numpy as np
import polars as pl

from sim.errors import UserError
from sim.game import Batch, Game
from sim.registry import get_game
from sim.results import batch_frame, write_json, write_parquet

SHARD_DEALS = 1 << 16


@dataclass
class RunConfig:
    game: str
    players: int
    bots: list[str]
    games: int = 10_000
    seed: int = 0
    variants: list[str] = field(default_factory=list)
    sets: list[str] = field(default_factory=list)
    rotate_seats: bool = False
    threads: int = 0          # 0 = all cores
    batch_size: int = 8192
    engine: str = "local"
    content_path: str | None = None

    @property
    def variant(self) -> str:
        return "+".join(self.variants) or "base"


class Prepared:
    """A configuration checked and compiled: everything a shard needs to play."""

    def __init__(self, cfg: RunConfig):
        self.cfg = cfg
        self.game: Game = get_game(cfg.game)
        self.game.check_players(cfg.players)
        if cfg.games < 1:
            raise UserError("--games", None, f"expected at least 1 game, got {cfg.games}")
        if not 0 <= cfg.seed < 2**64:
            raise UserError("--seed", None, "expected an integer in 0..2^64-1")
        self.content = self.game.content(tuple(cfg.variants), tuple(cfg.sets),
                                         Path(cfg.content_path) if cfg.content_path else None)
        self.bots = self.game.bot_codes(cfg.bots, cfg.players)
        self.weights = self.game.weights(self.content)
        self.compiled = self.game.compile(self.content, cfg.players)
        self.rotations = cfg.players if cfg.rotate_seats else 1

    def rows(self, first_deal: int, deals: int) -> tuple[np.ndarray, np.ndarray]:
        """(game_index, rotation) of every game for deals [first, first + deals)."""
        gi = np.repeat(np.arange(first_deal, first_deal + deals, dtype=np.uint64), self.rotations)
        rot = np.tile(np.arange(self.rotations, dtype=np.uint8), deals)
        return gi, rot

    def seat_bots(self, rotation: np.ndarray) -> np.ndarray:
        n = self.cfg.players
        seats = np.arange(n)
        return self.bots[(seats[None, :] - rotation[:, None].astype(np.int64)) % n]

    def play(self, game_index: np.ndarray, rotation: np.ndarray) -> pl.DataFrame:
        """Play the given games in batches; return their long table."""
        frames = []
        bs = self.cfg.batch_size
        for a in range(0, len(game_index), bs):
            gi, rot = game_index[a:a + bs], rotation[a:a + bs]
            out = Batch.alloc(len(gi), self.cfg.players, len(self.game.metrics))
            self.game.play(self.compiled, self.bots, self.weights, self.cfg.seed, gi, rot, out)
            frames.append(batch_frame(self.game, out, gi, rot, self.seat_bots(rot),
                                      self.cfg.seed, self.cfg.variant))
        return pl.concat(frames)


def set_threads(threads: int) -> int:
    n = numba.config.NUMBA_NUM_THREADS
    if threads < 0 or threads > n:
        raise UserError("--threads", None, f"expected 1..{n} (0 = all), got {threads}")
    numba.set_num_threads(threads or n)
    return threads or n


def shard_ranges(games: int) -> list[tuple[int, int]]:
    return [(a, min(SHARD_DEALS, games - a)) for a in range(0, games, SHARD_DEALS)]


def run(cfg: RunConfig, out_dir: Path, progress=None) -> tuple[pl.DataFrame, dict]:
    """Play the whole configuration and write results.parquet and run.json into out_dir."""
    t0 = time.perf_counter()
    prep = Prepared(cfg)
    threads = set_threads(cfg.threads)
    out_dir = Path(out_dir)
    shard_dir = out_dir / "shards"
    try:
        shard_dir.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UserError(str(out_dir), None, f"cannot create the output directory ({e.strerror})") from None
    frames = []
    for k, (first, deals) in enumerate(shard_ranges(cfg.games)):
        gi, rot = prep.rows(first, deals)
        df = prep.play(gi, rot)
        write_parquet(df, shard_dir / f"shard-{k:06d}.parquet")
        frames.append(df)
        if progress:
            progress(deals)
    results = pl.concat(frames)
    write_parquet(results, out_dir / "results.parquet")
    shutil.rmtree(shard_dir, ignore_errors=True)
    wall = time.perf_counter() - t0
    played = cfg.games * prep.rotations
    meta = run_metadata(cfg, prep, threads, wall, played)
    write_json(meta, out_dir / "run.json")
    return results, meta


def run_metadata(cfg: RunConfig, prep: Prepared, threads: int, wall: float, played: int) -> dict:
    return {
        "config": asdict(cfg),
        "content_file": str(prep.content.path),
        "content_hash": prep.content.hash(),
        "overrides": list(cfg.sets),
        "variant": cfg.variant,
        "threads": threads,
        "games_played": played,
        "wall_seconds": round(wall, 3),
        "games_per_second": round(played / wall, 1) if wall > 0 else None,
        "versions": versions(),
        "git_revision": git_revision(),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }


def versions() -> dict:
    out = {}
    for pkg in ("balance-sim", "numba", "numpy", "polars", "pyarrow", "click", "matplotlib"):
        try:
            out[pkg] = metadata.version(pkg)
        except metadata.PackageNotFoundError:
            out[pkg] = None
    return out


def git_revision() -> str | None:
    try:
        here = Path(__file__).resolve().parent
        r = subprocess.run(["git", "-C", str(here), "rev-parse", "HEAD"], capture_output=True,
                           text=True, timeout=5)
        dirty = subprocess.run(["git", "-C", str(here), "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=5).stdout.strip()
        return (r.stdout.strip() + ("-dirty" if dirty else "")) if r.returncode == 0 else None
    except (OSError, subprocess.TimeoutExpired):
        return None
