"""Robust verdicts: does the verdict hold for every strong bot, or does it depend on the bot?

A run's verdict is a fact about the game *played by its bots*. `balance run --robust` also plays
the run's first deals (the same deals: the chance stream depends on the seed and the game index
alone) with each strong line-up the game declares (``Game.strong_bots``: the heuristic, the
rollout bot and the search bot, the last at ``ROBUST_SEARCH`` iterations a decision unless the
run sets ``bots.search_iterations``; a tuned bot joins by being listed there), one bot in every
seat. Each verdict line is then judged on every line-up with the run's own thresholds:

- holds: every line-up gives the same decided mark (fine or unbalanced), and a signed finding
  points the same way;
- depends on the bot: one line-up's interval is wholly inside the threshold and another's wholly
  outside, or a signed finding (the first player's edge) is significant in opposite directions;
- undecided across bots: some line-up is "worth a look" and none contradicts another (more deals
  would decide: the output says how many).

Each line-up is a complete run directory under RUN/robust/<line-up>/ (results beside the run's
own, resumable like any run, locally or on Ray); RUN/run.json lists them under "robust". A
line-up that is the run's own (the heuristic in every seat of a heuristic run) is not played
again: the run's games, all its deals, stand for it."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

import polars as pl

from analysis.metrics import game_count
from analysis.suffstats import load_stats
from analysis.verdict import FINE, LOOK, UNBALANCED, Line, Thresholds, run_verdict
from analysis.whose import lineup_label
from sim.errors import UserError

ROBUST_DIR = "robust"
PLAN_FILE = "plan.json"           # written before the first game: what --resume finishes
# Enough for Bastille's rollout bot to decide its position gap against the default 10 points
# (2,000 deals left it worth a look: 5.8 pp [1.0, 10.7]); the run's own bots use all its deals.
DEFAULT_DEALS = 4000
# The search bot's budget in its strong line-up (iterations a decision): search in every seat
# costs a game about a second at 50 iterations in Bastille (docs/search.md, "Speed"), so the
# content's 200 would make --robust's 4,000 deals hours long; a run's own --set wins.
ROBUST_SEARCH = 50
HOLDS, DEPENDS, UNDECIDED_ACROSS = "holds", "depends on the bot", "undecided across bots"
SIGNED = {"first_player_advantage"}   # findings with a direction (which side is favoured)


@dataclass
class Lineup:
    """A strong line-up: its label, one bot name per seat, and its run directory (relative)."""

    label: str
    bots: list[str]
    dir: str
    sets: list[str] = field(default_factory=list)   # content overrides of this line-up alone


def slug(label: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")


def strong_lineups(cfg) -> list[Lineup]:
    """The game's strong bots (declared in its facts), each in every seat, labelled with the
    content the run plays (the rollout bot with its playout budget)."""
    from sim.registry import get_game

    game = get_game(cfg.game)
    names = [b for b in game.strong_bots if b in game.bots]
    if not names:
        raise UserError("--robust", None, f"{game.id} declares no strong bots to check the verdict with")
    out = []
    for b in names:
        sets = search_budget(cfg) if b == "search" else []
        content = game.content(tuple(cfg.variants), (*cfg.sets, *sets),
                               Path(cfg.content_path) if cfg.content_path else None)
        label = lineup_label([b], content)
        out.append(Lineup(label, [b] * cfg.players, f"{ROBUST_DIR}/{slug(label)}", sets))
    return out


def search_budget(cfg) -> list[str]:
    """The search line-up's budget: the run's own if it sets one, else ROBUST_SEARCH."""
    if any(s.split("=")[0].strip() == "bots.search_iterations" for s in cfg.sets):
        return []
    return [f"bots.search_iterations={ROBUST_SEARCH}"]


def is_the_run(cfg, lineup: Lineup) -> bool:
    """The run's own bots are this line-up (one strong bot in every seat, at its budget)."""
    bots = cfg.bots * cfg.players if len(cfg.bots) == 1 else list(cfg.bots)
    return bots == lineup.bots and not lineup.sets


