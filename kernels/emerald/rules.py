"""The rules in the rulebook's order: the placement rounds, the pieces, sanity and reveals,
interrupts, the actions (claim, markers, assassinate), the game end and the final adjustments.
The card texts are in ``cards`` and one action and a turn in ``turn``, which read these. The
rules never ask a bot: a decision is posted in the state row (``post``: the forward model,
kernels/README.md) and the rules resume where they stood once it is applied; a revealed
Loyalist's agents placed back are such decisions, one per agent (``begin_refill``). What
happens is logged when the log is on (``io``: log rows written, decisions posted)."""
from numba import njit

from kernels.common import write_event
from kernels.emerald.layout import (END_REVEAL, EV_AGENT, EV_AGENT_LOST, EV_ASSASSINATE, EV_CLAIM,
                                    EV_INTERRUPT, EV_MARKER, EV_MOVE, EV_PAID, EV_PLACE, EV_REVEAL,
                                    EV_SANITY, EV_TURN_UP, EV_VP, F_ASTOCK, F_AX_LOST, F_BLACK_HAND,
                                    F_CSTOCK, F_DEC, F_DEC_SEAT, F_END, F_IDENT, F_INT_STOPPED,
                                    F_LEOPOLD, F_LIMBO, F_NHAND, F_NSTACK, F_PUSH_L, F_PUSH_R,
                                    F_REFILLED, F_REVEALED, F_RF_LEFT, F_RF_SEAT, F_SANITY, F_SLOT,
                                    F_TARGET_HIT, F_TRACK_L, F_TRACK_R, F_VICTIM, F_VPBOX, F_VPL,
                                    F_VPN, F_VPR, F_ZONE, F_ZOWN, FX_FENIANS, FX_INFERNAL_MACHINE,
                                    FX_SHERLOCK, FX_VAMPIRES, FX_ZOMBIES, K_AGENT, K_BOX, K_EFFECT,
                                    K_INSANITY, K_VP, K_VP_TYPE, LOYALIST, M_AGENTS_KILLED,
                                    M_FINAL_SIDE, M_PENALTY, M_RAW_VP, M_REVEALED, M_ROYALTY,
                                    M_SANITY_LOST, M_TRACK_VP, M_VP_LOST, MAXHAND, R_AS_MANY,
                                    R_BOX_FINAL_SIDE, R_CARDS, R_DIE_INSANE, R_DIE_SIDES,
                                    R_FENIANS_SYMBOL_GONE, R_LEOPOLD_LATER, R_PENALTY, R_REFILL,
                                    R_REFILL_EVERY, R_RES_KEEPS_BOX, R_REVEAL_ANY_LOSS, R_TARGET,
                                    R_TRACK_MAX, R_VAMP_INT_ONE_USE, RESTORATIONIST, T_CARD,
                                    T_RULES, VT_LOY, VT_RES, Z_DISCARD, Z_IDENT, Z_REMOVED,
                                    Z_ROYAL_KILLED)
from kernels.emerald.state import (agents, agents_at, agents_on_board, cubes, cubes_at,
                                   discard_from_hand, draw, hand_at, hand_remove, higher_side,
                                   set_zone, side, top_card, total_vp, track_points, turn_up)
from kernels.rng import CHANCE, below


@njit(cache=True, _nrt=False)
def log_event(log, io, on, ev, seat, a, b, c, d):
    """One event row (layout's EV_*) when the log is on; io[0] counts the rows written."""
    if on:
        io[0] = write_event(log, io[0], ev, seat, a, b, c, d)


@njit(cache=True, _nrt=False)
def log_running_vp(st, n, rules, log, io):
    """A VP row (EV_VP) for each seat whose VP disc is no longer what its last VP row says (none
    yet: 0), so a trace shows the running VP as it changes. The last rows are read back from the
    log: traces only pay for it."""
    for p in range(n):
        vp = total_vp(st, p, rules)
        shown = 0
        for i in range(min(io[0], log.shape[0]) - 1, -1, -1):
            if log[i, 0] == EV_VP and log[i, 1] == p:
                shown = log[i, 2]
                break
        if vp != shown:
            io[0] = write_event(log, io[0], EV_VP, p, vp, 0, 0, 0)


