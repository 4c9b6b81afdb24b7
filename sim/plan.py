"""Run planning, shared by both engines: a configuration (``RunConfig``), checked and
compiled once (``Prepared``: everything a shard needs to play), how deals are cut into
shards, and the run.json that describes a finished run."""
from __future__ import annotations

import platform
import subprocess
from dataclasses import asdict, dataclass, field
from importlib import metadata
from pathlib import Path

import numba
import numpy as np
import polars as pl

from sim.errors import UserError
from sim.game import Batch, Game, seat_bots
from sim.registry import get_game
from sim.results import batch_frame
from sim.stats import Accumulator

SHARD_ROWS = 1 << 18          # results rows per shard by default: a shard's memory, whatever the seats
MAX_DEALS = 1 << 62           # game_index is a u64; leave room for any kernel arithmetic
MAX_SHARDS = 1_000_000       # keeps the manifest and the shard list bounded
# Fields that do not change what is played (so a resumed run may change them).
EXECUTION_FIELDS = ("threads", "batch_size", "engine", "ray_address", "ray_workers")


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
    aggregate: bool = False   # sufficient statistics instead of per-game rows
    shard_deals: int = 0      # 0 = as many deals as make about SHARD_ROWS rows
    ray_address: str | None = None
    ray_workers: int = 0      # 0 = one worker per Ray node, using all its CPUs

    def __post_init__(self):
        # every group's choice is named (its default unless asked), so `base` never hides a scenario
        self.variants = list(get_game(self.game).resolve_variants(self.variants))
        if not self.shard_deals:
            self.shard_deals = default_shard_deals(self.players, self.rotate_seats)

    @property
    def variant(self) -> str:
        return "+".join(self.variants) or "base"

    def plan_fields(self) -> dict:
        """The fields that decide the results (what a resumed run must keep)."""
        return {k: v for k, v in asdict(self).items() if k not in EXECUTION_FIELDS}