def lineup_config(cfg, lineup: Lineup, deals: int):
    """The run's configuration with the line-up's bots, on its first ``deals`` deals (at most
    the run's: the sample is of the run's own deals)."""
    return replace(cfg, bots=list(lineup.bots), games=min(deals, cfg.games), shard_deals=0,
                   sets=[*cfg.sets, *lineup.sets])


def write_plan(out_dir: Path, cfg, deals: int) -> list[Lineup]:
    """Record the study before playing (so `balance run --resume RUN` finishes it too)."""
    from dataclasses import asdict

    from sim.results import write_json

    lineups = strong_lineups(cfg)
    (out_dir / ROBUST_DIR).mkdir(parents=True, exist_ok=True)
    write_json({"deals": deals, "lineups": [asdict(u) for u in lineups]}, out_dir / ROBUST_DIR / PLAN_FILE)
    return lineups


def read_plan(out_dir: Path) -> tuple[int, list[Lineup]] | None:
    path = Path(out_dir) / ROBUST_DIR / PLAN_FILE
    if not path.is_file():
        return None
    plan = json.loads(path.read_text())
    return int(plan["deals"]), [Lineup(**u) for u in plan["lineups"]]


def is_complete(run_dir: Path, cfg) -> bool:
    """A finished run of exactly this configuration is already there (nothing to play)."""
    meta_file = run_dir / "run.json"
    if not meta_file.is_file() or (run_dir / "shards").is_dir():
        return False
    played = json.loads(meta_file.read_text()).get("config", {})
    return {k: played.get(k) for k in cfg.plan_fields()} == {k: v for k, v in cfg.plan_fields().items()}


def planned_games(cfg, out_dir: Path, deals: int | None) -> tuple[int, int]:
    """(deals, games): the deals the strong line-ups play (None = the recorded plan's) and the
    games that takes beyond the run's own, as the runner counts them (for a progress meter)."""
    if deals is None:
        deals = read_plan(out_dir)[0]
    return deals, sum(lineup_config(cfg, u, deals).games for u in strong_lineups(cfg) if not is_the_run(cfg, u))


def play_robust(cfg, out_dir: Path, deals: int = DEFAULT_DEALS, progress=None, log=None) -> dict:
    """Play the run's first ``deals`` deals with each strong line-up (each resumes or is skipped
    when already complete), then record them in RUN/run.json under "robust". ``cfg`` is the
    run's RunConfig (its engine, threads and Ray address are used as given)."""
    from sim.runner import Interrupted, execute
    from sim.results import write_json

    out_dir = Path(out_dir)
    if deals < 1:
        raise UserError("--robust-deals", None, f"expected at least 1 deal, got {deals}")
    lineups = write_plan(out_dir, cfg, deals)
    record = {"deals": min(deals, cfg.games), "lineups": []}
    for u in lineups:
        if is_the_run(cfg, u):   # the run itself is this line-up: all its deals stand for it, none replayed
            meta = json.loads((out_dir / "run.json").read_text())
            record["lineups"].append({"label": u.label, "bots": u.bots, "dir": ".", "games_played":
                                      meta.get("games_played"), "deals": cfg.games, "the_run": True})
            continue
        sub, where = lineup_config(cfg, u, deals), out_dir / u.dir
        if log:
            log(f"robust: {u.label} in every seat, deals 0..{sub.games - 1}")
        if is_complete(where, sub):
            if progress:
                progress(sub.games)
            meta = json.loads((where / "run.json").read_text())
        else:
            try:
                meta = execute(sub, where, progress=progress, log=log).meta
            except Interrupted as e:
                raise Interrupted(out_dir, e.done, e.total) from None
        record["lineups"].append({"label": u.label, "bots": u.bots, "dir": u.dir, "deals": sub.games,
                                  "games_played": meta.get("games_played"),
                                  "wall_seconds": meta.get("wall_seconds")})
    meta_file = out_dir / "run.json"
    meta = json.loads(meta_file.read_text())
    meta["robust"] = record
    write_json(meta, meta_file)
    return record


# -- reading: each verdict line across the line-ups ------------------------------------------------

