"""`balance tune` as a study: the content values (within their ranges) that bring a measure to a
target. Optuna's TPE sampler (seeded) proposes candidates, each played on the same deals; the
best is confirmed against the current content on fresh deals. Called from Python with the
command's arguments; returns the trials and the confirmation as Polars frames."""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import polars as pl

from analysis.sensitivity import (CONFIRM_FILE, OVERLAY_FILE, TRIALS_FILE, TUNE_FILE, Target, effect, estimate,
                                  parse_target, per_deal)
from analysis.studies.player import (Player, resumed, _list, _ray_check, aligned, base_config, concat,
                                     no_progress, open_plan)
from sim.errors import UserError
from sim.results import write_json, write_parquet


@dataclass
class Tune:
    trials: pl.DataFrame
    confirmation: pl.DataFrame
    best: dict
    current: dict
    summary: dict
    plan: dict
    target: Target
    game: object
    base: object
    out_dir: Path


def tune(game_id=None, vary=(), target_text=None, n_games=5_000, trials=30, budget=None, confirm_deals=None,
         players=None, bots=None, variant="base", sets=(), content_path=None, seed=0, rotate_seats=False, threads=0,
         engine="local", address=None, out_dir=Path("out/tune"), resume_dir=None, progress=no_progress,
         echo=lambda message: None) -> Tune:
    """`balance tune GAME` (same arguments): plays, writes trials.parquet, confirm.parquet,
    best.toml and tune.json in out_dir, returns them. A KeyboardInterrupt keeps the finished
    candidates (resume_dir=out_dir plays the rest)."""
    out_dir = Path(out_dir)
    resume_dir = Path(resume_dir) if resume_dir else None
    from sim.plan import set_threads
    from sim.registry import get_game

    t_start = time.perf_counter()
    _ray_check(engine, address)
    if resume_dir:
        plan, base = resumed(resume_dir, game_id, TUNE_FILE, threads, engine, address)
        out_dir = resume_dir
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
    n, rot = plan["n"], (base.players if base.rotate_seats else 1)
    if plan["budget"] and plan["budget"] < n * rot:
        raise UserError("--budget", None, f"expected at least {n * rot:,} games (one candidate of -n {n:,} deals)")
    current = {d["key"]: d["current"] for d in dims}
    player = Player({"current": base}, out_dir, engine, address, label="tune", progress=progress,
                    arc=target.measure.is_arc())
    player.check()
    used_threads = set_threads(threads)
    t0 = time.perf_counter()
    try:
        trials_, best = search(plan, dims, target, base, player, echo=echo)
        conf = confirm(plan, dims, target, base, player, best, current)
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
    return Tune(trials_, conf, best, current, summary, plan, target, game, base, out_dir)


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


