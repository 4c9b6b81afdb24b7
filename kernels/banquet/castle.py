"""Scenario 6, The Missing Princess (co-operative), its rules: the set-up, the Keyring and its
guards, the Hound, the duke's patrol, the gatehouse search, the win and the two losses. The
castle's places are in castle_places.py, the team's choices in castle_team.py. The rules in
their order (castle_round.py, action.py) ask the players and call in here: set-up, the duke's step and the
scepter's next player on each pass, a guard removed or the gatehouse entered at the
scepter's arrival, the Hound after an action's moves, the end."""
from numba import njit

from kernels.banquet.castle_places import (at, bastion, first_at, gate_side, gatehouse, gender, patrol_index,
                                           right, tower, tower_side)
from kernels.banquet.layout import (C_GENDER, C_INIT, END_CAUGHT, END_NONE, END_RESCUED, EV_DUKE, EV_GATE,
                                    EV_GUARD, EV_HOUND, EV_KEYRING, F_CAN_MARK, F_CHAR, F_DIR, F_DUKE,
                                    F_DUKE_DIR, F_END, F_FACTION, F_GATE, F_GUARDS, F_HOLDER, F_HOST, F_HOUND,
                                    F_KEY_LEFT, F_KEYRING, F_KILLER, F_KING, F_MARKED_ROUND, F_PATRON,
                                    F_PENDANTS, F_PLACE, F_PLACE_KIND, F_PROT, F_RING, F_SEARCH, F_STAND,
                                    GENTLEMAN, HOUND_AWAY, HOUND_GONE, KEY_ON_TOWER, LADY, M_GUARDS, MAXP,
                                    NCHAR, PK_BASTION, PK_DUKE, PK_GATEHOUSE, PK_OPEN, PK_TOWER, R_CH_DUKE,
                                    R_CH_KNIGHT, R_CH_MAIDEN, R_CH_PRINCESS, R_CH_WITCH,
                                    R_DUKE_SWITCH_IS_MOVE, R_GUARDS, R_GUARDS_BACK, R_N, R_NPL,
                                    R_PENDANTS_EACH, R_SEARCH, R_SEATED_LOSS_IN_SEARCH, RESCUE_F, T_CHARS,
                                    T_RULES)
from kernels.common import write_event
from kernels.rng import CHANCE, shuffle


@njit(cache=True, _nrt=False, inline="always")
def note(log, io, on, ev, seat, a, b, c, d):
    if on:
        io[0] = write_event(log, io[0], ev, seat, a, b, c, d)

# -- set-up -----------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def removed_card(rules, c):
    """The cards scenario 6 leaves in the box: the Witch, the First Knight and the White
    Maiden, and the Duke and the Princess, who are on the board."""
    return (c == rules[R_CH_WITCH] or c == rules[R_CH_KNIGHT] or c == rules[R_CH_MAIDEN]
            or c == rules[R_CH_DUKE] or c == rules[R_CH_PRINCESS])


@njit(cache=True, _nrt=False)
def deal_castle_characters(st, tables, rng, n, pool):
    """Random cards, dealt again from the whole pool until both genders are in play (the
    content check guarantees the pool holds both)."""
    rules = tables[T_RULES]
    m = 0
    for c in range(NCHAR):
        if not removed_card(rules, c):
            pool[m] = c
            m += 1
    while True:
        shuffle(rng, CHANCE, pool, m)
        ladies = 0
        for p in range(n):
            st[F_CHAR + p] = pool[p]
            if tables[T_CHARS][pool[p], C_GENDER] == LADY:
                ladies += 1
        if 0 < ladies < n:
            return


