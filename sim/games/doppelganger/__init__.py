"""Miss Scarlet doppelganger Clue (the "Clue - True Colors" variant) for 3, 4 or 6 players.

Everyone is a doppelganger disguised as Miss Scarlet. Attacks in rim rooms force reveals
of who cards (shape shifts) or of where/what vulnerabilities; the first kill of a player in
true form, in a face-up room with a face-up weapon, wins. Kernels: kernels/doppelganger/.
"""
from __future__ import annotations

import time
from functools import cached_property
from pathlib import Path

import numpy as np

from kernels import doppelganger as K
from kernels.doppelganger import layout as L
from kernels.doppelganger.bench import bench_moves
from kernels.search import alloc_tree
from sim.content import Content
from sim.game import Batch, Compiled, Game
from sim.games.doppelganger import pack, trace
from sim.games.doppelganger.board import Board, draw_board, parse_board

__all__ = ["GAME", "DoppelgangerCompiled", "DoppelgangerGame"]


class DoppelgangerCompiled(Compiled):
    """The tables, the board and the card names of one content and player count."""

    def __init__(self, tables: tuple, n_players: int, board: Board, who: list[str], where: list[str],
                 what: list[str]):
        super().__init__(tables, n_players)
        self.board, self.who, self.where, self.what = board, who, where, what

    @property
    def rules(self) -> np.ndarray:
        return self.tables[L.T_RULES]

    @property
    def dist(self) -> np.ndarray:
        return self.tables[L.T_DIST]

    @property
    def nxt(self) -> np.ndarray:
        return self.tables[L.T_NXT]

    @property
    def pads(self) -> np.ndarray:
        return self.tables[L.T_PADS]

    @property
    def pad_index(self) -> np.ndarray:
        return self.tables[L.T_PAD_INDEX]

    @property
    def adj(self) -> np.ndarray:
        return self.tables[L.T_ADJ]

    @property
    def pdist(self) -> np.ndarray:
        return self.tables[L.T_PAD_DIST]

    def alloc_scratch(self, rows: int, rollout: bool) -> tuple:
        """The scratch tuple in layout's S_* order; the playouts' arrays (and the search's
        tree) get a row per state row only when a rollout or search bot plays."""
        n, nodes, rr = self.n_players, self.board.n_nodes, rows if rollout else 1
        s: list = [None] * L.S_COUNT
        s[L.S_STATE] = np.zeros((rows, L.F_SIZE), np.int32)
        s[L.S_RNG] = np.zeros((rows, 1 + n), np.uint64)
        s[L.S_DECK] = np.zeros((rows, L.MAXC), np.int64)
        s[L.S_REACH] = np.zeros((rows, nodes), np.int8)
        s[L.S_ACTS] = np.zeros((rows, L.MAX_ACTS, L.A_SIZE), np.int32)
        s[L.S_PLANS] = np.zeros((rows, L.MAX_PLANS, L.P_SIZE), np.int32)
        s[L.S_PSCORE] = np.zeros((rows, L.MAX_PLANS), np.float64)
        s[L.S_KN] = np.zeros((rows, L.MAXP, L.K_SIZE), np.int64)
        s[L.S_FV] = np.zeros((rows, 2 + 2 * L.MAXP, L.MAXC), np.float64)
        s[L.S_GIVEN] = np.zeros((rows, 2, L.P_SIZE), np.int32)
        s[L.S_CTR] = np.zeros((rows, 4), np.int64)
        s[L.S_SEAT_BOTS] = np.zeros((rows, n), np.int64)
        s[L.S_TIEBREAK] = np.zeros((rows, n), np.int32)
        s[L.S_RPLANS] = np.zeros((rr, L.MAX_PLANS, L.P_SIZE), np.int32)
        s[L.S_RSCORE] = np.zeros((rr, L.MAX_PLANS), np.float64)
        s[L.S_RSTATE] = np.zeros((rr, L.F_SIZE), np.int32)
        s[L.S_RRNG] = np.zeros((rr, 1 + n), np.uint64)
        s[L.S_PBOTS] = np.zeros((rr, n), np.int64)
        s[L.S_PMET] = np.zeros((rr, n, L.N_METRICS), np.float64)
        s[L.S_WALK] = np.zeros((rows, L.WK_PADS + len(self.board.pads), nodes), np.int32)
        s[L.S_OPTS] = np.zeros((rows, self.k_max, L.O_SIZE), np.int64)
        s[L.S_TREE], s[L.S_GAIN], s[L.S_WORK], s[L.S_REWARD] = alloc_tree(
            rr, L.O_SIZE, n, k_max=self.k_max, **({} if rollout else {"nodes": 1}))
        s[L.S_SMEMO] = np.zeros((rr, L.P_SIZE), np.int32)
        s[L.S_SOPTS] = np.zeros((rr, self.k_max, L.O_SIZE), np.int64)
        return tuple(s)

    @property
    def k_max(self) -> int:
        """Most options a decision can have: every node walked to and every teleport, or
        every room action."""
        nodes = self.board.n_nodes
        return max(L.MAX_ACTS, nodes + (int(self.rules[L.R_NROOMS]) + 1) * self.n_players)


