"""The report's sections for study and sweep directories (balance sweep, sensitivity, tune,
skill): each reads the study's own files and writes its blocks of a reports.page.Page."""
from __future__ import annotations

from pathlib import Path

import polars as pl

from analysis.sensitivity import STATUS_DROPPED, STATUS_IDENTICAL
from analysis.sweep import read_sweep, sweep_table
from reports import charts
from reports.page import Page, Run, load_run
from sim.errors import UserError
from sim.registry import get_game


def player_sweep_runs(path: Path, label: str) -> list[Run]:
    """The runs of a player-count sweep (balance sweep --players), one per count."""
    return [load_run(path / p["dir"], f"{label} {p['values']['players']}p") for p in read_sweep(path)["points"]]


def player_sweep_section(page: Page, label: str, path: Path, runs: list[Run]):
    """A player-count sweep: what was played; its runs' verdicts, rates and end reasons are in
    the sections above, a row per count."""
    meta = read_sweep(path)
    base = meta.get("base", {})
    page.heading(f"Sweep {label}: player counts ({meta['game']}, variant {meta.get('variant', 'base')})")
    page.para(f"One run per player count ({', '.join(p['values']['players'] for p in meta['points'])}), "
              f"{base.get('games', '?'):,} deals each, seed {base.get('seed', '?')}, bots "
              f"{','.join(base.get('bots', [])) or '?'} (repeated round the table). Each count is a run of this "
              f"report, labelled '{label} Np': its verdict opens the page, and its win rates by position, role and "
              "secret role, and its end reasons, are in the tables by variant and player count.")


def sweep_section(page: Page, label: str, path: Path):
    """A sweep: how each grid point moves the turn-order balance against the current value."""
    from analysis.sweep import FPA, LENGTH, SPREAD, pairing_note, points_of, reference_index

    meta = read_sweep(path)
    t = sweep_table(path)
    params = meta["params"]
    page.heading(f"Sweep {label}: {', '.join(params)} ({meta['game']})")
    _, is_current = reference_index(meta)
    current = meta.get("current") or {}
    if is_current:
        intro = "Current value (the content's, before the sweep): " + ", ".join(f"{k} = {v}" for k, v in current.items())
        added = meta.get("added") or {}
        intro += (". Added to the grid because it was not swept: " + ", ".join(f"{k} = {v}" for k, v in added.items())
                  if added else "") + "."
    else:
        intro = "This sweep recorded no current value: every point is compared with the first grid point."
    fixed = meta.get("fixed") or []
    page.para(intro + (f" Fixed overrides: {' '.join(fixed)}." if fixed else "")
              + " Position 0 is the first player in the turn order (not seat 0).")
    points = points_of(t, params)
    games = int(t["games"].min())
    mark = "current" if is_current else "reference"
    cells = []
    for point in points.iter_rows(named=True):
        part = t.filter(pl.all_horizontal([pl.col(p) == point[p] for p in params]))
        cells.append((point, {r["metric"]: r for r in part.iter_rows(named=True)}))
    main = [(FPA, "first-player advantage (pp)"), (SPREAD, "position spread (pp)"), (LENGTH, "mean length (turns)")]
    page.table([*params, "", *[h for _, name in main for h in (name, f"vs {mark}")]],
               [[*[point[p] for p in params], mark if point["current"] else "",
                 *[c for m, _ in main for c in (_metric_cell(cs[m]), _diff_cell(cs[m]))]]
                for point, cs in cells],
               f"Estimate with its 95% interval at each point (the spread's interval is simultaneous over "
               f"positions), and the difference point minus {mark} with its 95% interval. "
               f"{pairing_note(t, 'the current value' if is_current else 'the first point')}")
    rates = [m for m in t["metric"].unique(maintain_order=True).to_list() if m.startswith("win rate ")]
    page.table([*params, "", *[m.replace("win rate ", "") for m in rates]],
               [[*[point[p] for p in params], mark if point["current"] else "",
                 *[f"{_metric_cell(cs[m])}; {_diff_cell(cs[m])}" if m in cs else "-" for m in rates]]
                for point, cs in cells],
               f"Win rate (%) by position (0 = first player) and by role, with its 95% interval; after the "
               f"semicolon the difference from the {mark} value (pp) with its 95% interval.")
    title = f"Sweep of {', '.join(params)} - {meta['game']}"
    name = f"sweep_{label}".replace("/", "_")
    if len(params) == 2:
        page.chart(charts.sweep_heatmap(t, params, FPA, games, f"First-player advantage - {meta['game']}"),
                   f"{name}_advantage_map", f"Heat map of the first-player advantage over {' and '.join(params)}")
        page.chart(charts.sweep_heatmap(t, params, SPREAD, games, f"Position spread - {meta['game']}"),
                   f"{name}_spread_map", f"Heat map of the position spread over {' and '.join(params)}")
    else:
        page.chart(charts.sweep_chart(t, params, games, title), name,
                   f"First-player advantage and position spread against {', '.join(params)}")
        page.chart(charts.sweep_positions_chart(t, params, games, title), f"{name}_positions",
                   f"Win rate by position and mean length against {', '.join(params)}")


