"""The rules in the rulebook's order: the placement rounds, the actions (place, claim, retrieve,
move agents, move markers, assassinate, discard, pass), sanity and reveals, the game end and
the final adjustments. The rules ask ``bots`` at each decision and log what happens when the
log is on (``io``: log rows written, bot decisions).

Work in progress (docs/emerald-status.md): the text effects of the 30 printed cards, free
actions and interrupts are not here yet."""
from numba import njit

from kernels.common import write_event
from kernels.emerald.bots import (choose_agent_city, choose_agent_move, choose_city,
                                  choose_enemy_piece, choose_interrupt, choose_okhrana_cube,
                                  choose_own_agent_city, choose_retrieve_source, choose_row)
from kernels.emerald.layout import (ACT_ASSASSINATE, ACT_CARD, ACT_CLAIM, ACT_DISCARD, ACT_FREE,
                                    ACT_MARKERS, ACT_MIGO_BACK, ACT_MOVE, ACT_PASS, ACT_PLACE,
                                    ACT_RETRIEVE, END_NONE, END_REVEAL, END_TARGET, END_TRACK,
                                    EV_AGENT, EV_ASSASSINATE, EV_CLAIM, EV_DISCARD, EV_DRAW,
                                    EV_INTERRUPT, EV_MARKER, EV_MOVE, EV_PASS, EV_PLACE,
                                    EV_RETRIEVE, EV_REVEAL, EV_SANITY, EV_TEXT, EV_TURN, EV_TURN_UP,
                                    EV_ZOMBIE, FX_BLACK_HAND, FX_BURTSEV, FX_CHANGE_OF_HEART,
                                    FX_CTHULHU, FX_DISCARD_DRAW, FX_DRAW_TWO, FX_DUCHESS,
                                    FX_FENIANS, FX_FREUD, FX_HIDE_ROYALTY, FX_HOLY_BROTHERHOOD,
                                    FX_INFERNAL_MACHINE, FX_IRENE_ADLER, FX_LEOPOLD, FX_LESTRADE,
                                    FX_MATVEI, FX_MI_GO, FX_OKHRANA, FX_PEOPLES_WILL, FX_PINKERTON,
                                    FX_SHERLOCK, FX_SHOGGOTH, FX_TERRORS, FX_THIRD_SECTION,
                                    FX_VAMPIRES, FX_YOG_SOTHOTH, FX_ZOMBIES, F_ACTS, F_AGENTS,
                                    F_ASTOCK, F_BLACK_HAND, F_COH, F_CSTOCK, F_CUBES, F_CUR, F_END,
                                    F_FREE, F_HAND, F_IDENT, F_LEOPOLD, F_LIMBO, F_MIGO,
                                    F_MIGO_TURN, F_NHAND, F_NSTACK, F_PUSH_L, F_PUSH_R, F_REFILLED,
                                    F_REVEALED, F_SANITY, F_SEEN, F_SLOT, F_STACK, F_TARGET_HIT,
                                    F_TRACK_L, F_TRACK_R, F_TURN, F_UP, F_VICTIM, F_VPBOX, F_VPL,
                                    F_VPN, F_VPR, F_YOG, F_ZOMB, F_ZONE, F_ZOWN, F_ZSUPPLY, K_AGENT,
                                    K_BOX, K_CUBE, K_EFFECT, K_INSANITY, K_LOY, K_MODE, K_RES, K_VP,
                                    K_VP_TYPE, LOYALIST, MAXHAND, MAXSTACK, MODE_ONE_USE_ACTION,
                                    MODE_ONE_USE_ACTION_OR_INTERRUPT, MODE_ONE_USE_FREE, MV_A,
                                    MV_ACT, MV_B, MV_C, MV_PAY, MV_PAY2, M_AGENTS_KILLED,
                                    M_FINAL_SIDE, M_PENALTY, M_RAW_VP, M_REVEALED, M_ROYALTY,
                                    M_SANITY_LOST, M_TRACK_VP, M_VP_LOST, NCITY, RESTORATIONIST,
                                    R_ACTIONS, R_AS_MANY, R_BH_HIDDEN, R_BOX_FINAL_SIDE, R_CARDS,
                                    R_CLEANUP_EACH, R_CTHULHU_SLOT, R_DIE_INSANE, R_DIE_SIDES,
                                    R_LEOPOLD_USED, R_LESTRADE_ONE, R_PENALTY, R_REFILL,
                                    R_REFILL_EVERY, R_REPEAT, R_RES_KEEPS_BOX, R_REVEAL_ANY_LOSS,
                                    R_ROUNDS, R_SANITY, R_SHERLOCK_REPLACE, R_TARGET,
                                    R_TARGET_TIMING, R_TRACK_MAX, R_TURN_UP_AFTER,
                                    R_VAMP_INT_ONE_USE, R_ZOMBIE_REMAINING, R_ZPLAY, SYM_CUBE,
                                    SYM_RETRIEVE, T_CARD, T_RULES, VT_LOY, VT_RES, Z_DECK,
                                    Z_DISCARD, Z_HAND, Z_IDENT, Z_OUT, Z_REMOVED, Z_ROYAL_HIDDEN,
                                    Z_ROYAL_KILLED, Z_SLOT, Z_STACK)
