"""`balance report`: charts (PNG + SVG), one self-contained HTML page (charts embedded as
data URIs, no external files or scripts) and summary.md, from run and sweep directories.
The sections are written here as blocks of a reports.page.Page."""
from __future__ import annotations

from pathlib import Path

import polars as pl

from analysis.aggregate import metric_means
from analysis.balance import (equal_rates, from_fair_share, game_of, is_cooperative, positions_meaningful,
                              summary_metrics)
from analysis.check import load_spec
from analysis.compare import (comparable, compare_rates, independent_turn_order, is_paired, paired_compare,
                              paired_turn_order)
from analysis.metrics import ROLE_LAYERS, constant_length, end_reasons, win_rates
from analysis.ratings import matrix, ratings
from analysis.suffstats import CONFIG
from analysis.sweep import SWEEP_FILE, is_player_sweep, read_sweep, sweep_table
from analysis.verdict import run_verdict, thresholds_for, thresholds_note
from analysis.whose import run_whose
from reports import charts
from reports.games import ACROSS_RUNS, SECTIONS
from reports.page import Page, Run, interval, labels_for, load_run, pct, to_html, to_markdown
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
        for i, line in enumerate(run_verdict(r.stats, thr, r.rows)):   # the run named once
            row = ["" if i else name, line.question, line.estimate, line.mark or "-", line.allowed or "-"]
            if robust:
                row.append(across_text(table, line.question) if table is not None and line.mark else "-")
            rows.append(row + [line.detail])
    teams = any(has_layer(r.stats, "role") and not is_cooperative(r.stats) for r in runs)
    note = thresholds_note(used, teams)
    if robust:
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
        u = "pp" if unit == "pp" else "turns"
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
    if s:
        saved = s["fixed_design_games"] - s["games"]
        page.para(f"{s['games']:,} games in all; a fixed design playing every value to {plan['n']:,} deals would need "
                  f"{s['fixed_design_games']:,}: the sequential test saved {saved:,}. {s['dropped']} of {s['values']} "
                  f"values were dropped as negligible ({s['negligible_text']}). Wall time {s.get('wall_seconds', '?')} s "
                  f"(play {s.get('play_seconds', '?')} s, {s.get('engine', '?')} engine, {s.get('threads', '?')} threads).")


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
    u = "pp" if unit == "pp" else "turns"
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

    studies = {d: lab for d, lab in zip(dirs, labels)
               if any((d / f).is_file() for f in (SENSITIVITY_FILE, TUNE_FILE, SKILL_FILE))}
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
        else:
            tune_section(page, lab, d)
    (out_dir / "index.html").write_text(to_html(page.blocks, title))
    (out_dir / "summary.md").write_text(to_markdown(page.blocks, title))
    return out_dir / "index.html"
