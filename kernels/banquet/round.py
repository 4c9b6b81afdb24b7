"""A round in the rulebook's order, one step (F_STEP) at a time up to the next decision: everyone
stands and the host picks the direction; the scepter goes round place by place to each
standing player for his turn (turn.py), the king marking as he receives it (scenario 1);
when everyone sits, the objective phase (its reactions, then objectives.py's scoring)."""
from numba import njit

from kernels.banquet.action import objective_reaction
from kernels.banquet.castle import castle_metrics
from kernels.banquet.castle_round import arrive_keyring, castle_next, offer_keyring, search_step
from kernels.banquet.layout import (DEC_ACTION, DEC_BRIBE, DEC_DIRECTION, DEC_MARK, DEC_NONE, END_NONE,
                                    END_PASS_CAP, END_TURN_CAP, EV_END, EV_MARK, EV_ROUND, F_ACTIONS, F_ACTOR,
                                    F_BRIBED, F_CAN_MARK, F_DEC, F_DIR, F_END, F_FIRST, F_HOLDER, F_HOST,
                                    F_KEYRING, F_KING, F_MARK, F_MARKED_ROUND, F_MK_DONE, F_MK_I, F_MK_ON,
                                    F_OB_I, F_PASSES, F_PENDANTS, F_PLACE, F_PROT, F_ROUND, F_SCAN_I,
                                    F_SCAN_Q, F_SCAN_R, F_SECRET, F_STAND, F_STEP, F_TOKEN, F_VETO, F_WINDOW,
                                    M_MARKS, R_ACTION_CAP, R_HOST_RECEIPT, R_KEYRING_AT_ARRIVAL, R_N, R_NPL,
                                    R_PASS_CAP, R_SCEN, S_ACT, S_AFTER_DIRECTION, S_ARRIVE, S_ARRIVE_END,
                                    S_BRIBE, S_NEAR_MARKED, S_NEXT, S_OBJ_REACT, S_OBJ_SCORE, S_OVER, S_ROUND,
                                    S_SCAN, S_SCAN_MARKED, S_SEARCH, S_SETUP, S_TURN_END, S_TURN_SIT,
                                    SCEN_BANQUET, SCEN_CASTLE, SCEN_ESTATE, SCEN_SPIES, SPY, T_RULES)
from kernels.banquet.objectives import objective_scoring
from kernels.banquet.rules import ask, EMPTY, leader, log_event, scepter_step, standing_at
from kernels.banquet.seating import seating_step
from kernels.banquet.state import lowest_initiative_at, standing_count, traitor_factions
from kernels.banquet.turn import bribe_count


