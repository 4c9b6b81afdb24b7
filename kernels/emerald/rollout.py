"""What a seat cannot see, re-dealt consistently with what it knows (the no-peek hook of
kernels/README.md), and the rollout bot.

A seat knows: its own identity, hand and the contents of its own deck; everything public (the
board, the tracks, claims and every card played, so each opponent's hand + deck multiset, and
its discard pile by rules.discards_public; trophies, Royalty taken, that Change of Heart was
played by rules.change_of_heart_public); the identities revealed and those it saw with Vladimir
Burtsev. It does not know: the other identities (dealt from the six cards, the rest set
aside), the order of any deck, how each opponent's cards split between hand and deck (and
discard pile, when it is not public), and which game cards lie face down in the city stacks
(or were never dealt).

The rollout bot chooses each of its two actions by flat Monte Carlo: the heuristic's best few
rows, each played out from the same determinised deals (the heuristic in every seat, a horizon of
player turns) through the forward model's one loop, scored by the final adjustments as if the
game ended there.
"""
import numpy as np
from numba import njit

from kernels.common import inline_copy
from kernels.emerald.bots import choose_action, choose_option, sub_choice
from kernels.emerald.layout import (BOT_GREEDY, BOT_HEURISTIC, BOT_ROLLOUT, DEC_ACTION, DEC_AGENT, DEC_NONE,
                                    END_NONE, F_CAP, F_CAP_ENDS, F_COH, F_DEC, F_DEC_SEAT, F_END, F_IDENT,
                                    F_IDPOOL, F_NDECK, F_NHAND, F_NSTACK, F_REVEALED, F_SEEN, F_TURN, F_UP,
                                    F_ZONE, F_ZOWN, K_KIND, KIND_GAME, MAX_CANDIDATES, MAXCARDS, MAXSTACK,
                                    MV_SIZE, NCITY, NIDENT, O_A, O_B, R_CARDS, R_COH_PUBLIC,
                                    R_DISCARDS_PUBLIC, R_GAME_CARDS, R_N, S_R_CAND, S_R_IO, S_R_MET,
                                    S_R_MOVES, S_R_POS, S_R_RNG, S_R_SCORE, S_R_STATE, S_R_TMP, S_R_VALUE,
                                    T_CARD, T_RULES, W_ROLLOUT_CANDIDATES, W_ROLLOUT_HORIZON,
                                    W_ROLLOUT_PLAYOUTS, Z_DECK, Z_DISCARD, Z_HAND, Z_OUT, Z_STACK)
from kernels.emerald.rules import final_scores
from kernels.emerald.state import copy_into, deck_at, hand_at, stack_at
from kernels.emerald.values import row_value
from kernels.emerald.forward import apply, options
from kernels.rng import BOT0, CHANCE, next_u64, shuffle, stream_start

# quick_answer applies without a call: forward.apply's body in play_game's and play_out's loops
# (a call copies 13 arrays of arguments, 7-9 words each; side by side 1.06, three readings)
apply_here = inline_copy(apply)


@njit(cache=True, _nrt=False)
def shuffle_sorted(rng, a, m):
    """Shuffle a[:m] from stream CHANCE after sorting it: the re-deal then depends only on which
    cards are hidden, never on where they lay (which the seat may not know)."""
    for i in range(1, m):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x
    shuffle(rng, CHANCE, a, m)


@njit(cache=True, _nrt=False, inline="always")
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
    shuffle_sorted(rng, tmp, m)
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


@njit(cache=True, _nrt=False, inline="always")
def redeal_cards_of(st, o, shuffle_hand, with_discards, nc, rng, tmp):
    """Seat o's hand and deck: the same cards, a fresh split (when shuffle_hand) and order; with
    its discard pile too when discards are not public (rules.discards_public = 0: only the pile's
    size is seen)."""
    h = st[F_NHAND + o]
    d = st[F_NDECK + o]
    m = 0
    if shuffle_hand:
        for i in range(h):
            tmp[m] = st[hand_at(o, i)]
            m += 1
    for i in range(d):
        tmp[m] = st[deck_at(o, i)]
        m += 1
    if with_discards:
        for card in range(nc):
            if st[F_ZONE + card] == Z_DISCARD and st[F_ZOWN + card] == o:
                tmp[m] = card
                m += 1
    shuffle_sorted(rng, tmp, m)
    k = 0
    if shuffle_hand:
        for i in range(h):
            st[hand_at(o, i)] = tmp[k]
            st[F_ZONE + tmp[k]] = Z_HAND
            k += 1
    for i in range(d):
        st[deck_at(o, i)] = tmp[k]
        st[F_ZONE + tmp[k]] = Z_DECK
        k += 1
    for i in range(k, m):
        st[F_ZONE + tmp[i]] = Z_DISCARD


