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

from analysis.balance import first_player_advantage, is_cooperative, spread, table_win_rate
from analysis.intervals import Z95, extra_games, normal_quantile, wilson
from analysis.metrics import game_count, moments, share, win_rates
from sim.content import load_toml, nearest
from sim.errors import UserError

PASS, FAIL, UNDECIDED = "pass", "fail", "undecided"
EXIT_CODES = {PASS: 0, FAIL: 1, UNDECIDED: 3}
THRESHOLD_KEYS = ("max_position_spread", "min_first_player_advantage", "max_first_player_advantage",
                  "max_seat_spread", "max_turn_cap_share", "game_length", "max_role_spread",
                  "max_secret_role_spread", "max_strategy_gap", "min_cooperative_win_rate",
                  "max_cooperative_win_rate", "max_team_size_spread", "min_lead_changes", "max_lead_changes",
                  "max_runaway_leader", "min_decided_at", "max_decided_at", "min_winner_behind", "max_winner_behind",
                  "min_comeback_share")
# Keys of older specs that judged turn order by seat index, and what replaced them.
RENAMED = {"max_first_seat_advantage": "max_first_player_advantage (and min_first_player_advantage): "
                                       "turn order is judged by position, seat 0 is not the first player"}


@dataclass
class Verdict:
    criterion: str
    estimate: float
    low: float
    high: float
    allowed: str
    outcome: str
    more_games: int | None  # only for undecided; -1 = the estimate sits on the threshold
    key: str = ""           # the quantity judged (QUANTITIES, or "positions.K" / "roles.NAME")


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


def load_spec(path: Path) -> dict:
    """The spec, checked whole before anything is judged: a value the gate cannot read, or a
    spec that judges nothing, is one line naming the file and the key (exit 2), never a
    traceback (exit 1, which CI reads as unbalanced) nor a silent pass."""
    spec = load_toml(Path(path))
    where = str(path)
    check_tables(spec, where)
    check_spec_table(spec.get("spec", {}), where)
    check_thresholds(spec.get("thresholds", {}), where)
    for table in BOUND_TABLES:
        check_bounds(spec.get(table, {}), table, where)
    check_run_table(spec, path)
    if not (spec.get("thresholds") or any(spec.get(t) for t in BOUND_TABLES)):
        raise UserError(where, "thresholds", "no threshold, so the spec checks nothing (expected a [thresholds] "
                        f"table with one of: {', '.join(THRESHOLD_KEYS)}; or [positions.K] / [roles.NAME] / "
                        "[secret_roles.NAME] bounds)")
    return spec


# The tables a spec may have; a key outside them (a missing or misspelt header) judges nothing.
BOUND_TABLES = ("positions", "roles", "secret_roles")   # min/max win rates of named groups
TABLES = ("spec", "run", "thresholds", *BOUND_TABLES)
SPEC_KEYS = ("game", "confidence")
# Each number threshold's sane range and what it is, for the one-line error.
THRESHOLD_RANGES = {
    "max_position_spread": (0, 1, "the largest gap between two positions' win rates"),
    "min_first_player_advantage": (-1, 1, "position 0's win rate minus the fair share"),
    "max_first_player_advantage": (-1, 1, "position 0's win rate minus the fair share"),
    "max_seat_spread": (0, 1, "the largest gap between two seats' win rates"),
    "max_turn_cap_share": (0, 1, "a share of games"),
    "max_role_spread": (0, 1, "the largest gap between two roles' win rates"),
    "max_secret_role_spread": (0, 1, "the largest gap between two secret roles' win rates"),
    "max_strategy_gap": (0, 1, "the best bot's win rate minus the worst bot's"),
    "max_team_size_spread": (0, 1, "the largest gap between two team sizes' win rates"),
    "min_cooperative_win_rate": (0, 1, "the share of co-operative games the table wins"),
    "max_cooperative_win_rate": (0, 1, "the share of co-operative games the table wins"),
    "min_lead_changes": (0, 1000, "lead changes per game, from the run's arc"),
    "max_lead_changes": (0, 1000, "lead changes per game, from the run's arc"),
    "max_runaway_leader": (0, 1, "the share of games the sole leader after the first checkpoint wins, "
                                 "from the run's arc"),
    "min_decided_at": (1, 1000, "the checkpoint from which a winner leads for good, from the run's arc"),
    "max_decided_at": (1, 1000, "the checkpoint from which a winner leads for good, from the run's arc"),
    "min_winner_behind": (0, 1, "the share of checkpoints at which no winner leads, from the run's arc"),
    "max_winner_behind": (0, 1, "the share of checkpoints at which no winner leads, from the run's arc"),
    "min_comeback_share": (0, 1, "the share of winners once alone in last place, from the run's arc"),
}
# Thresholds that come as a lower and an upper bound of one quantity.
PAIRS = (("min_first_player_advantage", "max_first_player_advantage"),
         ("min_cooperative_win_rate", "max_cooperative_win_rate"), ("min_lead_changes", "max_lead_changes"),
         ("min_decided_at", "max_decided_at"), ("min_winner_behind", "max_winner_behind"))
