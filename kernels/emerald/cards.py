"""The texts of the printed cards, one small function each: ``begin_text`` plays a card for
its text (free action, action or interrupt) on the pieces of ``rules``; a text with choices
inside (the interrupt of the player it hits, agents, zombies or cubes to pick, a revealed
Loyalist's refill) goes on in ``text_step``, one step at a time (F_AST, the forward model:
kernels/README.md). Each step ends right after a rule that may post a decision or start a
refill, so the forward model resolves it before the text goes on, in the rulebook's order."""
from numba import njit

from kernels.emerald.layout import (AS_CTHULHU_ASKED, AS_CTHULHU_INT, AS_CTHULHU_LOST, AS_DONE,
                                    AS_DUCHESS_UP, AS_HIDE, AS_OFF_BOARD, AS_OKHRANA, AS_REPLACE,
                                    AS_SHOGGOTH, AS_ZOMBIE_ASKED, AS_ZOMBIE_CITY, AS_ZOMBIE_KILL,
                                    AS_ZOMBIE_PLACE, DEC_INTERRUPT, DEC_OFF_BOARD, DEC_OKHRANA,
                                    DEC_ZOMBIE_CITY, DEC_ZOMBIE_VICTIM, END_NONE, END_REVEAL,
                                    END_TRACK, EV_AGENT, EV_AGENT_LOST, EV_DRAW, EV_OKHRANA,
                                    EV_SHOGGOTH, EV_TEXT, EV_ZOMBIE, F_AST, F_ASTOCK, F_AX_CARD,
                                    F_AX_DONE, F_AX_I, F_AX_LEFT, F_AX_LOST, F_AX_WHO, F_BLACK_HAND,
                                    F_COH, F_CSTOCK, F_END, F_INT_ATT, F_INT_CARD, F_INT_STOPPED,
                                    F_LEOPOLD, F_LIMBO, F_MIGO, F_MIGO_TURN, F_NSTACK, F_REVEALED,
                                    F_ROW, F_SANITY, F_SEEN, F_SLOT, F_TURN, F_UP, F_VICTIM,
                                    F_VPBOX, F_VPL, F_VPN, F_VPR, F_YOG, F_ZONE, F_ZOWN, F_ZSUPPLY,
                                    FROM_MI_GO, FX_BLACK_HAND, FX_BURTSEV, FX_CHANGE_OF_HEART,
                                    FX_CTHULHU, FX_DISCARD_DRAW, FX_DRAW_TWO, FX_DUCHESS, FX_FREUD,
                                    FX_HIDE_ROYALTY, FX_HOLY_BROTHERHOOD, FX_IRENE_ADLER,
                                    FX_LEOPOLD, FX_LESTRADE, FX_MATVEI, FX_MI_GO, FX_OKHRANA,
                                    FX_PEOPLES_WILL, FX_PINKERTON, FX_SHOGGOTH, FX_TERRORS,
                                    FX_THIRD_SECTION, FX_VAMPIRES, FX_YOG_SOTHOTH, FX_ZOMBIES,
                                    K_BOX, K_EFFECT, K_MODE, K_VP, K_VP_TYPE, M_AGENTS_KILLED,
                                    MAXHAND, MODE_ONE_USE_ACTION, MODE_ONE_USE_ACTION_OR_INTERRUPT,
                                    MODE_ONE_USE_FREE, MV_A, MV_B, MV_C, MV_PAY, NCITY, R_BH_HIDDEN,
                                    R_CARDS, R_CTHULHU_SLOT, R_LEOPOLD_USED, R_LESTRADE_ONE,
                                    R_SANITY, R_SHERLOCK_REPLACE, R_TURN_UP_AFTER, R_VAMP_SHOGGOTH,
                                    R_YOG_MIGO, R_ZOMBIE_REMAINING, R_ZPLAY, RESTORATIONIST, T_CARD,
                                    T_RULES, VT_LOY, VT_RES, Z_DECK, Z_DISCARD, Z_HAND, Z_IDENT,
                                    Z_OUT, Z_REMOVED, Z_ROYAL_HIDDEN, Z_ROYAL_KILLED, Z_SLOT,
                                    Z_STACK)
