"""`balance train`: a bot's weights tuned for strength by self-play. The study is
analysis.studies.train; this command parses, calls it and prints the trials' best, the
confirmation ladder and the --set line."""
from __future__ import annotations

from pathlib import Path

import click
import polars as pl


@click.command()
@click.argument("game_id", metavar="GAME", required=False)
@click.option("--bot", default="heuristic", show_default=True,
              help="The bot whose weights are tuned (its named weights in the content's [bots] table).")
@click.option("--only", default=None, metavar="PATTERN[,PATTERN]",
              help="Tune only the weights these names or patterns match (e.g. 'heuristic_*coin*,heuristic_step').")
@click.option("-n", "--games", "n_games", type=click.IntRange(1), default=100, show_default=True,
              help="Deals per candidate, each played once per seat (the same deals for every candidate).")
@click.option("--trials", type=click.IntRange(1), default=20, show_default=True,
              help="Candidates to try (the first is the shipped weights).")
@click.option("--span", type=float, default=1.0, show_default=True,
              help="Each weight is searched within SPAN x its size (at least SPAN x 0.5) around the shipped "
                   "value, inside its declared range.")
@click.option("--field", default=None, metavar="BOT[,BOT]",
              help="The bots in the other seats, in turn (with the shipped weights), e.g. heuristic,search  "
                   "[default: the --bot].")
@click.option("--faction", is_flag=True, default=False,
              help="The candidate plays every seat of a faction, each deal once per faction (team games: one "
                   "seat of twelve hardly moves a faction's result).")
@click.option("--search-budget", type=click.IntRange(1), default=None, metavar="ITERATIONS",
              help="The field's search bot's iterations per decision (default: the content's).")
@click.option("--confirm", "confirm_deals", type=click.IntRange(1), default=None,
              help="Deals of the confirmation ladder, fresh deals after the search's  [default: 2 x -n].")
@click.option("--sampler", type=click.Choice(["cmaes", "tpe"]), default="cmaes", show_default=True,
              help="Optuna's sampler: CMA-ES from the shipped weights, or TPE.")
@click.option("-p", "--players", type=int, default=None)
@click.option("--variant", default="base", show_default=True)
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help="A fixed override of every game.")
@click.option("--content", "content_path", type=click.Path(dir_okay=False), default=None)
@click.option("--seed", type=int, default=0, show_default=True, help="Seeds the deals and the sampler.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("out/train"),
              show_default=True)
@click.option("--resume", "resume_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              metavar="DIR", help="Finish the interrupted study in DIR (its plan is read from DIR).")
def train(game_id, bot, only, n_games, trials, span, field, faction, search_budget, confirm_deals, sampler, players, variant,
          sets, content_path, seed, out_dir, resume_dir):
    """Tune a bot's weights for strength by self-play.

    Each candidate weight vector plays one seat against the field (the shipped weights in the
    other seats) on the same -n deals, once per seat (with --faction: every seat of a faction,
    once per faction); the objective is its win share. Optuna
    (seeded by --seed) proposes candidates, the shipped weights first. The best is then played
    against the shipped weights on fresh deals: its seat-rotated share with a Wilson 95% interval
    against the fair share. Writes tuned.toml (the content with the tuned weights, for --content)
    and prints the same as a --set line; `balance report OUT` draws the convergence chart.
    Played decision by decision through the game's forward model: one thread."""
    from analysis.studies.train import train as study_train
    from cli.progress import meter

    try:
        r = study_train(game_id, bot, n_games, trials, only, span, field, search_budget, confirm_deals, players,
                        variant, sets, content_path, seed, sampler, out_dir, resume_dir,
                        progress=lambda total, label: meter(total, label, every=30.0),
                        echo=lambda m: click.echo(m, err=True), faction=faction)
    except KeyboardInterrupt:
        click.echo(f"interrupted: finished candidates are kept; `balance train --resume {resume_dir or out_dir}` "
                   "plays the rest", err=True)
        raise SystemExit(130) from None
    click.echo(format_train(r))


def format_train(r) -> str:
    """What the command prints (a test compares it with the study's own frames)."""
    plan, s, cfg = r.plan, r.summary, r.base
    lines = [f"Train {r.game.name}'s {plan['bot']} ({cfg.players} players, {cfg.variant}; field "
             f"{','.join(plan['field'])}" + (f" at {plan['search_budget']} search iterations"
                                            if plan.get("search_budget") else "")
             + f"): {r.trials.height} candidates of {plan['n']:,} deals x "
             f"{_sides(plan.get('faction', False), cfg.players)} each "
             f"(Optuna {plan['sampler']}, seed {cfg.seed}); {len(plan['dims'])} weights"]
    shipped = r.trials.row(0, named=True)
    best = r.trials.filter(pl.col("trial") == s["best_trial"]).row(0, named=True)
    lines.append(f"Search: shipped {_pc(shipped['share'])}, best {_pc(best['share'])} (trial {s['best_trial']}; "
                 "the best of many on the same deals is biased up: see the confirmation)")
    lines.append("Best weights: " + ", ".join(f"{k} = {v}" + ("" if v != r.shipped[k] else " (unchanged)")
                                              for k, v in r.best["params"].items()))
    lines.append(format_confirmation(r.confirmation, plan["bot"], plan.get("faction", False)))
    tuned = r.confirmation.filter(pl.col("what") == "tuned").row(0, named=True)
    lines.append(("Verdict: the tuned weights are clearly stronger (Wilson lower bound above fair)" if
                  s["clearly_stronger"] else "Verdict: not clearly stronger (the Wilson lower bound "
                  f"{_pc(tuned['low'])} is not above fair {_pc(tuned['fair'])})"))
    lines.append(f"Use it: --content {r.out_dir / 'tuned.toml'}   or   {s['set_line']}")
    gps = s.get("games_per_second")
    lines.append(f"Results: {r.out_dir} (tuned.toml, trials.parquet, confirmation.parquet, train.json); "
                 f"`balance report {r.out_dir}` draws the convergence chart"
                 + (f". {s['session_games']:,} games played at {gps:,.1f} games/s" if gps else ""))
    return "\n".join(lines)


def _pc(x) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _sides(faction: bool, players: int) -> str:
    return "its factions" if faction else f"{players} seats"


def format_confirmation(conf: pl.DataFrame, bot: str, faction: bool = False) -> str:
    row = conf.row(0, named=True)
    lines = [f"Confirmation on {int(row['deals']):,} fresh deals x {_sides(faction, int(row['players']))}: the {bot}'s win share "
             f"in one {'faction' if faction else 'seat'} against the shipped field (95% Wilson; the difference "
             "paired per deal)",
             f"  {'':<16}  {'share':>7}  {'95% interval':>16}  {'fair':>6}  {'games':>6}"]
    for r in conf.iter_rows(named=True):
        if r["what"] == "tuned - shipped":
            lines.append(f"  {r['what']:<16}  {100 * r['share']:+6.1f}pp  [{100 * r['low']:+.1f}, {100 * r['high']:+.1f}]"
                         f"pp")
        else:
            lines.append(f"  {r['what']:<16}  {_pc(r['share']):>7}  {'[' + _pc(r['low']) + ', ' + _pc(r['high']) + ']':>16}"
                         f"  {_pc(r['fair']):>6}  {r['games']:>6,}")
    return "\n".join(lines)


def register(cli: click.Group) -> None:
    cli.add_command(train)
