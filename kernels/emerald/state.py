"""Set-up and the pure queries of the state that rules and bots both read, plus the small card
moves (draw, discard, turn up) every rule uses."""
from numba import njit

from kernels.emerald.layout import (END_NONE, F_AGENTS, F_ASTOCK, F_COH, F_CSTOCK, F_CUBES, F_CUR,
                                    F_DECK, F_END, F_FIRST, F_HAND, F_IDENT, F_IDPOOL, F_LIMBO,
                                    F_MIGO, F_NDECK, F_NHAND, F_NSTACK, F_SANITY, F_SLOT, F_STACK,
                                    F_TRACK_L, F_TRACK_R, F_UP, F_VICTIM, F_VPBOX, F_VPL, F_VPN,
                                    F_VPR, F_ZOMB, F_ZONE, F_ZOWN, F_ZSUPPLY, KIND_ROYALTY, K_KIND,
                                    LOYALIST, MAXHAND, MAXOWN, MAXSTACK, NCITY, NIDENT,
                                    RESTORATIONIST, R_AGENTS, R_CARDS, R_CUBES, R_GAME_CARDS,
                                    R_HAND, R_ID_RES, R_LIMBO, R_N, R_PER_CITY, R_SANITY,
                                    R_START_CARDS, R_TRACK_ABS, R_ZOMBIES, R_ZOMBIE_PIECES, T_CARD,
                                    T_CITY, T_RULES, Y_CITY_CARD, Y_ROYALTY, Z_DECK, Z_DISCARD,
                                    Z_HAND, Z_OUT, Z_SLOT, Z_STACK)
from kernels.rng import CHANCE, below, shuffle


# -- where things sit in the state row ---------------------------------------------------------
# Rules and bots name what they read and write instead of computing offsets. Inlined by Numba:
# the same arithmetic, and no new compiled specialization for each caller's integer types.
@njit(cache=True, _nrt=False, inline="always")
def seat_city_at(field, p, c):
    """Seat p's count in city c of a seat-by-city block (F_CUBES, F_AGENTS or F_ZOMB)."""
    return field + p * NCITY + c


@njit(cache=True, _nrt=False, inline="always")
def cubes_at(p, c):
    """Seat p's cubes in city c."""
    return seat_city_at(F_CUBES, p, c)


@njit(cache=True, _nrt=False, inline="always")
def agents_at(p, c):
    """Seat p's agents in city c."""
    return seat_city_at(F_AGENTS, p, c)


@njit(cache=True, _nrt=False, inline="always")
def zombies_at(p, c):
    """Seat p's zombies in city c."""
    return seat_city_at(F_ZOMB, p, c)


@njit(cache=True, _nrt=False, inline="always")
def hand_at(p, i):
    """Position i of seat p's hand (F_NHAND + p cards are held)."""
    return F_HAND + p * MAXHAND + i


@njit(cache=True, _nrt=False, inline="always")
def deck_at(p, i):
    """Position i of seat p's draw deck (F_NDECK + p cards; the top is the last)."""
    return F_DECK + p * MAXOWN + i


@njit(cache=True, _nrt=False, inline="always")
def stack_at(c, i):
    """Position i of city c's Game Card space (F_NSTACK + c cards; the top is the last)."""
    return F_STACK + c * MAXSTACK + i


# -- queries ---------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def side(st, p):
    """The seat's side now: the dealt side, flipped by Change of Heart."""
    return st[F_IDENT + p] ^ st[F_COH + p]


@njit(cache=True, _nrt=False, inline="always")
def cubes(st, p, c):
    return st[cubes_at(p, c)]


@njit(cache=True, _nrt=False, inline="always")
def agents(st, p, c):
    return st[agents_at(p, c)]


@njit(cache=True, _nrt=False, inline="always")
def zombies(st, p, c):
    return st[zombies_at(p, c)]


@njit(cache=True, _nrt=False)
def pieces(st, p, c, rules):
    """The seat's pieces in city c for majorities: agents and cubes (zombies if the switch says)."""
    k = cubes(st, p, c) + agents(st, p, c)
    if rules[R_ZOMBIE_PIECES]:
        k += zombies(st, p, c)
    return k


