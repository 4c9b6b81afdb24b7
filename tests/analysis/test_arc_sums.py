"""The arc measures by position and role, and as sufficient statistics (analysis/arc_sums.py):
on toy arcs with known answers, the run's figures from the sums equal analysis/arc.py's from the
arrays, and sums of separate batches merged equal the sums of all the games (what an
--aggregate run keeps)."""
import numpy as np
import polars as pl
import pytest

from analysis.arc import Arcs, measures, runaway
from analysis.arc_sums import by_group, merge, sums, table, units
from tests.analysis.test_arc import frame, shuffled_race

MEASURE_OF = {"lead changes per game": "lead_changes", "decided at checkpoint": "decided_at",
              "winner behind, share of checkpoints": "behind", "winner behind, gap to the leader": "gap",
              "winners who were last at some checkpoint": "comeback"}


def group_figures(a: Arcs) -> dict:
    t = by_group(sums(units(a)))
    return {(r["by"], r["group"], r["measure"]): r for r in t.iter_rows(named=True)}


def test_the_runs_figures_from_the_sums_are_the_arrays_figures():
    a = shuffled_race(3_000, 5, 4, seed=2)
    t = table(sums(units(a))).filter(pl.col("by") == "all")
    got = {(r["measure"], r["checkpoint"]): r for r in t.iter_rows(named=True)}
    for r in measures(a).iter_rows(named=True):
        g = got[(MEASURE_OF[r["measure"]], -1)]
        assert g["n"] == r["n"] and (g["estimate"], g["low"], g["high"]) == pytest.approx((r["estimate"], r["low"], r["high"]))
    for r in runaway(a).iter_rows(named=True):
        g = got[("runaway", r["checkpoint"])]
        assert g["n"] == r["games"] and (g["estimate"], g["low"], g["high"]) == pytest.approx((r["p"], r["low"], r["high"]))


def test_sums_of_batches_merged_are_the_sums_of_every_game():
    a = shuffled_race(900, 4, 3, seed=5)
    f = frame(a.standing, a.win)
    whole = sums(units(Arcs.of(f)))
    parts = [sums(units(Arcs.of(f.filter(pl.col("game_index").is_between(lo, lo + 299))))) for lo in (0, 300, 600)]
    merged = merge(*parts)
    assert merged.select("by", "group", "measure", "checkpoint", "n").equals(
        whole.select("by", "group", "measure", "checkpoint", "n"))
    assert np.allclose(merged["sum"], whole["sum"]) and np.allclose(merged["sumsq"], whole["sumsq"])


def test_a_shuffled_race_gives_each_position_the_closed_form_rates():
    n, k = 4, 5
    a = shuffled_race(8_000, k, n, seed=1)
    m = group_figures(a)
    truth = {"leads_taken": (k - 1) * (1 / n) * (1 - 1 / n), "runaway": 1 / n,
             "behind": 1 - 1 / n, "comeback": 1 - (1 - 1 / n) ** (k - 1)}
    for p in range(n):
        for name, t in truth.items():
            r = m[("position", str(p), name)]
            assert abs(r["estimate"] - t) <= r["high"] - r["low"], (p, name, t, r)


def test_position_is_the_contestants_place_in_the_turn_order_not_its_seat():
    # seat 2 moves first in every game and leads from the start; seat 0 joins it, then overtakes
    standing = np.tile(np.array([[0.0, 0, 3], [3, 0, 3], [9, 1, 5]]), (6, 1, 1))
    win = np.tile([1.0, 0, 0], (6, 1))
    f = frame(standing, win).with_columns(((pl.col("seat") + 1) % 3).alias("position"))   # seat 2 is position 0
    m = group_figures(Arcs.of(f))
    assert m[("position", "0", "runaway")]["estimate"] == 0.0 and m[("position", "0", "runaway")]["n"] == 6
    assert ("position", "1", "runaway") not in m                  # seat 0 never leads alone after checkpoint 1
    assert m[("position", "1", "leads_taken")]["estimate"] == 1.0   # seat 0 joins the leaders at checkpoint 2
    assert m[("position", "0", "leads_taken")]["estimate"] == 0.0   # seat 2 leaves them; leaving is no lead taken
    assert m[("position", "1", "decided_at")]["estimate"] == 2.0    # seat 0 leads from checkpoint 2 to the end
    assert m[("position", "1", "behind")]["estimate"] == 0.5        # behind at checkpoint 1 of 2 before the end


def test_roles_group_the_contestants_by_what_chance_dealt_them():
    # red wins every game, from behind in the odd games; the roles move between seats
    g = 8
    role = np.array([["red", "blue", "blue"] if i % 2 else ["blue", "blue", "red"] for i in range(g)])
    red = role == "red"
    standing = np.where(red[:, None, :], np.array([1.0, 5, 9])[None, :, None], 3.0 + 0.5 * np.arange(3))
    standing[0::2, 0] = np.where(red[0::2], 4.0, 3.0)              # even games: red leads alone from the start
    win = red.astype(np.float64)
    f = frame(standing, win).with_columns(pl.Series("role", np.broadcast_to(role[:, None, :], standing.shape).ravel()))
    m = group_figures(Arcs.of(f))
    assert m[("role", "red", "runaway")]["estimate"] == 1.0 and m[("role", "red", "runaway")]["n"] == 4
    assert m[("role", "blue", "runaway")]["n"] == 4 and m[("role", "blue", "runaway")]["estimate"] == 0.0
    assert m[("role", "red", "comeback")]["estimate"] == 0.5       # alone last after checkpoint 1 in the odd games
    assert ("role", "blue", "comeback") not in m                    # blue never wins
    assert m[("role", "red", "decided_at")]["estimate"] == pytest.approx((1 + 2) / 2)
