"""Doppelganger's hooks for the generic Python game API (sim/api.py): one game's state as
numpy arrays and the forward model's kernels (kernels/doppelganger/forward.py) called by name."""
from __future__ import annotations

import numpy as np

from kernels.doppelganger import forward as F
from kernels.doppelganger import layout as L
from kernels.doppelganger.rollout import redeal_hidden  # noqa: F401  (the no-peek hook)
from kernels.doppelganger.search import search_option
from kernels.common import seat_bots
from sim.hooks import Rows, new_log, table_as_seen

DECISION_KINDS = dict(enumerate(L.DEC_NAMES))


def start(game, compiled, bots: np.ndarray, weights: np.ndarray, seed: int, game_index: int,
          rotation: int = 0) -> dict:
    """A new game advanced to its first decision: its scratch row, metrics and event log."""
    scratch = compiled.alloc_scratch(1, game.rollout_bot(bots))
    met = np.zeros((compiled.n_players, L.N_METRICS), np.float64)
    log = new_log(game.log_rows)
    sb = scratch[L.S_SEAT_BOTS][0]
    seat_bots(np.asarray(bots, np.int64), np.int64(rotation), sb)
    scratch[L.S_GIVEN][0, 1, L.P_DEST] = -1
    ctr = scratch[L.S_CTR][0]
    F.start_game(compiled.tables, scratch[L.S_STATE][0], met, ctr[0:1], scratch[L.S_RNG][0],
                 scratch[L.S_DECK][0], np.uint64(seed), np.uint64(game_index), weights, log, True)
    return {"scratch": scratch, "met": met, "log": log}


def _counter(s: dict) -> np.ndarray:
    return s["scratch"][L.S_CTR][0][0:1]


class _Hooks(Rows):
    def option_args(self, s: dict) -> tuple:
        return tuple(self.row(s, p) for p in (L.S_STATE, L.S_WALK, L.S_REACH, L.S_ACTS))

    def weights_arg(self, weights) -> np.ndarray:
        return weights

    def ask(self, compiled, s: dict, weights: np.ndarray, k: int) -> int:
        sc, buf = s["scratch"], self.moves(s)
        ctr = sc[L.S_CTR][0]
        bot = sc[L.S_SEAT_BOTS][0][seat(s)]
        if bot == L.BOT_SEARCH:
            return search_option(compiled.tables, sc, np.int64(0), s["met"], weights, buf, np.int64(k), s["log"])
        rsc = (sc[L.S_RPLANS][0], sc[L.S_RSCORE][0], sc[L.S_RSTATE][0], sc[L.S_RRNG][0],
               sc[L.S_DECK][0], sc[L.S_PBOTS][0], sc[L.S_GIVEN][0][1:2], sc[L.S_PMET][0], ctr[2:4])
        return F.policy(compiled.tables, sc[L.S_STATE][0], buf, k, bot, sc[L.S_RNG][0], weights,
                        sc[L.S_GIVEN][0][0], sc[L.S_WALK][0], sc[L.S_REACH][0], sc[L.S_ACTS][0],
                        sc[L.S_PLANS][0], sc[L.S_PSCORE][0], sc[L.S_KN][0], sc[L.S_FV][0],
                        ctr[1:2], rsc, s["log"])


# F.apply's state arguments: st, met, the log counter; the events counted in S_CTR's first cell
HOOKS = _Hooks(F, L.F_DEC, L.F_DEC_SEAT, "scratch", L.S_STATE, L.S_RNG, L.S_OPTS, (L.S_STATE, "met", _counter),
               L.S_CTR)
state_row, kind, seat, options, apply = HOOKS.state_row, HOOKS.kind, HOOKS.seat, HOOKS.options, HOOKS.apply
bot_choice, events, chance_row = HOOKS.bot_choice, HOOKS.events, HOOKS.chance_row


def describe(compiled, s: dict, row) -> str:
    """One option in words."""
    c = compiled
    d = kind(s)
    if d in (L.DEC_ACT_BEFORE, L.DEC_ACT_AFTER):
        k, x, drop, w = (int(v) for v in row[:4])
        leave = f", leaving the {c.what[drop]}" if drop >= 0 else ""
        if k == L.ACT_NONE:
            return "no action"
        if k == L.ACT_PICKUP:
            return f"pick up the {c.what[w]}{leave}"
        if k == L.ACT_STEAL:
            return f"steal the {c.what[w]} from seat {x}{leave}"
        return f"attack seat {x} with the {c.what[w]}"
    if d == L.DEC_MOVE:
        dest, tele, bring = (int(v) for v in row[:3])
        b = c.board
        place = b.names[dest] if dest <= b.n_rooms else f"square {dest} ({b.names[dest]})"
        if tele:
            return f"teleport to {place}" + (f", bringing seat {bring}" if bring >= 0 else "")
        return f"walk to {place}"
    if d == L.DEC_REVEAL:
        return {L.REV_WHERE: "turn up the where card", L.REV_WHAT: "turn up the what card",
                L.REV_WHO: "turn up a who card", L.REV_NONE: "turn up nothing"}[int(row[0])]
    return "-"


