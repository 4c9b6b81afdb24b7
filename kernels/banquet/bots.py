"""Valuations and choices: every decision the game asks of a seat, on its turn or off it. Bots
read the state only through what their seat knows (F_KNOWN): an unknown player's secret is
a chance spread evenly over the candidates the seat cannot rule out."""
from numba import njit

from kernels.banquet.layout import (OP_BRING_NEXT_TO, OP_SIT, OP_STAND, OP_SWAP_TWO, OP_SWITCH)
from kernels.banquet.layout import (A_OP, ASSASSIN, BARON_F, BOT_GREEDY, BOT_RANDOM, COURIER, DUKE_F,
                                    F_CHAR, F_FACTION, F_HOST, F_KING, F_MARK, F_PLACE, F_SECRET, F_STAND, KING_F, MV_PASS, MV_SLOT, MV_X,
                                    MV_Y, MV_Z, OP_LOOK, OP_PROTECT, OP_REVEAL, OP_SIT, R_CH_SENESCHAL, R_N, R_NPL, R_SCEN, R_SENESCHAL_COURIER, ROSE_F,
                                    SCEN_BANQUET, SCEN_SPIES, T_ACTIONS, T_RULES, TOWER_F, W_DISTANCE,
                                    W_GUARD, W_THREAT, W_VETO, FAVOR, N_GREEDY_TERMS, W_ESCORT,
                                    W_BLOCK, SPY, W_SUSPICION, F_SUSPECT, W_MARK_PATIENCE,
                                    W_DIRECTION_LAP, W_PROTECT_SAVES, W_CASTLE_SHORT, W_MARK_MIDROUND, F_ACTIONS,
                                    W_CASTLE_AGAINST, F_DUKE_DIR)
from kernels.banquet.castle_places import gatehouse, tower_side
from kernels.banquet.castle_team import (castle_side_value, castle_value, choose_enter, choose_keyring_pass,
                                         choose_reflip)
from kernels.banquet.layout import (DEC_ACTION, DEC_BRIBE, DEC_DIRECTION, DEC_GATEHOUSE, DEC_KEYRING,
                                    DEC_MARK, DEC_PARTNER, DEC_PLACE, DEC_REACTION, DEC_REFLIP, DEC_SEAT, DEC_VETO, F_AC_A,
                                    F_AC_X, F_AC_Y, F_AC_Z, F_DEC, F_EF_A, F_EF_SLOT, F_EN_FORMER, F_MK_I, F_RE_PA,
                                    F_RE_SLOT, F_RE_X, F_RE_Y, F_RE_Z, O_CHOICE)
from kernels.banquet.layout import F_GATE, F_KEYRING, KEY_ON_TOWER, SCEN_CASTLE
from kernels.banquet.moves import sim_apply
from kernels.banquet.layout import (F_ESTATE, F_PLACE_KIND, MAIDEN_F, MERCHANT_F, PK_HOUND, QUEEN_F, R_CH_MAIDEN,
                                    R_KSIZE, R_ROUNDS, F_ROUND, SCEN_ESTATE, SCEN_MAIDEN, W_CONVERT, W_CROWD)
from kernels.banquet.state import adjacent_in, distance, knows, places_adjacent, player_place, seat_of_char, step
from kernels.rng import BOT0, below, uniform


@njit(cache=True, _nrt=False, inline="always")
def weight(w, bot, i):
    """The greedy bot weighs its terms 1 and the heuristic's own terms 0; the heuristic (and
    the rollout seat's off-turn choices) read the [bots] table."""
    if bot == BOT_GREEDY:
        return 1.0 if i < N_GREEDY_TERMS else 0.0
    return w[i]


@njit(cache=True, _nrt=False)
def traitor_factions(scen):
    if scen == SCEN_BANQUET:
        return ROSE_F, TOWER_F
    return DUKE_F, BARON_F


@njit(cache=True, _nrt=False, inline="always")
def lean(w, bot):
    """How much the bot reads into who was brought next to the king (baron): 0 but for the
    heuristic and the rollout seat's own choices."""
    return weight(w, bot, W_SUSPICION) if bot != BOT_RANDOM else 0.0


