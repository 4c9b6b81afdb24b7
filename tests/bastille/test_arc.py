"""Bastille's arc (issue 33): each seat's standing after every round, read from the traced
game's events (sim/games/bastille/trace.py standings), ends at the final scores the run wrote,
seat by seat; `balance run --arc` and `balance arc` record and measure it."""
import polars as pl

from analysis.arc import ARC_FILE
from tests.engine.helpers import cli


def test_the_arc_ends_at_the_runs_final_scores_and_the_report_reads_it(tmp_path):
    run = tmp_path / "run"
    code, out, err = cli(["run", "bastille", "-p", "3", "-n", "12", "--rotate-seats", "--seed", "4", "--arc",
                          "--arc-deals", "10", "--out", run])
    assert code == 0, err
    assert "Game arc over 10 deals, with the heuristic bot" in out
    assert "the sole leader after round 1 wins" in out
    assert "leads taken per game, by position: 0 " in out and "by role" not in out     # Bastille deals no roles
    arc = pl.read_parquet(run / ARC_FILE)
    assert arc.select("game_index", "rotation").n_unique() == 30          # 10 deals x 3 rotations
    last = arc.filter(pl.col("checkpoint") == arc["checkpoint"].max())
    results = pl.read_parquet(run / "results.parquet").filter(pl.col("game_index") < 10)
    both = last.join(results, on=["game_index", "rotation", "seat"], how="inner")
    assert both.height == results.height == 90
    assert (both["standing"] == both["score"].cast(pl.Float64)).all()
    assert (both["win"] == both["win_right"].cast(pl.Float64)).all()
    assert arc["checkpoint"].n_unique() == 8            # after rounds 1-7 and the end
    code, out, err = cli(["report", run, "--out", tmp_path / "report"])
    assert code == 0, err
    page = (tmp_path / "report" / "index.html").read_text()
    assert "Is there a runaway leader?" in page and "When is it decided" in page
    assert "By position (0 = the first player)" in page


def test_balance_arc_on_a_directory_that_is_no_run_is_one_line_and_exit_2(tmp_path):
    code, out, err = cli(["arc", tmp_path])
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "run.json" in err
