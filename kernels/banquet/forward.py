"""The Last Banquet as a forward model (kernels/README.md, "The forward model"): the rules of a
round in the rulebook's order, stopped at every decision a player makes, the pending decision
and where the rules stand in the state row. ``advance`` plays chance and the rules until a
decision is pending or the game is over; ``options`` lists the pending decision's options;
``apply`` applies one, then advances.

The state is ``st, io, met, sim, mv``: the state row, the log counter and the decisions asked
(io[0], io[1]), the seats' metrics, and scratch the rules overwrite before reading (a
seating copy and lists in ``sim``, move rows in ``mv``). Where the rules stand is a round step
(F_STEP) and three blocks resolved innermost first: an effect (an action's or a reaction's,
with a displaced player's place or an each-adjacent switch's partners to choose), the king's
marks as he receives the scepter, a favor being declared on, and the action resolving (its
judgment, the chosen players' reactions, the effect, the moved players' reactions)."""
from numba import njit

from kernels.banquet.castle import (all_seated, castle_after_effect, castle_metrics, duke_step, enter_gatehouse,
                                    remove_guard, scepter_next)
from kernels.banquet.castle_places import gate_side, gender, tower_side
from kernels.banquet.castle_team import adjacent_places
from kernels.banquet.layout import (A_ICON, A_JUDGED, A_OP, A_SHARE, AC_EFFECT_DONE, AC_IDLE, AC_MOVED,
                                    AC_TARGETED, DEC_ACTION, DEC_BRIBE, DEC_DIRECTION, DEC_GATEHOUSE,
                                    DEC_KEYRING, DEC_MARK, DEC_NONE, DEC_PARTNER, DEC_PLACE, DEC_REACTION,
                                    DEC_REFLIP, DEC_VETO, EF_DONE, EF_ENTER, EF_IDLE, EF_PARTNER, END_ALL_SEATED,
                                    END_NONE, END_PASS_CAP, END_RESCUED, END_TURN_CAP, EV_BRIBE, EV_END, EV_FAVOR,
                                    EV_JUDGMENT, EV_KEYRING, EV_MARK, EV_PASS, EV_PLACE, EV_REACT, EV_REVEAL,
                                    EV_ROUND, EV_SEARCH, EV_SIT, EV_ACTION, F_AC_A, F_AC_BEFORE, F_AC_I,
                                    F_AC_SLOT, F_AC_STEP, F_AC_X, F_AC_Y, F_AC_Z, F_ACTIONS, F_ACTOR, F_BRIBED,
                                    F_CA_CARRIER, F_CAN_MARK, F_CH_I, F_CH_N, F_CHAR, F_CHOOSERS, F_DEC,
                                    F_DEC_SEAT, F_DIR, F_EF_A, F_EF_REACT, F_EF_SLOT, F_EF_STEP, F_EF_X, F_EF_Y,
                                    F_EF_Z, F_EN_FORMER, F_EN_P, F_EN_Q, F_END, F_FACTION, F_FIRST, F_FOUND,
                                    F_FV_DONE, F_FV_F, F_FV_ON, F_GATE, F_HOLDER, F_HOST, F_IN_REACTION,
                                    F_ITEM, F_KEYRING, F_KING, F_MARK, F_MARKED_ROUND, F_MK_DONE, F_MK_I,
                                    F_MK_ON, F_MOVED, F_OB_I, F_PASSES, F_PATRON, F_PENDANTS, F_PLACE, F_PROT,
                                    F_RE_PA, F_RE_SLOT, F_RE_WIN, F_RE_X, F_RE_Y, F_RE_Z, F_REACTED, F_RING,
                                    F_RMOVED, F_ROUND, F_SCAN_I, F_SCAN_Q, F_SCAN_R, F_SE_FOUND, F_SE_SPENT,
                                    F_SEARCH, F_SECRET, F_SPENT, F_STAND, F_STEP, F_TOKEN, F_TURNS, F_VETO,
                                    F_VETOS, F_WINDOW, FAVOR, GENTLEMAN, LADY, MAXP, MV_PASS, MV_X,
                                    MV_Y, MV_Z, M_ACTIONS, M_FAVORS, M_MARKS, M_PASSES, M_REACTIONS, M_VETOES,
                                    O_CHOICE, ON_MOVED, ON_OBJECTIVE, ON_TARGETED, OP_BRING_NEXT_TO,
                                    OP_EACH_ADJACENT_SWITCH, OP_LOOK, OP_MOVE_NEXT_TO, OP_MOVE_TO, OP_PROTECT,
                                    OP_REVEAL, OP_REVERSE, OP_SIT, OP_STAND, OP_SWAP_TWO, OP_SWITCH, REACTION,
                                    R_ACTION_CAP, R_BRIBE_SEATED, R_DUKE_EVERY_PASS, R_FULL, R_HOST_RECEIPT,
                                    R_KEYRING_AT_ARRIVAL, R_N, R_NPL, R_PASS_CAP, R_REFLIP_REPEATS, R_RING,
                                    R_SCEN, S_ACT, S_AFTER_DIRECTION, S_ARRIVE, S_ARRIVE_END, S_BRIBE,
                                    S_NEAR_MARKED, S_NEXT, S_OBJ_REACT, S_OBJ_SCORE, S_OVER, S_ROUND, S_SCAN,
                                    S_SCAN_MARKED, S_SEARCH, S_TURN_END, S_TURN_SIT, SCEN_BANQUET, SCEN_CASTLE,
                                    SCEN_ESTATE, SCEN_SPIES, SPY, T_ACTIONS, T_RULES)