def _metric_cell(r: dict) -> str:
    """Estimate [95% interval]: rates and differences of rates in percent, lengths in turns."""
    scale = 1 if r["unit"] == "turns" else 100
    sign = "+" if r["metric"].startswith("first-player") else ""
    est = f"{scale * r['estimate']:{sign}.2f}"
    return est if r["low"] is None else f"{est} [{scale * r['low']:{sign}.2f}, {scale * r['high']:{sign}.2f}]"


def _diff_cell(r: dict) -> str:
    """Difference from the current value [95% interval], in the unit of _metric_cell."""
    if r.get("diff") is None:
        return "-"
    scale = 1 if r["unit"] == "turns" else 100
    return f"{scale * r['diff']:+.2f} [{scale * r['diff_low']:+.2f}, {scale * r['diff_high']:+.2f}]"


def _study(path: Path, name: str, parts: list[str]) -> tuple[dict, list[pl.DataFrame]]:
    """A finished sensitivity or tune study's json and tables; an unfinished one is one line."""
    import json

    meta = json.loads((path / name).read_text())
    missing = [p for p in parts if not (path / p).is_file()]
    if not meta.get("complete") or missing:
        command = name.split(".")[0]
        raise UserError(str(path), None, f"the {command} study is not finished (`balance {command} --resume {path}` "
                        "finishes it)")
    return meta, [pl.read_parquet(path / p) for p in parts]


def sensitivity_section(page: Page, label: str, path: Path):
    """`balance sensitivity`: the ranked table and the tornado chart of each measure."""
    from analysis.sensitivity import SENSITIVITY_FILE, TABLE_FILE, words_of

    meta, (t,) = _study(path, SENSITIVITY_FILE, [TABLE_FILE])
    plan, s = meta["plan"], meta.get("summary", {})
    cfg = plan["config"]
    game = get_game(cfg["game"])
    page.heading(f"Sensitivity {label}: which content values move the balance ({game.name})")
    page.para(f"{len(plan['knobs'])} content values of {game.name} ({cfg['players']} players, bots "
              f"{','.join(cfg['bots'])}, variant {'+'.join(cfg['variants']) or 'base'}"
              + (f", overrides {' '.join(cfg['sets'])}" if cfg["sets"] else "") + f", seed {cfg['seed']}"
              + (f"; only {', '.join(plan['only'])}" if plan.get("only") else "") + "), each played at the low and "
              f"high end of a step around its current value (one unit for a whole number, {plan['step']:g} of the current "
              "value for a fraction, clipped to the declared range: the table's step column), on the same "
              f"deals as the current content, in batches of {plan['batch']:,} deals up to {plan['n']:,}"
              + (f" within a budget of {plan['budget']:,} games" if plan.get("budget") else "") + ". "
              "The effect is the measure at the high end minus at the low end, with its 95% interval from the paired "
              "per-deal differences (a paired bootstrap over deals for the largest gaps). After each batch, a value "
              "whose repeated interval (Bonferroni over the planned looks, alpha "
              f"{plan['alpha']:g}) lies inside the negligible bound on every measure was dropped; the intervals shown "
              "are not adjusted for that stopping.")
    for m in plan["measures"]:
        part = t.filter(pl.col("measure") == m).sort("rank")
        unit = part["unit"][0] if part.height else "pp"
        scale = 100.0 if unit == "pp" else 1.0
        u = unit
        f = lambda x, sign="+": "-" if x is None else f"{scale * x:{sign}.2f}"  # noqa: E731
        page.table(["rank", "value", "current", "step", "tested", f"effect ({u})", "95% interval", f"at low ({u})",
                    f"at high ({u})", "games", "status"],
                   [[r["rank"], r["label"], r["current_text"], r.get("step_text") or "-",
                     f"{r['low_text']} -> {r['high_text']}", f(r["effect"]),
                     f"[{f(r['effect_low'])}, {f(r['effect_high'])}]", f(r["at_low"], ""), f(r["at_high"], ""),
                     f"{r['games']:,}", r["status"]] for r in part.iter_rows(named=True)],
                   f"{words_of(m)}: values ranked by the size of their effect (dropped values last).")
        at_cur = (s.get("at_current") or {}).get(m, float("nan"))
        name = f"tornado_{label}_{m}".replace("/", "_").replace(":", "_")
        n = s.get("games")
        page.chart(charts.tornado_chart(t, m, words_of(m), unit, at_cur, f"Sensitivity of {words_of(m)} - {game.name}",
                                        study_games=n),
                   name, f"Tornado chart: the effect of each content value on {words_of(m)}"
                   + (f" ({n:,} games in the study)" if n else ""))
    rebuilt = reconstructed_ranked(t, plan)
    if rebuilt:
        page.para("Reconstructed values the verdict rests on most (replace these first with the real components): "
                  + "; ".join(rebuilt) + ".")
    if s:
        saved = s["fixed_design_games"] - s["games"]
        page.para(f"{s['games']:,} games in all; a fixed design playing every value to {plan['n']:,} deals would need "
                  f"{s['fixed_design_games']:,}: the sequential test saved {saved:,}. {s['dropped']} of {s['values']} "
                  f"values were dropped as negligible ({s['negligible_text']}). Wall time {s.get('wall_seconds', '?')} s "
                  f"(play {s.get('play_seconds', '?')} s, {s.get('engine', '?')} engine, {s.get('threads', '?')} threads).")


