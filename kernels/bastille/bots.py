"""The bots' choices, shared by greedy (weight set WB_GREEDY) and heuristic (WB_HEUR), from
the valuations in values.py; the random bot draws from its seat's stream. They read the state
and never change it, save their scratch (st[SCR_*], fs). ``choose_option`` is the bots as a
policy: the pending decision and its option rows in, an option index out (kernels/README.md)."""

from numba import njit

from kernels.common import lowest_bit
from kernels.rng import below
from kernels.bastille.layout import (
    CGRP, DEC_CATACOMB, DEC_CHARACTER, DEC_MISSION, DEC_PILE, DEC_PLACE, DEC_UPGRADE,
    DEC_VERSAILLES, DEC_WEAPON, G_C0, G_C1, G_KIND, G_MI, G_MN, G_SEAT, MONKS_EXHAUSTIVE, SCR_MONK,
    SCR_MPLAN,
    AT_DECK, AT_PILE_B, BN, BOT_RANDOM, CATOCC, DISP, GR_MONK, G_BW, L_BANQUE, L_BASTILLE,
    L_CATACOMBES, L_ETATS, L_NOTRE_DAME, L_PLACE_LOUIS, L_VERSAILLES, MLOC, NPF, N_GROUPS, N_LOC,
    N_WEAPONS, PL, P_COINS, P_GRP, P_HAND, P_MISMASK, P_MONKAS, P_NEED, P_W, SEATBOT, T_CB,
    T_CH_COST, T_CK, T_CN, T_DISPLAY, T_GWEAP, T_MAXV, T_MN, T_NMIS, T_SPACES, T_VK, T_VN, W_HENCH)
from kernels.bastille.state import (
    bot_stream, held_missions, mission_points, owned_characters, unarmed_count, unarmed_penalty)
from kernels.bastille.moves import can_upgrade
from kernels.bastille.values import (
    character_value, coin_value, gain_value, mission_value, note_rivals, placement_worth, prepare_values,
    weight_base)


@njit(cache=True, _nrt=False, inline="always")
def choose_placement(tb, st, rng, p, W, fs):
    """(tile value, location) for p's next tile."""
    bot = st[SEATBOT + p]
    if bot == BOT_RANDOM:
        nv = 0
        for v in range(1, tb[T_MAXV] + 1):
            if st[PL + p * NPF + P_HAND + v] > 0:
                nv += st[PL + p * NPF + P_HAND + v]
        r = below(rng, bot_stream(p), nv)
        tv = 1
        for v in range(1, tb[T_MAXV] + 1):
            c = st[PL + p * NPF + P_HAND + v]
            if r < c:
                tv = v
                break
            r -= c
        nl = 0
        for loc in range(N_LOC):
            if st[BN + loc] < tb[T_SPACES + loc]:
                nl += 1
        r = below(rng, bot_stream(p), nl)
        for loc in range(N_LOC):
            if st[BN + loc] < tb[T_SPACES + loc]:
                if r == 0:
                    return tv, loc
                r -= 1
        return tv, 0
    wb = weight_base(st, p)
    prepare_values(tb, st, rng, p, W, wb, fs)
    best = -1e300
    bv = 1
    bl = 0
    for v in range(1, tb[T_MAXV] + 1):
        if st[PL + p * NPF + P_HAND + v] == 0:
            continue
        # one call per location, in board order: with the location a constant, each call
        # compiles to that location's reward alone (choose_placement ran x1.7 as fast as
        # with a loop over the locations)
        best, bv, bl = weigh_placement(tb, st, p, v, L_BANQUE, W, wb, fs, best, bv, bl)
        best, bv, bl = weigh_placement(tb, st, p, v, L_NOTRE_DAME, W, wb, fs, best, bv, bl)
        best, bv, bl = weigh_placement(tb, st, p, v, L_VERSAILLES, W, wb, fs, best, bv, bl)
        best, bv, bl = weigh_placement(tb, st, p, v, L_CATACOMBES, W, wb, fs, best, bv, bl)
        best, bv, bl = weigh_placement(tb, st, p, v, L_PLACE_LOUIS, W, wb, fs, best, bv, bl)
        best, bv, bl = weigh_placement(tb, st, p, v, L_BASTILLE, W, wb, fs, best, bv, bl)
        best, bv, bl = weigh_placement(tb, st, p, v, L_ETATS, W, wb, fs, best, bv, bl)
    return bv, bl


