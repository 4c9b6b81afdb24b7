"""Set-up (every choice the rulebook leaves to the players comes from the chance stream) and
the pure queries the rules and the bots both read: places, adjacency, filters, knowledge."""
from numba import njit

from kernels.banquet.castle import castle_setup
from kernels.banquet.layout import (ABBESS_F, ABBOT_F, ASSASSIN, BARON_F, C_GENDER, C_INIT, C_STATUS, COURIER,
                                    DECOY, DUKE_F, END_NONE, F_BRIBED, F_CAN_MARK, F_CHAR, F_CLAIM, F_DIR,
                                    F_END, F_ESTATE, F_FACTION, F_HOLDER, F_HOST, F_ITEM, F_KILLER, F_KING,
                                    F_KNOWN, F_MARK, F_MARKED_ROUND, F_MOVED, F_PATRON, F_PLACE, F_PLACE_KIND,
                                    F_REACTED, F_RING, F_RMOVED, F_SECRET, F_SIZE, F_STAND, F_VETO, F_VETOS,
                                    F_WHISPERED, GENDER_ANY, IT_DAGGER, IT_DECOY, IT_DIAMOND, IT_FLASK,
                                    IT_MESSAGE, IT_PURSE, IT_RING, KING_F, MAIDEN_F, MAXF, MAXP, MAXPL,
                                    MERCHANT_F, NCHAR, NOBILITY, PK_HOUND, PK_OPEN, POS_SITTING, POS_STANDING,
                                    QUEEN_F, R_ACROSS_CHANCE, R_BARON_KNOWS, R_CH_ABBESS, R_CH_ABBOT,
                                    R_CH_BARON, R_CH_DUKE, R_CH_KING, R_CH_KNIGHT, R_CH_MAIDEN, R_CH_MERCHANT,
                                    R_CH_MESSENGER, R_CH_PRINCESS, R_CH_QUEEN, R_CH_SENESCHAL, R_FSIZE,
                                    R_FULL, R_KSIZE, R_N, R_NEAR_KING, R_NPL, R_SCEN, R_SENESCHAL_COURIER,
                                    R_SPIES, R_VETO, ROSE_F, ROYALTY, SCEN_BANQUET, SCEN_CASTLE, SCEN_ESTATE,
                                    SCEN_LEAGUE, SCEN_MAIDEN, SCEN_SPIES, SPY, T_CHARS, T_RULES, TOWER_F,
                                    WHO_ADJACENT, WHO_NOT_ADJACENT)
from kernels.rng import below, CHANCE, shuffle


# -- where an entry of a table in the state row sits -------------------------------------------
# Most per-seat fields are one entry a seat (F_PLACE + p); the two tables below, and the moved
# flags of the effect resolving, are named here so rules and bots say what they read and write
# instead of computing an offset.
@njit(cache=True, _nrt=False, inline="always")
def known_at(v, p):
    """Where it sits whether seat v knows p's item (F_KNOWN: 1 = known)."""
    return F_KNOWN + v * MAXP + p


@njit(cache=True, _nrt=False, inline="always")
def estate_at(t, j):
    """Scenario 5: where faction t's estate points for portion j sit (t: 0 the merchant's, 1
    the abbot's, 2 the abbess's; j: the Hound's, the Diamond's, the Purse's portion)."""
    return F_ESTATE + 3 * t + j


@njit(cache=True, _nrt=False, inline="always")
def moved_flags(st, reaction):
    """The players the effect resolving moved (1 = moved): a reaction's own (F_RMOVED) apart
    from the action's (F_MOVED), whose moved players react after it."""
    return st[F_RMOVED:F_RMOVED + MAXP] if reaction == 1 else st[F_MOVED:F_MOVED + MAXP]


# -- queries --------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def step(q, d, npl):
    """The place one step from q in direction d."""
    return (q + d + npl) % npl