def reconstructed_ranked(t: pl.DataFrame, plan: dict, top: int = 5) -> list[str]:
    """The studied values that are reconstructed (content the rulebook does not print) and
    were not dropped as negligible, largest effect first, each with its measure and effect."""
    from analysis.sensitivity import words_of

    cfg = plan["config"]
    content = get_game(cfg["game"]).content(tuple(cfg["variants"]), tuple(cfg["sets"]),
                                            Path(cfg["content_path"]) if cfg.get("content_path") else None)
    rebuilt = content.reconstructed_keys()
    part = t.filter(pl.col("key").is_in(list(rebuilt)) & ~pl.col("status").is_in([STATUS_DROPPED, STATUS_IDENTICAL])
                    & pl.col("effect").is_not_null())
    part = part.with_columns(pl.col("effect").abs().alias("_size")).sort("_size", descending=True).head(top)
    return [f"{r['label']} ({words_of(r['measure'])} {100 * r['effect'] if r['unit'] == 'pp' else r['effect']:+.2f}"
            f"{' pp' if r['unit'] == 'pp' else ''})" for r in part.iter_rows(named=True)]


def tune_section(page: Page, label: str, path: Path):
    """`balance tune`: the best values, the confirmation table and the convergence chart."""
    from analysis.sensitivity import CONFIRM_FILE, TRIALS_FILE, TUNE_FILE, words_of

    meta, (trials, conf) = _study(path, TUNE_FILE, [TRIALS_FILE, CONFIRM_FILE])
    plan, s = meta["plan"], meta.get("summary", {})
    cfg = plan["config"]
    game = get_game(cfg["game"])
    m = conf["measure"][0]
    unit = conf["unit"][0]
    scale = 100.0 if unit == "pp" else 1.0
    u = unit
    page.heading(f"Tune {label}: {plan['target']} ({game.name})")
    page.para(f"Varied: {', '.join(d['key'] for d in plan['vary'])} ({cfg['players']} players, bots "
              f"{','.join(cfg['bots'])}, seed {cfg['seed']}). {trials.height} candidates proposed by Optuna's TPE "
              f"sampler, each played on the same {plan['n']:,} deals; the first is the current content. Best values: "
              f"{s.get('set_line', '')} (also the content overlay best.toml).")
    f = lambda x, sign="+": "-" if x is None else f"{scale * x:{sign}.2f}"  # noqa: E731
    page.table(["", "values", f"{words_of(m)} ({u})", "95% interval", f"from target ({u})"],
               [[r["what"], r["values"], f(r["estimate"]), f"[{f(r['low'])}, {f(r['high'])}]",
                 "" if r["distance"] is None else f(r["distance"], "")] for r in conf.iter_rows(named=True)],
               f"Confirmation: the best candidate against the current content on {int(conf['deals'][0]):,} fresh deals "
               "(not the search's), paired per deal; best - current is the paired difference.")
    page.chart(charts.convergence_chart(trials, unit, words_of(m), float(conf["target_low"][0]),
                                        float(conf["target_high"][0]), f"Tune {plan['target']} - {game.name}"),
               f"convergence_{label}".replace("/", "_"), f"Convergence of the search for {plan['target']}")


