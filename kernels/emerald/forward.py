"""A Study in Emerald as a forward model (kernels/README.md, "The forward model"): ``advance``
plays chance and the rules until a decision is pending or the game is over, ``options`` lists
the pending decision's options, ``apply`` applies one, then advances.

The state is ``st, io, met, tmp, pos, mv``: the state row, the log counter and the decisions
posted (io[0], io[1]), the seats' metrics, and scratch the rules overwrite before reading (cards
being paid or shuffled in ``tmp``, a payment's hand positions in ``pos``, move rows in ``mv``).
Where the rules stand is three blocks resolved innermost first: a revealed Loyalist's refill
(F_RF_*), the action being resolved (F_AST, its row F_ROW and its registers F_AX_*, the
interrupt offered F_INT_*), the turn (F_STEP)."""
from numba import njit

from kernels.emerald.layout import (ACT_ASSASSINATE, ACT_STOP, AS_IDLE, DEC_ACTION, DEC_AGENT,
                                    DEC_FREE, DEC_INTERRUPT, DEC_MORE, DEC_MOVE, DEC_NONE,
                                    DEC_OFF_BOARD, DEC_OKHRANA, DEC_RETRIEVE, DEC_ZOMBIE_CITY,
                                    DEC_ZOMBIE_VICTIM, F_ACTS, F_AST, F_AX_DONE, F_AX_I, F_AX_LEFT,
                                    F_AX_WHO, F_CAP, F_CAP_ENDS, F_DEC, F_DEC_SEAT, F_INT_ATT,
                                    F_INT_CARD, F_INT_STOPPED, F_LAST, F_LIMBO, F_PL_I, F_RF_LEFT,
                                    F_STEP, FROM_MI_GO, MAXHAND, MV_ACT, NCITY, O_A, O_B,
                                    R_MAX_TURNS, R_MOVE_NONE, R_N, R_OKHRANA_OWN, S_ACTION_DONE,
                                    S_HALT, S_MORE, S_OVER, S_PLACE, T_RULES)
from kernels.emerald.state import agents, cubes
from kernels.emerald.moves import list_assassinate, list_free
from kernels.emerald.rules import log_running_vp, move_agent, place_agent, play_interrupt, retrieve_cube
from kernels.emerald.cards import agent_off_board, okhrana_cube, yog_from_mi_go, zombie_placed
from kernels.emerald.turn import (action_rows, action_step, begin_action, free_done, refill_step,
                                  turn_step)


@njit(cache=True, _nrt=False)
def begin(st, tables):
    """A set-up game (state.setup_game) about to play its placement rounds, nothing pending."""
    st[F_DEC] = DEC_NONE
    st[F_STEP] = S_PLACE
    st[F_PL_I] = 0
    st[F_LAST] = -1
    st[F_CAP] = tables[T_RULES][R_MAX_TURNS]
    st[F_CAP_ENDS] = 1
    st[F_AST] = AS_IDLE
    st[F_RF_LEFT] = 0


@njit(cache=True, _nrt=False)
def advance(tables, st, io, met, tmp, pos, mv, rng, weights, log, on):
    """Chance and the rules until a decision is pending or the game is over (or stopped):
    its DEC_*."""
    n = tables[T_RULES][R_N]
    while True:
        if on:      # the trace's running VP, after each step of the rules (and the applied option)
            log_running_vp(st, n, tables[T_RULES], log, io)
        if st[F_DEC] != DEC_NONE:
            return st[F_DEC]
        if st[F_RF_LEFT] > 0:
            refill_step(st, io)
        elif st[F_AST] != AS_IDLE:
            action_step(st, n, tables, rng, log, io, on, met)
        elif st[F_STEP] == S_OVER or st[F_STEP] == S_HALT:
            return DEC_NONE
        else:
            turn_step(st, n, tables, rng, tmp, mv, log, io, on)


@njit(cache=True, _nrt=False)
def put(buf, k, a, b):
    """Option row k: (a, b), the other columns 0."""
    for f in range(buf.shape[1]):
        buf[k, f] = 0
    buf[k, O_A] = a
    buf[k, O_B] = b
    return k + 1


@njit(cache=True, _nrt=False)
def stop_row(buf, k):
    """The last row of a free action's or another assassination's list: none."""
    k = put(buf, k, 0, 0)
    buf[k - 1, MV_ACT] = ACT_STOP
    return k


