"""Scenario 6's steps of a round (the castle's rules are castle.py's): the scepter passed on a
player at a time, each pass stepping the duke; the receiver's arrival (a guard removed, the
gatehouse entered, the Keyring handed on); the search in the gatehouse and its re-flips."""
from numba import njit

from kernels.banquet.castle import all_seated, duke_step, remove_guard, scepter_next
from kernels.banquet.castle_places import gate_side, gender, tower_side
from kernels.banquet.castle_team import adjacent_places
from kernels.banquet.layout import (DEC_GATEHOUSE, DEC_KEYRING, DEC_REFLIP, END_ALL_SEATED, END_NONE,
                                    END_PASS_CAP, END_RESCUED, EV_SEARCH, F_CA_CARRIER, F_END, F_FIRST,
                                    F_FOUND, F_GATE, F_HOLDER, F_KEYRING, F_PASSES, F_PENDANTS, F_PLACE,
                                    F_SE_FOUND, F_SE_SPENT, F_SEARCH, F_STAND, F_STEP, F_TURNS, GENTLEMAN,
                                    LADY, R_DUKE_EVERY_PASS, R_KEYRING_AT_ARRIVAL, R_N, R_NPL, R_PASS_CAP,
                                    R_REFLIP_REPEATS, S_ARRIVE, S_ARRIVE_END, S_NEXT, S_SEARCH, T_RULES)
from kernels.banquet.rules import ask, log_event
from kernels.rng import below, CHANCE


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


@njit(cache=True, _nrt=False, inline="always")
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
