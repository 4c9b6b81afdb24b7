"""`balance compare`, `sweep`, `report` and `check`: the analysis commands, added to the
`balance` group by register(cli)."""
from __future__ import annotations

import math

import sys
import time
from dataclasses import replace
from pathlib import Path

import click

from cli.progress import meter, on_terminal

from sim.errors import UserError


def _list(text: str | None) -> list[str]:
    return [t.strip() for t in (text or "").split(",") if t.strip()]


def _config(game_id, players, bots, variant, sets, seed, n_games, rotate_seats, threads):
    from sim.registry import get_game
    from sim.plan import RunConfig

    game = get_game(game_id)
    return RunConfig(game=game.id, players=game.players_or_default(players, _list(variant)),
                     bots=_list(bots or game.default_bots), games=n_games, seed=seed,
                     variants=_list(variant), sets=list(sets), rotate_seats=rotate_seats, threads=threads)


def _write_run(prep, df, out: Path, threads: int, timing, session_games: int, extra: dict | None = None) -> None:
    """One side of a paired comparison as a run directory. Its timing and games/s are the
    session's, which played both sides."""
    from sim.results import write_json, write_parquet
    from sim.plan import run_metadata

    out.mkdir(parents=True, exist_ok=True)
    write_parquet(df, out / "results.parquet")
    deals = int(df["game_index"].n_unique())
    meta = run_metadata(replace(prep.cfg, games=deals), prep, threads, timing, df.height // prep.cfg.players,
                        session_games)
    write_json({**meta, **(extra or {})}, out / "run.json")


def compare_dirs(dir_a: Path, dir_b: Path, by: str, gap: float) -> str:
    from analysis.compare import comparable
    from sim.results import read_run_json

    notes = comparable(read_run_json(dir_a), read_run_json(dir_b), by)
    return "\n".join([compared_rates(dir_a, dir_b, by, gap, notes), *compared_arcs(dir_a, dir_b)])


def compared_arcs(dir_a: Path, dir_b: Path) -> list[str]:
    """The game arcs of A and B, when both runs recorded one (balance run --arc, balance arc)."""
    from analysis.arc import compare_lines
    from analysis.arc_sums import compare_arcs
    from analysis.studies.arc import read_arc

    a, b = read_arc(dir_a), read_arc(dir_b)
    return compare_lines(compare_arcs(a, b)) if a and b else []


def compared_rates(dir_a: Path, dir_b: Path, by: str, gap: float, notes: list[str]) -> str:
    import polars as pl

    from analysis.compare import (compare_rates, format_comparison, format_turn_order,
                                  independent_turn_order, is_paired, paired_compare, paired_turn_order)
    from analysis.suffstats import load_stats
    from sim.results import read_results

    sa, sb = load_stats(dir_a), load_stats(dir_b)
    if by in ("role", "secret_role") and not any(s.filter(pl.col("stat") == "win")[by].drop_nulls().len()
                                                 for s in (sa, sb)):
        raise UserError("--by", by, f"neither run deals a {by.replace('_', ' ')}: compare them by position, "
                        "seat or bot")
    rows = [d / "results.parquet" for d in (dir_a, dir_b)]
    if all(p.is_file() for p in rows):
        a, b = read_results(dir_a), read_results(dir_b)
        if is_paired(a, b):
            return "\n".join([*notes, format_comparison(paired_compare(a, b, by, gap), by, paired=True),
                              format_turn_order(paired_turn_order(a, b))])
    return "\n".join([*notes, format_comparison(compare_rates(sa, sb, by, gap), by, paired=False),
                      format_turn_order(independent_turn_order(sa, sb))])


@click.command()
@click.argument("dirs", nargs=-1, type=click.Path(file_okay=False, path_type=Path))
@click.option("--by", type=click.Choice(["position", "seat", "bot", "role", "secret_role"]), default="position", show_default=True,
              help="Group by place in the turn order (position), player (seat), bot, role or secret role.")
@click.option("--gap", type=click.FloatRange(0.001, 0.5), default=0.02, show_default=True,
              help="Win-rate gap to resolve: the table says how many games that needs.")
@click.option("--run", "game_id", metavar="GAME", default=None, help="Play A and B now on the same deals.")
@click.option("-p", "--players", type=int, default=None)
@click.option("--bots", default=None, help="Bots of both A and B.")
@click.option("--variant", default="base", show_default=True, help="Variant of both A and B.")
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help="Override for both A and B.")
@click.option("--a-bots", default=None)
@click.option("--b-bots", default=None)
@click.option("--a-variant", default=None)
@click.option("--b-variant", default=None)
@click.option("--a-set", "a_sets", multiple=True, metavar="KEY=VALUE")
@click.option("--b-set", "b_sets", multiple=True, metavar="KEY=VALUE")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--rotate-seats", is_flag=True)
@click.option("--threads", type=int, default=0, show_default=True)
@click.option("-n", "--games", "n_games", type=click.IntRange(1), default=10_000, show_default=True,
              help="Deals per side without --until-decided.")
