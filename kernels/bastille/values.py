"""What things are worth to the greedy (weight set WB_GREEDY) and heuristic (WB_HEUR) bots:
coins, track steps, gains, characters, missions, a placement's reward at a location. They read
the state and never change it, save their scratch (st[SCR_*], fs); bots.py makes the choices
from them."""

from numba import njit

from kernels.common import lowest_bit
from kernels.bastille.layout import (
    AT_BOX, AT_DECK, AT_PILE_B, BGE, BN, BOT_GREEDY, DISP, FS_BLOCK, FS_BUMPED, FS_BUMPW, FS_CARD,
    FS_KEY, FS_COIN, FS_HENCH, FS_MISSIONS, FS_NCARDS, FS_SORT, FS_STEP, FS_UPG, FS_VA, FS_VB,
    GR_MONK, G_DECK_TOP, G_ROUND, G_TORCH, G_VERS_TOP, K_BASTILLE, K_CHARACTER, K_COINS,
    K_HENCHMEN, K_TORCH, K_UPGRADE, K_VP, L_BANQUE, L_BASTILLE, L_CATACOMBES, L_NOTRE_DAME,
    L_PLACE_LOUIS, L_VERSAILLES, MAXC, MAXD, MAXP, MAXS, MAXV, MIS_VALS, MK_EACH, MK_MAX,
    MK_SERIES, MLOC, MT_CROWNS, MT_GEMS, MT_WEAPONS, NPF, N_GROUPS, N_TARGETS, PL, P_BPOS, P_COINS,
    P_GRP, P_HAND, P_HSUP, P_MISMASK, P_NEED, P_TORCH, P_W, SCR_HIGHER, SCR_RIVAL, SEATBOT,
    T_BANQUE, T_BAS_EXTRA, T_BAS_LAST, T_BAS_PTS, T_CAT_HENCH, T_CH_ARMED, T_CH_COST, T_CH_CROWNS,
    T_CH_FLAGS, T_CH_GEMS, T_CH_GROUP, T_CH_VP, T_CPV, T_DISPLAY, T_ETATS, T_GEM_VP, T_GWEAP,
    T_MAXV, T_MF, T_MK, T_MN, T_MS, T_MT, T_MV, T_NCHARS, T_ND_VP, T_NEED2, T_NMIS, T_NP, T_NVERS,
    T_N_BASX, T_N_CATH, T_ROUNDS, T_SPACES, T_VK, T_VN, VERS, WB_GREEDY, WB_HEUR, W_BUMP, W_CARD,
    W_CHAR, W_COIN, W_CROWN, W_FLAG, W_GEM, W_HENCH, W_KEEP, W_MISSION, W_NEED, W_START, W_STEP, W_TORCH,
    W_UNARMED, W_UPGRADE)
from kernels.bastille.state import (
    bit_count, group_count, held_missions, rounds_left, scorings_left, series_held, series_wanted,
    target_value, unarmed_count)
from kernels.bastille.moves import can_upgrade


@njit(cache=True, _nrt=False, inline="always")
def weight_base(st, p):
    return WB_GREEDY if st[SEATBOT + p] == BOT_GREEDY else WB_HEUR


@njit(cache=True, _nrt=False, inline="always")
def coin_value(tb, st, rng, W, wb):
    frac = rounds_left(tb, st, rng) / tb[T_ROUNDS]
    return 1.0 / tb[T_CPV] + W[wb + W_COIN] * frac


@njit(cache=True, _nrt=False, inline="always")
def step_value(tb, st, rng, p, steps, W, wb):
    pos = st[PL + p * NPF + P_BPOS]
    last = tb[T_BAS_LAST]
    if pos >= last:
        return steps * coin_value(tb, st, rng, W, wb)
    npos = min(pos + steps, last)
    over = pos + steps - npos
    ns = scorings_left(tb, st, rng)
    return (ns * (tb[T_BAS_PTS + npos] - tb[T_BAS_PTS + pos]) + W[wb + W_STEP] * (npos - pos)
            + over * coin_value(tb, st, rng, W, wb))