@njit(cache=True, _nrt=False)
def weigh_placement(tb, st, p, v, loc, W, wb, fs, best, bv, bl):
    """(best, value, location) after weighing v on loc against the best so far (the first
    of equal worth stays). Not inlined by Numba: LLVM inlines it with loc a constant, at a
    fraction of the compile time."""
    if st[BN + loc] >= tb[T_SPACES + loc]:
        return best, bv, bl
    x = placement_worth(tb, st, p, v, loc, W, wb, fs)
    if x > best:
        return x, v, loc
    return best, bv, bl


@njit(cache=True, _nrt=False)
def choose_versailles(tb, st, rng, p, vt, W):
    if st[SEATBOT + p] == BOT_RANDOM:
        return below(rng, bot_stream(p), 2)
    wb = weight_base(st, p)
    a = gain_value(tb, st, rng, p, tb[T_VK + vt * 2 + 0], tb[T_VN + vt * 2 + 0], W, wb)
    b = gain_value(tb, st, rng, p, tb[T_VK + vt * 2 + 1], tb[T_VN + vt * 2 + 1], W, wb)
    return 0 if a >= b else 1


@njit(cache=True, _nrt=False)
def choose_character(tb, st, rng, p, v, W):
    """Display index of the card p takes at Place Louis, or -1 to forfeit."""
    bot = st[SEATBOT + p]
    if bot == BOT_RANDOM:
        k = 1
        for i in range(tb[T_DISPLAY]):
            c = st[DISP + i]
            if c >= 0 and max(0, tb[T_CH_COST + c] - v) <= st[PL + p * NPF + P_COINS]:
                k += 1
        r = below(rng, bot_stream(p), k)
        for i in range(tb[T_DISPLAY]):
            c = st[DISP + i]
            if c >= 0 and max(0, tb[T_CH_COST + c] - v) <= st[PL + p * NPF + P_COINS]:
                if r == 0:
                    return i
                r -= 1
        return -1
    wb = weight_base(st, p)
    held = held_missions(tb, st, p)
    cv = coin_value(tb, st, rng, W, wb)
    best = 0.0
    bi = -1
    for i in range(tb[T_DISPLAY]):
        c = st[DISP + i]
        if c < 0:
            continue
        price = max(0, tb[T_CH_COST + c] - v)
        if price > st[PL + p * NPF + P_COINS]:
            continue
        x = character_value(tb, st, rng, p, c, W, wb, held) - cv * price
        if x > best:
            best = x
            bi = i
    return bi


@njit(cache=True, _nrt=False)
def choose_pile(tb, st, rng, p, W):
    """Secret Mission variant: a pile, chosen without seeing its cards (its size is public)."""
    na = 0
    nb = 0
    for m in range(tb[T_NMIS]):
        if st[MLOC + m] == AT_DECK:
            na += 1
        elif st[MLOC + m] == AT_PILE_B:
            nb += 1
    if st[SEATBOT + p] == BOT_RANDOM:
        return AT_DECK if below(rng, bot_stream(p), 2) == 0 else AT_PILE_B
    return AT_DECK if na >= nb else AT_PILE_B


@njit(cache=True, _nrt=False)
def choose_mission(tb, st, rng, p, pile, W):
    """A mission card from the deck (or pile) that p does not hold a copy of; -1 if none."""
    mask = st[PL + p * NPF + P_MISMASK]
    if st[SEATBOT + p] == BOT_RANDOM:
        k = 0
        for m in range(tb[T_NMIS]):
            if st[MLOC + m] == pile and (mask >> tb[T_MN + m]) & 1 == 0:
                k += 1
        if k == 0:
            return -1
        r = below(rng, bot_stream(p), k)
        for m in range(tb[T_NMIS]):
            if st[MLOC + m] == pile and (mask >> tb[T_MN + m]) & 1 == 0:
                if r == 0:
                    return m
                r -= 1
        return -1
    wb = weight_base(st, p)
    note_rivals(tb, st, p)
    owned = owned_characters(tb, st, p)
    best = -1e300
    bm = -1
    for m in range(tb[T_NMIS]):
        if st[MLOC + m] == pile and (mask >> tb[T_MN + m]) & 1 == 0:
            x = mission_value(tb, st, rng, p, m, W, wb, owned)
            if x > best:
                best = x
                bm = m
    return bm


