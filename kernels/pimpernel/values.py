"""The heuristic's and greedy bot's valuations: what a card, a tile, a basic move or a favor card is
worth to a seat, and the per-decision context (fill_context) they read. Read-only on the state
(save the ctx scratch)."""

import numpy as np

from kernels.pimpernel.jit import kernel
from kernels.pimpernel.layout import (ACT_BUILDING, ACT_DISGUISE, ACT_MOVE, ACT_PLACE, ACT_POINT, ACT_REMOVE,
    ACT_REST, ACT_ROUTE, A_REST, A_SUPPORTER, C_AREA, C_HAVE, C_ICON, C_LEAD, C_LOC, C_NEED, C_REGPOT,
    C_RIVAL, IC_DISGUISE, IC_NONE, IC_POINT, IC_REMOVE, IC_REST, IC_ROUTE, K_DECK_WORTH, K_FC_ACT, K_LC_ICON,
    K_LC_NSLOT, K_LOC_REGION, K_MC_LOC, K_MC_NEED, K_NB, K_NFC, K_NLOC, K_POINT_PT, K_SPACE_RA, K_SPACE_RB,
    K_TILE_AREA, L_FIRST, L_LOCATION, L_RESOURCES, L_ROUTE, L_SUPPORTERS, MAXR, MAXSLOT, MV_AREA, MV_BUILD,
    MV_FAVOR, MV_LEADER, MV_LOC, MV_MOVE, MV_PASS, MV_POINT, MV_REMOVE, MV_ROUTE, NAREA, NLEAD, NNEED, NRES,
    O_AREA, O_BLD, O_BLDTILE, O_CUR_CARDS, O_HOLDER, O_LEADER, O_LOCCARD, O_MLOC, O_N, O_NCUR, O_NEXT_CARDS,
    O_NNEXT, O_NSHORT, O_SHORT, O_TILECARD, P_SCORE, P_SUPPLY, W_BUILD_NEED, W_DENIAL, W_FUTURE, W_LEAD_FIRST,
    W_LEAD_FLOOR, W_LEAD_LAST, W_LEAD_LOC, W_LEAD_RES, W_LEAD_ROUTE, W_LEAD_SUP, W_MAJORITY, W_MISSION,
    W_MOVE, W_PASS, W_REST)
from kernels.pimpernel.state import area_at, occupied_mask, player_at, popcount64, space_at


@kernel
def best_short(s, RM, occ):
    """(mask of the short route with fewest empty spaces, its empty count)."""
    best = np.uint64(0)
    be = 99
    for i in range(s[O_NSHORT]):
        m = RM[s[O_SHORT + i]]
        e = popcount64(m & ~occ)
        if e < be:
            be = e
            best = m
    return best, be


@kernel(inline=True)
def action_worth(K, act):
    """One favor action against a plain placement (1.0), for the worth of a favor card."""
    if act == ACT_PLACE:
        return 1.0
    if act == ACT_BUILDING or act == ACT_ROUTE:
        return 0.8
    if act == ACT_POINT:
        return float(K[K_POINT_PT])
    if act == ACT_MOVE:
        return 0.3
    if act == ACT_REMOVE:
        return 0.1
    if act == ACT_REST:
        return 0.5
    return 0.6   # a planning area


@kernel(inline=True)
def card_worth(K, c):
    return action_worth(K, K[K_FC_ACT + c * 2]) + action_worth(K, K[K_FC_ACT + c * 2 + 1])


@kernel
def deck_worth(K):
    """The worth of all the favor cards together, tile_worth's yardstick (summed once per
    content into K[K_DECK_WORTH] by the packer)."""
    tot = 0.0
    for c in range(K[K_NFC]):
        tot += card_worth(K, c)
    return tot


@kernel(inline=True)
def tile_worth(s, K, t):
    """The favor card on tile t against the deck's mean card (1.0 = an average card)."""
    deck = K[K_DECK_WORTH:K_DECK_WORTH + 1].view(np.float64)[0]
    return card_worth(K, s[O_TILECARD + t]) * K[K_NFC] / deck


