"""Small helpers that build Banquet positions by hand and drive the forward model from them
(Table), and ask the bots through the contract's policy (ask)."""
from __future__ import annotations

import numpy as np

from kernels.banquet import layout as L
from sim.game import Batch
from sim.games.banquet import GAME

SCENARIOS = ("scenario1", "scenario2", "scenario3", "scenario4", "scenario5")
VARIANTS = [(s, r) for s in SCENARIOS for r in ("basic", "full")]
PLAYERS = {"scenario1": 12, "scenario2": 12, "scenario3": 16, "scenario4": 12, "scenario5": 12}
# the slow bots kept cheap (rollout playouts and candidates; search iterations)
QUICK_ROLLOUT = ("bots.rollout_playouts=2", "bots.rollout_candidates=2", "bots.search_iterations=8")


def content(variants=("scenario1", "basic"), sets=()):
    return GAME.content(tuple(variants), tuple(sets))


def compiled(n=12, variants=("scenario1", "basic"), sets=()):
    return GAME.compile(content(variants, sets), n)


def char_id(name: str) -> int:
    return CHARACTER_NAMES.index(name)


CHARACTER_NAMES = [c["name"] for c in content()["characters"]]


class Table:
    """One game's state row plus the scratch the rules need, for driving the forward model
    (kernels/banquet/forward.py) from a hand-built position: post a decision, apply the option
    the test names, then let the seats' bots answer every following decision (play.ask_seat,
    as play_game asks them) until the point the test needs. Only the entry points the Python
    game API compiles anyway are called (play.deal, forward.advance / options / apply,
    play.ask_seat), so a test adds no compile of its own."""

    def __init__(self, n=12, variants=("scenario1", "basic"), seed=1, game_index=0, sets=(), bots="greedy"):
        from kernels.banquet.play import deal
        self.c = compiled(n, variants, sets)
        self.n = n
        self.tables = self.c.tables
        self.rules = self.tables[L.T_RULES]
        self.w = np.asarray(GAME.weights(content(variants, sets)), np.float64)
        self.sc = self.c.alloc_scratch(1, True)
        sc = self.sc
        self.st, self.rng, self.mv, self.io = (sc[i][0] for i in (L.S_STATE, L.S_RNG, L.S_MOVES, L.S_IO))
        self.sim, self.od, self.team = sc[L.S_SIM][0], sc[L.S_ODDS][0], sc[L.S_TEAM][0]
        self.pl = self.sim[0:L.MAXP]
        self.log = np.zeros((4096, 6), np.int64)
        self.met = np.zeros((n, L.N_METRICS))
        # the deal play_game plays (streams, chance's set-up, the seats' bots), not logged
        deal(self.tables, self.st, self.rng, self.io, self.sim, sc[L.S_SEAT_BOTS][0],
             np.asarray(GAME.bot_codes([bots], n), np.int64), np.uint64(seed), np.uint64(game_index), np.int64(0),
             self.log, False)

    # -- reading and writing ------------------------------------------------------------------
    def get(self, field, i=0):
        return int(self.st[field + i])

    def set(self, field, i, value):
        self.st[field + i] = value

    def places(self):
        return [self.get(L.F_PLACE, p) for p in range(self.n)]

    def seat(self, places, chars=None):
        """Seat player p at places[p]; give p character chars[p] (a name) if given."""
        for p, q in enumerate(places):
            self.set(L.F_PLACE, p, q)
        if chars:
            for p, name in enumerate(chars):
                self.set(L.F_CHAR, p, char_id(name))

    def moves(self, a):
        """a's move options if it were his turn now (the pending decision is left as it was)."""
        pending = self.get(L.F_DEC), self.get(L.F_DEC_SEAT)
        self.set(L.F_DEC, 0, L.DEC_ACTION)
        self.set(L.F_DEC_SEAT, 0, a)
        k = self.options()
        self.set(L.F_DEC, 0, pending[0])
        self.set(L.F_DEC_SEAT, 0, pending[1])
        return [tuple(int(x) for x in self.mv[i]) for i in range(k)]

    def slot_moves(self, a, slot):
        from kernels.banquet.moves import list_slot
        k = list_slot(self.st, self.tables, a, slot, self.mv, 0)
        return [tuple(int(x) for x in self.mv[i]) for i in range(k)]

    # -- driving the forward model ------------------------------------------------------------
    def post(self, kind, seat, step):
        """Decision kind pending for seat; once it and what it sets going have resolved, the
        round goes on at step. step S_OVER stops the machine right there, as at a game's end."""
        self.set(L.F_DEC, 0, kind)
        self.set(L.F_DEC_SEAT, 0, seat)
        self.set(L.F_STEP, 0, step)

    def apply(self, row):
        """Apply option row (slot or choice, x, y, z) to the pending decision, then advance."""
        from kernels.banquet.forward import apply
        apply(self.tables, self.st, self.io, self.met, self.sim, self.mv, self.rng, self.w,
              np.ascontiguousarray(row, np.int32), self.log, True)

    def go(self, step):
        """The round at step, played on (no decision pending) until a decision."""
        from kernels.banquet.forward import advance
        self.set(L.F_DEC, 0, L.DEC_NONE)
        self.set(L.F_STEP, 0, step)
        advance(self.tables, self.st, self.io, self.met, self.sim, self.mv, self.rng, self.w, self.log, True)

    def run(self, until=(L.DEC_ACTION,)):
        """The seats' bots answer every decision until one of the kinds until is pending (its
        seat returned) or the machine stops (-1: the game over, or a post's S_OVER)."""
        while True:
            kind = self.get(L.F_DEC)
            if kind == L.DEC_NONE:
                return -1
            if kind in until:
                return self.get(L.F_DEC_SEAT)
            self.apply(self.mv[self.choice()].copy())

    def options(self):
        """The pending decision's options (rows of self.mv): their count."""
        from kernels.banquet.forward import options
        return int(options(self.tables, self.st, self.io, self.met, self.sim, self.mv, self.mv))

    def choice(self):
        """The option the pending decision's seat's bot takes (its index in self.mv)."""
        from kernels.banquet.play import ask_seat
        k = self.options()
        return int(ask_seat(self.tables, self.sc, np.int64(0), self.st, self.mv, np.int64(k), self.rng, self.w,
                            self.log))

    def act(self, a, slot, x=-1, y=-1, z=0):
        """a's action or favor request (slot, x, y, z) resolved - judgment, the chosen players'
        reactions, the patron(s), the effect and its choices, the moved players' reactions, each
        asked of the seats' bots - and the machine stopped there (a still standing)."""
        self.post(L.DEC_ACTION, a, L.S_OVER)
        self.apply((slot, x, y, z))
        return self.run(())

    def turn(self, a, slot=L.MV_PASS, x=-1, y=-1, z=0):
        """a, holding the scepter, plays (slot, x, y, z) (a pass by default); his turn ends and the
        scepter goes on: the next player to act (-1: the game is over)."""
        self.set(L.F_HOLDER, 0, a)
        self.set(L.F_ACTOR, 0, a)
        self.post(L.DEC_ACTION, a, L.S_TURN_END)
        self.apply((slot, x, y, z))
        return self.run()

    def scepter(self, holder, first=False):
        """The scepter goes on from holder (first: the host's opening hand-off): the next player
        to act, the king's marks and the castle's passes on the way (-1: the game is over)."""
        self.set(L.F_HOLDER, 0, holder)
        self.set(L.F_FIRST, 0, int(first))
        self.go(L.S_NEXT)
        return self.run()

    def begin_turn(self, a):
        """a's turn begins (a spy's bribe): a, to choose his move."""
        self.set(L.F_HOLDER, 0, a)
        self.set(L.F_ACTOR, 0, a)
        self.go(L.S_BRIBE)
        return self.run()

    def start_round(self, until=(L.DEC_ACTION,)):
        """A round begins (everyone stands, the host's direction): the first player to act."""
        self.go(L.S_ROUND)
        return self.run(until)

    def objective(self):
        """The objective phase (its reactions, the objective, the end after the last round),
        stopped as the next round's host is to choose the direction (-1: the game is over)."""
        self.st[L.F_WINDOW] += 1              # a window of its own, as forward.turn_phase_over opens it
        self.set(L.F_OB_I, 0, 0)
        self.go(L.S_OBJ_REACT)
        return self.run((L.DEC_DIRECTION,))

    def play(self, turns):
        """Round 1 from its start, turns player turns (every decision the seats' bots'), stopped
        at the next player's move."""
        a = self.start_round()
        for _ in range(turns):
            if a < 0:
                return
            self.apply(self.mv[self.choice()].copy())
            a = self.run()

    def favor_accepted(self):
        """Whether the last favor request was accepted (its EV_FAVOR event)."""
        ev = self.events()
        return bool(ev[ev[:, 0] == L.EV_FAVOR][-1, 2])

    def events(self):
        return self.log[:int(self.io[0])]


