"""One action of the nine (``begin_action``: pay, act, discard; ``action_step``: what follows
a choice inside it) and a turn (``turn_step``: the placement rounds, free actions at any point,
two actions, further assassinations, the refill and the game end checks), each as steps of the
forward model (kernels/README.md): the state row says where the rules stand (F_STEP outside an
action, F_AST inside one) and every choice is a decision posted there, never a bot asked."""
from numba import njit

from kernels.emerald.layout import (ACT_ASSASSINATE, ACT_CARD, ACT_CLAIM, ACT_DISCARD, ACT_FREE,
                                    ACT_MARKERS, ACT_MIGO_BACK, ACT_MOVE, ACT_PASS, ACT_PLACE,
                                    ACT_RETRIEVE, AS_CLAIM, AS_CLAIM_UP, AS_DONE, AS_IDLE,
                                    AS_KILL_AGENT, AS_KILL_END, AS_KILL_ROYAL, AS_MOVE, AS_RETRIEVE,
                                    DEC_ACTION, DEC_AGENT, DEC_FREE, DEC_MORE, DEC_MOVE,
                                    DEC_RETRIEVE, END_NONE, END_TARGET, END_TRACK, END_TURN_CAP,
                                    EV_DISCARD, EV_END, EV_MOVE_ACTION, EV_PAID, EV_PASS,
                                    EV_RETRIEVE, EV_TURN, F_ACTS, F_AST, F_ASTOCK, F_AX_CARD,
                                    F_AX_DONE, F_AX_I, F_AX_LEFT, F_CAP, F_CAP_ENDS, F_CUR, F_END,
                                    F_FIRST, F_FREE, F_LAST, F_PL_I, F_RF_LEFT, F_RF_SEAT, F_ROW,
                                    F_STEP, F_TARGET_HIT, F_TURN, K_CUBE, K_LOY, K_RES, MAXHAND,
                                    MV_A, MV_ACT, MV_B, MV_C, MV_PAY, MV_PAY2, MV_SIZE, NCITY,
                                    R_ACTIONS, R_REPEAT, R_ROUNDS, R_STOPPED_CLEANUP,
                                    R_TARGET_TIMING, S_ACTION, S_ACTION_DONE, S_FREE, S_MORE,
                                    S_OVER, S_PLACE, S_TURN, S_TURN_END, SYM_CUBE, SYM_RETRIEVE,
                                    T_CARD, T_RULES, Z_REMOVED)
from kernels.emerald.moves import can_claim, list_free, list_moves
from kernels.emerald.state import hand_at, hand_remove, refill_hand, set_zone
from kernels.emerald.rules import (log_event, clean_up_cubes, place_cubes, move_markers,
                                   check_target, claim_city, claim_turn_up, assassinate,
                                   assassinated_agent, royalty_sanity_loss, cards_of, symbol_total,
                                   discard_all, log_paid, post)
from kernels.emerald.cards import begin_text, migo_back, offer_interrupt, text_step


# -- one action --------------------------------------------------------------------------------

@njit(cache=True, _nrt=False)
def begin_action(st, n, p, row, tables, rng, tmp, log, io, on, met):
    """Carry out one legal action (a row of moves.list_moves or list_free, kept in F_ROW: row
    may be a row of the move list) of seat p: pay, then resolve in the rulebook's order, as far
    as the first choice inside it (F_AST then says where it stands; AS_DONE: at its end). A
    marker reaching the end or a Restorationist revealed ends the game (F_END); reaching the VP
    target is flagged (F_TARGET_HIT)."""
    for f in range(MV_SIZE):
        st[F_ROW + f] = row[f]
    cards = tables[T_CARD]
    act = st[F_ROW + MV_ACT]
    ids = tmp[0:MAXHAND]
    m = cards_of(st, p, st[F_ROW + MV_PAY], ids)
    if act <= ACT_ASSASSINATE:      # the symbol actions (place .. assassinate) pay with cards
        log_paid(log, io, on, p, ids, m)
    st[F_AST] = AS_DONE
    if act == ACT_PLACE:
        total = symbol_total(cards, ids, m, K_CUBE + SYM_CUBE)
        discard_all(st, p, ids, m)
        place_cubes(st, p, st[F_ROW + MV_A], total, log, io, on)
    elif act == ACT_CLAIM:
        discard_all(st, p, ids, m)
        st[F_AX_I] = 0
        st[F_AST] = AS_CLAIM
    elif act == ACT_RETRIEVE:
        total = symbol_total(cards, ids, m, K_CUBE + SYM_RETRIEVE)
        discard_all(st, p, ids, m)
        st[F_AX_LEFT] = total
        st[F_AX_DONE] = total
        st[F_AST] = AS_RETRIEVE
    elif act == ACT_MOVE:
        discard_all(st, p, ids, m)
        st[F_AX_LEFT] = st[F_ROW + MV_A]
        st[F_AX_DONE] = 0
        st[F_AST] = AS_MOVE
    elif act == ACT_MARKERS:
        r = symbol_total(cards, ids, m, K_RES)
        discard_all(st, p, ids, m)
        m2 = cards_of(st, p, st[F_ROW + MV_PAY2], ids)
        log_paid(log, io, on, p, ids, m2)
        lo = symbol_total(cards, ids, m2, K_LOY)
        discard_all(st, p, ids, m2)
        if move_markers(st, r, lo, tables[T_RULES], log, io, on, p):
            st[F_END] = END_TRACK
    elif act == ACT_ASSASSINATE:
        begin_assassination(st, n, p, ids, m, tables, rng, log, io, on, met)
    elif act == ACT_DISCARD:
        discard_all(st, p, ids, m)
        log_event(log, io, on, EV_DISCARD, p, m, 0, 0, 0)
    elif act == ACT_PASS:
        log_event(log, io, on, EV_PASS, p, 0, 0, 0, 0)
    elif act == ACT_CARD or act == ACT_FREE:
        if act == ACT_FREE:
            st[F_FREE] += 1
        begin_text(st, n, p, st[F_ROW:F_ROW + MV_SIZE], tables, rng, tmp, log, io, on, met)
    elif act == ACT_MIGO_BACK:
        st[F_FREE] += 1
        migo_back(st, p, st[F_ROW + MV_A], log, io, on)


