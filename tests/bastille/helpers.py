"""Small helpers that build Bastille positions in the kernel's arrays and call the compiled
rule functions, so tests read like the rulebook's examples."""
from __future__ import annotations

import numpy as np

from kernels.bastille import layout as K
from kernels.bastille.state import give_mission, setup_game
from kernels.bastille.moves import track_order
from kernels.bastille.bots import (
    choose_catacomb, choose_character, choose_mission, choose_pile, choose_placement,
    choose_upgrade, choose_versailles, choose_weapon)
from kernels.bastille import bonuses
from kernels.bastille.bonuses import add_character
from kernels.bastille.rules import advance_turn, options, place_tile
from kernels.bastille.rollout import redeal_hidden, rollout_placement
from kernels.bastille.play import drive
from kernels.common import as_row
from kernels.rng import CHANCE, seed_streams
from sim.game import Batch
from sim.games.bastille import GAME

BOT = {name: i for i, name in enumerate(GAME.bots)}


# -- the rules' parts resolved alone, every decision asked of the seats' bots (kernel.drive) --

def run_steps(tb, st, rng, W, log, first, stop):
    """Resolve the end-of-placing steps first..stop (layout's S_*) with the seats' bots."""
    fs = as_row(np.zeros(K.FS_SIZE, np.float64))    # a Row, as the games pass it: drive reuses
    buf = np.zeros((K.K_MAX, K.OPT_W), np.int64)     # their compiled bots instead of copies
    return drive(tb, st, rng, W, fs, buf, log, first, stop)


def evaluate_location(tb, st, rng, loc, W, log):
    return run_steps(tb, st, rng, W, log, K.S_LOC + loc, K.S_LOC + loc + 1)


def end_of_placing(tb, st, rng, W, log):
    """Locations, flags, preparation and scorings of a round, up to the next placement."""
    return run_steps(tb, st, rng, W, log, K.S_LOC, K.S_NEVER)


def score_flags(tb, st, rng, W, log):
    return run_steps(tb, st, rng, W, log, K.S_FLAGS, K.S_FLAGS + 1)


def score_catacombs(tb, st, rng, final, W, log):
    s = K.S_FIN_CAT if final else K.S_INT_CAT
    return run_steps(tb, st, rng, W, log, s, s + 1)


def score_bastille(tb, st, rng, restock, W, log):
    s = K.S_INT_BAS if restock else K.S_FIN_BAS
    return run_steps(tb, st, rng, W, log, s, s + 1)


def interim_scoring(tb, st, rng, W, log):
    return run_steps(tb, st, rng, W, log, K.S_INT_GEMS, K.S_NEXT_ROUND)


def final_scoring(tb, st, rng, W, log):
    return run_steps(tb, st, rng, W, log, K.S_FIN_START, K.S_NEVER)


def gain(tb, st, rng, p, kind, amount, src, W, log):
    """p receives one bonus, its decisions asked of p's bot."""
    bonuses.gain(tb, st, rng, p, kind, amount, src, log)
    return run_steps(tb, st, rng, W, log, K.S_IDLE, K.S_IDLE)


def assign_monks(tb, st, rng, p, W, log):
    """p sorts its unsorted monks, one decision each, asked of p's bot."""
    bonuses.start_monks(tb, st, p)
    return run_steps(tb, st, rng, W, log, K.S_IDLE, K.S_IDLE)


