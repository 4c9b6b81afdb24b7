"""When is a game decided? Measures over its arc: each seat's standing at the game's natural
checkpoints (Bastille after each round, ...), the last checkpoint being the final score.

An arc frame has one row per (game_index, rotation, checkpoint, seat) with the seat's
``standing``, ``win`` (its share of the win, from results.parquet) and ``position``. A game is
one (game_index, rotation). Leaders at a checkpoint are the seats with the highest standing
(several on a tie); the eventual winners are the seats with a win share above 0 (a game
nobody won counts in no winner measure). Where factions win as teams (a ``team`` column: each
seat's faction), a faction is one contestant: its members share its standing and its win, so
the frame is read with one row per faction (its lowest seat's position) and "the sole leader"
is one faction ahead of the others, however many members it has. The measures, each with a
95% interval:

- lead changes: checkpoints whose set of leaders differs from the one before, per game;
- decided at: the first checkpoint from which a winner leads at every checkpoint to the end;
- winner behind (drama, after Browne and Maire): the share of checkpoints before the end at
  which no winner leads, and how far the best winner then trails the leader;
- runaway leader: P(win | sole leader at checkpoint k), for every checkpoint before the end,
  over the games still going there (a game over sooner is no evidence of a leader's chances);
- comebacks: the share of winners who were last (the lowest standing, not everyone tied) at
  some checkpoint before the end."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import polars as pl

from analysis.intervals import mean_interval, wilson

ARC_FILE = "arc.parquet"
RUNAWAY = 0.60          # a sole leader at the first checkpoint who wins this often is a runaway leader
# What each measure's units can take (analysis/arc_sums.py's names): a count is never negative,
# a share stays in [0, 1], the first checkpoint is 1, a decision offers one option or more. A
# mean's normal interval is clamped to it: a small group's would reach past it (a position that
# took 1 lead in 7 games: 0.14 [-0.14, 0.42] leads a game).
RANGES = {"lead_changes": (0.0, math.inf), "leads_taken": (0.0, math.inf), "decided_at": (1.0, math.inf),
          "behind": (0.0, 1.0), "gap": (0.0, math.inf), "runaway": (0.0, 1.0), "comeback": (0.0, 1.0),
          "options": (1.0, math.inf), "forced": (0.0, 1.0), "decisions": (0.0, math.inf)}


def within(measure: str, low: float, high: float) -> tuple[float, float]:
    """An interval of the measure clamped to what its units can take (RANGES)."""
    least, most = RANGES.get(measure, (-math.inf, math.inf))
    return (low if math.isnan(low) else max(low, least)), (high if math.isnan(high) else min(high, most))


@dataclass
class Arcs:
    """A run's arcs as arrays: standing[g, k, s], win[g, s], position[g, s], and live[g, k]: the
    game was still going at checkpoint k (a game that ended sooner repeats its final standings
    to the last checkpoint; those rows and the last are not live)."""

    standing: np.ndarray
    win: np.ndarray
    position: np.ndarray
    checkpoints: list[str]
    live: np.ndarray | None = None
    role: np.ndarray | None = None      # [g, s] the role chance dealt each contestant (None: no role)
    game_index: np.ndarray | None = None  # [g] each game's deal

    def __post_init__(self):
        if self.live is None:           # every game reaches every checkpoint
            self.live = np.ones(self.standing.shape[:2], bool)
            self.live[:, -1] = False

    @classmethod
    def of(cls, frame: pl.DataFrame, checkpoints: list[str] | None = None) -> "Arcs":
        f = by_faction(frame) if "team" in frame.columns else frame
        f = f.sort("game_index", "rotation", "checkpoint", "seat")
        games = f.select("game_index", "rotation").unique().height
        k = int(f["checkpoint"].max()) + 1
        n = int(f["seat"].max()) + 1
        if f.height != games * k * n:
            raise ValueError(f"an arc frame needs every (game, checkpoint, seat): {f.height} rows for "
                             f"{games} games x {k} checkpoints x {n} seats")
        standing = f["standing"].to_numpy().astype(np.float64).reshape(games, k, n)
        win = f["win"].to_numpy().astype(np.float64).reshape(games, k, n)[:, 0]
        position = f["position"].to_numpy().reshape(games, k, n)[:, 0]
        live = f["live"].to_numpy().reshape(games, k, n)[:, :, 0] if "live" in f.columns else None
        role = (np.array(f["role"].to_list(), dtype=object).reshape(games, k, n)[:, 0]
                if "role" in f.columns and f["role"].drop_nulls().len() else None)
        deal = f["game_index"].to_numpy().reshape(games, k, n)[:, 0, 0]
        return cls(standing, win, position, checkpoints or [f"checkpoint {i + 1}" for i in range(k)], live, role, deal)


def by_faction(frame: pl.DataFrame) -> pl.DataFrame:
    """One row per (game, checkpoint, faction), the faction in the seat column: its members'
    standing (they must agree: a faction's standing is the faction's), its win, the lowest
    position among its members."""
    f = frame.group_by("game_index", "rotation", "checkpoint", "team").agg(
        pl.col("standing").min().alias("low"), pl.col("standing").max(), pl.col("win").max(),
        pl.col("position").min(), *([pl.col("live").first()] if "live" in frame.columns else []),
        # the faction's role: what chance dealt its members (a convert's dealt faction may differ: the first by name)
        *([pl.col("role").min()] if "role" in frame.columns else []))
    split = f.filter(pl.col("low") != pl.col("standing"))
    if split.height:
        r = split.row(0, named=True)
        raise ValueError(f"faction {r['team']} of game {r['game_index']} stands apart at checkpoint "
                         f"{r['checkpoint']}: its members' standings run from {r['low']} to {r['standing']}")
    return f.drop("low").rename({"team": "seat"})


def leaders(standing: np.ndarray) -> np.ndarray:
    """[g, k, s] True where the seat has the highest standing at that checkpoint."""
    return standing == standing.max(axis=2, keepdims=True)


def lead_changes(a: Arcs) -> np.ndarray:
    """Per game: checkpoints whose set of leaders is not the previous checkpoint's."""
    lead = leaders(a.standing)
    return (lead[:, 1:] != lead[:, :-1]).any(axis=2).sum(axis=1)


