"""A player's turn once the scepter reaches him standing: the scenario 2 spy's bribe before it,
then his move - a pass, an action (action.py), or a favor asked of the patron (scenario 5:
of the three patrons in turn), who accepts or declines with a veto token."""
from numba import njit

from kernels.banquet.action import begin_action
from kernels.banquet.layout import (DEC_VETO, EV_ACTION, EV_FAVOR, EV_PASS, F_AC_A, F_AC_SLOT, F_AC_X, F_AC_Y,
                                    F_AC_Z, F_ACTIONS, F_FV_DONE, F_FV_F, F_FV_ON, F_PATRON, F_PLACE, F_RING,
                                    F_SPENT, F_STAND, F_TURNS, F_VETO, F_VETOS, FAVOR, M_ACTIONS, M_FAVORS,
                                    M_PASSES, M_VETOES, MV_PASS, R_BRIBE_SEATED, R_N, R_NPL, R_RING, R_SCEN,
                                    SCEN_ESTATE, T_RULES)
from kernels.banquet.rules import ask, leader, log_event
from kernels.banquet.state import adjacent


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
