"""`balance run` and `balance arc`: play a run (resumed, extended, with the strong bots' games of
--robust and the game's arc where asked) and print its figures, naming the bots that played.
The loops that play are in sim.runner and analysis.studies; this module parses, calls and prints."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from sim.errors import UserError
from sim.registry import get_game


def split_list(text: str | None) -> list[str]:
    return [t.strip() for t in (text or "").split(",") if t.strip()]


# Options of `run` that decide what is played; `--resume` takes them from the run directory.
PLAN_OPTIONS = ("n_games", "players", "bots", "variant", "sets", "content_path", "seed", "out_dir",
                "rotate_seats", "aggregate", "shard_deals")


@click.command()
@click.argument("game_id", metavar="GAME", required=False)
@click.option("-n", "--games", "n_games", type=int, default=10_000, show_default=True, help="Deals to play.")
@click.option("-p", "--players", type=int, default=None, help="Player count (default: the game's usual count, see `balance games`).")
@click.option("--bots", default=None, help="One bot for every seat, or one per seat, comma separated.")
@click.option("--variant", default="base", show_default=True, help="Variant names, comma separated.")
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help="Override a content value (repeatable).")
@click.option("--content", "content_path", type=click.Path(dir_okay=False), default=None, help="Another content TOML.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="out", show_default=True)
@click.option("--threads", type=int, default=0, show_default=True, help="0 = all cores.")
@click.option("--rotate-seats", is_flag=True, help="Play each deal once per cyclic rotation of the bots.")
@click.option("--aggregate", is_flag=True,
              help="Keep per-(variant, seat, bot, role) statistics and histograms instead of per-game rows.")
@click.option("--engine", type=click.Choice(["local", "ray"]), default="local", show_default=True)
@click.option("--address", default=None, metavar="HOST:PORT",
              help="Ray cluster to join with --engine ray (default: start a local one).")
@click.option("--resume", "resume_dir", type=click.Path(file_okay=False), default=None, metavar="DIR",
              help="Finish the interrupted run in DIR (its configuration is read from DIR).")
@click.option("--extend", "extend_dir", type=click.Path(file_okay=False), default=None, metavar="DIR",
              help="Play -n more deals of the complete run in DIR (same configuration, the next deals) "
                   "and merge them in: DIR then equals a run of the total size.")
@click.option("--batch-size", type=click.IntRange(1, 1 << 20), default=8192, show_default=True)
@click.option("--robust", is_flag=True,
              help="Also play the first --robust-deals deals with each strong bot of the game (heuristic, rollout, "
                   "...) in every seat, and say which verdict lines hold across bots and which depend on the bot.")
@click.option("--robust-deals", type=click.IntRange(1), default=4000, show_default=True,
              help="Deals each other strong bot plays for --robust (the run's first deals, the same for every bot; "
                   "the run's own bots count with all its games).")
@click.option("--shard-deals", type=click.IntRange(1, 1 << 24), default=None,
              help="Deals per shard: the unit of resuming and of Ray work (results do not depend on it). "
                   "Default: about 262,144 result rows a shard (65,536 four-player deals).")
@click.option("--arc", "with_arc", is_flag=True,
              help="Also record the game's arc on the run's first --arc-deals deals (each seat's standing at every "
                   "checkpoint: arc.parquet) and say when the games are decided (see `balance arc`).")
@click.option("--arc-deals", type=click.IntRange(1), default=2000, show_default=True,
              help="Deals whose arc --arc records (replayed one by one with the event log on).")
@click.option("--arc-choices", type=click.IntRange(0), default=0, show_default=True, metavar="GAMES",
              help="With --arc: at one unforced decision of each of the first GAMES games, ask every strong bot "
                   "of the game what it would choose, and say how often they differ (choices.parquet; a search "
                   "bot takes its time at each).")
@click.pass_context
def run(ctx, game_id, n_games, players, bots, variant, sets, content_path, seed, out_dir, threads,
        rotate_seats, aggregate, engine, address, resume_dir, batch_size, shard_deals, extend_dir=None,
        robust=False, robust_deals=4000, with_arc=False, arc_deals=2000, arc_choices=0) -> None:
    """Play GAME many times with bots and write results.parquet + run.json to --out.

    Finished shards are saved as they go: after Ctrl-C or a crash, `balance run --resume DIR`
    plays only the missing ones; `balance run --extend DIR -n MORE` adds MORE deals to a
    complete run. See docs/scale.md for --aggregate and --engine ray."""
    from analysis.aggregate import summary_text
    from sim.plan import RunConfig
    from sim.runner import Interrupted, execute, extend, resume

    given = lambda name: ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE  # noqa: E731
    if address and engine != "ray":
        raise UserError("--address", None, "only applies with --engine ray")
    log = lambda msg: click.echo(msg, err=True)  # noqa: E731
    try:
        if extend_dir:
            flag = lambda name: max(next(p.opts for p in ctx.command.params if p.name == name), key=len)  # noqa: E731
            clash = ([flag(name) for name in PLAN_OPTIONS if name != "n_games" and given(name)]
                     + (["--resume"] if resume_dir else []) + (["GAME"] if game_id else []))
            if clash:
                raise UserError("--extend", None, "plays more deals of the run in DIR with its own configuration; "
                                "drop " + ", ".join(clash) + " (only -n, --threads, --engine, --address and "
                                "--batch-size may be given)")
            if not given("n_games"):
                raise UserError("--extend", None, "needs -n MORE: how many deals to add")
            if n_games < 1:
                raise UserError("-n", None, f"expected at least 1 deal to add with --extend, got {n_games}")
            if sys.stdout.isatty():
                from sim.runner import extended_size

                with click.progressbar(length=extended_size(Path(extend_dir), n_games), label=f"{extend_dir} +{n_games}",
                                       show_eta=True) as bar:
                    outcome = extend(Path(extend_dir), n_games, threads=threads, engine=engine, ray_address=address,
                                     batch_size=batch_size, progress=bar.update, log=log)
            else:
                outcome = extend(Path(extend_dir), n_games, threads=threads, engine=engine, ray_address=address,
                                 batch_size=batch_size, log=log)
            out_dir = extend_dir
        elif resume_dir:
            clash = [name for name in PLAN_OPTIONS if given(name)] + (["GAME"] if game_id else [])
            if clash:
                raise UserError("--resume", None, "takes the configuration from the run directory; drop "
                                + ", ".join(clash) + " (only --threads, --engine, --address and --batch-size may change)")
            outcome = resume(Path(resume_dir), threads=threads, engine=engine, ray_address=address,
                             batch_size=batch_size, log=log)
            out_dir = resume_dir
            if outcome is None and not (robust or robust_pending(Path(resume_dir))):
                click.echo(f"{resume_dir}: the run is already complete; nothing to resume")
                return
        else:
            if not game_id:
                raise UserError("balance run", "GAME", "missing (see `balance games`), or use --resume DIR")
            game = get_game(game_id)
            if arc_choices and not with_arc:
                raise UserError("--arc-choices", None, "only applies with --arc")
            if with_arc and not game.arc_checkpoint:
                raise UserError("--arc", None, f"{game.id} records no arc yet (`balance games` lists the games that do)")
            cfg = RunConfig(
                game=game.id, players=game.players_or_default(players, split_list(variant)),
                bots=split_list(bots or game.default_bots), games=n_games, seed=seed,
                variants=split_list(variant), sets=list(sets), rotate_seats=rotate_seats, threads=threads,
                batch_size=batch_size, engine=engine, content_path=content_path, aggregate=aggregate,
                ray_address=address, shard_deals=shard_deals)
            forget_older_run(Path(out_dir), keep_robust_plan=robust)
            if sys.stdout.isatty():
                with click.progressbar(length=n_games, label=f"{game.id} x{n_games}", show_eta=True) as bar:
                    outcome = execute(cfg, Path(out_dir), progress=bar.update, log=log)
            else:   # a line per shard on stderr (what a CI log of a slow bot's run shows)
                from cli.progress import meter

                with meter(n_games, f"{game.id} x{n_games}", terminal=False, every=SLOW_RUN_SECONDS) as step:
                    outcome = execute(cfg, Path(out_dir), progress=step, log=log)
        if robust or ((resume_dir or extend_dir) and robust_pending(Path(out_dir))):
            robust_record = play_robust_run(Path(out_dir), robust_deals if robust else None, threads, engine,
                                            address, batch_size, log)
        else:
            robust_record = None
    except Interrupted as e:
        click.echo(str(e), err=True)
        sys.exit(130)
    from analysis.suffstats import load_stats
    from analysis.whose import run_whose
    from sim.results import read_run_json

    meta = read_run_json(Path(out_dir))
    cfg_used = meta["config"]
    game = get_game(cfg_used["game"])
    whose = run_whose(meta)
    stats = load_stats(Path(out_dir)) if robust_record or (outcome is not None and game.faction_outcomes) else None
    if outcome is not None:   # None: a complete run whose --robust games were all this session played
        click.echo(speed_line(outcome.meta, game.name))
        click.echo(f"Figures {whose}:")
        factions = None
        if game.faction_outcomes:   # a faction's rate is its share of games won: from the run's histograms
            from analysis.metrics import win_rates

            factions = win_rates(stats, "role")
        click.echo(summary_text(outcome.stats, game.faction_outcomes, game.is_cooperative(cfg_used["variants"]),
                                game.positions_meaningful, factions))
        if game.reconstructed:
            click.echo(f"Caveat: {game.reconstructed}.")
        if not robust_record:
            click.echo(f"Across bots: not measured (`balance run --resume {Path(out_dir)} --robust` plays the first "
                       "deals with each strong bot).")
    if robust_record:
        click.echo("")
        from analysis.studies.robust import verdict_text

        click.echo(verdict_text(Path(out_dir), meta, stats, whose))
    if with_arc:
        click.echo("")
        click.echo("\n".join(record_arc(Path(out_dir), arc_deals, whose, arc_choices)))
    what = "stats.parquet, moments.parquet, histograms.parquet" if cfg_used["aggregate"] else "results.parquet"
    arc_files = ", arc_sums.parquet" if cfg_used["aggregate"] else ", arc.parquet, decisions.parquet"
    extra = (f", {ROBUST_DIR_TEXT}" if robust_record else "") + (arc_files if with_arc else "")
    click.echo(f"Results: {Path(out_dir)} ({what}, run.json{extra})")


ROBUST_DIR_TEXT = "robust/<bot>/ (each strong bot's games)"


def forget_older_run(out_dir: Path, keep_robust_plan: bool) -> None:
    """A new run into out_dir: what was derived there from an older run's games (its arc, the
    strong bots' choices, its unfinished --robust study unless this run is --robust) describes
    other games, and the report would show it as this run's. The older results themselves stay
    until the new run merges (sim.runner.execute)."""
    from analysis.arc import ARC_FILE
    from analysis.arc_sums import SUMS_FILE
    from analysis.studies.arc import ARC_META, DECISIONS_FILE
    from analysis.studies.choices import CHOICES_FILE
    from analysis.studies.robust import PLAN_FILE, ROBUST_DIR

    if not out_dir.is_dir():
        return                      # nothing older here (or no directory at all: the run says so)
    stale = [ARC_META, ARC_FILE, DECISIONS_FILE, SUMS_FILE, CHOICES_FILE]
    if not keep_robust_plan:
        stale.append(f"{ROBUST_DIR}/{PLAN_FILE}")
    for name in stale:
        (out_dir / name).unlink(missing_ok=True)


def record_arc(out_dir: Path, deals: int, whose: str, choices: int = 0) -> list[str]:
    """Record and measure the arc of the run in out_dir (and the strong bots' choices at one
    decision of each of its first `choices` games): its lines in words."""
    from analysis.studies.arc import arc, arc_lines
    from cli.progress import meter

    cfg = run_config(out_dir)
    games = min(deals, cfg.games) * (cfg.players if cfg.rotate_seats else 1)
    with meter(games, "arc", unit="games", terminal=sys.stdout.isatty(), every=SLOW_RUN_SECONDS) as step:
        a = arc(out_dir, cfg, deals, progress=lambda done, total: step(1))
    lines = arc_lines(a, whose)
    if choices:
        from analysis.studies.choices import (CHOICES_FILE, choices_lines, choices_table, record_choices,
                                              strong_bots)
        from sim.results import write_parquet

        asked = min(choices, cfg.games * (cfg.players if cfg.rotate_seats else 1))
        with meter(asked, "strong bots' choices", unit="games", terminal=sys.stdout.isatty(),
                   every=SLOW_RUN_SECONDS) as step:
            t = record_choices(cfg, asked, progress=lambda done, total: step(1))
        write_parquet(t, Path(out_dir) / CHOICES_FILE)
        lines += choices_lines(choices_table(t), strong_bots(get_game(cfg.game)), whose)
    return lines


@click.command("arc")
@click.argument("run_dir", metavar="RUN", type=click.Path(file_okay=False))
@click.option("--deals", type=click.IntRange(1), default=2000, show_default=True,
              help="The run's first deals to replay for their arc.")
@click.option("--choices", type=click.IntRange(0), default=0, show_default=True, metavar="GAMES",
              help="Ask every strong bot of the game at one unforced decision of each of the first GAMES games, "
                   "and say how often they choose differently (choices.parquet).")
def arc_command(run_dir, deals, choices) -> None:
    """When is the game decided? Replay the run's first deals with the event log on, record
    each seat's standing at every checkpoint of the game (RUN/arc.parquet) and measure lead
    changes, when the winner leads for good, how often and how far the winner trails, the
    leader's chance to win at each checkpoint, and comebacks, each with a 95% interval."""
    from analysis.whose import run_whose
    from sim.results import read_run_json

    whose = run_whose(read_run_json(Path(run_dir)))
    click.echo("\n".join(record_arc(Path(run_dir), deals, whose, choices)))