class Pos:
    """One game in the kernel's arrays, set up by the rulebook's set-up, then edited."""

    def __init__(self, players=4, variants=(), sets=(), seed=1, index=0, bots="greedy", log=True):
        self.content = GAME.content(tuple(variants), tuple(sets))
        self.compiled = GAME.compile(self.content, players)
        self.T = self.compiled.T
        # the rows as the games' kernels see them, so the tests run the games' compiled code
        self.tb = as_row(self.compiled.tables[0])
        self.W = as_row(GAME.weights(self.content))
        self.n = players
        self.scratch = self.compiled.alloc_scratch(1, True)
        self.st, self.rng, self.fs = (as_row(a[0]) for a in self.scratch[:3])
        # the rollout bot's playout scratch
        self.d, self.drng, self.dfs = (as_row(a[0]) for a in self.scratch[4:7])
        self.log = np.zeros((5000, 6), np.int64)
        seed_streams(self.rng, np.uint64(seed), np.uint64(index))
        names = [bots] * players if isinstance(bots, str) else list(bots)
        for p, b in enumerate(names):
            self.st[K.SEATBOT + p] = BOT[b]
        setup_game(self.tb, self.st, self.rng, CHANCE)
        self.st[K.G_LOGON] = 1 if log else 0

    # -- fields ---------------------------------------------------------------------------
    def get(self, p, f):
        return int(self.st[K.PL + p * K.NPF + f])

    def set(self, p, f, value):
        self.st[K.PL + p * K.NPF + f] = value

    def add(self, p, f, value):
        self.st[K.PL + p * K.NPF + f] += value

    def hand(self, p):
        return {v: self.get(p, K.P_HAND + v) for v in range(1, self.T.max_value + 1)
                if self.get(p, K.P_HAND + v)}

    def card(self, group, cost):
        """Index of the character card of a group with a coin value."""
        for c in range(self.T.n_chars):
            if self.T.char_group[c] == group and self.T.char_cost[c] == cost:
                return c
        raise KeyError((group, cost))

    def mission(self, name, copy=0):
        names = [m["name"] for m in self.content["missions"]["cards"]]
        return [i for i, x in enumerate(names) if x == name][copy]

    def give_card(self, p, c):
        add_character(self.tb, self.st, self.rng, p, c)

    def give_mission(self, p, m):
        give_mission(self.tb, self.st, self.rng, p, m)

    def events(self, ev=None):
        k = int(self.st[K.G_LOGN])
        rows = self.log[:k]
        return rows if ev is None else rows[rows[:, 0] == ev]

    # -- rules ----------------------------------------------------------------------------
    def place(self, p, v, loc):
        """p places a tile of value v (handed to p first if p lacks it)."""
        if self.get(p, K.P_HAND + v) == 0:
            self.add(p, K.P_HAND + v, 1)
        place_tile(self.tb, self.st, self.rng, p, v, loc, self.log)

    def evaluate(self, loc):
        return evaluate_location(self.tb, self.st, self.rng, loc, self.W, self.log)

    def clear_hands(self):
        for p in range(self.n):
            for v in range(1, self.T.max_value + 1):
                self.set(p, K.P_HAND + v, 0)

    def track_order(self):
        order = np.zeros(K.MAXP, np.int64)
        track_order(self.tb, self.st, self.rng, order)
        return list(order[:self.n])

    def play_round(self):
        """Place every tile of the round by the seats' bots, then evaluate and score."""
        while self.st[K.G_PHASE] == K.PH_PLACE:
            p = int(self.st[K.G_TURN])
            v, loc = choose_placement(self.tb, self.st, self.rng, p, self.W, self.fs)
            place_tile(self.tb, self.st, self.rng, p, v, loc, self.log)
            advance_turn(self.tb, self.st, self.rng)
        if self.st[K.G_PHASE] == K.PH_EVAL:
            end_of_placing(self.tb, self.st, self.rng, self.W, self.log)

    def play_placements_until(self, rnd, placed=0):
        """Play rounds until round rnd (0-based) has `placed` tiles on the board."""
        while self.st[K.G_ROUND] < rnd:
            self.play_round()
        while int(self.st[K.BN:K.BN + K.N_LOC].sum()) < placed:
            p = int(self.st[K.G_TURN])
            v, loc = choose_placement(self.tb, self.st, self.rng, p, self.W, self.fs)
            place_tile(self.tb, self.st, self.rng, p, v, loc, self.log)
            advance_turn(self.tb, self.st, self.rng)


def play_rows(compiled, codes, weights, seed, game_index, rotation, rows):
    """GAME.play with a chosen number of scratch rows: with one row per game each row holds
    its game's final state. Returns (Batch, scratch)."""
    out = Batch.alloc(len(game_index), compiled.n_players, len(GAME.metrics))
    scratch = compiled.alloc_scratch(rows, GAME.rollout_bot(codes))
    GAME.kernel.play_batch(compiled.tables, scratch, np.asarray(codes, np.int64),
                           np.asarray(weights, np.float64), np.uint64(seed),
                           np.ascontiguousarray(game_index, np.uint64),
                           np.ascontiguousarray(rotation, np.int64), out.score, out.rank, out.win,
                           out.role, out.secret_role, out.position, out.turns, out.end_reason, out.metrics,
                           out.decisions)
    return out, scratch