@njit(cache=True, _nrt=False)
def has_majority(st, n, p, c, rules):
    """Strictly more pieces in city c than any other single player (a tie is never enough)."""
    mine = pieces(st, p, c, rules)
    if mine == 0:
        return False
    for o in range(n):
        if o != p and pieces(st, o, c, rules) >= mine:
            return False
    return True


@njit(cache=True, _nrt=False)
def agents_on_board(st, p):
    """Agents in cities plus those on a Mi-Go card (they count as on the board)."""
    k = st[F_MIGO + p]
    for c in range(NCITY):
        k += agents(st, p, c)
    return k


@njit(cache=True, _nrt=False)
def track_points(st, rules):
    """What every player scores from the tracks: |R - L| (reading E1) or R - L."""
    d = st[F_TRACK_R] - st[F_TRACK_L]
    if rules[R_TRACK_ABS] and d < 0:
        return -d
    return d


@njit(cache=True, _nrt=False, inline="always")
def higher_side(st):
    """The side whose track marker is higher (it keeps the track points at the end), -1 when level."""
    if st[F_TRACK_R] > st[F_TRACK_L]:
        return RESTORATIONIST
    if st[F_TRACK_L] > st[F_TRACK_R]:
        return LOYALIST
    return -1


@njit(cache=True, _nrt=False)
def total_vp(st, p, rules):
    """The VP disc: every VP the seat holds, of every type, the tracks included."""
    return (st[F_VPN + p] + st[F_VPR + p] + st[F_VPL + p] + st[F_VPBOX + p]
            + track_points(st, rules))


@njit(cache=True, _nrt=False, inline="always")
def top_card(st, c):
    """The top card of city c's Game Card space, -1 if it is empty."""
    k = st[F_NSTACK + c]
    return st[stack_at(c, k - 1)] if k > 0 else -1


@njit(cache=True, _nrt=False)
def claimable(st, c):
    """The face-up top card of city c (a claim takes it), -1 if none."""
    if st[F_NSTACK + c] == 0 or not st[F_UP + c]:
        return -1
    return top_card(st, c)


# -- card moves ------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def set_zone(st, card, zone, owner):
    st[F_ZONE + card] = zone
    st[F_ZOWN + card] = owner


@njit(cache=True, _nrt=False)
def hand_add(st, p, card):
    k = st[F_NHAND + p]
    if k < MAXHAND:
        st[hand_at(p, k)] = card
        st[F_NHAND + p] = k + 1
    set_zone(st, card, Z_HAND, p)


@njit(cache=True, _nrt=False)
def hand_remove(st, p, card):
    """Take a card out of the seat's hand (the caller gives it its new zone)."""
    k = st[F_NHAND + p]
    base = hand_at(p, 0)
    for i in range(k):
        if st[base + i] == card:
            st[base + i] = st[base + k - 1]
            st[F_NHAND + p] = k - 1
            return


@njit(cache=True, _nrt=False)
def discard_from_hand(st, p, card):
    hand_remove(st, p, card)
    set_zone(st, card, Z_DISCARD, p)


@njit(cache=True, _nrt=False)
def reshuffle(st, p, rules, rng, tmp):
    """The seat's discard pile becomes its draw deck, shuffled (chance)."""
    m = 0
    for card in range(rules[R_CARDS]):
        if st[F_ZONE + card] == Z_DISCARD and st[F_ZOWN + card] == p:
            tmp[m] = card
            m += 1
    shuffle(rng, CHANCE, tmp, m)
    base = deck_at(p, 0)
    k = st[F_NDECK + p]
    for i in range(m):
        if k < MAXOWN:
            st[base + k] = tmp[i]
            k += 1
        set_zone(st, tmp[i], Z_DECK, p)
    st[F_NDECK + p] = k


@njit(cache=True, _nrt=False)
def draw(st, p, rules, rng, tmp):
    """Draw the top card of the seat's deck into its hand, reshuffling the discards when the
    deck is empty. Returns the card, or -1 when deck and discards are both empty."""
    if st[F_NDECK + p] == 0:
        reshuffle(st, p, rules, rng, tmp)
        if st[F_NDECK + p] == 0:
            return -1
    k = st[F_NDECK + p] - 1
    card = st[deck_at(p, k)]
    st[F_NDECK + p] = k
    hand_add(st, p, card)
    return card


@njit(cache=True, _nrt=False)
def refill_hand(st, p, rules, rng, tmp):
    """Draw up to the hand size (nothing if the hand already holds that many)."""
    while st[F_NHAND + p] < rules[R_HAND]:
        if draw(st, p, rules, rng, tmp) < 0:
            return