from kernels.emerald.state import (agents, agents_at, agents_on_board, cubes, cubes_at, deck_remove,
                                   draw, hand_at, hand_remove, set_zone, side, stack_at, top_card,
                                   turn_up, zombies, zombies_at)
from kernels.emerald.rules import (log_event, place_agent, clean_up_cubes, lost_agents_check,
                                   sanity_check, claim_city, claim_turn_up, move_markers, cards_of,
                                   discard_all, interrupt_card, agent_to_stock, post)


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
def offer_interrupt(st, o, attacker, assassination, tables, io):
    """Seat o may stop the elimination of its agent with an interrupt: the decision is posted
    (returns 1) or, with no interrupt card, none is played (F_INT_STOPPED = 0, returns 0)."""
    st[F_INT_STOPPED] = 0
    pick = interrupt_card(st, o, attacker, assassination, tables)
    if pick < 0:
        return 0
    st[F_INT_CARD] = pick
    st[F_INT_ATT] = attacker
    post(st, io, DEC_INTERRUPT, o)
    return 1


@njit(cache=True, _nrt=False)
def cthulhu_interrupts(st, n, p, c, tables, io):
    """Cthulhu: each player about to lose an agent in city c (from seat F_AX_I on) may stop the
    whole card with Sherlock Holmes; when nobody did, the city is wiped."""
    o = st[F_AX_I]
    while o < n:
        if o != p and agents(st, o, c) > 0:
            st[F_AX_I] = o
            if offer_interrupt(st, o, p, False, tables, io):
                st[F_AST] = AS_CTHULHU_ASKED
                return
        o += 1
    cthulhu_wipe(st, n, c, tables)
    st[F_AX_I] = 0
    st[F_AST] = AS_CTHULHU_LOST


@njit(cache=True, _nrt=False, inline="always")
def cthulhu_wipe(st, n, c, tables):
    """Every card of city c's Game Card space leaves the game (the slot too per the switch);
    every agent and zombie there goes back to its owner; every cube there goes to Limbo."""
    rules = tables[T_RULES]
    for i in range(st[F_NSTACK + c]):
        set_zone(st, st[stack_at(c, i)], Z_REMOVED, -1)
    st[F_NSTACK + c] = 0
    st[F_UP + c] = 0
    if rules[R_CTHULHU_SLOT] and st[F_SLOT + c] >= 0:
        set_zone(st, st[F_SLOT + c], Z_REMOVED, -1)
        st[F_SLOT + c] = -1
    for o in range(n):
        st[F_ASTOCK + o] += agents(st, o, c)
        st[agents_at(o, c)] = 0
        st[F_ZSUPPLY] += zombies(st, o, c)
        st[zombies_at(o, c)] = 0
        st[F_LIMBO + o] += cubes(st, o, c)
        st[cubes_at(o, c)] = 0


