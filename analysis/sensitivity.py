"""Which content values move the balance, and what value makes it fair: the measures of
`balance sensitivity` and `balance tune` (the verdict's questions of analysis.verdict, as
numbers), per-deal tables, paired effects with intervals, the sequential rule that drops
negligible values, the ranked table, and tune's targets.

Every configuration compared plays the same deals (same seed and game indices, so the same
chance streams). A results table is first reduced to one row per deal (a deal's seat
rotations averaged): each position's, seat's, role's, secret role's and bot's mean win, the
length, the turn-cap share and the table's mean win. A measure is then either

* a mean of one per-deal value (the first-player advantage - position 0's win minus the mean
  over positions, as the verdict has it -, a position's, seat's, role's or bot's win rate,
  the mean length, the turn-cap share, a co-operative table's win rate): a difference
  between two configurations is the mean of the per-deal differences, with mean +- z sd /
  sqrt(deals);
* or the largest gap between groups' mean wins (position, seat, role, secret role spread;
  the strategy gap, best bot minus worst): a max - min, compared by a paired bootstrap over
  deals (Poisson(1) weights, the same for both configurations, seeded by the deal count).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

import numpy as np
import polars as pl

from analysis.intervals import Z95, normal_quantile
from sim.errors import UserError

BOOT_SEED = 21
RESAMPLES = 1000
LOOK_RESAMPLES = 300        # the sequential looks use the bootstrap's sd (normal approximation)
MAX_CELLS = 4_000_000       # bootstrap weights held at once

# The measures are analysis.measures' (one vocabulary for compare, sensitivity, tune, skill and
# check); imported here under their old home's names.
from analysis.measures import (GAP, GROUPS, MEAN, MEASURES, RATES, RATIO, Measure, canonical,  # noqa: E402,F401
                               parse_measure, words_of)


# -- per-deal tables ------------------------------------------------------------------------

def deal_table(rows: pl.DataFrame) -> pl.DataFrame:
    """One row per deal (game_index), a deal's rotations averaged: pos_K, seat_K, role_R,
    secret_S, bot_B (mean win; null where the group did not play), turns, capped (share of
    the deal's games stopped by the turn cap), table (mean win over every seat) and
    fingerprint (a hash of every result row of the deal: equal when the games were)."""
    w = rows.with_columns(pl.col("win").cast(pl.Float64), _row_hash=pl.struct(rows.columns).hash(BOOT_SEED))
    out = (w.group_by("game_index").agg(pl.col("turns").cast(pl.Float64).mean(),
                                        (pl.col("end_reason") == "turn_cap").cast(pl.Float64).mean().alias("capped"),
                                        pl.col("win").mean().alias("table"),
                                        pl.col("_row_hash").sort_by("rotation", "seat").cast(pl.String)
                                        .str.join("|").hash(BOOT_SEED).alias("fingerprint"))
           .sort("game_index"))
    for col, prefix in GROUPS:
        part = w.filter(pl.col(col).is_not_null())
        if part.height == 0:
            continue
        g = (part.group_by("game_index", col).agg(pl.col("win").mean())
             .with_columns((pl.lit(prefix) + pl.col(col).cast(pl.String)).alias("k"))
             .pivot(on="k", index="game_index", values="win"))
        names = sorted((c for c in g.columns if c != "game_index"),
                       key=lambda c: (int(c[len(prefix):]) if c[len(prefix):].isdigit() else math.inf, c))
        out = out.join(g.select("game_index", *names), on="game_index", how="left")
    return out.sort("game_index")


def per_deal(m: Measure, t: pl.DataFrame) -> np.ndarray:
    """The deals x k matrix behind a measure (k = 1 for a mean); NaN where undefined."""
    if m.name == "first_player_advantage":
        pos = _group(t, "pos_")
        return (pos[:, 0] - np.nanmean(pos, axis=1))[:, None]
    if m.kind == GAP:
        return _group(t, m.column)
    if m.kind == RATIO:     # hits and units: the share is the ratio of their means (of their sums)
        cols = [m.column + "w", m.column + "n"]
        if not all(c in t.columns for c in cols):
            return np.full((t.height, 2), np.nan)
        return np.column_stack([t[c].cast(pl.Float64).fill_null(0.0).to_numpy() for c in cols])
    if m.column not in t.columns:
        return np.full((t.height, 1), np.nan)
    return t[m.column].cast(pl.Float64).fill_null(np.nan).to_numpy()[:, None]


def _group(t: pl.DataFrame, prefix: str) -> np.ndarray:
    cols = [c for c in t.columns if c.startswith(prefix)]
    if not cols:
        return np.full((t.height, 1), np.nan)
    return np.column_stack([t[c].cast(pl.Float64).fill_null(np.nan).to_numpy() for c in cols])


def _reduce(m: Measure, means: np.ndarray) -> np.ndarray:
    """means: (..., k) group means -> the measure."""
    if m.kind == GAP:
        return np.nanmax(means, axis=-1) - np.nanmin(means, axis=-1)
    if m.kind == RATIO:
        with np.errstate(invalid="ignore", divide="ignore"):
            return means[..., 0] / means[..., 1]
    return means[..., 0]


def _weighted_means(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """w: (R, deals) weights; x: (deals, k) with NaN -> (R, k) weighted means ignoring NaN."""
    ok = np.isfinite(x)
    xs = np.where(ok, x, 0.0)
    with np.errstate(invalid="ignore", divide="ignore"):
        return (w @ xs) / (w @ ok.astype(np.float64))


def _boot(m: Measure, xs: list[np.ndarray], resamples: int) -> np.ndarray:
    """The measure of each aligned per-deal matrix under the same Poisson(1) deal weights:
    resamples x len(xs); the weights depend only on BOOT_SEED and the number of deals."""
    deals = xs[0].shape[0]
    rng = np.random.default_rng([BOOT_SEED, deals])
    out = np.empty((resamples, len(xs)))
    chunk = max(1, min(resamples, MAX_CELLS // max(deals, 1)))
    for a in range(0, resamples, chunk):
        c = min(chunk, resamples - a)
        w = rng.poisson(1.0, size=(c, deals)).astype(np.float64)
        for k, x in enumerate(xs):
            with np.errstate(invalid="ignore"):
                out[a:a + c, k] = _reduce(m, _weighted_means(x, w))
    return out


def value_of(m: Measure, x: np.ndarray) -> float:
    with np.errstate(invalid="ignore"):
        return float(_reduce(m, np.nanmean(x, axis=0)[None, :])[0]) if len(x) else math.nan


def estimate(m: Measure, x: np.ndarray, z: float = Z95) -> tuple[float, float, float]:
    """One configuration's measure with its interval."""
    est = value_of(m, x)
    if m.kind == MEAN:
        v = x[:, 0][np.isfinite(x[:, 0])]
        half = z * float(v.std(ddof=1)) / math.sqrt(len(v)) if len(v) > 1 else math.nan
        return est, est - half, est + half
    b = _boot(m, [x], RESAMPLES)[:, 0]
    level = 2 * (1 - _phi(z))
    lo, hi = np.nanquantile(b, [level / 2, 1 - level / 2])
    return est, float(lo), float(hi)


def _phi(z: float) -> float:
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))


