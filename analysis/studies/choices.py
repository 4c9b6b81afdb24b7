"""Are the choices real? At a sample of decisions reached by the run's own play, ask each strong
bot of the game (``Game.strong_bots``: heuristic, rollout, search, where the game has them)
what it would choose, and count the decisions at which they do not all choose the same option.

One decision a game, drawn uniformly among the game's unforced decisions (two options or more:
at a forced one every bot agrees) by reservoir sampling (its own stream, seeded by the run's
seed, the deal and the rotation), so the sampled decisions are independent and a share of them
has a Wilson interval. Each bot is asked on its own copy of the position, in the chooser's seat,
drawing from the same state of that seat's stream: a bot that draws at random (rollout, search)
may differ from another by chance as well as by judgment, as it would in play.
Writes RUN/choices.parquet (game_index, rotation, kind, options, seat, played: the option the
run's bot chose, one column per strong bot: the option index it chose, differ)."""
from __future__ import annotations

import copy
from pathlib import Path

import numpy as np
import polars as pl

from analysis.intervals import wilson
from sim.errors import UserError

CHOICES_FILE = "choices.parquet"
CHOICE_STREAM = 33          # the sampling stream's tag (issue 33), apart from the game's own streams


def strong_bots(game) -> list[str]:
    """The game's strong bots that it has (the --robust line-up's bots)."""
    return [b for b in game.strong_bots if b in game.bots]


def sample_decision(prep, hooks, game_index: int, rotation: int):
    """Play the game as the run did; return (a copy of the state at one unforced decision drawn
    uniformly by reservoir sampling, its kind, its options, the seat choosing, the option the
    run's bot chose there), None if the game had no unforced decision."""
    from sim.api import copy_log

    c, w = prep.compiled, prep.weights
    s = hooks.start(prep.game, c, prep.bots, w, prep.cfg.seed, game_index, rotation)
    rng = np.random.default_rng([CHOICE_STREAM, prep.cfg.seed, game_index, rotation])
    kept, seen = None, 0
    while hooks.kind(s):
        offered = hooks.options(c, s)
        keep = False
        if len(offered) > 1:
            seen += 1
            keep = rng.random() * seen < 1        # keep the m-th with chance 1/m: each equally likely
            if keep:
                written = len(hooks.events(s))
                state = {k: copy_log(v, written) if k == "log" else copy.deepcopy(v) for k, v in s.items()}
                kind, seat = hooks.DECISION_KINDS[hooks.kind(s)], hooks.seat(s)
        choice = hooks.bot_choice(c, s, w)
        if keep:
            kept = (state, kind, len(offered), seat, choice)
        hooks.apply(c, s, w, offered[choice])
    return kept


def ask(prep, hooks, state: dict, seat: int, bot: str) -> int:
    """The option bot would choose at state, in seat's place, on a copy of the state."""
    from sim.api import copy_log

    written = len(hooks.events(state))
    s = {k: copy_log(v, written) if k == "log" else copy.deepcopy(v) for k, v in state.items()}
    code = prep.game.bots.index(bot)
    hooks.bots_in_seats(s)[seat] = code
    if int(hooks.bots_in_seats(s)[seat]) != code:     # the hook must give the state's own seat row
        raise RuntimeError(f"{prep.game.id}: bots_in_seats is a copy, so another bot cannot be asked")
    return int(hooks.bot_choice(prep.compiled, s, prep.weights))


def record_choices(cfg, games: int, progress=lambda done, total: None) -> pl.DataFrame:
    """The strong bots' choices at one sampled decision of each of the run's first games (all
    rotations of its first deals)."""
    from sim.api import hooks_of
    from sim.plan import Prepared

    prep = Prepared(cfg)
    hooks = hooks_of(prep.game.id)
    bots = strong_bots(prep.game)
    if hooks is None or len(bots) < 2:
        raise UserError(prep.game.id, "--arc-choices", "needs the forward model and two strong bots")
    deals = -(-games // prep.rotations)
    gi, rot = prep.rows(0, min(deals, cfg.games))
    rows = []
    for i, (g, r) in enumerate(zip(gi.tolist()[:games], rot.tolist()[:games])):
        kept = sample_decision(prep, hooks, g, r)
        if kept is not None:
            state, kind, options, seat, played = kept
            picks = {b: ask(prep, hooks, state, seat, b) for b in bots}
            rows.append({"game_index": g, "rotation": r, "kind": kind, "options": options, "seat": seat,
                         "played": played, **picks, "differ": len(set(picks.values())) > 1})
        progress(i + 1, games)
    schema = {"game_index": pl.UInt64, "rotation": pl.UInt8, "kind": pl.String, "options": pl.Int32,
              "seat": pl.UInt8, "played": pl.Int32, **{b: pl.Int32 for b in bots}, "differ": pl.Boolean}
    return pl.DataFrame(rows, schema=schema)


def choices_table(t: pl.DataFrame) -> pl.DataFrame:
    """The share of sampled decisions at which the strong bots do not all agree, per kind and
    over every decision, with Wilson intervals; and each other bot's share of disagreeing with
    the first (the heuristic)."""
    bots = [c for c in t.columns if c not in ("game_index", "rotation", "kind", "options", "seat", "played", "differ")]
    rows = []
    for kind, part in [*t.group_by("kind", maintain_order=True), (("every decision",), t)]:
        n, d = part.height, int(part["differ"].sum())
        lo, hi = wilson(d, n)
        row = {"kind": kind[0], "decisions": n, "options": float(part["options"].mean()) if n else float("nan"),
               "differ": d, "share": d / n if n else float("nan"), "low": float(lo), "high": float(hi)}
        for b in bots[1:]:
            row[f"vs_{b}"] = float((part[b] != part[bots[0]]).mean()) if n else float("nan")
        rows.append(row)
    return pl.DataFrame(rows).sort(pl.col("kind") == "every decision", "decisions", "kind",
                                   descending=[False, True, False])


def choices_lines(t: pl.DataFrame, bots: list[str], whose: str) -> list[str]:
    """choices_table in words."""
    lines = [f"Do the strong bots choose differently? ({', '.join(bots)} asked at one unforced decision a game "
             f"reached {whose}; 95% intervals)"]
    for r in t.iter_rows(named=True):
        pair = ", ".join(f"{b} differs from {bots[0]} {100 * r[f'vs_{b}']:.1f}%" for b in bots[1:])
        lines.append(f"  {r['kind']}: {100 * r['share']:.1f}% [{100 * r['low']:.1f}, {100 * r['high']:.1f}] of "
                     f"{r['decisions']:,} decisions ({r['options']:.1f} options; {pair})")
    return lines


def read_choices(run_dir: Path) -> pl.DataFrame | None:
    path = Path(run_dir) / CHOICES_FILE
    return pl.read_parquet(path) if path.is_file() else None
