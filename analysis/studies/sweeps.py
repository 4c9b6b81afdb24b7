"""The grids of `balance sweep`: one run per grid point of content values (every point paired
with the current value), or one run per player count. A study a notebook can call; cli only
prints."""
from __future__ import annotations

from dataclasses import asdict, replace
from pathlib import Path

from analysis.sweep import SWEEP_FILE, current_values, grid_points, split_fixed, with_current
from sim.results import write_json


def run_sweep(base, grid, out_dir: Path, run_fn, echo=print) -> dict:
    """Run every grid point of RunConfig `base` with run_fn(cfg, dir); write sweep.json.

    Keys with one value are fixed overrides; each swept key's current value joins the grid
    when missing, so every point can be paired against the current point."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    swept, fixed = split_fixed(grid)
    base = replace(base, sets=[*base.sets, *fixed])
    current_raw = current_values(base, [k for k, _ in swept])
    swept, current, added = with_current(swept, current_raw)
    for key, value in added.items():
        echo(f"  {key}: the current value {value} is not in the grid; added (every point is compared with it)")
    points = []
    for k, values in enumerate(grid_points(swept)):
        cfg = replace(base, sets=[*base.sets, *[f"{key}={v}" for key, v in values.items()]])
        name = f"point-{k:03d}"
        run_fn(cfg, out_dir / name)
        is_current = values == current
        points.append({"dir": name, "values": values, "current": is_current})
        echo(f"  {name}: " + ", ".join(f"{key}={v}" for key, v in values.items())
             + ("  (current)" if is_current else ""))
    meta = {"game": base.game, "params": [k for k, _ in swept], "grid": [[k, v] for k, v in swept],
            "current": current, "added": added, "fixed": fixed, "points": points, "base": asdict(base)}
    write_json(meta, out_dir / SWEEP_FILE)
    return meta


def seat_line_up(bots: list[str], n: int) -> list[str]:
    """A line-up for n seats: the bots given, repeated round the table."""
    return [bots[k % len(bots)] for k in range(n)] if len(bots) > 1 else list(bots)


def run_player_sweep(base, counts: list[int], out_dir: Path, run_fn, echo=print) -> dict:
    """One run of RunConfig `base` per player count (same seed, the bots repeated round the
    table), in out_dir/players-N; writes sweep.json with kind "players"."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    points = []
    for n in counts:
        name = f"players-{n}"
        cfg = replace(base, players=n, bots=seat_line_up(base.bots, n))
        run_fn(cfg, out_dir / name)
        points.append({"dir": name, "values": {"players": str(n)}, "current": False})
        echo(f"  {name}: {cfg.variant}, {n} players")
    meta = {"kind": "players", "game": base.game, "variant": base.variant, "params": ["players"],
            "points": points, "base": asdict(base)}
    write_json(meta, out_dir / SWEEP_FILE)
    return meta
