"""The Scarlet Pimpernel (Eagle-Gryphon Games, 2019): the game's declared facts, its compiled
content and scratch, the trace's words and the kernel figures."""
from __future__ import annotations

import time
from pathlib import Path

import numpy as np

import kernels.pimpernel
from kernels.pimpernel import bench as kbench, layout as L
from kernels.rng import seed_streams
from kernels.search import alloc_tree
from sim.content import Content
from sim.game import Batch, Compiled, Game
from sim.games.pimpernel import trace
from sim.games.pimpernel.pack import pack

HERE = Path(__file__).parent


class PimpernelCompiled(Compiled):
    """tables = (K, RS, RM): the content row and the route table; names: the trace's words."""

    def __init__(self, tables: tuple, n_players: int, names: dict):
        super().__init__(tables, n_players)
        self.names = names

    @property
    def K(self) -> np.ndarray:
        return self.tables[0]

    @property
    def RS(self) -> np.ndarray:
        return self.tables[1]

    @property
    def RM(self) -> np.ndarray:
        return self.tables[2]

    @property
    def option_rows(self) -> int:
        """Rows of an options buffer: a main move's MAXM, or all the routes between two
        locations (a leader's route with none complete: up to 1,544 on the rulebook's map)."""
        return max(L.MAXM, int(np.diff(self.RS).max()))

    @property
    def k_max(self) -> int:
        """The most options a decision can have (the OpenSpiel adapter's distinct actions)."""
        return self.option_rows

    def alloc_scratch(self, rows: int, rollout: bool) -> tuple:
        """Per state row, in the kernel's order (kernels/pimpernel/jit.py SCRATCH): the game's
        state, a playout's state and the rollout's candidates (empty without a rollout bot),
        moves (the options, option_rows of them), tmp (a favor card's trial moves in columns 0..3, the state a trial restores in
        4..7), ctx (the heuristic's per-decision values), the random streams, each seat's bot, route owner masks, set-up scratch, and a one-row
        event log with its count (the log is off in play_batch); then the search bot's tree
        (kernels/search.py alloc_tree: a full one per row only when a playing bot plays) and
        its iterations' streams."""
        n, playout = self.n_players, L.S_SIZE if rollout else 0
        return (np.zeros((rows, L.S_SIZE), np.int64),
                np.zeros((rows, playout), np.int64),
                np.zeros((rows, self.option_rows, 4), np.int64),
                np.zeros((rows, L.MAXM, 8), np.int64),
                np.zeros((rows, L.MAXM if rollout else 0, 4), np.int64),
                np.zeros((rows, L.C_SIZE), np.float64),
                np.zeros((rows, 1 + n), np.uint64),
                np.zeros((rows, n), np.int64),
                np.zeros((rows, L.MAXP + 1), np.uint64),
                np.zeros((rows, 2 * L.MAXDECK), np.int64),
                np.zeros((rows, 1, L.LOGW), np.int64),
                np.zeros((rows, 1), np.int64),
                *alloc_tree(rows if rollout else 1, 4, L.MAXP, k_max=L.MAXM,
                            **({} if rollout else {"nodes": 1})),
                np.zeros((rows, 1 + n), np.uint64))


class PimpernelGame(Game):
    id = "pimpernel"
    name = "The Scarlet Pimpernel"
    arc_checkpoint = "mission"
    arc_standing = "points so far"
    player_counts = (2, 3, 4, 5, 6)
    bench_players = (4,)
    bots = ("random", "greedy", "heuristic", "rollout", "search")
    default_bots = "heuristic"
    end_reasons = ("finished", "turn_cap")
    roles = ()
    metrics = ("leader_points", "cube_points", "icon_points", "favor_tiles", "parts_failed",
               "captures", "missions")
    weight_names = ("leader_resources", "leader_supporters", "leader_first", "leader_route",
                    "leader_location", "majority", "mission_cube", "future_cube", "route_denial",
                    "rest", "move", "pass_threshold", "rollout_playouts", "rollout_width", "favor_tile",
                    "rollout_rounds", "leader_floor", "leader_last", "building_need", "search_iterations",
                    "search_depth", "search_exploration", "search_widening")
    max_turns = 3000
    turn_unit = "player turn"
    turn_order = ("the first player is drawn at random for each deal (rulebook set-up); "
                  "play goes clockwise, seat k+1 after seat k")
    content_file = HERE / "content.toml"
    kernel_figures = ("route_searches_per_s", "legal_move_gens_per_s")
    kernel = kernels.pimpernel
    log_rows = 200_000                  # a turn-capped game logs thousands of events

    def compile(self, content: Content, n_players: int) -> PimpernelCompiled:
        self.check_players(n_players, content.variants)
        tables, names = pack(content, n_players, self.max_turns)
        return PimpernelCompiled(tables, n_players, names)

    def narrate(self, compiled: PimpernelCompiled, events: np.ndarray, out: Batch,
                seat_bots: list[str]) -> list[str]:
        return trace.narrate(compiled, events, out, seat_bots)

    def kernel_bench(self, compiled: PimpernelCompiled, seconds: float = 0.5) -> dict[str, float]:
        """Route searches and legal-move generations per second (kernels/pimpernel/bench.py)."""
        c, n = compiled, compiled.n_players
        K, RS, RM = c.tables
        nloc = int(K[L.K_NLOC])
        rng = np.empty(1 + n, np.uint64)
        seed_streams(rng, 1, 0)
        owner = np.zeros(L.MAXP + 1, np.uint64)
        draw = np.random.default_rng(0)
        for sp in range(int(K[L.K_NS])):
            if draw.random() < 0.4:
                p = int(draw.integers(n))
                owner[p] |= np.uint64(1 << sp)
                owner[n] |= np.uint64(1 << sp)
        maxr = int(np.max(np.diff(RS)))
        comp = np.zeros(maxr, np.bool_)
        cubes = np.zeros((maxr, n), np.int64)
        s = np.zeros(L.S_SIZE, np.int64)
        mv = np.zeros((L.MAXM, 4), np.int64)
        tmp = np.zeros((L.MAXM, 8), np.int64)
        loops = {"route_searches_per_s": lambda r: kbench.route_loop(RS, RM, nloc, owner, n, r, comp, cubes),
                 "legal_move_gens_per_s": lambda r: kbench.movegen_loop(K, n, r, s, mv, tmp, rng)}
        out = {}
        for name, fn in loops.items():
            fn(10)   # compile or load from the cache first
            reps = 1000
            while True:
                t = time.perf_counter()
                fn(reps)
                el = time.perf_counter() - t
                if el > seconds / 4:
                    break
                reps *= 4
            out[name] = reps / el
        return out


GAME = PimpernelGame()
