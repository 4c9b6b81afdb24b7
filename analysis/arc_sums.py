"""The arc measures as sufficient statistics, over the whole run and by position and by role.

Each measure is a mean (or a share) of one value per unit, so it needs only each unit's count,
sum and sum of squares: ``units`` lists the values (one row per unit, with its game), ``sums``
adds them up by (by, group, measure, checkpoint), and sums of separate batches of games merge
by adding (``merge``), which is what an --aggregate run keeps instead of the arc's rows. A
table of sums then gives every figure with its 95% interval, the same as the rows give
(tests/analysis/test_arc_sums.py).

The units, ``by`` = "all" (the run) and ``by`` = "position" / "role" (the contestant's):

- lead_changes (all): per game, the checkpoints whose set of leaders is not the one before;
- leads_taken (by group): per game, the times the group's contestants join the leaders (a
  checkpoint at which a contestant leads and did not lead at the one before);
- decided_at: per game with a winner (all), or per winner (by group), the checkpoint (from 1)
  from which a winner (that winner) leads to the end;
- behind: per game with a winner and a checkpoint before its end (all: no winner leads), or
  per such winner (by group: that winner does not lead), the share of those checkpoints;
- gap (all): per checkpoint at which no winner leads, how far the best winner trails;
- runaway at checkpoint k: per game still going at k with a sole leader, 1 if it won (by
  group: the sole leader's group);
- comeback: per winner, 1 if it was alone in last place at some checkpoint before the end;
- options, forced, decisions (by = "decision", group = its kind or "every decision"): per
  game, its mean options offered, its share of forced decisions and its number of decisions.
"""
from __future__ import annotations

import math

import numpy as np
import polars as pl

from analysis.arc import within
from analysis.intervals import Z95, mean_interval, newcombe_diff, wilson

SUMS_FILE = "arc_sums.parquet"
SHARES = ("runaway", "comeback")        # 0/1 units: a Wilson interval
KEYS = ("by", "group", "measure", "checkpoint")
# how the report and `balance run` name each measure of the by-group table, and its unit
GROUP_MEASURES = {"leads_taken": ("leads taken per game", "changes"),
                  "decided_at": ("a winner leads for good from checkpoint", "checkpoint"),
                  "behind": ("a winner is behind, share of checkpoints", "share"),
                  "runaway": ("the sole leader after the first checkpoint wins", "share"),
                  "comeback": ("winners who were last at some checkpoint", "share")}


def _unit_frame(by: str, group, measure: str, x, game, checkpoint=None) -> pl.DataFrame:
    x = np.asarray(x, np.float64)
    labels = np.broadcast_to(np.asarray(group, dtype=object), x.shape).astype(str) if len(x) else []
    return pl.DataFrame({"by": pl.repeat(by, len(x), eager=True, dtype=pl.String),
                         "group": pl.Series(list(labels), dtype=pl.String),
                         "measure": pl.repeat(measure, len(x), eager=True, dtype=pl.String),
                         "checkpoint": np.full(len(x), -1, np.int16) if checkpoint is None
                         else np.asarray(checkpoint, np.int16),
                         "game_index": np.asarray(game, np.uint64), "x": x})


def groupings(a) -> dict[str, np.ndarray]:
    """Each contestant's group [g, s] by position (always) and by role (where roles were dealt)."""
    out = {"position": a.position.astype(np.int64)}
    if getattr(a, "role", None) is not None:
        out["role"] = a.role
    return out


def units(a, game_index: np.ndarray | None = None) -> pl.DataFrame:
    """Every unit of every arc measure (see the module's doc); game_index[g] names each game of
    the arcs (its deal), for the per-deal tables of sensitivity and tune."""
    g = a.standing.shape[0]
    gi = np.asarray(game_index if game_index is not None else a.game_index if a.game_index is not None
                    else np.arange(g))
    c = Contestants.of(a)
    return pl.concat([run_units(a, gi, c), *(group_units(by, group, gi, c) for by, group in groupings(a).items())])


