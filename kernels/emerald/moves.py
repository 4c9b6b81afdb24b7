"""Legal-move generation: where a player may claim or assassinate, the exact-payment rule of
each action, and the list of legal actions of the player to act.

Exact payment. Each action has its own no-overpay wording; they all come to one test on the
cards played for one symbol type (``total`` symbols, the smallest card showing ``least``) and
the number ``used`` of symbols the action then uses: 1 <= used <= total and no card could be
left out and still pay for ``used`` (total - least < used).
- place: used = the cubes placed = total; fewer only in the one case the rulebook allows: one
  card with two cube symbols and one cube left in stock (``place_ok``);
- claim: used = the claims made (one card each); with rules.claim_fewer_than_symbols = 0 every
  claim symbol must claim (used = total);
- retrieve: used = total: exactly one cube per symbol, no fewer;
- move agents: used = the agents moved, any number up to the symbols;
- bombs: used = the bomb points still needed after the agents' points; cards are added only
  while short (none at all when the agents alone reach the cost). Fenians is a card too: it is
  played only when the agents and the bomb cards without it fall short (``bomb_payments``).
"""
from numba import njit

from kernels.emerald.layout import (ACT_ASSASSINATE, ACT_CARD, ACT_CLAIM, ACT_DISCARD, ACT_FREE,
                                    ACT_MARKERS, ACT_MIGO_BACK, ACT_MOVE, ACT_PASS, ACT_PLACE,
                                    ACT_RETRIEVE, F_ASTOCK, F_CSTOCK, F_FREE, F_LIMBO, F_MIGO,
                                    F_MIGO_TURN, F_NHAND, F_REVEALED, F_SEEN, F_SLOT, F_TURN,
                                    FX_BURTSEV, FX_CTHULHU, FX_DISCARD_DRAW, FX_DUCHESS, FX_FENIANS,
                                    FX_HIDE_ROYALTY, FX_IRENE_ADLER, FX_LESTRADE, FX_MATVEI,
                                    FX_MI_GO, FX_OKHRANA, FX_PEOPLES_WILL, FX_PINKERTON,
                                    FX_SHOGGOTH, FX_TERRORS, FX_THIRD_SECTION, FX_VAMPIRES,
                                    FX_YOG_SOTHOTH, K_ASSASSINATE, K_BOMB, K_COST, K_CUBE, K_EFFECT,
                                    K_LOY, K_MODE, K_RES, MAX_MOVES, MAX_PAY, MODE_ACTION,
                                    MODE_FREE, MODE_ONE_USE_ACTION,
                                    MODE_ONE_USE_ACTION_OR_INTERRUPT, MODE_ONE_USE_FREE, MV_A,
                                    MV_ACT, MV_B, MV_C, MV_PAY, MV_PAY2, NCITY, R_CLAIM_FEWER,
                                    R_FREE_CAP, R_HIDE_FREE_TIMING, R_IRENE_OWN, R_LESTRADE_ONE,
                                    R_MATVEI_FREE, R_MIGO_CAP, R_MIGO_ONE_OR_TWO, R_OKHRANA_OWN,
                                    R_YOG_MIGO, SYM_CLAIM, SYM_CUBE, SYM_MOVE, SYM_RETRIEVE, T_CARD,
                                    T_CITY, T_RULES, Y_AGENT_COST)
from kernels.emerald.state import agents, claimable, cubes, hand_at, has_majority


@njit(cache=True, _nrt=False, inline="always")
def pay_ok(total, least, used):
    """The exact-payment test (module docstring)."""
    return 1 <= used <= total and total - least < used


@njit(cache=True, _nrt=False)
def can_claim(st, n, p, c, rules):
    """A face-up card there, strictly the most pieces and at least one cube of p."""
    return (claimable(st, c) >= 0 and cubes(st, p, c) > 0
            and has_majority(st, n, p, c, rules))


