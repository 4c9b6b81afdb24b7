"""`balance report`: charts (PNG + SVG), one self-contained HTML page (charts embedded as
data URIs, no external files or scripts) and summary.md, from run and sweep directories.
The sections are written here as blocks of a reports.page.Page."""
from __future__ import annotations

from pathlib import Path

import polars as pl

from analysis.aggregate import metric_means
from analysis.balance import (equal_rates, from_fair_share, game_of, is_cooperative, positions_meaningful,
                              summary_metrics)
from analysis.check import ARC_QUANTITIES, load_spec
from analysis.compare import (comparable, compare_rates, independent_turn_order, is_paired, paired_compare,
                              paired_turn_order)
from analysis.metrics import ROLE_LAYERS, constant_length, end_reasons, win_rates
from analysis.ratings import matrix, ratings
from analysis.suffstats import CONFIG
from analysis.sweep import SWEEP_FILE, is_player_sweep, read_sweep
from analysis.verdict import Line, run_verdict, thresholds_for, thresholds_note
from analysis.whose import run_whose
from reports import charts
from reports.games import ACROSS_RUNS, SECTIONS
from reports.page import Page, Run, interval, labels_for, load_run, pct, to_html, to_markdown
from reports.studies import (player_sweep_runs, player_sweep_section, sensitivity_section, skill_section,
                             sweep_section, train_section, tune_section)
from sim.errors import UserError
from sim.registry import GAME_MODULES, get_game
from sim.stats import merge_stats


# -- sections ----------------------------------------------------------------------------

PROVENANCE = ["game", "variant", "players", "bots", "games", "seed", "rotated seats", "overrides",
              "content hash", "content file", "git revision", "versions", "wall time"]


def provenance_of(r: Run) -> list[str]:
    """What reproduces the run, from its run.json (one value per PROVENANCE field)."""
    m = r.meta or {}
    cfg = m.get("config", {})
    versions = ", ".join(f"{k} {v}" for k, v in (m.get("versions") or {}).items() if v)
    return [cfg.get("game", "?"), m.get("variant", "?"), cfg.get("players", "?"),
            ",".join(cfg.get("bots", [])) or "?", f"{r.games:,}", cfg.get("seed", "?"),
            "yes" if cfg.get("rotate_seats") else "no", " ".join(m.get("overrides", [])) or "none",
            m.get("content_hash", "?"), m.get("content_file", "?"), m.get("git_revision", "?"), versions or "?",
            wall_time(m)]


def wall_time(m: dict) -> str:
    """Wall time, and start-up apart from play when run.json has them (older runs do not)."""
    if "play_seconds" not in m:
        return f"{m.get('wall_seconds', '?')} s, {m.get('games_per_second', '?')} games/s"
    return (f"{m['wall_seconds']} s (start-up {m['startup_seconds']} s, play {m['play_seconds']} s, writing "
            f"{m.get('write_seconds', 0)} s), {m['games_per_second']} games/s of play")


def provenance(page: Page, runs: list[Run]):
    page.heading("Runs and provenance")
    columns = [provenance_of(r) for r in runs]
    page.table(["", *[r.label for r in runs]], [[field, *[c[i] for c in columns]] for i, field in enumerate(PROVENANCE)])


