"""`balance arc RUN` (and `balance run --arc`) as a study: the run's first deals replayed decision
by decision through the game's forward model (the same games the run played: the generic
forward-model tests hold play_batch to it), the game's standing read at every checkpoint from
its state (its forward hook ``arc_point``: the checkpoint counter and each seat's standing), then
measured (analysis/arc.py). The arc stands still where the counter moves and at the end; the
last row is the final state's standing, checked against the game's final scores, or, for a
game whose standing is its own estimate of who leads (the hooks' ARC_ESTIMATE: doppelganger),
against its winners. Where factions win as teams the hook's standings are the factions' and
``arc_teams`` says each seat's faction as the game ends: every seat carries its faction's
standing and a ``team`` column. A game that ends before the usual number of checkpoints keeps
its final standings to the last, those rows not ``live``. A hook may name its checkpoint
(``arc_checkpoint_name``: Banquet's scenario 6 counts laps).
Writes RUN/arc.parquet (game_index, rotation, checkpoint, seat, standing, win, position, live
[, team]) and RUN/arc.json (the checkpoint names and the deals); returns the frames."""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import polars as pl

from analysis.arc import ARC_FILE, Arcs
from analysis.arc_sums import (SUMS_FILE, by_group, decision_units, group_lines, merge, run_decisions, run_measures,
                               run_runaway, sums, units)
from sim.errors import UserError
from sim.results import write_json, write_parquet

ARC_META = "arc.json"
DECISIONS_FILE = "decisions.parquet"
DEFAULT_DEALS = 2000


@dataclass
class Arc:
    frame: pl.DataFrame | None              # the arc's rows; None in an --aggregate run (its sums only)
    checkpoints: list[str]
    measures: pl.DataFrame
    runaway: pl.DataFrame
    deals: int
    decisions: pl.DataFrame
    groups: pl.DataFrame | None = None     # by position and role (analysis.arc_sums.by_group)
    sums: pl.DataFrame | None = None       # the sufficient statistics of every figure (analysis.arc_sums)
    contestants: int = 0                   # seats, or factions where they win as teams

    @property
    def games(self) -> int:
        from analysis.arc_sums import lead_change_moments

        return lead_change_moments(self.sums)[0]


def play_arc(prep, hooks, game_index: int, rotation: int) -> tuple[np.ndarray, dict, list, np.ndarray | None]:
    """One game's standings at each checkpoint and at the end [checkpoint, seat], its result
    (the hooks' result: score, win, position, and the role chance dealt each seat where the
    game deals roles), its decisions as (kind, options offered) and, in a game won by
    factions, each seat's faction (the hooks' arc_teams)."""
    c, w = prep.compiled, prep.weights
    s = hooks.start(prep.game, c, prep.bots, w, prep.cfg.seed, game_index, rotation)
    last, _ = hooks.arc_point(c, s)
    rows, decisions = [], []
    while hooks.kind(s):
        offered = hooks.options(c, s)
        decisions.append((hooks.kind(s), len(offered)))
        hooks.apply(c, s, w, offered[hooks.bot_choice(c, s, w)])
        k, standing = hooks.arc_point(c, s)
        if k != last and hooks.kind(s):
            rows.append(standing)
            last = k
    rows.append(hooks.arc_point(c, s)[1])
    teams = hooks.arc_teams(c, s) if hasattr(hooks, "arc_teams") else None
    if teams is not None:               # the factions' standings, each seat its faction's
        rows = [r[teams] for r in rows]
    res = hooks.result(c, s)
    if prep.game.roles and "out" in s:   # the role the deal gave each seat, as results.parquet has it
        res["role"] = [prep.game.roles[r] if r >= 0 else None for r in s["out"].role[0, :prep.cfg.players].tolist()]
    check_end(prep.game.id, game_index, rotation, rows[-1], res, getattr(hooks, "ARC_ESTIMATE", False))
    return np.array(rows), res, decisions, teams


def check_end(game_id: str, game_index: int, rotation: int, last: np.ndarray, res: dict, estimate: bool) -> None:
    """The arc's last row against the game's result: the final scores, seat by seat; for an arc
    of the game's own estimate of who leads (points only at the end), the winners of a game
    somebody won are exactly the seats leading the last row."""
    where = f"{game_id} game {game_index} rotation {rotation}"
    # a game's arc hook that disagrees with its own result is a bug in the hook, not bad input, but
    # the run stops the same way: one line naming the game and the hook (exit 2), no traceback
    hook = f"sim/games/{game_id}/forward.py arc_point disagrees with the game's result"
    if not estimate:
        if not np.array_equal(last, res["score"]):
            raise UserError(where, None, f"the arc ends at {last.tolist()}, the game at "
                            f"{np.asarray(res['score']).tolist()} ({hook})")
        return
    won = [p for p, x in enumerate(res["win"]) if x > 0]
    lead = np.flatnonzero(last == last.max()).tolist()
    if won and lead != won:
        raise UserError(where, None, f"the arc ends with seats {lead} leading, the game won by seats {won} ({hook})")


