"""Valuations and choices: they read the state (only what the seat may know: the board, the
tracks, its own hand and identity), never change it (a move action's moves are tried on the
state and taken back). Random draws come from the seat's own
stream BOT0 + seat.

``choose_option`` is every bot as a policy of the forward model (kernels/README.md): the
pending decision's options in, the index of the one it takes out, asked as the rules asked the
bots before the forward model, so the games are the same.

Bots: random (a uniform action kind, then a uniform row; uniform sub-choices), greedy (the best
immediate gain for its own side), heuristic (greedy plus beliefs about the others' sides from
the public record, hunting and ending the game by those beliefs - guarding Royalty from a likely
Restorationist, breaking majorities, pushing the markers while its side leads the track - and a
cube placed where its agents already hold the majority; weights in content [bots]). The rollout bot (rollout.py)
decides everything but its two actions as the heuristic."""
import numpy as np
from numba import njit

from kernels.emerald.layout import (ACT_ASSASSINATE, ACT_CARD, ACT_CLAIM, ACT_DISCARD, ACT_FREE,
                                    ACT_MARKERS, ACT_MIGO_BACK, ACT_MOVE, ACT_PLACE, ACT_RETRIEVE,
                                    BOT_HEURISTIC, BOT_RANDOM, DEC_ACTION, DEC_AGENT, DEC_FREE,
                                    DEC_INTERRUPT, DEC_MORE, DEC_MOVE, DEC_OFF_BOARD, DEC_OKHRANA,
                                    DEC_RETRIEVE, DEC_ZOMBIE_CITY, DEC_ZOMBIE_VICTIM, F_AGENTS,
                                    F_AX_CARD, F_AX_DONE, F_AX_I, F_BLACK_HAND, F_COH, F_CSTOCK,
                                    F_DEC, F_IDENT, F_LIMBO, F_MIGO, F_PUSH_L, F_PUSH_R, F_REVEALED,
                                    F_SANITY, F_SEEN, F_SLOT, F_TRACK_L, F_TRACK_R, F_VPBOX, F_VPL,
                                    F_VPN, F_VPR, F_YOG, F_ZONE, F_ZOWN, FROM_MI_GO, FX_BLACK_HAND,
                                    FX_CHANGE_OF_HEART, FX_CTHULHU, FX_DISCARD_DRAW, FX_DRAW_TWO,
                                    FX_DUCHESS, FX_FREUD, FX_HIDE_ROYALTY, FX_HOLY_BROTHERHOOD,
                                    FX_IRENE_ADLER, FX_LESTRADE, FX_MATVEI, FX_MI_GO,
                                    FX_PEOPLES_WILL, FX_PINKERTON, FX_SHOGGOTH, FX_TERRORS,
                                    FX_THIRD_SECTION, FX_VAMPIRES, FX_YOG_SOTHOTH, K_AGENT, K_BOX,
                                    K_CUBE, K_EFFECT, K_LOY, K_RES, K_VP, K_VP_TYPE, LOYALIST,
                                    MAXHAND, MV_A, MV_ACT, MV_B, MV_C, MV_PAY, MV_PAY2, NCITY,
                                    NIDENT, O_A, O_B, R_CARDS, R_COH_PUBLIC, R_ID_RES, R_MOVE_NONE,
                                    R_N, R_RES_KEEPS_BOX, R_SANITY, R_TRACK_MAX, R_YOG_MIGO,
                                    RESTORATIONIST, T_CARD, T_RULES, VT_LOY, VT_NEUTRAL, VT_RES,
                                    W_AGENT, W_BELIEF_PUSH, W_BELIEF_ROYAL, W_CARD, W_DENY,
                                    W_END_LEAD, W_GUARD, W_H_TRACK, W_H_VP, W_HUNT, W_MAJORITY,
                                    W_PUSH, W_ROYAL_GUARD, W_TRACK, W_VP, Z_ROYAL_HIDDEN,
                                    Z_ROYAL_KILLED)
from kernels.emerald.rules import voided_by_leopold
from kernels.emerald.state import (agents, agents_at, agents_on_board, claimable, cubes, hand_at,
                                   has_majority, higher_side, pieces, seat_city_at, side,
                                   track_points)
from kernels.rng import BOT0, below


