"""Legal moves (an action slot and its targets) and the seat operations' effect on a seating:
the hot search of this game is "who may switch with whom" (swap_two has up to 300 pairs)."""
from numba import njit

from kernels.banquet.layout import (A_GENDER, A_GENDER2, A_ICON, A_ON, A_OP, A_POS, A_POS2, A_SELF, A_SHARE,
                                    A_STATUS, A_STATUS2, A_WHO, A_WHO2, ACTION1, ACTION2, BASIC, C_INIT,
                                    F_CHAR, F_PATRON, F_PLACE, F_PROT, F_STAND, FAVOR, MAX_MOVES, MV_PASS,
                                    MV_SLOT, MV_X, MV_Y, MV_Z, OP_BRING_NEXT_TO, OP_EACH_ADJACENT_SWITCH,
                                    OP_LOOK, OP_MOVE_NEXT_TO, OP_MOVE_TO, OP_NONE, OP_PROTECT, OP_REVEAL,
                                    OP_REVERSE, OP_SIT, OP_STAND, OP_SWAP_TWO, OP_SWITCH, R_CH_BARON, R_FULL,
                                    R_GK_PARTNER, R_ICON_OCCUPANT, R_ICON_OWN, R_N, R_NPL, R_PATRON_REQUESTS,
                                    R_SCEN, REACTION, SCEN_SPIES, SCEN_ESTATE, R_CH_MERCHANT, R_CH_ABBOT,
                                    R_CH_ABBESS, T_ACTIONS, T_CHARS, T_RULES, WHO_ADJACENT, WHO_ANY,
                                    WHO_NEXT_TO_FIRST, WHO_NOT_ADJACENT)
from kernels.banquet.state import (adjacent, adjacent_in, knows, matches, places_adjacent, player_place,
                                   royal, step)


@njit(cache=True, _nrt=False)
def affectable(st, tables, a, p, icon):
    """May an action of a (with or without the Royalty icon) choose or move p? Not a protected
    player (but himself), not Royalty under the icon; the active player's own Royalty is spared
    too unless the rules say otherwise, and the scenario 2 baron's own actions may move him."""
    if p != a and st[F_PROT + p] == 1:
        return False
    if icon == 1 and royal(st, tables, p):
        rules = tables[T_RULES]
        if p != a:
            return False
        if rules[R_SCEN] == SCEN_SPIES and st[F_CHAR + a] == rules[R_CH_BARON]:
            return True
        return rules[R_ICON_OWN] == 0
    return True


@njit(cache=True, _nrt=False)
def place_open(st, tables, a, q, icon, skip, n):
    """q is a place a player may take, and every player there but skip could be displaced by
    a's action: not a protected one, nor under the icon a Royalty one unless the reading lets
    the icon displace him (icon_spares_royal_occupant 0)."""
    if not player_place(st, q):
        return False
    spare = tables[T_RULES][R_ICON_OCCUPANT] == 1
    for p in range(n):
        if p != skip and st[F_PLACE + p] == q:
            if not (affectable(st, tables, a, p, icon) if spare else affectable(st, tables, a, p, 0)):
                return False
    return True


@njit(cache=True, _nrt=False)
def first_ok(st, tables, a, row, t, n, npl):
    """t may be an action's (first) chosen player."""
    if t == a and row[A_SELF] == 0:
        return False
    return (matches(st, tables, a, t, row[A_WHO], row[A_GENDER], row[A_STATUS], row[A_POS], n, npl)
            and affectable(st, tables, a, t, row[A_ICON]))


@njit(cache=True, _nrt=False)
def second_base_ok(st, tables, a, row, y, n, npl):
    """y passes the second player's filter (all but 'next to the first')."""
    if y == a and row[A_SELF] == 0:
        return False
    who = row[A_WHO2]
    if who == WHO_NEXT_TO_FIRST:
        who = WHO_ANY
    return (matches(st, tables, a, y, who, row[A_GENDER2], row[A_STATUS2], row[A_POS2], n, npl)
            and affectable(st, tables, a, y, row[A_ICON]))


@njit(cache=True, _nrt=False, inline="always")
def add(mv, k, slot, x, y, z):
    if k < MAX_MOVES:
        mv[k, MV_SLOT] = slot
        mv[k, MV_X] = x
        mv[k, MV_Y] = y
        mv[k, MV_Z] = z
        return k + 1
    return k


