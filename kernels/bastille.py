"""Bastille (Queen Games, 2018) in Numba.

The game reads like its rulebook: setup, a round (placing influence tiles, evaluating the
seven locations in order, flags and round preparation), interim and final scoring. Every
number comes from the content row ``tb`` (packed by ``sim.games.bastille.arrays.pack`` at the
``T_*`` offsets below); a game's state is one int64 row ``st`` at the ``G_*``/``PL``/...
offsets, with a float scratch row ``fs`` for the bots' cached valuations. A batch holds a
few such rows per thread and plays its games through them one after another.

The hot kernel is ``evaluate_location``: one location's placed tiles resolved in order.
"""
import numpy as np
from numba import njit, prange

from kernels.common import borrow, lowest_bit, rank_players, seat_bots, turn_positions, write_event
from kernels.rng import BOT0, CHANCE, below, next_u64, seed_streams, shuffle, uniform

# -- locations (board order 1..7) -------------------------------------------------------------
L_BANQUE = 0
L_NOTRE_DAME = 1
L_VERSAILLES = 2
L_CATACOMBES = 3
L_PLACE_LOUIS = 4
L_BASTILLE = 5
L_ETATS = 6
N_LOC = 7             # choose_placement weighs them one by one, in this order

# -- bonus kinds (Versailles tiles, flag bonus tiles, catacomb bonuses) --------------------
K_COINS = 0
K_VP = 1
K_BASTILLE = 2
K_HENCHMEN = 3
K_TORCH = 4
K_UPGRADE = 5
K_CHARACTER = 6
K_MISSION = 7
N_KINDS = 8

# -- character groups and weapon types ----------------------------------------------------
GR_PEASANT = 0
GR_SOLDIER = 1
GR_NOBLE = 2
GR_MONK = 3
N_GROUPS = 3          # real groups a monk can join
N_WEAPONS = 3         # pitchfork, rifle, rapier (torches are wild and counted apart)

# -- mission kinds and max targets ---------------------------------------------------------
MK_MAX = 0
MK_SERIES = 1
MK_EACH = 2
MT_CROWNS = 3         # max targets 0..2 are the character groups
MT_WEAPONS = 4
MT_GEMS = 5
N_TARGETS = 6

# -- where a card is -------------------------------------------------------------------------
AT_DECK = -1          # character deck / mission deck (pile A in the Secret Mission variant)
AT_DISPLAY = -2       # character display at Place Louis
AT_BOX = -3           # returned to the box
AT_PILE_B = -2        # mission pile B (Secret Mission variant)

# -- phases ----------------------------------------------------------------------------------
PH_PLACE = 0
PH_EVAL = 1
PH_END = 2

# -- bots -------------------------------------------------------------------------------------
BOT_RANDOM = 0
BOT_GREEDY = 1
BOT_HEURISTIC = 2
BOT_ROLLOUT = 3

# -- per-game global fields gm[g, *] ----------------------------------------------------------
G_ROUND = 0           # 0-based current round
G_PHASE = 1
G_START = 2           # seat holding the start player marker
G_TURN = 3            # seat to place next
G_DECK_TOP = 4        # next card index in the deck
G_VERS_TOP = 5        # index in the stack of the face-up Versailles tile
G_WTOP = 6            # next face-down weapon token
G_BW = 7              # G_BW + t: face-up weapon tokens of type t in the Bastille (3 fields)
G_TORCH = 10          # torches in the general supply
G_BANK = 11           # coins (value) in the bank; may go below 0 (bank is unlimited)
G_STAMP = 12          # Bastille arrival counter (lower stamp = further ahead on a space)
G_NPLACED = 13        # influence tiles placed in the game (the game's turns)
G_DEC = 14            # bot decisions made
G_LOGN = 15           # rows written to the log
G_LOGON = 16          # 1 = write the log
G_SCORING = 17        # 0 none, 1 interim, 2 final scoring in progress
G_FIRST = 18          # seat that started the game (G_START moves with the marker)
G_NFIELDS = 19

# -- per-player fields pl[g, p, *] --------------------------------------------------------------
P_COINS = 0
P_VP = 1
P_BPOS = 2            # Bastille track space
P_BSTAMP = 3
P_HSUP = 4            # henchmen in the personal supply
P_HBAG = 5            # henchmen in the bag
P_TORCH = 6
P_W = 7               # P_W + t: weapon tokens of type t (3 fields)
P_HAND = 10           # P_HAND + v: influence tiles of value v in front of the player (v 1..7)
P_SUP = 18            # P_SUP + v: tiles of value v in the personal supply
P_BOXED = 26          # tiles returned to the box by upgrades
P_NCHAR = 27
P_GRP = 28            # P_GRP + gr: characters of group gr (3 = monks)
P_CROWNS = 32
P_GEMS = 33
P_FLAGS = 34
P_CVP = 35            # VP printed on the characters
P_ARMED = 36          # P_ARMED + t: characters with an imprinted weapon of type t
P_NEED = 39           # P_NEED + t: non-monk characters needing a token of type t
P_MONKAS = 42         # P_MONKAS + gr: monks assigned to group gr
P_MISMASK = 45        # bitmask of mission names held
P_NMIS = 46
P_MISVP = 47          # metric: points from missions
P_UNARMED = 48        # metric: unarmed characters at the end
P_BSTEPS = 49         # metric: Bastille steps gained
P_CATCUBES = 50       # henchmen lying on a catacomb bonus during a scoring
P_VCACHE = 51         # round + 1 for which the seat's placement values are cached in fs
P_HELD = 52           # bit m set for each mission card m held (the bots visit only these)
P_OWNED = 53          # bit c set for each character card c owned
P_NFIELDS = 54
MAXV = 7              # capacity of the tile value fields
MONKS_EXHAUSTIVE = 6  # up to this many monks, every way of sorting them is tried

# -- log events: row = (event, seat, a, b, c, d) ------------------------------------------------
EV_ROUND = 1          # a = round (1-based)
EV_PLACE = 2          # a = tile value, b = location, c = space
EV_EVAL = 3           # a = location, b = number of tiles
EV_GAIN = 4           # a = kind, b = amount received, c = source
EV_START = 5          # seat takes the start player marker
EV_UPGRADE = 6        # a = old value, b = new value (b == a: no upgrade possible)
EV_BUY = 7            # a = card, b = coins paid, c = tile value
EV_FORFEIT = 8
EV_MISSION = 9        # a = mission card, b = pile (-1 deck)
EV_STEPS = 10         # a = steps, b = new space, c = coins for steps past the end
EV_SCORING = 11       # a = 1 interim / 2 final
EV_DRAW = 12          # a = drawn cube owner (= seat), b = catacomb bonus slot or -1
EV_WEAPON = 13        # a = weapon type
EV_MONK = 14          # a = card, b = group
EV_POINTS = 15        # a = what (PT_*), b = VP
EV_UNARMED = 16       # a = unarmed characters, b = VP lost
EV_END = 17           # a = final score, b = coins, c = rank
EV_FLAGS = 18         # a = flags, b = 1 larger / 2 smaller bonus
EV_REFILL = 19        # a = cards laid out

# sources of a gain (EV_GAIN c)
SRC_LOCATION = 0
SRC_VERSAILLES = 1
SRC_FLAGS = 2
SRC_CATACOMBS = 3

# what a scoring line is for (EV_POINTS a)
PT_GEMS = 0
PT_CROWNS = 1
PT_BASTILLE = 2
PT_CHARACTERS = 3
PT_MISSION = 4
PT_HENCHMEN = 5
PT_COINS = 6
PT_NOTRE_DAME = 7

# -- bot weights: two sets of the same named values (greedy, heuristic) -------------------------
W_COIN = 0            # value of a coin early in the game (decays to the end-game rate)
W_STEP = 1            # value of a Bastille step beyond its track points (weapon priority)
W_HENCH = 2           # value of a henchman in the bag
W_TORCH = 3           # value of a torch
W_UPGRADE = 4         # value of a tile upgrade per round left
W_START = 5           # value of the start player marker
W_CHAR = 6            # multiplier on a character's printed VP
W_GEM = 7             # value of a gem per scoring left
W_CROWN = 8           # value of a crown
W_FLAG = 9            # value of a flag per round left
W_NEED = 10           # value of a character one of my missions asks for
W_MISSION = 11        # expected worth of an unseen mission card
W_UNARMED = 12        # cost of a character I cannot arm yet
W_BUMP = 13           # how likely a later, higher tile pushes me down a place
W_CARD = 14           # expected worth of an unseen character card
W_KEEP = 15           # cost per point of tile value spent (keeps big tiles for contests)
W_SET = 16            # number of weights in a set
WB_GREEDY = 0
WB_HEUR = W_SET
W_ROLLOUT_N = 2 * W_SET   # playouts per candidate move (rollout bot)
W_TOTAL = 2 * W_SET + 1



# =============================================================================================
# layout of one game's state row st[*] (int64) and of the content table row tb[*] (int64)
# =============================================================================================
MAXP = 4              # seats
MAXS = 8              # influence spaces per location (capacity)
MAXC = 64             # character cards (capacity)
MAXM = 32             # mission cards (capacity)
MIS_VALS = 3          # values printed on a mission card
NPF = 56              # fields per player (P_NFIELDS rounded up)

