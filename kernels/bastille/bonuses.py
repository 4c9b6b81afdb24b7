"""What a player receives and the decisions it holds: coins, henchmen, torches and Bastille
steps at once; upgrades, characters and missions one unit at a time (``next_gain``), a
mission's pile and card (``next_take``), a monk sort (``start_monks``). Also the two marks of
where the rules stand that every later module uses: ``pose`` records a pending decision,
``next_step`` moves on to the next step (kernels/README.md, Bastille's decisions)."""

from numba import njit

from kernels.common import lowest_bit
from kernels.bastille.layout import (
    AT_DECK, CGRP, CLOC, DECK, DEC_MISSION, DEC_PILE, DISP, EV_BUY, EV_FORFEIT, EV_GAIN,
    EV_STEPS, GR_MONK, G_BANK, G_C0, G_C1, G_DEC, G_DECK_TOP, G_GGOT, G_GKIND, G_GLEFT,
    G_GSEAT, G_GSRC, G_KIND, G_MI, G_MN, G_MSEAT, G_POS, G_SCORING, G_SEAT, G_STAMP, G_STEP,
    G_TORCH, G_TOTHER, G_TPILE, G_TSEAT, K_BASTILLE, K_CHARACTER, K_COINS, K_HENCHMEN,
    K_TORCH, K_UPGRADE, K_VP, NPF, PILE_ASK, PL, P_ARMED, P_BOXED, P_BPOS, P_BSTAMP,
    P_BSTEPS, P_COINS, P_CROWNS, P_CVP, P_FLAGS, P_GEMS, P_GRP, P_HAND, P_HBAG, P_HSUP,
    P_NCHAR, P_NEED, P_OWNED, P_SUP, P_TORCH, P_VP, SCR_MONK, SCR_MPLAN, T_BAS_LAST,
    T_CH_ARMED, T_CH_COST, T_CH_CROWNS, T_CH_FLAGS, T_CH_GEMS, T_CH_GROUP, T_CH_VP, T_GWEAP,
    T_MAXV, T_NCHARS, T_NMIS, T_SECRET)
from kernels.bastille.state import log_ev, mission_open, owned_characters, tiles_in_hand
from kernels.bastille.moves import can_upgrade


@njit(cache=True, _nrt=False, inline="always")
def pose(st, kind, p, c0, c1):
    """Record the pending decision: its kind, the seat that chooses, its context."""
    st[G_KIND] = kind
    st[G_SEAT] = p
    st[G_C0] = c0
    st[G_C1] = c1
    return kind


@njit(cache=True, _nrt=False, inline="always")
def next_step(st):
    st[G_STEP] += 1
    st[G_POS] = -1
    return 0


@njit(cache=True, _nrt=False, inline="always")
def take_coins(tb, st, rng, p, n):
    """The player takes n coins from the bank."""
    st[PL + p * NPF + P_COINS] += n
    st[G_BANK] -= n


@njit(cache=True, _nrt=False, inline="always")
def pay_coins(tb, st, rng, p, n):
    st[PL + p * NPF + P_COINS] -= n
    st[G_BANK] += n


@njit(cache=True, _nrt=False, inline="always")
def henchmen_to_bag(tb, st, rng, p, n):
    k = min(n, st[PL + p * NPF + P_HSUP])
    st[PL + p * NPF + P_HSUP] -= k
    st[PL + p * NPF + P_HBAG] += k
    return k


@njit(cache=True, _nrt=False, inline="always")
def take_torches(tb, st, rng, p, n):
    k = min(n, st[G_TORCH])
    st[G_TORCH] -= k
    st[PL + p * NPF + P_TORCH] += k
    return k


