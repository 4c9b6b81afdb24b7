"""`balance skill` as a study: does the verdict hold for stronger play? Every bot of the game plays
every seat of the same deals (rollout at one or more playout budgets, search at one or more
iteration budgets); each verdict measure with
its interval against the bots' Bradley-Terry rating from a seat-rotated ladder of mixed line-ups,
and the flags that read the whole ladder (analysis.sensitivity.skill_flags). Called from Python
with the same arguments as the command, it returns the skill table as a Polars frame."""
from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from pathlib import Path

import polars as pl

from analysis.sensitivity import (SKILL_CONVERGENCE, SKILL_FILE, SKILL_MEASURES, SKILL_TABLE, Measure, effect,
                                  estimate, leader_flags, per_deal, skill_flags)
from analysis.studies.player import no_progress
from sim.errors import UserError
from sim.results import write_json, write_parquet


@dataclass
class Skill:
    """The study's answer: one row per (line-up, measure), the flags, and what it was asked of."""

    table: pl.DataFrame
    flags: list[str]
    measures: list[Measure]
    game: object
    base: object
    anchor: str
    convergence: pl.DataFrame = field(default_factory=pl.DataFrame)   # see convergence()


def _list(text: str | None) -> list[str]:
    return [t.strip() for t in (text or "").split(",") if t.strip()]


def playout_key(content) -> str | None:
    bots = content.doc.get("bots", {})
    keys = [k for k in bots if "playout" in k]
    return f"bots.{keys[0]}" if keys else None


def search_key(content) -> str | None:
    return "bots.search_iterations" if "search_iterations" in content.doc.get("bots", {}) else None


# The bots whose strength is a budget: (the budget's words, how the budget is found in content)
BUDGETED = {"rollout": ("playouts", playout_key), "search": ("iterations", search_key)}


def lineup_label(bot: str, budget: int | None) -> str:
    return bot if budget is None else f"{bot} ({budget} {BUDGETED[bot][0]})"


def lineups(game, base, bots: list[str], budgets: dict) -> list[tuple[str, str, object]]:
    """(label, bot, RunConfig) of every line-up: one bot in every seat; a budgeted bot (rollout,
    search) once per budget. budgets: {bot: (content key, [budget, ...])}."""
    out = []
    for b in bots:
        if b in budgets:
            key, values = budgets[b]
            for p in values:
                out.append((lineup_label(b, p), b, replace(base, bots=[b], sets=[*base.sets, f"{key}={p}"])))
        else:
            out.append((b, b, replace(base, bots=[b])))
    return out


def ladders(base, bots: list[str], budgets: dict) -> list[tuple[dict, list]]:
    """The mixed, seat-rotated line-ups the ratings come from: ({bot: its budget}, [RunConfig]).
    Ladder j gives each budgeted bot its j-th budget (its last when it has fewer). With fewer
    seats than bots, one line-up per starting bot (every bot meets every other)."""
    n = base.players
    depth = max([len(v) for _, v in budgets.values()], default=1)
    out = []
    for j in range(depth):
        at = {b: v[min(j, len(v) - 1)] for b, (_, v) in budgets.items()}
        sets = [*base.sets, *(f"{budgets[b][0]}={p}" for b, p in at.items())]
        if len(bots) <= n:
            ups = [[bots[k % len(bots)] for k in range(n)]]
        else:
            ups = [[bots[(i + k) % len(bots)] for k in range(n)] for i in range(len(bots))]
        out.append((at, [replace(base, bots=u, sets=sets, rotate_seats=True) for u in ups]))
    return out


def parse_budgets(text: str | None, bot: str, names: list[str], key: str | None, content, option: str) -> list[int]:
    """The budgets asked for a budgeted bot (--playouts, --search), else its content value."""
    if text:
        if bot not in names or not key:
            raise UserError(option, text, f"this game has no {bot} bot with a budget here")
        try:
            values = [int(p) for p in _list(text)]
        except ValueError:
            raise UserError(option, text, "expected whole numbers, e.g. 2,8") from None
        if not values or min(values) < 1:
            raise UserError(option, text, "expected whole numbers of at least 1, e.g. 2,8")
        return values
    return [int(content.get(key))] if bot in names and key else []