GM = 0
PL = 24
BVAL = PL + MAXP * NPF            # tile value on each space [loc * MAXS + k]
BOWN = BVAL + 7 * MAXS            # tile owner on each space
BN = BOWN + 7 * MAXS              # tiles on each location
DECK = BN + 8                     # character deck order
CLOC = DECK + MAXC                # where each character card is (AT_* or owner)
CGRP = CLOC + MAXC                # group a monk was sorted into (-1 not yet)
MAXD = 8                          # display cards (capacity)
DISP = CGRP + MAXC                # display at Place Louis (card or -1)
VERS = DISP + MAXD                  # Versailles stack order
BONUS = VERS + 16                 # bonus tile on each round space
BPOOL = BONUS + 16                # shuffled regular bonus tiles
WPOOL = BPOOL + 16                # face-down weapon tokens (types) in draw order
MLOC = WPOOL + 64                 # where each mission card is (AT_DECK, AT_PILE_B or owner)
MORD = MLOC + MAXM                # mission deck order
CATOCC = MORD + MAXM              # owner of the cube on each catacomb bonus (-1 free)
SEATBOT = CATOCC + 40             # bot code per seat
SCR = SEATBOT + MAXP              # int scratch
SCR_ORDER = SCR                   # location order (MAXS)
SCR_TRACK = SCR + MAXS            # Bastille track order (MAXP)
SCR_MONK = SCR + MAXS + MAXP      # monks being sorted (up to 84)
TIEB = SCR + 96                   # tie-break values at the end
SCR_RIVAL = TIEB + MAXP           # best opponent's count per max-mission target (N_TARGETS)
BGE = SCR_RIVAL + N_TARGETS       # [loc * (MAXV + 1) + v]: tiles on loc of value v or more
SCR_HIGHER = BGE + N_LOC * (MAXV + 1)   # [v]: the placing seat's opponents' unplaced tiles
                                        # above value v (prepare_values)
ST_SIZE = SCR_HIGHER + MAXV + 1

# content table: scalars, then fixed-capacity blocks
T_NP = 0
T_ROUNDS = 1
T_INTERIM = 2
T_SECRET = 3
T_START_COINS = 4
T_START_MIS = 5
T_HENCH = 6
T_MAXV = 7
T_BANK = 8
T_TORCHES = 9
T_DISPLAY = 10
T_BANQUE = 11
T_ND_VP = 12
T_ETATS = 13
T_BAS_LAST = 14
T_NPOOL = 15
T_BAS_WEAP = 16
T_GEM_VP = 17
T_CAT_DRAWS = 18
T_WTAKE = 19
T_CPV = 20
T_HENCH_VP = 21
T_FLAG_MIN = 22
T_NCHARS = 23
T_NVERS = 24
T_NBONUS = 25
T_NEND = 26
T_CAT_LO = 27
T_CAT_HI = 28
T_NMIS = 29
T_N_CATH = 30
T_N_BASX = 31
T_N_UNARMED = 32
T_START_HAND = 64                 # [v] for v in 0..7
T_TILE_SET = 72
T_SPACES = 80
T_CAT_HENCH = 88
T_BAS_EXTRA = 96
T_WPOOL = 104
T_GWEAP = 108
T_CROWNS = 112
T_UNARMED = 116                   # 40 entries
T_BAS_PTS = 160                   # 64 entries: points of the last line passed, per space
T_CH_GROUP = 224                  # character blocks, MAXC each
T_CH_DECK = T_CH_GROUP + MAXC
T_CH_COST = T_CH_DECK + MAXC
T_CH_VP = T_CH_COST + MAXC
T_CH_CROWNS = T_CH_VP + MAXC
T_CH_GEMS = T_CH_CROWNS + MAXC
T_CH_FLAGS = T_CH_GEMS + MAXC
T_CH_ARMED = T_CH_FLAGS + MAXC
T_VK = T_CH_ARMED + MAXC          # Versailles tiles: kind [tile * 2 + side], 16 tiles
T_VN = T_VK + 32                  # amount
T_BK = T_VN + 32                  # bonus tiles (regular then end): kind, 24 tiles
T_BF = T_BK + 24                  # larger bonus
T_BS = T_BF + 24                  # smaller bonus
T_CK = T_BS + 24                  # catacomb bonuses (left, right, final board): kind, 40 slots
T_CN = T_CK + 40                  # amount
T_CB = T_CN + 40                  # 1 = the cube goes back into the bag afterwards
T_MK = T_CB + 40                  # mission cards: kind
T_MT = T_MK + MAXM                # target (group or MT_*)
T_MV = T_MT + MAXM                # values [m * MIS_VALS + j]
T_MF = T_MV + MAXM * MIS_VALS     # VP (max: first place; series/each: when achieved)
T_MS = T_MF + MAXM                # VP for second place (max cards)
T_MN = T_MS + MAXM                # name id: copies of one card share it
T_NEED2 = T_MN + MAXM             # bots: twice what character c does for mission m's
                                  # group, targets or series [m * MAXC + c] (note_mission_needs)
TB_SIZE = T_NEED2 + MAXM * MAXC


# =============================================================================================
# small helpers
# =============================================================================================
@njit(cache=True, _nrt=False, inline="always")
def log_ev(st, log, ev, p, a, b, c, d):
    if st[G_LOGON] != 0:
        st[G_LOGN] = write_event(log, st[G_LOGN], ev, p, a, b, c, d)


@njit(cache=True, _nrt=False, inline="always")
def bot_stream(p):
    return BOT0 + p


@njit(cache=True, _nrt=False, inline="always")
def rounds_left(tb, st, rng):
    """Rounds still to be played after the current one."""
    return tb[T_ROUNDS] - 1 - st[G_ROUND]


@njit(cache=True, _nrt=False, inline="always")
def scorings_left(tb, st, rng):
    """Interim/final scorings still to come (the one in progress included)."""
    sc = st[G_SCORING]
    if sc == 2:
        return 1
    if sc == 1 or st[G_ROUND] <= tb[T_INTERIM] - 1:
        return 2
    return 1


@njit(cache=True, _nrt=False, inline="always")
def take_coins(tb, st, rng, p, n):
    """The player takes n coins from the bank."""
    st[PL + p * NPF + P_COINS] += n
    st[G_BANK] -= n


@njit(cache=True, _nrt=False, inline="always")
def pay_coins(tb, st, rng, p, n):
    st[PL + p * NPF + P_COINS] -= n
    st[G_BANK] += n


@njit(cache=True, _nrt=False, inline="always")
def henchmen_to_bag(tb, st, rng, p, n):
    k = min(n, st[PL + p * NPF + P_HSUP])
    st[PL + p * NPF + P_HSUP] -= k
    st[PL + p * NPF + P_HBAG] += k
    return k


@njit(cache=True, _nrt=False, inline="always")
def take_torches(tb, st, rng, p, n):
    k = min(n, st[G_TORCH])
    st[G_TORCH] -= k
    st[PL + p * NPF + P_TORCH] += k
    return k


@njit(cache=True, _nrt=False, inline="always")
def move_bastille(tb, st, rng, p, steps, log):
    """Advance the Bastille marker; a marker landing on a space goes behind those there.
    Steps that cannot be made past the last space pay one coin each."""
    if steps <= 0:
        return 0
    pos = st[PL + p * NPF + P_BPOS]
    last = tb[T_BAS_LAST]
    coins = 0
    st[PL + p * NPF + P_BSTEPS] += steps
    if pos >= last:
        coins = steps
    else:
        npos = pos + steps
        if npos > last:
            coins = npos - last
            npos = last
        st[PL + p * NPF + P_BPOS] = npos
        st[G_STAMP] += 1
        st[PL + p * NPF + P_BSTAMP] = st[G_STAMP]
    if coins > 0:
        take_coins(tb, st, rng, p, coins)
    log_ev(st, log, EV_STEPS, p, steps, st[PL + p * NPF + P_BPOS], coins, 0)
    return coins


@njit(cache=True, _nrt=False, inline="always")
def track_order(tb, st, rng, order):
    """Seats from front to back of the Bastille track (space, then arrival on the space)."""
    n = tb[T_NP]
    for i in range(n):
        order[i] = i
    for i in range(1, n):
        j = i
        while j > 0:
            a = order[j - 1]
            b = order[j]
            pa = st[PL + a * NPF + P_BPOS]
            pb = st[PL + b * NPF + P_BPOS]
            if pb > pa or (pb == pa and st[PL + b * NPF + P_BSTAMP] < st[PL + a * NPF + P_BSTAMP]):
                order[j - 1] = b
                order[j] = a
                j -= 1
            else:
                break


@njit(cache=True, _nrt=False, inline="always")
def add_character(tb, st, rng, p, c):
    """Character card c joins player p's cards."""
    st[CLOC + c] = p
    st[PL + p * NPF + P_OWNED] |= 1 << c
    gr = tb[T_CH_GROUP + c]
    st[PL + p * NPF + P_NCHAR] += 1
    st[PL + p * NPF + P_GRP + gr] += 1
    st[PL + p * NPF + P_CROWNS] += tb[T_CH_CROWNS + c]
    st[PL + p * NPF + P_GEMS] += tb[T_CH_GEMS + c]
    st[PL + p * NPF + P_FLAGS] += tb[T_CH_FLAGS + c]
    st[PL + p * NPF + P_CVP] += tb[T_CH_VP + c]
    if gr != GR_MONK:
        t = tb[T_GWEAP + gr]
        if tb[T_CH_ARMED + c] != 0:
            st[PL + p * NPF + P_ARMED + t] += 1
        else:
            st[PL + p * NPF + P_NEED + t] += 1