def verdict_block(page: Page, runs: list[Run], spec: dict | None, spec_path: Path | None):
    """What a designer reads first: each run's balance questions, marked fine / worth a look /
    unbalanced by the spec's thresholds (or the defaults), from analysis.verdict; each run named
    with its bots, and for a run played with --robust, whether each line holds across the strong
    bots (analysis.studies.robust)."""
    from analysis.studies.robust import across_text, lineup_deals, lineup_stats, robust_table

    page.heading("Verdict")
    used, rows = [], []
    robust = any((r.meta or {}).get("robust") for r in runs)
    for r in runs:
        thr = thresholds_for(spec, spec_path, r.meta, r.path, r.game)
        used.append(thr)
        table = (robust_table(lineup_stats(r.path, r.meta), thr, lineup_deals(r.meta)) if (r.meta or {}).get("robust")
                 else None)
        name = f"{r.label} ({run_whose(r.meta, r.stats)})"
        for i, line in enumerate(run_verdict(r.stats, thr, r.rows) + arc_verdict(r, thr)):   # the run named once
            row = ["" if i else name, line.question, line.estimate, line.mark or "-", line.allowed or "-"]
            if robust:
                row.append(across_text(table, line.question) if table is not None and line.mark else "-")
            rows.append(row + [line.detail])
    teams = any(has_layer(r.stats, "role") and not is_cooperative(r.stats) for r in runs)
    note = thresholds_note(used, teams)
    if not robust:
        note += (" Each mark is a fact about the bots named beside its run; whether it holds with other bots is "
                 "not measured here (`balance run --resume RUN --robust` plays the run's first deals with each "
                 "strong bot of the game, and the report then says across bots).")
    else:
        deals = {(r.meta or {}).get("robust", {}).get("deals") for r in runs} - {None}
        note += (" Across bots: the same question judged with each strong bot in every seat, on the run's first "
                 f"{'/'.join(f'{d:,}' for d in sorted(deals))} deals (the run's own bots on all its games): holds = "
                 "every strong bot gives the same decided mark (fine or unbalanced); depends on the bot = one bot's "
                 "interval lies inside the threshold and another's outside, or the first player's edge is significant "
                 "both ways; undecided across bots = some bot's mark is 'worth a look' and none contradicts another.")
    page.table(["run", "question", "estimate [interval]", "mark", "threshold", *(["across bots"] if robust else []),
                "behind it"], rows, note, marks=3)   # the note as the caption: small, under the marks
    for game_id in dict.fromkeys(r.game for r in runs if r.game):   # the game's content caveat, once
        caveat = reconstructed_caveat(game_id)
        if caveat:
            page.para(f"Caveat ({game_id}): {caveat}.")


def arc_verdict(r: Run, thr=None) -> list[Line]:
    """Is there a runaway leader? From the run's arc, if it recorded one (analysis.arc); and a
    line for each arc threshold the spec sets, marked as `balance check` marks it."""
    from analysis.arc import RUNAWAY, runaway_verdict

    a = r.arc()
    if a is None or a.runaway.height == 0:
        return []
    asked = [q for q in (thr.spec_quantities() if thr is not None else []) if q in ARC_QUANTITIES]
    spec_lines = [arc_spec_line(r, a, q, thr) for q in asked]
    if "runaway_leader" in asked:       # the spec's own threshold judges the runaway leader
        return spec_lines
    first = a.runaway.row(0, named=True)
    mark, words = runaway_verdict(a.runaway)
    figure = (f"{100 * first['p']:.1f}% [{100 * first['low']:.1f}, {100 * first['high']:.1f}]" if first["games"]
              else "no sole leader")
    return [Line("Is there a runaway leader?", figure, f"{words}; the run's first {a.deals:,} deals", mark,
                 f"below {100 * RUNAWAY:.0f}% (default)"), *spec_lines]


def arc_spec_line(r: Run, a, quantity: str, thr) -> Line:
    """One arc threshold of the spec judged on the run's arc (analysis.check.evaluate)."""
    from analysis.check import QUANTITIES, evaluate
    from analysis.verdict import allowed_text, marked

    region, source = thr.region(*QUANTITIES[quantity][1:])
    try:
        v = evaluate(r.stats, quantity, region, thr.confidence, str(thr.spec or "spec"), r.rows, a)
    except UserError as e:
        return Line(QUANTITIES[quantity][0], "-", f"not judged: {e.expected}", key=quantity)
    share = quantity in ("runaway_leader", "winner_behind", "comeback_share")
    shown = (f"{100 * v.estimate:.1f}% [{100 * v.low:.1f}, {100 * v.high:.1f}]" if share
             else f"{v.estimate:.2f} [{v.low:.2f}, {v.high:.2f}]")
    line = marked(Line(v.criterion, shown, f"the run's arc, its first {a.deals:,} deals"), v, region, source,
                  "%" if share else "turns")
    if not share:                       # counts and checkpoints: the bound as written, no unit
        line.allowed = allowed_text(region, "turns", source).replace(" turns", "")
    return line


def reconstructed_caveat(game_id: str) -> str:
    """The game's declared caveat on reconstructed content (Game.reconstructed), '' if none."""
    return getattr(GAME_MODULES.get(game_id) and get_game(game_id), "reconstructed", "")


