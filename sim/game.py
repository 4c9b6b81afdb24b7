"""What every game declares and provides. A game is a subclass of ``Game`` in
``sim/games/<id>/__init__.py`` plus its kernel package ``kernels/<id>/`` (kernels/README.md)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numba
import numpy as np

from sim.content import Content, shipped_content
from sim.errors import UserError


@dataclass
class Batch:
    """Outputs of one batch of games, filled in place by a kernel's ``play_batch``."""

    score: np.ndarray       # i32 [B, seats]
    rank: np.ndarray        # u8  [B, seats], 1 = best
    win: np.ndarray         # f32 [B, seats], 1/k per tied winner, 1.0 per winning-faction member, 0 = no winner
    role: np.ndarray        # i8  [B, seats], side or faction chance dealt: index into Game.roles, -1 = none
    secret_role: np.ndarray  # i8 [B, seats], role within the faction: index into Game.secret_roles, -1 = none
    position: np.ndarray    # u8  [B, seats], place in the initial turn order, 0 = first player
    turns: np.ndarray       # u32 [B]
    end_reason: np.ndarray  # u8  [B], index into Game.end_reasons
    metrics: np.ndarray     # f64 [B, seats, len(Game.metrics)]
    decisions: np.ndarray   # u32 [B], bot choices made (for the bench)

    @classmethod
    def alloc(cls, games: int, seats: int, n_metrics: int) -> "Batch":
        return cls(
            score=np.zeros((games, seats), np.int32),
            rank=np.zeros((games, seats), np.uint8),
            win=np.zeros((games, seats), np.float32),
            role=np.full((games, seats), -1, np.int8),
            secret_role=np.full((games, seats), -1, np.int8),
            position=np.zeros((games, seats), np.uint8),
            turns=np.zeros(games, np.uint32),
            end_reason=np.zeros(games, np.uint8),
            metrics=np.zeros((games, seats, max(n_metrics, 1)), np.float64),
            decisions=np.zeros(games, np.uint32),
        )


def count_list(counts: tuple[int, ...] | list[int]) -> str:
    """3, 4, 5 -> "3-5"; 12, 15, 18 -> "12, 15 or 18"."""
    c = sorted(counts)
    if len(c) > 2 and c == list(range(c[0], c[-1] + 1)):
        return f"{c[0]}-{c[-1]}"
    return ", ".join(map(str, c[:-1])) + (" or " if len(c) > 1 else "") + str(c[-1])


def seat_bots(bots: np.ndarray, rotation: np.ndarray) -> np.ndarray:
    """bot code per [game, seat]: rotation r moves the bot list r seats clockwise (the Python
    twin of kernels.common.seat_bots)."""
    n = len(bots)
    return np.asarray(bots)[(np.arange(n)[None, :] - np.asarray(rotation, np.int64)[:, None]) % n]


# State rows per thread: each row plays a run of consecutive games, so a batch works in a few
# rows that stay in cache (fresh memory per game costs page faults on every batch).
ROWS_PER_THREAD = 4


class Compiled:
    """What a run needs of the content, as the kernel contract (kernels/README.md) has it:
    ``tables``, a tuple of content arrays, and scratch rows kept between batches."""

    def __init__(self, tables: tuple, n_players: int):
        self.tables, self.n_players = tables, n_players
        self._scratch: tuple[tuple, tuple] | None = None

    def alloc_scratch(self, rows: int, rollout: bool) -> tuple:
        """The game's scratch arrays, first axis the state row (rollout scratch only if asked)."""
        raise NotImplementedError

    def scratch(self, rows: int, rollout: bool) -> tuple:
        key = (rows, rollout)
        if self._scratch is None or self._scratch[0] != key:
            self._scratch = (key, self.alloc_scratch(rows, rollout))
        return self._scratch[1]