@njit(cache=True, _nrt=False)
def city_gain_with_agent(st, n, p, c, rules, cards, weights):
    """What one more agent of p in city c is worth: the face-up card it would let p claim (a strict
    majority reached or kept), plus a little for presence."""
    mine = pieces(st, p, c, rules) + 1
    best_other = 0
    for o in range(n):
        if o != p:
            k = pieces(st, o, c, rules)
            if k > best_other:
                best_other = k
    v = weights[W_AGENT]
    card = claimable(st, c)
    if card >= 0 and mine > best_other:
        v += weights[W_CARD] + weights[W_VP] * cards[card, K_VP]
    return v


@njit(cache=True, _nrt=False)
def choose_agent_city(st, n, p, bot, rules, cards, weights, rng):
    """Where seat p places an agent (set-up rounds, the Loyalist refill, Pinkerton)."""
    if bot == BOT_RANDOM:
        return below(rng, BOT0 + p, NCITY)
    best = 0
    bv = -1e18
    for c in range(NCITY):
        v = city_gain_with_agent(st, n, p, c, rules, cards, weights)
        if v > bv:
            bv = v
            best = c
    return best


@njit(cache=True, _nrt=False)
def choose_retrieve_source(st, p, bot, rng):
    """Where seat p takes one cube back from: -1 = Limbo, else a city. Random: uniform over the
    places holding one; greedy: Limbo first, then the city where p's cubes count least."""
    from_limbo = st[F_LIMBO + p] > 0
    if bot == BOT_RANDOM:
        k = 1 if from_limbo else 0
        for c in range(NCITY):
            if cubes(st, p, c) > 0:
                k += 1
        i = below(rng, BOT0 + p, k)
        if from_limbo:
            if i == 0:
                return -1
            i -= 1
        for c in range(NCITY):
            if cubes(st, p, c) > 0:
                if i == 0:
                    return c
                i -= 1
        return -1
    if from_limbo:
        return -1
    best = -1
    for c in range(NCITY):
        k = cubes(st, p, c)
        if k > 0 and (best < 0 or k > cubes(st, p, best)):
            best = c
    return best


@njit(cache=True, _nrt=False)
def choose_agent_move(st, n, p, bot, rules, cards, weights, rng):
    """One agent move of seat p: (from city, to city), or (-1, -1) to stop moving. Random:
    uniform source among p's agents' cities and uniform destination; greedy: from the city
    where the agent adds least to the city where it adds most."""
    if bot == BOT_RANDOM:
        k = 0
        for c in range(NCITY):
            if agents(st, p, c) > 0:
                k += 1
        if k == 0:
            return -1, -1
        i = below(rng, BOT0 + p, k)
        src = -1
        for c in range(NCITY):
            if agents(st, p, c) > 0:
                if i == 0:
                    src = c
                    break
                i -= 1
        dst = below(rng, BOT0 + p, NCITY - 1)     # "any other City space"
        return src, dst + 1 if dst >= src else dst
    a, b = greedy_agent_move(st, n, p, rules, cards, weights)
    if a < 0 and not rules[R_MOVE_NONE] and st[F_AX_DONE] == 0:
        return forced_agent_move(st, n, p, rules, cards, weights)
    return a, b


@njit(cache=True, _nrt=False)
def forced_agent_move(st, n, p, rules, cards, weights):
    """The least bad move when one agent must move (rules.move_may_move_none = 0): from the
    city where p's agent adds least to the best other city."""
    src = -1
    sv = 1e18
    for c in range(NCITY):
        v = city_gain_with_agent(st, n, p, c, rules, cards, weights)
        if agents(st, p, c) > 0 and v < sv:
            sv = v
            src = c
    if src < 0:
        return -1, -1
    dst = -1
    dv = -1e18
    for c in range(NCITY):
        v = city_gain_with_agent(st, n, p, c, rules, cards, weights)
        if c != src and v > dv:
            dv = v
            dst = c
    return src, dst


@njit(cache=True, _nrt=False)
def greedy_agent_move(st, n, p, rules, cards, weights):
    """The greedy and heuristic agent move (no draw): from the city where p's agent adds
    least to the city where one more adds most; (-1, -1) when no such move gains."""
    src = -1
    sv = 1e18
    dst = -1
    dv = -1e18
    for c in range(NCITY):
        v = city_gain_with_agent(st, n, p, c, rules, cards, weights)
        if agents(st, p, c) > 0 and v < sv:
            sv = v
            src = c
        if v > dv:
            dv = v
            dst = c
    if src < 0 or dst == src or dv <= sv:
        return -1, -1
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


