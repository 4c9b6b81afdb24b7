"""The rollout bot (flat Monte Carlo over the greedy bot's best moves, each played out to the
end by greedy bots from deals re-dealt for what the seat cannot know), and redeal_hidden (the
re-deal; the rollout and search bots' own leans on the public signs in scenario 1)."""
import numpy as np
from numba import njit

from kernels.banquet.bots import choose_option
from kernels.banquet.castle import name_host
from kernels.banquet.forward import apply, options
from kernels.banquet.layout import (ASSASSIN, BOT_GREEDY, DEC_NONE, F_CHAR, F_DEC_SEAT, F_FACTION, F_ITEM,
                                    F_SECRET, F_SIZE, F_STEP, IT_RING, MAX_CANDIDATES, MAXF, MAXP, MV_SLOT,
                                    MV_X, MV_Y, MV_Z, R_CH_BARON, R_CH_MESSENGER, R_CH_SENESCHAL, R_FULL, R_N,
                                    R_NF, R_SCEN, R_SENESCHAL_COURIER, S_SETUP, SCEN_BANQUET, SCEN_CASTLE,
                                    SCEN_SPIES, SIM_SIZE, T_RULES, W_REDEAL_SIGNS, W_ROLLOUT_CANDIDATES,
                                    W_ROLLOUT_PLAYOUTS, W_SUSPICION)
from kernels.banquet.moves import sim_apply
from kernels.banquet.objectives import final_scores, team_of
from kernels.banquet.state import knows
from kernels.banquet.values import copy_places, odds, side_value, sign_odds, value
from kernels.rng import below, BOT0, CHANCE, next_u64, uniform


@njit(cache=True, _nrt=False)
def secret_is_public(st, tables, p):
    """Players whose having no secret is public: the scenario 2 baron and (by the reading) the
    seneschal."""
    rules = tables[T_RULES]
    if rules[R_SCEN] != SCEN_SPIES:
        return False
    c = st[F_CHAR + p]
    return c == rules[R_CH_BARON] or (c == rules[R_CH_SENESCHAL] and rules[R_SENESCHAL_COURIER] == 0)


@njit(cache=True)
def redeal_hidden(tables, st, seat, rng):
    """Re-deal every secret seat cannot know, consistent with what it knows: within each
    faction, the secrets (with their tokens) of the members seat does not know are shuffled
    among them (chance stream of rng). Returns 1 if anything moved."""
    return redeal_into(tables, st, seat, rng, np.empty(3 * MAXP, np.int64), 0.0)


@njit(cache=True, _nrt=False, inline="always")
def belief(w):
    """How much the rollout and search bots' re-deal leans on the public signs: the seat's
    suspicion (the heuristic king's reading, values.odds) times redeal_signs (0: evenly)."""
    return w[W_REDEAL_SIGNS] * w[W_SUSPICION]


@njit(cache=True, _nrt=False)
def redeal_into(tables, st, seat, rng, buf, lean):
    """redeal_hidden with its working lists in buf (3 * MAXP), for the playouts; lean > 0
    places scenario 1's assassins by the public signs (place_by_signs)."""
    rules = tables[T_RULES]
    n = rules[R_N]
    if rules[R_SCEN] == SCEN_CASTLE and st[F_STEP] == S_SETUP:
        return redeal_characters(tables, st, rng)
    members = buf[0:MAXP]
    secrets = buf[MAXP:2 * MAXP]
    items = buf[2 * MAXP:3 * MAXP]
    moved = 0
    for f in range(5):
        m = 0
        for p in range(n):
            if (st[F_FACTION + p] == f and p != seat and not knows(st, seat, p)
                    and not secret_is_public(st, tables, p)):
                members[m] = p
                secrets[m] = st[F_SECRET + p]
                items[m] = st[F_ITEM + p] if st[F_SECRET + p] >= 0 else -1
                m += 1
        # a canonical order first, so that the re-deal depends on what the seat may know (the
        # secrets among these members, as a multiset) and the stream, never on who holds them
        for i in range(1, m):
            j = i
            while j > 0 and (secrets[j - 1] > secrets[j] or (secrets[j - 1] == secrets[j] and items[j - 1] > items[j])):
                secrets[j - 1], secrets[j] = secrets[j], secrets[j - 1]
                items[j - 1], items[j] = items[j], items[j - 1]
                j -= 1
        even = m
        if lean > 0.0 and rules[R_SCEN] == SCEN_BANQUET:
            even = place_by_signs(st, members, secrets, items, m, rng, lean)
        for i in range(even - 1, 0, -1):
            j = below(rng, CHANCE, i + 1)
            secrets[i], secrets[j] = secrets[j], secrets[i]
            items[i], items[j] = items[j], items[i]
        for i in range(m):
            p = members[i]
            if st[F_SECRET + p] != secrets[i]:
                moved = 1
            st[F_SECRET + p] = secrets[i]
            st[F_ITEM + p] = items[i] if secrets[i] >= 0 else base_item(st, tables, p)
    return moved


