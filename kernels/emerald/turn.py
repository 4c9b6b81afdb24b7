"""One action of the nine (``do_action``: pay, act, discard) and a turn: free actions at any
point, two actions, further assassinations, the refill and the game end checks."""
from numba import njit

from kernels.emerald.bots import choose_agent_move, choose_retrieve_source, choose_row
from kernels.emerald.layout import (ACT_ASSASSINATE, ACT_CARD, ACT_CLAIM, ACT_DISCARD, ACT_FREE,
                                    ACT_MARKERS, ACT_MIGO_BACK, ACT_MOVE, ACT_PASS, ACT_PLACE,
                                    ACT_RETRIEVE, END_NONE, END_TARGET, END_TRACK, EV_DISCARD,
                                    EV_MOVE_ACTION, EV_PASS, EV_RETRIEVE, EV_TURN, F_ACTS, F_CUR, F_END, F_FREE,
                                    F_HAND, F_TARGET_HIT, F_TURN, K_CUBE, K_LOY, K_RES, MAXHAND,
                                    MV_A, MV_ACT, MV_B, MV_C, MV_PAY, MV_PAY2, NCITY, R_ACTIONS,
                                    R_CLEANUP_EACH, R_REPEAT, R_TARGET_TIMING, SYM_CUBE,
                                    SYM_RETRIEVE, T_CARD, T_RULES, Z_REMOVED)
from kernels.emerald.moves import can_claim, list_assassinate, list_free, list_moves
from kernels.emerald.state import copy_into, hand_remove, refill_hand, set_zone
from kernels.emerald.rules import (log_event, clean_up_cubes, place_cubes, retrieve_cube,
                                   move_agent, check_target, claim_city, move_markers, assassinate,
                                   cards_of, symbol_total, discard_all)
from kernels.emerald.cards import play_text, migo_back


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
        moved = 0
        for _ in range(row[MV_A]):
            a, b = choose_agent_move(st, n, p, bot, rules, cards, weights, rng)
            io[1] += 1
            if a < 0:
                break
            moved += move_agent(st, p, a, b, log, io, on)
        log_event(log, io, on, EV_MOVE_ACTION, p, row[MV_A], moved, 0, 0)
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
def action_rows(st, n, p, a, last, tables, pos, mv):
    """The legal rows of p's action number a (a claim only as the first; with
    rules.repeat_actions = 0 not the kind just taken)."""
    k = list_moves(st, n, p, a == 0, tables, pos, mv)
    if a > 0 and not tables[T_RULES][R_REPEAT]:
        k = drop_kind(mv, k, last)
    return k


@njit(cache=True, _nrt=False)
def take_action(st, n, p, row, bots, tables, weights, rng, tmp, pos, mv, log, io, on, met):
    """One of p's two actions (an assassination may go on with more); returns its kind. The
    row must not live in mv, which further assassinations re-list."""
    act = row[MV_ACT]
    do_action(st, n, p, row, bots, tables, weights, rng, tmp, log, io, on, met)
    if act == ACT_ASSASSINATE:
        more_assassinations(st, n, p, bots, tables, weights, rng, tmp, pos, mv, log, io, on, met)
    st[F_ACTS] += 1
    return act


@njit(cache=True, _nrt=False)
def begin_turn(st, p, log, io, on):
    st[F_ACTS] = 0
    st[F_FREE] = 0
    st[F_CUR] = p
    log_event(log, io, on, EV_TURN, p, st[F_TURN] + 1, 0, 0, 0)


@njit(cache=True, _nrt=False)
def end_turn(st, n, p, bots, tables, weights, rng, tmp, mv, log, io, on, met):
    """Free actions after the last action, the hand refilled, the VP target checked."""
    rules = tables[T_RULES]
    free_actions(st, n, p, bots, tables, weights, rng, tmp, mv, log, io, on, met)
    if st[F_END] != END_NONE:
        return
    refill_hand(st, p, rules, rng, tmp[MAXHAND:])
    if st[F_TARGET_HIT] or check_target(st, n, rules):
        st[F_END] = END_TARGET


@njit(cache=True, _nrt=False)
def rest_of_turn(st, n, p, a0, last, bots, tables, weights, rng, tmp, pos, mv, row, log, io, on, met):
    """p's actions from number a0 on (the last kind taken ``last``), free actions before each,
    then the end of the turn; each action chosen by p's bot. ``row`` holds the chosen row."""
    for a in range(a0, tables[T_RULES][R_ACTIONS]):
        free_actions(st, n, p, bots, tables, weights, rng, tmp, mv, log, io, on, met)
        if st[F_END] != END_NONE:
            return
        k = action_rows(st, n, p, a, last, tables, pos, mv)
        i = choose_row(st, n, p, bots[p], mv, k, tables, weights, rng, -1e18)
        io[1] += 1
        copy_into(row, mv[i])
        last = take_action(st, n, p, row, bots, tables, weights, rng, tmp, pos, mv, log, io, on, met)
        if st[F_END] != END_NONE:
            return
    end_turn(st, n, p, bots, tables, weights, rng, tmp, mv, log, io, on, met)


@njit(cache=True, _nrt=False)
def play_turn(st, n, p, bots, tables, weights, rng, tmp, pos, mv, log, io, on, met):
    """p's turn: two actions (a claim only as the first), free actions before, between and
    after them, then the hand refilled. The game may end inside (F_END)."""
    begin_turn(st, p, log, io, on)
    rest_of_turn(st, n, p, 0, -1, bots, tables, weights, rng, tmp, pos, mv, mv[mv.shape[0] - 1], log, io,
                 on, met)