from kernels.banquet.layout import (BARON_F, DEC_SEAT, DUKE_F, F_SU_DISP, F_SU_I, F_SU_N, F_SU_ORDER,
                                    F_SU_PICKED, KING_F, MAIDEN_F, QUEEN_F, R_SETUP_CHOSEN, S_SETUP,
                                    R_GK_COMPULSORY, R_GK_FIXED, R_GK_INITIATIVE,
                                    SCEN_LEAGUE, SCEN_MAIDEN)
from kernels.banquet.bots import free_place, traitor_factions
from kernels.banquet.moves import (affectable, chooser_ok, list_moves, list_reactions, partner_ok, place_open)
from kernels.banquet.objectives import objective_scoring
from kernels.banquet.rules import (EMPTY, beside_watched, chooses_player, leader, log_event, note_signs,
                                   scepter_step, standing_at, switch_places)
from kernels.banquet.state import (across_from, adjacent, initiative, learn, lowest_initiative_at, player_place,
                                   reveal_to_all, standing_count, step)
from kernels.rng import CHANCE, below


# -- posting a decision -----------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def ask(st, io, kind, seat):
    """Decision kind is pending, seat to choose (counted as the bots were asked before)."""
    io[1] += 1
    st[F_DEC] = kind
    st[F_DEC_SEAT] = seat


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
        moved = st[F_RMOVED:F_RMOVED + MAXP] if st[F_EF_REACT] == 1 else st[F_MOVED:F_MOVED + MAXP]
        st[F_PLACE + p] = c
        moved[p] = 1
        log_event(log, io, on, EV_PLACE, p, c, 1, 0, 0)
    elif kind == DEC_PARTNER:
        moved = st[F_RMOVED:F_RMOVED + MAXP] if st[F_EF_REACT] == 1 else st[F_MOVED:F_MOVED + MAXP]
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


# -- a round ----------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
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
@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
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


# -- a turn -----------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def bribable(st, tables, spy, o):
    """Scenario 2: o may be bribed by spy: adjacent (seated, if the reading asks)."""
    rules = tables[T_RULES]
    return adjacent(st, spy, o, rules[R_NPL]) and (rules[R_BRIBE_SEATED] == 0 or st[F_STAND + o] == 0)


@njit(cache=True, _nrt=False)
def bribe_count(st, tables, spy):
    m = 0
    for o in range(tables[T_RULES][R_N]):
        if bribable(st, tables, spy, o):
            m += 1
    return m