IN_THRESHOLDS = "; thresholds go under the [thresholds] header"


def is_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def number(where: str, key: str, value, low: float, high: float, what: str) -> None:
    """A spec value that must be a number in [low, high]."""
    if not is_number(value):
        raise UserError(where, key, f"expected a number ({what}), got {value!r}")
    if not low <= value <= high:
        raise UserError(where, key, f"expected {low:g} .. {high:g} ({what}), got {value:g}")


def unknown(key: str, known) -> str:
    hint = nearest(key, list(known))
    return f"did you mean '{hint}'?" if hint else f"expected one of: {', '.join(known)}"


def check_tables(spec: dict, where: str) -> None:
    for key, value in spec.items():
        if key in TABLES:
            if not isinstance(value, dict):
                raise UserError(where, key, f"expected a table [{key}], got {value!r}")
        elif key in THRESHOLD_KEYS or key in RENAMED:
            raise UserError(where, key, "a threshold outside any table judges nothing" + IN_THRESHOLDS)
        elif isinstance(value, dict):
            hint = nearest(key, list(TABLES))
            raise UserError(where, key, f"unknown table [{key}] (" + (f"did you mean [{hint}]?)" if hint else
                            "expected the tables [spec], [run], [thresholds], [positions.K], [roles.NAME], [secret_roles.NAME])"))
        else:
            raise UserError(where, key, "unknown key outside any table (expected the tables [spec], [run], "
                            "[thresholds], [positions.K], [roles.NAME], [secret_roles.NAME])")


def check_spec_table(table: dict, where: str) -> None:
    for key, value in table.items():
        if key not in SPEC_KEYS:
            hint = IN_THRESHOLDS if key in THRESHOLD_KEYS else ""
            raise UserError(where, f"spec.{key}", f"unknown key in [spec] (expected: {', '.join(SPEC_KEYS)}){hint}")
    if "game" in table and not (isinstance(table["game"], str) and table["game"]):
        raise UserError(where, "spec.game", f"expected a game id, e.g. \"bastille\", got {table['game']!r}")
    number(where, "spec.confidence", table.get("confidence", 0.95), 0.5, 0.999, "the intervals' confidence")


def check_thresholds(thr: dict, where: str) -> None:
    for old, new in RENAMED.items():
        if old in thr:
            raise UserError(where, f"thresholds.{old}", f"no longer judged; use {new}")
    for key, value in thr.items():
        if key == "game_length":
            check_length(value, where)
        elif key in THRESHOLD_RANGES:
            number(where, f"thresholds.{key}", value, *THRESHOLD_RANGES[key])
        else:
            raise UserError(where, f"thresholds.{key}", f"unknown threshold ({unknown(key, THRESHOLD_KEYS)})")
    for low_key, high_key in PAIRS:
        low, high = thr.get(low_key), thr.get(high_key)
        if low is not None and high is not None and low > high:
            raise UserError(where, f"thresholds.{low_key}", f"expected at most {high_key} ({high:g}), got {low:g}")