@njit(cache=True, _nrt=False)
def begin_assassination(st, n, p, ids, m, tables, rng, log, io, on, met):
    """Fenians out of play if used, the cards spent, then the victim's interrupt (an agent) or
    the Royalty card taken and the sanity die rolled."""
    c = st[F_ROW + MV_A]
    victim = st[F_ROW + MV_B]
    card = st[hand_at(p, st[F_ROW + MV_C])]
    fen = st[F_ROW + MV_PAY2]
    fcard = st[hand_at(p, fen)] if fen >= 0 else -1
    if fcard >= 0:
        log_event(log, io, on, EV_PAID, p, fcard, -1, -1, -1)
        hand_remove(st, p, fcard)
        set_zone(st, fcard, Z_REMOVED, p)
    st[F_AX_CARD] = card
    assassinate(st, n, p, c, victim, card, ids, m, tables, rng, log, io, on, met)
    if victim >= 0:
        offer_interrupt(st, victim, p, True, tables, io)
        st[F_AST] = AS_KILL_AGENT
    else:
        st[F_AST] = AS_KILL_ROYAL


@njit(cache=True, _nrt=False)
def finish_action(st, n, rules):
    """The action's end: the VP target checked (rules.target_end_timing <= 1)."""
    st[F_AST] = AS_IDLE
    if st[F_END] == END_NONE and rules[R_TARGET_TIMING] <= 1 and check_target(st, n, rules):
        st[F_END] = END_TARGET


@njit(cache=True, _nrt=False)
def next_claim(st, n, p, tables, rng, log, io, on, met):
    """The claim's next city (from F_AX_I on) in the set it paid for, while the game goes on."""
    rules = tables[T_RULES]
    mask = st[F_ROW + MV_B]
    c = st[F_AX_I]
    while c < NCITY:
        if (mask >> c) & 1 and st[F_END] == END_NONE and can_claim(st, n, p, c, rules):
            st[F_AX_I] = c
            st[F_AST] = AS_CLAIM_UP
            claim_city(st, n, p, c, tables, rng, log, io, on, met)
            return
        c += 1
    st[F_AST] = AS_DONE


@njit(cache=True, _nrt=False, inline="always")
def action_step(st, n, tables, rng, log, io, on, met):
    """The next step of the action being resolved (F_AST), up to its next decision or its end.
    Inlined in forward.advance, its one caller, as turn_step and refill_step: a call passed
    about 60 words of array arguments at every step of the rules."""
    rules = tables[T_RULES]
    p = st[F_CUR]
    step = st[F_AST]
    c = st[F_ROW + MV_A]
    if step == AS_DONE:
        finish_action(st, n, rules)
    elif step == AS_RETRIEVE:
        if st[F_AX_LEFT] > 0:
            post(st, io, DEC_RETRIEVE, p)
        else:
            log_event(log, io, on, EV_RETRIEVE, p, st[F_AX_DONE], 0, 0, 0)
            st[F_AST] = AS_DONE
    elif step == AS_MOVE:
        if st[F_AX_LEFT] > 0:
            post(st, io, DEC_MOVE, p)
        else:
            log_event(log, io, on, EV_MOVE_ACTION, p, c, st[F_AX_DONE], 0, 0)
            st[F_AST] = AS_DONE
    elif step == AS_CLAIM:
        next_claim(st, n, p, tables, rng, log, io, on, met)
    elif step == AS_CLAIM_UP:
        claim_turn_up(st, st[F_AX_I], tables, log, io, on)
        if rules[R_TARGET_TIMING] == 0 and check_target(st, n, rules):
            st[F_END] = END_TARGET
        st[F_AX_I] += 1
        st[F_AST] = AS_CLAIM
    elif step == AS_KILL_AGENT:
        st[F_AST] = AS_KILL_END
        if (not assassinated_agent(st, n, p, c, st[F_ROW + MV_B], st[F_AX_CARD], tables, log, io, on, met)
                and not rules[R_STOPPED_CLEANUP]):
            st[F_AST] = AS_DONE     # stopped: no clean-up (rules.stopped_assassination_cleans_up)
    elif step == AS_KILL_ROYAL:
        st[F_AST] = AS_KILL_END
        royalty_sanity_loss(st, n, p, c, tables, log, io, on, met)
    elif step == AS_KILL_END:
        # after each assassination (rules.cleanup_each_assassination) or once after the action:
        # nothing happens in between, so both clean up here
        clean_up_cubes(st, n, p, c)
        st[F_AST] = AS_DONE
    else:
        text_step(st, n, p, tables, log, io, on, met)