@njit(cache=True, _nrt=False, inline="always")
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
            if not (st[F_UP + c] and st[stack_at(c, k - 1)] == card):
                tmp[m] = card
                m += 1
    shuffle_sorted(rng, tmp, m)
    j = 0
    for c in range(NCITY):
        k = st[F_NSTACK + c]
        below = k - 1 if st[F_UP + c] else k
        for i in range(below):
            x = st[stack_at(c, i)]
            if cards[x, K_KIND] == KIND_GAME:
                y = tmp[j]
                j += 1
                st[stack_at(c, i)] = y
                st[F_ZONE + y] = Z_STACK
                st[F_ZOWN + y] = c
        # the City/Royalty card anywhere below the top
        seg = tmp[MAXCARDS:MAXCARDS + MAXSTACK]
        for i in range(below):
            seg[i] = st[stack_at(c, i)]
        shuffle_sorted(rng, seg, below)
        for i in range(below):
            st[stack_at(c, i)] = seg[i]
    for i in range(j, m):
        st[F_ZONE + tmp[i]] = Z_OUT
        st[F_ZOWN + tmp[i]] = -1


@njit(cache=True, _nrt=False)
def forget_change_of_heart(st, n, me):
    """rules.change_of_heart_public = 0: whether a seat me cannot place played Change of Heart
    is hidden, so the re-deal does not keep it: each such seat ends on its re-dealt side (the
    heuristic's belief under the switch ignores Change of Heart too). A seat me saw with
    Vladimir Burtsev (the card lies on the identity card) or a revealed one keeps it."""
    for o in range(n):
        if not (o == me or st[F_REVEALED + o] or (st[F_SEEN + me] >> o) & 1):
            st[F_COH + o] = 0


@njit(cache=True, _nrt=False)
def determinize(st, tables, me, rng, tmp):
    """Re-deal in place everything ``me`` cannot know (module docstring), from stream CHANCE."""
    rules = tables[T_RULES]
    n = rules[R_N]
    redeal_identities(st, n, me, rng, tmp)
    if not rules[R_COH_PUBLIC]:
        forget_change_of_heart(st, n, me)
    for o in range(n):
        redeal_cards_of(st, o, o != me, o != me and not rules[R_DISCARDS_PUBLIC], rules[R_CARDS], rng, tmp)
    redeal_stacks(st, tables[T_CARD], rules, rng, tmp)


@njit(cache=True)
def redeal_hidden(tables, st, seat, rng):
    """The no-peek hook (kernels/README.md): re-deal in place every hidden thing ``seat``
    cannot know, from stream CHANCE of the stream row ``rng``."""
    tmp = np.empty(MAXCARDS + MAXSTACK + 8, np.int64)
    determinize(st, tables, seat, rng, tmp)


# -- the rollout bot ---------------------------------------------------------------------------

@njit(cache=True, _nrt=False, inline="always")
def best_rows(st, n, p, mv, k, tables, weights, cand, value, most):
    """Copy the heuristic's ``most`` best of rows mv[:k] into cand, best first (the first row
    on ties); returns how many. Each row is valued once, into value[:k]."""
    for i in range(k):
        value[i] = row_value(st, n, p, mv[i], tables, weights, True)
    m = 0
    prev_v = 1e300
    prev_i = -1
    for _ in range(min(most, k)):
        best = -1
        bv = -1e300
        for i in range(k):
            v = value[i]
            below = v < prev_v or (v == prev_v and i > prev_i)       # after the last one taken
            if below and (best < 0 or v > bv):
                bv = v
                best = i
        copy_into(cand[m], mv[best])
        prev_v = bv
        prev_i = best
        m += 1
    return m


@njit(cache=True, _nrt=False)
def playout_value(rs, n, p, tables, score, met):
    """What the playout position is worth to p: a win share if the game ended, else the final
    adjustments as if it ended now, squashed from p's margin over the best other seat."""
    final_scores(rs, n, tables, score[0], score[1], met)
    best = -1 << 30
    for o in range(n):
        if o != p and score[0, o] > best:
            best = score[0, o]
    margin = score[0, p] - best
    if rs[F_END] != END_NONE:
        if margin > 0:
            return 1.0
        if margin == 0 and score[1, p] >= 1:
            return 0.5
        return 0.0
    return 1.0 / (1.0 + np.exp(-margin / 3.0))