def play(n=12, variants=("scenario1", "basic"), bots="greedy", games=20, seed=5, sets=(), rows=None, start=0):
    """(Batch, scratch) of games start..start+games with one bot everywhere (or a line-up)."""
    c = compiled(n, variants, sets)
    codes = GAME.bot_codes(bots if isinstance(bots, list) else [bots], n)
    gi = np.arange(start, start + games, dtype=np.uint64)
    out = Batch.alloc(games, n, len(GAME.metrics))
    scratch = c.alloc_scratch(rows or games, GAME.rollout_bot(codes))
    GAME.kernel.play_batch(c.tables, scratch, codes, GAME.weights(content(variants, sets)), np.uint64(seed), gi,
                           (gi % n).astype(np.int64), out.score, out.rank, out.win, out.role, out.secret_role,
                           out.position, out.turns, out.end_reason, out.metrics, out.decisions)
    return out, scratch


def broken_invariants(compiled, scratch) -> list[str]:
    """Invariants of every final state row: every player in exactly one place of the circle
    (places in range), veto tokens within the printed ten and conserved (supply + marks held +
    boxed + spent = the set-up count; scenario 5: the three patrons' supplies + spent = 9),
    nobody on a place no player may occupy, scenario 5's item places unmoved, marks only on
    traitors, at most one per faction, at most 10 pendants of an emblem (scenario 4: the rose
    pendants in the box, while the limit is on)."""
    rules = compiled.tables[L.T_RULES]
    n, npl, scen = int(rules[L.R_N]), int(rules[L.R_NPL]), int(rules[L.R_SCEN])
    if scen == L.SCEN_CASTLE:
        from tests.banquet.castle_checks import broken_castle
        return broken_castle(compiled, scratch)
    bad = []
    for r, st in enumerate(scratch[L.S_STATE]):
        pl = st[L.F_PLACE:L.F_PLACE + n]
        if (pl < 0).any() or (pl >= npl).any():
            bad.append(f"row {r}: a place outside the circle")
        elif (st[L.F_PLACE_KIND + pl] != L.PK_OPEN).any():
            bad.append(f"row {r}: a player on a place no player may occupy")
        held = int(st[L.F_TOKEN:L.F_TOKEN + n].sum())
        if scen == L.SCEN_ESTATE:       # three patrons, 3 tokens each
            vetos = st[L.F_VETOS:L.F_VETOS + 3]
            total = int(vetos.sum()) + int(st[L.F_SPENT])
            if total != 3 * int(rules[L.R_VETO]) or total > 10 or (vetos < 0).any():
                bad.append(f"row {r}: veto tokens {total} != {3 * int(rules[L.R_VETO])}")
            if sorted(st[L.F_PLACE_KIND:L.F_PLACE_KIND + npl].tolist()) != [0] * n + [1, 2, 3]:
                bad.append(f"row {r}: the estate's places changed")
        else:
            total = int(st[L.F_VETO]) + held + int(st[L.F_BOXED]) + int(st[L.F_SPENT])
            if total != int(rules[L.R_VETO]) or int(rules[L.R_VETO]) > 10 or st[L.F_VETO] < 0:
                bad.append(f"row {r}: veto tokens {total} != {int(rules[L.R_VETO])}")
        for p in range(n):
            if st[L.F_TOKEN + p] and st[L.F_FACTION + p] == L.KING_F:
                bad.append(f"row {r}: a mark on the king's faction")
        wearers = np.bincount(st[L.F_FACTION:L.F_FACTION + n], minlength=len(L.ROLES))
        badged = {1: (L.ROSE_F, L.TOWER_F), 2: (L.BARON_F,), 3: (L.DUKE_F, L.BARON_F), 4: (L.MAIDEN_F,),
                  5: (L.MERCHANT_F, L.ABBOT_F)}[scen]
        limit = int(rules[L.R_PENDANTS]) if scen == L.SCEN_MAIDEN else 10
        pendants = [f for f in badged if wearers[f] > limit and (scen != L.SCEN_MAIDEN or rules[L.R_PENDANT_LIMIT])]
        if pendants:                         # 10 pendants of each emblem
            bad.append(f"row {r}: more than 10 of faction {pendants}")
        marks = [int(st[L.F_MARK + i]) for i in range(2)]
        if held != sum(m >= 0 for m in marks):
            bad.append(f"row {r}: {held} tokens held, {marks} marks")
    return bad


