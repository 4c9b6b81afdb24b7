"""Small helpers that build doppelganger positions and call the compiled functions."""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from kernels.doppelganger import layout as L
from kernels.doppelganger.bots import choose_reveal, kill_here, plan_turn, random_move
from kernels.doppelganger.moves import list_actions
from kernels.doppelganger.rules import attack_options, play_turn, resolve_attack
from kernels.doppelganger.rollout import redeal_hidden, rollout_plan
from kernels.doppelganger.state import setup_game
from kernels.rng import BOT0, below, seed_streams
from sim.games.doppelganger import GAME

CONTENT = GAME.content()
FAST_ROLLOUT = ("bots.rollout_playouts=2", "bots.rollout_candidates=2", "bots.rollout_horizon=12",
               "bots.search_iterations=4", "bots.search_depth=20")   # and a tiny search
# The rollout at the no-peek positions: enough playouts, candidates and horizon that its plan
# depends on them (with FAST_ROLLOUT few playouts end and it nearly always keeps the hunter's
# best plan; test_no_peek.py shows the difference)
NO_PEEK_ROLLOUT = ("bots.rollout_playouts=4", "bots.rollout_candidates=4", "bots.rollout_horizon=40")
ROLLOUT_TOTALS = (4, 7, 10)
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
         self.pmet, self.walk) = (sc[i] for i in (L.S_STATE, L.S_RNG, L.S_DECK, L.S_REACH, L.S_ACTS,
                                                  L.S_PLANS, L.S_PSCORE, L.S_KN, L.S_FV, L.S_GIVEN,
                                                  L.S_CTR, L.S_RPLANS, L.S_RSCORE, L.S_RSTATE,
                                                  L.S_RRNG, L.S_PBOTS, L.S_PMET, L.S_WALK))
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
                         self.c.nxt, self.c.pads, self.c.pad_index, self.c.adj, self.c.pdist,
                         self.walk[0], self.rng[0], self.reach[0],
                         self.acts[0], self.plans[0], self.pscore[0], self.kn[0], self.fv[0], self.log,
                         self.li, False, self.met, self.dec)

    def plan(self, seat: int, total: int, deep: int) -> tuple[int, ...]:
        plan_turn(self.s, self.n, seat, total, self.rules, self.w, self.c.dist, self.c.nxt, self.c.pads,
                  self.c.pad_index, self.c.adj, self.c.pdist, self.walk[0], self.kn[0], self.fv[0], deep,
                  self.plans[0], self.pscore[0], 1)
        return tuple(int(x) for x in self.plans[0, 0])


def attack_table(sets: tuple[str, ...] = ()):
    """Target T holds Kitchen/Hall/Study, Rope/Knife/Axe; everybody in the Kitchen; A has the Rope
    and the Wrench (content with these --set overrides)."""
    t = Table(4, sets=sets)
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