from kernels.emerald.moves import can_claim, list_assassinate, list_free, list_moves
from kernels.emerald.state import (agents_on_board, deck_remove, discard_from_hand, draw,
                                   hand_remove, refill_hand, set_zone, side, top_card, total_vp,
                                   track_points, turn_up)
from kernels.rng import CHANCE, below


@njit(cache=True, _nrt=False)
def log_event(log, io, on, ev, seat, a, b, c, d):
    """One event row (layout's EV_*) when the log is on; io[0] counts the rows written."""
    if on:
        io[0] = write_event(log, io[0], ev, seat, a, b, c, d)


# -- pieces ----------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def place_agent(st, p, c, log, io, on):
    """One agent of p from its stock into city c. Returns 1 if there was one to place."""
    if st[F_ASTOCK + p] == 0:
        return 0
    st[F_ASTOCK + p] -= 1
    st[F_AGENTS + p * NCITY + c] += 1
    log_event(log, io, on, EV_AGENT, p, c, 0, 0, 0)
    return 1


@njit(cache=True, _nrt=False)
def place_agents_chosen(st, n, p, k, bot, tables, weights, rng, log, io, on):
    """k agents of p placed one by one where its bot chooses (as many as the stock allows)."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    for _ in range(k):
        if st[F_ASTOCK + p] == 0:
            return
        c = choose_agent_city(st, n, p, bot, rules, cards, weights, rng)
        io[1] += 1
        place_agent(st, p, c, log, io, on)


@njit(cache=True, _nrt=False)
def placement_rounds(st, n, first, bots, tables, weights, rng, log, io, on):
    """From the start player clockwise, each player places one agent; as many rounds as set."""
    rules = tables[T_RULES]
    for _ in range(rules[R_ROUNDS]):
        for i in range(n):
            p = (first + i) % n
            place_agents_chosen(st, n, p, 1, bots[p], tables, weights, rng, log, io, on)


@njit(cache=True, _nrt=False)
def clean_up_cubes(st, n, p, c):
    """After a claim or an assassination in city c: p's cubes there go to Limbo, everyone
    else's back to their stock."""
    for o in range(n):
        k = st[F_CUBES + o * NCITY + c]
        st[F_CUBES + o * NCITY + c] = 0
        if o == p:
            st[F_LIMBO + o] += k
        else:
            st[F_CSTOCK + o] += k


@njit(cache=True, _nrt=False)
def place_cubes(st, p, c, count, log, io, on):
    """count cubes of p from its stock into city c (the caller checked the payment)."""
    k = min(count, st[F_CSTOCK + p])
    st[F_CSTOCK + p] -= k
    st[F_CUBES + p * NCITY + c] += k
    log_event(log, io, on, EV_PLACE, p, c, k, 0, 0)
    return k


@njit(cache=True, _nrt=False)
def retrieve_cube(st, p, where):
    """One cube of p back to its stock from Limbo (where = -1) or city ``where``. Returns 1 if
    there was one."""
    if where < 0:
        if st[F_LIMBO + p] == 0:
            return 0
        st[F_LIMBO + p] -= 1
    else:
        if st[F_CUBES + p * NCITY + where] == 0:
            return 0
        st[F_CUBES + p * NCITY + where] -= 1
    st[F_CSTOCK + p] += 1
    return 1