CAST = ["King", "Queen", "Duchess", "Gamekeeper", "Princess", "Count",
        "Baron", "Jester", "Abbess", "Merchant", "Bard", "Physician"]


def banquet_table(variants=("scenario1", "basic"), bots="greedy", sets=(), assassins=(3, 9)):
    """A 12-player scenario 1 table laid out by hand: seat p at place p with CAST[p]; seats 0-1
    the king's faction (the king at seat 0, host and patron), 2-6 Rose, 7-11 Tower; the
    assassins at the given seats; each faction knows its own secrets."""
    t = Table(12, variants, bots=bots, sets=sets)
    t.seat(list(range(12)), CAST)
    for p in range(12):
        t.set(L.F_FACTION, p, L.KING_F if p < 2 else L.ROSE_F if p < 7 else L.TOWER_F)
        t.set(L.F_SECRET, p, L.ASSASSIN if p in assassins else -1)
        t.set(L.F_ITEM, p, (L.IT_FLASK if p < 7 else L.IT_DAGGER) if p in assassins else -1)
        t.set(L.F_STAND, p, 1)
        t.set(L.F_TOKEN, p, 0)
    for v in range(12):
        for p in range(12):
            t.set(L.F_KNOWN, v * L.MAXP + p, int(t.get(L.F_FACTION, v) == t.get(L.F_FACTION, p)))
    for f, v in ((L.F_KING, 0), (L.F_HOST, 0), (L.F_PATRON, 0), (L.F_RING, -1)):
        t.set(f, 0, v)
    t.set(L.F_MARK, 0, -1)
    t.set(L.F_MARK, 1, -1)
    return t