class Contestants:
    """What the measures ask of each contestant [g, s] and of each checkpoint [g, k]."""

    @classmethod
    def of(cls, a) -> "Contestants":
        from analysis.arc import comebacks_each, leaders

        c = cls()
        g, k, n = a.standing.shape
        c.lead = leaders(a.standing)                                  # [g, k, s]
        c.winners = a.win > 0                                          # [g, s]
        c.last = comebacks_each(a)                                     # [g, s] alone last at a live checkpoint
        c.sole = ((c.lead.sum(axis=2) == 1) & a.live)[:, :-1]          # [g, k-1] a sole leader, still going
        c.leader = np.argmax(c.lead, axis=2)[:, :-1]                   # [g, k-1] the sole leader where sole
        c.led_won = c.winners[np.arange(g)[:, None], c.leader]         # [g, k-1] and it won
        c.checkpoint = np.broadcast_to(np.arange(k - 1, dtype=np.int16), (g, k - 1))
        c.taken = (c.lead[:, 1:] & ~c.lead[:, :-1]).sum(axis=1)         # [g, s] times it joins the leaders
        for_good = np.flip(np.logical_and.accumulate(np.flip(c.lead, axis=1), axis=1), axis=1)
        end = np.minimum(a.live.sum(axis=1), k - 1)
        c.decided = np.where(for_good.any(axis=1), np.argmax(for_good, axis=1), end[:, None]) + 1   # [g, s]
        c.behind = (~c.lead & a.live[:, :, None]).sum(axis=1) / np.maximum(a.live.sum(axis=1), 1)[:, None]
        c.has_live = np.broadcast_to(a.live.any(axis=1)[:, None], (g, n))
        return c


def run_units(a, gi: np.ndarray, c: Contestants) -> pl.DataFrame:
    """The run's units (by = "all"), read by analysis.arc's own functions."""
    from analysis.arc import decided_at, lead_changes, winner_behind

    won = c.winners.any(axis=1)
    with_live = won & a.live.any(axis=1)
    behind_share, gaps = winner_behind(a)
    behind_at = (~(c.lead & c.winners[:, None, :]).any(axis=2) & a.live)[with_live]
    game_k, game_s = (np.broadcast_to(gi[:, None], x.shape) for x in (c.sole, c.winners))
    return pl.concat([
        _unit_frame("all", "", "lead_changes", lead_changes(a), gi),
        _unit_frame("all", "", "decided_at", decided_at(a) + 1, gi[won]),
        _unit_frame("all", "", "behind", behind_share, gi[with_live]),
        _unit_frame("all", "", "gap", gaps, np.broadcast_to(gi[with_live, None], behind_at.shape)[behind_at]),
        _unit_frame("all", "", "runaway", c.led_won[c.sole], game_k[c.sole], c.checkpoint[c.sole]),
        _unit_frame("all", "", "comeback", c.last[c.winners], game_s[c.winners])])


def group_units(by: str, group: np.ndarray, gi: np.ndarray, c: Contestants) -> pl.DataFrame:
    """The units of one grouping (by position or by role): group[g, s] each contestant's."""
    game_k, game_s = (np.broadcast_to(gi[:, None], x.shape) for x in (c.sole, c.winners))
    parts = []
    for lab in [x for x in dict.fromkeys(group.ravel().tolist()) if x is not None and x == x]:
        mine = group == lab
        plays = mine.any(axis=1)
        parts.append(_unit_frame(by, lab, "leads_taken", (c.taken * mine).sum(axis=1)[plays], gi[plays]))
    w = c.winners & (group != None)  # noqa: E711  (a seat dealt no role has no group)
    wl = w & c.has_live
    lead_group = group[np.arange(len(gi))[:, None], c.leader]
    pick = c.sole & (lead_group != None)  # noqa: E711
    return pl.concat([*parts,
                      _unit_frame(by, group[w], "decided_at", c.decided[w], game_s[w]),
                      _unit_frame(by, group[wl], "behind", c.behind[wl], game_s[wl]),
                      _unit_frame(by, group[w], "comeback", c.last[w], game_s[w]),
                      _unit_frame(by, lead_group[pick], "runaway", c.led_won[pick], game_k[pick], c.checkpoint[pick])])


