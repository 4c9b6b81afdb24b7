"""Miss Scarlet doppelganger Clue: Numba kernels (setup, movement, actions, attacks, bots, play_batch).

The board is a graph compiled from content (sim/games/doppelganger/board.py): nodes
0..NR-1 are the rim rooms (node index == where-card index), node NR is the central
colour wheel, then corridor squares; some corridor squares are teleport pads. ``dist`` is
the all-pairs walking distance, ``nxt[u, v]`` the next node on a shortest walk u -> v.

One game's state is one int32 row (fields F_* below, the one place that lists them);
card sets and weapon sets are bit masks over card indices (bit i = card i).

Everything below play_batch is compiled with ``_nrt=False``: it never allocates, and without
the reference-counting runtime no call pays atomic increments on its array arguments.
"""
import numpy as np
from numba import njit, prange

from kernels.common import rank_players, seat_bots, turn_positions, write_event
from kernels.rng import BOT0, CHANCE, below, next_u64, seed_streams, shuffle, stream_start

MAXP = 6            # most seats the rulebook allows
MAXC = 16           # most cards per category a mask may hold
INF = 1 << 20
STEAL_EPS = 0.05    # tie-break: a token lying in a room before one taken from a player
TELE_EPS = 0.001    # tie-break: walking before teleporting

# -- state fields (one int32 row per game) -------------------------------------------------
F_POS = 0                    # [MAXP] node of each pawn
F_WHO = F_POS + MAXP         # [MAXP] who cards dealt (hidden)
F_WHO_UP = F_WHO + MAXP      # [MAXP] who cards face up (public)
F_WHERE = F_WHO_UP + MAXP    # [MAXP] where cards dealt (hidden)
F_WHERE_UP = F_WHERE + MAXP  # [MAXP] where cards face up (public)
F_WHAT = F_WHERE_UP + MAXP   # [MAXP] what cards dealt (hidden)
F_WHAT_UP = F_WHAT + MAXP    # [MAXP] what cards face up (public)
F_HELD = F_WHAT_UP + MAXP    # [MAXP] weapon tokens carried (public)
F_NOT_WHERE = F_HELD + MAXP  # [MAXP] where cards everyone knows the player lacks (public)
F_NOT_WHAT = F_NOT_WHERE + MAXP  # [MAXP] what cards everyone knows the player lacks (public)
F_FORM = F_NOT_WHAT + MAXP   # [MAXP] who card the pawn shows, -1 = Miss Scarlet
F_ROOM_W = F_FORM + MAXP     # [MAXC] weapon tokens lying in each rim room (public)
F_WINNER = F_ROOM_W + MAXC   # seat that made the kill, -1 = none yet
F_QUIET = F_WINNER + 1       # turns since a card was last turned up (public)
F_SIZE = F_QUIET + 1

# -- compiled rules vector ------------------------------------------------------------------
R_DICE = 0
R_SIDES = 1
R_LIMIT = 2
R_ACTIONS = 3
R_MAX_TURNS = 4
R_TELE_WHEEL = 5
R_NCARDS = 6      # cards per category (12)
R_NROOMS = 7      # rim rooms (== where cards); node R_NROOMS is the wheel
R_HAND = 8        # cards of each category per player (12 / players)
R_N = 9           # players
R_SIZE = 10

# -- bots -----------------------------------------------------------------------------------
BOT_RANDOM = 0
BOT_GREEDY = 1
BOT_HUNTER = 2
BOT_ROLLOUT = 3

# -- bot weights (content [bots], in this order) ---------------------------------------------
W_REVEAL = 0
W_WHO_STEP = 1
W_INFO = 2
W_FOCUS = 3
W_GIFT = 4
W_SETUP = 5
W_WEAPON_KILL = 6
W_WEAPON_MAYBE = 7
W_WEAPON_ANY = 8
W_DENY_OWN = 9
W_DENY_HIDDEN = 10
W_REVEAL_WHO_COST = 11
W_REVEAL_VULN_COST = 12
W_PAIR_COST = 13
W_TRUE_FORM_COST = 14
W_CONTEST = 15
W_PATIENCE = 16
W_ROLLOUT_PLAYOUTS = 17
W_ROLLOUT_CANDIDATES = 18
W_ROLLOUT_HORIZON = 19
WEIGHT_NAMES = ("reveal", "who_step", "info", "focus", "gift", "setup", "weapon_kill",
                "weapon_maybe", "weapon_any", "deny_own", "deny_hidden", "reveal_who_cost",
                "reveal_vuln_cost", "pair_cost", "true_form_cost", "contest", "patience", "rollout_playouts",
                "rollout_candidates", "rollout_horizon")

# -- room actions ---------------------------------------------------------------------------
ACT_NONE = 0
ACT_PICKUP = 1   # x = weapon in the room, drop = weapon left in the room or -1
ACT_STEAL = 2    # x = victim seat, w = weapon taken, drop = weapon left in the room or -1
ACT_ATTACK = 3   # x = target seat, w = weapon used
A_KIND = 0
A_X = 1
A_DROP = 2
A_W = 3
A_SIZE = 4
MAX_ACTS = 256

# -- what an attacked player may (or must) do: bit masks ----------------------------------------
REV_WHERE = 1    # turn up the where card of the room
REV_WHAT = 2     # turn up the what card of the weapon
REV_WHO = 4      # turn up a who card (shape shift)
REV_KILL = 8     # true form, room and weapon face up: the target dies

FIRST_SEAT = 0   # the rulebook does not say who starts; seat 0 does, then 1, .., n-1 (a reading)

# -- a turn plan (greedy / hunter / rollout): move, then one action ----------------------------
P_DEST = 0
P_TELE = 1
P_BRING = 2
P_KIND = 3
P_X = 4
P_DROP = 5
P_W = 6
P_SIZE = 7
MAX_PLANS = 8

# -- knowledge scratch rows (per opponent) ------------------------------------------------------
K_PW = 0   # where cards the opponent may hold face down
K_KW = 1   # where cards it surely holds face down
K_UW = 2   # how many where cards it holds face down
K_PX = 3
K_KX = 4
K_UX = 5
K_SIZE = 6

# -- trace events: row = (event, seat, a, b, c, d) ------------------------------------------------
EV_HAND = 1       # seat, who mask, where mask, what mask
EV_TOKEN = 2      # -, room, weapon
EV_TURN = 3       # seat, turn number
EV_ROLL = 4       # seat, total
EV_WALK = 5       # seat, from node, to node
EV_TELEPORT = 6   # seat, room node, brought seat or -1
EV_PICKUP = 7     # seat, weapon, room, dropped or -1
EV_STEAL = 8      # seat, victim, weapon, dropped or -1
EV_ATTACK = 9     # seat, target, room, weapon
EV_REVEAL = 10    # target, kind (REV_*), card, forced (1: the only option) or chosen (0)
EV_NOTHING = 11   # target
EV_KILL = 12      # seat, target, room, weapon
EV_CAP = 13
LOG_W = 6

