"""The toy game `lean` (registered by tests/studies/conftest.py), played in NumPy (nothing to
compile): the start player wins with chance 1/n plus the lean of the bot in the start seat, the
others share the rest. Each bot's lean is a content value, so a test sets a seat advantage that
one strong bot reverses (the verdict depends on the bot) or that every strong bot keeps (holds)."""
from pathlib import Path

import numpy as np

from sim.game import Game, seat_bots


def draws(seed: int, game_index: np.ndarray, k: int) -> np.ndarray:
    """k uniforms per game from (seed, game index) alone (SplitMix64 in wrapping uint64), so the
    deal of game i is the same whatever the bots, the batch or the shard."""
    x = (np.asarray(game_index, np.uint64)[:, None] * np.uint64(k) + np.arange(k, dtype=np.uint64)[None, :]
         + np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15))
    x = x + np.uint64(0x9E3779B97F4A7C15)
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    x = x ^ (x >> np.uint64(31))
    return (x >> np.uint64(11)).astype(np.float64) / float(1 << 53)


class LeanGame(Game):
    id = "lean"
    name = "Toy lean (robust verdict tests)"
    player_counts = (3, 4)
    default_players = 4
    bots = ("random", "heuristic", "rollout")
    default_bots = "heuristic"
    weight_names = ("rollout_playouts",)
    max_turns = 10
    turn_unit = "round"
    turn_order = "the start player is drawn at random"
    content_file = Path(__file__).with_name("lean.toml")

    def compile(self, content, n_players):
        lean = content["lean"]
        return np.array([0.0, float(lean["heuristic"]), float(lean["rollout"])])

    def play(self, compiled, bots, weights, seed, game_index, rotation, out):
        n = out.score.shape[1]
        u = draws(seed, game_index, 3)
        start = np.minimum((u[:, 0] * n).astype(np.int64), n - 1)
        other = np.minimum((u[:, 2] * (n - 1)).astype(np.int64), n - 2)
        sb = seat_bots(np.asarray(bots), np.asarray(rotation))
        lean = compiled[sb[np.arange(len(start)), start]]
        winner = np.where(u[:, 1] < 1.0 / n + lean, start, (start + 1 + other) % n)
        seats = np.arange(n)[None, :]
        won = seats == winner[:, None]
        out.win[:] = won
        out.score[:] = won
        out.rank[:] = np.where(won, 1, 2)
        out.position[:] = (seats - start[:, None]) % n
        out.turns[:] = 5
        out.end_reason[:] = 0
        out.decisions[:] = 1

    def trace(self, compiled, bots, weights, seed, game_index, rotation):
        return [f"lean game {game_index}"]


GAME = LeanGame()
