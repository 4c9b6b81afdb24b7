"""Set-up places chosen (reading B1's switch, R_SETUP_CHOSEN): the players pick their places in
the scenario's order over the seating chance drew, before round 1."""
from numba import njit

from kernels.banquet.layout import (BARON_F, DEC_SEAT, DEC_SEND, DUKE_F, EV_PLACE, F_FACTION, F_HOST, F_KING,
                                    F_PATRON, F_PLACE, F_STEP, F_SU_DISP, F_SU_I, F_SU_N, F_SU_ORDER,
                                    F_SU_PICKED, KING_F, MAIDEN_F, MAXP, QUEEN_F, R_CH_BARON, R_CH_DUKE,
                                    R_FACTION_SENDS, R_N, R_NPL, R_SCEN, R_SETUP_CHOSEN, S_ROUND,
                                    SCEN_BANQUET, SCEN_ESTATE, SCEN_LEAGUE, SCEN_MAIDEN, SCEN_SPIES, T_RULES)
from kernels.banquet.rules import ask, log_event
from kernels.banquet.setup_places import holder
from kernels.banquet.state import across_from, seat_of_char

SENT = -1      # SENT - f in the picking order: traitor faction f's turn to send a member


@njit(cache=True, _nrt=False, inline="always")
def begin_seating(st, tables):
    """The players pick their places in the scenario's order over the seating chance drew (a
    place held by a player yet to pick counts as free: he picks his own later): scenario 1
    everyone but the king, then the king any place (its occupant takes the king's); scenario 3
    the king, his faction, then the duke's and the baron's alternately, the duke's first, each
    sending the member it chooses (R_FACTION_SENDS; else its members in seat order);
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
        sends = rules[R_FACTION_SENDS] == 1
        d = member_from(st, n, DUKE_F, 0)
        b = member_from(st, n, BARON_F, 0)
        while d < n or b < n:
            if d < n:
                m = pick_next(st, m, SENT - DUKE_F if sends else d)
                d = member_from(st, n, DUKE_F, d + 1)
            if b < n:
                m = pick_next(st, m, SENT - BARON_F if sends else b)
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
        if p < 0:
            f = sending_faction(st)
            p = lone_member(st, rules[R_N], f)
            if p < 0:
                ask(st, io, DEC_SEND, sender(st, tables, f))
                return
            send(st, p)
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


# -- scenario 3: each traitor faction sends the member it chooses (R_FACTION_SENDS) ------------
@njit(cache=True, _nrt=False)
def sending_faction(st):
    """The traitor faction whose turn it is to send a member to pick (-1: a player's turn)."""
    p = st[F_SU_ORDER + st[F_SU_I]]
    return SENT - p if p < 0 else -1


@njit(cache=True, _nrt=False)
def sender(st, tables, f):
    """Who decides for faction f: its leader, the duke or the baron (the faction chose him to
    bear its title, as the king speaks for his)."""
    rules = tables[T_RULES]
    return seat_of_char(st, rules[R_N], rules[R_CH_DUKE] if f == DUKE_F else rules[R_CH_BARON])


@njit(cache=True, _nrt=False)
def lone_member(st, n, f):
    """Faction f's one member yet to pick (he goes: no choice), -1 if there are more."""
    lone = -1
    for p in range(n):
        if may_send(st, p, f):
            if lone >= 0:
                return -1
            lone = p
    return lone


@njit(cache=True, _nrt=False)
def may_send(st, p, f):
    """p may be sent: a member of faction f who has not picked."""
    return st[F_FACTION + p] == f and st[F_SU_PICKED + p] == 0


@njit(cache=True, _nrt=False)
def send(st, p):
    """p picks next, in his faction's turn."""
    st[F_SU_ORDER + st[F_SU_I]] = p
