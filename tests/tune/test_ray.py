"""`balance sensitivity --engine ray` on a local Ray gives the table of --engine local (same
deals, same shards, same sequential decisions)."""
import pytest

from tests.tune.helpers import run, table

pytest.importorskip("ray")


def test_ray_equals_local(tmp_path, local_ray):
    args = ["sensitivity", "knob", "--only", "knob.edge", "--only", "knob.dud", "-n", 2000, "--batch", 500,
            "--seed", 8]
    assert run([*args, "--out", tmp_path / "local"])[0] == 0
    code, _, err = run([*args, "--out", tmp_path / "ray", "--engine", "ray"])
    assert code == 0, err
    assert table(tmp_path / "ray").equals(table(tmp_path / "local"))


def test_tune_on_ray_equals_local(tmp_path, local_ray):
    import polars as pl

    args = ["tune", "knob", "--vary", "knob.edge", "--target", "first_player_advantage=0", "-n", 1000,
            "--trials", 5]
    assert run([*args, "--out", tmp_path / "local"])[0] == 0
    code, _, err = run([*args, "--out", tmp_path / "ray", "--engine", "ray"])
    assert code == 0, err
    for f in ("trials.parquet", "confirmation.parquet"):
        assert pl.read_parquet(tmp_path / "ray" / f).equals(pl.read_parquet(tmp_path / "local" / f))


def test_sensitivity_of_an_arc_measure_on_ray_equals_local(tmp_path, local_ray):
    """An arc measure on Ray: the workers play the deals, the arcs are replayed locally from the
    same deals (analysis.studies.player.Player.deal_arcs), so the table is local's. Bastille at
    3 players, 12 deals: the cheapest game with an arc (knob records none)."""
    args = ["sensitivity", "bastille", "-p", "3", "--measure", "lead_changes", "--measure", "runaway_leader",
            "--only", "setup.start_coins", "-n", 12, "--batch", 12, "--seed", 2]
    assert run([*args, "--out", tmp_path / "local"])[0] == 0
    code, _, err = run([*args, "--out", tmp_path / "ray", "--engine", "ray"])
    assert code == 0, err
    local = table(tmp_path / "local")
    assert set(local["measure"]) == {"lead_changes", "runaway_leader"} and local["at_low"].is_finite().all()
    assert table(tmp_path / "ray").equals(local)
