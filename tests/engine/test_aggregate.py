"""--aggregate: the sufficient statistics give the same numbers as the per-game rows."""
from dataclasses import replace

import polars as pl
import pytest
from polars.testing import assert_frame_equal

from analysis import aggregate
from sim import stats as engine_stats
from analysis.intervals import wilson
from analysis.suffstats import load_stats, sufficient_stats
from sim.registry import get_game
from sim.plan import RunConfig
from sim.runner import execute
from tests.engine.helpers import games


def both_ways(tmp_path, cfg):
    rows = execute(cfg, tmp_path / "rows")
    agg = execute(replace(cfg, aggregate=True), tmp_path / "agg")
    df = pl.read_parquet(tmp_path / "rows" / "results.parquet")
    stats, hist = engine_stats.read_stats(tmp_path / "agg")
    return df, stats, hist, rows, agg


def config(game_id: str, games_: int = 300) -> RunConfig:
    g = get_game(game_id)
    return RunConfig(game=game_id, players=g.players_or_default(None), bots=[g.default_bots],
                     games=games_, seed=3, rotate_seats=True, shard_deals=70)


@pytest.mark.parametrize("game_id", games())
def test_aggregate_equals_statistics_of_the_rows(tmp_path, game_id):
    df, stats, hist, rows, agg = both_ways(tmp_path, config(game_id))
    want_stats, want_hist = engine_stats.reduce_rows(df, get_game(game_id).end_reasons)
    ints = [c for c in stats.columns if c not in engine_stats.KEYS and stats[c].dtype.is_integer()]
    assert "games" in ints and "score_sum" in ints and "turns_sumsq" in ints
    assert_frame_equal(stats.select(engine_stats.KEYS + ints), want_stats.select(engine_stats.KEYS + ints))
    assert_frame_equal(stats, want_stats, check_exact=False, rel_tol=1e-12)
    assert_frame_equal(hist, want_hist)
    assert int(stats["games"].sum()) == df.height
    # the summary printed at the end is the same in both modes
    assert_frame_equal(rows.stats, agg.stats)
    # and the histograms compare/report/check read equal those of the rows, exactly
    assert_frame_equal(load_stats(tmp_path / "agg"), sufficient_stats(df))


def win_table_from_rows(df: pl.DataFrame, by: str) -> pl.DataFrame:
    """The reference: win rates straight from the per-game rows."""
    t = (df.group_by(by).agg(pl.len().alias("games"), pl.col("win").cast(pl.Float64).sum().alias("wins"),
                             pl.col("score").mean().alias("mean_score"), pl.col("turns").mean().alias("mean_turns"))
         .sort(by))
    lo, hi = wilson(t["wins"].to_numpy(), t["games"].to_numpy())
    return t.with_columns((pl.col("wins") / pl.col("games")).alias("win_rate"), pl.Series("ci_low", lo),
                          pl.Series("ci_high", hi))


def test_tables_from_statistics_equal_tables_from_rows(tmp_path):
    cfg = replace(config("toy", 2000), bots=["greedy", "random", "greedy"])
    df, stats, hist, _, _ = both_ways(tmp_path, cfg)
    for by in ("position", "seat", "bot", "role"):
        got = aggregate.win_table(stats.drop_nulls("role") if by == "role" else stats, by)
        want = win_table_from_rows(df.drop_nulls("role") if by == "role" else df, by)
        assert_frame_equal(got, want, check_exact=False, rel_tol=1e-12, check_dtypes=False)
    d = aggregate.describe(stats, "bot", "score")
    want = df.group_by("bot").agg(pl.col("score").mean().alias("m"), pl.col("score").std().alias("sd")).sort("bot")
    assert d["mean_score"].to_list() == pytest.approx(want["m"].to_list(), rel=1e-12)
    assert d["sd_score"].to_list() == pytest.approx(want["sd"].to_list(), rel=1e-9)
    q = aggregate.quantile(hist, "score", 0.5, by="seat")
    want_q = df.group_by("seat").agg(pl.col("score").quantile(0.5, "lower")).sort("seat")
    assert q["q0.5_score"].to_list() == [float(v) for v in want_q["score"].to_list()]
    ends = df.filter(pl.col("seat") == 0).group_by("end_reason").len()
    assert aggregate.end_reason_counts(stats) == {**{r: 0 for r in get_game("toy").end_reasons},
                                                  **dict(ends.iter_rows())}
    assert aggregate.end_reason_counts(stats)["turn_cap"] > 0   # both reasons really occur


def test_merge_is_exact_whatever_the_partition(tmp_path):
    df, _, _, _, _ = both_ways(tmp_path, config("toy", 900))
    whole = engine_stats.reduce_rows(df)
    for size in (37, 350, 5000):
        parts = [engine_stats.reduce_rows(df.slice(a, size)) for a in range(0, df.height, size)]
        merged = engine_stats.merge(parts)
        ints = [c for c in whole[0].columns if whole[0][c].dtype.is_integer()]
        assert_frame_equal(merged[0].select(ints), whole[0].select(ints))
        assert_frame_equal(merged[0], whole[0], check_exact=False, rel_tol=1e-12)
        assert_frame_equal(merged[1], whole[1])


def test_reading_a_partial_aggregate_directory_says_resume(tmp_path):
    from sim.errors import UserError

    (tmp_path / "shards").mkdir()
    (tmp_path / "shards" / "manifest.json").write_text("{}")
    with pytest.raises(UserError, match="resume it with"):
        engine_stats.read_stats(tmp_path)
    (tmp_path / "moments.parquet").write_bytes(b"PAR1 truncated")
    (tmp_path / "histograms.parquet").write_bytes(b"PAR1 truncated")
    with pytest.raises(UserError, match="not a readable statistics table"):
        engine_stats.read_stats(tmp_path)