# -- per-seat metrics ---------------------------------------------------------------------------
M_ATTACKS = 0
M_REVEALS_CAUSED = 1
M_CARDS_REVEALED = 2
M_TELEPORTS = 3
M_STEALS = 4
M_PICKUPS = 5
N_METRICS = 6

END_FINISHED = 0
END_TURN_CAP = 1

SCRATCH_SLOTS = 64  # scratch slots per batch: enough to keep every thread busy


# ================================================================================================
# small helpers
# ================================================================================================
@njit(cache=True, _nrt=False, inline="always")
def popcount(x):
    x = np.int64(x) & 0xFFFFFFFF
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


@njit(cache=True, _nrt=False, inline="always")
def nth_bit(mask, k):
    """Index of the k-th set bit (k from 0)."""
    i = 0
    while True:
        if (mask >> i) & 1:
            if k == 0:
                return i
            k -= 1
        i += 1


@njit(cache=True, _nrt=False)
def log_event(log, li, on, ev, seat, a, b, c, d):
    if on:
        li[0] = write_event(log, li[0], ev, seat, a, b, c, d)


@njit(cache=True, _nrt=False, inline="always")
def is_true_form(st, p, rules):
    """All of the player's who cards are face up (public: everyone counts them)."""
    return popcount(st[F_WHO_UP + p]) == rules[R_HAND]


@njit(cache=True, _nrt=False)
def players_at(st, n, node, skip):
    m = 0
    for o in range(n):
        if o != skip and st[F_POS + o] == node:
            m |= 1 << o
    return m


# ================================================================================================
# setup
# ================================================================================================
@njit(cache=True, _nrt=False)
def setup(st, n, rules, rng, deck):
    """Deal who, where and what cards evenly, one weapon token per rim room, pawns on the wheel."""
    st[:] = 0
    nc = rules[R_NCARDS]
    for cat in (F_WHO, F_WHERE, F_WHAT):
        for i in range(nc):
            deck[i] = i
        shuffle(rng, CHANCE, deck, nc)
        for i in range(nc):
            st[cat + i % n] |= 1 << deck[i]
    for i in range(nc):
        deck[i] = i
    shuffle(rng, CHANCE, deck, nc)
    for r in range(rules[R_NROOMS]):
        st[F_ROOM_W + r] = 1 << deck[r]
    for s in range(n):
        st[F_POS + s] = rules[R_NROOMS]
        st[F_FORM + s] = -1
    st[F_WINNER] = -1


@njit(cache=True, _nrt=False)
def roll_dice(rules, rng, stream):
    t = 0
    for _ in range(rules[R_DICE]):
        t += 1 + below(rng, stream, rules[R_SIDES])
    return t


# ================================================================================================
# movement: the hot kernel
# ================================================================================================
@njit(cache=True, _nrt=False, inline="always")
def pad_costs(dist, pads, start):
    """Steps needed to land on the cheapest pad (m1, which pad m1p) and on the second cheapest
    (m2). Landing needs at least one step: a pawn that starts on a pad steps off and back (2)."""
    m1 = INF
    m1p = -1
    m2 = INF
    for p in range(pads.shape[0]):
        node = pads[p]
        a = 2 if node == start else dist[start, node]
        if a < m1:
            m2 = m1
            m1 = a
            m1p = p
        elif a < m2:
            m2 = a
    return m1, m1p, m2


@njit(cache=True, _nrt=False)
def move_cost(dist, pads, taken, start, m1, m1p, m2, v):
    """Fewest steps from start to v: walking, or landing on a pad and jumping (one more step)
    to a free other pad, then walking on. One jump is enough: a second one is never shorter."""
    best = dist[start, v]
    for q in range(pads.shape[0]):
        if (taken >> q) & 1:
            continue
        arrive = (m2 if q == m1p else m1) + 1
        c = arrive + dist[pads[q], v]
        if c < best:
            best = c
    return best


@njit(cache=True, _nrt=False)
def reachable(dist, pads, taken, start, total, out):
    """Move generation. out[v] = 1 for every node a pawn on ``start`` may end on with a dice
    total of ``total`` (up to that many steps), pads included; ``taken`` = mask of pads held by
    other pawns. Returns 1 if a pad can be landed on (then any room is a destination too)."""
    m1, m1p, m2 = pad_costs(dist, pads, start)
    N = dist.shape[0]
    row = dist[start]
    for v in range(N):
        out[v] = 1 if row[v] <= total else 0
    # after a jump the pawn stands on free pad q with ``left`` steps to go
    for q in range(pads.shape[0]):
        if (taken >> q) & 1:
            continue
        left = total - ((m2 if q == m1p else m1) + 1)
        if left < 0:
            continue
        prow = dist[pads[q]]
        for v in range(N):
            if prow[v] <= left:
                out[v] = 1
    return 1 if m1 <= total else 0


@njit(cache=True, _nrt=False)
def room_reach(dist, pads, taken, start, total, m1, m1p, m2, nr):
    """Mask of the rim rooms (nodes 0..nr-1) reachable on foot and by pad jumps: the move
    generation of ``reachable`` restricted to rooms."""
    row = dist[start]
    m = 0
    for r in range(nr):
        if row[r] <= total:
            m |= 1 << r
    for q in range(pads.shape[0]):
        if (taken >> q) & 1:
            continue
        left = total - ((m2 if q == m1p else m1) + 1)
        if left < 0:
            continue
        prow = dist[pads[q]]
        for r in range(nr):
            if prow[r] <= left:
                m |= 1 << r
    return m


@njit(cache=True, _nrt=False)
def taken_pads(st, n, seat, pad_index):
    m = 0
    for o in range(n):
        if o != seat:
            pi = pad_index[st[F_POS + o]]
            if pi >= 0:
                m |= 1 << pi
    return m


@njit(cache=True, _nrt=False)
def walk_toward(nxt, start, goal, steps):
    v = start
    for _ in range(steps):
        if v == goal:
            break
        v = nxt[v, goal]
    return v


# ================================================================================================
# room actions and attacks (the rules)
# ================================================================================================
@njit(cache=True, _nrt=False, inline="always")
def add_takes(acts, k, kind, x, w, held, full, nc):
    """Taking weapon w (pick up or steal): free when a hand has room, else one option per
    held weapon that could be dropped in exchange (the two-weapon swap). Returns the new count."""
    for d in range(-1, nc):
        if (d == -1 and not full) or (d >= 0 and full and (held >> d) & 1):
            acts[k, A_KIND] = kind
            acts[k, A_X] = x
            acts[k, A_DROP] = d
            acts[k, A_W] = w
            k += 1
    return k


