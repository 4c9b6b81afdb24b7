"""The texts of the printed cards, one small function each, and ``play_text`` that plays a
card for its text (free action, action or interrupt), on the pieces of ``rules``."""
from numba import njit

from kernels.emerald.bots import (choose_city, choose_enemy_piece, choose_okhrana_cube,
                                  choose_own_agent_city)
from kernels.emerald.layout import (END_NONE, END_REVEAL, END_TRACK, EV_AGENT, EV_DRAW, EV_TEXT,
                                    EV_ZOMBIE, FX_BLACK_HAND, FX_BURTSEV, FX_CHANGE_OF_HEART,
                                    FX_CTHULHU, FX_DISCARD_DRAW, FX_DRAW_TWO, FX_DUCHESS, FX_FREUD,
                                    FX_HIDE_ROYALTY, FX_HOLY_BROTHERHOOD, FX_IRENE_ADLER,
                                    FX_LEOPOLD, FX_LESTRADE, FX_MATVEI, FX_MI_GO, FX_OKHRANA,
                                    FX_PEOPLES_WILL, FX_PINKERTON, FX_SHOGGOTH, FX_TERRORS,
                                    FX_THIRD_SECTION, FX_VAMPIRES, FX_YOG_SOTHOTH, FX_ZOMBIES,
                                    F_AGENTS, F_ASTOCK, F_BLACK_HAND, F_COH, F_CSTOCK, F_CUBES,
                                    F_END, F_HAND, F_LEOPOLD, F_LIMBO, F_MIGO, F_MIGO_TURN,
                                    F_NSTACK, F_REVEALED, F_SANITY, F_SEEN, F_SLOT, F_STACK, F_TURN,
                                    F_UP, F_VICTIM, F_VPBOX, F_VPL, F_VPN, F_VPR, F_YOG, F_ZOMB,
                                    F_ZONE, F_ZOWN, F_ZSUPPLY, K_BOX, K_EFFECT, K_MODE, K_VP,
                                    K_VP_TYPE, MAXHAND, MAXSTACK, MODE_ONE_USE_ACTION,
                                    MODE_ONE_USE_ACTION_OR_INTERRUPT, MODE_ONE_USE_FREE, MV_A, MV_B,
                                    MV_C, MV_PAY, M_AGENTS_KILLED, NCITY, RESTORATIONIST,
                                    R_BH_HIDDEN, R_CARDS, R_CTHULHU_SLOT, R_LEOPOLD_USED,
                                    R_LESTRADE_ONE, R_SANITY, R_SHERLOCK_REPLACE, R_TURN_UP_AFTER,
                                    R_ZOMBIE_REMAINING, R_ZPLAY, T_CARD, T_RULES, VT_LOY, VT_RES,
                                    Z_DECK, Z_DISCARD, Z_HAND, Z_IDENT, Z_OUT, Z_REMOVED,
                                    Z_ROYAL_HIDDEN, Z_ROYAL_KILLED, Z_SLOT, Z_STACK)
from kernels.emerald.state import (agents_on_board, deck_remove, draw, hand_remove, set_zone, side,
                                   top_card, turn_up)
from kernels.emerald.rules import (log_event, place_agent, clean_up_cubes, lost_agents_check,
                                   sanity_check, claim_city, move_markers, cards_of, discard_all,
                                   try_interrupt, agent_to_stock)


@njit(cache=True, _nrt=False)
def spend_text_card(st, p, card, cards, one_use):
    """A played text card: one-use cards leave play (kept beside the identity card when the card
    carries VP, which stay scored); others go to the discard pile."""
    hand_remove(st, p, card)
    if one_use:
        set_zone(st, card, Z_IDENT if cards[card, K_VP] > 0 else Z_REMOVED, p)
    else:
        set_zone(st, card, Z_DISCARD, p)