@njit(cache=True, _nrt=False, inline="always")
def torch_value(tb, st, rng, p, W, wb):
    v = W[wb + W_TORCH]
    short = unarmed_count(tb, st, rng, p)
    if short > 0:
        v += W[wb + W_UNARMED]
    return v


@njit(cache=True, _nrt=False, inline="always")   # five call sites; as a call it slowed the round's values by a third
def gain_value(tb, st, rng, p, kind, amount, W, wb):
    """What a bonus is worth to p now, in victory points."""
    if kind == K_COINS:
        return amount * coin_value(tb, st, rng, W, wb)
    if kind == K_VP:
        return float(amount)
    if kind == K_BASTILLE:
        return step_value(tb, st, rng, p, amount, W, wb)
    if kind == K_HENCHMEN:
        return min(amount, st[PL + p * NPF + P_HSUP]) * W[wb + W_HENCH]
    if kind == K_TORCH:
        return min(amount, st[G_TORCH]) * torch_value(tb, st, rng, p, W, wb)
    if kind == K_UPGRADE:
        for v in range(tb[T_MAXV] - 1, 0, -1):
            if st[PL + p * NPF + P_HAND + v] > 0 and can_upgrade(tb, st, rng, p, v):
                return amount * W[wb + W_UPGRADE] * rounds_left(tb, st, rng)
        return 0.0
    if kind == K_CHARACTER:
        return amount * W[wb + W_CARD] if st[G_DECK_TOP] < tb[T_NCHARS] else 0.0
    return min(amount, missions_open(tb, st, p)) * W[wb + W_MISSION]   # only what can be taken


@njit(cache=True, _nrt=False, inline="always")
def missions_open(tb, st, p):
    """Mission cards p may expect to be able to take now, as p knows things: of the cards p
    has not seen (not its own, not in the box), those of a name p lacks, in the share of them
    that lies in the piles (the piles' sizes are public; which cards the opponents hold, p
    does not see)."""
    unseen = 0
    lacking = 0
    in_piles = 0
    for m in range(tb[T_NMIS]):
        where = st[MLOC + m]
        if where != p and where != AT_BOX:
            unseen += 1
            if (st[PL + p * NPF + P_MISMASK] >> tb[T_MN + m]) & 1 == 0:
                lacking += 1
            if where == AT_DECK or where == AT_PILE_B:
                in_piles += 1
    return lacking * in_piles / unseen if unseen > 0 else 0.0


@njit(cache=True, _nrt=False)
def note_mission_needs(tb):
    """Fill T_NEED2: the part of mission_need that only the two cards decide, worked out
    once per content instead of at every valuation."""
    for m in range(tb[T_NMIS]):
        kind = tb[T_MK + m]
        tg = tb[T_MT + m]
        for c in range(tb[T_NCHARS]):
            gr = tb[T_CH_GROUP + c]
            n2 = 0
            if kind == MK_MAX:
                if tg < N_GROUPS and (tg == gr or gr == GR_MONK):
                    n2 = 2
                elif tg == MT_CROWNS and tb[T_CH_CROWNS + c] > 0:
                    n2 = tb[T_CH_CROWNS + c]
                elif tg == MT_GEMS and tb[T_CH_GEMS + c] > 0:
                    n2 = tb[T_CH_GEMS + c]
                elif tg == MT_WEAPONS and tb[T_CH_ARMED + c] != 0:
                    n2 = 1
            elif kind == MK_SERIES:
                if gr == tg or gr == GR_MONK:
                    for j in range(MIS_VALS):
                        if tb[T_MV + m * MIS_VALS + j] == tb[T_CH_COST + c]:
                            n2 += 4
            elif gr == GR_MONK:
                n2 = 2                  # a monk can join whichever group a card lacks
            tb[T_NEED2 + m * MAXC + c] = n2


