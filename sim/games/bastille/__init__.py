"""Bastille (Queen Games, 2018): 3-4 players, 8 rounds of influence tiles on seven Paris
locations, interim and final scoring; the Secret Mission variant."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import numba
import numpy as np

from kernels import bastille as K
from sim.game import Batch, Game
from sim.games.bastille.arrays import State, Tables, build_tables, pack
from sim.games.bastille.text import describe

WEIGHT_SET = ("coin", "step", "henchman", "torch", "upgrade", "start", "character", "gem",
              "crown", "flag", "need", "mission", "unarmed", "bump", "card", "keep")
assert len(WEIGHT_SET) == K.W_SET


# State rows per thread: each row plays a run of consecutive games, so a batch works in a
# few rows that stay in cache (fresh memory per game costs page faults on every batch).
ROWS_PER_THREAD = 4


class Compiled:
    """What a run needs: the tables and the state + playout scratch rows, kept between batches."""

    def __init__(self, T: Tables):
        self.T = T
        self.tb = pack(T)
        self._cache: dict[int, tuple] = {}

    def states(self, rows: int, rollout: bool = True) -> tuple[State, State]:
        """rows game states and the rollout bot's playout scratch (one per state row when a
        rollout bot plays, a single unused row otherwise), reused between batches."""
        key = (rows, rollout)
        if key not in self._cache:
            self._cache.clear()
            self._cache[key] = (State(rows), State(rows if rollout else 1))
        return self._cache[key]


class BastilleGame(Game):
    id = "bastille"
    name = "Bastille"
    player_counts = (3, 4)
    bench_players = (4,)
    default_players = 4
    bots = ("random", "greedy", "heuristic", "rollout")
    default_bots = "heuristic"
    end_reasons = ("finished", "turn_cap")
    roles = ()
    metrics = ("coins", "characters", "bastille_steps", "mission_points", "unarmed")
    weight_names = tuple(f"greedy_{w}" for w in WEIGHT_SET) + tuple(
        f"heuristic_{w}" for w in WEIGHT_SET) + ("rollout_playouts",)
    max_turns = 8 * 18      # placements: 8 rounds, at most 18 influence spaces a round
    turn_unit = "tile placement"
    turn_order = ("the start player is drawn at random for each deal (rulebook set-up); "
                  "play goes clockwise, seat k+1 after seat k")
    content_file = Path(__file__).with_name("content.toml")
    kernel_figures = ("location_evaluations_per_s",)

    def compile(self, content, n_players: int) -> Compiled:
        self.check_players(n_players)
        return Compiled(build_tables(content, n_players))

    def play(self, compiled, bots, weights, seed, game_index, rotation, out: Batch,
             rows: int | None = None) -> State:
        """Plays the batch; returns the state rows. rows=len(game_index) gives every game
        its own row, which then holds that game's final state (tests read it)."""
        B = len(game_index)
        bots = np.asarray(bots, np.int64)
        rows = min(B, rows or ROWS_PER_THREAD * numba.get_num_threads())
        S, S2 = compiled.states(rows, rollout=bool((bots == K.BOT_ROLLOUT).any()))
        K.play_batch(compiled.tb, S.st, S.rng, S.fs, S2.st, S2.rng, S2.fs, S.logs,
                     bots, np.asarray(weights, np.float64),
                     np.uint64(seed), np.asarray(game_index, np.uint64), np.asarray(rotation, np.int64),
                     out.score, out.rank, out.win, out.position, out.turns, out.end_reason, out.metrics,
                     out.decisions)
        return S

    def trace_events(self, compiled, bots, weights, seed, game_index, rotation):
        """(events, score, rank, win, state) of one game played with the log on."""
        T = compiled.T
        S, S2 = State(1), State(1)
        log = np.zeros((4000, 6), np.int64)
        n = T.n_players
        score = np.zeros(n, np.int32)
        rank = np.zeros(n, np.uint8)
        win = np.zeros(n, np.float32)
        position = np.zeros(n, np.uint8)
        metrics = np.zeros((n, len(self.metrics)), np.float64)
        k = K.trace_game(compiled.tb, S.st[0], S.rng[0], S.fs[0], S2.st[0], S2.rng[0], S2.fs[0],
                         np.asarray(bots, np.int64), np.asarray(weights, np.float64),
                         np.uint64(seed), np.uint64(game_index), np.int64(rotation), log,
                         score, rank, win, position, metrics)
        return log[:k].copy(), score, rank, win, S

    def trace(self, compiled, bots, weights, seed, game_index, rotation) -> list[str]:
        events, score, rank, win, S = self.trace_events(compiled, bots, weights, seed,
                                                         game_index, rotation)
        seat_bot = np.zeros(compiled.T.n_players, np.int64)
        K.seat_bots(np.asarray(bots, np.int64), rotation, seat_bot)
        names = [self.bots[b] for b in seat_bot]
        return describe(compiled.T, events, names)

    def kernel_bench(self, compiled) -> dict[str, float]:
        """Location evaluations per second on mid-game positions (one thread)."""
        B = 256
        S = State(B)
        W = self.weights(self.content())
        K.bench_prepare(compiled.tb, S.st, S.rng, S.fs, S.logs, W, np.uint64(7))
        K.bench_locations(compiled.tb, S.st[:2], S.rng[:2], S.logs[:2], W, 1)  # compile / load
        reps = 200
        t = time.perf_counter()
        n = K.bench_locations(compiled.tb, S.st, S.rng, S.logs, W, reps)
        secs = time.perf_counter() - t
        return {"location_evaluations_per_s": n / secs}


GAME = BastilleGame()
