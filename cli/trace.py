"""`balance trace`: one game told move by move, picked by its index or from a run by its
columns (`--run DIR --where COLUMN=VALUE`), with the run's configuration."""
from __future__ import annotations

from pathlib import Path

import click

from cli.run import run_config, split_list
from sim.errors import UserError
from sim.registry import get_game

# Options of `trace` that say what was played; `--run` takes them from the run's run.json.
TRACE_PLAN_OPTIONS = {"seed": "--seed", "players": "--players", "bots": "--bots", "variant": "--variant",
                      "sets": "--set"}


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


@click.command()
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


def register(cli: click.Group) -> None:
    cli.add_command(trace)