@njit(cache=True, _nrt=False)
def choose_catacomb(tb, st, rng, p, lo, hi, W):
    """The untaken catacomb bonus p puts the drawn henchman on; -1 if all are taken."""
    occ = st[CATOCC:CATOCC + 40]
    if st[SEATBOT + p] == BOT_RANDOM:
        k = 0
        for i in range(lo, hi):
            if occ[i] < 0:
                k += 1
        if k == 0:
            return -1
        r = below(rng, bot_stream(p), k)
        for i in range(lo, hi):
            if occ[i] < 0:
                if r == 0:
                    return i
                r -= 1
        return -1
    wb = weight_base(st, p)
    best = -1e300
    bi = -1
    for i in range(lo, hi):
        if occ[i] < 0:
            x = gain_value(tb, st, rng, p, tb[T_CK + i], tb[T_CN + i], W, wb)
            if tb[T_CB + i] != 0:
                x += W[wb + W_HENCH]      # the cube goes back into the bag
            if x > best:
                best = x
                bi = i
    return bi


@njit(cache=True, _nrt=False)
def choose_weapon(tb, st, rng, p, W):
    """A weapon type still in the Bastille: the one p's characters lack most."""
    total = 0
    for t in range(N_WEAPONS):
        total += st[G_BW + t]
    if total == 0:
        return -1
    if st[SEATBOT + p] == BOT_RANDOM:
        r = below(rng, bot_stream(p), total)
        for t in range(N_WEAPONS):
            if r < st[G_BW + t]:
                return t
            r -= st[G_BW + t]
        return -1
    best = -1e300
    bt = -1
    for t in range(N_WEAPONS):
        if st[G_BW + t] == 0:
            continue
        x = float(st[PL + p * NPF + P_NEED + t] - st[PL + p * NPF + P_W + t])
        for gr in range(N_GROUPS):
            if tb[T_GWEAP + gr] == t:
                x += 0.5 * st[PL + p * NPF + P_GRP + GR_MONK] / N_GROUPS + 0.1 * st[PL + p * NPF + P_MONKAS + gr]
        x += 0.01 * st[G_BW + t]
        if x > best:
            best = x
            bt = t
    return bt


@njit(cache=True, _nrt=False)
def choose_upgrade(tb, st, rng, p, W):
    """Value of the tile p upgrades by one (the highest that can be), 0 if none."""
    for v in range(tb[T_MAXV] - 1, 0, -1):
        if st[PL + p * NPF + P_HAND + v] > 0 and can_upgrade(tb, st, rng, p, v):
            return v
    return 0


@njit(cache=True, _nrt=False, inline="always")
def own_end_points(tb, st, rng, p, held, owned):
    """p's mission points (held: held_missions, owned: owned_characters) less its unarmed
    penalty with the monks as assigned now."""
    tot = 0
    while held:
        tot += mission_points(tb, st, rng, p, lowest_bit(held), owned)
        held &= held - 1
    return tot - unarmed_penalty(tb, unarmed_count(tb, st, rng, p))


@njit(cache=True, _nrt=False, inline="always")
def find_option(buf, k, a, b, cols):
    """Index of the option row starting (a, b) (cols 1: a alone); the first row if none."""
    for i in range(k):
        if buf[i, 0] == a and (cols == 1 or buf[i, 1] == b):
            return i
    return 0


@njit(cache=True, _nrt=False)
def choose_monk_group(tb, st, rng, p):
    """The group p sorts the monk st[SCR_MONK + G_MI] into. Up to MONKS_EXHAUSTIVE monks in
    the sort: the best assignment of all the monks still unsorted, tried exhaustively (the
    first best in code order, so sorting them one by one ends where sorting them at once
    did; so the sort worked out at its first monk, kept in st[SCR_MPLAN..], answers for the
    later ones while the monks sorted since follow it); more: each to the group that scores
    best so far."""
    plan = planned_group(st)
    if plan >= 0:
        return plan
    held = held_missions(tb, st, p)
    owned = owned_characters(tb, st, p)
    i0 = st[G_MI]
    n_m = st[G_MN]
    if n_m > MONKS_EXHAUSTIVE:
        c = st[SCR_MONK + i0]
        bg = 0
        bvl = -(1 << 40)
        for gr in range(N_GROUPS):
            st[CGRP + c] = gr
            st[PL + p * NPF + P_MONKAS + gr] += 1
            val = own_end_points(tb, st, rng, p, held, owned)
            st[PL + p * NPF + P_MONKAS + gr] -= 1
            if val > bvl:
                bvl = val
                bg = gr
        st[CGRP + c] = -1
        return bg
    combos = 1
    for i in range(i0, n_m):
        combos *= N_GROUPS
    best = -1 << 30
    bcode = 0
    for code in range(combos):
        x = code
        for i in range(i0, n_m):
            gr = x % N_GROUPS
            x //= N_GROUPS
            st[CGRP + st[SCR_MONK + i]] = gr
            st[PL + p * NPF + P_MONKAS + gr] += 1
        val = own_end_points(tb, st, rng, p, held, owned)
        for i in range(i0, n_m):
            gr = st[CGRP + st[SCR_MONK + i]]
            st[PL + p * NPF + P_MONKAS + gr] -= 1
        if val > best:
            best = val
            bcode = code
    for i in range(i0, n_m):
        st[CGRP + st[SCR_MONK + i]] = -1
    st[SCR_MPLAN] = i0
    st[SCR_MPLAN + 1] = bcode
    return bcode % N_GROUPS


