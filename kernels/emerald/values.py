"""What things are worth to the greedy and heuristic bots: an agent in a city, a move action's
moves, each legal action (row_value) and each card text, the heuristic's beliefs about the
others' sides (p_restorationist, side_lead) and what hunting, pushing, guarding and denying
bring. They read only what the seat may know (the board, the tracks, its own hand and identity)
and never change the state (a move action's moves and a denial's agent are tried on it and taken
back); bots.py makes the choices from them. Weights in content [bots] (W_*)."""
import numpy as np
from numba import njit

from kernels.emerald.layout import (ACT_ASSASSINATE, ACT_CARD, ACT_CLAIM, ACT_DISCARD, ACT_FREE,
                                    ACT_MARKERS, ACT_MIGO_BACK, ACT_MOVE, ACT_PLACE, ACT_RETRIEVE,
                                    F_BLACK_HAND, F_COH, F_CSTOCK, F_IDENT, F_LIMBO, F_PUSH_L,
                                    F_PUSH_R, F_REVEALED, F_SANITY, F_SEEN, F_SLOT, F_TRACK_L,
                                    F_TRACK_R, F_VPBOX, F_VPL, F_VPN, F_VPR, F_YOG, F_ZONE, F_ZOWN,
                                    FX_BLACK_HAND, FX_CHANGE_OF_HEART, FX_CTHULHU, FX_DISCARD_DRAW,
                                    FX_DRAW_TWO, FX_DUCHESS, FX_FREUD, FX_HIDE_ROYALTY,
                                    FX_HOLY_BROTHERHOOD, FX_IRENE_ADLER, FX_LESTRADE, FX_MATVEI,
                                    FX_MI_GO, FX_PEOPLES_WILL, FX_PINKERTON, FX_SHOGGOTH,
                                    FX_TERRORS, FX_THIRD_SECTION, FX_VAMPIRES, FX_YOG_SOTHOTH,
                                    K_AGENT, K_BOX, K_CUBE, K_EFFECT, K_LOY, K_RES, K_VP, K_VP_TYPE,
                                    LOYALIST, MV_A, MV_ACT, MV_B, MV_C, MV_PAY, MV_PAY2,
                                    NCITY, NIDENT, R_CARDS, R_COH_PUBLIC, R_ID_RES, R_RES_KEEPS_BOX,
                                    R_SANITY, R_TRACK_MAX, RESTORATIONIST, T_CARD, T_RULES, VT_LOY,
                                    VT_NEUTRAL, VT_RES, W_AGENT, W_BELIEF_PUSH, W_BELIEF_ROYAL,
                                    W_CARD, W_DENY, W_END_LEAD, W_GUARD, W_H_TRACK, W_H_VP, W_HUNT,
                                    W_MAJORITY, W_PUSH, W_ROYAL_GUARD, W_TRACK, W_VP,
                                    Z_ROYAL_HIDDEN, Z_ROYAL_KILLED)
from kernels.emerald.rules import voided_by_leopold
from kernels.emerald.state import (agents, agents_at, agents_on_board, claimable, cubes, hand_at,
                                   has_majority, higher_side, pieces, side, track_points)

MOST_MOVES = 8      # the agent moves a bot tries for a move action (a byte each in an int64)


# -- agents and moves ---------------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def city_gain_with_agent(st, n, p, c, rules, cards, weights):
    """What one more agent of p in city c is worth: the face-up card it would let p claim (a strict
    majority reached or kept), plus a little for presence. Inlined: greedy_agent_move asks it for
    every city at every agent move the bots weigh."""
    v = weights[W_AGENT]
    card = claimable(st, c)
    if card < 0:
        return v        # no card to claim there: the others' pieces do not matter
    if pieces(st, p, c, rules) + 1 > most_other(st, n, p, c, rules):
        v += claim_gain(cards, card, weights)
    return v


