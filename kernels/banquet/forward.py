"""The Last Banquet as a forward model (kernels/README.md, "The forward model"): the rules of a
round in the rulebook's order (round.py, turn.py, action.py, castle_round.py, seating.py),
stopped at every decision a player makes, the pending decision and where the rules stand in
the state row. ``advance`` plays chance and the rules until a decision is pending or the game
is over; ``options`` lists the pending decision's options; ``apply`` applies one, then
advances.

The state is ``st, io, met, sim, mv``: the state row, the log counter and the decisions asked
(io[0], io[1]), the seats' metrics, and scratch the rules overwrite before reading (a
seating copy and lists in ``sim``, move rows in ``mv``). Where the rules stand is a round step
(F_STEP) and three blocks resolved innermost first: an effect (an action's or a reaction's,
with a displaced player's place or an each-adjacent switch's partners to choose), the king's
marks as he receives the scepter, a favor being declared on, and the action resolving (its
judgment, the chosen players' reactions, the effect, the moved players' reactions)."""
from numba import njit

from kernels.banquet.action import action_step, effect_step, react
from kernels.banquet.castle import enter_gatehouse
from kernels.banquet.castle_round import end_search, keyring_taker
from kernels.banquet.layout import (AC_IDLE, DEC_ACTION, DEC_BRIBE, DEC_DIRECTION, DEC_GATEHOUSE, DEC_KEYRING,
                                    DEC_MARK, DEC_NONE, DEC_PARTNER, DEC_PLACE, DEC_REACTION, DEC_REFLIP,
                                    DEC_SEAT, DEC_SEND, DEC_VETO, EF_IDLE, EV_BRIBE, EV_KEYRING, EV_PLACE,
                                    F_AC_STEP, F_BRIBED, F_CHAR, F_DEC, F_DEC_SEAT, F_DIR, F_EF_A, F_EF_REACT,
                                    F_EF_SLOT, F_EF_STEP, F_FACTION, F_FV_ON, F_ITEM, F_KEYRING, F_MARK,
                                    F_MK_I, F_MK_ON, F_PENDANTS, F_PLACE, F_RE_WIN, F_ROUND, F_SE_FOUND,
                                    F_SE_SPENT, F_STEP, MV_X, MV_Y, MV_Z, O_CHOICE, R_GK_COMPULSORY, R_N,
                                    R_NPL, S_NEXT, S_OVER, S_ROUND, S_SETUP, T_ACTIONS, T_RULES)
from kernels.banquet.moves import list_moves, list_reactions, partner_ok
from kernels.banquet.round import mark_faction, marks_step, place_mark, round_step
from kernels.banquet.rules import log_event, switch_places
from kernels.banquet.seating import begin_seating, may_send, seat_pick, send, sending_faction
from kernels.banquet.setup_places import seat_open
from kernels.banquet.state import free_place, learn, moved_flags
from kernels.banquet.turn import bribable, declare, favor_step, play_move
from kernels.rng import below, CHANCE


# -- the entry points -------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def begin(st, tables):
    """A set-up game (state.setup_game, the seat bots in F_SEATBOT) about to play round 1, or
    (R_SETUP_CHOSEN) its players about to pick their places."""
    st[F_ROUND] = 0
    st[F_STEP] = S_SETUP if begin_seating(st, tables) else S_ROUND
    st[F_DEC] = DEC_NONE
    st[F_AC_STEP] = AC_IDLE
    st[F_EF_STEP] = EF_IDLE
    st[F_MK_ON] = 0
    st[F_FV_ON] = 0


@njit(cache=True, _nrt=False)
def advance(tables, st, io, met, sim, mv, rng, weights, log, on):
    """Chance and the rules until a decision is pending or the game is over: its DEC_*."""
    while st[F_DEC] == DEC_NONE:
        if st[F_EF_STEP] != EF_IDLE:
            effect_step(st, tables, io, log, on)
        elif st[F_MK_ON] == 1:
            marks_step(st, tables, io, log, on, met)
        elif st[F_FV_ON] != 0:
            favor_step(st, tables, io, rng, log, on, met)
        elif st[F_AC_STEP] != AC_IDLE:
            action_step(st, tables, io, mv, log, on, met)
        elif st[F_STEP] == S_OVER:
            return DEC_NONE
        else:
            round_step(st, tables, io, met, sim, mv, rng, log, on)
    return st[F_DEC]


