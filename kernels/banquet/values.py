"""What a seating, a move's side effects, a direction and waiting are worth to a seat's faction,
by what the seat knows (F_KNOWN): an unknown player's secret is a chance spread evenly over the
candidates the seat cannot rule out, leaning on public signs. The greedy bot weighs its terms
1 and the heuristic's own terms 0; the heuristic reads the [bots] table. They read the state
and never change it; bots.py makes the choices from them."""
from numba import njit

from kernels.banquet.castle_places import gatehouse, tower_side
from kernels.banquet.castle_team import castle_side_value, castle_value
from kernels.banquet.layout import (A_OP, ASSASSIN, BARON_F, BOT_GREEDY, BOT_RANDOM, COURIER, F_CHAR,
                                    F_FACTION, F_GATE, F_HOST, F_KEYRING, F_KING, F_PLACE, F_PLACE_KIND,
                                    F_ROUND, F_SECRET, F_STAND, F_SUSPECT, KEY_ON_TOWER, KING_F, MAIDEN_F,
                                    MERCHANT_F, MV_PASS, N_GREEDY_TERMS, OP_LOOK, OP_PROTECT, OP_REVEAL,
                                    OP_SIT, PK_HOUND, QUEEN_F, R_CH_MAIDEN, R_KSIZE, R_N, R_NPL, R_ROUNDS,
                                    R_SCEN, R_SENESCHAL_COURIER, SCEN_BANQUET, SCEN_CASTLE, SCEN_ESTATE,
                                    SCEN_MAIDEN, SCEN_SPIES, SPY, T_ACTIONS, T_RULES, W_BLOCK, W_CONVERT,
                                    W_COVER, W_CROWD, W_DISTANCE, W_ESCORT, W_GUARD, W_PROTECT_SAVES,
                                    W_SUSPICION, W_THREAT)
from kernels.banquet.state import (adjacent, adjacent_in, distance, estate_at, knows, places_adjacent,
                                   player_place, seat_of_char, seneschal, step, traitor_factions)

@njit(cache=True, _nrt=False, inline="always")
def weight(w, bot, i):
    """The greedy bot weighs its terms 1 and the heuristic's own terms 0; the heuristic (and
    the rollout seat's off-turn choices) read the [bots] table."""
    if bot == BOT_GREEDY:
        return 1.0 if i < N_GREEDY_TERMS else 0.0
    return w[i]


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
            total += sign_odds(st, p, sus)
    if total == 0.0:
        return
    for p in range(n):
        if st[F_FACTION + p] == faction and p != skip_a and p != skip_b and not knows(st, v, p):
            out[p] = sign_odds(st, p, sus) / total


@njit(cache=True, _nrt=False, inline="always")
def sign_odds(st, p, sus):
    """A possible holder's weight in the odds on a secret: 1 + sus per public sign on him
    (F_SUSPECT). The one formula of the king's reading: odds, doubt_raised and the strong
    bots' re-deal (rollout.place_by_signs) share it."""
    return 1.0 + sus * st[F_SUSPECT + p]


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
            t1, t2, ok = neighbour_threat(st, p, f1, f2, od)
            p1 += t1
            p2 += t2
            safe += ok
    p1 = min(p1, 1.0)
    p2 = min(p2, 1.0)
    if fv == KING_F:
        return king_worth(w, bot, p1, p2, safe)
    near = 0.0
    own = -1
    for p in range(n):          # the own assassin's distance: a faction knows its own secret
        if st[F_FACTION + p] == fv and od[p] == 1.0:
            own = p
            if pl[p] >= 0 and pl[king] >= 0:    # both stand somewhere (set-up places: picked)
                near = (distance(pl[p], pl[king], npl) - 1.0) / npl
    escort = 0.0
    if own >= 0 and adjacent_in(pl, own, king, npl):
        for p in range(n):      # a faction-mate holding the king's other side
            if p != own and st[F_FACTION + p] == fv and adjacent_in(pl, p, king, npl):
                escort = 1.0
    return traitor_worth(w, bot, fv == f1, p1, p2, near, escort)


