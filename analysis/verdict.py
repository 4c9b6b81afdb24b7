"""The verdict a designer reads first: for one run, turn order, roles, strategies and how
games end, each as an estimate with its interval and a mark - fine, worth a look or
unbalanced.

The marks are `balance check`'s outcomes on the same thresholds (check.judge): fine = the
whole interval lies inside the allowed region (pass), unbalanced = the whole interval lies
outside (fail), worth a look = it straddles a bound, so more games would decide (undecided).
The thresholds are a balance spec's when one is given; what a spec leaves out, and every
threshold when there is no spec, comes from DEFAULT_THRESHOLDS. Each line says which."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import polars as pl

from analysis import emerald, teams
from analysis.balance import (TURN_ORDER, equal_rates_of, format_p, game_of, group_rates, is_cooperative,
                              positions_meaningful, simultaneous)
from analysis.check import (ARC_QUANTITIES, BOUND_TABLES, FAIL, PASS, QUANTITIES, UNDECIDED, Verdict, check_run, evaluate, judge,
                            spec_regions, z_of)
from analysis.intervals import wilson
from analysis.metrics import game_count, share
from sim.errors import UserError

FINE, LOOK, UNBALANCED = "fine", "worth a look", "unbalanced"
MARKS = {PASS: FINE, UNDECIDED: LOOK, FAIL: UNBALANCED}

# Used without a spec, and for every threshold a spec leaves out. Rates and gaps are shares
# (0.05 = 5 percentage points); the keys are balance check's.
DEFAULT_THRESHOLDS = {
    "min_first_player_advantage": -0.05,  # the first player within 5 points of the fair share
    "max_first_player_advantage": 0.05,
    "max_position_spread": 0.10,          # no two places in the turn order 10 points apart
    "max_role_spread": 0.10,              # no two sides or factions 10 points apart
    "max_secret_role_spread": 0.10,
    "max_strategy_gap": 0.25,             # one bot winning 25 points more than another dominates
    "max_team_size_spread": 0.10,         # hidden sides: a lone seat within 10 points of a seat with teammates
    "max_turn_cap_share": 0.01,           # at most 1 game in 100 stopped by the turn cap
    "min_cooperative_win_rate": 0.20,     # a co-operative table wins 1 game in 5 to 4 in 5
    "max_cooperative_win_rate": 0.80,
}


@dataclass
class Thresholds:
    """The thresholds one run is judged by, and where each came from."""

    values: dict
    spec: str | None = None                # the spec file, None = defaults only
    from_spec: set = field(default_factory=set)
    confidence: float = 0.95
    note: str = ""                         # why a given spec was not used for this run
    bounds: dict = field(default_factory=dict)   # the spec's [positions.K], [roles.NAME], [secret_roles.NAME]

    def spec_quantities(self) -> list[str]:
        """Every quantity the spec judges (check.spec_regions), in the gate's order."""
        spec = {"thresholds": {k: self.values[k] for k in self.from_spec}, **self.bounds}
        return [q for q, _ in spec_regions(spec)]

    def region(self, low_key: str | None, high_key: str | None) -> tuple[tuple[float, float], str]:
        """The allowed region of one quantity and its source: a spec that sets either bound
        of a pair sets the region (the other side open), as balance check reads it."""
        keys = [k for k in (low_key, high_key) if k]
        values = self.values if any(k in self.from_spec for k in keys) else DEFAULT_THRESHOLDS
        source = "spec" if any(k in self.from_spec for k in keys) else "default"
        low = values.get(low_key, -math.inf) if low_key else -math.inf
        high = values.get(high_key, math.inf) if high_key else math.inf
        return (low, high), source