def turn_order_note(r: Run) -> str:
    game = (r.meta or {}).get("config", {}).get("game")
    return f"Turn order: {get_game(game).turn_order}." if game else ""


def turn_unit(r: Run) -> str:
    game = (r.meta or {}).get("config", {}).get("game")
    return get_game(game).turn_unit if game else "turn"


def summary(page: Page, runs: list[Run]):
    page.heading("Balance summary")
    rows = []
    for r in runs:
        m = summary_metrics(r.stats)
        d = m["duration"]
        n = int(r.stats["n_players"].max())
        turn_order = positions_meaningful(r.stats)     # else position is only a player id (Banquet)
        rows.append([f"{r.label} ({run_whose(r.meta, r.stats)})", f"{m['games']:,}", f"{m['balance']:.3f}" if turn_order else "-",
                     f"{100 * m['first_player_advantage']:+.2f} pp "
                     f"{interval(m['first_player_advantage_low'], m['first_player_advantage_high'])}"
                     if turn_order else "- (no turn order)",
                     f"{pct(m['drawishness'])} {interval(m['drawishness_low'], m['drawishness_high'])}",
                     f"{pct(m['completion'])} ({m['turn_cap_games']:,} hit the turn cap)",
                     f"{d['mean']:.1f} {turn_unit(r)}s (sd {d['sd']:.1f}; p10 {d['p10']:.0f}, p50 {d['p50']:.0f}, "
                     f"p90 {d['p90']:.0f})",
                     f"{d['mean'] / n:.1f}",
                     f"{m['mean_margin']:.2f}"])
    page.table(["run", "games", "balance (1 - largest position gap)", "first-player advantage (95%)",
                "drawishness: shared wins (95%)", "completion", "game length", "length per player",
                "winner's margin (points)"], rows)
    page.para("First-player advantage is the win rate of position 0 (the first player) minus the fair share "
              "(all wins over all seat-games). Length per player is the mean length divided by the player count. "
              "Intervals are 95% Wilson intervals; pp = percentage points.")
    for r in runs:
        if "position" in rate_columns(r):
            page.para(f"{r.label}: {equal_rates(r.stats, 'position').sentence()} {turn_order_note(r)}")


BY_LABEL = {"position": "position (0 = first player)", "seat": "seat (the player, not the turn order)",
            "bot": "bot", "role": "role (side or faction dealt)", "secret_role": "secret role"}


def has_layer(stats: pl.DataFrame, layer: str) -> bool:
    """Whether a run dealt roles of this layer (role or secret role) at all."""
    return stats.filter(pl.col("stat") == "win")[layer].drop_nulls().len() > 0


def rate_columns(r: Run) -> list[str]:
    """The columns a run's win rates are shown by: position only where it means something, and
    none in a co-operative run, where every seat wins or loses with the table."""
    if is_cooperative(r.stats):
        return []
    return [by for by in ("position", "seat", "bot", *ROLE_LAYERS)
            if (by != "position" or positions_meaningful(r.stats)) and (by not in ROLE_LAYERS or has_layer(r.stats, by))]


def rate_tables(page: Page, runs: list[Run]):
    together = [r.label for r in runs if is_cooperative(r.stats)]
    if together:
        page.para(f"Co-operative runs ({', '.join(together)}) have no win rates by position, seat, bot or role: "
                  "every seat wins or loses with the table; the table's win rate is in the verdict.")
    for by in ("position", "seat", "bot", *ROLE_LAYERS):
        rows = []
        for r in runs:
            if by not in rate_columns(r):
                continue
            for t in win_rates(r.stats, by).iter_rows(named=True):
                rows.append([r.label, t[by], f"{t['seat_games']:,}", pct(t["win_rate"]), interval(t["ci_low"], t["ci_high"]),
                             f"{t['mean_score']:.2f}", f"{t['sd_score']:.2f}"])
        if rows:
            page.heading(f"Win rate by {BY_LABEL[by]}", 3)
            page.table(["run", by, "seat-games", "win rate", "95% interval (%)", "mean score", "score sd"], rows)


