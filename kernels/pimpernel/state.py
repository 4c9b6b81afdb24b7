"""Set-up (with the deck and marker-trail steps the end of a round repeats) and the pure
queries that the rules and the bots both read."""

import numpy as np

from kernels.common import write_event
from kernels.rng import BOT0, CHANCE, below, shuffle
from kernels.pimpernel.jit import kernel
from kernels.pimpernel.layout import (K_CHAUVELIN, K_CUBES, K_FC_STAR, K_FINAL_CARD, K_FIRST_GAME,
                                      K_FIRST_MISSION, K_HOJ, K_LOC_REGION, K_MAX_TURNS, K_MC_LOC, K_MC_NEED,
                                      K_NB, K_NFC, K_NLOC, K_NMC, K_NMISSIONS, K_REMOVED, K_RESCUE_CARD, K_TP,
                                      MAXB, MAXL, MAXS, MAXSLOT, NAREA, NLEAD, NNEED, O_AREA, O_BLD,
                                      O_BLDTILE, O_CAP, O_CHAUV, O_CUR, O_CUR_CARDS, O_DEC, O_DEC_SEAT,
                                      O_DECK, O_DECK_LEN, O_DECK_PTR, O_FIRST, O_HOLDER, O_LAST, O_LAST_EVER,
                                      O_LAST_LEAD, O_LEADER, O_LOC, O_LOCCARD, O_MISSION, O_MLOC, O_N, O_NCUR,
                                      O_NEXT_CARDS, O_NNEXT, O_PASSES, O_PIMP, O_PL, O_REMOVED, O_ROUTE,
                                      O_STARTER, O_STOP, O_STREAM, O_TILECARD, O_TRAIL, O_TRAIL_LEN, O_TURNS,
                                      PLK, P_REGION, P_SCORE, P_SUPPLY)


# Where a seat's counters, its cubes in a planning area and a location card's spaces sit in the
# state row: rules and bots name what they read and write instead of computing offsets.
@kernel
def player_at(p, f):
    """Seat p's counter f (layout's P_*)."""
    return O_PL + p * PLK + f


@kernel
def area_at(p, a):
    """Seat p's cubes in planning area a."""
    return O_AREA + p * NAREA + a


@kernel
def space_at(l, i):
    """Space i of the location card at location l (the cube's owner, -1 if empty)."""
    return O_LOC + l * MAXSLOT + i


@kernel(inline=True)
def popcount64(x):
    """Set bits of x (a route mask: its route spaces)."""
    x = np.uint64(x)
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return int((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@kernel(inline=True)
def decision(s):
    """The pending decision's DEC_* (DEC_NONE: none pending, or the game is over)."""
    return s[O_DEC]


@kernel(inline=True)
def chooser(s):
    return s[O_DEC_SEAT]


@kernel(inline=True)
def pending(s, kind, seat):
    s[O_DEC] = kind
    s[O_DEC_SEAT] = seat
    return kind


@kernel(inline=True)
def score_of(s, p):
    return s[player_at(p, P_SCORE)]


@kernel(inline=True)
def area_total(s, a):
    t = 0
    for p in range(s[O_N]):
        t += s[area_at(p, a)]
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
def mission_need(s, K, k):
    """Sum of need k over the current mission cards."""
    t = 0
    for i in range(s[O_NCUR]):
        t += K[K_MC_NEED + s[O_CUR_CARDS + i] * NNEED + k]
    return t


@kernel
def occupied_mask(s, K):
    """The route spaces holding a cube, one bit each: a branch-free pass over all MAXS cells
    (those past the map's last space stay empty), which the compiler can vectorise."""
    m = np.uint64(0)
    for sp in range(MAXS):
        m |= np.uint64(s[O_ROUTE + sp] >= 0) << np.uint64(sp)
    return m


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


@kernel
def start_round(s):
    s[O_CUR] = s[O_FIRST]
    s[O_PASSES] = 0
    s[O_LAST] = -1
    s[O_LAST_LEAD] = -1


@kernel
def setup_game(s, K, n, rng, scr):
    """A new game on row s, dealt from the chance stream of rng (scr: scratch row)."""
    s[:] = 0
    s[O_N] = n
    s[O_STREAM] = -1
    s[O_STOP] = -1
    s[O_CAP] = K[K_MAX_TURNS]
    s[O_LAST_EVER] = -1
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
        s[player_at(p, P_SUPPLY)] = K[K_CUBES]
        s[player_at(p, P_REGION)] = K[K_LOC_REGION + start]
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


# -- the two writes every step makes: the event log and a score --------------------------------
@kernel(inline=True)
def log_event(log, nlog, log_on, ev, seat, a, b, c, d):
    if log_on:
        nlog[0] = write_event(log, nlog[0], ev, seat, a, b, c, d)


@kernel(inline=True)
def add_score(s, p, pts):
    s[player_at(p, P_SCORE)] += pts
