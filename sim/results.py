"""The results contract: one Parquet row per (game, seat), plus run.json. Written atomically."""
from __future__ import annotations

import errno
import json
import os
import secrets
from pathlib import Path

import numpy as np
import polars as pl

from sim.errors import UserError
from sim.game import Batch, Game

BASE_COLUMNS = ("game_index", "rotation", "seed", "game", "variant", "n_players", "seat", "position", "bot",
                "role", "secret_role", "score", "rank", "win", "turns", "end_reason")


def batch_frame(game: Game, batch: Batch, game_index: np.ndarray, rotation: np.ndarray,
                seat_bot: np.ndarray, seed: int, variant: str) -> pl.DataFrame:
    """Long table of one batch. seat_bot[g, seat] is the bot code that played each seat."""
    games, seats = batch.score.shape
    cols = {
        "game_index": np.repeat(game_index.astype(np.uint64), seats),
        "rotation": np.repeat(rotation.astype(np.uint8), seats),
        "seed": np.full(games * seats, seed, np.uint64),
        "game": pl.repeat(game.id, games * seats, eager=True, dtype=pl.String),
        "variant": pl.repeat(variant, games * seats, eager=True, dtype=pl.String),
        "n_players": np.full(games * seats, seats, np.uint8),
        "seat": np.tile(np.arange(seats, dtype=np.uint8), games),
        "position": batch.position.ravel(),
        "bot": _names(game.bots, seat_bot.ravel()),
        "role": _names(game.roles, batch.role.ravel()),
        "secret_role": _names(game.secret_roles, batch.secret_role.ravel()),
        "score": batch.score.ravel(),
        "rank": batch.rank.ravel(),
        "win": batch.win.ravel(),
        "turns": np.repeat(batch.turns, seats),
        "end_reason": _names(game.end_reasons, np.repeat(batch.end_reason, seats)),
    }
    for m, name in enumerate(game.metrics):
        cols[f"{game.id}_{name}"] = batch.metrics[:, :, m].ravel()
    return pl.DataFrame(cols)


def _names(names: tuple[str, ...], codes: np.ndarray) -> pl.Series:
    """Codes -> strings (-1 -> null) without a Python loop over rows."""
    return pl.Series(codes.astype(np.int64)).replace_strict(
        list(range(len(names))), list(names), default=None, return_dtype=pl.String)


def atomic_path(path: Path) -> Path:
    """A new empty temporary sibling of path; rename it over path when complete. It is
    created 0666 less the umask, as open() would create path itself: mkstemp's 0600 would
    survive the rename and hide the results from everyone but their owner."""
    for _ in range(100):
        tmp = path.parent / f".{path.name}.{secrets.token_hex(6)}.tmp"
        try:
            os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            return tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(path))


def write_parquet(df: pl.DataFrame, path: Path) -> None:
    tmp = atomic_path(path)
    try:
        df.write_parquet(tmp, compression="zstd", statistics=True)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_json(obj: dict, path: Path) -> None:
    tmp = atomic_path(path)
    try:
        tmp.write_text(json.dumps(obj, indent=2, default=str) + "\n")
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def read_results(run_dir: Path) -> pl.DataFrame:
    run_dir = Path(run_dir)
    path = run_dir / "results.parquet"
    if not path.is_file():
        raise UserError(str(run_dir), None, "no results.parquet here (is this a run directory?)")
    try:
        return pl.read_parquet(path)
    except Exception as e:  # a truncated or foreign file
        raise UserError(str(path), None, f"not a readable results table ({type(e).__name__})") from None


def read_run_json(run_dir: Path) -> dict:
    path = Path(run_dir) / "run.json"
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        raise UserError(str(path), None, "missing") from None
    except json.JSONDecodeError as e:
        raise UserError(str(path), None, f"not valid JSON ({e})") from None