@njit(cache=True, _nrt=False, inline="always")
def mission_need(tb, st, rng, p, c, held):
    """How many of p's missions (held: held_missions) ask for character c: its group, its
    crowns, gems or weapon for a max card, its value in a series, or a group an 'each
    group' card still lacks (T_NEED2 holds all but that last, doubled)."""
    gr = tb[T_CH_GROUP + c]
    n2 = 0
    while held:
        m = lowest_bit(held)
        held &= held - 1
        n2 += tb[T_NEED2 + m * MAXC + c]
        if (tb[T_MK + m] == MK_EACH and gr != GR_MONK
                and group_count(st, p, gr) < tb[T_MV + m * MIS_VALS + 0]):
            n2 += 2
    return 0.5 * n2


@njit(cache=True, _nrt=False, inline="always")
def character_value(tb, st, rng, p, c, W, wb, held):
    """What owning character c is worth to p, before its price (held: held_missions)."""
    v = W[wb + W_CHAR] * tb[T_CH_VP + c]
    v += W[wb + W_GEM] * tb[T_CH_GEMS + c] * tb[T_GEM_VP] * scorings_left(tb, st, rng)
    v += W[wb + W_CROWN] * tb[T_CH_CROWNS + c]
    v += W[wb + W_FLAG] * tb[T_CH_FLAGS + c] * (rounds_left(tb, st, rng) + 1)
    v += W[wb + W_NEED] * mission_need(tb, st, rng, p, c, held)
    if tb[T_CH_ARMED + c] == 0:
        gr = tb[T_CH_GROUP + c]
        spare = st[PL + p * NPF + P_TORCH]
        if gr != GR_MONK:
            t = tb[T_GWEAP + gr]
            spare += st[PL + p * NPF + P_W + t] - st[PL + p * NPF + P_NEED + t]
        if spare <= 0:
            v -= W[wb + W_UNARMED]
    return v


@njit(cache=True, _nrt=False, inline="always")
def note_rivals(tb, st, p):
    """The best opponent's count for each max-mission target, once per mission choice
    (opponent by opponent: each count is read with its target a constant)."""
    for tgt in range(N_TARGETS):
        st[SCR_RIVAL + tgt] = 0
    for q in range(tb[T_NP]):
        if q != p:
            for tgt in range(N_TARGETS):
                st[SCR_RIVAL + tgt] = max(st[SCR_RIVAL + tgt], target_value(st, q, tgt))


@njit(cache=True, _nrt=False, inline="always")   # one call site
def mission_value(tb, st, rng, p, m, W, wb, owned):
    """Expected worth of mission m for p, judged from public information and p's cards
    (owned: owned_characters; after note_rivals)."""
    kind = tb[T_MK + m]
    left = (rounds_left(tb, st, rng) + 1) / tb[T_ROUNDS]
    if kind == MK_MAX:
        tgt = tb[T_MT + m]
        mine = target_value(st, p, tgt)
        best = st[SCR_RIVAL + tgt]
        if mine >= best and mine > 0:
            now = tb[T_MF + m]
        elif mine > 0 and mine + 1 >= best:
            now = tb[T_MS + m]
        else:
            now = 0.0
        mid = 0.5 * (tb[T_MF + m] + tb[T_MS + m]) * 0.6
        return (1.0 - left) * now + left * max(now, mid)
    if kind == MK_SERIES:
        want = series_wanted(tb, m)
        miss = bit_count(want & ~series_held(tb, st, m, owned, False))
        if miss == 0:
            return float(tb[T_MF + m])
        return tb[T_MF + m] * left * 0.5 ** miss
    need = tb[T_MV + m * MIS_VALS + 0]
    if need <= 0:
        return float(tb[T_MF + m])      # a card asking for no cards is achieved already
    k = 0
    for gr in range(N_GROUPS):
        k += min(group_count(st, p, gr) + (st[PL + p * NPF + P_GRP + GR_MONK] if gr == 0 else 0),
                 need)
    frac = k / (N_GROUPS * need)
    if frac >= 1.0:
        return float(tb[T_MF + m])
    return tb[T_MF + m] * (frac * (1.0 - left) + left * 0.6 * frac + 0.2 * left)