def effect(m: Measure, high: np.ndarray, low: np.ndarray, z: float = Z95, looks: bool = False
           ) -> tuple[float, float, float]:
    """high - low on the same deals (aligned rows), with its interval: the per-deal
    differences for a mean; a paired bootstrap for a gap (percentiles, or its sd times z
    for the sequential looks)."""
    diff = value_of(m, high) - value_of(m, low)
    if m.kind == MEAN:
        d = high[:, 0] - low[:, 0]
        d = d[np.isfinite(d)]
        if len(d) < 2:
            return diff, -math.inf, math.inf
        half = z * float(d.std(ddof=1)) / math.sqrt(len(d))
        return diff, diff - half, diff + half
    b = _boot(m, [high, low], LOOK_RESAMPLES if looks else RESAMPLES)
    d = b[:, 0] - b[:, 1]
    d = d[np.isfinite(d)]
    if len(d) < 2:
        return diff, -math.inf, math.inf
    if looks:
        half = z * float(d.std(ddof=1))
        return diff, diff - half, diff + half
    level = 2 * (1 - _phi(z))
    lo, hi = np.quantile(d, [level / 2, 1 - level / 2])
    return diff, float(lo), float(hi)


def look_z(alpha: float, looks: int) -> float:
    """z of a repeated interval: level alpha / looks at each of the planned looks (Bonferroni),
    so the chance that any look wrongly calls an effect negligible stays below alpha."""
    return normal_quantile(1 - alpha / (2 * max(looks, 1)))