def thresholds_for(spec: dict | None, spec_path: str | None = None, meta: dict | None = None,
                   run_dir=None, game: str | None = None) -> Thresholds:
    """A spec's thresholds for this run, or the defaults (with the reason) when there is no
    spec or the spec judges other runs (its game or [run] table)."""
    if not spec:
        return Thresholds(dict(DEFAULT_THRESHOLDS))
    conf = spec.get("spec", {}).get("confidence", 0.95)
    try:
        want = spec.get("spec", {}).get("game")
        if want and game and want != game:
            raise UserError(str(spec_path), "spec.game", f"the spec judges {want}, this run is of {game}")
        check_run(spec, meta, str(spec_path), run_dir)
    except UserError as e:
        return Thresholds(dict(DEFAULT_THRESHOLDS), confidence=conf,
                          note=f"{spec_path} judges other runs ({e.expected}): defaults used")
    given = spec.get("thresholds", {})
    bounds = {t: spec[t] for t in BOUND_TABLES if spec.get(t)}
    return Thresholds({**DEFAULT_THRESHOLDS, **given}, str(spec_path), set(given), conf, bounds=bounds)


@dataclass
class Line:
    """One question of the verdict, in the designer's words."""

    question: str
    estimate: str          # the estimate with its interval
    detail: str            # what lies behind it: which groups, the whole-table test
    mark: str = ""         # fine / worth a look / unbalanced; "" when nothing is judged
    allowed: str = ""      # the threshold and its source
    key: str = ""          # the quantity judged (analysis.check.QUANTITIES, or "positions.K" ...)
    value: tuple | None = None   # (estimate, low, high) as numbers, for comparing line-ups
    more_games: int | None = None   # worth a look: about how many more games would decide
    groups: tuple | None = None     # a gap's (highest, lowest) group, e.g. ("position 0", "position 3")


def pp(x: float) -> str:
    return f"{100 * x:+.1f} pp"


def gap_text(est: float, lo: float, hi: float) -> str:
    return f"{100 * est:.1f} pp [{100 * lo:.1f}, {100 * hi:.1f}]"


def share_text(est: float, lo: float, hi: float, digits: int = 1) -> str:
    return f"{100 * est:.{digits}f}% [{100 * lo:.{digits}f}, {100 * hi:.{digits}f}]"


def allowed_text(region: tuple[float, float], unit: str, source: str) -> str:
    """A region in the unit the estimate is shown in: pp for gaps, % for shares."""
    a, b = region
    if unit == "turns":
        fmt, suffix = (lambda x: f"{x:g}"), " turns"
    else:
        fmt = (lambda x: f"{100 * x:+.0f}") if unit == "signed pp" else (lambda x: f"{100 * x:g}")
        suffix = " pp" if "pp" in unit else "%"
    text = f"<= {fmt(b)}{suffix}" if a == -math.inf else f">= {fmt(a)}{suffix}" if b == math.inf \
        else f"{fmt(a)} .. {fmt(b)}{suffix}"
    return f"{text} ({source})"


def judged(stats: pl.DataFrame, quantity: str, thr: Thresholds, rows: pl.DataFrame | None = None):
    """check.evaluate on the region the thresholds give: (Verdict, region, source). The gate and
    the verdict share this one evaluation, so a report with a spec marks what `balance check` says."""
    if "." in quantity:
        table, _, name = quantity.partition(".")
        b = thr.bounds.get(table, {}).get(name, {})
        region, source = (b.get("min", -math.inf), b.get("max", math.inf)), "spec"
    elif quantity == "game_length":
        region, source = tuple(thr.values["game_length"]), "spec"
    else:
        region, source = thr.region(*QUANTITIES[quantity][1:])
    return evaluate(stats, quantity, region, thr.confidence, str(thr.spec or "spec"), rows), region, source


def marked(line: Line, v: Verdict, region: tuple[float, float], source: str, unit: str) -> Line:
    """The line with the mark of its judged quantity (pass / undecided / fail)."""
    line.mark, line.allowed = MARKS[v.outcome], allowed_text(region, unit, source)
    line.key, line.value = v.key, (v.estimate, v.low, v.high)
    if v.outcome == UNDECIDED and v.more_games and v.more_games > 0:
        line.detail += f"; about {v.more_games:,} more games would decide"
        line.more_games = v.more_games
    return line