@njit(cache=True, _nrt=False, inline="always")
def neighbour_threat(st, x, f1, f2, od):
    """What player x beside the king adds to the threat on him: x's odds of being traitor
    faction f1's or f2's assassin, and 1.0 if x is known safe (odds 0)."""
    t1 = od[x] if st[F_FACTION + x] == f1 else 0.0
    t2 = od[x] if st[F_FACTION + x] == f2 else 0.0
    return t1, t2, 1.0 if od[x] == 0.0 else 0.0


@njit(cache=True, _nrt=False, inline="always")
def king_worth(w, bot, p1, p2, safe):
    """Scenario 1 or 3, the king's faction: the chance one traitor faction's assassin is beside
    the king and the other's not (p1, p2: each faction's odds there), less; friends (odds 0)
    beside him, more."""
    return -weight(w, bot, W_THREAT) * (p1 * (1.0 - p2) + p2 * (1.0 - p1)) + weight(w, bot, W_GUARD) * 0.25 * safe


@njit(cache=True, _nrt=False, inline="always")
def traitor_worth(w, bot, first, p1, p2, near, escort):
    """Scenario 1 or 3, a traitor faction (the first of traitor_factions or not): its own
    assassin beside the king and the other's not; less its own assassin's distance to him
    (near); more a faction-mate holding the king's other side (escort 1)."""
    mine, other = (p1, p2) if first else (p2, p1)
    return (weight(w, bot, W_THREAT) * mine * (1.0 - other) - weight(w, bot, W_DISTANCE) * near
            + weight(w, bot, W_ESCORT) * escort)


@njit(cache=True, _nrt=False, inline="always")
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
    far = 0.0
    if pl[wm] >= 0 and pl[queen] >= 0:      # both stand somewhere (set-up places: picked)
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


@njit(cache=True, _nrt=False, inline="always")
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
        pts0 = st[estate_at(0, j)] + left * c0
        pts1 = st[estate_at(1, j)] + left * c1
        pts2 = st[estate_at(2, j)] + left * c2
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
    wc = weight(w, bot, W_COVER)
    signs = wc * doubt_raised(st, tables, v, a, pl, lean(w, bot)) if wc > 0.0 else 0.0    # before pl is reused
    return effect_value(st, tables, v, a, slot, x, od, bot, w, pl) - signs


@njit(cache=True, _nrt=False)
def doubt_raised(st, tables, v, a, pl, sus):
    """Scenario 1, a's move by traitor v's faction to seating pl: how much the public signs it
    gives (each faction-mate it brings next to the king, rules.note_signs) raise the king's odds
    on v's own assassin, as the king reads them (odds with suspicion sus) - negative when the
    signs fall on decoys. Measured (issue 32): traitors blind to this gave away their assassin
    (1.6 signs a game on him, 0.3 on the other four) and the king's heuristic read them."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    fv = st[F_FACTION + v]
    king = st[F_KING]
    if rules[R_SCEN] != SCEN_BANQUET or fv == KING_F or king < 0 or st[F_FACTION + a] != fv:
        return 0.0
    own = -1
    for p in range(n):
        if st[F_FACTION + p] == fv and knows(st, v, p) and st[F_SECRET + p] == ASSASSIN:
            own = p
    if own < 0 or knows(st, king, own):
        return 0.0
    now = 0.0
    then = 0.0
    now_own = 0.0
    then_own = 0.0
    for p in range(n):
        if st[F_FACTION + p] != fv or knows(st, king, p):
            continue
        sign = 1.0 if adjacent_in(pl, p, king, npl) and not adjacent(st, p, king, npl) else 0.0
        x = sign_odds(st, p, sus)
        y = x + sus * sign              # the move's own sign, one more in the same formula
        now += x
        then += y
        if p == own:
            now_own = x
            then_own = y
    return then_own / then - now_own / now


@njit(cache=True, _nrt=False)
def effect_value(st, tables, v, a, slot, x, od, bot, w, pl):
    """side_value's part for the move's own effect (pl: scratch)."""
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