def check_length(value, where: str) -> None:
    key = "thresholds.game_length"
    if not (isinstance(value, list) and len(value) == 2 and all(is_number(v) for v in value)):
        raise UserError(where, key, f"expected [min, max], two numbers of turns, got {value!r}")
    if not 0 <= value[0] <= value[1]:
        raise UserError(where, key, f"expected 0 <= min <= max, got {value!r}")


def check_bounds(bounds: dict, table: str, where: str) -> None:
    """[positions.K], [roles.NAME] and [secret_roles.NAME]: min and/or max win rates."""
    for name, b in bounds.items():
        key = f"{table}.{name}"
        if table == "positions" and not name.isdigit():
            raise UserError(where, key, "expected a position number (0 = the first player)")
        if not isinstance(b, dict) or not b:
            raise UserError(where, key, f"expected a table [{key}] with min and/or max, got {b!r}")
        for end, value in b.items():
            if end not in ("min", "max"):
                raise UserError(where, f"{key}.{end}", "unknown key (expected min and/or max)")
            number(where, f"{key}.{end}", value, 0, 1, "a win rate")
        if b.get("min", 0) > b.get("max", 1):
            raise UserError(where, f"{key}.min", f"expected at most {key}.max ({b['max']:g}), got {b['min']:g}")


# -- the quantities a spec judges, measured once for the gate and for the report's verdict ----------
# Each quantity: (criterion as the gate names it, the threshold keys of its lower and upper bound).
QUANTITIES = {
    "first_player_advantage": ("first-player advantage", "min_first_player_advantage", "max_first_player_advantage"),
    "position_spread": ("position win-rate spread", None, "max_position_spread"),
    "seat_spread": ("seat win-rate spread (by seat)", None, "max_seat_spread"),
    "turn_cap_share": ("turn-cap share", None, "max_turn_cap_share"),
    "game_length": ("mean game length", None, None),
    "role_spread": ("role win-rate spread", None, "max_role_spread"),
    "secret_role_spread": ("secret-role win-rate spread", None, "max_secret_role_spread"),
    "strategy_gap": ("strategy gap (best bot minus worst)", None, "max_strategy_gap"),
    "cooperative_win_rate": ("co-operative table win rate", "min_cooperative_win_rate", "max_cooperative_win_rate"),
    "team_size_spread": ("team-size win-rate spread (hidden sides)", None, "max_team_size_spread"),
    "lead_changes": ("lead changes per game (arc)", "min_lead_changes", "max_lead_changes"),
    "runaway_leader": ("sole leader after the first checkpoint wins (arc)", None, "max_runaway_leader"),
    "decided_at": ("a winner leads for good from checkpoint (arc)", "min_decided_at", "max_decided_at"),
    "winner_behind": ("a winner is behind, share of checkpoints (arc)", "min_winner_behind", "max_winner_behind"),
    "comeback_share": ("winners once alone in last place (arc)", "min_comeback_share", None),
}
# Quantities read from the run's arc (analysis.arc: balance run --arc, balance arc), not its results,
# and the figure of the arc's sums (analysis.arc_sums) each is.
ARC_QUANTITIES = ("lead_changes", "runaway_leader", "decided_at", "winner_behind", "comeback_share")
ARC_SUMS = {"lead_changes": ("lead_changes", -1), "runaway_leader": ("runaway", 0), "decided_at": ("decided_at", -1),
            "winner_behind": ("behind", -1), "comeback_share": ("comeback", -1)}
SPREAD_OF = {"position_spread": "position", "seat_spread": "seat", "role_spread": "role",
             "secret_role_spread": "secret_role", "strategy_gap": "bot"}
BOUND_OF = dict(zip(BOUND_TABLES, ("position", "role", "secret_role")))   # [positions.K] -> column


def z_of(confidence: float) -> float:
    return Z95 if confidence == 0.95 else normal_quantile(1 - (1 - confidence) / 2)


