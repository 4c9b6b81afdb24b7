"""Small helpers that build Emerald positions and call the compiled functions directly, and the
hooks of tests/test_every_game.py (deal, no_peek_positions)."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from kernels.emerald import bots as B
from kernels.emerald import values as V
from kernels.emerald import forward as F
from kernels.emerald import layout as L
from kernels.emerald.moves import list_free, list_moves
from kernels.emerald.rollout import redeal_hidden, rollout_choice
from kernels.emerald.state import setup_game
from kernels.rng import seed_streams
from sim.content import Content
from sim.games.emerald import GAME, pack

CONTENT_FILE = Path(__file__).resolve().parents[2] / "sim" / "games" / "emerald" / "content.toml"


def content(sets: tuple[str, ...] = ()) -> Content:
    return Content(CONTENT_FILE, (), sets)


class Table:
    """One game's state row plus what the rules need, for driving them from tests."""

    def __init__(self, n: int = 4, seed: int = 1, game_index: int = 0, sets: tuple[str, ...] = ()):
        self.content = content(sets)
        self.n = n
        self.tables = pack.tables(self.content, n)
        self.rules, self.cards, self.city = self.tables
        self.names = pack.card_names(self.content, n)
        self.st = np.zeros(L.F_SIZE, np.int32)
        self.rng = np.zeros(1 + n, np.uint64)
        self.tmp = np.zeros(L.MAXCARDS + 16, np.int64)
        seed_streams(self.rng, seed, game_index)
        setup_game(self.st, self.tables, self.rng, self.tmp)
        self.st[L.F_STEP] = L.S_HALT        # actions resolved alone (Play.act); Play.start for a game

    # -- reading ------------------------------------------------------------------------------
    def get(self, field: int, i: int = 0) -> int:
        return int(self.st[field + i])

    def set(self, field: int, i: int, value: int) -> None:
        self.st[field + i] = value

    def card(self, name: str, nth: int = 0) -> int:
        ids = [i for i, nm in enumerate(self.names) if nm == name]
        return ids[nth]

    def city_of(self, name: str) -> int:
        return list(self.content["cities"]["names"]).index(name)

    def zone(self, card: int) -> tuple[int, int]:
        return int(self.st[L.F_ZONE + card]), int(self.st[L.F_ZOWN + card])

    def hand(self, p: int) -> list[int]:
        k = self.get(L.F_NHAND, p)
        return [int(x) for x in self.st[L.F_HAND + p * L.MAXHAND:L.F_HAND + p * L.MAXHAND + k]]

    def deck(self, p: int) -> list[int]:
        k = self.get(L.F_NDECK, p)
        return [int(x) for x in self.st[L.F_DECK + p * L.MAXOWN:L.F_DECK + p * L.MAXOWN + k]]

    def stack(self, c: int) -> list[int]:
        k = self.get(L.F_NSTACK, c)
        return [int(x) for x in self.st[L.F_STACK + c * L.MAXSTACK:L.F_STACK + c * L.MAXSTACK + k]]

    def cubes(self, p: int, c: int) -> int:
        return self.get(L.F_CUBES, p * L.NCITY + c)

    def agents(self, p: int, c: int) -> int:
        return self.get(L.F_AGENTS, p * L.NCITY + c)

    # -- building positions -------------------------------------------------------------------
    def clear_board(self) -> None:
        """No cubes or agents in any city; cubes in Limbo and stock as at the start, every agent
        in stock."""
        for p in range(self.n):
            for c in range(L.NCITY):
                self.set(L.F_CUBES, p * L.NCITY + c, 0)
                self.set(L.F_AGENTS, p * L.NCITY + c, 0)
            self.set(L.F_LIMBO, p, int(self.rules[L.R_LIMBO]))
            self.set(L.F_CSTOCK, p, int(self.rules[L.R_CUBES] - self.rules[L.R_LIMBO]))
            self.set(L.F_ASTOCK, p, int(self.rules[L.R_AGENTS]))
            self.set(L.F_MIGO, p, 0)

    def put(self, p: int, c: int, cubes: int = 0, agents: int = 0) -> None:
        """Move pieces of seat p from its stock into city c."""
        self.st[L.F_CUBES + p * L.NCITY + c] += cubes
        self.st[L.F_CSTOCK + p] -= cubes
        self.st[L.F_AGENTS + p * L.NCITY + c] += agents
        self.st[L.F_ASTOCK + p] -= agents

    def give(self, p: int, *cards: int) -> None:
        """Put these cards into p's hand (from wherever they are)."""
        from kernels.emerald.state import hand_add
        for card in cards:
            self._detach(card)
            hand_add(self.st, p, card)

    def _detach(self, card: int) -> None:
        from kernels.emerald.state import hand_remove
        z, o = self.zone(card)
        if z == L.Z_HAND:
            hand_remove(self.st, o, card)
        elif z == L.Z_DECK:
            d = self.deck(o)
            d.remove(card)
            base = L.F_DECK + o * L.MAXOWN
            self.st[base:base + len(d)] = d
            self.st[L.F_NDECK + o] = len(d)
        elif z == L.Z_STACK:
            s = self.stack(o)
            s.remove(card)
            base = L.F_STACK + o * L.MAXSTACK
            self.st[base:base + len(s)] = s
            self.st[L.F_NSTACK + o] = len(s)
        elif z == L.Z_SLOT:
            self.st[L.F_SLOT + o] = -1

    def empty_hand(self, p: int) -> None:
        for card in self.hand(p):
            self._detach(card)
            self.st[L.F_ZONE + card] = L.Z_DISCARD
            self.st[L.F_ZOWN + card] = p

    def set_top(self, c: int, card: int) -> None:
        """Make ``card`` the face-up top card of city c."""
        self._detach(card)
        s = self.stack(c) + [card]
        base = L.F_STACK + c * L.MAXSTACK
        self.st[base:base + len(s)] = s
        self.st[L.F_NSTACK + c] = len(s)
        self.st[L.F_ZONE + card] = L.Z_STACK
        self.st[L.F_ZOWN + card] = c
        self.st[L.F_UP + c] = 1

    def slot(self, c: int, card: int) -> None:
        self._detach(card)
        self.st[L.F_SLOT + c] = card
        self.st[L.F_ZONE + card] = L.Z_SLOT
        self.st[L.F_ZOWN + card] = c