@njit(cache=True, _nrt=False)
def move_value(st, n, p, used, s, wvp, rules, cards, weights):
    """A move action worth the moves p's bot will make with it (greedy_agent_move, as the
    action's agent moves, DEC_MOVE, ask it), played on the state and taken back: the change in
    p's claimable majorities plus a little per agent moved. Negative when it would move no agent: paying
    for nothing is worse than discarding."""
    before = majority_worth(st, n, p, s, wvp, rules, cards, weights)
    done = 0            # up to 8 moves, a byte each: from city (4 bits), to city (4 bits)
    moved = 0
    for _ in range(min(used, 8)):
        a, b = greedy_agent_move(st, n, p, rules, cards, weights)
        if a < 0:
            break
        st[agents_at(p, a)] -= 1
        st[agents_at(p, b)] += 1
        done |= (a | (b << 4)) << (8 * moved)
        moved += 1
    after = majority_worth(st, n, p, s, wvp, rules, cards, weights)
    for i in range(moved):
        a = (done >> (8 * i)) & 15
        b = (done >> (8 * i + 4)) & 15
        st[agents_at(p, b)] -= 1
        st[agents_at(p, a)] += 1
    if moved == 0:
        return -0.5
    return weights[W_MAJORITY] * (after - before) + weights[W_AGENT] * 0.3 * moved


@njit(cache=True, _nrt=False)
def choose_interrupt(st, p, bot, rng):
    """Does seat p play an interrupt to save its agent? Random: a coin; others: always."""
    if bot == BOT_RANDOM:
        return below(rng, BOT0 + p, 2) == 1
    return True


@njit(cache=True, _nrt=False)
def choose_own_agent_city(st, n, p, bot, rules, cards, weights, rng):
    """A city holding an agent of p, to take it from (Yog Sothoth, Mi-Go): random uniform;
    greedy the one adding least. With none in a city: Yog Sothoth's Mi-Go source when the
    switch allows it, else -1."""
    k = 0
    for c in range(NCITY):
        if agents(st, p, c) > 0:
            k += 1
    if k == 0:
        # Yog Sothoth may take the agents on p's Mi-Go card last (rules.yog_takes_mi_go_agents)
        yog = rules[R_YOG_MIGO] and cards[st[F_AX_CARD], K_EFFECT] == FX_YOG_SOTHOTH
        return FROM_MI_GO if yog and st[F_MIGO + p] > 0 else -1
    if bot == BOT_RANDOM:
        i = below(rng, BOT0 + p, k)
        for c in range(NCITY):
            if agents(st, p, c) > 0:
                if i == 0:
                    return c
                i -= 1
    best = -1
    bv = 1e18
    for c in range(NCITY):
        if agents(st, p, c) > 0:
            v = city_gain_with_agent(st, n, p, c, rules, cards, weights)
            if v < bv:
                bv = v
                best = c
    return best


@njit(cache=True, _nrt=False)
def choose_enemy_piece(st, n, p, c, field, bot, rng):
    """Whose piece (cubes: field F_CUBES, agents: F_AGENTS) in city c seat p picks, never its
    own: random uniform over the seats with one; greedy the seat with most there. -1 if none."""
    k = 0
    for o in range(n):
        if o != p and st[seat_city_at(field, o, c)] > 0:
            k += 1
    if k == 0:
        return -1
    if bot == BOT_RANDOM:
        i = below(rng, BOT0 + p, k)
        for o in range(n):
            if o != p and st[seat_city_at(field, o, c)] > 0:
                if i == 0:
                    return o
                i -= 1
    best = -1
    for o in range(n):
        k = st[seat_city_at(field, o, c)]
        if o != p and k > 0 and (best < 0 or k > st[seat_city_at(field, best, c)]):
            best = o
    return best


@njit(cache=True, _nrt=False)
def choose_okhrana_cube(st, n, p, bot, rng):
    """(owner, city) of a cube in a city that seat p sends to Limbo (Okhrana); (-1, -1) to stop.
    Random: uniform over the cities holding another seat's cube; greedy: where another seat
    holds most cubes."""
    k = 0
    for c in range(NCITY):
        for o in range(n):
            if o != p and cubes(st, o, c) > 0:
                k += 1
    if k == 0:
        return -1, -1
    if bot == BOT_RANDOM:
        i = below(rng, BOT0 + p, k)
        for c in range(NCITY):
            for o in range(n):
                if o != p and cubes(st, o, c) > 0:
                    if i == 0:
                        return o, c
                    i -= 1
    bo = -1
    bc = -1
    for c in range(NCITY):
        for o in range(n):
            if o != p and cubes(st, o, c) > 0:
                if bo < 0 or cubes(st, o, c) > cubes(st, bo, bc):
                    bo = o
                    bc = c
    return bo, bc