@njit(cache=True, _nrt=False, inline="always")
def group_count(st, p, gr):
    return st[PL + p * NPF + P_GRP + gr] + st[PL + p * NPF + P_MONKAS + gr]


@njit(cache=True, _nrt=False, inline="always")
def weapon_count(st, p):
    """Weapons for the max-weapons mission: tokens, torches and imprinted weapons."""
    k = st[PL + p * NPF + P_TORCH]
    for t in range(N_WEAPONS):
        k += st[PL + p * NPF + P_W + t] + st[PL + p * NPF + P_ARMED + t]
    return k


@njit(cache=True, _nrt=False, inline="always")
def unarmed_count(tb, st, rng, p):
    """Characters left without a weapon once tokens and torches are assigned."""
    short = 0
    for t in range(N_WEAPONS):
        need = st[PL + p * NPF + P_NEED + t]
        for gr in range(N_GROUPS):
            if tb[T_GWEAP + gr] == t:
                need += st[PL + p * NPF + P_MONKAS + gr]
        d = need - st[PL + p * NPF + P_W + t]
        if d > 0:
            short += d
    short -= st[PL + p * NPF + P_TORCH]
    return short if short > 0 else 0


@njit(cache=True, _nrt=False, inline="always")
def unarmed_penalty(tb, k):
    if k >= tb[T_N_UNARMED]:
        return tb[T_UNARMED + tb[T_N_UNARMED] - 1]
    return tb[T_UNARMED + k]


@njit(cache=True, _nrt=False, inline="always")
def hand_tiles(st, p):
    k = 0
    for v in range(1, MAXV + 1):
        k += st[PL + p * NPF + P_HAND + v]
    return k


@njit(cache=True, _nrt=False, inline="always")
def upgrade_tile(tb, st, rng, p, v):
    """Exchange one tile of value v in front of the player for one of value v+1 from the
    personal supply; the old tile goes to the box. Returns the value the player keeps."""
    if v + 1 <= tb[T_MAXV] and st[PL + p * NPF + P_SUP + v + 1] > 0:
        st[PL + p * NPF + P_SUP + v + 1] -= 1
        st[PL + p * NPF + P_HAND + v] -= 1
        st[PL + p * NPF + P_HAND + v + 1] += 1
        st[PL + p * NPF + P_BOXED] += 1
        return v + 1
    return v


@njit(cache=True, _nrt=False, inline="always")
def can_upgrade(tb, st, rng, p, v):
    return v + 1 <= tb[T_MAXV] and st[PL + p * NPF + P_SUP + v + 1] > 0


# =============================================================================================
# setup
# =============================================================================================
@njit(cache=True, _nrt=False)
def setup_game(tb, st, rng, cs):
    """Everything of the rulebook's set-up, drawn from the chance stream cs."""
    n = tb[T_NP]
    for i in range(SEATBOT):
        st[i] = 0
    for i in range(SCR, ST_SIZE):
        st[i] = 0
    for i in range(CATOCC, SEATBOT):
        st[i] = -1
    st[G_BANK] = tb[T_BANK]
    st[G_TORCH] = tb[T_TORCHES]
    # Versailles stack, bonus tiles, weapon pool
    for i in range(tb[T_NVERS]):
        st[VERS + i] = i
    shuffle(rng, cs, st[VERS:], tb[T_NVERS])
    for i in range(tb[T_NBONUS]):
        st[BPOOL + i] = i
    shuffle(rng, cs, st[BPOOL:], tb[T_NBONUS])
    for r in range(tb[T_ROUNDS] - 1):
        st[BONUS + r] = st[BPOOL + r]
    e = below(rng, cs, tb[T_NEND])
    st[BONUS + tb[T_ROUNDS] - 1] = tb[T_NBONUS] + e       # end bonus tiles follow the others
    k = 0
    for t in range(N_WEAPONS):
        for j in range(tb[T_WPOOL + t]):
            st[WPOOL + k] = t
            k += 1
    shuffle(rng, cs, st[WPOOL:], k)
    for t in range(N_WEAPONS):
        st[G_BW + t] = 0
    restock_bastille(tb, st, rng)
    # character deck: A on top of B on top of C, each shuffled
    k = 0
    for d in range(3):
        k0 = k
        for c in range(tb[T_NCHARS]):
            if tb[T_CH_DECK + c] == d:
                st[DECK + k] = c
                k += 1
        for i in range(k - k0 - 1, 0, -1):
            j = below(rng, cs, i + 1)
            t = st[DECK + k0 + i]
            st[DECK + k0 + i] = st[DECK + k0 + j]
            st[DECK + k0 + j] = t
    for c in range(tb[T_NCHARS]):
        st[CLOC + c] = AT_DECK
        st[CGRP + c] = -1
    refill_display(tb, st, rng)
    # missions
    for m in range(tb[T_NMIS]):
        st[MORD + m] = m
    shuffle(rng, cs, st[MORD:], tb[T_NMIS])
    half = (tb[T_NMIS] + 1) // 2
    for i in range(tb[T_NMIS]):
        m = st[MORD + i]
        st[MLOC + m] = AT_DECK
        if tb[T_SECRET] != 0 and i >= half:
            st[MLOC + m] = AT_PILE_B
    # start player and players
    start = below(rng, cs, n)
    st[G_START] = start
    st[G_FIRST] = start
    for k in range(n):
        p = (start + k) % n
        st[PL + p * NPF + P_COINS] = tb[T_START_COINS]
        st[G_BANK] -= tb[T_START_COINS]
        st[PL + p * NPF + P_HSUP] = tb[T_HENCH]
        st[PL + p * NPF + P_BSTAMP] = k - n       # markers on the start space in player order
        for v in range(1, tb[T_MAXV] + 1):
            st[PL + p * NPF + P_HAND + v] = tb[T_START_HAND + v]
            st[PL + p * NPF + P_SUP + v] = tb[T_TILE_SET + v] - tb[T_START_HAND + v]
    if tb[T_SECRET] == 0:
        i = 0
        for k in range(n):
            p = (start + k) % n
            for _ in range(tb[T_START_MIS]):
                while i < tb[T_NMIS]:
                    m = st[MORD + i]
                    i += 1
                    if st[MLOC + m] == AT_DECK and (st[PL + p * NPF + P_MISMASK] >> tb[T_MN + m]) & 1 == 0:
                        give_mission(tb, st, rng, p, m)
                        break
    for loc in range(N_LOC):
        st[BN + loc] = 0
    st[G_ROUND] = 0
    st[G_PHASE] = PH_PLACE
    st[G_TURN] = start


@njit(cache=True, _nrt=False)
def restock_bastille(tb, st, rng):
    """Draw face-down weapon tokens into the Bastille."""
    for _ in range(tb[T_BAS_WEAP]):
        w = st[G_WTOP]
        if w >= tb[T_NPOOL]:
            break
        st[G_BW + st[WPOOL + w]] += 1
        st[G_WTOP] = w + 1


@njit(cache=True, _nrt=False)
def refill_display(tb, st, rng):
    for i in range(tb[T_DISPLAY]):
        st[DISP + i] = -1
        k = st[G_DECK_TOP]
        if k < tb[T_NCHARS]:
            c = st[DECK + k]
            st[G_DECK_TOP] = k + 1
            st[DISP + i] = c
            st[CLOC + c] = AT_DISPLAY


@njit(cache=True, _nrt=False, inline="always")
def give_mission(tb, st, rng, p, m):
    st[MLOC + m] = p
    st[PL + p * NPF + P_HELD] |= 1 << m
    st[PL + p * NPF + P_MISMASK] |= 1 << tb[T_MN + m]
    st[PL + p * NPF + P_NMIS] += 1


# =============================================================================================
# phase 1: placing influence tiles
# =============================================================================================
@njit(cache=True, _nrt=False, inline="always")
def place_tile(tb, st, rng, p, v, loc, log):
    """Put p's tile of value v on the leftmost free space of loc."""
    k = st[BN + loc]
    st[BVAL + loc * MAXS + k] = v
    st[BOWN + loc * MAXS + k] = p
    st[BN + loc] = k + 1
    for u in range(1, v + 1):
        st[BGE + loc * (MAXV + 1) + u] += 1
    st[PL + p * NPF + P_HAND + v] -= 1
    st[G_NPLACED] += 1
    log_ev(st, log, EV_PLACE, p, v, loc, k, 0)


@njit(cache=True, _nrt=False, inline="always")
def next_to_place(tb, st, rng, p):
    """The next seat clockwise from p that still holds a tile, or -1 when all are placed."""
    n = tb[T_NP]
    for k in range(1, n + 1):
        q = (p + k) % n
        if hand_tiles(st, q) > 0:
            return q
    return -1


@njit(cache=True, _nrt=False, inline="always")
def advance_turn(tb, st, rng):
    q = next_to_place(tb, st, rng, st[G_TURN])
    if q < 0:
        st[G_PHASE] = PH_EVAL
    else:
        st[G_TURN] = q


# =============================================================================================
# phase 2: evaluating the locations (the hot kernel)
# =============================================================================================
@njit(cache=True, _nrt=False, inline="always")
def location_order(st, loc):
    """Spaces of loc in the order they act (into st[SCR_ORDER..]): higher tile first, then
    the earlier placed. Returns the number of tiles."""
    k = st[BN + loc]
    for i in range(k):
        st[SCR_ORDER + i] = i
    for i in range(1, k):
        j = i
        while j > 0 and (st[BVAL + loc * MAXS + st[SCR_ORDER + j]]
                         > st[BVAL + loc * MAXS + st[SCR_ORDER + j - 1]]):
            t = st[SCR_ORDER + j]
            st[SCR_ORDER + j] = st[SCR_ORDER + j - 1]
            st[SCR_ORDER + j - 1] = t
            j -= 1
    return k


