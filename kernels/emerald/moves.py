"""Legal-move generation: where a player may claim or assassinate, the exact-payment rule of
each action, and the list of legal actions of the player to act.

Exact payment. Each action has its own no-overpay wording; they all come to one test on the
cards played for one symbol type (``total`` symbols, the smallest card showing ``least``) and
the number ``used`` of symbols the action then uses: 1 <= used <= total and no card could be
left out and still pay for ``used`` (total - least < used).
- place: used = the cubes placed = min(total, cubes in stock); fewer than the symbols only when
  the stock runs out (a two-cube card with one cube left);
- claim: used = the claims made (one card each);
- retrieve: used = total: exactly one cube per symbol, no fewer;
- move agents: used = the agents moved, any number up to the symbols;
- bombs: used = the bomb points still needed after the agents' points; cards are added only
  while short (none at all when the agents alone reach the cost).
"""
from numba import njit

from kernels.emerald.layout import (ACT_ASSASSINATE, ACT_CLAIM, ACT_DISCARD, ACT_MARKERS, ACT_MOVE,
                                    ACT_PASS, ACT_PLACE, ACT_RETRIEVE, F_AGENTS, F_CSTOCK,
                                    F_CUBES, F_HAND, F_LIMBO, F_NHAND, F_SLOT, FX_FENIANS,
                                    K_ASSASSINATE, K_BOMB, K_COST, K_CUBE, K_EFFECT, K_LOY, K_RES,
                                    MAXHAND, MAX_MOVES, MAX_PAY, MV_A, MV_ACT, MV_B, MV_C, MV_PAY,
                                    MV_PAY2, NCITY, SYM_CLAIM, SYM_CUBE, SYM_MOVE, SYM_RETRIEVE,
                                    T_CARD, T_CITY, T_RULES, Y_AGENT_COST)
from kernels.emerald.state import claimable, has_majority


@njit(cache=True, _nrt=False, inline="always")
def pay_ok(total, least, used):
    """The exact-payment test (module docstring)."""
    return 1 <= used <= total and total - least < used


@njit(cache=True, _nrt=False)
def can_claim(st, n, p, c, rules):
    """A face-up card there, strictly the most pieces and at least one cube of p."""
    return (claimable(st, c) >= 0 and st[F_CUBES + p * NCITY + c] > 0
            and has_majority(st, n, p, c, rules))


@njit(cache=True, _nrt=False)
def can_assassinate_in(st, n, p, c, rules):
    """At least one agent of p there and strictly the most pieces."""
    return st[F_AGENTS + p * NCITY + c] > 0 and has_majority(st, n, p, c, rules)


@njit(cache=True, _nrt=False)
def symbol_cards(st, p, k_sym, cards, pos):
    """Hand positions of p's cards showing symbol k_sym (at most MAX_PAY). Returns the count."""
    m = 0
    base = F_HAND + p * MAXHAND
    for i in range(st[F_NHAND + p]):
        if cards[st[base + i], k_sym] > 0 and m < MAX_PAY:
            pos[m] = i
            m += 1
    return m


@njit(cache=True, _nrt=False)
def subset_sum(st, p, k_sym, cards, pos, m, sub):
    """(mask of hand positions, total symbols, least symbols on one card) of subset ``sub`` of
    the m positions in pos."""
    base = F_HAND + p * MAXHAND
    mask = 0
    total = 0
    least = 1 << 20
    for j in range(m):
        if (sub >> j) & 1:
            v = cards[st[base + pos[j]], k_sym]
            mask |= 1 << pos[j]
            total += v
            if v < least:
                least = v
    return mask, total, least


@njit(cache=True, _nrt=False)
def add_move(mv, k, act, pay, pay2, a, b, c):
    if k < MAX_MOVES:
        mv[k, MV_ACT] = act
        mv[k, MV_PAY] = pay
        mv[k, MV_PAY2] = pay2
        mv[k, MV_A] = a
        mv[k, MV_B] = b
        mv[k, MV_C] = c
        return k + 1
    return k


@njit(cache=True, _nrt=False)
def cubes_on_board(st, p):
    k = st[F_LIMBO + p]
    for c in range(NCITY):
        k += st[F_CUBES + p * NCITY + c]
    return k


@njit(cache=True, _nrt=False)
def agents_in_cities(st, p):
    k = 0
    for c in range(NCITY):
        k += st[F_AGENTS + p * NCITY + c]
    return k


@njit(cache=True, _nrt=False)
def list_place(st, p, cards, pos, mv, k):
    m = symbol_cards(st, p, K_CUBE + SYM_CUBE, cards, pos)
    stock = st[F_CSTOCK + p]
    for sub in range(1, 1 << m):
        mask, total, least = subset_sum(st, p, K_CUBE + SYM_CUBE, cards, pos, m, sub)
        if pay_ok(total, least, min(total, stock)):
            for c in range(NCITY):
                k = add_move(mv, k, ACT_PLACE, mask, 0, c, 0, 0)
    return k


@njit(cache=True, _nrt=False)
def list_claim(st, n, p, rules, cards, pos, mv, k):
    """Claims: a payment, then a set of cities of the size it pays for, each claimable."""
    elig = 0
    for c in range(NCITY):
        if can_claim(st, n, p, c, rules):
            elig |= 1 << c
    if elig == 0:
        return k
    m = symbol_cards(st, p, K_CUBE + SYM_CLAIM, cards, pos)
    for sub in range(1, 1 << m):
        mask, total, least = subset_sum(st, p, K_CUBE + SYM_CLAIM, cards, pos, m, sub)
        # every set of eligible cities whose size the payment allows
        cs = elig
        while cs:
            size = 0
            x = cs
            while x:
                x &= x - 1
                size += 1
            if pay_ok(total, least, size):
                k = add_move(mv, k, ACT_CLAIM, mask, 0, size, cs, 0)
            cs = (cs - 1) & elig
    return k