@njit(cache=True, _nrt=False, inline="always")
def prepare_values(tb, st, rng, p, W, wb, fs):
    """Everything the placement valuation needs: st[SCR_HIGHER..] at every placement, the
    round's values in fs[p * FS_BLOCK..] once a round."""
    # opponents' unplaced tiles above each value v, counted top down: every seat's tiles
    # of a value (seats past the player count hold none) less p's own
    above = 0
    for v in range(tb[T_MAXV], 0, -1):
        st[SCR_HIGHER + v] = above
        for q in range(MAXP):
            above += st[PL + q * NPF + P_HAND + v]
        above -= st[PL + p * NPF + P_HAND + v]
    key = st[G_ROUND] + 1
    if fs[p * FS_BLOCK + FS_KEY] != key:
        fs[p * FS_BLOCK + FS_KEY] = key
        prepare_round_values(tb, st, rng, p, W, wb, fs)


@njit(cache=True, _nrt=False, inline="always")
def forget_values(fs):
    """Drop every seat's cached placement values (a new game, a playout): the cache is the
    bots' own, keyed in fs, so a copy of a position with fresh fs plays the same."""
    for q in range(MAXP):
        fs[q * FS_BLOCK + FS_KEY] = 0.0


@njit(cache=True, _nrt=False)
def prepare_round_values(tb, st, rng, p, W, wb, fs):
    """The part of prepare_values that holds for the whole round (a call of its own: it
    runs once a round per seat, the rest at every placement). A location full now stays
    full this round, so the values only it uses are left alone."""
    f = p * FS_BLOCK
    fs[f + FS_COIN] = coin_value(tb, st, rng, W, wb)
    fs[f + FS_VA] = 0.0
    fs[f + FS_VB] = 0.0
    if st[G_VERS_TOP] < tb[T_NVERS]:
        vt = st[VERS + st[G_VERS_TOP]]
        fs[f + FS_VA] = gain_value(tb, st, rng, p, tb[T_VK + vt * 2 + 0], tb[T_VN + vt * 2 + 0], W, wb)
        fs[f + FS_VB] = gain_value(tb, st, rng, p, tb[T_VK + vt * 2 + 1], tb[T_VN + vt * 2 + 1], W, wb)
    fs[f + FS_HENCH] = W[wb + W_HENCH]
    fs[f + FS_MISSIONS] = missions_open(tb, st, p)
    for v in range(MAXV + 1):
        fs[f + FS_NCARDS + v] = -1.0
    if st[BN + L_PLACE_LOUIS] < tb[T_SPACES + L_PLACE_LOUIS]:
        held = held_missions(tb, st, p)
        for i in range(tb[T_DISPLAY]):
            c = st[DISP + i]
            if c >= 0:
                fs[f + FS_CARD + i] = character_value(tb, st, rng, p, c, W, wb, held)
    pos = st[PL + p * NPF + P_BPOS]
    last = tb[T_BAS_LAST]
    ns = scorings_left(tb, st, rng)
    wstep = W[wb + W_STEP]
    most = 0                      # the most steps a tile can give: its value + a place's extra
    for i in range(tb[T_N_BASX]):
        most = max(most, tb[T_BAS_EXTRA + i])
    for k in range(min(tb[T_MAXV] + most, 23) + 1):
        npos = min(pos + k, last)
        over = pos + k - npos
        fs[f + FS_STEP + k] = (ns * (tb[T_BAS_PTS + npos] - tb[T_BAS_PTS + pos])
                               + wstep * (npos - pos) + over * fs[f + FS_COIN])
    rl = rounds_left(tb, st, rng)
    for v in range(1, tb[T_MAXV] + 1):
        fs[f + FS_UPG + v] = W[wb + W_UPGRADE] * rl if can_upgrade(tb, st, rng, p, v) else 0.0
    bump = W[wb + W_BUMP]
    if fs[f + FS_BUMPW] != bump:    # they depend on the weight alone (all 0 while it is 0)
        fs[f + FS_BUMPW] = bump
        for h in range(MAXS):
            fs[f + FS_BUMPED + h] = bump * h / (1.0 + h)


