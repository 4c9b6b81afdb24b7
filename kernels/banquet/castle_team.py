"""Scenario 6's team choices: what a seating is worth to the table (guards, the Keyring, the
race between the duke's patrol and the scepter's way back to the gatehouse), the Keyring's
hand-on, entering the gatehouse and re-flipping. values.value calls castle_value and
values.side_value castle_side_value."""
from numba import njit

from kernels.banquet.castle_places import (first_at, gate_side, gatehouse, gender, patrol_index, right,
                                           tower_side)
from kernels.banquet.layout import (BOT_GREEDY, BOT_RANDOM, C_INIT, F_CHAR, F_DIR, F_DUKE, F_DUKE_DIR, F_GATE,
                                    F_GUARDS, F_HOLDER, F_PLACE, F_STAND, GENTLEMAN, KEY_ON_TOWER, LADY, MAXP,
                                    N_GREEDY_TERMS, OP_REVERSE, OP_SIT, OP_STAND, R_GUARDS, R_N, R_NPL,
                                    T_CHARS, T_RULES, W_DISTANCE, W_DUKE_WATCH, W_GUARD, W_THREAT)
from kernels.rng import below, BOT0


# -- the team's choices -----------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def wt(w, bot, i):
    """The greedy bot weighs the shared terms 1 and the heuristic's own terms 0 (values.weight)."""
    if bot == BOT_GREEDY:
        return 1.0 if i < N_GREEDY_TERMS else 0.0
    return w[i]


@njit(cache=True, _nrt=False)
def line_gap(rules, q, r):
    """Steps between places q and r along the players' line."""
    return abs(patrol_index(rules, q) - patrol_index(rules, r))


@njit(cache=True, _nrt=False)
def duke_reaches(st, tables, q, steps):
    """Does the duke step onto place q within his next `steps` steps?"""
    rules = tables[T_RULES]
    k = patrol_index(rules, st[F_DUKE])
    d = st[F_DUKE_DIR] * right(rules)
    lo, hi = 1, rules[R_NPL] - 3
    target = patrol_index(rules, q)
    for _ in range(steps):
        k += d
        if k == target:
            return True
        if k <= lo or k >= hi:
            d = -d
    return False