@njit(cache=True, _nrt=False)
def options(tables, st, io, met, tmp, pos, mv, buf):
    """The pending decision's options as rows of buf (MV_SIZE ints); returns their count. An
    action, a free action or another assassination is a move row (MV_* columns); every other
    option is (O_A, O_B)."""
    rules = tables[T_RULES]
    n = rules[R_N]
    kind = st[F_DEC]
    p = st[F_DEC_SEAT]
    if kind == DEC_ACTION:
        return action_rows(st, n, p, st[F_ACTS], st[F_LAST], tables, pos, buf)
    if kind == DEC_FREE:
        return stop_row(buf, list_free(st, n, p, tables, buf, 0))
    if kind == DEC_MORE:
        return stop_row(buf, list_assassinate(st, n, p, tables, pos, buf, 0))
    k = 0
    if kind == DEC_AGENT or kind == DEC_ZOMBIE_CITY:
        for c in range(NCITY):
            k = put(buf, k, c, 0)
    elif kind == DEC_RETRIEVE:
        if st[F_LIMBO + p] > 0:
            k = put(buf, k, -1, 0)
        for c in range(NCITY):
            if cubes(st, p, c) > 0:
                k = put(buf, k, c, 0)
    elif kind == DEC_MOVE:
        for a in range(NCITY):
            if agents(st, p, a) > 0:
                for b in range(NCITY):
                    if b != a:          # "to any other City space"
                        k = put(buf, k, a, b)
        if rules[R_MOVE_NONE] or st[F_AX_DONE] > 0:
            k = put(buf, k, -1, -1)     # stop (before the first agent only per the switch)
    elif kind == DEC_INTERRUPT:
        k = put(buf, k, 1, st[F_INT_CARD])
        k = put(buf, k, 0, st[F_INT_CARD])
    elif kind == DEC_OFF_BOARD:
        for c in range(NCITY):
            if agents(st, p, c) > 0:
                k = put(buf, k, c, 0)
        if yog_from_mi_go(st, p, tables):
            k = put(buf, k, FROM_MI_GO, 0)
    elif kind == DEC_ZOMBIE_VICTIM:
        c = st[F_AX_I]
        for o in range(n):
            if o != p and agents(st, o, c) > 0:
                k = put(buf, k, o, 0)
    elif kind == DEC_OKHRANA:
        for c in range(NCITY):
            for o in range(n):
                if (o != p or rules[R_OKHRANA_OWN]) and cubes(st, o, c) > 0:
                    k = put(buf, k, o, c)
    if k == 0:
        k = put(buf, k, -1, -1)     # nothing to pick: the rules go on without one
    return k


@njit(cache=True, _nrt=False)
def apply(tables, st, io, met, tmp, pos, mv, rng, weights, row, log, on):
    """Apply option row (one of options' rows for this state; it may be a row of mv), then
    advance."""
    n = tables[T_RULES][R_N]
    kind = st[F_DEC]
    p = st[F_DEC_SEAT]
    a = row[O_A]
    b = row[O_B]
    st[F_DEC] = DEC_NONE
    if kind == DEC_ACTION:
        act = row[MV_ACT]
        begin_action(st, n, p, row, tables, rng, tmp, log, io, on, met)
        st[F_LAST] = act
        if st[F_STEP] != S_HALT:
            st[F_STEP] = S_MORE if act == ACT_ASSASSINATE else S_ACTION_DONE
    elif kind == DEC_FREE or kind == DEC_MORE:
        if row[MV_ACT] != ACT_STOP:
            begin_action(st, n, p, row, tables, rng, tmp, log, io, on, met)
        elif kind == DEC_FREE:
            free_done(st, tables)
        else:
            st[F_STEP] = S_ACTION_DONE
    elif kind == DEC_AGENT:
        place_agent(st, p, a, log, io, on)
        if st[F_RF_LEFT] > 0:
            st[F_RF_LEFT] -= 1
        else:
            st[F_PL_I] += 1
    elif kind == DEC_RETRIEVE:
        retrieve_cube(st, p, a)
        st[F_AX_LEFT] -= 1
    elif kind == DEC_MOVE:
        if a < 0:
            st[F_AX_LEFT] = 0
        else:
            st[F_AX_DONE] += move_agent(st, p, a, b, log, io, on)
            st[F_AX_LEFT] -= 1
    elif kind == DEC_INTERRUPT:
        st[F_INT_STOPPED] = a
        if a == 1:
            play_interrupt(st, p, st[F_INT_CARD], st[F_INT_ATT], tables, rng, tmp[MAXHAND:], log, io, on)
    elif kind == DEC_OFF_BOARD:
        agent_off_board(st, p, a, tables)
    elif kind == DEC_ZOMBIE_VICTIM:
        st[F_AX_WHO] = a
    elif kind == DEC_ZOMBIE_CITY:
        zombie_placed(st, p, a, log, io, on)
    elif kind == DEC_OKHRANA:
        okhrana_cube(st, p, a, b, log, io, on)
    return advance(tables, st, io, met, tmp, pos, mv, rng, weights, log, on)