def spec_regions(spec: dict) -> list[tuple[str, tuple[float, float]]]:
    """Every quantity the spec judges with its allowed region, in the gate's order: the
    [thresholds] (a pair's one bound leaves the other side open), then the named groups'
    bounds as "positions.K", "roles.NAME", "secret_roles.NAME"."""
    thr, out = spec.get("thresholds", {}), []
    order = ("position_spread", "first_player_advantage", "seat_spread", "turn_cap_share", "game_length",
             "role_spread", "secret_role_spread", "team_size_spread", "strategy_gap", "cooperative_win_rate",
             *ARC_QUANTITIES)
    for q in order:
        _, low, high = QUANTITIES[q]
        if q == "game_length":
            if "game_length" in thr:
                out.append((q, tuple(thr["game_length"])))
        elif (low and low in thr) or (high and high in thr):
            out.append((q, (thr.get(low, -math.inf) if low else -math.inf, thr.get(high, math.inf))))
    for table in BOUND_TABLES:
        for name, b in spec.get(table, {}).items():
            out.append((f"{table}.{name}", (b.get("min", -math.inf), b.get("max", math.inf))))
    return out


def measure(stats: pl.DataFrame, quantity: str, confidence: float = 0.95,
            spec_path: str = "spec", rows: pl.DataFrame | None = None, arc=None) -> tuple[str, float, float, float]:
    """(criterion, estimate, low, high) of one quantity: the one place both `balance check` and
    the report's verdict measure it, so the two cannot disagree. A quantity these results
    cannot answer (no roles dealt, not co-operative, an unknown group, team sizes without the
    per-game rows) is a UserError naming the spec key."""
    z = z_of(confidence)
    if quantity in ARC_QUANTITIES:
        return (QUANTITIES[quantity][0], *arc_measure(arc, quantity, z, spec_path))
    if quantity == "team_size_spread":
        return (QUANTITIES[quantity][0], *team_size_spread(rows, confidence, spec_path))
    if quantity in SPREAD_OF:
        by = SPREAD_OF[quantity]
        if by in ("role", "secret_role", "bot"):
            groups_to_compare(stats, by, QUANTITIES[quantity][2], spec_path)
        return (QUANTITIES[quantity][0], *spread(stats, confidence, by))
    if quantity == "first_player_advantage":
        return (QUANTITIES[quantity][0], *first_player_advantage(stats, z))
    if quantity == "turn_cap_share":
        capped, n = share(stats, "end_reason", label="turn_cap")
        lo, hi = wilson(capped, n, z)
        return QUANTITIES[quantity][0], capped / n, float(lo), float(hi)
    if quantity == "game_length":
        m = moments(stats, "turns", []).row(0, named=True)
        half = z * m["sd"] / math.sqrt(m["n"])
        unit = length_unit(set(stats["game"].unique()))
        return f"mean game length ({unit}s)", m["mean"], m["mean"] - half, m["mean"] + half
    if quantity == "cooperative_win_rate":
        if not is_cooperative(stats):
            raise UserError(spec_path, "thresholds.min_cooperative_win_rate", "the results are not of a "
                            "co-operative variant")
        return (QUANTITIES[quantity][0], *table_win_rate(stats, z))
    table, _, name = quantity.partition(".")
    if table in BOUND_OF:
        return group_rate(stats, table, name, BOUND_OF[table], z, spec_path)
    raise ValueError(f"unknown quantity {quantity!r}")


def team_size_spread(rows: pl.DataFrame | None, confidence: float, spec_path: str) -> tuple[float, float, float]:
    """The largest gap between team sizes' win rates (analysis.teams): hidden sides dealt in
    varying numbers, counted from the per-game rows."""
    from analysis import teams

    key = "thresholds.max_team_size_spread"
    if rows is None:
        raise UserError(spec_path, key, "needs the run's per-game rows (results.parquet; an --aggregate run keeps none)")
    if not teams.sizes_vary(rows):
        raise UserError(spec_path, key, "needs hidden sides dealt in more than one team size (these results "
                        "have one or none)")
    return teams.size_spread(rows, confidence)[1:]


