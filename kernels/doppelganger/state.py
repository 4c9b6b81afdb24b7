"""Set-up and the pure queries of the state that rules and bots both read."""
import numpy as np
from numba import njit

from kernels.doppelganger.layout import (F_FORM, F_POS, F_ROOM_W, F_WHAT, F_WHERE, F_WHO, F_WHO_UP,
                                         F_WINNER, R_HAND, R_NCARDS, R_NROOMS)
from kernels.rng import CHANCE, shuffle


@njit(cache=True, _nrt=False, inline="always")
def popcount(x):
    """Set bits of a card mask (masks have at most 32 bits)."""
    x = np.int64(x) & 0xFFFFFFFF
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


@njit(cache=True, _nrt=False, inline="always")
def nth_bit(mask, k):
    """Index of the k-th set bit (k from 0)."""
    i = 0
    while True:
        if (mask >> i) & 1:
            if k == 0:
                return i
            k -= 1
        i += 1


@njit(cache=True, _nrt=False, inline="always")
def is_true_form(st, p, rules):
    """All of the player's who cards are face up (public: everyone counts them)."""
    return popcount(st[F_WHO_UP + p]) == rules[R_HAND]


@njit(cache=True, _nrt=False)
def setup_game(st, n, rules, rng, deck):
    """Deal who, where and what cards evenly, one weapon token per rim room, pawns on the wheel."""
    st[:] = 0
    nc = rules[R_NCARDS]
    for cat in (F_WHO, F_WHERE, F_WHAT):
        for i in range(nc):
            deck[i] = i
        shuffle(rng, CHANCE, deck, nc)
        for i in range(nc):
            st[cat + i % n] |= 1 << deck[i]
    for i in range(nc):
        deck[i] = i
    shuffle(rng, CHANCE, deck, nc)
    for r in range(rules[R_NROOMS]):
        st[F_ROOM_W + r] = 1 << deck[r]
    for s in range(n):
        st[F_POS + s] = rules[R_NROOMS]
        st[F_FORM + s] = -1
    st[F_WINNER] = -1
