"""The arc measures by position and role, and as sufficient statistics (analysis/arc_sums.py):
on toy arcs with known answers, the run's figures from the sums equal analysis/arc.py's from the
arrays, and sums of separate batches merged equal the sums of all the games (what an
--aggregate run keeps)."""
import numpy as np
import polars as pl
import pytest

from analysis.arc import Arcs, decision_measures, measures, runaway
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


def test_sums_do_not_depend_on_the_order_games_are_added():
    """Ray merges chunks as they finish: the sums, to the last bit, whatever the order. Units
    such as 0.1 or a mean of 2.05 options are not binary fractions, so summed raw in another
    order they differ in their last bits and a figure on a rounding edge prints either way
    (CI: 2.0 against 2.1 options a game)."""
    from analysis.arc_sums import decision_units

    rng = np.random.default_rng(3)
    games = rng.integers(0, 3_000, 9_000).astype(np.uint64)         # 1 to ~10 decisions a game
    dec = pl.DataFrame({"game_index": np.sort(games), "rotation": np.zeros(9_000, np.uint8), "kind": ["move"] * 9_000,
                        "options": rng.integers(1, 40, 9_000).astype(np.int32)})
    u = decision_units(dec)
    orders = [sums(u), merge(*(sums(u[i:i + 4]) for i in range(0, u.height, 4))),
              merge(*(sums(u[i::7]) for i in range(7))), merge(*(sums(u.reverse()[i::3]) for i in range(3)))]
    for other in orders[1:]:
        assert other.equals(orders[0])


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


def test_an_aggregate_arc_reads_every_figure_of_the_rows_from_its_sums():
    from analysis.studies.arc import arc_lines, from_sums, measured

    a = shuffled_race(600, 4, 3, seed=7)
    f = frame(a.standing, a.win).with_columns(pl.col("game_index").cast(pl.UInt64))
    rng = np.random.default_rng(1)
    dec = pl.DataFrame({"game_index": np.repeat(np.arange(600, dtype=np.uint64), 5), "rotation": np.zeros(3000, np.uint8),
                        "kind": rng.choice(["move", "bid"], 3000), "options": rng.integers(1, 4, 3000).astype(np.int32)})
    names = ["round 1", "round 2", "round 3", "the end"]
    rows = measured(f, names, 600, dec)
    agg = from_sums(merge(rows.sums.head(7), rows.sums.tail(rows.sums.height - 7)), names, 600, 3)
    arrays = Arcs.of(f, names)          # the arrays' own reading (analysis/arc.py), to the grid's rounding
    for x, y in ((measures(arrays), agg.measures), (runaway(arrays), agg.runaway), (decision_measures(dec), agg.decisions)):
        assert x.columns == y.columns
        for c in x.columns:
            if x[c].dtype.is_float():
                assert np.allclose(x[c].to_numpy(), y[c].to_numpy()), c
            else:
                assert x[c].to_list() == y[c].to_list(), c
    assert arc_lines(rows, "toy") == arc_lines(agg, "toy")
    assert (agg.games, agg.contestants) == (600, 3)


def test_the_gate_and_compare_read_an_aggregate_arc_as_they_read_rows():
    from analysis.arc_sums import compare_arcs
    from analysis.check import arc_measure
    from analysis.intervals import Z95
    from analysis.studies.arc import from_sums, measured

    a = shuffled_race(400, 4, 3, seed=9)
    f = frame(a.standing, a.win).with_columns(pl.col("game_index").cast(pl.UInt64))
    dec = pl.DataFrame({"game_index": np.arange(400, dtype=np.uint64), "rotation": np.zeros(400, np.uint8),
                        "kind": ["move"] * 400, "options": np.full(400, 2, np.int32)})
    names = ["round 1", "round 2", "round 3", "the end"]
    rows = measured(f, names, 400, dec)
    agg = from_sums(rows.sums, names, 400, 3)
    lead = rows.measures.row(0, named=True)
    for x in (rows, agg):
        assert arc_measure(x, "lead_changes", Z95, "spec") == pytest.approx((lead["estimate"], lead["low"], lead["high"]))
        first = x.runaway.row(0, named=True)
        assert arc_measure(x, "runaway_leader", Z95, "spec") == pytest.approx((first["p"], first["low"], first["high"]))
    words = {"decided_at": "decided at checkpoint", "winner_behind": "winner behind, share of checkpoints",
             "comeback_share": "winners who were last at some checkpoint"}
    for q, w in words.items():
        r = rows.measures.filter(pl.col("measure") == w).row(0, named=True)
        for x in (rows, agg):
            assert arc_measure(x, q, Z95, "spec") == pytest.approx((r["estimate"], r["low"], r["high"])), q
    other = measured(frame(a.standing[:200], a.win[:200]), names, 200, dec.head(200))
    assert compare_arcs(rows, other).equals(compare_arcs(agg, other))


def test_a_small_groups_count_interval_stops_at_zero():
    """Position 2 joins the leaders once in 7 games: 1/7 leads a game, whose normal interval
    reaches to -0.14 (Banquet's position 7 showed 0.14 [-0.14, 0.42]); a count is never
    negative, so every interval of it - by group, the run's, the gate's - stops at 0."""
    from analysis.check import arc_measure
    from analysis.intervals import Z95
    from analysis.studies.arc import arc_lines, measured

    standing = np.tile(np.array([[5.0, 1, 0], [5, 1, 0], [9, 1, 5]]), (7, 1, 1))
    standing[0, 1, 2] = 5.0                          # game 0: seat 2 draws level after checkpoint 2, then falls back
    f = frame(standing, np.tile([1.0, 0, 0], (7, 1))).with_columns(pl.col("game_index").cast(pl.UInt64))
    dec = pl.DataFrame({"game_index": np.arange(7, dtype=np.uint64), "rotation": np.zeros(7, np.uint8),
                        "kind": ["move"] * 7, "options": np.array([1, 1, 1, 1, 1, 1, 3], np.int32)})
    arc = measured(f, ["round 1", "round 2", "the end"], 7, dec)
    taken = {(r["group"], r["measure"]): r for r in arc.groups.iter_rows(named=True)}[("2", "leads_taken")]
    assert taken["estimate"] == pytest.approx(1 / 7) and taken["n"] == 7
    assert taken["low"] == 0.0 and taken["high"] == pytest.approx(1 / 7 + Z95 * np.sqrt(1 / 7) / np.sqrt(7))
    lead = arc.measures.row(0, named=True)           # 2 changes in game 0: 0.29 a game over 7
    assert lead["estimate"] == pytest.approx(2 / 7) and lead["low"] == 0.0
    assert arc_measure(arc, "lead_changes", Z95, "spec")[1] == 0.0
    assert arc.decisions.filter(pl.col("kind") == "move")["options_low"][0] == 1.0   # never fewer than one option
    assert "leads taken per game, by position: 0 0.00 [0.00, 0.00] (n 7); 1 0.00 [0.00, 0.00] (n 7); " \
           "2 0.14 [0.00, 0.42] (n 7)" in "\n".join(arc_lines(arc, "toy"))