def turn_order_lines(stats: pl.DataFrame, thr: Thresholds) -> list[Line]:
    """The first-player advantage and the largest gap between positions, with the whole-table test."""
    game = game_of(stats)
    if not positions_meaningful(stats):
        return [Line("turn order", "-", f"positions carry no meaning in {game.name}: a seat's place is only "
                     "a player id, so turn order is not judged")]
    t = group_rates(stats, TURN_ORDER)
    v, region, source = judged(stats, "first_player_advantage", thr)
    first = t.filter(pl.col(TURN_ORDER) == 0).row(0, named=True)
    fair = first["win_rate"] - v.estimate
    lines = [marked(Line("first-player advantage", f"{pp(v.estimate)} [{100 * v.low:+.1f}, {100 * v.high:+.1f}]",
                         f"position 0 (the first player) wins {100 * first['win_rate']:.1f}%; fair share "
                         f"{100 * fair:.1f}%"), v, region, source, "signed pp")]
    lines.append(gap_line(stats, t, TURN_ORDER, "largest gap between positions", "position_spread", thr))
    return lines


def gap_line(stats: pl.DataFrame, t: pl.DataFrame, by: str, question: str, quantity: str,
             thr: Thresholds) -> Line:
    """The largest gap between two groups' win rates (simultaneous interval), naming the two
    groups, with the whole-table test of equal rates."""
    v, region, source = judged(stats, quantity, thr)
    order = t.sort("win_rate", descending=True, maintain_order=True)
    hi_row, lo_row = order.row(0, named=True), order.row(-1, named=True)
    name = {"position": "position ", "seat": "seat ", "bot": "", "role": "", "secret_role": ""}[by]
    test = equal_rates_of(t, by)
    words = {"position": "positions", "seat": "seats", "bot": "bots", "role": "roles",
             "secret_role": "secret roles"}[by]
    whole = (f"the {words} do not win equally often (p {format_p(test.p)})" if test.differ
             else f"no difference between the {words} at this sample size (p {format_p(test.p)})")
    detail = (f"{name}{hi_row[by]} {100 * hi_row['win_rate']:.1f}% vs {name}{lo_row[by]} "
              f"{100 * lo_row['win_rate']:.1f}%; {whole}")
    line = Line(question, gap_text(v.estimate, v.low, v.high), detail,
                groups=(f"{name}{hi_row[by]}", f"{name}{lo_row[by]}"))
    return marked(line, v, region, source, "pp")


def dealt(stats: pl.DataFrame, by: str) -> pl.DataFrame:
    """Win rates by a column, when the run has at least two groups of it."""
    t = group_rates(stats, by)
    return t if t.height > 1 else t.clear()


def role_lines(stats: pl.DataFrame, thr: Thresholds) -> list[Line]:
    out = []
    for by, question, quantity in (("role", "largest gap between roles", "role_spread"),
                                   ("secret_role", "largest gap between secret roles", "secret_role_spread")):
        t = dealt(stats, by)
        if t.height:
            out.append(gap_line(stats, t, by, question, quantity, thr))
    return out


def strategy_line(stats: pl.DataFrame, thr: Thresholds) -> list[Line]:
    t = dealt(stats, "bot")
    return [gap_line(stats, t, "bot", "strategy gap (best bot minus worst)", "strategy_gap", thr)
            ] if t.height else []


def turn_cap_line(stats: pl.DataFrame, thr: Thresholds) -> Line:
    v, region, source = judged(stats, "turn_cap_share", thr)
    capped, n = share(stats, "end_reason", label="turn_cap")
    line = Line("turn-cap share", share_text(v.estimate, v.low, v.high, 2),
                f"{int(capped):,} of {n:,} games stopped by the turn cap (no winner)")
    return marked(line, v, region, source, "%")


