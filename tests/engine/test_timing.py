"""Honest speed figures: run.json and the run's first line give start-up (checks, content,
the kernels' compile or cache load) apart from play, and games/s is the games this session
played over play time alone, whether the run is new, resumed or extended, rows or aggregate."""
import json
import os
import subprocess
from dataclasses import replace

import pytest

import sim.plan as plan
from sim.plan import RunConfig
from sim.runner import execute, extend, resume
from tests.engine.helpers import BALANCE, ROOT, cli, env
from tests.engine.test_robustness import interrupted_run

SLOW = 0.5   # seconds a stand-in compile adds to start-up
BASE = RunConfig(game="toy", players=3, bots=["greedy", "random", "greedy"], seed=7, rotate_seats=True,
                 shard_deals=50)


@pytest.fixture
def slow_start(monkeypatch):
    """warm_up (compiling or loading the kernels) SLOW seconds slower, as a first run's compile."""
    original = plan.Prepared.warm_up

    def slow(self):
        import time
        time.sleep(SLOW)
        original(self)

    monkeypatch.setattr(plan.Prepared, "warm_up", slow)


def assert_honest(meta: dict, session_games: int) -> None:
    """wall = start-up + play + writing, and games/s = this session's games / play seconds
    (up to run.json's rounding to 1 ms)."""
    assert meta["session_games"] == session_games
    assert meta["wall_seconds"] == pytest.approx(
        meta["startup_seconds"] + meta["play_seconds"] + meta["write_seconds"], abs=0.003)
    play = meta["play_seconds"]
    assert play > 0
    assert meta["games_per_second"] * play == pytest.approx(session_games, rel=0.001 + 0.0006 / play)


@pytest.mark.parametrize("aggregate", [False, True], ids=["rows", "aggregate"])
def test_startup_is_apart_from_play_in_run_json_and_the_first_line(tmp_path, slow_start, aggregate):
    out = tmp_path / "run"
    code, stdout, err = cli(["run", "toy", "-n", "3000", "--rotate-seats", "--out", out]
                            + ["--aggregate"] * aggregate)
    assert code == 0, err
    meta = json.loads((out / "run.json").read_text())
    assert meta["games_played"] == 9000 and meta["startup_seconds"] >= SLOW
    assert_honest(meta, 9000)
    assert meta["play_seconds"] < meta["wall_seconds"] - SLOW     # the compile is not play
    first = stdout.splitlines()[0]
    assert (f"in {meta['wall_seconds']:.1f} s (start-up {meta['startup_seconds']:.1f} s, play "
            f"{meta['play_seconds']:.1f} s, writing {meta['write_seconds']:.1f} s): "
            f"{meta['games_per_second']:,.0f} games/s of play on") in first, first


def test_a_resumed_run_counts_only_the_games_this_session_played(tmp_path, slow_start):
    out = tmp_path / "run"
    interrupted_run(out, after_shards=4)       # 2000 deals x 3 rotations in 20 shards; 4 saved
    o = resume(out)
    assert o.meta["games_played"] == 6000 and o.meta["startup_seconds"] >= SLOW
    assert o.meta["shards"]["resumed_from"] == 4
    assert_honest(o.meta, 6000 - 4 * 100 * 3)


@pytest.mark.parametrize("aggregate", [False, True], ids=["rows", "aggregate"])
def test_an_extension_counts_the_deals_it_played_to_complete_the_last_shard(tmp_path, slow_start, aggregate):
    out = tmp_path / "run"
    execute(replace(BASE, games=130, aggregate=aggregate), out)
    # Deals 130..149 complete the old run's last shard before the new shards are played.
    o = extend(out, 95)
    assert o.meta["games_played"] == 225 * 3 and o.meta["startup_seconds"] >= SLOW
    assert_honest(o.meta, 95 * 3)
    assert {"startup_seconds", "play_seconds"} <= set(o.meta["extended_from"][0])


def test_a_first_run_compiles_in_startup_not_play(tmp_path):
    """A fresh process with an empty Numba cache: the real compile lands in start-up."""
    out = tmp_path / "run"
    r = subprocess.run([*BALANCE, "run", "toy", "-n", "20000", "--out", out], cwd=ROOT, capture_output=True,
                       text=True, timeout=300, env={**env(), "NUMBA_CACHE_DIR": str(tmp_path / "cache")})
    assert r.returncode == 0, r.stderr
    meta = json.loads((out / "run.json").read_text())
    assert_honest(meta, 20000)
    assert meta["startup_seconds"] > 5 * meta["play_seconds"], meta   # compiling takes seconds, 20,000 toy games not
    assert os.listdir(tmp_path / "cache")                              # it did compile (and cache) here


def test_a_game_whose_import_compiled_its_kernels_counts_that_as_start_up(tmp_path, monkeypatch):
    """Pimpernel's typed kernels compile while its module is imported, before any run
    starts: the first run of the process counts that import as start-up, later runs do not."""
    from sim import registry

    monkeypatch.setitem(registry._LOAD_SECONDS, "toy", 3.0)
    first = execute(replace(BASE, games=60), tmp_path / "a").meta
    again = execute(replace(BASE, games=60), tmp_path / "b").meta
    assert first["startup_seconds"] >= 3.0 > again["startup_seconds"]
    assert first["wall_seconds"] >= 3.0
