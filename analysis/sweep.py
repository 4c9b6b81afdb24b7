"""Parameter sweeps: a grid of runs on the same seed (the same deals at every grid point), and
how each point moves the balance against the content's current value.

The current value of each swept key (the content's value with the run's variants and fixed
overrides) is always a grid point: it is added when the grid leaves it out. Every point is
then compared with the current point on the turn-order measures (by ``position``, never by
seat: where the start player is drawn at random seat 0 is not the first player):

* first-player advantage (position 0's win rate minus the mean over positions),
* position spread (largest gap between two positions' win rates),
* the win rate of each position and of each role, and the mean game length,

each as the estimate at the point, the difference point - current, and the 95% interval of
that difference. The points played the same deals, so with per-game rows the difference is
paired per deal (``DEAL_KEY``; with seat rotation a deal's rotations are averaged first, so
the interval respects their correlation). Linear measures use the mean and sd of the
per-deal differences (mean +- 1.96 sd / sqrt(deals)); the spread, a max - min, uses a paired
bootstrap over deals (Poisson(1) weights per deal, the same weights for every point, seeded).
Points with only aggregate statistics fall back to unpaired intervals (Newcombe for rates,
normal for means, a normal parametric bootstrap for the spread)."""
from __future__ import annotations

import itertools
import json
import math
import textwrap
from pathlib import Path

import numpy as np
import polars as pl

from analysis.balance import (TURN_ORDER, first_player_advantage, group_rates, is_cooperative, spread,
                              table_win_rate)
from analysis.intervals import Z95, newcombe_diff
from analysis.metrics import length_table, win_rates
from analysis.paired import (BOOTSTRAP_SEED, RESAMPLES, Deals, align, bootstrap_spreads, deal_values, paired_mean,
                             spread_of)
from analysis.suffstats import load_stats
from analysis.whose import run_whose
from sim.errors import UserError

SWEEP_FILE = "sweep.json"
FPA = "first-player advantage"
SPREAD = "position spread"
ROLE_METRIC = "win rate role "
LENGTH = "mean length (turns)"
PAIRED = "paired per deal"
BOOTSTRAP = f"paired bootstrap over deals ({RESAMPLES} Poisson(1) resamples)"
UNPAIRED = "unpaired"


# -- the grid ----------------------------------------------------------------------------

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
    keys = [k for k, _ in grid]
    if len(set(keys)) < len(keys):
        dup = next(k for k in keys if keys.count(k) > 1)
        raise UserError("--set", dup, "given twice (list all its values in one --set KEY=V1,V2,..)")
    return grid


def grid_points(grid: list[tuple[str, list[str]]]) -> list[dict[str, str]]:
    keys = [k for k, _ in grid]
    return [dict(zip(keys, combo)) for combo in itertools.product(*[v for _, v in grid])]


def split_fixed(grid: list[tuple[str, list[str]]]) -> tuple[list[tuple[str, list[str]]], list[str]]:
    """(swept keys, fixed KEY=V overrides): a key with one value is fixed, unless no key has
    more than one (then each is compared with its current value)."""
    swept = [(k, v) for k, v in grid if len(v) > 1]
    if not swept:
        return grid, []
    return swept, [f"{k}={v[0]}" for k, v in grid if len(v) == 1]


def toml_text(value) -> str:
    """A content value as a --set value (TOML)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_text(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {toml_text(v)}" for k, v in value.items()) + "}"
    return json.dumps(str(value))


def _number(text: str):
    from sim.content import parse_value

    v = parse_value(text)
    return v if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def current_values(base, keys: list[str]) -> dict:
    """Each key's value in the content the base configuration plays (variants, fixed sets)."""
    from sim.registry import get_game

    content = get_game(base.game).content(tuple(base.variants), tuple(base.sets),
                                          Path(base.content_path) if base.content_path else None)
    out = {}
    for key in keys:
        try:
            out[key] = content.get(key)
        except (KeyError, IndexError, ValueError, TypeError):
            raise UserError("--set", key, f"no such content value in {base.game}") from None
    return out