@njit(cache=True, _nrt=False)
def options(tables, st, io, met, sim, mv, buf):
    """The pending decision's options as rows of buf (MV_SIZE ints); returns their count."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    kind = st[F_DEC]
    p = st[F_DEC_SEAT]
    if kind == DEC_ACTION:
        return list_moves(st, tables, p, buf)
    if kind == DEC_REACTION:
        return list_reactions(st, tables, p, st[F_RE_WIN], buf)
    k = 0
    if kind == DEC_DIRECTION:
        k = put(buf, k, 1)
        k = put(buf, k, -1)
    elif kind == DEC_MARK:
        f = mark_faction(st, tables)
        cur = st[F_MARK + st[F_MK_I]]
        k = put(buf, k, -1)
        for o in range(n):
            if st[F_FACTION + o] == f and o != cur:
                k = put(buf, k, o)
    elif kind == DEC_BRIBE:
        for o in range(n):
            if bribable(st, tables, p, o):
                k = put(buf, k, o)
        k = put(buf, k, -1)
    elif kind == DEC_VETO or kind == DEC_GATEHOUSE or kind == DEC_REFLIP:
        k = put(buf, k, 1)
        k = put(buf, k, 0)
    elif kind == DEC_PLACE:
        for q in range(npl):
            if free_place(st, n, q):
                k = put(buf, k, q)
    elif kind == DEC_SEAT:
        for q in range(npl):
            if seat_open(st, tables, p, q):
                k = put(buf, k, q)
    elif kind == DEC_SEND:
        f = sending_faction(st)
        for o in range(n):
            if may_send(st, o, f):
                k = put(buf, k, o)
    elif kind == DEC_PARTNER:
        row = tables[T_ACTIONS][st[F_CHAR + st[F_EF_A]], st[F_EF_SLOT]]
        for o in range(n):
            if partner_ok(st, tables, st[F_EF_A], row, p, o, n, npl):
                k = put(buf, k, o)
        if tables[T_RULES][R_GK_COMPULSORY] == 0:
            k = put(buf, k, -1)         # she declines (the reading's other setting)
    elif kind == DEC_KEYRING:
        for o in range(n):
            if keyring_taker(st, tables, p, o):
                k = put(buf, k, o)
        k = put(buf, k, -1)
    return k


@njit(cache=True, _nrt=False)
def apply(tables, st, io, met, sim, mv, rng, weights, row, log, on):
    """Apply option row (one of options' rows for this state), then advance."""
    kind = st[F_DEC]
    p = st[F_DEC_SEAT]
    c, x, y, z = row[O_CHOICE], row[MV_X], row[MV_Y], row[MV_Z]    # row may be a row of mv
    st[F_DEC] = DEC_NONE
    if kind == DEC_ACTION:
        play_move(st, tables, io, rng, p, c, x, y, z, log, on, met)
    elif kind == DEC_REACTION:
        react(st, tables, p, c, x, y, z, log, io, on, met)
    elif kind == DEC_DIRECTION:
        st[F_DIR] = c
    elif kind == DEC_MARK:
        place_mark(st, tables, p, c, log, io, on, met)
    elif kind == DEC_BRIBE:
        if c >= 0:
            n = tables[T_RULES][R_N]
            st[F_BRIBED + p] = st[F_ROUND]
            learn(st, tables, p, c, n)
            learn(st, tables, c, p, n)
            log_event(log, io, on, EV_BRIBE, p, c, st[F_ITEM + c], 0, 0)
    elif kind == DEC_VETO:
        declare(st, tables, rng, p, c == 1, io, log, on, met)
    elif kind == DEC_PLACE:
        moved = moved_flags(st, st[F_EF_REACT])
        st[F_PLACE + p] = c
        moved[p] = 1
        log_event(log, io, on, EV_PLACE, p, c, 1, 0, 0)
    elif kind == DEC_PARTNER:
        moved = moved_flags(st, st[F_EF_REACT])
        if c >= 0:
            switch_places(st, p, c, moved, log, io, on)
    elif kind == DEC_KEYRING:
        if c >= 0:
            st[F_KEYRING] = c
            log_event(log, io, on, EV_KEYRING, c, 1, p, 0, 0)
    elif kind == DEC_GATEHOUSE:
        if c == 1:
            enter_gatehouse(st, tables, p, log, io, on)
            st[F_STEP] = S_NEXT         # her turn ends: the scepter goes on
    elif kind == DEC_SEAT:
        seat_pick(st, tables, p, c, log, io, on)
    elif kind == DEC_SEND:
        send(st, c)
    elif kind == DEC_REFLIP:
        if c == 1:
            st[F_PENDANTS + p] -= 1
            st[F_SE_SPENT] += 1
            st[F_SE_FOUND] = 1 if below(rng, CHANCE, 2) == 0 else 0
        else:
            end_search(st, p, log, io, on)
    return advance(tables, st, io, met, sim, mv, rng, weights, log, on)


@njit(cache=True, _nrt=False, inline="always")
def put(buf, k, c):
    buf[k, O_CHOICE] = c
    buf[k, 1] = -1
    buf[k, 2] = -1
    buf[k, 3] = 0
    return k + 1
