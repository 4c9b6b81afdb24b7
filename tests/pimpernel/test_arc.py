"""Pimpernel's arc (issue 33): each seat's points after every mission, read from the state
through the forward model (sim/games/pimpernel/forward.py arc_point), ends at the final scores
the run wrote, seat by seat."""
import polars as pl

from analysis.arc import ARC_FILE
from tests.engine.helpers import cli


def test_the_arc_stands_after_each_mission_and_ends_at_the_runs_scores(tmp_path):
    run = tmp_path / "run"
    code, out, err = cli(["run", "pimpernel", "-p", "3", "-n", "6", "--seed", "2", "--arc", "--out", run])
    assert code == 0, err
    assert "checkpoints: mission 1," in out and "the sole leader after mission 1 wins" in out
    arc = pl.read_parquet(run / ARC_FILE)
    results = pl.read_parquet(run / "results.parquet")
    missions = int(results["pimpernel_missions"].max())
    assert arc["checkpoint"].n_unique() == missions          # after missions 1..N-1, then the end
    last = arc.filter(pl.col("checkpoint") == missions - 1).join(results, on=["game_index", "rotation", "seat"])
    assert last.height == results.height == 18
    assert (last["standing"] == last["score"].cast(pl.Float64)).all()
    # points are never taken away: a seat's standing never falls from one mission to the next
    falls = arc.sort("checkpoint").group_by("game_index", "seat").agg((pl.col("standing").diff() < 0).any())
    assert not falls["standing"].any()