def decision_units(dec: pl.DataFrame) -> pl.DataFrame:
    """Each game's mean options, forced share and count of decisions, per kind and over every
    decision (analysis.arc.decision_measures' units)."""
    per_game = (pl.concat([dec, dec.with_columns(pl.lit("every decision").alias("kind"))])
                .group_by("kind", "game_index", "rotation", maintain_order=True)
                .agg(pl.len().cast(pl.Float64).alias("decisions"), pl.col("options").cast(pl.Float64).mean(),
                     (pl.col("options") == 1).cast(pl.Float64).mean().alias("forced")))
    return pl.concat([per_game.select(pl.lit("decision").alias("by"), pl.col("kind").alias("group"),
                                      pl.lit(m).alias("measure"), pl.lit(-1, pl.Int16).alias("checkpoint"),
                                      pl.col("game_index").cast(pl.UInt64), pl.col(m).alias("x"))
                      for m in ("options", "forced", "decisions")])


# Units and their squares are rounded to multiples of GRID before they are summed: float sums of
# values on a binary grid are exact (below 2**53 * GRID), so a run's figures do not depend on the
# order its games were added (Ray merges chunks as they finish; a mean of exactly 2.05 would
# otherwise print 2.0 or 2.1). The rounding moves a unit by at most GRID / 2.
GRID = 2.0 ** -16


def on_grid(x: pl.Expr) -> pl.Expr:
    return (x / GRID).round() * GRID


def sums(u: pl.DataFrame) -> pl.DataFrame:
    """Count, sum and sum of squares of the units by (by, group, measure, checkpoint)."""
    return (u.group_by(*KEYS).agg(pl.len().cast(pl.Int64).alias("n"), on_grid(pl.col("x")).sum().alias("sum"),
                                  on_grid(pl.col("x") ** 2).sum().alias("sumsq"))
            .sort(*KEYS))


def merge(*tables: pl.DataFrame) -> pl.DataFrame:
    """Sums of separate games added up: the sums of all of them."""
    return sums_of(pl.concat([t for t in tables if t is not None and t.height]))


def sums_of(t: pl.DataFrame) -> pl.DataFrame:
    return t.group_by(*KEYS).agg(pl.col("n").sum(), pl.col("sum").sum(), pl.col("sumsq").sum()).sort(*KEYS)


def figure(measure: str, n: int, total: float, total_sq: float) -> tuple[float, float, float]:
    """(estimate, low, high): a Wilson interval for a share of 0/1 units, else the normal one
    clamped to what the units can take (analysis.arc.RANGES: leads taken never below 0)."""
    if measure in SHARES:
        lo, hi = wilson(total, n)
        return (total / n if n else math.nan), float(lo), float(hi)
    mean, _, lo, hi = mean_interval(total, total_sq, n)
    return (mean, *within(measure, lo, hi))     # a count's interval stops at 0, a share's at 0 and 1


def table(s: pl.DataFrame) -> pl.DataFrame:
    """Every figure of a sums table with its 95% interval."""
    rows = []
    for r in s.iter_rows(named=True):
        est, lo, hi = figure(r["measure"], r["n"], r["sum"], r["sumsq"])
        rows.append({**{k: r[k] for k in KEYS}, "n": r["n"], "estimate": est, "low": lo, "high": hi})
    return pl.DataFrame(rows, schema={"by": pl.String, "group": pl.String, "measure": pl.String,
                                      "checkpoint": pl.Int16, "n": pl.Int64, "estimate": pl.Float64,
                                      "low": pl.Float64, "high": pl.Float64})