@njit(cache=True, _nrt=False)
def hide_royalty(st, n, p, c, tables, rng, log, io, on, met):
    """Take the Royalty card in city c's slot (its VP become Loyalist VP), clean up the cubes,
    roll the sanity die as for an assassination (a loss also costs an agent there, if any:
    AS_HIDE)."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    royal = st[F_SLOT + c]
    st[F_SLOT + c] = -1
    set_zone(st, royal, Z_ROYAL_HIDDEN, p)
    st[F_VPL + p] += cards[royal, K_VP]
    if st[F_BLACK_HAND + p] and rules[R_BH_HIDDEN]:
        st[F_VPR + p] += 2          # E21: a hidden Royalty counts for The Black Hand, later ones too
    clean_up_cubes(st, n, p, c)
    st[F_AX_LOST] = sanity_check(st, n, p, tables, rng, log, io, on, met)
    st[F_AST] = AS_HIDE


@njit(cache=True, _nrt=False)
def shoggoth(st, n, p, c, o, card, tables, log, io, on, met):
    """Another player's agent anywhere is treated as assassinated (unless its owner stopped it):
    it sits on this card beside p's identity card and p scores the card's agent-box VP."""
    cards = tables[T_CARD]
    if st[F_INT_STOPPED]:
        set_zone(st, card, Z_REMOVED, p)
        return
    st[agents_at(o, c)] -= 1
    log_event(log, io, on, EV_SHOGGOTH, p, c, o, card, 0)
    set_zone(st, card, Z_IDENT, p)
    st[F_VICTIM + card] = o
    st[F_VPBOX + p] += cards[card, K_BOX]
    met[p, M_AGENTS_KILLED] += 1.0
    lost_agents_check(st, n, o, True, tables, log, io, on, met)


@njit(cache=True, _nrt=False)
def yog_from_mi_go(st, p, tables):
    """Yog Sothoth is being played and may take an agent off p's Mi-Go card
    (rules.yog_takes_mi_go_agents: those agents count as on the board)."""
    return (tables[T_RULES][R_YOG_MIGO] and st[F_MIGO + p] > 0
            and tables[T_CARD][st[F_AX_CARD], K_EFFECT] == FX_YOG_SOTHOTH)


@njit(cache=True, _nrt=False)
def agent_off_board(st, p, c, tables):
    """Mi-Go / Yog Sothoth: one of p's agents from city c (FROM_MI_GO: Yog Sothoth from p's
    Mi-Go card) onto the card (-1: none left)."""
    if c < 0:
        st[F_AX_LEFT] = 0
        return
    onto = F_MIGO if tables[T_CARD][st[F_AX_CARD], K_EFFECT] == FX_MI_GO else F_YOG
    if c == FROM_MI_GO:
        st[F_MIGO + p] -= 1
    else:
        st[agents_at(p, c)] -= 1
    st[onto + p] += 1
    st[F_AX_DONE] += 1
    st[F_AX_LEFT] -= 1


@njit(cache=True, _nrt=False)
def agents_off_board_end(st, n, p, card, tables, log, io, on, met):
    """Mi-Go / Yog Sothoth once its agents are on the card: the card beside p's identity card;
    Yog Sothoth scores a Loyalist VP per agent given, and p may have none left on the board."""
    set_zone(st, card, Z_IDENT, p)
    if tables[T_CARD][card, K_EFFECT] == FX_MI_GO:
        st[F_MIGO_TURN + p] = st[F_TURN]
        return
    st[F_VPL + p] += st[F_AX_DONE]
    # its text: giving the last agent forces the reveal, whatever rules.reveal_any_agent_loss says
    lost_agents_check(st, n, p, True, tables, log, io, on, met)


@njit(cache=True, _nrt=False, inline="always")
def fx_leopold(st, n, tables, rng, shuf, log, io, on):
    """Every zombie leaves the game; every Zombies and Vampires card leaves the game from hands,
    decks, discard piles and identity areas (a card in hand is replaced by a draw) and the VP it
    scored are lost (those already used up too, per the switch)."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    for o in range(n):
        for c in range(NCITY):
            st[zombies_at(o, c)] = 0
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
def zombies_next_city(st, p, tables, io):
    """Zombies: from city F_AX_I on, the next city holding one of p's zombies (while the game
    goes on) asks p whose agent leaves it (not its own); after the last, the zombies to place
    (what remains of the supply, per the switch)."""
    rules = tables[T_RULES]
    c = st[F_AX_I]
    while c < NCITY:
        if zombies(st, p, c) > 0 and st[F_END] == END_NONE:
            st[F_AX_I] = c
            post(st, io, DEC_ZOMBIE_VICTIM, p)
            st[F_AST] = AS_ZOMBIE_ASKED
            return
        c += 1
    k = rules[R_ZPLAY]
    if st[F_ZSUPPLY] < k:
        k = st[F_ZSUPPLY] if rules[R_ZOMBIE_REMAINING] else 0
    st[F_AX_LEFT] = k
    st[F_AST] = AS_ZOMBIE_PLACE


@njit(cache=True, _nrt=False)
def zombie_placed(st, p, c, log, io, on):
    st[F_ZSUPPLY] -= 1
    st[zombies_at(p, c)] += 1
    st[F_AX_LEFT] -= 1
    log_event(log, io, on, EV_ZOMBIE, p, c, 1, 0, 0)