def cross_tables(page: Page, runs: list[Run]):
    """Team games: each bot's win rate in each role (a bot may suit one side), and each secret
    role within its faction."""
    for pair, title, when in ((["bot", "role"], "Win rate by bot and role", lambda r: several_bots(r.stats)),
                              (["role", "secret_role"], "Win rate by role and secret role",
                               lambda r: has_layer(r.stats, "secret_role"))):
        rows = [[r.label, t[pair[0]], t[pair[1]], f"{t['seat_games']:,}", pct(t["win_rate"]),
                 interval(t["ci_low"], t["ci_high"])]
                for r in runs if has_layer(r.stats, "role") and when(r)
                for t in win_rates(r.stats, pair).iter_rows(named=True)]
        if rows:
            page.heading(title, 3)
            page.table(["run", *pair, "seat-games", "win rate", "95% interval (%)"], rows)


def several_bots(stats: pl.DataFrame) -> bool:
    return stats["bot"].drop_nulls().n_unique() > 1


def config_table(page: Page, runs: list[Run]):
    """Position win rates by player count and variant, all runs pooled (exact histogram merge),
    when the runs cover more than one configuration."""
    runs = [r for r in runs if "position" in rate_columns(r)]
    merged = merge_stats([r.stats for r in runs]) if runs else None
    if merged is None or merged.filter(pl.col("seat") >= 0).select(CONFIG).unique().height < 2:
        return
    page.heading("Win rate by player count and variant", 3)
    t = win_rates(merged, [*CONFIG, "position"])
    page.table(["game", "variant", "players", "position", "seat-games", "win rate", "95% interval (%)"],
               [[r["game"], r["variant"], r["n_players"], r["position"], f"{r['games']:,}", pct(r["win_rate"]),
                 interval(r["ci_low"], r["ci_high"])] for r in t.iter_rows(named=True)])


def role_config_tables(page: Page, runs: list[Run]):
    """Each role's win rate (and each secret role's) in every run, by variant and player count:
    a team game's balance across a scenario's whole player range (balance sweep --players)."""
    for layer in ROLE_LAYERS:
        dealt = [r for r in runs if has_layer(r.stats, layer)]
        if len({(r.stats["variant"][0], int(r.stats["n_players"][0])) for r in dealt}) < 2:
            continue
        names = sorted({k for r in dealt for k in win_rates(r.stats, layer)[layer].to_list()})
        rows = []
        for r in dealt:
            t = {x[layer]: x for x in win_rates(r.stats, layer).iter_rows(named=True)}
            rows.append([r.label, r.stats["variant"][0], int(r.stats["n_players"][0]), f"{r.games:,}",
                         *[f"{pct(t[k]['win_rate'])} {interval(t[k]['ci_low'], t[k]['ci_high'])}" if k in t else "-"
                           for k in names]])
        page.heading(f"Win rate by {BY_LABEL[layer]}, variant and player count", 3)
        page.table(["run", "variant", "players", "games", *names], rows,
                   "Win rate (%) of each group with its 95% Wilson interval.")


def own_metrics(page: Page, runs: list[Run]):
    """The measures each game declares worth showing (Game.report_metrics): the mean with its
    95% interval per role, or per position when no roles are dealt, from the run's sums. A
    measure that is zero in every game of a run (a scenario without vetoes or marks) shows '-'
    there, and a measure zero in every run shown is left out."""
    by_game: dict[str, list[tuple[Run, str, list]]] = {}
    for r in runs:
        game = game_of(r.stats)
        moments = r.moments() if game is not None and game.report_metrics else None
        if moments is None or not all(f"{game.id}_{m}_sum" in moments.columns for m in game.report_metrics):
            continue   # no sums kept (a histograms-only table), or results of other metrics
        by = "role" if has_layer(r.stats, "role") else "position" if positions_meaningful(r.stats) else "seat"
        tables = {m: metric_means(moments, f"{game.id}_{m}", by) for m in game.report_metrics}
        by_game.setdefault(game.id, []).append((r, by, tables))
    for gid, entries in by_game.items():
        game = get_game(gid)
        played = {m: [bool((t[m]["mean"].abs() > 0).any()) for _, _, t in entries] for m in game.report_metrics}
        shown = [m for m in game.report_metrics if any(played[m])]
        rows = [[r.label, int(r.stats["n_players"][0]), f"{by.replace('_', ' ')} {key}",
                 *[f"{t[m]['mean'][i]:.2f} [{t[m]['mean_low'][i]:.2f}, {t[m]['mean_high'][i]:.2f}]"
                   if played[m][j] else "-" for m in shown]]
                for j, (r, by, t) in enumerate(entries) for i, key in enumerate(t[game.report_metrics[0]][by].to_list())]
        left_out = [m for m in game.report_metrics if m not in shown]
        page.heading(f"{game.name}: its own measures", 3)
        page.table(["run", "players", "group", *shown], rows,
                   "Mean per seat-game with its 95% interval, from the run's sums and sums of squares "
                   "(the metrics the game lists in report_metrics), by role, or by position where no roles are dealt; "
                   "- where the measure is zero in every game of the run"
                   + (f"; left out, zero in every run: {', '.join(left_out)}" if left_out else "") + ".")