class Play(Table):
    """A Table with the move list and the rules' scratch."""

    def __init__(self, *a, bots=None, **k):
        super().__init__(*a, **k)
        from sim.games.emerald.pack import card_names  # noqa: F401
        self.mv = np.zeros((L.MAX_MOVES, L.MV_SIZE), np.int32)
        self.pos = np.zeros(L.MAXHAND, np.int64)
        self.log = np.zeros((4096, 6), np.int64)
        self.io = np.zeros(2, np.int64)
        self.met = np.zeros((self.n, L.N_METRICS), np.float64)
        self.bots = np.full(self.n, L.BOT_GREEDY if bots is None else bots, np.int64)
        w = self.content["bots"]
        self.w = np.array([float(w[k]) for k in L.WEIGHT_NAMES], np.float64)

    def moves(self, p: int, first: bool = True) -> np.ndarray:
        k = list_moves(self.st, self.n, p, first, self.tables, self.pos, self.mv)
        return self.mv[:k].copy()

    def pays(self, p: int, row) -> set[int]:
        """Card ids a move row pays with (MV_PAY)."""
        return {self.hand(p)[i] for i in range(L.MAXHAND) if (int(row[L.MV_PAY]) >> i) & 1}

    def find(self, p: int, act: int, cards=None, **fields) -> list:
        out = []
        for row in self.moves(p, first=fields.pop("first", True)):
            if row[L.MV_ACT] != act:
                continue
            if cards is not None and self.pays(p, row) != set(cards):
                continue
            if all(int(row[getattr(L, "MV_" + f.upper())]) == v for f, v in fields.items()):
                out.append(row)
        return out

    # -- driving the forward model with the seats' bots ---------------------------------------
    def state(self) -> tuple:
        """The forward model's state arguments (st, io, met, tmp, pos, mv)."""
        return self.st, self.io, self.met, self.tmp, self.pos, self.mv

    def drive(self) -> int:
        """Resolve what is pending with the seats' bots (forward.options, bots.choose_option as
        play_game asks them, the rollout bot's sub-choices the heuristic's; forward.apply) until
        nothing is: the game over, stopped at F_CAP or, with F_STEP = S_HALT, an action resolved.
        Returns the log rows written."""
        kind = F.advance(self.tables, *self.state(), self.rng, self.w, self.log, True)
        while kind != L.DEC_NONE:
            k = F.options(self.tables, *self.state(), self.mv)
            seat = int(self.st[L.F_DEC_SEAT])
            bot = L.BOT_HEURISTIC if self.bots[seat] == L.BOT_ROLLOUT else self.bots[seat]
            i = B.choose_option(self.tables, self.st, self.mv, np.int64(k), np.int64(seat), np.int64(bot),
                                self.rng, self.w)
            kind = F.apply(self.tables, *self.state(), self.rng, self.w, self.mv[i], self.log, True)
        return int(self.io[0])

    def decide(self, kind: int, p: int) -> None:
        """Decision ``kind`` of seat p posted (its context set by the caller), answered by p's bot,
        then everything that follows resolved (the turn halted: S_HALT)."""
        self.st[L.F_CUR] = p
        self.st[L.F_STEP] = L.S_HALT
        self.st[L.F_DEC] = kind
        self.st[L.F_DEC_SEAT] = p
        self.drive()

    def act(self, p: int, row) -> None:
        """Seat p takes the action ``row`` (an action, a free action or a card), resolved with
        the seats' bots answering what it asks (the turn halted: S_HALT)."""
        self.st[L.F_CUR] = p
        self.st[L.F_STEP] = L.S_HALT
        self.st[L.F_DEC] = L.DEC_ACTION
        self.st[L.F_DEC_SEAT] = p
        F.apply(self.tables, *self.state(), self.rng, self.w, np.ascontiguousarray(row, np.int32), self.log,
                True)
        self.drive()

    def start(self) -> None:
        """A whole game from here: the placement rounds, then turns (Play.play_to)."""
        F.begin(self.st, self.tables)

    def play_to(self, turn: int) -> None:
        """Play on with the seats' bots until turn ``turn`` (counted from 0) is about to begin, or
        the game ends."""
        if self.st[L.F_STEP] == L.S_OVER:
            if self.st[L.F_END] != L.END_NONE:
                return
            self.st[L.F_STEP] = L.S_TURN        # stopped at the last F_CAP: go on
        self.st[L.F_CAP] = turn
        self.st[L.F_CAP_ENDS] = 0
        self.drive()

    def final(self) -> tuple[np.ndarray, np.ndarray]:
        from kernels.emerald.rules import final_scores
        score = np.zeros(self.n, np.int32)
        tb = np.zeros(self.n, np.int32)
        final_scores(self.st, self.n, self.tables, score, tb, self.met)
        return score, tb

    def text(self, p: int, card: int, a: int = -1, b: int = -1, pay=None, first: bool = True):
        """The row playing the text of ``card`` (in p's hand) with targets a/b; None if illegal."""
        pos = self.hand(p).index(card)
        k = list_free(self.st, self.n, p, self.tables, self.mv, 0)
        rows = list(self.mv[:k].copy()) + list(self.moves(p, first))
        for r in rows:
            if r[L.MV_ACT] in (L.ACT_CARD, L.ACT_FREE) and r[L.MV_C] == pos and r[L.MV_A] == a and r[L.MV_B] == b:
                if pay is None or {self.hand(p)[i] for i in range(L.MAXHAND) if (int(r[L.MV_PAY]) >> i) & 1} == set(pay):
                    return r
        return None

    def play(self, p: int, card: int, a: int = -1, b: int = -1, pay=None, first: bool = True):
        r = self.text(p, card, a, b, pay, first)
        assert r is not None, f"no legal row for {self.names[card]} a={a} b={b}"
        self.act(p, r)
        return r


