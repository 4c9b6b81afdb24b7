"""Every study called from Python gives the same tables as its command: sensitivity, tune, the
sweep and the paired comparison until decided, with the command's own arguments (toy game knob,
nothing new to compile). `balance skill` has its twin in test_skill.py and --robust in
tests/studies/test_robust.py."""
from dataclasses import replace

import polars as pl

from analysis.studies.paired_play import until_decided
from analysis.studies.sensitivity import sensitivity
from analysis.studies.sweeps import run_sweep
from analysis.studies.tune import tune
from tests.tune.helpers import run


def test_sensitivity_from_python_is_the_command(tmp_path):
    args = dict(measures=("first_player_advantage",), only=("knob.edge", "knob.dud"), n_games=2000, batch=1000, seed=3)
    code, _, err = run(["sensitivity", "knob", "--measure", "first_player_advantage", "--only", "knob.edge",
                        "--only", "knob.dud", "-n", 2000, "--batch", 1000, "--seed", 3, "--out", tmp_path / "cmd"])
    assert code == 0, err
    s = sensitivity("knob", out_dir=tmp_path / "py", **args)
    assert isinstance(s.table, pl.DataFrame) and s.table.height == 2
    assert s.table.equals(pl.read_parquet(tmp_path / "cmd" / "sensitivity.parquet"))


def test_tune_from_python_is_the_command(tmp_path):
    code, _, err = run(["tune", "knob", "--vary", "knob.edge", "--target", "first_player_advantage=0", "-n", 2000,
                        "--trials", 4, "--seed", 1, "--out", tmp_path / "cmd"])
    assert code == 0, err
    t = tune("knob", vary=("knob.edge",), target_text="first_player_advantage=0", n_games=2000, trials=4, seed=1,
             out_dir=tmp_path / "py")
    trials = pl.read_parquet(tmp_path / "cmd" / "trials.parquet")
    wall = [c for c in trials.columns if "second" in c]       # timing is the one thing two sessions differ in
    assert t.trials.drop(wall).equals(trials.drop(wall))
    assert t.confirmation.equals(pl.read_parquet(tmp_path / "cmd" / "confirmation.parquet"))


def test_the_sweep_and_until_decided_from_python_are_the_commands(tmp_path):
    from sim.plan import Prepared, RunConfig
    from sim.runner import run as play

    base = RunConfig(game="knob", players=4, bots=["greedy"], games=500, seed=2)
    meta = run_sweep(base, [("knob.edge", ["3", "5"])], tmp_path / "py", play, echo=lambda m: None)
    code, _, err = run(["sweep", "knob", "-p", 4, "--set", "knob.edge=3,5", "-n", 500, "--seed", 2,
                        "--out", tmp_path / "cmd"])
    assert code == 0, err
    for point in meta["points"]:
        py = pl.read_parquet(tmp_path / "py" / point["dir"] / "results.parquet")
        assert py.equals(pl.read_parquet(tmp_path / "cmd" / point["dir"] / "results.parquet"))
    from analysis.paired_runs import Focus
    from analysis.sprt import SprtSpec

    a = Prepared(replace(base, sets=["knob.edge=8"]))
    b = Prepared(replace(base, sets=["knob.edge=3"]))
    result, rows_a, _ = until_decided(a, b, SprtSpec(0.03, 0.05, 0.1), Focus("first_player_advantage"), 500, 20000)
    assert result.decision and rows_a["game_index"].n_unique() < 20000   # it stopped early, as the command does