@njit(cache=True, _nrt=False)
def list_retrieve(st, p, cards, pos, mv, k):
    m = symbol_cards(st, p, K_CUBE + SYM_RETRIEVE, cards, pos)
    avail = cubes_on_board(st, p)
    for sub in range(1, 1 << m):
        mask, total, least = subset_sum(st, p, K_CUBE + SYM_RETRIEVE, cards, pos, m, sub)
        if total <= avail and pay_ok(total, least, total):
            k = add_move(mv, k, ACT_RETRIEVE, mask, 0, total, 0, 0)
    return k


@njit(cache=True, _nrt=False)
def list_move(st, p, cards, pos, mv, k):
    m = symbol_cards(st, p, K_CUBE + SYM_MOVE, cards, pos)
    avail = agents_in_cities(st, p)
    for sub in range(1, 1 << m):
        mask, total, least = subset_sum(st, p, K_CUBE + SYM_MOVE, cards, pos, m, sub)
        for used in range(1, min(total, avail) + 1):
            if pay_ok(total, least, used):
                k = add_move(mv, k, ACT_MOVE, mask, 0, used, 0, 0)
    return k


@njit(cache=True, _nrt=False)
def list_markers(st, p, cards, mv, k):
    """Every way to play cards for marker steps: each card with a marker symbol is left out,
    played for its Restorationist steps or for its Loyalist steps (one symbol type a card)."""
    base = F_HAND + p * MAXHAND
    m = 0
    packed = 0  # hand positions of up to 8 marker cards, 4 bits each
    for i in range(st[F_NHAND + p]):
        card = st[base + i]
        if (cards[card, K_RES] > 0 or cards[card, K_LOY] > 0) and m < 8:
            packed |= i << (4 * m)
            m += 1
    total = 1
    for _ in range(m):
        total *= 3
    for code in range(1, total):
        x = code
        rmask = 0
        lmask = 0
        ok = True
        for j in range(m):
            d = x % 3
            x //= 3
            i = (packed >> (4 * j)) & 15
            card = st[base + i]
            if d == 1:
                if cards[card, K_RES] == 0:
                    ok = False
                rmask |= 1 << i
            elif d == 2:
                if cards[card, K_LOY] == 0:
                    ok = False
                lmask |= 1 << i
        if ok:
            k = add_move(mv, k, ACT_MARKERS, rmask, lmask, 0, 0, 0)
    return k


@njit(cache=True, _nrt=False)
def bomb_payments(st, p, cards, needed, pos, m, sub):
    """(mask, ok) of bomb subset ``sub``: the exact bomb rule for ``needed`` points."""
    mask, total, least = subset_sum(st, p, K_BOMB, cards, pos, m, sub)
    if needed <= 0:
        return mask, sub == 0
    return mask, pay_ok(total, least, needed) and total >= needed


@njit(cache=True, _nrt=False)
def list_assassinate(st, n, p, tables, pos, mv, k):
    """One assassination: the card, the city, the target (an agent of another seat or the
    Royalty card in the slot), with or without Fenians, and the bomb cards paying exactly."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    city = tables[T_CITY]
    base = F_HAND + p * MAXHAND
    h = st[F_NHAND + p]
    fen = -1
    for i in range(h):
        if cards[st[base + i], K_EFFECT] == FX_FENIANS:
            fen = i
    for ai in range(h):
        acard = st[base + ai]
        if cards[acard, K_ASSASSINATE] == 0:
            continue
        # bomb cards: every card with bomb points but the assassination card (and Fenians when used)
        for c in range(NCITY):
            if not can_assassinate_in(st, n, p, c, rules):
                continue
            own = st[F_AGENTS + p * NCITY + c]
            for victim in range(-1, n):
                if victim < 0:
                    royal = st[F_SLOT + c]
                    if royal < 0:
                        continue
                    cost = cards[royal, K_COST]
                elif victim == p or st[F_AGENTS + victim * NCITY + c] == 0:
                    continue
                else:
                    cost = city[c, Y_AGENT_COST]
                for use_fen in range(2 if fen >= 0 else 1):
                    skip = (1 << ai) | ((1 << fen) if use_fen else 0)
                    m = 0
                    for i in range(h):
                        if not (skip >> i) & 1 and cards[st[base + i], K_BOMB] > 0 and m < MAX_PAY:
                            pos[m] = i
                            m += 1
                    needed = cost - (2 * own if use_fen else own)
                    for sub in range(0, 1 << m):
                        mask, ok = bomb_payments(st, p, cards, needed, pos, m, sub)
                        if ok:
                            k = add_move(mv, k, ACT_ASSASSINATE, mask, fen if use_fen else -1, c,
                                         victim, ai)
    return k


@njit(cache=True, _nrt=False)
def list_moves(st, n, p, first_action, tables, pos, mv):
    """Every legal symbol action of p now (claims only as the first action), then discarding a
    single card and passing. Returns the number of rows in mv."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    k = 0
    k = list_place(st, p, cards, pos, mv, k)
    if first_action:
        k = list_claim(st, n, p, rules, cards, pos, mv, k)
    k = list_retrieve(st, p, cards, pos, mv, k)
    k = list_move(st, p, cards, pos, mv, k)
    k = list_markers(st, p, cards, mv, k)
    k = list_assassinate(st, n, p, tables, pos, mv, k)
    for i in range(st[F_NHAND + p]):
        k = add_move(mv, k, ACT_DISCARD, 1 << i, 0, 0, 0, 0)
    k = add_move(mv, k, ACT_PASS, 0, 0, 0, 0, 0)
    return k
