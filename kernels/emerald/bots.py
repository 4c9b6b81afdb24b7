"""Valuations and choices: they read the state (only what the seat may know: the board, the
tracks, its own hand and identity), never change it. Random draws come from the seat's own
stream BOT0 + seat.

Work in progress (docs/emerald-status.md): the choices the rules ask for during set-up, claims
and reveals (where to place an agent) exist for the random and greedy bots."""
from numba import njit

from kernels.emerald.layout import (BOT_RANDOM, F_AGENTS, F_CUBES, F_LIMBO, K_VP, NCITY, W_AGENT,
                                    W_CARD, W_VP)
from kernels.emerald.state import claimable, pieces
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
            if st[F_CUBES + p * NCITY + c] > 0:
                k += 1
        i = below(rng, BOT0 + p, k)
        if from_limbo:
            if i == 0:
                return -1
            i -= 1
        for c in range(NCITY):
            if st[F_CUBES + p * NCITY + c] > 0:
                if i == 0:
                    return c
                i -= 1
        return -1
    if from_limbo:
        return -1
    best = -1
    for c in range(NCITY):
        if st[F_CUBES + p * NCITY + c] > 0 and (best < 0 or st[F_CUBES + p * NCITY + c] > st[F_CUBES + p * NCITY + best]):
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
            if st[F_AGENTS + p * NCITY + c] > 0:
                k += 1
        if k == 0:
            return -1, -1
        i = below(rng, BOT0 + p, k)
        src = -1
        for c in range(NCITY):
            if st[F_AGENTS + p * NCITY + c] > 0:
                if i == 0:
                    src = c
                    break
                i -= 1
        return src, below(rng, BOT0 + p, NCITY)
    src = -1
    sv = 1e18
    dst = -1
    dv = -1e18
    for c in range(NCITY):
        v = city_gain_with_agent(st, n, p, c, rules, cards, weights)
        if st[F_AGENTS + p * NCITY + c] > 0 and v < sv:
            sv = v
            src = c
        if v > dv:
            dv = v
            dst = c
    if src < 0 or dst == src or dv <= sv:
        return -1, -1
    return src, dst


@njit(cache=True, _nrt=False)
def choose_interrupt(st, p, bot, rng):
    """Does seat p play an interrupt to save its agent? Random: a coin; others: always."""
    if bot == BOT_RANDOM:
        return below(rng, BOT0 + p, 2) == 1
    return True


@njit(cache=True, _nrt=False)
def choose_own_agent_city(st, n, p, bot, rules, cards, weights, rng):
    """A city holding an agent of p, to take it from (Yog Sothoth, Mi-Go): random uniform;
    greedy the one adding least. -1 if p has none in a city."""
    k = 0
    for c in range(NCITY):
        if st[F_AGENTS + p * NCITY + c] > 0:
            k += 1
    if k == 0:
        return -1
    if bot == BOT_RANDOM:
        i = below(rng, BOT0 + p, k)
        for c in range(NCITY):
            if st[F_AGENTS + p * NCITY + c] > 0:
                if i == 0:
                    return c
                i -= 1
    best = -1
    bv = 1e18
    for c in range(NCITY):
        if st[F_AGENTS + p * NCITY + c] > 0:
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
        if o != p and st[field + o * NCITY + c] > 0:
            k += 1
    if k == 0:
        return -1
    if bot == BOT_RANDOM:
        i = below(rng, BOT0 + p, k)
        for o in range(n):
            if o != p and st[field + o * NCITY + c] > 0:
                if i == 0:
                    return o
                i -= 1
    best = -1
    for o in range(n):
        if o != p and st[field + o * NCITY + c] > 0 and (best < 0 or st[field + o * NCITY + c] > st[field + best * NCITY + c]):
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
            if o != p and st[F_CUBES + o * NCITY + c] > 0:
                k += 1
    if k == 0:
        return -1, -1
    if bot == BOT_RANDOM:
        i = below(rng, BOT0 + p, k)
        for c in range(NCITY):
            for o in range(n):
                if o != p and st[F_CUBES + o * NCITY + c] > 0:
                    if i == 0:
                        return o, c
                    i -= 1
    bo = -1
    bc = -1
    for c in range(NCITY):
        for o in range(n):
            if o != p and st[F_CUBES + o * NCITY + c] > 0:
                if bo < 0 or st[F_CUBES + o * NCITY + c] > st[F_CUBES + bo * NCITY + bc]:
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
                v += st[F_AGENTS + o * NCITY + c]
        if v > bv:
            bv = v
            best = c
    return best
