"""`balance arc RUN` (and `balance run --arc`) as a study: the run's first deals replayed one by
one with the event log on (the same games the run played: trace_game is play_batch's game), each
turned into its arc by the game's own reading of its events (``Game.arc``), then measured
(analysis/arc.py). Writes RUN/arc.parquet (game_index, rotation, checkpoint, seat, standing,
win, position) and RUN/arc.json (the checkpoint names and the deals); returns the frames."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from analysis.arc import ARC_FILE, Arcs, measures, runaway
from sim.errors import UserError
from sim.results import write_json, write_parquet

ARC_META = "arc.json"
DEFAULT_DEALS = 2000


@dataclass
class Arc:
    frame: pl.DataFrame
    checkpoints: list[str]
    measures: pl.DataFrame
    runaway: pl.DataFrame
    deals: int


def record(cfg, deals: int, progress=lambda done, total: None) -> tuple[pl.DataFrame, list[str]]:
    """The arcs of deals [0, deals) of the run configured by cfg, every rotation it played."""
    from sim.plan import Prepared

    prep = Prepared(cfg)
    game, n = prep.game, cfg.players
    gi, rot = prep.rows(0, min(deals, cfg.games))
    parts, names = [], None
    for i, (g, r) in enumerate(zip(gi.tolist(), rot.tolist())):
        events, out, _ = game.trace_events(prep.compiled, prep.bots, prep.weights, cfg.seed, g, r)
        names, standing = game.arc(prep.compiled, events, out)
        if not np.array_equal(standing[-1], out.score[0]):
            raise RuntimeError(f"{game.id} game {g} rotation {r}: the arc ends at {standing[-1].tolist()}, "
                               f"the game at {out.score[0].tolist()}")
        k = len(standing)
        parts.append(pl.DataFrame({
            "game_index": np.full(k * n, g, np.uint64), "rotation": np.full(k * n, r, np.uint8),
            "checkpoint": np.repeat(np.arange(k, dtype=np.int16), n), "seat": np.tile(np.arange(n, dtype=np.uint8), k),
            "standing": standing.ravel().astype(np.float64), "win": np.tile(out.win[0], k).astype(np.float64),
            "position": np.tile(out.position[0], k)}))
        progress(i + 1, len(gi))
    return pl.concat(parts), names


def arc(run_dir: Path, cfg, deals: int = DEFAULT_DEALS, progress=lambda done, total: None) -> Arc:
    """Record the arcs of the run in run_dir (configured by cfg), write them beside its results
    and measure them."""
    if deals < 1:
        raise UserError("--arc-deals", None, f"expected a positive number of deals, got {deals}")
    frame, names = record(cfg, deals, progress)
    write_parquet(frame, Path(run_dir) / ARC_FILE)
    played = min(deals, cfg.games)
    write_json({"checkpoints": names, "deals": played}, Path(run_dir) / ARC_META)
    return measured(frame, names, played)


def measured(frame: pl.DataFrame, names: list[str], deals: int) -> Arc:
    a = Arcs.of(frame, names)
    return Arc(frame, names, measures(a), runaway(a), deals)


def read_arc(run_dir: Path) -> Arc | None:
    """The arcs recorded for the run in run_dir, measured; None if it has none."""
    import json

    path = Path(run_dir) / ARC_FILE
    if not path.is_file():
        return None
    meta = json.loads((Path(run_dir) / ARC_META).read_text())
    return measured(pl.read_parquet(path), meta["checkpoints"], meta["deals"])


def arc_lines(a: Arc, bots: str) -> list[str]:
    """The measures in words, naming the bots that played."""
    lines = [f"Game arc over {a.deals:,} deals, {bots} (checkpoints: {', '.join(a.checkpoints)}):"]
    for r in a.measures.iter_rows(named=True):
        show = (lambda x: f"{100 * x:.1f}%") if r["unit"] == "share" else (lambda x: f"{x:.2f}")
        lines.append(f"  {r['measure']}: {show(r['estimate'])} [{show(r['low'])}, {show(r['high'])}]")
    for r in a.runaway.iter_rows(named=True):
        lines.append(f"  the sole leader after {r['name']} wins {100 * r['p']:.1f}% [{100 * r['low']:.1f}, "
                     f"{100 * r['high']:.1f}] of {r['games']:,} games")
    return lines