@njit(cache=True, _nrt=False, inline="always")
def castle_setup(st, tables, rng, order, pool):
    """The castle, the duke one step right of the tower, the players at the line's other
    places by chance, the cards, the pendants; the host is the lowest initiative. On a state
    state.setup_game has cleared (which then lets everyone know everyone: no secrets)."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    for p in range(n):
        st[F_FACTION + p] = RESCUE_F
        st[F_PENDANTS + p] = rules[R_PENDANTS_EACH]
    deal_castle_characters(st, tables, rng, n, pool)
    st[F_PLACE_KIND + tower(rules)] = PK_TOWER          # no player may take these (state.player_place);
    st[F_PLACE_KIND + bastion(rules)] = PK_BASTION      # the gatehouse only by the carrier's entry
    st[F_PLACE_KIND + gatehouse(rules)] = PK_GATEHOUSE
    st[F_DUKE] = at(rules, 1)
    st[F_PLACE_KIND + st[F_DUKE]] = PK_DUKE             # no action affects the duke
    st[F_DUKE_DIR] = right(rules)
    m = 0
    for k in range(2, npl - 2):         # the line without the duke's place: n places
        order[m] = at(rules, k)
        m += 1
    shuffle(rng, CHANCE, order, m)
    for p in range(n):
        st[F_PLACE + p] = order[p]
    name_host(st, tables, n)
    st[F_KING] = -1
    st[F_PATRON] = -1
    st[F_RING] = -1
    st[F_KILLER] = -1
    st[F_MARKED_ROUND] = -1
    st[F_CAN_MARK] = 0
    st[F_END] = END_NONE
    st[F_DIR] = 1
    st[F_GUARDS] = rules[R_GUARDS]
    st[F_KEYRING] = KEY_ON_TOWER
    st[F_HOUND] = HOUND_AWAY
    st[F_GATE] = -1
    st[F_SEARCH] = rules[R_SEARCH]


@njit(cache=True, _nrt=False)
def name_host(st, tables, n):
    """The host, who holds the scepter first: the player with the lowest initiative."""
    host = 0
    for p in range(n):
        if tables[T_CHARS][st[F_CHAR + p], C_INIT] < tables[T_CHARS][st[F_CHAR + host], C_INIT]:
            host = p
    st[F_HOST] = host
    st[F_HOLDER] = host


# -- the Keyring, its guards and the Hound ---------------------------------------------------
@njit(cache=True, _nrt=False)
def take_keyring(st, tables, p, log, io, on):
    """p takes the Keyring from the tower; the first time, the Hound comes to the tower."""
    st[F_KEYRING] = p
    note(log, io, on, EV_KEYRING, p, 0, 0, 0, 0)
    if st[F_KEY_LEFT] == 0:
        st[F_KEY_LEFT] = 1
        st[F_HOUND] = tower(tables[T_RULES])
        note(log, io, on, EV_HOUND, -1, st[F_HOUND], -1, 0, 0)


@njit(cache=True, _nrt=False)
def remove_guard(st, tables, p, log, io, on):
    """A male beside the tower removes a guard; with the last one, the player beside the
    tower takes the Keyring."""
    if st[F_KEYRING] != KEY_ON_TOWER or st[F_GUARDS] <= 0:
        return
    st[F_GUARDS] -= 1
    note(log, io, on, EV_GUARD, p, st[F_GUARDS], 0, 0, 0)
    if st[F_GUARDS] == 0:
        rules = tables[T_RULES]
        taker = first_at(st, tables, tower_side(rules), rules[R_N], False)
        if taker >= 0:
            take_keyring(st, tables, taker, log, io, on)


@njit(cache=True, _nrt=False)
def hound_step(st, tables, log, io, on):
    """Players left places: the Hound moves one place right, bites whoever is there (a
    pendant each, if he has one), and is gone at the gatehouse."""
    if st[F_HOUND] < 0:
        return
    rules = tables[T_RULES]
    n = rules[R_N]
    q = at(rules, patrol_index(rules, st[F_HOUND]) + 1)
    if q == gatehouse(rules):
        st[F_HOUND] = HOUND_GONE
        note(log, io, on, EV_HOUND, -1, HOUND_GONE, -1, 0, 0)
        return
    st[F_HOUND] = q
    bitten = -1
    for p in range(n):
        if st[F_PLACE + p] == q and st[F_PENDANTS + p] > 0:
            st[F_PENDANTS + p] -= 1
            bitten = p
    note(log, io, on, EV_HOUND, -1, q, bitten, 0, 0)


@njit(cache=True, _nrt=False)
def after_moves(st, tables, mask, log, io, on):
    """The players in bit set mask have just changed places: the Hound moves, and each male
    among them now beside the tower (moved or switched there) removes a guard."""
    if mask == 0:
        return
    rules = tables[T_RULES]
    hound_step(st, tables, log, io, on)
    side = tower_side(rules)
    for p in range(rules[R_N]):
        if (mask >> p) & 1 and st[F_PLACE + p] == side and gender(st, tables, p) == GENTLEMAN:
            remove_guard(st, tables, p, log, io, on)


@njit(cache=True, _nrt=False)
def castle_after_effect(st, tables, moved, log, io, on):
    """action.effect_step's hook, an effect done: its moves (moved[p] != 0)."""
    mask = 0
    for p in range(tables[T_RULES][R_N]):
        if moved[p] != 0:
            mask |= 1 << p
    after_moves(st, tables, mask, log, io, on)