def invariants(T, st, n):
    """Conservation checks on one game's state row; returns a list of broken ones."""
    # mid-evaluation (a decision pending at a location) the tiles that acted are back in
    # front of their owners while the board still lists them until the location ends
    step, acted = int(st[K.G_STEP]), int(st[K.G_POS])
    back = {(step, int(st[K.SCR_ORDER + i])) for i in range(acted)} if 0 <= step < K.N_LOC else set()
    bad = []
    pl = lambda p, f: int(st[K.PL + p * K.NPF + f])  # noqa: E731
    coins = sum(pl(p, K.P_COINS) for p in range(n))
    if coins + int(st[K.G_BANK]) != T.bank_value:
        bad.append("coins")
    for p in range(n):
        drawn = int(st[K.G_KIND] == K.DEC_CATACOMB and st[K.G_SEAT] == p)   # cube in hand
        if pl(p, K.P_HSUP) + pl(p, K.P_HBAG) + pl(p, K.P_CATCUBES) + drawn != T.henchmen:
            bad.append(f"henchmen {p}")
        if min(pl(p, K.P_HSUP), pl(p, K.P_HBAG), pl(p, K.P_COINS) + 1000) < 0:
            bad.append(f"negative {p}")
        held = sum(pl(p, K.P_HAND + v) for v in range(1, T.max_value + 1))
        placed = sum(1 for loc in range(K.N_LOC) for k in range(int(st[K.BN + loc]))
                     if st[K.BOWN + loc * K.MAXS + k] == p and (loc, k) not in back)
        supply = sum(pl(p, K.P_SUP + v) for v in range(1, T.max_value + 1))
        if held + placed + supply + pl(p, K.P_BOXED) != int(T.tile_set.sum()):
            bad.append(f"tiles {p}")
        if held + placed != int(T.start_hand.sum()):
            bad.append(f"tiles in play {p}")
    weapons = sum(int(st[K.G_BW + t]) for t in range(3)) + (T.n_pool - int(st[K.G_WTOP]))
    weapons += sum(pl(p, K.P_W + t) for p in range(n) for t in range(3))
    if weapons != T.n_pool:
        bad.append("weapons")
    if int(st[K.G_TORCH]) + sum(pl(p, K.P_TORCH) for p in range(n)) != T.torches:
        bad.append("torches")
    loc = st[K.CLOC:K.CLOC + T.n_chars]
    for p in range(n):
        if int((loc == p).sum()) != pl(p, K.P_NCHAR):
            bad.append(f"characters {p}")
        mis = st[K.MLOC:K.MLOC + T.n_missions]
        if int((mis == p).sum()) != pl(p, K.P_NMIS):
            bad.append(f"missions {p}")
        if pl(p, K.P_HELD) != sum(1 << m for m in range(T.n_missions) if mis[m] == p):
            bad.append(f"held missions {p}")
        if pl(p, K.P_OWNED) != sum(1 << c for c in range(T.n_chars) if loc[c] == p):
            bad.append(f"owned characters {p}")
        names = [T.mis_name[m] for m in range(T.n_missions) if mis[m] == p]
        if len(names) != len(set(names)):
            bad.append(f"duplicate mission {p}")
    for at in range(K.N_LOC):      # the placement bots read a location's tiles from BGE
        vals = st[K.BVAL + at * K.MAXS:][:int(st[K.BN + at])]
        ge = [int((vals >= v).sum()) for v in range(1, K.MAXV + 1)]
        if list(st[K.BGE + at * (K.MAXV + 1) + 1:][:K.MAXV]) != ge:
            bad.append(f"tiles by value {at}")
    on_display = sum(1 for i in range(T.display_n) if st[K.DISP + i] >= 0)
    if int((loc == K.AT_DISPLAY).sum()) != on_display:
        bad.append("display")
    if int((loc == K.AT_DECK).sum()) != T.n_chars - int(st[K.G_DECK_TOP]):
        bad.append("deck")
    return bad


# -- hooks of the generic tests (tests/test_every_game.py) -----------------------------------

def deal(compiled, events, scratch):
    """What chance alone decides in a traced game: set-up logs nothing, so the orders it
    shuffles, which play reads from a moving top and never changes, from the final state."""
    tb, st = compiled.tables[0], scratch[0][0]
    return {"characters": st[K.DECK:K.DECK + tb[K.T_NCHARS]],
            "versailles": st[K.VERS:K.VERS + tb[K.T_NVERS]],
            "bonus tiles": st[K.BONUS:K.BONUS + tb[K.T_ROUNDS]],
            "weapons": st[K.WPOOL:K.WPOOL + tb[K.T_NPOOL]],
            "missions": st[K.MORD:K.MORD + tb[K.T_NMIS]]}


def broken_invariants(compiled, scratch):
    """Conservation broken in any scratch row's final state (one row per game)."""
    return [f"row {r}: {x}" for r, st in enumerate(scratch[0])
            for x in invariants(compiled.T, st, compiled.n_players)]