@njit(cache=True, _nrt=False)
def turn_up(st, c, cards):
    """Turn up the top card of city c's space; a Royalty card slides to the slot (if the slot is
    free) and the next card is turned up. Returns the card now face up, or -1."""
    while st[F_NSTACK + c] > 0:
        card = top_card(st, c)
        if cards[card, K_KIND] == KIND_ROYALTY and st[F_SLOT + c] < 0:
            st[F_NSTACK + c] -= 1
            st[F_SLOT + c] = card
            set_zone(st, card, Z_SLOT, c)
            continue
        st[F_UP + c] = 1
        return card
    st[F_UP + c] = 0
    return -1


# -- set-up ----------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def setup_game(st, tables, rng, tmp):
    """Everything before the agent placement rounds: the city stacks (game cards dealt per the
    player count, shuffled with the City and Royalty card, top card up, a Royalty card sliding to
    its slot), cubes (some in Limbo), agents, starting decks and hands, identities dealt from
    six, sanity, the start player (chance)."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    city = tables[T_CITY]
    n = rules[R_N]
    st[:] = 0
    nc = rules[R_CARDS]
    for card in range(nc):
        st[F_ZONE + card] = Z_OUT
        st[F_ZOWN + card] = -1
        st[F_VICTIM + card] = -1
    st[F_END] = END_NONE
    st[F_ZSUPPLY] = rules[R_ZOMBIES]
    # the city stacks
    g = rules[R_GAME_CARDS]
    for i in range(g):
        tmp[i] = i
    shuffle(rng, CHANCE, tmp, g)
    per = rules[R_PER_CITY]
    stack = tmp[g:g + MAXSTACK]
    for c in range(NCITY):
        st[F_SLOT + c] = -1
        m = 0
        for i in range(per):
            stack[m] = tmp[c * per + i]
            m += 1
        stack[m] = city[c, Y_CITY_CARD]
        stack[m + 1] = city[c, Y_ROYALTY]
        m += 2
        shuffle(rng, CHANCE, stack, m)
        for i in range(m):
            st[stack_at(c, i)] = stack[i]
            set_zone(st, stack[i], Z_STACK, c)
        st[F_NSTACK + c] = m
        turn_up(st, c, cards)
    # pieces, decks and hands
    ns = rules[R_START_CARDS]
    first_start = g + 2 * NCITY
    for p in range(n):
        st[F_LIMBO + p] = rules[R_LIMBO]
        st[F_CSTOCK + p] = rules[R_CUBES] - rules[R_LIMBO]
        st[F_ASTOCK + p] = rules[R_AGENTS]
        st[F_SANITY + p] = rules[R_SANITY]
        for i in range(ns):
            tmp[i] = first_start + p * ns + i
        shuffle(rng, CHANCE, tmp, ns)
        for i in range(ns):
            st[deck_at(p, i)] = tmp[i]
            set_zone(st, tmp[i], Z_DECK, p)
        st[F_NDECK + p] = ns
        refill_hand(st, p, rules, rng, tmp)
    # identities: the six cards shuffled, one to each player, the rest set aside unseen
    for i in range(NIDENT):
        st[F_IDPOOL + i] = RESTORATIONIST if i < rules[R_ID_RES] else LOYALIST
    shuffle(rng, CHANCE, st[F_IDPOOL:F_IDPOOL + NIDENT], NIDENT)
    for p in range(n):
        st[F_IDENT + p] = st[F_IDPOOL + p]
    st[F_FIRST] = below(rng, CHANCE, n)
    st[F_CUR] = st[F_FIRST]


@njit(cache=True, _nrt=False)
def deck_remove(st, p, card):
    """Take a card out of the seat's draw deck, keeping the order of the rest."""
    k = st[F_NDECK + p]
    base = deck_at(p, 0)
    j = 0
    for i in range(k):
        x = st[base + i]
        if x != card:
            st[base + j] = x
            j += 1
    st[F_NDECK + p] = j


@njit(cache=True, _nrt=False)
def copy_into(dst, src):
    """dst[:] = src for 1-d arrays, without the runtime a slice copy needs (it may alias)."""
    for i in range(src.shape[0]):
        dst[i] = src[i]