# -- hooks of tests/test_every_game.py ------------------------------------------------------
def deal(compiled, events, scratch):
    """What chance alone decides in a traced game: the set-up rows (character, faction,
    secret, place of every seat)."""
    return {"setup": events[events[:, 0] == L.EV_SETUP]}


class Unseen:
    """Seat p of a mid-game table as the no-peek test sees it: every choice of every bot kind
    for p, each asked of fresh copies, and re-deals of what p cannot know."""

    def __init__(self, t: Table, p: int):
        self.t, self.p = t, p
        self.st, self.rng = t.st.copy(), t.rng.copy()
        self.w = t.w.copy()
        self.w[L.W_ROLLOUT_PLAYOUTS] = 2
        self.w[L.W_ROLLOUT_CANDIDATES] = 3
        self.w[L.W_SEARCH_ITER] = 8
        self.chance_drawn = []      # decisions that drew from the chance stream (none may)

    def redeal(self, seed):
        from kernels.banquet.rollout import redeal_hidden
        from kernels.rng import seed_streams
        rng = np.zeros(1 + self.t.n, np.uint64)
        seed_streams(rng, np.uint64(seed), np.uint64(77))
        before = self.st.copy()
        redeal_hidden(self.t.tables, self.st, self.p, rng)
        n = self.t.n
        hidden = np.r_[L.F_SECRET:L.F_SECRET + n, L.F_ITEM:L.F_ITEM + n]
        return not np.array_equal(before[hidden], self.st[hidden])

    def decisions(self):
        """Every decision kind of seat p, asked of every bot kind through the contract's policy
        (play.policy) on fresh copies of this position, the decision posted on each."""
        t, p, n = self.t, self.p, self.t.n
        a = (p + 1) % n                  # the other player of the posted decisions
        gamekeeper = char_id("Gamekeeper")
        mover_from = int(self.st[L.F_PLACE + a])
        kinds = [("move", L.DEC_ACTION, ()),
                 ("reaction", L.DEC_REACTION, ((L.F_RE_WIN, L.ON_TARGETED), (L.F_RE_PA, a), (L.F_RE_SLOT, L.ACTION2),
                                               (L.F_RE_X, p), (L.F_RE_Y, -1), (L.F_RE_Z, 1))),
                 ("direction", L.DEC_DIRECTION, ())]
        kinds += [(f"mark {i}", L.DEC_MARK, ((L.F_MK_I, i),)) for i in range(2)]
        # displaced: a moved onto p's place, his former place free
        kinds.append(("place", L.DEC_PLACE, ((L.F_PLACE + a, int(self.st[L.F_PLACE + p])),
                                              (L.F_EN_FORMER, mover_from))))
        kinds += [(f"veto {v}", L.DEC_VETO, ((L.F_AC_A, v), (L.F_AC_SLOT, L.FAVOR), (L.F_AC_X, (v + 1) % n),
                                             (L.F_AC_Y, (v + 2) % n), (L.F_AC_Z, 1))) for v in range(0, n, 3)]
        kinds.append(("bribe", L.DEC_BRIBE, ()))
        kinds.append(("partner", L.DEC_PARTNER, ((L.F_CHAR + a, gamekeeper), (L.F_EF_A, a),
                                                 (L.F_EF_SLOT, L.ACTION1))))
        out = []
        for bot in GAME.bots:
            for name, kind, fields in kinds:
                rng = self.rng.copy()
                row = ask(t, self.st.copy(), rng, self.w, kind, p, GAME.bots.index(bot), fields)
                out.append((bot, name, row))
                if rng[0] != self.rng[0]:          # the chance stream (kernels.rng.CHANCE = 0)
                    self.chance_drawn.append((bot, name))
        return out


