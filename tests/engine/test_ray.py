"""--engine ray on a local two-worker Ray: byte-identical to --engine local; a worker that
dies mid-shard loses only that shard, which is played again."""
from dataclasses import replace

import pytest

from sim.plan import RunConfig
from sim.runner import execute
from tests.engine.test_timing import assert_honest

ray = pytest.importorskip("ray")

CFG = RunConfig(game="toy", players=4, bots=["greedy", "random", "random", "greedy"], games=6000,
                seed=11, rotate_seats=True, shard_deals=500, ray_workers=2)


@pytest.fixture(scope="module")
def local_runs(tmp_path_factory):
    """--engine local runs of CFG, rows and aggregate."""
    d = tmp_path_factory.mktemp("local")
    return {agg: (execute(replace(CFG, aggregate=agg, engine="local"), d / str(agg)), d / str(agg))
            for agg in (False, True)}


@pytest.mark.parametrize("aggregate", [False, True], ids=["rows", "aggregate"])
def test_ray_equals_local_byte_for_byte(tmp_path, local_ray, local_runs, aggregate):
    files = ["stats.parquet", "moments.parquet", "histograms.parquet"] if aggregate else ["results.parquet"]
    local, local_dir = local_runs[aggregate]
    on_ray = execute(replace(CFG, aggregate=aggregate, engine="ray"), tmp_path / "ray")
    assert on_ray.meta["games_played"] == local.meta["games_played"] == 6000 * 4
    assert set(on_ray.meta) == set(local.meta)          # the same run.json fields, timing included
    assert_honest(on_ray.meta, 6000 * 4)                 # the workers' start-up is not play
    for f in files:
        assert (tmp_path / "ray" / f).read_bytes() == (local_dir / f).read_bytes()
    assert not (tmp_path / "ray" / "shards").exists()


def test_dead_worker_loses_only_its_shard(tmp_path, local_ray, local_runs, monkeypatch):
    marker = tmp_path / "killed-once"
    monkeypatch.setenv("BALANCE_TEST_KILL_SHARD", f"3:{marker}")
    warnings = []
    execute(replace(CFG, engine="ray"), tmp_path / "ray", log=warnings.append)
    assert marker.exists()                                   # the worker really died on shard 3
    assert any("died playing shard 3" in w for w in warnings)
    assert (tmp_path / "ray" / "results.parquet").read_bytes() == \
        (local_runs[False][1] / "results.parquet").read_bytes()


def test_a_team_game_on_ray_equals_local(tmp_path, local_ray):
    """The toy team game (factions, secret roles, a variant group, no-winner games) through Ray."""
    cfg = RunConfig(game="tug", players=5, bots=["greedy", "random", "greedy", "random", "greedy"], games=1200,
                    seed=4, rotate_seats=True, shard_deals=200, ray_workers=2, variants=["coop", "long"])
    execute(cfg, tmp_path / "local")
    execute(replace(cfg, engine="ray"), tmp_path / "ray")
    assert (tmp_path / "ray" / "results.parquet").read_bytes() == (tmp_path / "local" / "results.parquet").read_bytes()


def test_the_next_run_takes_the_idle_workers_or_ends_them(tmp_path, local_ray):
    """A finished run's workers wait for the next run on the same Ray; a run that needs other
    workers ends them first (they hold the CPUs: the new worker would wait for ever)."""
    import threading

    from sim import engine_ray

    small = replace(CFG, games=400, engine="ray")
    execute(small, tmp_path / "a")
    idle = [w for ws in engine_ray._IDLE.values() for w in ws]
    assert len(idle) == 2
    execute(small, tmp_path / "b")
    assert sorted(map(id, (w for ws in engine_ray._IDLE.values() for w in ws))) == sorted(map(id, idle))
    one_big = threading.Thread(target=execute, args=(replace(small, ray_workers=None), tmp_path / "c"), daemon=True)
    one_big.start()
    one_big.join(timeout=120)
    assert not one_big.is_alive(), "the two-CPU worker waited for the idle one-CPU workers' CPUs"
    assert (tmp_path / "c" / "results.parquet").read_bytes() == (tmp_path / "a" / "results.parquet").read_bytes()


@pytest.mark.parametrize("address", ["127.0.0.1:1", "nohost", "x:y"])
def test_unreachable_or_bad_address_is_one_line(tmp_path, address):
    from tests.engine.helpers import cli

    code, _, err = cli(["run", "toy", "-n", "5", "--engine", "ray", "--address", address, "--out", tmp_path])
    assert code == 2 and err.startswith("error: --address") and len(err.strip().splitlines()) == 1, err
    assert not any(tmp_path.iterdir())   # refused before anything was written


def test_a_search_run_on_ray_equals_local(tmp_path, local_ray):
    """The search bot (its iterations seeded from the seat's stream alone) gives the same games
    when Ray splits the deals across two workers as when they are played locally. Bastille at a
    tiny budget: its search kernels are the ones tests/test_search.py already compiled."""
    cfg = RunConfig(game="bastille", players=3, bots=["search", "heuristic", "heuristic"], games=4, seed=7,
                    rotate_seats=True, shard_deals=1, ray_workers=2,
                    sets=["bots.search_iterations=8", "bots.search_depth=20"])
    local = execute(cfg, tmp_path / "local")
    on_ray = execute(replace(cfg, engine="ray"), tmp_path / "ray")
    assert on_ray.meta["games_played"] == local.meta["games_played"] == 4 * 3
    assert (tmp_path / "ray" / "results.parquet").read_bytes() == (tmp_path / "local" / "results.parquet").read_bytes()


def test_an_aggregate_arc_on_ray_gives_the_figures_of_a_local_row_arc(tmp_path, local_ray, monkeypatch):
    """The arc is replayed by the same local code whatever plays the run (issue 33): Bastille on
    Ray with --aggregate keeps only the arc's sums (replayed 4 deals at a time, so merged twice)
    and prints, figure for figure, what the local run's rows give."""
    from analysis.studies import arc
    from tests.engine.helpers import cli

    monkeypatch.setattr(arc, "ARC_CHUNK", 4)
    args = ["run", "bastille", "-p", "3", "-n", "10", "--seed", "3", "--arc", "--arc-deals", "10"]
    outs = {}
    for mode, extra in (("rows", []), ("ray", ["--aggregate", "--engine", "ray"])):
        code, out, err = cli([*args, *extra, "--out", tmp_path / mode])
        assert code == 0, err
        outs[mode] = out[out.index("Game arc over"):out.index("Results:")]
    assert outs["ray"] == outs["rows"] and "by position: 0 " in outs["rows"]
    assert (tmp_path / "ray" / "arc_sums.parquet").is_file() and not (tmp_path / "ray" / "arc.parquet").exists()
