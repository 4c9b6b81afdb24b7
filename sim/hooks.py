"""The plumbing every game's forward-model hooks (sim/games/<id>/forward.py) share: reading the
pending decision, listing its options, applying one, asking the seat's bot, finishing the game
once, and the result read from play_batch's outputs. A game says where its arrays are (a
subclass of Plumbing, or Rows where play_batch's scratch tuple holds them) and how its bots are
asked; its forward.py then names the bound methods as its hooks (``kind = HOOKS.kind``), so
sim/api.py and the OpenSpiel adapter keep calling module functions.

The kernels are called with the argument types the games' own play passes (the log switch as
Bastille's int or the others' bool, the option row's dtype), so no hook compiles a new
specialization."""
from __future__ import annotations

import mmap

import numpy as np

from sim.game import Batch


def new_log(rows: int, width: int = 6) -> np.ndarray:
    """A zeroed event log of ``rows`` rows on pages of its own: the kernel touches only the rows
    it writes, so a log sized for the longest game (Pimpernel's 9.6 MB) costs what the game
    writes. np.zeros does not promise that: once glibc has freed a block that size it serves
    the next from its heap and clears every byte (5 ms a Pimpernel log; OpenSpiel starts a game
    and clones a state at every step)."""
    return np.frombuffer(mmap.mmap(-1, rows * width * 8), np.int64).reshape(rows, width)


class Plumbing:
    """One game's hooks over its forward-model kernels F (F.options, F.apply, F.advance). A
    subclass says where the state is: state_row, state_args (the arguments F.apply and
    F.advance take after the tables, before the streams), option_args (F.options's, before the
    option buffer; state_args unless told), moves (the option buffer), rng, logged (events
    written), finish (the final outputs, once) and ask (the seat's bot's option index)."""

    row_dtype = np.int64        # the option row as F.apply reads it
    log_on = True               # the log switch as F.apply and F.advance take it

    def __init__(self, F, dec: int, dec_seat: int):
        self.F, self.dec, self.dec_seat = F, dec, dec_seat

    # where the state is: the game's
    def state_row(self, s: dict) -> np.ndarray:
        raise NotImplementedError

    def state_args(self, s: dict) -> tuple:
        raise NotImplementedError

    def option_args(self, s: dict) -> tuple:
        return self.state_args(s)

    def moves(self, s: dict) -> np.ndarray:
        raise NotImplementedError

    def rng(self, s: dict) -> np.ndarray:
        raise NotImplementedError

    def logged(self, s: dict) -> int:
        raise NotImplementedError

    def finish(self, compiled, s: dict) -> None:
        """The final outputs, as play_batch writes them (nothing unless the game has some)."""

    def ask(self, compiled, s: dict, weights: np.ndarray, k: int) -> int:
        raise NotImplementedError

    def weights_arg(self, weights) -> np.ndarray:
        return np.asarray(weights, np.float64)

    # the hooks
    def kind(self, s: dict) -> int:
        return int(self.state_row(s)[self.dec])

    def seat(self, s: dict) -> int:
        return int(self.state_row(s)[self.dec_seat])

    def count(self, compiled, s: dict) -> int:
        """Lists the pending decision's options into the buffer; how many there are."""
        return int(self.F.options(compiled.tables, *self.option_args(s), self.moves(s)))

    def options(self, compiled, s: dict) -> np.ndarray:
        return self.moves(s)[:self.count(compiled, s)].copy()

    def advance(self, compiled, s: dict, weights: np.ndarray) -> None:
        """Chance and the rules until a decision is pending or the game is over."""
        self.F.advance(compiled.tables, *self.state_args(s), self.rng(s), self.weights_arg(weights), s["log"],
                       self.log_on)
        self.finish_if_over(compiled, s)

    def apply(self, compiled, s: dict, weights: np.ndarray, row: np.ndarray) -> None:
        self.F.apply(compiled.tables, *self.state_args(s), self.rng(s), self.weights_arg(weights),
                     np.ascontiguousarray(row, self.row_dtype), s["log"], self.log_on)
        self.finish_if_over(compiled, s)

    def bot_choice(self, compiled, s: dict, weights: np.ndarray) -> int:
        """The option index the seat's bot chooses, asked as play_game asks it (drawing from
        that seat's stream)."""
        k = self.count(compiled, s)
        return int(self.ask(compiled, s, self.weights_arg(weights), k))

    def finish_if_over(self, compiled, s: dict) -> None:
        """At the end, once: the final outputs."""
        if self.kind(s) == 0 and "done" not in s:
            s["done"] = True
            self.finish(compiled, s)

    def events(self, s: dict) -> np.ndarray:
        return s["log"][:self.logged(s)]

    def chance_row(self, s: dict) -> np.ndarray:
        """The game's stream states (the chance stream and each seat's bot stream)."""
        return self.rng(s)