@njit(cache=True, _nrt=False)
def odds(st, tables, v, out, sus):
    """out[p]: the chance, as seat v knows things, that p carries the scenario's secret (an
    assassin in scenarios 1 and 3, the courier in scenario 2): the members v cannot rule out
    share it, each weighted 1 + sus per public sign (F_SUSPECT)."""
    rules = tables[T_RULES]
    n = rules[R_N]
    scen = rules[R_SCEN]
    for p in range(n):
        out[p] = 0.0
    if scen >= SCEN_MAIDEN:         # scenarios 4 and 5 hide nothing
        return
    if scen == SCEN_SPIES:
        baron = st[F_HOST]
        sen_ok = rules[R_SENESCHAL_COURIER] == 1
        spread_secret(st, v, n, BARON_F, COURIER, baron, -1 if sen_ok else seneschal(st, tables), out, sus)
        return
    f1, f2 = traitor_factions(scen)
    spread_secret(st, v, n, f1, ASSASSIN, -1, -1, out, sus)
    spread_secret(st, v, n, f2, ASSASSIN, -1, -1, out, sus)


@njit(cache=True, _nrt=False)
def seneschal(st, tables):
    c = tables[T_RULES][R_CH_SENESCHAL]
    for p in range(tables[T_RULES][R_N]):
        if st[F_CHAR + p] == c:
            return p
    return -1


@njit(cache=True, _nrt=False)
def spread_secret(st, v, n, faction, secret, skip_a, skip_b, out, sus):
    """The holder of faction's secret: the one v knows, or any member v cannot rule out, each
    in proportion to 1 + sus x his public signs."""
    total = 0.0
    for p in range(n):
        if st[F_FACTION + p] != faction or p == skip_a or p == skip_b:
            continue
        if knows(st, v, p):
            if st[F_SECRET + p] == secret:
                for o in range(n):
                    if st[F_FACTION + o] == faction:
                        out[o] = 0.0
                out[p] = 1.0
                return
        else:
            total += 1.0 + sus * st[F_SUSPECT + p]
    if total == 0.0:
        return
    for p in range(n):
        if st[F_FACTION + p] == faction and p != skip_a and p != skip_b and not knows(st, v, p):
            out[p] = (1.0 + sus * st[F_SUSPECT + p]) / total


@njit(cache=True, _nrt=False)
def value(st, tables, v, pl, od, bot, w):
    """How good seating pl is for seat v's faction, by v's knowledge od (the greedy bot's one
    step toward the objective; the heuristic weighs the terms)."""
    rules = tables[T_RULES]
    n, npl, scen = rules[R_N], rules[R_NPL], rules[R_SCEN]
    fv = st[F_FACTION + v]
    if scen == SCEN_CASTLE:
        return castle_value(st, tables, pl, st[F_KEYRING], bot, w)
    if scen == SCEN_MAIDEN:
        return maiden_value(st, tables, fv, pl, bot, w)
    if scen == SCEN_ESTATE:
        return estate_value(st, tables, fv, pl, bot, w)
    if scen == SCEN_SPIES:
        b = st[F_HOST]
        pc = 0.0
        far = 0.0
        for p in range(n):
            if od[p] > 0.0:
                if adjacent_in(pl, p, b, npl):
                    pc += od[p]
                far += od[p] * (distance(pl[p], pl[b], npl) - 1) / npl
        sen = seneschal(st, tables)
        guard = 1.0 if sen >= 0 and adjacent_in(pl, sen, b, npl) else 0.0
        x = weight(w, bot, W_THREAT) * pc - weight(w, bot, W_DISTANCE) * far
        if fv == BARON_F:
            return x + weight(w, bot, W_GUARD) * guard
        block = 0.0
        for p in range(n):
            if st[F_FACTION + p] == fv:
                if adjacent_in(pl, p, b, npl):
                    block += 0.25           # a seat by the baron the courier cannot take
                if knows(st, v, p) and st[F_SECRET + p] == SPY:
                    for o in range(n):      # a possible courier within a bribe's reach
                        if od[o] > 0.0 and not knows(st, v, o) and adjacent_in(pl, p, o, npl):
                            block += 0.1
        return -x + weight(w, bot, W_BLOCK) * block
    king = st[F_KING]
    f1, f2 = traitor_factions(scen)
    p1 = 0.0
    p2 = 0.0
    safe = 0.0
    for p in range(n):
        if adjacent_in(pl, p, king, npl):
            if st[F_FACTION + p] == f1:
                p1 += od[p]
            elif st[F_FACTION + p] == f2:
                p2 += od[p]
            if od[p] == 0.0:
                safe += 1.0
    p1 = min(p1, 1.0)
    p2 = min(p2, 1.0)
    if fv == KING_F:
        return -weight(w, bot, W_THREAT) * (p1 * (1.0 - p2) + p2 * (1.0 - p1)) + weight(w, bot, W_GUARD) * 0.25 * safe
    mine, other = (p1, p2) if fv == f1 else (p2, p1)
    near = 0.0
    own = -1
    for p in range(n):          # the own assassin's distance: a faction knows its own secret
        if st[F_FACTION + p] == fv and od[p] == 1.0:
            near = (distance(pl[p], pl[king], npl) - 1.0) / npl
            own = p
    escort = 0.0
    if own >= 0 and adjacent_in(pl, own, king, npl):
        for p in range(n):      # a faction-mate holding the king's other side
            if p != own and st[F_FACTION + p] == fv and adjacent_in(pl, p, king, npl):
                escort = 1.0
    return (weight(w, bot, W_THREAT) * mine * (1.0 - other) - weight(w, bot, W_DISTANCE) * near
            + weight(w, bot, W_ESCORT) * escort)


