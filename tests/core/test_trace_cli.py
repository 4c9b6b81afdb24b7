"""`balance trace --run DIR`: replays a game of a run with the run's configuration, picks
one with --where, and frames the trace with who started and the results rows, numbered
as in results.parquet."""
import re
import subprocess
import sys

import polars as pl
import pytest

from tests.engine.helpers import cli

SEED = 11


def balance(*args):
    """`balance ARGS` in this process (a start-up per call cost a second each): exit code,
    stdout, stderr; an uncaught exception fails the test with its traceback."""
    code, out, err = cli(list(args))
    return subprocess.CompletedProcess(args, code, out, err)


def balance_process(*args):
    """`balance ARGS` as its own process, the entry point a designer runs."""
    return subprocess.run([sys.executable, "-c", "from cli import main; main()", *map(str, args)],
                          capture_output=True, text=True, timeout=600)


def ok(*args) -> list[str]:
    r = balance(*args)
    assert r.returncode == 0, r.stderr
    return r.stdout.splitlines()


def one_line_error(*args) -> str:
    r = balance(*args)
    assert r.returncode == 2, r.stdout + r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in r.stderr
    return lines[0]


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("trace") / "run"
    ok("run", "bastille", "-n", 20, "-p", 4, "--bots", "random", "--seed", SEED, "--out", out)
    return out


@pytest.fixture(scope="module")
def rotated_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("trace") / "rotated"
    ok("run", "bastille", "-n", 6, "-p", 3, "--bots", "greedy,random,random", "--rotate-seats",
       "--seed", SEED, "--out", out)
    return out


def results(d) -> pl.DataFrame:
    return pl.read_parquet(d / "results.parquet")


def test_trace_of_a_run_is_the_trace_typed_out(run_dir):
    from_run = ok("trace", "--run", run_dir, "--game-index", 3)
    typed = ok("trace", "bastille", "--seed", SEED, "--game-index", 3, "-p", 4, "--bots", "random")
    assert from_run == typed
    assert from_run != ok("trace", "bastille", "--seed", SEED + 1, "--game-index", 3, "-p", 4, "--bots", "random")


def test_header_and_results_rows_match_results_parquet(run_dir):
    lines = ok("trace", "--run", run_dir, "--game-index", 3)
    rows = results(run_dir).filter(pl.col("game_index") == 3).sort("seat")
    first = rows.filter(pl.col("position") == 0)["seat"].item()
    order = rows.sort("position")["seat"].to_list()
    assert lines[0] == (f"game_index 3, rotation 0: seat {first} (random) starts; "
                        f"turn order {', '.join(map(str, order))}")
    # the start player places the first tile, and the trace names seats as results do
    assert next(x for x in lines if "places a" in x).startswith(f"seat {first} (random) places a")
    table = lines[lines.index("seat  position  bot     score  rank  win") + 1:]
    got = [x.split() for x in table]
    want = [[str(r["seat"]), str(r["position"]), r["bot"], str(r["score"]), str(r["rank"]), f"{r['win']:.4g}"]
            for r in rows.iter_rows(named=True)]
    assert got == want


@pytest.mark.parametrize("game_id, bots, marker", [
    ("pimpernel", "random", "takes the first-player marker"),
    ("doppelganger", "greedy", "-- turn 1: "),
])
def test_other_games_name_seats_as_results_do(tmp_path, game_id, bots, marker):
    out = tmp_path / game_id
    ok("run", game_id, "-n", 4, "-p", 4, "--bots", bots, "--seed", SEED, "--out", out)
    for i in (1, 2):
        lines = ok("trace", "--run", out, "--game-index", i)
        rows = results(out).filter(pl.col("game_index") == i)
        first = rows.filter(pl.col("position") == 0)["seat"].item()
        assert lines[0].startswith(f"game_index {i}, rotation 0: seat {first} ({bots}) starts")
        assert f"seat {first} ({bots})" in next(x for x in lines if marker in x)
        assert not any("Seat " in x for x in lines)
        winners = rows.filter(pl.col("win") > 0)["seat"].to_list()
        table = lines[next(j for j, x in enumerate(lines) if x.startswith("seat  position")) + 1:]
        assert [int(x.split()[0]) for x in table if float(x.split()[-1]) > 0] == sorted(winners)