@njit(cache=True, _nrt=False)
def play_move(st, tables, io, rng, a, slot, x, y, z, log, on, met):
    """a plays (slot, x, y, z): an action, a favor request or a pass (then he sits)."""
    rules = tables[T_RULES]
    st[F_TURNS] += 1
    if slot == MV_PASS:
        met[a, M_PASSES] += 1.0
        log_event(log, io, on, EV_PASS, a, 0, 0, 0, 0)
        return
    met[a, M_ACTIONS] += 1.0
    st[F_ACTIONS] += 1
    log_event(log, io, on, EV_ACTION, a, slot, x, y, z)
    st[F_AC_A] = a
    st[F_AC_SLOT] = slot
    st[F_AC_X] = x
    st[F_AC_Y] = y
    st[F_AC_Z] = z
    if slot != FAVOR:
        begin_action(st, tables, rng, log, io, on)
        return
    # a favor: the patron accepts, or declines with a veto token (the turn is used either way)
    met[a, M_FAVORS] += 1.0
    if rules[R_SCEN] == SCEN_ESTATE:
        if st[F_RING] == a and rules[R_RING] == 1:
            st[F_RING] = -1
            favor_declared(st, tables, rng, True, log, io, on)
        else:
            st[F_FV_ON] = 2
            st[F_FV_DONE] = 0
        return
    patron = st[F_PATRON]
    if patron == a:
        favor_declared(st, tables, rng, True, log, io, on)
    elif st[F_RING] == a and rules[R_RING] == 1:
        st[F_RING] = -1             # the Signet Ring's first request cannot be declined
        favor_declared(st, tables, rng, True, log, io, on)
    elif st[F_VETO] > 0:
        st[F_FV_ON] = 1
        ask(st, io, DEC_VETO, patron)
    else:
        favor_declared(st, tables, rng, True, log, io, on)


@njit(cache=True, _nrt=False)
def favor_step(st, tables, io, rng, log, on, met):
    """Scenario 5: the three patrons declare in turn, from the one on a's left going clockwise
    (index + 1, reading B12); the first to decline spends a token and the request fails, the
    rest count as accepting. The active player, if a patron, accepts (B9); a patron without
    tokens cannot decline."""
    rules = tables[T_RULES]
    npl = rules[R_NPL]
    a = st[F_AC_A]
    qa = st[F_PLACE + a]
    while True:
        done = st[F_FV_DONE]
        if done == 7:
            st[F_FV_ON] = 0
            favor_declared(st, tables, rng, True, log, io, on)
            return
        best = -1
        best_d = 0
        for f in range(3):          # the next undeclared patron clockwise from a
            if (done >> f) & 1:
                continue
            p = leader(st, tables, f)
            d = (st[F_PLACE + p] - qa + npl) % npl
            if d == 0:
                d = npl             # sharing a's place: reached last
            if best < 0 or d < best_d:
                best, best_d = f, d
        st[F_FV_DONE] = done | (1 << best)
        p = leader(st, tables, best)
        if p == a or st[F_VETOS + best] == 0:
            continue
        st[F_FV_F] = best
        ask(st, io, DEC_VETO, p)
        return


@njit(cache=True, _nrt=False)
def declare(st, tables, rng, patron, decline, io, log, on, met):
    """The patron's answer to the favor pending."""
    if decline:
        if st[F_FV_ON] == 2:
            st[F_VETOS + st[F_FV_F]] -= 1
        else:
            st[F_VETO] -= 1
        st[F_SPENT] += 1
        met[patron, M_VETOES] += 1.0
        st[F_FV_ON] = 0
        favor_declared(st, tables, rng, False, log, io, on)
    elif st[F_FV_ON] == 1:
        st[F_FV_ON] = 0
        favor_declared(st, tables, rng, True, log, io, on)
    # scenario 5: favor_step asks the next patron


@njit(cache=True, _nrt=False)
def favor_declared(st, tables, rng, accepted, log, io, on):
    a = st[F_AC_A]
    log_event(log, io, on, EV_FAVOR, a, 1 if accepted else 0, st[F_AC_X], st[F_AC_Y], st[F_AC_Z])
    if accepted:
        begin_action(st, tables, rng, log, io, on)


# -- an action --------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def begin_action(st, tables, rng, log, io, on):
    """One action (F_AC_*): divine judgment if the card calls for it; then (action_step) the
    chosen players' reactions, the effect, the reactions of those it moved."""
    a = st[F_AC_A]
    st[F_WINDOW] += 1
    row = tables[T_ACTIONS][st[F_CHAR + a], st[F_AC_SLOT]]
    if row[A_JUDGED] == 1:
        crown = below(rng, CHANCE, 2) == 0     # divine judgment: a fair coin from chance
        log_event(log, io, on, EV_JUDGMENT, a, 1 if crown else 0, 0, 0, 0)
        if not crown:
            return
    st[F_AC_I] = 0
    st[F_AC_STEP] = AC_TARGETED