class Unseen:
    """A seat of Table t as the no-peek test sees it (on a copy of t's scratch): every choice
    of every bot kind, and a re-deal of every card the seat cannot see."""

    def __init__(self, t, seat):
        self.t, self.seat = t, seat
        self.row = [a[0].copy() for a in t.scratch]       # row 0 of every scratch array
        self.rollout_plan = rollout_plan                  # test_no_peek.py plants a peeking one

    def redeal(self, seed):
        """Re-deal with the kernel's redeal_hidden; True when a card changed hands."""
        s = self.row[L.S_STATE]
        before = s.copy()
        rng = np.zeros(1 + self.t.n, np.uint64)
        seed_streams(rng, seed, 99)
        redeal_hidden(self.t.c.tables, s, self.seat, rng)
        return not np.array_equal(before, s)

    def decisions(self):
        """Every bot kind's answer to every choice a doppelganger bot makes, each asked of a
        fresh copy of the state, the streams and the bots' scratch: greedy and hunter plans
        (the action before moving is a plan for a total of 0), a kill in the room, the random
        bot's action and move, the answer to an attack, the rollout's plan for
        a few dice totals (its playouts greedy in every seat, as the game plays them)."""
        t, me, n, c, w = self.t, self.seat, self.t.n, self.t.c, self.t.w
        in_room = self.row[L.S_STATE][L.F_POS + me] < c.rules[L.R_NROOMS]

        def plans(total, deep):
            def f(a):
                k = plan_turn(a.st, n, me, total, c.rules, w, c.dist, c.nxt, c.pads, c.pad_index,
                              c.adj, c.pdist, a.walk, a.kn, a.fv, deep, a.plans, a.pscore, L.MAX_PLANS)
                return a.plans[:k].tolist(), a.pscore[:k].tolist()
            return f

        def random_action(a):
            k = list_actions(a.st, n, me, c.rules, a.acts)
            return a.acts[below(a.rng, BOT0 + me, k)].tolist()

        def random_walk(total):
            def f(a):
                random_move(a.st, n, me, total, c.rules, c.dist, c.pads, c.pad_index, c.adj, c.pdist,
                            a.walk, a.reach, a.rng, a.plans[0])
                return a.plans[0].tolist()
            return f

        def reveal(bot):            # every attacker, weapon and set of options
            def f(a):
                return [int(choose_reveal(a.st, n, me, x, a.st[L.F_POS + x], wp, opts, bot, c.rules, w,
                                          a.rng.copy()))
                        for x in range(n) if x != me for wp in range(c.rules[L.R_NCARDS])
                        for opts in (3, 5, 6, 7)]
            return f

        def kill(a):
            return int(kill_here(a.st, n, me, c.rules, a.plans[0])), a.plans[0].tolist()

        def rollout(total):
            def f(a):
                a.gplan[1, L.P_DEST] = -1   # the playouts' other turns get no plan from outside
                self.rollout_plan(a.st, n, me, total, c.rules[L.R_ACTIONS], c.rules, w, c.dist, c.nxt,
                                  c.pads, c.pad_index, c.adj, c.pdist, a.walk, a.rng, a.reach, a.acts,
                                  a.plans, a.pscore, a.kn, a.fv, a.rplans, a.rscore, a.rst, a.rrng,
                                  a.deck, a.pbots, a.gplan[1:2], a.pmet, a.ctr[2:4], t.log, a.gplan[0])
                return a.gplan[0].tolist()
            return f

        asks = [("random", f"move {total}", random_walk(total)) for total in (2, 7, 12)]
        asks += [("random", "room action", random_action)] if in_room else []
        asks += [(bot, f"plan for {total}", plans(total, deep))
                 for bot, deep in (("greedy", 0), ("hunter", 1)) for total in (0, 3, 7, 11)]
        asks += [(GAME.bots[bot], "answer to an attack", reveal(bot)) for bot in range(len(GAME.bots))]
        asks += [(bot, "kill here", kill) for bot in ("greedy", "hunter")]
        asks += [("rollout", f"plan for {total}", rollout(total)) for total in ROLLOUT_TOTALS]
        return [(bot, name, self.ask(f)) for bot, name, f in asks]

    def ask(self, f):
        r = [x.copy() for x in self.row]
        return f(SimpleNamespace(
            st=r[L.S_STATE], rng=r[L.S_RNG], deck=r[L.S_DECK], reach=r[L.S_REACH], acts=r[L.S_ACTS],
            plans=r[L.S_PLANS], pscore=r[L.S_PSCORE], kn=r[L.S_KN], fv=r[L.S_FV], gplan=r[L.S_GIVEN],
            ctr=r[L.S_CTR], rplans=r[L.S_RPLANS], rscore=r[L.S_RSCORE], rst=r[L.S_RSTATE],
            rrng=r[L.S_RRNG], pbots=r[L.S_PBOTS], pmet=r[L.S_PMET], walk=r[L.S_WALK]))


def no_peek_positions():
    """Seats every few turns into games of 3, 4 and 6 players (hunters and greedy players); the
    rollout asked there plays NO_PEEK_ROLLOUT's playouts."""
    for n, seed in ((4, 2), (4, 8), (3, 13), (6, 5)):
        t = Table(n, seed=seed, sets=NO_PEEK_ROLLOUT)
        bots = np.array([L.BOT_HUNTER, L.BOT_GREEDY] * 3, np.int64)[:n]
        for turn in range(40):
            seat = turn % n
            if turn >= 6 and turn % 4 == 2:
                yield Unseen(t, seat)
            if t.turn(seat, 2 + turn % 11, bots):
                break


def hidden(pos):
    """What the seat cannot see at an Unseen position: every opponent's who, where and what
    cards (the mutation check of the no-peek test reads them)."""
    st = pos.row[L.S_STATE]
    return np.array([st[f + o] for f in (L.F_WHO, L.F_WHERE, L.F_WHAT)
                     for o in range(pos.t.n) if o != pos.seat])