class Game:
    """A game's declared facts (OpenSpiel style) and its entry points. A game following the
    kernel contract sets ``kernel`` (its kernels.<id> package) and ``narrate``, and inherits
    ``play``, ``trace_events`` and ``trace``."""

    id: str = ""
    name: str = ""
    player_counts: tuple[int, ...] = ()
    variant_players: dict[str, tuple[int, ...]] = {}  # counts a variant allows, where narrower
    default_players: int = 0            # 0 = the smallest count
    bots: tuple[str, ...] = ()          # bot names; the index is the bot code in the kernel
    default_bots: str = "greedy"
    # The strong line-ups `balance run --robust` checks the verdict with, each bot in every seat
    # (those the game has; the search bot at analysis/studies/robust.py's ROBUST_SEARCH budget
    # unless the run sets one): a tuned bot joins by being listed here.
    strong_bots: tuple[str, ...] = ("heuristic", "rollout", "search")
    # the game's arc (analysis/studies/arc.py): where it stands still ("round": after each round)
    # and what a seat's standing is there; "" = no arc yet (its forward hooks' arc_point reads it)
    arc_checkpoint: str = ""
    arc_standing: str = ""
    end_reasons: tuple[str, ...] = ("finished", "turn_cap")
    no_winner_reasons: tuple[str, ...] = ("turn_cap",)  # end reasons after which nobody wins
    cooperative_variants: tuple[str, ...] = ()  # variants in which all seats win or lose together
    faction_outcomes: bool = False      # a faction's members win or lose together (rank_teams)
    roles: tuple[str, ...] = ()         # sides or factions chance deals
    secret_roles: tuple[str, ...] = ()  # roles within a faction (assassin, courier, ...)
    hidden_sides: bool = False          # sides are dealt face down and their sizes vary between deals
    metrics: tuple[str, ...] = ()       # per-seat metrics; columns are f"{id}_{name}"
    report_metrics: tuple[str, ...] = ()  # the metrics the report shows, mean per role (or position)
    weight_names: tuple[str, ...] = ()  # keys of the content [bots] table, in kernel order
    max_turns: int = 0
    turn_unit: str = "turn"             # what one count of `turns` is (a tile placement, a player turn)
    turn_order: str = ""                # what `position` means: who starts and how play goes round
    positions_meaningful: bool = True   # False where a seat's place in the turn order is only a player id
    # Where the rulebook does not print most of the content (card abilities, characters), the
    # one-line caveat every figure of the game carries: beside the report's verdict, under
    # `balance run`'s summary, in `balance trace`'s header and in run.json ("reconstructed").
    reconstructed: str = ""
    content_file: Path = Path()
    kernel: Any = None                  # kernels.<id>: play_batch and trace_game
    log_rows: int = 4096                # event-log rows of one traced game
    kernel_figures: tuple[str, ...] = ()  # names of kernel_bench figures
    bench_players: tuple[int, ...] = ()   # player counts `balance bench` measures (default: the usual one)
    # per variant (e.g. each scenario), the player counts `balance bench` also measures with
    # bench_bot on all threads; variants the content does not offer are skipped
    bench_variant_players: dict[str, tuple[int, ...]] = {}
    bench_bot: str = "heuristic"
    # the player counts of bench_players the search rows measure (empty: all of them)
    bench_search_players: tuple[int, ...] = ()

    # -- content -------------------------------------------------------------------------
    def content(self, variants: tuple[str, ...] = (), sets: tuple[str, ...] = (),
                path: Path | None = None) -> Content:
        return Content(path or self.content_file, variants, sets, shape_from=self.content_file)

    def variants(self) -> list[str]:
        """Every variant name ("base" first when no group is always in force)."""
        shipped = shipped_content(self.content_file)
        return (["base"] if not shipped.groups else []) + shipped.known_variants()

    def variant_groups(self) -> dict[str, tuple[list[str], str]]:
        """{group: (choices, default)} of mutually exclusive variants."""
        return shipped_content(self.content_file).groups

    def resolve_variants(self, variants: tuple[str, ...] | list[str]) -> tuple[str, ...]:
        """The variants in force: every group's choice (its default unless asked), then the rest."""
        return shipped_content(self.content_file).resolve(variants)

    def is_cooperative(self, variants: tuple[str, ...] | list[str] = ()) -> bool:
        return any(v in self.cooperative_variants for v in self.resolve_variants(variants))

    def allowed_players(self, variants: tuple[str, ...] | list[str] = ()) -> tuple[int, ...]:
        """The player counts the game allows with these variants in force."""
        counts = set(self.player_counts)
        for v in self.resolve_variants(variants):
            counts &= set(self.variant_players.get(v, counts))
        return tuple(sorted(counts))

    def players_or_default(self, n: int | None, variants: tuple[str, ...] | list[str] = ()) -> int:
        if n:
            return n
        allowed = self.allowed_players(variants)
        return self.default_players if self.default_players in allowed else allowed[0]

    def check_players(self, n: int, variants: tuple[str, ...] | list[str] = ()) -> None:
        if n not in self.player_counts:
            raise UserError(self.id, "--players", f"expected {count_list(self.player_counts)} players, got {n}")
        for v in self.resolve_variants(variants):
            if v in self.variant_players and n not in self.variant_players[v]:
                raise UserError(self.id, "--players", f"variant '{v}' is for {count_list(self.variant_players[v])} "
                                f"players, got {n}")

    def bot_codes(self, names: list[str], n: int) -> np.ndarray:
        if len(names) == 1:
            names = names * n
        if len(names) != n:
            raise UserError(self.id, "--bots", f"expected 1 or {n} bots, got {len(names)}")
        for b in names:
            if b not in self.bots:
                raise UserError(self.id, "--bots", f"unknown bot '{b}' (expected one of: {', '.join(self.bots)})")
        return np.array([self.bots.index(b) for b in names], np.int64)

    def weights(self, content: Content) -> np.ndarray:
        """The [bots] table as a flat vector in ``weight_names`` order."""
        table = content["bots"]
        return np.array([float(table[k]) for k in self.weight_names], np.float64)

    # -- to implement per game --------------------------------------------------------------
    def compile(self, content: Content, n_players: int) -> Any:
        """Content -> flat arrays for the kernel (done once per run)."""
        raise NotImplementedError

    def rollout_bot(self, bots: np.ndarray) -> bool:
        """A bot that plays positions out (rollout, search) plays: the scratch needs its rows."""
        codes = [self.bots.index(b) for b in ("rollout", "search") if b in self.bots]
        return bool(np.isin(np.asarray(bots), codes).any())

    def check_search_budget(self, bots: np.ndarray, weights: np.ndarray) -> None:
        """A search bot's iterations past its tree's capacity (one node per iteration) are
        refused before any game is played."""
        from kernels.search import MAX_ITERATIONS
        if "search" not in self.bots or "search_iterations" not in self.weight_names:
            return
        if not (np.asarray(bots) == self.bots.index("search")).any():
            return
        it = float(weights[self.weight_names.index("search_iterations")])
        if not 1 <= it <= MAX_ITERATIONS:
            raise UserError(self.id, "bots.search_iterations",
                            f"1 to {MAX_ITERATIONS} iterations a decision (the search tree holds "
                            f"one node per iteration), got {it:g}")

    def play(self, compiled: Compiled, bots: np.ndarray, weights: np.ndarray, seed: int,
             game_index: np.ndarray, rotation: np.ndarray, out: Batch) -> tuple:
        """Play games ``game_index`` (u64) with seat ``rotation`` in parallel into ``out``;
        returns the scratch rows (with one row per game each holds its game's final state)."""
        self.check_search_budget(bots, weights)
        rows = min(len(game_index), ROWS_PER_THREAD * numba.get_num_threads())
        scratch = compiled.scratch(rows, self.rollout_bot(bots))
        self.kernel.play_batch(compiled.tables, scratch, np.asarray(bots, np.int64),
                               np.asarray(weights, np.float64), np.uint64(seed),
                               np.ascontiguousarray(game_index, np.uint64), np.ascontiguousarray(rotation, np.int64),
                               out.score, out.rank, out.win, out.role, out.secret_role, out.position,
                               out.turns, out.end_reason,
                               out.metrics, out.decisions)
        return scratch

    def trace_events(self, compiled: Compiled, bots: np.ndarray, weights: np.ndarray, seed: int,
                     game_index: int, rotation: int) -> tuple[np.ndarray, Batch, tuple]:
        """(event rows, the game's one-row Batch, its scratch with the final state) of one
        game played with the log on: the same game ``play`` plays."""
        self.check_search_budget(bots, weights)
        out = Batch.alloc(1, compiled.n_players, len(self.metrics))
        log = np.zeros((self.log_rows, 6), np.int64)
        scratch = compiled.alloc_scratch(1, self.rollout_bot(bots))
        k = self.kernel.trace_game(compiled.tables, scratch, np.asarray(bots, np.int64),
                                   np.asarray(weights, np.float64), np.uint64(seed), np.uint64(game_index),
                                   np.int64(rotation), log, out.score, out.rank, out.win, out.role, out.secret_role,
                                   out.position, out.turns, out.end_reason, out.metrics, out.decisions)
        return log[:k].copy(), out, scratch

    def trace(self, compiled: Compiled, bots: np.ndarray, weights: np.ndarray, seed: int,
              game_index: int, rotation: int) -> list[str]:
        """One game told move by move in plain language; the same game ``play`` plays."""
        events, out, _ = self.trace_events(compiled, bots, weights, seed, game_index, rotation)
        names = [self.bots[int(b)] for b in seat_bots(bots, [rotation])[0]]
        return self.narrate(compiled, events, out, names)

    def narrate(self, compiled: Compiled, events: np.ndarray, out: Batch, seat_bots: list[str]) -> list[str]:
        """Event rows -> plain words (the game's trace.py); seat_bots names each seat's bot."""
        raise NotImplementedError

    def draw_board(self, content: Content, path: Path) -> None:
        """Draw the game's board (content) to an image file, for games with a board graph."""
        raise UserError(self.id, "board", "this game has no board drawing")

    def kernel_bench(self, compiled: Any) -> dict[str, float]:
        """Per-game kernel figures (e.g. location evaluations/s) for ``balance bench``."""
        return {}