@njit(cache=True, _nrt=False, inline="always")
def claim_gain(cards, card, weights):
    """What claiming the face-up card is worth to an agent move (city_gain_with_agent)."""
    return weights[W_CARD] + weights[W_VP] * cards[card, K_VP]


@njit(cache=True, _nrt=False, inline="always")
def most_other(st, n, p, c, rules):
    """The most pieces one other seat than p has in city c (0 if none)."""
    best = 0
    for o in range(n):
        if o != p:
            best = max(best, pieces(st, o, c, rules))
    return best


@njit(cache=True, _nrt=False)
def greedy_agent_move(st, n, p, rules, cards, weights):
    """The greedy and heuristic agent move (no draw): from the city where p's agent adds
    least (city_gain_with_agent) to the city where one more adds most; (-1, -1) when no such
    move gains. ladder_step finds it (the majorities' worth it also sums is not used here)."""
    _, src, dst = ladder_step(st, n, p, side(st, p), weights[W_VP], rules, cards, weights)
    return src, dst


@njit(cache=True, _nrt=False)
def majority_worth(st, n, p, s, wvp, rules, cards, weights):
    """What p's majorities are worth now: each face-up card it could claim."""
    v = 0.0
    for c in range(NCITY):
        card = claimable(st, c)
        if card >= 0 and has_majority(st, n, p, c, rules):
            v += weights[W_CARD] + wvp * kept_vp(cards, card, s)
    return v


@njit(cache=True, _nrt=False, inline="always")
def move_value(st, n, p, used, s, wvp, rules, cards, weights):
    """A move action worth the moves p's bot will make with it (greedy_agent_move, as the
    action's agent moves, DEC_MOVE, ask it), played on the state and taken back: the change in
    p's claimable majorities plus a little per agent moved. Negative when it would move no agent: paying
    for nothing is worse than discarding."""
    before = majority_worth(st, n, p, s, wvp, rules, cards, weights)
    done = 0            # up to 8 moves, a byte each: from city (4 bits), to city (4 bits)
    moved = 0
    for _ in range(min(used, MOST_MOVES)):
        a, b = greedy_agent_move(st, n, p, rules, cards, weights)
        if a < 0:
            break
        done = move_agent(st, p, a, b, done, moved)
        moved += 1
    after = majority_worth(st, n, p, s, wvp, rules, cards, weights)
    take_back_moves(st, p, done, moved)
    return moves_worth(after, before, moved, weights)


@njit(cache=True, _nrt=False, inline="always")
def moves_worth(after, before, moved, weights):
    """move_value from p's majority worth before and after its moved agents."""
    if moved == 0:
        return -0.5
    return weights[W_MAJORITY] * (after - before) + weights[W_AGENT] * 0.3 * moved


@njit(cache=True, _nrt=False, inline="always")
def move_agent(st, p, a, b, done, moved):
    """Move one agent of p from city a to city b, as the bots try it; returns ``done`` with the
    move recorded as byte ``moved`` (from city: 4 bits, to city: 4 bits) for take_back_moves."""
    st[agents_at(p, a)] -= 1
    st[agents_at(p, b)] += 1
    return done | ((a | (b << 4)) << (8 * moved))


@njit(cache=True, _nrt=False, inline="always")
def take_back_moves(st, p, done, moved):
    """Undo the first ``moved`` agent moves recorded in ``done`` (move_agent)."""
    for i in range(moved):
        a = (done >> (8 * i)) & 15
        b = (done >> (8 * i + 4)) & 15
        st[agents_at(p, b)] -= 1
        st[agents_at(p, a)] += 1