@njit(cache=True, _nrt=False)
def maiden_value(st, tables, fv, pl, bot, w):
    """Scenario 4 (nothing hidden: the rose pendants are worn): the maiden's side wants her
    next to the queen, or close; the queen's side the reverse, with friends beside the queen
    (places the maiden cannot take). The heuristic also counts the queen's-faction players
    next to the maiden (they convert): the maiden's side seeks them, the queen's keeps away."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    wm = seat_of_char(st, n, rules[R_CH_MAIDEN])
    queen = st[F_HOST]
    slay = 1.0 if adjacent_in(pl, wm, queen, npl) else 0.0
    far = (distance(pl[wm], pl[queen], npl) - 1.0) / npl
    convert = 0.0
    guard = 0.0
    for p in range(n):
        if st[F_FACTION + p] == QUEEN_F and p != queen:
            if adjacent_in(pl, p, wm, npl):
                convert += 1.0
            if adjacent_in(pl, p, queen, npl):
                guard += 1.0
    x = weight(w, bot, W_THREAT) * slay - weight(w, bot, W_DISTANCE) * far + weight(w, bot, W_CONVERT) * 0.25 * convert
    if fv == MAIDEN_F:
        return x
    return -x + weight(w, bot, W_GUARD) * 0.25 * guard


@njit(cache=True, _nrt=False)
def estate_value(st, tables, fv, pl, bot, w):
    """Scenario 5: for each portion, the faction's lead in estate points if the coming
    objective phases saw this seating (points so far plus its players next to the portion,
    each round left), squashed so that a safe lead is not worth more; less each player's
    distance to the nearest portion; the heuristic adds its players next to a portion."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    mine = fv - MERCHANT_F
    left = rules[R_ROUNDS] - st[F_ROUND]
    h0, h1, h2 = estate_places(st, npl)
    lead = 0.0
    crowd = 0.0
    far = 0.0
    for j in range(3):
        q = (h0, h1, h2)[j]
        c0 = 0
        c1 = 0
        c2 = 0
        for p in range(n):
            if places_adjacent(pl[p], q, npl):
                t = st[F_FACTION + p] - MERCHANT_F
                if t == 0:
                    c0 += 1
                elif t == 1:
                    c1 += 1
                else:
                    c2 += 1
        pts0 = st[F_ESTATE + j] + left * c0
        pts1 = st[F_ESTATE + 3 + j] + left * c1
        pts2 = st[F_ESTATE + 6 + j] + left * c2
        own = (pts0, pts1, pts2)[mine]
        rival = max(pts1, pts2) if mine == 0 else (max(pts0, pts2) if mine == 1 else max(pts0, pts1))
        m = (own - rival) / (2.0 * left)
        lead += (1.5 if j == 0 else 1.0) * m / (1.0 + abs(m))
        crowd += (c0, c1, c2)[mine]
    for p in range(n):
        if st[F_FACTION + p] == fv:
            near = min(distance(pl[p], h0, npl), distance(pl[p], h1, npl), distance(pl[p], h2, npl))
            far += (near - 1.0) / npl
    return (weight(w, bot, W_THREAT) * 0.5 * lead - weight(w, bot, W_DISTANCE) * far / max(1, rules[R_KSIZE])
            + weight(w, bot, W_CROWD) * 0.1 * crowd)


