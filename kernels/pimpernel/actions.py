"""A move on the board, and taking it back: the cubes and markers a move shifts, a bumped
cube, the majority tiles it may change (the rulebook's actions, as apply_move plays them), and
the journal that undoes a tried move (a favor card's other half is legal only if it still is
after the first half: rules.py)."""

from kernels.pimpernel.jit import kernel
from kernels.pimpernel.layout import (A_REST, BUMP_TILE_PLACER, EV_BUMP, EV_MOVE, EV_TILE, ICON_TO_ACT,
    IC_NONE, K_BUMP_TILE, K_LC_ICON, K_POINT_PT, K_TILE_AREA, MAXSLOT, MV_AREA, MV_BUILD, MV_LEADER, MV_LOC,
    MV_MOVE, MV_POINT, MV_REMOVE, MV_ROUTE, NAREA, O_BLD, O_BLDTILE, O_HOLDER, O_LAST, O_LAST_EVER,
    O_LAST_LEAD, O_LEADER, O_LOC, O_LOCCARD, O_N, O_ROUTE, O_ST_BLD, O_ST_LEAD, O_ST_LOC, O_ST_ROUTE,
    O_T_AREA, O_T_REST_IN, O_T_REST_OUT, O_T_REST_RM, PLK, P_ICON_PTS, P_REGION, P_SUPPLY, RM_AREA, RM_BUILD,
    RM_LOC, RM_ROUTE)
from kernels.pimpernel.state import add_score, area_at, area_total, log_event, player_at, stamp


@kernel
def update_majority(s, a, log, nlog, log_on):
    """A player with strictly more cubes than each other player in area a takes its tile."""
    n = s[O_N]
    best = -1
    bestc = 0
    tie = False
    for p in range(n):
        c = s[area_at(p, a)]
        if c > bestc:
            bestc = c
            best = p
            tie = False
        elif c == bestc and c > 0:
            tie = True
    if best >= 0 and not tie and s[O_HOLDER + a] != best:
        s[O_HOLDER + a] = best
        log_event(log, nlog, log_on, EV_TILE, best, a, 0, 0, 0)


@kernel
def take_cube(s, p, from_rest, log, nlog, log_on):
    if from_rest:
        s[area_at(p, A_REST)] -= 1
        s[O_T_REST_OUT] = 1
        update_majority(s, A_REST, log, nlog, log_on)
    else:
        s[player_at(p, P_SUPPLY)] -= 1
    s[O_LAST] = p
    s[O_LAST_EVER] = p


@kernel
def bump_cube(s, K, p, q, ar, bld, log, nlog, log_on):
    """q's cube on building bld, which p takes, goes to area ar. The first cube ever in an area brings its
    tile to "the player placing the cube": by the reading game.bumped_first_cube_tile, the cube's
    owner (as a majority would) or p, who placed it there."""
    first = s[O_HOLDER + ar] < 0 and area_total(s, ar) == 0
    s[area_at(q, ar)] += 1
    log_event(log, nlog, log_on, EV_BUMP, q, ar, bld, 0, 0)
    if first and K[K_BUMP_TILE] == BUMP_TILE_PLACER:
        s[O_HOLDER + ar] = p
        log_event(log, nlog, log_on, EV_TILE, p, ar, 0, 0, 0)
    else:
        update_majority(s, ar, log, nlog, log_on)


