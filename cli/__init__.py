"""The `balance` command line: the top of the stack (cli -> reports -> analysis -> sim ->
kernels). Commands that play (run, trace, bench) call the engine in sim; the analysis
commands are in cli.analysis; the loops that play games for an analysis (paired batches
until a test decides, sweep grids, robust verdicts, skill) are studies in analysis.studies,
functions a notebook can call: cli parses, calls and prints."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from sim.errors import UserError
from sim.game import count_list
from sim.registry import game_ids, get_game


def split_list(text: str | None) -> list[str]:
    return [t.strip() for t in (text or "").split(",") if t.strip()]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def cli() -> None:
    """Monte Carlo balance simulator for board games."""


def params_table(content, rows: list[tuple[str, object, list | None]]) -> list[str]:
    """``balance games --params``: the game rules' values, then the bot weights ([bots]); each
    key with the names of the list entries it passes through, its value, its range ("?" when
    none is declared) and the content file's comment (a list's comment once, above it)."""
    label = {k: k + (f" ({' / '.join(n)})" if (n := content.names(k)) else "") for k, _, _ in rows}
    span = {k: f"{r[0]}..{r[1]}" if r else "?" for k, _, r in rows}
    wk, wv = max(map(len, label.values())), max(len(str(v)) for _, v, _ in rows)
    ws = max(map(len, span.values()))
    out: list[str] = []
    for heading, part in (("Game rules", [r for r in rows if not r[0].startswith("bots.")]),
                          ("Bot weights ([bots])", [r for r in rows if r[0].startswith("bots.")])):
        if not part:
            continue
        out += [""] * bool(out) + [heading]
        shown: set[str] = set()
        for key, value, _ in part:
            parts = key.split(".")
            for i in range(1, len(parts)):
                group = ".".join("*" if p.isdigit() else p for p in parts[:i])
                note = content.comment(group)
                if note and group not in shown:
                    shown.add(group)
                    out.append(f"  # {group}: {note}")
            note = content.comment(key)
            line = f"  {label[key]:<{wk}}  {value!s:>{wv}}  {span[key]:<{ws}}" + (f"  # {note}" if note else "")
            out.append(line.rstrip())
    return out


@cli.command()
@click.argument("prefix", required=False, metavar="[PREFIX]")
@click.option("--params", "params_of", metavar="GAME",
              help="List every tunable content value of GAME with its range (only keys starting with PREFIX).")
@click.option("--content", "content_of", metavar="GAME",
              help="Show GAME's readings of silent or ambiguous rules and its reconstructed content.")
def games(prefix: str | None, params_of: str | None, content_of: str | None) -> None:
    """Games, variants, player counts, bots and content files.

    `balance games --params GAME [PREFIX]` lists GAME's content values, e.g.
    `balance games --params bastille locations.`"""
    from sim.content import nearest

    if prefix and not params_of:
        raise UserError("balance games", None, f"PREFIX '{prefix}' only applies with --params GAME")
    if params_of:
        game = get_game(params_of)
        content = game.content()
        every = content.params()
        rows = [r for r in every if r[0].startswith(prefix or "")]
        if not rows:
            parts = [k.split(".") for k, _, _ in every]
            heads = {".".join(p[:i]) + dot for p in parts for i in range(1, len(p) + 1) for dot in ("", ".")}
            hint = nearest(prefix, sorted(heads))
            raise UserError(f"{game.id} {game.content_file.name}", None, f"no content value '{prefix}'"
                            + (f" (did you mean '{hint}'?)" if hint else ""))
        for line in params_table(content, rows):
            click.echo(line)
        return
    if content_of:
        content = get_game(content_of).content()
        readings = content.readings()
        if readings:
            click.echo("Readings (where the rulebook is silent or ambiguous; change with --set KEY=VALUE):")
            for key, value, why in readings:
                click.echo(f"  {key} = {value}    {why}")
        built_in = content.built_in()
        if built_in:
            click.echo("Built in (readings the code makes that are not switches):")
            for table, note in built_in:
                click.echo(f"  [{table}] {note}")
        caps = content.caps()
        if caps:
            click.echo("Safety caps (not rules: a game stopped by one ends with no winner):")
            for key, value, why in caps:
                click.echo(f"  {key} = {value}    {why}")
        click.echo("Reconstructed (content the rulebook does not print):")
        for table, reason in content.reconstructed():
            click.echo(f"  {table:<30} {reason}")
            printed = content.get(table).get("printed_keys", []) if table else []
            if printed:
                click.echo(f"  {'':<30} printed, so not reconstructed: {', '.join(printed)}")
        return
    for gid in game_ids():
        g = get_game(gid)
        click.echo(f"{g.id}  ({g.name})")
        click.echo(f"  players:  {count_list(g.player_counts)}")
        groups = g.variant_groups()
        for name, (choices, default) in groups.items():
            named = [f"{c} ({count_list(g.variant_players[c])} players)" if c in g.variant_players else c
                     for c in choices]
            click.echo(f"  {name + ':':<9} one of {', '.join(named)}; default {default}")
        grouped = {c for choices, _ in groups.values() for c in choices}
        free = [v for v in g.variants() if v not in grouped]
        if free:
            click.echo(f"  variants: {', '.join(free)}")
        if g.roles:
            click.echo(f"  roles:    {', '.join(g.roles)}"
                       + (f"; secret roles: {', '.join(g.secret_roles)}" if g.secret_roles else ""))
        if g.cooperative_variants:
            click.echo(f"  co-operative: {', '.join(g.cooperative_variants)} (all players win or lose together)")
        click.echo(f"  bots:     {', '.join(g.bots)} (default {g.default_bots})")
        click.echo(f"  turns:    {g.turn_order}; a turn is a {g.turn_unit}")
        if g.arc_checkpoint:
            click.echo(f"  arc:      after each {g.arc_checkpoint}: {g.arc_standing} (balance run --arc, balance arc)")
        click.echo(f"  content:  {g.content_file}")


# Options of `run` that decide what is played; `--resume` takes them from the run directory.
PLAN_OPTIONS = ("n_games", "players", "bots", "variant", "sets", "content_path", "seed", "out_dir",
                "rotate_seats", "aggregate", "shard_deals")


@cli.command()
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
            if not robust:   # a new run here: an older run's --robust study is not this run's to finish
                from analysis.studies.robust import PLAN_FILE, ROBUST_DIR

                old_plan = Path(out_dir) / ROBUST_DIR / PLAN_FILE
                if old_plan.is_file():
                    old_plan.unlink()
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


@cli.command("arc")
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


# Options of `trace` that say what was played; `--run` takes them from the run's run.json.
TRACE_PLAN_OPTIONS = {"seed": "--seed", "players": "--players", "bots": "--bots", "variant": "--variant",
                      "sets": "--set"}


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


def pick_game(run_dir: Path, wheres: tuple[str, ...]) -> tuple[int, int, int]:
    """(game_index, rotation, games matching) of the first game, by game_index then rotation,
    of run_dir's results.parquet with a row (one seat) that passes every COLUMN=VALUE test.
    Game-level columns (turns, end_reason) are the same on every row of a game; numbers
    compare as numbers (win=1 matches 1.0)."""
    import polars as pl

    path = run_dir / "results.parquet"
    if not path.is_file():
        raise UserError("--where", None, f"{run_dir} has no results.parquet (an --aggregate run keeps no "
                        "per-game rows); give --game-index instead")
    schema = pl.read_parquet_schema(path)
    tests = []
    for test in wheres:
        col, eq, text = (t.strip() for t in test.partition("="))
        if not eq or not col:
            raise UserError("--where", test, "expected COLUMN=VALUE")
        if col not in schema:
            raise UserError("--where", col, f"unknown column (columns: {', '.join(schema)})")
        if not schema[col].is_numeric():
            tests.append(pl.col(col).cast(pl.String) == text)
            continue
        try:
            v = float(text)
        except ValueError:
            raise UserError("--where", test, f"{col} is a number column, got '{text}'") from None
        if schema[col].is_integer():
            tests.append(pl.col(col) == int(v) if v.is_integer() else pl.lit(False))
        else:
            tests.append((pl.col(col).cast(pl.Float64) - v).abs() <= 1e-6 * max(1.0, abs(v)))
    games = (pl.scan_parquet(path).filter(pl.all_horizontal(tests)).select("game_index", "rotation")
             .unique().sort("game_index", "rotation").collect())
    if games.height == 0:
        raise UserError("--where", None, f"no game of {run_dir} has a row with " + " and ".join(wheres))
    return int(games["game_index"][0]), int(games["rotation"][0]), games.height


def trace_frame(prep, game_index: int, rotation: int) -> tuple[list[str], list[str]]:
    """The header (who starts, the turn order) and the closing results table of a trace,
    from one game played through ``Game.play``: the same numbers as results.parquet."""
    import numpy as np

    from sim.game import Batch

    game, n = prep.game, prep.cfg.players
    out = Batch.alloc(1, n, len(game.metrics))
    game.play(prep.compiled, prep.bots, prep.weights, prep.cfg.seed, np.array([game_index], np.uint64),
              np.array([rotation], np.uint8), out)
    bot = [game.bots[b] for b in prep.seat_bots(np.array([rotation], np.uint8))[0]]
    order = sorted(range(n), key=lambda s: int(out.position[0, s]))
    head = [f"game_index {game_index}, rotation {rotation}: seat {order[0]} ({bot[order[0]]}) starts; "
            f"turn order {', '.join(map(str, order))}"]
    if not game.positions_meaningful:     # position is only a player id: the narration gives the order
        head = [f"game_index {game_index}, rotation {rotation}: {game.turn_order}; the order of play is "
                "printed with each round below"]
    if game.reconstructed:
        head.append(f"Caveat: {game.reconstructed}.")
    wb = max(3, *map(len, bot))
    tail = ["", f"Results: {int(out.turns[0])} turns, end_reason {game.end_reasons[int(out.end_reason[0])]}",
            f"seat  position  {'bot':<{wb}}  score  rank  win"]
    for s in range(n):
        tail.append(f"{s:>4}  {int(out.position[0, s]):>8}  {bot[s]:<{wb}}  {int(out.score[0, s]):>5}  "
                    f"{int(out.rank[0, s]):>4}  {float(out.win[0, s]):.4g}")
    return head, tail


@cli.command()
@click.argument("game_id", metavar="[GAME]", required=False)
@click.option("--run", "run_dir", type=click.Path(file_okay=False), default=None, metavar="DIR",
              help="Replay a game of the run in DIR with its configuration (from DIR/run.json).")
@click.option("--where", "wheres", multiple=True, metavar="COLUMN=VALUE",
              help="With --run: trace the first game (by game_index, then rotation) of DIR/results.parquet "
                   "with a seat row matching every test, e.g. --where end_reason=turn_cap (repeatable).")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--game-index", type=int, default=None, help="Game index I.  [default: 0]")
@click.option("--rotation", type=int, default=None, help="Seat rotation R.  [default: 0]")
@click.option("-p", "--players", type=int, default=None)
@click.option("--bots", default=None)
@click.option("--variant", default="base", show_default=True)
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE")
@click.pass_context
def trace(ctx, game_id, run_dir, wheres, seed, game_index, rotation, players, bots, variant, sets) -> None:
    """Narrate one game move by move: the game index I of a run with seed S.

    `balance trace --run DIR --game-index I` replays game I of the run in DIR;
    `--where COLUMN=VALUE` picks the game from its results instead. Seats are numbered as in
    results.parquet; the trace starts with who started and ends with each seat's results row."""
    from sim.plan import Prepared, RunConfig

    given = lambda name: ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE  # noqa: E731
    if run_dir:
        clash = (["GAME"] if game_id else []) + [flag for name, flag in TRACE_PLAN_OPTIONS.items() if given(name)]
        if clash:
            raise UserError("--run", None, "takes the game, players, bots, variants, --set values and seed from "
                            f"DIR/run.json; drop {', '.join(clash)}")
        cfg = run_config(Path(run_dir))
    else:
        if wheres:
            raise UserError("--where", None, "picks a game of a run: use it with --run DIR")
        if not game_id:
            raise UserError("balance trace", "GAME", "missing (see `balance games`), or use --run DIR")
        game = get_game(game_id)
        cfg = RunConfig(game=game.id, players=game.players_or_default(players, split_list(variant)),
                        bots=split_list(bots or game.default_bots), seed=seed,
                        variants=split_list(variant), sets=list(sets))
    prep = Prepared(cfg)
    game = prep.game
    if wheres:
        if game_index is not None or rotation is not None:
            raise UserError("--where", None, "picks the game itself; drop --game-index and --rotation")
        game_index, rotation, matching = pick_game(Path(run_dir), wheres)
        click.echo(f"--where picked game_index={game_index} rotation={rotation} "
                   f"(the first of {matching} matching games)")
    game_index = game_index or 0
    rotation = rotation or 0
    if run_dir and not 0 <= rotation < (cfg.players if cfg.rotate_seats else 1):
        played = f"rotations 0..{cfg.players - 1}" if cfg.rotate_seats else "rotation 0 only (no --rotate-seats)"
        raise UserError("--rotation", None, f"the run in {run_dir} played {played}, got {rotation}")
    if not 0 <= rotation < cfg.players:
        raise UserError("--rotation", None, f"expected 0..{cfg.players - 1}, got {rotation}")
    if game_index < 0:
        raise UserError("--game-index", None, "expected a non-negative integer")
    if run_dir and game_index >= cfg.games:
        raise UserError("--game-index", None, f"the run in {run_dir} played games 0..{cfg.games - 1}, "
                        f"got {game_index}")
    head, tail = trace_frame(prep, game_index, rotation)
    for line in head + game.trace(prep.compiled, prep.bots, prep.weights, cfg.seed, game_index, rotation) + tail:
        click.echo(line)


