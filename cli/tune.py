"""`balance sensitivity` and `balance tune`: which content values move a balance measure, and
what values bring it to a target. The studies are analysis.studies.sensitivity and
analysis.studies.tune (functions a notebook can call with the same arguments); these commands
parse, call them and print."""
from __future__ import annotations

from pathlib import Path

import click
import polars as pl

from analysis.sensitivity import CONFIRM_FILE, OVERLAY_FILE, SENSITIVITY_FILE, TABLE_FILE, TRIALS_FILE, TUNE_FILE, format_ranked
from analysis.studies.sensitivity import summary_line
from cli.progress import meter

# -- sensitivity ----------------------------------------------------------------------------

@click.command()
@click.argument("game_id", metavar="GAME", required=False)
@click.option("--measure", "measures", multiple=True, metavar="MEASURE",
              help="What to rank the values by (repeatable): first_player_advantage (default), position_spread, "
                   "seat_spread, role_spread, secret_role_spread, strategy_gap, game_length, turn_cap_share, "
                   "cooperative_win_rate, or one group's win rate: position:K, seat:K, role:NAME, faction:NAME, "
                   "secret_role:NAME, bot:NAME.")
@click.option("--only", "only", multiple=True, metavar="PATTERN",
              help="Only the content values whose key matches (glob, or a prefix such as `locations.`; "
                   "repeatable); `reconstructed` names every value the rulebook does not print (the tables "
                   "marked reconstructed). Bot weights ([bots]) are studied only when named here.")
@click.option("-n", "--games", "n_games", type=click.IntRange(1), default=20_000, show_default=True,
              help="Most deals played at each end of each value's step.")
@click.option("--budget", type=click.IntRange(1), default=None,
              help="Most games in all (every value's low and high end and the current content).")
@click.option("--batch", type=click.IntRange(10), default=1000, show_default=True,
              help="Deals per look of the sequential test.")
@click.option("--step", type=click.FloatRange(0.0, 1.0, min_open=True), default=0.1, show_default=True,
              help="The step of a fraction, as a share of its current value (of its declared range when the value "
                   "is 0); a whole number steps by 1. Each value is played at current - step and current + step, "
                   "clipped to the range; the table prints the step in the value's own units.")
@click.option("--negligible", type=click.FloatRange(0.0, 1.0, min_open=True), default=0.01, show_default=True,
              help="An effect on a rate smaller than this (a share: 0.01 = 1 pp) is negligible; for game_length "
                   "the bound is 1% of the current mean length.")
@click.option("--alpha", type=click.FloatRange(0.001, 0.5), default=0.05, show_default=True,
              help="Error rate of the sequential test that drops negligible values (Bonferroni over its looks).")
@click.option("-p", "--players", type=int, default=None)
@click.option("--bots", default=None)
@click.option("--variant", default="base", show_default=True)
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help="A fixed override of every configuration.")
@click.option("--content", "content_path", type=click.Path(dir_okay=False), default=None)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--rotate-seats", is_flag=True)
@click.option("--threads", type=int, default=0, show_default=True)
@click.option("--engine", type=click.Choice(["local", "ray"]), default="local", show_default=True)
@click.option("--address", default=None, metavar="HOST:PORT")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("out/sensitivity"),
              show_default=True)
@click.option("--resume", "resume_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              metavar="DIR", help="Finish the interrupted study in DIR (its plan is read from DIR).")
def sensitivity(game_id, measures, only, n_games, budget, batch, step, negligible, alpha, players, bots, variant,
                sets, content_path, seed, rotate_seats, threads, engine, address, out_dir, resume_dir):
    """Rank GAME's content values by their effect on balance measures.

    Each value (the [ranges] the game declares, or those --only names) is played at the low
    and high end of a step around its current value on the same deals, in batches; the
    effect is the measure at high minus at low, with a 95% interval from the paired per-deal
    differences. After each batch a sequential test drops the values whose effect is clearly
    negligible (inside +-NEGLIGIBLE), so the games go to the values that matter. Writes
    sensitivity.parquet (the ranked table) and sensitivity.json; `balance report OUT` draws
    the tornado chart. Interrupted? `balance sensitivity --resume OUT`."""
    from analysis.studies.sensitivity import sensitivity as study_values

    try:
        r = study_values(game_id, measures, only, n_games, budget, batch, step, negligible, alpha, players, bots,
                         variant, sets, content_path, seed, rotate_seats, threads, engine, address, out_dir, resume_dir,
                         progress=meter, echo=lambda m: click.echo(m, err=True))
    except KeyboardInterrupt:
        click.echo(f"interrupted: finished batches are kept; `balance sensitivity --resume {resume_dir or out_dir}` "
                   "plays the rest", err=True)
        raise SystemExit(130) from None
    table, summary, plan, measures_, game, out_dir = r.table, r.summary, r.plan, r.measures, r.game, r.out_dir
    cfg = r.base
    for m in measures_:
        head = (f"Sensitivity of {game.name} ({cfg.players} players, {','.join(cfg.bots)}, {cfg.variant}): "
                f"{m.words}, high minus low end of each step; 95% intervals from "
                + ("paired per-deal differences" if m.kind == "mean" else "a paired bootstrap over deals"))
        click.echo(format_ranked(table, m, head))
    click.echo(summary_line(summary))
    if "reconstructed" in only:
        from reports.studies import reconstructed_ranked
        rebuilt = reconstructed_ranked(table, plan)
        click.echo("Reconstructed values the verdict rests on most (replace these first with the real components): "
                   + ("; ".join(rebuilt) if rebuilt else "none moved a measure beyond the negligible bound") + ".")
    for key, note in (plan.get("adjusted") or {}).items():
        click.echo(f"Step of {key}: {note}")
    if plan.get("skipped"):
        click.echo(f"Not studied (a range of one value, or no step the game accepts): {', '.join(plan['skipped'])}")
    click.echo(f"Results: {out_dir} ({TABLE_FILE}, {SENSITIVITY_FILE}); `balance report {out_dir}` draws the "
               "tornado chart")


@click.command()
@click.argument("game_id", metavar="GAME", required=False)
@click.option("--vary", "vary", multiple=True, metavar="KEY[,KEY..]",
              help="Content values to tune (repeatable), each within its declared range or KEY=LOW..HIGH inside it.")
@click.option("--target", "target_text", default=None, metavar="MEASURE=VALUE",
              help="MEASURE=VALUE, MEASURE=LOW..HIGH (a band) or MEASURE=fair, e.g. first_player_advantage=0, "
                   "role:red=fair, game_length=40..60. Measures as for `balance sensitivity`.")
@click.option("-n", "--games", "n_games", type=click.IntRange(1), default=5_000, show_default=True,
              help="Deals per candidate (the same deals for every candidate).")
@click.option("--trials", type=click.IntRange(1), default=30, show_default=True, help="Candidates to try (the first "
              "is the current content).")
@click.option("--budget", type=click.IntRange(1), default=None, help="Most games for the search (confirmation apart).")
@click.option("--confirm", "confirm_deals", type=click.IntRange(1), default=None,
              help="Deals of the confirmation run, fresh deals after the search's  [default: 2 x -n].")
@click.option("-p", "--players", type=int, default=None)
@click.option("--bots", default=None)
@click.option("--variant", default="base", show_default=True)
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help="A fixed override of every candidate.")
@click.option("--content", "content_path", type=click.Path(dir_okay=False), default=None)
@click.option("--seed", type=int, default=0, show_default=True, help="Seeds the deals and the search.")
@click.option("--rotate-seats", is_flag=True)
@click.option("--threads", type=int, default=0, show_default=True)
@click.option("--engine", type=click.Choice(["local", "ray"]), default="local", show_default=True)
@click.option("--address", default=None, metavar="HOST:PORT")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("out/tune"),
              show_default=True)