@njit(cache=True, _nrt=False)
def move_agent(st, p, a, b, log, io, on):
    """One agent of p from city a to city b (any city: there is no map adjacency)."""
    if st[F_AGENTS + p * NCITY + a] == 0:
        return 0
    st[F_AGENTS + p * NCITY + a] -= 1
    st[F_AGENTS + p * NCITY + b] += 1
    log_event(log, io, on, EV_MOVE, p, a, b, 0, 0)
    return 1


# -- sanity, reveals and the game end ---------------------------------------------------------
@njit(cache=True, _nrt=False)
def roll_sanity(rules, rng):
    """The sanity die (chance): 1 on an insanity face."""
    return 1 if below(rng, CHANCE, rules[R_DIE_SIDES]) < rules[R_DIE_INSANE] else 0


@njit(cache=True, _nrt=False)
def reveal(st, n, p, bots, tables, weights, rng, log, io, on, met):
    """p reveals its identity: a Restorationist ends the game at once; a Loyalist places agents
    until it has three on the board (again after each later reveal trigger, per the switch)."""
    rules = tables[T_RULES]
    first = st[F_REVEALED + p] == 0
    st[F_REVEALED + p] = 1
    met[p, M_REVEALED] = 1.0
    s = side(st, p)
    if first:
        log_event(log, io, on, EV_REVEAL, p, s, 0, 0, 0)
    if s == RESTORATIONIST:
        st[F_END] = END_REVEAL
        return
    if not first and not rules[R_REFILL_EVERY]:
        return
    short = rules[R_REFILL] - agents_on_board(st, p)
    if short <= 0:
        return
    if st[F_ASTOCK + p] < short and not rules[R_AS_MANY]:
        return
    st[F_REFILLED + p] += 1
    place_agents_chosen(st, n, p, short, bots[p], tables, weights, rng, log, io, on)


@njit(cache=True, _nrt=False)
def lost_agents_check(st, n, p, assassinated, bots, tables, weights, rng, log, io, on, met):
    """After p lost an agent: its last agent on the board gone forces a reveal (by an
    assassination always; by any other loss when rules.reveal_any_agent_loss)."""
    rules = tables[T_RULES]
    if agents_on_board(st, p) > 0:
        return
    if assassinated or rules[R_REVEAL_ANY_LOSS]:
        reveal(st, n, p, bots, tables, weights, rng, log, io, on, met)


@njit(cache=True, _nrt=False)
def sanity_check(st, n, p, bots, tables, weights, rng, log, io, on, met):
    """p rolls the sanity die; on insanity it loses a token, and the last token forces a reveal.
    Returns 1 if a token was lost (nothing more happens at 0 tokens)."""
    rules = tables[T_RULES]
    lost = roll_sanity(rules, rng)
    if lost and st[F_SANITY + p] > 0:
        st[F_SANITY + p] -= 1
        met[p, M_SANITY_LOST] += 1.0
        log_event(log, io, on, EV_SANITY, p, 1, st[F_SANITY + p], 0, 0)
        if st[F_SANITY + p] == 0:
            reveal(st, n, p, bots, tables, weights, rng, log, io, on, met)
        return 1
    log_event(log, io, on, EV_SANITY, p, 0, st[F_SANITY + p], 0, 0)
    return 0


@njit(cache=True, _nrt=False)
def check_target(st, n, rules):
    """Flag that a player reached the VP target (the game ends per rules.target_end_timing)."""
    for p in range(n):
        if total_vp(st, p, rules) >= rules[R_TARGET]:
            st[F_TARGET_HIT] = 1
            return 1
    return 0


