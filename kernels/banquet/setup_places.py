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
import numpy as np
from numba import njit

from kernels.banquet.layout import (F_FACTION, F_KING, F_PLACE, F_SU_DISP, F_SU_PICKED, MAIDEN_F, MAXP, O_CHOICE,
                                    R_N, R_NPL, R_SCEN, SCEN_BANQUET, SCEN_CASTLE, SCEN_MAIDEN, T_RULES,
                                    W_DISPLACING)
from kernels.banquet.state import player_place
from kernels.banquet.values import lean, odds, value
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
def after_the_king(st, tables, p, q, pl, od, odk, bot, w, base):
    """What p's pick of q is worth to p's faction (knowledge od) once the players yet to pick
    have picked and the scenario 1 king, picking last, has taken a place he values most by his
    own knowledge odk. Where the others will stand is not known: a free place is the king's
    before his pick (the one the others leave: FILLS of them spread evenly from a start at
    chance, every one when there are no more), the others at chance on the rest, all drawn
    from base, a draw of p's own stream (the same seatings for every place p weighs). Without
    them an empty place looked safe to the king, and no traitor sought the place two from the
    Queen."""
    picked_seating(st, tables, p, q, pl)
    free = free_places(st, tables, pl)
    fills = min(free, FILLS)
    start = int(unit(stream_start(base, FILLS, 0)) * free)
    total = 0.0
    for s in range(fills):
        picked_seating(st, tables, p, q, pl)
        left = fill_the_rest(st, tables, pl, base, s, (start + s * free // fills) % free)
        total += king_picks(st, tables, p, pl, od, odk, bot, w, left)
    return total / fills


FILLS = 4       # the seatings of the players yet to pick a foresight weighs, at most


@njit(cache=True, _nrt=False)
def taken_places(tables, pl):
    """The places of the players standing somewhere in pl, as a bit set."""
    taken = 0
    for o in range(tables[T_RULES][R_N]):
        if pl[o] >= 0:
            taken |= 1 << pl[o]
    return taken


@njit(cache=True, _nrt=False)
def free_places(st, tables, pl):
    """How many player's places nobody stands at in pl."""
    taken = taken_places(tables, pl)
    free = 0
    for r in range(tables[T_RULES][R_NPL]):
        if player_place(st, r) and (taken >> r) & 1 == 0:
            free += 1
    return free


@njit(cache=True, _nrt=False)
def fill_the_rest(st, tables, pl, base, s, j):
    """Seating s of the players standing nowhere in pl: the king at the j-th free place (his
    before his pick, the one the others leave), the others, in seat order, each at a free place
    drawn at chance (draw i: stream_start(base, s, i)). Returns the king's place."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    king = st[F_KING]
    taken = taken_places(tables, pl)
    free = free_places(st, tables, pl)
    left = nth_free(st, npl, taken, j)
    pl[king] = left
    taken |= 1 << left
    free -= 1
    i = 0
    for o in range(n):
        if pl[o] == NOWHERE:
            r = nth_free(st, npl, taken, int(unit(stream_start(base, s, i)) * free))
            pl[o] = r
            taken |= 1 << r
            free -= 1
            i += 1
    return left


@njit(cache=True, _nrt=False)
def nth_free(st, npl, taken, j):
    """The j-th (from 0) player's place not in the bit set taken."""
    for r in range(npl):
        if player_place(st, r) and (taken >> r) & 1 == 0:
            if j == 0:
                return r
            j -= 1
    return -1


@njit(cache=True, _nrt=False)
def king_picks(st, tables, p, pl, od, odk, bot, w, left):
    """p's faction's worth of the full seating pl (the king at left) once the king has taken a
    place he values most (its occupant taking his, left): the mean over his best places, each
    alike (he breaks ties by his own stream)."""
    npl = tables[T_RULES][R_NPL]
    king = st[F_KING]
    best = -1e18
    total = 0.0
    m = 0
    for r in range(npl):
        if player_place(st, r):
            o = king_to(st, tables, pl, king, r, left)
            v = value(st, tables, king, pl, odk, bot, w)
            if v > best + 1e-6:
                best, total, m = v, 0.0, 0
            if v >= best - 1e-6:
                total += value(st, tables, p, pl, od, bot, w)
                m += 1
            king_back(pl, king, o, r, left)
    return total / m


@njit(cache=True, _nrt=False, inline="always")
def king_to(st, tables, pl, king, r, left):
    """The king takes place r; its occupant (returned, -1 none) takes the king's, left."""
    o = -1
    for x in range(tables[T_RULES][R_N]):
        if x != king and pl[x] == r:
            o = x
    if o >= 0:
        pl[o] = left
    pl[king] = r
    return o


@njit(cache=True, _nrt=False, inline="always")
def king_back(pl, king, o, r, left):
    if o >= 0:
        pl[o] = r
    pl[king] = left


@njit(cache=True, _nrt=False)
def choose_setup_place(st, tables, p, bot, w, rng, pl, od, buf, k):
    """The greedy's and the heuristic's set-up place of buf[:k] for p (the random bot draws
    in bots.choose_seat): the pick whose seating of the picked players p's faction values
    most (in scenario 1 after the king's last pick; his odds in od's second half), near-ties
    by the seat's own stream. Scenario 6: the first place offered (no character is dealt
    yet, so no place is better for anyone)."""
    if tables[T_RULES][R_SCEN] == SCEN_CASTLE:
        return 0
    last = king_comes_last(st, tables, p)
    odk = od[MAXP:2 * MAXP]
    base = np.uint64(0)
    if last:
        odds(st, tables, st[F_KING], odk, lean(w, bot))
        base = next_u64(rng, BOT0 + p)
    odds(st, tables, p, od, lean(w, bot))
    best = 0
    best_v = -1e18
    for i in range(k):
        q = buf[i, O_CHOICE]
        if last:
            x = after_the_king(st, tables, p, q, pl, od, odk, bot, w, base)
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