def arc_measure(arc, quantity: str, z: float, spec_path: str) -> tuple[float, float, float]:
    """(estimate, low, high) of an arc quantity (the run's arc, analysis.studies.arc.Arc), read
    from its sufficient statistics (rows and --aggregate alike): a mean with its normal
    interval, or a share (the sole leader's wins, comebacks) with Wilson's, a faction being one
    contestant."""
    from analysis.arc_sums import SHARES

    low, high = QUANTITIES[quantity][1:]
    key = f"thresholds.{high or low}"
    if arc is None:
        raise UserError(spec_path, key, "needs the run's arc (record it with balance run --arc, or balance arc RUN)")
    measure, checkpoint = ARC_SUMS[quantity]
    r = arc.sums.filter((pl.col("by") == "all") & (pl.col("measure") == measure) & (pl.col("checkpoint") == checkpoint))
    n, total, sq = (int(r["n"][0]), float(r["sum"][0]), float(r["sumsq"][0])) if r.height else (0, 0.0, 0.0)
    if quantity == "runaway_leader" and not n:
        raise UserError(spec_path, key, f"no game of the arc has a sole leader after {arc.runaway.row(0, named=True)['name']}")
    if not n:
        raise UserError(spec_path, key, "the arc has no game to measure it on")
    if measure in SHARES:
        lo, hi = wilson(total, n, z)
        return total / n, float(lo), float(hi)
    from analysis.arc import within

    mean = total / n
    half = z * math.sqrt(max(sq - n * mean * mean, 0.0) / (n - 1) / n) if n > 1 else math.inf
    return (mean, *within(measure, mean - half, mean + half))   # lead changes never below 0, ...


def evaluate(stats: pl.DataFrame, quantity: str, region: tuple[float, float], confidence: float = 0.95,
             spec_path: str = "spec", rows: pl.DataFrame | None = None, arc=None) -> Verdict:
    """One quantity judged on its interval against its allowed region: a gate line and a verdict mark."""
    name, est, lo, hi = measure(stats, quantity, confidence, spec_path, rows, arc)
    games = arc.games if quantity in ARC_QUANTITIES else game_count(stats)
    v = judge(name, est, lo, hi, region, games)
    v.key = quantity
    return v


def check(stats: pl.DataFrame, spec: dict, spec_path: str = "spec", rows: pl.DataFrame | None = None,
          arc=None) -> list[Verdict]:
    """Judge every criterion of the spec on these statistics (and the per-game rows, which
    only the team-size spread needs, and the run's arc, which the arc quantities need)."""
    game = spec.get("spec", {}).get("game")
    present = set(stats["game"].unique())
    if game and present != {game}:
        raise UserError(spec_path, "spec.game", f"spec is for '{game}', results are for {', '.join(sorted(present))}")
    conf = spec.get("spec", {}).get("confidence", 0.95)
    return [evaluate(stats, q, region, conf, spec_path, rows, arc) for q, region in spec_regions(spec)]


def groups_to_compare(stats: pl.DataFrame, by: str, key: str, spec_path: str) -> None:
    """A gap needs two groups: a spec judging roles on a run that dealt none (or a strategy gap
    with one bot in every seat) is a spec for other runs, never a pass."""
    found = win_rates(stats, by)[by].drop_nulls().to_list()
    if len(found) < 2:
        what = {"bot": "bots", "role": "roles", "secret_role": "secret roles"}[by]
        raise UserError(spec_path, f"thresholds.{key}", f"needs two {what} in the results (found: "
                        f"{', '.join(map(str, found)) or 'none'})")


def group_rate(stats: pl.DataFrame, table: str, name: str, by: str, z: float,
               spec_path: str) -> tuple[str, float, float, float]:
    """A named position's or role's win rate with its Wilson interval ([positions.K], [roles.NAME])."""
    rates = win_rates(stats, by)
    row = rates.filter(pl.col(by).cast(pl.String) == str(name))
    if row.height == 0:
        found = ", ".join(map(str, rates[by].drop_nulls()))
        raise UserError(spec_path, f"{table}.{name}", f"no such {by} in the results (found: {found})")
    r = row.row(0, named=True)
    lo, hi = wilson(r["wins"], r["games"], z)
    return f"win rate of {by} {name}", r["win_rate"], float(lo), float(hi)


