"""One set of checks that every registered game must pass (Pgx-style api test):
the results contract, finished games, ranks and wins consistent, declared facts sane."""
import polars as pl
import pytest

from sim.registry import GAME_MODULES, get_game
from sim.runner import RunConfig, run

SCHEMA = {
    "game_index": pl.UInt64, "rotation": pl.UInt8, "seed": pl.UInt64, "game": pl.String,
    "variant": pl.String, "n_players": pl.UInt8, "seat": pl.UInt8, "bot": pl.String,
    "role": pl.String, "score": pl.Int32, "rank": pl.UInt8, "win": pl.Float32,
    "turns": pl.UInt32, "end_reason": pl.String,
}


# The shipped games only (engine tests register a toy game of their own).
SHIPPED = [g for g, module in GAME_MODULES.items() if module.startswith("sim.games.")]


@pytest.fixture(scope="module", params=SHIPPED)
def played(request, tmp_path_factory):
    game = get_game(request.param)
    n = game.players_or_default(None)
    cfg = RunConfig(game=game.id, players=n, bots=["random"] if "random" in game.bots else [game.default_bots],
                    games=60, seed=11, rotate_seats=True, batch_size=50)
    out = tmp_path_factory.mktemp(game.id)
    df, meta = run(cfg, out)
    return game, cfg, df, meta, out


def test_declared_facts(played):
    game = played[0]
    assert game.id and game.name and game.player_counts and game.max_turns > 0
    assert {"random", "greedy", "rollout"} <= set(game.bots) and len(game.bots) >= 4
    assert "turn_cap" in game.end_reasons and game.content_file.is_file()
    assert len(game.weights(game.content())) == len(game.weight_names)


def test_results_follow_the_contract(played):
    game, cfg, df, meta, out = played
    for col, dtype in SCHEMA.items():
        assert df.schema[col] == dtype, col
    assert [c for c in df.columns if c not in SCHEMA] == [f"{game.id}_{m}" for m in game.metrics]
    assert df.height == cfg.games * cfg.players * cfg.players
    assert (out / "results.parquet").is_file() and (out / "run.json").is_file()
    assert meta["games_played"] == cfg.games * cfg.players
    assert pl.read_parquet(out / "results.parquet").equals(df)


def test_every_game_has_a_winner_and_ranks_agree(played):
    game, cfg, df, *_ = played
    per_game = df.group_by("game_index", "rotation").agg(
        pl.col("win").max().alias("top"), pl.col("rank").min().alias("best"),
        pl.len().alias("seats"))
    assert (per_game["top"] > 0).all() and (per_game["best"] == 1).all()
    assert (per_game["seats"] == cfg.players).all()
    assert df.filter(pl.col("win") > 0)["rank"].max() == 1 or game.roles
    assert df["rank"].max() <= cfg.players


def test_games_end_with_a_declared_reason_within_the_cap(played):
    game, _, df, *_ = played
    assert set(df["end_reason"].unique()) <= set(game.end_reasons)
    assert df["turns"].max() <= game.max_turns


def test_rotations_replay_the_same_deal_with_bots_moved(played):
    _, cfg, df, *_ = played
    rot = df.filter(pl.col("game_index") == 0).sort("rotation", "seat")
    assert rot["rotation"].unique().to_list() == list(range(cfg.players))