def skill(game_id: str, n_games: int = 2000, ladder_deals: int | None = None, bots: str | None = None,
          playouts: str | None = None, measures=(), players: int | None = None, variant: str = "base", sets=(),
          content_path: str | None = None, seed: int = 0, threads: int = 0, engine: str = "local",
          address: str | None = None, out_dir: Path = Path("out/skill"), progress=no_progress,
          search: str | None = None) -> Skill:
    """`balance skill GAME` (same arguments): plays, writes skill.parquet and skill.json in out_dir
    (kept batches make a rerun into the same out_dir resume) and returns the table and flags.
    A KeyboardInterrupt leaves the finished line-ups in out_dir."""
    out_dir = Path(out_dir)
    from analysis.ratings import ratings
    from analysis.studies.player import Player, _measures, _ray_check, base_config, open_plan
    from sim.plan import set_threads
    from sim.registry import get_game

    t_start = time.perf_counter()
    _ray_check(engine, address)
    base = base_config(game_id, players, None, variant, sets, content_path, seed, False, threads, engine, address)
    game = get_game(base.game)
    names = _list(bots) or list(game.bots)
    for b in names:
        if b not in game.bots:
            raise UserError("--bots", b, f"unknown bot (expected some of: {', '.join(game.bots)})")
    if len(names) < 2:
        raise UserError("--bots", bots, "expected at least two bots to compare")
    content = game.content(tuple(base.variants), tuple(base.sets), Path(content_path) if content_path else None)
    budgets = {}
    for b, text, option in (("rollout", playouts, "--playouts"), ("search", search, "--search")):
        key = BUDGETED[b][1](content)
        values = parse_budgets(text, b, names, key, content, option)
        if values:
            budgets[b] = (key, values)
    if not measures:
        measures = [m for m in SKILL_MEASURES if not (m == "role_spread" and len(game.roles) < 2)
                    and not (m == "secret_role_spread" and len(game.secret_roles) < 2)
                    and not (m in ("first_player_advantage", "position_spread") and not game.positions_meaningful)]
    ms = _measures(measures, game, replace(base, bots=names))
    ups = lineups(game, base, names, budgets)
    lads = ladders(base, names, budgets)
    k_ladder = ladder_deals or n_games
    plan = {"config": base.plan_fields(), "bots": names,
            "playouts": budgets.get("rollout", (None, []))[1], "search": budgets.get("search", (None, []))[1], "measures": [m.name for m in ms],
            "n": n_games, "ladder": k_ladder}
    open_plan(out_dir, SKILL_FILE, plan, False)
    cfgs = {f"up-{i}": cfg for i, (_, _, cfg) in enumerate(ups)}
    for j, (_, cs) in enumerate(lads):
        cfgs.update({f"ladder-{j}-{i}": c for i, c in enumerate(cs)})
    player = Player(cfgs, out_dir, engine, address, label="skill", progress=progress)
    player.check()
    used_threads = set_threads(threads)
    try:
        tables = player.tables([(f"up-{i}", 0, n_games) for i in range(len(ups))])
        ladder_rows = player.tables([(cid, 0, k_ladder) for cid in cfgs if cid.startswith("ladder-")], raw=True)
    finally:
        player.close()
    rating = {}
    anchor = "random" if "random" in names else names[0]
    for j, (at, cs) in enumerate(lads):
        rows = pl.concat([ladder_rows[(f"ladder-{j}-{i}", 0, k_ladder)] for i in range(len(cs))])
        r = {x["bot"]: x for x in ratings(rows, seed=seed).iter_rows(named=True)}
        zero = r[anchor]["elo"] if anchor in r else 0.0
        for name, b, _ in ups:
            # a budgeted bot's rating comes from the ladder it played at that budget, the
            # others' from the first ladder (the anchor's rating is 0 in each)
            mine = name == lineup_label(b, at[b]) if b in at else j == 0
            if b in r and mine and name not in rating:
                rating[name] = (r[b]["elo"] - zero, r[b]["elo_low"] - zero, r[b]["elo_high"] - zero)
    from analysis.studies.player import aligned

    order = sorted(range(len(ups)), key=lambda i: rating.get(ups[i][0], (0,))[0])
    weakest = order[0]
    below = {order[k]: order[k - 1] for k in range(1, len(order))}   # the next weaker line-up by rating

    def paired(m, i: int, j: int):
        """(line-up i - line-up j) on the same deals, with its interval."""
        a, w = aligned(tables[(f"up-{i}", 0, n_games)], tables[(f"up-{j}", 0, n_games)])
        return effect(m, per_deal(m, a), per_deal(m, w))

    out = []
    for i, (label, b, _) in enumerate(ups):
        t = tables[(f"up-{i}", 0, n_games)]
        for m in ms:
            est, lo, hi = estimate(m, per_deal(m, t))
            d = paired(m, i, weakest) if i != weakest else (None, None, None)
            step = paired(m, i, below[i]) if i in below else (None, None, None)
            rt = rating.get(label, (None, None, None))
            out.append({"lineup": label, "bot": b, "rating": rt[0], "rating_low": rt[1], "rating_high": rt[2],
                        "measure": m.name, "unit": m.unit, "estimate": est, "low": lo, "high": hi,
                        "diff": d[0], "diff_low": d[1], "diff_high": d[2],
                        "step": step[0], "step_low": step[1], "step_high": step[2], "deals": n_games})
    table = pl.DataFrame(out, infer_schema_length=None)
    by_lineup = {label: tables[(f"up-{i}", 0, n_games)] for i, (label, _, _) in enumerate(ups)}
    flags = skill_flags(table) + leader_flags(by_lineup, [ups[i][0] for i in order], ms)
    conv = convergence(by_lineup, budgets, ms)
    write_parquet(table, out_dir / SKILL_TABLE)
    write_parquet(conv, out_dir / SKILL_CONVERGENCE)
    write_json({"plan": plan, "complete": True, "summary": {
        "flags": flags, "anchor": anchor, "session_games": player.games, "threads": used_threads, "engine": engine,
        "wall_seconds": round(time.perf_counter() - t_start, 3)}}, out_dir / SKILL_FILE)
    return Skill(table, flags, ms, game, base, anchor, conv)


