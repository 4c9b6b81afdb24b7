"""`balance sensitivity` and `balance tune`: which content values move a balance measure, and
what values bring it to a target. Both play configurations that differ only in content on the
same deals (same seed and game indices), locally or on Ray, keep each finished batch as a
shard (so an interrupted study resumes without replaying it) and judge with
analysis.sensitivity. Tune's search is Optuna's TPE sampler (seeded), asked and told one
candidate at a time."""
from __future__ import annotations

import math
import os
import time
from dataclasses import asdict, replace
from pathlib import Path

import click
import numpy as np
import polars as pl

from analysis.sensitivity import (CONFIRM_FILE, OVERLAY_FILE, SENSITIVITY_FILE, STATUS_BUDGET, STATUS_DROPPED,
                                  STATUS_IDENTICAL, identical_games,
                                  STATUS_FULL, TABLE_FILE, TRIALS_FILE, TUNE_FILE, Knob, Target, deal_table, effect,
                                  estimate, format_ranked, look_z, match_keys, negligible, parse_measure, parse_target,
                                  per_deal, ranked, step_knob, value_of)
from sim.errors import UserError
from sim.results import write_json, write_parquet

STOP_ENV = "BALANCE_TEST_STOP_AFTER_SHARDS"   # test hook: interrupt after this many new shards


def _list(text: str | None) -> list[str]:
    return [t.strip() for t in (text or "").split(",") if t.strip()]


# -- playing jobs ---------------------------------------------------------------------------

class Player:
    """Plays jobs (config id, first deal, deals) of a set of RunConfigs and keeps each job's
    per-deal table as a shard in out_dir/shards: a shard on disk is never played again."""

    def __init__(self, cfgs: dict, out_dir: Path, engine: str = "local", address: str | None = None):
        self.cfgs, self.engine, self.address = cfgs, engine, address
        self.dir = Path(out_dir) / "shards"
        self.dir.mkdir(parents=True, exist_ok=True)
        self.preps: dict = {}
        self.games = 0             # games played by this session
        self.play_seconds = 0.0
        self.new_shards = 0
        self.stop_after = int(os.environ.get(STOP_ENV, "0") or 0)

    def path(self, job, raw: bool = False) -> Path:
        cid, first, deals = job
        return self.dir / f"{cid}.{first:012d}.{deals}{'.rows' if raw else ''}.parquet"

    def prepared(self, cid: str):
        from sim.plan import Prepared

        if cid not in self.preps:
            self.preps[cid] = Prepared(self.cfgs[cid])
        return self.preps[cid]

    def check(self) -> None:
        """Every configuration checked (content values in range, players, bots) before any play."""
        for cid in self.cfgs:
            self.prepared(cid)

    def check_one(self, cid: str) -> None:
        self.prepared(cid)

    def tables(self, jobs: list[tuple[str, int, int]], raw: bool = False) -> dict:
        """{job: per-deal table} (the long table itself with raw): shards read from disk, the
        rest played."""
        out, todo = {}, []
        for job in jobs:
            p = self.path(job, raw)
            if p.is_file():
                out[job] = pl.read_parquet(p)
            elif job not in todo:
                todo.append(job)
        t0 = time.perf_counter()
        for job, rows in self._play(todo):
            t = rows if raw else deal_table(rows)
            write_parquet(t, self.path(job, raw))
            out[job] = t
            self.games += rows.height // self.cfgs[job[0]].players
            self.new_shards += 1
            if self.stop_after and self.new_shards >= self.stop_after:
                raise KeyboardInterrupt
        self.play_seconds += time.perf_counter() - t0
        return out

    def _play(self, todo):
        if self.engine == "ray":
            from sim.engine_ray import play_jobs

            yield from play_jobs(self.cfgs, todo, self.address)
            return
        for job in todo:
            prep = self.prepared(job[0])
            yield job, prep.play(*prep.rows(job[1], job[2]))

    def close(self) -> None:
        if self.engine == "ray":
            from sim.engine_ray import shutdown

            shutdown()


def concat(tables: list[pl.DataFrame]) -> pl.DataFrame:
    return pl.concat(tables, how="diagonal_relaxed").sort("game_index") if tables else pl.DataFrame()