class Prepared:
    """A configuration checked and compiled: everything a shard needs to play."""

    def __init__(self, cfg: RunConfig):
        self.cfg = cfg
        self.game: Game = get_game(cfg.game)
        self.game.check_players(cfg.players, cfg.variants)
        if not 1 <= cfg.games <= MAX_DEALS:
            raise UserError("--games", None, f"expected 1..2^62 games, got {cfg.games}")
        if not 0 <= cfg.seed < 2**64:
            raise UserError("--seed", None, "expected an integer in 0..2^64-1")
        if not 1 <= cfg.batch_size <= 1 << 20:
            raise UserError("--batch-size", None, f"expected 1..{1 << 20}, got {cfg.batch_size}")
        if not 1 <= cfg.shard_deals <= 1 << 24:
            raise UserError("--shard-deals", None, f"expected 1..{1 << 24}, got {cfg.shard_deals}")
        if -(-cfg.games // cfg.shard_deals) > MAX_SHARDS:
            raise UserError("--games", None, f"{cfg.games} games in shards of {cfg.shard_deals} deals make more "
                            f"than {MAX_SHARDS:,} shards; raise --shard-deals")
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
        return seat_bots(self.bots, rotation)

    def batches(self, game_index: np.ndarray, rotation: np.ndarray):
        """Play the given games batch by batch; yield each (Batch, seat bots, rotation slice)."""
        bs = self.cfg.batch_size
        for a in range(0, len(game_index), bs):
            gi, rot = game_index[a:a + bs], rotation[a:a + bs]
            out = Batch.alloc(len(gi), self.cfg.players, len(self.game.metrics))
            self.game.play(self.compiled, self.bots, self.weights, self.cfg.seed, gi, rot, out)
            yield gi, rot, out, self.seat_bots(rot)

    def warm_up(self) -> None:
        """Play one throwaway game so the kernel is compiled (or loaded from Numba's cache)
        now: that time is start-up, and the games/s of the games that follow is play alone."""
        gi, rot = self.rows(0, 1)
        out = Batch.alloc(1, self.cfg.players, len(self.game.metrics))
        self.game.play(self.compiled, self.bots, self.weights, self.cfg.seed, gi[:1], rot[:1], out)

    def play(self, game_index: np.ndarray, rotation: np.ndarray) -> pl.DataFrame:
        """Play the given games in batches; return their long table."""
        return pl.concat([batch_frame(self.game, out, gi, rot, sb, self.cfg.seed, self.cfg.variant)
                          for gi, rot, out, sb in self.batches(game_index, rotation)]).rechunk()

    def play_shard(self, first: int, deals: int) -> dict:
        """One shard's payload: its statistics and histograms, and (unless aggregate) its rows.
        Memory is bounded by the shard's rows, or by one batch in aggregate mode."""
        gi_all, rot_all = self.rows(first, deals)
        acc = Accumulator(self.game, self.cfg.players, self.cfg.variant)
        frames = []
        for gi, rot, out, sb in self.batches(gi_all, rot_all):
            acc.add(out, sb)
            if not self.cfg.aggregate:
                frames.append(batch_frame(self.game, out, gi, rot, sb, self.cfg.seed, self.cfg.variant))
        stats, hist = acc.frames()
        payload = {"moments": stats, "hist": hist}
        if self.cfg.aggregate:
            payload["suff"] = acc.suffstats()
        if frames:
            payload["rows"] = pl.concat(frames).rechunk()
        return payload


def set_threads(threads: int) -> int:
    n = numba.config.NUMBA_NUM_THREADS
    if threads < 0 or threads > n:
        raise UserError("--threads", None, f"expected 1..{n} (0 = all), got {threads}")
    numba.set_num_threads(threads or n)
    return threads or n


def default_shard_deals(players: int, rotate_seats: bool) -> int:
    """Deals per shard sized by rows (a seat-rotated 25-player deal is 625 rows)."""
    rows_per_deal = max(players, 1) * (players if rotate_seats else 1)
    return max(1, SHARD_ROWS // rows_per_deal)


def shard_ranges(games: int, shard_deals: int) -> list[tuple[int, int]]:
    return [(a, min(shard_deals, games - a)) for a in range(0, games, shard_deals)]


@dataclass
class Timing:
    """A session's seconds, wall = startup + play + write. Start-up is everything before the
    first game: checks, content, the kernels' compile or cache load, Ray's workers, an
    extension's rebuilding of the old run's shards. Play is playing the games and saving
    each shard as it ends; write is merging them into the run's tables."""
    startup: float
    play: float
    write: float = 0.0

    @property
    def wall(self) -> float:
        return self.startup + self.play + self.write


def run_metadata(cfg: RunConfig, prep: Prepared, threads: int, timing: Timing, played: int,
                 played_now: int | None = None) -> dict:
    """run.json. games_per_second is the games this session played (a resumed run plays only
    its missing shards) over this session's play time: a first run's compile is start-up."""
    played_now = played if played_now is None else played_now
    return {
        "config": asdict(cfg),
        "content_file": str(prep.content.path),
        "content_hash": prep.content.hash(),
        "reconstructed": prep.game.reconstructed or None,   # the game's content caveat (Game.reconstructed)
        "overrides": list(cfg.sets),
        "variant": cfg.variant,
        "threads": threads,
        "games_played": played,
        "session_games": played_now,
        "wall_seconds": round(timing.wall, 3),
        "startup_seconds": round(timing.startup, 3),
        "play_seconds": round(timing.play, 3),
        "write_seconds": round(timing.write, 3),
        "games_per_second": round(played_now / timing.play, 1) if timing.play > 0 and played_now else None,
        "versions": versions(),
        "git_revision": git_revision(),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }


def versions() -> dict:
    out = {}
    for pkg in ("balance-sim", "numba", "numpy", "polars", "pyarrow", "click", "matplotlib", "ray"):
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