@cli.command()
@click.argument("game_id", metavar="GAME")
@click.option("--out", "out_file", type=click.Path(dir_okay=False), default="board.png", show_default=True)
@click.option("--content", "content_path", type=click.Path(dir_okay=False), default=None, help="Another content TOML.")
def board(game_id, out_file, content_path) -> None:
    """Draw GAME's board as content describes it (PNG or SVG by the file name)."""
    game = get_game(game_id)
    content = game.content(path=Path(content_path) if content_path else None)
    game.draw_board(content, Path(out_file))
    click.echo(f"Board: {Path(out_file).resolve()}")


@cli.command()
@click.option("--game", "only", multiple=True, help="Only these games (repeatable).")
@click.option("--games", "n_games", type=int, default=None, help="Games per measurement.")
@click.option("-p", "--players", type=int, default=None, help="Player count (default: each game's bench counts).")
@click.option("--variant", default="base", show_default=True,
              help="Variants, comma separated (a scenario, basic/full rules): any scenario can be measured.")
@click.option("--out", "out_file", type=click.Path(dir_okay=False), default="bench/results.json", show_default=True)
def bench(only, n_games, players, variant, out_file) -> None:
    """Games per second per game and bot, one thread and all threads, compile time apart."""
    from sim.bench import run_bench

    run_bench(list(only) or game_ids(), n_games, Path(out_file), echo=click.echo, players=players,
              variants=tuple(split_list(variant)))


def main() -> None:
    try:
        cli.main(standalone_mode=False)
    except UserError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    except click.exceptions.Abort:
        click.echo("interrupted", err=True)
        sys.exit(130)
    except click.ClickException as e:
        click.echo(f"error: {e.format_message()}", err=True)
        sys.exit(2)


from cli.analysis import register  # noqa: E402  (analysis commands: compare, sweep, report, check)

register(cli)

from cli.tune import register as register_tune  # noqa: E402  (sensitivity, tune)

register_tune(cli)

from cli.skill import register as register_skill  # noqa: E402  (skill)

register_skill(cli)

from cli.train import register as register_train  # noqa: E402  (train)

register_train(cli)