@click.option("--resume", "resume_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              metavar="DIR", help="Finish the interrupted search in DIR (its plan is read from DIR).")
def tune(game_id, vary, target_text, n_games, trials, budget, confirm_deals, players, bots, variant, sets,
         content_path, seed, rotate_seats, threads, engine, address, out_dir, resume_dir):
    """Find the content values (within their ranges) that bring a measure to a target.

    Optuna's TPE sampler (seeded by --seed) proposes candidates; each plays the same -n deals,
    so candidates are compared on paired seeds; the objective is the estimate's distance from
    the target. The best candidate is then played against the current content on fresh deals
    (the confirmation: both measures, their paired difference and its 95% interval). Prints
    the best values as a ready --set line and writes them as a content overlay (best.toml);
    `balance report OUT` draws the convergence chart."""
    from analysis.studies.tune import tune as study_tune

    try:
        r = study_tune(game_id, vary, target_text, n_games, trials, budget, confirm_deals, players, bots, variant, sets,
                       content_path, seed, rotate_seats, threads, engine, address, out_dir, resume_dir,
                       progress=meter, echo=lambda m: click.echo(m, err=True))
    except KeyboardInterrupt:
        click.echo(f"interrupted: finished candidates are kept; `balance tune --resume {resume_dir or out_dir}` plays "
                   "the rest", err=True)
        raise SystemExit(130) from None
    trials_, conf, best, current, summary, target, game, base, out_dir = (
        r.trials, r.confirmation, r.best, r.current, r.summary, r.target, r.game, r.base, r.out_dir)
    m, n, best_params, set_line = target.measure, r.plan["n"], best["params"], summary["set_line"]
    click.echo(f"Tune {game.name} ({base.players} players, {','.join(base.bots)}, {base.variant}): target "
               f"{target.text()}; {trials_.height} candidates of {n:,} deals each (Optuna TPE, seed {base.seed})")
    bi = int(best["trial"])
    click.echo(f"Best (trial {bi}): " + ", ".join(f"{k} = {v}" + ("" if v != current[k] else " (unchanged)")
                                                 for k, v in best_params.items()))
    click.echo(format_confirmation(conf, m))
    click.echo(f"Use it: {set_line}")
    click.echo(f"Results: {out_dir} ({OVERLAY_FILE} content overlay, {TRIALS_FILE}, {CONFIRM_FILE}, {TUNE_FILE}); "
               f"`balance report {out_dir}` draws the convergence chart")


def format_confirmation(conf: pl.DataFrame, m) -> str:
    deals = int(conf["deals"][0])
    unit = m.unit
    lines = [f"Confirmation on {deals:,} fresh deals, paired ({m.words}, {unit}; 95% intervals)",
             f"  {'':<15}  {'estimate':>9}  {'95% interval':>18}  {'from target':>11}  values"]
    for r in conf.iter_rows(named=True):
        iv = f"[{m.show(r['low'])}, {m.show(r['high'])}]"
        dist = "" if r["distance"] is None else m.show(r["distance"], False)
        lines.append(f"  {r['what']:<15}  {m.show(r['estimate']):>9}  {iv:>18}  {dist:>11}  {r['values']}".rstrip())
    return "\n".join(lines)


def register(cli: click.Group) -> None:
    for command in (sensitivity, tune):
        cli.add_command(command)