MON, TUE, WED, THU = 0, 1, 2, 3     # the seats, named by the rulebook's colours' days


def empty_table(seed: int, **k) -> Play:
    """Four seats with the board cleared and every hand empty: a test places what it needs."""
    t = Play(4, seed=seed, **k)
    t.clear_board()
    for p in range(4):
        t.empty_hand(p)
    return t


def vp_pile(t: Play, card: int) -> int:
    """The state field a card's VP are counted in, by its VP type (content, issue 32)."""
    vt = int(t.tables[L.T_CARD][card, L.K_VP_TYPE])
    return {L.VT_RES: L.F_VPR, L.VT_LOY: L.F_VPL}.get(vt, L.F_VPN)


def S(t: Play, p: int, k: int) -> int:
    """Seat p's starting card 'S 00k'."""
    return t.card(f"S {k:03d} (colour {p})")


def redeal(t: "Play", st: np.ndarray, me: int, seed: int) -> None:
    """Re-deal in place what seat ``me`` cannot know (the kernel's redeal_hidden), from a
    stream row seeded with ``seed``."""
    rng = np.zeros(1 + t.n, np.uint64)
    seed_streams(rng, seed, 99)
    redeal_hidden(t.tables, st, me, rng)


# -- the hooks of tests/test_every_game.py -----------------------------------------------------