# -- pieces ----------------------------------------------------------------------------------

@njit(cache=True, _nrt=False)
def place_agent(st, p, c, log, io, on):
    """One agent of p from its stock into city c. Returns 1 if there was one to place."""
    if st[F_ASTOCK + p] == 0:
        return 0
    st[F_ASTOCK + p] -= 1
    st[agents_at(p, c)] += 1
    log_event(log, io, on, EV_AGENT, p, c, 0, 0, 0)
    return 1


@njit(cache=True, _nrt=False)
def post(st, io, kind, seat):
    """Decision ``kind`` is pending, ``seat`` to choose (counted in io[1], as the bots were
    counted when the rules asked them)."""
    io[1] += 1
    st[F_DEC] = kind
    st[F_DEC_SEAT] = seat


@njit(cache=True, _nrt=False)
def begin_refill(st, p, k):
    """k agents of p to be placed one by one where p chooses (as many as the stock allows): the
    forward model asks them before the rules go on (a revealed Loyalist's refill)."""
    st[F_RF_SEAT] = p
    st[F_RF_LEFT] = k


@njit(cache=True, _nrt=False)
def clean_up_cubes(st, n, p, c):
    """After a claim or an assassination in city c: p's cubes there go to Limbo, everyone
    else's back to their stock."""
    for o in range(n):
        k = cubes(st, o, c)
        st[cubes_at(o, c)] = 0
        if o == p:
            st[F_LIMBO + o] += k
        else:
            st[F_CSTOCK + o] += k


@njit(cache=True, _nrt=False)
def place_cubes(st, p, c, count, log, io, on):
    """count cubes of p from its stock into city c (the caller checked the payment)."""
    k = min(count, st[F_CSTOCK + p])
    st[F_CSTOCK + p] -= k
    st[cubes_at(p, c)] += k
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
        if cubes(st, p, where) == 0:
            return 0
        st[cubes_at(p, where)] -= 1
    st[F_CSTOCK + p] += 1
    return 1


@njit(cache=True, _nrt=False)
def move_agent(st, p, a, b, log, io, on):
    """One agent of p from city a to city b (any city: there is no map adjacency)."""
    if agents(st, p, a) == 0:
        return 0
    st[agents_at(p, a)] -= 1
    st[agents_at(p, b)] += 1
    log_event(log, io, on, EV_MOVE, p, a, b, 0, 0)
    return 1


# -- sanity, reveals and the game end ---------------------------------------------------------

@njit(cache=True, _nrt=False)
def roll_sanity(rules, rng):
    """The sanity die (chance): 1 on an insanity face."""
    return 1 if below(rng, CHANCE, rules[R_DIE_SIDES]) < rules[R_DIE_INSANE] else 0


@njit(cache=True, _nrt=False)
def reveal(st, n, p, tables, log, io, on, met):
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
    begin_refill(st, p, short)


@njit(cache=True, _nrt=False)
def lost_agents_check(st, n, p, forced, tables, log, io, on, met):
    """After p lost an agent: its last agent on the board gone forces a reveal (``forced``: by
    an assassination, or by Yog Sothoth, whose text says so, always; by any other loss when
    rules.reveal_any_agent_loss)."""
    rules = tables[T_RULES]
    if agents_on_board(st, p) > 0:
        return
    if forced or rules[R_REVEAL_ANY_LOSS]:
        reveal(st, n, p, tables, log, io, on, met)


