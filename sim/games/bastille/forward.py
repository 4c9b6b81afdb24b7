"""Bastille's hooks for the generic Python game API (sim/api.py) and the OpenSpiel adapter
(sim/openspiel.py), the same names and signatures as doppelganger's: one game's state is a
dict of numpy arrays (the state row ``st``, its streams, the bots' float row ``memo``, the
event log, the option rows, the rollout bot's playout scratch and, once the game is over,
its final ranking), and the forward model's kernels (kernels/bastille/forward.py) and the
shipped bots as play_game asks them (play.ask_seat) are called by name."""
from __future__ import annotations

import numpy as np

from kernels.bastille import forward as F
from kernels.bastille import layout as K
from kernels.bastille.play import ask_seat, finish_game
from kernels.bastille.rollout import redeal_hidden  # noqa: F401  (the no-peek hook)
from kernels.bastille.state import log_ev, setup_game
from kernels.common import as_row, seat_bots as rotate_bots
from kernels.rng import CHANCE, seed_streams
from kernels.search import alloc_tree
from sim.game import Batch
from sim.games.bastille.trace import GROUPS, LOCATIONS, WEAPONS, card_text, mission_text

DECISION_KINDS = {K.DEC_NONE: "game over", K.DEC_PLACE: "placement",
                  K.DEC_VERSAILLES: "Versailles side", K.DEC_CHARACTER: "character",
                  K.DEC_PILE: "mission pile", K.DEC_MISSION: "mission",
                  K.DEC_CATACOMB: "catacomb bonus", K.DEC_WEAPON: "weapon",
                  K.DEC_UPGRADE: "upgrade", K.DEC_MONK: "monk's group"}


def start(game, compiled, bots: np.ndarray, weights: np.ndarray, seed: int, game_index: int,
          rotation: int = 0) -> dict:
    """Game game_index of a run with this seed, seats rotated by rotation, set up and advanced
    to its first decision with the log on: the game play_batch plays (play.play_one)."""
    s = {"st": np.zeros(K.ST_SIZE, np.int64), "rng": np.zeros(1 + K.MAXP, np.uint64),
         "memo": np.zeros(K.FS_SIZE, np.float64), "log": np.zeros((game.log_rows, 6), np.int64),
         "buf": np.zeros((K.K_MAX, K.OPT_W), np.int64),
         # the rollout bot's playout scratch: overwritten by every playout, never read first
         "d": np.zeros(K.ST_SIZE, np.int64), "drng": np.zeros(1 + K.MAXP, np.uint64),
         "dfs": np.zeros(K.FS_SIZE, np.float64), "dbuf": np.zeros((K.K_MAX, K.OPT_W), np.int64),
         # the search bot's tree (a full one only when a search bot plays)
         "tree": [a[0] for a in alloc_tree(1, K.OPT_W, K.MAXP, k_max=K.K_MAX,
                                           **({} if game.rollout_bot(bots) else {"nodes": 1}))],
         # the final ranking, as play_batch's Batch holds it (one game's row)
         "out": Batch.alloc(1, compiled.n_players, len(game.metrics)), "n": compiled.n_players}
    st, rng, log = as_row(s["st"]), as_row(s["rng"]), s["log"]
    seed_streams(rng, np.uint64(seed), np.uint64(game_index))
    rotate_bots(np.asarray(bots, np.int64), np.int64(rotation), st[K.SEATBOT:K.SEATBOT + K.MAXP])
    setup_game(as_row(compiled.tables[0]), st, rng, CHANCE)
    st[K.G_LOGON] = 1
    log_ev(st, log, K.EV_ROUND, -1, 1, 0, 0, 0)
    F.advance(compiled.tables, st, rng, as_row(np.asarray(weights, np.float64)), log, 1)
    _finish_if_over(compiled, s)
    return s


def _finish_if_over(compiled, s: dict) -> None:
    """At the end, once: the final ranking and the end-of-game events, as play_batch does."""
    st = as_row(s["st"])
    if int(st[K.G_KIND]) == K.DEC_NONE and "done" not in s:
        s["done"] = True
        out = s["out"]
        finish_game(as_row(compiled.tables[0]), st, out.score[0], out.rank[0], out.win[0],
                    out.position[0], out.metrics[0], s["log"])


def state_row(s: dict) -> np.ndarray:
    return as_row(s["st"])


def kind(s: dict) -> int:
    return int(s["st"][K.G_KIND])


def seat(s: dict) -> int:
    return int(s["st"][K.G_SEAT])


def _options(compiled, s: dict) -> int:
    return int(F.options(compiled.tables, as_row(s["st"]), s["buf"]))


def options(compiled, s: dict) -> np.ndarray:
    return s["buf"][:_options(compiled, s)].copy()


def apply(compiled, s: dict, weights: np.ndarray, row: np.ndarray) -> None:
    F.apply(compiled.tables, as_row(s["st"]), as_row(s["rng"]),
            as_row(np.asarray(weights, np.float64)), np.ascontiguousarray(row, np.int64),
            s["log"], 1)
    _finish_if_over(compiled, s)