@njit(cache=True, _nrt=False)
def list_actions(st, n, seat, rules, acts):
    """Legal actions for ``seat`` in its current rim room; acts[0] is 'none'. Returns the count."""
    k = 0
    acts[k, A_KIND] = ACT_NONE
    acts[k, A_X] = -1
    acts[k, A_DROP] = -1
    acts[k, A_W] = -1
    k += 1
    node = st[F_POS + seat]
    if node >= rules[R_NROOMS]:
        return k
    held = st[F_HELD + seat]
    full = popcount(held) >= rules[R_LIMIT]
    nc = rules[R_NCARDS]
    roomw = st[F_ROOM_W + node]
    for w in range(nc):
        if (roomw >> w) & 1:
            k = add_takes(acts, k, ACT_PICKUP, w, w, held, full, nc)
    for v in range(n):
        if v == seat or st[F_POS + v] != node:
            continue
        vh = st[F_HELD + v]
        for w in range(nc):
            if (vh >> w) & 1:
                k = add_takes(acts, k, ACT_STEAL, v, w, held, full, nc)
        for w in range(nc):
            if (held >> w) & 1:
                acts[k, A_KIND] = ACT_ATTACK
                acts[k, A_X] = v
                acts[k, A_DROP] = -1
                acts[k, A_W] = w
                k += 1
    return k


@njit(cache=True, _nrt=False, inline="always")
def leave_weapon(st, seat, room, drop):
    """Full hands: the weapon ``drop`` goes from the seat's hands into the room (none if -1)."""
    if drop >= 0:
        st[F_HELD + seat] &= ~(1 << drop)
        st[F_ROOM_W + room] |= 1 << drop


@njit(cache=True, _nrt=False)
def pick_up(st, seat, weapon, drop, log, li, on):
    """Take a weapon token lying in the room, first leaving ``drop`` there if the hands are full."""
    room = st[F_POS + seat]
    leave_weapon(st, seat, room, drop)
    st[F_ROOM_W + room] &= ~(1 << weapon)
    st[F_HELD + seat] |= 1 << weapon
    log_event(log, li, on, EV_PICKUP, seat, weapon, room, drop, 0)


@njit(cache=True, _nrt=False)
def steal(st, seat, victim, weapon, drop, log, li, on):
    """Take a weapon token from another player in the room (leaving ``drop`` in the room)."""
    room = st[F_POS + seat]
    leave_weapon(st, seat, room, drop)
    st[F_HELD + victim] &= ~(1 << weapon)
    st[F_HELD + seat] |= 1 << weapon
    log_event(log, li, on, EV_STEAL, seat, victim, weapon, drop, 0)


@njit(cache=True, _nrt=False)
def attack_options(st, target, room, weapon, rules):
    """What the target of an attack with ``weapon`` in ``room`` may do (REV_* mask).

    - both cards match and both are face up: true form -> REV_KILL; otherwise a who card must
      be turned up (REV_WHO alone);
    - otherwise each matching face-down card may be turned up, or a who card instead (if any
      is left face down); a player in true form must turn up a matching card;
    - 0: no face-down match, nothing is revealed.
    """
    rm = (st[F_WHERE + target] >> room) & 1
    wm = (st[F_WHAT + target] >> weapon) & 1
    ru = (st[F_WHERE_UP + target] >> room) & 1
    wu = (st[F_WHAT_UP + target] >> weapon) & 1
    tf = is_true_form(st, target, rules)
    if rm and wm and ru and wu:
        return REV_KILL if tf else REV_WHO
    opts = 0
    if rm and not ru:
        opts |= REV_WHERE
    if wm and not wu:
        opts |= REV_WHAT
    if opts and not tf:
        opts |= REV_WHO
    return opts


@njit(cache=True, _nrt=False)
def resolve_attack(st, attacker, target, weapon, choice, rules, log, li, on, met):
    """Apply the target's answer ``choice`` (one REV_* bit allowed by attack_options).
    Returns 1 if the target was killed."""
    room = st[F_POS + attacker]
    opts = attack_options(st, target, room, weapon, rules)
    met[attacker, M_ATTACKS] += 1
    if opts == REV_KILL:
        st[F_WINNER] = attacker
        log_event(log, li, on, EV_KILL, attacker, target, room, weapon, 0)
        return 1
    if opts == 0:
        # No face-down match: everyone learns that any card not already face up does not match.
        if not (st[F_WHERE_UP + target] >> room) & 1:
            st[F_NOT_WHERE + target] |= 1 << room
        if not (st[F_WHAT_UP + target] >> weapon) & 1:
            st[F_NOT_WHAT + target] |= 1 << weapon
        log_event(log, li, on, EV_NOTHING, target, room, weapon, 0, 0)
        return 0
    forced = 1 if popcount(opts) == 1 else 0
    st[F_QUIET] = 0
    met[attacker, M_REVEALS_CAUSED] += 1
    met[target, M_CARDS_REVEALED] += 1
    if choice == REV_WHERE:
        st[F_WHERE_UP + target] |= 1 << room
        log_event(log, li, on, EV_REVEAL, target, REV_WHERE, room, forced, 0)
    elif choice == REV_WHAT:
        st[F_WHAT_UP + target] |= 1 << weapon
        log_event(log, li, on, EV_REVEAL, target, REV_WHAT, weapon, forced, 0)
    else:
        down = st[F_WHO + target] & ~st[F_WHO_UP + target]
        card = nth_bit(down, 0)
        st[F_WHO_UP + target] |= 1 << card
        st[F_FORM + target] = card
        log_event(log, li, on, EV_REVEAL, target, REV_WHO, card, forced, 0)
    return 0


# ================================================================================================
# what a player knows (bots read only this: own cards + public state)
# ================================================================================================
@njit(cache=True, _nrt=False)
def knowledge(st, n, me, rules, deep, kn):
    """Fill kn[o] with the where/what cards opponent o may hold face down (K_PW, K_PX), those
    it surely holds (K_KW, K_KX) and how many it holds face down. Reads only ``me``'s hand and
    public fields. ``deep`` adds elimination across opponents (the hunter's deduction)."""
    nc = rules[R_NCARDS]
    hand = rules[R_HAND]
    full = (1 << nc) - 1
    upw = 0
    upx = 0
    for o in range(n):
        upw |= st[F_WHERE_UP + o]
        upx |= st[F_WHAT_UP + o]
    freew = full & ~st[F_WHERE + me] & ~upw
    freex = full & ~st[F_WHAT + me] & ~upx
    for o in range(n):
        if o == me:
            kn[o, K_PW] = 0
            kn[o, K_PX] = 0
            kn[o, K_KW] = 0
            kn[o, K_KX] = 0
            kn[o, K_UW] = 0
            kn[o, K_UX] = 0
            continue
        kn[o, K_PW] = freew & ~st[F_NOT_WHERE + o]
        kn[o, K_PX] = freex & ~st[F_NOT_WHAT + o]
        kn[o, K_UW] = hand - popcount(st[F_WHERE_UP + o])
        kn[o, K_UX] = hand - popcount(st[F_WHAT_UP + o])
        kn[o, K_KW] = 0
        kn[o, K_KX] = 0
    if not deep:
        return
    for _ in range(3):
        changed = False
        for cat in range(2):
            pi = K_PW if cat == 0 else K_PX
            ki = K_KW if cat == 0 else K_KX
            ui = K_UW if cat == 0 else K_UX
            free = freew if cat == 0 else freex
            for o in range(n):
                if o != me and popcount(kn[o, pi]) <= kn[o, ui] and kn[o, ki] != kn[o, pi]:
                    kn[o, ki] = kn[o, pi]
                    changed = True
            # a free card only one opponent may hold: that opponent holds it
            once = 0
            more = 0
            for o in range(n):
                if o != me:
                    more |= once & kn[o, pi]
                    once |= kn[o, pi]
            single = once & ~more & free
            for o in range(n):
                if o != me and kn[o, pi] & single & ~kn[o, ki]:
                    kn[o, ki] |= kn[o, pi] & single
                    changed = True
            for o in range(n):
                if o == me or kn[o, ki] == 0:
                    continue
                for o2 in range(n):
                    if o2 != me and o2 != o and kn[o2, pi] & kn[o, ki]:
                        kn[o2, pi] &= ~kn[o, ki]
                        changed = True
        if not changed:
            break