# -- the actions -----------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def claim_city(st, n, p, c, bots, tables, weights, rng, log, io, on, met):
    """p claims the face-up card of city c (the caller checked the majority and the cube): cubes
    cleaned up, the card to p's discard pile, its agents placed there, its VP scored, the sanity
    die rolled for an insanity symbol, the next card turned up. Returns the card."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    card = top_card(st, c)
    clean_up_cubes(st, n, p, c)
    st[F_NSTACK + c] -= 1
    set_zone(st, card, Z_DISCARD, p)
    log_event(log, io, on, EV_CLAIM, p, c, card, 0, 0)
    k = cards[card, K_AGENT]
    if st[F_ASTOCK + p] >= k or rules[R_AS_MANY]:
        for _ in range(k):
            place_agent(st, p, c, log, io, on)
    vp = cards[card, K_VP]
    if cards[card, K_VP_TYPE] == VT_RES:
        st[F_VPR + p] += vp
    elif cards[card, K_VP_TYPE] == VT_LOY:
        st[F_VPL + p] += vp
    else:
        st[F_VPN + p] += vp
    if cards[card, K_INSANITY]:
        sanity_check(st, n, p, bots, tables, weights, rng, log, io, on, met)
    up = turn_up(st, c, cards)
    if up >= 0:
        log_event(log, io, on, EV_TURN_UP, -1, c, up, 0, 0)
    return card


@njit(cache=True, _nrt=False)
def move_markers(st, r_steps, l_steps, rules, log, io, on, p):
    """Move the markers (neither beyond the track's end). Returns 1 if one reached the end: the
    game then ends once the whole action is resolved."""
    top = rules[R_TRACK_MAX]
    st[F_PUSH_R + p] += r_steps
    st[F_PUSH_L + p] += l_steps
    st[F_TRACK_R] = min(top, st[F_TRACK_R] + r_steps)
    st[F_TRACK_L] = min(top, st[F_TRACK_L] + l_steps)
    log_event(log, io, on, EV_MARKER, p, r_steps, l_steps, st[F_TRACK_R], st[F_TRACK_L])
    return 1 if st[F_TRACK_R] >= top or st[F_TRACK_L] >= top else 0


@njit(cache=True, _nrt=False)
def bomb_points(st, p, c, fenians):
    """Bomb points p's agents in city c give: one each, two each with Fenians."""
    k = st[F_AGENTS + p * NCITY + c]
    return 2 * k if fenians else k


@njit(cache=True, _nrt=False)
def spend_bomb_cards(st, p, bombs, nb, cards):
    """Cards played for bomb points go to the discard pile, except the one-use benefits
    (Infernal Machine, Fenians), which leave play."""
    for i in range(nb):
        card = bombs[i]
        fx = cards[card, K_EFFECT]
        if fx == FX_INFERNAL_MACHINE or fx == FX_FENIANS:
            hand_remove(st, p, card)
            set_zone(st, card, Z_REMOVED, p)
        else:
            discard_from_hand(st, p, card)


@njit(cache=True, _nrt=False)
def assassinate(st, n, p, c, victim, card, bombs, nb, bots, tables, weights, rng, shuf, log, io, on,
                met):
    """p assassinates in city c with assassination card ``card`` and bomb cards bombs[:nb] (the
    caller checked presence, majority and the exact bomb points). victim >= 0: that seat's agent;
    victim < 0: the Royalty card in the slot. An interrupt of the victim (Sherlock Holmes,
    Vampires) stops it: the cards are spent all the same. Returns 1 if it happened."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    hand_remove(st, p, card)
    spend_bomb_cards(st, p, bombs, nb, cards)
    if victim >= 0:
        if try_interrupt(st, n, victim, p, True, bots, tables, rng, shuf, log, io, on):
            set_zone(st, card, Z_REMOVED, p)
            return 0
        st[F_AGENTS + victim * NCITY + c] -= 1
        met[p, M_AGENTS_KILLED] += 1.0
        log_event(log, io, on, EV_ASSASSINATE, p, c, victim, card, 0)
        if cards[card, K_BOX] > 0:
            # the card goes beside p's identity card with the agent on it
            set_zone(st, card, Z_IDENT, p)
            st[F_VICTIM + card] = victim
            st[F_VPBOX + p] += cards[card, K_BOX]
        else:
            set_zone(st, card, Z_REMOVED, p)
            st[F_ASTOCK + victim] += 1
        lost_agents_check(st, n, victim, True, bots, tables, weights, rng, log, io, on, met)
    else:
        set_zone(st, card, Z_REMOVED, p)
        royal = st[F_SLOT + c]
        st[F_SLOT + c] = -1
        set_zone(st, royal, Z_ROYAL_KILLED, p)
        st[F_VPR + p] += cards[royal, K_VP]
        if st[F_BLACK_HAND + p]:
            st[F_VPR + p] += 2
        met[p, M_ROYALTY] += 1.0
        log_event(log, io, on, EV_ASSASSINATE, p, c, -1, card, royal)
        if sanity_check(st, n, p, bots, tables, weights, rng, log, io, on, met):
            if st[F_AGENTS + p * NCITY + c] > 0:
                st[F_AGENTS + p * NCITY + c] -= 1
                st[F_ASTOCK + p] += 1
                lost_agents_check(st, n, p, False, bots, tables, weights, rng, log, io, on, met)
    if rules[R_CLEANUP_EACH]:
        clean_up_cubes(st, n, p, c)
    return 1


# -- the end ---------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def final_scores(st, n, tables, score, tiebreak, met):
    """The final adjustments in the rulebook's order: track points kept only by the side whose
    marker is higher; typed VP of the other side lost; a Loyalist keeps agent-box VP only for a
    Restorationist's agent (a Restorationist per the switch); the lowest player's side loses the
    penalty (a Loyalist counts lower in a tie). tiebreak: 1 for a Restorationist (higher in a
    tie), else 0."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    tp = track_points(st, rules)
    high = -1
    if st[F_TRACK_R] > st[F_TRACK_L]:
        high = RESTORATIONIST
    elif st[F_TRACK_L] > st[F_TRACK_R]:
        high = LOYALIST
    for p in range(n):
        s = side(st, p)
        raw = total_vp(st, p, rules)
        v = raw
        if s != high:
            v -= tp
        if s == RESTORATIONIST:
            v -= st[F_VPL + p]
            if not rules[R_RES_KEEPS_BOX]:
                v -= st[F_VPBOX + p]
        else:
            v -= st[F_VPR + p]
            for card in range(rules[R_CARDS]):
                if st[F_ZONE + card] == Z_IDENT and st[F_ZOWN + card] == p and st[F_VICTIM + card] >= 0:
                    o = st[F_VICTIM + card]
                    vs = side(st, o) if rules[R_BOX_FINAL_SIDE] else st[F_IDENT + o]
                    if vs != RESTORATIONIST:
                        v -= cards[card, K_BOX]
        score[p] = v
        tiebreak[p] = 1 if s == RESTORATIONIST else 0
        met[p, M_FINAL_SIDE] = s
        met[p, M_RAW_VP] = raw
        met[p, M_TRACK_VP] = tp
        met[p, M_VP_LOST] = raw - v
    # the lowest player (a Loyalist is lower in a tie) makes its whole side lose the penalty
    low = 0
    for p in range(1, n):
        if score[p] < score[low] or (score[p] == score[low] and side(st, p) == LOYALIST
                                     and side(st, low) == RESTORATIONIST):
            low = p
    ls = side(st, low)
    for p in range(n):
        if side(st, p) == ls:
            score[p] -= rules[R_PENALTY]
            met[p, M_PENALTY] = rules[R_PENALTY]


# -- one action ------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def cards_of(st, p, mask, out):
    """Card ids at the hand positions in mask (read before any leaves the hand). Returns count."""
    m = 0
    for i in range(MAXHAND):
        if (mask >> i) & 1:
            out[m] = st[F_HAND + p * MAXHAND + i]
            m += 1
    return m


@njit(cache=True, _nrt=False)
def symbol_total(cards, ids, m, k_sym):
    t = 0
    for i in range(m):
        t += cards[ids[i], k_sym]
    return t


@njit(cache=True, _nrt=False)
def discard_all(st, p, ids, m):
    for i in range(m):
        discard_from_hand(st, p, ids[i])


@njit(cache=True, _nrt=False)
def do_action(st, n, p, row, bots, tables, weights, rng, tmp, log, io, on, met):
    """Carry out one legal action (a row of moves.list_moves) of seat p: pay, then resolve in
    the rulebook's order. A marker reaching the end or a Restorationist revealed ends the game
    (F_END); reaching the VP target is flagged (F_TARGET_HIT)."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    act = row[MV_ACT]
    ids = tmp[0:MAXHAND]
    m = cards_of(st, p, row[MV_PAY], ids)
    bot = bots[p]
    if act == ACT_PLACE:
        total = symbol_total(cards, ids, m, K_CUBE + SYM_CUBE)
        discard_all(st, p, ids, m)
        place_cubes(st, p, row[MV_A], total, log, io, on)
    elif act == ACT_CLAIM:
        discard_all(st, p, ids, m)
        for c in range(NCITY):
            if (row[MV_B] >> c) & 1 and st[F_END] == END_NONE:
                if can_claim(st, n, p, c, rules):
                    claim_city(st, n, p, c, bots, tables, weights, rng, log, io, on, met)
                    if rules[R_TARGET_TIMING] == 0 and check_target(st, n, rules):
                        st[F_END] = END_TARGET
    elif act == ACT_RETRIEVE:
        total = symbol_total(cards, ids, m, K_CUBE + SYM_RETRIEVE)
        discard_all(st, p, ids, m)
        for _ in range(total):
            src = choose_retrieve_source(st, p, bot, rng)
            io[1] += 1
            retrieve_cube(st, p, src)
        log_event(log, io, on, EV_RETRIEVE, p, total, 0, 0, 0)
    elif act == ACT_MOVE:
        discard_all(st, p, ids, m)
        for _ in range(row[MV_A]):
            a, b = choose_agent_move(st, n, p, bot, rules, cards, weights, rng)
            io[1] += 1
            if a < 0:
                break
            move_agent(st, p, a, b, log, io, on)
    elif act == ACT_MARKERS:
        r = symbol_total(cards, ids, m, K_RES)
        discard_all(st, p, ids, m)
        m2 = cards_of(st, p, row[MV_PAY2], ids)
        lo = symbol_total(cards, ids, m2, K_LOY)
        discard_all(st, p, ids, m2)
        if move_markers(st, r, lo, rules, log, io, on, p):
            st[F_END] = END_TRACK
    elif act == ACT_ASSASSINATE:
        c = row[MV_A]
        acard = st[F_HAND + p * MAXHAND + row[MV_C]]
        fen = row[MV_PAY2]
        fcard = st[F_HAND + p * MAXHAND + fen] if fen >= 0 else -1
        if fcard >= 0:
            hand_remove(st, p, fcard)
            set_zone(st, fcard, Z_REMOVED, p)
        if (assassinate(st, n, p, c, row[MV_B], acard, ids, m, bots, tables, weights, rng,
                        tmp[MAXHAND:], log, io, on, met) and not rules[R_CLEANUP_EACH]):
            clean_up_cubes(st, n, p, c)
    elif act == ACT_DISCARD:
        discard_all(st, p, ids, m)
        log_event(log, io, on, EV_DISCARD, p, m, 0, 0, 0)
    elif act == ACT_PASS:
        log_event(log, io, on, EV_PASS, p, 0, 0, 0, 0)
    elif act == ACT_CARD or act == ACT_FREE:
        if act == ACT_FREE:
            st[F_FREE] += 1
        play_text(st, n, p, row, bots, tables, weights, rng, tmp, log, io, on, met)
    elif act == ACT_MIGO_BACK:
        st[F_FREE] += 1
        migo_back(st, p, row[MV_A], log, io, on)
    if st[F_END] == END_NONE and rules[R_TARGET_TIMING] <= 1 and check_target(st, n, rules):
        st[F_END] = END_TARGET


# -- interrupts and losing agents ----------------------------------------------------------------
@njit(cache=True, _nrt=False)
def try_interrupt(st, n, o, attacker, assassination, bots, tables, rng, shuf, log, io, on):
    """Seat o may stop the elimination of its agent: Sherlock Holmes against any elimination,
    Vampires against an assassination. The interrupt card is spent (Vampires per
    rules.vampires_interrupt_one_use) and o draws a replacement at once. Returns 1 if stopped."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    if o == attacker:
        return 0
    base = F_HAND + o * MAXHAND
    pick = -1
    for i in range(st[F_NHAND + o]):
        card = st[base + i]
        fx = cards[card, K_EFFECT]
        if fx == FX_SHERLOCK:
            pick = card
            break
        if assassination and fx == FX_VAMPIRES and not st[F_LEOPOLD]:
            pick = card
    if pick < 0:
        return 0
    io[1] += 1
    if not choose_interrupt(st, o, bots[o], rng):
        return 0
    hand_remove(st, o, pick)
    if cards[pick, K_EFFECT] == FX_VAMPIRES and rules[R_VAMP_INT_ONE_USE]:
        set_zone(st, pick, Z_REMOVED, o)
    else:
        set_zone(st, pick, Z_DISCARD, o)
    log_event(log, io, on, EV_INTERRUPT, o, pick, attacker, 0, 0)
    draw(st, o, rules, rng, shuf)
    return 1


@njit(cache=True, _nrt=False)
def agent_to_stock(st, n, o, c, bots, tables, weights, rng, log, io, on, met):
    """One agent of o in city c back to its stock (not an assassination); its last agent on the
    board gone forces a reveal per rules.reveal_any_agent_loss."""
    st[F_AGENTS + o * NCITY + c] -= 1
    st[F_ASTOCK + o] += 1
    lost_agents_check(st, n, o, False, bots, tables, weights, rng, log, io, on, met)


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


# -- a turn ------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def free_actions(st, n, p, bots, tables, weights, rng, tmp, mv, log, io, on, met):
    """The free actions p plays at this point of its turn (its bot chooses, within the cap)."""
    while st[F_END] == END_NONE:
        k = list_free(st, n, p, tables, mv, 0)
        if k == 0:
            return
        i = choose_row(st, n, p, bots[p], mv, k, tables, weights, rng, 0.3)
        io[1] += 1
        if i < 0:
            return
        do_action(st, n, p, mv[i], bots, tables, weights, rng, tmp, log, io, on, met)


@njit(cache=True, _nrt=False)
def drop_kind(mv, k, kind):
    """rules.repeat_actions = 0: the rows of the action already taken leave the list (passing
    always stays). Returns the rows kept."""
    j = 0
    for i in range(k):
        if mv[i, MV_ACT] != kind or kind == ACT_PASS:
            if j != i:
                for f in range(mv.shape[1]):
                    mv[j, f] = mv[i, f]
            j += 1
    return j


@njit(cache=True, _nrt=False)
def more_assassinations(st, n, p, bots, tables, weights, rng, tmp, pos, mv, log, io, on, met):
    """Several assassinations make one action, each with its own assassination card, one after
    another in the order p chooses (its bot stops when it wants)."""
    while st[F_END] == END_NONE:
        k = list_assassinate(st, n, p, tables, pos, mv, 0)
        i = choose_row(st, n, p, bots[p], mv, k, tables, weights, rng, 0.0)
        io[1] += 1
        if i < 0:
            return
        do_action(st, n, p, mv[i], bots, tables, weights, rng, tmp, log, io, on, met)


@njit(cache=True, _nrt=False)
def play_turn(st, n, p, bots, tables, weights, rng, tmp, pos, mv, log, io, on, met):
    """p's turn: two actions (a claim only as the first), free actions before, between and
    after them, then the hand refilled. The game may end inside (F_END)."""
    rules = tables[T_RULES]
    last = -1
    st[F_ACTS] = 0
    st[F_FREE] = 0
    st[F_CUR] = p
    log_event(log, io, on, EV_TURN, p, st[F_TURN] + 1, 0, 0, 0)
    for a in range(rules[R_ACTIONS]):
        free_actions(st, n, p, bots, tables, weights, rng, tmp, mv, log, io, on, met)
        if st[F_END] != END_NONE:
            return
        k = list_moves(st, n, p, a == 0, tables, pos, mv)
        if a > 0 and not rules[R_REPEAT]:
            k = drop_kind(mv, k, last)
        i = choose_row(st, n, p, bots[p], mv, k, tables, weights, rng, -1e18)
        io[1] += 1
        act = mv[i, MV_ACT]
        last = act
        do_action(st, n, p, mv[i], bots, tables, weights, rng, tmp, log, io, on, met)
        if act == ACT_ASSASSINATE:
            more_assassinations(st, n, p, bots, tables, weights, rng, tmp, pos, mv, log, io, on, met)
        st[F_ACTS] += 1
        if st[F_END] != END_NONE:
            return
    free_actions(st, n, p, bots, tables, weights, rng, tmp, mv, log, io, on, met)
    if st[F_END] != END_NONE:
        return
    refill_hand(st, p, rules, rng, tmp[MAXHAND:])
    if st[F_TARGET_HIT] or check_target(st, n, rules):
        st[F_END] = END_TARGET
