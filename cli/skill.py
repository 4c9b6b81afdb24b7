"""`balance skill`: does the verdict hold for stronger play? The study is
analysis.studies.skill; this command parses, calls it and prints the table and the flags."""
from __future__ import annotations

from pathlib import Path

import click
import polars as pl

from analysis.sensitivity import SKILL_CONVERGENCE, SKILL_FILE, SKILL_TABLE, Measure


@click.command()
@click.argument("game_id", metavar="GAME")
@click.option("-n", "--games", "n_games", type=click.IntRange(1), default=2000, show_default=True,
              help="Deals played by every line-up (the same deals).")
@click.option("--ladder", "ladder_deals", type=click.IntRange(1), default=None,
              help="Deals of the strategy ladder the ratings come from (seat-rotated)  [default: -n].")
@click.option("--bots", default=None, help="The bots to compare (default: every bot of the game).")
@click.option("--playouts", default=None, metavar="P1,P2",
              help="The rollout bot's playout budgets (default: the content's value).")
@click.option("--search", default=None, metavar="I1,I2",
              help="The search bot's iterations per decision, one line-up and ladder each (default: the content's "
                   "value), e.g. 50,200.")
@click.option("--measure", "measures", multiple=True, metavar="MEASURE",
              help="Verdict measures to show (default: first-player advantage, position spread, role spreads where "
                   "roles are dealt, game length, turn-cap share).")
@click.option("-p", "--players", type=int, default=None)
@click.option("--variant", default="base", show_default=True)
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE")
@click.option("--content", "content_path", type=click.Path(dir_okay=False), default=None)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--threads", type=int, default=0, show_default=True)
@click.option("--engine", type=click.Choice(["local", "ray"]), default="local", show_default=True)
@click.option("--address", default=None, metavar="HOST:PORT")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("out/skill"),
              show_default=True)
def skill(game_id, n_games, ladder_deals, bots, playouts, search, measures, players, variant, sets, content_path, seed,
          threads, engine, address, out_dir):
    """Does the verdict hold for stronger play? Every bot of GAME plays every seat of the same
    deals; each verdict measure is shown with its interval against the bots' rating from a
    seat-rotated strategy ladder, and a finding that changes sign or grows with strength is
    flagged. Writes skill.parquet and skill.json (kept batches make a rerun into the same
    --out resume); `balance report OUT` draws it."""
    from analysis.studies.skill import skill as study
    from cli.progress import meter

    try:
        s = study(game_id, n_games, ladder_deals, bots, playouts, measures, players, variant, sets, content_path,
                  seed, threads, engine, address, out_dir, progress=meter, search=search)
    except KeyboardInterrupt:
        click.echo(f"interrupted: finished line-ups are kept; the same command with --out {out_dir} plays the rest",
                   err=True)
        raise SystemExit(130) from None
    table, flags, ms, game, base, anchor = s.table, s.flags, s.measures, s.game, s.base, s.anchor
    click.echo(format_skill(table, ms, game, base, anchor))
    if s.convergence.filter(pl.col("settled").is_not_null()).height:
        click.echo(format_convergence(s.convergence))
    for f in flags or ["no verdict measure changes sign, turns, grows or stays unsettled along the ladder at this "
                       "sample size"]:
        click.echo(f"Flag: {f}" if flags else f"No flag: {f}")
    click.echo(f"Results: {out_dir} ({SKILL_TABLE}, {SKILL_CONVERGENCE}, {SKILL_FILE}); `balance report {out_dir}` "
               "draws it")


def format_convergence(conv: pl.DataFrame) -> str:
    """Does the verdict converge? Each measure along each budgeted bot's budgets, and whether the
    two largest budgets agree (paired on the same deals), as a short table and in words."""
    from analysis.studies.skill import convergence_rows, convergence_words

    rows = convergence_rows(conv)
    wb, wm = max(3, *[len(r["bot"]) for r in rows]), max(7, *[len(r["measure"]) for r in rows])
    lines = ["Does the verdict converge? Each measure at each budget (95% interval); settled when the two largest "
             "budgets' paired difference on the same deals contains 0",
             f"  {'bot':<{wb}}  {'measure':<{wm}}  {'verdict':<32}  along the budgets"]
    lines += [f"  {r['bot']:<{wb}}  {r['measure']:<{wm}}  {r['short']:<32}  {r['along']}" for r in rows]
    lines += [f"Convergence: {w}." for w in convergence_words(conv)]
    return "\n".join(lines)


def format_skill(table: pl.DataFrame, ms: list[Measure], game, base, anchor: str) -> str:
    ups = table.select("lineup", "rating", "rating_low", "rating_high").unique(maintain_order=True).sort(
        "rating", nulls_last=True)
    wl = max(7, *[len(x) for x in ups["lineup"].to_list()])
    heads = [f"{m.name} ({'pp' if m.unit == 'pp' else 'turns'})" for m in ms]
    lines = [f"Verdict against playing strength: {game.name}, {base.players} players, {base.variant}; every line-up on "
             f"the same {int(table['deals'][0]):,} deals; rating = Bradley-Terry Elo from the ladder, {anchor} = 0; "
             "95% intervals",
             f"  {'line-up':<{wl}}  {'rating':>18}  " + "  ".join(f"{h:>24}" for h in heads)]
    for u in ups.iter_rows(named=True):
        r = "-" if u["rating"] is None else f"{u['rating']:+.0f} [{u['rating_low']:+.0f}, {u['rating_high']:+.0f}]"
        cells = []
        for m in ms:
            row = table.filter((pl.col("lineup") == u["lineup"]) & (pl.col("measure") == m.name)).row(0, named=True)
            cells.append(f"{m.show(row['estimate'])} [{m.show(row['low'])}, {m.show(row['high'])}]")
        lines.append(f"  {u['lineup']:<{wl}}  {r:>18}  " + "  ".join(f"{c:>24}" for c in cells))
    return "\n".join(lines)


def register(cli: click.Group) -> None:
    cli.add_command(skill)