@njit(cache=True, _nrt=False)
def lose_card_vp(st, o, card, cards):
    """Society of Leopold: the VP the card scored for o are lost."""
    vp = cards[card, K_VP]
    if cards[card, K_VP_TYPE] == VT_RES:
        st[F_VPR + o] -= vp
    elif cards[card, K_VP_TYPE] == VT_LOY:
        st[F_VPL + o] -= vp
    else:
        st[F_VPN + o] -= vp


# -- the card texts (one small function each) ---------------------------------------------------

@njit(cache=True, _nrt=False)
def fx_black_hand(st, p, rules):
    """+2 Restorationist VP per Royalty card p assassinated (hidden ones per the switch), and +2
    for each later one."""
    k = 0
    for card in range(rules[R_CARDS]):
        if st[F_ZOWN + card] == p and (st[F_ZONE + card] == Z_ROYAL_KILLED or
                                       (rules[R_BH_HIDDEN] and st[F_ZONE + card] == Z_ROYAL_HIDDEN)):
            k += 1
    st[F_VPR + p] += 2 * k
    st[F_BLACK_HAND + p] = 1


@njit(cache=True, _nrt=False)
def fx_discard_draw(st, p, card, mask, ids, rules, rng, shuf, log, io, on):
    """Freemasons / Mrs Hudson: discard the chosen cards, draw as many plus one; an empty deck
    is reshuffled before this card itself is discarded."""
    m = cards_of(st, p, mask, ids)
    discard_all(st, p, ids, m)
    hand_remove(st, p, card)
    for _ in range(m + 1):
        draw(st, p, rules, rng, shuf)
    set_zone(st, card, Z_DISCARD, p)
    log_event(log, io, on, EV_DRAW, p, m + 1, 0, 0, 0)


@njit(cache=True, _nrt=False)
def fx_draw_two(st, p, card, rules, rng, shuf, log, io, on):
    """The Diogenes Club / Doctor Watson: draw two, reshuffling before this card is discarded."""
    hand_remove(st, p, card)
    draw(st, p, rules, rng, shuf)
    draw(st, p, rules, rng, shuf)
    set_zone(st, card, Z_DISCARD, p)
    log_event(log, io, on, EV_DRAW, p, 2, 0, 0, 0)


@njit(cache=True, _nrt=False)
def fx_cthulhu(st, n, p, c, bots, tables, weights, rng, shuf, log, io, on, met):
    """Every card of city c's Game Card space leaves the game (the slot too per the switch);
    every agent and zombie there goes back to its owner; every cube there goes to Limbo. A
    player about to lose an agent may stop the whole card with Sherlock Holmes."""
    rules = tables[T_RULES]
    for o in range(n):
        if o != p and st[F_AGENTS + o * NCITY + c] > 0:
            if try_interrupt(st, n, o, p, False, bots, tables, rng, shuf, log, io, on):
                return
    for i in range(st[F_NSTACK + c]):
        set_zone(st, st[F_STACK + c * MAXSTACK + i], Z_REMOVED, -1)
    st[F_NSTACK + c] = 0
    st[F_UP + c] = 0
    if rules[R_CTHULHU_SLOT] and st[F_SLOT + c] >= 0:
        set_zone(st, st[F_SLOT + c], Z_REMOVED, -1)
        st[F_SLOT + c] = -1
    for o in range(n):
        st[F_ASTOCK + o] += st[F_AGENTS + o * NCITY + c]
        st[F_AGENTS + o * NCITY + c] = 0
        st[F_ZSUPPLY] += st[F_ZOMB + o * NCITY + c]
        st[F_ZOMB + o * NCITY + c] = 0
        st[F_LIMBO + o] += st[F_CUBES + o * NCITY + c]
        st[F_CUBES + o * NCITY + c] = 0
    for o in range(n):
        lost_agents_check(st, n, o, False, bots, tables, weights, rng, log, io, on, met)