def train_section(page: Page, label: str, path: Path):
    """`balance train`: the tuned weights, the confirmation ladder and the convergence chart."""
    from analysis.studies.train import CONFIRM_FILE, TRAIN_FILE, TRIALS_FILE, TUNED_FILE

    meta, (trials, conf) = _study(path, TRAIN_FILE, [TRIALS_FILE, CONFIRM_FILE])
    plan, s = meta["plan"], meta.get("summary", {})
    cfg = plan["config"]
    game = get_game(cfg["game"])
    bot, n = plan["bot"], cfg["players"]
    field = ",".join(plan["field"]) + (f" (search at {plan['search_budget']} iterations)"
                                       if plan.get("search_budget") else "")
    faction = plan.get("faction", False)
    seat, per = ("one faction (every seat of it)", "faction") if faction else ("one seat", "seat")
    page.heading(f"Train {label}: {game.name}'s {bot} weights by self-play")
    page.para(f"{len(plan['dims'])} weights of the {bot} ({', '.join(d['key'] for d in plan['dims'])}), each searched "
              f"within {plan['span']:g} x its size around the shipped value; {trials.height} candidates proposed by "
              f"Optuna's {'CMA-ES' if plan['sampler'] == 'cmaes' else 'TPE'} sampler (seed {cfg['seed']}), the first "
              f"the shipped weights. Each candidate played {seat} of the same {plan['n']:,} deals ({n} players, "
              f"variant {'+'.join(cfg['variants']) or 'base'}), once per {per}, against the field {field} with the "
              f"shipped weights; its objective is its win share. Best (trial {s.get('best_trial')}): "
              f"{s.get('set_line', '')} (also the content file {TUNED_FILE}, for --content).")
    pc = lambda x: "-" if x is None else f"{100 * x:.1f}%"  # noqa: E731
    rows = []
    for r in conf.iter_rows(named=True):
        if r["what"] == "tuned - shipped":
            rows.append([r["what"], f"{100 * r['share']:+.1f} pp", f"[{100 * r['low']:+.1f}, {100 * r['high']:+.1f}] pp",
                         "", f"{r['games']:,}"])
        else:
            rows.append([r["what"], pc(r["share"]), f"[{pc(r['low'])}, {pc(r['high'])}]", pc(r["fair"]),
                         f"{r['games']:,}"])
    page.table(["weights", f"{bot}'s win share", "95% interval", "fair", "games"], rows,
               f"Confirmation: the {bot} in {seat} with the tuned or the shipped weights against the shipped field, on "
               f"{int(conf['deals'][0]):,} fresh deals (not the search's) x {'its factions' if faction else f'{n} seats'}; Wilson intervals, the difference "
               "paired per deal. Fair is the shipped weights' own share.")
    fair = float(conf["fair"][0])
    page.para("Verdict: the tuned weights are " + ("clearly stronger (the Wilson lower bound is above fair)."
                                                  if s.get("clearly_stronger") else
                                                  "not clearly stronger (the Wilson lower bound is not above fair)."))
    page.chart(charts.train_chart(trials, fair, f"Train {bot} - {game.name}", per), f"train_{label}".replace("/", "_"),
               f"Convergence of the {bot}'s training: win share by trial and the best so far")