def with_current(grid: list[tuple[str, list[str]]], current: dict) -> tuple[list, dict, dict]:
    """The grid with each key's current value in it: (grid, current label per key, added
    value per key). A value matches the current one when it parses to an equal value."""
    from sim.content import parse_value

    out, labels, added = [], {}, {}
    for key, values in grid:
        cur = current[key]
        match = next((v for v in values if parse_value(v) == cur), None)
        if match is None:
            match = toml_text(cur)
            added[key] = match
            nums = [_number(v) for v in values]
            if _number(match) is not None and None not in nums and nums == sorted(nums):
                at = sum(n < _number(match) for n in nums)
                values = [*values[:at], match, *values[at:]]
            else:
                values = [*values, match]
        labels[key] = match
        out.append((key, list(values)))
    return out, labels, added


def parse_counts(text: str, allowed: tuple[int, ...]) -> list[int]:
    """--players of a sweep: '4-8', '4,6,8' or 'all' (every count `allowed`) -> the counts, in order."""
    if text.strip() == "all":
        return list(allowed)
    counts = []
    for part in split_values(text):
        low, dash, high = part.partition("-")
        try:
            counts += list(range(int(low), int(high) + 1)) if dash else [int(part)]
        except ValueError:
            raise UserError("--players", part, "expected a player count, a range like 4-8, a list like 4,6,8, "
                            "or all") from None
    if not counts:
        raise UserError("--players", text, "expected at least one player count")
    return sorted(set(counts))


def is_player_sweep(meta: dict) -> bool:
    """A sweep over player counts (balance sweep --players 4-8): one run per count, not a grid
    of content values paired on the same deals."""
    return meta.get("kind") == "players"


def read_sweep(sweep_dir: Path) -> dict:
    path = Path(sweep_dir) / SWEEP_FILE
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        raise UserError(str(path), None, "missing (is this a sweep directory?)") from None
    except json.JSONDecodeError as e:
        raise UserError(str(path), None, f"not valid JSON ({e})") from None


def reference_index(meta: dict) -> tuple[int, bool]:
    """(index of the point the others are compared with, whether it is the current value).
    Sweeps written before current values were recorded fall back to the first point."""
    points = meta["points"]
    for i, p in enumerate(points):
        if p.get("current"):
            return i, True
    cur = meta.get("current")
    if cur:
        for i, p in enumerate(points):
            if p["values"] == cur:
                return i, True
    return 0, False


def paired_rows(point: Deals, current: Deals, boot: np.ndarray | None = None) -> list[dict]:
    """Differences point - current of every measure, paired per deal. `boot` (resamples x 2:
    point, current) are the bootstrapped spreads; computed here when not given."""
    point, current = align([point, current])
    if boot is None:
        boot = bootstrap_spreads([point, current])
    rows = []

    def add(metric, a, b):
        d, lo, hi, n = paired_mean(a, b)
        rows.append({"metric": metric, "diff": d, "diff_low": lo, "diff_high": hi, "pairing": PAIRED, "deals": n})

    add(FPA, point.fpa, current.fpa)
    diffs = boot[:, 0] - boot[:, 1]
    rows.append({"metric": SPREAD, "diff": spread_of(point) - spread_of(current),
                 "diff_low": float(np.quantile(diffs, 0.025)), "diff_high": float(np.quantile(diffs, 0.975)),
                 "pairing": BOOTSTRAP, "deals": len(point.turns)})
    for p in range(point.positions.shape[1]):
        add(f"win rate position {p}", point.positions[:, p], current.positions[:, p])
    for role in sorted(set(point.roles) & set(current.roles)):
        add(ROLE_METRIC + role, point.roles[role], current.roles[role])
    add(LENGTH, point.turns, current.turns)
    return rows


# -- estimates at a point, and the unpaired fallback -------------------------------------