@njit(cache=True, _nrt=False)
def fx_hide_royalty(st, n, p, c, card, bots, tables, weights, rng, log, io, on, met):
    """Take the Royalty card in city c's slot (its VP become Loyalist VP), clean up the cubes,
    roll the sanity die as for an assassination (a loss also costs an agent there, if any)."""
    cards = tables[T_CARD]
    royal = st[F_SLOT + c]
    st[F_SLOT + c] = -1
    set_zone(st, royal, Z_ROYAL_HIDDEN, p)
    st[F_VPL + p] += cards[royal, K_VP]
    clean_up_cubes(st, n, p, c)
    if sanity_check(st, n, p, bots, tables, weights, rng, log, io, on, met):
        if st[F_AGENTS + p * NCITY + c] > 0:
            agent_to_stock(st, n, p, c, bots, tables, weights, rng, log, io, on, met)


@njit(cache=True, _nrt=False)
def fx_replace_agent(st, n, p, c, o, fx, bots, tables, weights, rng, shuf, log, io, on, met):
    """Irene Adler / Vampires: o's agent in city c goes back to o's stock and one of p's from
    stock takes its place (Sherlock Holmes may stop it, per the switch for Irene Adler)."""
    rules = tables[T_RULES]
    if rules[R_SHERLOCK_REPLACE] or fx == FX_VAMPIRES:
        if try_interrupt(st, n, o, p, False, bots, tables, rng, shuf, log, io, on):
            return
    place_agent(st, p, c, log, io, on)
    agent_to_stock(st, n, o, c, bots, tables, weights, rng, log, io, on, met)


@njit(cache=True, _nrt=False)
def fx_shoggoth(st, n, p, c, o, card, bots, tables, weights, rng, shuf, log, io, on, met):
    """Another player's agent anywhere is treated as assassinated: it sits on this card beside
    p's identity card and p scores the card's agent-box VP."""
    cards = tables[T_CARD]
    hand_remove(st, p, card)
    if try_interrupt(st, n, o, p, False, bots, tables, rng, shuf, log, io, on):
        set_zone(st, card, Z_REMOVED, p)
        return
    st[F_AGENTS + o * NCITY + c] -= 1
    set_zone(st, card, Z_IDENT, p)
    st[F_VICTIM + card] = o
    st[F_VPBOX + p] += cards[card, K_BOX]
    met[p, M_AGENTS_KILLED] += 1.0
    lost_agents_check(st, n, o, True, bots, tables, weights, rng, log, io, on, met)


@njit(cache=True, _nrt=False)
def fx_agents_off_board(st, n, p, k, onto, bots, tables, weights, rng, log, io, on):
    """Mi-Go (onto = F_MIGO) / Yog Sothoth (onto = F_YOG): k of p's agents leave the cities for
    the card, chosen by p's bot."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    moved = 0
    for _ in range(k):
        c = choose_own_agent_city(st, n, p, bots[p], rules, cards, weights, rng)
        io[1] += 1
        if c < 0:
            break
        st[F_AGENTS + p * NCITY + c] -= 1
        st[onto + p] += 1
        moved += 1
    return moved


@njit(cache=True, _nrt=False)
def fx_leopold(st, n, tables, rng, shuf, log, io, on):
    """Every zombie leaves the game; every Zombies and Vampires card leaves the game from hands,
    decks, discard piles and identity areas (a card in hand is replaced by a draw) and the VP it
    scored are lost (those already used up too, per the switch)."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    for o in range(n):
        for c in range(NCITY):
            st[F_ZOMB + o * NCITY + c] = 0
    st[F_ZSUPPLY] = 0
    st[F_LEOPOLD] = 1
    for card in range(rules[R_CARDS]):
        fx = cards[card, K_EFFECT]
        if fx != FX_ZOMBIES and fx != FX_VAMPIRES:
            continue
        z = st[F_ZONE + card]
        o = st[F_ZOWN + card]
        if o < 0 or z == Z_STACK or z == Z_SLOT or z == Z_OUT:
            continue
        if z == Z_REMOVED and not rules[R_LEOPOLD_USED]:
            continue
        lose_card_vp(st, o, card, cards)
        if z == Z_HAND:
            hand_remove(st, o, card)
            set_zone(st, card, Z_REMOVED, -1)
            draw(st, o, rules, rng, shuf)
        else:
            if z == Z_DECK:
                deck_remove(st, o, card)
            set_zone(st, card, Z_REMOVED, -1)