class Unseen:
    """Seat p, to place a tile in a game of Pos g, as the no-peek test sees it: every choice
    of every bot kind, and a re-deal of what p cannot see (on a copy of g's state). While
    taking a mission p looks through the deck or one pile (take_mission), so with ``pile``
    set p knows those cards: the re-deal keeps them and the choices include the mission."""

    def __init__(self, g, pile=None):
        self.g, self.pile, self.p = g, pile, int(g.st[K.G_TURN])
        self.st, self.rng = as_row(g.st.copy()), as_row(g.rng.copy())
        self.W = as_row(g.W.copy())
        self.W[K.W_ROLLOUT_N] = 1       # one playout a placement: the rollout's re-deals still run

    def redeal(self, seed):
        """Re-deal with the kernel's redeal_hidden; True when a hidden card moved."""
        st, T = self.st, self.g.T
        before = st.copy()
        seen = [] if self.pile is None else [
            K.MLOC + m for m in range(T.n_missions) if st[K.MLOC + m] == self.pile]
        st[seen] = self.p               # p's own for the re-deal: it stays where it is
        rng = as_row(np.zeros(K.MAXP + 1, np.uint64))
        seed_streams(rng, np.uint64(seed), np.uint64(99))
        redeal_hidden(self.g.compiled.tables, st, self.p, rng)
        if seen:
            st[seen] = self.pile
        hidden = np.r_[K.DECK:K.DECK + T.n_chars, K.WPOOL:K.WPOOL + T.n_pool,
                       K.VERS:K.VERS + T.n_vers, K.MLOC:K.MLOC + T.n_missions]
        return not np.array_equal(before[hidden], st[hidden])

    def decisions(self):
        """Every bot kind's answer to every choice a Bastille bot makes, each asked of a
        fresh copy of the state, the streams and the bots' scratch."""
        p, tb, W, T = self.p, self.g.tb, self.W, self.g.T
        top = int(self.st[K.G_VERS_TOP])
        asks = [("placement", lambda st, rng, fs, d: choose_placement(tb, st, rng, p, W, fs)),
                ("pile", lambda st, rng, fs, d: choose_pile(tb, st, rng, p, W)),
                ("weapon", lambda st, rng, fs, d: choose_weapon(tb, st, rng, p, W)),
                ("upgrade", lambda st, rng, fs, d: choose_upgrade(tb, st, rng, p, W)),
                ("monks", self.monks)]
        asks += [(f"versailles {vt}", lambda st, rng, fs, d, vt=vt: choose_versailles(tb, st, rng, p, vt, W))
                 for vt in range(top, T.n_vers)]
        asks += [(f"character for {v}", lambda st, rng, fs, d, v=v: choose_character(tb, st, rng, p, v, W))
                 for v in range(1, T.max_value + 1)]
        asks += [(f"catacomb {lo}-{hi}",
                  lambda st, rng, fs, d, lo=lo, hi=hi: choose_catacomb(tb, st, rng, p, lo, hi, W))
                 for lo, hi in ((0, T.cat_final_lo), (T.cat_final_lo, T.cat_final_hi))]
        if self.pile is not None:
            asks.append(("mission", lambda st, rng, fs, d: choose_mission(tb, st, rng, p, self.pile, W)))
        out = [(bot, name, self.ask(bot, f)) for bot in GAME.bots for name, f in asks]
        out.append(("rollout", "rollout placement", self.ask("rollout", self.rollout)))
        return out

    def rollout(self, st, rng, fs, d):
        """The rollout bot's placement: (tile value, location)."""
        st[K.G_KIND], st[K.G_SEAT] = K.DEC_PLACE, self.p
        buf = as_row(np.zeros((K.K_MAX, K.OPT_W), np.int64))
        k = options(self.g.tb, st, buf)
        i = rollout_placement(self.g.tb, st, rng, self.p, self.W, fs, buf, k, *d, self.g.log)
        return tuple(buf[i])

    def monks(self, st, rng, fs, d):
        """The groups p sorts its monks into (final scoring asks this of every seat)."""
        assign_monks(self.g.tb, st, rng, self.p, self.W, self.g.log)
        return st[K.CGRP:K.CGRP + self.g.T.n_chars].tolist()

    def ask(self, bot, f):
        st, rng = as_row(self.st.copy()), as_row(self.rng.copy())
        st[K.SEATBOT + self.p] = BOT[bot]
        st[K.G_LOGON] = 0
        fresh = [as_row(np.zeros_like(a[0])) for a in self.g.scratch]
        return f(st, rng, fresh[2], fresh[4:7] + fresh[8:9])


def no_peek_positions():
    """Mid-game placements in both variants, and the same seats taking a mission."""
    for seed in range(4):
        for variant in ((), ("secret_mission",)):
            g = Pos(variants=variant, seed=seed, bots="greedy", log=False)
            g.play_placements_until(2 + seed % 3, placed=seed % 7)
            yield Unseen(g)
            for pile in ((K.AT_DECK, K.AT_PILE_B) if variant else (K.AT_DECK,)):
                yield Unseen(g, pile)


def hidden(pos):
    """What seat p cannot see at an Unseen position: the cells its re-deal may move (character
    deck, weapon pool, Versailles tiles, mission card places; the mutation check of the no-peek
    test reads them)."""
    T = pos.g.T
    return pos.st[np.r_[K.DECK:K.DECK + T.n_chars, K.WPOOL:K.WPOOL + T.n_pool,
                        K.VERS:K.VERS + T.n_vers, K.MLOC:K.MLOC + T.n_missions]]
