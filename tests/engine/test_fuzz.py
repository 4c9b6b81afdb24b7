"""Fuzz `balance run` for every registered game: any mix of content overrides and CLI
arguments either runs correctly or is rejected with one line and exit code 2."""
import shutil
import tempfile
from pathlib import Path

import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sim.registry import get_game
from tests.engine.helpers import cli, games

CODES: list[int] = []
# Flat Monte Carlo and tree search bots cost about a second a game: their own tests cover them.
SLOW_BOTS = ("rollout", "search")
JUNK = ["", " ", "nope", "-1", "1e309", "nan", "[1, 2]", "true", "{a = 1}", "é", "=", "0x10", "3.5"]


def fast_bots(game) -> list[str]:
    return [b for b in game.bots if b not in SLOW_BOTS]


def set_values(game_id: str, valid: bool = False):
    """--set KEY=VALUE items: known keys with values in, at the edge of and outside their
    range, unknown keys, and malformed items."""
    params = get_game(game_id).content().params()
    keys = [k for k, _, _ in params]

    @st.composite
    def one(draw):
        kind = draw(st.sampled_from(["in", "edge"] if valid else ["in", "edge", "out", "junk", "badkey", "noeq"]))
        if kind == "noeq":
            return draw(st.sampled_from(keys + ["x"]))
        if kind == "badkey":
            return draw(st.sampled_from(["nope", "bots", "ranges.x", f"{keys[0]}.9", "", "a..b"])) + "=1"
        key, value, rng = draw(st.sampled_from(params))
        lo, hi = (rng or [0, 1])
        if kind == "junk":
            v = draw(st.sampled_from(JUNK))
        elif kind == "edge":
            v = draw(st.sampled_from([lo, hi]))
        elif kind == "out":
            v = draw(st.sampled_from([lo - 1, hi + 1, -(10 ** 12), 10 ** 12]))
        elif isinstance(value, int) and not isinstance(value, bool):
            v = draw(st.integers(int(lo), int(hi)))
        else:
            v = draw(st.floats(float(lo), float(hi), allow_nan=False))
        return f"{key}={v}"

    return one()


def arguments(game_id: str):
    g = get_game(game_id)
    bot_names = st.sampled_from([*fast_bots(g), "nobody", ""])
    opt = lambda flag, strat: st.one_of(st.just([]), strat.map(lambda v: [flag, str(v)]))  # noqa: E731
    return st.tuples(
        st.sampled_from([game_id, game_id, game_id, "nogame"]).map(lambda x: [x]),
        # always a small (or absurd) -n: the default, 10,000 deals, is a real run, not a fuzz case
        st.one_of(st.integers(-2, 12), st.sampled_from([2 ** 62, 2 ** 70])).map(lambda v: ["-n", str(v)]),
        opt("-p", st.one_of(st.sampled_from(g.player_counts), st.integers(-1, 30))),
        opt("--bots", st.lists(bot_names, min_size=1, max_size=7).map(",".join)),
        opt("--variant", st.sampled_from([*g.variants(), "nope", "base,base", ""])),
        st.lists(set_values(game_id), max_size=3).map(lambda xs: [a for x in xs for a in ("--set", x)]),
        opt("--seed", st.one_of(st.integers(-3, 3), st.just(2 ** 64), st.integers(0, 2 ** 64 - 1))),
        opt("--threads", st.integers(-1, 3)),
        opt("--batch-size", st.integers(-1, 9)),
        opt("--shard-deals", st.integers(-1, 5)),
        st.sampled_from([[], ["--rotate-seats"]]),
        st.sampled_from([[], ["--aggregate"]]),
        st.sampled_from([[], [], ["--bogus"], ["--engine", "warp"], ["--address", "x:1"], ["-n"],
                         ["--content", "/nonexistent.toml"]]),
    ).map(lambda parts: [a for p in parts for a in p])


def valid_arguments(game_id: str):
    """Arguments that must run: each within what the game and the CLI accept."""
    import numba

    g = get_game(game_id)

    @st.composite
    def args(draw):
        variant = draw(st.sampled_from(g.variants()))
        n = draw(st.sampled_from(g.allowed_players([variant])))      # the counts this variant allows
        bots = draw(st.one_of(st.sampled_from(fast_bots(g)).map(lambda b: [b]),
                              st.lists(st.sampled_from(fast_bots(g)), min_size=n, max_size=n)))
        out = [game_id, "-n", str(draw(st.integers(1, 6))), "-p", str(n), "--bots", ",".join(bots),
               "--variant", variant,
               "--seed", str(draw(st.integers(0, 2 ** 64 - 1))),
               "--threads", str(draw(st.integers(0, numba.config.NUMBA_NUM_THREADS))),
               "--batch-size", str(draw(st.integers(1, 9))), "--shard-deals", str(draw(st.integers(1, 5)))]
        for item in draw(st.lists(set_values(game_id, valid=True), max_size=3)):
            out += ["--set", item]
        return out + draw(st.sampled_from([[], ["--rotate-seats"]])) + draw(st.sampled_from([[], ["--aggregate"]]))

    return args()


def check(args: list[str]) -> None:
    out = Path(tempfile.mkdtemp(prefix="fuzz-"))
    try:
        code, stdout, err = cli(["run", *args, "--out", out / "run"])
        assert "Traceback" not in err + stdout
        CODES.append(code)
        if code == 2:
            lines = [ln for ln in err.splitlines() if ln.strip()]
            assert len(lines) == 1 and lines[0].startswith("error: "), err
            assert not (out / "run" / "run.json").exists()
            return
        assert code == 0, (code, err)
        meta = (out / "run" / "run.json")
        assert meta.is_file()
        cfg = __import__("json").loads(meta.read_text())["config"]
        expect = cfg["games"] * cfg["players"] * (cfg["players"] if cfg["rotate_seats"] else 1)
        if cfg["aggregate"]:
            stats = pl.read_parquet(out / "run" / "moments.parquet")
            assert int(stats["games"].sum()) == expect
        else:
            df = pl.read_parquet(out / "run" / "results.parquet")
            assert df.height == expect
            assert df["rank"].min() >= 1 and df["win"].min() >= 0
        assert not (out / "run" / "shards").exists()
    finally:
        shutil.rmtree(out, ignore_errors=True)


@pytest.mark.parametrize("game_id", games())
def test_any_run_arguments_run_or_are_rejected_in_one_line(game_id):
    @settings(max_examples=30, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.one_of(valid_arguments(game_id), arguments(game_id)))
    def fuzz(args):
        check(args)

    CODES.clear()
    fuzz()
    assert CODES.count(0) >= 4 and CODES.count(2) >= 4   # both outcomes really exercised