def by_group(s: pl.DataFrame) -> pl.DataFrame:
    """The measures by position and by role (the runaway at the first checkpoint), one row per
    (by, group, measure), groups in their natural order."""
    t = table(s.filter(pl.col("by").is_in(["position", "role"])
                       & pl.col("measure").is_in(list(GROUP_MEASURES))
                       & ((pl.col("measure") != "runaway") | (pl.col("checkpoint") == 0))))
    order = {m: i for i, m in enumerate(GROUP_MEASURES)}
    return (t.with_columns(pl.col("measure").replace_strict(order, return_dtype=pl.Int32).alias("_m"),
                           pl.col("group").cast(pl.Int64, strict=False).alias("_g"))
            .sort("by", "_m", "_g", "group", nulls_last=True)
            .drop("_m", "_g"))


def group_lines(t: pl.DataFrame, indent: str = "  ") -> list[str]:
    """by_group in words: one line per (by, measure), its groups side by side."""
    lines = []
    for (by, measure), part in t.group_by("by", "measure", maintain_order=True):
        words, unit = GROUP_MEASURES[measure]
        shown = []
        for r in part.iter_rows(named=True):
            if unit == "share":
                f = f"{100 * r['estimate']:.1f}% [{100 * r['low']:.1f}, {100 * r['high']:.1f}]"
            else:
                f = f"{r['estimate']:.2f} [{r['low']:.2f}, {r['high']:.2f}]"
            shown.append(f"{r['group']} {f} (n {r['n']:,})" if r["n"] else f"{r['group']} -")
        lines.append(f"{indent}{words}, by {by}: " + "; ".join(shown))
    return lines


# -- the run's figures from its sums alone (an --aggregate run keeps nothing else) ---------------

RUN_MEASURES = (("lead_changes", "lead changes per game", "changes"), ("decided_at", "decided at checkpoint", "checkpoint"),
                ("behind", "winner behind, share of checkpoints", "share"),
                ("gap", "winner behind, gap to the leader", "points"),
                ("comeback", "winners who were last at some checkpoint", "share"))


def _one(s: pl.DataFrame, by: str, group: str, measure: str, checkpoint: int = -1) -> tuple[int, float, float]:
    r = s.filter((pl.col("by") == by) & (pl.col("group") == group) & (pl.col("measure") == measure)
                 & (pl.col("checkpoint") == checkpoint))
    return (int(r["n"][0]), float(r["sum"][0]), float(r["sumsq"][0])) if r.height else (0, 0.0, 0.0)


def run_measures(s: pl.DataFrame) -> pl.DataFrame:
    """analysis.arc.measures from the sums."""
    rows = []
    for m, words, unit in RUN_MEASURES:
        n, total, sq = _one(s, "all", "", m)
        if m == "gap" and n == 0:             # as the rows read it: no checkpoint behind is a gap of 0
            n, total, sq = 1, 0.0, 0.0
        est, lo, hi = figure(m, n, total, sq)
        rows.append({"measure": words, "estimate": est, "low": lo, "high": hi, "n": n, "unit": unit})
    return pl.DataFrame(rows)


def run_runaway(s: pl.DataFrame, names: list[str]) -> pl.DataFrame:
    """analysis.arc.runaway from the sums: every checkpoint before the end."""
    rows = []
    for k in range(len(names) - 1):
        n, w, _ = _one(s, "all", "", "runaway", k)
        lo, hi = wilson(w, n)
        rows.append({"checkpoint": k, "name": names[k], "games": n, "leader_wins": int(round(w)),
                     "p": w / n if n else float("nan"), "low": float(lo), "high": float(hi)})
    return pl.DataFrame(rows)