@kernel
def parts_unmet(s, K, be, ctx):
    """How many of the four requirements (resources, supporters, a complete route, a full
    location) the board does not meet yet (ctx's needs and cubes filled)."""
    unmet = 0
    for a in range(NRES):
        if ctx[C_HAVE + a] < ctx[C_NEED + a]:
            unmet += 1
            break
    if ctx[C_HAVE + A_SUPPORTER] < ctx[C_NEED + A_SUPPORTER]:
        unmet += 1
    if be > 0:
        unmet += 1
    ml = s[O_MLOC]
    mc = s[O_LOCCARD + ml]
    if mc >= 0:
        for i in range(K[K_LC_NSLOT + mc]):
            if s[space_at(ml, i)] < 0:
                unmet += 1
                break
    return unmet


@kernel
def contest_leader_spaces(s, K, W, be, ctx):
    """Issue #34's leader spaces: each part's space is worth leader_floor more whatever its
    chance (leading chooses whose cubes score; a failed part costs the leader nothing outside
    Chauvelin), and the last free space, which ends the round, loses leader_last of its worth
    per requirement still unmet (of four), so the round is not closed on a mission half done."""
    for k in range(NLEAD):
        if k != L_FIRST:
            ctx[C_LEAD + k] += W[W_LEAD_FLOOR]
    free = 0
    for k in range(NLEAD):
        if s[O_LEADER + k] < 0:
            free += 1
    if free == 1 and W[W_LEAD_LAST] > 0.0:
        keep = max(0.0, 1.0 - W[W_LEAD_LAST] * parts_unmet(s, K, be, ctx) / 4.0)
        for k in range(NLEAD):
            ctx[C_LEAD + k] *= keep