@njit(cache=True, _nrt=False)
def estate_places(st, npl):
    """Scenario 5: the places of the Hound, the Diamond and the Purse."""
    h0 = h1 = h2 = 0
    for q in range(npl):
        k = st[F_PLACE_KIND + q]
        if k == PK_HOUND:
            h0 = q
        elif k == PK_HOUND + 1:
            h1 = q
        elif k == PK_HOUND + 2:
            h2 = q
    return h0, h1, h2


@njit(cache=True, _nrt=False)
def copy_places(st, n, pl):
    for p in range(n):
        pl[p] = st[F_PLACE + p]


@njit(cache=True, _nrt=False)
def side_value(st, tables, v, a, slot, x, od, bot, w, pl):
    """What a move that seats nobody anew is worth to v: looking at or exposing a possible
    secret holder, sitting an opponent, standing or shielding a friend. pl: a scratch seating
    (the caller's, free again once its own value is read)."""
    if slot == MV_PASS:
        return 0.0
    op = tables[T_ACTIONS][st[F_CHAR + a], slot, A_OP]
    if tables[T_RULES][R_SCEN] == SCEN_CASTLE:
        return castle_side_value(st, tables, a, op, x, bot, w)
    friend = x >= 0 and st[F_FACTION + x] == st[F_FACTION + v]
    if op == OP_LOOK or op == OP_REVEAL:
        return 0.05 if 0.0 < od[x] < 1.0 else 0.0
    if op == OP_SIT:
        return 0.03 if not friend else -0.03
    if op == OP_PROTECT:
        saves = weight(w, bot, W_PROTECT_SAVES)
        if saves > 0.0:
            return saves * protect_saves(st, tables, v, x, od, bot, w, pl)
        return 0.03 if friend else -0.03
    # standing a player up is worth nothing by itself: two friends standing each other up
    # would otherwise loop until the action cap
    return 0.0


@njit(cache=True, _nrt=False)
def protect_saves(st, tables, v, x, od, bot, w, pl):
    """What shielding x until the round ends saves v's faction: v's valuation of the seating
    now less its mean once x is moved, each other player's place (switched with x) alike - the
    moves an action that chooses x makes. An assassin beside the king, or a trusted guard, is
    worth shielding for his own side; a friend badly placed, or a rival well placed, is not
    (negative: the shield would keep him there)."""
    n = tables[T_RULES][R_N]
    copy_places(st, n, pl)
    now = value(st, tables, v, pl, od, bot, w)
    total = 0.0
    m = 0
    for o in range(n):
        if o == x or st[F_PLACE + o] == st[F_PLACE + x]:
            continue
        copy_places(st, n, pl)
        pl[x], pl[o] = pl[o], pl[x]
        total += value(st, tables, v, pl, od, bot, w)
        m += 1
    return now - total / m if m > 0 else 0.0