def picked(lines: list[str]) -> tuple[int, int]:
    m = re.fullmatch(r"--where picked game_index=(\d+) rotation=(\d+) \(the first of \d+ matching games\)", lines[0])
    assert m, lines[0]
    return int(m[1]), int(m[2])


def test_where_picks_the_first_matching_game(run_dir):
    df = results(run_dir)
    for seat in range(4):
        wins = df.filter((pl.col("seat") == seat) & (pl.col("win") == 1.0))["game_index"].sort()
        if len(wins) == 0 or wins[0] == 0:
            continue
        lines = ok("trace", "--run", run_dir, "--where", f"seat={seat}", "--where", "win=1")
        assert picked(lines) == (wins[0], 0)
        assert lines[1:] == ok("trace", "--run", run_dir, "--game-index", wins[0])
        break
    else:
        pytest.fail("no seat first wins after game 0: pick another seed")
    # a game-level column and a string column; the tests hold on one seat's row
    lines = ok("trace", "--run", run_dir, "--where", "end_reason=finished", "--where", "rank=2",
               "--where", "seat=3")
    want = df.filter((pl.col("seat") == 3) & (pl.col("rank") == 2))["game_index"].min()
    assert picked(lines) == (want, 0)


def test_where_orders_by_game_then_rotation(rotated_dir):
    df = results(rotated_dir)
    hits = (df.filter((pl.col("seat") == 0) & (pl.col("bot") == "random") & (pl.col("rank") == 2))
            .sort("game_index", "rotation"))
    assert hits.height > 1 and hits["rotation"][0] > 0, "pick another seed"
    lines = ok("trace", "--run", rotated_dir, "--where", "seat=0", "--where", "bot=random", "--where", "rank=2")
    want = hits.row(0, named=True)
    assert picked(lines) == (want["game_index"], want["rotation"])
    assert lines[1].startswith(f"game_index {want['game_index']}, rotation {want['rotation']}: ")
    # rotation r puts the first bot (greedy) in seat r
    assert ok("trace", "--run", rotated_dir, "--game-index", 2, "--rotation", 1)[-2].split()[2] == "greedy"


def test_mismatched_options_exit_2(run_dir):
    r = balance_process("trace", "bastille", "--run", run_dir)
    assert r.returncode == 2 and r.stderr.startswith("error: ") and "drop GAME" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert "drop GAME" in one_line_error("trace", "bastille", "--run", run_dir)
    assert "drop --seed, --bots" in one_line_error("trace", "--run", run_dir, "--seed", 3, "--bots", "greedy")
    assert "drop --players, --variant, --set" in one_line_error(
        "trace", "--run", run_dir, "-p", 3, "--variant", "secret_mission", "--set", "setup.henchmen=3")
    assert "played games 0..19, got 20" in one_line_error("trace", "--run", run_dir, "--game-index", 20)
    assert "rotation 0 only" in one_line_error("trace", "--run", run_dir, "--rotation", 1)
    err = one_line_error("trace", "--run", run_dir, "--where", "nope=1")
    assert "unknown column" in err and "game_index" in err and "end_reason" in err
    assert "no game" in one_line_error("trace", "--run", run_dir, "--where", "end_reason=turn_cap")
    assert "number column" in one_line_error("trace", "--run", run_dir, "--where", "win=yes")
    assert "drop --game-index" in one_line_error("trace", "--run", run_dir, "--where", "win=1", "--game-index", 2)
    assert "--run" in one_line_error("trace", "bastille", "--where", "win=1")
    assert "run.json" in one_line_error("trace", "--run", run_dir / "missing")


def test_aggregate_runs_have_no_rows_to_pick_from(tmp_path):
    out = tmp_path / "agg"
    ok("run", "bastille", "-n", 4, "-p", 4, "--bots", "random", "--seed", SEED, "--aggregate", "--out", out)
    assert "no results.parquet" in one_line_error("trace", "--run", out, "--where", "win=1")
    assert ok("trace", "--run", out, "--game-index", 1) == ok(
        "trace", "bastille", "--seed", SEED, "--game-index", 1, "-p", 4, "--bots", "random")