@njit(cache=True, _nrt=False)
def card_probs(kn, n, me, nc, prob):
    """prob[2o, c] / prob[2o + 1, c]: chance (roughly uniform over what is left) that opponent o
    holds where / what card c face down."""
    for o in range(n):
        for cat in range(2):
            pi = K_PW if cat == 0 else K_PX
            ki = K_KW if cat == 0 else K_KX
            ui = K_UW if cat == 0 else K_UX
            if o == me:
                for c in range(nc):
                    prob[2 * o + cat, c] = 0.0
                continue
            kmask = kn[o, ki]
            pmask = kn[o, pi]
            known = popcount(kmask)
            left = kn[o, ui] - known
            pool = popcount(pmask) - known
            p = 0.0
            if left > 0 and pool > 0:
                p = left / pool
                if p > 1.0:
                    p = 1.0
            for c in range(nc):
                if (kmask >> c) & 1:
                    prob[2 * o + cat, c] = 1.0
                elif (pmask >> c) & 1:
                    prob[2 * o + cat, c] = p
                else:
                    prob[2 * o + cat, c] = 0.0


@njit(cache=True, _nrt=False, inline="always")
def readiness(st, o, rules):
    """How close opponent o is to being killable: 1 when in true form with a face-up room."""
    who_left = rules[R_HAND] - popcount(st[F_WHO_UP + o])
    gap = who_left + (1 if st[F_WHERE_UP + o] == 0 else 0)
    return 1.0 / (1.0 + gap)


@njit(cache=True, _nrt=False)
def weapon_values(st, n, me, rules, weights, prob, deep, wv, ready):
    """What holding each weapon is worth to ``me`` (public state and own hand only)."""
    nc = rules[R_NCARDS]
    for o in range(n):
        ready[o] = readiness(st, o, rules)
    exposed = ready[me]
    for w in range(nc):
        v = 0.0
        if deep:
            for o in range(n):
                if o == me:
                    continue
                if (st[F_WHAT_UP + o] >> w) & 1:
                    v += weights[W_WEAPON_KILL] * ready[o]
                else:
                    # a likely vulnerability of a nearly killable target is a future killing weapon
                    v += prob[2 * o + 1, w] * (weights[W_WEAPON_MAYBE] + 0.5 * weights[W_WEAPON_KILL] * ready[o])
            # holding my own vulnerability keeps it from others: matters more the more exposed I am
            if (st[F_WHAT_UP + me] >> w) & 1:
                v += weights[W_DENY_OWN] * exposed
            elif (st[F_WHAT + me] >> w) & 1:
                v += weights[W_DENY_HIDDEN] * exposed
        # greedy: only an empty hand wants a weapon (weapon_any, added by plan_room)
        wv[w] = v


@njit(cache=True, _nrt=False, inline="always")
def attack_worth(ru, pr, wu, pw, tf, who_left, gift, is_focus, quiet, n, weights, deep):
    """Expected worth of an attack from its facts: room / weapon face up for the target (ru, wu),
    chance each matches face down (pr, pw), target in true form, its who cards left, whether
    another player holds a face-up weapon of it (gift), whether it is my focus."""
    if ru and wu:
        if tf:
            return 1e9  # a kill wins the game
        if not deep:
            return 1.0
        bonus = weights[W_FOCUS] if is_focus else 0.0
        if who_left == 1:
            # this forces true form: good if only I hold a weapon that kills it next,
            # unless nothing has been revealed for ``patience`` rounds (a standoff)
            if gift and quiet <= weights[W_PATIENCE] * n:
                return -weights[W_GIFT]
            return weights[W_SETUP] + bonus
        return weights[W_WHO_STEP] + bonus
    if ru:
        pr = 0.0
    if wu:
        pw = 0.0
    p = 1.0 - (1.0 - pr) * (1.0 - pw)
    if not deep:
        return p
    unknown = 0
    if not ru and 0.0 < pr < 1.0:
        unknown += 1
    if not wu and 0.0 < pw < 1.0:
        unknown += 1
    v = p * weights[W_REVEAL] + (1.0 - p) * weights[W_INFO] * unknown
    if is_focus:
        v += p * weights[W_FOCUS]
    return v


@njit(cache=True, _nrt=False)
def focus_target(st, n, me, rules):
    best = -1
    bv = -1.0
    for o in range(n):
        if o != me:
            r = readiness(st, o, rules)
            if r > bv:
                bv = r
                best = o
    return best


# ================================================================================================
# bots: choices
# ================================================================================================
@njit(cache=True, _nrt=False, inline="always")
def plan_insert(plans, pscore, k, cnt, score, dest, tele, bring, kind, x, drop, w):
    """Keep the k best plans sorted by score (first found wins ties). Returns the new count."""
    if cnt == k and score <= pscore[k - 1]:
        return cnt
    i = cnt if cnt < k else k - 1
    while i > 0 and pscore[i - 1] < score:
        if i < k:
            pscore[i] = pscore[i - 1]
            for f in range(P_SIZE):
                plans[i, f] = plans[i - 1, f]
        i -= 1
    pscore[i] = score
    plans[i, P_DEST] = dest
    plans[i, P_TELE] = tele
    plans[i, P_BRING] = bring
    plans[i, P_KIND] = kind
    plans[i, P_X] = x
    plans[i, P_DROP] = drop
    plans[i, P_W] = w
    return cnt + 1 if cnt < k else k


@njit(cache=True, _nrt=False, inline="always")
def cheapest_drop(held, wv, nc):
    d = -1
    dv = 0.0
    for w in range(nc):
        if (held >> w) & 1 and (d == -1 or wv[w] < dv):
            d = w
            dv = wv[w]
    return d, dv


