"""`balance train` (issue 31) on Bastille at 3 players, a handful of deals and trials (here in
tests/bastille: it shares the worker that compiles Bastille): the same seed gives the same study,
an interrupted study resumed gives the one-run result, the Python call prints what the command
prints, the tuned content loads with --content, the candidate's weights play only its own seat,
and bad input is one line and exit 2."""
import json
import os

import numpy as np
import polars as pl
import pytest

from analysis.studies.player import STOP_ENV
from sim.games.bastille import GAME
from tests.engine.helpers import cli

ARGS = ["bastille", "-p", "3", "-n", "3", "--trials", "4", "--confirm", "2", "--seed", "5",
        "--only", "heuristic_coin,heuristic_card,heuristic_mission"]


def train_cli(out, *extra):
    code, stdout, err = cli(["train", *ARGS, "--out", out, *extra])
    assert code == 0, err
    return stdout


def frames(out) -> tuple[pl.DataFrame, pl.DataFrame]:
    return pl.read_parquet(out / "trials.parquet"), pl.read_parquet(out / "confirmation.parquet")


@pytest.fixture(scope="module")
def once(tmp_path_factory):
    out = tmp_path_factory.mktemp("train") / "a"
    return out, train_cli(out)


def test_same_seed_same_study_and_python_prints_what_the_command_prints(once, tmp_path):
    from analysis.studies.train import train
    from cli.train import format_train

    out, stdout = once
    r = train("bastille", players=3, n_games=3, trials=4, confirm_deals=2, seed=5,
              only="heuristic_coin,heuristic_card,heuristic_mission", out_dir=tmp_path / "b")
    trials, conf = frames(out)
    assert r.trials.equals(trials) and r.confirmation.equals(conf)
    assert format_train(r).replace(str(tmp_path / "b"), str(out)).splitlines()[:-1] == stdout.splitlines()[:-1]
    assert trials.height == 4 and trials["deals"][0] == 3 and trials["games"][0] == 9
    assert trials["share"][0] == pytest.approx(1 / 3)       # the shipped weights against themselves: fair
    shipped = GAME.content()
    assert [trials[f"param:heuristic_{k}"][0] for k in ("coin", "card", "mission")] == [
        shipped.get(f"bots.heuristic_{k}") for k in ("coin", "card", "mission")]
    assert trials["best_so_far"].is_sorted()


def test_resume_gives_the_result_of_one_run(once, tmp_path):
    out, _ = once
    part = tmp_path / "r"
    os.environ[STOP_ENV] = "2"
    try:
        code, _, err = cli(["train", *ARGS, "--out", part])
    finally:
        del os.environ[STOP_ENV]
    assert code == 130 and "--resume" in err
    assert len(list((part / "shards").glob("*.parquet"))) == 2
    code, _, err = cli(["train", "--resume", part])
    assert code == 0, err
    a, b = frames(out), frames(part)
    assert a[0].equals(b[0]) and a[1].equals(b[1])


def test_tuned_content_loads_with_content_and_matches_the_set_line(once, tmp_path):
    from sim.registry import get_game

    out, stdout = once
    summary = json.loads((out / "train.json").read_text())["summary"]
    game = get_game("bastille")
    tuned = game.content((), (), out / "tuned.toml")
    by_set = game.content((), tuple(s.removeprefix("--set ").strip() for s in
                                    summary["set_line"].split("--set ") if s.strip()))
    assert np.array_equal(game.weights(tuned), game.weights(by_set))
    for k, v in summary["best"].items():
        assert tuned.get(f"bots.{k}") == v
    assert summary["set_line"] in stdout
    code, _, err = cli(["run", "bastille", "-n", "2", "-p", "3", "--content", out / "tuned.toml",
                        "--out", tmp_path / "run"])
    assert code == 0, err


def test_the_candidate_plays_only_its_own_seat(tmp_path):
    """A candidate with the heuristic's placement values at zero in one seat: were its weights
    played in every seat, every deal's rotations would be one symmetric game and its share
    exactly fair (1/3); in its own seat against the shipped field it loses."""
    from analysis.studies.train import SeatTable, new_plan
    from analysis.studies.player import base_config
    from sim.registry import get_game

    game = get_game("bastille")
    base = base_config("bastille", 3, "heuristic", "base", (), None, 7, True, 1, "local", None)
    plan = new_plan(game, base, "heuristic", 4, 1, "heuristic_*", 1.0, "heuristic", None, None, "cmaes")
    table = SeatTable(game, base, plan)
    weak = table.weights_of({d["key"]: 0.0 for d in plan["dims"]})
    games = table.ladder(weak, 0, 4, lambda n: None)
    assert games.height == 12
    assert games["win"].mean() < 1 / 3 - 0.1