@njit(cache=True, _nrt=False)
def can_assassinate_in(st, n, p, c, rules):
    """At least one agent of p there and strictly the most pieces."""
    return agents(st, p, c) > 0 and has_majority(st, n, p, c, rules)


@njit(cache=True, _nrt=False, inline="always")
def symbol_cards(st, p, k_sym, cards, pos):
    """Hand positions of p's cards showing symbol k_sym (at most MAX_PAY). Returns the count.
    Inlined (as subset_sum): asked for each symbol action of every list, its array arguments
    cost more to pass than its loop."""
    m = 0
    base = hand_at(p, 0)
    for i in range(st[F_NHAND + p]):
        if cards[st[base + i], k_sym] > 0 and m < MAX_PAY:
            pos[m] = i
            m += 1
    return m


@njit(cache=True, _nrt=False, inline="always")
def subset_sum(st, p, k_sym, cards, pos, m, sub):
    """(mask of hand positions, total symbols, least symbols on one card) of subset ``sub`` of
    the m positions in pos."""
    base = hand_at(p, 0)
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
    # the last row of mv is kept free: it holds the row a turn chose (turn.rest_of_turn)
    if k < MAX_MOVES - 1:
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
        k += cubes(st, p, c)
    return k


@njit(cache=True, _nrt=False)
def agents_in_cities(st, p):
    k = 0
    for c in range(NCITY):
        k += agents(st, p, c)
    return k


@njit(cache=True, _nrt=False, inline="always")
def place_ok(total, least, stock):
    """A cube payment: every symbol places a cube, but for the one exception the rulebook
    prints: a single card with two cube symbols played with one cube left in stock."""
    if total <= stock:
        return pay_ok(total, least, total)
    return stock == 1 and total == 2 and least == 2


@njit(cache=True, _nrt=False)
def list_place(st, p, cards, pos, mv, k):
    m = symbol_cards(st, p, K_CUBE + SYM_CUBE, cards, pos)
    stock = st[F_CSTOCK + p]
    for sub in range(1, 1 << m):
        mask, total, least = subset_sum(st, p, K_CUBE + SYM_CUBE, cards, pos, m, sub)
        if place_ok(total, least, stock):
            for c in range(NCITY):
                k = add_move(mv, k, ACT_PLACE, mask, 0, c, 0, 0)
    return k


@njit(cache=True, _nrt=False)
def list_claim(st, n, p, rules, cards, pos, mv, k):
    """Claims: a payment, then a set of cities of the size it pays for, each claimable."""
    m = symbol_cards(st, p, K_CUBE + SYM_CLAIM, cards, pos)
    if m == 0:
        return k        # no claim card: the cities' majorities need not be read
    elig = 0
    for c in range(NCITY):
        if can_claim(st, n, p, c, rules):
            elig |= 1 << c
    if elig == 0:
        return k
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
            if pay_ok(total, least, size) and (rules[R_CLAIM_FEWER] or size == total):
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


@njit(cache=True, _nrt=False, inline="always")
def list_markers(st, p, cards, mv, k):
    """Every way to play cards for marker steps: each card with a marker symbol is left out,
    played for its Restorationist steps or for its Loyalist steps (one symbol type a card)."""
    base = hand_at(p, 0)
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
def bomb_payments(st, p, cards, needed, short, pos, m, sub):
    """(mask, ok) of bomb subset ``sub``: the exact bomb rule for ``needed`` points. With
    Fenians (short >= 0: the points the agents alone lack), Fenians is a card paid too, so
    it must be needed: the agents and these bomb cards without it fall short (no overpaying)."""
    mask, total, least = subset_sum(st, p, K_BOMB, cards, pos, m, sub)
    if short >= 0 and total >= short:
        return mask, False
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
    base = hand_at(p, 0)
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
            own = agents(st, p, c)
            for victim in range(-1, n):
                if victim < 0:
                    royal = st[F_SLOT + c]
                    if royal < 0:
                        continue
                    cost = cards[royal, K_COST]
                elif victim == p or agents(st, victim, c) == 0:
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
                    short = cost - own if use_fen else -1
                    if use_fen and short <= 0:
                        continue            # the agents alone pay: Fenians would be overpaying
                    for sub in range(0, 1 << m):
                        mask, ok = bomb_payments(st, p, cards, needed, short, pos, m, sub)
                        if ok:
                            k = add_move(mv, k, ACT_ASSASSINATE, mask, fen if use_fen else -1, c,
                                         victim, ai)
    return k


