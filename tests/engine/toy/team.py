"""A toy team game registered only by the engine tests (see tests/engine/conftest.py):
factions, a secret role, a variant group whose choices allow different player counts, and a
co-operative mode that can be lost."""
from pathlib import Path

import numpy as np

from sim.game import Game
from tests.engine.toy import team_kernel as kernel


class TugGame(Game):
    id = "tug"
    name = "Toy tug of war (engine tests)"
    player_counts = tuple(range(2, 9))
    variant_players = {"versus": tuple(range(4, 9)), "coop": tuple(range(2, 7))}
    default_players = 7                 # a versus table; the co-operative mode allows 2-6, so it defaults to 2
    bots = ("random", "greedy")
    default_bots = "greedy"
    end_reasons = ("finished", "turn_cap", "lost")
    no_winner_reasons = ("turn_cap", "lost")
    cooperative_variants = ("coop",)
    faction_outcomes = True
    roles = ("red", "blue")
    secret_roles = ("captain", "crew")
    metrics = ("pushes", "slips")
    report_metrics = ("pushes", "slips")
    weight_names = ("push_threshold",)
    max_turns = 40
    turn_unit = "round"
    turn_order = "the start player is drawn at random after the sides are dealt"
    content_file = Path(__file__).with_name("team.toml")

    def compile(self, content, n_players):
        self.check_players(n_players, content.variants)
        t = content["tug"]
        return (int(t["rounds"]), int(t["faces"]), int(t["captain_factor"]), int(t["coop_target"]),
                float(t["cap_chance"]), "coop" in content.variants)

    def play(self, compiled, bots, weights, seed, game_index, rotation, out):
        kernel.play_batch(*compiled, float(weights[0]), bots, np.uint64(seed), game_index,
                          np.asarray(rotation, np.int64), out.score, out.rank, out.win, out.role,
                          out.secret_role, out.position, out.turns, out.end_reason, out.metrics, out.decisions)

    def trace(self, compiled, bots, weights, seed, game_index, rotation):
        return [f"tug game {game_index}"]


GAME = TugGame()
