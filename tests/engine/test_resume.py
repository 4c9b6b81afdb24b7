"""A run killed mid-way (SIGINT, SIGKILL) and resumed equals the uninterrupted run, byte for byte."""
import signal
import time

import pytest

from tests.engine.helpers import balance, spawn

# Many small shards, one thread, small batches: slow enough to interrupt mid-way.
ARGS = ["toy", "-n", "3000", "-p", "3", "--bots", "greedy,random,greedy", "--rotate-seats",
        "--seed", "7", "--shard-deals", "50", "--threads", "1", "--batch-size", "8"]


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    out = tmp_path_factory.mktemp("ref")
    # Different threads and batch size from ARGS: these must not change the results.
    r = balance(["run", *ARGS[:-4], "--threads", "0", "--batch-size", "4096", "--out", out])
    assert r.returncode == 0, r.stderr
    return (out / "results.parquet").read_bytes()


def interrupt(out, sig) -> tuple[int, str]:
    p = spawn(["run", *ARGS, "--out", out])
    shards = out / "shards"
    deadline = time.monotonic() + 120
    while len(list(shards.glob("shard-*.rows.parquet"))) < 3:
        assert p.poll() is None, p.stderr.read()
        assert time.monotonic() < deadline
        time.sleep(0.05)
    p.send_signal(sig)
    _, err = p.communicate(timeout=60)
    return p.returncode, err


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGKILL], ids=["sigint", "sigkill"])
def test_resume_after_kill_equals_uninterrupted(tmp_path, reference, sig):
    out = tmp_path / "run"
    code, err = interrupt(out, sig)
    assert not (out / "results.parquet").exists()          # it really stopped mid-way
    saved = sorted((out / "shards").glob("shard-*.rows.parquet"))
    assert 3 <= len(saved) < 120
    if sig == signal.SIGINT:
        assert code == 130
        assert f"resume with: balance run --resume {out}" in err, err
        assert "Traceback" not in err
        assert not list((out / "shards").glob(".*.tmp"))   # no partial shard left behind
    else:
        assert code == -signal.SIGKILL
    r = balance(["run", "--resume", out])
    assert r.returncode == 0, r.stderr
    assert "shards already played" in r.stderr
    assert (out / "results.parquet").read_bytes() == reference
    assert not (out / "shards").exists()