@njit(cache=True, _nrt=False, inline="always")
def planned_group(st):
    """The group the sort in st[SCR_MPLAN..] (its first monk, its code) gives the monk to sort
    now, if every monk sorted since it was worked out went where it says; else -1."""
    i0 = st[SCR_MPLAN]
    if i0 < 0:
        return -1
    code = st[SCR_MPLAN + 1]
    for i in range(i0, st[G_MI]):
        if st[CGRP + st[SCR_MONK + i]] != code % N_GROUPS:
            return -1
        code //= N_GROUPS
    return code % N_GROUPS


@njit(cache=True, _nrt=False, inline="always")
def picks_by_index(st, kind, p):
    """The random bot takes a uniform option of most decisions: an index among the listed
    options. Every other choice is made from the state alone (chosen_row)."""
    return (st[SEATBOT + p] == BOT_RANDOM and kind != DEC_PLACE and kind != DEC_WEAPON
            and kind != DEC_UPGRADE)


@njit(cache=True, _nrt=False, inline="always")   # a dispatch: each choice is its own call
def chosen_row(tb, st, rng, p, W):
    """The option row (its two columns, as rules.options lists it) that seat p's bot takes at
    the pending decision, other than a placement (choose_placement) or a random bot's
    uniform pick (picks_by_index). The rules pose a mission, catacomb or weapon decision
    only with an option to take, so the row is always among the listed ones."""
    kind = st[G_KIND]
    if kind == DEC_CHARACTER:
        i = choose_character(tb, st, rng, p, st[G_C0], W)
        return i, st[DISP + i] if i >= 0 else -1
    if kind == DEC_VERSAILLES:
        return choose_versailles(tb, st, rng, p, st[G_C0], W), st[G_C0]
    if kind == DEC_PILE:
        pile = choose_pile(tb, st, rng, p, W)
        k = 0
        for m in range(tb[T_NMIS]):
            k += st[MLOC + m] == pile
        return pile, k
    if kind == DEC_MISSION:
        return choose_mission(tb, st, rng, p, st[G_C0], W), st[G_C0]
    if kind == DEC_CATACOMB:
        i = choose_catacomb(tb, st, rng, p, st[G_C0], st[G_C1], W)
        return i, tb[T_CK + i]
    if kind == DEC_WEAPON:
        t = choose_weapon(tb, st, rng, p, W)
        return t, st[G_BW + t]
    if kind == DEC_UPGRADE:
        return choose_upgrade(tb, st, rng, p, W), 0
    return choose_monk_group(tb, st, rng, p), st[G_C0]


@njit(cache=True, _nrt=False, inline="always")
def write_choice(tb, st, rng, p, W, fs, row):
    """The option row p's bot takes written into row, without listing the options: a
    placement (choose_placement) or any other choice made from the state (chosen_row)."""
    if st[G_KIND] == DEC_PLACE:
        a, b = choose_placement(tb, st, rng, p, W, fs)
    else:
        a, b = chosen_row(tb, st, rng, p, W)
    row[0] = a
    row[1] = b


@njit(cache=True, _nrt=False)
def choose_option(tb, st, rng, W, fs, buf, k):
    """The seat's bot as a policy: the index of the option row it takes (buf[:k], listed
    by rules.options for the pending decision). Draws only from the seat's stream: the
    random bot takes a uniform option, save a placement (a tile by count, then a location),
    a weapon (a token by count) and an upgrade (the highest, as every bot)."""
    kind = st[G_KIND]
    p = st[G_SEAT]
    if kind == DEC_PLACE:
        v, loc = choose_placement(tb, st, rng, p, W, fs)
        return find_option(buf, k, v, loc, 2)
    if picks_by_index(st, kind, p):
        return below(rng, bot_stream(p), k)
    a, b = chosen_row(tb, st, rng, p, W)
    return find_option(buf, k, a, b, 2)