def lineup_stats(out_dir: Path, meta: dict | None = None) -> dict[str, pl.DataFrame]:
    """label -> statistics of each strong line-up a run recorded (empty when it has none)."""
    meta = meta if meta is not None else json.loads((Path(out_dir) / "run.json").read_text())
    record = (meta or {}).get("robust") or {}
    return {u["label"]: load_stats(Path(out_dir) / u["dir"]) for u in record.get("lineups", [])}


def lineup_deals(meta: dict | None) -> dict[str, tuple[int, bool, int]]:
    """label -> (deals it played, whether it is the run's own games, the run's deals)."""
    record = (meta or {}).get("robust") or {}
    run_deals = int(((meta or {}).get("config") or {}).get("games") or 0)
    return {u["label"]: (int(u.get("deals") or record.get("deals") or 0), bool(u.get("the_run")), run_deals)
            for u in record.get("lineups", [])}


def across(lines: dict[str, Line]) -> str:
    """holds / depends on the bot / undecided across bots, for one question's lines by line-up.
    Holds needs every line-up decided alike: "worth a look" everywhere is not an answer."""
    marks = {x.mark for x in lines.values()}
    if same_direction_broken(lines) or {FINE, UNBALANCED} <= marks:
        return DEPENDS
    if len(marks) == 1 and marks <= {FINE, UNBALANCED}:
        return HOLDS
    return UNDECIDED_ACROSS