def point_estimates(stats: pl.DataFrame) -> list[dict]:
    """(metric, unit, estimate, low, high) of one grid point, from its histograms. The
    spread's interval is the simultaneous (Bonferroni) one of balance.spread."""
    fpa = first_player_advantage(stats, Z95)
    sp = spread(stats, 0.95, TURN_ORDER)
    rows = [{"metric": FPA, "unit": "share", "estimate": fpa[0], "low": fpa[1], "high": fpa[2]},
            {"metric": SPREAD, "unit": "share", "estimate": sp[0], "low": sp[1], "high": sp[2]}]
    for r in group_rates(stats, TURN_ORDER).iter_rows(named=True):
        rows.append({"metric": f"win rate position {r[TURN_ORDER]}", "unit": "share", "estimate": r["win_rate"],
                     "low": r["ci_low"], "high": r["ci_high"], "_wins": r["wins"], "_n": r["games"]})
    if stats.filter(pl.col("stat") == "win")["role"].drop_nulls().len():
        for r in win_rates(stats, "role").iter_rows(named=True):
            rows.append({"metric": ROLE_METRIC + r["role"], "unit": "share", "estimate": r["win_rate"],
                         "low": r["ci_low"], "high": r["ci_high"], "_wins": r["wins"], "_n": r["games"]})
    d = length_table(stats)
    rows.append({"metric": LENGTH, "unit": "turns", "estimate": d["mean"], "low": d["mean_low"],
                 "high": d["mean_high"], "_sd": d["sd"], "_n": d["games"]})
    return rows


def unpaired_rows(point: list[dict], current: list[dict], seed: int = BOOTSTRAP_SEED) -> list[dict]:
    """Differences point - current from the two points' estimates alone (independent samples)."""
    cur = {r["metric"]: r for r in current}
    rows = []
    for r in point:
        c = cur.get(r["metric"])
        if c is None:
            continue
        d = r["estimate"] - c["estimate"]
        if "_wins" in r:       # a rate: Newcombe's interval
            _, lo, hi = newcombe_diff(r["_wins"], r["_n"], c["_wins"], c["_n"])
        elif "_sd" in r:       # a mean: normal interval
            half = Z95 * math.sqrt(r["_sd"] ** 2 / r["_n"] + c["_sd"] ** 2 / c["_n"])
            lo, hi = d - half, d + half
        else:
            continue
        rows.append({"metric": r["metric"], "diff": d, "diff_low": lo, "diff_high": hi, "pairing": UNPAIRED,
                     "deals": None})
    # first-player advantage: position 0's rate against the fair share (taken as fixed)
    p0 = next(x for x in rows if x["metric"] == "win rate position 0")
    fair_shift = (next(x for x in point if x["metric"] == FPA)["estimate"] - cur[FPA]["estimate"]) - p0["diff"]
    rows.insert(0, {"metric": FPA, "diff": p0["diff"] + fair_shift, "diff_low": p0["diff_low"] + fair_shift,
                    "diff_high": p0["diff_high"] + fair_shift, "pairing": UNPAIRED, "deals": None})
    # spread: a normal parametric bootstrap of every position's rate, both points independent
    rng = np.random.default_rng(seed)

    def draws(est):
        pos = [x for x in est if x["metric"].startswith("win rate position ")]
        p = np.array([x["estimate"] for x in pos])
        se = np.sqrt(np.clip(p * (1 - p), 0, None) / np.array([x["_n"] for x in pos]))
        sim = p + se * rng.standard_normal((RESAMPLES, len(p)))
        return sim.max(axis=1) - sim.min(axis=1)

    sp = next(x for x in point if x["metric"] == SPREAD)["estimate"] - cur[SPREAD]["estimate"]
    diffs = draws(point) - draws(current)
    diffs += sp - np.median(diffs)  # centred on the observed difference
    rows.insert(1, {"metric": SPREAD, "diff": sp, "diff_low": float(np.quantile(diffs, 0.025)),
                    "diff_high": float(np.quantile(diffs, 0.975)), "pairing": UNPAIRED, "deals": None})
    return rows


