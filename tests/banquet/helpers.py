"""Small helpers that build Banquet positions and call the compiled functions directly (the
game is not registered yet: docs/banquet-status.md)."""
from __future__ import annotations

import numpy as np

from kernels.banquet import layout as L
from kernels.banquet.state import setup_game
from kernels.rng import seed_streams
from sim.game import Batch
from sim.games.banquet import GAME

SCENARIOS = ("scenario1", "scenario2", "scenario3", "scenario4", "scenario5")
VARIANTS = [(s, r) for s in SCENARIOS for r in ("basic", "full")]
PLAYERS = {"scenario1": 12, "scenario2": 12, "scenario3": 16, "scenario4": 12, "scenario5": 12}
QUICK_ROLLOUT = ("bots.rollout_playouts=2", "bots.rollout_candidates=2")


def content(variants=("scenario1", "basic"), sets=()):
    return GAME.content(tuple(variants), tuple(sets))


def compiled(n=12, variants=("scenario1", "basic"), sets=()):
    return GAME.compile(content(variants, sets), n)


def char_id(name: str) -> int:
    return CHARACTER_NAMES.index(name)


CHARACTER_NAMES = [c["name"] for c in content()["characters"]]


class Table:
    """One game's state row plus the scratch the rules need, for driving them from tests."""

    def __init__(self, n=12, variants=("scenario1", "basic"), seed=1, game_index=0, sets=(), bots="greedy"):
        self.c = compiled(n, variants, sets)
        self.n = n
        self.tables = self.c.tables
        self.rules = self.tables[L.T_RULES]
        self.w = GAME.weights(content(variants, sets))
        sc = self.c.alloc_scratch(1, False)
        self.st, self.rng, self.mv, self.io = (sc[i][0] for i in (L.S_STATE, L.S_RNG, L.S_MOVES, L.S_IO))
        self.sim, self.od, self.team = sc[L.S_SIM][0], sc[L.S_ODDS][0], sc[L.S_TEAM][0]
        self.pl, self.moved, self.cand = self.sim[0:L.MAXP], self.sim[L.MAXP:2 * L.MAXP], self.sim[2 * L.MAXP:6 * L.MAXP]
        self.sb = GAME.bot_codes([bots], n)
        seed_streams(self.rng, seed, game_index)
        setup_game(self.st, self.tables, self.rng, self.sim[6 * L.MAXP:7 * L.MAXP], self.sim[7 * L.MAXP:10 * L.MAXP])
        self.log = np.zeros((4096, 6), np.int64)
        self.met = np.zeros((n, L.N_METRICS))

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

    def args(self):
        return (self.sb, self.w, self.rng, self.mv, self.pl, self.od, self.moved, self.cand,
                self.log, self.io, True, self.met)

    def moves(self, a):
        from kernels.banquet.moves import list_moves
        k = list_moves(self.st, self.tables, a, self.mv)
        return [tuple(int(x) for x in self.mv[i]) for i in range(k)]

    def slot_moves(self, a, slot):
        from kernels.banquet.moves import list_slot
        k = list_slot(self.st, self.tables, a, slot, self.mv, 0)
        return [tuple(int(x) for x in self.mv[i]) for i in range(k)]

    def act(self, a, slot, x=-1, y=-1, z=0):
        from kernels.banquet.rules import resolve_action
        resolve_action(self.st, self.tables, a, slot, x, y, z, *self.args())

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
        from kernels.banquet import bots as B
        from kernels.banquet.moves import list_moves
        from kernels.banquet.rollout import rollout_choose
        t, p, n = self.t, self.p, self.t.n
        tb = t.tables
        out = []
        for bot in GAME.bots:
            code = GAME.bots.index(bot)

            def ask(name, f):
                st, rng = self.st.copy(), self.rng.copy()
                mv = np.zeros_like(t.mv)
                sim = np.zeros_like(t.sim)
                od = np.zeros_like(t.od)
                out.append((bot, name, f(st, rng, mv, sim, od)))
                if rng[0] != self.rng[0]:          # the chance stream (kernels.rng.CHANCE = 0)
                    self.chance_drawn.append((bot, name))

            def move(st, rng, mv, sim, od):
                k = list_moves(st, tb, p, mv)
                if bot == "rollout":
                    c = t.c.alloc_scratch(1, True)
                    i = rollout_choose(tb, st, p, self.w, rng, mv, k, sim[:L.MAXP], od, c[L.S_RSTATE][0],
                                       c[L.S_RRNG][0], c[L.S_RMOVES][0], c[L.S_RSIM][0],
                                       c[L.S_RSCORE][0], c[L.S_RIO][0], c[L.S_RMET][0], t.log)
                else:
                    i = B.choose_move(st, tb, p, code, self.w, mv, k, rng, sim[:L.MAXP], od)
                return tuple(int(x) for x in mv[i])

            ask("move", move)

            def reaction(st, rng, mv, sim, od):
                from kernels.banquet.moves import list_reactions
                k = list_reactions(st, tb, p, L.ON_TARGETED, mv)
                i = B.choose_reaction(st, tb, p, code, self.w, mv, k, rng, sim[:L.MAXP], od, (p + 1) % n, L.ACTION2,
                                      p, -1, 1)
                return tuple(int(x) for x in mv[i])

            ask("reaction", reaction)
            ask("direction", lambda st, rng, mv, sim, od: B.choose_direction(st, tb, p, code, self.w, rng, od))
            for f in (L.ROSE_F, L.TOWER_F, L.DUKE_F, L.BARON_F):
                ask(f"mark {f}", lambda st, rng, mv, sim, od, f=f: B.choose_mark(st, tb, p, code, self.w, f, rng, od))
            ask("place", lambda st, rng, mv, sim, od: B.choose_place(st, tb, p, n, n, code, self.w, rng, sim[:L.MAXP],
                                                                     od, st[L.F_PLACE + p]))
            for a in range(0, n, 3):
                ask(f"veto {a}", lambda st, rng, mv, sim, od, a=a: B.choose_veto(
                    st, tb, p, a, L.BASIC, (a + 1) % n, (a + 2) % n, 1, code, self.w, rng, sim[:L.MAXP], od))
            cand = np.array([o for o in range(n) if o != p] + [0] * (4 * L.MAXP - n + 1), np.int64)
            ask("bribe", lambda st, rng, mv, sim, od: B.choose_bribe(st, tb, p, cand, n - 1, code, self.w, rng, od))
            row = tb[L.T_ACTIONS][char_id("Gamekeeper"), L.ACTION1]
            ask("partner", lambda st, rng, mv, sim, od: B.choose_partner(st, tb, p, (p + 1) % n, row, n, n, code, self.w,
                                                                         rng, sim[:L.MAXP], od, cand, n - 1))
        return out


def advance(t: Table, turns: int):
    """Play the first turns of round 1 on t with its bots."""
    from kernels.banquet.rules import next_turn, start_round, take_turn
    start_round(t.st, t.tables, t.sb, t.w, t.rng, t.od, t.log, t.io, False, t.met)
    first = True
    for _ in range(turns):
        a = next_turn(t.st, t.tables, first, t.sb, t.w, t.rng, t.od, t.log, t.io, False, t.met)
        first = False
        if a < 0:
            return
        take_turn(t.st, t.tables, a, t.sb, t.w, t.rng, t.mv, t.pl, t.od, t.moved, t.cand, t.log, t.io, False, t.met)


def no_peek_positions():
    """Mid-round tables of every scenario and rule set, seen by a seat of each faction."""
    for i, variants in enumerate(VARIANTS):
        n = PLAYERS[variants[0]]
        t = Table(n, variants, seed=i, bots="random")
        advance(t, 3 + i)
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
