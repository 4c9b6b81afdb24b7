"""Small helpers that build Emerald positions and call the compiled functions directly (the
game is not registered yet: docs/emerald-status.md)."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from kernels.emerald import layout as L
from kernels.emerald.state import setup_game
from kernels.rng import seed_streams
from sim.content import Content
from sim.games.emerald import pack

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
        """No cubes or agents in any city; every cube in stock, every agent in stock."""
        for p in range(self.n):
            for c in range(L.NCITY):
                self.set(L.F_CUBES, p * L.NCITY + c, 0)
                self.set(L.F_AGENTS, p * L.NCITY + c, 0)
            self.set(L.F_LIMBO, p, 0)
            self.set(L.F_CSTOCK, p, int(self.rules[L.R_CUBES]))
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