def length_unit(games: set[str]) -> str:
    """What one turn of these games is (a tile placement, a player turn), if they agree."""
    from sim.registry import game_ids, get_game

    units = {get_game(g).turn_unit for g in games if g in game_ids()}
    return units.pop() if len(units) == 1 else "turn"


def overall(verdicts: list[Verdict]) -> str:
    outcomes = {v.outcome for v in verdicts}
    return FAIL if FAIL in outcomes else UNDECIDED if UNDECIDED in outcomes else PASS


def format_verdicts(verdicts: list[Verdict], games: int, confidence: float = 0.95) -> str:
    pct = f"{confidence:.0%}"
    lines = [f"Balance check on {games:,} games ({pct} intervals)",
             f"  {'criterion':<36} {'estimate':>9} {pct + ' interval':>20} {'allowed':>14} {'outcome':>10} {'more games':>12}"]
    for v in verdicts:
        more = "" if v.more_games is None else ("n/a (on edge)" if v.more_games < 0 else f"~{v.more_games:,}")
        lines.append(f"  {v.criterion:<36} {v.estimate:>9.4f} [{v.low:>8.4f}, {v.high:>8.4f}] "
                     f"{v.allowed:>14} {v.outcome.upper():>10} {more:>12}")
    lines.append(f"Overall: {overall(verdicts).upper()}")
    return "\n".join(lines)


# -- the run a spec judges ([run] table) -----------------------------------------------------------
RUN_KEYS = ("game", "players", "variant", "bots", "rotate_seats", "min_games")


def check_run_table(spec: dict, path: Path) -> None:
    """load_spec's validation of the optional [run] table: which runs the spec judges."""
    run = spec.get("run")
    if run is None:
        return
    where = str(path)
    if not isinstance(run, dict):
        raise UserError(where, "run", "expected a table: [run] with game, players, variant, bots, ...")
    for key in run:
        if key not in RUN_KEYS:
            raise UserError(where, f"run.{key}", f"unknown key in [run] (expected one of: {', '.join(RUN_KEYS)})"
                            + (IN_THRESHOLDS if key in THRESHOLD_KEYS else ""))
    old_game = spec.get("spec", {}).get("game")
    if "game" not in run and not old_game:
        raise UserError(where, "run.game", "missing: the game this spec judges")
    is_int = lambda v: isinstance(v, int) and not isinstance(v, bool)  # noqa: E731
    is_names = lambda v: isinstance(v, str) and v != "" or (  # noqa: E731
        isinstance(v, list) and v != [] and all(isinstance(b, str) and b for b in v))
    checks = {"game": (lambda v: isinstance(v, str) and v != "", "a game id, e.g. \"bastille\""),
              "players": (lambda v: is_int(v) and v >= 1 or (isinstance(v, list) and v != [] and all(
                  is_int(p) and p >= 1 for p in v)), "a player count or a list of them, e.g. 4 or [3, 4]"),
              "variant": (lambda v: isinstance(v, str) and v != "", "the run's variant, e.g. \"base\" or "
                          "\"chauvelin+short\""),
              "bots": (is_names, "one bot name for every seat, or a list of one per seat"),
              "rotate_seats": (lambda v: isinstance(v, bool), "true or false"),
              "min_games": (lambda v: is_int(v) and v >= 0, "a number of games (0 or more)")}
    for key, (ok, expected) in checks.items():
        if key in run and not ok(run[key]):
            raise UserError(where, f"run.{key}", f"expected {expected}, got {run[key]!r}")
    if old_game and "game" in run and old_game != run["game"]:
        raise UserError(where, "run.game", f"'{run['game']}' disagrees with spec.game '{old_game}'")
    # check() compares the results' game with spec.game: keep doing so for [run]-only specs.
    spec.setdefault("spec", {}).setdefault("game", run.get("game", old_game))


