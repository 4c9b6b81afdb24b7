"""Doppelganger's arc (issue 33): points come only at the end (the killer wins), so the arc is
the game's estimate of who leads, after every round of turns: each seat's steps toward a kill
(sim/games/doppelganger/forward.py arc_point). Its last checkpoint is checked on the winner:
in every game somebody won, the killer leads the last checkpoint alone."""
import polars as pl

from analysis.arc import ARC_FILE
from tests.engine.helpers import cli


def test_the_arc_stands_after_each_round_and_the_killer_leads_it_alone_at_the_end(tmp_path):
    run = tmp_path / "run"
    code, out, err = cli(["run", "doppelganger", "-p", "4", "-n", "8", "--seed", "3", "--bots", "hunter",
                          "--arc", "--out", run])
    assert code == 0, err
    assert "checkpoints: round 1," in out and "sole leader after round 1" in out   # often nobody leads alone
    arc = pl.read_parquet(run / ARC_FILE)
    results = pl.read_parquet(run / "results.parquet")
    end = arc.filter(pl.col("checkpoint") == arc["checkpoint"].max())
    leaders = end.filter(pl.col("standing") == pl.col("standing").max().over("game_index", "rotation"))
    winners = results.filter(pl.col("win") > 0)
    assert winners["game_index"].n_unique() >= 6                  # most of the 8 games end in a kill
    both = leaders.join(winners, on=["game_index", "rotation"], how="full", suffix="_won")
    assert both.filter(pl.col("game_index_won").is_not_null()).select(
        (pl.col("seat") == pl.col("seat_won")).all()).item()
    assert leaders.filter(pl.col("game_index").is_in(winners["game_index"].to_list())).height == winners.height
    # 4 steps before the kill with 3 who cards each (12 / 4), the kill one more
    assert end.join(winners, on=["game_index", "rotation", "seat"])["standing"].to_list() == [7.0] * winners.height
    # turns started in a game: complete rounds before the last, then the end
    assert arc["checkpoint"].n_unique() == int(((results["turns"] - 1) // 4).max()) + 1
