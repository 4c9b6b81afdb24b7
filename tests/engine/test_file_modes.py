"""Every file a run, an extension, a comparison, a sweep or a report writes is readable by
others as the umask allows (0644 under the usual 022), not 0600: the atomic writes make a
temporary file and rename it, and the temporary file's mode is the one that stays."""
import os
import stat

import pytest

from tests.engine.helpers import cli

RUN = ["toy", "-p", "3", "--rotate-seats", "--seed", "5", "--shard-deals", "100"]


@pytest.fixture(params=[0o022, 0o027], ids=["umask022", "umask027"])
def umask(request):
    old = os.umask(request.param)
    yield request.param
    os.umask(old)


def ok(*args) -> str:
    code, out, err = cli(list(args))
    assert code == 0, err
    return out


def test_results_run_json_and_reports_follow_the_umask(tmp_path, umask):
    ok("run", *RUN, "-n", "250", "--out", tmp_path / "rows")
    ok("run", "--extend", tmp_path / "rows", "-n", "30")
    ok("run", *RUN, "-n", "250", "--aggregate", "--out", tmp_path / "agg")
    ok("compare", "--run", "toy", "-n", "100", "--a-set", "dice.faces=4", "--b-set", "dice.faces=6",
       "--out", tmp_path / "ab")
    ok("sweep", "toy", "--set", "dice.faces=4,6", "-n", "100", "--out", tmp_path / "sweep")
    ok("report", tmp_path / "rows", tmp_path / "agg", "--out", tmp_path / "report")
    files = {str(p.relative_to(tmp_path)): stat.S_IMODE(p.stat().st_mode) for p in tmp_path.rglob("*") if p.is_file()}
    for name in ("rows/results.parquet", "rows/run.json", "agg/run.json", "agg/stats.parquet",
                 "agg/moments.parquet", "agg/histograms.parquet", "ab/A/results.parquet", "ab/B/run.json",
                 "sweep/sweep.json", "sweep/point-000/results.parquet", "sweep/point-001/run.json",
                 "report/index.html", "report/summary.md"):
        assert name in files, sorted(files)
    assert any(n.startswith("report/") and n.endswith(".png") for n in files)
    assert any(n.startswith("report/") and n.endswith(".svg") for n in files)
    wrong = {n: oct(m) for n, m in files.items() if m != 0o666 & ~umask}
    assert not wrong, f"expected {oct(0o666 & ~umask)}: {wrong}"
    dirs = {str(p.relative_to(tmp_path)): stat.S_IMODE(p.stat().st_mode) for p in tmp_path.rglob("*") if p.is_dir()}
    assert all(m == 0o777 & ~umask for m in dirs.values()), dirs