# -- the table ---------------------------------------------------------------------------

COLUMNS = {"current": pl.Boolean, "metric": pl.String, "unit": pl.String, "estimate": pl.Float64,
           "low": pl.Float64, "high": pl.Float64, "diff": pl.Float64, "diff_low": pl.Float64,
           "diff_high": pl.Float64, "pairing": pl.String, "deals": pl.Int64, "games": pl.Int64}


def sweep_table(sweep_dir: Path) -> pl.DataFrame:
    """Tidy long table, one row per (grid point, measure): the parameter values (strings),
    `current` (this point is the reference), metric, unit ('share' or 'turns'), estimate with
    its 95% low/high, diff = point - current with its 95% diff_low/diff_high, pairing (how
    the difference's interval was made), deals (paired deals; null when unpaired), games."""
    sweep_dir = Path(sweep_dir)
    meta = read_sweep(sweep_dir)
    if is_player_sweep(meta):
        raise UserError(str(sweep_dir), None, "a sweep over player counts: its points are separate runs "
                        "(format_players reads them), not a grid paired on the same deals")
    params = meta["params"]
    points = meta["points"]
    ref, _ = reference_index(meta)
    dirs = [sweep_dir / p["dir"] for p in points]
    estimates = [point_estimates(load_stats(d)) for d in dirs]
    has_rows = [(d / "results.parquet").is_file() for d in dirs]
    paired_ids = [i for i, ok in enumerate(has_rows) if ok] if has_rows[ref] else []
    diffs: dict[int, list[dict]] = {}
    if paired_ids:
        from sim.results import read_results

        tables = align([deal_values(read_results(dirs[i])) for i in paired_ids])
        boot = bootstrap_spreads(tables)
        k_ref = paired_ids.index(ref)
        for k, i in enumerate(paired_ids):
            diffs[i] = paired_rows(tables[k], tables[k_ref], boot[:, [k, k_ref]])
    for i in range(len(points)):
        if i == ref and i not in diffs:   # the reference against itself: the same data
            diffs[i] = [{"metric": e["metric"], "diff": 0.0, "diff_low": 0.0, "diff_high": 0.0,
                         "pairing": UNPAIRED, "deals": None} for e in estimates[i]]
        elif i not in diffs:
            diffs[i] = unpaired_rows(estimates[i], estimates[ref])
    rows = []
    for i, p in enumerate(points):
        by_metric = {r["metric"]: r for r in diffs[i]}
        games = int(next(r["_n"] for r in estimates[i] if r["metric"] == LENGTH))
        for e in estimates[i]:
            d = by_metric.get(e["metric"], {})
            rows.append({**{k: str(p["values"][k]) for k in params}, "current": i == ref,
                         **{k: e[k] for k in ("metric", "unit", "estimate", "low", "high")},
                         "diff": d.get("diff"), "diff_low": d.get("diff_low"), "diff_high": d.get("diff_high"),
                         "pairing": d.get("pairing"), "deals": d.get("deals"), "games": games})
    schema = {**{k: pl.String for k in params}, **COLUMNS}
    return pl.DataFrame(rows, schema=schema)


def points_of(t: pl.DataFrame, params: list[str]) -> pl.DataFrame:
    """The grid points of a sweep table, in grid order, with their `current` flag."""
    return t.select(*params, "current").unique(maintain_order=True)


def metric_rows(t: pl.DataFrame, metric: str) -> pl.DataFrame:
    return t.filter(pl.col("metric") == metric)


