"""Bastille as a forward model (issue 29, kernels/README.md "Bastille's decisions"): a game
played decision by decision through advance/options/apply with the shipped bots is the game
play_batch plays; a copy of the state row continues as the original does; random walks over
the options reach every decision kind, keep the invariants and end."""
import numpy as np
import pytest

from kernels.bastille import layout as K
from kernels.bastille.bots import choose_option
from kernels.bastille.play import finish_game
from kernels.bastille.rollout import rollout_placement
from kernels.bastille.rules import advance, apply, options
from kernels.bastille.state import log_ev, setup_game
from kernels.common import as_row, seat_bots
from kernels.rng import CHANCE, seed_streams
from sim.game import Batch
from sim.games.bastille import GAME
from tests.bastille.helpers import invariants

KINDS = {K.DEC_PLACE: "placement", K.DEC_VERSAILLES: "Versailles side",
         K.DEC_CHARACTER: "character", K.DEC_PILE: "mission pile", K.DEC_MISSION: "mission",
         K.DEC_CATACOMB: "catacomb bonus", K.DEC_WEAPON: "weapon", K.DEC_UPGRADE: "upgrade",
         K.DEC_MONK: "monk's group"}
CAP = 5000              # decisions: a game that has not ended by then does not end


class Game:
    """One game's rows as the kernel sees them, played from Python one decision at a time."""

    def __init__(self, n, variants, bots, seed, index, rotation=0, log_on=0):
        self.content = GAME.content(tuple(variants))
        self.comp = GAME.compile(self.content, n)
        self.n, self.tb = n, as_row(self.comp.tables[0])
        self.W = as_row(GAME.weights(self.content))
        sc = self.comp.alloc_scratch(1, True)
        self.st, self.rng, self.fs, self.d, self.drng, self.dfs = (
            as_row(sc[i][0]) for i in (0, 1, 2, 4, 5, 6))
        self.buf, self.dbuf = as_row(sc[7][0]), as_row(sc[8][0])
        self.log = as_row(np.zeros((GAME.log_rows, 6), np.int64))
        codes = GAME.bot_codes(list(bots), n)
        seed_streams(self.rng, np.uint64(seed), np.uint64(index))
        seat_bots(codes, np.int64(rotation), self.st[K.SEATBOT:K.SEATBOT + K.MAXP])
        setup_game(self.tb, self.st, self.rng, CHANCE)
        self.st[K.G_LOGON] = log_on
        log_ev(self.st, self.log, K.EV_ROUND, -1, 1, 0, 0, 0)
        self.kind = advance(self.tb, self.st, self.rng, self.log)

    def options(self):
        return options(self.tb, self.st, self.buf)

    def policy(self, k):
        """The seat's shipped bot, as play_game asks it."""
        p = int(self.st[K.G_SEAT])
        if self.kind == K.DEC_PLACE and self.st[K.SEATBOT + p] == K.BOT_ROLLOUT:
            return rollout_placement(self.tb, self.st, self.rng, p, self.W, self.fs, self.buf, k,
                                     self.d, self.drng, self.dfs, self.dbuf, self.log)
        return choose_option(self.tb, self.st, self.rng, self.W, self.fs, self.buf, k)

    def apply(self, i):
        # the option row as play_game passes it (a plain array, not a Row): the compiled apply
        # of the games is reused instead of a copy compiled for this test
        self.kind = apply(self.tb, self.st, self.rng, np.asarray(self.buf[i]), self.log)

    def play(self, limit=CAP):
        for _ in range(limit):
            if self.kind == K.DEC_NONE:
                return True
            self.apply(self.policy(self.options()))
        return self.kind == K.DEC_NONE

    def result(self):
        out = Batch.alloc(1, self.n, len(GAME.metrics))
        finish_game(self.tb, self.st, out.score[0], out.rank[0], out.win[0], out.position[0],
                    out.metrics[0], self.log)
        return out

    def clone(self):
        """A copy of the position: the state row and the streams; the bots' cached values
        (fs) are the bots' own, so the copy starts with none."""
        twin = object.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin.st, twin.rng = as_row(self.st.copy()), as_row(self.rng.copy())
        twin.fs = as_row(np.zeros_like(self.fs))
        twin.log = as_row(self.log.copy())
        return twin


LINEUPS = [(4, (), ("heuristic", "greedy", "random", "rollout")),
           (3, ("secret_mission",), ("rollout", "heuristic", "random")),
           (4, ("secret_mission",), ("heuristic",)),
           (3, (), ("random",))]