@njit(cache=True, _nrt=False)
def move_bastille(tb, st, rng, p, steps, log):
    """Advance the Bastille marker; a marker landing on a space goes behind those there.
    Steps that cannot be made past the last space pay one coin each."""
    if steps <= 0:
        return 0
    pos = st[PL + p * NPF + P_BPOS]
    last = tb[T_BAS_LAST]
    coins = 0
    st[PL + p * NPF + P_BSTEPS] += steps
    if pos >= last:
        coins = steps
    else:
        npos = pos + steps
        if npos > last:
            coins = npos - last
            npos = last
        st[PL + p * NPF + P_BPOS] = npos
        st[G_STAMP] += 1
        st[PL + p * NPF + P_BSTAMP] = st[G_STAMP]
    if coins > 0:
        take_coins(tb, st, rng, p, coins)
    log_ev(st, log, EV_STEPS, p, steps, st[PL + p * NPF + P_BPOS], coins, 0)
    return coins


@njit(cache=True, _nrt=False, inline="always")
def add_character(tb, st, rng, p, c):
    """Character card c joins player p's cards."""
    st[CLOC + c] = p
    st[PL + p * NPF + P_OWNED] |= 1 << c
    gr = tb[T_CH_GROUP + c]
    st[PL + p * NPF + P_NCHAR] += 1
    st[PL + p * NPF + P_GRP + gr] += 1
    st[PL + p * NPF + P_CROWNS] += tb[T_CH_CROWNS + c]
    st[PL + p * NPF + P_GEMS] += tb[T_CH_GEMS + c]
    st[PL + p * NPF + P_FLAGS] += tb[T_CH_FLAGS + c]
    st[PL + p * NPF + P_CVP] += tb[T_CH_VP + c]
    if gr != GR_MONK:
        t = tb[T_GWEAP + gr]
        if tb[T_CH_ARMED + c] != 0:
            st[PL + p * NPF + P_ARMED + t] += 1
        else:
            st[PL + p * NPF + P_NEED + t] += 1


@njit(cache=True, _nrt=False, inline="always")
def upgrade_tile(tb, st, rng, p, v):
    """Exchange one tile of value v in front of the player for one of value v+1 from the
    personal supply; the old tile goes to the box. Returns the value the player keeps."""
    if v + 1 <= tb[T_MAXV] and st[PL + p * NPF + P_SUP + v + 1] > 0:
        st[PL + p * NPF + P_SUP + v + 1] -= 1
        st[PL + p * NPF + P_HAND + v] -= 1
        st[PL + p * NPF + P_HAND + v + 1] += 1
        st[PL + p * NPF + P_BOXED] += 1
        return v + 1
    return v


@njit(cache=True, _nrt=False, inline="always")
def buy_character(tb, st, rng, p, j, v, log):
    """p takes display card j with a tile of value v, paying its price less v (j < 0: none)."""
    if j < 0:
        log_ev(st, log, EV_FORFEIT, p, v, 0, 0, 0)
        return
    c = st[DISP + j]
    price = tb[T_CH_COST + c] - v
    if price < 0:
        price = 0
    pay_coins(tb, st, rng, p, price)
    st[DISP + j] = -1
    add_character(tb, st, rng, p, c)
    log_ev(st, log, EV_BUY, p, c, price, v, 0)


@njit(cache=True, _nrt=False)
def gain(tb, st, rng, p, kind, amount, src, log):
    """Player p receives a bonus of one kind (Versailles, flags, catacombs). Upgrades,
    characters and missions are received one by one (next_gain): they hold decisions. Callers
    pass src as np.int64: a bare SRC_* constant compiles one copy of gain per source."""
    got = amount
    if kind == K_COINS:
        take_coins(tb, st, rng, p, amount)
    elif kind == K_VP:
        st[PL + p * NPF + P_VP] += amount
    elif kind == K_BASTILLE:
        log_ev(st, log, EV_GAIN, p, kind, amount, src, 0)
        move_bastille(tb, st, rng, p, amount, log)
        return
    elif kind == K_HENCHMEN:
        got = henchmen_to_bag(tb, st, rng, p, amount)
    elif kind == K_TORCH:
        got = take_torches(tb, st, rng, p, amount)
    else:
        st[G_GSEAT] = p
        st[G_GKIND] = kind
        st[G_GLEFT] = amount
        st[G_GSRC] = src
        st[G_GGOT] = 0
        return
    log_ev(st, log, EV_GAIN, p, kind, got, src, 0)


