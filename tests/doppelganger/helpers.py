"""Small helpers that build doppelganger positions and call the compiled functions."""
from __future__ import annotations

import numpy as np

from kernels.doppelganger import layout as L
from kernels.doppelganger.bots import plan_turn
from kernels.doppelganger.moves import list_actions
from kernels.doppelganger.rules import attack_options, play_turn, resolve_attack
from kernels.doppelganger.state import setup_game
from kernels.rng import seed_streams
from sim.games.doppelganger import GAME

CONTENT = GAME.content()
A, T, O = 0, 1, 2   # attacker, target, onlooker (attack_table)


def compiled(n: int = 4, sets: tuple[str, ...] = ()):
    return GAME.compile(GAME.content(sets=sets), n)


def weights(sets: tuple[str, ...] = ()) -> np.ndarray:
    return GAME.weights(GAME.content(sets=sets))


def mask(*cards: int) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def bits(m: int) -> list[int]:
    return [i for i in range(32) if (m >> i) & 1]


class Table:
    """One game's state row plus the scratch a turn needs, for driving the rules from tests."""

    def __init__(self, n: int = 4, seed: int = 1, game_index: int = 0, sets: tuple[str, ...] = ()):
        self.c = compiled(n, sets)
        self.n = n
        self.rules = self.c.rules
        self.w = weights(sets)
        self.scratch = sc = self.c.alloc_scratch(1, True)
        (self.st, self.rng, self.deck, self.reach, self.acts, self.plans, self.pscore, self.kn,
         self.fv, self.gplan, self.ctr, self.rplans, self.rscore, self.rst, self.rrng, self.pbots,
         self.pmet) = (sc[i] for i in (L.S_STATE, L.S_RNG, L.S_DECK, L.S_REACH, L.S_ACTS, L.S_PLANS,
                                       L.S_PSCORE, L.S_KN, L.S_FV, L.S_GIVEN, L.S_CTR, L.S_RPLANS,
                                       L.S_RSCORE, L.S_RSTATE, L.S_RRNG, L.S_PBOTS, L.S_PMET))
        seed_streams(self.rng[0], seed, game_index)
        self.s = self.st[0]
        self.log = np.zeros((4096, 6), np.int64)
        self.li = np.zeros(1, np.int64)
        self.dec = np.zeros(1, np.int64)
        self.met = np.zeros((n, L.N_METRICS), np.float64)
        setup_game(self.s, n, self.rules, self.rng[0], self.deck[0])

    # -- state access ---------------------------------------------------------------------
    def get(self, field: int, p: int = 0) -> int:
        return int(self.s[field + p])

    def set(self, field: int, p: int, value: int) -> None:
        self.s[field + p] = value

    def place(self, p: int, node: int) -> None:
        self.s[L.F_POS + p] = node

    def room(self, name: str) -> int:
        return self.c.where.index(name)

    def weapon(self, name: str) -> int:
        return self.c.what.index(name)

    def clear_weapons(self) -> None:
        for r in range(L.MAXC):
            self.s[L.F_ROOM_W + r] = 0
        for p in range(self.n):
            self.s[L.F_HELD + p] = 0

    def deal(self, p: int, who=(), where=(), what=()) -> None:
        """Give player p exactly these cards (tests build the position they need)."""
        self.s[L.F_WHO + p] = mask(*who)
        self.s[L.F_WHERE + p] = mask(*where)
        self.s[L.F_WHAT + p] = mask(*what)

    # -- rules --------------------------------------------------------------------------------
    def attack(self, attacker: int, target: int, weapon: int, choice: int | None = None) -> int:
        room = self.get(L.F_POS, attacker)
        opts = attack_options(self.s, target, room, weapon, self.rules)
        if choice is None:
            choice = opts
        return resolve_attack(self.s, attacker, target, weapon, choice, self.rules, self.log, self.li,
                              True, self.met)

    def options(self, target: int, room: int, weapon: int) -> int:
        return attack_options(self.s, target, room, weapon, self.rules)

    def actions(self, p: int) -> list[tuple[int, int, int, int]]:
        k = list_actions(self.s, self.n, p, self.rules, self.acts[0])
        return [tuple(int(x) for x in self.acts[0, i]) for i in range(k)]

    def turn(self, seat: int, total: int, bots: np.ndarray, given: np.ndarray | None = None) -> int:
        if given is None:
            given = np.full(L.P_SIZE, -1, np.int32)
        return play_turn(self.s, self.n, seat, total, given, bots, self.rules, self.w, self.c.dist,
                         self.c.nxt, self.c.pads, self.c.pad_index, self.rng[0], self.reach[0],
                         self.acts[0], self.plans[0], self.pscore[0], self.kn[0], self.fv[0], self.log,
                         self.li, False, self.met, self.dec)

    def plan(self, seat: int, total: int, deep: int) -> tuple[int, ...]:
        plan_turn(self.s, self.n, seat, total, self.rules, self.w, self.c.dist, self.c.nxt, self.c.pads,
                  self.c.pad_index, self.kn[0], self.fv[0], deep, self.plans[0], self.pscore[0], 1)
        return tuple(int(x) for x in self.plans[0, 0])


def attack_table():
    """Target T holds Kitchen/Hall/Study, Rope/Knife/Axe; everybody in the Kitchen; A has the Rope
    and the Wrench."""
    t = Table(4)
    t.clear_weapons()
    k, hall, study = t.room("Kitchen"), t.room("Hall"), t.room("Study")
    t.deal(T, who=(0, 1, 2), where=(k, hall, study), what=(t.weapon("Rope"), t.weapon("Knife"), t.weapon("Axe")))
    for p in range(4):
        t.place(p, k)
    t.set(L.F_HELD, A, mask(t.weapon("Rope"), t.weapon("Wrench")))
    return t


# -- hooks of the generic tests (tests/test_every_game.py) -----------------------------------

def deal(compiled, events, scratch):
    """What chance alone decides in a traced game, as logged: the hands, the weapon tokens,
    and the dice of every turn."""
    return {name: events[events[:, 0] == ev]
            for name, ev in (("hands", L.EV_HAND), ("weapon tokens", L.EV_TOKEN), ("dice", L.EV_ROLL))}
