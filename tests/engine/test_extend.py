"""`balance run --extend DIR -n MORE`: a complete run plus MORE deals equals a run of the total
size, byte for byte (rows and aggregate mode, the old size a multiple of the shard size or
not); an interrupted extension leaves the old run intact (before its commit point) or a
resumable run of the total size (after it); bad input is one line and exit 2."""
import json
import signal
import time
from dataclasses import replace

import pytest

import sim.plan as plan
from sim.plan import RunConfig
from sim.runner import ExtensionInterrupted, execute, extend
from tests.engine.helpers import balance, cli, spawn

# Seat-rotated toy runs in shards of 50 deals: the cheapest configuration that has shards.
BASE = RunConfig(game="toy", players=3, bots=["greedy", "random", "greedy"], seed=7, rotate_seats=True,
                 shard_deals=50)
AGG_FILES = ("stats.parquet", "moments.parquet", "histograms.parquet")


def files_of(d, aggregate: bool) -> dict:
    return {f: (d / f).read_bytes() for f in (AGG_FILES if aggregate else ("results.parquet",))}


@pytest.mark.parametrize("aggregate", [False, True], ids=["rows", "aggregate"])
@pytest.mark.parametrize("n_old, more", [(130, 95), (100, 150), (30, 12), (130, 20)],
                         ids=["partial-to-partial", "multiple", "one-partial-shard", "partial-completed"])
def test_extended_run_equals_a_run_of_the_total_size(tmp_path, aggregate, n_old, more):
    cfg = replace(BASE, aggregate=aggregate)
    execute(replace(cfg, games=n_old + more), tmp_path / "ref")
    out = tmp_path / "run"
    execute(replace(cfg, games=n_old), out)
    old_meta = json.loads((out / "run.json").read_text())
    logged = []
    # Threads and batch size may differ from the original run: they do not change the results.
    o = extend(out, more, threads=1, batch_size=16, log=logged.append)
    assert files_of(out, aggregate) == files_of(tmp_path / "ref", aggregate)
    assert not (out / "shards").exists()
    meta = json.loads((out / "run.json").read_text())
    assert o.meta == meta
    assert meta["config"]["games"] == n_old + more
    assert meta["games_played"] == (n_old + more) * 3
    assert meta["mode"] == ("aggregate" if aggregate else "rows")
    assert [e["games"] for e in meta["extended_from"]] == [n_old]
    assert meta["extended_from"][0]["wall_seconds"] == old_meta["wall_seconds"]
    assert f"extending {out} from {n_old} to {n_old + more} deals" in logged


def test_extending_twice_records_both_earlier_sizes(tmp_path):
    execute(replace(BASE, games=161), tmp_path / "ref")
    out = tmp_path / "run"
    execute(replace(BASE, games=40), out)
    code, _, err = cli(["run", "--extend", out, "-n", "71", "--threads", "1"])
    assert code == 0, err
    code, stdout, err = cli(["run", "--extend", out, "-n", "50", "--batch-size", "7"])
    assert code == 0, err
    assert "483 games of Toy dice" in stdout and f"Results: {out}" in stdout
    assert (out / "results.parquet").read_bytes() == (tmp_path / "ref" / "results.parquet").read_bytes()
    assert [e["games"] for e in json.loads((out / "run.json").read_text())["extended_from"]] == [40, 111]


def unchanged(out, before: dict) -> bool:
    return {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()} == before and not (out / "shards").exists()


@pytest.mark.parametrize("aggregate", [False, True], ids=["rows", "aggregate"])
def test_interrupt_before_the_commit_point_leaves_the_old_run_as_it_was(tmp_path, monkeypatch, aggregate):
    out = tmp_path / "run"
    execute(replace(BASE, games=130, aggregate=aggregate), out)
    before = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}

    name = "play_shard" if aggregate else "play"
    original = getattr(plan.Prepared, name)

    def ctrl_c(self, first, *a):  # Ctrl-C while the old run's partial last shard is being completed
        if (first if aggregate else int(first[0])) == 130:
            raise KeyboardInterrupt
        return original(self, first, *a)

    monkeypatch.setattr(plan.Prepared, name, ctrl_c)
    with pytest.raises(ExtensionInterrupted, match="nothing was added"):
        extend(out, 95)
    assert unchanged(out, before)
    code, _, err = cli(["run", "--extend", out, "-n", "95"])
    assert code == 130
    assert err.strip() == f"interrupted: nothing was added; {out} still holds the complete run of 130 deals"
    assert unchanged(out, before)


def test_files_left_by_a_killed_preparation_are_ignored_then_replaced(tmp_path):
    execute(replace(BASE, games=225), tmp_path / "ref")
    out = tmp_path / "run"
    execute(replace(BASE, games=130), out)
    (out / "shards").mkdir()
    (out / "shards" / "shard-000000.rows.parquet").write_bytes(b"half a shard")   # no manifest: not committed
    code, stdout, _ = cli(["run", "--resume", out])
    assert code == 0 and "already complete" in stdout                             # still the old complete run
    extend(out, 95)
    assert (out / "results.parquet").read_bytes() == (tmp_path / "ref" / "results.parquet").read_bytes()