@njit(cache=True, _nrt=False)
def okhrana_cube(st, p, o, c, log, io, on):
    """Okhrana (played by p): one cube of seat o in city c to o's Limbo (-1: none left to send)."""
    if o < 0:
        st[F_AX_LEFT] = 0
        return
    log_event(log, io, on, EV_OKHRANA, p, o, c, 0, 0)
    st[cubes_at(o, c)] -= 1
    st[F_LIMBO + o] += 1
    st[F_AX_LEFT] -= 1


@njit(cache=True, _nrt=False)
def begin_text(st, n, p, row, tables, rng, tmp, log, io, on, met):
    """Play the text of the card at hand position row[MV_C] with its target row[MV_A]/row[MV_B];
    a text with choices inside leaves F_AST at its next step (else AS_DONE stands)."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    ids = tmp[0:MAXHAND]
    shuf = tmp[MAXHAND:]
    card = st[hand_at(p, row[MV_C])]
    fx = cards[card, K_EFFECT]
    mode = cards[card, K_MODE]
    one_use = (mode == MODE_ONE_USE_ACTION or mode == MODE_ONE_USE_FREE
               or mode == MODE_ONE_USE_ACTION_OR_INTERRUPT)
    a = row[MV_A]
    b = row[MV_B]
    st[F_AX_CARD] = card
    log_event(log, io, on, EV_TEXT, p, card, a, b, 0)
    if fx == FX_DISCARD_DRAW:
        fx_discard_draw(st, p, card, row[MV_PAY], ids, rules, rng, shuf, log, io, on)
        return
    if fx == FX_DRAW_TWO:
        fx_draw_two(st, p, card, rules, rng, shuf, log, io, on)
        return
    if fx == FX_SHOGGOTH:
        hand_remove(st, p, card)
        # treated as an assassination: the Vampires interrupt stops it per the switch
        offer_interrupt(st, b, p, rules[R_VAMP_SHOGGOTH] != 0, tables, io)
        st[F_AST] = AS_SHOGGOTH
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
        st[F_AX_I] = 0
        st[F_AST] = AS_CTHULHU_INT
    elif fx == FX_HIDE_ROYALTY:
        hide_royalty(st, n, p, a, tables, rng, log, io, on, met)
    elif fx == FX_HOLY_BROTHERHOOD:
        k = min(agents_on_board(st, p), st[F_LIMBO + p])
        st[F_LIMBO + p] -= k
        st[F_CSTOCK + p] += k
    elif fx == FX_LESTRADE:
        for o in range(n):
            if o == b or (b < 0 and not rules[R_LESTRADE_ONE]):
                st[F_CSTOCK + o] += cubes(st, o, a)
                st[cubes_at(o, a)] = 0
    elif fx == FX_DUCHESS:
        claim_city(st, n, p, a, tables, rng, log, io, on, met)
        st[F_AST] = AS_DUCHESS_UP
    elif fx == FX_IRENE_ADLER or fx == FX_VAMPIRES:
        # Sherlock Holmes may stop it (per the switch for Irene Adler)
        st[F_INT_STOPPED] = 0
        if rules[R_SHERLOCK_REPLACE] or fx == FX_VAMPIRES:
            offer_interrupt(st, b, p, False, tables, io)
        st[F_AST] = AS_REPLACE
    elif fx == FX_MATVEI:
        if move_markers(st, 0, 2, rules, log, io, on, p):
            st[F_END] = END_TRACK
    elif fx == FX_MI_GO or fx == FX_YOG_SOTHOTH:
        st[F_AX_LEFT] = a
        st[F_AX_DONE] = 0
        st[F_AST] = AS_OFF_BOARD
    elif fx == FX_FREUD:
        st[F_SANITY + p] = rules[R_SANITY]
        if move_markers(st, 2, 0, rules, log, io, on, p):
            st[F_END] = END_TRACK
    elif fx == FX_LEOPOLD:
        fx_leopold(st, n, tables, rng, shuf, log, io, on)
    elif fx == FX_OKHRANA:
        st[F_AX_LEFT] = 2
        st[F_AST] = AS_OKHRANA
    elif fx == FX_TERRORS:
        sanity_check(st, n, b, tables, rng, log, io, on, met)
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
    elif fx == FX_ZOMBIES:
        st[F_AX_I] = 0
        st[F_AST] = AS_ZOMBIE_CITY


@njit(cache=True, _nrt=False)
def text_step(st, n, p, tables, log, io, on, met):
    """The next step of the text being played (F_AST), up to its next decision or its end."""
    step = st[F_AST]
    a = st[F_ROW + MV_A]
    b = st[F_ROW + MV_B]
    if step == AS_CTHULHU_INT:
        cthulhu_interrupts(st, n, p, a, tables, io)
    elif step == AS_CTHULHU_ASKED:
        if st[F_INT_STOPPED]:
            st[F_AST] = AS_DONE     # the whole card stops
        else:
            st[F_AX_I] += 1
            st[F_AST] = AS_CTHULHU_INT
    elif step == AS_CTHULHU_LOST:
        o = st[F_AX_I]
        if o < n:
            st[F_AX_I] = o + 1
            lost_agents_check(st, n, o, False, tables, log, io, on, met)
        else:
            st[F_AST] = AS_DONE
    elif step == AS_HIDE:
        st[F_AST] = AS_DONE
        if st[F_AX_LOST] and agents(st, p, a) > 0:
            log_event(log, io, on, EV_AGENT_LOST, p, a, 0, 0, 0)
            agent_to_stock(st, n, p, a, tables, log, io, on, met)
    elif step == AS_DUCHESS_UP:
        claim_turn_up(st, a, tables, log, io, on)
        st[F_AST] = AS_DONE
    elif step == AS_REPLACE:
        st[F_AST] = AS_DONE
        if not st[F_INT_STOPPED]:
            place_agent(st, p, a, log, io, on)
            agent_to_stock(st, n, b, a, tables, log, io, on, met)
    elif step == AS_SHOGGOTH:
        st[F_AST] = AS_DONE
        shoggoth(st, n, p, a, b, st[F_AX_CARD], tables, log, io, on, met)
    elif step == AS_OFF_BOARD:
        if st[F_AX_LEFT] > 0:
            post(st, io, DEC_OFF_BOARD, p)
        else:
            st[F_AST] = AS_DONE
            agents_off_board_end(st, n, p, st[F_AX_CARD], tables, log, io, on, met)
    elif step == AS_OKHRANA:
        if st[F_AX_LEFT] > 0:
            post(st, io, DEC_OKHRANA, p)
        else:
            st[F_AST] = AS_DONE
    elif step == AS_ZOMBIE_CITY:
        zombies_next_city(st, p, tables, io)
    elif step == AS_ZOMBIE_ASKED:
        st[F_AST] = AS_ZOMBIE_KILL
        if st[F_AX_WHO] < 0:
            st[F_INT_STOPPED] = 1       # nobody's agent: on to the next city
        else:
            offer_interrupt(st, st[F_AX_WHO], p, False, tables, io)
    elif step == AS_ZOMBIE_KILL:
        c = st[F_AX_I]
        o = st[F_AX_WHO]
        st[F_AX_I] = c + 1
        st[F_AST] = AS_ZOMBIE_CITY
        if not st[F_INT_STOPPED]:
            log_event(log, io, on, EV_ZOMBIE, p, c, -1, o, 0)
            agent_to_stock(st, n, o, c, tables, log, io, on, met)
    elif step == AS_ZOMBIE_PLACE:
        if st[F_AX_LEFT] > 0:
            post(st, io, DEC_ZOMBIE_CITY, p)
        else:
            st[F_AST] = AS_DONE


@njit(cache=True, _nrt=False)
def migo_back(st, p, c, log, io, on):
    """The agents on p's Mi-Go card all go back onto city c together."""
    st[agents_at(p, c)] += st[F_MIGO + p]
    st[F_MIGO + p] = 0
    log_event(log, io, on, EV_AGENT, p, c, 0, 0, 0)
