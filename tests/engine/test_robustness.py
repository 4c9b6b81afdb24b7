"""Bad run directories and bad --out are reported on one line (exit 2), never a traceback,
and never leave a partial file behind."""
import errno
import json
import os

import polars as pl
import pytest

from sim.results import read_results
from sim.plan import RunConfig
from sim.runner import execute
from tests.engine.helpers import cli

ARGS = ["run", "toy", "-n", "2000", "--rotate-seats", "--seed", "5", "--shard-deals", "100"]


def one_error_line(err: str) -> str:
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in err, err
    return lines[0]


def no_temp_files(d) -> bool:
    return not [p for p in d.rglob(".*") if p.name.endswith(".tmp") or p.name.startswith(".probe.")]


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    out = tmp_path_factory.mktemp("ref")
    code, _, err = cli([*ARGS, "--out", out])
    assert code == 0, err
    return (out / "results.parquet").read_bytes()


def interrupted_run(out, after_shards=4, seed=5):
    """An in-process run stopped by Ctrl-C after some shards (raised from the progress hook)."""
    from sim.runner import Interrupted

    seen = []

    def progress(n):
        seen.append(n)
        if len(seen) == after_shards:
            raise KeyboardInterrupt

    with pytest.raises(Interrupted, match="resume with: balance run --resume"):
        execute(RunConfig(game="toy", players=3, bots=["greedy"], games=2000, seed=seed, rotate_seats=True, variants=["base"],
                          shard_deals=100), out, progress=progress)


def test_a_new_run_killed_while_it_plays_keeps_the_finished_run_it_would_replace(tmp_path):
    """A new run into a finished run's directory replaces that run only when it merges: killed
    while playing, the old results and run.json are there byte for byte, and finishing the new
    run (--resume) replaces them with its own."""
    out = tmp_path / "run"
    code, _, err = cli([*ARGS, "--out", out])
    assert code == 0, err
    old = {name: (out / name).read_bytes() for name in ("results.parquet", "run.json")}
    interrupted_run(out, seed=6)
    assert {name: (out / name).read_bytes() for name in old} == old
    code, _, err = cli(["run", "--resume", out])
    assert code == 0, err
    assert json.loads((out / "run.json").read_text())["config"]["seed"] == 6
    assert read_results(out)["game_index"].n_unique() == 2000 and (out / "results.parquet").read_bytes() != old["results.parquet"]


def test_out_under_a_file_is_one_line_and_writes_nothing(tmp_path):
    (tmp_path / "file").write_text("x")
    code, _, err = cli([*ARGS, "--out", tmp_path / "file" / "run"])
    assert code == 2
    assert "cannot write the output directory" in one_error_line(err)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_unwritable_out_is_reported_before_playing(tmp_path, monkeypatch):
    out = tmp_path / "ro"
    out.mkdir()
    if os.geteuid() == 0:  # root ignores permission bits: make the write itself fail
        import tempfile

        def denied(*a, **k):
            raise PermissionError(errno.EACCES, "Permission denied")
        monkeypatch.setattr(tempfile, "mkstemp", denied)
    else:
        out.chmod(0o500)
    code, _, err = cli([*ARGS, "--out", out / "run"])
    assert code == 2
    assert "Permission denied" in one_error_line(err)
    assert not (out / "run" / "results.parquet").exists()


def test_disk_full_mid_run_leaves_no_partial_file_and_resumes(tmp_path, monkeypatch, reference):
    real = pl.DataFrame.write_parquet
    calls = []

    def fills_up(self, file, *a, **k):
        calls.append(file)
        if len(calls) == 15:   # shard 4's last file: write half of it, then the disk is full
            open(file, "wb").write(b"PAR1 half a shard")
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, file, *a, **k)

    monkeypatch.setattr(pl.DataFrame, "write_parquet", fills_up)
    out = tmp_path / "run"
    code, _, err = cli([*ARGS, "--out", out])
    line = one_error_line(err)
    assert code == 2 and "disk full" in line and f"--resume {out}" in line
    assert no_temp_files(out)
    assert not (out / "results.parquet").exists()
    assert len(list((out / "shards").glob("shard-*.rows.parquet"))) == 4   # the shards before it are kept
    monkeypatch.setattr(pl.DataFrame, "write_parquet", real)
    code, _, err = cli(["run", "--resume", out])
    assert code == 0, err
    assert (out / "results.parquet").read_bytes() == reference


def test_damaged_shard_is_detected_and_played_again(tmp_path, reference):
    out = tmp_path / "run"
    interrupted_run(out)
    shard = sorted((out / "shards").glob("shard-*.rows.parquet"))[1]
    shard.write_bytes(shard.read_bytes()[:100])            # truncated behind our back
    code, _, err = cli(["run", "--resume", out])
    assert code == 0, err
    assert "shard 1 in" in err and "is damaged" in err
    assert (out / "results.parquet").read_bytes() == reference
    code, stdout, _ = cli(["run", "--resume", out])
    assert code == 0 and "already complete" in stdout


def test_corrupt_manifest_is_one_line(tmp_path):
    out = tmp_path / "run"
    interrupted_run(out)
    (out / "shards" / "manifest.json").write_text('{"format": 1, "conf')
    code, _, err = cli(["run", "--resume", out])
    assert code == 2 and "corrupt run manifest" in one_error_line(err)


def test_other_configuration_into_an_unfinished_run_is_refused(tmp_path):
    out = tmp_path / "run"
    interrupted_run(out)
    code, _, err = cli([*ARGS[:-2], "--seed", "6", "--out", out])
    assert code == 2 and "unfinished run of another configuration" in one_error_line(err)
    code, _, err = cli([*ARGS, "--out", out, "--threads", "1"])  # the same one simply resumes
    assert code == 0 and "resuming" in err


@pytest.mark.parametrize("args", [["toy"], ["-n", "5"], ["--seed", "3"], ["--aggregate"]])
def test_resume_refuses_configuration_options(tmp_path, args):
    out = tmp_path / "run"
    interrupted_run(out)
    code, _, err = cli(["run", "--resume", out, *args])
    assert code == 2 and "takes the configuration from the run directory" in one_error_line(err)


def test_resume_of_something_that_is_not_a_run(tmp_path):
    code, _, err = cli(["run", "--resume", tmp_path / "nothing"])
    assert code == 2 and "no such run directory" in one_error_line(err)
    code, _, err = cli(["run", "--resume", tmp_path])
    assert code == 2 and "not an unfinished run" in one_error_line(err)


def test_truncated_results_are_detected(tmp_path, reference):
    from sim.errors import UserError

    (tmp_path / "results.parquet").write_bytes(reference[: len(reference) // 2])
    with pytest.raises(UserError, match="not a readable results table"):
        read_results(tmp_path)
