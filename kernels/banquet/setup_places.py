"""The bots' set-up places (reading B1, seating.py asks DEC_SEAT): where a player picks so
that his side is served. Only the players who have picked stand anywhere yet (the rest are
placed later, by their own choice), so a place is weighed on the seating of the picked ones
(values.value, by what the seat knows), the others standing nowhere (place -1: beside
nobody). The scenario 1 king picks last and may take any place: the players before him
weigh each place by where the king would then sit (his best places by the same valuation
and his own knowledge, which is public: his faction and nothing of the traitors'), on full
seatings: the players yet to pick stand at chance on the free places (after_the_king), so an
empty place no longer looks safe to him. Scenario 6's characters are dealt after the places:
nothing to weigh. Scenario 3's traitor factions each send the member whose pick matters most
(choose_sender)."""
from numba import njit

from kernels.banquet.layout import (F_FACTION, F_KING, F_PLACE, F_SU_DISP, F_SU_PICKED, KING_F, MAIDEN_F,
                                    MAXP, MAXPL, O_CHOICE, R_N, R_NPL, R_SCEN, SCEN_BANQUET, SCEN_CASTLE,
                                    SCEN_MAIDEN, T_RULES, W_DISPLACING)
from kernels.banquet.state import distance, player_place, step, traitor_factions
from kernels.banquet.values import king_worth, lean, neighbour_threat, odds, traitor_worth, value
from kernels.rng import BOT0, next_u64, stream_start, uniform, unit

NOWHERE = -1        # the place of a player who has not picked yet


@njit(cache=True, _nrt=False)
def holder(st, n, q, p):
    """Another player than p at place q, -1 none."""
    for o in range(n):
        if o != p and st[F_PLACE + o] == q:
            return o
    return -1


@njit(cache=True, _nrt=False)
def seat_open(st, tables, p, q):
    """p may pick place q now: a player's place, free or held by one yet to pick; any place
    for the scenario 1 king; for a scenario 4 maiden, any not held by a faction-mate who
    picked."""
    rules = tables[T_RULES]
    if not player_place(st, q):
        return False
    h = holder(st, rules[R_N], q, p)
    if h < 0 or st[F_SU_PICKED + h] == 0:
        return True
    if st[F_SU_DISP] == p:
        return False
    if rules[R_SCEN] == SCEN_BANQUET:
        return p == st[F_KING]
    return rules[R_SCEN] == SCEN_MAIDEN and st[F_FACTION + p] == MAIDEN_F and st[F_FACTION + h] != MAIDEN_F


@njit(cache=True, _nrt=False)
def picked_seating(st, tables, p, q, pl):
    """The seating p's pick of q makes of the picked players: p at q; a picked player there
    takes the scenario 1 king's former place (the last one free), or (a maiden's pick in
    scenario 4) stands nowhere until he has chosen again."""
    rules = tables[T_RULES]
    n = rules[R_N]
    for o in range(n):
        pl[o] = st[F_PLACE + o] if st[F_SU_PICKED + o] == 1 else NOWHERE
    for o in range(n):
        if o != p and pl[o] == q:
            pl[o] = st[F_PLACE + p] if rules[R_SCEN] == SCEN_BANQUET and p == st[F_KING] else NOWHERE
    pl[p] = q


@njit(cache=True, _nrt=False)
def displaces(st, tables, p, q):
    """p's pick of q moves a player who has picked and then chooses again (scenario 4's
    maiden's faction; the scenario 1 king's occupant has no choice: he takes the last place)."""
    rules = tables[T_RULES]
    if rules[R_SCEN] != SCEN_MAIDEN:
        return False
    for o in range(rules[R_N]):
        if o != p and st[F_SU_PICKED + o] == 1 and st[F_PLACE + o] == q:
            return True
    return False


@njit(cache=True, _nrt=False)
def king_comes_last(st, tables, p):
    """Scenario 1: the king picks after p, any place."""
    king = st[F_KING]
    return tables[T_RULES][R_SCEN] == SCEN_BANQUET and king >= 0 and king != p and st[F_SU_PICKED + king] == 0


@njit(cache=True, _nrt=False)
def after_the_king(st, tables, p, q, pl, od, odk, bot, w, fills, at):
    """What p's pick of q is worth to p's faction (knowledge od) once the players yet to pick
    have picked and the scenario 1 king, picking last, has taken a place he values most by his
    own knowledge odk: the mean over the seatings the_others drew for this pick (fills of
    them). Without them an empty place looked safe to the king, and no traitor sought the
    place two from the Queen. at: scratch (the_others' seatings, then king_picks')."""
    picked_seating(st, tables, p, q, pl)
    skip = 0            # q's rank among the free places: the positions from it on are one further
    while at[FREE_AT + skip] != q:
        skip += 1
    own = own_assassin(st, tables, p, od)
    total = 0.0
    for s in range(fills):
        seat_the_others(st, tables, p, pl, s, skip, at)
        total += king_picks(st, tables, p, pl, od, odk, bot, w, pl[st[F_KING]], own, at)
    return total / fills