@njit(cache=True, _nrt=False, inline="always")
def round_step(st, tables, io, met, sim, mv, rng, log, on):
    """One step of the round (F_STEP), up to a decision, a block begun, or the next step."""
    rules = tables[T_RULES]
    n = rules[R_N]
    s = st[F_STEP]
    if s == S_ROUND:                    # everyone stands; the host picks the direction
        for p in range(n):
            st[F_STAND + p] = 1
            st[F_PROT + p] = 0
        st[F_ACTIONS] = 0
        st[F_PASSES] = 0
        if rules[R_SCEN] == SCEN_ESTATE:        # the merchant, the abbot, the abbess in turn
            st[F_HOST] = leader(st, tables, st[F_ROUND] % 3)
        st[F_STEP] = S_AFTER_DIRECTION
        ask(st, io, DEC_DIRECTION, st[F_HOST])
    elif s == S_AFTER_DIRECTION:
        host = st[F_HOST]
        st[F_HOLDER] = host
        log_event(log, io, on, EV_ROUND, host, st[F_ROUND], st[F_DIR], 0, 0)
        st[F_STEP] = S_NEXT
        st[F_FIRST] = 1
        if rules[R_HOST_RECEIPT] == 1 and host == st[F_KING]:
            king_receives(st, tables)
    elif s == S_NEXT:
        if st[F_END] != END_NONE:
            game_over(st, tables, io, met, log, on)
        elif rules[R_SCEN] == SCEN_CASTLE:
            castle_next(st, tables, io, rng, log, on)
        else:
            next_receiver(st, tables)
    elif s == S_NEAR_MARKED:
        turn(st, st[F_SCAN_R])
    elif s == S_SCAN:
        scan(st, tables)
    elif s == S_SCAN_MARKED:
        r = standing_at(st, tables, st[F_SCAN_Q], n)     # marking stands nobody up, but read again
        if r >= 0:
            turn(st, r)
        else:
            st[F_STEP] = S_SCAN
    elif s == S_BRIBE:
        a = st[F_ACTOR]
        st[F_STEP] = S_ACT
        if (rules[R_SCEN] == SCEN_SPIES and st[F_SECRET + a] == SPY and st[F_BRIBED + a] != st[F_ROUND]
                and bribe_count(st, tables, a) > 0):
            ask(st, io, DEC_BRIBE, a)
    elif s == S_ACT:
        st[F_STEP] = S_TURN_END
        ask(st, io, DEC_ACTION, st[F_ACTOR])
    elif s == S_TURN_END:
        a = st[F_ACTOR]
        st[F_STEP] = S_TURN_SIT
        if rules[R_SCEN] == SCEN_CASTLE and rules[R_KEYRING_AT_ARRIVAL] == 0 and st[F_KEYRING] == a:
            offer_keyring(st, tables, io, a)
    elif s == S_TURN_SIT:
        a = st[F_ACTOR]
        if rules[R_SCEN] == SCEN_CASTLE and st[F_PENDANTS + a] > 0:
            st[F_PENDANTS + a] -= 1     # a pendant discarded instead of sitting down
        else:
            st[F_STAND + a] = 0
        if st[F_ACTIONS] > rules[R_ACTION_CAP]:
            st[F_END] = END_TURN_CAP
        st[F_STEP] = S_NEXT
    elif s == S_OBJ_REACT:
        objective_reaction(st, tables, io, sim, mv)
    elif s == S_OBJ_SCORE:
        objective_scoring(st, tables, rng, log, io, on, met)
        if st[F_END] != END_NONE:
            game_over(st, tables, io, met, log, on)
        else:
            st[F_ROUND] += 1
            st[F_STEP] = S_ROUND
    elif s == S_ARRIVE:
        arrive_keyring(st, tables, io)
    elif s == S_ARRIVE_END:
        r = st[F_HOLDER]
        if st[F_STAND + r] == 1:
            turn(st, r)
        else:
            st[F_STEP] = S_NEXT
    elif s == S_SEARCH:
        search_step(st, tables, io, log, on)
    elif s == S_SETUP:
        seating_step(st, tables, io, rng, log, on)


@njit(cache=True, _nrt=False)
def game_over(st, tables, io, met, log, on):
    if tables[T_RULES][R_SCEN] == SCEN_CASTLE:
        castle_metrics(tables, met)
    log_event(log, io, on, EV_END, -1, st[F_END], 0, 0, 0)
    st[F_STEP] = S_OVER
    st[F_DEC] = DEC_NONE


@njit(cache=True, _nrt=False, inline="always")
def turn(st, r):
    """r, standing, has the scepter: his turn."""
    st[F_HOLDER] = r
    st[F_ACTOR] = r
    st[F_STEP] = S_BRIBE


@njit(cache=True, _nrt=False)
def turn_phase_over(st):
    """Everyone sat: the objective phase begins (its reactions at a new window)."""
    st[F_WINDOW] += 1
    st[F_OB_I] = 0
    st[F_STEP] = S_OBJ_REACT