@njit(cache=True, _nrt=False, inline="always")
def player_place(st, q):
    """May a player occupy place q? Not one holding an item or a castle room (reading B11)."""
    return st[F_PLACE_KIND + q] == PK_OPEN


@njit(cache=True, _nrt=False, inline="always")
def places_adjacent(q, r, npl):
    return q != r and (step(q, 1, npl) == r or step(q, -1, npl) == r)


@njit(cache=True, _nrt=False, inline="always")
def adjacent_in(pl, p, o, npl):
    """Players p and o are adjacent in the seating pl: next places (sharers are not). A
    player at a negative place stands nowhere yet (a bot weighing set-up places: he has not
    picked) and is beside nobody."""
    return p != o and pl[p] >= 0 and pl[o] >= 0 and places_adjacent(pl[p], pl[o], npl)


@njit(cache=True, _nrt=False, inline="always")
def adjacent(st, p, o, npl):
    return adjacent_in(st[F_PLACE:], p, o, npl)


@njit(cache=True, _nrt=False)
def distance(q, r, npl):
    """Steps between places q and r around the circle (the shorter way)."""
    d = abs(q - r) % npl
    return min(d, npl - d)


@njit(cache=True, _nrt=False, inline="always")
def initiative(st, tables, p):
    return tables[T_CHARS][st[F_CHAR + p], C_INIT]


@njit(cache=True, _nrt=False)
def status_of(st, tables, p):
    """The status bits of p's character; the baron of scenario 2 also counts as Royalty and
    Nobility (Royal Authority)."""
    rules = tables[T_RULES]
    c = st[F_CHAR + p]
    s = tables[T_CHARS][c, C_STATUS]
    if rules[R_SCEN] == SCEN_SPIES and c == rules[R_CH_BARON]:
        s |= ROYALTY | NOBILITY
    return s


@njit(cache=True, _nrt=False, inline="always")
def royal(st, tables, p):
    return (status_of(st, tables, p) & ROYALTY) != 0


@njit(cache=True, _nrt=False)
def matches(st, tables, a, p, who, gender, status, pos, n, npl):
    """Does player p pass an action's filter, seen from the active player a?"""
    if who == WHO_ADJACENT and not adjacent(st, a, p, npl):
        return False
    if who == WHO_NOT_ADJACENT and adjacent(st, a, p, npl):
        return False
    if gender != GENDER_ANY and tables[T_CHARS][st[F_CHAR + p], C_GENDER] != gender:
        return False
    if status != 0 and (status_of(st, tables, p) & status) == 0:
        return False
    if pos == POS_STANDING and st[F_STAND + p] == 0:
        return False
    if pos == POS_SITTING and st[F_STAND + p] == 1:
        return False
    return True


@njit(cache=True, _nrt=False)
def lowest_initiative_at(st, tables, q, n, standing_only, skip):
    """The player at place q with the lowest initiative (standing ones only if asked), -1 none."""
    best = -1
    for p in range(n):
        if p != skip and st[F_PLACE + p] == q and (not standing_only or st[F_STAND + p] == 1):
            if best < 0 or initiative(st, tables, p) < initiative(st, tables, best):
                best = p
    return best


@njit(cache=True, _nrt=False)
def occupants(pl, q, n):
    k = 0
    for p in range(n):
        if pl[p] == q:
            k += 1
    return k


@njit(cache=True, _nrt=False)
def standing_count(st, n):
    k = 0
    for p in range(n):
        k += st[F_STAND + p]
    return k


@njit(cache=True, _nrt=False)
def seat_of_char(st, n, c):
    for p in range(n):
        if st[F_CHAR + p] == c:
            return p
    return -1


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
def traitor_factions(scen):
    if scen == SCEN_BANQUET:
        return ROSE_F, TOWER_F
    return DUKE_F, BARON_F


@njit(cache=True, _nrt=False)
def seneschal(st, tables):
    c = tables[T_RULES][R_CH_SENESCHAL]
    for p in range(tables[T_RULES][R_N]):
        if st[F_CHAR + p] == c:
            return p
    return -1


