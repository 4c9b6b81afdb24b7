"""The Scarlet Pimpernel: setup, turns, legal moves, mission resolution, bots, play_batch.

State of one game is one int64 row ``s`` (field offsets below, in one place); content is one
int64 row ``K`` (offsets ``K_*``) plus the precomputed route table ``RS``/``RM``: for each
ordered pair of locations, every simple route as a bit mask of its route spaces.
The route search proper (``route_search``, ``all_simple_routes``) is at the top.
"""
import inspect

import numpy as np
from numba import njit, prange, types

from kernels.common import borrow, rank_players, seat_bots, turn_positions, write_event
from kernels.rng import BOT0, CHANCE, below, seed_streams, shuffle, uniform

# ---- sizes ------------------------------------------------------------------------------
MAXP = 6
MAXL = 24        # locations
MAXSLOT = 4      # spaces per location card
MAXS = 64        # route spaces (one bit each in a route mask)
MAXE = 48        # routes between two locations (graph edges)
MAXB = 8         # building spaces / tiles
NAREA = 6        # planning areas
NRES = 4         # resource areas come first
NNEED = 5        # mission card needs: 4 resources + supporters
NLEAD = 5        # leader spaces
MAXMC = 24       # mission cards
MAXLC = 24       # location cards
MAXFC = 24       # special favor cards
MAXR = 8         # regions
MAXDECK = 24
MAXTRAIL = 16
MAXM = 256       # legal moves at one decision
NSHORT = 4       # shortest routes the heuristic watches per mission

# ---- planning areas -----------------------------------------------------------------------
A_DISGUISE = 0
A_PAPERS = 1
A_CART = 2
A_HORSE = 3
A_SUPPORTER = 4
A_REST = 5

# ---- leader spaces, resolved in this order -------------------------------------------------
L_RESOURCES = 0
L_SUPPORTERS = 1
L_FIRST = 2
L_ROUTE = 3
L_LOCATION = 4

# ---- location card icons -------------------------------------------------------------------
IC_NONE = 0
IC_ROUTE = 1
IC_POINT = 2
IC_DISGUISE = 3   # .. IC_SUPPORTER = 7 in area order
IC_SUPPORTER = 7
IC_REST = 8
IC_REMOVE = 9

# ---- actions (favor cards; an icon k >= 1 grants action k + 2) ------------------------------
ACT_MOVE = 0
ACT_PLACE = 1
ACT_BUILDING = 2
ACT_ROUTE = 3
ACT_POINT = 4
ACT_DISGUISE = 5  # .. ACT_SUPPORTER = 9 in area order
ACT_SUPPORTER = 9
ACT_REST = 10
ACT_REMOVE = 11
ICON_TO_ACT = 2

# ---- move kinds: moves[m] = (kind, a, b, favor slot) -----------------------------------------
MV_PASS = 0
MV_MOVE = 1      # a = region
MV_ROUTE = 2     # a = route space
MV_LOC = 3       # a = location * MAXSLOT + slot
MV_LEADER = 4    # a = leader space
MV_BUILD = 5     # a = building space (bumps another player's cube into its area)
MV_AREA = 6      # a = planning area
MV_FAVOR = 7     # a = favor tile (= planning area)
MV_POINT = 8
MV_REMOVE = 9    # a = where (RM_*), b = index
MV_DECLINE = 10  # decline an icon's action or the rest cube

RM_ROUTE = 0
RM_LOC = 1
RM_BUILD = 2
RM_AREA = 3
RM_LEADER = 4

# ---- bots --------------------------------------------------------------------------------
BOT_RANDOM = 0
BOT_GREEDY = 1
BOT_HEURISTIC = 2
BOT_ROLLOUT = 3

W_LEAD_RES = 0
W_LEAD_SUP = 1
W_LEAD_FIRST = 2
W_LEAD_ROUTE = 3
W_LEAD_LOC = 4
W_MAJORITY = 5
W_MISSION = 6
W_FUTURE = 7
W_DENIAL = 8
W_REST = 9
W_MOVE = 10
W_PASS = 11
W_PLAYOUTS = 12
W_WIDTH = 13      # rollout: how many of the heuristic's best moves get playouts
N_WEIGHTS = 14

TRIED = -(1 << 62)
UNVALUED = -1e30  # a favor card's move until its halves are valued (below every real value)

END_FINISHED = 0
END_TURN_CAP = 1

# ---- content row K ---------------------------------------------------------------------------
K_NLOC = 0
K_NREG = 1
K_NS = 2
K_NE = 3
K_NB = 4
K_NMC = 5
K_NFC = 6
K_HOJ = 7
K_TP = 8
K_FINAL = 9           # Vienna
K_RESCUE = 10         # Richmond
K_CUBES = 11          # cubes per player for this player count
K_NMISSIONS = 12
K_FIRST_MISSION = 13
K_REMOVED = 14
K_LEADER_PT = 15
K_FIRST_PT = 16
K_CUBE_PT = 17
K_POINT_PT = 18
K_CHAUVELIN = 19
K_HOJ_PT = 20
K_FIRST_GAME = 21
K_MAX_TURNS = 22
K_FINAL_CARD = 23     # mission card index of Vienna
K_RESCUE_CARD = 24    # mission card index of Richmond
K_SPACE_RA = 32
K_SPACE_RB = K_SPACE_RA + MAXS
K_SPACE_EDGE = K_SPACE_RB + MAXS
K_EDGE_A = K_SPACE_EDGE + MAXS
K_EDGE_B = K_EDGE_A + MAXE
K_LOC_REGION = K_EDGE_B + MAXE
K_LC_NSLOT = K_LOC_REGION + MAXL
K_LC_ICON = K_LC_NSLOT + MAXLC
K_MC_LOC = K_LC_ICON + MAXLC * MAXSLOT
K_MC_NEED = K_MC_LOC + MAXMC
K_BLD_REGION = K_MC_NEED + MAXMC * NNEED
K_TILE_AREA = K_BLD_REGION + MAXB
K_FC_ACT = K_TILE_AREA + MAXB
K_FC_STAR = K_FC_ACT + MAXFC * 2
K_REG_ADJ = K_FC_STAR + MAXFC
K_REG_NSP = K_REG_ADJ + MAXR * MAXR   # route spaces a pawn in region r may use
K_REG_SP = K_REG_NSP + MAXR
K_REG_NLOC = K_REG_SP + MAXR * MAXS   # locations in region r
K_REG_LOC = K_REG_NLOC + MAXR
K_REG_SPMASK = K_REG_LOC + MAXR * MAXL   # region r's route spaces as one bit mask (int64 bits)
K_SIZE = K_REG_SPMASK + MAXR

# ---- state row s -----------------------------------------------------------------------------
O_N = 0
O_CUR = 1             # player to act
O_FIRST = 2           # first-player marker
O_PASSES = 3          # passes in succession
O_LAST = 4            # last player to place a cube this round (-1 none)
O_MISSION = 5         # number of the current mission marker
O_PIMP = 6            # Pimpernel's location
O_CHAUV = 7           # Chauvelin's place on the marker trail (-1 = House of Justice)
O_PRISON = 8          # Pimpernel in Temple Prison
O_MLOC = 9            # current mission location
O_NCUR = 10
O_CUR_CARDS = 11      # 3: top card first
O_NNEXT = 14
O_NEXT_CARDS = 15     # 3
O_DECK_PTR = 18
O_DECK_LEN = 19
O_TRAIL_LEN = 20
O_TURNS = 21
O_DONE = 22
O_END = 23
O_PARTS_FAILED = 24
O_CAPTURES = 25
O_T_REST_IN = 26      # this turn: a cube went into the rest area
O_T_REST_OUT = 27     # this turn: the rest cube was used
O_T_ACTED = 28        # this turn: an action (not a pass) was taken
O_MISSIONS_DONE = 29
O_NSHORT = 30
O_DECISIONS = 31
O_STARTER = 32        # seat that started the game (O_FIRST moves with the marker)
O_STREAM = 38         # bot stream override inside rollouts (-1 = the acting seat's own)
O_T_AREA = 39                         # NAREA: cubes the acting player put in each area this turn
O_DECK = O_T_AREA + NAREA             # MAXDECK: draw pile, next card at O_DECK_PTR
O_REMOVED = O_DECK + MAXDECK          # 4: cards out of the game unseen
O_TRAIL = O_REMOVED + 4               # MAXTRAIL: mission marker locations 0, first, ...
O_LOCCARD = O_TRAIL + MAXTRAIL        # MAXL: location card on each location (-1 none)
O_BLDTILE = O_LOCCARD + MAXL          # MAXB
O_TILECARD = O_BLDTILE + MAXB         # NAREA: favor card on each favor tile
O_HOLDER = O_TILECARD + NAREA         # NAREA: player holding each favor tile (-1)
O_LEADER = O_HOLDER + NAREA           # NLEAD: cube owner on each leader space (-1)
O_ROUTE = O_LEADER + NLEAD            # MAXS
O_LOC = O_ROUTE + MAXS                # MAXL * MAXSLOT
O_BLD = O_LOC + MAXL * MAXSLOT        # MAXB
O_AREA = O_BLD + MAXB                 # MAXP * NAREA
O_ST_ROUTE = O_AREA + MAXP * NAREA    # turn stamp when each cube was placed
O_ST_LOC = O_ST_ROUTE + MAXS
O_ST_BLD = O_ST_LOC + MAXL * MAXSLOT
O_ST_LEAD = O_ST_BLD + MAXB
O_SHORT = O_ST_LEAD + NLEAD           # NSHORT route indices into RM
O_RESBOT = O_SHORT + NSHORT           # MAXP: how each seat decides as a leader at round end
O_PL = O_RESBOT + MAXP                # MAXP * PLK
P_SCORE = 0
P_SUPPLY = 1
P_REGION = 2
P_HOJ = 3
P_FINAL_START = 4
P_LEADER_PTS = 5
P_CUBE_PTS = 6
P_ICON_PTS = 7
PLK = 8
S_SIZE = O_PL + MAXP * PLK

