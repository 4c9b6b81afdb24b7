"""The CI gate: a balance spec's thresholds judged on intervals, not point estimates.

Each criterion is an interval for a quantity and an allowed region. The criterion passes
when the whole interval lies inside the region, fails when the whole interval lies outside,
and is undecided otherwise; then the table says roughly how many more games would shrink
the interval (width ~ 1/sqrt(games)) enough to decide."""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from analysis.intervals import Z95, extra_games, normal_quantile, wilson
from analysis.metrics import game_count, moments, share, win_rates
from sim.content import load_toml
from sim.errors import UserError

PASS, FAIL, UNDECIDED = "pass", "fail", "undecided"
EXIT_CODES = {PASS: 0, FAIL: 1, UNDECIDED: 3}
THRESHOLD_KEYS = ("max_seat_spread", "max_first_seat_advantage", "max_turn_cap_share", "game_length")


@dataclass
class Verdict:
    criterion: str
    estimate: float
    low: float
    high: float
    allowed: str
    outcome: str
    more_games: int | None  # only for undecided; -1 = the estimate sits on the threshold


def judge(name: str, est: float, lo: float, hi: float, region: tuple[float, float], games: int) -> Verdict:
    """Compare interval [lo, hi] with the allowed region [a, b] (either end may be infinite)."""
    a, b = region
    allowed = (f"<= {b:g}" if a == -math.inf else f">= {a:g}" if b == math.inf else f"{a:g} .. {b:g}")
    if a <= lo and hi <= b:
        return Verdict(name, est, lo, hi, allowed, PASS, None)
    if hi < a or lo > b:
        return Verdict(name, est, lo, hi, allowed, FAIL, None)
    if a <= est <= b:  # needs to shrink inside the region
        gap, half = min(est - a, b - est), max(est - lo if lo < a else 0, hi - est if hi > b else 0)
    else:  # needs to shrink off the violated bound
        gap, half = (a - est, hi - est) if est < a else (est - b, est - lo)
    return Verdict(name, est, lo, hi, allowed, UNDECIDED, extra_games(games, half, gap))


def seat_spread(stats: pl.DataFrame, confidence: float) -> tuple[float, float, float]:
    """Largest gap between two seats' win rates, with an interval from simultaneous
    (Bonferroni) Wilson intervals on every seat."""
    t = win_rates(stats, "seat")
    k = t.height
    z = normal_quantile(1 - (1 - confidence) / (2 * k))
    lo, hi = wilson(t["wins"].to_numpy(), t["games"].to_numpy(), z)
    rates = t["win_rate"].to_numpy()
    return float(rates.max() - rates.min()), max(0.0, float(lo.max() - hi.min())), float(hi.max() - lo.min())


def first_seat_advantage(stats: pl.DataFrame, z: float) -> tuple[float, float, float]:
    """Seat 0's win rate minus the mean win rate of all seats (the fair share)."""
    t = win_rates(stats, "seat")
    fair = float(t["win_rate"].mean())
    row = t.filter(pl.col("seat") == 0).row(0, named=True)
    lo, hi = wilson(row["wins"], row["games"], z)
    return row["win_rate"] - fair, float(lo) - fair, float(hi) - fair


def load_spec(path: Path) -> dict:
    spec = load_toml(Path(path))
    unknown = set(spec.get("thresholds", {})) - set(THRESHOLD_KEYS)
    if unknown:
        raise UserError(str(path), sorted(unknown)[0], f"unknown threshold (expected one of: {', '.join(THRESHOLD_KEYS)})")
    for role, bounds in spec.get("roles", {}).items():
        if not isinstance(bounds, dict) or set(bounds) - {"min", "max"}:
            raise UserError(str(path), f"roles.{role}", "expected a table with min and/or max")
    length = spec.get("thresholds", {}).get("game_length")
    if length is not None and (not isinstance(length, list) or len(length) != 2):
        raise UserError(str(path), "thresholds.game_length", "expected [min, max] in turns")
    conf = spec.get("spec", {}).get("confidence", 0.95)
    if not 0.5 <= conf < 1:
        raise UserError(str(path), "spec.confidence", f"expected 0.5 .. 0.999, got {conf}")
    return spec


def check(stats: pl.DataFrame, spec: dict, spec_path: str = "spec") -> list[Verdict]:
    """Judge every criterion of the spec on these statistics."""
    game = spec.get("spec", {}).get("game")
    present = set(stats["game"].unique())
    if game and present != {game}:
        raise UserError(spec_path, "spec.game", f"spec is for '{game}', results are for {', '.join(sorted(present))}")
    conf = spec.get("spec", {}).get("confidence", 0.95)
    z = normal_quantile(1 - (1 - conf) / 2) if conf != 0.95 else Z95
    thr = spec.get("thresholds", {})
    games = game_count(stats)
    out = []
    if "max_seat_spread" in thr:
        out.append(judge("seat win-rate spread", *seat_spread(stats, conf), (-math.inf, thr["max_seat_spread"]), games))
    if "max_first_seat_advantage" in thr:
        out.append(judge("first-seat advantage", *first_seat_advantage(stats, z),
                         (-math.inf, thr["max_first_seat_advantage"]), games))
    if "max_turn_cap_share" in thr:
        capped, n = share(stats, "end_reason", label="turn_cap")
        lo, hi = wilson(capped, n, z)
        out.append(judge("turn-cap share", capped / n, float(lo), float(hi), (-math.inf, thr["max_turn_cap_share"]), games))
    if "game_length" in thr:
        m = moments(stats, "turns", []).row(0, named=True)
        half = z * m["sd"] / math.sqrt(m["n"])
        out.append(judge("mean game length (turns)", m["mean"], m["mean"] - half, m["mean"] + half,
                         tuple(thr["game_length"]), games))
    roles = win_rates(stats, "role") if spec.get("roles") else None
    for role, bounds in spec.get("roles", {}).items():
        row = roles.filter(pl.col("role") == role)
        if row.height == 0:
            raise UserError(spec_path, f"roles.{role}", f"no such role in the results (found: {', '.join(map(str, roles['role']))})")
        r = row.row(0, named=True)
        lo, hi = wilson(r["wins"], r["games"], z)
        out.append(judge(f"win rate of role {role}", r["win_rate"], float(lo), float(hi),
                         (bounds.get("min", -math.inf), bounds.get("max", math.inf)), games))
    return out


def overall(verdicts: list[Verdict]) -> str:
    outcomes = {v.outcome for v in verdicts}
    return FAIL if FAIL in outcomes else UNDECIDED if UNDECIDED in outcomes else PASS


def format_verdicts(verdicts: list[Verdict], games: int, confidence: float = 0.95) -> str:
    pct = f"{confidence:.0%}"
    lines = [f"Balance check on {games:,} games ({pct} intervals)",
             f"  {'criterion':<30} {'estimate':>9} {pct + ' interval':>20} {'allowed':>14} {'outcome':>10} {'more games':>12}"]
    for v in verdicts:
        more = "" if v.more_games is None else ("n/a (on edge)" if v.more_games < 0 else f"~{v.more_games:,}")
        lines.append(f"  {v.criterion:<30} {v.estimate:>9.4f} [{v.low:>8.4f}, {v.high:>8.4f}] "
                     f"{v.allowed:>14} {v.outcome.upper():>10} {more:>12}")
    lines.append(f"Overall: {overall(verdicts).upper()}")
    return "\n".join(lines)