@click.option("--until-decided", is_flag=True, help="Play paired batches until the SPRT decides.")
@click.option("--measure", default=None, metavar="MEASURE",
              help="What the sequential test compares: first_player_advantage (the default), position_spread "
                   "(largest gap between positions), position:K, seat:K or bot:NAME (or position/seat/bot with "
                   "--position/--seat/--bot), or an arc measure (lead_changes, runaway_leader, decided_at, "
                   "winner_behind, comeback_share: each batch's deals replayed for their arcs, and every arc "
                   "measure's A - B shown); the names of sensitivity, tune and skill, hyphens allowed.")
@click.option("--position", "focus_position", type=int, default=None, help="Compare this position's win rate.")
@click.option("--seat", type=int, default=None, help="Compare this seat's (player's) win rate.")
@click.option("--bot", "focus_bot", default=None, help="Compare this bot's win rate.")
@click.option("--delta", type=click.FloatRange(0.001, 0.5), default=0.03, show_default=True,
              help="Smallest difference worth detecting (SPRT), in the measure's unit: a win rate or a share "
                   "(0.03 = 3 pp), lead changes a game, a checkpoint.")
@click.option("--alpha", type=click.FloatRange(0.001, 0.5), default=0.05, show_default=True)
@click.option("--beta", type=click.FloatRange(0.001, 0.5), default=0.10, show_default=True)
@click.option("--batch", type=click.IntRange(10), default=1000, show_default=True, help="Deals per paired batch.")
@click.option("--max-games", type=click.IntRange(10), default=200_000, show_default=True, help="Most deals to play.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="With --run: write the A and B runs into OUT/A and OUT/B.")
def compare(dirs, by, gap, game_id, players, bots, variant, sets, a_bots, b_bots, a_variant, b_variant,
            a_sets, b_sets, seed, rotate_seats, threads, n_games, until_decided, measure, focus_position, seat,
            focus_bot, delta, alpha, beta, batch, max_games, out_dir):
    """A vs B: two run directories DIR_A DIR_B, or --run GAME with --a-*/--b-* options."""
    if game_id is None:
        if len(dirs) != 2:
            raise UserError("balance compare", "DIR_A DIR_B", f"expected two run directories (or --run GAME), got {len(dirs)}")
        click.echo(compare_dirs(dirs[0], dirs[1], by, gap))
        return
    from analysis.compare import format_comparison, format_turn_order, paired_compare, paired_turn_order
    from analysis.studies.paired_play import check_pairable, play_pair, until_decided as play_until
    from analysis.sprt import SprtSpec
    from sim.plan import Prepared, Timing, set_threads

    t_start = time.perf_counter()
    base = _config(game_id, players, bots, variant, sets, seed, n_games, rotate_seats, threads)
    cfg_a = replace(base, bots=_list(a_bots) or base.bots, variants=_list(a_variant) or base.variants,
                    sets=[*base.sets, *a_sets])
    cfg_b = replace(base, bots=_list(b_bots) or base.bots, variants=_list(b_variant) or base.variants,
                    sets=[*base.sets, *b_sets])
    prep_a, prep_b = Prepared(cfg_a), Prepared(cfg_b)
    used_threads = set_threads(threads)
    focus = _focus(measure, focus_position, seat, focus_bot, base.players)
    if focus.is_arc:                # checked before anything is compiled or played
        from analysis.measures import parse_measure

        if not until_decided:
            raise UserError("--measure", measure, "an arc measure is followed by --until-decided (`balance run "
                            "--arc` on each side, then `balance compare A B`, gives every arc measure at a fixed size)")
        parse_measure(focus.measure, prep_a.game, base.players, cfg_a.bots, cfg_a.variants)   # no arc: one line
    check_pairable(prep_a, prep_b)
    prep_a.warm_up()   # compile or load the kernels before the play time starts
    prep_b.warm_up()
    t0 = time.perf_counter()
    res, arcs = None, []
    if until_decided:
        with meter(max_games if on_terminal() else 0, "compare --until-decided (at most)") as step:   # off a
            # terminal the batch lines below are the progress
            res, a, b = play_until(prep_a, prep_b, SprtSpec(delta, alpha, beta), focus, batch, max_games,
                                   echo=click.echo, step=step, arcs=arcs)
        click.echo(res.text("A", "B"))
    else:
        a, b = play_pair(prep_a, prep_b, 0, n_games)
    timing = Timing(startup=t0 - t_start, play=time.perf_counter() - t0)
    click.echo(format_comparison(paired_compare(a, b, by, gap), by, paired=True))
    click.echo(format_turn_order(paired_turn_order(a, b)))
    if arcs:
        click.echo("\n".join(paired_arc_lines(prep_a, arcs)))
    if out_dir:
        sequential = {"sequential": res.to_json()} if res else {}
        both = (a.height + b.height) // base.players
        _write_run(prep_a, a, out_dir / "A", used_threads, timing, both, sequential)
        _write_run(prep_b, b, out_dir / "B", used_threads, timing, both, sequential)
        click.echo(f"Runs: {out_dir / 'A'} {out_dir / 'B'}")


def paired_arc_lines(prep, arcs: list) -> list[str]:
    """Every arc measure's A - B over the deals --until-decided replayed, paired by deal."""
    import polars as pl

    from analysis.arc import compare_lines
    from analysis.paired_runs import paired_arc_table
    from analysis.studies.arc import checkpoint_name

    name = checkpoint_name(prep.game, prep.compiled)
    a, b = (pl.concat([x[i] for x in arcs], how="diagonal_relaxed") for i in (0, 1))
    return compare_lines(paired_arc_table(a, b, f"{name} 1"),
                         f"paired by deal over the {a.height:,} deals replayed")


def _focus(measure, position, seat, bot, players):
    """The sequential test's focus from --measure and the option naming its position/seat/bot."""
    from analysis.measures import compare_focus
    from analysis.paired_runs import Focus

    return Focus(*compare_focus(measure, {"position": position, "seat": seat, "bot": bot}, players))


@click.command()
@click.argument("game_id", metavar="GAME")
@click.option("--set", "grid_sets", multiple=True, metavar="KEY=V1,V2,..",
              help="A swept content value (repeatable: the grid is the product; one value = fixed). "
                   "The content's current value joins the grid when missing.")
@click.option("-n", "--games", "n_games", type=click.IntRange(1), default=10_000, show_default=True, help="Deals per point.")
@click.option("-p", "--players", default=None, metavar="N|4-8|4,6,8|all",
              help="Player count; several counts (a range, a list, or all the variant allows) sweep the player "
                   "count instead of content values: one run per count.")
@click.option("--bots", default=None, help="With several counts: repeated round the table.")
@click.option("--variant", default="base", show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--rotate-seats", is_flag=True)
@click.option("--threads", type=int, default=0, show_default=True)
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("out/sweep"),
              show_default=True)
def sweep(game_id, grid_sets, n_games, players, bots, variant, seed, rotate_seats, threads, out_dir):
    """Run GAME at every point of a grid of content values (same deals at each point) and say
    how each point moves the turn-order balance: first-player advantage, position spread, win
    rate by position and role, mean length, each with its difference from the content's
    current value (paired per deal) and a 95% interval.

    With --players 4-8 (or 4,6,8, or all) it runs GAME once per player count instead and
    gives each role's win rate (each position's where no roles are dealt) per count."""
    from analysis.sweep import format_sweep, parse_counts, parse_grid, split_fixed, sweep_table, sweep_whose
    from analysis.studies.sweeps import run_sweep
    from sim.plan import Prepared
    from sim.registry import get_game
    from sim.runner import run

    counts = parse_counts(players, get_game(game_id).allowed_players(_list(variant))) if players else None
    if counts and (len(counts) > 1 or players.strip() == "all"):
        if grid_sets:
            raise UserError("--players", players, "sweeps the player count: drop --set (or give one count "
                            "to sweep content values at it)")
        return player_sweep(game_id, counts, n_games, bots, variant, seed, rotate_seats, threads, out_dir)
    if not grid_sets:
        raise UserError("balance sweep", None, "needs --set KEY=V1,V2,.. (content values) or --players 4-8 "
                        "(player counts)")
    grid = parse_grid(list(grid_sets))
    base = _config(game_id, counts[0] if counts else None, bots, variant, (), seed, n_games, rotate_seats, threads)
    swept, fixed = split_fixed(grid)
    for key, values in swept:  # validate every value before playing anything
        for v in values:
            Prepared(replace(base, sets=[*base.sets, *fixed, f"{key}={v}"]))
    points = math.prod(len(values) for _, values in swept) + 1   # at most: the current value may join the grid
    with meter(points * base.games, "sweep") as step:
        meta = run_sweep(base, grid, out_dir, lambda cfg, d: run(cfg, d, progress=step), echo=click.echo)
    click.echo(format_sweep(sweep_table(out_dir), meta["params"], meta["game"], whose=sweep_whose(meta)))
    click.echo(f"Sweep: {out_dir} (balance report {out_dir} --out REPORT_DIR draws its curves)")


def player_sweep(game_id, counts, n_games, bots, variant, seed, rotate_seats, threads, out_dir):
    """`balance sweep GAME --players 4-8`: every count checked against the variant's range
    before anything is played, then one run per count."""
    from analysis.sweep import format_players
    from analysis.studies.sweeps import run_player_sweep, seat_line_up
    from sim.plan import Prepared
    from sim.runner import run

    base = _config(game_id, counts[0], bots, variant, (), seed, n_games, rotate_seats, threads)
    for n in counts:
        Prepared(replace(base, players=n, bots=seat_line_up(base.bots, n)))
    with meter(len(counts) * base.games, "sweep") as step:
        run_player_sweep(base, counts, out_dir, lambda cfg, d: run(cfg, d, progress=step), echo=click.echo)
    click.echo(format_players(out_dir))
    click.echo(f"Sweep: {out_dir} (balance report {out_dir} --out REPORT_DIR gives each count's verdict and "
               "the win rates by role and player count)")


@click.command()
@click.argument("dirs", nargs=-1, required=True, type=click.Path(file_okay=False, path_type=Path))
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("out/report"),
              show_default=True)