@njit(cache=True, _nrt=False)
def gain(tb, st, rng, p, kind, amount, src, W, log):
    """Player p receives a bonus of one kind (Versailles, flags, catacombs)."""
    got = amount
    if kind == K_COINS:
        take_coins(tb, st, rng, p, amount)
    elif kind == K_VP:
        st[PL + p * NPF + P_VP] += amount
    elif kind == K_BASTILLE:
        log_ev(st, log, EV_GAIN, p, kind, amount, src, 0)
        move_bastille(tb, st, rng, p, amount, log)
        return amount
    elif kind == K_HENCHMEN:
        got = henchmen_to_bag(tb, st, rng, p, amount)
    elif kind == K_TORCH:
        got = take_torches(tb, st, rng, p, amount)
    elif kind == K_UPGRADE:
        got = 0
        for _ in range(amount):
            v = choose_upgrade(tb, st, rng, p, W)
            if v > 0:
                upgrade_tile(tb, st, rng, p, v)
                got += 1
    elif kind == K_CHARACTER:
        got = 0
        for _ in range(amount):
            k = st[G_DECK_TOP]
            if k < tb[T_NCHARS]:
                c = st[DECK + k]
                st[G_DECK_TOP] = k + 1
                add_character(tb, st, rng, p, c)
                got += 1
                log_ev(st, log, EV_BUY, p, c, 0, 0, 0)
                if tb[T_CH_GROUP + c] == GR_MONK and st[G_SCORING] == 2:
                    assign_monks(tb, st, rng, p, W, log)
    elif kind == K_MISSION:
        got = 0
        for _ in range(amount):
            pile = AT_DECK
            if tb[T_SECRET] != 0:
                pile = choose_pile(tb, st, rng, p, W)
            if take_mission(tb, st, rng, p, pile, W, log):
                got += 1
    if kind != K_MISSION and kind != K_CHARACTER:
        log_ev(st, log, EV_GAIN, p, kind, got, src, 0)
    return got


@njit(cache=True, _nrt=False)
def take_mission(tb, st, rng, p, pile, W, log):
    """p looks through the deck (or one pile) and keeps a mission it does not hold yet."""
    m = choose_mission(tb, st, rng, p, pile, W)
    if m < 0:
        return False
    give_mission(tb, st, rng, p, m)
    log_ev(st, log, EV_MISSION, p, m, pile, 0, 0)
    return True


@njit(cache=True, _nrt=False, inline="always")
def evaluate_location(tb, st, rng, loc, W, log):
    """Resolve every tile on loc in order and give each its bonus; tiles go back to hand.
    Returns the number of tiles resolved."""
    k = location_order(st, loc)
    log_ev(st, log, EV_EVAL, -1, loc, k, 0, 0)
    other_pile = AT_DECK
    vt = st[VERS + st[G_VERS_TOP]] if st[G_VERS_TOP] < tb[T_NVERS] else -1
    vers_taken = -1
    for pos in range(k):
        slot = st[SCR_ORDER + pos]
        v = st[BVAL + loc * MAXS + slot]
        p = st[BOWN + loc * MAXS + slot]
        st[PL + p * NPF + P_HAND + v] += 1          # the tile returns in front of its owner
        if loc == L_BANQUE:
            c = tb[T_BANQUE] * v
            take_coins(tb, st, rng, p, c)
            log_ev(st, log, EV_GAIN, p, K_COINS, c, SRC_LOCATION, 0)
            if pos == 0:
                st[G_START] = p
                log_ev(st, log, EV_START, p, 0, 0, 0, 0)
        elif loc == L_NOTRE_DAME:
            nv = upgrade_tile(tb, st, rng, p, v)
            log_ev(st, log, EV_UPGRADE, p, v, nv, 0, 0)
            if pos == 0:
                st[PL + p * NPF + P_VP] += tb[T_ND_VP]
                log_ev(st, log, EV_POINTS, p, PT_NOTRE_DAME, tb[T_ND_VP], 0, 0)
        elif loc == L_VERSAILLES:
            if vt >= 0 and pos < 2:
                if pos == 0:
                    side = choose_versailles(tb, st, rng, p, vt, W)
                    vers_taken = side
                else:
                    side = 1 - vers_taken
                gain(tb, st, rng, p, tb[T_VK + vt * 2 + side], tb[T_VN + vt * 2 + side], SRC_VERSAILLES, W, log)
        elif loc == L_CATACOMBES:
            if pos < tb[T_N_CATH]:
                got = henchmen_to_bag(tb, st, rng, p, tb[T_CAT_HENCH + pos])
                log_ev(st, log, EV_GAIN, p, K_HENCHMEN, got, SRC_LOCATION, 0)
        elif loc == L_PLACE_LOUIS:
            j = choose_character(tb, st, rng, p, v, W)
            if j < 0:
                log_ev(st, log, EV_FORFEIT, p, v, 0, 0, 0)
            else:
                c = st[DISP + j]
                price = tb[T_CH_COST + c] - v
                if price < 0:
                    price = 0
                pay_coins(tb, st, rng, p, price)
                st[DISP + j] = -1
                add_character(tb, st, rng, p, c)
                log_ev(st, log, EV_BUY, p, c, price, v, 0)
        elif loc == L_BASTILLE:
            if pos < tb[T_N_BASX]:
                move_bastille(tb, st, rng, p, v + tb[T_BAS_EXTRA + pos], log)
        elif loc == L_ETATS:
            if pos == 0:
                take_coins(tb, st, rng, p, tb[T_ETATS])
                log_ev(st, log, EV_GAIN, p, K_COINS, tb[T_ETATS], SRC_LOCATION, 0)
            pile = AT_DECK
            if tb[T_SECRET] != 0:
                if pos == 0:
                    pile = choose_pile(tb, st, rng, p, W)
                    other_pile = AT_PILE_B if pile == AT_DECK else AT_DECK
                elif pos == 1:
                    pile = other_pile
                else:
                    pile = choose_pile(tb, st, rng, p, W)
            take_mission(tb, st, rng, p, pile, W, log)
    st[BN + loc] = 0
    for u in range(MAXV + 1):
        st[BGE + loc * (MAXV + 1) + u] = 0
    return k


@njit(cache=True, _nrt=False)
def score_flags(tb, st, rng, W, log):
    """The round's bonus tile: most flags takes the larger bonus, second most the smaller;
    ties go to the seat nearer the start player clockwise."""
    n = tb[T_NP]
    b = st[BONUS + st[G_ROUND]]
    start = st[G_START]
    first = -1
    second = -1
    for k in range(n):
        p = (start + k) % n
        f = st[PL + p * NPF + P_FLAGS]
        if f < tb[T_FLAG_MIN]:
            continue
        if first < 0 or f > st[PL + first * NPF + P_FLAGS]:
            second = first
            first = p
        elif second < 0 or f > st[PL + second * NPF + P_FLAGS]:
            second = p
    if first >= 0:
        log_ev(st, log, EV_FLAGS, first, st[PL + first * NPF + P_FLAGS], 1, 0, 0)
        gain(tb, st, rng, first, tb[T_BK + b], tb[T_BF + b], SRC_FLAGS, W, log)
    if second >= 0:
        log_ev(st, log, EV_FLAGS, second, st[PL + second * NPF + P_FLAGS], 2, 0, 0)
        gain(tb, st, rng, second, tb[T_BK + b], tb[T_BS + b], SRC_FLAGS, W, log)


@njit(cache=True, _nrt=False)
def prepare_round(tb, st, rng, log):
    """Next Versailles tile; leftover characters to the box; a new display."""
    st[G_VERS_TOP] += 1
    for i in range(tb[T_DISPLAY]):
        c = st[DISP + i]
        if c >= 0:
            st[CLOC + c] = AT_BOX
            st[DISP + i] = -1
    refill_display(tb, st, rng)
    log_ev(st, log, EV_REFILL, -1, tb[T_DISPLAY], 0, 0, 0)


# =============================================================================================
# interim and final scoring
# =============================================================================================
@njit(cache=True, _nrt=False)
def score_gems_and_crowns(tb, st, rng, crown_vp, log):
    n = tb[T_NP]
    best = 0
    for p in range(n):
        gv = st[PL + p * NPF + P_GEMS] * tb[T_GEM_VP]
        st[PL + p * NPF + P_VP] += gv
        log_ev(st, log, EV_POINTS, p, PT_GEMS, gv, 0, 0)
        best = max(best, st[PL + p * NPF + P_CROWNS])
    if best > 0:
        for p in range(n):
            if st[PL + p * NPF + P_CROWNS] == best:
                st[PL + p * NPF + P_VP] += crown_vp
                log_ev(st, log, EV_POINTS, p, PT_CROWNS, crown_vp, 0, 0)