@njit(cache=True, _nrt=False, inline="always")
def knows(st, v, p):
    """Does seat v know p's item (and so p's secret role)?"""
    return st[known_at(v, p)] == 1


@njit(cache=True, _nrt=False)
def learn(st, tables, v, p, n):
    """Seat v saw p's item: v's whole faction knows it (reading B2), except that the baron of
    scenario 2 does not learn his own faction's tokens that way (the courier, or a decoy that
    would give him the courier by elimination) unless the rules say he knows them."""
    rules = tables[T_RULES]
    for u in range(n):
        if st[F_FACTION + u] == st[F_FACTION + v]:
            if (rules[R_SCEN] == SCEN_SPIES and st[F_FACTION + p] == BARON_F and st[F_SECRET + p] >= 0
                    and st[F_CHAR + u] == rules[R_CH_BARON] and rules[R_BARON_KNOWS] == 0
                    and st[F_WHISPERED] == 0 and u != v):
                continue
            st[known_at(u, p)] = 1


@njit(cache=True, _nrt=False)
def reveal_to_all(st, p, n):
    for u in range(n):
        st[known_at(u, p)] = 1


# -- set-up ---------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def faction_code(scen, f):
    """The ROLES code of a scenario's f-th faction (the rules vector's R_FSIZE order)."""
    if scen == SCEN_BANQUET:
        return (KING_F, ROSE_F, TOWER_F)[f]
    if scen == SCEN_SPIES:
        return (BARON_F, DUKE_F, DUKE_F)[f]
    if scen == SCEN_MAIDEN:
        return (MAIDEN_F, QUEEN_F, QUEEN_F)[f]
    if scen == SCEN_ESTATE:
        return (MERCHANT_F, ABBOT_F, ABBESS_F)[f]
    return (KING_F, DUKE_F, BARON_F)[f]


@njit(cache=True, _nrt=False)
def deal_factions(st, rules, rng, n, order):
    """Shuffle the seats and cut them into the factions' sizes: the first of the king's (the
    baron's in scenario 2) faction holds the title. order[] is the shuffled seats."""
    for i in range(n):
        order[i] = i
    shuffle(rng, CHANCE, order, n)
    scen = rules[R_SCEN]
    k = 0
    for f in range(MAXF):
        size = rules[R_FSIZE + f] if f < 3 else 0
        for _ in range(size):
            if k >= n:
                break
            st[F_FACTION + order[k]] = faction_code(scen, f)
            k += 1