def aligned(a: pl.DataFrame, b: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The deals both played, in the same order, with the same columns (a group missing from
    one side is null there)."""
    keys = a.select("game_index").join(b.select("game_index"), on="game_index", how="inner").sort("game_index")
    cols = sorted(set(a.columns) | set(b.columns))
    fix = lambda t: keys.join(t, on="game_index", how="left").select(  # noqa: E731
        [pl.col(c) if c in t.columns else pl.lit(None, pl.Float64).alias(c) for c in cols])
    return fix(a), fix(b)


# -- plans ----------------------------------------------------------------------------------

def base_config(game_id, players, bots, variant, sets, content_path, seed, rotate_seats, threads, engine, address):
    from sim.plan import RunConfig
    from sim.registry import get_game

    game = get_game(game_id)
    return RunConfig(game=game.id, players=game.players_or_default(players, _list(variant)),
                     bots=_list(bots or game.default_bots), games=1, seed=seed, variants=_list(variant),
                     sets=list(sets), rotate_seats=rotate_seats, threads=threads, engine=engine,
                     content_path=content_path, ray_address=address)


def config_of(plan: dict):
    from sim.plan import RunConfig

    known = RunConfig.__dataclass_fields__
    return RunConfig(**{k: v for k, v in plan["config"].items() if k in known})


def open_plan(out_dir: Path, name: str, plan: dict | None, resume: bool) -> dict:
    """The plan in out_dir (resume), or `plan` written there; a different study already in
    out_dir is one line and exit 2, never overwritten."""
    import json

    path = out_dir / name
    if resume:
        if not path.is_file():
            raise UserError(str(out_dir), None, f"no {name} here (not a `balance {name.split('.')[0]}` directory)")
        try:
            return json.loads(path.read_text())["plan"]
        except (ValueError, KeyError) as e:
            raise UserError(str(path), "plan", f"expected the study's plan ({e})") from None
    if path.is_file():
        try:
            old = json.loads(path.read_text()).get("plan")
        except ValueError:
            old = None
        if old != json.loads(json.dumps(plan, default=str)):
            raise UserError(str(out_dir), None, f"holds another study ({name}); give another --out, or "
                            f"--resume {out_dir} to finish it")
    out_dir.mkdir(parents=True, exist_ok=True)
    write_json({"plan": plan, "complete": False}, path)
    return json.loads(json.dumps(plan, default=str))


def _ray_check(engine, address):
    if address and engine != "ray":
        raise UserError("--address", None, "only applies with --engine ray")
    if engine == "ray":
        from sim.engine_ray import _ray

        _ray()


def _measures(texts, game, cfg):
    measures = [parse_measure(t, game, cfg.players, cfg.bots, cfg.variants) for t in texts]
    names = [m.name for m in measures]
    dup = next((n for n in names if names.count(n) > 1), None)
    if dup:
        raise UserError("--measure", dup, "given twice")
    return measures


# -- sensitivity ----------------------------------------------------------------------------

@click.command()
@click.argument("game_id", metavar="GAME", required=False)
@click.option("--measure", "measures", multiple=True, metavar="MEASURE",
              help="What to rank the values by (repeatable): first_player_advantage (default), position_spread, "
                   "seat_spread, role_spread, secret_role_spread, strategy_gap, game_length, turn_cap_share, "
                   "cooperative_win_rate, or one group's win rate: position:K, seat:K, role:NAME, faction:NAME, "
                   "secret_role:NAME, bot:NAME.")
@click.option("--only", "only", multiple=True, metavar="PATTERN",
              help="Only the content values whose key matches (glob, or a prefix such as `locations.`; "
                   "repeatable). Bot weights ([bots]) are studied only when named here.")
@click.option("-n", "--games", "n_games", type=click.IntRange(1), default=20_000, show_default=True,
              help="Most deals played at each end of each value's step.")
@click.option("--budget", type=click.IntRange(1), default=None,
              help="Most games in all (every value's low and high end and the current content).")
@click.option("--batch", type=click.IntRange(10), default=1000, show_default=True,
              help="Deals per look of the sequential test.")
@click.option("--step", type=click.FloatRange(0.0, 1.0, min_open=True), default=0.1, show_default=True,
              help="The step of a fraction, as a share of its current value (of its declared range when the value "
                   "is 0); a whole number steps by 1. Each value is played at current - step and current + step, "
                   "clipped to the range; the table prints the step in the value's own units.")
@click.option("--negligible", type=click.FloatRange(0.0, 1.0, min_open=True), default=0.01, show_default=True,
              help="An effect on a rate smaller than this (a share: 0.01 = 1 pp) is negligible; for game_length "
                   "the bound is 1% of the current mean length.")
@click.option("--alpha", type=click.FloatRange(0.001, 0.5), default=0.05, show_default=True,
              help="Error rate of the sequential test that drops negligible values (Bonferroni over its looks).")
@click.option("-p", "--players", type=int, default=None)
@click.option("--bots", default=None)
@click.option("--variant", default="base", show_default=True)
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help="A fixed override of every configuration.")
@click.option("--content", "content_path", type=click.Path(dir_okay=False), default=None)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--rotate-seats", is_flag=True)
@click.option("--threads", type=int, default=0, show_default=True)
@click.option("--engine", type=click.Choice(["local", "ray"]), default="local", show_default=True)
@click.option("--address", default=None, metavar="HOST:PORT")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("out/sensitivity"),
              show_default=True)
@click.option("--resume", "resume_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              metavar="DIR", help="Finish the interrupted study in DIR (its plan is read from DIR).")
def sensitivity(game_id, measures, only, n_games, budget, batch, step, negligible, alpha, players, bots, variant,
                sets, content_path, seed, rotate_seats, threads, engine, address, out_dir, resume_dir):
    """Rank GAME's content values by their effect on balance measures.

    Each value (the [ranges] the game declares, or those --only names) is played at the low
    and high end of a step around its current value on the same deals, in batches; the
    effect is the measure at high minus at low, with a 95% interval from the paired per-deal
    differences. After each batch a sequential test drops the values whose effect is clearly
    negligible (inside +-NEGLIGIBLE), so the games go to the values that matter. Writes
    sensitivity.parquet (the ranked table) and sensitivity.json; `balance report OUT` draws
    the tornado chart. Interrupted? `balance sensitivity --resume OUT`."""
    from sim.plan import set_threads
    from sim.registry import get_game

    t_start = time.perf_counter()
    _ray_check(engine, address)
    if resume_dir:
        if game_id:
            raise UserError("--resume", None, "takes the game and the plan from DIR; drop GAME")
        plan = open_plan(resume_dir, SENSITIVITY_FILE, None, True)
        out_dir = resume_dir
        base = replace(config_of(plan), threads=threads, engine=engine, ray_address=address)
    else:
        if not game_id:
            raise UserError("balance sensitivity", "GAME", "missing (see `balance games`), or use --resume DIR")
        base = base_config(game_id, players, bots, variant, sets, content_path, seed, rotate_seats, threads,
                           engine, address)
        plan = None
    game = get_game(base.game)
    if plan is None:
        measures_ = _measures(measures or ("first_player_advantage",), game, base)
        content = game.content(tuple(base.variants), tuple(base.sets),
                               Path(base.content_path) if base.content_path else None)
        params = content.params()
        picked = match_keys(params, list(only))
        if not only:
            picked = [p for p in picked if not p[0].startswith("bots.")]
        if only and not picked:
            from sim.content import dotted_keys

            every = [(k, None, [0, 0]) for k in dotted_keys(content.doc)]
            named = [p[0] for p in match_keys(every, list(only))]
            raise UserError("--only", ",".join(only), f"{named[0]} has no declared range in [ranges] (only ranged "
                            "numbers can be stepped)" if named
                            else f"no content value of {game.id} matches (see `balance games --params {game.id}`)")
        knobs, skipped = [], []
        for key, value, rng in picked:
            k = step_knob(key, " / ".join([key, *content.names(key)]) if content.names(key) else key, value, rng, step)
            (knobs.append(k) if k else skipped.append(key))
        knobs, notes = playable_steps(base, knobs)
        skipped += [k for k in notes if k not in {kn.key for kn in knobs}]
        if not knobs:
            raise UserError("--only", None, "no value left to study (each range is a single point, or no step "
                            "from the current value gives a content the game accepts)")
        sides0 = sum((k.low != k.current) + (k.high != k.current) for k in knobs)
        cost0 = (1 + sides0) * min(batch, n_games) * (base.players if base.rotate_seats else 1)
        if budget and budget < cost0:
            raise UserError("--budget", None, f"expected at least {cost0:,} games: one batch of {min(batch, n_games):,} "
                            f"deals of the current content and both ends of all {len(knobs)} values (lower --batch, "
                            "narrow with --only, or raise --budget)")
        plan = {"config": base.plan_fields(), "measures": [m.name for m in measures_], "knobs": [asdict(k) for k in knobs],
                "skipped": skipped, "adjusted": notes, "n": n_games, "budget": budget, "batch": min(batch, n_games), "step": step,
                "negligible": negligible, "alpha": alpha, "only": list(only)}
        plan = open_plan(out_dir, SENSITIVITY_FILE, plan, False)
    measures_ = [parse_measure(m, game, base.players, base.bots, base.variants) for m in plan["measures"]]
    knobs = [Knob(**k) for k in plan["knobs"]]
    cfgs = {"current": base}
    sides = []
    for i, k in enumerate(knobs):
        ids = []
        for end in ("low", "high"):
            v = getattr(k, end)
            if v == k.current:
                ids.append("current")
            else:
                cid = f"v{i:03d}-{end}"
                cfgs[cid] = replace(base, sets=[*base.sets, f"{k.key}={k.text(v)}"])
                ids.append(cid)
        sides.append(ids)
    player = Player(cfgs, out_dir, engine, address)
    player.check()
    used_threads = set_threads(threads)
    if engine == "local":
        player.prepared("current").warm_up()
    t0 = time.perf_counter()
    click.echo(f"{game.name}: {len(knobs)} values, {len(measures_)} measure(s), up to {plan['n']:,} deals a side in "
               f"batches of {plan['batch']:,}" + (f", budget {plan['budget']:,} games" if plan["budget"] else ""),
               err=True)
    try:
        result = study(plan, knobs, sides, measures_, player, base, echo=lambda m: click.echo(m, err=True))
    except KeyboardInterrupt:
        click.echo(f"interrupted: finished batches are kept; `balance sensitivity --resume {out_dir}` plays the "
                   "rest", err=True)
        raise SystemExit(130) from None
    finally:
        player.close()
    table, summary = result
    write_parquet(table, out_dir / TABLE_FILE)
    summary.update({"threads": used_threads, "engine": engine, "session_games": player.games,
                    "startup_seconds": round(t0 - t_start, 3), "play_seconds": round(player.play_seconds, 3),
                    "wall_seconds": round(time.perf_counter() - t_start, 3)})
    from sim.plan import git_revision, versions

    summary.update({"versions": versions(), "git_revision": git_revision()})
    write_json({"plan": plan, "complete": True, "summary": summary}, out_dir / SENSITIVITY_FILE)
    cfg = base
    for m in measures_:
        head = (f"Sensitivity of {game.name} ({cfg.players} players, {','.join(cfg.bots)}, {cfg.variant}): "
                f"{m.words}, high minus low end of each step; 95% intervals from paired per-deal differences")
        click.echo(format_ranked(table, m, head))
    click.echo(summary_line(summary))
    for key, note in (plan.get("adjusted") or {}).items():
        click.echo(f"Step of {key}: {note}")
    if plan.get("skipped"):
        click.echo(f"Not studied (a range of one value, or no step the game accepts): {', '.join(plan['skipped'])}")
    click.echo(f"Results: {out_dir} ({TABLE_FILE}, {SENSITIVITY_FILE}); `balance report {out_dir}` draws the "
               "tornado chart")


def playable_steps(base, knobs: list[Knob]) -> tuple[list[Knob], dict[str, str]]:
    """Each end of each step checked as the game checks a content (ranges, and rules between
    values such as a track line beyond the track's end): an end the game refuses moves toward
    the current value until it is accepted (whole numbers one at a time, others halving the
    distance, 8 times at most); a value with no accepted end is left out. Returns the knobs and
    a note per adjusted or left-out key."""
    from sim.plan import Prepared

    def accepted(k: Knob, v) -> str:
        try:
            Prepared(replace(base, sets=[*base.sets, f"{k.key}={k.text(v)}"]))
            return ""
        except UserError as e:
            return e.expected

    out, notes = [], {}
    for k in knobs:
        ends = {}
        for end in ("low", "high"):
            v, why, first_why = getattr(k, end), None, ""
            for _ in range(64 if k.integer else 8):
                if v == k.current:
                    break
                why = accepted(k, v)
                if not why:
                    break
                first_why = first_why or why
                v = (v + (1 if v < k.current else -1)) if k.integer else k.current + (v - k.current) / 2
            else:
                v = k.current
            if v != getattr(k, end):
                notes[k.key] = f"{end} end {k.text(getattr(k, end))} -> {k.text(v)} ({first_why})"
            ends[end] = v
        if ends["low"] == ends["high"]:
            notes[k.key] = f"left out: no step the game accepts ({notes.get(k.key, '')})"
            continue
        out.append(replace(k, low=ends["low"], high=ends["high"]))
    return out, notes


def summary_line(s: dict) -> str:
    saved = s["fixed_design_games"] - s["games"]
    return (f"{s['games']:,} games in all ({s['deals_current']:,} deals of the current content); a fixed design "
            f"playing every value to -n would need {s['fixed_design_games']:,}: the sequential test saved "
            f"{saved:,} ({100 * saved / max(s['fixed_design_games'], 1):.0f}%). {s['dropped']} of {s['values']} "
            f"values dropped as negligible (|effect| < {s['negligible_text']}).")


def study(plan, knobs, sides, measures, player, base, echo=print):
    """The sequential design: round r plays deals [r*batch, (r+1)*batch) of the current
    content and of both ends of every value still in play; after it, a value whose repeated
    interval (level alpha/looks on every measure) lies inside +-negligible is dropped."""
    batch, n, budget = plan["batch"], plan["n"], plan["budget"]
    rot = base.players if base.rotate_seats else 1
    looks = -(-n // batch)
    z_look = look_z(plan["alpha"], looks)
    tables: dict[str, list[pl.DataFrame]] = {}
    state = [{"status": None, "deals": 0} for _ in knobs]
    used = 0
    deals_current = 0
    delta: dict[str, float] = {}
    for r in range(looks):
        first, deals = r * batch, min(batch, n - r * batch)
        active = [i for i, s in enumerate(state) if s["status"] is None]
        if not active:
            break
        cids = ["current"] + sorted({c for i in active for c in sides[i] if c != "current"})
        cost = len(cids) * deals * rot
        if budget and used + cost > budget:
            if r == 0:
                raise UserError("--budget", None, f"expected at least {cost:,} games: one batch of {deals:,} deals "
                                f"of the current content and both ends of all {len(active)} values (lower --batch, "
                                "narrow with --only, or raise --budget)")
            for i in active:
                state[i]["status"] = STATUS_BUDGET
            break
        got = player.tables([(c, first, deals) for c in cids])
        for c in cids:
            tables.setdefault(c, []).append(got[(c, first, deals)])
        used += cost
        deals_current += deals
        if not delta:
            cur = concat(tables["current"])
            for m in measures:
                if m.unit == "turns":
                    delta[m.name] = 0.01 * max(value_of(m, per_deal(m, cur)), 1e-9)
                else:
                    delta[m.name] = plan["negligible"]
        dropped_now = 0
        for i in active:
            state[i]["deals"] += deals
            lo_t, hi_t = aligned(concat(tables[sides[i][0]]), concat(tables[sides[i][1]]))
            if all(negligible(m, per_deal(m, hi_t), per_deal(m, lo_t), delta[m.name], z_look) for m in measures):
                state[i]["status"] = STATUS_DROPPED
                dropped_now += 1
        in_play = sum(s["status"] is None for s in state)
        echo(f"  {first + deals:>9,} deals: {in_play} values in play, {dropped_now} dropped now; {used:,} games")
    for s in state:
        if s["status"] is None:
            s["status"] = STATUS_FULL
    current = concat(tables.get("current", []))
    rows = []
    for i, k in enumerate(knobs):
        d = state[i]["deals"]
        lo_t, hi_t = (concat(tables[c]).filter(pl.col("game_index") < d) for c in sides[i])
        lo_t, hi_t = aligned(lo_t, hi_t)
        cur_t = current.filter(pl.col("game_index") < d)
        for j, m in enumerate(measures):
            hi_x, lo_x = per_deal(m, hi_t), per_deal(m, lo_t)
            eff, e_lo, e_hi = effect(m, hi_x, lo_x)
            rows.append({"measure": m.name, "measure_order": j, "unit": m.unit, "key": k.key, "label": k.label,
                         "current": float(k.current), "low": float(k.low), "high": float(k.high),
                         "current_text": k.text(k.current), "low_text": k.text(k.low), "high_text": k.text(k.high),
                         "step_text": k.step_text(),
                         "effect": eff, "effect_low": e_lo, "effect_high": e_hi,
                         "at_low": value_of(m, lo_x), "at_high": value_of(m, hi_x),
                         "at_current": value_of(m, per_deal(m, cur_t)), "negligible": delta.get(m.name),
                         "deals": d, "games": d * rot * sum(c != "current" for c in sides[i]),
                         "status": STATUS_IDENTICAL if identical_games(lo_t, hi_t) else state[i]["status"]})
    table = ranked(rows)
    fixed = rot * n * (1 + sum(sum(c != "current" for c in s) for s in sides))
    neg = ", ".join(f"{m.name} {m.show(delta.get(m.name, math.nan), False)} {'pp' if m.unit == 'pp' else 'turns'}"
                    for m in measures)
    summary = {"games": used, "deals_current": deals_current, "fixed_design_games": fixed, "values": len(knobs),
               "dropped": sum(s["status"] == STATUS_DROPPED for s in state), "negligible_text": neg,
               "at_current": {m.name: value_of(m, per_deal(m, current)) for m in measures}}
    return table, summary


# -- tune -----------------------------------------------------------------------------------

def parse_vary(texts: list[str], content, game) -> list[dict]:
    """--vary KEY[,KEY..] (repeatable), each KEY or KEY=LOW..HIGH (inside its declared range).
    Whole numbers become integer dimensions, other numbers float ones, switches categorical."""
    from sim.content import find_range

    items = [t for text in texts for t in _list(text)]
    if not items:
        raise UserError("--vary", None, "expected at least one content key, e.g. --vary locations.notre_dame_first_vp")
    out = []
    for item in items:
        key, eq, span = (p.strip() for p in item.partition("="))
        try:
            value = content.get(key)
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            from sim.content import dotted_keys, nearest

            hint = nearest(key, dotted_keys(content.doc))
            raise UserError("--vary", key, f"no such content value in {game.id}"
                            + (f" (did you mean '{hint}'?)" if hint else "")) from None
        if any(d["key"] == key for d in out):
            raise UserError("--vary", key, "given twice")
        if isinstance(value, bool):
            if eq:
                raise UserError("--vary", item, "a switch takes no range (it is tried true and false)")
            out.append({"key": key, "kind": "bool", "low": 0, "high": 1, "current": value})
            continue
        if not isinstance(value, (int, float)):
            raise UserError("--vary", key, f"expected a number or a true/false switch, got {type(value).__name__}")
        rng = find_range(content.ranges, key)
        if rng is None:
            raise UserError(content.path.name, key, "has no declared range in [ranges]: tune varies only ranged values")
        low, high = rng
        if eq:
            a, dots, b = span.partition("..")
            try:
                low, high = (type(value)(float(x)) if isinstance(value, int) else float(x) for x in (a, b))
            except ValueError:
                raise UserError("--vary", item, "expected KEY or KEY=LOW..HIGH") from None
            if not dots or not rng[0] <= low < high <= rng[1]:
                raise UserError("--vary", item, f"expected LOW..HIGH inside the declared range {rng[0]}..{rng[1]}")
        kind = "int" if isinstance(value, int) and isinstance(rng[0], int) and isinstance(rng[1], int) else "float"
        out.append({"key": key, "kind": kind, "low": low, "high": high, "current": value})
    return out


def distributions(dims: list[dict]) -> dict:
    import optuna

    out = {}
    for d in dims:
        if d["kind"] == "int":
            out[d["key"]] = optuna.distributions.IntDistribution(int(d["low"]), int(d["high"]))
        elif d["kind"] == "float":
            out[d["key"]] = optuna.distributions.FloatDistribution(float(d["low"]), float(d["high"]))
        else:
            out[d["key"]] = optuna.distributions.CategoricalDistribution([False, True])
    return out


def set_text(key: str, v) -> str:
    from analysis.sweep import toml_text

    return f"{key}={toml_text(v)}"


def penalty(dims: list[dict], params: dict) -> float:
    """A tie-break far below any measured difference: among candidates equally near the
    target, the one nearest the current values wins."""
    total = 0.0
    for d in dims:
        width = float(d["high"] - d["low"]) or 1.0
        total += abs(float(params[d["key"]]) - float(d["current"])) / width
    return 1e-6 * total


@click.command()
@click.argument("game_id", metavar="GAME", required=False)
@click.option("--vary", "vary", multiple=True, metavar="KEY[,KEY..]",
              help="Content values to tune (repeatable), each within its declared range or KEY=LOW..HIGH inside it.")
@click.option("--target", "target_text", default=None, metavar="MEASURE=VALUE",
              help="MEASURE=VALUE, MEASURE=LOW..HIGH (a band) or MEASURE=fair, e.g. first_player_advantage=0, "
                   "role:red=fair, game_length=40..60. Measures as for `balance sensitivity`.")
@click.option("-n", "--games", "n_games", type=click.IntRange(1), default=5_000, show_default=True,
              help="Deals per candidate (the same deals for every candidate).")
@click.option("--trials", type=click.IntRange(1), default=30, show_default=True, help="Candidates to try (the first "
              "is the current content).")
@click.option("--budget", type=click.IntRange(1), default=None, help="Most games for the search (confirmation apart).")
@click.option("--confirm", "confirm_deals", type=click.IntRange(1), default=None,
              help="Deals of the confirmation run, fresh deals after the search's  [default: 2 x -n].")
@click.option("-p", "--players", type=int, default=None)
@click.option("--bots", default=None)
@click.option("--variant", default="base", show_default=True)
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help="A fixed override of every candidate.")
@click.option("--content", "content_path", type=click.Path(dir_okay=False), default=None)
@click.option("--seed", type=int, default=0, show_default=True, help="Seeds the deals and the search.")
@click.option("--rotate-seats", is_flag=True)
@click.option("--threads", type=int, default=0, show_default=True)
@click.option("--engine", type=click.Choice(["local", "ray"]), default="local", show_default=True)
@click.option("--address", default=None, metavar="HOST:PORT")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("out/tune"),
              show_default=True)
@click.option("--resume", "resume_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              metavar="DIR", help="Finish the interrupted search in DIR (its plan is read from DIR).")
def tune(game_id, vary, target_text, n_games, trials, budget, confirm_deals, players, bots, variant, sets,
         content_path, seed, rotate_seats, threads, engine, address, out_dir, resume_dir):
    """Find the content values (within their ranges) that bring a measure to a target.

    Optuna's TPE sampler (seeded by --seed) proposes candidates; each plays the same -n deals,
    so candidates are compared on paired seeds; the objective is the estimate's distance from
    the target. The best candidate is then played against the current content on fresh deals
    (the confirmation: both measures, their paired difference and its 95% interval). Prints
    the best values as a ready --set line and writes them as a content overlay (best.toml);
    `balance report OUT` draws the convergence chart."""
    from sim.plan import set_threads
    from sim.registry import get_game

    t_start = time.perf_counter()
    _ray_check(engine, address)
    if resume_dir:
        if game_id:
            raise UserError("--resume", None, "takes the game and the plan from DIR; drop GAME")
        plan = open_plan(resume_dir, TUNE_FILE, None, True)
        out_dir = resume_dir
        base = replace(config_of(plan), threads=threads, engine=engine, ray_address=address)
        game = get_game(base.game)
    else:
        if not game_id:
            raise UserError("balance tune", "GAME", "missing (see `balance games`), or use --resume DIR")
        base = base_config(game_id, players, bots, variant, sets, content_path, seed, rotate_seats, threads,
                           engine, address)
        game = get_game(base.game)
        if not target_text:
            raise UserError("--target", None, "expected MEASURE=VALUE, e.g. --target first_player_advantage=0")
        content = game.content(tuple(base.variants), tuple(base.sets),
                               Path(base.content_path) if base.content_path else None)
        dims = parse_vary(list(vary), content, game)
        parse_target(target_text, game, base.players, base.bots, base.variants)
        plan = {"config": base.plan_fields(), "vary": dims, "target": target_text, "n": n_games, "trials": trials,
                "budget": budget, "confirm": confirm_deals or 2 * n_games}
        plan = open_plan(out_dir, TUNE_FILE, plan, False)
    dims = plan["vary"]
    target = parse_target(plan["target"], game, base.players, base.bots, base.variants)
    m = target.measure
    n, rot = plan["n"], (base.players if base.rotate_seats else 1)
    if plan["budget"] and plan["budget"] < n * rot:
        raise UserError("--budget", None, f"expected at least {n * rot:,} games (one candidate of -n {n:,} deals)")
    current = {d["key"]: d["current"] for d in dims}
    player = Player({"current": base}, out_dir, engine, address)
    player.check()
    used_threads = set_threads(threads)
    t0 = time.perf_counter()
    try:
        trials_, best = search(plan, dims, target, base, player, echo=lambda s: click.echo(s, err=True))
        conf = confirm(plan, dims, target, base, player, best, current)
    except KeyboardInterrupt:
        click.echo(f"interrupted: finished candidates are kept; `balance tune --resume {out_dir}` plays the rest",
                   err=True)
        raise SystemExit(130) from None
    finally:
        player.close()
    write_parquet(trials_, out_dir / TRIALS_FILE)
    write_parquet(conf, out_dir / CONFIRM_FILE)
    best_params = best["params"]
    changed = {k: v for k, v in best_params.items() if v != current[k]}
    set_line = " ".join(f"--set {set_text(k, v)}" for k, v in best_params.items())
    write_overlay(out_dir / OVERLAY_FILE, game, base, best_params, target)
    from sim.plan import git_revision, versions

    summary = {"best": best_params, "changed": changed, "set_line": set_line, "trials_played": trials_.height,
               "session_games": player.games, "startup_seconds": round(t0 - t_start, 3),
               "play_seconds": round(player.play_seconds, 3), "wall_seconds": round(time.perf_counter() - t_start, 3),
               "threads": used_threads, "engine": engine, "versions": versions(), "git_revision": git_revision()}
    write_json({"plan": plan, "complete": True, "summary": summary}, out_dir / TUNE_FILE)
    click.echo(f"Tune {game.name} ({base.players} players, {','.join(base.bots)}, {base.variant}): target "
               f"{target.text()}; {trials_.height} candidates of {n:,} deals each (Optuna TPE, seed {base.seed})")
    bi = int(best["trial"])
    click.echo(f"Best (trial {bi}): " + ", ".join(f"{k} = {v}" + ("" if v != current[k] else " (unchanged)")
                                                 for k, v in best_params.items()))
    click.echo(format_confirmation(conf, m))
    click.echo(f"Use it: {set_line}")
    click.echo(f"Results: {out_dir} ({OVERLAY_FILE} content overlay, {TRIALS_FILE}, {CONFIRM_FILE}, {TUNE_FILE}); "
               f"`balance report {out_dir}` draws the convergence chart")


def candidate_id(params: dict, dims: list[dict]) -> str:
    import hashlib
    import json

    blob = json.dumps([[d["key"], params[d["key"]]] for d in dims], default=str).encode()
    return "c-" + hashlib.sha256(blob).hexdigest()[:12]


def search(plan, dims, target: Target, base, player: Player, echo=print):
    """Optuna's TPE sampler, seeded: ask a candidate, play it on deals [0, n), tell it the
    distance from the target. The current content is the first candidate. Every trial's
    deals are kept as shards, so a resumed search asks the same candidates and reads their
    results back (the sampler's state is then that of an uninterrupted search)."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    m, n = target.measure, plan["n"]
    rot = base.players if base.rotate_seats else 1
    dist = distributions(dims)
    study_ = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(
        seed=base.seed, n_startup_trials=max(3, min(10, plan["trials"] // 3))))
    study_.enqueue_trial({d["key"]: d["current"] for d in dims})
    rows, seen, used = [], {}, 0
    best_so_far = math.inf
    for t in range(plan["trials"]):
        trial = study_.ask(dist)
        params = {d["key"]: rounded(trial.params[d["key"]], d) for d in dims}
        cid = candidate_id(params, dims)
        if cid not in seen:
            if plan["budget"] and used + n * rot > plan["budget"]:
                study_.tell(trial, state=optuna.trial.TrialState.PRUNED)
                echo(f"  --budget reached after {t} candidates")
                break
            player.cfgs[cid] = replace(base, sets=[*base.sets, *[set_text(k, v) for k, v in params.items()]])
            try:
                player.check_one(cid)
            except UserError as e:       # a rule between values refuses this content: not a candidate
                seen[cid] = e.expected
            else:
                x = per_deal(m, candidate_table(player, cid, n))
                seen[cid] = estimate(m, x)
                used += n * rot
        if isinstance(seen[cid], str):
            study_.tell(trial, state=optuna.trial.TrialState.FAIL)
            echo(f"  trial {t:>3}: " + ", ".join(f"{k}={v}" for k, v in params.items()) + f"  refused by the game: "
                 f"{seen[cid]}")
            rows.append({"trial": t, **{f"param:{k}": float(v) for k, v in params.items()}, "estimate": None,
                         "low": None, "high": None, "distance": None, "objective": None, "best_so_far": best_so_far,
                         "deals": 0, "refused": seen[cid], "_cid": cid})
            continue
        est, lo, hi = seen[cid]
        dist_ = target.distance(est)
        objective = dist_ + penalty(dims, params)
        study_.tell(trial, objective)
        best_so_far = min(best_so_far, objective)
        rows.append({"trial": t, **{f"param:{k}": float(v) for k, v in params.items()}, "estimate": est,
                     "low": lo, "high": hi, "distance": dist_, "objective": objective, "best_so_far": best_so_far,
                     "deals": n, "refused": None, "_cid": cid})
        echo(f"  trial {t:>3}: " + ", ".join(f"{k}={v:g}" if isinstance(v, float) else f"{k}={v}"
                                             for k, v in params.items())
             + f"  {m.name} {m.show(est)} [{m.show(lo)}, {m.show(hi)}]  distance {m.show(dist_, False)}")
    table = pl.DataFrame(rows, infer_schema_length=None).drop("_cid")
    i = int(np.nanargmin(table["objective"].cast(pl.Float64).fill_null(np.nan).to_numpy()))
    best_row = table.row(i, named=True)
    best = {"trial": best_row["trial"],
            "params": {d["key"]: _typed(best_row[f"param:{d['key']}"], d) for d in dims}}
    return table, best


def rounded(v, d: dict):
    """A float value on a grid of a thousandth of its range (a designer's number, not
    0.198066717071199); whole numbers and switches as they are."""
    if d["kind"] != "float":
        return v
    decimals = max(0, -math.floor(math.log10((float(d["high"]) - float(d["low"])) / 1000)))
    return min(max(round(float(v), decimals), float(d["low"])), float(d["high"]))


def candidate_table(player: Player, cid: str, n: int) -> pl.DataFrame:
    """A candidate's per-deal table of deals [0, n): one job locally; on Ray, 8 jobs the
    cluster plays side by side (the same table)."""
    parts = 1 if player.engine == "local" else min(8, n)
    cuts = [n * k // parts for k in range(parts + 1)]
    jobs = [(cid, a, b - a) for a, b in zip(cuts, cuts[1:])]
    got = player.tables(jobs)
    return concat([got[j] for j in jobs])


def _typed(v: float, d: dict):
    if d["kind"] == "int":
        return int(round(v))
    if d["kind"] == "bool":
        return bool(v)
    return float(v)


def confirm(plan, dims, target: Target, base, player: Player, best: dict, current: dict) -> pl.DataFrame:
    """Best against current on fresh deals [n, n + confirm): each one's measure with its 95%
    interval, the paired difference best - current and its interval, and each one's distance
    from the target."""
    m, n, k = target.measure, plan["n"], plan["confirm"]
    cid = candidate_id(best["params"], dims)
    player.cfgs[cid] = replace(base, sets=[*base.sets, *[set_text(key, v) for key, v in best["params"].items()]])
    cur_id = candidate_id(current, dims)
    player.cfgs[cur_id] = base
    got = player.tables([(cur_id, n, k), (cid, n, k)])
    a, b = aligned(got[(cur_id, n, k)], got[(cid, n, k)])
    xa, xb = per_deal(m, a), per_deal(m, b)
    ea, eb = estimate(m, xa), estimate(m, xb)
    d, dlo, dhi = effect(m, xb, xa)
    rows = [{"what": "current", "values": ", ".join(f"{key}={v}" for key, v in current.items()),
             "estimate": ea[0], "low": ea[1], "high": ea[2], "distance": target.distance(ea[0])},
            {"what": "best", "values": ", ".join(f"{key}={v}" for key, v in best["params"].items()),
             "estimate": eb[0], "low": eb[1], "high": eb[2], "distance": target.distance(eb[0])},
            {"what": "best - current", "values": "", "estimate": d, "low": dlo, "high": dhi, "distance": None}]
    return pl.DataFrame(rows).with_columns(pl.lit(m.name).alias("measure"), pl.lit(k).alias("deals"),
                                           pl.lit(target.low).alias("target_low"),
                                           pl.lit(target.high).alias("target_high"), pl.lit(m.unit).alias("unit"))


def format_confirmation(conf: pl.DataFrame, m) -> str:
    deals = int(conf["deals"][0])
    unit = "pp" if m.unit == "pp" else "turns"
    lines = [f"Confirmation on {deals:,} fresh deals, paired ({m.words}, {unit}; 95% intervals)",
             f"  {'':<15}  {'estimate':>9}  {'95% interval':>18}  {'from target':>11}  values"]
    for r in conf.iter_rows(named=True):
        iv = f"[{m.show(r['low'])}, {m.show(r['high'])}]"
        dist = "" if r["distance"] is None else m.show(r["distance"], False)
        lines.append(f"  {r['what']:<15}  {m.show(r['estimate']):>9}  {iv:>18}  {dist:>11}  {r['values']}".rstrip())
    return "\n".join(lines)


def write_overlay(path: Path, game, base, params: dict, target: Target) -> None:
    """The best values as a content overlay: the tables and keys they change (a list whole,
    as a [variants.NAME] overlay replaces lists), ready to paste under [variants.tuned] of the
    content file (then --variant tuned) or to read as the --set line says."""
    from analysis.sweep import toml_text

    content = game.content(tuple(base.variants), tuple(base.sets), Path(base.content_path) if base.content_path else None)
    tuned = game.content(tuple(base.variants), (*base.sets, *[set_text(k, v) for k, v in params.items()]),
                         Path(base.content_path) if base.content_path else None)
    overlay: dict = {}
    for key in params:
        parts = key.split(".")
        cut = next((i for i, p in enumerate(parts) if p.isdigit()), len(parts))
        node_key = ".".join(parts[:cut])            # a list entry: the whole list
        node = overlay
        for p in parts[:cut - 1]:
            node = node.setdefault(p, {})
        node[parts[cut - 1]] = tuned.get(node_key)
    lines = [f"# balance tune {game.id}: the best values for {target.text()}",
             f"# ({len(params)} value(s); current: " + ", ".join(f"{k} = {toml_text(content.get(k))}" for k in params)
             + ")", "# Paste under [variants.tuned] of the content file and play with --variant tuned, or pass:",
             "#   " + " ".join(f"--set {set_text(k, v)}" for k, v in params.items()), ""]

    def emit(node: dict, prefix: str) -> None:
        plain = {k: v for k, v in node.items() if not isinstance(v, dict)}
        tables = {k: v for k, v in node.items() if isinstance(v, dict)}
        if plain:
            if prefix:
                lines.append(f"[{prefix}]")
            lines.extend(f"{k} = {toml_text(v)}" for k, v in plain.items())
            lines.append("")
        for k, v in tables.items():
            emit(v, f"{prefix}.{k}".lstrip("."))

    emit(overlay, "")
    path.write_text("\n".join(lines))


def register(cli: click.Group) -> None:
    for command in (sensitivity, tune):
        cli.add_command(command)