@njit(cache=True, _nrt=False)
def choose_move(st, tables, a, bot, w, mv, k, rng, pl, od):
    """The row of mv[:k] seat a plays: uniform (random) or the best one-step value."""
    if bot == BOT_RANDOM or k == 1:
        return below(rng, BOT0 + a, k)
    rules = tables[T_RULES]
    n = rules[R_N]
    odds(st, tables, a, od, lean(w, bot))
    copy_places(st, n, pl)
    best = 0
    best_v = value(st, tables, a, pl, od, bot, w)
    for i in range(1, k):
        copy_places(st, n, pl)
        slot = mv[i, MV_SLOT]
        sim_apply(st, tables, a, slot, mv[i, MV_X], mv[i, MV_Y], mv[i, MV_Z], pl)
        x = value(st, tables, a, pl, od, bot, w)
        x += side_value(st, tables, a, a, slot, mv[i, MV_X], od, bot, w, pl)
        if slot == FAVOR:
            x -= 0.01           # a favor may be declined
        x += 1e-7 * uniform(rng, BOT0 + a)
        if x > best_v + 1e-6:
            best_v = x
            best = i
    return best


@njit(cache=True, _nrt=False)
def blocks(op, t, pa, px, py):
    """Protecting t voids a's pending action (op on px, py): the effect checks again whether
    it may choose t (moves.affectable), and a's own self is never protected from a."""
    if t == pa:
        return False
    if op == OP_SWAP_TWO:
        return t == px or t == py
    if (op == OP_SWITCH or op == OP_BRING_NEXT_TO or op == OP_SIT or op == OP_STAND
            or op == OP_LOOK or op == OP_REVEAL or op == OP_PROTECT):
        return t == px
    return False


@njit(cache=True, _nrt=False)
def choose_reaction(st, tables, r, bot, w, mv, k, rng, pl, od, pa, pslot, px, py, pz):
    """The row of mv[:k] (row 0: not reacting) r plays when pa's pending action (slot, x, y,
    z) chose him; pa = -1 when nothing is pending (the moved and objective windows: as
    choose_move). A protect that voids the pending action is worth the seating it prevents
    (r's value now less after that action: a loss avoided, or a gain forgone when the action
    helps r's faction), and a look or reveal it prevents, at a secret r knows, what a
    look is worth; the rest as choose_move."""
    if bot == BOT_RANDOM or k == 1 or pa < 0:
        return choose_move(st, tables, r, bot, w, mv, k, rng, pl, od)
    rules = tables[T_RULES]
    n = rules[R_N]
    acts = tables[T_ACTIONS]
    pop = acts[st[F_CHAR + pa], pslot, A_OP]
    odds(st, tables, r, od, lean(w, bot))
    copy_places(st, n, pl)
    best = 0
    best_v = value(st, tables, r, pl, od, bot, w)
    sim_apply(st, tables, pa, pslot, px, py, pz, pl)
    threat = best_v - value(st, tables, r, pl, od, bot, w)
    if (pop == OP_LOOK or pop == OP_REVEAL) and knows(st, r, px) and st[F_SECRET + px] >= 0:
        threat += 0.05
    for i in range(1, k):
        copy_places(st, n, pl)
        slot = mv[i, MV_SLOT]
        x = mv[i, MV_X]
        sim_apply(st, tables, r, slot, x, mv[i, MV_Y], mv[i, MV_Z], pl)
        v = value(st, tables, r, pl, od, bot, w)
        v += side_value(st, tables, r, r, slot, x, od, bot, w, pl)
        if acts[st[F_CHAR + r], slot, A_OP] == OP_PROTECT and blocks(pop, x, pa, px, py):
            v += threat
        v += 1e-7 * uniform(rng, BOT0 + r)
        if v > best_v + 1e-6:
            best_v = v
            best = i
    return best


