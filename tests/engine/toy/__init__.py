"""A toy game registered only by the engine tests (see tests/engine/conftest.py)."""
from pathlib import Path

import numpy as np

from sim.game import Game
from tests.engine.toy import kernel


class ToyGame(Game):
    id = "toy"
    name = "Toy dice (engine tests)"
    player_counts = (2, 3, 4)
    default_players = 3
    bots = ("random", "greedy")
    default_bots = "greedy"
    roles = ("odd", "even")
    metrics = ("rerolls",)
    weight_names = ("greedy_threshold",)
    max_turns = 40
    turn_unit = "round"
    turn_order = "the start player is drawn at random after the deal"
    content_file = Path(__file__).with_name("content.toml")

    def compile(self, content, n_players):
        d = content["dice"]
        return (int(d["faces"]), int(d["rounds"]), float(d["cap_chance"]))

    def play(self, compiled, bots, weights, seed, game_index, rotation, out):
        faces, rounds, cap = compiled
        kernel.play_batch(faces, rounds, cap, float(weights[0]), bots, np.uint64(seed),
                          game_index, rotation, out.score, out.rank, out.win, out.role,
                          out.secret_role, out.position, out.turns, out.end_reason, out.metrics, out.decisions)

    def deal(self, compiled, seed, game_index, n_players):
        faces, rounds, _ = compiled
        return kernel.deal(faces, rounds, n_players, np.uint64(seed), game_index)

    def trace(self, compiled, bots, weights, seed, game_index, rotation):
        return [f"toy game {game_index}"]


GAME = ToyGame()