def pairing_note(t: pl.DataFrame, against: str = "the current value") -> str:
    """One sentence on how the differences' intervals were made."""
    kinds = set(t["pairing"].drop_nulls().to_list())
    parts = []
    if PAIRED in kinds:
        parts.append(f"differences vs {against} are paired per deal (same seed and deals at every point): "
                     "mean of the per-deal differences +- 1.96 sd/sqrt(deals); the position spread's interval is a "
                     f"paired bootstrap over deals ({RESAMPLES} Poisson(1) resamples, seed {BOOTSTRAP_SEED})")
    if UNPAIRED in kinds:
        parts.append("some points have no per-game rows (aggregate mode): their differences are unpaired "
                     "(Newcombe intervals for rates, normal for the mean length, a normal parametric bootstrap "
                     "for the spread), so wider than paired ones")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "." if text else ""


# -- the terminal ------------------------------------------------------------------------

def _pp(x, sign=True) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return f"{100 * x:+.1f}" if sign else f"{100 * x:.1f}"


def _diff(r: dict, scale: float = 100, digits: int = 1) -> str:
    if r.get("diff") is None or math.isnan(r["diff"]):
        return "-"
    f = f"{{:+.{digits}f}}"
    return (f"{f.format(scale * r['diff'])} [{f.format(scale * r['diff_low'])}, "
            f"{f.format(scale * r['diff_high'])}]")


def format_sweep(t: pl.DataFrame, params: list[str], game: str | None = None, width: int = 100,
                 whose: str = "") -> str:
    """One row per grid point (* = the current value): first-player advantage and position
    spread (percentage points) with the difference vs the current value and its 95% interval,
    each position's win rate (%), and the mean game length (dropped if the line would pass
    `width`). `whose` names the bots that played (sweep_whose)."""
    pts = points_of(t, params)
    n_pos = sum(1 for m in t["metric"].unique().to_list() if m.startswith("win rate position "))
    head = [*[p.rsplit(".", 1)[-1][:12] for p in params], "1st adv", "vs current", "spread", "vs current",
            "win % by position", "turns"]
    right = [True] * len(params) + [True, False, True, False, False, True]
    body, marks = [], []
    for point in pts.iter_rows(named=True):
        part = t.filter(pl.all_horizontal([pl.col(p) == point[p] for p in params]))
        cells = {r["metric"]: r for r in part.iter_rows(named=True)}
        fpa, sp, length = cells[FPA], cells[SPREAD], cells[LENGTH]
        rates = " ".join(f"{100 * cells[f'win rate position {i}']['estimate']:4.1f}" for i in range(n_pos))
        body.append([*[str(point[p]) for p in params], _pp(fpa["estimate"]), _diff(fpa), _pp(sp["estimate"], False),
                     _diff(sp), rates, f"{length['estimate']:.1f}"])
        marks.append("* " if point["current"] else "  ")
    widths = [max(len(r[i]) for r in [head, *body]) for i in range(len(head))]
    if 2 + sum(widths) + len(widths) - 1 > width:   # too wide: drop the mean length
        head, body, right, widths = head[:-1], [r[:-1] for r in body], right[:-1], widths[:-1]

    def line(mark, row):
        return (mark + " ".join(f"{c:>{w}}" if r else f"{c:<{w}}" for c, w, r in zip(row, widths, right))).rstrip()

    what = ", ".join(params) + (f" ({game})" if game else "")
    games = int(t["games"].min()) if t.height else 0
    legend = ("1st adv = first-player advantage (position 0's win rate minus the mean over positions); spread = "
              "largest gap between two positions' win rates; both in percentage points; vs current = point minus "
              "the current value, 95% interval; win % by position " + "/".join(map(str, range(n_pos)))
              + ("; turns = mean game length." if head[-1] == "turns" else "."))
    return "\n".join([f"Sweep of {what}{', ' + whose if whose else ''}: {games:,} games per point; "
                      "* = current value",
                      *textwrap.wrap(legend, width), line("  ", head), *[line(m, r) for m, r in zip(marks, body)],
                      *role_block(t, params, pts, width), *textwrap.wrap(pairing_note(t), width)])