@njit(cache=True, _nrt=False)
def choose_direction(st, tables, host, bot, w, rng, od):
    """+1 or -1. Scenarios 1-4: the player just before the host in the round's order acts
    second to last; the host wants him trusted (a low chance of carrying the secret, or a
    faction-mate). Scenarios 5 and 6 have no secret and often no player just before the host
    (the places beside him may be the portions or the castle's places): they weigh the whole
    order (order_score) and, in scenario 6, the passes until the scepter reaches the team's
    next step (castle_direction_score, by castle_short_way) and the duke's walk: against it
    (castle_against_duke; measured, issue 31: heuristic tables at 8 players, full rules, rescue
    11.3% sending it against him, 6.5% with him, 8.6% the short way to the next step); all by
    direction_lap (0: as scenarios 1-4, which there ties and sends it clockwise)."""
    if bot == BOT_RANDOM:
        return 1 if below(rng, BOT0 + host, 2) == 0 else -1
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    odds(st, tables, host, od, lean(w, bot))
    best_d = 1
    best = 1e9
    lap = w[W_DIRECTION_LAP]       # greedy's and heuristic's alike (0: the issue-31 tie)
    for d in (1, -1):
        if rules[R_SCEN] >= SCEN_ESTATE and lap > 0.0:
            risk = -order_score(st, tables, host, d)
            if rules[R_SCEN] == SCEN_CASTLE:     # the short way (1), the long way (0), or neither (0.5)
                risk -= (2.0 * w[W_CASTLE_SHORT] - 1.0) * castle_direction_score(st, tables, host, d)
                if d == -st[F_DUKE_DIR]:        # F_DUKE_DIR: his walk round the circle
                    risk -= w[W_CASTLE_AGAINST]
            risk *= lap
        else:
            q = step(st[F_PLACE + host], -d, npl)
            risk = 0.0
            for p in range(n):
                if st[F_PLACE + p] == q:
                    friend = st[F_FACTION + p] == st[F_FACTION + host]
                    risk += 0.0 if friend else 0.5 + od[p]
        if risk < best - 1e-9:
            best = risk
            best_d = d
    return best_d


@njit(cache=True, _nrt=False)
def order_score(st, tables, host, d):
    """How the round's order in direction d suits the host's faction: the players after the
    host (place by place, skipping places no player may take) act in turn and the later one
    acts, the more his move shapes the seating the objective phase reads: a faction-mate
    counts + his lateness, another player minus it."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    q = st[F_PLACE + host]
    i = 0
    v = 0.0
    for _ in range(npl - 1):
        q = step(q, d, npl)
        if not player_place(st, q):
            continue
        for p in range(n):
            if p != host and st[F_PLACE + p] == q:
                i += 1
                late = i / n
                v += late if st[F_FACTION + p] == st[F_FACTION + host] else -late
    return v


@njit(cache=True, _nrt=False)
def castle_direction_score(st, tables, host, d):
    """Scenario 6: fewer passes (each steps the duke) until the scepter reaches the place
    the team moves next from: the gatehouse once she is in, the man beside the tower while
    guards are left there, else the Keyring's carrier."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    if st[F_GATE] >= 0:
        target = gatehouse(rules)
    elif st[F_KEYRING] == KEY_ON_TOWER:
        target = tower_side(rules)
    else:
        target = st[F_PLACE + st[F_KEYRING]]
    q = st[F_PLACE + host]
    k = 0
    for _ in range(npl):
        q = step(q, d, npl)
        for p in range(n):
            if st[F_PLACE + p] == q:
                k += 1                 # one pass to each place with a player on it
                break
        if q == target:
            break
    return -k / npl


@njit(cache=True, _nrt=False)
def choose_mark(st, tables, king, bot, w, faction, rng, od):
    """The king's mark for one traitor faction: a member, or -1 to leave it as it is."""
    rules = tables[T_RULES]
    n = rules[R_N]
    cur = st[F_MARK + (0 if faction == traitor_factions(rules[R_SCEN])[0] else 1)]
    if bot == BOT_RANDOM:
        if below(rng, BOT0 + king, 2) == 0:
            return -1
        m = 0
        for p in range(n):
            if st[F_FACTION + p] == faction:
                m += 1
        j = below(rng, BOT0 + king, m)
        for p in range(n):
            if st[F_FACTION + p] == faction:
                if j == 0:
                    return p if p != cur else -1
                j -= 1
        return -1
    odds(st, tables, king, od, lean(w, bot))
    best = -1
    cur_o = od[cur] if cur >= 0 else 0.0
    best_o = cur_o
    for p in range(n):
        if st[F_FACTION + p] == faction and od[p] > best_o + 1e-9:
            best = p
            best_o = od[p]
    patience = weight(w, bot, W_MARK_PATIENCE)
    if st[F_ACTIONS] > 0:           # the round under way: another chance to mark this round is rare
        patience *= weight(w, bot, W_MARK_MIDROUND)
    if best >= 0 and best_o - cur_o <= wait_worth(st, n, king, best_o, patience):
        return -1
    return best