@njit(cache=True, _nrt=False)
def best_move_row(st, n, p, mv, lo, hi, most, tables, weights, heur, bv, best):
    """bots.choose_row's pass over the move rows among mv[lo:hi + 1], each worth what row_value
    says (move_value less its payment), from one ladder of greedy agent moves for the whole list:
    the rows differ only in how many agents they move (``most`` at most), and a row moving u
    agents makes the ladder's first u moves. Returns (bv, best) after them: a row takes best's
    place when it is worth more, or as much and comes earlier (the first row on ties, as one pass
    in order gives)."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    s = side(st, p)
    wvp = vp_weight(weights, heur)
    before, a, b = ladder_step(st, n, p, s, wvp, rules, cards, weights)
    after = before
    done = 0
    moved = 0
    for m in range(1, min(most, MOST_MOVES) + 1):
        if a < 0:
            break
        done = move_agent(st, p, a, b, done, moved)
        moved = m
        after, a, b = ladder_step(st, n, p, s, wvp, rules, cards, weights)
        v = moves_worth(after, before, moved, weights)
        for i in range(lo, hi + 1):
            if mv[i, MV_ACT] == ACT_MOVE and min(mv[i, MV_A], MOST_MOVES) == m:
                bv, best = better_row(v - payment_cost(mv[i]), i, bv, best)
    take_back_moves(st, p, done, moved)
    v = moves_worth(after, before, moved, weights)
    for i in range(lo, hi + 1):                 # rows asking more moves than the ladder made
        if mv[i, MV_ACT] == ACT_MOVE and min(mv[i, MV_A], MOST_MOVES) > moved:
            bv, best = better_row(v - payment_cost(mv[i]), i, bv, best)
    return bv, best


@njit(cache=True, _nrt=False, inline="always")
def ladder_step(st, n, p, s, wvp, rules, cards, weights):
    """(majority_worth, then the greedy agent move's from and to city: greedy_agent_move) of p
    now, in one pass over the cities (each city's pieces read once for both): a step of
    best_move_row's ladder. The same sums, in the same city order, as majority_worth."""
    worth = 0.0
    src = -1
    sv = 1e18
    dst = -1
    dv = -1e18
    for c in range(NCITY):
        v = weights[W_AGENT]        # city_gain_with_agent
        card = claimable(st, c)
        if card >= 0:
            mine = pieces(st, p, c, rules)
            other = most_other(st, n, p, c, rules)
            if 0 < mine and other < mine:           # state.has_majority
                worth += weights[W_CARD] + wvp * kept_vp(cards, card, s)
            if mine + 1 > other:
                v += claim_gain(cards, card, weights)
        if agents(st, p, c) > 0 and v < sv:
            sv = v
            src = c
        if v > dv:
            dv = v
            dst = c
    if src < 0 or dst == src or dv <= sv:
        return worth, -1, -1
    return worth, src, dst


@njit(cache=True, _nrt=False, inline="always")
def better_row(v, i, bv, best):
    """(bv, best) after row i worth v: i when worth more, or as much and earlier than best."""
    if v > bv or (v == bv and i < best):
        return v, i
    return bv, best


# -- what a seat keeps and what it believes of the others ----------------------------------------
@njit(cache=True, _nrt=False)
def kept_vp(cards, card, s):
    """VP of a card the seat keeps at the end on side s (the other side's typed VP count 0)."""
    t = cards[card, K_VP_TYPE]
    if t == VT_NEUTRAL or (t == VT_RES and s == RESTORATIONIST) or (t == VT_LOY and s == LOYALIST):
        return cards[card, K_VP]
    return 0


@njit(cache=True, _nrt=False)
def p_restorationist(st, n, me, o, tables, weights):
    """The chance seat ``o`` ends a Restorationist, as seat ``me`` sees it: certain for itself,
    a revealed seat or one seen with Vladimir Burtsev (Change of Heart being public); otherwise
    the share of Restorationist cards among the identity cards me cannot place, moved in
    log-odds by the public record: marker steps pushed each way, Royalty assassinated (toward
    Restorationist) or hidden and agents given to Yog Sothoth (toward Loyalist)."""
    rules = tables[T_RULES]
    if o == me or st[F_REVEALED + o] or (st[F_SEEN + me] >> o) & 1:
        return 1.0 if side(st, o) == RESTORATIONIST else 0.0
    r = rules[R_ID_RES]
    tot = NIDENT
    for q in range(n):
        if q == me or st[F_REVEALED + q] or (st[F_SEEN + me] >> q) & 1:
            tot -= 1
            if st[F_IDENT + q] == RESTORATIONIST:
                r -= 1
    prior = min(0.98, max(0.02, r / max(tot, 1)))
    killed = 0
    hidden = 0
    for card in range(rules[R_CARDS]):
        if st[F_ZOWN + card] == o:
            if st[F_ZONE + card] == Z_ROYAL_KILLED:
                killed += 1
            elif st[F_ZONE + card] == Z_ROYAL_HIDDEN:
                hidden += 1
    x = (np.log(prior / (1.0 - prior))
         + weights[W_BELIEF_PUSH] * (st[F_PUSH_R + o] - st[F_PUSH_L + o] - st[F_YOG + o])
         + weights[W_BELIEF_ROYAL] * (killed - hidden))
    if st[F_COH + o] and rules[R_COH_PUBLIC]:      # E19: that it was played is public
        x = -x
    return 1.0 / (1.0 + np.exp(-x))


@njit(cache=True, _nrt=False)
def side_lead(st, n, me, tables, weights):
    """The seat's guess of its side's lead if the game ended now: its own kept VP minus the best
    expected kept VP of the others (each weighed by the chance of its side)."""
    rules = tables[T_RULES]
    tp = track_points(st, rules)
    high = higher_side(st)
    best = -1e9
    mine = 0.0
    for o in range(n):
        pr = p_restorationist(st, n, me, o, tables, weights)
        base = st[F_VPN + o] + st[F_VPBOX + o] * (1.0 - pr)
        vr = base + st[F_VPR + o] + (tp if high == RESTORATIONIST else 0)
        vl = base + st[F_VPL + o] + (tp if high == LOYALIST else 0)
        v = pr * vr + (1.0 - pr) * vl
        if o == me:
            mine = v
        elif v > best:
            best = v
    return mine - best


# -- an action's worth ---------------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def payment_cost(row):
    """What paying for a row costs the bots: a little per card (both payments of a markers row)."""
    ncards = 0
    x = row[MV_PAY] | (row[MV_PAY2] if row[MV_ACT] == ACT_MARKERS else 0)
    while x:
        x &= x - 1
        ncards += 1
    return 0.05 * ncards


@njit(cache=True, _nrt=False, inline="always")
def paid_symbols(st, p, mask, k_sym, cards):
    """Symbol k_sym on the cards at p's hand positions in mask, looking only as far as the
    highest one paid (a hand holds five or so of its room for 24)."""
    k = 0
    i = 0
    while mask > 0:
        if mask & 1:
            k += cards[st[hand_at(p, i)], k_sym]
        mask >>= 1
        i += 1
    return k


@njit(cache=True, _nrt=False)
def row_value(st, n, p, row, tables, weights, heur):
    """The greedy bot's worth of one legal action: its immediate gain for the seat's own side,
    read from the board, the tracks and the seat's own hand and identity only."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    s = side(st, p)
    act = row[MV_ACT]
    wvp = vp_weight(weights, heur)
    wtrack = weights[W_H_TRACK] if heur else weights[W_TRACK]
    cost = payment_cost(row)
    if act == ACT_PLACE:
        paid = paid_symbols(st, p, row[MV_PAY], K_CUBE, cards)
        return place_value(st, n, p, row, paid, s, wvp, rules, cards, weights, heur)
    if act == ACT_CLAIM:
        v = 0.0
        for c in range(NCITY):
            if (row[MV_B] >> c) & 1:
                card = claimable(st, c)
                if voided_by_leopold(st, card, tables):
                    continue        # it would leave the game unscored
                v += weights[W_CARD] + wvp * kept_vp(cards, card, s) + weights[W_AGENT] * cards[card, K_AGENT]
        return v - cost
    if act == ACT_RETRIEVE:
        return retrieve_value(st, p, row)
    if act == ACT_MOVE:
        return move_value(st, n, p, row[MV_A], s, wvp, rules, cards, weights) - cost
    if act == ACT_MARKERS:
        r = paid_symbols(st, p, row[MV_PAY], K_RES, cards)
        lo = paid_symbols(st, p, row[MV_PAY2], K_LOY, cards)
        top = rules[R_TRACK_MAX]
        d0 = st[F_TRACK_R] - st[F_TRACK_L]
        d1 = min(top, st[F_TRACK_R] + r) - min(top, st[F_TRACK_L] + lo)
        gain = d1 - d0 if s == RESTORATIONIST else d0 - d1
        v = wtrack * gain - cost
        if heur:
            v += push_value(st, r, lo, s, gain, top, weights)
        if heur and (st[F_TRACK_R] + r >= top or st[F_TRACK_L] + lo >= top):
            v += weights[W_END_LEAD] * (side_lead(st, n, p, tables, weights) + gain)
        return v
    if act == ACT_ASSASSINATE:
        if row[MV_B] < 0:
            royal = st[F_SLOT + row[MV_A]]
            if s == RESTORATIONIST:
                return wvp * (cards[royal, K_VP] + 2 * st[F_BLACK_HAND + p]) - cost
            return -1.0
        acard = st[hand_at(p, row[MV_C])]
        if heur:
            return (hunt_value(st, n, p, row[MV_B], cards[acard, K_BOX], s, tables, weights)
                    + guard_and_deny(st, n, p, row[MV_A], row[MV_B], s, tables, weights) - cost)
        if s == LOYALIST:
            return wvp * 0.5 * cards[acard, K_BOX] + 0.2 - cost
        return 0.2 - cost
    if act == ACT_CARD or act == ACT_FREE or act == ACT_MIGO_BACK:
        return text_value(st, n, p, row, s, tables, weights, heur)
    if act == ACT_DISCARD:
        return discard_value(row)
    return -1.0


@njit(cache=True, _nrt=False, inline="always")
def vp_weight(weights, heur):
    """What a VP is worth to the bot: the heuristic's weight or the greedy bot's."""
    return weights[W_H_VP] if heur else weights[W_VP]


@njit(cache=True, _nrt=False, inline="always")
def discard_value(row):
    """A discard row's worth (discard_worth of the cards it discards). Inlined: bots.best_row
    values the discard rows without a call."""
    return discard_worth(row[MV_PAY])


@njit(cache=True, _nrt=False, inline="always")
def discard_worth(mask):
    """Discarding the cards at the hand positions in mask: worse than any useful action, better
    than passing (a stuck hand gets cycled), a little better the more cards go (their payment
    cost, payment_cost)."""
    ncards = 0
    while mask:
        mask &= mask - 1
        ncards += 1
    return -0.3 + 0.1 * (0.05 * ncards)


@njit(cache=True, _nrt=False, inline="always")
def retrieve_value(st, p, row):
    """A retrieve row's worth: its cubes back while p's stock runs low, less its payment.
    Inlined as discard_value."""
    return (0.3 * row[MV_A] if st[F_CSTOCK + p] < 3 else 0.02) - payment_cost(row)


@njit(cache=True, _nrt=False, inline="always")
def place_value(st, n, p, row, paid, s, wvp, rules, cards, weights, heur):
    """A place row's worth (row_value), its payment showing ``paid`` cube symbols: the face-up
    card of its city when the cubes it pays for reach or keep p's majority there (the heuristic
    also counts a city its agents already hold the majority of). Inlined: bots.best_row values
    the place rows (nine a payment) without a call, with p's side and VP weight read once a
    list and a payment's symbols once for its rows."""
    cost = payment_cost(row)
    c = row[MV_A]
    card = claimable(st, c)
    if card < 0:
        return 0.01 - cost
    k = min(paid, st[F_CSTOCK + p])
    mine = pieces(st, p, c, rules)
    other = most_other(st, n, p, c, rules)
    if mine <= other < mine + k:
        return card_worth(cards, card, s, wvp, weights) - cost
    if heur and mine > other and cubes(st, p, c) == 0:
        # its agents hold the majority: one cube makes the card claimable
        return card_worth(cards, card, s, wvp, weights) - cost
    return 0.05 - cost


@njit(cache=True, _nrt=False, inline="always")
def card_worth(cards, card, s, wvp, weights):
    """A face-up card a place row makes claimable (place_value)."""
    return weights[W_MAJORITY] * (weights[W_CARD] + wvp * kept_vp(cards, card, s))


@njit(cache=True, _nrt=False)
def hunt_value(st, n, p, o, box, s, tables, weights):
    """The heuristic's worth of removing an agent of seat o: a Loyalist hunts likely
    Restorationists (box VP kept only for them); a Restorationist removes likely Loyalists' agents
    and keeps box VP only per the switch. More when it is o's last agent (a reveal)."""
    rules = tables[T_RULES]
    pr = p_restorationist(st, n, p, o, tables, weights)
    last = 1.0 if agents_on_board(st, o) == 1 else 0.0
    if s == LOYALIST:
        return (weights[W_VP] * box * pr + weights[W_HUNT] * pr * (1.0 + weights[W_GUARD] * last)
                - weights[W_HUNT] * (1.0 - pr) * 0.5)
    keep = box if rules[R_RES_KEEPS_BOX] else 0
    return weights[W_VP] * keep + weights[W_HUNT] * 0.5 * (1.0 - pr) - weights[W_HUNT] * pr


@njit(cache=True, _nrt=False)
def push_value(st, r, lo, s, gain, top, weights):
    """The heuristic pushes the markers while its own side leads the track (after the
    steps): every step keeps the track points on its side and brings the track's end, which
    ends the game, nearer. Nothing while the other side leads (the end_lead term weighs
    ending the game)."""
    res = min(top, st[F_TRACK_R] + r)
    loy = min(top, st[F_TRACK_L] + lo)
    ahead = res > loy if s == RESTORATIONIST else loy > res
    if not ahead or gain <= 0:
        return 0.0
    return weights[W_PUSH] * gain


@njit(cache=True, _nrt=False)
def guard_and_deny(st, n, p, c, o, s, tables, weights):
    """What the heuristic sees beyond the hunt in removing o's agent from city c: a Loyalist
    guards the Royalty card in c's slot from a likely Restorationist (royal_guard times its
    VP times the chance), and anyone denies o the face-up card there when the agent is what
    gives o the majority (deny times its worth)."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    v = 0.0
    royal = st[F_SLOT + c]
    if s == LOYALIST and royal >= 0:
        pr = p_restorationist(st, n, p, o, tables, weights)
        v += weights[W_ROYAL_GUARD] * weights[W_H_VP] * cards[royal, K_VP] * pr
    card = claimable(st, c)
    if card >= 0 and has_majority(st, n, o, c, rules):
        st[agents_at(o, c)] -= 1
        broken = not has_majority(st, n, o, c, rules)
        st[agents_at(o, c)] += 1
        if broken:
            v += weights[W_DENY] * (weights[W_CARD] + weights[W_H_VP] * cards[card, K_VP])
    return v


@njit(cache=True, _nrt=False)
def flip_gain(st, p, s, tables):
    """What p would keep at the end on the other side, less what it keeps on its own: the
    track points go to the higher side, typed VP to their side (Change of Heart)."""
    tp = track_points(st, tables[T_RULES])
    high = higher_side(st)
    res = st[F_VPR + p] + (tp if high == RESTORATIONIST else 0)
    loy = st[F_VPL + p] + (tp if high == LOYALIST else 0)
    return loy - res if s == RESTORATIONIST else res - loy


@njit(cache=True, _nrt=False)
def denial_value(st, n, p, c, s, tables, weights):
    """The Third Section on city c: the face-up card out of the game is worth what the seat with
    the majority there would have claimed, a loss when that seat is p itself."""
    rules = tables[T_RULES]
    card = claimable(st, c)
    for o in range(n):
        if has_majority(st, n, o, c, rules):
            worth = weights[W_CARD] + weights[W_H_VP] * tables[T_CARD][card, K_VP]
            return -worth if o == p else 0.5 * weights[W_MAJORITY] * worth
    return -0.1


@njit(cache=True, _nrt=False, inline="always")
def text_value(st, n, p, row, s, tables, weights, heur):
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    if row[MV_ACT] == ACT_MIGO_BACK:
        return weights[W_AGENT]
    card = st[hand_at(p, row[MV_C])]
    fx = cards[card, K_EFFECT]
    a = row[MV_A]
    b = row[MV_B]
    if fx == FX_DRAW_TWO:
        return 0.5
    if fx == FX_DISCARD_DRAW:
        return 0.4 if row[MV_PAY] == 0 else -0.1
    if fx == FX_BLACK_HAND:
        k = 0
        for c in range(rules[R_CARDS]):
            if st[F_ZONE + c] == Z_ROYAL_KILLED and st[F_ZOWN + c] == p:
                k += 1
        return weights[W_VP] * 2 * k if s == RESTORATIONIST else -1.0
    if fx == FX_CHANGE_OF_HEART:
        return weights[W_H_VP] * flip_gain(st, p, s, tables) - 1.0 if heur else -1.0
    if fx == FX_HIDE_ROYALTY:
        return weights[W_VP] * cards[st[F_SLOT + a], K_VP] if s == LOYALIST else 0.1
    if fx == FX_HOLY_BROTHERHOOD:
        return 0.3 * min(agents_on_board(st, p), st[F_LIMBO + p])
    if fx == FX_PEOPLES_WILL:
        return 0.3 * st[F_LIMBO + p] - 0.5
    if fx == FX_LESTRADE:
        if b == p:
            return -1.0
        return 0.1 * cubes(st, b if b >= 0 else 0, a)
    if fx == FX_DUCHESS:
        return weights[W_CARD] + weights[W_VP] * kept_vp(cards, claimable(st, a), s)
    if fx == FX_IRENE_ADLER or fx == FX_VAMPIRES:
        if heur:
            return weights[W_AGENT] + 0.5 * hunt_value(st, n, p, b, 0, s, tables, weights)
        return weights[W_AGENT] + 0.2
    if fx == FX_MATVEI:
        return weights[W_TRACK] * 2 if s == LOYALIST else -weights[W_TRACK] * 2
    if fx == FX_FREUD:
        v = weights[W_TRACK] * 2 if s == RESTORATIONIST else -weights[W_TRACK] * 2
        return v + 0.5 * (rules[R_SANITY] - st[F_SANITY + p])
    if fx == FX_SHOGGOTH:
        if heur:
            return hunt_value(st, n, p, b, cards[card, K_BOX], s, tables, weights)
        return weights[W_VP] * 0.5 * cards[card, K_BOX] if s == LOYALIST else 0.2
    if fx == FX_TERRORS and heur:
        pr = p_restorationist(st, n, p, b, tables, weights)
        return (pr if s == LOYALIST else 1.0 - pr) * (1.0 + 1.0 / max(1, st[F_SANITY + b])) - 0.5
    if fx == FX_YOG_SOTHOTH:
        left = agents_on_board(st, p) - a
        if s != LOYALIST or left < 1:
            return -1.0
        return weights[W_VP] * a - weights[W_AGENT] * a
    if fx == FX_PINKERTON:
        return weights[W_AGENT]
    if fx == FX_THIRD_SECTION and heur:
        return denial_value(st, n, p, a, s, tables, weights)
    if fx == FX_MI_GO and heur and agents_on_board(st, p) == a:
        return weights[W_GUARD] * 0.5      # its last agents safe on the card: no forced reveal
    if fx == FX_MI_GO or fx == FX_THIRD_SECTION or fx == FX_CTHULHU:
        return -0.1
    return 0.2