def record(cfg, deals: int, progress=lambda done, total: None, first: int = 0, prep=None
           ) -> tuple[pl.DataFrame, list[str], pl.DataFrame]:
    """The arcs of deals [first, first + deals) of the run configured by cfg, every rotation it
    played, and every decision of those games (game_index, rotation, kind, options offered)."""
    from sim.api import hooks_of
    from sim.plan import Prepared

    prep = prep or Prepared(cfg)
    game, n, c = prep.game, cfg.players, prep.compiled
    hooks = hooks_of(game.id)
    if not game.arc_checkpoint or hooks is None or not hasattr(hooks, "arc_point"):
        raise UserError(game.id, "--arc", "this game records no arc yet (`balance games` lists the games that do)")
    gi, rot = prep.rows(first, deals)
    arcs = []
    for g, r in zip(gi.tolist(), rot.tolist()):
        arcs.append(play_arc(prep, hooks, g, r))
        progress(len(arcs), len(gi))
    k = max(len(a[0]) for a in arcs)
    parts, dec = [], []
    for (a, res, d, teams), g, r in zip(arcs, gi.tolist(), rot.tolist()):
        dec.append(pl.DataFrame({"game_index": np.full(len(d), g, np.uint64), "rotation": np.full(len(d), r, np.uint8),
                                 "kind": [hooks.DECISION_KINDS[x] for x, _ in d],
                                 "options": np.array([o for _, o in d], np.int32)}))
        live = np.arange(k, dtype=np.int16) < len(a) - 1                # checkpoints before the game's end
        a = np.vstack([a, np.repeat(a[-1:], k - len(a), axis=0)])     # ended early: the final standings stay
        position = np.asarray(res.get("position", range(n)))[:n]      # doppelganger: seat 0 always starts
        cols = {"game_index": np.full(k * n, g, np.uint64), "rotation": np.full(k * n, r, np.uint8),
                "checkpoint": np.repeat(np.arange(k, dtype=np.int16), n), "seat": np.tile(np.arange(n, dtype=np.uint8), k),
                "standing": a.ravel().astype(np.float64),
                "win": np.tile(np.asarray(res["win"], np.float64)[:n], k), "position": np.tile(position, k), "live": np.repeat(live, n)}
        if teams is not None:
            cols["team"] = np.tile(np.asarray(teams, np.int16)[:n], k)
        if "role" in res:
            cols["role"] = pl.Series(res["role"][:n] * k, dtype=pl.String)
        parts.append(pl.DataFrame(cols))
    name = checkpoint_name(game, c)
    names = [f"{name} {i + 1}" for i in range(k - 1)] + ["the end"]
    return pl.concat(parts), names, pl.concat(dec)


def checkpoint_name(game, compiled) -> str:
    """What the game's arc checkpoints are called ("round", "mission"; Banquet's scenario 6 counts
    laps: its hooks' arc_checkpoint_name)."""
    from sim.api import hooks_of

    hooks = hooks_of(game.id)
    return hooks.arc_checkpoint_name(compiled) if hasattr(hooks, "arc_checkpoint_name") else game.arc_checkpoint


# The per-deal columns of an arc measure (analysis.measures: lead_changes, runaway_leader, ...):
# a mean over the deal's games, or a share's hits (_w) and units (_n), summed over them.
DEAL_MEANS = {"lead_changes": "arc_lead_changes", "decided_at": "arc_decided_at", "behind": "arc_behind"}
DEAL_SHARES = {"runaway": "arc_runaway_", "comeback": "arc_comeback_"}


def deal_arcs(prep, first: int, deals: int) -> pl.DataFrame:
    """Deals [first, first + deals) of the prepared configuration replayed for their arcs: one
    row per deal (game_index) with its arc measures' columns (DEAL_MEANS, DEAL_SHARES; the
    runaway leader's at the first checkpoint)."""
    frame, names, _ = record(prep.cfg, deals, first=first, prep=prep)
    u = units(Arcs.of(frame, names)).filter((pl.col("by") == "all")
                                             & ((pl.col("measure") != "runaway") | (pl.col("checkpoint") == 0)))
    out = frame.select(pl.col("game_index").unique().sort())
    for m, col in DEAL_MEANS.items():
        out = out.join(u.filter(pl.col("measure") == m).group_by("game_index").agg(pl.col("x").mean().alias(col)),
                       on="game_index", how="left")
    for m, col in DEAL_SHARES.items():
        part = u.filter(pl.col("measure") == m).group_by("game_index").agg(
            pl.col("x").sum().alias(col + "w"), pl.len().cast(pl.Float64).alias(col + "n"))
        out = out.join(part, on="game_index", how="left").with_columns(pl.col(col + "w", col + "n").fill_null(0.0))
    return out


ARC_CHUNK = 250     # deals replayed at once in an --aggregate run: its arcs are summed and let go