def skill_section(page: Page, label: str, path: Path):
    """`balance skill`: the verdict measures against playing strength, and the flags."""
    from analysis.sensitivity import SKILL_FILE, SKILL_TABLE, words_of

    meta, (t,) = _study(path, SKILL_FILE, [SKILL_TABLE])
    plan, s = meta["plan"], meta.get("summary", {})
    cfg = plan["config"]
    game = get_game(cfg["game"])
    page.heading(f"Does the verdict hold for stronger play? {label} ({game.name})")
    page.para(f"Every line-up puts one bot in every seat of the same {plan['n']:,} deals ({cfg['players']} players, "
              f"variant {'+'.join(cfg['variants']) or 'base'}, seed {cfg['seed']}). A line-up's rating is its bot's "
              f"Bradley-Terry rating (Elo scale, {s.get('anchor', 'random')} = 0) from a seat-rotated ladder of mixed "
              f"line-ups ({plan['ladder']:,} deals). Every line-up is read, ordered by rating: a finding is flagged when it "
              "changes sign anywhere on the ladder, moves up one step and down another, grows from the weakest "
              "line-up to the strongest, or is not settled (the two strongest line-ups differ beyond their paired "
              "interval); differences are paired on the same deals.")
    flags = s.get("flags") or []
    page.para(("Flagged: " + "; ".join(flags) + ".") if flags else
              "No verdict measure changes sign, turns, grows or stays unsettled along the ladder at this sample size.")
    measures = plan["measures"]
    ups = t.select("lineup", "rating", "rating_low", "rating_high").unique(maintain_order=True).sort("rating",
                                                                                                    nulls_last=True)
    rows = []
    for u in ups.iter_rows(named=True):
        cells = []
        for m in measures:
            r = t.filter((pl.col("lineup") == u["lineup"]) & (pl.col("measure") == m)).row(0, named=True)
            sc = 100.0 if r["unit"] == "pp" else 1.0
            cells.append(f"{sc * r['estimate']:+.2f} [{sc * r['low']:+.2f}, {sc * r['high']:+.2f}]")
        rating = "-" if u["rating"] is None else f"{u['rating']:+.0f} [{u['rating_low']:+.0f}, {u['rating_high']:+.0f}]"
        rows.append([u["lineup"], rating, *cells])
    units = {m: t.filter(pl.col("measure") == m)["unit"][0] for m in measures}
    page.table(["line-up", "rating (Elo)", *[f"{words_of(m)} ({'pp' if units[m] == 'pp' else 'turns'})"
                                             for m in measures]], rows,
               "Each measure with its 95% interval; line-ups from the weakest to the strongest.")
    constant = [m for m in measures if charts.is_constant(t.filter(pl.col("measure") == m))]
    if constant:
        page.para("Not charted, as no line-up moves them: " + "; ".join(
            f"{words_of(m)} is {t.filter(pl.col('measure') == m)['estimate'][0]:g} with every line-up" for m in constant)
            + ".")
    charted = [m for m in measures if m not in constant]
    if charted:
        page.chart(charts.skill_chart(t, [(m, words_of(m), units[m]) for m in charted],
                                      f"Verdict against playing strength - {game.name}"),
                   f"skill_{label}".replace("/", "_"), "Verdict measures against the bots' rating")
    convergence_section(page, label, path, game)


def convergence_section(page: Page, label: str, path: Path, game):
    """`balance skill` with two or more budgets: does the verdict converge? The table (each
    measure along each budgeted bot's budgets, settled or still moving), in words, and one chart
    per measure against the budget. Nothing for a study with one budget (or from before it)."""
    from analysis.sensitivity import SKILL_CONVERGENCE, words_of
    from analysis.studies.skill import convergence_rows, convergence_words

    if not (path / SKILL_CONVERGENCE).is_file():
        return
    conv = pl.read_parquet(path / SKILL_CONVERGENCE)
    rows = convergence_rows(conv)
    if not rows:
        return
    page.para("Does the verdict converge? Each budgeted bot played the same deals at each budget; a measure is "
              "settled when its two largest budgets agree (their paired difference on the same deals has a 95% "
              "interval containing 0). " + "; ".join(w[0].upper() + w[1:] for w in convergence_words(conv)) + ".")
    page.table(["bot", "measure", "verdict", "along the budgets (95% interval)"],
               [[r["bot"], words_of(r["measure"]), r["short"], r["along"]] for r in rows],
               "Each measure at each budget; still moving: the value at the next-largest budget -> the largest.")
    for m in conv.filter(pl.col("settled").is_not_null())["measure"].unique(maintain_order=True).to_list():
        page.chart(charts.budget_chart(conv, m, words_of(m), f"Against the budget - {game.name}"),
                   f"converge_{label}_{m}".replace("/", "_").replace(":", "_"),
                   f"The {words_of(m)} against the budget")
