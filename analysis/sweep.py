"""Parameter sweeps: a grid of runs on the same seed (the same deals at every grid point, so
differences between points are paired) and each balance metric tabulated per point."""
from __future__ import annotations

import itertools
from dataclasses import asdict, replace
from pathlib import Path

import polars as pl

from analysis.metrics import summary_metrics, win_rates
from analysis.suffstats import load_stats
from sim.errors import UserError
from sim.results import write_json

SWEEP_FILE = "sweep.json"


def split_values(text: str) -> list[str]:
    """'1,2,[3,4]' -> ['1', '2', '[3,4]']: commas inside brackets belong to the value."""
    out, depth, cur = [], 0, ""
    for ch in text:
        depth += ch in "[{"
        depth -= ch in "]}"
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    out.append(cur.strip())
    return [v for v in out if v]


def parse_grid(sets: list[str]) -> list[tuple[str, list[str]]]:
    grid = []
    for s in sets:
        key, eq, values = s.partition("=")
        if not eq or not key.strip() or not split_values(values):
            raise UserError("--set", s, "expected KEY=V1,V2,..")
        grid.append((key.strip(), split_values(values)))
    if not grid:
        raise UserError("--set", None, "a sweep needs at least one --set KEY=V1,V2,..")
    return grid


def grid_points(grid: list[tuple[str, list[str]]]) -> list[dict[str, str]]:
    keys = [k for k, _ in grid]
    return [dict(zip(keys, combo)) for combo in itertools.product(*[v for _, v in grid])]


def run_sweep(base, grid, out_dir: Path, run_fn, echo=print) -> dict:
    """Run every grid point of RunConfig `base` with run_fn(cfg, dir); write sweep.json."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    points = []
    for k, values in enumerate(grid_points(grid)):
        cfg = replace(base, sets=[*base.sets, *[f"{key}={v}" for key, v in values.items()]])
        name = f"point-{k:03d}"
        run_fn(cfg, out_dir / name)
        points.append({"dir": name, "values": values})
        echo(f"  {name}: " + ", ".join(f"{key}={v}" for key, v in values.items()))
    meta = {"game": base.game, "params": [k for k, _ in grid], "points": points, "base": asdict(base)}
    write_json(meta, out_dir / SWEEP_FILE)
    return meta


def read_sweep(sweep_dir: Path) -> dict:
    import json

    path = Path(sweep_dir) / SWEEP_FILE
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        raise UserError(str(path), None, "missing (is this a sweep directory?)") from None


def point_metrics(stats: pl.DataFrame) -> list[dict]:
    """(metric, estimate, low, high) rows of one grid point."""
    m = summary_metrics(stats)
    rows = [{"metric": f"win rate seat {r['seat']}", "estimate": r["win_rate"], "low": r["ci_low"], "high": r["ci_high"]}
            for r in win_rates(stats, "seat").iter_rows(named=True)]
    roles = stats.filter(pl.col("stat") == "win")["role"].drop_nulls()
    if roles.len():
        rows += [{"metric": f"win rate role {r['role']}", "estimate": r["win_rate"], "low": r["ci_low"], "high": r["ci_high"]}
                 for r in win_rates(stats, "role").iter_rows(named=True)]
    d = m["duration"]
    rows += [
        {"metric": "balance", "estimate": m["balance"], "low": None, "high": None},
        {"metric": "first-seat advantage", "estimate": m["seat0_advantage"],
         "low": m["seat0_advantage_low"], "high": m["seat0_advantage_high"]},
        {"metric": "completion", "estimate": m["completion"], "low": m["completion_low"], "high": m["completion_high"]},
        {"metric": "drawishness", "estimate": m["drawishness"], "low": m["drawishness_low"], "high": m["drawishness_high"]},
        {"metric": "mean length (turns)", "estimate": d["mean"], "low": d["mean_low"], "high": d["mean_high"]},
    ]
    return [{**r, "games": m["games"]} for r in rows]


def sweep_table(sweep_dir: Path) -> pl.DataFrame:
    """Long table: parameter values, metric, estimate, 95% low/high, games."""
    meta = read_sweep(sweep_dir)
    rows = []
    for p in meta["points"]:
        stats = load_stats(Path(sweep_dir) / p["dir"])
        rows += [{**p["values"], **r} for r in point_metrics(stats)]
    return pl.DataFrame(rows, schema_overrides={"low": pl.Float64, "high": pl.Float64})


def format_sweep(t: pl.DataFrame, params: list[str]) -> str:
    """One row per grid point, one column per metric (point estimates; intervals in the report)."""
    wide = t.pivot(on="metric", index=params, values="estimate", maintain_order=True)
    widths = [max(len(c), 8) for c in wide.columns]
    lines = ["  ".join(f"{c:>{w}}" for c, w in zip(wide.columns, widths))]
    for r in wide.iter_rows():
        lines.append("  ".join(f"{v:>{w}.4f}" if isinstance(v, float) else f"{str(v):>{w}}"
                               for v, w in zip(r, widths)))
    return "\n".join(lines)