def rate_charts(page: Page, runs: list[Run]):
    """Win rates as distances from the fair share (dot and whisker), then the distributions."""
    counts = {r.label: r.games for r in runs}
    for by, title in (("position", "Win rate by position in the turn order (0 = first player)"),
                      ("seat", "Win rate by seat (the player, not the turn order)"), ("bot", "Win rate by bot"),
                      ("role", f"Win rate by {BY_LABEL['role']}"), ("secret_role", f"Win rate by {BY_LABEL['secret_role']}")):
        shown = [r for r in runs if by in rate_columns(r) and (by != "bot" or several_bots(r.stats))]
        if shown:   # one bot in every seat: no bot chart
            page.chart(charts.win_rate_dots([(r.label, from_fair_share(r.stats, by)) for r in shown], by,
                                            {r.label: counts[r.label] for r in shown}, f"{title}: distance from the fair share"),
                       f"win_rate_by_{by}", f"{title}, as distance from the fair share with 95% intervals")
    length_chart(page, runs, counts)
    together = [is_cooperative(r.stats) for r in runs]    # a co-operative table wins or loses: no scores
    scored = [r for r, t in zip(runs, together) if not t]
    if any(together):
        page.para(f"Co-operative runs ({', '.join(r.label for r, t in zip(runs, together) if t)}) have no score charts: "
                  "the table wins or loses together, and its win rate is in the verdict.")
    if scored:
        page.chart(charts.distribution_chart([(r.label, r.stats) for r in scored], "score", "final score (points)",
                                             "share of seat-games (%)", {r.label: counts[r.label] for r in scored},
                                             "Score distribution (all seats)"), "score_distribution", "Score distribution")
    for i, (r, t) in enumerate(zip(runs, together)):
        if not t:
            page.chart(charts.score_by_seat_chart(r.label, r.stats, r.games), f"score_by_seat_{i}",
                       f"Score distribution by seat for {r.label}")


def length_chart(page: Page, runs: list[Run], counts: dict[str, int]):
    """The length distribution of the runs whose length varies; a line for each that never does."""
    fixed = {r.label: constant_length(r.stats) for r in runs}
    for r in runs:
        if fixed[r.label] is not None:
            page.para(f"Game length: every game of {r.label} lasted {fixed[r.label]:g} {turn_unit(r)}s "
                      f"(the length never varies), so it has no length chart.")
    varied = [r for r in runs if fixed[r.label] is None]
    if varied:
        page.chart(charts.distribution_chart([(r.label, r.stats) for r in varied], "turns", "game length (turns)",
                                             "share of games (%)", {r.label: counts[r.label] for r in varied},
                                             "Game length distribution"), "length_distribution", "Game length distribution")


def end_reason_table(page: Page, runs: list[Run]):
    """How games end, by variant and player count: one column per end reason."""
    page.heading("End reasons by variant", 3)
    tables = [(r, {t["label"]: t for t in end_reasons(r.stats).iter_rows(named=True)}) for r in runs]
    reasons = sorted({k for _, t in tables for k in t}, key=lambda k: (k != "finished", k))
    page.table(["run", "variant", "players", "games", *reasons],
               [[r.label, r.stats["variant"][0], int(r.stats["n_players"][0]), f"{r.games:,}",
                 *[f"{pct(t[k]['share'])} ({t[k]['games']:,})" if k in t else "-" for k in reasons]]
                for r, t in tables],
               "Share of games (and games) per end reason; turn_cap and a lost co-operative game have no winner.")