def negligible(m: Measure, high: np.ndarray, low: np.ndarray, delta: float, z: float) -> bool:
    """Whether the effect's repeated interval lies inside (-delta, +delta)."""
    _, lo, hi = effect(m, high, low, z, looks=True)
    return -delta < lo and hi < delta


# -- the values studied ---------------------------------------------------------------------

@dataclass
class Knob:
    """A content value studied: its current value and the low and high end of the step."""
    key: str
    label: str         # the key with the names of the list entries it passes through
    current: float
    low: float
    high: float
    integer: bool
    step: float = 0.0  # the step in the value's own units (the plan of an older study: 0, not shown)
    # at that end, the key of the value that trades places with this one (takes its current value):
    # a list whose values must stay a permutation (Banquet's initiatives), "" otherwise
    low_swap: str = ""
    high_swap: str = ""

    def text(self, v) -> str:
        return str(int(v)) if self.integer else f"{v:g}"

    def sets(self, end: str) -> list[str]:
        """The --set lines of one end ("low" or "high"): the value, and the trade that keeps a
        permutation a permutation."""
        swap = getattr(self, f"{end}_swap")
        return [f"{self.key}={self.text(getattr(self, end))}"] + ([f"{swap}={self.text(self.current)}"] if swap else [])

    def step_text(self) -> str:
        """The step in the value's own units: +-1 for a whole number, +-0.05 for a fraction."""
        return "-" if not self.step else f"+-{self.text(self.step)}"


# A whole number steps by one unit; a fraction by this share of its current value (of its
# declared range's width when the value is 0), unless --step says otherwise.
WHOLE_STEP = 1
RELATIVE_STEP = 0.1


def step_size(current, rng: list, relative: float = RELATIVE_STEP) -> tuple[float, bool]:
    """(the step in the value's units, whether it is a whole number)."""
    integer = isinstance(current, int) and isinstance(rng[0], int) and isinstance(rng[1], int)
    if integer:
        return WHOLE_STEP, True
    base = abs(float(current)) or float(rng[1] - rng[0])
    return relative * base, False


def step_knob(key: str, label: str, current, rng: list, relative: float = RELATIVE_STEP) -> Knob | None:
    """The value at current - step and current + step (step_size), clipped to the declared
    range; None when the range is a single point."""
    s, integer = step_size(current, rng, relative)
    low, high = max(rng[0], current - s), min(rng[1], current + s)
    if integer:
        low, high = int(low), int(high)
    if high <= low:
        return None
    return Knob(key, label, current, low, high, integer, s)


# A value whose games at both ends of its step are the same, move for move (the fingerprint of
# every result row of every deal): the value changes nothing in play, whatever the sample size.
STATUS_IDENTICAL = "no effect: the games are identical"


