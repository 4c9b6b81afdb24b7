"""The loops that play games for an analysis: paired batches of two configurations on the
same deals (same seed and game indices, so the same chance streams), optionally until a
sequential test decides; and the grid of a sweep. They sit in the command line, above both
the engine that plays and the analysis that judges."""
from __future__ import annotations

from dataclasses import asdict, replace
from pathlib import Path

import polars as pl

from analysis.paired import deal_values
from analysis.paired_runs import Focus, deal_differences
from analysis.sprt import RepeatedIntervals, Sequential, SequentialResult, SprtSpec
from analysis.sweep import SWEEP_FILE, current_values, grid_points, split_fixed, with_current
from sim.errors import UserError
from sim.results import write_json


def play_pair(prep_a, prep_b, first: int, deals: int) -> tuple[pl.DataFrame, pl.DataFrame]:
    gi, rot = prep_a.rows(first, deals)
    return prep_a.play(gi, rot), prep_b.play(gi, rot)


def check_pairable(prep_a, prep_b) -> None:
    a, b = prep_a.cfg, prep_b.cfg
    if (a.game, a.players, a.seed, a.rotate_seats) != (b.game, b.players, b.seed, b.rotate_seats):
        raise UserError("balance compare", None, "A and B must share game, players, seed and seat rotation to be paired")


def until_decided(prep_a, prep_b, spec: SprtSpec, focus: Focus, batch: int, max_deals: int,
                  echo=None) -> tuple[SequentialResult, pl.DataFrame, pl.DataFrame]:
    """Play paired batches of `batch` deals until the test decides or max_deals are played."""
    check_pairable(prep_a, prep_b)
    seq = RepeatedIntervals(spec, looks=-(-max_deals // batch)) if focus.is_spread else Sequential(spec)
    frames_a, frames_b = [], []
    first, decision = 0, ""
    while decision == "" and first < max_deals:
        deals = min(batch, max_deals - first)
        a, b = play_pair(prep_a, prep_b, first, deals)
        frames_a.append(a)
        frames_b.append(b)
        if focus.is_spread:
            decision = seq.add(deal_values(a), deal_values(b))
        else:
            decision = seq.add(deal_differences(a, b, focus))
        first += deals
        if echo:
            echo(f"  {first:>10,} deals: A - B = {seq.estimate():+.4f}")
    games = first * prep_a.rotations * 2
    return seq.result(games, focus.label()), pl.concat(frames_a), pl.concat(frames_b)


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