@njit(cache=True, _nrt=False)
def score_catacombs(tb, st, rng, final, W, log):
    """Draw henchmen from the bag one at a time; each owner puts the cube on an untaken bonus.
    Interim: the left board's cubes go home, the right board's back into the bag.
    Final: the game board's bonuses, every cube goes home."""
    n = tb[T_NP]
    occ = st[CATOCC:CATOCC + 40]
    lo = tb[T_CAT_LO] if final else 0
    hi = tb[T_CAT_HI] if final else tb[T_CAT_LO]
    for i in range(lo, hi):
        occ[i] = -1
    cs = CHANCE
    for _ in range(tb[T_CAT_DRAWS]):
        total = 0
        for p in range(n):
            total += st[PL + p * NPF + P_HBAG]
        if total == 0:
            break
        r = below(rng, cs, total)
        owner = 0
        for p in range(n):
            if r < st[PL + p * NPF + P_HBAG]:
                owner = p
                break
            r -= st[PL + p * NPF + P_HBAG]
        st[PL + owner * NPF + P_HBAG] -= 1
        slot = choose_catacomb(tb, st, rng, owner, lo, hi, W)
        log_ev(st, log, EV_DRAW, owner, owner, slot, 0, 0)
        if slot < 0:
            st[PL + owner * NPF + P_HSUP] += 1
            continue
        occ[slot] = owner
        st[PL + owner * NPF + P_CATCUBES] += 1
        gain(tb, st, rng, owner, tb[T_CK + slot], tb[T_CN + slot], SRC_CATACOMBS, W, log)
    for i in range(lo, hi):
        p = occ[i]
        if p >= 0:
            st[PL + p * NPF + P_CATCUBES] -= 1
            if tb[T_CB + i] != 0:
                st[PL + p * NPF + P_HBAG] += 1
            else:
                st[PL + p * NPF + P_HSUP] += 1
            occ[i] = -1


@njit(cache=True, _nrt=False)
def score_bastille(tb, st, rng, restock, W, log):
    """Track points, then weapons claimed from the front: two each, the last takes the rest."""
    n = tb[T_NP]
    order = st[SCR_TRACK:SCR_TRACK + MAXP]
    track_order(tb, st, rng, order)
    for p in range(n):
        pts = tb[T_BAS_PTS + st[PL + p * NPF + P_BPOS]]
        st[PL + p * NPF + P_VP] += pts
        log_ev(st, log, EV_POINTS, p, PT_BASTILLE, pts, 0, 0)
    for i in range(n):
        p = order[i]
        left = 0
        for t in range(N_WEAPONS):
            left += st[G_BW + t]
        take = tb[T_WTAKE] if i < n - 1 else left
        for _ in range(take):
            t = choose_weapon(tb, st, rng, p, W)
            if t < 0:
                break
            st[G_BW + t] -= 1
            st[PL + p * NPF + P_W + t] += 1
            log_ev(st, log, EV_WEAPON, p, t, 0, 0, 0)
    if restock:
        restock_bastille(tb, st, rng)


@njit(cache=True, _nrt=False)
def interim_scoring(tb, st, rng, W, log):
    st[G_SCORING] = 1
    log_ev(st, log, EV_SCORING, -1, 1, 0, 0, 0)
    score_gems_and_crowns(tb, st, rng, tb[T_CROWNS + 0], log)
    score_catacombs(tb, st, rng, False, W, log)
    score_bastille(tb, st, rng, True, W, log)
    st[G_SCORING] = 0


@njit(cache=True, _nrt=False, inline="always")
def bit_count(x):
    k = 0
    while x:
        x &= x - 1
        k += 1
    return k


@njit(cache=True, _nrt=False, inline="always")
def series_wanted(tb, m):
    """Bit j set for each value j printed on series mission m."""
    bits = 0
    for j in range(MIS_VALS):
        if tb[T_MV + m * MIS_VALS + j] > 0:
            bits |= 1 << j
    return bits


@njit(cache=True, _nrt=False, inline="always")
def owned_characters(tb, st, p):
    """Bit c set for each character card p owns, so series checks visit only p's cards."""
    return st[PL + p * NPF + P_OWNED]


@njit(cache=True, _nrt=False, inline="always")
def series_held(tb, st, m, owned, sorted_monks):
    """Bit j set when a character of owned (owned_characters) costs value j of series
    mission m and is of the mission's group or a monk (one sorted into that group when
    sorted_monks, else any)."""
    gr = tb[T_MT + m]
    bits = 0
    while owned:
        c = lowest_bit(owned)
        owned &= owned - 1
        cg = tb[T_CH_GROUP + c]
        if cg == gr or (cg == GR_MONK and (not sorted_monks or st[CGRP + c] == gr)):
            for j in range(MIS_VALS):
                if tb[T_MV + m * MIS_VALS + j] == tb[T_CH_COST + c]:
                    bits |= 1 << j
    return bits


@njit(cache=True, _nrt=False, inline="always")
def mission_points(tb, st, rng, p, m, owned):
    """Points mission card m earns its holder p (owned: owned_characters) at the end (0 when
    not achieved)."""
    n = tb[T_NP]
    kind = tb[T_MK + m]
    if kind == MK_MAX:
        tgt = tb[T_MT + m]
        mine = target_value(st, p, tgt)
        if mine <= 0:
            return 0
        d1 = 0
        for q in range(n):
            d1 = max(d1, target_value(st, q, tgt))
        if mine == d1:
            return tb[T_MF + m]
        d2 = 0
        for q in range(n):
            x = target_value(st, q, tgt)
            if x < d1 and x > d2:
                d2 = x
        if mine == d2:
            return tb[T_MS + m]
        return 0
    if kind == MK_SERIES:
        want = series_wanted(tb, m)
        if series_held(tb, st, m, owned, True) & want != want:
            return 0
        return tb[T_MF + m]
    # MK_EACH: at least mis_values[m, 0] cards of every group
    for gr in range(N_GROUPS):
        if group_count(st, p, gr) < tb[T_MV + m * MIS_VALS + 0]:
            return 0
    return tb[T_MF + m]


@njit(cache=True, _nrt=False, inline="always")
def target_value(st, p, tgt):
    if tgt < N_GROUPS:
        return group_count(st, p, tgt)
    if tgt == MT_CROWNS:
        return st[PL + p * NPF + P_CROWNS]
    if tgt == MT_WEAPONS:
        return weapon_count(st, p)
    return st[PL + p * NPF + P_GEMS]


@njit(cache=True, _nrt=False)
def final_scoring(tb, st, rng, W, log):
    n = tb[T_NP]
    st[G_SCORING] = 2
    log_ev(st, log, EV_SCORING, -1, 2, 0, 0, 0)
    start = st[G_START]
    for k in range(1, n + 1):                 # monks: from the start player's right, anticlockwise
        p = (start - k) % n
        assign_monks(tb, st, rng, p, W, log)
    score_gems_and_crowns(tb, st, rng, tb[T_CROWNS + 1], log)
    score_catacombs(tb, st, rng, True, W, log)
    score_bastille(tb, st, rng, False, W, log)
    for p in range(n):
        st[PL + p * NPF + P_VP] += st[PL + p * NPF + P_CVP]
        log_ev(st, log, EV_POINTS, p, PT_CHARACTERS, st[PL + p * NPF + P_CVP], 0, 0)
    for p in range(n):
        tot = 0
        owned = owned_characters(tb, st, p)
        held = held_missions(tb, st, p)
        while held:
            m = lowest_bit(held)
            held &= held - 1
            pts = mission_points(tb, st, rng, p, m, owned)
            tot += pts
            log_ev(st, log, EV_POINTS, p, PT_MISSION, pts, m, 0)
        st[PL + p * NPF + P_MISVP] = tot
        st[PL + p * NPF + P_VP] += tot
    for p in range(n):
        h = st[PL + p * NPF + P_HBAG] * tb[T_HENCH_VP]
        st[PL + p * NPF + P_VP] += h
        log_ev(st, log, EV_POINTS, p, PT_HENCHMEN, h, 0, 0)
        cv = st[PL + p * NPF + P_COINS] // tb[T_CPV]
        st[PL + p * NPF + P_VP] += cv
        log_ev(st, log, EV_POINTS, p, PT_COINS, cv, 0, 0)
        u = unarmed_count(tb, st, rng, p)
        pen = unarmed_penalty(tb, u)
        st[PL + p * NPF + P_UNARMED] = u
        st[PL + p * NPF + P_VP] -= pen
        log_ev(st, log, EV_UNARMED, p, u, pen, 0, 0)
    st[G_PHASE] = PH_END


# =============================================================================================
# the round loop
# =============================================================================================
@njit(cache=True, _nrt=False)
def end_of_placing(tb, st, rng, W, log):
    """Phase 2 and 3 of a round, and the scorings; then the next round begins."""
    for loc in range(N_LOC):
        evaluate_location(tb, st, rng, loc, W, log)
    score_flags(tb, st, rng, W, log)
    r = st[G_ROUND]
    if r + 1 >= tb[T_ROUNDS]:
        final_scoring(tb, st, rng, W, log)
        return
    prepare_round(tb, st, rng, log)
    if r + 1 == tb[T_INTERIM]:
        interim_scoring(tb, st, rng, W, log)
    st[G_ROUND] = r + 1
    st[G_PHASE] = PH_PLACE
    st[G_TURN] = st[G_START]
    log_ev(st, log, EV_ROUND, -1, r + 2, 0, 0, 0)


@njit(cache=True, _nrt=False)
def play_rest(tb, st, rng, W, fs, log):
    """Play on to the end with bots that never roll out (used by playouts)."""
    while st[G_PHASE] != PH_END:
        if st[G_PHASE] == PH_PLACE:
            p = st[G_TURN]
            v, loc = choose_placement(tb, st, rng, p, W, fs)
            place_tile(tb, st, rng, p, v, loc, log)
            advance_turn(tb, st, rng)
        else:
            end_of_placing(tb, st, rng, W, log)