def winner_leads(a: Arcs) -> np.ndarray:
    """[g, k] True where some eventual winner is among the leaders."""
    return (leaders(a.standing) & (a.win > 0)[:, None, :]).any(axis=2)


def decided_at(a: Arcs) -> np.ndarray:
    """Per game with a winner: the first checkpoint from which a winner leads to the end."""
    won = (a.win > 0).any(axis=1)
    leads = winner_leads(a)[won]
    k = leads.shape[1]
    # leads for good from j = leads at j and at every later checkpoint: the reversed cumulative AND
    for_good = np.flip(np.logical_and.accumulate(np.flip(leads, axis=1), axis=1), axis=1)
    end = a.live[won].sum(axis=1)        # the game's own last row: its checkpoints before the end, then the end
    return np.where(for_good.any(axis=1), np.argmax(for_good, axis=1), np.minimum(end, k - 1))


def winner_behind(a: Arcs) -> tuple[np.ndarray, np.ndarray]:
    """Per game with a winner and a checkpoint before its end: the share of its checkpoints
    before the end at which no winner leads, and per such checkpoint the gap from the leader to
    the best winner."""
    won = (a.win > 0).any(axis=1) & a.live.any(axis=1)
    st, win, live = a.standing[won], a.win[won], a.live[won]
    behind = ~winner_leads(a)[won] & live
    best_winner = np.where((win > 0)[:, None, :], st, -np.inf).max(axis=2)
    gaps = (st.max(axis=2) - best_winner)[behind]
    return behind.sum(axis=1) / live.sum(axis=1), gaps


def runaway(a: Arcs) -> pl.DataFrame:
    """P(win | sole leader at checkpoint k) for each checkpoint before the end, with the
    games still going at k that had a sole leader there and the Wilson interval."""
    lead = leaders(a.standing)
    rows = []
    for k in range(a.standing.shape[1] - 1):
        sole = (lead[:, k].sum(axis=1) == 1) & a.live[:, k]
        seat = np.argmax(lead[:, k], axis=1)
        won = a.win[np.arange(len(seat)), seat][sole] > 0
        n, w = int(sole.sum()), int(won.sum())
        lo, hi = wilson(w, n)
        rows.append({"checkpoint": k, "name": a.checkpoints[k], "games": n, "leader_wins": w,
                     "p": w / n if n else float("nan"), "low": float(lo), "high": float(hi)})
    return pl.DataFrame(rows)


def comebacks_each(a: Arcs) -> np.ndarray:
    """[g, s] True where the contestant was alone in last place at some checkpoint before the end."""
    st = a.standing
    last = (st == st.min(axis=2, keepdims=True)).sum(axis=2, keepdims=True) == 1
    # alone at the bottom with somebody above: a lone contestant (scenario 6's one faction) is never last
    last = last & (st == st.min(axis=2, keepdims=True)) & (st < st.max(axis=2, keepdims=True)) & a.live[:, :, None]
    return last.any(axis=1)


def comebacks(a: Arcs) -> tuple[int, int]:
    """(winners who were last at some checkpoint before the end, winners)."""
    winners = a.win > 0
    return int((comebacks_each(a) & winners).sum()), int(winners.sum())