def lead_change_moments(s: pl.DataFrame) -> tuple[int, float, float]:
    """(games, mean, sample variance) of the lead changes per game."""
    n, total, sq = _one(s, "all", "", "lead_changes")
    mean = total / n if n else math.nan
    var = (sq - n * mean * mean) / (n - 1) if n > 1 else math.inf
    return n, mean, max(var, 0.0)


def run_decisions(s: pl.DataFrame) -> pl.DataFrame:
    """analysis.arc.decision_measures from the sums."""
    d = s.filter(pl.col("by") == "decision")
    games = _one(s, "decision", "every decision", "decisions")[0]
    rows = []
    for kind in d["group"].unique(maintain_order=True).to_list():
        n, count, _ = _one(d, "decision", kind, "decisions")
        mo, olo, ohi = figure("options", *_one(d, "decision", kind, "options"))
        mf, flo, fhi = figure("forced", *_one(d, "decision", kind, "forced"))
        rows.append({"kind": kind, "per_game": count / games, "games": n, "options": mo, "options_low": olo,
                     "options_high": ohi, "forced": mf, "forced_low": flo, "forced_high": fhi})
    return pl.DataFrame(rows).sort(pl.col("kind") == "every decision", "per_game", "kind", descending=[False, True, False])


# balance compare's arc lines: every arc measure of the vocabulary (analysis.measures.ARC_MEASURES),
# its name there, its units here (measure, checkpoint) and how it reads
COMPARED = (("lead_changes", "lead_changes", -1, "lead changes per game", "changes"),
            ("runaway_leader", "runaway", 0, "the sole leader after {first} wins", "share"),
            ("decided_at", "decided_at", -1, "a winner leads for good from checkpoint", "checkpoint"),
            ("winner_behind", "behind", -1, "a winner is behind, share of checkpoints", "share"),
            ("comeback_share", "comeback", -1, "winners who were last at some checkpoint", "share"))


def compare_arcs(a, b) -> pl.DataFrame:
    """A minus B (as balance compare reads every difference) on two runs' arcs
    (analysis.studies.arc.Arc), every arc measure of the vocabulary, read from their sums (rows
    or --aggregate alike): a mean (lead changes, decided at, winner behind) as a difference of
    means with its normal 95% interval; a share of 0/1 units (the sole leader's wins after the
    first checkpoint, comebacks) as a difference of proportions with Newcombe's interval from
    the two Wilson intervals (sound for a few games or a rate near 0 or 1). The runs' games are
    taken as independent (no pairing by deal): on shared deals the intervals are on the wide
    side (`balance compare --run GAME --measure NAME --until-decided` pairs them)."""
    rows = []
    first = a.runaway.row(0, named=True)["name"] if a.runaway.height else "the first checkpoint"
    for name, measure, checkpoint, words, unit in COMPARED:
        (na, ta, qa), (nb, tb, qb) = (_one(x.sums, "all", "", measure, checkpoint) for x in (a, b))
        if not (na and nb):
            continue                    # no game of one run has the measure (no sole leader after round 1)
        ma, mb = ta / na, tb / nb
        if measure in SHARES:
            d, lo, hi = newcombe_diff(ta, na, tb, nb)
        else:
            sa, sb = (mean_interval(t, q, n)[1] if n > 1 else math.inf for t, q, n in ((ta, qa, na), (tb, qb, nb)))
            se = math.sqrt(sa * sa / na + sb * sb / nb)
            d = ma - mb
            lo, hi = d - Z95 * se, d + Z95 * se
        rows.append({"key": name, "measure": words.format(first=first), "a": ma, "b": mb, "diff": d,
                     "low": lo, "high": hi, "unit": unit, "n_a": na, "n_b": nb})
    return pl.DataFrame(rows, schema={"key": pl.String, "measure": pl.String, "a": pl.Float64, "b": pl.Float64,
                                      "diff": pl.Float64, "low": pl.Float64, "high": pl.Float64, "unit": pl.String,
                                      "n_a": pl.Int64, "n_b": pl.Int64})