def ask(t: Table, st, rng, w, kind, seat, bot, fields=(), memo=None):
    """The option row (a tuple) bot (BOT_*) takes for seat at decision kind posted on state row
    st (fields: (state index, value) set first), through the contract's policy (play.policy)
    with fresh scratch (memo: the bots' odds row, fresh unless given); None if the decision has
    no option there."""
    from kernels.banquet.forward import options
    from kernels.banquet.play import policy
    for f, v in fields:
        st[f] = v
    st[L.F_DEC] = kind
    st[L.F_DEC_SEAT] = seat
    io, met, sim = np.zeros_like(t.io), np.zeros_like(t.met), np.zeros_like(t.sim)
    mv, od = np.zeros_like(t.mv), np.zeros_like(t.od) if memo is None else memo
    k = int(options(t.tables, st, io, met, sim, mv, mv))
    if k == 0:
        return None
    i = policy(t.tables, st, io, met, sim, mv, mv, np.int64(k), np.int64(seat), np.int64(bot), rng, w, od)
    return tuple(int(x) for x in mv[i])


def no_peek_positions():
    """Mid-round tables of every scenario and rule set, seen by a seat of each faction."""
    for i, variants in enumerate(VARIANTS):
        n = PLAYERS[variants[0]]
        t = Table(n, variants, seed=i, bots="random")
        t.play(3 + i)
        factions = {}
        for p in range(n):
            factions.setdefault(t.get(L.F_FACTION, p), p)
        for p in factions.values():
            yield Unseen(t, p)


def hidden(pos):
    """What seat p cannot know at an Unseen position, as the mutation check of the no-peek
    test reads it: the secret roles and item tokens (the cells redeal_hidden may move)."""
    n = pos.t.n
    return pos.st[np.r_[L.F_SECRET:L.F_SECRET + n, L.F_ITEM:L.F_ITEM + n]]