@njit(cache=True, _nrt=False)
def wait_worth(st, n, king, best_o, patience):
    """What the king may still learn this round by not marking now (a mark is once a round):
    the players yet to act give signs, so the more of them still stand, the more of the doubt
    (1 - best_o) the round may clear - `patience` of it with the whole table standing. A certain
    mark has nothing to wait for; with nobody else standing the chance is the last. Once the
    round is under way (an action taken) the king, the host who acts last, is rarely passed
    the scepter again while anyone stands, so choose_mark keeps only mark_midround_patience of
    it (measured, issue 31: waiting there lost marks)."""
    others = 0
    for p in range(n):
        if p != king and st[F_STAND + p] == 1:
            others += 1
    return patience * (1.0 - best_o) * others / max(1, n - 1)


@njit(cache=True, _nrt=False)
def choose_place(st, tables, p, n, npl, bot, w, rng, pl, od, former):
    """A displaced player's new place: any unoccupied one (reading B18: he chooses)."""
    m = 0
    for q in range(npl):
        if free_place(st, n, q):
            m += 1
    if m == 0:
        return former
    if bot == BOT_RANDOM:
        j = below(rng, BOT0 + p, m)
        for q in range(npl):
            if free_place(st, n, q):
                if j == 0:
                    return q
                j -= 1
    odds(st, tables, p, od, lean(w, bot))
    best = -1
    best_v = -1e18
    for q in range(npl):
        if free_place(st, n, q):
            copy_places(st, n, pl)
            pl[p] = q
            x = value(st, tables, p, pl, od, bot, w)
            if x > best_v + 1e-9:
                best_v = x
                best = q
    return best


@njit(cache=True, _nrt=False)
def free_place(st, n, q):
    """An unoccupied place a player may take."""
    if not player_place(st, q):
        return False
    for o in range(n):
        if st[F_PLACE + o] == q:
            return False
    return True


@njit(cache=True, _nrt=False)
def choose_veto(st, tables, patron, a, slot, x, y, z, bot, w, rng, pl, od):
    """Does the patron decline a's favor? Random: a coin. Otherwise he declines when the
    favor's seating would cost his faction more than the veto threshold."""
    if bot == BOT_RANDOM:
        return below(rng, BOT0 + patron, 2) == 0
    rules = tables[T_RULES]
    n = rules[R_N]
    odds(st, tables, patron, od, lean(w, bot))
    copy_places(st, n, pl)
    before = value(st, tables, patron, pl, od, bot, w)
    sim_apply(st, tables, a, slot, x, y, z, pl)
    after = value(st, tables, patron, pl, od, bot, w)
    return before - after > weight(w, bot, W_VETO) * 0.25


@njit(cache=True, _nrt=False)
def choose_partner(st, tables, c, a, row, n, npl, bot, w, rng, pl, od, cand, m):
    """The chooser c's partner among cand[:m] (each_adjacent_switch; -1: she declines, where
    the reading lets her)."""
    if bot == BOT_RANDOM:
        return cand[below(rng, BOT0 + c, m)]
    odds(st, tables, c, od, lean(w, bot))
    best = cand[0]
    best_v = -1e18
    for i in range(m):
        o = cand[i]
        copy_places(st, n, pl)
        if o >= 0:
            pl[c], pl[o] = pl[o], pl[c]
        x = value(st, tables, c, pl, od, bot, w)
        if x > best_v + 1e-9:
            best_v = x
            best = o
    return best


@njit(cache=True, _nrt=False)
def choose_bribe(st, tables, spy, cand, m, bot, w, rng, od):
    """The player a spy bribes among cand[:m], or -1: the one most likely to be the courier
    that his faction does not know yet."""
    if bot == BOT_RANDOM:
        j = below(rng, BOT0 + spy, m + 1)
        return -1 if j == m else cand[j]
    odds(st, tables, spy, od, lean(w, bot))
    best = -1
    best_o = 0.0
    for i in range(m):
        o = cand[i]
        if not knows(st, spy, o) and od[o] > best_o:
            best_o = od[o]
            best = o
    return best