@njit(cache=True, _nrt=False)
def choose_city(st, n, p, bot, rng):
    """Any city (where zombies go): random uniform; greedy where other seats have most agents."""
    if bot == BOT_RANDOM:
        return below(rng, BOT0 + p, NCITY)
    best = 0
    bv = -1
    for c in range(NCITY):
        v = 0
        for o in range(n):
            if o != p:
                v += agents(st, o, c)
        if v > bv:
            bv = v
            best = c
    return best


# -- choosing an action ------------------------------------------------------------------------
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


@njit(cache=True, _nrt=False)
def row_value(st, n, p, row, tables, weights, heur):
    """The greedy bot's worth of one legal action: its immediate gain for the seat's own side,
    read from the board, the tracks and the seat's own hand and identity only."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    s = side(st, p)
    act = row[MV_ACT]
    wvp = weights[W_H_VP] if heur else weights[W_VP]
    wtrack = weights[W_H_TRACK] if heur else weights[W_TRACK]
    ncards = 0
    x = row[MV_PAY] | (row[MV_PAY2] if act == ACT_MARKERS else 0)
    while x:
        x &= x - 1
        ncards += 1
    cost = 0.05 * ncards
    if act == ACT_PLACE:
        c = row[MV_A]
        card = claimable(st, c)
        if card < 0:
            return 0.01 - cost
        k = 0
        for i in range(MAXHAND):
            if (row[MV_PAY] >> i) & 1:
                k += cards[st[hand_at(p, i)], K_CUBE]
        k = min(k, st[F_CSTOCK + p])
        mine = pieces(st, p, c, rules)
        other = 0
        for o in range(n):
            if o != p:
                other = max(other, pieces(st, o, c, rules))
        worth = weights[W_MAJORITY] * (weights[W_CARD] + wvp * kept_vp(cards, card, s))
        if mine <= other < mine + k:
            return worth - cost
        if heur and mine > other and cubes(st, p, c) == 0:
            return worth - cost     # its agents hold the majority: one cube makes the card claimable
        return 0.05 - cost
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
        return (0.3 * row[MV_A] if st[F_CSTOCK + p] < 3 else 0.02) - cost
    if act == ACT_MOVE:
        return move_value(st, n, p, row[MV_A], s, wvp, rules, cards, weights) - cost
    if act == ACT_MARKERS:
        r = 0
        lo = 0
        for i in range(MAXHAND):
            if (row[MV_PAY] >> i) & 1:
                r += cards[st[hand_at(p, i)], K_RES]
            if (row[MV_PAY2] >> i) & 1:
                lo += cards[st[hand_at(p, i)], K_LOY]
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
        # worse than any useful action, better than passing: a stuck hand gets cycled
        return -0.3 + 0.1 * cost
    return -1.0


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


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
def choose_row(st, n, p, bot, mv, k, tables, weights, rng, stop_value):
    """Index of the chosen row of mv[:k], or -1 to choose none (free actions, stop_value >
    -1e17: when nothing is worth more than stop_value). Random: a uniform action kind among those
    open (stopping counts as one kind when it may stop), then a uniform row of that kind;
    greedy: the best row_value (the first on ties)."""
    if k == 0:
        return -1
    if bot == BOT_RANDOM:
        kinds = 0
        for i in range(k):
            kinds |= 1 << mv[i, MV_ACT]
        nk = 0
        x = kinds
        while x:
            x &= x - 1
            nk += 1
        stop = 1 if stop_value > -1e17 else 0
        j = below(rng, BOT0 + p, nk + stop)
        if j == nk:
            return -1
        kind = 0
        for a in range(32):
            if (kinds >> a) & 1:
                if j == 0:
                    kind = a
                    break
                j -= 1
        m = 0
        for i in range(k):
            if mv[i, MV_ACT] == kind:
                m += 1
        j = below(rng, BOT0 + p, m)
        for i in range(k):
            if mv[i, MV_ACT] == kind:
                if j == 0:
                    return i
                j -= 1
    best = -1
    bv = stop_value
    for i in range(k):
        v = row_value(st, n, p, mv[i], tables, weights, bot == BOT_HEURISTIC)
        if v > bv:
            bv = v
            best = i
    return best


# -- the bots as policies of the forward model ---------------------------------------------------
@njit(cache=True, _nrt=False)
def option_of(buf, k, a, b):
    """The index of option row (a, b) among buf[:k] (O_A, O_B columns)."""
    for i in range(k):
        if buf[i, O_A] == a and buf[i, O_B] == b:
            return i
    return 0


@njit(cache=True, _nrt=False)
def option_at(buf, k, a):
    """The index of the option row whose O_A is a (a city, a seat, -1 none)."""
    for i in range(k):
        if buf[i, O_A] == a:
            return i
    return 0


@njit(cache=True, _nrt=False)
def sub_choice(tables, st, seat, bot, rng, weights):
    """A sub-choice's answer (every decision but an action, a free action and another
    assassination) as its option row's (O_A, O_B), without listing the options: what
    choose_option picks among them (play_game asks this way; tests/test_forward_model.py plays
    the same games through options and choose_option)."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    n = rules[R_N]
    kind = st[F_DEC]
    if kind == DEC_AGENT:
        return choose_agent_city(st, n, seat, bot, rules, cards, weights, rng), 0
    if kind == DEC_RETRIEVE:
        return choose_retrieve_source(st, seat, bot, rng), 0
    if kind == DEC_MOVE:
        return choose_agent_move(st, n, seat, bot, rules, cards, weights, rng)
    if kind == DEC_INTERRUPT:
        return (1 if choose_interrupt(st, seat, bot, rng) else 0), 0
    if kind == DEC_OFF_BOARD:
        return choose_own_agent_city(st, n, seat, bot, rules, cards, weights, rng), 0
    if kind == DEC_ZOMBIE_VICTIM:
        return choose_enemy_piece(st, n, seat, st[F_AX_I], F_AGENTS, bot, rng), 0
    if kind == DEC_ZOMBIE_CITY:
        return choose_city(st, n, seat, bot, rng), 0
    return choose_okhrana_cube(st, n, seat, bot, rng)


