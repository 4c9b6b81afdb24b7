"""`balance sensitivity` as a study: which content values move a balance measure. Each value is
played at the low and high end of a step around its current value on the same deals, in
batches, and a sequential test drops the clearly negligible ones. Called from Python with the
command's arguments; returns the ranked table (a Polars frame) and the study's summary."""
from __future__ import annotations

import math
import re
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path

import polars as pl

from analysis.sensitivity import (SENSITIVITY_FILE, STATUS_BUDGET, STATUS_DROPPED, STATUS_FULL, STATUS_IDENTICAL,
                                  identical_games, TABLE_FILE, Knob,
                                  effect, look_z, match_keys, negligible as is_negligible, parse_measure, per_deal,
                                  ranked, step_knob, value_of)
from analysis.studies.player import (Player, resumed, _measures, _ray_check, aligned, base_config, concat,
                                     no_progress, open_plan)
from sim.errors import UserError
from sim.results import write_json, write_parquet


@dataclass
class Sensitivity:
    table: pl.DataFrame
    summary: dict
    plan: dict
    measures: list
    game: object
    base: object
    out_dir: Path


def sensitivity(game_id=None, measures=(), only=(), n_games=20_000, budget=None, batch=1000, step=0.1,
                negligible=0.01, alpha=0.05, players=None, bots=None, variant="base", sets=(), content_path=None,
                seed=0, rotate_seats=False, threads=0, engine="local", address=None, out_dir=Path("out/sensitivity"),
                resume_dir=None, progress=no_progress, echo=lambda message: None) -> Sensitivity:
    """`balance sensitivity GAME` (same arguments): plays, writes sensitivity.parquet and
    sensitivity.json in out_dir, returns the ranked table. A KeyboardInterrupt keeps the
    finished batches (resume_dir=out_dir plays the rest)."""
    out_dir = Path(out_dir)
    resume_dir = Path(resume_dir) if resume_dir else None
    from sim.plan import set_threads
    from sim.registry import get_game

    t_start = time.perf_counter()
    _ray_check(engine, address)
    if resume_dir:
        plan, base = resumed(resume_dir, game_id, SENSITIVITY_FILE, threads, engine, address)
        out_dir = resume_dir
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
        picked = select_values(content, params, list(only))
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
        knobs, notes = playable_steps(base, knobs, {key: value for key, value, _ in params})
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
                cfgs[cid] = replace(base, sets=[*base.sets, *k.sets(end)])
                ids.append(cid)
        sides.append(ids)
    player = Player(cfgs, out_dir, engine, address, label="sensitivity", progress=progress,
                    arc=any(m.is_arc() for m in measures_))
    player.check()
    used_threads = set_threads(threads)
    if engine == "local":
        player.prepared("current").warm_up()
    t0 = time.perf_counter()
    echo(f"{game.name}: {len(knobs)} values, {len(measures_)} measure(s), up to {plan['n']:,} deals a side in "
         f"batches of {plan['batch']:,}" + (f", budget {plan['budget']:,} games" if plan["budget"] else ""))
    try:
        result = study(plan, knobs, sides, measures_, player, base, echo=echo)
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
    return Sensitivity(table, summary, plan, measures_, game, base, out_dir)


RECONSTRUCTED = "reconstructed"      # --only's word for every ranged value the rulebook does not print


def select_values(content, params: list, only: list[str]) -> list:
    """The ranged values --only names: patterns matched by match_keys, and the word
    "reconstructed" for every value inside a table marked reconstructed (content-notes: the
    component data the rulebooks leave out), so that a designer sees which of them the
    balance rests on."""
    patterns = [o for o in only if o != RECONSTRUCTED]
    picked = match_keys(params, patterns) if patterns or not only else []
    if RECONSTRUCTED in only:
        rebuilt = content.reconstructed_keys()
        have = {p[0] for p in picked}
        picked += [p for p in params if p[0] in rebuilt and p[0] not in have and p[2] is not None]
    return picked


def peer_holding(key: str, v, values: dict) -> str:
    """Another entry of the same list (the key with another list index) whose value is v, or ""."""
    starred = re.sub(r"\.\d+(?=\.|$)", ".*", key)
    for other, value in values.items():
        if other != key and value == v and re.sub(r"\.\d+(?=\.|$)", ".*", other) == starred:
            return other
    return ""


def playable_steps(base, knobs: list[Knob], values: dict | None = None) -> tuple[list[Knob], dict[str, str]]:
    """Each end of each step checked as the game checks a content (ranges, and rules between
    values such as a track line beyond the track's end): an end the game refuses is first tried
    as a trade with the entry of the same list holding that value (values that must stay a
    permutation, such as Banquet's initiatives: the two swap), then moves toward the current
    value until it is accepted (whole numbers one at a time, others halving the distance, 8
    times at most); a value with no accepted end is left out. Returns the knobs and a note per
    adjusted, traded or left-out key."""
    from sim.plan import Prepared

    def accepted(k: Knob, v, swap: str = "") -> str:
        trade = [f"{swap}={k.text(k.current)}"] if swap else []
        try:
            Prepared(replace(base, sets=[*base.sets, f"{k.key}={k.text(v)}", *trade]))
            return ""
        except UserError as e:
            return e.expected

    out, notes = [], {}
    for k in knobs:
        ends, swaps = {}, {}
        for end in ("low", "high"):
            v, why, first_why = getattr(k, end), None, ""
            peer = peer_holding(k.key, v, values or {}) if v != k.current else ""
            if peer and accepted(k, v) and not accepted(k, v, peer):
                ends[end], swaps[end] = v, peer
                notes[k.key] = "; ".join(filter(None, [notes.get(k.key, ""),
                                                       f"{end} end trades places with {peer} (a permutation)"]))
                continue
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
        out.append(replace(k, low=ends["low"], high=ends["high"], low_swap=swaps.get("low", ""),
                           high_swap=swaps.get("high", "")))
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
                if m.unit != "pp":        # a length, lead changes, a checkpoint: 1% of its current value
                    delta[m.name] = 0.01 * max(value_of(m, per_deal(m, cur)), 1e-9)
                else:
                    delta[m.name] = plan["negligible"]
        dropped_now = 0
        for i in active:
            state[i]["deals"] += deals
            lo_t, hi_t = aligned(concat(tables[sides[i][0]]), concat(tables[sides[i][1]]))
            if all(is_negligible(m, per_deal(m, hi_t), per_deal(m, lo_t), delta[m.name], z_look) for m in measures):
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
    neg = ", ".join(f"{m.name} {m.show(delta.get(m.name, math.nan), False)} {m.unit}"
                    for m in measures)
    summary = {"games": used, "deals_current": deals_current, "fixed_design_games": fixed, "values": len(knobs),
               "dropped": sum(s["status"] == STATUS_DROPPED for s in state), "negligible_text": neg,
               "at_current": {m.name: value_of(m, per_deal(m, current)) for m in measures}}
    return table, summary


# -- tune -----------------------------------------------------------------------------------