@njit(cache=True, _nrt=False, inline="always")
def steal_gain(st, n, me, held, w, wv, ready, rules, weights, deep):
    """Worth of taking weapon w from another player. A weapon taken for attacking others is
    taken straight back by the next player who wants it, so that part of its worth counts
    only ``contest`` times; denying my own vulnerability counts in full."""
    if not deep:
        return wv[w]
    own = 0.0
    if (st[F_WHAT_UP + me] >> w) & 1:
        own = weights[W_DENY_OWN] * ready[me]
    elif (st[F_WHAT + me] >> w) & 1:
        own = weights[W_DENY_HIDDEN] * ready[me]
    return own + weights[W_CONTEST] * (wv[w] - own)


@njit(cache=True, _nrt=False)
def plan_turn(st, n, me, total, rules, weights, dist, nxt, pads, pad_index, kn, fv, deep,
              plans, pscore, k):
    """The greedy (deep=0) / hunter (deep=1) choice of move and action for this dice total:
    up to k plans, best first. Reads only ``me``'s cards and public state. fv[0] receives the
    weapon values, fv[1:1+2*MAXP] the card probabilities, fv[1+2*MAXP] each readiness.

    Destinations: rim rooms within walking reach, and any room after landing on a pad (then
    optionally bringing one player). An attack's worth depends on the room only through its
    class for the target (face up, surely held, possible, ruled out), so one room per class
    is scored: the target's own room when it can be walked to, else the first of the class."""
    nr = rules[R_NROOMS]
    nc = rules[R_NCARDS]
    knowledge(st, n, me, rules, deep, kn)
    wv = fv[0]
    prob = fv[1:1 + 2 * MAXP]
    card_probs(kn, n, me, nc, prob)
    weapon_values(st, n, me, rules, weights, prob, deep, wv, fv[1 + 2 * MAXP])
    focus = focus_target(st, n, me, rules) if deep else -1
    start = st[F_POS + me]
    taken = taken_pads(st, n, me, pad_index)
    m1, m1p, m2 = pad_costs(dist, pads, start)
    land = m1 <= total
    walkmask = room_reach(dist, pads, taken, start, total, m1, m1p, m2, nr)
    held = st[F_HELD + me]
    nheld = popcount(held)
    any_bonus = weights[W_WEAPON_ANY] if nheld == 0 else 0.0
    drop = -1
    dv = 0.0
    if nheld >= rules[R_LIMIT]:
        drop, dv = cheapest_drop(held, wv, nc)
    cnt = 0
    # doing nothing this turn (stay put) is always possible
    cnt = plan_insert(plans, pscore, k, cnt, 0.0, start, 0, -1, ACT_NONE, -1, -1, -1)
    # -- pick up a weapon token lying in a room ------------------------------------------------
    for r in range(nr):
        rw = st[F_ROOM_W + r]
        if rw == 0:
            continue
        walk = (walkmask >> r) & 1
        if not walk and not land:
            continue
        tele = 1 - walk
        while rw:
            w = nth_bit(rw, 0)
            rw &= rw - 1
            sc = wv[w] + any_bonus - dv - TELE_EPS * tele
            cnt = plan_insert(plans, pscore, k, cnt, sc, r, tele, -1, ACT_PICKUP, w, drop, w)
    # -- steal from / attack each opponent -------------------------------------------------------
    allr = (1 << nr) - 1
    for t in range(n):
        if t == me:
            continue
        tpos = st[F_POS + t]
        t_walk = tpos < nr and (walkmask >> tpos) & 1
        if not t_walk and not land:
            continue
        # where a steal from t happens: t's room on foot, else teleport there (or bring t)
        if t_walk:
            sdest, stele, sbring = tpos, 0, -1
        elif tpos < nr:
            sdest, stele, sbring = tpos, 1, -1
        else:
            sdest, stele, sbring = (start if start < nr else 0), 1, t
        vh = st[F_HELD + t]
        while vh:
            w = nth_bit(vh, 0)
            vh &= vh - 1
            sc = (steal_gain(st, n, me, held, w, wv, fv[1 + 2 * MAXP], rules, weights, deep)
                  + any_bonus - dv - STEAL_EPS - TELE_EPS * stele)
            cnt = plan_insert(plans, pscore, k, cnt, sc, sdest, stele, sbring, ACT_STEAL, t, drop, w)
        if nheld == 0:
            continue
        up = st[F_WHERE_UP + t]
        sure = kn[t, K_KW] & ~up
        maybe = kn[t, K_PW] & ~sure & ~up
        # the target's facts, once
        who_left = rules[R_HAND] - popcount(st[F_WHO_UP + t])
        wup = st[F_WHAT_UP + t]
        gift = 0
        for o in range(n):
            if o != me and o != t and st[F_HELD + o] & wup:
                gift = 1
        quiet = st[F_QUIET]
        for cls in range(4):
            if not land:
                if cls > 0:
                    break
                cmask = 1 << tpos
            elif cls == 0:
                cmask = up
            elif cls == 1:
                cmask = sure
            elif cls == 2:
                cmask = maybe
            else:
                cmask = allr & ~up & ~sure & ~maybe
            cmask &= allr
            if cmask == 0:
                continue
            if t_walk and (cmask >> tpos) & 1:
                r, tele, bring = tpos, 0, -1
            else:
                r = nth_bit(cmask, 0)
                tele = 1
                bring = -1 if r == tpos else t
            ru = (up >> r) & 1
            pr = prob[2 * t, r]
            hm = held
            while hm:
                w = nth_bit(hm, 0)
                hm &= hm - 1
                sc = attack_worth(ru, pr, (wup >> w) & 1, prob[2 * t + 1, w], who_left == 0, who_left,
                                  gift, t == focus, quiet, n, weights, deep) - TELE_EPS * tele
                cnt = plan_insert(plans, pscore, k, cnt, sc, r, tele, bring, ACT_ATTACK, t, -1, w)
    if pscore[0] <= 0.0 and nheld == 0 and not land:
        # nothing to do here: walk toward the nearest room with a weapon token
        best = -1
        bd = INF
        for r in range(nr):
            if st[F_ROOM_W + r] != 0 and dist[start, r] < bd:
                bd = dist[start, r]
                best = r
        if best >= 0:
            dest = walk_toward(nxt, start, best, total)
            plans[0, P_DEST] = dest
            plans[0, P_TELE] = 0
            plans[0, P_BRING] = -1
            plans[0, P_KIND] = ACT_NONE
    return cnt