def test_the_field_alone_is_the_kernels_game():
    """The shipped weights in every seat, played decision by decision through the hooks, are the
    games play_batch plays (the same wins deal by deal)."""
    from analysis.studies.train import SeatTable, new_plan
    from analysis.studies.player import base_config
    from sim.game import Batch
    from sim.registry import get_game

    game = get_game("bastille")
    base = base_config("bastille", 3, "heuristic", "base", (), None, 3, True, 1, "local", None)
    plan = new_plan(game, base, "heuristic", 3, 1, "heuristic_coin,heuristic_card", 1.0, "heuristic", None, None,
                    "cmaes")
    table = SeatTable(game, base, plan)
    games = table.ladder(table.shipped, 0, 3, lambda n: None)
    out = Batch.alloc(3, 3, len(game.metrics))
    game.play(table.compiled, table.codes[0], table.shipped, 3, np.arange(3, dtype=np.uint64),
              np.zeros(3, np.int64), out)
    mine = games.sort("game_index", "rotation")["win"].to_numpy().reshape(3, 3)
    assert np.array_equal(mine, out.win[:, :3].astype(np.float64))


@pytest.mark.parametrize("args, words", [
    (["nosuchgame"], "nosuchgame"),
    (["bastille", "--bot", "nobody"], "unknown bot"),
    (["bastille", "--bot", "random"], "no weights"),
    (["bastille", "--only", "heuristic_nothing*"], "matches none"),
    (["bastille", "--field", "heuristic,ghost"], "unknown bot"),
    (["bastille", "--search-budget", "4"], "search"),
    (["bastille", "-p", "9"], "players"),
    (["bastille", "--only", "heuristic_card"], "use --sampler tpe"),
    (["bastille", "--faction"], "has no factions"),
])
def test_bad_input_is_one_line_and_exit_2(args, words, tmp_path):
    code, stdout, err = cli(["train", *args, "--out", tmp_path / "x"])
    assert code == 2, (stdout, err)
    assert words in err and len(err.strip().splitlines()) == 1


def test_report_shows_the_training(once, tmp_path):
    out, _ = once
    code, _, err = cli(["report", out, "--out", tmp_path / "rep"])
    assert code == 0, err
    md = (tmp_path / "rep" / "summary.md").read_text()
    assert "Train" in md and "Confirmation" in md and "tuned - shipped" in md
    assert list((tmp_path / "rep").rglob("train_*.png"))


def test_bastille_candidate_seat_is_the_kernels_game_with_the_candidate_as_greedy():
    """An independent route to the same games: Bastille's greedy is its heuristic reading the
    greedy_* block of the weights (kernels/bastille/values.py weight_base), so play_batch with
    greedy in the candidate's seat and greedy_* = the candidate's heuristic_* plays, deal by deal
    and seat by seat, the games the seat table plays through the hooks."""
    from analysis.studies.train import SeatTable, new_plan
    from analysis.studies.player import base_config
    from sim.game import Batch
    from sim.registry import get_game

    game = get_game("bastille")
    base = base_config("bastille", 3, "heuristic", "base", (), None, 11, True, 1, "local", None)
    plan = new_plan(game, base, "heuristic", 3, 1, "heuristic_*", 1.0, "heuristic", None, None, "cmaes")
    table = SeatTable(game, base, plan)
    cand = table.weights_of({"heuristic_card": 5.0, "heuristic_coin": 0.1, "heuristic_mission": 1.0})
    games = table.ladder(cand, 0, 3, lambda n: None).sort("game_index", "rotation")
    names = list(game.weight_names)
    w = table.shipped.copy()
    for i, k in enumerate(names):
        if k.startswith("greedy_"):
            w[i] = cand[names.index("heuristic_" + k.removeprefix("greedy_"))]
    out = Batch.alloc(9, 3, len(game.metrics))
    gi = np.repeat(np.arange(3, dtype=np.uint64), 3)
    rot = np.tile(np.arange(3, dtype=np.int64), 3)
    game.play(table.compiled, game.bot_codes(["greedy", "heuristic", "heuristic"], 3), w, 11, gi, rot, out)
    kernel = out.win[np.arange(9), rot].astype(np.float64)
    assert np.array_equal(games["win"].to_numpy(), kernel)
    assert not np.array_equal(kernel, np.full(9, 1 / 3))


def test_tpe_tunes_a_single_weight(tmp_path):
    code, stdout, err = cli(["train", "bastille", "-p", "3", "-n", "2", "--trials", "3", "--confirm", "1",
                             "--only", "bots.heuristic_card", "--sampler", "tpe", "--out", tmp_path / "t"])
    assert code == 0, err
    trials = pl.read_parquet(tmp_path / "t" / "trials.parquet")
    card = GAME.content().get("bots.heuristic_card")         # the shipped value, searched within +-1x its size
    assert trials.columns[:2] == ["trial", "param:heuristic_card"] and trials["param:heuristic_card"][0] == card
    assert trials["param:heuristic_card"].min() >= 0.0 and trials["param:heuristic_card"].max() <= 2 * card