FILLS = 4       # the seatings of the players yet to pick a foresight weighs, at most (8 bits apiece in 64)
FREE_AT = MAXPL         # at[FREE_AT:]: the free places before p's pick, ascending
SEATS_AT = 2 * MAXPL    # at[SEATS_AT + o]: o's position in each seating (2 * MAXPL + MAXP <= 4 * MAXP)


@njit(cache=True, _nrt=False)
def the_others(st, tables, p, base, at):
    """Where the players yet to pick may stand once p has picked, drawn once for every place
    p weighs (all free, so each leaves as many): FILLS seatings (fewer with fewer places left)
    of positions among the places p's pick leaves free, in at[SEATS_AT + o]. A free place is
    the king's before his pick (the one the others leave: spread evenly from a start at
    chance, every one when there are no more), the others, in seat order, at chance on the
    rest, all drawn from base, a draw of p's own stream (draw i of seating s: stream_start(base,
    s, i)). Returns how many seatings."""
    rules = tables[T_RULES]
    n = rules[R_N]
    king = st[F_KING]
    free = free_before(st, tables, p, at) - 1
    fills = min(free, FILLS)
    start = int(unit(stream_start(base, FILLS, 0)) * free)
    for o in range(n):
        at[SEATS_AT + o] = 0
    for s in range(fills):
        x = (start + s * free // fills) % free
        at[SEATS_AT + king] |= x << (8 * s)
        used = 1 << x
        i = 0
        for o in range(n):
            if yet_to_pick(st, p, o) and o != king:
                x = nth_unused(used, int(unit(stream_start(base, s, i)) * (free - 1 - i)))
                at[SEATS_AT + o] |= x << (8 * s)
                used |= 1 << x
                i += 1
    return fills


@njit(cache=True, _nrt=False, inline="always")
def yet_to_pick(st, p, o):
    return o != p and st[F_SU_PICKED + o] == 0


@njit(cache=True, _nrt=False)
def free_before(st, tables, p, at):
    """The player's places no one who has picked holds, ascending, in at[FREE_AT:]; how many."""
    rules = tables[T_RULES]
    taken = 0
    for o in range(rules[R_N]):
        if o != p and st[F_SU_PICKED + o] == 1:
            taken |= 1 << st[F_PLACE + o]
    f = 0
    for r in range(rules[R_NPL]):
        if player_place(st, r) and (taken >> r) & 1 == 0:
            at[FREE_AT + f] = r
            f += 1
    return f


@njit(cache=True, _nrt=False)
def nth_unused(used, j):
    """The j-th (from 0) position not in the bit set used."""
    x = 0
    while True:
        if (used >> x) & 1 == 0:
            if j == 0:
                return x
            j -= 1
        x += 1


@njit(cache=True, _nrt=False)
def seat_the_others(st, tables, p, pl, s, skip, at):
    """Seating s of the_others on pl, p's pick at the free place of rank skip."""
    for o in range(tables[T_RULES][R_N]):
        if yet_to_pick(st, p, o):
            x = (at[SEATS_AT + o] >> (8 * s)) & 255
            pl[o] = at[FREE_AT + x + (1 if x >= skip else 0)]


@njit(cache=True, _nrt=False)
def own_assassin(st, tables, p, od):
    """The member of p's faction p knows to be its assassin (odds 1; the last one, as
    values.value reads him), -1 none (the king's faction)."""
    own = -1
    for o in range(tables[T_RULES][R_N]):
        if st[F_FACTION + o] == st[F_FACTION + p] and od[o] == 1.0:
            own = o
    return own


@njit(cache=True, _nrt=False)
def king_picks(st, tables, p, pl, od, odk, bot, w, left, own, at):
    """p's faction's worth of the full seating pl (the king at left) once the king has taken a
    place he values most (its occupant taking his, left): the mean over his best places, each
    alike (he breaks ties by his own stream). Only the king's two neighbours and the own
    assassin's distance to him count (values.value), so each place is read from at, the
    player at each place, not by a valuation of the whole seating."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    king = st[F_KING]
    for r in range(npl):
        at[r] = -1
    for o in range(n):
        at[pl[o]] = o
    best = -1e18
    total = 0.0
    m = 0
    for r in range(npl):
        if player_place(st, r):
            o = at[r] if at[r] != king else -1          # he takes the king's place, left
            a = beside(at, step(r, -1, npl), left, o)
            b = beside(at, step(r, 1, npl), left, o)
            v = king_between(st, tables, king, a, b, r, -1, -1, odk, bot, w)
            if v > best + 1e-6:
                best, total, m = v, 0.0, 0
            if v >= best - 1e-6:
                total += king_between(st, tables, p, a, b, r, own, left if own == o else pl[own], od, bot, w)
                m += 1
    return total / m


@njit(cache=True, _nrt=False, inline="always")
def beside(at, z, left, o):
    """The player at place z once the king has left his place, left, for o's."""
    return o if z == left else at[z]


@njit(cache=True, _nrt=False)
def king_between(st, tables, v, a, b, r, own, own_at, od, bot, w):
    """values.value of a seating for v's faction by v's knowledge od, read from what it
    depends on in scenario 1: the king at place r between players a and b (-1 nobody), and
    v's faction's own assassin (own, -1 none) at place own_at."""
    npl = tables[T_RULES][R_NPL]
    f1, f2 = traitor_factions(SCEN_BANQUET)
    p1 = 0.0
    p2 = 0.0
    safe = 0.0
    for x in (a, b):
        if x >= 0:
            t1, t2, ok = neighbour_threat(st, x, f1, f2, od)
            p1 += t1
            p2 += t2
            safe += ok
    fv = st[F_FACTION + v]
    if fv == KING_F:
        return king_worth(w, bot, min(p1, 1.0), min(p2, 1.0), safe)
    near = 0.0
    escort = 0.0
    if own >= 0:
        near = (distance(own_at, r, npl) - 1.0) / npl
        if (own == a and b >= 0 and st[F_FACTION + b] == fv) or (own == b and a >= 0 and st[F_FACTION + a] == fv):
            escort = 1.0
    return traitor_worth(w, bot, fv == f1, min(p1, 1.0), min(p2, 1.0), near, escort)


@njit(cache=True, _nrt=False)
def choose_setup_place(st, tables, p, bot, w, rng, pl, od, buf, k, at):
    """The greedy's and the heuristic's set-up place of buf[:k] for p (the random bot draws
    in bots.choose_seat): the pick whose seating of the picked players p's faction values
    most (in scenario 1 after the king's last pick; his odds in od's second half), near-ties
    by the seat's own stream. Scenario 6: the first place offered (no character is dealt
    yet, so no place is better for anyone). at: scratch (4 * MAXP)."""
    if tables[T_RULES][R_SCEN] == SCEN_CASTLE:
        return 0
    last = king_comes_last(st, tables, p)
    odk = od[MAXP:2 * MAXP]
    fills = 0
    if last:
        odds(st, tables, st[F_KING], odk, lean(w, bot))
        fills = the_others(st, tables, p, next_u64(rng, BOT0 + p), at)
    odds(st, tables, p, od, lean(w, bot))
    best = 0
    best_v = -1e18
    for i in range(k):
        q = buf[i, O_CHOICE]
        if last:
            x = after_the_king(st, tables, p, q, pl, od, odk, bot, w, fills, at)
        else:
            picked_seating(st, tables, p, q, pl)
            x = value(st, tables, p, pl, od, bot, w)
        if displaces(st, tables, p, q):
            # the displaced player then picks any free place, a choice handed to the other side
            # (without it a pick the seating leaves level - the princess's or abbot's before the
            # maiden has picked - fell on the first place offered, often the king's or the queen's)
            x -= w[W_DISPLACING]
        x += 1e-7 * uniform(rng, BOT0 + p)
        if x > best_v + 1e-6:
            best_v = x
            best = i
    return best


@njit(cache=True, _nrt=False)
def choose_sender(st, tables, p, bot, w, rng, pl, od, buf, k):
    """The greedy's and the heuristic's member of buf[:k] that leader p sends to pick next
    (scenario 3, R_FACTION_SENDS): the one whose pick matters most to the faction (pick_stake),
    so that he picks before the other faction's picks take his best place; near-ties by the
    seat's own stream."""
    odds(st, tables, p, od, lean(w, bot))
    best = 0
    best_v = -1e18
    for i in range(k):
        x = pick_stake(st, tables, p, buf[i, O_CHOICE], pl, od, bot, w) + 1e-7 * uniform(rng, BOT0 + p)
        if x > best_v + 1e-6:
            best_v = x
            best = i
    return best


@njit(cache=True, _nrt=False)
def pick_stake(st, tables, p, m, pl, od, bot, w):
    """How much member m's pick matters to p's faction: his best open place's worth over the
    mean of them all (what waiting may cost him once the other faction has picked), on the
    picked players' seating (the assassin's, near the king, above all)."""
    best = -1e18
    total = 0.0
    k = 0
    for q in range(tables[T_RULES][R_NPL]):
        if seat_open(st, tables, m, q):
            picked_seating(st, tables, m, q, pl)
            x = value(st, tables, p, pl, od, bot, w)
            best = max(best, x)
            total += x
            k += 1
    return best - total / k
