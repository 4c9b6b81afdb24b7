"""The toy game `knob` (registered by tests/tune/conftest.py): effects known in closed form.

First-player advantage = 0.02 * (edge - 3) + 0.002 * (nudge - 5) - 0.02 * flip (every game has one winner
while cap_chance = 0); mean length = rounds + 1; dud and luck change nothing that is measured
but the score. knob.dud may not exceed knob.rounds - 8 (the game refuses such a content)."""
from pathlib import Path

import numpy as np

from sim.errors import UserError
from sim.game import Game
from tests.tune import knob_kernel as kernel


class KnobGame(Game):
    id = "knob"
    name = "Toy knobs (tune tests)"
    player_counts = (2, 3, 4)
    default_players = 4
    bots = ("random", "greedy")
    default_bots = "greedy"
    weight_names = ("greed",)
    max_turns = 40
    turn_unit = "round"
    turn_order = "the start player is drawn at random"
    content_file = Path(__file__).with_name("knob.toml")

    def compile(self, content, n_players):
        k = content["knob"]
        if k["dud"] > k["rounds"] - 8:     # a rule between two values, as Bastille's track has
            raise UserError(self.content_file.name, "knob.dud", f"at most rounds - 8 = {k['rounds'] - 8}, got {k['dud']}")
        return (float(k["edge"]), float(k["nudge"]), int(k["dud"]), int(k["rounds"]), float(k["cap_chance"]), bool(k["flip"]))

    def play(self, compiled, bots, weights, seed, game_index, rotation, out):
        kernel.play_batch(*compiled, bots, np.uint64(seed), np.ascontiguousarray(game_index, np.uint64),
                          np.ascontiguousarray(rotation, np.int64), out.score, out.rank, out.win, out.role,
                          out.secret_role, out.position, out.turns, out.end_reason, out.metrics, out.decisions)

    def trace(self, compiled, bots, weights, seed, game_index, rotation):
        return [f"knob game {game_index}"]


GAME = KnobGame()