@njit(cache=True, _nrt=False)
def fx_zombies(st, n, p, bots, tables, weights, rng, shuf, log, io, on, met):
    """First p may remove one agent (not its own) from each city holding one of its zombies;
    then it places two zombies (what remains of the supply, per the switch) in any cities."""
    rules = tables[T_RULES]
    for c in range(NCITY):
        if st[F_ZOMB + p * NCITY + c] == 0 or st[F_END] != END_NONE:
            continue
        o = choose_enemy_piece(st, n, p, c, F_AGENTS, bots[p], rng)
        io[1] += 1
        if o < 0:
            continue
        if try_interrupt(st, n, o, p, False, bots, tables, rng, shuf, log, io, on):
            continue
        log_event(log, io, on, EV_ZOMBIE, p, c, -1, o, 0)
        agent_to_stock(st, n, o, c, bots, tables, weights, rng, log, io, on, met)
    k = rules[R_ZPLAY]
    if st[F_ZSUPPLY] < k:
        k = st[F_ZSUPPLY] if rules[R_ZOMBIE_REMAINING] else 0
    for _ in range(k):
        c = choose_city(st, n, p, bots[p], rng)
        io[1] += 1
        st[F_ZSUPPLY] -= 1
        st[F_ZOMB + p * NCITY + c] += 1
        log_event(log, io, on, EV_ZOMBIE, p, c, 1, 0, 0)


@njit(cache=True, _nrt=False)
def fx_okhrana(st, n, p, bots, rng, log, io, on):
    """One or two cubes from cities to their owners' Limbo (any players, any cities)."""
    for j in range(2):
        o, c = choose_okhrana_cube(st, n, p, bots[p], rng)
        io[1] += 1
        if o < 0:
            return
        st[F_CUBES + o * NCITY + c] -= 1
        st[F_LIMBO + o] += 1


