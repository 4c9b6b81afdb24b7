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
        for table, reason, printed in content.reconstructed():
            click.echo(f"  {table:<30} {reason}")
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
    from cli.run import split_list
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


from cli.run import register as register_run  # noqa: E402  (run, arc)

register_run(cli)

from cli.trace import register as register_trace  # noqa: E402  (trace)

register_trace(cli)

from cli.analysis import register  # noqa: E402  (analysis commands: compare, sweep, report, check)

register(cli)

from cli.tune import register as register_tune  # noqa: E402  (sensitivity, tune)

register_tune(cli)

from cli.skill import register as register_skill  # noqa: E402  (skill)

register_skill(cli)

from cli.train import register as register_train  # noqa: E402  (train)

register_train(cli)