def identical_games(low: pl.DataFrame, high: pl.DataFrame) -> bool:
    """Whether both ends played the same games (per-deal fingerprints of deal_table equal)."""
    if "fingerprint" not in low.columns or "fingerprint" not in high.columns or low.height == 0:
        return False
    return low.height == high.height and bool((low["fingerprint"] == high["fingerprint"]).all())


def match_keys(params: list[tuple[str, object, list | None]], patterns: list[str]) -> list[tuple]:
    """The ranged numbers whose key matches one of the glob patterns (a pattern without * or ?
    also matches as a prefix: `locations.` is every location value)."""
    import fnmatch

    if not patterns:
        return [p for p in params if p[2] is not None]
    out = []
    for p in params:
        for pat in patterns:
            if fnmatch.fnmatchcase(p[0], pat) or (not re.search(r"[*?\[]", pat) and p[0].startswith(pat)):
                out.append(p)
                break
    return [p for p in out if p[2] is not None]


# -- the ranked table -----------------------------------------------------------------------

SENSITIVITY_FILE = "sensitivity.json"
TABLE_FILE = "sensitivity.parquet"
TUNE_FILE = "tune.json"
TRIALS_FILE = "trials.parquet"
CONFIRM_FILE = "confirmation.parquet"
OVERLAY_FILE = "best.toml"
STATUS_FULL, STATUS_DROPPED, STATUS_BUDGET = "played to -n", "negligible (dropped)", "stopped by --budget"


def ranked(rows: list[dict]) -> pl.DataFrame:
    """The long table (one row per value and measure), ranked within each measure by the size
    of the effect (values dropped as negligible last)."""
    df = pl.DataFrame(rows, infer_schema_length=None)
    df = df.with_columns(pl.col("effect").abs().alias("_size"),
                         pl.col("status").is_in([STATUS_DROPPED, STATUS_IDENTICAL]).alias("_dropped"))
    df = df.sort(["measure_order", "_dropped", "_size", "key"], descending=[False, False, True, False],
                 nulls_last=True)
    df = df.with_columns(pl.int_range(1, pl.len() + 1).over("measure").cast(pl.UInt32).alias("rank"))
    return df.drop("_size", "_dropped")


def format_ranked(df: pl.DataFrame, measure: Measure, head: str) -> str:
    part = df.filter(pl.col("measure") == measure.name)
    unit = measure.unit_text()
    wk = max([5, *[len(r) for r in part["label"].to_list()]])
    lines = [head,
             f"  {'rank':>4}  {'value':<{wk}}  {'current':>7}  {'step':>8}  {'tested':>12}  {'effect (' + unit + ')':>13}  "
             f"{'95% interval':>18}  {'at low':>8}  {'at high':>8}  {'games':>9}  status"]
    for r in part.iter_rows(named=True):
        iv = f"[{measure.show(r['effect_low'])}, {measure.show(r['effect_high'])}]"
        lines.append(f"  {r['rank']:>4}  {r['label']:<{wk}}  {r['current_text']:>7}  {r.get('step_text') or '-':>8}  "
                     f"{r['low_text'] + ' -> ' + r['high_text']:>12}  {measure.show(r['effect']):>13}  {iv:>18}  "
                     f"{measure.show(r['at_low'], False):>8}  {measure.show(r['at_high'], False):>8}  "
                     f"{r['games']:>9,}  {r['status']}")
    return "\n".join(lines)


# -- tune: targets ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Target:
    measure: Measure
    low: float
    high: float        # a point target has low == high

    def distance(self, x: float) -> float:
        """How far x is from the target (0 inside a band)."""
        if not math.isfinite(x):
            return math.inf
        return max(self.low - x, 0.0, x - self.high)

    def text(self) -> str:
        m = self.measure
        if self.low == self.high:
            return f"{m.name} = {m.show(self.low)} {m.unit_text()}"
        return f"{m.name} in {m.show(self.low, False)}..{m.show(self.high, False)} {m.unit_text()}"