# Off a terminal, a run says how far it is at most this often: a slow bot's run reports as it
# goes (a line a shard, at least 10 s apart), a fast run prints nothing but its tables.
SLOW_RUN_SECONDS = 10.0


def robust_pending(out_dir: Path) -> bool:
    """The run in out_dir was started with --robust (its plan is recorded)."""
    from analysis.studies.robust import read_plan

    return read_plan(out_dir) is not None


def play_robust_run(out_dir: Path, deals: int | None, threads, engine, address, batch_size, log) -> dict:
    """--robust: the strong line-ups on the run's first deals (deals None = the recorded plan's),
    with a progress bar on a terminal and one line per line-up otherwise."""
    from dataclasses import replace

    from analysis.studies.robust import planned_games, play_robust
    from cli.progress import meter

    cfg = replace(run_config(out_dir), threads=threads, engine=engine, ray_address=address, batch_size=batch_size)
    deals, total = planned_games(cfg, out_dir, deals)

    with meter(total, "robust: strong bots", terminal=sys.stdout.isatty(), every=SLOW_RUN_SECONDS) as step:
        return play_robust(cfg, out_dir, deals, progress=step, log=log)


def speed_line(meta: dict, game_name: str) -> str:
    """A run's first line: where the time went, start-up (a first run's Numba compile) apart
    from play, and games/s over play alone, so that compiling never passes for slow play."""
    cfg = meta["config"]
    head = (f"{meta['games_played']:,} games of {game_name} ({cfg['players']} players, variant {meta['variant']}) "
            f"in {meta['wall_seconds']:.1f} s (start-up {meta['startup_seconds']:.1f} s, play "
            f"{meta['play_seconds']:.1f} s, writing {meta['write_seconds']:.1f} s)")
    speed = meta["games_per_second"]
    if not speed:
        return f"{head}: no games left to play"
    part = " (the games this session played)" if meta["session_games"] != meta["games_played"] else ""
    return f"{head}: {speed:,.0f} games/s of play{part} on {meta['threads']} threads ({cfg['engine']} engine)"


def run_config(run_dir: Path):
    """The RunConfig of the finished run in run_dir, read from its run.json ``config``."""
    import json

    from sim.plan import RunConfig

    meta_file = run_dir / "run.json"
    if not meta_file.is_file():
        raise UserError(str(run_dir), None, "no run.json here (not a finished `balance run` directory)")
    try:
        config = json.loads(meta_file.read_text())["config"]
        known = RunConfig.__dataclass_fields__
        return RunConfig(**{k: v for k, v in config.items() if k in known})
    except (ValueError, KeyError, TypeError) as e:
        raise UserError(str(meta_file), "config", f"expected a run configuration ({e})") from None


def register(cli: click.Group) -> None:
    cli.add_command(run)
    cli.add_command(arc_command)