def bot_choice(compiled, s: dict, weights: np.ndarray) -> int:
    """The option index the seat's bot chooses, asked as play_game asks it (drawing from
    that seat's stream)."""
    k = _options(compiled, s)
    R = as_row
    return int(ask_seat(R(compiled.tables[0]), R(s["st"]), R(s["rng"]),
                        R(np.asarray(weights, np.float64)), R(s["memo"]), s["buf"], np.int64(k),
                        R(s["d"]), R(s["drng"]), R(s["dfs"]), s["dbuf"], s["log"],
                        tuple(R(a) if a.ndim == 1 else a for a in s["tree"])))


def events(s: dict) -> np.ndarray:
    return s["log"][:int(s["st"][K.G_LOGN])]


def bots_in_seats(s: dict) -> np.ndarray:
    """The bot code in each seat."""
    return s["st"][K.SEATBOT:K.SEATBOT + s["n"]]


def chance_row(s: dict) -> np.ndarray:
    """The game's stream states (the chance stream and each seat's bot stream)."""
    return s["rng"]


def turn_cap(compiled) -> int:
    """Tile placements: 8 rounds, at most 18 influence spaces a round."""
    from sim.games.bastille import GAME
    return GAME.max_turns


def describe(compiled, state: dict, row) -> str:
    """An option row of the pending decision in words."""
    T, st = compiled.T, state["st"]
    kind, a, b = int(st[K.G_KIND]), int(row[0]), int(row[1])
    if kind == K.DEC_PLACE:
        return f"place a {a} on {LOCATIONS[b]}"
    if kind == K.DEC_VERSAILLES:
        return f"take side {'ab'[a]} of the Versailles tile"
    if kind == K.DEC_CHARACTER:
        return "take no character" if a < 0 else f"take the {card_text(T, b)}"
    if kind == K.DEC_PILE:
        return f"take a mission from pile {'A' if a == K.AT_DECK else 'B'} ({b} cards)"
    if kind == K.DEC_MISSION:
        return f"keep mission card {a + 1}, {mission_text(T, a)}"     # the deck has several of a kind
    if kind == K.DEC_CATACOMB:
        return f"put the henchman on catacomb bonus {a + 1}"
    if kind == K.DEC_WEAPON:
        return f"claim a {WEAPONS[a]} ({b} in the Bastille)"
    if kind == K.DEC_UPGRADE:
        return f"upgrade a {a} to a {a + 1}"
    if kind == K.DEC_MONK:
        return f"sort the monk into the {GROUPS[a]}s"
    return "nothing (the game is over)"


def observe(compiled, state: dict, seat: int) -> dict:
    """What seat may see: every public field, its own mission cards, not the others' missions
    nor the order of the decks and stacks."""
    st, T, n = state["st"], compiled.T, compiled.n_players
    fields = ("P_COINS", "P_VP", "P_BPOS", "P_HSUP", "P_HBAG", "P_TORCH", "P_NCHAR", "P_NMIS")
    players = [{f[2:].lower(): int(st[K.PL + p * K.NPF + getattr(K, f)]) for f in fields}
               for p in range(n)]
    hand = {p: {v: int(st[K.PL + p * K.NPF + K.P_HAND + v]) for v in range(1, T.max_value + 1)}
            for p in range(n)}
    return {"seat": seat, "round": int(st[K.G_ROUND]) + 1, "players": players, "tiles": hand,
            "display": [int(c) for c in st[K.DISP:K.DISP + T.display_n]],
            "my_missions": [m for m in range(T.n_missions) if st[K.MLOC + m] == seat],
            "decision": DECISION_KINDS[int(st[K.G_KIND])], "to_choose": int(st[K.G_SEAT])}


def result(compiled, s: dict) -> dict | None:
    """None while the game goes on; else the winners (equal VP and coins share the win), the
    VP scores, each seat's win share, rank and place in the turn order, the end reason and
    the tile placements (the game's turns)."""
    if kind(s) != K.DEC_NONE:
        return None
    n, out = compiled.n_players, s["out"]
    win = [float(v) for v in out.win[0, :n]]       # 1/k for each of k tied winners
    return {"winner": [p for p in range(n) if win[p] > 0], "score": [int(v) for v in out.score[0, :n]],
            "win": win, "rank": [int(v) for v in out.rank[0, :n]],
            "position": [int(v) for v in out.position[0, :n]], "end_reason": "finished",
            "turns": int(s["st"][K.G_NPLACED])}


def arc_point(compiled, s: dict) -> tuple[int, np.ndarray]:
    """(rounds begun, each seat's standing): its VP so far plus, until the final scoring has
    counted them, the VP printed on the characters it holds (nothing takes a character away).
    The arc stands still after each round, interim scoring included (analysis/studies/arc.py)."""
    st, n = s["st"], s["n"]
    held = 0 if kind(s) == K.DEC_NONE else 1
    return int(st[K.G_ROUND]), np.array([st[K.PL + p * K.NPF + K.P_VP] + held * st[K.PL + p * K.NPF + K.P_CVP]
                                         for p in range(n)], np.int64)