@njit(cache=True, _nrt=False)
def list_moves(st, n, p, first_action, tables, pos, mv):
    """Every legal action of p now (claims only as the first action): the symbol actions, the
    card actions, discarding any cards (of the first seven), passing. Returns the number of rows in mv. (Free
    actions: list_free.)"""
    k = list_actions(st, n, p, first_action, tables, pos, mv)
    h = discard_hand(st, p)
    for sub in range(1, 1 << h):
        k = add_move(mv, k, ACT_DISCARD, sub, 0, 0, 0, 0)
    return add_move(mv, k, ACT_PASS, 0, 0, 0, 0, 0)


@njit(cache=True, _nrt=False, inline="always")
def discard_hand(st, p):
    """How many of p's cards a discard row picks from: the first seven (a row for each set)."""
    return min(st[F_NHAND + p], 7)


@njit(cache=True, _nrt=False)
def list_actions(st, n, p, first_action, tables, pos, mv):
    """list_moves' rows before the discards: the symbol actions and the card actions. Returns
    the number of rows in mv."""
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
    return list_card_actions(st, n, p, first_action, tables, mv, k)


# -- card texts ------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def text_kind(cards, card, rules):
    """ACT_CARD for a text that costs an action, ACT_FREE for a free action, -1 for a text not
    played on its own (interrupts, benefits, symbol-only cards)."""
    mode = cards[card, K_MODE]
    if cards[card, K_EFFECT] == FX_MATVEI:
        return ACT_FREE if rules[R_MATVEI_FREE] else ACT_CARD
    if mode == MODE_ACTION or mode == MODE_ONE_USE_ACTION or mode == MODE_ONE_USE_ACTION_OR_INTERRUPT:
        return ACT_CARD
    if mode == MODE_FREE or mode == MODE_ONE_USE_FREE:
        return ACT_FREE
    return -1