@njit(cache=True, _nrt=False, inline="always")
def quick_answer(tables, st, io, met, tmp, pos, mv, rng, weights, log, on, kind, bot):
    """The pending decision (``kind``) answered by ``bot`` without listing its options, then
    applied: a sub-choice read as its option row (bots.sub_choice; the rollout and search bots'
    sub-choices are the heuristic's), a greedy or heuristic action as bots.choose_action finds
    it; the same games as through options and choose_option (tests/test_forward_model.py).
    Returns the next decision, or -1 when the options must be listed (a free action, another
    assassination, another bot's action). Inlined: play.play_game's loop and play_out's."""
    if kind >= DEC_AGENT:
        i = mv.shape[0] - 1             # a sub-choice's row (moves.add_move never writes it)
        mv[i, O_A], mv[i, O_B] = sub_choice(tables, st, st[F_DEC_SEAT], BOT_HEURISTIC if bot >= BOT_ROLLOUT else bot,
                                            rng, weights)
    elif kind == DEC_ACTION and (bot == BOT_GREEDY or bot == BOT_HEURISTIC):
        i = choose_action(tables, st, pos, mv, st[F_DEC_SEAT], bot, weights)
    else:
        return -1
    return apply_here(tables, st, io, met, tmp, pos, mv, rng, weights, mv[i], log, on)


@njit(cache=True, _nrt=False)
def play_out(tables, rs, rio, met, rtmp, rpos, rmv, rrng, weights, log):
    """A playout from where rs stands: the heuristic in every seat (each from its own stream of
    rrng), the forward model's one loop, until the game ends or stops at F_CAP."""
    kind = rs[F_DEC]
    while kind != DEC_NONE:
        answered = quick_answer(tables, rs, rio, met, rtmp, rpos, rmv, rrng, weights, log, False, kind, BOT_HEURISTIC)
        if answered >= 0:
            kind = answered
            continue
        k = options(tables, rs, rio, met, rtmp, rpos, rmv, rmv)
        i = choose_option(tables, rs, rmv, k, rs[F_DEC_SEAT], BOT_HEURISTIC, rrng, weights)
        kind = apply(tables, rs, rio, met, rtmp, rpos, rmv, rrng, weights, rmv[i], log, False)


@njit(cache=True, _nrt=False)
def rollout_choice(tables, st, p, buf, k, weights, rng, log, R, r):
    """The action of buf[:k] (seat p's pending DEC_ACTION) the rollout bot takes: the candidate
    whose playouts score best, every candidate over the same determinised deals and dice. A
    playout applies the candidate to a copy of the position, then plays the rest of the turn
    and ``rollout_horizon`` more player turns."""
    n = tables[T_RULES][R_N]
    cand = R[S_R_CAND][r]
    nc = best_rows(st, n, p, buf, k, tables, weights, cand, R[S_R_VALUE][r],
                   max(1, min(MAX_CANDIDATES, int(weights[W_ROLLOUT_CANDIDATES]))))
    if nc == 1:
        return first_row_like(buf, k, cand[0])
    rs, rrng, rtmp = R[S_R_STATE][r], R[S_R_RNG][r], R[S_R_TMP][r]
    rmv, rpos, rio, score, met = R[S_R_MOVES][r], R[S_R_POS][r], R[S_R_IO][r], R[S_R_SCORE][r], R[S_R_MET][r]
    npl = max(1, int(weights[W_ROLLOUT_PLAYOUTS]))
    horizon = int(weights[W_ROLLOUT_HORIZON])
    base = next_u64(rng, BOT0 + p)
    best = 0
    bestv = -1.0
    for c in range(nc):
        acc = 0.0
        for j in range(npl):
            copy_into(rs, st)
            for s in range(rrng.shape[0]):
                rrng[s] = stream_start(base, j, s)
            determinize(rs, tables, p, rrng, rtmp)
            rs[F_CAP] = rs[F_TURN] + 1 + horizon
            rs[F_CAP_ENDS] = 0
            apply(tables, rs, rio, met, rtmp, rpos, rmv, rrng, weights, cand[c], log, False)
            play_out(tables, rs, rio, met, rtmp, rpos, rmv, rrng, weights, log)
            acc += playout_value(rs, n, p, tables, score, met)
        if acc > bestv:
            bestv = acc
            best = c
    return first_row_like(buf, k, cand[best])


@njit(cache=True, _nrt=False)
def first_row_like(mv, k, row):
    """Where candidate ``row`` (a copy) stands in mv[:k]: the index the turn plays."""
    for i in range(k):
        same = True
        for f in range(MV_SIZE):
            if mv[i, f] != row[f]:
                same = False
                break
        if same:
            return i
    return 0