@njit(cache=True, _nrt=False)
def place_by_signs(st, members, secrets, items, m, rng, lean):
    """Scenario 1: the faction's assassin (if among these m secrets, in canonical order) goes
    first, to a member drawn in proportion to 1 + lean x his public signs (values.sign_odds,
    the odds the heuristic king reads when lean is his suspicion); that member and the
    assassin are moved to the lists' end. Returns how many of the front are left to deal
    evenly. Reads only the members (seat order), the signs and the multiset: no holder."""
    a = -1
    for i in range(m):
        if secrets[i] == ASSASSIN:
            a = i
            break
    if a < 0:
        return m
    total = 0.0
    for i in range(m):
        total += sign_odds(st, members[i], lean)
    x = uniform(rng, CHANCE) * total
    h = m - 1
    for i in range(m):
        x -= sign_odds(st, members[i], lean)
        if x < 0.0:
            h = i
            break
    members[h], members[m - 1] = members[m - 1], members[h]
    secrets[a], secrets[m - 1] = secrets[m - 1], secrets[a]
    items[a], items[m - 1] = items[m - 1], items[a]
    return m - 1


@njit(cache=True, _nrt=False)
def redeal_characters(tables, st, rng):
    """Scenario 6 while the places are picked: the characters are dealt after the places
    (set-up step 7), so nobody knows any yet: they are shuffled among the players, the host
    (the lowest initiative) with them."""
    n = tables[T_RULES][R_N]
    for i in range(n - 1, 0, -1):
        j = below(rng, CHANCE, i + 1)
        st[F_CHAR + i], st[F_CHAR + j] = st[F_CHAR + j], st[F_CHAR + i]
    name_host(st, tables, n)
    return 1


@njit(cache=True, _nrt=False)
def base_item(st, tables, p):
    """The token a player without a secret carries: the Signet Ring for the Messenger in the
    full rules with a patron."""
    rules = tables[T_RULES]
    if rules[R_FULL] == 1 and rules[R_SCEN] != SCEN_SPIES and st[F_CHAR + p] == rules[R_CH_MESSENGER]:
        return IT_RING
    return -1


@njit(cache=True, _nrt=False)
def playout(tables, rs, a, w, rrng, rmv, rsim, rod, rio, rmet, log):
    """From rs (a's move rmv[0] pending), play the game out with greedy bots through the
    forward model's loop; returns 1 if a's faction won, 1/k for a k-way tie, else 0."""
    rules = tables[T_RULES]
    kind = apply(tables, rs, rio, rmet, rsim, rmv, rrng, w, rmv[0], log, False)
    while kind != DEC_NONE:
        k = options(tables, rs, rio, rmet, rsim, rmv, rmv)
        i = choose_option(tables, rs, rmv, k, rs[F_DEC_SEAT], BOT_GREEDY, rrng, w, rsim[0:MAXP], rod,
                          rsim[2 * MAXP:6 * MAXP])
        kind = apply(tables, rs, rio, rmet, rsim, rmv, rrng, w, rmv[i], log, False)
    team = rsim[2 * MAXP:2 * MAXP + MAXF]
    final_scores(rs, tables, team)
    mine = team_of(rules[R_SCEN], rs[F_FACTION + a])
    top = 0
    for t in range(rules[R_NF]):
        if team[t] > team[mine]:
            return 0.0
        if team[t] == team[mine]:
            top += 1
    return 1.0 / top


@njit(cache=True, _nrt=False)
def rollout_choose(tables, st, a, w, rng, mv, k, pl, od, rs, rrng, rmv, rsim, rscore, rio, rmet, log):
    """The move of mv[:k] with the most playout wins among the greedy's best few."""
    rules = tables[T_RULES]
    n = rules[R_N]
    K = min(k, max(1, int(w[W_ROLLOUT_CANDIDATES])), MAX_CANDIDATES)
    N = max(1, int(w[W_ROLLOUT_PLAYOUTS]))
    odds(st, tables, a, od, 0.0)
    for i in range(k):              # the greedy's valuation of every move
        copy_places(st, n, pl)
        slot = mv[i, MV_SLOT]
        sim_apply(st, tables, a, slot, mv[i, MV_X], mv[i, MV_Y], mv[i, MV_Z], pl)
        rscore[i] = value(st, tables, a, pl, od, BOT_GREEDY, w)
        rscore[i] += side_value(st, tables, a, a, slot, mv[i, MV_X], od, BOT_GREEDY, w, pl)
    cands = rsim[6 * MAXP:6 * MAXP + MAX_CANDIDATES]
    cands[0] = 0                    # passing is always a candidate
    m = 1
    while m < K:
        best = -1
        for i in range(1, k):
            taken = False
            for j in range(m):
                if cands[j] == i:
                    taken = True
            if not taken and (best < 0 or rscore[i] > rscore[best]):
                best = i
        if best < 0:
            break
        cands[m] = best
        m += 1
    base = next_u64(rng, BOT0 + a)   # the seat's own stream seeds its playouts
    best_i = 0
    best_v = -1.0
    for c in range(m):
        i = cands[c]
        slot, x, y, z = mv[i, MV_SLOT], mv[i, MV_X], mv[i, MV_Y], mv[i, MV_Z]
        total = 0.0
        for t in range(N):
            for f in range(F_SIZE):
                rs[f] = st[f]
            for j in range(rng.shape[0]):
                rrng[j] = rng[j]
            rrng[CHANCE] = base + np.uint64(t + 1) * np.uint64(11400714819323198485)
            redeal_into(tables, rs, a, rrng, rsim[SIM_SIZE:SIM_SIZE + 3 * MAXP], belief(w))
            rio[0] = 0
            rmv[0, MV_SLOT] = slot
            rmv[0, MV_X] = x
            rmv[0, MV_Y] = y
            rmv[0, MV_Z] = z
            total += playout(tables, rs, a, w, rrng, rmv, rsim, od, rio, rmet, log)
        if total > best_v:
            best_v = total
            best_i = i
    return best_i