@njit(cache=True, _nrt=False, inline="always")
def deal_characters(st, tables, rng, n, order, pool):
    """The titled cards to their holders, then every other player a card at random from what
    the scenario leaves in the box (the rulebook allows random distribution)."""
    rules = tables[T_RULES]
    chars = tables[T_CHARS]
    scen = rules[R_SCEN]
    for p in range(n):
        st[F_CHAR + p] = -1
    used = pool[NCHAR:2 * NCHAR]
    for c in range(NCHAR):
        used[c] = 0
    if scen == SCEN_BANQUET:
        titles = (rules[R_CH_KING], rules[R_CH_QUEEN], rules[R_CH_PRINCESS], rules[R_CH_KNIGHT])
        for i in range(rules[R_KSIZE]):
            st[F_CHAR + order[i]] = titles[i]
            used[titles[i]] = 1
        for c in range(NCHAR):          # the unused Royalty cards go back to the box
            if (chars[c, C_STATUS] & ROYALTY) != 0:
                used[c] = 1
    elif scen == SCEN_SPIES:
        st[F_CHAR + order[0]] = rules[R_CH_BARON]
        st[F_CHAR + order[1]] = rules[R_CH_SENESCHAL]
        used[rules[R_CH_BARON]] = 1
        used[rules[R_CH_SENESCHAL]] = 1
        used[rules[R_CH_DUKE]] = 1
        for c in range(NCHAR):
            if (chars[c, C_STATUS] & ROYALTY) != 0:
                used[c] = 1
    elif scen == SCEN_MAIDEN:
        # the maiden's three, then the queen and the king from the queen's faction
        titles = (rules[R_CH_MAIDEN], rules[R_CH_PRINCESS], rules[R_CH_ABBOT], rules[R_CH_QUEEN], rules[R_CH_KING])
        for i in range(5):
            st[F_CHAR + order[i]] = titles[i]
            used[titles[i]] = 1
    elif scen == SCEN_ESTATE:
        k = rules[R_FSIZE]
        for i, c in ((0, rules[R_CH_MERCHANT]), (k, rules[R_CH_ABBOT]), (2 * k, rules[R_CH_ABBESS])):
            st[F_CHAR + order[i]] = c
            used[c] = 1
        used[rules[R_CH_KING]] = 1          # the King goes back to the box
    else:
        k, d = rules[R_FSIZE], rules[R_FSIZE + 1]
        for i, c in ((0, rules[R_CH_KING]), (k, rules[R_CH_DUKE]), (k + d, rules[R_CH_BARON])):
            st[F_CHAR + order[i]] = c
            used[c] = 1
    m = 0
    for c in range(NCHAR):
        if used[c] == 0:
            pool[m] = c
            m += 1
    shuffle(rng, CHANCE, pool, m)
    j = 0
    for p in range(n):
        if st[F_CHAR + p] < 0:
            st[F_CHAR + p] = pool[j]
            j += 1


@njit(cache=True, _nrt=False)
def pick_secret(st, rng, n, faction, skip_a, skip_b, secret, item):
    """Chance picks one member of faction (not skip_a or skip_b, nor anyone with a secret)."""
    k = 0
    for p in range(n):
        if st[F_FACTION + p] == faction and p != skip_a and p != skip_b and st[F_SECRET + p] < 0:
            k += 1
    j = below(rng, CHANCE, k)
    for p in range(n):
        if st[F_FACTION + p] == faction and p != skip_a and p != skip_b and st[F_SECRET + p] < 0:
            if j == 0:
                st[F_SECRET + p] = secret
                st[F_ITEM + p] = item
                return p
            j -= 1
    return -1


@njit(cache=True, _nrt=False)
def give_ring(st, rules, n):
    """The Messenger's Signet Ring (full rules with a patron)."""
    if rules[R_FULL] == 1:
        m = seat_of_char(st, n, rules[R_CH_MESSENGER])
        if m >= 0:
            st[F_RING] = m
            if st[F_ITEM + m] < 0:
                st[F_ITEM + m] = IT_RING