# -- the duke ---------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def duke_step(st, tables, log, io, on):
    """The duke steps on along the line; whoever is there switches with him (the Keyring and
    two guards go back to the tower if he carried it); beside the gatehouse or the tower he
    turns; beside a player in the gatehouse he catches the rescue."""
    rules = tables[T_RULES]
    n = rules[R_N]
    d = st[F_DUKE]
    q = at(rules, patrol_index(rules, d) + st[F_DUKE_DIR] * right(rules))
    st[F_DUKE] = q
    st[F_PLACE_KIND + d] = PK_OPEN
    st[F_PLACE_KIND + q] = PK_DUKE
    mask = 0
    for p in range(n):
        if st[F_PLACE + p] == q:
            st[F_PLACE + p] = d
            mask |= 1 << p
            if st[F_KEYRING] == p:
                st[F_KEYRING] = KEY_ON_TOWER
                st[F_GUARDS] += rules[R_GUARDS_BACK]
                note(log, io, on, EV_KEYRING, p, 2, 0, 0, 0)
    note(log, io, on, EV_DUKE, -1, q, first_set(mask), 0, 0)
    if q == tower_side(rules) or q == gate_side(rules):
        st[F_DUKE_DIR] = -st[F_DUKE_DIR]
    if st[F_GATE] >= 0 and q == gate_side(rules):
        st[F_END] = END_CAUGHT
        return
    if rules[R_DUKE_SWITCH_IS_MOVE] == 1:
        after_moves(st, tables, mask, log, io, on)


@njit(cache=True, _nrt=False, inline="always")
def first_set(mask):
    for p in range(MAXP):
        if (mask >> p) & 1:
            return p
    return -1


# -- the gatehouse ----------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def enter_gatehouse(st, tables, g, log, io, on):
    """The female Keyring carrier beside the gatehouse moves in and sits: no action may move
    her any more (she is protected for the one round), and she left a place (the Hound)."""
    rules = tables[T_RULES]
    st[F_PLACE + g] = gatehouse(rules)
    st[F_GATE] = g
    st[F_STAND + g] = 0
    st[F_PROT + g] = 1
    note(log, io, on, EV_GATE, g, 0, 0, 0, 0)
    hound_step(st, tables, log, io, on)


# -- the scepter ------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def scepter_next(st, tables, holder, first):
    """The player the scepter is passed to next: a standing player sharing the holder's place,
    else the first place in the round's direction with a player on it (castle places, the
    duke's place and empty places have nobody to take it), its standing player of lowest
    initiative, or a seated one who passes it on."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    q = st[F_PLACE + holder]
    if not first:
        chars = tables[T_CHARS]
        best = -1
        for p in range(n):
            if p != holder and st[F_PLACE + p] == q and st[F_STAND + p] == 1:
                if best < 0 or chars[st[F_CHAR + p], C_INIT] < chars[st[F_CHAR + best], C_INIT]:
                    best = p
        if best >= 0:
            return best
    for _ in range(npl):
        q = (q + st[F_DIR] + npl) % npl
        r = first_at(st, tables, q, n, True)
        if r < 0:
            r = first_at(st, tables, q, n, False)
        if r >= 0:
            return r
    return -1


@njit(cache=True, _nrt=False)
def all_seated(st, tables):
    """The losing end: every player seated (not while she searches, if the reading says so)."""
    rules = tables[T_RULES]
    if st[F_GATE] >= 0 and rules[R_SEATED_LOSS_IN_SEARCH] == 0:
        return False
    for p in range(rules[R_N]):
        if st[F_STAND + p] == 1:
            return False
    return True


@njit(cache=True, _nrt=False)
def castle_scores(st, team):
    """All win together: the princess escaped."""
    team[0] = 1 if st[F_END] == END_RESCUED else 0


@njit(cache=True, _nrt=False)
def castle_metrics(tables, met):
    """Each seat's row records the guard dial, so that results of several dial settings can be
    told apart (the report's win rate by guard count)."""
    rules = tables[T_RULES]
    for p in range(rules[R_N]):
        met[p, M_GUARDS] = rules[R_GUARDS]