@njit(cache=True, _nrt=False)
def list_slot(st, tables, a, slot, mv, k):
    """Append every legal use of a's action slot to mv from row k; returns the new count."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    row = tables[T_ACTIONS][st[F_CHAR + a], slot]
    op = row[A_OP]
    icon = row[A_ICON]
    qa = st[F_PLACE + a]
    if op == OP_NONE:
        return k
    if op == OP_REVERSE or op == OP_EACH_ADJACENT_SWITCH:   # no player chosen
        return add(mv, k, slot, -1, -1, 0)
    if op == OP_MOVE_TO:
        if not affectable(st, tables, a, a, icon):
            return k
        for q in range(npl):
            if q == qa or not player_place(st, q):
                continue
            if row[A_WHO] == WHO_ADJACENT and not places_adjacent(qa, q, npl):
                continue
            if row[A_WHO] == WHO_NOT_ADJACENT and places_adjacent(qa, q, npl):
                continue
            if row[A_SHARE] == 0 and not place_open(st, tables, a, q, icon, a, n):
                continue
            k = add(mv, k, slot, q, -1, 0)
        return k
    if op == OP_SWAP_TWO:
        # who may be first and who second, as bit sets, then each unordered pair once (in
        # the order first/second when both orders are legal)
        m1 = 0
        m2 = 0
        for p in range(n):
            if first_ok(st, tables, a, row, p, n, npl):
                m1 |= 1 << p
            if second_base_ok(st, tables, a, row, p, n, npl):
                m2 |= 1 << p
        next_to = row[A_WHO2] == WHO_NEXT_TO_FIRST
        for x in range(n):
            for y in range(x + 1, n):
                if st[F_PLACE + x] == st[F_PLACE + y] or (next_to and not adjacent(st, x, y, npl)):
                    continue
                if (m1 >> x) & 1 and (m2 >> y) & 1:
                    k = add(mv, k, slot, x, y, 0)
                elif (m1 >> y) & 1 and (m2 >> x) & 1:
                    k = add(mv, k, slot, y, x, 0)
        return k
    for t in range(n):
        if not first_ok(st, tables, a, row, t, n, npl):
            continue
        qt = st[F_PLACE + t]
        if op == OP_SWITCH:
            if t != a and qt != qa and affectable(st, tables, a, a, icon):
                k = add(mv, k, slot, t, -1, 0)
        elif op == OP_MOVE_NEXT_TO:
            if t == a or not affectable(st, tables, a, a, icon):
                continue
            for d in (1, -1):
                q = step(qt, d, npl)
                if q != qa and place_open(st, tables, a, q, icon, a, n):
                    k = add(mv, k, slot, t, -1, d)
        elif op == OP_BRING_NEXT_TO:
            if t == a:
                continue
            for d in (1, -1):
                q = step(qa, d, npl)
                if q != qt and place_open(st, tables, a, q, icon, t, n):
                    k = add(mv, k, slot, t, -1, d)
        elif op == OP_SIT:
            if st[F_STAND + t] == 1:
                k = add(mv, k, slot, t, -1, 0)
        elif op == OP_STAND:
            if st[F_STAND + t] == 0:
                k = add(mv, k, slot, t, -1, 0)
        elif op == OP_PROTECT:
            if st[F_PROT + t] == 0:
                k = add(mv, k, slot, t, -1, 0)
        elif op == OP_LOOK:
            if not knows(st, a, t):
                k = add(mv, k, slot, t, -1, 0)
        elif op == OP_REVEAL:
            k = add(mv, k, slot, t, -1, 0)
    return k


@njit(cache=True, _nrt=False)
def list_moves(st, tables, a, mv):
    """Every legal turn of a: pass (row 0), then the basic action (basic rules) or action 1,
    action 2 and the favor (full rules, the favor only with a patron)."""
    rules = tables[T_RULES]
    k = add(mv, 0, MV_PASS, -1, -1, 0)
    if rules[R_FULL] == 0:
        return list_slot(st, tables, a, BASIC, mv, k)
    k = list_slot(st, tables, a, ACTION1, mv, k)
    k = list_slot(st, tables, a, ACTION2, mv, k)
    if st[F_PATRON] >= 0 and (not is_patron(st, tables, a) or rules[R_PATRON_REQUESTS] == 1):
        k = list_slot(st, tables, a, FAVOR, mv, k)
    return k


@njit(cache=True, _nrt=False)
def is_patron(st, tables, a):
    """The patron, or in scenario 5 any of the three (the merchant, the abbot, the abbess)."""
    rules = tables[T_RULES]
    if rules[R_SCEN] == SCEN_ESTATE:
        c = st[F_CHAR + a]
        return c == rules[R_CH_MERCHANT] or c == rules[R_CH_ABBOT] or c == rules[R_CH_ABBESS]
    return a == st[F_PATRON]


@njit(cache=True, _nrt=False)
def list_reactions(st, tables, r, window, mv):
    """The uses of r's reaction offered in this window kind; row 0 = not reacting."""
    k = add(mv, 0, MV_PASS, -1, -1, 0)
    row = tables[T_ACTIONS][st[F_CHAR + r], REACTION]
    if row[A_OP] == OP_NONE or row[A_ON] != window:
        return k
    return list_slot(st, tables, r, REACTION, mv, k)