def arc(run_dir: Path, cfg, deals: int = DEFAULT_DEALS, progress=lambda done, total: None) -> Arc:
    """Record the arcs of the run in run_dir (configured by cfg), write them beside its results
    and measure them: the arc's rows (arc.parquet, decisions.parquet), or in an --aggregate run
    only their sufficient statistics (arc_sums.parquet, analysis.arc_sums)."""
    if deals < 1:
        raise UserError("--arc-deals", None, f"expected a positive number of deals, got {deals}")
    played = min(deals, cfg.games)
    run_dir = Path(run_dir)
    if cfg.aggregate:
        from sim.plan import Prepared

        prep, total, names, n = Prepared(cfg), None, [], 0
        for first in range(0, played, ARC_CHUNK):
            done = first * prep.rotations
            frame, chunk_names, dec = record(cfg, min(ARC_CHUNK, played - first),
                                             lambda d, t: progress(done + d, played * prep.rotations), first, prep)
            a = Arcs.of(frame, chunk_names)
            total = merge(total, sums(pl.concat([units(a), decision_units(dec)])))
            names, n = max(names, chunk_names, key=len), max(n, a.standing.shape[2])
        for stale in (ARC_FILE, DECISIONS_FILE):          # an older row arc of this directory is not this one
            (run_dir / stale).unlink(missing_ok=True)
        write_parquet(total, run_dir / SUMS_FILE)
        write_json({"checkpoints": names, "deals": played, "aggregate": True, "contestants": n}, run_dir / ARC_META)
        return from_sums(total, names, played, n)
    frame, names, dec = record(cfg, played, progress)
    (run_dir / SUMS_FILE).unlink(missing_ok=True)
    write_parquet(frame, run_dir / ARC_FILE)
    write_parquet(dec, run_dir / DECISIONS_FILE)
    write_json({"checkpoints": names, "deals": played}, run_dir / ARC_META)
    return measured(frame, names, played, dec)


def measured(frame: pl.DataFrame, names: list[str], deals: int, dec: pl.DataFrame) -> Arc:
    """The arc's figures read from its rows: through their sums, as an --aggregate run reads them,
    so both print the same figures to the last digit."""
    a = Arcs.of(frame, names)
    s = sums(pl.concat([units(a), decision_units(dec)]))
    return replace(from_sums(s, names, deals, a.standing.shape[2]), frame=frame)


def from_sums(s: pl.DataFrame, names: list[str], deals: int, contestants: int) -> Arc:
    """The arc's figures read from its sufficient statistics alone (an --aggregate run)."""
    return Arc(None, names, run_measures(s), run_runaway(s, names), deals, run_decisions(s), by_group(s), s,
               contestants)


def read_arc(run_dir: Path) -> Arc | None:
    """The arcs recorded for the run in run_dir, measured; None if it has none."""
    import json

    run_dir = Path(run_dir)
    if not (run_dir / ARC_META).is_file():
        return None
    meta = json.loads((run_dir / ARC_META).read_text())
    if (run_dir / SUMS_FILE).is_file():
        return from_sums(pl.read_parquet(run_dir / SUMS_FILE), meta["checkpoints"], meta["deals"], meta["contestants"])
    if not (run_dir / ARC_FILE).is_file():
        return None
    return measured(pl.read_parquet(run_dir / ARC_FILE), meta["checkpoints"], meta["deals"],
                    pl.read_parquet(run_dir / DECISIONS_FILE))


def arc_lines(a: Arc, bots: str) -> list[str]:
    """The measures in words, naming the bots that played."""
    lines = [f"Game arc over {a.deals:,} deals, {bots} (checkpoints: {', '.join(a.checkpoints)}):"]
    for r in a.measures.iter_rows(named=True):
        show = (lambda x: f"{100 * x:.1f}%") if r["unit"] == "share" else (lambda x: f"{x:.2f}")
        lines.append(f"  {r['measure']}: {show(r['estimate'])} [{show(r['low'])}, {show(r['high'])}]")
    for r in a.runaway.iter_rows(named=True):
        if not r["games"]:
            lines.append(f"  no game has a sole leader after {r['name']}")
            continue
        lines.append(f"  the sole leader after {r['name']} wins {100 * r['p']:.1f}% [{100 * r['low']:.1f}, "
                     f"{100 * r['high']:.1f}] of {r['games']:,} games")
    if a.groups is not None and a.groups.height:
        lines.append("By position and role (95% intervals; n: games, winners or sole leaders):")
        lines += group_lines(a.groups)
    lines.append("Decisions (per game; options offered and forced decisions, means over games with 95% intervals):")
    for r in a.decisions.iter_rows(named=True):
        lines.append(f"  {r['kind']}: {r['per_game']:.1f} a game, {r['options']:.1f} options "
                     f"[{r['options_low']:.1f}, {r['options_high']:.1f}], forced {100 * r['forced']:.1f}% "
                     f"[{100 * r['forced_low']:.1f}, {100 * r['forced_high']:.1f}]")
    return lines