@njit(cache=True, _nrt=False)
def choose_option(tables, st, buf, k, seat, bot, rng, weights):
    """The index of the option of buf[:k] that bot (BOT_*; the rollout bot's choices but its
    actions are the heuristic's: play.ask_seat) takes for seat at the pending decision (F_DEC),
    asking each choice as the rules asked it before the forward model. A free action's and
    another assassination's last row is none (their stop value 0.3 and 0.0)."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    n = rules[R_N]
    kind = st[F_DEC]
    if kind == DEC_ACTION:
        return choose_row(st, n, seat, bot, buf, k, tables, weights, rng, -1e18)
    if kind == DEC_FREE or kind == DEC_MORE:
        i = choose_row(st, n, seat, bot, buf, k - 1, tables, weights, rng, 0.3 if kind == DEC_FREE else 0.0)
        return i if i >= 0 else k - 1
    if kind == DEC_AGENT:
        return option_at(buf, k, choose_agent_city(st, n, seat, bot, rules, cards, weights, rng))
    if kind == DEC_RETRIEVE:
        return option_at(buf, k, choose_retrieve_source(st, seat, bot, rng))
    if kind == DEC_MOVE:
        a, b = choose_agent_move(st, n, seat, bot, rules, cards, weights, rng)
        return option_of(buf, k, a, b)
    if kind == DEC_INTERRUPT:
        return 0 if choose_interrupt(st, seat, bot, rng) else 1
    if kind == DEC_OFF_BOARD:
        return option_at(buf, k, choose_own_agent_city(st, n, seat, bot, rules, cards, weights, rng))
    if kind == DEC_ZOMBIE_VICTIM:
        return option_at(buf, k, choose_enemy_piece(st, n, seat, st[F_AX_I], F_AGENTS, bot, rng))
    if kind == DEC_ZOMBIE_CITY:
        return option_at(buf, k, choose_city(st, n, seat, bot, rng))
    if kind == DEC_OKHRANA:
        o, c = choose_okhrana_cube(st, n, seat, bot, rng)
        return option_of(buf, k, o, c) if o >= 0 else option_at(buf, k, -1)
    return 0