@njit(cache=True, _nrt=False)
def castle_value(st, tables, pl, key, bot, w):
    """How far seating pl (with the Keyring on seat key, or on the tower) takes the team, by
    stages worth up to one threat weight each: the guards coming off the tower (a man newly
    beside it removes one now, and one more each time the scepter reaches him there), the
    Keyring on a man (a lady beside him takes it next), on a lady (the nearer the gatehouse
    the better). The heuristic also keeps the carrier off the duke's next steps and, for a lady
    beside the gatehouse, weighs how far the duke will be when she enters (entry_margin). Once
    she is in, rescue_value."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    if st[F_GATE] >= 0:
        return rescue_value(st, tables, pl, bot, w)
    span = npl - 3.0
    side_t, side_g = tower_side(rules), gate_side(rules)
    if key == KEY_ON_TOWER:
        occ = seat_at(st, tables, pl, side_t)
        male = occ >= 0 and gender(st, tables, occ) == GENTLEMAN
        left = st[F_GUARDS]
        if male and occ != first_at(st, tables, side_t, n, False):
            left -= 1                   # he moved or switched there: a guard comes off now
        if left > 0:
            full = max(rules[R_GUARDS], st[F_GUARDS]) + 1.0
            v = wt(w, bot, W_THREAT) * (1.0 - left / full)
            if male:
                v += 0.5 * wt(w, bot, W_GUARD)
            return v - wt(w, bot, W_DISTANCE) * nearest_lady(st, tables, pl, side_t, -1) / span
        key = occ                       # the last guard: he takes the Keyring
    v = 0.0
    if gender(st, tables, key) == LADY:
        v += 2.0 * wt(w, bot, W_THREAT)
        v += wt(w, bot, W_THREAT) * (1.0 - line_gap(rules, pl[key], side_g) / span)
    else:
        v += wt(w, bot, W_THREAT)
        near = nearest_lady(st, tables, pl, pl[key], key)
        v += wt(w, bot, W_GUARD) * (1.0 if near == 1 else 0.0) - wt(w, bot, W_DISTANCE) * near / span
    if bot != BOT_GREEDY and duke_reaches(st, tables, pl[key], 3):
        v -= wt(w, bot, W_DUKE_WATCH)
    if bot != BOT_GREEDY and pl[key] == side_g and gender(st, tables, key) == LADY:
        v += wt(w, bot, W_DUKE_WATCH) * entry_margin(st, tables, pl, key)
    return v


@njit(cache=True, _nrt=False)
def entry_margin(st, tables, pl, g):
    """The lady carrier g beside the gatehouse enters when the scepter next reaches her: how
    far the duke then is from her side, as a share of his patrol (-1 if he comes to her side
    first, switching her away from the Keyring)."""
    rules = tables[T_RULES]
    passes = scepter_passes_to(st, tables, pl, pl[st[F_HOLDER]], st[F_DIR], pl[g])
    if duke_reaches(st, tables, pl[g], passes):
        return -1.0
    return duke_steps_to_gatehouse(st, tables, passes) / (2.0 * (rules[R_NPL] - 3))


@njit(cache=True, _nrt=False)
def duke_steps_to_gatehouse(st, tables, after):
    """How many steps the duke takes to step beside the gatehouse, counted from `after` steps
    from now (each pass to a player is one step)."""
    rules = tables[T_RULES]
    npl = rules[R_NPL]
    k = patrol_index(rules, st[F_DUKE])
    d = st[F_DUKE_DIR] * right(rules)
    lo, hi = 1, npl - 3
    for s in range(1, after + 2 * npl):
        k += d
        if k == hi and s > after:
            return s - after
        if k <= lo or k >= hi:
            d = -d
    return 2 * npl


@njit(cache=True, _nrt=False)
def scepter_passes_to(st, tables, pl, q, d, target):
    """Passes the scepter takes from place q, going in direction d, to reach place target in
    seating pl (one pass to each place with a player on it)."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    k = 0
    for _ in range(npl):
        q = (q + d + npl) % npl
        for p in range(n):
            if pl[p] == q:
                k += 1
                break
        if q == target:
            return k
    return k


@njit(cache=True, _nrt=False)
def race_margin(st, tables, pl):
    """Once she is in the gatehouse: the duke's steps to her side less the scepter's passes
    from its holder back to her in seating pl (above 0: the scepter gets there first)."""
    rules = tables[T_RULES]
    passes = scepter_passes_to(st, tables, pl, pl[st[F_HOLDER]], st[F_DIR], gatehouse(rules))
    return duke_steps_to_gatehouse(st, tables, 0) - passes


@njit(cache=True, _nrt=False)
def rescue_value(st, tables, pl, bot, w):
    """Once she is in the gatehouse, each pass steps the duke towards her: a seating that
    brings the scepter back to her in fewer passes (the holder moving to the end of its lap,
    a displaced player put behind it) is worth a threat weight per lap saved."""
    n = tables[T_RULES][R_N]
    return wt(w, bot, W_THREAT) * race_margin(st, tables, pl) / n


@njit(cache=True, _nrt=False, inline="always")
def seat_at(st, tables, pl, q):
    """The lowest-initiative seat at place q in seating pl, -1 none."""
    chars = tables[T_CHARS]
    best = -1
    for p in range(tables[T_RULES][R_N]):
        if pl[p] == q and (best < 0 or chars[st[F_CHAR + p], C_INIT] < chars[st[F_CHAR + best], C_INIT]):
            best = p
    return best


