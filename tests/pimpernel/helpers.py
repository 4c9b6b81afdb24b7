"""Small helpers that build Scarlet Pimpernel positions through the compiled functions."""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from kernels.pimpernel import layout as L
from kernels.pimpernel.state import area_total, setup_game
from kernels.pimpernel.moves import count_complete, gen_action, gen_rest, route_masks_of, short_routes
from kernels.pimpernel.bots import choose_cube_owner, choose_index, choose_main, choose_route, choose_top_card
from kernels.pimpernel.actions import apply_move
from kernels.pimpernel.rules import apply_option, begin_turn, gen_main, round_over, usable_favors
from kernels.pimpernel.play import drive
from kernels.pimpernel.rollout import playout_margin, redeal_hidden, rollout_choice
from kernels.rng import seed_streams
from sim.games.pimpernel import GAME

_CACHE: dict = {}


def compiled(n: int = 4, variants: tuple[str, ...] = ()):
    key = (n, variants)
    if key not in _CACHE:
        _CACHE[key] = GAME.compile(GAME.content(variants), n)
    return _CACHE[key]


def weights(variants: tuple[str, ...] = (), sets: tuple[str, ...] = ()):
    return GAME.weights(GAME.content(variants, sets))


class Table:
    """One game's arrays plus the scratch a turn needs."""

    def __init__(self, n: int = 4, seed: int = 1, index: int = 0, variants: tuple[str, ...] = (),
                 sets: tuple[str, ...] = ()):
        self.c = compiled(n, variants)
        self.K = self.c.K.copy()
        self.n = n
        self.W = weights(variants, sets)   # sets: bot weights only (the compiled content is variants')
        self.s = np.zeros(L.S_SIZE, np.int64)
        self.s2 = np.zeros(L.S_SIZE, np.int64)
        self.moves = np.zeros((self.c.option_rows, 4), np.int64)
        self.tmp = np.zeros((L.MAXM, 8), np.int64)
        self.cand = np.zeros((L.MAXM, 4), np.int64)
        self.ctx = np.zeros(L.C_SIZE, np.float64)
        self.rng = np.empty(1 + n, np.uint64)
        seed_streams(self.rng, seed, index)
        self.om = np.zeros(L.MAXP + 1, np.uint64)
        self.log = np.zeros((1, L.LOGW), np.int64)
        self.nlog = np.zeros(1, np.int64)
        setup_game(self.s, self.K, n, self.rng, np.zeros(2 * L.MAXDECK, np.int64))
        short_routes(self.s, self.K, self.c.RS, self.c.RM)

    # names
    def loc(self, name: str) -> int:
        return self.c.names["locations"].index(name)

    def pl(self, p: int, field: int) -> int:
        return int(self.s[L.O_PL + p * L.PLK + field])

    def set_pl(self, p: int, field: int, v: int) -> None:
        self.s[L.O_PL + p * L.PLK + field] = v

    def score(self, p: int) -> int:
        return self.pl(p, L.P_SCORE)

    def area(self, p: int, a: int) -> int:
        return int(self.s[L.O_AREA + p * L.NAREA + a])

    def set_area(self, p: int, a: int, v: int) -> None:
        """Put v of p's cubes in area a, taken from (or returned to) p's supply."""
        d = v - self.area(p, a)
        self.s[L.O_AREA + p * L.NAREA + a] = v
        self.set_pl(p, L.P_SUPPLY, self.pl(p, L.P_SUPPLY) - d)

    def put(self, offset: int, p: int) -> None:
        """A cube of p from supply onto a board space (route/location/leader/building)."""
        assert self.s[offset] < 0
        self.s[offset] = p
        self.set_pl(p, L.P_SUPPLY, self.pl(p, L.P_SUPPLY) - 1)

    def route_spaces(self, a: str, b: str) -> list[int]:
        ia, ib = self.loc(a), self.loc(b)
        for e, (x, y) in enumerate(self.c.names["edges"]):
            if {x, y} == {ia, ib}:
                return [sp for sp in range(int(self.K[L.K_NS])) if self.K[L.K_SPACE_EDGE + sp] == e]
        raise KeyError((a, b))

    def set_mission(self, cards: list[int], loc: int | None = None) -> None:
        self.s[L.O_NCUR] = len(cards)
        for i, c in enumerate(cards):
            self.s[L.O_CUR_CARDS + i] = c
        self.s[L.O_MLOC] = self.K[L.K_MC_LOC + cards[0]] if loc is None else loc

    def set_need(self, card: int, need: list[int]) -> None:
        for k, v in enumerate(need):
            self.K[L.K_MC_NEED + card * L.NNEED + k] = v

    def card_of(self, location: str) -> int:
        l = self.loc(location)
        return [c for c in range(int(self.K[L.K_NMC])) if self.K[L.K_MC_LOC + c] == l][0]

    def cubes_of(self, p: int) -> int:
        """Every cube of p wherever it is: supply, board, planning areas, House of Justice."""
        s, K = self.s, self.K
        t = self.pl(p, L.P_SUPPLY) + self.pl(p, L.P_HOJ)
        t += int((s[L.O_ROUTE:L.O_ROUTE + L.MAXS] == p).sum())
        t += int((s[L.O_LOC:L.O_LOC + L.MAXL * L.MAXSLOT] == p).sum())
        t += int((s[L.O_BLD:L.O_BLD + L.MAXB] == p).sum())
        t += int((s[L.O_LEADER:L.O_LEADER + L.NLEAD] == p).sum())
        t += int(s[L.O_AREA + p * L.NAREA:L.O_AREA + (p + 1) * L.NAREA].sum())
        return t

    # compiled steps
    def gen_main(self, p: int) -> list[tuple[int, int, int]]:
        nm = gen_main(self.s, self.K, p, self.moves, self.tmp, self.log, self.nlog)
        return [tuple(int(x) for x in self.moves[i, :3]) for i in range(nm)]

    def apply(self, p: int, kind: int, a: int, b: int = 0, from_rest: bool = False) -> int:
        return apply_move(self.s, self.K, p, kind, a, b, from_rest, self.log, self.nlog, False)

    def drive(self, bots, first: int, stop: int) -> int:
        """Play from step first (-1: where the state stands) until step stop, every decision
        asked of the seats' bots (bots: one code for every seat, or one per seat)."""
        sb = np.full(L.MAXP, bots, np.int64) if np.ndim(bots) == 0 else np.asarray(bots, np.int64)
        return drive(self.s, self.K, self.c.RS, self.c.RM, self.W, sb, self.moves, self.tmp, self.ctx,
                     self.cand, self.s2, self.rng, self.om, self.log, self.nlog, False, first, stop)

    def play_turn(self, seat_bot: np.ndarray) -> None:
        """The seat to act's whole turn (the round's end is not checked)."""
        self.drive(seat_bot, L.S_TURN, L.S_ROUND)

    def play_main(self, bot, p: int, kind: int, a: int, b: int = 0) -> None:
        """p plays this main move (its turn begun by the caller) and the rest of the turn, the
        follow-ups asked of bot."""
        self.s[L.O_STOP] = L.S_ROUND
        self.s[L.O_DEC] = L.DEC_MAIN
        self.s[L.O_DEC_SEAT] = p
        self.s[L.O_CUR] = p
        apply_option(self.s, self.K, self.c.RS, self.c.RM, self.tmp, self.om, kind, a, b, -1, self.log,
                     self.nlog, False)
        self.drive(bot, -1, L.S_ROUND)

    def finish_turn(self, bot, p: int) -> None:
        """The rest of p's turn after its actions: the optional rest cube, the turn passed on."""
        self.s[L.O_CUR] = p
        self.drive(bot, L.S_REST, L.S_ROUND)

    def resolve(self, bots) -> None:
        """The end of the round: the five mission parts, Chauvelin, the next mission."""
        self.drive(bots, L.S_RESOURCES, L.S_TURN)

    def resolve_part(self, step: int, bots) -> None:
        """One mission part alone (S_RESOURCES, S_SUPPORTERS, S_FIRST or S_ROUTE)."""
        self.drive(bots, step, {L.S_RESOURCES: L.S_SUPPORTERS, L.S_SUPPORTERS: L.S_FIRST,
                                L.S_FIRST: L.S_ROUTE, L.S_ROUTE: L.S_LOCATION}[step])

    def prepare_next(self, leader: int, bots) -> None:
        """The next mission set out, its top card chosen by leader, and its round begun."""
        self.s[L.O_M_LEADER] = leader
        self.drive(bots, L.S_PREPARE, L.S_TURN)