@njit(cache=True, _nrt=False)
def play_text(st, n, p, row, bots, tables, weights, rng, tmp, log, io, on, met):
    """Play the text of the card at hand position row[MV_C] with its target row[MV_A]/row[MV_B]."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    ids = tmp[0:MAXHAND]
    shuf = tmp[MAXHAND:]
    card = st[F_HAND + p * MAXHAND + row[MV_C]]
    fx = cards[card, K_EFFECT]
    mode = cards[card, K_MODE]
    one_use = (mode == MODE_ONE_USE_ACTION or mode == MODE_ONE_USE_FREE
               or mode == MODE_ONE_USE_ACTION_OR_INTERRUPT)
    a = row[MV_A]
    b = row[MV_B]
    log_event(log, io, on, EV_TEXT, p, card, a, b, 0)
    if fx == FX_DISCARD_DRAW:
        fx_discard_draw(st, p, card, row[MV_PAY], ids, rules, rng, shuf, log, io, on)
        return
    if fx == FX_DRAW_TWO:
        fx_draw_two(st, p, card, rules, rng, shuf, log, io, on)
        return
    if fx == FX_SHOGGOTH:
        fx_shoggoth(st, n, p, a, b, card, bots, tables, weights, rng, shuf, log, io, on, met)
        return
    spend_text_card(st, p, card, cards, one_use)
    if fx == FX_BLACK_HAND:
        fx_black_hand(st, p, rules)
    elif fx == FX_CHANGE_OF_HEART:
        set_zone(st, card, Z_IDENT, p)
        st[F_COH + p] ^= 1
        if st[F_REVEALED + p] and side(st, p) == RESTORATIONIST:
            st[F_END] = END_REVEAL
    elif fx == FX_CTHULHU:
        fx_cthulhu(st, n, p, a, bots, tables, weights, rng, shuf, log, io, on, met)
    elif fx == FX_HIDE_ROYALTY:
        fx_hide_royalty(st, n, p, a, card, bots, tables, weights, rng, log, io, on, met)
    elif fx == FX_HOLY_BROTHERHOOD:
        k = min(agents_on_board(st, p), st[F_LIMBO + p])
        st[F_LIMBO + p] -= k
        st[F_CSTOCK + p] += k
    elif fx == FX_LESTRADE:
        for o in range(n):
            if o == b or (b < 0 and not rules[R_LESTRADE_ONE]):
                st[F_CSTOCK + o] += st[F_CUBES + o * NCITY + a]
                st[F_CUBES + o * NCITY + a] = 0
    elif fx == FX_DUCHESS:
        claim_city(st, n, p, a, bots, tables, weights, rng, log, io, on, met)
    elif fx == FX_IRENE_ADLER or fx == FX_VAMPIRES:
        fx_replace_agent(st, n, p, a, b, fx, bots, tables, weights, rng, shuf, log, io, on, met)
    elif fx == FX_MATVEI:
        if move_markers(st, 0, 2, rules, log, io, on, p):
            st[F_END] = END_TRACK
    elif fx == FX_MI_GO:
        fx_agents_off_board(st, n, p, a, F_MIGO, bots, tables, weights, rng, log, io, on)
        st[F_MIGO_TURN + p] = st[F_TURN]
        set_zone(st, card, Z_IDENT, p)
    elif fx == FX_FREUD:
        st[F_SANITY + p] = rules[R_SANITY]
        if move_markers(st, 2, 0, rules, log, io, on, p):
            st[F_END] = END_TRACK
    elif fx == FX_LEOPOLD:
        fx_leopold(st, n, tables, rng, shuf, log, io, on)
    elif fx == FX_OKHRANA:
        fx_okhrana(st, n, p, bots, rng, log, io, on)
    elif fx == FX_TERRORS:
        sanity_check(st, n, b, bots, tables, weights, rng, log, io, on, met)
    elif fx == FX_PEOPLES_WILL:
        st[F_CSTOCK + p] += st[F_LIMBO + p]
        st[F_LIMBO + p] = 0
    elif fx == FX_THIRD_SECTION:
        top = top_card(st, a)
        st[F_NSTACK + a] -= 1
        set_zone(st, top, Z_REMOVED, -1)
        st[F_UP + a] = 0
        if rules[R_TURN_UP_AFTER]:
            turn_up(st, a, cards)
    elif fx == FX_PINKERTON:
        place_agent(st, p, a, log, io, on)
    elif fx == FX_BURTSEV:
        st[F_SEEN + p] |= 1 << b
    elif fx == FX_YOG_SOTHOTH:
        k = fx_agents_off_board(st, n, p, a, F_YOG, bots, tables, weights, rng, log, io, on)
        st[F_VPL + p] += k
        set_zone(st, card, Z_IDENT, p)
        lost_agents_check(st, n, p, False, bots, tables, weights, rng, log, io, on, met)
    elif fx == FX_ZOMBIES:
        fx_zombies(st, n, p, bots, tables, weights, rng, shuf, log, io, on, met)


@njit(cache=True, _nrt=False)
def migo_back(st, p, c, log, io, on):
    """The agents on p's Mi-Go card all go back onto city c together."""
    st[F_AGENTS + p * NCITY + c] += st[F_MIGO + p]
    st[F_MIGO + p] = 0
    log_event(log, io, on, EV_AGENT, p, c, 0, 0, 0)
