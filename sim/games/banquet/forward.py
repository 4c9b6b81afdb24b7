"""The Last Banquet's hooks for the generic Python game API (sim/api.py) and the OpenSpiel
adapter (sim/openspiel.py), the same names and signatures as Bastille's: one game's state is
a dict holding the scratch tuple play_batch plays a game in (the state row, streams, log
counter and decisions, move rows, the rollout bot's playout scratch: one row each), the
seats' metrics, the event log and, once the game is over, its final outputs; the forward
model's kernels (kernels/banquet/forward.py) and the shipped bots as play_game asks them
(play.ask_seat) are called by name on those arrays."""
from __future__ import annotations

import numpy as np

from kernels.banquet import layout as L
from kernels.banquet import forward as F
from kernels.banquet.play import ask_seat, deal, finish_game
from kernels.banquet.rollout import redeal_hidden  # noqa: F401  (the no-peek hook)
from kernels.banquet.objectives import final_scores, team_of
from sim.game import Batch

DECISION_KINDS = dict(enumerate(L.DEC_NAMES))
SLOTS = ("basic action", "action 1", "action 2", "favor", "reaction")
OPS = ("nothing", "switch with", "make switch", "move to place", "move next to", "bring next to",
       "have each adjacent player switch", "sit", "stand", "reverse the scepter", "protect", "look at",
       "reveal")


def _row(s: dict, i: int) -> np.ndarray:
    return s["sc"][i][0]


def start(game, compiled, bots: np.ndarray, weights: np.ndarray, seed: int, game_index: int,
          rotation: int = 0) -> dict:
    """Game game_index of a run with this seed, seats rotated by rotation, set up and advanced
    to its first decision with the log on: the game play_batch plays (play.play_game)."""
    n = compiled.n_players
    s = {"sc": compiled.alloc_scratch(1, True), "log": np.zeros((game.log_rows, 6), np.int64),
         "out": Batch.alloc(1, n, len(game.metrics)), "n": n}
    s["out"].metrics[:] = 0.0
    deal(compiled.tables, state_row(s), _row(s, L.S_RNG), _row(s, L.S_IO), _row(s, L.S_SIM),
         _row(s, L.S_SEAT_BOTS), np.asarray(bots, np.int64), np.uint64(seed), np.uint64(game_index),
         np.int64(rotation), s["log"], True)
    F.advance(compiled.tables, *_state(s), _row(s, L.S_RNG), np.asarray(weights, np.float64), s["log"], True)
    _finish_if_over(compiled, s)
    return s


def _state(s: dict) -> tuple:
    """The forward model's state arguments: st, io, met, sim, mv."""
    return (state_row(s), _row(s, L.S_IO), s["out"].metrics[0], _row(s, L.S_SIM), _row(s, L.S_MOVES))


def _finish_if_over(compiled, s: dict) -> None:
    """At the end, once: the final outputs, as play_batch writes them."""
    if kind(s) == L.DEC_NONE and "done" not in s:
        s["done"] = True
        o = s["out"]
        finish_game(compiled.tables, s["sc"], np.int64(0), np.int64(0), o.score, o.rank, o.win, o.role,
                    o.secret_role, o.position, o.turns, o.end_reason, o.decisions)


def state_row(s: dict) -> np.ndarray:
    return _row(s, L.S_STATE)


def kind(s: dict) -> int:
    return int(state_row(s)[L.F_DEC])


def seat(s: dict) -> int:
    return int(state_row(s)[L.F_DEC_SEAT])


def _options(compiled, s: dict) -> int:
    return int(F.options(compiled.tables, *_state(s), _row(s, L.S_MOVES)))


def options(compiled, s: dict) -> np.ndarray:
    return _row(s, L.S_MOVES)[:_options(compiled, s)].copy()


def apply(compiled, s: dict, weights: np.ndarray, row: np.ndarray) -> None:
    F.apply(compiled.tables, *_state(s), _row(s, L.S_RNG), np.asarray(weights, np.float64),
            np.ascontiguousarray(row, np.int32), s["log"], True)
    _finish_if_over(compiled, s)


def bot_choice(compiled, s: dict, weights: np.ndarray) -> int:
    """The option index the seat's bot chooses, asked as play_game asks it (drawing from
    that seat's stream)."""
    k = _options(compiled, s)
    return int(ask_seat(compiled.tables, s["sc"], np.int64(0), state_row(s), _row(s, L.S_MOVES), np.int64(k),
                        _row(s, L.S_RNG), np.asarray(weights, np.float64), s["log"]))


def events(s: dict) -> np.ndarray:
    return s["log"][:int(_row(s, L.S_IO)[0])]


def bots_in_seats(s: dict) -> np.ndarray:
    """The bot code in each seat."""
    return state_row(s)[L.F_SEATBOT:L.F_SEATBOT + s["n"]]


def chance_row(s: dict) -> np.ndarray:
    """The game's stream states (the chance stream and each seat's bot stream)."""
    return _row(s, L.S_RNG)


def turn_cap(compiled) -> int:
    """Player turns: rounds x actions per player x players, at the widest ranges."""
    from sim.games.banquet import GAME
    return GAME.max_turns