@njit(cache=True, _nrt=False)
def choose_reveal(st, n, me, attacker, room, weapon, opts, bot, rules, weights, rng):
    """The attacked player's answer (one bit of opts, which has more than one bit)."""
    if bot == BOT_RANDOM:
        return 1 << nth_bit(opts, below(rng, BOT0 + me, popcount(opts)))
    who_left = rules[R_HAND] - popcount(st[F_WHO_UP + me])
    if bot == BOT_GREEDY:
        if (opts & REV_WHO) and who_left >= 2:
            return REV_WHO
        return REV_WHERE if opts & REV_WHERE else (REV_WHAT if opts & REV_WHAT else REV_WHO)
    # hunter (and rollout): the cheapest answer
    best = 0
    bc = 1e18
    for bit in (REV_WHERE, REV_WHAT, REV_WHO):
        if not (opts & bit):
            continue
        if bit == REV_WHO:
            c = weights[W_TRUE_FORM_COST] if who_left == 1 else weights[W_REVEAL_WHO_COST]
        elif bit == REV_WHERE:
            c = weights[W_REVEAL_VULN_COST]
            if st[F_WHAT_UP + me] != 0:
                c += weights[W_PAIR_COST]
        else:
            c = weights[W_REVEAL_VULN_COST]
            if st[F_WHERE_UP + me] != 0:
                c += weights[W_PAIR_COST]
            if (st[F_HELD + attacker] >> weapon) & 1:
                c += 0.5 * weights[W_PAIR_COST]
        if c < bc:
            bc = c
            best = bit
    return best


@njit(cache=True, _nrt=False)
def do_action(st, n, seat, kind, x, drop, w, bots, rules, weights, rng, log, li, on, met, dec):
    """Carry out one room action. Returns 1 if it killed."""
    if kind == ACT_PICKUP:
        pick_up(st, seat, x, drop, log, li, on)
        met[seat, M_PICKUPS] += 1
    elif kind == ACT_STEAL:
        steal(st, seat, x, w, drop, log, li, on)
        met[seat, M_STEALS] += 1
    elif kind == ACT_ATTACK:
        room = st[F_POS + seat]
        log_event(log, li, on, EV_ATTACK, seat, x, room, w, 0)
        opts = attack_options(st, x, room, w, rules)
        choice = opts
        if popcount(opts) > 1:
            choice = choose_reveal(st, n, x, seat, room, w, opts, bots[x], rules, weights, rng)
            dec[0] += 1
        return resolve_attack(st, seat, x, w, choice, rules, log, li, on, met)
    return 0


@njit(cache=True, _nrt=False)
def random_move(st, n, seat, total, rules, dist, pads, pad_index, reach, rng, out):
    """Uniform over legal moves: every reachable node, and (after landing on a pad) every
    teleport room with every choice of player to bring (or none)."""
    start = st[F_POS + seat]
    taken = taken_pads(st, n, seat, pad_index)
    land = reachable(dist, pads, taken, start, total, reach)
    nw = 0
    for v in range(reach.shape[0]):
        nw += int(reach[v])  # int: a NumPy int8 sum would overflow when interpreted
    nrooms = rules[R_NROOMS] + (1 if rules[R_TELE_WHEEL] else 0)
    nt = nrooms * n if land else 0
    i = below(rng, BOT0 + seat, nw + nt)
    if i < nw:
        for v in range(reach.shape[0]):
            if reach[v]:
                if i == 0:
                    out[P_DEST] = v
                    break
                i -= 1
        out[P_TELE] = 0
        out[P_BRING] = -1
    else:
        i -= nw
        out[P_DEST] = i // n
        b = i % n  # 0 = nobody, else the b-th other player
        out[P_TELE] = 1
        out[P_BRING] = -1 if b == 0 else (seat + b) % n


@njit(cache=True, _nrt=False)
def act_phase(st, n, seat, bot, plan, rules, weights, rng, acts, bots, log, li, on, met, dec):
    """One room action of ``seat`` (random: uniform over legal actions, 'none' included; others:
    the plan's action). Returns (killed, acted)."""
    if st[F_POS + seat] >= rules[R_NROOMS]:
        return 0, 0
    if bot == BOT_RANDOM:
        na = list_actions(st, n, seat, rules, acts)
        i = below(rng, BOT0 + seat, na)
        dec[0] += 1
        kind = acts[i, A_KIND]
        if kind == ACT_NONE:
            return 0, 0
        return do_action(st, n, seat, kind, acts[i, A_X], acts[i, A_DROP], acts[i, A_W],
                         bots, rules, weights, rng, log, li, on, met, dec), 1
    if plan[P_KIND] == ACT_NONE:
        return 0, 0
    return do_action(st, n, seat, plan[P_KIND], plan[P_X], plan[P_DROP], plan[P_W],
                     bots, rules, weights, rng, log, li, on, met, dec), 1


@njit(cache=True, _nrt=False)
def apply_move(st, seat, dest, tele, bring, total, log, li, on, met):
    if tele:
        st[F_POS + seat] = dest
        if bring >= 0:
            st[F_POS + bring] = dest
        met[seat, M_TELEPORTS] += 1
        log_event(log, li, on, EV_TELEPORT, seat, dest, bring, 0, 0)
    else:
        log_event(log, li, on, EV_WALK, seat, st[F_POS + seat], dest, 0, 0)
        st[F_POS + seat] = dest


@njit(cache=True, _nrt=False)
def kill_here(st, n, seat, rules, plan):
    """A kill open to ``seat`` in its current room, written into plan. Returns 1 if found."""
    room = st[F_POS + seat]
    if room >= rules[R_NROOMS]:
        return 0
    held = st[F_HELD + seat]
    for t in range(n):
        if t == seat or st[F_POS + t] != room or not is_true_form(st, t, rules):
            continue
        if not (st[F_WHERE_UP + t] >> room) & 1:
            continue
        ok = held & st[F_WHAT_UP + t]
        if ok:
            plan[P_KIND] = ACT_ATTACK
            plan[P_X] = t
            plan[P_DROP] = -1
            plan[P_W] = nth_bit(ok, 0)
            return 1
    return 0


