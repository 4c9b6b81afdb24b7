"""Scenario 6's castle places: where the tower, the bastion, the gatehouse and the players'
line lie around the table, and the queries about them the rules and the team's choices share.

Geometry (reading B12): "to the right" is one step in the direction R (-1 when
right_is_anticlockwise). The guard tower is place 0; the bastion one step left of it, the
gatehouse one further; the duke starts one step right of the tower. The places from the
tower's side (patrol index 1) to the gatehouse's side (index n + 1) are the players' line,
which the duke patrols and the Hound walks down to the gatehouse."""
from numba import njit

from kernels.banquet.layout import (C_GENDER, C_INIT, F_CHAR, F_PLACE, F_STAND, R_NPL,
                                    R_RIGHT_IS_ANTICLOCKWISE, T_CHARS)


# -- the castle's places ----------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def right(rules):
    """One step to the right (reading B12)."""
    return -1 if rules[R_RIGHT_IS_ANTICLOCKWISE] == 1 else 1


@njit(cache=True, _nrt=False, inline="always")
def at(rules, k):
    """The place k steps right of the guard tower (patrol index k)."""
    npl = rules[R_NPL]
    return ((k * right(rules)) % npl + npl) % npl


@njit(cache=True, _nrt=False, inline="always")
def patrol_index(rules, q):
    """How many steps right of the tower place q lies (0 the tower, n + 2 the gatehouse)."""
    npl = rules[R_NPL]
    return ((q * right(rules)) % npl + npl) % npl


@njit(cache=True, _nrt=False, inline="always")
def tower(rules):
    return 0


@njit(cache=True, _nrt=False, inline="always")
def bastion(rules):
    return at(rules, rules[R_NPL] - 1)


@njit(cache=True, _nrt=False, inline="always")
def gatehouse(rules):
    return at(rules, rules[R_NPL] - 2)


@njit(cache=True, _nrt=False, inline="always")
def tower_side(rules):
    """The place next to the guard tower on the players' line."""
    return at(rules, 1)


@njit(cache=True, _nrt=False, inline="always")
def gate_side(rules):
    """The place next to the gatehouse on the players' line."""
    return at(rules, rules[R_NPL] - 3)


@njit(cache=True, _nrt=False)
def castle_place(rules, q):
    """The tower, the bastion or the gatehouse."""
    k = patrol_index(rules, q)
    return k == 0 or k >= rules[R_NPL] - 2


@njit(cache=True, _nrt=False, inline="always")
def gender(st, tables, p):
    return tables[T_CHARS][st[F_CHAR + p], C_GENDER]


@njit(cache=True, _nrt=False)
def first_at(st, tables, q, n, standing_only):
    """The lowest-initiative player at q (standing ones only if asked), -1 none."""
    chars = tables[T_CHARS]
    best = -1
    for p in range(n):
        if st[F_PLACE + p] == q and (not standing_only or st[F_STAND + p] == 1):
            if best < 0 or chars[st[F_CHAR + p], C_INIT] < chars[st[F_CHAR + best], C_INIT]:
                best = p
    return best