def describe(compiled, state: dict, row) -> str:
    """An option row of the pending decision in words."""
    st = state_row(state)
    k, c = int(st[L.F_DEC]), int(row[L.O_CHOICE])
    name = compiled.names
    if k in (L.DEC_ACTION, L.DEC_REACTION):
        if c == L.MV_PASS:
            return "pass" if k == L.DEC_ACTION else "do not react"
        p = int(st[L.F_DEC_SEAT])
        op = int(compiled.tables[L.T_ACTIONS][st[L.F_CHAR + p], c, L.A_OP])
        x, y, z = int(row[L.MV_X]), int(row[L.MV_Y]), int(row[L.MV_Z])
        words = f"{SLOTS[c]}: {OPS[op]}"
        if op == L.OP_MOVE_TO:
            return f"{words} {x}"
        who = [f"seat {t} ({name[int(st[L.F_CHAR + t])]})" for t in (x, y) if t >= 0]
        side = {1: ", clockwise", -1: ", anticlockwise"}.get(z, "") if op in (L.OP_MOVE_NEXT_TO, L.OP_BRING_NEXT_TO) else ""
        return f"{words} {' and '.join(who)}{side}".rstrip()
    if k == L.DEC_DIRECTION:
        return "the scepter goes clockwise" if c == 1 else "the scepter goes anticlockwise"
    if k == L.DEC_MARK:
        return "leave the mark as it is" if c < 0 else f"mark seat {c}"
    if k == L.DEC_BRIBE:
        return "bribe nobody" if c < 0 else f"bribe seat {c}"
    if k == L.DEC_VETO:
        return "decline the favor (a veto token)" if c == 1 else "accept the favor"
    if k == L.DEC_PLACE:
        return f"go to the free place {c}"
    if k == L.DEC_PARTNER:
        return "switch with nobody" if c < 0 else f"switch places with seat {c}"
    if k == L.DEC_KEYRING:
        return "keep the Keyring" if c < 0 else f"hand the Keyring to seat {c}"
    if k == L.DEC_GATEHOUSE:
        return "enter the gatehouse" if c == 1 else "wait beside the gatehouse"
    if k == L.DEC_SEAT:
        return f"take place {c}"
    if k == L.DEC_REFLIP:
        return "spend a pendant on another flip" if c == 1 else "stop searching"
    return "nothing (the game is over)"


def observe(compiled, state: dict, seat: int) -> dict:
    """What seat may see: the table (places, who stands, characters, factions: the pendants
    are worn, marks, tokens), its own secret and the items it knows (F_KNOWN), not the other
    secrets nor the streams."""
    st, n = state_row(state), compiled.n_players
    known = [bool(st[L.F_KNOWN + seat * L.MAXP + p]) for p in range(n)]
    return {"seat": seat, "round": int(st[L.F_ROUND]) + 1, "direction": int(st[L.F_DIR]),
            "holder": int(st[L.F_HOLDER]), "host": int(st[L.F_HOST]),
            "places": [int(v) for v in st[L.F_PLACE:L.F_PLACE + n]],
            "standing": [int(v) for v in st[L.F_STAND:L.F_STAND + n]],
            "characters": [compiled.names[int(c)] for c in st[L.F_CHAR:L.F_CHAR + n]],
            "factions": [L.ROLES[int(f)] for f in st[L.F_FACTION:L.F_FACTION + n]],
            "marked": [int(v) for v in st[L.F_TOKEN:L.F_TOKEN + n]],
            "my_secret": int(st[L.F_SECRET + seat]),
            "items_known": {p: int(st[L.F_ITEM + p]) for p in range(n) if known[p]},
            "decision": DECISION_KINDS[int(st[L.F_DEC])], "to_choose": int(st[L.F_DEC_SEAT])}


def result(compiled, s: dict) -> dict | None:
    """None while the game goes on; else each seat's faction score, win (1/0; every member
    of the winning faction wins), rank and place from the host, the end reason and the turns."""
    if kind(s) != L.DEC_NONE:
        return None
    n, out = compiled.n_players, s["out"]
    win = [int(v) for v in out.win[0, :n]]
    return {"winner": [p for p in range(n) if win[p]], "score": [int(v) for v in out.score[0, :n]],
            "win": win, "rank": [int(v) for v in out.rank[0, :n]],
            "position": [int(v) for v in out.position[0, :n]],
            "end_reason": L.END_REASONS[int(out.end_reason[0])], "turns": int(out.turns[0])}


def arc_checkpoint_name(compiled) -> str:
    """Where the arc stands still: after each round's objective phase; scenario 6 has one
    round, so after each lap of the scepter round the table."""
    return "lap" if compiled.tables[L.T_RULES][L.R_SCEN] == L.SCEN_CASTLE else "round"


def arc_point(compiled, s: dict) -> tuple[int, np.ndarray]:
    """(rounds whose objective phase is over, or in scenario 6 laps of the scepter: n passes to
    a player, each faction's standing): the factions' scores if the game ended now
    (objectives.final_scores, as the search bot reads a position: in scenario 1 the king's
    faction holds its survival point and 2 for each assassin it has marked, the traitors nothing
    until the king falls; in scenario 6 everyone 0 until the princess is out). At the end it is
    the final score. arc_teams says whose standing each is (analysis/studies/arc.py)."""
    st = state_row(s)
    rules = compiled.tables[L.T_RULES]
    team = np.zeros(L.MAXF, np.int64)
    final_scores(st, compiled.tables, team)
    if rules[L.R_SCEN] == L.SCEN_CASTLE:
        return int(st[L.F_PASSES]) // s["n"], team
    return int(st[L.F_ROUND]), team


def arc_teams(compiled, s: dict) -> np.ndarray:
    """Each seat's faction as the game ends (objectives.team_of; scenario 4's converts are the
    white maiden's): factions win as teams, so the arc is each faction's, its members sharing it."""
    st, scen = state_row(s), int(compiled.tables[L.T_RULES][L.R_SCEN])
    return np.array([team_of.py_func(scen, int(st[L.F_FACTION + p])) for p in range(s["n"])], np.int64)