def deal(compiled, events, scratch):
    """What chance alone decides in a traced game: the start player and the identities (logged
    at set-up), and the six identity cards with the ones set aside (the final state)."""
    st = scratch[L.S_STATE][0]
    return {"start player": events[events[:, 0] == L.EV_FIRST],
            "identities": events[events[:, 0] == L.EV_IDENTITY],
            "identity pool": st[L.F_IDPOOL:L.F_IDPOOL + L.NIDENT].copy()}


class Unseen:
    """Seat ``me`` of Play t before its next turn, as the no-peek test sees it (on copies):
    every choice of every bot kind, and a re-deal of what the seat cannot know."""

    def __init__(self, t: "Play", me: int):
        self.t, self.me = t, me
        self.st = t.st.copy()
        # the seat's turn begun, its first action pending (what the rollout bot plays out from)
        for f, v in ((L.F_CUR, me), (L.F_ACTS, 0), (L.F_FREE, 0), (L.F_LAST, -1), (L.F_STEP, L.S_ACTION),
                     (L.F_DEC, L.DEC_ACTION), (L.F_DEC_SEAT, me)):
            self.st[f] = v
        self.compiled = GAME.compile(t.content, t.n)
        self.scratch = self.compiled.alloc_scratch(1, True)
        self.rollout_choice = rollout_choice          # test_no_peek.py plants a peeking one

    def redeal(self, seed: int) -> bool:
        before = self.st.copy()
        redeal(self.t, self.st, self.me, seed)
        return not np.array_equal(before, self.st)

    def decisions(self) -> list:
        """Each bot kind's free action and action (the rollout's by its playouts), and its
        sub-choices: where an agent goes, which cube comes back, which agent moves, whether to
        interrupt, whose piece it picks, Okhrana's cube, a city for zombies, an own agent to give;
        and the search bot's action (its sub-choices are the heuristic's)."""
        t, me, n = self.t, self.me, self.t.n
        tables, w, mv = t.tables, t.w, t.mv
        cards = tables[L.T_CARD]
        out = []
        for name, bot in (("random", L.BOT_RANDOM), ("greedy", L.BOT_GREEDY), ("heuristic", L.BOT_HEURISTIC),
                          ("rollout", L.BOT_ROLLOUT)):
            st = self.st.copy()
            rng = np.zeros(1 + n, np.uint64)
            seed_streams(rng, 4242, 7)
            sub = L.BOT_HEURISTIC if bot == L.BOT_ROLLOUT else bot
            k = list_free(st, n, me, tables, mv, 0)
            i = B.choose_row(st, n, me, sub, mv, k, tables, w, rng, 0.3)
            out.append((name, "free action", tuple(mv[i]) if i >= 0 else None))
            k = list_moves(st, n, me, True, tables, t.pos, mv)
            if bot == L.BOT_ROLLOUT:
                i = self.rollout_choice(tables, st, np.int64(me), mv, np.int64(k), w, rng, t.log, self.scratch,
                                        np.int64(0))
            else:
                i = B.choose_row(st, n, me, bot, mv, k, tables, w, rng, -1e18)
            out.append((name, "action", tuple(mv[i])))
            if bot in (L.BOT_GREEDY, L.BOT_HEURISTIC):
                # what each legal action is worth to it, and (heuristic) its belief about each side:
                # a peek shows here even where it does not change the choice
                out.append((name, "action values", tuple(round(V.row_value(st, n, me, mv[j], tables, w,
                                                                           bot == L.BOT_HEURISTIC), 9)
                                                         for j in range(k))))
            if bot == L.BOT_HEURISTIC:
                out.append((name, "beliefs", tuple(round(V.p_restorationist(st, n, me, o, tables, w), 9)
                                                   for o in range(n))))
            rules = t.rules
            for kind, answer in (
                    ("agent city", B.choose_agent_city(st, n, me, sub, rules, cards, w, rng)),
                    ("retrieve source", B.choose_retrieve_source(st, me, sub, rng)),
                    ("agent move", B.choose_agent_move(st, n, me, sub, rules, cards, w, rng)),
                    ("interrupt", B.choose_interrupt(st, me, sub, rng)),
                    ("own agent city", B.choose_own_agent_city(st, n, me, sub, rules, cards, w, rng)),
                    ("enemy piece", tuple(B.choose_enemy_piece(st, n, me, c, f, sub, rng)
                                          for c in range(L.NCITY) for f in (L.F_CUBES, L.F_AGENTS))),
                    ("Okhrana cube", B.choose_okhrana_cube(st, n, me, sub, rng)),
                    ("zombie city", B.choose_city(st, n, me, sub, rng))):
                out.append((name, kind, answer))
        out.append(("search", "action", self.search_action()))
        return out

    def search_action(self) -> tuple:
        """The search bot's action at a small budget (16 iterations, playouts of 60 decisions),
        asked as play_game asks it (play.ask_seat)."""
        from kernels.emerald.play import ask_seat
        t, me = self.t, self.me
        st = self.st.copy()
        rng = np.zeros(1 + t.n, np.uint64)
        seed_streams(rng, 4242, 7)
        w = t.w.copy()
        w[L.W_SEARCH_ITER] = 16
        w[L.W_SEARCH_DEPTH] = 60
        self.scratch[L.S_SEAT_BOTS][0][:] = L.BOT_SEARCH
        k = F.options(t.tables, st, t.io, t.met, t.tmp, t.pos, t.mv, t.mv)
        i = ask_seat(t.tables, self.scratch, np.int64(0), st, t.mv, np.int64(k), rng, w, t.log)
        return tuple(t.mv[i])