@njit(cache=True, _nrt=False)
def play_game(tb, st, rng, W, fs, log, d, drng, dfs, log_on):
    """One whole game from set-up (rng and the seat bots set by the caller); d and drng
    are the playout scratch of the rollout bot."""
    setup_game(tb, st, rng, CHANCE)
    st[G_LOGON] = log_on
    log_ev(st, log, EV_ROUND, -1, 1, 0, 0, 0)
    while st[G_PHASE] != PH_END:
        if st[G_PHASE] == PH_PLACE:
            p = st[G_TURN]
            if st[SEATBOT + p] == BOT_ROLLOUT:
                v, loc = rollout_placement(tb, st, rng, p, W, fs, d, drng, dfs, log)
            else:
                v, loc = choose_placement(tb, st, rng, p, W, fs)
            place_tile(tb, st, rng, p, v, loc, log)
            advance_turn(tb, st, rng)
        else:
            end_of_placing(tb, st, rng, W, log)


# =============================================================================================
# bots: valuations shared by greedy (weight set WB_GREEDY) and heuristic (WB_HEUR)
# =============================================================================================
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


@njit(cache=True, _nrt=False, inline="always")
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
    return amount * W[wb + W_MISSION]


@njit(cache=True, _nrt=False, inline="always")
def held_missions(tb, st, p):
    """Bit m set for each mission card p holds, so valuations visit only p's few cards."""
    return st[PL + p * NPF + P_HELD]


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


@njit(cache=True, _nrt=False, inline="always")
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


# cache of the placement valuation in the float scratch row fs, one block per seat: while
# tiles are being placed nothing these values depend on changes, so most are computed once
# a round
FS_COIN = 0           # coin value
FS_VA = 1             # Versailles side a
FS_VB = 2             # Versailles side b
FS_HENCH = 3          # a henchman into the bag
FS_CARD = 4           # value of each display card (8)
FS_STEP = 12          # worth of s Bastille steps (24)
FS_UPG = 36           # worth of upgrading a tile of value v (8)
FS_BUMPED = 44        # chance of being pushed down a place by h higher tiles (8)
FS_BUMPW = 52         # the W_BUMP those chances were worked out for
FS_NCARDS = 53        # display cards worth taking with a tile of value v (8; -1: not yet known)
FS_SORT = 61          # their net values, high to low (8 per tile value v)
FS_BLOCK = FS_SORT + (MAXV + 1) * MAXD
FS_SIZE = MAXP * FS_BLOCK


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
    if st[PL + p * NPF + P_VCACHE] != key:
        st[PL + p * NPF + P_VCACHE] = key
        prepare_round_values(tb, st, rng, p, W, wb, fs)


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


@njit(cache=True, _nrt=False, inline="always")
def best_display_values(tb, st, p, v, fs):
    """Net worth of each affordable display card for tile v, sorted high to low into
    fs[FS_SORT + v * MAXD..]; returns how many are worth taking. Coins and display stay
    as they are while tiles are placed, so this is worked out once a round for each v."""
    f = p * FS_BLOCK
    if fs[f + FS_NCARDS + v] >= 0.0:
        return int(fs[f + FS_NCARDS + v])
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
    x = W[wb + W_MISSION]
    if pos == 0:
        x += tb[T_ETATS] * fs[f + FS_COIN]
    return x


@njit(cache=True, _nrt=False, inline="always")
def placement_value(tb, st, p, v, loc, W, wb, fs):
    """Worth of placing v on loc now: the place it takes among tiles already there, less
    the chance (W_BUMP) that a later, higher tile of an opponent pushes it down."""
    k = st[BN + loc]
    pos = st[BGE + loc * (MAXV + 1) + v]     # the place v takes: after the tiles >= v
    ncards = 0
    if loc == L_PLACE_LOUIS:
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
    return x


@njit(cache=True, _nrt=False, inline="always")
def choose_placement(tb, st, rng, p, W, fs):
    """(tile value, location) for p's next tile."""
    bot = st[SEATBOT + p]
    st[G_DEC] += 1
    if bot == BOT_RANDOM:
        nv = 0
        for v in range(1, tb[T_MAXV] + 1):
            if st[PL + p * NPF + P_HAND + v] > 0:
                nv += st[PL + p * NPF + P_HAND + v]
        r = below(rng, bot_stream(p), nv)
        tv = 1
        for v in range(1, tb[T_MAXV] + 1):
            c = st[PL + p * NPF + P_HAND + v]
            if r < c:
                tv = v
                break
            r -= c
        nl = 0
        for loc in range(N_LOC):
            if st[BN + loc] < tb[T_SPACES + loc]:
                nl += 1
        r = below(rng, bot_stream(p), nl)
        for loc in range(N_LOC):
            if st[BN + loc] < tb[T_SPACES + loc]:
                if r == 0:
                    return tv, loc
                r -= 1
        return tv, 0
    wb = weight_base(st, p)
    prepare_values(tb, st, rng, p, W, wb, fs)
    best = -1e300
    bv = 1
    bl = 0
    for v in range(1, tb[T_MAXV] + 1):
        if st[PL + p * NPF + P_HAND + v] == 0:
            continue
        # one call per location, in board order: with the location a constant, each call
        # compiles to that location's reward alone (choose_placement ran x1.7 as fast as
        # with a loop over the locations)
        best, bv, bl = weigh_placement(tb, st, p, v, L_BANQUE, W, wb, fs, best, bv, bl)
        best, bv, bl = weigh_placement(tb, st, p, v, L_NOTRE_DAME, W, wb, fs, best, bv, bl)
        best, bv, bl = weigh_placement(tb, st, p, v, L_VERSAILLES, W, wb, fs, best, bv, bl)
        best, bv, bl = weigh_placement(tb, st, p, v, L_CATACOMBES, W, wb, fs, best, bv, bl)
        best, bv, bl = weigh_placement(tb, st, p, v, L_PLACE_LOUIS, W, wb, fs, best, bv, bl)
        best, bv, bl = weigh_placement(tb, st, p, v, L_BASTILLE, W, wb, fs, best, bv, bl)
        best, bv, bl = weigh_placement(tb, st, p, v, L_ETATS, W, wb, fs, best, bv, bl)
    return bv, bl


@njit(cache=True, _nrt=False)
def weigh_placement(tb, st, p, v, loc, W, wb, fs, best, bv, bl):
    """(best, value, location) after weighing v on loc against the best so far (the first
    of equal worth stays). Not inlined by Numba: LLVM inlines it with loc a constant, at a
    fraction of the compile time."""
    if st[BN + loc] >= tb[T_SPACES + loc]:
        return best, bv, bl
    x = placement_value(tb, st, p, v, loc, W, wb, fs)
    x -= W[wb + W_KEEP] * v     # keep big tiles for the contested places
    if x > best:
        return x, v, loc
    return best, bv, bl


@njit(cache=True, _nrt=False)
def choose_versailles(tb, st, rng, p, vt, W):
    st[G_DEC] += 1
    if st[SEATBOT + p] == BOT_RANDOM:
        return below(rng, bot_stream(p), 2)
    wb = weight_base(st, p)
    a = gain_value(tb, st, rng, p, tb[T_VK + vt * 2 + 0], tb[T_VN + vt * 2 + 0], W, wb)
    b = gain_value(tb, st, rng, p, tb[T_VK + vt * 2 + 1], tb[T_VN + vt * 2 + 1], W, wb)
    return 0 if a >= b else 1


@njit(cache=True, _nrt=False)
def choose_character(tb, st, rng, p, v, W):
    """Display index of the card p takes at Place Louis, or -1 to forfeit."""
    st[G_DEC] += 1
    bot = st[SEATBOT + p]
    if bot == BOT_RANDOM:
        k = 1
        for i in range(tb[T_DISPLAY]):
            c = st[DISP + i]
            if c >= 0 and max(0, tb[T_CH_COST + c] - v) <= st[PL + p * NPF + P_COINS]:
                k += 1
        r = below(rng, bot_stream(p), k)
        for i in range(tb[T_DISPLAY]):
            c = st[DISP + i]
            if c >= 0 and max(0, tb[T_CH_COST + c] - v) <= st[PL + p * NPF + P_COINS]:
                if r == 0:
                    return i
                r -= 1
        return -1
    wb = weight_base(st, p)
    held = held_missions(tb, st, p)
    cv = coin_value(tb, st, rng, W, wb)
    best = 0.0
    bi = -1
    for i in range(tb[T_DISPLAY]):
        c = st[DISP + i]
        if c < 0:
            continue
        price = max(0, tb[T_CH_COST + c] - v)
        if price > st[PL + p * NPF + P_COINS]:
            continue
        x = character_value(tb, st, rng, p, c, W, wb, held) - cv * price
        if x > best:
            best = x
            bi = i
    return bi


@njit(cache=True, _nrt=False)
def choose_pile(tb, st, rng, p, W):
    """Secret Mission variant: a pile, chosen without seeing its cards (its size is public)."""
    st[G_DEC] += 1
    na = 0
    nb = 0
    for m in range(tb[T_NMIS]):
        if st[MLOC + m] == AT_DECK:
            na += 1
        elif st[MLOC + m] == AT_PILE_B:
            nb += 1
    if st[SEATBOT + p] == BOT_RANDOM:
        return AT_DECK if below(rng, bot_stream(p), 2) == 0 else AT_PILE_B
    return AT_DECK if na >= nb else AT_PILE_B


