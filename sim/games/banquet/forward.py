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
from kernels.banquet.rollout import redeal_hidden, secret_is_public  # noqa: F401  (the no-peek hook)
from kernels.banquet.objectives import final_scores, team_of
from sim.hooks import SeatRows, outcome, play_metrics, table_as_seen

DECISION_KINDS = dict(enumerate(L.DEC_NAMES))
SLOTS = ("basic action", "action 1", "action 2", "favor", "reaction")
OPS = ("nothing", "switch with", "make switch", "move to place", "move next to", "bring next to",
       "have each adjacent player switch", "sit", "stand", "reverse the scepter", "protect", "look at",
       "reveal")


def _finish(compiled, s: dict) -> None:
    o = s["out"]
    finish_game(compiled.tables, s["sc"], np.int64(0), np.int64(0), o.score, o.rank, o.win, o.role,
                o.secret_role, o.position, o.turns, o.end_reason, o.decisions)


# the forward model's state arguments: st, io, met, sim, mv
HOOKS = SeatRows(L, F, ask_seat, deal, (L.S_STATE, L.S_RNG, L.S_IO, L.S_SIM, L.S_SEAT_BOTS),
                 (L.S_STATE, L.S_IO, play_metrics, L.S_SIM, L.S_MOVES), _finish)
state_row, kind, seat, options, apply = HOOKS.state_row, HOOKS.kind, HOOKS.seat, HOOKS.options, HOOKS.apply
bot_choice, events, chance_row, _row, start = HOOKS.bot_choice, HOOKS.events, HOOKS.chance_row, HOOKS.row, HOOKS.start


def bots_in_seats(s: dict) -> np.ndarray:
    """The bot code in each seat."""
    return state_row(s)[L.F_SEATBOT:L.F_SEATBOT + s["n"]]


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
    if k == L.DEC_SEND:
        return f"send seat {c} to pick his place"
    if k == L.DEC_REFLIP:
        return "spend a pendant on another flip" if c == 1 else "stop searching"
    return "nothing (the game is over)"


def observe(compiled, state: dict, seat: int) -> dict:
    """What seat may see: the table (places, who stands, characters, factions: the pendants
    are worn, marks, tokens), its own secret and the items it knows (F_KNOWN), not the other
    secrets nor the streams. "table" is the whole state row as the seat may know it (None
    where it may not)."""
    st, n = state_row(state), compiled.n_players
    known = [bool(st[L.F_KNOWN + seat * L.MAXP + p]) for p in range(n)]
    dealt = characters_dealt(compiled, st)
    return {"seat": seat, "round": int(st[L.F_ROUND]) + 1, "direction": int(st[L.F_DIR]),
            "holder": int(st[L.F_HOLDER]) if dealt else None, "host": int(st[L.F_HOST]) if dealt else None,
            "places": [int(v) for v in st[L.F_PLACE:L.F_PLACE + n]],
            "standing": [int(v) for v in st[L.F_STAND:L.F_STAND + n]],
            "characters": [compiled.names[int(c)] if dealt else None for c in st[L.F_CHAR:L.F_CHAR + n]],
            "factions": [L.ROLES[int(f)] for f in st[L.F_FACTION:L.F_FACTION + n]],
            "marked": [int(v) for v in st[L.F_TOKEN:L.F_TOKEN + n]],
            "my_secret": int(st[L.F_SECRET + seat]),
            "items_known": {p: int(st[L.F_ITEM + p]) for p in range(n) if known[p]},
            "decision": DECISION_KINDS[int(st[L.F_DEC])], "to_choose": int(st[L.F_DEC_SEAT]),
            "table": table_as_seen(st, _hidden(compiled, st, seat))}


def _hidden(compiled, st: np.ndarray, seat: int) -> np.ndarray:
    """The cells of st that seat cannot know (redeal_hidden re-deals them): the secret and the
    item of each other player whose item it has not learnt and whose having no secret is not
    public; and the bots in the seats."""
    h = np.zeros(len(st), bool)
    for p in range(compiled.n_players):
        if p != seat and not st[L.F_KNOWN + seat * L.MAXP + p] and not secret_is_public.py_func(st, compiled.tables, p):
            h[[L.F_SECRET + p, L.F_ITEM + p]] = True
    h[L.F_SEATBOT:L.F_SEATBOT + L.MAXP] = True
    if not characters_dealt(compiled, st):        # the re-deal shuffles them, the host with them
        h[L.F_CHAR:L.F_CHAR + compiled.n_players] = True
        h[[L.F_HOST, L.F_HOLDER]] = True
    return h


def characters_dealt(compiled, st: np.ndarray) -> bool:
    """False while scenario 6's places are picked: its characters are dealt after the places
    (set-up step 7), and the host (the lowest initiative) with them."""
    return not (compiled.tables[L.T_RULES][L.R_SCEN] == L.SCEN_CASTLE and st[L.F_STEP] == L.S_SETUP)


def result(compiled, s: dict) -> dict | None:
    """None while the game goes on; else each seat's faction score, win (1/0; every member
    of the winning faction wins), rank and place from the host, the end reason and the turns."""
    if kind(s) != L.DEC_NONE:
        return None
    out = s["out"]
    return outcome(out, compiled.n_players, L.END_REASONS[int(out.end_reason[0])], int(out.turns[0]), win=int)


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