@njit(cache=True, _nrt=False)
def play_turn(st, n, seat, total, given, bots, rules, weights, dist, nxt, pads, pad_index, rng,
              reach, acts, plans, pscore, kn, wv, log, li, on, met, dec):
    """One turn of ``seat`` with dice total ``total``: an action before moving (if the turn
    starts in a rim room), the move, an action after. ``given`` (P_DEST >= 0) is a plan chosen
    outside (rollout). Returns 1 if the turn ended the game with a kill."""
    bot = bots[seat]
    acts_left = rules[R_ACTIONS]
    st[F_QUIET] += 1
    deep = 1 if bot != BOT_GREEDY else 0
    # -- before moving ---------------------------------------------------------------------
    if st[F_POS + seat] < rules[R_NROOMS]:
        if bot == BOT_RANDOM:
            killed, acted = act_phase(st, n, seat, bot, plans[0], rules, weights, rng, acts, bots,
                                      log, li, on, met, dec)
            if killed:
                return 1
            acts_left -= acted
        elif kill_here(st, n, seat, rules, plans[0]):
            dec[0] += 1
            return do_action(st, n, seat, ACT_ATTACK, plans[0, P_X], -1, plans[0, P_W], bots, rules,
                             weights, rng, log, li, on, met, dec)
        elif acts_left >= 2:
            # two actions a turn: the best action here (a plan with no steps), then move
            plan_turn(st, n, seat, 0, rules, weights, dist, nxt, pads, pad_index, kn, wv, deep,
                      plans, pscore, 1)
            dec[0] += 1
            if pscore[0] > 0.0:
                killed, acted = act_phase(st, n, seat, bot, plans[0], rules, weights, rng, acts,
                                          bots, log, li, on, met, dec)
                if killed:
                    return 1
                acts_left -= acted
    # -- move ------------------------------------------------------------------------------
    if bot == BOT_RANDOM:
        random_move(st, n, seat, total, rules, dist, pads, pad_index, reach, rng, plans[0])
        dec[0] += 1
    elif given[P_DEST] >= 0:
        for f in range(P_SIZE):
            plans[0, f] = given[f]
    else:
        plan_turn(st, n, seat, total, rules, weights, dist, nxt, pads, pad_index, kn, wv, deep,
                  plans, pscore, 1)
        dec[0] += 1
    apply_move(st, seat, plans[0, P_DEST], plans[0, P_TELE], plans[0, P_BRING], total, log, li, on, met)
    # -- after moving ------------------------------------------------------------------------
    if acts_left > 0:
        killed, acted = act_phase(st, n, seat, bot, plans[0], rules, weights, rng, acts, bots,
                                  log, li, on, met, dec)
        return killed
    return 0


# ================================================================================================
# rollout bot: flat Monte Carlo over the hunter's best plans, on determinised hands
# ================================================================================================
@njit(cache=True, _nrt=False)
def determinize(st, out, n, me, rules, rng, deck):
    """Copy st into out with every card ``me`` cannot see re-dealt among the opponents, keeping
    face-up cards, hand sizes and (when a deal allows it within a few tries) public exclusions."""
    for f in range(F_SIZE):
        out[f] = st[f]
    nc = rules[R_NCARDS]
    hand = rules[R_HAND]
    full = (1 << nc) - 1
    for cat in range(3):
        f = F_WHO if cat == 0 else (F_WHERE if cat == 1 else F_WHAT)
        fu = f + MAXP
        fn = F_NOT_WHERE if cat == 1 else F_NOT_WHAT
        up = 0
        for o in range(n):
            up |= st[fu + o]
        pool = full & ~st[f + me] & ~up
        m = 0
        for c in range(nc):
            if (pool >> c) & 1:
                deck[m] = c
                m += 1
        for attempt in range(12):
            shuffle(rng, CHANCE, deck, m)
            idx = 0
            ok = True
            for o in range(n):
                if o == me:
                    continue
                mask = 0
                for _ in range(hand - popcount(st[fu + o])):
                    mask |= 1 << deck[idx]
                    idx += 1
                if cat > 0 and mask & st[fn + o]:
                    ok = False
                out[f + o] = st[fu + o] | mask
            if ok:
                break


@njit(cache=True, _nrt=False)
def rollout_plan(st, n, me, total, rules, weights, dist, nxt, pads, pad_index, rng, reach, acts,
                 plans, pscore, kn, wv, rplans, rscore, rst, rrng, deck, pbots, none_plan, pmet,
                 pctr, given):
    """Choose ``me``'s plan: the hunter's best few, each scored by playouts (greedy for every
    seat) from determinised deals; the same deals and dice for every candidate."""
    k = int(weights[W_ROLLOUT_CANDIDATES])
    k = max(1, min(k, MAX_PLANS))
    cnt = plan_turn(st, n, me, total, rules, weights, dist, nxt, pads, pad_index, kn, wv, 1,
                    rplans, rscore, k)
    best = 0
    if cnt > 1 and rscore[0] < 1e8:
        npl = max(1, int(weights[W_ROLLOUT_PLAYOUTS]))
        horizon = max(1, int(weights[W_ROLLOUT_HORIZON]))
        base = next_u64(rng, BOT0 + me)
        bestv = -1.0
        for c in range(cnt):
            acc = 0.0
            for p in range(npl):
                for s in range(rrng.shape[0]):
                    rrng[s] = stream_start(base, p, s)
                determinize(st, rst, n, me, rules, rrng, deck)
                if play_turn(rst, n, me, total, rplans[c], pbots, rules, weights, dist, nxt, pads,
                             pad_index, rrng, reach, acts, plans, pscore, kn, wv, none_plan[:1],
                             pctr[:1], False, pmet, pctr[1:2]):
                    acc += 1.0 if rst[F_WINNER] == me else 0.0
                    continue
                result = 1.0 / n
                for i in range(horizon):
                    seat = (me + 1 + i) % n
                    t = roll_dice(rules, rrng, CHANCE)
                    if play_turn(rst, n, seat, t, none_plan[0], pbots, rules, weights, dist, nxt,
                                 pads, pad_index, rrng, reach, acts, plans, pscore, kn, wv,
                                 none_plan[:1], pctr[:1], False, pmet, pctr[1:2]):
                        result = 1.0 if rst[F_WINNER] == me else 0.0
                        break
                acc += result
            if acc > bestv:
                bestv = acc
                best = c
    for f in range(P_SIZE):
        given[f] = rplans[best, f]


# ================================================================================================
# a whole game, and a batch of games
# ================================================================================================
@njit(cache=True, _nrt=False)
def play_game(st, n, bots, rules, weights, dist, nxt, pads, pad_index, rng, deck, reach, acts,
              plans, pscore, kn, wv, rplans, rscore, rst, rrng, pbots, gplan, pmet, ctr, log, on, met):
    """Deal and play one game. Returns (turns, end reason). Seat bots in ``bots``;
    ctr[0] = log rows written, ctr[1] = bot decisions."""
    setup(st, n, rules, rng, deck)
    li = ctr[0:1]
    dec = ctr[1:2]
    if on:
        for s in range(n):
            log_event(log, li, on, EV_HAND, s, st[F_WHO + s], st[F_WHERE + s], st[F_WHAT + s], 0)
        for r in range(rules[R_NROOMS]):
            log_event(log, li, on, EV_TOKEN, -1, r, nth_bit(st[F_ROOM_W + r], 0), 0, 0)
    for s in range(pbots.shape[0]):
        pbots[s] = BOT_GREEDY
    gplan[1, P_DEST] = -1
    cap = rules[R_MAX_TURNS]
    for t in range(cap):
        seat = (FIRST_SEAT + t) % n
        log_event(log, li, on, EV_TURN, seat, t + 1, 0, 0, 0)
        total = roll_dice(rules, rng, CHANCE)
        log_event(log, li, on, EV_ROLL, seat, total, 0, 0, 0)
        gplan[0, P_DEST] = -1
        if bots[seat] == BOT_ROLLOUT:
            rollout_plan(st, n, seat, total, rules, weights, dist, nxt, pads, pad_index, rng, reach,
                         acts, plans, pscore, kn, wv, rplans, rscore, rst[0], rrng, deck, pbots,
                         gplan[1:2], pmet, ctr[2:4], gplan[0])
            dec[0] += 1
        if play_turn(st, n, seat, total, gplan[0], bots, rules, weights, dist, nxt, pads, pad_index,
                     rng, reach, acts, plans, pscore, kn, wv, log, li, on, met, dec):
            return t + 1, END_FINISHED
    log_event(log, li, on, EV_CAP, -1, cap, 0, 0, 0)
    return cap, END_TURN_CAP