def _variant_set(variant: str | None) -> frozenset:
    return frozenset(v for v in (variant or "base").split("+") if v and v != "base")


def _seat_bots(bots, players) -> list | None:
    bots = [bots] if isinstance(bots, str) else list(bots or [])
    if len(bots) == 1 and isinstance(players, int):
        return bots * players
    return bots or None


def _bots_text(bots: list | None) -> str:
    if not bots:
        return "no bots recorded"
    return f"{bots[0]} in every seat" if len(set(bots)) == 1 else ",".join(bots)


def extend_command(run_dir, meta: dict, more_games: int) -> str:
    """The command that adds at least ``more_games`` games to the run in run_dir (-n counts
    deals; a seat-rotated run plays each deal once per rotation)."""
    import shlex

    cfg = meta.get("config", {})
    rotations = int(cfg.get("players") or 1) if cfg.get("rotate_seats") else 1
    deals = max(1, -(-int(more_games) // rotations))
    return f"balance run --extend {shlex.quote(str(run_dir))} -n {deals}"


def check_run(spec: dict, meta: dict | None, spec_path: str = "spec", run_dir=None) -> None:
    """The spec's [run] table against the run's run.json: the game, player count, variant,
    bots and seat rotation it was played with, and at least min_games games. A mismatch is
    a UserError naming the spec file, the key, what the spec expects and what the run has."""
    run = spec.get("run")
    if not run:
        return
    if meta is None:
        raise UserError(str(run_dir or "run"), None, "no run.json here (is this a run directory?): the spec's "
                        f"[run] table ({spec_path}) is checked against it")
    cfg = meta.get("config") or {}

    def fail(key: str, text: str):
        raise UserError(str(spec_path), f"run.{key}", text)

    game = run.get("game", spec.get("spec", {}).get("game"))
    if game and cfg.get("game") != game:
        fail("game", f"the spec judges {game} runs, this run is of {cfg.get('game')}")
    players = cfg.get("players")
    if "players" in run:
        allowed = run["players"] if isinstance(run["players"], list) else [run["players"]]
        if players not in allowed:
            fail("players", f"the spec judges {'/'.join(map(str, allowed))}-player runs, this run has "
                            f"{players} players")
    if "variant" in run:
        has = meta.get("variant") or "+".join(cfg.get("variants") or []) or "base"
        if _variant_set(run["variant"]) != _variant_set(has):
            fail("variant", f"the spec judges variant '{run['variant']}', this run has variant '{has}'")
    if "bots" in run:
        want, has = _seat_bots(run["bots"], players), _seat_bots(cfg.get("bots"), players)
        if want != has:
            fail("bots", f"the spec judges {_bots_text(want)}, this run has {_bots_text(has)}")
    if "rotate_seats" in run:
        rotated = bool(cfg.get("rotate_seats", False))
        if rotated != run["rotate_seats"]:
            fail("rotate_seats", "the spec judges runs " + ("with" if run["rotate_seats"] else "without")
                 + " --rotate-seats, this run was played " + ("with" if rotated else "without") + " it")
    if "min_games" in run:
        played = int(meta.get("games_played") or 0)
        if played < run["min_games"]:
            missing = run["min_games"] - played
            fail("min_games", f"the spec needs at least {run['min_games']:,} games, this run has {played:,}: "
                              f"add {missing:,} with `{extend_command(run_dir or 'RUN_DIR', meta, missing)}`")


def extend_hint(verdicts: list[Verdict], meta: dict | None, run_dir) -> str | None:
    """For an undecided check: the command that plays the most games any criterion asks for."""
    more = [v.more_games for v in verdicts if v.outcome == UNDECIDED and v.more_games and v.more_games > 0]
    if not more or not meta or not meta.get("config"):
        return None
    return f"To decide, play ~{max(more):,} more games: {extend_command(run_dir, meta, max(more))}"