class Rows(Plumbing):
    """A game whose state is play_batch's scratch tuple, one row per part, held under s[key]
    (its state row in part ``state``, the streams in ``rng``, the option buffer in ``moves``):
    ``parts`` names F.apply's state arguments, each a part of the tuple, or the key of an array
    of the state dict itself (a log counter), or a function of the state dict (play_metrics)."""

    def __init__(self, F, dec: int, dec_seat: int, key: str, state: int, rng: int, moves: int,
                 parts: tuple, logged_in):
        super().__init__(F, dec, dec_seat)
        self.key, self.part_state, self.part_rng, self.part_moves = key, state, rng, moves
        self.parts, self.logged_in = parts, logged_in

    def row(self, s: dict, part: int) -> np.ndarray:
        return s[self.key][part][0]

    def state_row(self, s: dict) -> np.ndarray:
        return self.row(s, self.part_state)

    def state_args(self, s: dict) -> tuple:
        return tuple(self.held(s, p) for p in self.parts)

    def held(self, s: dict, part):
        if isinstance(part, str):
            return s[part]
        return part(s) if callable(part) else self.row(s, part)

    def moves(self, s: dict) -> np.ndarray:
        return self.row(s, self.part_moves)

    def rng(self, s: dict) -> np.ndarray:
        return self.row(s, self.part_rng)

    def logged(self, s: dict) -> int:
        return int(self.held(s, self.logged_in)[0])


def play_metrics(s: dict) -> np.ndarray:
    """The seats' metrics row, in the game's outputs as play_batch writes them."""
    return s["out"].metrics[0]


class SeatRows(Rows):
    """Banquet's and Emerald's layout: the scratch tuple under s["sc"] (layout L's S_STATE,
    S_RNG, S_MOVES and S_IO, whose first cell counts the events), the pending decision in
    F_DEC and F_DEC_SEAT, option rows of int32, the seat's bot asked by play.ask_seat and the
    final outputs written by ``finish(compiled, s)``; a game is dealt by play.deal, given the
    parts ``dealt`` of the tuple (the state row, the streams and two more, the seats' bots)."""

    row_dtype = np.int32

    def __init__(self, L, F, ask_seat, deal, dealt: tuple, parts: tuple, finish):
        super().__init__(F, L.F_DEC, L.F_DEC_SEAT, "sc", L.S_STATE, L.S_RNG, L.S_MOVES, parts, L.S_IO)
        self.ask_seat, self.deal, self.dealt, self.write_outputs = ask_seat, deal, dealt, finish

    def start(self, game, compiled, bots: np.ndarray, weights: np.ndarray, seed: int, game_index: int,
              rotation: int = 0) -> dict:
        """Game game_index of a run with this seed, seats rotated by rotation, set up and advanced
        to its first decision with the log on: the game play_batch plays (play.play_game)."""
        n = compiled.n_players
        s = {"sc": compiled.alloc_scratch(1, True), "log": new_log(game.log_rows),
             "out": Batch.alloc(1, n, len(game.metrics)), "n": n}
        s["out"].metrics[:] = 0.0
        self.deal(compiled.tables, *(self.row(s, p) for p in self.dealt), np.asarray(bots, np.int64),
                  np.uint64(seed), np.uint64(game_index), np.int64(rotation), s["log"], True)
        self.advance(compiled, s, weights)
        return s

    def finish(self, compiled, s: dict) -> None:
        self.write_outputs(compiled, s)

    def ask(self, compiled, s: dict, weights: np.ndarray, k: int) -> int:
        return self.ask_seat(compiled.tables, s["sc"], np.int64(0), self.state_row(s), self.moves(s), np.int64(k),
                             self.rng(s), weights, s["log"])


def outcome(out, n: int, end_reason: str, turns: int, win=float) -> dict:
    """The result hook's dict from one game's row of play_batch's outputs (sim.game.Batch):
    the winners (each seat with a win share), scores, win shares, ranks, places in the turn
    order, the end reason and the turns."""
    wins = [win(v) for v in out.win[0, :n]]
    return {"winner": [p for p in range(n) if wins[p] > 0], "score": [int(v) for v in out.score[0, :n]],
            "win": wins, "rank": [int(v) for v in out.rank[0, :n]],
            "position": [int(v) for v in out.position[0, :n]], "end_reason": end_reason, "turns": turns}


def table_as_seen(st: np.ndarray, hidden: np.ndarray) -> list:
    """The state row as one seat may know it, for observe(): every cell, None where hidden
    is True (what the seat cannot know, and the bots' and the log's bookkeeping). Options are
    made from the state row alone, so two positions a seat cannot tell apart offer it the
    same options (tests/test_observe.py)."""
    row = st.tolist()
    for i in np.flatnonzero(hidden).tolist():
        row[i] = None
    return row