@njit(cache=True, _nrt=False)
def sanity_check(st, n, p, tables, rng, log, io, on, met):
    """p rolls the sanity die; on insanity it loses a token, and the last token forces a reveal.
    Returns 1 if a token was lost (nothing more happens at 0 tokens)."""
    rules = tables[T_RULES]
    lost = roll_sanity(rules, rng)
    if lost and st[F_SANITY + p] > 0:
        st[F_SANITY + p] -= 1
        met[p, M_SANITY_LOST] += 1.0
        log_event(log, io, on, EV_SANITY, p, 1, st[F_SANITY + p], 0, 0)
        if st[F_SANITY + p] == 0:
            reveal(st, n, p, tables, log, io, on, met)
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
def claim_city(st, n, p, c, tables, rng, log, io, on, met):
    """p claims the face-up card of city c (the caller checked the majority and the cube): cubes
    cleaned up, the card to p's discard pile, its agents placed there, its VP scored, the sanity
    die rolled for an insanity symbol (a reveal may start a refill: the claim ends with
    ``claim_turn_up`` once it is placed). Returns the card."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    card = top_card(st, c)
    clean_up_cubes(st, n, p, c)
    st[F_NSTACK + c] -= 1
    set_zone(st, card, Z_DISCARD, p)
    log_event(log, io, on, EV_CLAIM, p, c, card, 0, 0)
    if voided_by_leopold(st, card, tables):
        set_zone(st, card, Z_REMOVED, -1)       # ineffective: it leaves the game, nothing scored
        return card
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
        sanity_check(st, n, p, tables, rng, log, io, on, met)
    return card


@njit(cache=True, _nrt=False)
def voided_by_leopold(st, card, tables):
    """A Zombies or Vampires card made ineffective by the Society of Leopold played earlier
    (rules.leopold_voids_later_cards: every such card, not only those held then)."""
    fx = tables[T_CARD][card, K_EFFECT]
    return (st[F_LEOPOLD] != 0 and tables[T_RULES][R_LEOPOLD_LATER] != 0
            and (fx == FX_ZOMBIES or fx == FX_VAMPIRES))


@njit(cache=True, _nrt=False)
def claim_turn_up(st, c, tables, log, io, on):
    """A claim's end: the next card of city c turned up."""
    up = turn_up(st, c, tables[T_CARD])
    if up >= 0:
        log_event(log, io, on, EV_TURN_UP, -1, c, up, 0, 0)


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
    k = agents(st, p, c)
    return 2 * k if fenians else k


@njit(cache=True, _nrt=False)
def spend_bomb_cards(st, p, bombs, nb, cards, rules):
    """Cards played for bomb points go to the discard pile, except Infernal Machine (its
    text is its bomb points: one-use) and Fenians per rules.fenians_symbol_one_use (played
    for its symbol, not its text, it is not one-use by the rulebook)."""
    for i in range(nb):
        card = bombs[i]
        fx = cards[card, K_EFFECT]
        if fx == FX_INFERNAL_MACHINE or (fx == FX_FENIANS and rules[R_FENIANS_SYMBOL_GONE]):
            hand_remove(st, p, card)
            set_zone(st, card, Z_REMOVED, p)
        else:
            discard_from_hand(st, p, card)


@njit(cache=True, _nrt=False)
def assassinate(st, n, p, c, victim, card, bombs, nb, tables, rng, log, io, on, met):
    """p assassinates in city c with assassination card ``card`` and bomb cards bombs[:nb] (the
    caller checked presence, majority and the exact bomb points); the cards are spent. victim
    >= 0: that seat's agent, once its owner answered an interrupt (``assassinated_agent``);
    victim < 0: the Royalty card in the slot, then the sanity die (``royalty_sanity_loss``)."""
    cards = tables[T_CARD]
    hand_remove(st, p, card)
    spend_bomb_cards(st, p, bombs, nb, cards, tables[T_RULES])
    if victim >= 0:
        return
    set_zone(st, card, Z_REMOVED, p)
    royal = st[F_SLOT + c]
    st[F_SLOT + c] = -1
    set_zone(st, royal, Z_ROYAL_KILLED, p)
    st[F_VPR + p] += cards[royal, K_VP]
    if st[F_BLACK_HAND + p]:
        st[F_VPR + p] += 2
    met[p, M_ROYALTY] += 1.0
    log_event(log, io, on, EV_ASSASSINATE, p, c, -1, card, royal)
    st[F_AX_LOST] = sanity_check(st, n, p, tables, rng, log, io, on, met)


