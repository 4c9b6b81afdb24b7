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
from sim.hooks import Plumbing, new_log, outcome, table_as_seen
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
         "memo": np.zeros(K.FS_SIZE, np.float64), "log": new_log(game.log_rows),
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
    HOOKS.advance(compiled, s, weights)
    return s


class _Hooks(Plumbing):
    """The arrays as the kernels take them: rows viewed as_row, the log switch an int."""
    log_on = 1

    def state_row(self, s: dict) -> np.ndarray:
        return as_row(s["st"])

    def state_args(self, s: dict) -> tuple:
        return (as_row(s["st"]),)

    def moves(self, s: dict) -> np.ndarray:
        return s["buf"]

    def rng(self, s: dict) -> np.ndarray:
        return as_row(s["rng"])

    def weights_arg(self, weights) -> np.ndarray:
        return as_row(np.asarray(weights, np.float64))

    def logged(self, s: dict) -> int:
        return int(s["st"][K.G_LOGN])

    def finish(self, compiled, s: dict) -> None:
        """The final ranking and the end-of-game events, as play_batch does."""
        out = s["out"]
        finish_game(as_row(compiled.tables[0]), as_row(s["st"]), out.score[0], out.rank[0], out.win[0],
                    out.position[0], out.metrics[0], s["log"])

    def ask(self, compiled, s: dict, weights: np.ndarray, k: int) -> int:
        R = as_row
        return ask_seat(R(compiled.tables[0]), R(s["st"]), R(s["rng"]), weights, R(s["memo"]), s["buf"],
                        np.int64(k), R(s["d"]), R(s["drng"]), R(s["dfs"]), s["dbuf"], s["log"],
                        tuple(R(a) if a.ndim == 1 else a for a in s["tree"]))


HOOKS = _Hooks(F, K.G_KIND, K.G_SEAT)
state_row, kind, seat, options, apply = HOOKS.state_row, HOOKS.kind, HOOKS.seat, HOOKS.options, HOOKS.apply
bot_choice, events, chance_row = HOOKS.bot_choice, HOOKS.events, HOOKS.chance_row


def bots_in_seats(s: dict) -> np.ndarray:
    """The bot code in each seat."""
    return s["st"][K.SEATBOT:K.SEATBOT + s["n"]]


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


def _hidden(compiled, st: np.ndarray, seat: int) -> np.ndarray:
    """The cells of st that seat cannot know (redeal_hidden deals them anew) or that are
    bookkeeping: the order of the character deck below the display, of the face-down weapons
    and of the Versailles stack, the bonus tiles of the rounds to come, where each mission card
    is that seat neither holds nor examines (only how many lie in each place, which observe
    lists), the others' missions, the bots and the log, and the rules' and bots' scratch but
    for the monks being sorted."""
    h = np.zeros(len(st), bool)
    h[[K.G_DEC, K.G_LOGN, K.G_LOGON]] = True
    for q in range(compiled.n_players):
        if q != seat:
            h[[K.PL + q * K.NPF + f for f in (K.P_MISMASK, K.P_HELD, K.P_MISVP)]] = True
    h[K.DECK + st[K.G_DECK_TOP]:K.CLOC] = True
    h[K.VERS + st[K.G_VERS_TOP] + 1:K.BONUS] = True
    h[K.BONUS + st[K.G_ROUND] + 1:K.BPOOL] = True
    h[K.BPOOL:K.WPOOL] = True
    h[K.WPOOL + st[K.G_WTOP]:K.MLOC] = True
    h[K.MLOC:K.MLOC + K.MAXM] = _unseen_missions(compiled, st, seat)
    h[K.MORD:K.CATOCC] = True
    h[K.SEATBOT:K.ST_SIZE] = True
    if st[K.G_MSEAT] >= 0:
        h[K.SCR_ORDER:K.SCR_MONK + st[K.G_MN]] = False
    return h


def _unseen_missions(compiled, st: np.ndarray, seat: int) -> np.ndarray:
    """Each mission card seat neither holds nor is examining in a pile it takes from."""
    loc = st[K.MLOC:K.MLOC + K.MAXM]
    examined = st[K.G_C0] if st[K.G_KIND] == K.DEC_MISSION and st[K.G_SEAT] == seat else seat
    unseen = (loc != seat) & (loc != examined)
    unseen[int(compiled.tables[0][K.T_NMIS]):] = False
    return unseen


def observe(compiled, state: dict, seat: int) -> dict:
    """What seat may see: every public field, its own mission cards (and the pile it is
    taking one from), how many unseen mission cards lie in each place, not the others'
    missions nor the order of the decks and stacks. "table" is the whole state row as the
    seat may know it (None where it may not): the whole public board."""
    st, T, n = state["st"], compiled.T, compiled.n_players
    fields = ("P_COINS", "P_VP", "P_BPOS", "P_HSUP", "P_HBAG", "P_TORCH", "P_NCHAR", "P_NMIS")
    players = [{f[2:].lower(): int(st[K.PL + p * K.NPF + getattr(K, f)]) for f in fields}
               for p in range(n)]
    hand = {p: {v: int(st[K.PL + p * K.NPF + K.P_HAND + v]) for v in range(1, T.max_value + 1)}
            for p in range(n)}
    unseen = _unseen_missions(compiled, st, seat)
    return {"seat": seat, "round": int(st[K.G_ROUND]) + 1, "players": players, "tiles": hand,
            "display": [int(c) for c in st[K.DISP:K.DISP + T.display_n]],
            "my_missions": [m for m in range(T.n_missions) if st[K.MLOC + m] == seat],
            "unseen_missions_at": sorted(int(x) for x in st[K.MLOC:K.MLOC + K.MAXM][unseen]),
            "decision": DECISION_KINDS[int(st[K.G_KIND])], "to_choose": int(st[K.G_SEAT]),
            "table": table_as_seen(st, _hidden(compiled, st, seat))}


def result(compiled, s: dict) -> dict | None:
    """None while the game goes on; else the winners (equal VP and coins share the win), the
    VP scores, each seat's win share, rank and place in the turn order, the end reason and
    the tile placements (the game's turns)."""
    if kind(s) != K.DEC_NONE:
        return None
    # the win: 1/k for each of k tied winners
    return outcome(s["out"], compiled.n_players, "finished", int(s["st"][K.G_NPLACED]))


def arc_point(compiled, s: dict) -> tuple[int, np.ndarray]:
    """(rounds begun, each seat's standing): its VP so far plus, until the final scoring has
    counted them, the VP printed on the characters it holds (nothing takes a character away).
    The arc stands still after each round, interim scoring included (analysis/studies/arc.py)."""
    st, n = s["st"], s["n"]
    held = 0 if kind(s) == K.DEC_NONE else 1
    return int(st[K.G_ROUND]), np.array([st[K.PL + p * K.NPF + K.P_VP] + held * st[K.PL + p * K.NPF + K.P_CVP]
                                         for p in range(n)], np.int64)