@njit(cache=True, _nrt=False, inline="always")
def upgrades_open(tb, st, p):
    """Tile values p could upgrade now."""
    k = 0
    for v in range(tb[T_MAXV] - 1, 0, -1):
        if tiles_in_hand(st, p, v) > 0 and can_upgrade(tb, st, 0, p, v):
            k += 1
    return k


@njit(cache=True, _nrt=False, inline="always")   # its one call site: rules.advance
def next_gain(tb, st, rng, log):
    """The next unit of a bonus under way: an upgrade waits for its decision (the bonus
    stays under way), a character is drawn (a monk drawn in the final scoring is sorted at
    once), a mission is taken. The bonus ends when every unit is received."""
    p = st[G_GSEAT]
    kind = st[G_GKIND]
    while st[G_GLEFT] > 0:
        if kind == K_UPGRADE:
            if upgrades_open(tb, st, p) > 0:
                return
            st[G_DEC] += 1            # the seat had nothing to upgrade
            st[G_GLEFT] -= 1
            continue
        st[G_GLEFT] -= 1
        if kind == K_CHARACTER:
            k = st[G_DECK_TOP]
            if k < tb[T_NCHARS]:
                c = st[DECK + k]
                st[G_DECK_TOP] = k + 1
                add_character(tb, st, rng, p, c)
                st[G_GGOT] += 1
                log_ev(st, log, EV_BUY, p, c, 0, 0, 0)
                if tb[T_CH_GROUP + c] == GR_MONK and st[G_SCORING] == 2:
                    start_monks(tb, st, p)
                    return
        else:
            start_take(st, p, PILE_ASK if tb[T_SECRET] != 0 else AT_DECK, 0)
            return
    if kind == K_UPGRADE:
        log_ev(st, log, EV_GAIN, p, kind, st[G_GGOT], st[G_GSRC], 0)
    st[G_GSEAT] = -1


@njit(cache=True, _nrt=False)
def start_monks(tb, st, p):
    """p is to sort each unassigned monk into a group, one DEC_MONK each (cards listed in
    st[SCR_MONK..]); counted as one decision, as the sort is one choice of the seat."""
    n_m = 0
    bits = owned_characters(tb, st, p)
    while bits:
        c = lowest_bit(bits)
        bits &= bits - 1
        if tb[T_CH_GROUP + c] == GR_MONK and st[CGRP + c] < 0:
            st[SCR_MONK + n_m] = c
            n_m += 1
    if n_m == 0:
        return
    st[G_DEC] += 1
    st[G_MSEAT] = p
    st[G_MN] = n_m
    st[G_MI] = 0
    st[SCR_MPLAN] = -1                # no sort of these monks worked out yet


@njit(cache=True, _nrt=False, inline="always")
def start_take(st, p, pile, first_at_etats):
    """p is to take a mission from pile (PILE_ASK: p chooses the pile first)."""
    st[G_TSEAT] = p
    st[G_TPILE] = pile
    st[G_TOTHER] = first_at_etats


@njit(cache=True, _nrt=False, inline="always")
def missions_in(tb, st, p, pile):
    """Mission cards p may take from pile: there, of a name p does not hold."""
    k = 0
    for m in range(tb[T_NMIS]):
        if mission_open(tb, st, p, m, pile):
            k += 1
    return k


@njit(cache=True, _nrt=False, inline="always")   # its one call site: rules.advance
def next_take(tb, st, rng, log):
    """A mission being taken: the pile (DEC_PILE), then the card (DEC_MISSION); with no card
    to take the seat takes none (its decision still counted)."""
    p = st[G_TSEAT]
    pile = st[G_TPILE]
    if pile == PILE_ASK:
        return pose(st, DEC_PILE, p, 0, 0)
    if missions_in(tb, st, p, pile) == 0:
        st[G_DEC] += 1
        st[G_TSEAT] = -1
        return 0
    return pose(st, DEC_MISSION, p, pile, 0)