@njit(cache=True, _nrt=False)
def assassinated_agent(st, n, p, c, victim, card, tables, log, io, on, met):
    """The victim's agent in city c is gone (no interrupt stopped it): the card goes beside p's
    identity card with the agent on it when it has an agent box, else out of play with the agent
    back to its owner's stock. Returns 0 when an interrupt stopped it (the card is spent)."""
    cards = tables[T_CARD]
    if st[F_INT_STOPPED]:
        set_zone(st, card, Z_REMOVED, p)
        return 0
    st[agents_at(victim, c)] -= 1
    met[p, M_AGENTS_KILLED] += 1.0
    log_event(log, io, on, EV_ASSASSINATE, p, c, victim, card, 0)
    if cards[card, K_BOX] > 0:
        set_zone(st, card, Z_IDENT, p)
        st[F_VICTIM + card] = victim
        st[F_VPBOX + p] += cards[card, K_BOX]
    else:
        set_zone(st, card, Z_REMOVED, p)
        st[F_ASTOCK + victim] += 1
    lost_agents_check(st, n, victim, True, tables, log, io, on, met)
    return 1


@njit(cache=True, _nrt=False)
def royalty_sanity_loss(st, n, p, c, tables, log, io, on, met):
    """After a Royalty assassination: a sanity token lost (F_AX_LOST) also costs p an agent in
    city c, if it has one there."""
    if st[F_AX_LOST] and agents(st, p, c) > 0:
        st[agents_at(p, c)] -= 1
        st[F_ASTOCK + p] += 1
        log_event(log, io, on, EV_AGENT_LOST, p, c, 0, 0, 0)
        lost_agents_check(st, n, p, False, tables, log, io, on, met)


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
    high = higher_side(st)
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
            out[m] = st[hand_at(p, i)]
            m += 1
    return m


@njit(cache=True, _nrt=False)
def log_paid(log, io, on, p, ids, m):
    """The cards an action is paid with, four to an event row (the trace names them)."""
    if not on:
        return
    for i in range(0, m, 4):
        a = ids[i]
        b = ids[i + 1] if i + 1 < m else -1
        c = ids[i + 2] if i + 2 < m else -1
        d = ids[i + 3] if i + 3 < m else -1
        log_event(log, io, on, EV_PAID, p, a, b, c, d)


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


# -- interrupts and losing agents ----------------------------------------------------------------

@njit(cache=True, _nrt=False)
def interrupt_card(st, o, attacker, assassination, tables):
    """The card with which seat o may stop the elimination of its agent, -1 none: Sherlock
    Holmes against any elimination (the first in hand), Vampires against an assassination (the
    last in hand) unless the Society of Leopold made it ineffective (rules.leopold_voids_later_cards;
    otherwise a Vampires card in hand now was claimed after it, an ordinary card)."""
    cards = tables[T_CARD]
    voided = st[F_LEOPOLD] != 0 and tables[T_RULES][R_LEOPOLD_LATER] != 0
    if o == attacker:
        return -1
    base = hand_at(o, 0)
    pick = -1
    for i in range(st[F_NHAND + o]):
        card = st[base + i]
        fx = cards[card, K_EFFECT]
        if fx == FX_SHERLOCK:
            return card
        if assassination and fx == FX_VAMPIRES and not voided:
            pick = card
    return pick


@njit(cache=True, _nrt=False)
def play_interrupt(st, o, pick, attacker, tables, rng, shuf, log, io, on):
    """Seat o plays interrupt ``pick``: the card is spent (Vampires per
    rules.vampires_interrupt_one_use) and o draws a replacement at once."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    hand_remove(st, o, pick)
    if cards[pick, K_EFFECT] == FX_VAMPIRES and rules[R_VAMP_INT_ONE_USE]:
        set_zone(st, pick, Z_REMOVED, o)
    else:
        set_zone(st, pick, Z_DISCARD, o)
    log_event(log, io, on, EV_INTERRUPT, o, pick, attacker, 0, 0)
    draw(st, o, rules, rng, shuf)


@njit(cache=True, _nrt=False)
def agent_to_stock(st, n, o, c, tables, log, io, on, met):
    """One agent of o in city c back to its stock (not an assassination); its last agent on the
    board gone forces a reveal per rules.reveal_any_agent_loss."""
    st[agents_at(o, c)] -= 1
    st[F_ASTOCK + o] += 1
    lost_agents_check(st, n, o, False, tables, log, io, on, met)