# -- hooks of the generic tests (tests/test_every_game.py) -----------------------------------

def deal(compiled, events, scratch):
    """What chance alone decides in a traced game: the set-up event (the Pimpernel's start,
    the first mission, the first player) and the orders set-up shuffles, which play never
    changes, from the final state."""
    s = scratch[0][0]
    return {"set-up": events[events[:, 0] == L.EV_SETUP],
            "location cards": s[L.O_LOCCARD:L.O_LOCCARD + L.MAXL],
            "favor cards": s[L.O_TILECARD:L.O_TILECARD + L.NAREA],
            "buildings": s[L.O_BLDTILE:L.O_BLDTILE + L.MAXB],
            "mission deck": s[L.O_DECK:L.O_DECK + s[L.O_DECK_LEN]],
            "removed": s[L.O_REMOVED:L.O_REMOVED + compiled.K[L.K_REMOVED]]}


class Unseen:
    """The seat to act at a turn of Table t, as the no-peek test sees it (on a copy of t's
    state): every choice of every bot kind, and a re-deal of what the seat cannot see.

    The rollout is quick (2 playouts of its 3 best moves) but plays two mission rounds: one
    round ends with the current mission's scoring, where no hidden card counts, so a rollout
    reading the true deck would go unseen; in the second round the players value and the
    leader picks among mission cards drawn from the deck. ``rollout_kernels`` are the rollout's
    choice and playout margin (the mutation check puts a peeking pair in their place)."""

    rollout_kernels = (rollout_choice, playout_margin)

    def __init__(self, t):
        self.t, self.p, self.s, self.rng = t, int(t.s[L.O_CUR]), t.s.copy(), t.rng.copy()
        self.W = t.W.copy()
        self.W[L.W_PLAYOUTS], self.W[L.W_WIDTH], self.W[L.W_ROUNDS] = 2, 3, 2

    def redeal(self, seed):
        """Re-deal with the kernel's redeal_hidden; True when the deck or removed cards moved."""
        before = self.s.copy()
        rng = np.zeros(1 + self.t.n, np.uint64)
        seed_streams(rng, seed, 99)
        redeal_hidden(self.t.c.tables, self.s, self.p, rng)
        return not np.array_equal(before, self.s)

    def decisions(self):
        """Every bot kind's answer to every choice a Pimpernel bot makes, each asked of a fresh
        copy of the state (its turn begun), the streams and the bots' scratch."""
        out = [(GAME.bots[bot], name, self.ask(f)) for bot in (L.BOT_RANDOM, L.BOT_GREEDY, L.BOT_HEURISTIC)
               for name, f in self.asks(bot)]
        out.append(("rollout", "main move", self.ask(self.rollout)))
        out.append(("search", "main move", self.ask(self.search)))
        out.append(("rollout", "playout margins", self.ask(self.margins)))
        return out

    def asks(self, bot):
        t, p, W = self.t, self.p, self.W
        K, RS, RM = t.c.tables

        def pick(a, nm):
            i = choose_index(a.s, K, RS, RM, W, bot, p, a.moves, nm, a.tmp, a.ctx, a.rng)
            return a.moves[i, :3].tolist()

        def icon(act):      # an icon's follow-up, declining allowed (rules.do_icon)
            return lambda a: pick(a, gen_action(a.s, K, p, act, decline(a.moves), 1, -1, False))

        def favor(tile):    # a favor card's two halves (rules.play_favor)
            c = self.s[L.O_TILECARD + tile]
            acts = K[L.K_FC_ACT + c * 2], K[L.K_FC_ACT + c * 2 + 1]
            return lambda a: pick(a, gen_action(a.s, K, p, acts[1], a.moves,
                                                gen_action(a.s, K, p, acts[0], a.moves, 0, 0, False),
                                                1, False))

        def complete_routes(a):     # the rules' count when they post the route decision
            return count_complete(RS, RM, a.s[L.O_PIMP], a.s[L.O_MLOC], route_masks_of(a.s, t.n, a.om))

        def main_unlisted(a):       # the heuristic's main move as play_on asks it (bots.choose_main)
            choose_main(a.s, K, RM, W, p, usable_favors(a.s, K, p, a.moves, 0, a.tmp, a.tmp, a.nlog), a.moves,
                        a.ctx, a.rng)
            return a.moves[0, :2].tolist()

        asks = [("main move", lambda a: pick(a, gen_main(a.s, K, p, a.moves, a.tmp, a.log, a.nlog))),
                ("rest cube", lambda a: pick(a, gen_rest(a.s, K, p, a.moves))),
                ("route", lambda a: choose_route(a.s, K, RS, RM, W, p, bot, a.rng, a.om, complete_routes(a)))]
        asks += [(f"icon {act}", icon(act)) for act in range(L.ACT_REMOVE + 1)]
        asks += [(f"favor {tile}", favor(tile)) for tile in range(L.NAREA)]
        asks += [(f"cube from area {ar}", lambda a, ar=ar: choose_cube_owner(a.s, K, W, ar, 3, p, bot, a.rng, a.tmp))
                 for ar in range(L.NAREA) if area_total(self.s, ar) > 0]
        if self.s[L.O_NCUR] > 1:
            asks.append(("top card", lambda a: choose_top_card(a.s, K, W, p, bot, a.rng)))
        if bot == L.BOT_HEURISTIC:
            asks.append(("main move, unlisted", main_unlisted))
        return asks

    def rollout(self, a):
        K, RS, RM = self.t.c.tables
        nm = gen_main(a.s, K, self.p, a.moves, a.tmp, a.log, a.nlog)
        i = self.rollout_kernels[0](a.s, K, RS, RM, self.W, self.p, a.moves, nm, a.tmp, a.ctx, a.cand,
                                    a.s2, a.rng, a.om, a.log, a.nlog)
        return a.moves[i, :3].tolist()

    def search(self, a):
        """The search bot's main move at a small budget, asked as play asks it (play.ask_seat)."""
        from kernels.pimpernel.play import ask_seat
        K, RS, RM = self.t.c.tables
        nm = gen_main(a.s, K, self.p, a.moves, a.tmp, a.log, a.nlog)
        W = self.W.copy()
        W[L.W_SEARCH_ITER] = 16
        sb = np.full(self.t.n, L.BOT_SEARCH, np.int64)
        sx = tuple(x[0] for x in self.t.c.alloc_scratch(1, True)[12:])
        i = ask_seat(a.s, K, RS, RM, W, sb, a.moves, np.int64(nm), a.tmp, a.ctx, a.cand, a.s2, a.rng, a.om,
                     a.log, a.nlog, sx)
        return a.moves[i, :3].tolist()

    def margins(self, a):
        """The rollout's playout margin of every main move (the valuation behind its choice,
        finer than the choice: any hidden card a playout reads shows here)."""
        K, RS, RM = self.t.c.tables
        nm = gen_main(a.s, K, self.p, a.moves, a.tmp, a.log, a.nlog)
        main = a.moves[:nm, :3].copy()
        return [self.rollout_kernels[1](a.s, K, RS, RM, self.W, self.p, *(int(x) for x in m), a.moves,
                                        a.tmp, a.ctx, a.s2, a.rng, a.om, a.log, a.nlog) for m in main]

    def ask(self, f):
        t = self.t
        a = SimpleNamespace(s=self.s.copy(), rng=self.rng.copy(), **{
            k: np.zeros_like(getattr(t, k)) for k in ("s2", "moves", "tmp", "cand", "ctx", "om", "log", "nlog")})
        begin_turn(a.s)
        a.s[L.O_DEC], a.s[L.O_DEC_SEAT] = L.DEC_MAIN, self.p   # the main move pending (the rollout's playouts apply one)
        return f(a)


