"""The `balance` command line."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from sim.errors import UserError
from sim.registry import game_ids, get_game


def split_list(text: str | None) -> list[str]:
    return [t.strip() for t in (text or "").split(",") if t.strip()]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def cli() -> None:
    """Monte Carlo balance simulator for board games."""


@cli.command()
@click.option("--params", "params_of", metavar="GAME", help="List every tunable content value of GAME with its range.")
@click.option("--content", "content_of", metavar="GAME", help="Show which content tables of GAME are reconstructed.")
def games(params_of: str | None, content_of: str | None) -> None:
    """Games, variants, player counts, bots and content files."""
    if params_of:
        game = get_game(params_of)
        for key, value, rng in game.content().params():
            span = f"{rng[0]}..{rng[1]}" if rng else "?"
            click.echo(f"{key:<48} {value!s:>10}   {span}")
        return
    if content_of:
        game = get_game(content_of)
        for table, reason in game.content().reconstructed():
            click.echo(f"{table:<32} reconstructed: {reason}")
        return
    for gid in game_ids():
        g = get_game(gid)
        click.echo(f"{g.id}  ({g.name})")
        click.echo(f"  players:  {', '.join(map(str, g.player_counts))}")
        click.echo(f"  variants: {', '.join(g.variants())}")
        click.echo(f"  bots:     {', '.join(g.bots)} (default {g.default_bots})")
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
@click.option("--batch-size", type=click.IntRange(1, 1 << 20), default=8192, show_default=True)
@click.option("--shard-deals", type=click.IntRange(1, 1 << 24), default=1 << 16, show_default=True,
              help="Deals per shard: the unit of resuming and of Ray work (results do not depend on it).")
@click.pass_context
def run(ctx, game_id, n_games, players, bots, variant, sets, content_path, seed, out_dir, threads,
        rotate_seats, aggregate, engine, address, resume_dir, batch_size, shard_deals) -> None:
    """Play GAME many times with bots and write results.parquet + run.json to --out.

    Finished shards are saved as they go: after Ctrl-C or a crash, `balance run --resume DIR`
    plays only the missing ones. See docs/scale.md for --aggregate and --engine ray."""
    from analysis.aggregate import summary_text
    from sim.runner import Interrupted, RunConfig, execute, resume

    given = lambda name: ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE  # noqa: E731
    if address and engine != "ray":
        raise UserError("--address", None, "only applies with --engine ray")
    log = lambda msg: click.echo(msg, err=True)  # noqa: E731
    try:
        if resume_dir:
            clash = [name for name in PLAN_OPTIONS if given(name)] + (["GAME"] if game_id else [])
            if clash:
                raise UserError("--resume", None, "takes the configuration from the run directory; drop "
                                + ", ".join(clash) + " (only --threads, --engine, --address and --batch-size may change)")
            outcome = resume(Path(resume_dir), threads=threads, engine=engine, ray_address=address,
                             batch_size=batch_size, log=log)
            if outcome is None:
                click.echo(f"{resume_dir}: the run is already complete; nothing to resume")
                return
            out_dir = resume_dir
        else:
            if not game_id:
                raise UserError("balance run", "GAME", "missing (see `balance games`), or use --resume DIR")
            game = get_game(game_id)
            cfg = RunConfig(
                game=game.id, players=game.players_or_default(players),
                bots=split_list(bots or game.default_bots), games=n_games, seed=seed,
                variants=split_list(variant), sets=list(sets), rotate_seats=rotate_seats, threads=threads,
                batch_size=batch_size, engine=engine, content_path=content_path, aggregate=aggregate,
                ray_address=address, shard_deals=shard_deals)
            if sys.stdout.isatty():
                with click.progressbar(length=n_games, label=f"{game.id} x{n_games}", show_eta=True) as bar:
                    outcome = execute(cfg, Path(out_dir), progress=bar.update, log=log)
            else:
                outcome = execute(cfg, Path(out_dir), log=log)
    except Interrupted as e:
        click.echo(str(e), err=True)
        sys.exit(130)
    meta = outcome.meta
    cfg_used = meta["config"]
    game = get_game(cfg_used["game"])
    click.echo(f"{meta['games_played']:,} games of {game.name} ({cfg_used['players']} players, variant "
               f"{meta['variant']}) in {meta['wall_seconds']:.1f} s: {meta['games_per_second']:,.0f} games/s "
               f"on {meta['threads']} threads ({cfg_used['engine']} engine)")
    click.echo(summary_text(outcome.stats))
    what = "stats.parquet, moments.parquet, histograms.parquet" if cfg_used["aggregate"] else "results.parquet"
    click.echo(f"Results: {Path(out_dir)} ({what}, run.json)")


@cli.command()
@click.argument("game_id", metavar="GAME")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--game-index", type=int, default=0, show_default=True)
@click.option("--rotation", type=int, default=0, show_default=True)
@click.option("-p", "--players", type=int, default=None)
@click.option("--bots", default=None)
@click.option("--variant", default="base", show_default=True)
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE")
def trace(game_id, seed, game_index, rotation, players, bots, variant, sets) -> None:
    """Narrate one game move by move: the game index I of a run with seed S."""
    from sim.runner import Prepared, RunConfig

    game = get_game(game_id)
    cfg = RunConfig(game=game.id, players=game.players_or_default(players),
                    bots=split_list(bots or game.default_bots), seed=seed,
                    variants=split_list(variant), sets=list(sets))
    prep = Prepared(cfg)
    if not 0 <= rotation < cfg.players:
        raise UserError("--rotation", None, f"expected 0..{cfg.players - 1}, got {rotation}")
    if game_index < 0:
        raise UserError("--game-index", None, "expected a non-negative integer")
    for line in game.trace(prep.compiled, prep.bots, prep.weights, seed, game_index, rotation):
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
@click.option("--out", "out_file", type=click.Path(dir_okay=False), default="bench/results.json", show_default=True)
def bench(only, n_games, out_file) -> None:
    """Games per second per game and bot, one thread and all threads, compile time apart."""
    from sim.bench import run_bench

    run_bench(list(only) or game_ids(), n_games, Path(out_file), echo=click.echo)


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


from sim.cli_analysis import register  # noqa: E402  (analysis commands: compare, sweep, report, check)

register(cli)