# ---- heuristic context: per decision, computed once (float row ctx) ------------------------------
C_AREA = 0                # per area: worth of one more cube of the deciding player
C_LEAD = C_AREA + NAREA   # per leader space: its worth now
C_REGPOT = C_LEAD + NLEAD # per region: empty spaces worth filling now
C_LOC = C_REGPOT + MAXR   # per location: worth of a cube on its card
C_ICON = C_LOC + MAXL     # per icon: worth of its follow-up action
C_NEED = C_ICON + 10      # per area: the mission's need (rest: 0)
C_HAVE = C_NEED + NAREA   # per area: cubes there
C_RIVAL = C_HAVE + NAREA  # per area: the most cubes another player has there
C_VALS = C_RIVAL + NAREA  # per move of the decision: the heuristic's value
C_SIZE = C_VALS + MAXM

# ---- trace events: log[i] = (event, seat, a, b, c, d) --------------------------------------------
EV_SETUP = 0        # a = Pimpernel start, b = first mission location, c = first player
EV_MOVE = 1         # seat plays move (a = kind, b = arg a, c = arg b, d = from rest)
EV_PART = 2         # a = leader space, seat = leader (-1 none), b = success, c = cubes scored
EV_ROUTE = 3        # a = route index within the pair's list, b = complete routes, c = cubes
EV_PIMP = 4         # a = location
EV_CHAUV = 5        # a = steps, b = new trail position, c = captured
EV_NEXT = 6         # a = mission number, b = location
EV_TILE = 7         # a = tile, seat = new holder
EV_BUMP = 8         # seat bumped, a = area
EV_END = 9          # a = end reason
EV_HOJ = 10         # seat's leader cube goes to the House of Justice
EV_PASS = 11
EV_ICON = 12        # a = icon
EV_FAVOR_STEP = 13
LOGW = 6


# ---- one compiled signature per function ------------------------------------------------------
# Numba would compile a new copy of a function for every literal constant a caller passes
# (MV_ROUTE, True, ...); declaring each function's types once, from its parameter names,
# keeps one copy per function and the cold compile short.
_I = types.int64
_I1 = types.Array(types.int64, 1, "C")
_I2 = types.Array(types.int64, 2, "C")
_U1 = types.Array(types.uint64, 1, "C")
_U2 = types.Array(types.uint64, 2, "C")
_F1 = types.Array(types.float64, 1, "C")
ARG_TYPES = {
    "s": _I1, "s2": _I1, "K": _I1, "RS": _I1, "RM": _U1, "W": _F1, "ctx": _F1,
    "moves": _I2, "tmp": _I2, "cand": _I2, "log": _I2, "nlog": _I1, "rng": _U1,
    "owner_masks": _U1, "bots": _I1, "seat_bot": _I1, "adj_to": _I2, "adj_mask": _U2,
    "adj_deg": _I1, "out": _U1, "scr": _I1, "out_complete": types.Array(types.boolean, 1, "C"),
    "out_cubes": _I2, "x": types.uint64, "occ": types.uint64, "best": types.uint64,
    "short": types.uint64, "seed": types.uint64, "index": types.uint64,
    "log_on": types.boolean, "from_rest": types.boolean, "success": types.boolean,
    "b_place": types.float64, "b_build": types.float64, "b_route": types.float64,
    "b_move": types.float64,
    "game_index": types.Array(types.uint64, 1, "C"), "rotation": _I1,
    "score": types.Array(types.int32, 2, "C"), "rank": types.Array(types.uint8, 2, "C"),
    "win": types.Array(types.float32, 2, "C"), "position": types.Array(types.uint8, 2, "C"),
    "turns": types.Array(types.uint32, 1, "C"),
    "end_reason": types.Array(types.uint8, 1, "C"),
    "metrics": types.Array(types.float64, 3, "C"), "decisions": types.Array(types.uint32, 1, "C"),
}


def kernel(fn=None, parallel=False, inline=False, nrt=False):
    """@njit(cache=True) with the argument types read from ARG_TYPES (int64 otherwise);
    inline=True for the small helpers of the hot loops (no call per move) and for the steps
    of a turn (passing their long lists of arrays costs more than their bodies). Only functions
    that allocate (nrt=True) keep Numba's reference counting: the others pass arrays on
    without the atomic count updates every call would otherwise make."""
    def wrap(f):
        sig = tuple(ARG_TYPES.get(name, _I) for name in inspect.signature(f).parameters)
        return njit(sig, cache=True, parallel=parallel, _nrt=nrt,
                    inline="always" if inline else "never")(f)
    return wrap(fn) if fn is not None else wrap


