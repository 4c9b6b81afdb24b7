"""What a seat cannot see, re-dealt consistently with what it knows (the no-peek hook of
kernels/README.md). The rollout bot itself is not written yet (docs/emerald-status.md).

A seat knows: its own identity, hand and the contents of its own deck; everything public (the
board, the tracks, claims and every card played, so each opponent's hand + deck multiset
(rules.discards_public), trophies, Royalty taken, that Change of Heart was played); the
identities revealed and those it saw with Vladimir Burtsev. It does not know: the other
identities (dealt from the six cards, the rest set aside), the order of any deck, how each
opponent's cards split between hand and deck, and which game cards lie face down in the city
stacks (or were never dealt).
"""
import numpy as np
from numba import njit

from kernels.emerald.layout import (F_DECK, F_HAND, F_IDENT, F_IDPOOL, F_NDECK, F_NHAND, F_NSTACK,
                                    F_REVEALED, F_SEEN, F_STACK, F_UP, F_ZONE, F_ZOWN, KIND_GAME,
                                    K_KIND, MAXCARDS, MAXHAND, MAXOWN, MAXSTACK, NCITY, NIDENT,
                                    R_GAME_CARDS, R_N, T_CARD, T_RULES, Z_DECK, Z_HAND, Z_OUT,
                                    Z_STACK)
from kernels.rng import CHANCE, shuffle


@njit(cache=True, _nrt=False)
def redeal_identities(st, n, me, rng, tmp):
    """Unknown identities re-dealt from the cards of the six that me cannot place."""
    m = 0
    for i in range(NIDENT):
        tmp[m] = st[F_IDPOOL + i]
        m += 1
    # take out the cards whose owner me knows (its own, revealed ones, seen ones)
    unknown = 0
    for o in range(n):
        known = o == me or st[F_REVEALED + o] or (st[F_SEEN + me] >> o) & 1
        if known:
            for j in range(m):
                if tmp[j] == st[F_IDENT + o]:
                    tmp[j] = tmp[m - 1]
                    m -= 1
                    break
        else:
            unknown += 1
    shuffle(rng, CHANCE, tmp, m)
    k = 0
    for o in range(n):
        known = o == me or st[F_REVEALED + o] or (st[F_SEEN + me] >> o) & 1
        if not known:
            st[F_IDENT + o] = tmp[k]
            k += 1
    # the pool in deal order again: seat o's card first, then the cards set aside
    for o in range(n):
        st[F_IDPOOL + o] = st[F_IDENT + o]
    for j in range(k, m):
        st[F_IDPOOL + n + j - k] = tmp[j]


@njit(cache=True, _nrt=False)
def redeal_cards_of(st, o, shuffle_hand, rng, tmp):
    """Seat o's hand and deck: the same cards, a fresh split (when shuffle_hand) and order."""
    h = st[F_NHAND + o]
    d = st[F_NDECK + o]
    m = 0
    if shuffle_hand:
        for i in range(h):
            tmp[m] = st[F_HAND + o * MAXHAND + i]
            m += 1
    for i in range(d):
        tmp[m] = st[F_DECK + o * MAXOWN + i]
        m += 1
    shuffle(rng, CHANCE, tmp, m)
    k = 0
    if shuffle_hand:
        for i in range(h):
            st[F_HAND + o * MAXHAND + i] = tmp[k]
            st[F_ZONE + tmp[k]] = Z_HAND
            k += 1
    for i in range(d):
        st[F_DECK + o * MAXOWN + i] = tmp[k]
        st[F_ZONE + tmp[k]] = Z_DECK
        k += 1


@njit(cache=True, _nrt=False)
def redeal_stacks(st, cards, rules, rng, tmp):
    """The face-down game cards of the city stacks and the game cards never dealt are one pool;
    each stack keeps its size, its face-up top and its own City/Royalty card (in a fresh
    position below the top)."""
    g = rules[R_GAME_CARDS]
    m = 0
    for card in range(g):
        z = st[F_ZONE + card]
        if z == Z_OUT:
            tmp[m] = card
            m += 1
        elif z == Z_STACK:
            c = st[F_ZOWN + card]
            k = st[F_NSTACK + c]
            if not (st[F_UP + c] and st[F_STACK + c * MAXSTACK + k - 1] == card):
                tmp[m] = card
                m += 1
    shuffle(rng, CHANCE, tmp, m)
    j = 0
    for c in range(NCITY):
        k = st[F_NSTACK + c]
        below = k - 1 if st[F_UP + c] else k
        for i in range(below):
            x = st[F_STACK + c * MAXSTACK + i]
            if cards[x, K_KIND] == KIND_GAME:
                y = tmp[j]
                j += 1
                st[F_STACK + c * MAXSTACK + i] = y
                st[F_ZONE + y] = Z_STACK
                st[F_ZOWN + y] = c
        # the City/Royalty card anywhere below the top
        seg = tmp[MAXCARDS:MAXCARDS + MAXSTACK]
        for i in range(below):
            seg[i] = st[F_STACK + c * MAXSTACK + i]
        shuffle(rng, CHANCE, seg, below)
        for i in range(below):
            st[F_STACK + c * MAXSTACK + i] = seg[i]
    for i in range(j, m):
        st[F_ZONE + tmp[i]] = Z_OUT
        st[F_ZOWN + tmp[i]] = -1


@njit(cache=True, _nrt=False)
def determinize(st, tables, me, rng, tmp):
    """Re-deal in place everything ``me`` cannot know (module docstring), from stream CHANCE."""
    rules = tables[T_RULES]
    n = rules[R_N]
    redeal_identities(st, n, me, rng, tmp)
    for o in range(n):
        redeal_cards_of(st, o, o != me, rng, tmp)
    redeal_stacks(st, tables[T_CARD], rules, rng, tmp)


@njit(cache=True)
def redeal_hidden(tables, st, seat, rng):
    """The no-peek hook (kernels/README.md): re-deal in place every hidden thing ``seat``
    cannot know, from stream CHANCE of the stream row ``rng``."""
    tmp = np.empty(MAXCARDS + MAXSTACK + 8, np.int64)
    determinize(st, tables, seat, rng, tmp)
