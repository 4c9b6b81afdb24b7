"""Bastille (Queen Games, 2018): 3-4 players, 8 rounds of influence tiles on seven Paris
locations, interim and final scoring; the Secret Mission variant."""
from __future__ import annotations

import time
from pathlib import Path

import numpy as np

import kernels.bastille
from kernels.bastille import bench
from kernels.bastille import layout as K
from kernels.search import alloc_tree
from sim.game import Batch, Compiled, Game
from sim.games.bastille.pack import Tables, build_tables, pack
from sim.games.bastille.trace import describe

WEIGHT_SET = ("coin", "step", "henchman", "torch", "upgrade", "start", "character", "gem",
              "crown", "flag", "need", "mission", "unarmed", "bump", "card", "keep")
assert len(WEIGHT_SET) == K.W_SET


class BastilleCompiled(Compiled):
    """The content row as the kernel's tables, the named tables ``T`` the trace reads, and
    the scratch rows: per row a state row st, its random streams, the bots' float row fs and
    a one-row log, then the same three for the rollout and search bots' playouts, then the
    option rows of a decision for each (the game's own, the playouts'), then the search bot's
    tree (kernels/search.py alloc_tree: a full tree per row only when a playing bot plays)."""

    k_max = K.K_MAX     # the most options a decision can have (OpenSpiel's action count)

    def __init__(self, T: Tables):
        super().__init__(pack(T), T.n_players)
        self.T = T

    def alloc_scratch(self, rows: int, rollout: bool) -> tuple:
        playout_rows = rows if rollout else 1   # one unused row when no rollout bot plays
        return (np.zeros((rows, K.ST_SIZE), np.int64),
                np.zeros((rows, 1 + K.MAXP), np.uint64),
                np.zeros((rows, K.FS_SIZE), np.float64),
                np.zeros((rows, 1, 6), np.int64),
                np.zeros((playout_rows, K.ST_SIZE), np.int64),
                np.zeros((playout_rows, 1 + K.MAXP), np.uint64),
                np.zeros((playout_rows, K.FS_SIZE), np.float64),
                np.zeros((rows, K.K_MAX, K.OPT_W), np.int64),
                np.zeros((playout_rows, K.K_MAX, K.OPT_W), np.int64),
                *alloc_tree(playout_rows, K.OPT_W, K.MAXP, k_max=K.K_MAX,
                            **({} if rollout else {"nodes": 1})))


class BastilleGame(Game):
    id = "bastille"
    name = "Bastille"
    arc_checkpoint = "round"
    arc_standing = "VP so far plus the VP printed on the characters held"
    player_counts = (3, 4)
    bench_players = (4,)
    default_players = 4
    bots = ("random", "greedy", "heuristic", "rollout", "search")
    default_bots = "heuristic"
    end_reasons = ("finished", "turn_cap")
    roles = ()
    metrics = ("coins", "characters", "bastille_steps", "mission_points", "unarmed")
    report_metrics = ("coins", "characters", "bastille_steps")   # shown per position in the report
    weight_names = tuple(f"greedy_{w}" for w in WEIGHT_SET) + tuple(
        f"heuristic_{w}" for w in WEIGHT_SET) + ("rollout_playouts", "search_iterations",
                                                  "search_depth", "search_exploration",
                                                  "search_widening", "search_value_scale",
                                                  "search_settle", "search_candidates")
    max_turns = 8 * 18      # placements: 8 rounds, at most 18 influence spaces a round
    turn_unit = "tile placement"
    turn_order = ("the start player is drawn at random for each deal (rulebook set-up); "
                  "play goes clockwise, seat k+1 after seat k")
    content_file = Path(__file__).with_name("content.toml")
    kernel = kernels.bastille
    log_rows = 4000
    kernel_figures = ("location_evaluations_per_s",)

    def compile(self, content, n_players: int) -> BastilleCompiled:
        self.check_players(n_players, content.variants)
        return BastilleCompiled(build_tables(content, n_players))

    def narrate(self, compiled: BastilleCompiled, events: np.ndarray, out: Batch,
                seat_bots: list[str]) -> list[str]:
        return describe(compiled.T, events, seat_bots)

    def kernel_bench(self, compiled: BastilleCompiled) -> dict[str, float]:
        """Location evaluations per second on mid-game positions (one thread)."""
        games = 256
        scratch = compiled.alloc_scratch(games, False)
        W = self.weights(self.content())
        bench.bench_prepare(compiled.tables, scratch, W, np.uint64(7))
        bench.bench_locations(compiled.tables, scratch, W, 2, 1)      # compile / load
        reps = 200
        t = time.perf_counter()
        n = bench.bench_locations(compiled.tables, scratch, W, games, reps)
        secs = time.perf_counter() - t
        return {"location_evaluations_per_s": n / secs}


GAME = BastilleGame()
