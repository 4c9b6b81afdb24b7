"""The Last Banquet's arc (issue 33): factions win as teams, so the arc is each faction's
score if the game ended now (sim/games/banquet/forward.py arc_point, arc_teams), after each
round's objective phase; every seat carries its faction's standing and the measures read a
faction as one contestant (analysis/arc.py). It ends at the final scores the run wrote."""
import polars as pl

from analysis.arc import ARC_FILE, Arcs, runaway
from tests.engine.helpers import cli


def test_scenario_1_arc_is_the_factions_and_ends_at_the_runs_scores(tmp_path):
    run = tmp_path / "run"
    code, out, err = cli(["run", "banquet", "--variant", "scenario1", "-p", "12", "-n", "20", "--seed", "5",
                          "--bots", "heuristic", "--arc", "--out", run])
    assert code == 0, err
    assert "checkpoints: round 1," in out and "the sole leader after round 1 wins" in out
    arc = pl.read_parquet(run / ARC_FILE)
    results = pl.read_parquet(run / "results.parquet")
    last = arc.filter(pl.col("checkpoint") == arc["checkpoint"].max()).join(
        results, on=["game_index", "rotation", "seat"])
    assert last.height == results.height == 240
    assert (last["standing"] == last["score"].cast(pl.Float64)).all()
    # the king's faction (team 0: king and queen at 12), two traitor factions of five
    sizes = arc.filter(pl.col("checkpoint") == 0, pl.col("game_index") == 0).group_by("team").len().sort("team")
    assert sizes["len"].to_list() == [2, 5, 5]
    # while the king lives his faction alone holds points (its survival point): in every game he
    # survived round 1 in, it is the sole leader there; read seat by seat, its two members would tie
    alive = arc.filter(pl.col("checkpoint") == 0, pl.col("live"))
    assert alive.filter(pl.col("standing") == pl.col("standing").max().over("game_index"))["team"].unique().to_list() == [0]
    assert runaway(Arcs.of(arc))["games"][0] == alive["game_index"].n_unique() > 0
    assert runaway(Arcs.of(arc.drop("team")))["games"][0] == 0
    # by role: the faction chance dealt, a faction read as one contestant (the king's leads alone and wins)
    assert set(arc["role"].unique().to_list()) == {"king", "rose", "tower"}
    assert "the sole leader after the first checkpoint wins, by role: king " in out


def test_scenario_6_stands_still_after_each_lap(tmp_path):
    run = tmp_path / "run"
    code, out, err = cli(["run", "banquet", "--variant", "scenario6", "-p", "8", "-n", "4", "--seed", "1",
                          "--bots", "heuristic", "--arc", "--out", run])
    assert code == 0, err
    assert "checkpoints: lap 1," in out
    arc = pl.read_parquet(run / ARC_FILE)
    assert arc["team"].unique().to_list() == [0]                  # everyone in one faction