def no_peek_positions():
    """Seats every few turns into games of 3, 4 and 5 players (greedy and heuristic players,
    a small rollout bot for its choices: 4 candidates, 4 playouts of 8 turns, with which a
    rollout whose playouts see the true position changes its action at 7 of the 28 positions'
    re-deals, against 2 of 28 with 2 / 2 / 4; test_no_peek.py)."""
    fast = ("bots.rollout_candidates=4", "bots.rollout_playouts=4", "bots.rollout_horizon=8")
    for n, seed in ((4, 2), (4, 8), (3, 13), (5, 5)):
        t = Play(n, seed=seed, sets=fast)
        t.bots[:] = ([L.BOT_GREEDY, L.BOT_HEURISTIC] * 3)[:n]
        first = t.get(L.F_FIRST)
        t.start()
        for turn in range(40):
            t.play_to(turn)
            if t.get(L.F_END) != L.END_NONE:
                break
            if turn >= 4 and turn % 5 == 2:
                yield Unseen(t, (first + turn) % n)


def hidden(pos):
    """What the seat cannot know, as the mutation check of the no-peek test reads it: the
    state row, of which redeal_hidden moves only the hidden parts (identities, the other
    seats' cards, the order of the stacks: kernels/emerald/rollout.py determinize)."""
    return pos.st