def mean_row(name: str, x: np.ndarray, unit: str = "", measure: str = "") -> dict:
    """A mean with its normal 95% interval, clamped to what the measure's units can take."""
    x = np.asarray(x, np.float64)
    mean, _, lo, hi = mean_interval(float(x.sum()), float((x * x).sum()), len(x))
    lo, hi = within(measure, lo, hi)
    return {"measure": name, "estimate": mean, "low": lo, "high": hi, "n": len(x), "unit": unit}


def share_row(name: str, w: int, n: int) -> dict:
    lo, hi = wilson(w, n)
    return {"measure": name, "estimate": w / n if n else float("nan"), "low": float(lo), "high": float(hi),
            "n": n, "unit": "share"}


def measures(a: Arcs) -> pl.DataFrame:
    """Every arc measure of a run, one row each (estimate, 95% interval, how many games or
    winners it rests on, its unit)."""
    behind_share, gaps = winner_behind(a)
    come, winners = comebacks(a)
    return pl.DataFrame([
        mean_row("lead changes per game", lead_changes(a), "changes", "lead_changes"),
        mean_row("decided at checkpoint", decided_at(a) + 1, "checkpoint", "decided_at"),
        mean_row("winner behind, share of checkpoints", behind_share, "share", "behind"),
        mean_row("winner behind, gap to the leader", gaps if len(gaps) else np.array([0.0]), "points", "gap"),
        share_row("winners who were last at some checkpoint", come, winners),
    ])


def runaway_verdict(table: pl.DataFrame, threshold: float = RUNAWAY) -> tuple[str, str]:
    """(mark, words) on the first checkpoint: a sole leader there who wins at least
    ``threshold`` of the time is a runaway leader (unbalanced: the interval lies above it),
    fine when the interval lies below, worth a look when it straddles it."""
    r = table.row(0, named=True)
    if r["games"] == 0:                 # nobody leads alone yet (doppelganger: no step toward a kill)
        return "fine", f"no game has a sole leader after {r['name']} (a runaway leader at {100 * threshold:.0f}% or more)"
    mark = "unbalanced" if r["low"] >= threshold else "fine" if r["high"] < threshold else "worth a look"
    words = (f"the sole leader after {r['name']} wins {100 * r['p']:.1f}% [{100 * r['low']:.1f}, "
             f"{100 * r['high']:.1f}] of {r['games']:,} games (a runaway leader at {100 * threshold:.0f}% or more)")
    return mark, words


def decision_measures(dec: pl.DataFrame) -> pl.DataFrame:
    """Per decision kind and for every decision: how many a game has, the options offered
    (branching) and the share with a single option (forced). Each game is one unit: its mean
    options and its forced share, averaged over games with a 95% interval (a game's decisions
    are not independent of each other)."""
    per_game = (pl.concat([dec, dec.with_columns(pl.lit("every decision").alias("kind"))])
                .group_by("kind", "game_index", "rotation")
                .agg(pl.len().alias("n"), pl.col("options").mean().alias("opts"),
                     (pl.col("options") == 1).mean().alias("forced")))
    rows = []
    games = dec.select("game_index", "rotation").n_unique()
    for kind, part in per_game.group_by("kind", maintain_order=True):
        o, f = part["opts"].to_numpy(), part["forced"].to_numpy()
        mo, _, olo, ohi = mean_interval(float(o.sum()), float((o * o).sum()), len(o))
        mf, _, flo, fhi = mean_interval(float(f.sum()), float((f * f).sum()), len(f))
        (olo, ohi), (flo, fhi) = within("options", olo, ohi), within("forced", flo, fhi)
        rows.append({"kind": kind[0], "per_game": float(part["n"].sum()) / games, "games": len(o),
                     "options": mo, "options_low": olo, "options_high": ohi,
                     "forced": mf, "forced_low": flo, "forced_high": fhi})
    return pl.DataFrame(rows).sort(pl.col("kind") == "every decision", "per_game", "kind", descending=[False, True, False])


INDEPENDENT = "the runs' games taken as independent"


def compare_lines(table: pl.DataFrame, how: str = INDEPENDENT) -> list[str]:
    """compare_arcs (or analysis.paired_runs.paired_arc_table) in words, one line a measure."""
    lines = [f"Game arcs (A - B, 95% intervals, {how}; in parentheses each measure's name for --measure):"]
    for r in table.iter_rows(named=True):
        f = (lambda x: f"{100 * x:.1f}%") if r["unit"] == "share" else (lambda x: f"{x:.2f}")
        g = (lambda x: f"{100 * x:+.1f} pp") if r["unit"] == "share" else (lambda x: f"{x:+.2f}")
        lines.append(f"  {r['measure']} ({r['key']}): A {f(r['a'])}, B {f(r['b'])}, A - B {g(r['diff'])} "
                     f"[{g(r['low'])}, {g(r['high'])}]")
    return lines