@njit(cache=True, _nrt=False)
def passes_to_gate(st, tables, a, d):
    """Passes the scepter takes from a, going in direction d, to reach the gatehouse player."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    q = st[F_PLACE + a]
    k = 0
    for _ in range(npl):
        q = (q + d + npl) % npl
        if first_at(st, tables, q, n, False) >= 0:
            k += 1
            if q == gatehouse(rules):
                return k
    return k


@njit(cache=True, _nrt=False)
def castle_side_value(st, tables, a, op, x, bot, w):
    """What the heuristic sees in a move that seats nobody anew, once she is in the gatehouse:
    reversing the scepter if it then reaches her sooner (every pass steps the duke towards her),
    standing a seated player up (the table must not all sit while she searches)."""
    if bot == BOT_GREEDY or bot == BOT_RANDOM or st[F_GATE] < 0:
        return 0.0
    n = tables[T_RULES][R_N]
    if op == OP_REVERSE:
        ahead = passes_to_gate(st, tables, a, st[F_DIR])
        back = passes_to_gate(st, tables, a, -st[F_DIR])
        return wt(w, bot, W_THREAT) * (ahead - back) / n      # rescue_value's scale
    if op == OP_STAND and x >= 0 and st[F_STAND + x] == 0:
        return 0.1 * wt(w, bot, W_DUKE_WATCH)
    if op == OP_SIT and x >= 0 and st[F_STAND + x] == 1:
        return -0.1 * wt(w, bot, W_DUKE_WATCH)
    return 0.0


@njit(cache=True, _nrt=False)
def nearest_lady(st, tables, pl, q, skip):
    """Steps along the line from place q to the nearest lady's place (not seat skip's)."""
    rules = tables[T_RULES]
    near = rules[R_NPL] - 3.0
    for p in range(rules[R_N]):
        if p != skip and p != st[F_GATE] and gender(st, tables, p) == LADY:
            near = min(near, line_gap(rules, pl[p], q))
    return near


@njit(cache=True, _nrt=False, inline="always")
def choose_keyring_pass(st, tables, c, bot, w, rng):
    """The carrier's hand-off: an adjacent player (not the gatehouse's), or -1 to keep it.
    Random: uniform; the others: the seating value with the Keyring on each."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    m = 0
    for p in range(n):
        if p != c and p != st[F_GATE] and adjacent_places(st[F_PLACE + p], st[F_PLACE + c], npl):
            m += 1
    if m == 0:
        return -1
    if bot == BOT_RANDOM:
        j = below(rng, BOT0 + c, m + 1)
        for p in range(n):
            if p != c and p != st[F_GATE] and adjacent_places(st[F_PLACE + p], st[F_PLACE + c], npl):
                if j == 0:
                    return p
                j -= 1
        return -1
    pl = st[F_PLACE:F_PLACE + MAXP]
    best = -1
    best_v = castle_value(st, tables, pl, c, bot, w)
    for p in range(n):
        if p != c and p != st[F_GATE] and adjacent_places(st[F_PLACE + p], st[F_PLACE + c], npl):
            x = castle_value(st, tables, pl, p, bot, w)
            if x > best_v + 1e-9:
                best_v = x
                best = p
    return best


@njit(cache=True, _nrt=False, inline="always")
def adjacent_places(q, r, npl):
    return q != r and ((q + 1) % npl == r or (r + 1) % npl == q)


@njit(cache=True, _nrt=False)
def choose_enter(st, tables, g, bot, rng):
    """Enter the gatehouse? Random: a coin; the others: yes (waiting only gives the duke time
    to switch her away from the Keyring: holding back while the duke was near won no game in
    measured heuristic tables; the timing is planned before, by entry_margin)."""
    if bot == BOT_RANDOM:
        return below(rng, BOT0 + g, 2) == 0
    return True


@njit(cache=True, _nrt=False)
def choose_reflip(st, g, bot, rng):
    """Spend a pendant on another flip? Random: a coin; the others: yes (in the gatehouse a
    pendant has no other use)."""
    if bot == BOT_RANDOM:
        return below(rng, BOT0 + g, 2) == 0
    return True