def comparisons(page: Page, runs: list[Run], gap: float = 0.02):
    """The first run (A) against each other run (B), paired when they played the same deals."""
    a = runs[0]
    for b in runs[1:]:
        why = mismatch(a, b)
        if why:
            page.para(f"{b.label} is not compared with {a.label}: {why}")
            continue
        paired = a.rows is not None and b.rows is not None and is_paired(a.rows, b.rows)
        t = (paired_compare(a.rows, b.rows, "position", gap) if paired
             else compare_rates(a.stats, b.stats, "position", gap))
        need = "deals_needed" if paired else "games_needed"
        page.heading(f"{a.label} (A) vs {b.label} (B)", 3)
        measures = paired_turn_order(a.rows, b.rows) if paired else independent_turn_order(a.stats, b.stats)
        page.table(["measure", "A (pp)", "B (pp)", "A - B (pp)", "95% interval (pp)", "how"],
                   [[m.name, f"{100 * m.a:+.2f}", f"{100 * m.b:+.2f}", f"{100 * m.diff:+.2f}",
                     interval(m.low, m.high), m.how] for m in measures])
        page.para(("Paired on the deals both runs played (rates on those deals): per-deal differences, exact sign test (McNemar for 0/1 wins). "
                   if paired else "Independent runs: Newcombe interval, two-proportion z-test. ")
                  + f"p-values Holm-adjusted across positions; the last column is the number of "
                    f"{'deals' if paired else 'games per run'} that would resolve a gap of {100 * gap:.0f} points.")
        page.table(["position", "A", "B", "A - B (pp)", "95% interval (pp)", "p", "p (Holm)", need],
                   [[r["position"], pct(r["rate_a"]), pct(r["rate_b"]), f"{100 * r['diff']:+.2f}",
                     interval(r["diff_low"], r["diff_high"]), f"{r['p']:.4g}", f"{r['p_holm']:.4g}", f"{r[need]:,}"]
                    for r in t.iter_rows(named=True)])
        page.chart(charts.difference_chart(t, "position", a.label, b.label, {a.label: a.games, b.label: b.games}),
                   f"difference_{a.label}_vs_{b.label}".replace("/", "_"), f"Win-rate difference {a.label} minus {b.label}")
        sequential_test(page, b)


def mismatch(a: Run, b: Run) -> str:
    """Why two runs do not answer the same question ('' when they do)."""
    if a.meta and b.meta:
        try:
            comparable(a.meta, b.meta, "position")
        except UserError as e:
            return e.expected
        return ""
    key = ["game", "n_players"]
    same = a.stats.select(key).unique().sort(key).equals(b.stats.select(key).unique().sort(key))
    return "" if same else "a different game or player count."


def sequential_test(page: Page, r: Run):
    """The sequential test that produced a pair of runs (`balance compare --run --until-decided --out`)."""
    t = (r.meta or {}).get("sequential")
    if not t:
        return
    words = {"A": "A ahead", "B": "B ahead", "=": "no difference as large as delta", "": "undecided at the maximum"}
    page.para(f"These runs come from a sequential test ({t['method']}) on {t['measure']}: decision "
              f"'{words.get(t['decision'], t['decision'])}' after {t['deals']:,} paired deals; delta {t['delta']:g}, "
              f"alpha {t['alpha']:g}, beta {t['beta']:g}; A - B = {100 * t['diff']:+.2f} pp "
              f"{interval(t['diff_low'], t['diff_high'])} ({t['interval_note']}).")