@click.option("--title", default="Balance report", show_default=True)
@click.option("--spec", "spec_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Balance spec TOML whose thresholds mark the verdict (default: the documented defaults).")
def report(dirs, out_dir, title, spec_path):
    """Charts (PNG, SVG), one self-contained HTML page and summary.md for run/sweep DIRs; the
    page opens with each run's verdict, marked by --spec's thresholds or the defaults."""
    from reports.build import build_report

    for d in dirs:
        if not d.is_dir():
            raise UserError(str(d), None, "not a directory")
    page = build_report(list(dirs), out_dir, title, spec_path)
    click.echo(f"Report: {page.resolve()}")


@click.command()
@click.argument("run_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--spec", "spec_path", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="Balance spec TOML (see specs/).")
def check(run_dir, spec_path):
    """The CI gate: exit 0 if every threshold passes on its interval, 1 if one fails,
    3 if none fails but some need more games to decide (the last line says how to add them).
    A spec's [run] table must match the run (game, players, variant, bots, seat rotation,
    min_games), else exit 2."""
    from analysis.balance import verdict
    from analysis.check import (EXIT_CODES, UNDECIDED, check as judge_all, check_run, extend_hint, format_verdicts,
                                load_spec, overall)
    from analysis.metrics import game_count
    from analysis.suffstats import load_stats
    from sim.results import read_results, read_run_json

    spec = load_spec(spec_path)
    meta = read_run_json(run_dir) if (run_dir / "run.json").is_file() else None
    check_run(spec, meta, str(spec_path), run_dir)   # the spec's [run] table: is this the run it judges?
    stats = load_stats(run_dir)
    # only the team-size spread needs the per-game rows (an --aggregate run keeps none: judge refuses it)
    wants_rows = "max_team_size_spread" in spec.get("thresholds", {}) and (run_dir / "results.parquet").is_file()
    rows = read_results(run_dir) if wants_rows else None
    from analysis.check import ARC_QUANTITIES, QUANTITIES
    from analysis.studies.arc import read_arc

    arc_keys = {k for q in ARC_QUANTITIES for k in QUANTITIES[q][1:] if k}
    arc = read_arc(run_dir) if arc_keys & set(spec.get("thresholds", {})) else None    # only an arc threshold reads it
    verdicts = judge_all(stats, spec, str(spec_path), rows, arc)
    from analysis.whose import run_whose

    click.echo(f"Figures {run_whose(meta, stats)}:")   # a verdict belongs to the bots that played
    click.echo(format_verdicts(verdicts, game_count(stats), spec.get("spec", {}).get("confidence", 0.95)))
    click.echo(verdict(stats))
    hint = extend_hint(verdicts, meta, run_dir) if overall(verdicts) == UNDECIDED else None
    if hint:
        click.echo(hint)
    sys.exit(EXIT_CODES[overall(verdicts)])


def register(cli: click.Group) -> None:
    for command in (compare, sweep, report, check):
        cli.add_command(command)
