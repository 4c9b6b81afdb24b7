"""Miss Scarlet doppelganger Clue (the "Clue - True Colors" variant) for 3, 4 or 6 players.

Everyone is a doppelganger disguised as Miss Scarlet. Attacks in rim rooms force reveals
of who cards (shape shifts) or of where/what vulnerabilities; the first kill of a player in
true form, in a face-up room with a face-up weapon, wins. Kernels: kernels/doppelganger.py.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from kernels import doppelganger as K
from sim.content import Content
from sim.errors import UserError
from sim.game import Batch, Game
from sim.games.doppelganger.board import Board, draw_board, parse_board

__all__ = ["DoppelgangerGame", "GAME", "Compiled", "draw_board"]


@dataclass
class Compiled:
    n_players: int
    rules: np.ndarray       # int64 [R_SIZE]
    board: Board
    who: list[str]
    where: list[str]
    what: list[str]

    @property
    def dist(self) -> np.ndarray:
        return self.board.dist

    @property
    def nxt(self) -> np.ndarray:
        return self.board.nxt

    @property
    def pads(self) -> np.ndarray:
        return self.board.pads

    @property
    def pad_index(self) -> np.ndarray:
        return self.board.pad_index


class DoppelgangerGame(Game):
    id = "doppelganger"
    name = "Miss Scarlet doppelganger Clue"
    player_counts = (3, 4, 6)
    bench_players = (4, 6)
    bots = ("random", "greedy", "hunter", "rollout")
    default_bots = "greedy"
    end_reasons = ("finished", "turn_cap")
    roles = ()
    metrics = ("attacks", "reveals_caused", "cards_revealed", "teleports", "steals", "pickups")
    weight_names = K.WEIGHT_NAMES
    max_turns = 1200
    turn_unit = "player turn"
    turn_order = ("seat 0 always starts (the rulebook names no start player), then seats 1, 2, ..; "
                  "position equals seat")
    content_file = Path(__file__).parent / "content.toml"
    kernel_figures = ("move_generations_per_s",)

    # -- content -> arrays ------------------------------------------------------------------
    def compile(self, content: Content, n_players: int) -> Compiled:
        self.check_players(n_players)
        where = content.path.name
        cards = content["cards"]
        who, rooms, what = list(cards["who"]), list(cards["where"]), list(cards["what"])
        nc = len(who)
        if not (len(rooms) == nc == len(what)):
            raise UserError(where, "cards", "expected as many who, where and what cards")
        if not 1 <= nc <= K.MAXC:
            raise UserError(where, "cards", f"expected 1..{K.MAXC} cards per kind, got {nc}")
        if nc % n_players:
            raise UserError(where, "cards", f"{nc} cards per kind cannot be dealt evenly to {n_players} players")
        if len(set(who)) != nc or len(set(rooms)) != nc or len(set(what)) != nc:
            raise UserError(where, "cards", "expected distinct card names")
        board = parse_board(content)
        r = content["rules"]
        rules = np.zeros(K.R_SIZE, np.int64)
        rules[K.R_DICE] = r["dice"]
        rules[K.R_SIDES] = r["dice_sides"]
        rules[K.R_LIMIT] = r["weapon_limit"]
        rules[K.R_ACTIONS] = r["actions_per_turn"]
        rules[K.R_MAX_TURNS] = r["max_turns"]
        rules[K.R_TELE_WHEEL] = r["teleport_to_centre"]
        rules[K.R_NCARDS] = nc
        rules[K.R_NROOMS] = len(rooms)
        rules[K.R_HAND] = nc // n_players
        rules[K.R_N] = n_players
        return Compiled(n_players, rules, board, who, rooms, what)

    # -- play ---------------------------------------------------------------------------------
    def play(self, compiled: Compiled, bots: np.ndarray, weights: np.ndarray, seed: int,
             game_index: np.ndarray, rotation: np.ndarray, out: Batch) -> None:
        c = compiled
        K.play_batch(c.n_players, np.asarray(bots, np.int64), np.asarray(rotation, np.uint8), c.rules,
                     np.asarray(weights, np.float64), c.dist, c.nxt, c.pads, c.pad_index,
                     np.uint64(seed), np.asarray(game_index, np.uint64), out.score, out.rank, out.win,
                     out.position, out.turns, out.end_reason, out.metrics, out.decisions)

    def run_trace(self, compiled: Compiled, bots: np.ndarray, weights: np.ndarray, seed: int,
                  game_index: int, rotation: int):
        """The kernel side of ``trace``: (turns, end, event rows, winner, metrics)."""
        c = compiled
        log = np.zeros((int(c.rules[K.R_MAX_TURNS]) * 12 + 64, K.LOG_W), np.int32)
        met = np.zeros((c.n_players, len(self.metrics)), np.float64)
        t, end, rows, winner = K.trace_game(c.n_players, np.asarray(bots, np.int64), int(rotation), c.rules,
                                            np.asarray(weights, np.float64), c.dist, c.nxt, c.pads,
                                            c.pad_index, np.uint64(seed), np.uint64(game_index), log, met)
        return int(t), int(end), log[:rows], int(winner), met

    def trace(self, compiled: Compiled, bots: np.ndarray, weights: np.ndarray, seed: int,
              game_index: int, rotation: int) -> list[str]:
        t, end, log, winner, _ = self.run_trace(compiled, bots, weights, seed, game_index, rotation)
        n = compiled.n_players
        seat_bot = [self.bots[int(bots[(s - rotation) % n])] for s in range(n)]
        return describe(compiled, log, seat_bot)

    # -- bench ----------------------------------------------------------------------------------
    def draw_board(self, content: Content, path: Path) -> None:
        draw_board(content, path)

    def kernel_bench(self, compiled: Compiled) -> dict[str, float]:
        c = compiled
        rng = np.random.default_rng(0)
        m = 200_000
        starts = rng.integers(0, c.board.n_nodes, m).astype(np.int64)
        totals = rng.integers(2, 13, m).astype(np.int64)
        out = np.zeros(c.board.n_nodes, np.int8)
        K.bench_moves(c.dist, c.pads, starts[:10], totals[:10], out)  # compile
        t0 = time.perf_counter()
        K.bench_moves(c.dist, c.pads, starts, totals, out)
        dt = time.perf_counter() - t0
        return {"move_generations_per_s": m / dt}


def _cards(mask: int, names: list[str]) -> str:
    return ", ".join(names[i] for i in range(len(names)) if (mask >> i) & 1)


def describe(c: Compiled, log: np.ndarray, seat_bot: list[str]) -> list[str]:
    """Event rows -> plain-language lines."""
    b = c.board
    who_form = ["Miss Scarlet"] * c.n_players

    def seat(s: int) -> str:
        return f"seat {s} ({seat_bot[s]})"  # seats as in results.parquet

    def place(node: int) -> str:
        if node <= b.n_rooms:
            return b.names[node]
        if b.pad_index[node] >= 0:
            return f"pad {b.pad_index[node] + 1} ({b.names[node]})"
        return f"the {b.names[node]}"

    lines: list[str] = []
    for ev, s, a, bb, cc, d in log.tolist():
        if ev == K.EV_HAND:
            lines.append(f"{seat(s)} is dealt who: {_cards(a, c.who)}; where: {_cards(bb, c.where)}; "
                         f"what: {_cards(cc, c.what)}")
        elif ev == K.EV_TOKEN:
            lines.append(f"The {c.what[bb]} is placed in the {c.where[a]}")
        elif ev == K.EV_TURN:
            lines.append(f"-- turn {a}: {seat(s)} as {who_form[s]}")
        elif ev == K.EV_ROLL:
            lines.append(f"{seat(s)} rolls {a}")
        elif ev == K.EV_WALK:
            lines.append(f"{seat(s)} stays in {place(a)}" if a == bb else f"{seat(s)} moves from {place(a)} to {place(bb)}")
        elif ev == K.EV_TELEPORT:
            extra = f", bringing {seat(bb)}" if bb >= 0 else ""
            lines.append(f"{seat(s)} lands on a pad and teleports to {place(a)}{extra}")
        elif ev == K.EV_PICKUP:
            drop = f", leaving the {c.what[cc]} there" if cc >= 0 else ""
            lines.append(f"{seat(s)} picks up the {c.what[a]} in the {c.where[bb]}{drop}")
        elif ev == K.EV_STEAL:
            drop = f", leaving the {c.what[cc]} in the room" if cc >= 0 else ""
            lines.append(f"{seat(s)} steals the {c.what[bb]} from {seat(a)}{drop}")
        elif ev == K.EV_ATTACK:
            lines.append(f"{seat(s)} attacks {seat(a)} in the {c.where[bb]} with the {c.what[cc]}")
        elif ev == K.EV_REVEAL:
            how = "must turn up" if cc == 1 else "chooses to turn up"
            if a == K.REV_WHERE:
                lines.append(f"{seat(s)} {how} the where card {c.where[bb]}")
            elif a == K.REV_WHAT:
                lines.append(f"{seat(s)} {how} the what card {c.what[bb]}")
            else:
                who_form[s] = c.who[bb]
                lines.append(f"{seat(s)} {how} the who card {c.who[bb]} and shifts into {c.who[bb]}")
        elif ev == K.EV_NOTHING:
            lines.append(f"{seat(s)} has no face-down card matching the {c.where[a]} or the {c.what[bb]}: nothing is revealed")
        elif ev == K.EV_KILL:
            lines.append(f"{seat(s)} kills {seat(a)} ({who_form[a]}, in true form) in the {c.where[bb]} "
                         f"with the {c.what[cc]} and wins")
        elif ev == K.EV_CAP:
            lines.append(f"The game stops at the turn cap ({a} turns) with no kill")
    return lines


GAME = DoppelgangerGame()