def ladder(page: Page, runs: list[Run]):
    """Bots-by-bots matrix and ratings, per game, from the runs that mix bots."""
    by_game: dict[str, list[pl.DataFrame]] = {}
    for r in runs:
        if r.rows is not None and r.rows["bot"].n_unique() > 1:
            by_game.setdefault(r.rows["game"][0], []).append(r.rows)
    for game, frames in by_game.items():
        rows = pl.concat(frames, how="diagonal_relaxed")
        games = rows.select("seed", "game_index", "rotation", "variant").unique().height
        m, rt = matrix(rows), ratings(rows)
        if m.height == 0:
            continue
        page.heading(f"Strategy ladder: {game}", 3)
        page.para("Each pair of seats in a game is one meeting; the bot that finished ahead wins it (ties half). "
                  "Ratings: Bradley-Terry fitted to the meetings, on the Elo scale, 95% bootstrap intervals over deals.")
        page.table(["bot", "rating (Elo)", "95% interval", "meetings"],
                   [[r["bot"], f"{r['elo']:+.0f}", f"[{r['elo_low']:+.0f}, {r['elo_high']:+.0f}]", f"{r['meetings']:,.0f}"]
                    for r in rt.iter_rows(named=True)])
        page.table(["bot", "opponent", "finished ahead", "95% interval (%)", "meetings"],
                   [[r["bot"], r["opponent"], pct(r["rate"]), interval(r["ci_low"], r["ci_high"]), f"{r['meetings']:,}"]
                    for r in m.iter_rows(named=True)])
        page.chart(charts.matrix_chart(m, games, f"Strategy matrix: {game}"), f"strategy_matrix_{game}",
                   f"Strategy matrix heat map for {game}")
        page.chart(charts.ratings_chart(rt, games), f"ratings_{game}", f"Strategy ratings for {game}")


def arc_section(page: Page, r: Run, i: int):
    """When is it decided (a run recorded with --arc or `balance arc`): the leader's chance at
    every checkpoint, and the arc measures with their intervals."""
    a = r.arc()
    if a is None:
        return
    whose = run_whose(r.meta, r.stats)
    n = a.contestants                   # seats, or factions where they win as teams
    page.heading(f"When is it decided: {r.label}")
    page.chart(charts.decided_chart(a.runaway, 1 / n, {r.label: a.games},
                                    f"Does the leader win? {r.label}, {whose}"),
               f"decided_{i}", f"The sole leader's win rate at each checkpoint of {r.label}")
    rows = [[m["measure"], f"{pct(m['estimate'])} {interval(m['low'], m['high'])}" if m["unit"] == "share"
             else f"{m['estimate']:.2f} {interval(m['low'], m['high'], 1)}", f"{m['n']:,}"]
            for m in a.measures.iter_rows(named=True)]
    page.table(["arc measure", "estimate [95% interval]", "games or winners"], rows,
               f"Over the run's first {a.deals:,} deals, {whose}; checkpoints: {', '.join(a.checkpoints)}. "
               "Leaders are the seats (factions, where they win as teams) with the highest standing (ties share the lead); decided at = the first "
               "checkpoint from which a winner leads to the end; comebacks count winners who were alone last.")
    if a.groups is not None and a.groups.height:
        page.table(["by", "group", "measure", "estimate [95% interval]", "n"], group_rows(a.groups),
                   f"By position (0 = the first player) and by the role chance dealt, {whose}: leads taken = the "
                   "times the group joins the leaders; the winner measures count each winner of the group (n: "
                   "winners), the sole leader's chance each game the group leads alone after the first checkpoint "
                   "(n: those games).")
    page.table(["decision", "a game", "options offered [95%]", "forced (one option) [95%]"],
               [[d["kind"], f"{d['per_game']:.1f}", f"{d['options']:.1f} {interval(d['options_low'], d['options_high'], 1)}",
                 f"{pct(d['forced'])} {interval(d['forced_low'], d['forced_high'])}"] for d in a.decisions.iter_rows(named=True)],
               f"Are the choices real? Every decision of the same games, {whose}: each game's mean options and share of "
               "forced decisions, averaged over games.")
    choices_section(page, r, whose)


