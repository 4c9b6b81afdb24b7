"""The scale part of `balance bench`: end-to-end run and rows-vs-aggregate memory, each in
its own process (small sizes here; the figures themselves are not asserted)."""
from sim import bench
from tests.engine.helpers import BALANCE


def test_bench_scale_measures_each_run_in_its_own_process(monkeypatch):
    monkeypatch.setattr(bench, "BALANCE", BALANCE)   # with the toy game registered
    lines = []
    out = bench.bench_scale(["toy"], lines.append, e2e_games=3000, memory_games=4000)
    assert out["game"] == "toy"
    for name, games in (("end_to_end", 3000), ("memory_rows", 4000), ("memory_aggregate", 4000)):
        r = out[name]
        assert r["exit_code"] == 0, r
        assert r["games"] == games and r["peak_rss_mb"] > 0 and r["games_per_s"] > 0
    assert out["memory_rows"]["results_mb"] > out["memory_aggregate"]["results_mb"] >= 0
    assert "--aggregate" in out["memory_aggregate"]["command"]
    assert len(lines) == 3 and "peak" in lines[1]


def test_a_runs_peak_memory_is_its_own_not_the_bench_processes(monkeypatch, tmp_path):
    """wait4's ru_maxrss of a child counts its parent's RSS at the fork: with 400 MB held here a
    toy run (under 400 MB of its own) read as 400 MB or more."""
    import numpy as np

    monkeypatch.setattr(bench, "BALANCE", BALANCE)
    held = np.ones(50_000_000)                       # 400 MB in this process
    r = bench.timed_run(["toy", "-n", "1000"], tmp_path / "run")
    assert r["exit_code"] == 0 and 0 < r["peak_rss_mb"] < held.nbytes / 2**20, r


def test_bench_measures_a_chosen_variant_and_count(monkeypatch):
    """`balance bench -p N --variant V`: any scenario can be measured at any count it allows."""
    monkeypatch.setattr(bench, "MIN_SECONDS", 0.05)    # the fields are checked, not the speed
    lines = []
    row = bench.bench_bot("tug", "greedy", 3, 200, lines.append, ("coop", "long"))
    assert row["one_thread"]["games_per_s"] > 0 and lines[0].split()[:3] == ["tug", "3p", "greedy"]
    assert bench.prepare("tug", "greedy", None, ("coop",)).cfg.variant == "coop"
    assert bench.prepare("tug", "greedy", None, ("coop",)).cfg.players == 2   # coop's smallest count


def test_bench_refuses_a_count_the_variant_does_not_allow():
    from tests.engine.helpers import cli

    for args, says in ((["-p", "8", "--variant", "coop"], "variant 'coop' is for 2-6 players, got 8"),
                       (["--variant", "versus,coop"], "both of group 'mode'")):
        code, _, err = cli(["bench", "--game", "tug", *args, "--out", "/nonexistent/never.json"])
        assert code == 2 and says in err and len(err.strip().splitlines()) == 1, err