# -- the effect of a seat operation on a seating (no decisions of other seats) ----------------
@njit(cache=True, _nrt=False)
def first_empty(st, pl, n, npl, near):
    """The unoccupied place a player may take nearest near (clockwise first), -1 none."""
    for dist in range(npl):
        for d in (1, -1):
            q = (near + d * dist + 2 * npl) % npl
            free = player_place(st, q)
            for p in range(n):
                if pl[p] == q:
                    free = False
                    break
            if free:
                return q
    return -1


@njit(cache=True, _nrt=False)
def sim_enter(st, tables, pl, p, q, share, n, npl):
    """p moves to place q in seating pl; unless sharing, its occupants go, lowest initiative
    first, to the mover's former place when free, else the free place nearest it (the real
    game asks each displaced player; rules.displace)."""
    former = pl[p]
    pl[p] = q
    if share == 1:
        return
    chars = tables[T_CHARS]
    while True:
        best = -1
        for o in range(n):
            if o != p and pl[o] == q:
                if best < 0 or chars[st[F_CHAR + o], C_INIT] < chars[st[F_CHAR + best], C_INIT]:
                    best = o
        if best < 0:
            return
        e = first_empty(st, pl, n, npl, former)
        pl[best] = former if e < 0 else e


@njit(cache=True, _nrt=False)
def sim_apply(st, tables, a, slot, x, y, z, pl):
    """The seating after a's move (slot, x, y, z), other seats' choices by the default
    (displaced: nearest free place to the mover's former one; each_adjacent_switch: the first
    legal partner). pl starts as the current seating."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    if slot == MV_PASS:
        return
    row = tables[T_ACTIONS][st[F_CHAR + a], slot]
    op = row[A_OP]
    if op == OP_SWITCH:
        pl[a], pl[x] = pl[x], pl[a]
    elif op == OP_SWAP_TWO:
        pl[x], pl[y] = pl[y], pl[x]
    elif op == OP_MOVE_TO:
        sim_enter(st, tables, pl, a, x, row[A_SHARE], n, npl)
    elif op == OP_MOVE_NEXT_TO:
        sim_enter(st, tables, pl, a, step(pl[x], z, npl), 0, n, npl)
    elif op == OP_BRING_NEXT_TO:
        sim_enter(st, tables, pl, x, step(pl[a], z, npl), 0, n, npl)
    elif op == OP_EACH_ADJACENT_SWITCH:
        for c in range(n):
            if adjacent_in(pl, a, c, npl) and chooser_ok(st, tables, a, row, c, n, npl):
                for o in range(n):
                    if partner_ok(st, tables, a, row, c, o, n, npl):
                        pl[c], pl[o] = pl[o], pl[c]
                        break


@njit(cache=True, _nrt=False)
def chooser_ok(st, tables, a, row, c, n, npl):
    """c, adjacent to a, is one of those who choose (each_adjacent_switch)."""
    return c != a and matches(st, tables, a, c, WHO_ANY, row[A_GENDER], row[A_STATUS], row[A_POS], n, npl) \
        and affectable(st, tables, a, c, row[A_ICON])


@njit(cache=True, _nrt=False)
def partner_ok(st, tables, a, row, c, o, n, npl):
    """o may be the chooser c's partner: matches the second filter, not c, movable; the
    active player a himself only if the reading lets him be (gamekeeper_may_be_partner)."""
    if o == c or st[F_PLACE + o] == st[F_PLACE + c]:
        return False
    if o == a and tables[T_RULES][R_GK_PARTNER] == 0:
        return False
    who = row[A_WHO2]
    if who == WHO_NEXT_TO_FIRST:
        if not adjacent(st, c, o, npl):
            return False
        who = WHO_ANY
    return matches(st, tables, a, o, who, row[A_GENDER2], row[A_STATUS2], row[A_POS2], n, npl) \
        and affectable(st, tables, a, o, row[A_ICON])