@kernel
def fill_context(s, K, W, p, occ, best, be, ctx, kinds):
    """What the heuristic needs for the moves of one decision, computed once; kinds has bit k
    set when a move of kind k is on offer, and only the parts those moves read are filled."""
    n = s[O_N]
    ml = s[O_MLOC]
    want_area = (kinds & ((1 << MV_AREA) | (1 << MV_LOC) | (1 << MV_FAVOR))) != 0
    want_lead = (kinds & (1 << MV_LEADER)) != 0
    want_build = (kinds & (1 << MV_BUILD)) != 0 and W[W_BUILD_NEED] > 0.0
    if want_area or want_lead or want_build:
        # the mission's needs, the cubes in each area and the most any rival has there, each
        # read card by card and player by player (rows in memory order)
        for a in range(NAREA):
            ctx[C_NEED + a] = 0.0
            ctx[C_HAVE + a] = 0.0
            ctx[C_RIVAL + a] = 0.0
        for j in range(s[O_NCUR]):
            card = K_MC_NEED + s[O_CUR_CARDS + j] * NNEED
            for a in range(A_REST):
                ctx[C_NEED + a] += K[card + (a if a < NRES else NNEED - 1)]
        for q in range(n):
            row = O_AREA + q * NAREA
            for a in range(NAREA):
                c = s[row + a]
                ctx[C_HAVE + a] += c
                if q != p and c > ctx[C_RIVAL + a]:
                    ctx[C_RIVAL + a] = c
    if want_area:
        # one more cube of p in an area: needed for the mission, or surplus; and the majority
        for a in range(NAREA):
            if a == A_REST:
                v = W[W_REST]
            else:
                v = W[W_MISSION] if ctx[C_HAVE + a] < ctx[C_NEED + a] else W[W_FUTURE] * 0.3
            # a clear majority: more than every rival, worth the tile's card
            if s[O_HOLDER + a] != p and ctx[C_RIVAL + a] < s[area_at(p, a)] + 1:
                v += W[W_MAJORITY] * tile_worth(s, K, a)
            ctx[C_AREA + a] = v
    if want_lead:
        # leader spaces: worth their point times the chance the part succeeds
        need_r = 0.0
        have_r = 0.0
        for a in range(NRES):
            need_r += ctx[C_NEED + a]
            have_r += min(ctx[C_HAVE + a], ctx[C_NEED + a])
        frac = 1.0 if need_r == 0 else have_r / need_r
        ctx[C_LEAD + L_RESOURCES] = W[W_LEAD_RES] * frac * frac
        nd = ctx[C_NEED + A_SUPPORTER]
        frac = 1.0 if nd == 0 else min(1.0, ctx[C_HAVE + A_SUPPORTER] / nd)
        ctx[C_LEAD + L_SUPPORTERS] = W[W_LEAD_SUP] * frac * frac
        ctx[C_LEAD + L_FIRST] = W[W_LEAD_FIRST]
        v = W[W_LEAD_ROUTE] / (1.0 + be)
        lead = True   # a leading player values choosing the route the others scored on
        for q in range(n):
            if q != p and s[player_at(q, P_SCORE)] >= s[player_at(p, P_SCORE)]:
                lead = False
        if lead:
            v += W[W_DENIAL]
        ctx[C_LEAD + L_ROUTE] = v
        mc = s[O_LOCCARD + ml]
        if mc < 0:
            ctx[C_LEAD + L_LOCATION] = W[W_LEAD_LOC]
        else:
            ns = K[K_LC_NSLOT + mc]
            f = 0
            for i in range(ns):
                if s[space_at(ml, i)] >= 0:
                    f += 1
            frac = f / ns
            ctx[C_LEAD + L_LOCATION] = W[W_LEAD_LOC] * frac * frac
        if W[W_LEAD_FLOOR] > 0.0 or W[W_LEAD_LAST] > 0.0:
            contest_leader_spaces(s, K, W, be, ctx)
    if (kinds & (1 << MV_MOVE)) != 0:
        # region potential: empty spaces worth filling now (mission location, best route)
        for r in range(MAXR):
            ctx[C_REGPOT + r] = 0.0
        c = s[O_LOCCARD + ml]
        if c >= 0:
            for i in range(K[K_LC_NSLOT + c]):
                if s[space_at(ml, i)] < 0:
                    ctx[C_REGPOT + K[K_LOC_REGION + ml]] += 1.0
        free = best & ~occ
        while free != np.uint64(0):
            low = free & (~free + np.uint64(1))
            sp = popcount64(low - np.uint64(1))
            free ^= low
            ra = K[K_SPACE_RA + sp]
            rb = K[K_SPACE_RB + sp]
            ctx[C_REGPOT + ra] += 1.0
            if rb != ra:
                ctx[C_REGPOT + rb] += 1.0
    if (kinds & (1 << MV_LOC)) != 0:
        # locations: the current mission's, the two next candidates', any other
        other = W[W_FUTURE] * 0.2
        for l2 in range(K[K_NLOC]):
            ctx[C_LOC + l2] = other
        for i in range(s[O_NNEXT]):
            ctx[C_LOC + K[K_MC_LOC + s[O_NEXT_CARDS + i]]] = W[W_FUTURE]
        ctx[C_LOC + ml] = W[W_MISSION]
        spare = s[player_at(p, P_SUPPLY)] > 1   # an icon's action needs a second cube
        ctx[C_ICON + IC_NONE] = 0.0
        ctx[C_ICON + IC_POINT] = float(K[K_POINT_PT])
        ctx[C_ICON + IC_ROUTE] = 0.5 * W[W_MISSION] if spare else 0.0
        ctx[C_ICON + IC_REMOVE] = 0.0
        for ic in range(IC_DISGUISE, IC_REST + 1):
            ctx[C_ICON + ic] = ctx[C_AREA + ic - IC_DISGUISE] if spare else 0.0