def cooperative_line(stats: pl.DataFrame, thr: Thresholds, games: int) -> Line:
    v, region, source = judged(stats, "cooperative_win_rate", thr)
    line = Line("the table's win rate (co-operative)", share_text(v.estimate, v.low, v.high),
                f"all seats win or lose together: {round(v.estimate * games):,} of {games:,} games won")
    return marked(line, v, region, source, "%")


# Spec thresholds the default questions do not ask: each becomes a line of its own when a spec
# sets it, so the verdict marks every threshold `balance check` checks.
SPEC_ONLY_QUESTIONS = {"seat_spread": "largest gap between seats (by seat, not turn order)",
                       "game_length": "mean game length"}


def spec_only_lines(stats: pl.DataFrame, thr: Thresholds, asked: set[str]) -> list[Line]:
    """A line for every quantity the spec judges that the default questions left out: the seat
    gap, game length, [positions.K], [roles.NAME], [secret_roles.NAME], and a spread the run
    cannot answer (then unmarked, saying why: `balance check` refuses it too)."""
    out = []
    for quantity in thr.spec_quantities():
        if quantity in asked or quantity in ARC_QUANTITIES:    # the arc's: its own line (reports.build.arc_verdict)
            continue
        try:
            v, region, source = judged(stats, quantity, thr)
        except UserError as e:
            out.append(Line(QUANTITIES.get(quantity, (quantity,))[0], "-", f"not judged: {e.expected} "
                            "(balance check stops on this with exit 2)", key=quantity))
            continue
        if quantity == "game_length":
            line = Line(f"{SPEC_ONLY_QUESTIONS[quantity]} ({v.criterion.split('(')[-1].rstrip(')')})",
                        f"{v.estimate:.1f} [{v.low:.1f}, {v.high:.1f}]", "mean over all games with its "
                        "normal interval")
            out.append(marked(line, v, region, source, "turns"))
        elif quantity == "seat_spread":
            out.append(gap_line(stats, group_rates(stats, "seat"), "seat", SPEC_ONLY_QUESTIONS[quantity],
                                quantity, thr))
        else:
            table, _, name = quantity.partition(".")
            what = {"positions": "position", "roles": "role", "secret_roles": "secret role"}[table]
            line = Line(f"win rate of {what} {name}", share_text(v.estimate, v.low, v.high),
                        "its Wilson interval")
            out.append(marked(line, v, region, source, "%"))
    return out


def bots_played(rows: pl.DataFrame) -> str:
    """Which bots produced a figure, in one phrase."""
    bots = sorted(rows["bot"].drop_nulls().unique().to_list())
    return f"played by {', '.join(bots)}" if bots else "bots not recorded"


def team_size_line(stats: pl.DataFrame, rows: pl.DataFrame, thr: Thresholds) -> list[Line]:
    """Hidden sides dealt in varying numbers: each team size's win rate, the largest gap between
    two sizes (simultaneous intervals) and the whole-table test. Needs the per-game rows."""
    game = game_of(rows) if rows is not None else None
    if game is None or not game.hidden_sides or not teams.sizes_vary(rows):
        return []
    t = teams.by_team_size(rows)
    v, region, source = judged(stats, "team_size_spread", thr, rows)
    test = equal_rates_of(t, teams.TEAM)
    each = "; ".join(f"{teams.size_words(r[teams.TEAM])} {100 * r['win_rate']:.1f}% ({r['games']:,} seat-games, "
                     f"in {100 * r['deals']:.0f}% of deals)" for r in t.iter_rows(named=True))
    whole = (f"team sizes do not win equally often (p {format_p(test.p)})" if test.differ
             else f"no difference between team sizes at this sample size (p {format_p(test.p)})")
    line = Line("does the number of teammates dealt matter?", gap_text(v.estimate, v.low, v.high),
                f"{each}; fair share {100 * test.fair:.1f}%; {whole}; {bots_played(rows)}")
    return [marked(line, v, region, source, "pp")]