# -- the scepter and the king's marks ---------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def next_receiver(st, tables):
    """The standing player the scepter reaches next: a standing player sharing the holder's
    place (lowest initiative; not for the host's opening hand-off), else place by place in
    the round's direction (scan), seated players passing it on at once."""
    rules = tables[T_RULES]
    n = rules[R_N]
    first = st[F_FIRST] == 1
    st[F_FIRST] = 0
    if standing_count(st, n) == 0:
        turn_phase_over(st)
        return
    holder = st[F_HOLDER]
    if not first:
        r = lowest_initiative_at(st, tables, st[F_PLACE + holder], n, True, holder)
        if r >= 0:
            st[F_PASSES] += 1
            if r == st[F_KING]:
                st[F_SCAN_R] = r
                st[F_STEP] = S_NEAR_MARKED
                king_receives(st, tables)
            else:
                turn(st, r)
            return
    st[F_SCAN_Q] = st[F_PLACE + holder]
    st[F_SCAN_I] = 0
    st[F_STEP] = S_SCAN


@njit(cache=True, _nrt=False)
def scan(st, tables):
    """The scepter goes on place by place; an empty place has nobody to take it."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    while st[F_SCAN_I] < npl:
        st[F_SCAN_I] += 1
        q = scepter_step(st, st[F_SCAN_Q], st[F_DIR], npl)
        st[F_SCAN_Q] = q
        r = standing_at(st, tables, q, n)
        if r == EMPTY:
            continue
        st[F_PASSES] += 1
        if st[F_PASSES] > rules[R_PASS_CAP]:
            st[F_END] = END_PASS_CAP
            st[F_STEP] = S_NEXT
            return
        king = st[F_KING]
        if king >= 0 and st[F_PLACE + king] == q:
            st[F_STEP] = S_SCAN_MARKED
            king_receives(st, tables)
            return
        if r >= 0:
            turn(st, r)
            return
    turn_phase_over(st)


@njit(cache=True, _nrt=False)
def king_receives(st, tables):
    """Scenario 1: the king, given the scepter (seated or standing) while another player
    stands, may mark one player of each traitor faction, once a round (marks_step asks)."""
    rules = tables[T_RULES]
    n = rules[R_N]
    king = st[F_KING]
    if rules[R_SCEN] != SCEN_BANQUET or st[F_CAN_MARK] == 0 or st[F_MARKED_ROUND] == st[F_ROUND]:
        return
    if standing_count(st, n) - st[F_STAND + king] == 0:
        return
    st[F_MK_ON] = 1
    st[F_MK_I] = 0
    st[F_MK_DONE] = 0


@njit(cache=True, _nrt=False)
def marks_step(st, tables, io, log, on, met):
    """The next traitor faction the king may mark (a new mark costs a token from his supply,
    moving one costs none), or the end of his marking."""
    while st[F_MK_I] < 2:
        if st[F_MARK + st[F_MK_I]] < 0 and st[F_VETO] == 0:
            st[F_MK_I] += 1
            continue
        ask(st, io, DEC_MARK, st[F_KING])
        return
    if st[F_MK_DONE] == 1:
        st[F_MARKED_ROUND] = st[F_ROUND]
    st[F_MK_ON] = 0


@njit(cache=True, _nrt=False)
def mark_faction(st, tables):
    f1, f2 = traitor_factions(tables[T_RULES][R_SCEN])
    return f1 if st[F_MK_I] == 0 else f2


@njit(cache=True, _nrt=False, inline="always")
def place_mark(st, tables, king, p, log, io, on, met):
    i = st[F_MK_I]
    cur = st[F_MARK + i]
    st[F_MK_I] = i + 1
    if p < 0 or p == cur:
        return
    if cur >= 0:
        st[F_TOKEN + cur] = 0
    else:
        st[F_VETO] -= 1
    st[F_TOKEN + p] = 1
    st[F_MARK + i] = p
    st[F_MK_DONE] = 1
    met[king, M_MARKS] += 1.0
    log_event(log, io, on, EV_MARK, king, p, mark_faction_of(st, tables, i), 0, 0)


@njit(cache=True, _nrt=False, inline="always")
def mark_faction_of(st, tables, i):
    f1, f2 = traitor_factions(tables[T_RULES][R_SCEN])
    return f1 if i == 0 else f2