def peeking_rollout():
    """The rollout's (choice, playout margin) with its re-deal made a no-op: playouts that play
    on the true deck order, the real peek the no-peek test must catch. Built from the kernels'
    own Python source with hide_deck swapped for a function that leaves the deck alone, and
    compiled afresh (not cached)."""
    from types import FunctionType

    from numba import njit

    from kernels.pimpernel import rollout

    @njit(rollout.hide_deck.signatures[0])
    def keep_deck(s, nr, rng, stream):
        return None

    def rebuilt(kernel, **swap):
        f = kernel.py_func
        return njit(kernel.signatures[0])(FunctionType(f.__code__, {**f.__globals__, **swap}, f.__name__))

    margin = rebuilt(rollout.playout_margin, hide_deck=keep_deck)
    return rebuilt(rollout.rollout_choice, playout_margin=margin), margin


def decline(moves):
    """A move list that starts with declining (an icon's action is optional)."""
    moves[0, :] = (L.MV_DECLINE, 0, 0, -1)
    return moves


def no_peek_positions(sets: tuple[str, ...] = ()):
    """The seat to act a few turns into a game and after missions, across player counts and
    variants (heuristic players; sets: other bot weights, e.g. tests/pimpernel/previous.py's)."""
    for n, variants, turns in ((4, (), 9), (2, ("chauvelin",), 30), (6, ("short",), 45), (3, (), 80),
                               (5, ("first_game",), 20), (4, ("chauvelin", "short"), 60)):
        t = Table(n, seed=n, index=2, variants=variants, sets=sets)
        bots = np.full(L.MAXP, L.BOT_HEURISTIC, np.int64)
        for _ in range(turns):
            t.play_turn(bots)
            if round_over(t.s):
                t.resolve(bots)
        assert t.s[L.O_DONE] == 0
        yield Unseen(t)


def hidden(pos):
    """What the seat to act cannot see at an Unseen position: the mission deck still to draw,
    in order, and the cards removed unseen (the mutation check of the no-peek test reads them)."""
    s, K = pos.s, pos.t.K
    return np.r_[s[L.O_DECK + s[L.O_DECK_PTR]:L.O_DECK + s[L.O_DECK_LEN]],
                 s[L.O_REMOVED:L.O_REMOVED + K[L.K_REMOVED]]]