def observe(compiled, s: dict, seat_: int) -> dict:
    """What one seat may see: its own cards and the public fields (never another's hidden cards);
    "table" is the whole state row as the seat may know it (None where it may not)."""
    st = state_row(s)
    n = compiled.n_players
    own = {"who": int(st[L.F_WHO + seat_]), "where": int(st[L.F_WHERE + seat_]),
           "what": int(st[L.F_WHAT + seat_])}
    public = {name: [int(v) for v in st[f:f + n]] for name, f in (
        ("pos", L.F_POS), ("who_up", L.F_WHO_UP), ("where_up", L.F_WHERE_UP),
        ("what_up", L.F_WHAT_UP), ("held", L.F_HELD), ("not_where", L.F_NOT_WHERE),
        ("not_what", L.F_NOT_WHAT), ("form", L.F_FORM))}
    public["room_weapons"] = [int(v) for v in st[L.F_ROOM_W:L.F_ROOM_W + compiled.rules[L.R_NROOMS]]]
    for name, f in (("decision", L.F_DEC), ("chooser", L.F_DEC_SEAT), ("turn", L.F_TURN),
                    ("dice", L.F_TOTAL), ("actions_left", L.F_LEFT), ("quiet", L.F_QUIET)):
        public[name] = int(st[f])
    if int(st[L.F_DEC]) == L.DEC_REVEAL:
        public["attack"] = {"target": int(st[L.F_ATT_T]), "weapon": int(st[L.F_ATT_W]),
                            "answers": int(st[L.F_ATT_OPTS])}
    return {"seat": seat_, "own": own, "public": public, "table": table_as_seen(st, _hidden(compiled, st, seat_))}


def _hidden(compiled, st: np.ndarray, seat: int) -> np.ndarray:
    """The cells of st that seat cannot know: the others' dealt who, where and what cards
    (every other field is public, kernels/doppelganger/layout.py)."""
    h = np.zeros(len(st), bool)
    for f in (L.F_WHO, L.F_WHERE, L.F_WHAT):
        h[f:f + L.MAXP] = True
        h[f + seat] = False
    return h


def result(compiled, s: dict) -> dict | None:
    """None while the game goes on; else the killer (or None), the scores and the end reason."""
    st = state_row(s)
    if int(st[L.F_DEC]) != L.DEC_NONE:
        return None
    w = int(st[L.F_WINNER])
    n = compiled.n_players
    won = [1 if p == w else 0 for p in range(n)]
    return {"winner": w if w >= 0 else None, "score": won, "win": won,
            "end_reason": ("finished", "turn_cap")[int(st[L.F_END])], "turns": int(st[L.F_TURN])}


def bots_in_seats(s: dict) -> np.ndarray:
    """The bot code in each seat."""
    return s["scratch"][L.S_SEAT_BOTS][0]


def turn_cap(compiled) -> int:
    return int(compiled.rules[L.R_MAX_TURNS])


ARC_ESTIMATE = True         # the arc's standings are an estimate: its last row is checked on the winner


def arc_point(compiled, s: dict) -> tuple[int, np.ndarray]:
    """(rounds of turns begun, each seat's standing). Points come only at the end (the killer
    wins), so the standing is an estimate of who leads, read from the public table: a seat's
    steps toward a kill, the most it has against any other seat, out of the four the rulebook
    sets for a kill of target t: t's who cards face up (t in true form when all are: the first
    term of the bots' bots.readiness), one of t's where cards face up, one of its what cards
    face up, and the seat holding a weapon token of t's face-up what cards. The killer counts
    one more step, the kill, so at the end the winner leads alone; a turn-capped game ends
    on its estimates. The arc stands still after each round of n turns (analysis/studies/arc.py)."""
    st, rules, n = state_row(s), compiled.rules, compiled.n_players
    hand = int(rules[L.R_HAND])
    up = lambda f, p: int(st[f + p])  # noqa: E731
    steps = np.zeros(n, np.int64)
    for a in range(n):
        for t in range(n):
            if t != a:
                kill = (min(bin(up(L.F_WHO_UP, t)).count("1"), hand) + (up(L.F_WHERE_UP, t) != 0)
                        + (up(L.F_WHAT_UP, t) != 0) + ((up(L.F_HELD, a) & up(L.F_WHAT_UP, t)) != 0))
                steps[a] = max(steps[a], kill)
    winner = int(st[L.F_WINNER])
    if winner >= 0:
        steps[winner] += 1
    return max(int(st[L.F_TURN]) - 1, 0) // n, steps