def penalty_line(rows: pl.DataFrame, z: float) -> list[Line]:
    """A Study in Emerald: how often the lowest player's side losing five at the end changes the
    winner. A fact about the rule, not judged against a threshold."""
    if rows is None or "emerald_penalty" not in rows.columns:
        return []
    e = emerald.penalty_effect(emerald.per_game(rows))
    if not e["games"]:
        return []
    lo, hi = (float(x) for x in wilson(e["changed"], e["games"], z))
    return [Line("does the final -5 change the winner? (A Study in Emerald)",
                 f"{100 * e['rate']:.2f}% [{100 * lo:.2f}, {100 * hi:.2f}]",
                 f"the lowest player's side loses five points at the end: it changed the winner in "
                 f"{e['changed']:,} of {e['games']:,} finished games; the new winner was a Restorationist in "
                 f"{e['to']['restorationist']:,} and a Loyalist in {e['to']['loyalist']:,} (final sides); "
                 f"{bots_played(rows)}")]


def run_verdict(stats: pl.DataFrame, thr: Thresholds | None = None, rows: pl.DataFrame | None = None) -> list[Line]:
    """The verdict of one run: turn order (where positions mean something), roles and secret
    roles (where dealt), the strategy gap (where bots differ), the turn-cap share, and for a
    co-operative variant the table's win rate instead of the splits it makes meaningless; then
    every other quantity a spec judges (seat gap, game length, named positions and roles).
    With the run's per-game rows, also the questions only they answer: whether the number of
    teammates dealt matters (hidden sides), and a game's own (Emerald's final -5)."""
    thr = thr or Thresholds(dict(DEFAULT_THRESHOLDS))
    games = game_count(stats)
    if is_cooperative(stats):
        lines = [cooperative_line(stats, thr, games), turn_cap_line(stats, thr)]
    else:
        lines = [*turn_order_lines(stats, thr), *role_lines(stats, thr), *team_size_line(stats, rows, thr),
                 *strategy_line(stats, thr), *penalty_line(rows, z_of(thr.confidence)), turn_cap_line(stats, thr)]
    return lines + spec_only_lines(stats, thr, {x.key for x in lines if x.key})


# Said under the verdict of a game that deals roles: the seat-level statistics cannot do better.
TEAM_CAVEAT = ("Where a faction's members win or lose together, a role's rate, interval and test count each game "
               "once: the share of the games it was in that the faction won (the faction a player finished in), "
               "not its seats' share.")


def thresholds_note(used: list[Thresholds], teams: bool = False) -> str:
    """Which thresholds the marks came from, in one paragraph under the verdict (with the team
    caveat when a run deals roles)."""
    specs = sorted({t.spec for t in used if t.spec})
    notes = sorted({t.note for t in used if t.note})
    shown = ", ".join(f"{k} = {v:g}" for k, v in DEFAULT_THRESHOLDS.items())
    head = (f"Thresholds: the spec {', '.join(specs)} where it sets them, else the defaults" if specs
            else "Thresholds: the defaults" if notes else "Thresholds: the defaults, as no --spec was given")
    conf = "/".join(f"{c:.0%}" for c in sorted({t.confidence for t in used}))
    return " ".join([f"{head}. Defaults (analysis.verdict.DEFAULT_THRESHOLDS): {shown}.",
                     *(n + "." for n in notes),
                     f"Marks: fine = the whole {conf} interval is inside the threshold, unbalanced = the whole "
                     "interval is outside, worth a look = the interval straddles the threshold (more games would "
                     "decide): balance check's pass, fail and undecided. Gaps between groups use simultaneous "
                     "(Bonferroni) Wilson intervals; p is Pearson's chi-square test that every group wins "
                     "equally often.", *([TEAM_CAVEAT] if teams else [])])