def role_block(t: pl.DataFrame, params: list[str], pts: pl.DataFrame, width: int) -> list[str]:
    """Each role's win rate (%) per grid point with its difference vs the current value (and
    its 95% interval where the line has room), for games that deal roles: a faction's balance
    is the sweep's question there too."""
    roles = sorted({m[len(ROLE_METRIC):] for m in t["metric"].unique().to_list() if m.startswith(ROLE_METRIC)})
    if not roles:
        return []
    points = []
    for point in pts.iter_rows(named=True):
        part = t.filter(pl.all_horizontal([pl.col(p) == point[p] for p in params]))
        cells = {r["metric"]: r for r in part.iter_rows(named=True)}
        points.append((point, [cells[ROLE_METRIC + r] for r in roles]))
    for full in (True, False):
        rows, marks = [[*[p.rsplit(".", 1)[-1][:12] for p in params], *roles]], ["  "]
        for point, cells in points:
            rows.append([*[str(point[p]) for p in params],
                         *[f"{100 * c['estimate']:4.1f} " + (_diff(c) if full else f"{100 * c['diff']:+.1f}")
                           for c in cells]])
            marks.append("* " if point["current"] else "  ")
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        lines = [(m + " ".join(f"{c:>{w}}" for c, w in zip(r, widths))).rstrip() for m, r in zip(marks, rows)]
        if not full or max(map(len, lines)) <= width:
            break
    what = "and vs current with its 95% interval" if full else "and vs current"
    return [f"Win rate by role (%), {what}:", *lines]


def sweep_whose(meta: dict) -> str:
    """The bots every point of a sweep played ("with the heuristic bot"), from its base run."""
    return run_whose({"config": meta["base"]}) if meta.get("base") else ""


def format_players(sweep_dir: Path, width: int = 100) -> str:
    """A player-count sweep on the terminal: one row per count with each role's win rate (each
    position's where no roles are dealt), in %, with 95% intervals, and the turn-cap share."""
    from analysis.metrics import share

    meta = read_sweep(sweep_dir)
    stats = [(p["values"]["players"], load_stats(Path(sweep_dir) / p["dir"])) for p in meta["points"]]
    together = all(is_cooperative(s) for _, s in stats)   # one rate: the table's
    layer = "role" if any(s.filter(pl.col("stat") == "win")["role"].drop_nulls().len() for _, s in stats) \
        else "table" if together else TURN_ORDER
    rows = []
    for n, s in stats:
        t = {r[layer]: r for r in win_rates(s, layer).iter_rows(named=True)} if layer != "table" else \
            {"table wins": dict(zip(("win_rate", "ci_low", "ci_high"), table_win_rate(s)))}   # per game, not seat
        capped, games = share(s, "end_reason", label="turn_cap")
        rows.append((n, games, t, capped / games if games else 0.0))
    names = sorted({k for _, _, t, _ in rows for k in t}, key=lambda k: (str(type(k)), k))
    cell = lambda r: f"{100 * r['win_rate']:.1f} [{100 * r['ci_low']:.1f}, {100 * r['ci_high']:.1f}]"  # noqa: E731
    table = [["players", "games", *[str(k) for k in names], "turn cap"]]
    table += [[str(n), f"{g:,}", *[cell(t[k]) if k in t else "-" for k in names], f"{100 * c:.1f}"]
              for n, g, t, c in rows]
    widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
    what = {"role": "role", "table": "the whole table (co-operative)"}.get(layer, "position (0 = first player)")
    whose = sweep_whose(meta)
    return "\n".join([f"Sweep of player counts: {meta['game']}, variant {meta.get('variant', 'base')}"
                      + (f", {whose}" if whose else ""),
                      *textwrap.wrap(f"Win rate (%) by {what} with its 95% interval; turn cap = share of games "
                                     "(%) stopped by the turn cap.", width),
                      *["  " + " ".join(c.rjust(w) for c, w in zip(r, widths)) for r in table]])