@njit(cache=True, _nrt=False)
def list_text(st, n, p, i, kind, first_action, tables, mv, k):
    """The rows of the text of the card at hand position i: one per choice of its target."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    card = st[hand_at(p, i)]
    fx = cards[card, K_EFFECT]
    h = st[F_NHAND + p]
    if fx == FX_DISCARD_DRAW:
        # discard any of the other cards (at most 6 looked at), then draw as many plus one
        others = 0
        m = 0
        for j in range(h):
            if j != i and m < 6:
                others |= 1 << j
                m += 1
        sub = others
        while True:
            k = add_move(mv, k, kind, sub, 0, -1, -1, i)
            if sub == 0:
                break
            sub = (sub - 1) & others
        return k
    if fx == FX_CTHULHU or fx == FX_PINKERTON or fx == FX_THIRD_SECTION:
        for c in range(NCITY):
            if fx == FX_PINKERTON and st[F_ASTOCK + p] == 0:
                break
            if fx == FX_THIRD_SECTION and claimable(st, c) < 0:
                continue
            k = add_move(mv, k, kind, 0, 0, c, -1, i)
        return k
    if fx == FX_HIDE_ROYALTY:
        if not rules[R_HIDE_FREE_TIMING] and not first_action:
            return k
        for c in range(NCITY):
            if st[F_SLOT + c] >= 0 and has_majority(st, n, p, c, rules):
                if rules[R_HIDE_FREE_TIMING] or cubes(st, p, c) > 0:
                    k = add_move(mv, k, kind, 0, 0, c, -1, i)
        return k
    if fx == FX_DUCHESS:
        for c in range(NCITY):
            if claimable(st, c) >= 0 and has_majority(st, n, p, c, rules):
                k = add_move(mv, k, kind, 0, 0, c, -1, i)
        return k
    if fx == FX_LESTRADE:
        for c in range(NCITY):
            if rules[R_LESTRADE_ONE]:
                for o in range(n):
                    if cubes(st, o, c) > 0:
                        k = add_move(mv, k, kind, 0, 0, c, o, i)
            else:
                for o in range(n):
                    if cubes(st, o, c) > 0:
                        k = add_move(mv, k, kind, 0, 0, c, -1, i)
                        break
        return k
    if fx == FX_IRENE_ADLER or fx == FX_SHOGGOTH or fx == FX_VAMPIRES:
        if fx != FX_SHOGGOTH and st[F_ASTOCK + p] == 0:
            return k
        own = fx == FX_IRENE_ADLER and rules[R_IRENE_OWN]      # "any agent", one's own too
        for c in range(NCITY):
            if fx == FX_VAMPIRES and agents(st, p, c) == 0:
                continue
            for o in range(n):
                if (o != p or own) and agents(st, o, c) > 0:
                    k = add_move(mv, k, kind, 0, 0, c, o, i)
        return k
    if fx == FX_TERRORS or fx == FX_BURTSEV:
        for o in range(n):
            if o == p:
                continue
            if fx == FX_BURTSEV and ((st[F_SEEN + p] >> o) & 1 or st[F_REVEALED + o]):
                continue
            k = add_move(mv, k, kind, 0, 0, -1, o, i)
        return k
    if fx == FX_MI_GO or fx == FX_YOG_SOTHOTH:
        a = agents_in_cities(st, p)
        if fx == FX_YOG_SOTHOTH and rules[R_YOG_MIGO]:
            a += st[F_MIGO + p]
        lo = 1
        hi = a
        if fx == FX_MI_GO:
            hi = min(a, rules[R_MIGO_CAP])
            if not rules[R_MIGO_ONE_OR_TWO]:
                lo = rules[R_MIGO_CAP]
        for used in range(lo, hi + 1):
            k = add_move(mv, k, kind, 0, 0, used, -1, i)
        return k
    if fx == FX_OKHRANA:
        for c in range(NCITY):
            for o in range(n):
                if (o != p or rules[R_OKHRANA_OWN]) and cubes(st, o, c) > 0:
                    return add_move(mv, k, kind, 0, 0, -1, -1, i)
        return k
    if fx == FX_PEOPLES_WILL and st[F_LIMBO + p] == 0:
        return k
    # no target: The Black Hand, Diogenes/Watson, Change of Heart, Holy Brotherhood, Matvei,
    # Freud, Leopold, Zombies
    return add_move(mv, k, kind, 0, 0, -1, -1, i)


@njit(cache=True, _nrt=False)
def list_free(st, n, p, tables, mv, k):
    """Free actions open to p now: free-action texts (within the per-turn cap) and bringing the
    agents on its Mi-Go card back (in a later turn than they went on)."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    if st[F_FREE] >= rules[R_FREE_CAP]:
        return k
    for i in range(st[F_NHAND + p]):
        card = st[hand_at(p, i)]
        if text_kind(cards, card, rules) == ACT_FREE:
            k = list_text(st, n, p, i, ACT_FREE, False, tables, mv, k)
    if st[F_MIGO + p] > 0 and st[F_MIGO_TURN + p] < st[F_TURN]:
        for c in range(NCITY):
            k = add_move(mv, k, ACT_MIGO_BACK, 0, 0, c, -1, -1)
    return k


@njit(cache=True, _nrt=False)
def list_card_actions(st, n, p, first_action, tables, mv, k):
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    for i in range(st[F_NHAND + p]):
        card = st[hand_at(p, i)]
        if text_kind(cards, card, rules) == ACT_CARD:
            k = list_text(st, n, p, i, ACT_CARD, first_action, tables, mv, k)
    return k