@njit(cache=True, _nrt=False)
def action_step(st, tables, io, mv, log, on, met):
    rules = tables[T_RULES]
    n = rules[R_N]
    a = st[F_AC_A]
    s = st[F_AC_STEP]
    if s == AC_TARGETED:
        op = tables[T_ACTIONS][st[F_CHAR + a], st[F_AC_SLOT], A_OP]
        while st[F_AC_I] < 2:
            t = st[F_AC_X] if st[F_AC_I] == 0 else st[F_AC_Y]
            st[F_AC_I] += 1
            if t >= 0 and t != a and chooses_player(op):
                if offer_reaction(st, tables, io, mv, t, ON_TARGETED, a):
                    return
        for p in range(n):
            st[F_MOVED + p] = 0
        st[F_AC_BEFORE] = beside_watched(st, tables)
        st[F_AC_STEP] = AC_EFFECT_DONE
        begin_effect(st, tables, a, st[F_AC_SLOT], st[F_AC_X], st[F_AC_Y], st[F_AC_Z], 0, log, io, on)
    elif s == AC_EFFECT_DONE:
        note_signs(st, tables, a, st[F_AC_BEFORE])
        st[F_WINDOW] += 1
        st[F_AC_I] = 0
        st[F_AC_STEP] = AC_MOVED
    elif s == AC_MOVED:
        while st[F_AC_I] < n:
            p = st[F_AC_I]
            st[F_AC_I] += 1
            if st[F_MOVED + p] != 0 and p != a:
                if offer_reaction(st, tables, io, mv, p, ON_MOVED, -1):
                    return
        st[F_AC_STEP] = AC_IDLE


@njit(cache=True, _nrt=False)
def offer_reaction(st, tables, io, mv, r, window, pa):
    """r may use his reaction if it answers this window kind, once per window; a reaction's
    own effect offers no reactions (reading B17). pa: the actor whose pending action (F_AC_*)
    chose r, -1 none. True if asked."""
    rules = tables[T_RULES]
    if rules[R_FULL] == 0 or st[F_IN_REACTION] == 1 or st[F_REACTED + r] == st[F_WINDOW]:
        return False
    if list_reactions(st, tables, r, window, mv) <= 1:
        return False
    st[F_RE_WIN] = window
    st[F_RE_PA] = pa
    st[F_RE_SLOT] = st[F_AC_SLOT]
    st[F_RE_X] = st[F_AC_X]
    st[F_RE_Y] = st[F_AC_Y]
    st[F_RE_Z] = st[F_AC_Z]
    ask(st, io, DEC_REACTION, r)
    return True


@njit(cache=True, _nrt=False)
def react(st, tables, r, slot, x, y, z, log, io, on, met):
    if slot == MV_PASS:
        return
    st[F_REACTED + r] = st[F_WINDOW]
    st[F_IN_REACTION] = 1
    met[r, M_REACTIONS] += 1.0
    log_event(log, io, on, EV_REACT, r, st[F_RE_WIN], x, y, z)
    for p in range(MAXP):
        st[F_RMOVED + p] = 0
    begin_effect(st, tables, r, REACTION, x, y, z, 1, log, io, on)


@njit(cache=True, _nrt=False)
def objective_reaction(st, tables, io, sim, mv):
    """The objective phase's reactions, lowest initiative first (reading B17), then its
    scoring."""
    n = tables[T_RULES][R_N]
    order = sim[0:MAXP]
    for p in range(n):
        order[p] = p
    for i in range(n):
        for j in range(i + 1, n):
            if initiative(st, tables, order[j]) < initiative(st, tables, order[i]):
                order[i], order[j] = order[j], order[i]
    while st[F_OB_I] < n:
        p = order[st[F_OB_I]]
        st[F_OB_I] += 1
        if offer_reaction(st, tables, io, mv, p, ON_OBJECTIVE, -1):
            return
    st[F_STEP] = S_OBJ_SCORE