@kernel
def apply_move(s, K, p, kind, a, b, from_rest, log, nlog, log_on):
    """Play one move for p; returns the action an icon now offers (or -1)."""
    log_event(log, nlog, log_on, EV_MOVE, p, kind, a, b, 1 if from_rest else 0)
    st = stamp(s)
    if kind == MV_MOVE:
        s[player_at(p, P_REGION)] = a
    elif kind == MV_ROUTE:
        take_cube(s, p, from_rest, log, nlog, log_on)
        s[O_ROUTE + a] = p
        s[O_ST_ROUTE + a] = st
    elif kind == MV_LOC:
        take_cube(s, p, from_rest, log, nlog, log_on)
        s[O_LOC + a] = p
        s[O_ST_LOC + a] = st
        c = s[O_LOCCARD + a // MAXSLOT]
        icon = K[K_LC_ICON + c * MAXSLOT + a % MAXSLOT]
        if icon != IC_NONE:
            return icon + ICON_TO_ACT
    elif kind == MV_LEADER:
        take_cube(s, p, from_rest, log, nlog, log_on)
        s[O_LEADER + a] = p
        s[O_ST_LEAD + a] = st
        s[O_LAST_LEAD] = p
    elif kind == MV_BUILD:
        take_cube(s, p, from_rest, log, nlog, log_on)
        q = s[O_BLD + a]
        if q >= 0:
            bump_cube(s, K, p, q, K[K_TILE_AREA + s[O_BLDTILE + a]], a, log, nlog, log_on)
        s[O_BLD + a] = p
        s[O_ST_BLD + a] = st
    elif kind == MV_AREA:
        take_cube(s, p, from_rest, log, nlog, log_on)
        s[area_at(p, a)] += 1
        s[O_T_AREA + a] += 1
        if a == A_REST:
            s[O_T_REST_IN] = 1
        update_majority(s, a, log, nlog, log_on)
    elif kind == MV_POINT:
        add_score(s, p, K[K_POINT_PT])
        s[player_at(p, P_ICON_PTS)] += K[K_POINT_PT]
    elif kind == MV_REMOVE:
        s[player_at(p, P_SUPPLY)] += 1
        if a == RM_ROUTE:
            s[O_ROUTE + b] = -1
        elif a == RM_LOC:
            s[O_LOC + b] = -1
        elif a == RM_BUILD:
            s[O_BLD + b] = -1
        elif a == RM_AREA:
            s[area_at(p, b)] -= 1
            if b == A_REST:   # removed from rest: no cube goes in this turn
                s[O_T_REST_RM] = 1
            update_majority(s, b, log, nlog, log_on)
        else:
            s[O_LEADER + b] = -1
    return -1


@kernel(inline=True)
def keep_cell(s, tmp, j, i):
    """Journal entry j: cell i of s and its value (tmp columns 4, 5; a move list uses 0..3)."""
    tmp[j, 4] = i
    tmp[j, 5] = s[i]
    return j + 1


@kernel
def journal_move(s, K, p, kind, a, b, tmp, j):
    """Keep every cell of s that apply_move may change when p plays (kind, a, b) from supply
    with the log off: p's row, the last placers, the favor tiles' holders, and the space,
    area and stamp the move names, in tmp's journal from entry j. Returns the next entry
    (undo_move puts them back)."""
    for f in range(PLK):
        j = keep_cell(s, tmp, j, player_at(p, f))
    j = keep_cell(s, tmp, j, O_LAST)
    j = keep_cell(s, tmp, j, O_LAST_EVER)
    j = keep_cell(s, tmp, j, O_LAST_LEAD)
    for t in range(NAREA):
        j = keep_cell(s, tmp, j, O_HOLDER + t)
    if kind == MV_ROUTE:
        j = keep_cell(s, tmp, j, O_ROUTE + a)
        j = keep_cell(s, tmp, j, O_ST_ROUTE + a)
    elif kind == MV_LOC:
        j = keep_cell(s, tmp, j, O_LOC + a)
        j = keep_cell(s, tmp, j, O_ST_LOC + a)
    elif kind == MV_LEADER:
        j = keep_cell(s, tmp, j, O_LEADER + a)
        j = keep_cell(s, tmp, j, O_ST_LEAD + a)
    elif kind == MV_BUILD:
        j = keep_cell(s, tmp, j, O_BLD + a)
        j = keep_cell(s, tmp, j, O_ST_BLD + a)
        q = s[O_BLD + a]
        if q >= 0:   # the bumped cube goes to its owner's area
            j = keep_cell(s, tmp, j, area_at(q, K[K_TILE_AREA + s[O_BLDTILE + a]]))
    elif kind == MV_AREA:
        j = keep_cell(s, tmp, j, area_at(p, a))
        j = keep_cell(s, tmp, j, O_T_AREA + a)
        j = keep_cell(s, tmp, j, O_T_REST_IN)
    elif kind == MV_REMOVE:
        if a == RM_ROUTE:
            j = keep_cell(s, tmp, j, O_ROUTE + b)
        elif a == RM_LOC:
            j = keep_cell(s, tmp, j, O_LOC + b)
        elif a == RM_BUILD:
            j = keep_cell(s, tmp, j, O_BLD + b)
        elif a == RM_AREA:
            j = keep_cell(s, tmp, j, area_at(p, b))
            j = keep_cell(s, tmp, j, O_T_REST_RM)
        else:
            j = keep_cell(s, tmp, j, O_LEADER + b)
    return j


@kernel
def undo_move(s, tmp, lo, j):
    """Put back the cells journal_move kept in entries lo..j-1, last first."""
    for i in range(j - 1, lo - 1, -1):
        s[tmp[i, 4]] = tmp[i, 5]