def choices_section(page: Page, r: Run, whose: str):
    """Do the strong bots choose differently (balance run --arc --arc-choices, balance arc --choices)?"""
    from analysis.studies.choices import choices_table, read_choices, strong_bots

    t = read_choices(r.path)
    if t is None or t.height == 0:
        return
    bots = strong_bots(get_game(r.game))
    rows = [[c["kind"], f"{c['decisions']:,}", f"{c['options']:.1f}",
             f"{pct(c['share'])} {interval(c['low'], c['high'])}",
             ", ".join(f"{b} {pct(c[f'vs_{b}'])}" for b in bots[1:])] for c in choices_table(t).iter_rows(named=True)]
    page.table(["decision", "asked", "options", "the strong bots differ [95%]", f"differs from {bots[0]}"], rows,
               f"Do the strong bots choose differently? {', '.join(bots)} asked at one unforced decision of each game, "
               f"a decision reached {whose} (one a game, so the decisions are independent: Wilson intervals).")


def group_rows(t) -> list[list]:
    """The by-position and by-role arc table (analysis.arc_sums.by_group) as report rows."""
    from analysis.arc_sums import GROUP_MEASURES

    rows = []
    for r in t.iter_rows(named=True):
        words, unit = GROUP_MEASURES[r["measure"]]
        shown = (f"{pct(r['estimate'])} {interval(r['low'], r['high'])}" if unit == "share"
                 else f"{r['estimate']:.2f} {interval(r['low'], r['high'], 1)}")
        rows.append([r["by"], r["group"], words, shown, f"{r['n']:,}"])
    return rows


def build_report(dirs: list[Path], out_dir: Path, title: str = "Balance report", spec_path: Path | None = None) -> Path:
    """Write the charts, index.html and summary.md for these run and sweep directories; the
    verdict's marks by the spec's thresholds when one is given (else the defaults)."""
    dirs = [Path(d) for d in dirs]
    if not dirs:
        raise UserError("balance report", "DIR", "expected at least one run or sweep directory")
    out_dir = Path(out_dir)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UserError(str(out_dir), None, f"cannot create the report directory ({e.strerror})") from None
    spec = load_spec(spec_path) if spec_path else None
    page = Page(out_dir)
    labels = labels_for(dirs)
    from analysis.sensitivity import SENSITIVITY_FILE, SKILL_FILE, TUNE_FILE
    from analysis.studies.train import TRAIN_FILE

    studies = {d: lab for d, lab in zip(dirs, labels)
               if any((d / f).is_file() for f in (SENSITIVITY_FILE, TUNE_FILE, SKILL_FILE, TRAIN_FILE))}
    sweeps = {d: lab for d, lab in zip(dirs, labels) if (d / SWEEP_FILE).is_file() and d not in studies}
    runs = [load_run(d, lab) for d, lab in zip(dirs, labels) if d not in sweeps and d not in studies]
    counts = {d: player_sweep_runs(d, lab) for d, lab in sweeps.items() if is_player_sweep(read_sweep(d))}
    every = runs + [r for rs in counts.values() for r in rs]   # each player count of a sweep is a run too
    if every:
        verdict_block(page, every, spec, spec_path)
    if runs:
        provenance(page, runs)
    if every:
        summary(page, every)
        page.heading("Win rates")
        rate_tables(page, runs)
        cross_tables(page, runs)
        config_table(page, every)
        role_config_tables(page, every)
        own_metrics(page, every)
    if runs:
        rate_charts(page, runs)
    if every:
        end_reason_table(page, every)
    for r in runs:
        if r.game in SECTIONS:
            SECTIONS[r.game](page, r)
    for game in dict.fromkeys(r.game for r in every):
        if game in ACROSS_RUNS:
            ACROSS_RUNS[game](page, every)
    if len(runs) > 1:
        page.heading("Comparisons")
        comparisons(page, runs)
    ladder(page, runs)
    for i, r in enumerate(runs):
        arc_section(page, r, i)
    for d, lab in sweeps.items():
        if d in counts:
            player_sweep_section(page, lab, d, counts[d])
        else:
            sweep_section(page, lab, d)
    for d, lab in studies.items():
        if (d / SENSITIVITY_FILE).is_file():
            sensitivity_section(page, lab, d)
        elif (d / SKILL_FILE).is_file():
            skill_section(page, lab, d)
        elif (d / TRAIN_FILE).is_file():
            train_section(page, lab, d)
        else:
            tune_section(page, lab, d)
    (out_dir / "index.html").write_text(to_html(page.blocks, title))
    (out_dir / "summary.md").write_text(to_markdown(page.blocks, title))
    return out_dir / "index.html"