# -- does the verdict converge? ----------------------------------------------------------------

def convergence(tables: dict, budgets: dict, ms: list[Measure]) -> pl.DataFrame:
    """Each measure at each budget of each budgeted bot, with its 95% interval, one row per
    (bot, measure, budget). `settled` (the same on every row of a bot and measure; null with one
    budget): the two largest budgets agree - their paired difference on the same deals
    (analysis.sensitivity.effect, per-deal for a mean, a paired bootstrap for a gap) has a 95%
    interval that contains 0; `change`, `change_low`, `change_high`: that difference (largest -
    next). tables: {line-up label: its per-deal table}; budgets: {bot: (content key, [budget, ...])}."""
    out = []
    for bot, (_, values) in budgets.items():
        ordered = sorted(set(values))
        for m in ms:
            last = _last_step(m, *(tables[lineup_label(bot, p)] for p in ordered[-2:])) if len(ordered) > 1 else None
            for p in ordered:
                est, lo, hi = estimate(m, per_deal(m, tables[lineup_label(bot, p)]))
                out.append({"bot": bot, "budget_words": BUDGETED[bot][0], "measure": m.name, "unit": m.unit,
                            "budget": p, "estimate": est, "low": lo, "high": hi,
                            "settled": None if last is None else bool(last[1] <= 0 <= last[2]),
                            "change": None if last is None else last[0],
                            "change_low": None if last is None else last[1],
                            "change_high": None if last is None else last[2]})
    return pl.DataFrame(out, schema=CONVERGENCE_SCHEMA)


CONVERGENCE_SCHEMA = {"bot": pl.String, "budget_words": pl.String, "measure": pl.String, "unit": pl.String,
                      "budget": pl.Int64, "estimate": pl.Float64, "low": pl.Float64, "high": pl.Float64,
                      "settled": pl.Boolean, "change": pl.Float64, "change_low": pl.Float64, "change_high": pl.Float64}


def _last_step(m: Measure, below: pl.DataFrame, top: pl.DataFrame) -> tuple[float, float, float]:
    """(largest budget - the next) on the deals both played, with its paired 95% interval (a NaN
    interval, e.g. a measure no deal defines, is not settled)."""
    from analysis.studies.player import aligned

    a, b = aligned(top, below)
    return effect(m, per_deal(m, a), per_deal(m, b))


def _show(unit: str, x) -> str:
    return "-" if x is None else f"{(100.0 if unit == 'pp' else 1.0) * x:+.2f}"


def convergence_rows(conv: pl.DataFrame) -> list[dict]:
    """One row per (budgeted bot, measure) with two or more budgets: bot, measure, unit, the
    values along the budgets ("50: +3.10 [+1.0, +5.2]; 200: ..."), settled, and the verdict in
    short ("settled" / "still moving: X -> Y")."""
    out = []
    for (bot, name), part in conv.filter(pl.col("settled").is_not_null()).group_by(
            ["bot", "measure"], maintain_order=True):
        part = part.sort("budget")
        u = part["unit"][0]
        top, below = part.row(-1, named=True), part.row(-2, named=True)
        out.append({"bot": bot, "measure": name, "unit": u, "settled": top["settled"],
                    "along": "; ".join(f"{r['budget']}: {_show(u, r['estimate'])} [{_show(u, r['low'])}, "
                                       f"{_show(u, r['high'])}]" for r in part.iter_rows(named=True)),
                    "short": "settled" if top["settled"] else
                    f"still moving: {_show(u, below['estimate'])} -> {_show(u, top['estimate'])}",
                    "top": top, "below": below})
    return out


def convergence_words(conv: pl.DataFrame) -> list[str]:
    """The convergence table in words, one sentence per budgeted bot and measure."""
    from analysis.sensitivity import words_of

    out = []
    for r in convergence_rows(conv):
        top, below, u = r["top"], r["below"], " pp" if r["unit"] == "pp" else " turns"
        unit = top["budget_words"]
        step = (f"{_show(r['unit'], top['change'])}{u} [{_show(r['unit'], top['change_low'])}, "
                f"{_show(r['unit'], top['change_high'])}] from {below['budget']} to {top['budget']} {unit}")
        out.append(f"the {words_of(r['measure'])} with {r['bot']} "
                   + ("has settled: the two largest budgets agree (paired difference " if r["settled"] else
                      "is still moving: the two largest budgets disagree (paired difference ") + step + ")")
    return out
