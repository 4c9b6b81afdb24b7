"""A Study in Emerald (second edition) for 2-5 players: hidden Restorationists and Loyalists,
deck-building by claiming cards with influence, assassinations of agents and Royalty, two
tracks everyone scores the gap between. Kernels: kernels/emerald/.

Not registered yet (docs/emerald-status.md): tests import GAME from here directly."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from kernels.emerald import layout as L
from sim.content import Content
from sim.game import Batch, Compiled, Game
from sim.games.emerald import pack

__all__ = ["GAME", "EmeraldCompiled", "EmeraldGame"]


class EmeraldCompiled(Compiled):
    """The tables and the card names of one content and player count."""

    def __init__(self, tables: tuple, n_players: int, card_names: list[str], city_names: list[str]):
        super().__init__(tables, n_players)
        self.card_names, self.city_names = card_names, city_names

    def alloc_scratch(self, rows: int, rollout: bool) -> tuple:
        n = self.n_players
        s: list = [None] * L.N_SCRATCH
        s[L.S_STATE] = np.zeros((rows, L.F_SIZE), np.int32)
        s[L.S_RNG] = np.zeros((rows, 1 + n), np.uint64)
        s[L.S_TMP] = np.zeros((rows, L.MAXCARDS + 16), np.int64)
        s[L.S_MOVES] = np.zeros((rows, L.MAX_MOVES, L.MV_SIZE), np.int32)
        s[L.S_POS] = np.zeros((rows, L.MAXHAND), np.int64)
        s[L.S_IO] = np.zeros((rows, 2), np.int64)
        s[L.S_SEAT_BOTS] = np.zeros((rows, n), np.int64)
        s[L.S_TIEBREAK] = np.zeros((rows, n), np.int32)
        return tuple(s)


class EmeraldGame(Game):
    id = "emerald"
    name = "A Study in Emerald"
    player_counts = (2, 3, 4, 5)
    default_players = 4
    bots = ("random", "greedy", "heuristic")
    default_bots = "greedy"
    end_reasons = L.END_REASONS
    no_winner_reasons = ("turn_cap",)
    roles = ("restorationist", "loyalist")
    metrics = L.METRICS
    weight_names = L.WEIGHT_NAMES
    max_turns = 600
    turn_unit = "player turn"
    turn_order = "a start player drawn by chance, then clockwise; position 0 = the start player"
    content_file = Path(__file__).parent / "content.toml"
    log_rows = 40_000

    @property
    def kernel(self):
        from kernels import emerald
        return emerald

    def compile(self, content: Content, n_players: int) -> EmeraldCompiled:
        self.check_players(n_players, content.variants)
        return EmeraldCompiled(pack.tables(content, n_players), n_players,
                               pack.card_names(content, n_players), list(content["cities"]["names"]))

    def narrate(self, compiled: EmeraldCompiled, events: np.ndarray, out: Batch,
                seat_bots: list[str]) -> list[str]:
        from sim.games.emerald import trace
        return trace.narrate(compiled, events, seat_bots) + trace.final_lines(out, seat_bots)


GAME = EmeraldGame()