@njit(cache=True, _nrt=False)
def choose_mission(tb, st, rng, p, pile, W):
    """A mission card from the deck (or pile) that p does not hold a copy of; -1 if none."""
    st[G_DEC] += 1
    mask = st[PL + p * NPF + P_MISMASK]
    if st[SEATBOT + p] == BOT_RANDOM:
        k = 0
        for m in range(tb[T_NMIS]):
            if st[MLOC + m] == pile and (mask >> tb[T_MN + m]) & 1 == 0:
                k += 1
        if k == 0:
            return -1
        r = below(rng, bot_stream(p), k)
        for m in range(tb[T_NMIS]):
            if st[MLOC + m] == pile and (mask >> tb[T_MN + m]) & 1 == 0:
                if r == 0:
                    return m
                r -= 1
        return -1
    wb = weight_base(st, p)
    note_rivals(tb, st, p)
    owned = owned_characters(tb, st, p)
    best = -1e300
    bm = -1
    for m in range(tb[T_NMIS]):
        if st[MLOC + m] == pile and (mask >> tb[T_MN + m]) & 1 == 0:
            x = mission_value(tb, st, rng, p, m, W, wb, owned)
            if x > best:
                best = x
                bm = m
    return bm


@njit(cache=True, _nrt=False)
def choose_catacomb(tb, st, rng, p, lo, hi, W):
    """The untaken catacomb bonus p puts the drawn henchman on; -1 if all are taken."""
    st[G_DEC] += 1
    occ = st[CATOCC:CATOCC + 40]
    if st[SEATBOT + p] == BOT_RANDOM:
        k = 0
        for i in range(lo, hi):
            if occ[i] < 0:
                k += 1
        if k == 0:
            return -1
        r = below(rng, bot_stream(p), k)
        for i in range(lo, hi):
            if occ[i] < 0:
                if r == 0:
                    return i
                r -= 1
        return -1
    wb = weight_base(st, p)
    best = -1e300
    bi = -1
    for i in range(lo, hi):
        if occ[i] < 0:
            x = gain_value(tb, st, rng, p, tb[T_CK + i], tb[T_CN + i], W, wb)
            if tb[T_CB + i] != 0:
                x += W[wb + W_HENCH]      # the cube goes back into the bag
            if x > best:
                best = x
                bi = i
    return bi


@njit(cache=True, _nrt=False)
def choose_weapon(tb, st, rng, p, W):
    """A weapon type still in the Bastille: the one p's characters lack most."""
    st[G_DEC] += 1
    total = 0
    for t in range(N_WEAPONS):
        total += st[G_BW + t]
    if total == 0:
        return -1
    if st[SEATBOT + p] == BOT_RANDOM:
        r = below(rng, bot_stream(p), total)
        for t in range(N_WEAPONS):
            if r < st[G_BW + t]:
                return t
            r -= st[G_BW + t]
        return -1
    best = -1e300
    bt = -1
    for t in range(N_WEAPONS):
        if st[G_BW + t] == 0:
            continue
        x = float(st[PL + p * NPF + P_NEED + t] - st[PL + p * NPF + P_W + t])
        for gr in range(N_GROUPS):
            if tb[T_GWEAP + gr] == t:
                x += 0.5 * st[PL + p * NPF + P_GRP + GR_MONK] / N_GROUPS + 0.1 * st[PL + p * NPF + P_MONKAS + gr]
        x += 0.01 * st[G_BW + t]
        if x > best:
            best = x
            bt = t
    return bt


@njit(cache=True, _nrt=False)
def choose_upgrade(tb, st, rng, p, W):
    """Value of the tile p upgrades by one (the highest that can be), 0 if none."""
    st[G_DEC] += 1
    for v in range(tb[T_MAXV] - 1, 0, -1):
        if st[PL + p * NPF + P_HAND + v] > 0 and can_upgrade(tb, st, rng, p, v):
            return v
    return 0


@njit(cache=True, _nrt=False, inline="always")
def own_end_points(tb, st, rng, p, held, owned):
    """p's mission points (held: held_missions, owned: owned_characters) less its unarmed
    penalty with the monks as assigned now."""
    tot = 0
    while held:
        tot += mission_points(tb, st, rng, p, lowest_bit(held), owned)
        held &= held - 1
    return tot - unarmed_penalty(tb, unarmed_count(tb, st, rng, p))


@njit(cache=True, _nrt=False)
def assign_monks(tb, st, rng, p, W, log):
    """p sorts each unassigned monk into a group (random bot: at random; others: the
    assignment that scores p's missions and weapons best, tried exhaustively)."""
    n_m = 0
    idx = st[SCR_MONK:SCR_MONK + MAXC]
    base = 0
    owned = owned_characters(tb, st, p)
    bits = owned
    while bits:
        c = lowest_bit(bits)
        bits &= bits - 1
        if tb[T_CH_GROUP + c] == GR_MONK and st[CGRP + c] < 0:
            idx[base + n_m] = c
            n_m += 1
    if n_m == 0:
        return
    st[G_DEC] += 1
    if st[SEATBOT + p] == BOT_RANDOM:
        for i in range(n_m):
            c = idx[base + i]
            gr = below(rng, bot_stream(p), N_GROUPS)
            st[CGRP + c] = gr
            st[PL + p * NPF + P_MONKAS + gr] += 1
            log_ev(st, log, EV_MONK, p, c, gr, 0, 0)
        return
    held = held_missions(tb, st, p)
    if n_m > MONKS_EXHAUSTIVE:
        # many monks: sort them one at a time, each to the group that scores best so far
        for i in range(n_m):
            c = idx[base + i]
            bg = 0
            bvl = -(1 << 40)
            for gr in range(N_GROUPS):
                st[CGRP + c] = gr
                st[PL + p * NPF + P_MONKAS + gr] += 1
                val = own_end_points(tb, st, rng, p, held, owned)
                st[PL + p * NPF + P_MONKAS + gr] -= 1
                if val > bvl:
                    bvl = val
                    bg = gr
            st[CGRP + c] = bg
            st[PL + p * NPF + P_MONKAS + bg] += 1
            log_ev(st, log, EV_MONK, p, c, bg, 0, 0)
        return
    combos = 1
    for i in range(n_m):
        combos *= N_GROUPS
    best = -1 << 30
    bcode = 0
    for code in range(combos):
        x = code
        for i in range(n_m):
            gr = x % N_GROUPS
            x //= N_GROUPS
            st[CGRP + idx[base + i]] = gr
            st[PL + p * NPF + P_MONKAS + gr] += 1
        val = own_end_points(tb, st, rng, p, held, owned)
        for i in range(n_m):
            gr = st[CGRP + idx[base + i]]
            st[PL + p * NPF + P_MONKAS + gr] -= 1
        if val > best:
            best = val
            bcode = code
    x = bcode
    for i in range(n_m):
        gr = x % N_GROUPS
        x //= N_GROUPS
        c = idx[base + i]
        st[CGRP + c] = gr
        st[PL + p * NPF + P_MONKAS + gr] += 1
        log_ev(st, log, EV_MONK, p, c, gr, 0, 0)


# =============================================================================================
# rollout bot: flat Monte Carlo over placements, on re-dealt hidden information
# =============================================================================================
@njit(cache=True, _nrt=False)
def sort_range(a, lo, hi):
    """Insertion sort of a[lo:hi] (small ranges)."""
    for i in range(lo + 1, hi):
        x = a[i]
        j = i
        while j > lo and a[j - 1] > x:
            a[j] = a[j - 1]
            j -= 1
        a[j] = x


REDEAL_TRIES = 8      # shuffles of the unseen missions tried before a hand may hold two copies


@njit(cache=True, _nrt=False)
def deal_unseen_missions(tb, d, p, k, last):
    """Deal the shuffled cards d[MORD..+k] to the places d[CATOCC..+k]: each opponent's
    place, in seat order, takes the first card left that its hand holds no copy of, and the
    piles take the rest. False when a hand finds no such card (unless last: then it takes
    the first card left, a second copy, rather than leave the deal unfinished)."""
    for q in range(tb[T_NP]):
        if q != p:
            d[PL + q * NPF + P_MISMASK] = 0
            d[PL + q * NPF + P_HELD] = 0
    taken = 0
    for j in range(k):
        q = d[CATOCC + j]
        if q < 0:
            continue
        pick = -1
        for i in range(k):
            if (taken >> i) & 1 == 0 and (d[PL + q * NPF + P_MISMASK] >> tb[T_MN + d[MORD + i]]) & 1 == 0:
                pick = i
                break
        if pick < 0:
            if not last:
                return False
            pick = lowest_bit(~taken)      # the first card left: a second copy
        taken |= 1 << pick
        m = d[MORD + pick]
        d[MLOC + m] = q
        d[PL + q * NPF + P_MISMASK] |= 1 << tb[T_MN + m]
        d[PL + q * NPF + P_HELD] |= 1 << m
    for j in range(k):
        q = d[CATOCC + j]
        if q < 0:
            i = lowest_bit(~taken)
            taken |= 1 << i
            d[MLOC + d[MORD + i]] = q
    return True


