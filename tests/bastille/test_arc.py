"""Bastille's arc (issue 33): each seat's standing after every round, read from the traced
game's events (sim/games/bastille/trace.py standings), ends at the final scores the run wrote,
seat by seat; `balance run --arc` and `balance arc` record and measure it."""
import polars as pl

from analysis.arc import ARC_FILE
from tests.engine.helpers import cli


def test_the_arc_ends_at_the_runs_final_scores_and_the_report_reads_it(tmp_path):
    run = tmp_path / "run"
    code, out, err = cli(["run", "bastille", "-p", "3", "-n", "12", "--rotate-seats", "--seed", "4", "--arc",
                          "--arc-deals", "10", "--arc-choices", "6", "--out", run])
    assert code == 0, err
    # the strong bots asked at one unforced decision of each of the first 6 games: the heuristic,
    # asked on its copy of the position, chooses what the heuristic played there
    choices = pl.read_parquet(run / "choices.parquet")
    assert choices.height == 6 and (choices["options"] > 1).all()
    assert (choices["heuristic"] == choices["played"]).all()
    differ = [len({a, b, c}) > 1 for a, b, c in choices.select("heuristic", "rollout", "search").iter_rows()]
    assert choices["differ"].to_list() == differ and any(differ)        # the bots asked are not one bot
    assert "Do the strong bots choose differently? (heuristic, rollout, search asked" in out
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
    spec = tmp_path / "spec.toml"
    spec.write_text("[thresholds]\nmax_decided_at = 1\nmin_comeback_share = 0\n")
    code, out, err = cli(["check", run, "--spec", spec])
    assert code == 1, err                         # Bastille is decided late, never after round 1
    assert "a winner leads for good from checkpoint (arc)" in out and "winners once alone in last place (arc)" in out
    code, out, err = cli(["report", run, "--out", tmp_path / "report", "--spec", spec])
    assert code == 0, err
    page = (tmp_path / "report" / "index.html").read_text()
    assert "Is there a runaway leader?" in page and "When is it decided" in page
    assert "a winner leads for good from checkpoint (arc)" in page and "&lt;= 1 (spec)" in page   # the spec's arc line
    assert "By position (0 = the first player)" in page and "Do the strong bots choose differently?" in page
    # a new run into the directory, without --arc: the older run's arc and choices are not its own
    code, out, err = cli(["run", "bastille", "-p", "3", "-n", "5", "--seed", "9", "--out", run])
    assert code == 0, err
    code, out, err = cli(["report", run, "--out", tmp_path / "report2"])
    assert code == 0, err
    page = (tmp_path / "report2" / "index.html").read_text()
    assert "Is there a runaway leader?" not in page and "Do the strong bots choose differently?" not in page
    assert sorted(p.name for p in run.iterdir()) == ["results.parquet", "run.json"]


def test_balance_arc_on_a_directory_that_is_no_run_is_one_line_and_exit_2(tmp_path):
    code, out, err = cli(["arc", tmp_path])
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "run.json" in err
    code, out, err = cli(["run", "bastille", "-n", "2", "--arc-choices", "2", "--out", tmp_path / "r"])
    assert code == 2 and "--arc-choices" in err and "only applies with --arc" in err


def test_sensitivity_and_tune_study_the_arc_measures_of_the_deals_they_play(tmp_path):
    """An arc measure in `balance sensitivity` is each deal's arc, replayed: the value at the
    low end of a step equals the arc of the same deals recorded with that content."""
    from dataclasses import replace

    from analysis.arc import Arcs, lead_changes, runaway
    from analysis.studies.arc import record
    from analysis.studies.player import base_config
    from analysis.studies.sensitivity import sensitivity

    r = sensitivity("bastille", measures=("lead_changes", "runaway-leader"), only=("setup.start_coins",), n_games=12,
                    batch=12, players=3, seed=2, out_dir=tmp_path / "sens")
    got = {m: r.table.filter(pl.col("measure") == m).row(0, named=True) for m in ("lead_changes", "runaway_leader")}
    low = replace(base_config("bastille", 3, None, "base", ["setup.start_coins=7"], None, 2, False, 1, "local", None),
                  games=12)
    a = Arcs.of(*record(low, 12)[:2])
    assert got["lead_changes"]["low_text"] == "7"
    assert got["lead_changes"]["at_low"] == lead_changes(a).mean()
    first = runaway(a).row(0, named=True)
    assert got["runaway_leader"]["at_low"] == first["leader_wins"] / first["games"]
    code, out, err = cli(["tune", "bastille", "-p", "3", "--target", "lead_changes=2.5..3", "--vary",
                          "setup.start_coins", "--trials", "2", "-n", "6", "--confirm", "6", "--out", tmp_path / "tune"])
    assert code == 0, err
    assert "target lead_changes in 2.50..3.00 changes" in out


def test_an_arc_that_does_not_end_at_the_final_scores_stops_the_run_in_one_line_exit_2(tmp_path, monkeypatch):
    """A planted mismatch: the arc hook counts one VP too many for seat 0, so the arc's last
    checkpoint is not the game's final score. The run stops with one line naming the game and
    the hook, exit 2, no traceback."""
    import numpy as np

    from sim.games.bastille import forward

    real = forward.arc_point

    def one_too_many(compiled, s):
        k, standing = real(compiled, s)
        return k, standing + np.eye(len(standing), dtype=standing.dtype)[0]

    monkeypatch.setattr(forward, "arc_point", one_too_many)
    code, out, err = cli(["run", "bastille", "-p", "3", "-n", "2", "--arc", "--arc-deals", "1", "--out", tmp_path / "r"])
    assert code == 2, err
    # (a first run that compiles may print its notes to stderr before it: the error is one line of its own)
    errors = [line for line in err.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and err.strip().splitlines()[-1] == errors[0] and "Traceback" not in err
    assert errors[0].startswith("error: bastille game 0 rotation 0: the arc ends at") and "forward.py arc_point" in err


def test_compare_until_decided_follows_an_arc_measure_batch_by_batch(tmp_path):
    """`balance compare --run --until-decided --measure lead_changes` replays each batch's deals
    of A and B for their arcs: its A - B is the lead changes of the same deals recorded directly
    (A with 7 starting coins against the content's)."""
    from dataclasses import replace

    from analysis.arc import Arcs, lead_changes
    from analysis.studies.arc import record
    from analysis.studies.player import base_config

    args = ["compare", "--run", "bastille", "-p", "3", "--seed", "2", "--a-set", "setup.start_coins=7",
            "--measure", "lead-changes", "--batch", "10", "--max-games", "20"]
    code, out, err = cli(args)
    assert code == 2 and "--until-decided" in err and len(err.strip().splitlines()) == 1
    code, out, err = cli([*args, "--until-decided"])
    assert code == 0, err
    assert "10 deals: A - B" in out and "20 deals: A - B" in out            # two batches
    line = next(x for x in out.splitlines() if x.startswith("SPRT on lead_changes:"))
    sides = [replace(base_config("bastille", 3, None, "base", s, None, 2, False, 1, "local", None), games=20)
             for s in (["setup.start_coins=7"], [])]
    a, b = (lead_changes(Arcs.of(*record(cfg, 20)[:2])).astype(float) for cfg in sides)
    assert f"after 20 paired deals (40 games); A - B = {a.mean() - b.mean():+.4f}" in line
    for key in ("lead_changes", "runaway_leader", "decided_at", "winner_behind", "comeback_share"):
        assert f"({key}): A " in out
    assert f"lead changes per game (lead_changes): A {a.mean():.2f}, B {b.mean():.2f}" in out