@njit(cache=True, _nrt=False, inline="always")   # one call site
def best_display_values(tb, st, p, v, fs):
    """Net worth of each affordable display card for tile v, sorted high to low into
    fs[FS_SORT + v * MAXD..]; returns how many are worth taking. Coins and display stay
    as they are while tiles are placed, so this is worked out once a round for each v
    (placement_worth reads the count kept in fs[FS_NCARDS + v] before calling)."""
    f = p * FS_BLOCK
    cv = fs[f + FS_COIN]
    fv = f + FS_SORT + v * MAXD
    k = 0
    coins = st[PL + p * NPF + P_COINS]
    for i in range(tb[T_DISPLAY]):
        c = st[DISP + i]
        if c < 0:
            continue
        price = max(0, tb[T_CH_COST + c] - v)
        if price > coins:
            continue
        x = fs[f + FS_CARD + i] - cv * price
        if x <= 0:
            continue
        j = k
        while j > 0 and fs[fv + j - 1] < x:
            fs[fv + j] = fs[fv + j - 1]
            j -= 1
        fs[fv + j] = x
        k += 1
    fs[f + FS_NCARDS + v] = k
    return k


@njit(cache=True, _nrt=False, inline="always")
def reward_at(tb, st, p, loc, pos, v, W, wb, fs, ncards):
    """Worth to p of acting at place pos of loc with a tile of value v (after
    prepare_values; ncards = best_display_values for v when loc is Place Louis)."""
    f = p * FS_BLOCK
    if loc == L_BANQUE:
        x = tb[T_BANQUE] * v * fs[f + FS_COIN]
        if pos == 0:
            x += W[wb + W_START]
        return x
    if loc == L_NOTRE_DAME:
        x = fs[f + FS_UPG + v]
        if pos == 0:
            x += tb[T_ND_VP]
        return x
    if loc == L_VERSAILLES:
        if pos == 0:
            return max(fs[f + FS_VA], fs[f + FS_VB])
        if pos == 1:
            return min(fs[f + FS_VA], fs[f + FS_VB])
        return 0.0
    if loc == L_CATACOMBES:
        if pos < tb[T_N_CATH]:
            return min(tb[T_CAT_HENCH + pos], st[PL + p * NPF + P_HSUP]) * fs[f + FS_HENCH]
        return 0.0
    if loc == L_PLACE_LOUIS:
        if pos < ncards:
            return fs[f + FS_SORT + v * MAXD + pos]
        return 0.0
    if loc == L_BASTILLE:
        if pos < tb[T_N_BASX]:
            return fs[f + FS_STEP + min(v + tb[T_BAS_EXTRA + pos], 23)]
        return 0.0
    x = W[wb + W_MISSION] if fs[f + FS_MISSIONS] > pos else 0.0   # earlier tiles take cards first
    if pos == 0:
        x += tb[T_ETATS] * fs[f + FS_COIN]
    return x


@njit(cache=True, _nrt=False, inline="always")
def placement_worth(tb, st, p, v, loc, W, wb, fs):
    """What the heuristic weighs for placing v on loc now: the place it takes among tiles
    already there, less the chance (W_BUMP) that a later, higher tile of an opponent pushes
    it down, less W_KEEP per point of tile spent (big tiles are kept for the contests)."""
    k = st[BN + loc]
    pos = st[BGE + loc * (MAXV + 1) + v]     # the place v takes: after the tiles >= v
    ncards = 0
    if loc == L_PLACE_LOUIS:
        ncards = int(fs[p * FS_BLOCK + FS_NCARDS + v])
        if ncards < 0:                      # not yet worked out this round
            ncards = best_display_values(tb, st, p, v, fs)
    x = reward_at(tb, st, p, loc, pos, v, W, wb, fs, ncards)
    f = p * FS_BLOCK
    bump = W[wb + W_BUMP]
    if bump > 0.0:
        free = tb[T_SPACES + loc] - k - 1
        higher = st[SCR_HIGHER + v]
        if free > 0 and higher > 0:
            y = reward_at(tb, st, p, loc, pos + 1, v, W, wb, fs, ncards)
            x -= fs[f + FS_BUMPED + min(higher, free)] * (x - y)
    return x - W[wb + W_KEEP] * v