@njit(cache=True, _nrt=False)
def redeal_hidden(tb, d, drng, p, s):
    """Re-deal everything seat p cannot see, from stream s of drng: the character deck below
    the display, the face-down weapons, the Versailles stack, the future bonus tiles and
    every mission card p does not hold (opponents keep their counts, piles their sizes)."""
    n = tb[T_NCHARS]
    k0 = d[G_DECK_TOP]
    sort_range(d, DECK + k0, DECK + n)          # forget the real order, then deal anew
    shuffle(drng, s, d[DECK + k0:DECK + n], n - k0)
    w0 = d[G_WTOP]
    sort_range(d, WPOOL + w0, WPOOL + tb[T_NPOOL])
    shuffle(drng, s, d[WPOOL + w0:WPOOL + tb[T_NPOOL]], tb[T_NPOOL] - w0)
    v0 = d[G_VERS_TOP] + 1
    if v0 < tb[T_NVERS]:
        sort_range(d, VERS + v0, VERS + tb[T_NVERS])
        shuffle(drng, s, d[VERS + v0:VERS + tb[T_NVERS]], tb[T_NVERS] - v0)
    # bonus tiles of the rounds to come: any regular tile not face up yet may lie there
    r0 = d[G_ROUND] + 1
    if r0 < tb[T_ROUNDS] - 1:
        k = 0
        for b in range(tb[T_NBONUS]):
            seen = False
            for r in range(r0):
                if d[BONUS + r] == b:
                    seen = True
            if not seen:
                d[BPOOL + k] = b
                k += 1
        shuffle(drng, s, d[BPOOL:BPOOL + k], k)
        for r in range(r0, tb[T_ROUNDS] - 1):
            d[BONUS + r] = d[BPOOL + r - r0]
    if r0 <= tb[T_ROUNDS] - 1:
        d[BONUS + tb[T_ROUNDS] - 1] = tb[T_NBONUS] + below(drng, s, tb[T_NEND])
    # mission cards p does not hold: deal them anew to the same places
    k = 0
    for m in range(tb[T_NMIS]):
        if d[MLOC + m] != p:
            d[MORD + k] = m
            d[CATOCC + k] = d[MLOC + m]     # where the k-th unseen card was
            k += 1
    sort_range(d, CATOCC, CATOCC + k)           # the places, in a canonical order
    for attempt in range(REDEAL_TRIES):
        shuffle(drng, s, d[MORD:MORD + k], k)
        if deal_unseen_missions(tb, d, p, k, attempt == REDEAL_TRIES - 1):
            break
    for i in range(40):
        d[CATOCC + i] = -1


@njit(cache=True, _nrt=False)
def rollout_placement(tb, st, rng, p, W, fs, d, drng, dfs, dummy):
    """Flat Monte Carlo: each (tile value, location) choice gets N playouts by greedy
    players on re-dealt hidden information; the best mean margin over the best rival wins."""
    st[G_DEC] += 1
    nplay = int(W[W_ROLLOUT_N])
    if nplay < 1:
        nplay = 1
    s = bot_stream(p)
    best = -1e300
    bv = 1
    bl = 0
    for v in range(1, tb[T_MAXV] + 1):
        if st[PL + p * NPF + P_HAND + v] == 0:
            continue
        for loc in range(N_LOC):
            if st[BN + loc] >= tb[T_SPACES + loc]:
                continue
            tot = 0.0
            for _ in range(nplay):
                for i in range(ST_SIZE):
                    d[i] = st[i]
                for q in range(tb[T_NP]):
                    d[PL + q * NPF + P_VCACHE] = 0
                seedv = next_u64(rng, s)
                for i in range(drng.shape[0]):
                    drng[i] = seedv + np.uint64(i) * np.uint64(0x9E3779B97F4A7C15)
                redeal_hidden(tb, d, drng, p, CHANCE)
                d[G_LOGON] = 0
                for q in range(tb[T_NP]):
                    d[SEATBOT + q] = BOT_GREEDY
                place_tile(tb, d, drng, p, v, loc, dummy)
                advance_turn(tb, d, drng)
                play_rest(tb, d, drng, W, dfs, dummy)
                rival = -(1 << 40)
                for q in range(tb[T_NP]):
                    if q != p:
                        rival = max(rival, d[PL + q * NPF + P_VP])
                tot += d[PL + p * NPF + P_VP] - rival
            x = tot / nplay
            if x > best:
                best = x
                bv = v
                bl = loc
    return bv, bl


# =============================================================================================
# batch driver
# =============================================================================================
@njit(cache=True, _nrt=False)
def finish_game(tb, st, out_score, out_rank, out_win, out_position, out_metrics, log):
    """Final ranking (VP, then coins; equal on both share the win), each seat's place in the
    initial turn order, and the metrics."""
    n = tb[T_NP]
    turn_positions(st[G_FIRST], n, out_position)
    tiebreak = st[TIEB:TIEB + MAXP]
    for p in range(n):
        out_score[p] = st[PL + p * NPF + P_VP]
        tiebreak[p] = st[PL + p * NPF + P_COINS]
    rank_players(out_score, tiebreak, n, out_rank, out_win)
    for p in range(n):
        out_metrics[p, 0] = st[PL + p * NPF + P_COINS]
        out_metrics[p, 1] = st[PL + p * NPF + P_NCHAR]
        out_metrics[p, 2] = st[PL + p * NPF + P_BPOS]
        out_metrics[p, 3] = st[PL + p * NPF + P_MISVP]
        out_metrics[p, 4] = st[PL + p * NPF + P_UNARMED]
        log_ev(st, log, EV_END, p, out_score[p], tiebreak[p], out_rank[p], 0)


@njit(cache=True, _nrt=False)
def play_one(tb, st, rng, fs, log, d, drng, dfs, bots, W, seed, game_index, rotation, log_on):
    """Game game_index of a run with this seed, seats rotated by rotation."""
    seed_streams(rng, seed, game_index)
    seat_bots(bots, rotation, st[SEATBOT:SEATBOT + MAXP])
    play_game(tb, st, rng, W, fs, log, d, drng, dfs, log_on)


@njit(cache=True, parallel=True)
def play_batch(tb, st, rng, fs, st2, rng2, fs2, logs, bots, W, seed, game_index, rotation,
               score, rank, win, position, turns, end_reason, metrics, decisions):
    """Games split into one run of consecutive games per state row: a row is re-used game
    after game (set-up resets it), so a batch touches a few hot rows instead of fresh memory
    for every game. With one row per game each row keeps its game's final state."""
    B = game_index.shape[0]
    R = st.shape[0]
    for r in prange(R):
        row = np.int64(r)
        j = row if st2.shape[0] == R else 0    # playout scratch exists only for rollout bots
        tbv = borrow(tb)
        stv = borrow(st[row])
        log = borrow(logs[row])
        for g in range(row * B // R, (row + 1) * B // R):
            play_one(tbv, stv, borrow(rng[row]), borrow(fs[row]), log, borrow(st2[j]),
                     borrow(rng2[j]), borrow(fs2[j]), borrow(bots), borrow(W), seed,
                     game_index[g], np.int64(rotation[g]), 0)
            finish_game(tbv, stv, score[g], rank[g], win[g], position[g], metrics[g], log)
            turns[g] = stv[G_NPLACED]
            end_reason[g] = 0
            decisions[g] = stv[G_DEC]


@njit(cache=True, _nrt=False)
def trace_game(tb, st, rng, fs, st2, rng2, fs2, bots, W, seed, game_index, rotation, log,
               score, rank, win, position, metrics):
    """One game played exactly as play_batch plays it, with the event log on."""
    tbv = borrow(tb)
    stv = borrow(st)
    logv = borrow(log)
    play_one(tbv, stv, borrow(rng), borrow(fs), logv, borrow(st2), borrow(rng2), borrow(fs2),
             borrow(bots), borrow(W), seed, game_index, rotation, 1)
    finish_game(tbv, stv, score, rank, win, position, metrics, logv)
    return st[G_LOGN]


# =============================================================================================
# kernel benchmark: location evaluations on mid-game positions
# =============================================================================================
@njit(cache=True, parallel=True)
def bench_prepare(tb, st, rng, fs, logs, W, seed):
    """Play every game with greedy bots up to the evaluation phase of round 3."""
    for i in prange(st.shape[0]):
        g = np.int64(i)
        seed_streams(rng[g], seed, g)
        for p in range(MAXP):
            st[g, SEATBOT + p] = BOT_GREEDY
        bench_play_to_eval(borrow(tb), borrow(st[g]), borrow(rng[g]), borrow(W), borrow(fs[g]),
                           borrow(logs[g]))


@njit(cache=True, _nrt=False)
def bench_play_to_eval(tb, st, rng, W, fs, log):
    setup_game(tb, st, rng, CHANCE)
    while st[G_PHASE] != PH_END:
        if st[G_PHASE] == PH_PLACE:
            p = st[G_TURN]
            v, loc = choose_placement(tb, st, rng, p, W, fs)
            place_tile(tb, st, rng, p, v, loc, log)
            advance_turn(tb, st, rng)
        elif st[G_ROUND] >= min(2, tb[T_ROUNDS] - 1):
            break
        else:
            end_of_placing(tb, st, rng, W, log)


@njit(cache=True)
def bench_locations(tb, st, rng, logs, W, reps):
    """Evaluate the seven locations of every prepared game reps times (tiles are put back on
    the board after each pass; the players' state drifts, which the timing does not mind)."""
    nb = np.zeros(N_LOC, np.int64)
    count = 0
    for g in range(st.shape[0]):
        log = logs[g]
        for _ in range(reps):
            for loc in range(N_LOC):
                nb[loc] = st[g, BN + loc]
            for loc in range(N_LOC):
                evaluate_location(borrow(tb), borrow(st[g]), borrow(rng[g]), loc, borrow(W),
                                  borrow(log))
                count += 1
            for loc in range(N_LOC):
                st[g, BN + loc] = nb[loc]
    return count