@pytest.mark.parametrize("n,variants,bots", LINEUPS)
def test_decision_by_decision_is_the_game_play_batch_plays(n, variants, bots):
    """Results equal Game.play's batch, the event log equals the trace."""
    content = GAME.content(variants)
    comp = GAME.compile(content, n)
    codes = GAME.bot_codes(list(bots), n)
    gi = np.arange(3, dtype=np.uint64)
    batch = Batch.alloc(3, n, len(GAME.metrics))
    GAME.play(comp, codes, GAME.weights(content), 5, gi, (gi % n).astype(np.int64), batch)
    for g in range(3):
        game = Game(n, variants, bots * (n // len(bots)), 5, g, g % n, log_on=1)
        assert game.play()
        out = game.result()
        for f in ("score", "rank", "win", "position", "metrics"):
            assert np.array_equal(getattr(out, f)[0], getattr(batch, f)[g]), f
        assert int(game.st[K.G_DEC]) == int(batch.decisions[g])
        events, one, _ = GAME.trace_events(comp, codes, GAME.weights(content), 5, g, g % n)
        assert np.array_equal(game.log[:int(game.st[K.G_LOGN])], events)


@pytest.mark.parametrize("variants", [(), ("secret_mission",)])
def test_a_copied_state_row_continues_as_the_original(variants):
    """Clone at random decisions of every kind; both copies, with the same streams, play on
    to the same final state and the same log."""
    rs = np.random.default_rng(3)
    seen = set()
    every = set(KINDS) - {K.DEC_PLACE} - ({K.DEC_PILE} if not variants else set())
    for seed in range(12):          # until every kind was cloned (the tuned heuristic rarely upgrades
        # in Secret Mission deals: seed 8 is the first that does)
        if seen >= every:
            break
        game = Game(4, variants, ("heuristic", "random", "greedy", "heuristic"), seed, 0, log_on=1)
        steps = 0
        while game.kind != K.DEC_NONE:
            if rs.random() < 0.06 or (game.kind not in seen and game.kind != K.DEC_PLACE):
                seen.add(game.kind)
                twin = game.clone()
                a, b = game.clone(), twin.clone()
                a.fs = as_row(game.fs.copy())         # one goes on with the bots' cache
                assert a.play() and b.play()
                assert np.array_equal(a.st, b.st)
                assert np.array_equal(a.log, b.log)
            game.apply(game.policy(game.options()))
            steps += 1
            assert steps < CAP
    assert seen >= every


def test_random_walks_reach_every_decision_kind_keep_invariants_and_end():
    """Uniformly random options, both variants, 3 and 4 players: after every apply nothing
    is created or lost, every game ends, and these kinds were met."""
    rs = np.random.default_rng(29)
    seen = {}
    for variants in ((), ("secret_mission",)):
        for n in (3, 4):
            for seed in range(3):
                game = Game(n, variants, ("random",), 100 + seed, seed)
                steps = 0
                while game.kind != K.DEC_NONE:
                    k = game.options()
                    assert 1 <= k <= K.K_MAX
                    seen[KINDS[game.kind]] = seen.get(KINDS[game.kind], 0) + 1
                    game.apply(int(rs.integers(k)))
                    assert invariants(game.comp.T, game.st, n) == [], (seed, steps)
                    steps += 1
                    assert steps < CAP
                assert game.st[K.G_PHASE] == K.PH_END
    assert sorted(seen) == sorted(KINDS.values()), seen


def test_the_python_hooks_play_the_batch_game():
    """sim/games/bastille/forward.py (the hooks sim/api.py calls): start, options, bot_choice,
    apply, describe, observe and result, on a game of play_batch's."""
    from sim.games.bastille import forward as H
    content = GAME.content(("secret_mission",))
    comp = GAME.compile(content, 4)
    W = GAME.weights(content)
    codes = GAME.bot_codes(["heuristic", "random", "greedy", "heuristic"], 4)
    batch = Batch.alloc(1, 4, len(GAME.metrics))
    GAME.play(comp, codes, W, 8, np.zeros(1, np.uint64), np.zeros(1, np.int64), batch)
    s = H.start(GAME, comp, codes, W, 8, 0)
    kinds = set()
    while H.kind(s) != K.DEC_NONE:
        assert H.result(comp, s) is None
        opts = H.options(comp, s)
        kinds.add(H.DECISION_KINDS[H.kind(s)])
        assert all(H.describe(comp, s, row) for row in opts)
        H.apply(comp, s, W, opts[H.bot_choice(comp, s, W)])
    assert H.observe(comp, s, 0)["decision"] == "game over"
    r = H.result(comp, s)
    assert r["score"] == list(batch.score[0]) and r["win"] == list(batch.win[0])
    assert r["turns"] == batch.turns[0]
    assert {"placement", "character", "mission pile", "mission"} <= kinds


def test_a_monk_sort_worked_out_at_its_first_monk_yields_to_another_first_choice():
    """The bots keep the sort they work out at a seat's first monk (st[SCR_MPLAN]) for its
    later monks, but only while the monks sorted since went where it says: when another group
    is applied to the first monk, the second is chosen as afresh. Some of these positions
    must be ones where the kept sort would have answered otherwise, or the test shows nothing."""
    stale_differs = checked = 0
    for seed in range(60):
        game = Game(4, (), ("heuristic",), seed, 0)
        while game.kind != K.DEC_NONE and stale_differs < 3:
            k = game.options()
            i = game.policy(k)
            st = game.st
            sort = 2 <= st[K.G_MN] <= K.MONKS_EXHAUSTIVE      # worked out whole: kept
            if game.kind == K.DEC_MONK and st[K.G_MI] == 0 and sort:
                other = (int(game.buf[i, 0]) + 1) % K.N_GROUPS
                game.apply(other)                 # the options are the groups in order
                plan_i0, plan = int(st[K.SCR_MPLAN]), int(st[K.SCR_MPLAN + 1])
                kept = (plan // K.N_GROUPS ** (int(st[K.G_MI]) - plan_i0)) % K.N_GROUPS
                fresh = game.clone()
                fresh.st[K.SCR_MPLAN] = -1
                k = game.options()
                got = int(game.buf[game.policy(k), 0])
                assert got == int(fresh.buf[fresh.policy(fresh.options()), 0])
                checked += 1
                stale_differs += got != kept
                continue
            game.apply(i)
        if stale_differs >= 3:
            break
    assert stale_differs >= 3, (checked, stale_differs)