class DoppelgangerGame(Game):
    id = "doppelganger"
    name = "Miss Scarlet doppelganger Clue"
    player_counts = (3, 4, 6)
    bench_players = (4, 6)
    bots = ("random", "greedy", "hunter", "rollout", "search")
    default_bots = "greedy"
    arc_checkpoint = "round"
    arc_standing = ("an estimate (points come only at the end): steps toward a kill against the most "
                    "exposed other seat (its who cards, a where and a what card face up, holding its "
                    "weapon), the kill one more")
    end_reasons = ("finished", "turn_cap")
    roles = ()
    metrics = ("attacks", "reveals_caused", "cards_revealed", "teleports", "steals", "pickups")
    weight_names = L.WEIGHT_NAMES
    max_turns = 1200
    turn_unit = "player turn"
    turn_order = ("seat 0 always starts (the rulebook names no start player), then seats 1, 2, ..; "
                  "position equals seat")
    content_file = Path(__file__).parent / "content.toml"
    kernel = K
    kernel_figures = ("move_generations_per_s",)

    @cached_property
    def log_rows(self) -> int:
        """Room in a trace's log for the longest game the content's range of max_turns allows."""
        top = next(r[1] for key, _, r in self.content().params() if key == "rules.max_turns")
        return L.EV_ROWS_PER_TURN * int(top) + 64

    def compile(self, content: Content, n_players: int) -> DoppelgangerCompiled:
        self.check_players(n_players, content.variants)
        who, where, what = pack.cards(content, n_players)
        board = parse_board(content)
        return DoppelgangerCompiled(pack.tables(content, n_players, board, len(who)), n_players,
                                    board, who, where, what)

    def narrate(self, compiled: DoppelgangerCompiled, events: np.ndarray, out: Batch,
                seat_bots: list[str]) -> list[str]:
        return trace.narrate(compiled, events, seat_bots)

    def draw_board(self, content: Content, path: Path) -> None:
        draw_board(content, path)

    def kernel_bench(self, compiled: DoppelgangerCompiled) -> dict[str, float]:
        c = compiled
        rng = np.random.default_rng(0)
        m = 200_000
        starts = rng.integers(0, c.board.n_nodes, m).astype(np.int64)
        totals = rng.integers(2, 13, m).astype(np.int64)
        out = np.zeros(c.board.n_nodes, np.int8)
        pdist = c.tables[L.T_PAD_DIST]
        bench_moves(c.dist, pdist, c.pads, starts[:10], totals[:10], out)  # compile
        t0 = time.perf_counter()
        bench_moves(c.dist, pdist, c.pads, starts, totals, out)
        dt = time.perf_counter() - t0
        return {"move_generations_per_s": m / dt}


GAME = DoppelgangerGame()