# =================================================================================================
# Route search: the hot kernel
# =================================================================================================
@kernel(inline=True)
def popcount64(x):
    x = np.uint64(x)
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return int((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@kernel(nrt=True)
def all_simple_routes(nloc, adj_to, adj_mask, adj_deg, src, dst, out, cap):
    """Every simple route src -> dst (no location twice), each as the OR of its edges' masks.

    adj_to[v, k] / adj_mask[v, k]: k-th neighbour of v and the mask of that edge.
    Returns the number of routes (or -1 if more than cap)."""
    count = 0
    if src == dst:
        out[0] = np.uint64(0)
        return 1
    on_path = np.zeros(nloc, np.bool_)
    stack_v = np.empty(nloc + 1, np.int64)
    stack_k = np.empty(nloc + 1, np.int64)
    stack_m = np.empty(nloc + 1, np.uint64)
    depth = 0
    stack_v[0] = src
    stack_k[0] = 0
    stack_m[0] = np.uint64(0)
    on_path[src] = True
    while depth >= 0:
        v = stack_v[depth]
        k = stack_k[depth]
        if k >= adj_deg[v]:
            on_path[v] = False
            depth -= 1
            continue
        stack_k[depth] = k + 1
        w = adj_to[v, k]
        if on_path[w]:
            continue
        m = stack_m[depth] | adj_mask[v, k]
        if w == dst:
            if count >= cap:
                return -1
            out[count] = m
            count += 1
            continue
        depth += 1
        stack_v[depth] = w
        stack_k[depth] = 0
        stack_m[depth] = m
        on_path[w] = True
    return count


@kernel(nrt=True)
def route_table(nloc, adj_to, adj_mask, adj_deg, cap):
    """All simple routes for every ordered pair of locations: CSR start + masks (map-only)."""
    start = np.zeros(MAXL * MAXL + 1, np.int64)
    buf = np.empty(cap, np.uint64)
    total = 0
    for a in range(MAXL):
        for b in range(MAXL):
            if a < nloc and b < nloc:
                c = all_simple_routes(nloc, adj_to, adj_mask, adj_deg, a, b, buf, cap)
                if c < 0:
                    return start, buf[:0], -1
                total += c
            start[a * MAXL + b + 1] = total
    masks = np.empty(total, np.uint64)
    for a in range(nloc):
        for b in range(nloc):
            c = all_simple_routes(nloc, adj_to, adj_mask, adj_deg, a, b, buf, cap)
            st = start[a * MAXL + b]
            # shortest routes first (fewest route spaces), so the few shortest are the first few
            keys = np.empty(c, np.int64)
            for i in range(c):
                keys[i] = popcount64(buf[i])
            order = np.argsort(keys, kind="mergesort")
            for i in range(c):
                masks[st + i] = buf[order[i]]
    return start, masks, 0


@kernel
def route_masks_of(s, n, owner_masks):
    """owner_masks[p] = route spaces holding p's cubes; owner_masks[n] = all occupied."""
    for p in range(n + 1):
        owner_masks[p] = np.uint64(0)
    for sp in range(MAXS):
        o = s[O_ROUTE + sp]
        if o >= 0:
            bit = np.uint64(1) << np.uint64(sp)
            owner_masks[o] |= bit
            owner_masks[n] |= bit
    return owner_masks[n]


@kernel
def route_search(RS, RM, src, dst, owner_masks, n, out_complete, out_cubes):
    """Every simple route between two locations with its completeness and cubes per player.

    owner_masks[p] (p < n) are the route spaces holding p's cubes, owner_masks[n] the occupied
    ones. Fills out_complete[r] and out_cubes[r, p]; returns the number of routes."""
    st = RS[src * MAXL + dst]
    en = RS[src * MAXL + dst + 1]
    occ = owner_masks[n]
    for r in range(en - st):
        m = RM[st + r]
        out_complete[r] = (m & ~occ) == np.uint64(0)
        for p in range(n):
            out_cubes[r, p] = popcount64(m & owner_masks[p])
    return en - st


@kernel
def count_complete(RS, RM, src, dst, occ):
    st = RS[src * MAXL + dst]
    en = RS[src * MAXL + dst + 1]
    c = 0
    for r in range(st, en):
        if (RM[r] & ~occ) == np.uint64(0):
            c += 1
    return c


# =================================================================================================
# Small state helpers
# =================================================================================================
@kernel(inline=True)
def score_of(s, p):
    return s[O_PL + p * PLK + P_SCORE]


@kernel(inline=True)
def add_score(s, p, pts):
    s[O_PL + p * PLK + P_SCORE] += pts


@kernel(inline=True)
def supply_of(s, p):
    return s[O_PL + p * PLK + P_SUPPLY]


@kernel(inline=True)
def region_of(s, p):
    return s[O_PL + p * PLK + P_REGION]


@kernel(inline=True)
def area_count(s, p, a):
    return s[O_AREA + p * NAREA + a]


@kernel(inline=True)
def area_total(s, a):
    t = 0
    for p in range(s[O_N]):
        t += s[O_AREA + p * NAREA + a]
    return t


@kernel(inline=True)
def bot_stream(s, p):
    """The random stream a decision of seat p draws from."""
    if s[O_STREAM] >= 0:
        return s[O_STREAM]
    return BOT0 + p


@kernel(inline=True)
def stamp(s):
    return s[O_TURNS] + 1


@kernel(inline=True)
def log_event(log, nlog, log_on, ev, seat, a, b, c, d):
    if log_on:
        nlog[0] = write_event(log, nlog[0], ev, seat, a, b, c, d)


@kernel(inline=True)
def mission_need(s, K, k):
    """Sum of need k over the current mission cards."""
    t = 0
    for i in range(s[O_NCUR]):
        t += K[K_MC_NEED + s[O_CUR_CARDS + i] * NNEED + k]
    return t


@kernel
def update_majority(s, a, log, nlog, log_on):
    """A player with strictly more cubes than each other player in area a takes its tile."""
    n = s[O_N]
    best = -1
    bestc = 0
    tie = False
    for p in range(n):
        c = s[O_AREA + p * NAREA + a]
        if c > bestc:
            bestc = c
            best = p
            tie = False
        elif c == bestc and c > 0:
            tie = True
    if best >= 0 and not tie and s[O_HOLDER + a] != best:
        s[O_HOLDER + a] = best
        log_event(log, nlog, log_on, EV_TILE, best, a, 0, 0, 0)


@kernel
def draw_card(s):
    ptr = s[O_DECK_PTR]
    if ptr >= s[O_DECK_LEN]:
        return -1
    s[O_DECK_PTR] = ptr + 1
    return s[O_DECK + ptr]


@kernel
def place_marker(s, loc):
    t = s[O_TRAIL_LEN]
    s[O_TRAIL + t] = loc
    s[O_TRAIL_LEN] = t + 1


@kernel
def refill_next(s, K, new_mission):
    """Next mission area for the mission after new_mission."""
    s[O_NNEXT] = 0
    last = K[K_NMISSIONS]
    if new_mission >= last:
        return
    for i in range(2):
        c = draw_card(s)
        if c >= 0:
            s[O_NEXT_CARDS + s[O_NNEXT]] = c
            s[O_NNEXT] += 1
    if new_mission == last - 1:
        # Vienna joins the last mission, on top
        nn = s[O_NNEXT]
        for i in range(nn, 0, -1):
            s[O_NEXT_CARDS + i] = s[O_NEXT_CARDS + i - 1]
        s[O_NEXT_CARDS] = K[K_FINAL_CARD]
        s[O_NNEXT] = nn + 1


# =================================================================================================
# Setup
# =================================================================================================
@kernel
def start_round(s):
    s[O_CUR] = s[O_FIRST]
    s[O_PASSES] = 0
    s[O_LAST] = -1


# =================================================================================================
# Legal moves
# =================================================================================================
@kernel
def setup(s, K, n, rng, scr):
    """A new game on row s, dealt from the chance stream of rng (scr: scratch row)."""
    s[:] = 0
    s[O_N] = n
    s[O_STREAM] = -1
    nloc = K[K_NLOC]
    for i in range(MAXL):
        s[O_LOCCARD + i] = -1
    for i in range(MAXS):
        s[O_ROUTE + i] = -1
    for i in range(MAXL * MAXSLOT):
        s[O_LOC + i] = -1
    for i in range(MAXB):
        s[O_BLD + i] = -1
        s[O_BLDTILE + i] = -1
    for i in range(NAREA):
        s[O_HOLDER + i] = -1
    for i in range(NLEAD):
        s[O_LEADER + i] = -1
    # location cards at random on every location but House of Justice and Temple Prison
    tmp = scr
    nlc = 0
    for l in range(nloc):
        if l != K[K_HOJ] and l != K[K_TP]:
            tmp[nlc] = nlc
            nlc += 1
    shuffle(rng, CHANCE, tmp, nlc)
    j = 0
    for l in range(nloc):
        if l != K[K_HOJ] and l != K[K_TP]:
            s[O_LOCCARD + l] = tmp[j]
            j += 1
    # special favor cards on the six tiles: the starred ones for a first game
    nf = 0
    for c in range(K[K_NFC]):
        if K[K_FIRST_GAME] == 0 or K[K_FC_STAR + c] == 1:
            tmp[nf] = c
            nf += 1
    shuffle(rng, CHANCE, tmp, nf)
    for a in range(NAREA):
        s[O_TILECARD + a] = tmp[a % nf]
    # mission deck: Vienna (and Richmond with Chauvelin) aside, shuffle, remove some unseen
    nd = 0
    for c in range(K[K_NMC]):
        if c == K[K_FINAL_CARD]:
            continue
        if K[K_CHAUVELIN] == 1 and c == K[K_RESCUE_CARD]:
            continue
        tmp[nd] = c
        nd += 1
    shuffle(rng, CHANCE, tmp, nd)
    nrem = K[K_REMOVED]
    for i in range(nrem):
        s[O_REMOVED + i] = tmp[i]
    for i in range(nd - nrem):
        s[O_DECK + i] = tmp[nrem + i]
    s[O_DECK_LEN] = nd - nrem
    s[O_DECK_PTR] = 0
    # the Pimpernel's start: marker 0
    c0 = draw_card(s)
    start = K[K_MC_LOC + c0]
    s[O_PIMP] = start
    s[O_TRAIL_LEN] = 0
    place_marker(s, start)
    s[O_CHAUV] = -1
    # building tiles at random
    nb = K[K_NB]
    for i in range(nb):
        tmp[i] = i
    shuffle(rng, CHANCE, tmp, nb)
    for i in range(nb):
        s[O_BLDTILE + i] = tmp[i]
    # cubes, pawns in the Pimpernel's region
    for p in range(n):
        s[O_PL + p * PLK + P_SUPPLY] = K[K_CUBES]
        s[O_PL + p * PLK + P_REGION] = K[K_LOC_REGION + start]
    # first player at random
    s[O_FIRST] = below(rng, CHANCE, n)
    s[O_STARTER] = s[O_FIRST]
    # current mission: two cards, the second on top; then the next mission
    m = K[K_FIRST_MISSION]
    s[O_MISSION] = m
    c1 = draw_card(s)
    c2 = draw_card(s)
    s[O_NCUR] = 2
    s[O_CUR_CARDS] = c2
    s[O_CUR_CARDS + 1] = c1
    s[O_MLOC] = K[K_MC_LOC + c2]
    place_marker(s, s[O_MLOC])
    refill_next(s, K, m)
    start_round(s)


@kernel(inline=True)
def push(moves, nm, kind, a, b, slot):
    if nm < MAXM:
        moves[nm, 0] = kind
        moves[nm, 1] = a
        moves[nm, 2] = b
        moves[nm, 3] = slot
        return nm + 1
    return nm


@kernel(inline=True)
def has_cube(s, p, from_rest):
    if from_rest:
        return s[O_AREA + p * NAREA + A_REST] > 0
    return s[O_PL + p * PLK + P_SUPPLY] > 0


@kernel
def occupied_mask(s, K):
    """The route spaces holding a cube, one bit each (a branch-free pass over the row)."""
    m = np.uint64(0)
    for sp in range(K[K_NS]):
        if s[O_ROUTE + sp] >= 0:
            m |= np.uint64(1) << np.uint64(sp)
    return m


@kernel
def gen_route_spaces(s, K, p, moves, nm, slot):
    """The empty route spaces of the pawn's region, in space order: the set bits of the
    region's space mask less the occupied ones (no unpredictable test per space)."""
    r = s[O_PL + p * PLK + P_REGION]
    free = np.uint64(K[K_REG_SPMASK + r]) & ~occupied_mask(s, K)
    while free != np.uint64(0) and nm < MAXM:
        low = free & (~free + np.uint64(1))
        free ^= low
        moves[nm, 0] = MV_ROUTE
        moves[nm, 1] = popcount64(low - np.uint64(1))
        moves[nm, 2] = 0
        moves[nm, 3] = slot
        nm += 1
    return nm


@kernel
def gen_place(s, K, p, moves, nm, slot):
    """Place a cube: a route space or location space in the pawn's region, or a leader space."""
    nm = gen_route_spaces(s, K, p, moves, nm, slot)
    r = s[O_PL + p * PLK + P_REGION]
    for i in range(K[K_REG_NLOC + r]):
        l = K[K_REG_LOC + r * MAXL + i]
        c = s[O_LOCCARD + l]
        if c >= 0:
            for k in range(K[K_LC_NSLOT + c]):
                if s[O_LOC + l * MAXSLOT + k] < 0 and nm < MAXM:
                    moves[nm, 0] = MV_LOC
                    moves[nm, 1] = l * MAXSLOT + k
                    moves[nm, 2] = 0
                    moves[nm, 3] = slot
                    nm += 1
    for k in range(NLEAD):
        if s[O_LEADER + k] < 0:
            if nm < MAXM:
                moves[nm, 0] = MV_LEADER
                moves[nm, 1] = k
                moves[nm, 2] = 0
                moves[nm, 3] = slot
                nm += 1
    return nm


@kernel(inline=True)
def area_open(s, p, a):
    """May p put a cube in area a now? Not into rest once the rest cube was used."""
    return not (a == A_REST and s[O_T_REST_OUT] == 1)


@kernel
def gen_building(s, K, p, moves, nm, slot, from_rest):
    """Use a building: take a building space in the pawn's region (bumping another player's
    cube into its area), or place in the area of a tile you already hold a cube on."""
    r = s[O_PL + p * PLK + P_REGION]
    seen = 0
    for b in range(K[K_NB]):
        o = s[O_BLD + b]
        if o != p and K[K_BLD_REGION + b] == r:
            if nm < MAXM:
                moves[nm, 0] = MV_BUILD
                moves[nm, 1] = b
                moves[nm, 2] = 0
                moves[nm, 3] = slot
                nm += 1
        if o == p:
            a = K[K_TILE_AREA + s[O_BLDTILE + b]]
            bit = 1 << a
            if (seen & bit) == 0 and area_open(s, p, a) and not (from_rest and a == A_REST):
                seen |= bit
                if nm < MAXM:
                    moves[nm, 0] = MV_AREA
                    moves[nm, 1] = a
                    moves[nm, 2] = 0
                    moves[nm, 3] = slot
                    nm += 1
    return nm


@kernel
def removable(s, K, p, where, i):
    st = stamp(s)
    if where == RM_ROUTE:
        return s[O_ROUTE + i] == p and s[O_ST_ROUTE + i] != st
    if where == RM_LOC:
        if s[O_LOC + i] != p or s[O_ST_LOC + i] == st:
            return False
        c = s[O_LOCCARD + i // MAXSLOT]
        return K[K_LC_ICON + c * MAXSLOT + i % MAXSLOT] != IC_POINT
    if where == RM_BUILD:
        return s[O_BLD + i] == p and s[O_ST_BLD + i] != st
    if where == RM_AREA:
        if i == A_REST and s[O_T_REST_IN] == 1:
            return False
        return s[O_AREA + p * NAREA + i] > s[O_T_AREA + i]
    return s[O_LEADER + i] == p and s[O_ST_LEAD + i] != st


@kernel
def gen_remove(s, K, p, moves, nm, slot):
    for i in range(K[K_NS]):
        if removable(s, K, p, RM_ROUTE, i):
            if nm < MAXM:
                moves[nm, 0] = MV_REMOVE
                moves[nm, 1] = RM_ROUTE
                moves[nm, 2] = i
                moves[nm, 3] = slot
                nm += 1
    for l in range(K[K_NLOC]):
        c = s[O_LOCCARD + l]
        if c >= 0:
            for k in range(K[K_LC_NSLOT + c]):
                if removable(s, K, p, RM_LOC, l * MAXSLOT + k):
                    if nm < MAXM:
                        moves[nm, 0] = MV_REMOVE
                        moves[nm, 1] = RM_LOC
                        moves[nm, 2] = l * MAXSLOT + k
                        moves[nm, 3] = slot
                        nm += 1
    for b in range(K[K_NB]):
        if removable(s, K, p, RM_BUILD, b):
            if nm < MAXM:
                moves[nm, 0] = MV_REMOVE
                moves[nm, 1] = RM_BUILD
                moves[nm, 2] = b
                moves[nm, 3] = slot
                nm += 1
    for a in range(NAREA):
        if removable(s, K, p, RM_AREA, a):
            if nm < MAXM:
                moves[nm, 0] = MV_REMOVE
                moves[nm, 1] = RM_AREA
                moves[nm, 2] = a
                moves[nm, 3] = slot
                nm += 1
    for k in range(NLEAD):
        if removable(s, K, p, RM_LEADER, k):
            if nm < MAXM:
                moves[nm, 0] = MV_REMOVE
                moves[nm, 1] = RM_LEADER
                moves[nm, 2] = k
                moves[nm, 3] = slot
                nm += 1
    return nm


@kernel
def gen_pawn_moves(s, K, p, moves, nm, slot):
    r = s[O_PL + p * PLK + P_REGION]
    for r2 in range(K[K_NREG]):
        if K[K_REG_ADJ + r * MAXR + r2] == 1:
            if nm < MAXM:
                moves[nm, 0] = MV_MOVE
                moves[nm, 1] = r2
                moves[nm, 2] = 0
                moves[nm, 3] = slot
                nm += 1
    return nm


@kernel
def gen_action(s, K, p, act, moves, nm, slot, from_rest):
    """Options of one action (a favor card's half, an icon's follow-up, the rest cube)."""
    if act == ACT_MOVE:
        return gen_pawn_moves(s, K, p, moves, nm, slot)
    if act == ACT_POINT:
        return push(moves, nm, MV_POINT, 0, 0, slot)
    if act == ACT_REMOVE:
        return gen_remove(s, K, p, moves, nm, slot)
    if not has_cube(s, p, from_rest):
        return nm
    if act == ACT_PLACE:
        return gen_place(s, K, p, moves, nm, slot)
    if act == ACT_BUILDING:
        return gen_building(s, K, p, moves, nm, slot, from_rest)
    if act == ACT_ROUTE:
        return gen_route_spaces(s, K, p, moves, nm, slot)
    a = act - ACT_DISGUISE  # a planning area (rest included)
    if area_open(s, p, a) and not (from_rest and a == A_REST):
        return push(moves, nm, MV_AREA, a, 0, slot)
    return nm


@kernel(inline=True)
def needs_cube(act):
    return act != ACT_MOVE and act != ACT_POINT and act != ACT_REMOVE


@kernel
def action_possible(s, K, p, act, moves):
    """Has this action at least one option? (Quick answers first, else generate.)"""
    if act == ACT_MOVE or act == ACT_POINT:
        return True
    if act == ACT_PLACE and s[O_PL + p * PLK + P_SUPPLY] > 0:
        for k in range(NLEAD):
            if s[O_LEADER + k] < 0:
                return True
    return gen_action(s, K, p, act, moves, 0, 0, False) > 0


@kernel
def favor_usable(s, K, p, t, moves):
    """Both actions of the card on tile t have an option and there are cubes for both."""
    c = s[O_TILECARD + t]
    a1 = K[K_FC_ACT + c * 2]
    a2 = K[K_FC_ACT + c * 2 + 1]
    need = 0
    if needs_cube(a1):
        need += 1
    if needs_cube(a2):
        need += 1
    if need > s[O_PL + p * PLK + P_SUPPLY]:
        return False
    return action_possible(s, K, p, a1, moves) and action_possible(s, K, p, a2, moves)


@kernel
def gen_main(s, K, p, moves, tmp):
    """The turn's choice: pass, a basic action, or one held special favor tile."""
    moves[0, 0] = MV_PASS
    moves[0, 1] = 0
    moves[0, 2] = 0
    moves[0, 3] = -1
    nm = 1
    # a pawn move is offered only to a player with a cube to place (supply or rest): moving
    # with nothing to place could go on forever and keep the round from ending
    if s[O_PL + p * PLK + P_SUPPLY] > 0 or s[O_AREA + p * NAREA + A_REST] > 0:
        nm = gen_pawn_moves(s, K, p, moves, nm, -1)
    if s[O_PL + p * PLK + P_SUPPLY] > 0:
        nm = gen_place(s, K, p, moves, nm, -1)
        nm = gen_building(s, K, p, moves, nm, -1, False)
    for t in range(NAREA):
        if s[O_HOLDER + t] == p and favor_usable(s, K, p, t, tmp):
            if nm < MAXM:
                moves[nm, 0] = MV_FAVOR
                moves[nm, 1] = t
                moves[nm, 2] = 0
                moves[nm, 3] = -1
                nm += 1
    return nm


@kernel
def gen_rest(s, K, p, moves):
    """After an action: use a cube from the rest area to place a cube or use a building."""
    moves[0, 0] = MV_DECLINE
    moves[0, 1] = 0
    moves[0, 2] = 0
    moves[0, 3] = -1
    nm = 1
    if s[O_T_ACTED] == 0 or s[O_T_REST_IN] == 1 or s[O_T_REST_OUT] == 1:
        return nm
    if s[O_AREA + p * NAREA + A_REST] == 0:
        return nm
    nm = gen_place(s, K, p, moves, nm, -1)
    nm = gen_building(s, K, p, moves, nm, -1, True)
    return nm


# =================================================================================================
# Applying a move
# =================================================================================================
@kernel
def take_cube(s, p, from_rest, log, nlog, log_on):
    if from_rest:
        s[O_AREA + p * NAREA + A_REST] -= 1
        s[O_T_REST_OUT] = 1
        update_majority(s, A_REST, log, nlog, log_on)
    else:
        s[O_PL + p * PLK + P_SUPPLY] -= 1
    s[O_LAST] = p


@kernel
def apply_move(s, K, p, kind, a, b, from_rest, log, nlog, log_on):
    """Play one move for p; returns the action an icon now offers (or -1)."""
    log_event(log, nlog, log_on, EV_MOVE, p, kind, a, b, 1 if from_rest else 0)
    st = stamp(s)
    if kind == MV_MOVE:
        s[O_PL + p * PLK + P_REGION] = a
    elif kind == MV_ROUTE:
        take_cube(s, p, from_rest, log, nlog, log_on)
        s[O_ROUTE + a] = p
        s[O_ST_ROUTE + a] = st
    elif kind == MV_LOC:
        take_cube(s, p, from_rest, log, nlog, log_on)
        s[O_LOC + a] = p
        s[O_ST_LOC + a] = st
        c = s[O_LOCCARD + a // MAXSLOT]
        icon = K[K_LC_ICON + c * MAXSLOT + a % MAXSLOT]
        if icon != IC_NONE:
            return icon + ICON_TO_ACT
    elif kind == MV_LEADER:
        take_cube(s, p, from_rest, log, nlog, log_on)
        s[O_LEADER + a] = p
        s[O_ST_LEAD + a] = st
    elif kind == MV_BUILD:
        take_cube(s, p, from_rest, log, nlog, log_on)
        q = s[O_BLD + a]
        if q >= 0:
            ar = K[K_TILE_AREA + s[O_BLDTILE + a]]
            s[O_AREA + q * NAREA + ar] += 1
            log_event(log, nlog, log_on, EV_BUMP, q, ar, a, 0, 0)
            update_majority(s, ar, log, nlog, log_on)
        s[O_BLD + a] = p
        s[O_ST_BLD + a] = st
    elif kind == MV_AREA:
        take_cube(s, p, from_rest, log, nlog, log_on)
        s[O_AREA + p * NAREA + a] += 1
        s[O_T_AREA + a] += 1
        if a == A_REST:
            s[O_T_REST_IN] = 1
        update_majority(s, a, log, nlog, log_on)
    elif kind == MV_POINT:
        add_score(s, p, K[K_POINT_PT])
        s[O_PL + p * PLK + P_ICON_PTS] += K[K_POINT_PT]
    elif kind == MV_REMOVE:
        s[O_PL + p * PLK + P_SUPPLY] += 1
        if a == RM_ROUTE:
            s[O_ROUTE + b] = -1
        elif a == RM_LOC:
            s[O_LOC + b] = -1
        elif a == RM_BUILD:
            s[O_BLD + b] = -1
        elif a == RM_AREA:
            s[O_AREA + p * NAREA + b] -= 1
            update_majority(s, b, log, nlog, log_on)
        else:
            s[O_LEADER + b] = -1
    return -1


# =================================================================================================
# Bots: move values
# =================================================================================================
@kernel
def short_routes(s, K, RS, RM):
    """Remember the NSHORT routes with fewest route spaces for the current mission
    (the route table lists each pair's routes shortest first)."""
    src = s[O_PIMP]
    dst = s[O_MLOC]
    st = RS[src * MAXL + dst]
    ns = min(NSHORT, RS[src * MAXL + dst + 1] - st)
    for i in range(ns):
        s[O_SHORT + i] = st + i
    s[O_NSHORT] = ns


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


@kernel
def fill_context(s, K, W, p, occ, best, be, ctx, kinds):
    """What the heuristic needs for the moves of one decision, computed once; kinds has bit k
    set when a move of kind k is on offer, and only the parts those moves read are filled."""
    n = s[O_N]
    ml = s[O_MLOC]
    want_area = (kinds & ((1 << MV_AREA) | (1 << MV_LOC) | (1 << MV_FAVOR))) != 0
    want_lead = (kinds & (1 << MV_LEADER)) != 0
    if want_area or want_lead:
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
            # a clear majority: more than every rival
            if s[O_HOLDER + a] != p and ctx[C_RIVAL + a] < s[O_AREA + p * NAREA + a] + 1:
                v += W[W_MAJORITY]
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
            if q != p and s[O_PL + q * PLK + P_SCORE] >= s[O_PL + p * PLK + P_SCORE]:
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
                if s[O_LOC + ml * MAXSLOT + i] >= 0:
                    f += 1
            frac = f / ns
            ctx[C_LEAD + L_LOCATION] = W[W_LEAD_LOC] * frac * frac
    if (kinds & (1 << MV_MOVE)) != 0:
        # region potential: empty spaces worth filling now (mission location, best route)
        for r in range(MAXR):
            ctx[C_REGPOT + r] = 0.0
        c = s[O_LOCCARD + ml]
        if c >= 0:
            for i in range(K[K_LC_NSLOT + c]):
                if s[O_LOC + ml * MAXSLOT + i] < 0:
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
        spare = s[O_PL + p * PLK + P_SUPPLY] > 1   # an icon's action needs a second cube
        ctx[C_ICON + IC_NONE] = 0.0
        ctx[C_ICON + IC_POINT] = float(K[K_POINT_PT])
        ctx[C_ICON + IC_ROUTE] = 0.5 * W[W_MISSION] if spare else 0.0
        ctx[C_ICON + IC_REMOVE] = 0.0
        for ic in range(IC_DISGUISE, IC_REST + 1):
            ctx[C_ICON + ic] = ctx[C_AREA + ic - IC_DISGUISE] if spare else 0.0


# =================================================================================================
# Bots: choosing
# =================================================================================================
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


@kernel
def choose_heuristic(s, K, RM, W, p, moves, nm, ctx, rng, stream):
    kinds = 0
    for i in range(nm):
        kinds |= 1 << moves[i, 0]
    occ = np.uint64(0)
    bm = np.uint64(0)
    be = 99
    short = np.uint64(0)
    if (kinds & ((1 << MV_ROUTE) | (1 << MV_LEADER) | (1 << MV_MOVE))) != 0:
        occ = occupied_mask(s, K)
        bm, be = best_short(s, RM, occ)
        for i in range(s[O_NSHORT]):
            short |= RM[s[O_SHORT + i]]
    fill_context(s, K, W, p, occ, bm, be, ctx, kinds)
    b_place = -1.0
    b_build = -1.0
    b_route = -1.0
    b_move = -1.0
    has_favor = (kinds & (1 << MV_FAVOR)) != 0
    my_supply = s[O_PL + p * PLK + P_SUPPLY]
    my_region = s[O_PL + p * PLK + P_REGION]
    # the worth of each basic move in points, in list order (written out here: a helper taking
    # the arrays per move costs more than the value); route spaces, the commonest, first
    v_best_route = W[W_MISSION] + (0.3 if be == 1 else 0.0)
    for i in range(nm):
        kind = moves[i, 0]
        a = moves[i, 1]
        v = 0.0
        if kind == MV_ROUTE:
            bit = np.uint64(1) << np.uint64(a)
            if (bm & bit) != np.uint64(0):
                v = v_best_route
            elif (short & bit) != np.uint64(0):
                v = W[W_FUTURE]
            else:
                v = 0.05
        elif kind == MV_FAVOR:
            ctx[C_VALS + i] = UNVALUED   # valued below, from the best basic moves
            continue
        elif kind == MV_PASS:
            v = W[W_PASS]
        elif kind == MV_POINT:
            v = float(K[K_POINT_PT])
        elif kind == MV_LOC:
            l = a // MAXSLOT
            c = s[O_LOCCARD + l]
            v = ctx[C_LOC + l] + ctx[C_ICON + K[K_LC_ICON + c * MAXSLOT + a % MAXSLOT]]
        elif kind == MV_LEADER:
            v = ctx[C_LEAD + a]
        elif kind == MV_AREA:
            v = ctx[C_AREA + a]
        elif kind == MV_BUILD:
            ar = K[K_TILE_AREA + s[O_BLDTILE + a]]
            v = W[W_FUTURE]
            for b2 in range(K[K_NB]):
                if s[O_BLD + b2] == p and K[K_TILE_AREA + s[O_BLDTILE + b2]] == ar:
                    v = 0.1
            if s[O_BLD + a] >= 0:
                v -= 0.2
        elif kind == MV_MOVE:
            if my_supply == 0:
                v = -1.0
            else:
                v = W[W_MOVE] * (ctx[C_REGPOT + a] - ctx[C_REGPOT + my_region]) - 0.1
        elif kind == MV_REMOVE:
            v = -0.6
        if has_favor:   # the best basic moves value a favor card's halves
            if kind == MV_ROUTE:
                b_route = max(b_route, v)
                b_place = max(b_place, v)
            elif kind == MV_LOC or kind == MV_LEADER:
                b_place = max(b_place, v)
            elif kind == MV_BUILD or kind == MV_AREA:
                b_build = max(b_build, v)
            elif kind == MV_MOVE:
                b_move = max(b_move, v)
        ctx[C_VALS + i] = v
    # the best basic move: ties go to the first counted from a random start (two straight
    # runs, start..end then 0..start, instead of a wrapped index per move)
    best = -1e9
    bi = 0
    start = below(rng, stream, nm)
    for i in range(start, nm):
        if ctx[C_VALS + i] > best:
            best = ctx[C_VALS + i]
            bi = i
    for i in range(start):
        if ctx[C_VALS + i] > best:
            best = ctx[C_VALS + i]
            bi = i
    # then the favor cards, in list order
    if has_favor:
        for i in range(nm):
            if moves[i, 0] == MV_FAVOR:
                c = s[O_TILECARD + moves[i, 1]]
                v = act_value(s, K, K[K_FC_ACT + c * 2], b_place, b_build, b_route, b_move, ctx) \
                    + act_value(s, K, K[K_FC_ACT + c * 2 + 1], b_place, b_build, b_route, b_move, ctx)
                ctx[C_VALS + i] = v
                if v > best:
                    best = v
                    bi = i
    return bi


@kernel
def choose_index(s, K, RS, RM, W, bot, p, moves, nm, tmp, ctx, rng):
    """The bot's choice among moves[:nm] (rollout decides only through play_rollout)."""
    if nm == 1:
        return 0
    stream = bot_stream(s, p)
    if bot == BOT_RANDOM:
        return below(rng, stream, nm)
    if bot == BOT_GREEDY:
        mloc = s[O_MLOC]
        # ctx[C_AREA + a]: cubes area a still lacks for the mission
        for a in range(A_REST):
            need = 0
            for j in range(s[O_NCUR]):
                need += K[K_MC_NEED + s[O_CUR_CARDS + j] * NNEED + (a if a < NRES else NNEED - 1)]
            have = 0
            for q in range(s[O_N]):
                have += s[O_AREA + q * NAREA + a]
            ctx[C_AREA + a] = need - have
        best = -1e9
        bi = 0
        ties = 0
        for i in range(nm):
            # immediate gain: points now, or a cube that scores in this mission as things stand
            kind = moves[i, 0]
            a = moves[i, 1]
            v = 0.0
            if kind == MV_POINT:
                v = float(K[K_POINT_PT])
            elif kind == MV_LOC:
                l = a // MAXSLOT
                c = s[O_LOCCARD + l]
                v = 1.0 if l == mloc else 0.0
                if K[K_LC_ICON + c * MAXSLOT + a % MAXSLOT] == IC_POINT:
                    v += K[K_POINT_PT]
            elif kind == MV_AREA and a < A_REST:
                v = 1.0 if ctx[C_AREA + a] > 0 else 0.0
            elif kind == MV_LEADER and a == L_FIRST:
                v = float(K[K_FIRST_PT])
            if v > best + 1e-9:
                best = v
                bi = i
                ties = 1
            elif v > best - 1e-9:
                ties += 1
                if below(rng, stream, ties) == 0:
                    bi = i
        return bi
    return choose_heuristic(s, K, RM, W, p, moves, nm, ctx, rng, stream)


# =================================================================================================
# A turn
# =================================================================================================
@kernel(inline=True)
def do_icon(s, K, RS, RM, W, bot, p, act, moves, tmp, ctx, rng, log, nlog, log_on):
    """An icon's optional follow-up action."""
    moves[0, 0] = MV_DECLINE
    moves[0, 1] = 0
    moves[0, 2] = 0
    moves[0, 3] = -1
    nm = 1
    nm = gen_action(s, K, p, act, moves, nm, -1, False)
    i = choose_index(s, K, RS, RM, W, bot, p, moves, nm, tmp, ctx, rng)
    s[O_DECISIONS] += 1
    if moves[i, 0] != MV_DECLINE:
        apply_move(s, K, p, moves[i, 0], moves[i, 1], moves[i, 2], False, log, nlog, log_on)


@kernel(inline=True)
def play_action(s, K, RS, RM, W, bot, p, kind, a, b, from_rest, moves, tmp, ctx, rng, log, nlog, log_on):
    act = apply_move(s, K, p, kind, a, b, from_rest, log, nlog, log_on)
    if act >= 0:
        do_icon(s, K, RS, RM, W, bot, p, act, moves, tmp, ctx, rng, log, nlog, log_on)


@kernel
def play_favor(s, K, RS, RM, W, bot, p, t, moves, tmp, ctx, rng, log, nlog, log_on):
    """Both actions of the favor card on tile t, in the order the bot likes."""
    c = s[O_TILECARD + t]
    act0 = K[K_FC_ACT + c * 2]
    act1 = K[K_FC_ACT + c * 2 + 1]
    done0 = False
    done1 = False
    for step in range(2):
        nm = 0
        if not done0:
            nm = gen_action(s, K, p, act0, moves, nm, 0, False)
        if not done1:
            nm = gen_action(s, K, p, act1, moves, nm, 1, False)
        if nm == 0:
            return
        i = choose_index(s, K, RS, RM, W, bot, p, moves, nm, tmp, ctx, rng)
        s[O_DECISIONS] += 1
        if moves[i, 3] == 0:
            done0 = True
        else:
            done1 = True
        play_action(s, K, RS, RM, W, bot, p, moves[i, 0], moves[i, 1], moves[i, 2], False,
                    moves, tmp, ctx, rng, log, nlog, log_on)


@kernel(inline=True)
def begin_turn(s):
    s[O_T_REST_IN] = 0
    s[O_T_REST_OUT] = 0
    s[O_T_ACTED] = 0
    for a in range(NAREA):
        s[O_T_AREA + a] = 0


@kernel(inline=True)
def finish_turn(s, K, RS, RM, W, bot, p, moves, tmp, ctx, rng, log, nlog, log_on):
    """The optional rest cube, then pass the turn on."""
    if s[O_T_ACTED] == 1:
        nm = gen_rest(s, K, p, moves)
        if nm > 1:
            i = choose_index(s, K, RS, RM, W, bot, p, moves, nm, tmp, ctx, rng)
            s[O_DECISIONS] += 1
            if moves[i, 0] != MV_DECLINE:
                play_action(s, K, RS, RM, W, bot, p, moves[i, 0], moves[i, 1], moves[i, 2], True,
                            moves, tmp, ctx, rng, log, nlog, log_on)
    s[O_TURNS] += 1
    s[O_CUR] = (p + 1) % s[O_N]


@kernel
def play_main(s, K, RS, RM, W, bot, p, kind, a, b, moves, tmp, ctx, rng, log, nlog, log_on):
    """Carry out the turn's chosen main move and the rest of the turn."""
    if kind == MV_PASS:
        s[O_PASSES] += 1
        log_event(log, nlog, log_on, EV_PASS, p, 0, 0, 0, 0)
    else:
        s[O_PASSES] = 0
        s[O_T_ACTED] = 1
        if kind == MV_FAVOR:
            log_event(log, nlog, log_on, EV_MOVE, p, kind, a, b, 0)
            play_favor(s, K, RS, RM, W, bot, p, a, moves, tmp, ctx, rng, log, nlog, log_on)
        else:
            play_action(s, K, RS, RM, W, bot, p, kind, a, b, False, moves, tmp, ctx, rng, log, nlog, log_on)
    finish_turn(s, K, RS, RM, W, bot, p, moves, tmp, ctx, rng, log, nlog, log_on)


@kernel(inline=True)
def round_over(s):
    full = True
    for k in range(NLEAD):
        if s[O_LEADER + k] < 0:
            full = False
    return full or s[O_PASSES] >= s[O_N]


# =================================================================================================
# End of the round: completing the mission
# =================================================================================================
@kernel
def score_cube(s, K, a, q):
    """One of q's cubes leaves area a for the mission completion area: q scores, cube home."""
    s[O_AREA + q * NAREA + a] -= 1
    s[O_PL + q * PLK + P_SUPPLY] += 1
    add_score(s, q, K[K_CUBE_PT])
    s[O_PL + q * PLK + P_CUBE_PTS] += K[K_CUBE_PT]


@kernel
def choose_cube_owner(s, a, leader, bot, rng):
    """Whose cube the leader takes next from area a (the area is not empty)."""
    n = s[O_N]
    if bot == BOT_RANDOM:
        k = below(rng, bot_stream(s, leader), area_total(s, a))
        for o in range(n):
            c = s[O_AREA + o * NAREA + a]
            if k < c:
                return o
            k -= c
    # own cubes first, then the trailing players' cubes
    if s[O_AREA + leader * NAREA + a] > 0:
        return leader
    q = -1
    for o in range(n):
        if s[O_AREA + o * NAREA + a] > 0 and (q < 0 or score_of(s, o) < score_of(s, q)):
            q = o
    return q


@kernel
def pick_cubes(s, K, a, need, leader, bot, rng, log, nlog, log_on):
    """Leader moves up to need cubes out of area a; owners score per cube. Returns cubes moved."""
    moved = 0
    while moved < need and area_total(s, a) > 0:
        score_cube(s, K, a, choose_cube_owner(s, a, leader, bot, rng))
        moved += 1
    return moved


@kernel
def settle_leader(s, K, k, leader, success, log, nlog, log_on, scored):
    """Leader point on success; the leader's cube back (or to the House of Justice)."""
    log_event(log, nlog, log_on, EV_PART, leader, k, 1 if success else 0, scored, 0)
    if not success:
        s[O_PARTS_FAILED] += 1
    if s[O_LEADER + k] < 0:
        return
    s[O_LEADER + k] = -1
    if success:
        pts = K[K_FIRST_PT] if k == L_FIRST else K[K_LEADER_PT]
        add_score(s, leader, pts)
        s[O_PL + leader * PLK + P_LEADER_PTS] += pts
        s[O_PL + leader * PLK + P_SUPPLY] += 1
    elif K[K_CHAUVELIN] == 1:
        s[O_PL + leader * PLK + P_HOJ] += 1
        log_event(log, nlog, log_on, EV_HOJ, leader, k, 0, 0, 0)
    else:
        s[O_PL + leader * PLK + P_SUPPLY] += 1


@kernel
def leader_of(s, k):
    o = s[O_LEADER + k]
    if o >= 0:
        return o
    if s[O_LAST] >= 0:
        return s[O_LAST]
    return s[O_FIRST]


@kernel
def resolve_resources(s, K, bots, rng, log, nlog, log_on):
    leader = leader_of(s, L_RESOURCES)
    ok = True
    scored = 0
    for a in range(NRES):
        need = mission_need(s, K, a)
        got = pick_cubes(s, K, a, need, leader, bots[leader], rng, log, nlog, log_on)
        scored += got
        if got < need:
            ok = False
    for a in range(NRES):
        update_majority(s, a, log, nlog, log_on)
    settle_leader(s, K, L_RESOURCES, leader, ok, log, nlog, log_on, scored)


@kernel
def resolve_supporters(s, K, bots, rng, log, nlog, log_on):
    leader = leader_of(s, L_SUPPORTERS)
    need = mission_need(s, K, NNEED - 1)
    got = pick_cubes(s, K, A_SUPPORTER, need, leader, bots[leader], rng, log, nlog, log_on)
    update_majority(s, A_SUPPORTER, log, nlog, log_on)
    settle_leader(s, K, L_SUPPORTERS, leader, got >= need, log, nlog, log_on, got)


@kernel
def resolve_first(s, K, log, nlog, log_on):
    leader = leader_of(s, L_FIRST)
    s[O_FIRST] = leader
    settle_leader(s, K, L_FIRST, leader, True, log, nlog, log_on, 0)


@kernel
def choose_route(s, K, RS, RM, W, leader, bot, rng, owner_masks):
    """The leader's route: the only complete one if exactly one; a complete one if several;
    else any route. Returns (route index in RM, complete routes)."""
    n = s[O_N]
    src = s[O_PIMP]
    dst = s[O_MLOC]
    occ = route_masks_of(s, n, owner_masks)
    st = RS[src * MAXL + dst]
    en = RS[src * MAXL + dst + 1]
    ncomp = count_complete(RS, RM, src, dst, occ)
    best = -1
    bestv = -1e18
    seen = 0
    stream = bot_stream(s, leader)
    for r in range(st, en):
        m = RM[r]
        comp = (m & ~occ) == np.uint64(0)
        if ncomp > 0 and not comp:
            continue
        if bot == BOT_RANDOM:
            seen += 1
            if below(rng, stream, seen) == 0:
                best = r
            continue
        mine = popcount64(m & owner_masks[leader])
        others = popcount64(m & occ) - mine
        if bot == BOT_GREEDY:
            v = float(mine)
        else:
            v = mine - W[W_DENIAL] * others
        if v > bestv:
            bestv = v
            best = r
    return best, ncomp


@kernel
def resolve_route(s, K, RS, RM, W, bots, rng, owner_masks, log, nlog, log_on):
    leader = leader_of(s, L_ROUTE)
    r, ncomp = choose_route(s, K, RS, RM, W, leader, bots[leader], rng, owner_masks)
    scored = 0
    if r >= 0:
        m = RM[r]
        for sp in range(K[K_NS]):
            if (m >> np.uint64(sp)) & np.uint64(1):
                o = s[O_ROUTE + sp]
                if o >= 0:
                    s[O_ROUTE + sp] = -1
                    s[O_PL + o * PLK + P_SUPPLY] += 1
                    add_score(s, o, K[K_CUBE_PT])
                    s[O_PL + o * PLK + P_CUBE_PTS] += K[K_CUBE_PT]
                    scored += 1
        log_event(log, nlog, log_on, EV_ROUTE, leader, r - RS[s[O_PIMP] * MAXL + s[O_MLOC]], ncomp, scored, 0)
    settle_leader(s, K, L_ROUTE, leader, ncomp > 0, log, nlog, log_on, scored)


@kernel
def move_pimpernel(s, log, nlog, log_on):
    s[O_PIMP] = s[O_MLOC]
    s[O_PRISON] = 0
    log_event(log, nlog, log_on, EV_PIMP, -1, s[O_MLOC], 0, 0, 0)


@kernel
def resolve_location(s, K, log, nlog, log_on):
    leader = leader_of(s, L_LOCATION)
    l = s[O_MLOC]
    c = s[O_LOCCARD + l]
    full = True
    scored = 0
    if c >= 0:
        for i in range(K[K_LC_NSLOT + c]):
            o = s[O_LOC + l * MAXSLOT + i]
            if o < 0:
                full = False
            else:
                s[O_LOC + l * MAXSLOT + i] = -1
                s[O_PL + o * PLK + P_SUPPLY] += 1
                add_score(s, o, K[K_CUBE_PT])
                s[O_PL + o * PLK + P_CUBE_PTS] += K[K_CUBE_PT]
                scored += 1
    settle_leader(s, K, L_LOCATION, leader, full, log, nlog, log_on, scored)
    return leader


@kernel
def move_chauvelin(s, K, log, nlog, log_on):
    """Chauvelin walks the marker trail one step per House of Justice cube; then those score."""
    n = s[O_N]
    steps = 0
    for p in range(n):
        steps += s[O_PL + p * PLK + P_HOJ]
    captured = 0
    if steps > 0:
        pos = s[O_CHAUV] + steps
        pimp_at = s[O_TRAIL_LEN] - 1
        if pos >= pimp_at:
            s[O_PIMP] = K[K_TP]
            s[O_PRISON] = 1
            s[O_CHAUV] = -1
            s[O_CAPTURES] += 1
            captured = 1
        else:
            s[O_CHAUV] = pos
        log_event(log, nlog, log_on, EV_CHAUV, -1, steps, s[O_CHAUV], captured, 0)
    for p in range(n):
        h = s[O_PL + p * PLK + P_HOJ]
        if h > 0:
            add_score(s, p, h * K[K_HOJ_PT])
            s[O_PL + p * PLK + P_LEADER_PTS] += h * K[K_HOJ_PT]
            s[O_PL + p * PLK + P_SUPPLY] += h
            s[O_PL + p * PLK + P_HOJ] = 0


@kernel
def top_choice_value(s, K, W, leader, bot, l):
    """How much the leader likes location l as the next mission."""
    v = 0.0
    c = s[O_LOCCARD + l]
    if c >= 0:
        for i in range(K[K_LC_NSLOT + c]):
            o = s[O_LOC + l * MAXSLOT + i]
            if o == leader:
                v += 1.0
            elif o >= 0:
                v -= 0.5
    return v


@kernel
def prepare_next(s, K, W, leader, bots, rng, log, nlog, log_on):
    """Next mission: the leader picks the top card (not for Vienna; Richmond if in prison)."""
    m = s[O_MISSION] + 1
    s[O_MISSION] = m
    nn = s[O_NNEXT]
    for i in range(nn):
        s[O_CUR_CARDS + i] = s[O_NEXT_CARDS + i]
    s[O_NCUR] = nn
    last = K[K_NMISSIONS]
    if m == last:
        loc = K[K_MC_LOC + s[O_CUR_CARDS]]  # Vienna on top
    elif s[O_PRISON] == 1:
        for i in range(nn, 0, -1):
            s[O_CUR_CARDS + i] = s[O_CUR_CARDS + i - 1]
        s[O_CUR_CARDS] = K[K_RESCUE_CARD]
        s[O_NCUR] = nn + 1
        loc = K[K_RESCUE]
    else:
        top = 0
        if nn > 1:
            bot = bots[leader]
            if bot == BOT_RANDOM:
                top = below(rng, bot_stream(s, leader), nn)
            else:
                v0 = top_choice_value(s, K, W, leader, bot, K[K_MC_LOC + s[O_CUR_CARDS]])
                v1 = top_choice_value(s, K, W, leader, bot, K[K_MC_LOC + s[O_CUR_CARDS + 1]])
                top = 1 if v1 > v0 else 0
            s[O_DECISIONS] += 1
        if top == 1:
            t = s[O_CUR_CARDS]
            s[O_CUR_CARDS] = s[O_CUR_CARDS + 1]
            s[O_CUR_CARDS + 1] = t
        loc = K[K_MC_LOC + s[O_CUR_CARDS]]
    s[O_MLOC] = loc
    place_marker(s, loc)
    log_event(log, nlog, log_on, EV_NEXT, leader, m, loc, 0, 0)
    refill_next(s, K, m)


@kernel
def resolve_mission(s, K, RS, RM, W, bots, rng, owner_masks, log, nlog, log_on):
    """All five mission spaces in order, Chauvelin, then the next mission or the game's end."""
    resolve_resources(s, K, bots, rng, log, nlog, log_on)
    resolve_supporters(s, K, bots, rng, log, nlog, log_on)
    resolve_first(s, K, log, nlog, log_on)
    resolve_route(s, K, RS, RM, W, bots, rng, owner_masks, log, nlog, log_on)
    move_pimpernel(s, log, nlog, log_on)
    leader = resolve_location(s, K, log, nlog, log_on)
    if K[K_CHAUVELIN] == 1:
        move_chauvelin(s, K, log, nlog, log_on)
    s[O_MISSIONS_DONE] += 1
    if s[O_MISSION] >= K[K_NMISSIONS]:
        s[O_DONE] = 1
        s[O_END] = END_FINISHED
        return
    prepare_next(s, K, W, leader, bots, rng, log, nlog, log_on)
    if s[O_MISSION] == K[K_NMISSIONS]:
        for p in range(s[O_N]):
            s[O_PL + p * PLK + P_FINAL_START] = score_of(s, p)
    start_round(s)
    short_routes(s, K, RS, RM)


# =================================================================================================
# Rollout bot
# =================================================================================================
@kernel(nrt=True)   # the array sort allocates
def hide_deck(s, nr, rng, stream):
    """Re-deal what the player cannot see (deck order, removed cards) from the bot's stream."""
    ptr = s[O_DECK_PTR]
    ln = s[O_DECK_LEN]
    # the removed cards join the unseen deck (there is room: the deck never fills its slots)
    for i in range(nr):
        s[O_DECK + ln + i] = s[O_REMOVED + i]
    k = ln - ptr + nr
    hidden = s[O_DECK + ptr:O_DECK + ptr + k]
    # canonical order first, so the result does not depend on the hidden order
    hidden.sort()
    shuffle(rng, stream, hidden, k)
    for i in range(nr):
        s[O_REMOVED + i] = s[O_DECK + ln + i]
        s[O_DECK + ln + i] = 0


@kernel
def playout_value(s, p):
    n = s[O_N]
    best_other = -1
    for q in range(n):
        if q != p and score_of(s, q) > best_other:
            best_other = score_of(s, q)
    return float(score_of(s, p) - best_other)


@kernel
def rollout_choice(s, K, RS, RM, W, p, moves, nm, tmp, ctx, cand, s2, rng, owner_masks, log, nlog):
    """Flat Monte Carlo over the main moves: the heuristic's best few moves are each played
    to the end of the round N times (hidden cards re-dealt); the best average margin wins."""
    stream = BOT0 + p
    nplay = int(W[W_PLAYOUTS])
    width = min(int(W[W_WIDTH]), nm)
    choose_heuristic(s, K, RM, W, p, moves, nm, ctx, rng, stream)
    for i in range(nm):
        for j in range(3):
            cand[i, j] = moves[i, j]
        cand[i, 3] = int(ctx[C_VALS + i] * 1e6)   # rank key; a tried move gets TRIED
    best = -1e18
    bi = 0
    for w in range(width):
        i = 0
        for j in range(1, nm):
            if cand[j, 3] > cand[i, 3]:
                i = j
        cand[i, 3] = TRIED
        tot = 0.0
        for r in range(nplay):
            for k in range(S_SIZE):   # (an array assignment would need a temporary)
                s2[k] = s[k]
            s2[O_STREAM] = stream
            for q in range(MAXP):
                s2[O_RESBOT + q] = BOT_HEURISTIC
            hide_deck(s2, K[K_REMOVED], rng, stream)
            play_main(s2, K, RS, RM, W, BOT_HEURISTIC, p, cand[i, 0], cand[i, 1], cand[i, 2],
                      moves, tmp, ctx, rng, log, nlog, False)
            guard = 0
            while not round_over(s2) and guard < 400:
                q = s2[O_CUR]
                begin_turn(s2)
                mn = gen_main(s2, K, q, moves, tmp)
                k = choose_index(s2, K, RS, RM, W, BOT_HEURISTIC, q, moves, mn, tmp, ctx, rng)
                play_main(s2, K, RS, RM, W, BOT_HEURISTIC, q, moves[k, 0], moves[k, 1], moves[k, 2],
                          moves, tmp, ctx, rng, log, nlog, False)
                guard += 1
            if round_over(s2):
                resolve_mission(s2, K, RS, RM, W, s2[O_RESBOT:O_RESBOT + MAXP], rng, owner_masks, log, nlog, False)
            tot += playout_value(s2, p)
        v = tot / nplay + 1e-6 * uniform(rng, stream)
        if v > best:
            best = v
            bi = i
    for i in range(nm):
        for j in range(3):
            moves[i, j] = cand[i, j]
        moves[i, 3] = -1
    return bi


# =================================================================================================
# A whole game
# =================================================================================================
@kernel(inline=True)
def play_turn(s, K, RS, RM, W, seat_bot, moves, tmp, ctx, cand, s2, rng, owner_masks, log, nlog, log_on):
    p = s[O_CUR]
    bot = seat_bot[p]
    begin_turn(s)
    nm = gen_main(s, K, p, moves, tmp)
    if bot == BOT_ROLLOUT and nm > 1:
        i = rollout_choice(s, K, RS, RM, W, p, moves, nm, tmp, ctx, cand, s2, rng, owner_masks, log, nlog)
        sub = BOT_HEURISTIC
    else:
        i = choose_index(s, K, RS, RM, W, bot, p, moves, nm, tmp, ctx, rng)
        sub = bot
    s[O_DECISIONS] += 1
    play_main(s, K, RS, RM, W, sub, p, moves[i, 0], moves[i, 1], moves[i, 2], moves, tmp, ctx, rng,
              log, nlog, log_on)


@kernel
def play_game(s, K, RS, RM, W, n, seat_bot, moves, tmp, ctx, cand, s2, rng, owner_masks, log, nlog, log_on,
              scr):
    setup(s, K, n, rng, scr)
    short_routes(s, K, RS, RM)
    log_event(log, nlog, log_on, EV_SETUP, -1, s[O_TRAIL], s[O_MLOC], s[O_FIRST], 0)
    for p in range(n):
        # leaders at the end of a round decide as their seat's bot (rollout as heuristic)
        s[O_RESBOT + p] = seat_bot[p] if seat_bot[p] != BOT_ROLLOUT else BOT_HEURISTIC
    while s[O_DONE] == 0:
        if s[O_TURNS] >= K[K_MAX_TURNS]:
            s[O_DONE] = 1
            s[O_END] = END_TURN_CAP
            break
        play_turn(s, K, RS, RM, W, seat_bot, moves, tmp, ctx, cand, s2, rng, owner_masks, log, nlog, log_on)
        if round_over(s):
            resolve_mission(s, K, RS, RM, W, s[O_RESBOT:O_RESBOT + MAXP], rng, owner_masks, log, nlog, log_on)
    log_event(log, nlog, log_on, EV_END, -1, s[O_END], 0, 0, 0)


@kernel
def write_results(s, K, g, score, rank, win, position, turns, end_reason, metrics, decisions, scr):
    n = s[O_N]
    turn_positions(s[O_STARTER], n, position[g])
    sc = scr[0:n]
    tb = scr[MAXP:MAXP + n]
    for p in range(n):
        sc[p] = score_of(s, p)
        tb[p] = sc[p] - s[O_PL + p * PLK + P_FINAL_START]
    rank_players(sc, tb, n, rank[g], win[g])
    for p in range(n):
        score[g, p] = sc[p]
        metrics[g, p, 0] = s[O_PL + p * PLK + P_LEADER_PTS]
        metrics[g, p, 1] = s[O_PL + p * PLK + P_CUBE_PTS]
        metrics[g, p, 2] = s[O_PL + p * PLK + P_ICON_PTS]
        held = 0
        for a in range(NAREA):
            if s[O_HOLDER + a] == p:
                held += 1
        metrics[g, p, 3] = held
        metrics[g, p, 4] = s[O_PARTS_FAILED]
        metrics[g, p, 5] = s[O_CAPTURES]
        metrics[g, p, 6] = s[O_MISSIONS_DONE]
    turns[g] = s[O_TURNS]
    end_reason[g] = s[O_END]
    decisions[g] = s[O_DECISIONS]


@kernel(parallel=True, nrt=True)
def play_batch(K, RS, RM, W, bots, seed, game_index, rotation, n,
               score, rank, win, position, turns, end_reason, metrics, decisions):
    B = game_index.shape[0]
    nchunk = min(B, 64)
    S = np.zeros((nchunk, 2, S_SIZE), np.int64)
    MV = np.zeros((nchunk, 3, MAXM, 4), np.int64)
    RNG = np.empty((nchunk, 1 + n), np.uint64)
    SB = np.empty((nchunk, n), np.int64)
    OM = np.empty((nchunk, MAXP + 1), np.uint64)
    CTX = np.zeros((nchunk, C_SIZE), np.float64)
    LOG = np.zeros((nchunk, 1, LOGW), np.int64)
    NLOG = np.zeros((nchunk, 1), np.int64)
    SCR = np.zeros((nchunk, 2 * MAXDECK), np.int64)
    for c in prange(nchunk):
        # borrowed views: the threads would otherwise share these arrays' reference counts
        Kv, RSv, RMv, Wv = borrow(K), borrow(RS), borrow(RM), borrow(W)
        s, s2, mv, sb = borrow(S[c, 0]), borrow(S[c, 1]), borrow(MV[c]), borrow(SB[c])
        rng, scr = borrow(RNG[c]), borrow(SCR[c])
        for g in range(c, B, nchunk):
            seed_streams(rng, seed, game_index[g])
            seat_bots(bots, rotation[g], sb)
            play_game(s, Kv, RSv, RMv, Wv, n, sb, mv[0], mv[1], borrow(CTX[c]), mv[2], s2, rng,
                      borrow(OM[c]), borrow(LOG[c]), borrow(NLOG[c]), False, scr)
            write_results(s, Kv, g, score, rank, win, position, turns, end_reason, metrics, decisions, scr)


@kernel(nrt=True)
def trace_game(K, RS, RM, W, bots, seed, index, rot, n, log, score, rank, win, position, turns,
               end_reason, metrics, decisions):
    """One game with its event log: the same code path as play_batch."""
    s = np.zeros(S_SIZE, np.int64)
    s2 = np.zeros(S_SIZE, np.int64)
    mv = np.zeros((3, MAXM, 4), np.int64)
    rng = np.empty(1 + n, np.uint64)
    sb = np.empty(n, np.int64)
    om = np.empty(MAXP + 1, np.uint64)
    ctx = np.zeros(C_SIZE, np.float64)
    nlog = np.zeros(1, np.int64)
    scr = np.zeros(2 * MAXDECK, np.int64)
    seed_streams(rng, seed, index)
    seat_bots(bots, rot, sb)
    play_game(s, K, RS, RM, W, n, sb, mv[0], mv[1], ctx, mv[2], s2, rng, om, log, nlog, True, scr)
    write_results(s, K, 0, score, rank, win, position, turns, end_reason, metrics, decisions, scr)
    return nlog[0]