ARGS = ["toy", "-p", "3", "--bots", "greedy,random,greedy", "--rotate-seats", "--seed", "7", "--shard-deals", "50"]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGKILL], ids=["sigint", "sigkill"])
def test_interrupt_after_the_commit_point_leaves_a_resumable_run_of_the_total_size(tmp_path, sig):
    out = tmp_path / "run"
    execute(replace(BASE, games=3000), tmp_path / "ref")
    execute(replace(BASE, games=1020), out)   # 20 full shards and a partial one
    before = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    # One thread and tiny batches: slow enough to interrupt while the new shards are played.
    p = spawn(["run", "--extend", out, "-n", "1980", "--threads", "1", "--batch-size", "8"])
    shards = out / "shards"
    deadline = time.monotonic() + 120
    while not (shards / "manifest.json").exists() or len(list(shards.glob("shard-*.rows.parquet"))) < 24:
        assert p.poll() is None, p.stderr.read()
        assert time.monotonic() < deadline
        time.sleep(0.02)
    p.send_signal(sig)
    _, err = p.communicate(timeout=60)
    # The old run is still readable as it was (the merge has not replaced it) ...
    assert {n: (out / n).read_bytes() for n in before} == before
    if sig == signal.SIGINT:
        assert p.returncode == 130 and "Traceback" not in err
        assert f"resume with: balance run --resume {out}" in err, err
    else:
        assert p.returncode == -signal.SIGKILL
    # ... and the directory is an unfinished run of the total size.
    assert json.loads((shards / "manifest.json").read_text())["config"]["games"] == 3000
    r = balance(["run", "--resume", out])
    assert r.returncode == 0, r.stderr
    assert "shards already played" in r.stderr
    assert (out / "results.parquet").read_bytes() == (tmp_path / "ref" / "results.parquet").read_bytes()
    meta = json.loads((out / "run.json").read_text())
    assert meta["config"]["games"] == 3000 and [e["games"] for e in meta["extended_from"]] == [1020]
    assert not shards.exists()


@pytest.fixture(scope="module")
def complete(tmp_path_factory):
    out = tmp_path_factory.mktemp("complete") / "run"
    execute(replace(BASE, games=60), out)
    return out


@pytest.mark.parametrize("args, text", [
    (["-n", "0"], "-n: expected at least 1 deal to add with --extend, got 0"),
    ([], "--extend: needs -n MORE"),
    (["-n", "5", "--seed", "3"], "drop --seed (only -n, --threads, --engine, --address and --batch-size"),
    (["-n", "5", "-p", "4", "--bots", "random"], "drop --players, --bots"),
    (["-n", "5", "--variant", "long"], "drop --variant"),
    (["-n", "5", "--set", "dice.faces=5"], "drop --set"),
    (["-n", "5", "--rotate-seats"], "drop --rotate-seats"),
    (["-n", "5", "--aggregate"], "drop --aggregate"),
    (["-n", "5", "--content", "x.toml"], "drop --content"),
    (["-n", "5", "--shard-deals", "10"], "drop --shard-deals"),
    (["toy", "-n", "5"], "drop GAME"),
])
def test_options_that_change_what_is_played_are_refused(complete, args, text):
    before = (complete / "results.parquet").read_bytes()
    code, _, err = cli(["run", "--extend", complete, *args])
    assert code == 2 and len(err.strip().splitlines()) == 1 and err.startswith("error: "), err
    assert text in err
    assert (complete / "results.parquet").read_bytes() == before


def test_directories_that_are_not_a_complete_run_are_refused(tmp_path, complete):
    unfinished = tmp_path / "unfinished"
    (unfinished / "shards").mkdir(parents=True)
    (unfinished / "shards" / "manifest.json").write_text('{"format": 1, "config": {}, "shards": []}')
    (tmp_path / "empty").mkdir()
    for d, text in [(tmp_path / "missing", "no such run directory"),
                    (tmp_path / "empty", "not a complete run (no run.json)"),
                    (unfinished, f"holds an unfinished run: finish it with `balance run --resume {unfinished}`")]:
        code, _, err = cli(["run", "--extend", d, "-n", "5"])
        assert code == 2 and len(err.strip().splitlines()) == 1 and text in err, err


def test_a_changed_content_file_is_refused(tmp_path):
    content = tmp_path / "toy.toml"
    content.write_text((plan.get_game("toy").content_file).read_text())
    out = tmp_path / "run"
    execute(replace(BASE, games=20, content_path=str(content)), out)
    content.write_text(content.read_text().replace("faces = 6", "faces = 5"))
    code, _, err = cli(["run", "--extend", out, "-n", "5"])
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert f"error: {content}: the content changed since the run in {out}" in err
    assert json.loads((out / "run.json").read_text())["config"]["games"] == 20


def test_a_run_written_by_another_version_of_the_results_contract_is_refused(tmp_path):
    import polars as pl

    out = tmp_path / "run"
    execute(replace(BASE, games=20), out)
    path = out / "results.parquet"
    pl.read_parquet(path).drop("toy_rerolls").write_parquet(path)   # as if made before a column was added
    code, _, err = cli(["run", "--extend", out, "-n", "5"])
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert "the run's tables have other columns than this version writes" in err
    assert not (out / "shards").exists()