def parse_target(text: str, game, n_players: int, bots: list[str], variants=()) -> Target:
    """--target MEASURE=VALUE, MEASURE=LOW..HIGH (a band) or MEASURE=fair (a group's fair share:
    1/players for a position or seat, 1/roles for a role, 0 for the first-player advantage).
    Rates are shares (0.25) or percentages with % (25%); lengths are in turns."""
    name, eq, value = text.rpartition("=")
    if not eq or not name.strip() or not value.strip():
        raise UserError("--target", text, "expected MEASURE=VALUE, MEASURE=LOW..HIGH or MEASURE=fair")
    m = parse_measure(name, game, n_players, bots, variants)
    value = value.strip()
    if value == "fair":
        fair = _fair(m, game, n_players, text)
        lo = hi = fair
    else:
        parts = value.split("..")
        if len(parts) > 2:
            raise UserError("--target", text, "expected VALUE or LOW..HIGH")
        lo, hi = (_number(p, m, text) for p in (parts if len(parts) == 2 else parts * 2))
        if lo > hi:
            raise UserError("--target", text, f"the band's low end {parts[0]} is above its high end {parts[1]}")
    b = m.bounds(n_players, game.max_turns)
    if lo < b[0] - 1e-12 or hi > b[1] + 1e-12:
        raise UserError("--target", text, f"{m.name} can only take values in {m.show(b[0])}..{m.show(b[1])} "
                        + m.unit_text() + " (give rates as shares, 0.25, or as 25%)")
    return Target(m, lo, hi)


def _number(text: str, m: Measure, whole: str) -> float:
    t = text.strip()
    try:
        return float(t[:-1]) / 100 if t.endswith("%") else float(t)
    except ValueError:
        raise UserError("--target", whole, f"expected a number, got '{t}'") from None


def _fair(m: Measure, game, n_players: int, text: str) -> float:
    if m.name == "first_player_advantage" or m.kind == GAP:
        return 0.0
    what = m.name.partition(":")[0]
    if what in ("position", "seat"):
        return 1.0 / n_players
    if what == "role":
        return 1.0 / len(game.roles)
    raise UserError("--target", text, f"{m.name} has no fair value: give a number")


# -- does the verdict hold for stronger play? (balance skill) ---------------------------------

SKILL_FILE = "skill.json"
SKILL_TABLE = "skill.parquet"
SKILL_CONVERGENCE = "convergence.parquet"   # each measure against each budgeted bot's budget
SKILL_MEASURES = ("first_player_advantage", "position_spread", "role_spread", "secret_role_spread", "game_length",
                  "turn_cap_share")
FLAGGED = ("first_player_advantage", "position_spread", "role_spread", "secret_role_spread", "turn_cap_share")


def leader_flags(tables: dict[str, pl.DataFrame], order: list[str], ms: list[Measure]) -> list[str]:
    """A gap measure's leading group that changes with the bot, one sentence a measure. The
    gap itself is unsigned, so two line-ups can show the same gap the opposite way round (the
    king's faction ahead with one bot, behind with another). Flagged when line-up A's leader
    beats line-up B's on A's deals and B's leader beats A's on B's deals, each beyond its 95%
    interval (paired per deal). tables: each line-up's deal table; order: weakest to strongest."""
    out = []
    for m in ms:
        if m.kind != GAP:
            continue
        lead = {}
        for u in order:
            names = [c[len(m.column):] for c in tables[u].columns if c.startswith(m.column)]
            if len(names) >= 2:
                x = _group(tables[u], m.column)
                lead[u] = (names, x, names[int(np.nanargmax(np.nanmean(x, axis=0)))])
        pairs = [(a, b) for i, b in enumerate(order[::-1]) for a in order[::-1][i + 1:] if a in lead and b in lead]
        for a, b in pairs:                                  # the strongest line-ups' pairs first
            top_a, top_b = lead[a][2], lead[b][2]
            if top_a == top_b or top_b not in lead[a][0] or top_a not in lead[b][0]:
                continue
            da, lo_a = _lead_over(lead[a], top_a, top_b)
            db, lo_b = _lead_over(lead[b], top_b, top_a)
            if lo_a > 0 and lo_b > 0:
                out.append(f"the {m.words} favours a different group with different bots ({top_a} ahead of {top_b} "
                           f"by {m.show(da)} pp with {a}, {top_b} ahead of {top_a} by {m.show(db)} pp with {b})")
                break
    return out