# -- the bots as policies (the forward model, kernels/banquet/forward.py) ---------------------
@njit(cache=True, _nrt=False)
def option_of(buf, k, c):
    """The index of the option row whose choice is c (the last row if none is)."""
    for i in range(k):
        if buf[i, O_CHOICE] == c:
            return i
    return k - 1


@njit(cache=True, _nrt=False)
def choose_option(tables, st, buf, k, seat, bot, rng, w, pl, od, cand):
    """The shipped bots as a policy: the index of the option of buf[:k] that bot (BOT_*,
    the rollout bot's choices off its turn included) takes for seat at the pending decision
    (F_DEC); each asks the bot's valuation (or draws) as it was asked before the forward
    model, so the games are the same. pl, cand: scratch seatings and lists."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    kind = st[F_DEC]
    if kind == DEC_ACTION:
        return choose_move(st, tables, seat, bot, w, buf, k, rng, pl, od)
    if kind == DEC_REACTION:
        return choose_reaction(st, tables, seat, bot, w, buf, k, rng, pl, od, st[F_RE_PA], st[F_RE_SLOT],
                               st[F_RE_X], st[F_RE_Y], st[F_RE_Z])
    if kind == DEC_DIRECTION:
        return option_of(buf, k, choose_direction(st, tables, seat, bot, w, rng, od))
    if kind == DEC_MARK:
        f1, f2 = traitor_factions(rules[R_SCEN])
        p = choose_mark(st, tables, seat, bot, w, f1 if st[F_MK_I] == 0 else f2, rng, od)
        return option_of(buf, k, p) if p >= 0 else 0
    if kind == DEC_BRIBE or kind == DEC_PARTNER:
        m = k - 1 if kind == DEC_BRIBE else k       # a bribe's last row: nobody
        for i in range(m):
            cand[i] = buf[i, O_CHOICE]
        if kind == DEC_BRIBE:
            o = choose_bribe(st, tables, seat, cand, m, bot, w, rng, od)
        else:
            a = st[F_EF_A]
            o = choose_partner(st, tables, seat, a, tables[T_ACTIONS][st[F_CHAR + a], st[F_EF_SLOT]], n, npl,
                               bot, w, rng, pl, od, cand, m)
        return option_of(buf, k, o)
    if kind == DEC_VETO:
        a = st[F_AC_A]
        yes = choose_veto(st, tables, seat, a, FAVOR, st[F_AC_X], st[F_AC_Y], st[F_AC_Z], bot, w, rng, pl, od)
        return 0 if yes else 1
    if kind == DEC_PLACE:
        return option_of(buf, k, choose_place(st, tables, seat, n, npl, bot, w, rng, pl, od, st[F_EN_FORMER]))
    if kind == DEC_KEYRING:
        return option_of(buf, k, choose_keyring_pass(st, tables, seat, bot, w, rng))
    if kind == DEC_GATEHOUSE:
        return 0 if choose_enter(st, tables, seat, bot, rng) else 1
    if kind == DEC_REFLIP:
        return 0 if choose_reflip(st, seat, bot, rng) else 1
    if kind == DEC_SEAT:
        return choose_seat(st, tables, seat, bot, w, rng, pl, od, buf, k)
    return 0


@njit(cache=True, _nrt=False)
def choose_seat(st, tables, p, bot, w, rng, pl, od, buf, k):
    """A set-up place of buf[:k] (reading B1's switch): uniform (random), else the seating (p
    there, whoever holds it in p's place) the bot values most."""
    if bot == BOT_RANDOM or k == 1:
        return below(rng, BOT0 + p, k)
    n = tables[T_RULES][R_N]
    odds(st, tables, p, od, lean(w, bot))
    best = 0
    best_v = -1e18
    for i in range(k):
        q = buf[i, O_CHOICE]
        copy_places(st, n, pl)
        for o in range(n):
            if o != p and pl[o] == q:
                pl[o] = pl[p]
                break
        pl[p] = q
        x = value(st, tables, p, pl, od, bot, w)
        if x > best_v + 1e-9:
            best_v = x
            best = i
    return best