# -- an effect --------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def begin_effect(st, tables, a, slot, x, y, z, reaction, log, io, on):
    """What a's action (or reaction) does, checked again now (a reaction may have changed the
    table): an effect no longer possible on someone simply does not happen to him. Entering
    a place and the each-adjacent switch continue in effect_step (the players' choices)."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    st[F_EF_A] = a
    st[F_EF_SLOT] = slot
    st[F_EF_X] = x
    st[F_EF_Y] = y
    st[F_EF_Z] = z
    st[F_EF_REACT] = reaction
    st[F_EF_STEP] = EF_DONE
    moved = st[F_RMOVED:F_RMOVED + MAXP] if reaction == 1 else st[F_MOVED:F_MOVED + MAXP]
    row = tables[T_ACTIONS][st[F_CHAR + a], slot]
    op, icon = row[A_OP], row[A_ICON]
    if op == OP_SWITCH:
        if affectable(st, tables, a, x, icon) and st[F_PLACE + x] != st[F_PLACE + a]:
            switch_places(st, a, x, moved, log, io, on)
    elif op == OP_SWAP_TWO:
        if (affectable(st, tables, a, x, icon) and affectable(st, tables, a, y, icon)
                and st[F_PLACE + x] != st[F_PLACE + y]):
            switch_places(st, x, y, moved, log, io, on)
    elif op == OP_MOVE_TO:
        if x != st[F_PLACE + a] and player_place(st, x) and (
                row[A_SHARE] == 1 or place_open(st, tables, a, x, icon, a, n)):
            enter(st, a, x, row[A_SHARE], moved, log, io, on)
    elif op == OP_MOVE_NEXT_TO:
        q = step(st[F_PLACE + x], z, npl)
        if q != st[F_PLACE + a] and place_open(st, tables, a, q, icon, a, n):
            enter(st, a, q, 0, moved, log, io, on)
    elif op == OP_BRING_NEXT_TO:
        q = step(st[F_PLACE + a], z, npl)
        if affectable(st, tables, a, x, icon) and q != st[F_PLACE + x] and place_open(st, tables, a, q, icon, x, n):
            enter(st, x, q, 0, moved, log, io, on)
    elif op == OP_EACH_ADJACENT_SWITCH:
        choosers(st, tables, a, row)
    elif op == OP_SIT:
        if affectable(st, tables, a, x, icon) and st[F_STAND + x] == 1:
            st[F_STAND + x] = 0
            log_event(log, io, on, EV_SIT, a, x, 1, 0, 0)
    elif op == OP_STAND:
        if affectable(st, tables, a, x, icon) and st[F_STAND + x] == 0:
            st[F_STAND + x] = 1
            log_event(log, io, on, EV_SIT, a, x, 0, 0, 0)
    elif op == OP_REVERSE:
        st[F_DIR] = -st[F_DIR]
    elif op == OP_PROTECT:
        if affectable(st, tables, a, x, icon):
            st[F_PROT + x] = 1
    elif op == OP_LOOK:
        if affectable(st, tables, a, x, icon):
            learn(st, tables, a, x, n)
            log_event(log, io, on, EV_REVEAL, x, st[F_ITEM + x], 0, a, 0)
    elif op == OP_REVEAL:
        if affectable(st, tables, a, x, icon):
            reveal_to_all(st, x, n)
            log_event(log, io, on, EV_REVEAL, x, st[F_ITEM + x], 1, a, 0)


@njit(cache=True, _nrt=False)
def enter(st, p, q, share, moved, log, io, on):
    """p moves to place q. Unless sharing, the players there leave (effect_step: lowest
    initiative first, each to an unoccupied place of his choice: reading B18)."""
    st[F_EN_P] = p
    st[F_EN_Q] = q
    st[F_EN_FORMER] = st[F_PLACE + p]
    st[F_PLACE + p] = q
    moved[p] = 1
    log_event(log, io, on, EV_PLACE, p, q, 0, 0, 0)
    if share == 0:
        st[F_EF_STEP] = EF_ENTER


@njit(cache=True, _nrt=False)
def choosers(st, tables, a, row):
    """Each player next to a who passes the filter, in initiative order, as the table stands
    before any of them moves (the Gamekeeper's printed action 1)."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    m = 0
    for c in range(n):
        if adjacent(st, a, c, npl) and chooser_ok(st, tables, a, row, c, n, npl):
            st[F_CHOOSERS + m] = c
            m += 1
    for i in range(m):
        for j in range(i + 1, m):
            if chooses_before(st, tables, a, st[F_CHOOSERS + j], st[F_CHOOSERS + i], npl):
                st[F_CHOOSERS + i], st[F_CHOOSERS + j] = st[F_CHOOSERS + j], st[F_CHOOSERS + i]
    st[F_CH_N] = m
    st[F_CH_I] = 0
    st[F_EF_STEP] = EF_PARTNER


@njit(cache=True, _nrt=False)
def chooses_before(st, tables, a, c, o, npl):
    """Does chooser c choose before o? Lowest initiative first (gamekeeper_initiative_order),
    else the nearer clockwise from the active player a."""
    if tables[T_RULES][R_GK_INITIATIVE] == 1:
        return initiative(st, tables, c) < initiative(st, tables, o)
    qa = st[F_PLACE + a]
    return (st[F_PLACE + c] - qa + npl) % npl < (st[F_PLACE + o] - qa + npl) % npl


@njit(cache=True, _nrt=False)
def effect_step(st, tables, io, log, on):
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    s = st[F_EF_STEP]
    moved = st[F_RMOVED:F_RMOVED + MAXP] if st[F_EF_REACT] == 1 else st[F_MOVED:F_MOVED + MAXP]
    if s == EF_ENTER:
        while True:
            o = lowest_initiative_at(st, tables, st[F_EN_Q], n, False, st[F_EN_P])
            if o < 0:
                break
            if free_count(st, n, npl) > 0:
                ask(st, io, DEC_PLACE, o)
                return
            io[1] += 1                  # asked with no free place: he takes the mover's former one
            st[F_PLACE + o] = st[F_EN_FORMER]
            moved[o] = 1
            log_event(log, io, on, EV_PLACE, o, st[F_EN_FORMER], 1, 0, 0)
        st[F_EF_STEP] = EF_DONE
    elif s == EF_PARTNER:
        a = st[F_EF_A]
        row = tables[T_ACTIONS][st[F_CHAR + a], st[F_EF_SLOT]]
        while st[F_CH_I] < st[F_CH_N]:
            c = st[F_CHOOSERS + st[F_CH_I]]
            st[F_CH_I] += 1
            if rules[R_GK_FIXED] == 0 and not adjacent(st, a, c, npl):
                continue                # an earlier switch took her away: she no longer chooses
            for o in range(n):
                if partner_ok(st, tables, a, row, c, o, n, npl):
                    ask(st, io, DEC_PARTNER, c)
                    return
        st[F_EF_STEP] = EF_DONE
    else:                               # EF_DONE
        if rules[R_SCEN] == SCEN_CASTLE:
            castle_after_effect(st, tables, moved, log, io, on)
        if st[F_EF_REACT] == 1:
            st[F_IN_REACTION] = 0
        st[F_EF_STEP] = EF_IDLE


@njit(cache=True, _nrt=False)
def free_count(st, n, npl):
    m = 0
    for q in range(npl):
        if free_place(st, n, q):
            m += 1
    return m


# -- scenario 6: the scepter, the gatehouse, the Keyring, the search ---------------------------
@njit(cache=True, _nrt=False)
def castle_next(st, tables, io, rng, log, on):
    """The scepter passed on, each pass to a player stepping the duke (every pass, or only
    those to standing players and to the gatehouse: reading B14), until a standing player is
    to act or the scenario ends; the receiver's arrival, or her search in the gatehouse."""
    rules = tables[T_RULES]
    if all_seated(st, tables):
        st[F_END] = END_ALL_SEATED
        return
    r = scepter_next(st, tables, st[F_HOLDER], st[F_FIRST] == 1)
    st[F_FIRST] = 0
    if r < 0:
        st[F_END] = END_ALL_SEATED
        return
    st[F_PASSES] += 1
    if st[F_PASSES] > rules[R_PASS_CAP]:
        st[F_END] = END_PASS_CAP
        return
    st[F_HOLDER] = r
    if rules[R_DUKE_EVERY_PASS] == 1 or st[F_STAND + r] == 1 or r == st[F_GATE]:
        duke_step(st, tables, log, io, on)
        if st[F_END] != END_NONE:
            return
    if r == st[F_GATE]:
        if st[F_FOUND] == 1:
            st[F_END] = END_RESCUED
            return
        begin_search(st, tables, rng, r, log, io, on)
        return
    arrive(st, tables, io, r, log, on)


@njit(cache=True, _nrt=False)
def arrive(st, tables, io, r, log, on):
    """The scepter's arrival for r before any turn: a male beside the tower removes a guard;
    the female carrier beside the gatehouse may enter it (her turn ends); then the Keyring
    hand-off (S_ARRIVE)."""
    rules = tables[T_RULES]
    carrier = st[F_KEYRING] == r        # he carried it when the scepter came
    st[F_CA_CARRIER] = 1 if carrier else 0
    if st[F_PLACE + r] == tower_side(rules) and gender(st, tables, r) == GENTLEMAN:
        remove_guard(st, tables, r, log, io, on)
    st[F_STEP] = S_ARRIVE
    if carrier and gender(st, tables, r) == LADY and st[F_PLACE + r] == gate_side(rules):
        ask(st, io, DEC_GATEHOUSE, r)


@njit(cache=True, _nrt=False)
def arrive_keyring(st, tables, io):
    """The carrier may hand the Keyring on at arrival (reading B16), or a seated carrier."""
    rules = tables[T_RULES]
    r = st[F_HOLDER]
    st[F_STEP] = S_ARRIVE_END
    if st[F_CA_CARRIER] == 1 and (rules[R_KEYRING_AT_ARRIVAL] == 1 or st[F_STAND + r] == 0):
        offer_keyring(st, tables, io, r)


@njit(cache=True, _nrt=False)
def keyring_taker(st, tables, c, p):
    """p may take the Keyring from c: adjacent, not in the gatehouse."""
    npl = tables[T_RULES][R_NPL]
    return p != c and p != st[F_GATE] and adjacent_places(st[F_PLACE + p], st[F_PLACE + c], npl)


@njit(cache=True, _nrt=False)
def offer_keyring(st, tables, io, c):
    """The carrier may hand the Keyring to an adjacent player (not into the gatehouse); with
    nobody adjacent he is asked nothing but counted, as before."""
    if st[F_KEYRING] != c or c == st[F_GATE]:
        return
    for p in range(tables[T_RULES][R_N]):
        if keyring_taker(st, tables, c, p):
            ask(st, io, DEC_KEYRING, c)
            return
    io[1] += 1


@njit(cache=True, _nrt=False)
def begin_search(st, tables, rng, g, log, io, on):
    """Her turn: the last token finds the princess outright; otherwise divine judgment, a
    pendant buying another flip (search_step), a failed token discarded."""
    st[F_TURNS] += 1
    st[F_SE_SPENT] = 0
    if st[F_SEARCH] <= 1:
        st[F_SE_FOUND] = 1
        end_search(st, g, log, io, on)
        return
    st[F_SE_FOUND] = 1 if below(rng, CHANCE, 2) == 0 else 0
    st[F_STEP] = S_SEARCH


@njit(cache=True, _nrt=False)
def search_step(st, tables, io, log, on):
    rules = tables[T_RULES]
    g = st[F_HOLDER]
    if (st[F_SE_FOUND] == 0 and st[F_PENDANTS + g] > 0
            and (st[F_SE_SPENT] == 0 or rules[R_REFLIP_REPEATS] == 1)):
        ask(st, io, DEC_REFLIP, g)
        return
    end_search(st, g, log, io, on)


@njit(cache=True, _nrt=False)
def end_search(st, g, log, io, on):
    if st[F_SE_FOUND] == 0:
        st[F_SEARCH] -= 1
    if st[F_SE_FOUND] == 1:
        st[F_FOUND] = 1
    log_event(log, io, on, EV_SEARCH, g, st[F_SE_FOUND], st[F_SEARCH], st[F_SE_SPENT], 0)
    st[F_STEP] = S_NEXT


# -- set-up places chosen (reading B1's switch, R_SETUP_CHOSEN) --------------------------------
@njit(cache=True, _nrt=False)
def begin_seating(st, tables):
    """The players pick their places in the scenario's order over the seating chance drew (a
    place held by a player yet to pick counts as free: he picks his own later): scenario 1
    everyone but the king, then the king any place (its occupant takes the king's); scenario 3
    the king, his faction, then the duke's and the baron's alternately, the duke's first;
    scenario 4 the queen, the king across from her (no choice), the rest of her faction, then
    the maiden's, who may take a place a queen's-faction member holds (he then picks a free
    one); scenario 6 every player a place of the line. False: chance seats them (switch off,
    or scenarios 2 and 5, whose places the rulebook fixes)."""
    rules = tables[T_RULES]
    n, scen = rules[R_N], rules[R_SCEN]
    if rules[R_SETUP_CHOSEN] == 0 or scen == SCEN_SPIES or scen == SCEN_ESTATE:
        return False
    m = 0
    if scen == SCEN_BANQUET:
        for p in range(n):
            if p != st[F_KING]:
                m = pick_next(st, m, p)
        m = pick_next(st, m, st[F_KING])
    elif scen == SCEN_LEAGUE:
        m = pick_next(st, m, st[F_KING])
        for p in range(n):
            if st[F_FACTION + p] == KING_F and p != st[F_KING]:
                m = pick_next(st, m, p)
        d = member_from(st, n, DUKE_F, 0)
        b = member_from(st, n, BARON_F, 0)
        while d < n or b < n:
            if d < n:
                m = pick_next(st, m, d)
                d = member_from(st, n, DUKE_F, d + 1)
            if b < n:
                m = pick_next(st, m, b)
                b = member_from(st, n, BARON_F, b + 1)
    elif scen == SCEN_MAIDEN:
        m = pick_next(st, m, st[F_HOST])
        m = pick_next(st, m, st[F_PATRON])
        for p in range(n):
            if st[F_FACTION + p] == QUEEN_F and p != st[F_HOST] and p != st[F_PATRON]:
                m = pick_next(st, m, p)
        for p in range(n):
            if st[F_FACTION + p] == MAIDEN_F:
                m = pick_next(st, m, p)
    else:
        for p in range(n):
            m = pick_next(st, m, p)
    st[F_SU_N] = m
    st[F_SU_I] = 0
    st[F_SU_DISP] = -1
    for p in range(MAXP):
        st[F_SU_PICKED + p] = 0
    return True


@njit(cache=True, _nrt=False, inline="always")
def pick_next(st, m, p):
    st[F_SU_ORDER + m] = p
    return m + 1


@njit(cache=True, _nrt=False)
def member_from(st, n, f, p):
    """The first seat from p on of faction f (n: none)."""
    while p < n and st[F_FACTION + p] != f:
        p += 1
    return p


@njit(cache=True, _nrt=False)
def holder(st, n, q, p):
    """Another player than p at place q, -1 none."""
    for o in range(n):
        if o != p and st[F_PLACE + o] == q:
            return o
    return -1


@njit(cache=True, _nrt=False)
def seat_open(st, tables, p, q):
    """p may pick place q now: a player's place, free or held by one yet to pick; any place
    for the scenario 1 king; for a scenario 4 maiden, any not held by a faction-mate who
    picked."""
    rules = tables[T_RULES]
    if not player_place(st, q):
        return False
    h = holder(st, rules[R_N], q, p)
    if h < 0 or st[F_SU_PICKED + h] == 0:
        return True
    if st[F_SU_DISP] == p:
        return False
    if rules[R_SCEN] == SCEN_BANQUET:
        return p == st[F_KING]
    return rules[R_SCEN] == SCEN_MAIDEN and st[F_FACTION + p] == MAIDEN_F and st[F_FACTION + h] != MAIDEN_F


@njit(cache=True, _nrt=False)
def take_place(st, tables, p, q, log, io, on):
    """p takes place q; a player there takes p's former place. Returns him (-1 none)."""
    h = holder(st, tables[T_RULES][R_N], q, p)
    if h >= 0:
        st[F_PLACE + h] = st[F_PLACE + p]
    st[F_PLACE + p] = q
    st[F_SU_PICKED + p] = 1
    log_event(log, io, on, EV_PLACE, p, q, 0, 0, 0)
    if h >= 0:
        log_event(log, io, on, EV_PLACE, h, st[F_PLACE + h], 1, 0, 0)
    return h


@njit(cache=True, _nrt=False)
def seating_step(st, tables, io, rng, log, on):
    """The next player to pick (the scenario 4 king goes across from the queen), or round 1."""
    rules = tables[T_RULES]
    if st[F_SU_DISP] >= 0:
        ask(st, io, DEC_SEAT, st[F_SU_DISP])
        return
    while st[F_SU_I] < st[F_SU_N]:
        p = st[F_SU_ORDER + st[F_SU_I]]
        if rules[R_SCEN] == SCEN_MAIDEN and p == st[F_PATRON]:
            take_place(st, tables, p, across_from(rules, rng, st[F_PLACE + st[F_HOST]], rules[R_NPL]), log, io, on)
            st[F_SU_I] += 1
            continue
        ask(st, io, DEC_SEAT, p)
        return
    st[F_STEP] = S_ROUND


@njit(cache=True, _nrt=False)
def seat_pick(st, tables, p, q, log, io, on):
    h = take_place(st, tables, p, q, log, io, on)
    if st[F_SU_DISP] == p:              # the displaced queen's-faction member has his place
        st[F_SU_DISP] = -1
    elif (tables[T_RULES][R_SCEN] == SCEN_MAIDEN and st[F_FACTION + p] == MAIDEN_F and h >= 0
            and st[F_SU_PICKED + h] == 1):
        st[F_SU_DISP] = h               # he picks an unoccupied place (seating_step asks)
        return
    st[F_SU_I] += 1