@kernel(inline=True)
def act_value(s, K, act, b_place, b_build, b_route, b_move, ctx):
    """Worth of one half of a favor card, from the best basic moves of the same decision."""
    if act == ACT_MOVE:
        return max(b_move, 0.0)
    if act == ACT_PLACE:
        return b_place
    if act == ACT_BUILDING:
        return b_build
    if act == ACT_ROUTE:
        return b_route
    if act == ACT_POINT:
        return float(K[K_POINT_PT])
    if act == ACT_REMOVE:
        return -0.6
    return ctx[C_AREA + act - ACT_DISGUISE]


@kernel(inline=True)
def basic_value(s, K, W, p, kind, a, bm, short, v_best_route, my_supply, my_region, ctx):
    """The heuristic's worth in points of one basic move (kind, a) (not a favor card), from
    the decision's context (fill_context) and its best short route bm and short routes."""
    if kind == MV_ROUTE:
        bit = np.uint64(1) << np.uint64(a)
        if (bm & bit) != np.uint64(0):
            return v_best_route
        if (short & bit) != np.uint64(0):
            return W[W_FUTURE]
        return 0.05
    if kind == MV_PASS:
        return W[W_PASS]
    if kind == MV_POINT:
        return float(K[K_POINT_PT])
    if kind == MV_LOC:
        l = a // MAXSLOT
        c = s[O_LOCCARD + l]
        return ctx[C_LOC + l] + ctx[C_ICON + K[K_LC_ICON + c * MAXSLOT + a % MAXSLOT]]
    if kind == MV_LEADER:
        return ctx[C_LEAD + a]
    if kind == MV_AREA:
        return ctx[C_AREA + a]
    if kind == MV_BUILD:
        ar = K[K_TILE_AREA + s[O_BLDTILE + a]]
        v = W[W_FUTURE]
        if W[W_BUILD_NEED] > 0.0 and ar != A_REST and ctx[C_HAVE + ar] < ctx[C_NEED + ar]:
            v = W[W_BUILD_NEED]   # a way to the resource or supporters the mission lacks
        for b2 in range(K[K_NB]):
            if s[O_BLD + b2] == p and K[K_TILE_AREA + s[O_BLDTILE + b2]] == ar:
                v = 0.1
        if s[O_BLD + a] >= 0:
            v -= 0.2
        return v
    if kind == MV_MOVE:
        if my_supply == 0:
            return -1.0
        return W[W_MOVE] * (ctx[C_REGPOT + a] - ctx[C_REGPOT + my_region]) - 0.1
    if kind == MV_REMOVE:
        return -0.6
    return 0.0


@kernel(inline=True)
def best_halves(kind, v, b_place, b_build, b_route, b_move):
    """The best basic moves per favor action, with one more basic move of value v."""
    if kind == MV_ROUTE:
        return max(b_place, v), b_build, max(b_route, v), b_move
    if kind == MV_LOC or kind == MV_LEADER:
        return max(b_place, v), b_build, b_route, b_move
    if kind == MV_BUILD or kind == MV_AREA:
        return b_place, max(b_build, v), b_route, b_move
    if kind == MV_MOVE:
        return b_place, b_build, b_route, max(b_move, v)
    return b_place, b_build, b_route, b_move


@kernel(inline=True)
def favor_value(s, K, t, b_place, b_build, b_route, b_move, ctx):
    """The favor card on tile t: its two halves, each worth the best basic move it stands for."""
    c = s[O_TILECARD + t]
    return act_value(s, K, K[K_FC_ACT + c * 2], b_place, b_build, b_route, b_move, ctx) \
        + act_value(s, K, K[K_FC_ACT + c * 2 + 1], b_place, b_build, b_route, b_move, ctx)


@kernel(inline=True)
def short_context(s, K, RM):
    """(occupied route spaces, the short route with fewest empty spaces, its empty count, the
    short routes' spaces together)."""
    occ = occupied_mask(s, K)
    bm, be = best_short(s, RM, occ)
    short = np.uint64(0)
    for i in range(s[O_NSHORT]):
        short |= RM[s[O_SHORT + i]]
    return occ, bm, be, short