@njit(cache=True)
def alloc_scratch(B, n, N):
    """B scratch slots, each one game's rows (allocated once per batch; every game
    rewrites what it reads, so games may share a slot one after another)."""
    st = np.zeros((B, F_SIZE), np.int32)
    rng = np.empty((B, 1 + n), np.uint64)
    deck = np.zeros((B, MAXC), np.int64)
    reach = np.zeros((B, N), np.int8)
    acts = np.zeros((B, MAX_ACTS, A_SIZE), np.int32)
    plans = np.zeros((B, MAX_PLANS, P_SIZE), np.int32)
    pscore = np.zeros((B, MAX_PLANS), np.float64)
    kn = np.zeros((B, MAXP, K_SIZE), np.int64)
    wv = np.zeros((B, 2 + 2 * MAXP, MAXC), np.float64)
    rplans = np.zeros((B, MAX_PLANS, P_SIZE), np.int32)
    rscore = np.zeros((B, MAX_PLANS), np.float64)
    rst = np.zeros((B, 1, F_SIZE), np.int32)
    rrng = np.empty((B, 1 + n), np.uint64)
    pbots = np.zeros((B, n), np.int64)
    gplan = np.zeros((B, 2, P_SIZE), np.int32)
    pmet = np.zeros((B, n, N_METRICS), np.float64)
    ctr = np.zeros((B, 4), np.int64)
    sb = np.zeros((B, n), np.int64)
    return st, rng, deck, reach, acts, plans, pscore, kn, wv, rplans, rscore, rst, rrng, pbots, gplan, pmet, ctr, sb


@njit(cache=True, _nrt=False)
def game_at(c, g, n, bots, rotation, seed, game_index, rules, weights, dist, nxt, pads, pad_index,
            st, rng, deck, reach, acts, plans, pscore, kn, wv, rplans, rscore, rst, rrng, pbots,
            gplan, pmet, ctr, sb, log, on, met):
    """Game ``g`` of a batch in scratch slot ``c``: its streams, its seat bots, the game.
    Returns (turns, end)."""
    seed_streams(rng[c], seed, game_index[g])
    seat_bots(bots, rotation[g], sb[c])
    ctr[c, 0] = 0
    ctr[c, 1] = 0
    return play_game(st[c], n, sb[c], rules, weights, dist, nxt, pads, pad_index, rng[c], deck[c],
                     reach[c], acts[c], plans[c], pscore[c], kn[c], wv[c], rplans[c], rscore[c],
                     rst[c], rrng[c], pbots[c], gplan[c], pmet[c], ctr[c], log, on, met)


@njit(cache=True, _nrt=False)
def play_slot(c, S, n, bots, rotation, seed, game_index, rules, weights, dist, nxt, pads, pad_index,
              st, rng, deck, reach, acts, plans, pscore, kn, wv, rplans, rscore, rst, rrng, pbots,
              gplan, pmet, ctr, sb, tiebreak, log, score, rank, win, position, turns, end_reason,
              metrics, decisions):
    """The games of a batch that scratch slot ``c`` plays: c, c + S, c + 2S, ..."""
    for g in range(c, game_index.shape[0], S):
        met = metrics[g]
        met[:, :] = 0.0
        t, end = game_at(c, g, n, bots, rotation, seed, game_index, rules, weights, dist, nxt,
                         pads, pad_index, st, rng, deck, reach, acts, plans, pscore, kn, wv,
                         rplans, rscore, rst, rrng, pbots, gplan, pmet, ctr, sb, log, False, met)
        w = st[c, F_WINNER]
        for s in range(n):
            score[g, s] = 1 if s == w else 0
        rank_players(score[g], tiebreak[c], n, rank[g], win[g])
        turn_positions(FIRST_SEAT, n, position[g])
        turns[g] = t
        end_reason[g] = end
        decisions[g] = ctr[c, 1]


@njit(cache=True, parallel=True)
def play_batch(n, bots, rotation, rules, weights, dist, nxt, pads, pad_index, seed, game_index,
               score, rank, win, position, turns, end_reason, metrics, decisions):
    """Play games ``game_index`` (one per row of the outputs) in parallel. Games take turns in
    a few scratch slots: a fresh slot per game would be memory touched once (page faults).
    Each slot's games run in one call compiled without reference counting, so that threads
    do not contend for the arrays' shared reference counts on every game."""
    B = game_index.shape[0]
    S = min(B, SCRATCH_SLOTS)
    (st, rng, deck, reach, acts, plans, pscore, kn, wv, rplans, rscore, rst, rrng, pbots, gplan,
     pmet, ctr, sb) = alloc_scratch(S, n, dist.shape[0])
    tiebreak = np.zeros((S, n), np.int32)
    log = np.zeros((1, LOG_W), np.int32)
    for c in prange(S):
        play_slot(c, S, n, bots, rotation, seed, game_index, rules, weights, dist, nxt, pads,
                  pad_index, st, rng, deck, reach, acts, plans, pscore, kn, wv, rplans, rscore, rst,
                  rrng, pbots, gplan, pmet, ctr, sb, tiebreak, log, score, rank, win, position,
                  turns, end_reason, metrics, decisions)


@njit(cache=True)
def trace_game(n, bots, rotation, rules, weights, dist, nxt, pads, pad_index, seed, game_index,
               log, met):
    """One game with its event log: the same game_at as play_batch. Returns (turns, end,
    log rows, winner)."""
    (st, rng, deck, reach, acts, plans, pscore, kn, wv, rplans, rscore, rst, rrng, pbots, gplan,
     pmet, ctr, sb) = alloc_scratch(1, n, dist.shape[0])
    rot = np.zeros(1, np.uint8)
    rot[0] = rotation
    gi = np.zeros(1, np.uint64)
    gi[0] = game_index
    t, end = game_at(0, 0, n, bots, rot, seed, gi, rules, weights, dist, nxt, pads, pad_index, st, rng,
                     deck, reach, acts, plans, pscore, kn, wv, rplans, rscore, rst, rrng, pbots,
                     gplan, pmet, ctr, sb, log, True, met)
    return t, end, ctr[0, 0], st[0, F_WINNER]


@njit(cache=True, _nrt=False)
def bench_moves(dist, pads, starts, totals, out):
    """Move generations over the given (start, total) pairs; returns the reachable count."""
    c = 0
    for i in range(starts.shape[0]):
        reachable(dist, pads, 0, starts[i], totals[i], out)
        c += out[starts[i]]
    return c