# -- a turn ------------------------------------------------------------------------------------

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


@njit(cache=True, _nrt=False, inline="always")
def action_rows(st, n, p, a, last, tables, pos, mv):
    """The legal rows of p's action number a (a claim only as the first; with
    rules.repeat_actions = 0 not the kind just taken)."""
    k = list_moves(st, n, p, a == 0, tables, pos, mv)
    if a > 0 and not tables[T_RULES][R_REPEAT]:
        k = drop_kind(mv, k, last)
    return k


@njit(cache=True, _nrt=False)
def begin_turn(st, p, log, io, on):
    st[F_ACTS] = 0
    st[F_FREE] = 0
    st[F_CUR] = p
    st[F_LAST] = -1
    log_event(log, io, on, EV_TURN, p, st[F_TURN] + 1, 0, 0, 0)


@njit(cache=True, _nrt=False)
def game_over(st, log, io, on):
    st[F_STEP] = S_OVER
    log_event(log, io, on, EV_END, -1, st[F_END], 0, 0, 0)


@njit(cache=True, _nrt=False)
def free_done(st, tables):
    """No (more) free actions now: the next action, or the turn's end after the last."""
    st[F_STEP] = S_ACTION if st[F_ACTS] < tables[T_RULES][R_ACTIONS] else S_TURN_END


@njit(cache=True, _nrt=False)
def placement_step(st, n, tables, io):
    """From the start player clockwise, each player places one agent (as many rounds as set):
    the next one to place, or on to the first turn."""
    total = tables[T_RULES][R_ROUNDS] * n
    while st[F_PL_I] < total:
        p = (st[F_FIRST] + st[F_PL_I] % n) % n
        if st[F_ASTOCK + p] > 0:
            post(st, io, DEC_AGENT, p)
            return
        st[F_PL_I] += 1
    st[F_STEP] = S_TURN


@njit(cache=True, _nrt=False, inline="always")
def refill_step(st, io):
    """A revealed Loyalist's next agent placed back, as long as its stock has one."""
    p = st[F_RF_SEAT]
    if st[F_ASTOCK + p] == 0:
        st[F_RF_LEFT] = 0
    else:
        post(st, io, DEC_AGENT, p)


@njit(cache=True, _nrt=False, inline="always")
def turn_step(st, n, tables, rng, tmp, mv, log, io, on):
    """The next step of the game outside an action (F_STEP), up to its next decision: p's turn
    is free actions before, between and after two actions (a claim only as the first), then the
    hand refilled; the game may end inside (F_END), or at the turn cap (F_CAP)."""
    rules = tables[T_RULES]
    step = st[F_STEP]
    p = st[F_CUR]
    if step == S_PLACE:
        placement_step(st, n, tables, io)
    elif step == S_TURN:
        if st[F_TURN] >= st[F_CAP]:
            st[F_STEP] = S_OVER
            if st[F_CAP_ENDS]:
                st[F_END] = END_TURN_CAP
                log_event(log, io, on, EV_END, -1, END_TURN_CAP, 0, 0, 0)
            return
        begin_turn(st, (st[F_FIRST] + st[F_TURN]) % n, log, io, on)
        st[F_STEP] = S_FREE
    elif step == S_FREE:
        if st[F_END] != END_NONE:
            game_over(st, log, io, on)
        elif list_free(st, n, p, tables, mv, 0) > 0:
            post(st, io, DEC_FREE, p)
        else:
            free_done(st, tables)
    elif step == S_ACTION:
        post(st, io, DEC_ACTION, p)
    elif step == S_MORE:
        if st[F_END] != END_NONE:
            st[F_STEP] = S_ACTION_DONE
        else:
            post(st, io, DEC_MORE, p)
    elif step == S_ACTION_DONE:
        st[F_ACTS] += 1
        if st[F_END] != END_NONE:
            game_over(st, log, io, on)
        else:
            st[F_STEP] = S_FREE
    elif step == S_TURN_END:
        refill_hand(st, p, rules, rng, tmp[MAXHAND:])
        if st[F_TARGET_HIT] or check_target(st, n, rules):
            st[F_END] = END_TARGET
            game_over(st, log, io, on)
        else:
            st[F_TURN] += 1
            st[F_STEP] = S_TURN