def _lead_over(group: tuple, top: str, other: str) -> tuple[float, float]:
    """top's mean lead over other on the same deals, and its 95% lower bound."""
    names, x, _ = group
    d = x[:, names.index(top)] - x[:, names.index(other)]
    d = d[~np.isnan(d)]
    if len(d) < 2:
        return float("nan"), -math.inf
    return float(d.mean()), float(d.mean() - Z95 * d.std(ddof=1) / math.sqrt(len(d)))


def skill_flags(t: pl.DataFrame) -> list[str]:
    """The balance findings that do not survive better play, one sentence each, read over the
    whole ladder. `t` has one row per (line-up, measure) with rating, estimate, low, high;
    diff_low / diff_high: the paired interval of (this line-up - the weakest) on the same deals;
    and step / step_low / step_high: the paired interval of (this line-up - the next weaker one
    by rating). Every line-up is considered, ordered by rating:
    - a signed measure whose interval is above 0 with one line-up and below 0 with another (it
      changes sign somewhere on the ladder);
    - a non-monotone trend: one step up the ladder moves it significantly up and another down;
    - growth: the strongest's paired difference from the weakest excludes 0, away from 0;
    - not settled: the two strongest line-ups differ beyond their paired interval, so the
      answer for strong play is not known yet (a stronger bot may move it again)."""
    out = []
    for name in FLAGGED:
        part = t.filter((pl.col("measure") == name) & pl.col("rating").is_not_null()).sort("rating")
        if part.height < 2:
            continue
        m = Measure(name, *MEASURES[name])
        rows = part.to_dicts()
        u = " pp" if m.unit == "pp" else " turns"
        ladder = ", ".join(f"{m.show(r['estimate'])}{u} with {r['lineup']}" for r in rows)
        above = [r for r in rows if r["low"] is not None and r["low"] > 0]
        below = [r for r in rows if r["high"] is not None and r["high"] < 0]
        if above and below and m.kind == MEAN:
            out.append(f"the {m.words} changes sign along the ladder (weakest to strongest: {ladder})")
        steps = [r for r in rows[1:] if r.get("step_low") is not None]
        ups = [r for r in steps if r["step_low"] > 0]
        downs = [r for r in steps if r["step_high"] < 0]
        if ups and downs:
            out.append(f"the {m.words} does not move one way with strength (weakest to strongest: {ladder})")
        weak, strong = rows[0], rows[-1]
        if strong.get("diff_low") is not None and weak["estimate"] is not None and not (ups and downs):
            grows = ((strong["estimate"] >= 0 and strong["diff_low"] > 0 and abs(strong["estimate"]) > abs(weak["estimate"]))
                     or (strong["estimate"] < 0 and strong["diff_high"] < 0
                         and abs(strong["estimate"]) > abs(weak["estimate"])))
            if grows:
                out.append(f"the {m.words} grows with strength (weakest to strongest: {ladder})")
        if len(rows) >= 3 and strong.get("step_low") is not None and (strong["step_low"] > 0 or strong["step_high"] < 0):
            second = rows[-2]
            out.append(f"the {m.words} is not settled: the two strongest line-ups disagree ({m.show(second['estimate'])}"
                       f"{u} with {second['lineup']}, {m.show(strong['estimate'])}{u} with {strong['lineup']}; paired "
                       f"difference {m.show(strong['step'])}{u} [{m.show(strong['step_low'])}, "
                       f"{m.show(strong['step_high'])}])")
    return out
