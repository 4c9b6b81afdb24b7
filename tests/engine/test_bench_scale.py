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
