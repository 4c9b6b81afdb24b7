"""Emerald's arc (issue 33): after every round of turns each seat's score if the game ended
then (VP so far with the final adjustments by side: sim/games/emerald/forward.py arc_point),
read from the state through the forward model; it ends at the final scores the run wrote,
seat by seat, and stands still once per round of turns."""
import polars as pl

from analysis.arc import ARC_FILE
from tests.engine.helpers import cli


def test_the_arc_stands_after_each_round_and_ends_at_the_runs_scores(tmp_path):
    run = tmp_path / "run"
    code, out, err = cli(["run", "emerald", "-p", "4", "-n", "6", "--seed", "2", "--bots", "heuristic",
                          "--arc", "--out", run])
    assert code == 0, err
    assert "checkpoints: round 1," in out and "the sole leader after round 1 wins" in out
    arc = pl.read_parquet(run / ARC_FILE)
    results = pl.read_parquet(run / "results.parquet")
    # the side chance dealt each seat, as the results have it, and the measures by side
    sides = arc.filter(pl.col("checkpoint") == 0).join(results, on=["game_index", "rotation", "seat"])
    assert sides.height == 24 and (sides["role"] == sides["role_right"]).all()
    assert "leads taken per game, by role: loyalist " in out and "restorationist" in out
    last = arc.filter(pl.col("checkpoint") == arc["checkpoint"].max()).join(
        results, on=["game_index", "rotation", "seat"])
    assert last.height == results.height == 24
    assert (last["standing"] == last["score"].cast(pl.Float64)).all()
    # a finished game ends inside its last turn: rounds of 4 turns complete before it, then the end
    rounds = results.filter(pl.col("end_reason") != "turn_cap").group_by("game_index").agg(
        ((pl.col("turns").first() - 1) // 4).alias("rounds"))
    assert arc["checkpoint"].n_unique() == rounds["rounds"].max() + 1