@njit(cache=True, _nrt=False, inline="always")
def seat_players(st, tables, rng, n, npl, order, pool):
    """Places. Scenario 1: everyone but the king by chance, then the king any place (the
    occupant takes the one left): a random seating. Scenario 2: the baron, the seneschal as far
    as possible, his faction as close to the seneschal as possible, the duke's the rest.
    Scenario 3: the king, his faction nearest him (reading), the rest by chance."""
    rules = tables[T_RULES]
    for q in range(npl):
        pool[q] = q
    shuffle(rng, CHANCE, pool, npl)
    scen = rules[R_SCEN]
    if scen == SCEN_MAIDEN:
        seat_maiden_table(st, rules, rng, n, npl, order, pool)
        return
    if scen == SCEN_ESTATE:
        seat_estate_table(st, rules, n, npl, order)
        return
    if scen == SCEN_BANQUET or (scen == SCEN_LEAGUE and rules[R_NEAR_KING] == 0):
        for i in range(n):
            st[F_PLACE + order[i]] = pool[i]
        return
    taken = pool[MAXPL:2 * MAXPL]
    for q in range(npl):
        taken[q] = 0
    first = order[0]                     # the king (scenario 3) or the baron (scenario 2)
    q0 = pool[0]
    st[F_PLACE + first] = q0
    taken[q0] = 1
    centre = q0
    start = 1
    if scen == SCEN_SPIES:
        far = (q0 + npl // 2) % npl
        if npl % 2 == 1 and below(rng, CHANCE, 2) == 1:
            far = (q0 + npl // 2 + 1) % npl
        st[F_PLACE + order[1]] = far
        taken[far] = 1
        centre = far
        start = 2
    size = rules[R_KSIZE]
    for i in range(start, size):          # as close as possible, chance breaking ties of side
        side = 1 if below(rng, CHANCE, 2) == 0 else -1
        for dist in range(1, npl):
            q = (centre + side * dist + npl * 2) % npl
            if taken[q] == 0:
                break
            q = (centre - side * dist + npl * 2) % npl
            if taken[q] == 0:
                break
        st[F_PLACE + order[i]] = q
        taken[q] = 1
    j = 0
    for i in range(size, n):
        while taken[pool[j]] == 1:
            j += 1
        st[F_PLACE + order[i]] = pool[j]
        taken[pool[j]] = 1


@njit(cache=True, _nrt=False)
def across_from(rules, rng, q, npl):
    """The place directly across from q: n // 2 steps clockwise; with an odd count, chance
    picks that one or the next when the reading asks (B8)."""
    far = (q + npl // 2) % npl
    if npl % 2 == 1 and rules[R_ACROSS_CHANCE] == 1 and below(rng, CHANCE, 2) == 1:
        far = (far + 1) % npl
    return far


@njit(cache=True, _nrt=False)
def seat_maiden_table(st, rules, rng, n, npl, order, pool):
    """Scenario 4 places: the queen anywhere, the king across from her, the rest of her
    faction on free places, then each of the maiden's faction on any place not held by a
    faction-mate (an occupant moves to a free place), every choice from chance (B1)."""
    taken = pool[MAXPL:2 * MAXPL]
    for q in range(npl):
        taken[q] = -1
    queen, king = order[3], order[4]
    q0 = below(rng, CHANCE, npl)
    for p, q in ((queen, q0), (king, across_from(rules, rng, q0, npl))):
        st[F_PLACE + p] = q
        taken[q] = p
    for i in range(5, n):
        put_on_free(st, rng, order[i], npl, taken)
    for i in range(3):
        p = order[i]
        m = 0
        for q in range(npl):
            if taken[q] < 0 or st[F_FACTION + taken[q]] != MAIDEN_F:
                m += 1
        j = below(rng, CHANCE, m)
        for q in range(npl):
            if taken[q] < 0 or st[F_FACTION + taken[q]] != MAIDEN_F:
                if j == 0:
                    o = taken[q]
                    st[F_PLACE + p] = q
                    taken[q] = p
                    if o >= 0:
                        put_on_free(st, rng, o, npl, taken)
                    break
                j -= 1


@njit(cache=True, _nrt=False)
def put_on_free(st, rng, p, npl, taken):
    """p takes a free place chosen by chance."""
    m = 0
    for q in range(npl):
        if taken[q] < 0:
            m += 1
    j = below(rng, CHANCE, m)
    for q in range(npl):
        if taken[q] < 0:
            if j == 0:
                st[F_PLACE + p] = q
                taken[q] = p
                return
            j -= 1


@njit(cache=True, _nrt=False)
def seat_estate_table(st, rules, n, npl, order):
    """Scenario 5's fixed ring, going right (index - 1, reading B12) from the Hound at place
    0: the merchant and his faction, the Diamond, the abbot and his, the Purse, the abbess
    and hers (each faction's members in the shuffled order after their leader)."""
    k = rules[R_FSIZE]
    q = 0
    st[F_PLACE_KIND + q] = PK_HOUND
    i = 0
    for f in range(3):
        if f > 0:
            q = (q - 1 + npl) % npl
            st[F_PLACE_KIND + q] = PK_HOUND + f
        for _ in range(k):
            q = (q - 1 + npl) % npl
            st[F_PLACE + order[i]] = q
            i += 1


@njit(cache=True, _nrt=False)
def setup_game(st, tables, rng, order, pool):
    """A whole set-up from the chance stream; knowledge: every faction member knows his
    faction's secrets (reading B2), with the scenario 2 baron's exception."""
    rules = tables[T_RULES]
    n, npl, scen = rules[R_N], rules[R_NPL], rules[R_SCEN]
    for f in range(F_SIZE):
        st[f] = 0
    for p in range(MAXP):
        st[F_SECRET + p] = -1
        st[F_ITEM + p] = -1
        st[F_REACTED + p] = -1
        st[F_BRIBED + p] = -1
    for f in range(MAXF):
        st[F_MARK + f] = -1
    if scen == SCEN_CASTLE:
        castle_setup(st, tables, rng, order, pool)
        for p in range(n):              # no secrets: everyone knows everyone
            reveal_to_all(st, p, n)
        return
    deal_factions(st, rules, rng, n, order)
    deal_characters(st, tables, rng, n, order, pool)
    st[F_KING] = -1
    st[F_PATRON] = -1
    st[F_RING] = -1
    st[F_KILLER] = -1
    st[F_MARKED_ROUND] = -1
    st[F_END] = END_NONE
    st[F_CAN_MARK] = 1 if scen == SCEN_BANQUET else 0
    st[F_DIR] = 1
    if scen == SCEN_SPIES:
        baron = order[0]
        st[F_HOST] = baron
        sen = order[1]
        skip = -1 if rules[R_SENESCHAL_COURIER] == 1 else sen
        pick_secret(st, rng, n, BARON_F, baron, skip, COURIER, IT_MESSAGE)
        for p in range(n):              # the decoys: the rest but the baron and the seneschal
            if st[F_FACTION + p] == BARON_F and p != baron and p != sen and st[F_SECRET + p] < 0:
                st[F_SECRET + p] = DECOY
                st[F_ITEM + p] = IT_DECOY
        for i in range(rules[R_SPIES]):
            pick_secret(st, rng, n, DUKE_F, -1, -1, SPY, IT_PURSE if i == 0 else IT_DIAMOND)
    elif scen == SCEN_MAIDEN:
        st[F_HOST] = order[3]           # the queen
        st[F_PATRON] = order[4]         # the king
        st[F_VETO] = rules[R_VETO]
        give_ring(st, rules, n)
    elif scen == SCEN_ESTATE:
        st[F_HOST] = order[0]           # the merchant hosts round 1
        st[F_PATRON] = order[0]         # one of three patrons (turn.favor_step asks all three)
        for f in range(3):
            st[F_VETOS + f] = rules[R_VETO]
        st[F_CLAIM] = -1
        st[F_CLAIM + 1] = -1
        st[F_CLAIM + 2] = -1
        give_ring(st, rules, n)
    else:
        king = order[0]
        st[F_KING] = king
        st[F_HOST] = king
        st[F_PATRON] = king
        st[F_VETO] = rules[R_VETO]
        f1 = ROSE_F if scen == SCEN_BANQUET else DUKE_F
        f2 = TOWER_F if scen == SCEN_BANQUET else BARON_F
        pick_secret(st, rng, n, f1, -1, -1, ASSASSIN, IT_FLASK)
        pick_secret(st, rng, n, f2, -1, -1, ASSASSIN, IT_DAGGER)
        give_ring(st, rules, n)
    seat_players(st, tables, rng, n, npl, order, pool)
    st[F_HOLDER] = st[F_HOST]
    for v in range(n):
        for p in range(n):
            if st[F_FACTION + p] == st[F_FACTION + v] or p == v:
                st[known_at(v, p)] = 1
    if scen == SCEN_SPIES and rules[R_BARON_KNOWS] == 0:
        baron = order[0]
        for p in range(n):              # he did not go with his faction to choose
            if st[F_SECRET + p] == COURIER or st[F_SECRET + p] == DECOY:
                st[known_at(baron, p)] = 0