def deals_to_decide(row: dict) -> int | None:
    """For a line-up marked worth a look: about how many more deals would decide it
    (check.extra_games on its interval, in deals: a seat-rotated run plays several games a deal)."""
    if row["mark"] != LOOK or not row.get("more_games") or row["more_games"] <= 0 or not row.get("deals"):
        return None
    return int(-(-row["more_games"] // (row["games"] / row["deals"])))


def same_direction_broken(lines: dict[str, Line]) -> bool:
    """A signed finding significant one way with one bot and the other way with another."""
    key = next(iter(lines.values())).key
    if key not in SIGNED:
        return False
    values = [x.value for x in lines.values() if x.value]
    return any(v[1] > 0 for v in values) and any(v[2] < 0 for v in values)


def robust_table(stats_by_lineup: dict[str, pl.DataFrame], thr: Thresholds | None = None,
                 deals: dict[str, tuple[int, bool, int]] | None = None) -> pl.DataFrame:
    """One row per (verdict question, line-up): the figure, its interval and mark with that line-up,
    and the question's verdict across bots. Questions some line-up cannot ask (no bot gap with one
    bot) are left out."""
    verdicts = {label: {x.question: x for x in run_verdict(s, thr) if x.mark} for label, s in stats_by_lineup.items()}
    games = {label: game_count(s) for label, s in stats_by_lineup.items()}
    if not verdicts:
        return pl.DataFrame(schema={"question": pl.String, "lineup": pl.String, "estimate": pl.Float64,
                                    "low": pl.Float64, "high": pl.Float64, "shown": pl.String, "mark": pl.String,
                                    "across": pl.String, "more_games": pl.Int64, "games": pl.Int64,
                                    "deals": pl.Int64, "the_run": pl.Boolean, "run_deals": pl.Int64,
                                    "favoured": pl.String})
    first = next(iter(verdicts.values()))
    rows = []
    for question in first:
        lines = {label: v[question] for label, v in verdicts.items() if question in v}
        if len(lines) < len(verdicts):
            continue
        verdict = across(lines)
        for label, x in lines.items():
            est, lo, hi = x.value
            rows.append({"question": question, "lineup": label, "estimate": est, "low": lo, "high": hi,
                         "shown": x.estimate, "mark": x.mark, "across": verdict, "more_games": x.more_games,
                         "games": games[label], "deals": (deals or {}).get(label, (0, False, 0))[0],
                         "the_run": (deals or {}).get(label, (0, False, 0))[1],
                         "run_deals": (deals or {}).get(label, (0, False, 0))[2],
                         "favoured": x.groups[0] if x.groups else None})
    return pl.DataFrame(rows, schema_overrides={"more_games": pl.Int64, "games": pl.Int64, "deals": pl.Int64,
                                                "run_deals": pl.Int64, "favoured": pl.String})


def across_text(table: pl.DataFrame, question: str) -> str:
    """The "across bots" cell of one verdict line: the verdict, then each line-up's figure and mark."""
    rows = table.filter(pl.col("question") == question)
    if rows.height == 0:
        return "-"
    figures = "; ".join(f"{r['lineup']} {r['shown']} {r['mark']}{decide_text(r)}"
                        for r in rows.iter_rows(named=True))
    return f"{rows['across'][0]}{favoured_note(rows)} ({figures})"


def favoured_note(rows: pl.DataFrame) -> str:
    """A gap unbalanced with two or more bots whose favoured group differs: the mark may hold,
    the direction does not (one bot favours the first player, another the last; Banquet's king's
    faction with the heuristic, a traitor faction with search). Bots that leave the gap worth a
    look do not hide it."""
    unbalanced = rows.filter(pl.col("mark") == UNBALANCED)
    if unbalanced.height < 2 or unbalanced["favoured"].null_count() or unbalanced["favoured"].n_unique() == 1:
        return ""
    return "; the favoured group differs: " + ", ".join(f"{r['favoured']} with {r['lineup']}"
                                                        for r in unbalanced.iter_rows(named=True))


def decide_text(row: dict) -> str:
    more = deals_to_decide(row)
    if not more:
        return ""
    if row.get("the_run"):
        return f" (about {more:,} more deals would decide it: balance run --extend RUN -n {more})"
    need, have = row["deals"] + more, row.get("run_deals") or 0
    if have and need > have:   # the sample is the run's first deals: the run needs them first
        return (f" (about {need:,} deals would decide it: balance run --extend RUN -n {need - have}, then "
                f"--robust-deals {need})")
    return f" (--robust-deals {need:,} would decide it)"


def format_robust(run_lines: list[Line], table: pl.DataFrame, whose: str, games: int, record: dict) -> str:
    """`balance run --robust`'s verdict: each line with the run's figure, then across the bots."""
    deals = record["deals"]
    sizes = ", ".join(f"{u['label']}: " + ("the run's own games" if u.get("the_run") else f"the first {deals:,} deals")
                      for u in record["lineups"])
    out = [f"Verdict {whose} ({games:,} games), and across the strong bots, each in every seat ({sizes}):"]
    width = max((len(x.question) for x in run_lines), default=10)
    for x in run_lines:
        if not x.mark:
            continue
        rows = table.filter(pl.col("question") == x.question)
        verdict = rows["across"][0] + favoured_note(rows) if rows.height else "- (not asked of every line-up)"
        out.append(f"  {x.question:<{width}}  {x.estimate:<26} {x.mark:<12}  across bots: {verdict}")
        for r in rows.iter_rows(named=True):
            out.append(f"  {'':<{width}}    with the {r['lineup']} bot: {r['shown']} {r['mark']}{decide_text(r)}")
    out.append(f"{HOLDS} = every strong bot gives the same decided mark; {DEPENDS} = one bot's interval is inside "
               f"the threshold and another's outside (or a signed edge is significant both ways); "
               f"{UNDECIDED_ACROSS} = some bot's mark is '{LOOK}' and none contradicts another.")
    return "\n".join(out)


def robust_verdict(run_dir: Path, thr: Thresholds | None = None) -> pl.DataFrame:
    """The across-bots table of a run played with --robust (or play_robust), from Python: one row
    per (verdict question, strong line-up) with its figure, interval, mark and the question's
    verdict across bots."""
    meta = json.loads((Path(run_dir) / "run.json").read_text())
    if not meta.get("robust"):
        raise UserError(str(run_dir), "robust", "this run has no strong line-ups (play it with --robust)")
    return robust_table(lineup_stats(run_dir, meta), thr, lineup_deals(meta))


def verdict_text(out_dir: Path, meta: dict, stats: pl.DataFrame, whose: str) -> str:
    """The run's verdict with its across-bots column, as `balance run --robust` prints it."""
    table = robust_table(lineup_stats(out_dir, meta), deals=lineup_deals(meta))
    return format_robust(run_verdict(stats), table, whose, game_count(stats), meta["robust"])
