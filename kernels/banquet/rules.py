"""Applying a move and what follows, in the rulebook's order: an action (divine judgment,
reactions of the chosen, the effect, reactions of the moved), favors through the patron, a
turn, the scepter going round, the king's marks. The objective phase, the end and scoring
follow in objectives.py.

The games are played by the forward model (forward.py), which stops at every decision and
reuses this module's pieces that ask nobody (switch_places, beside_watched, note_signs,
scepter_step, standing_at, leader, log_event). The functions here that ask the seats' bots
in the middle of the rules (enter, resolve_action, ask_favor, take_turn, next_turn,
start_round, ...) are the pre-forward-model drivers, kept only for the rule tests that set
up a position and call them, and for kernel_bench; the golden hashes
(tests/banquet/test_golden.py) show they and the forward model play the same games."""
from numba import njit

from kernels.banquet.bots import (choose_bribe, choose_direction, choose_mark, choose_move, choose_partner,
                                  choose_place, choose_reaction, choose_veto, traitor_factions)
from kernels.banquet.castle import castle_after_effect, castle_next_turn, castle_turn_end
from kernels.banquet.layout import (A_ICON, A_JUDGED, A_OP, A_SHARE, BARON_F, END_PASS_CAP,
                                    END_TURN_CAP, EV_ACTION, EV_BRIBE, EV_FAVOR, EV_JUDGMENT, EV_MARK,
                                    EV_PASS, EV_PLACE, EV_REACT, EV_REVEAL, EV_ROUND, EV_SIT, FAVOR,
                                    F_ACTIONS, F_BRIBED, F_CAN_MARK, F_CHAR, F_DIR, F_END, F_FACTION,
                                    F_HOLDER, F_HOST, F_IN_REACTION, F_ITEM, F_KING, F_MARK, F_MARKED_ROUND,
                                    F_PASSES, F_PATRON, F_PLACE, F_PROT, F_REACTED, F_RING, F_ROUND, F_SECRET,
                                    F_SPENT, F_STAND, F_SUSPECT, F_TOKEN, F_TURNS, F_VETO, F_VETOS, F_WINDOW,
                                    KING_F, MAXP, MV_PASS, MV_SLOT, MV_X, MV_Y, MV_Z, M_ACTIONS, M_FAVORS,
                                    M_MARKS, M_PASSES, M_REACTIONS, M_VETOES, ON_MOVED, ON_TARGETED,
                                    OP_BRING_NEXT_TO, OP_EACH_ADJACENT_SWITCH, OP_LOOK, OP_MOVE_NEXT_TO,
                                    OP_MOVE_TO, OP_PROTECT, OP_REVEAL, OP_REVERSE, OP_SIT, OP_STAND,
                                    OP_SWAP_TWO, OP_SWITCH, REACTION, R_ACTION_CAP, R_BRIBE_SEATED,
                                    R_CH_ABBESS, R_CH_ABBOT, R_CH_MERCHANT, R_FULL, R_HOST_RECEIPT, R_N,
                                    R_NPL, R_PASS_CAP, R_RING, R_SCEN, SCEN_BANQUET, SCEN_CASTLE, SCEN_ESTATE,
                                    SCEN_SPIES, SPY, T_ACTIONS, T_RULES)
from kernels.banquet.moves import affectable, chooser_ok, list_moves, list_reactions, partner_ok, place_open
from kernels.banquet.state import (adjacent, initiative, learn, lowest_initiative_at, player_place,
                                   reveal_to_all, seat_of_char, standing_count, step)
from kernels.common import write_event
from kernels.rng import below, CHANCE


EMPTY = -2      # standing_at: nobody at the place


@njit(cache=True, _nrt=False, inline="always")
def log_event(log, io, on, ev, seat, a, b, c, d):
    if on:
        io[0] = write_event(log, io[0], ev, seat, a, b, c, d)


# -- moving people ----------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def enter(st, tables, p, q, share, sb, w, rng, pl, od, moved, log, io, on):
    """p moves to place q. Unless sharing, the players there leave, lowest initiative first,
    each to an unoccupied place of his choice (his bot; reading B18). There is always one:
    every place holding two or more players leaves another empty, so the places freed number
    at least the players displaced."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    former = st[F_PLACE + p]
    st[F_PLACE + p] = q
    moved[p] = 1
    log_event(log, io, on, EV_PLACE, p, q, 0, 0, 0)
    if share == 1:
        return
    while True:
        o = lowest_initiative_at(st, tables, q, n, False, p)
        if o < 0:
            return
        io[1] += 1
        dest = choose_place(st, tables, o, n, npl, sb[o], w, rng, pl, od, former)
        st[F_PLACE + o] = dest
        moved[o] = 1
        log_event(log, io, on, EV_PLACE, o, dest, 1, 0, 0)


@njit(cache=True, _nrt=False)
def switch_places(st, x, y, moved, log, io, on):
    st[F_PLACE + x], st[F_PLACE + y] = st[F_PLACE + y], st[F_PLACE + x]
    moved[x] = 1
    moved[y] = 1
    log_event(log, io, on, EV_PLACE, x, st[F_PLACE + x], 0, 0, 0)
    log_event(log, io, on, EV_PLACE, y, st[F_PLACE + y], 0, 0, 0)


@njit(cache=True, _nrt=False)
def resolve_effect(st, tables, a, slot, x, y, z, sb, w, rng, pl, od, moved, cand, log, io, on):
    """What a's action does, checked again now (a reaction may have changed the table): an
    effect that is no longer possible on someone simply does not happen to him."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    row = tables[T_ACTIONS][st[F_CHAR + a], slot]
    op, icon = row[A_OP], row[A_ICON]
    if op == OP_SWITCH:
        if affectable(st, tables, a, x, icon) and st[F_PLACE + x] != st[F_PLACE + a]:
            switch_places(st, a, x, moved, log, io, on)
    elif op == OP_SWAP_TWO:
        if (affectable(st, tables, a, x, icon) and affectable(st, tables, a, y, icon)
                and st[F_PLACE + x] != st[F_PLACE + y]):
            switch_places(st, x, y, moved, log, io, on)
    elif op == OP_MOVE_TO:
        if x != st[F_PLACE + a] and player_place(st, x) and (
                row[A_SHARE] == 1 or place_open(st, tables, a, x, icon, a, n)):
            enter(st, tables, a, x, row[A_SHARE], sb, w, rng, pl, od, moved, log, io, on)
    elif op == OP_MOVE_NEXT_TO:
        q = step(st[F_PLACE + x], z, npl)
        if q != st[F_PLACE + a] and place_open(st, tables, a, q, icon, a, n):
            enter(st, tables, a, q, 0, sb, w, rng, pl, od, moved, log, io, on)
    elif op == OP_BRING_NEXT_TO:
        q = step(st[F_PLACE + a], z, npl)
        if affectable(st, tables, a, x, icon) and q != st[F_PLACE + x] and place_open(st, tables, a, q, icon, x, n):
            enter(st, tables, x, q, 0, sb, w, rng, pl, od, moved, log, io, on)
    elif op == OP_EACH_ADJACENT_SWITCH:
        each_adjacent_switch(st, tables, a, row, sb, w, rng, pl, od, moved, cand, log, io, on)
    elif op == OP_SIT:
        if affectable(st, tables, a, x, icon) and st[F_STAND + x] == 1:
            st[F_STAND + x] = 0
            log_event(log, io, on, EV_SIT, a, x, 1, 0, 0)
    elif op == OP_STAND:
        if affectable(st, tables, a, x, icon) and st[F_STAND + x] == 0:
            st[F_STAND + x] = 1
            log_event(log, io, on, EV_SIT, a, x, 0, 0, 0)
    elif op == OP_REVERSE:
        st[F_DIR] = -st[F_DIR]
    elif op == OP_PROTECT:
        if affectable(st, tables, a, x, icon):
            st[F_PROT + x] = 1
    elif op == OP_LOOK:
        if affectable(st, tables, a, x, icon):
            learn(st, tables, a, x, n)
            log_event(log, io, on, EV_REVEAL, x, st[F_ITEM + x], 0, a, 0)
    elif op == OP_REVEAL:
        if affectable(st, tables, a, x, icon):
            reveal_to_all(st, x, n)
            log_event(log, io, on, EV_REVEAL, x, st[F_ITEM + x], 1, a, 0)
    if rules[R_SCEN] == SCEN_CASTLE:
        castle_after_effect(st, tables, moved, log, io, on)


@njit(cache=True, _nrt=False)
def each_adjacent_switch(st, tables, a, row, sb, w, rng, pl, od, moved, cand, log, io, on):
    """Each player next to a who passes the filter (lowest initiative first), as the table
    stands before any of them moves, chooses a partner and switches with him (the
    Gamekeeper's printed action 1)."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    choosers = cand[MAXP:2 * MAXP]
    m = 0
    for c in range(n):
        if adjacent(st, a, c, npl) and chooser_ok(st, tables, a, row, c, n, npl):
            choosers[m] = c
            m += 1
    for i in range(m):               # initiative order
        for j in range(i + 1, m):
            if initiative(st, tables, choosers[j]) < initiative(st, tables, choosers[i]):
                choosers[i], choosers[j] = choosers[j], choosers[i]
    for i in range(m):
        c = choosers[i]
        k = 0
        for o in range(n):
            if partner_ok(st, tables, a, row, c, o, n, npl):
                cand[k] = o
                k += 1
        if k == 0:
            continue
        io[1] += 1
        o = choose_partner(st, tables, c, a, row, n, npl, sb[c], w, rng, pl, od, cand, k)
        switch_places(st, c, o, moved, log, io, on)


@njit(cache=True, _nrt=False)
def offer_reaction(st, tables, r, window, sb, w, rng, mv, pl, od, moved, cand, log, io, on, met):
    """r may react in a window with no action pending (moved, objective)."""
    offer_reaction_to(st, tables, r, window, -1, 0, -1, -1, 0, sb, w, rng, mv, pl, od, moved, cand, log, io, on, met)


@njit(cache=True, _nrt=False)
def offer_reaction_to(st, tables, r, window, pa, pslot, px, py, pz, sb, w, rng, mv, pl, od, moved, cand, log, io,
                      on, met):
    """r may use his reaction if it answers this window kind, once per window; a reaction's
    own effect offers no reactions (reading B17). pa's pending action (pslot, px, py, pz;
    pa = -1: none) is what his bot weighs a protect against."""
    rules = tables[T_RULES]
    if rules[R_FULL] == 0 or st[F_IN_REACTION] == 1 or st[F_REACTED + r] == st[F_WINDOW]:
        return
    k = list_reactions(st, tables, r, window, mv)
    if k <= 1:
        return
    io[1] += 1
    i = choose_reaction(st, tables, r, sb[r], w, mv, k, rng, pl, od, pa, pslot, px, py, pz)
    if mv[i, MV_SLOT] == MV_PASS:
        return
    x, y, z = mv[i, MV_X], mv[i, MV_Y], mv[i, MV_Z]
    st[F_REACTED + r] = st[F_WINDOW]
    st[F_IN_REACTION] = 1
    met[r, M_REACTIONS] += 1.0
    log_event(log, io, on, EV_REACT, r, window, x, y, z)
    mark = cand[3 * MAXP:4 * MAXP]
    for p in range(MAXP):
        mark[p] = 0
    resolve_effect(st, tables, r, REACTION, x, y, z, sb, w, rng, pl, od, mark, cand, log, io, on)
    st[F_IN_REACTION] = 0


@njit(cache=True, _nrt=False)
def resolve_action(st, tables, a, slot, x, y, z, sb, w, rng, mv, pl, od, moved, cand, log, io, on, met):
    """One action: divine judgment if the card calls for it, the chosen players' reactions,
    the effect, then the reactions of those it moved."""
    rules = tables[T_RULES]
    n = rules[R_N]
    st[F_WINDOW] += 1
    row = tables[T_ACTIONS][st[F_CHAR + a], slot]
    if row[A_JUDGED] == 1:
        crown = below(rng, CHANCE, 2) == 0     # divine judgment: a fair coin from chance
        log_event(log, io, on, EV_JUDGMENT, a, 1 if crown else 0, 0, 0, 0)
        if not crown:
            return
    for t in (x, y):
        if t >= 0 and t != a and chooses_player(row[A_OP]):
            offer_reaction_to(st, tables, t, ON_TARGETED, a, slot, x, y, z, sb, w, rng, mv, pl, od, moved, cand, log,
                              io, on, met)
    for p in range(n):
        moved[p] = 0
    before = beside_watched(st, tables)
    resolve_effect(st, tables, a, slot, x, y, z, sb, w, rng, pl, od, moved, cand, log, io, on)
    note_signs(st, tables, a, before)
    st[F_WINDOW] += 1
    for p in range(n):
        if moved[p] != 0 and p != a:
            offer_reaction(st, tables, p, ON_MOVED, sb, w, rng, mv, pl, od, moved, cand, log, io, on, met)


@njit(cache=True, _nrt=False)
def beside_watched(st, tables):
    """The players next to the king (the baron in scenario 2), as a bit set."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    t = st[F_KING] if st[F_KING] >= 0 else st[F_HOST]
    m = 0
    for p in range(n):
        if adjacent(st, p, t, npl):
            m |= 1 << p
    return m


@njit(cache=True, _nrt=False)
def note_signs(st, tables, a, before):
    """A public sign everyone may read: a's action brought a faction-mate of a's who could
    hold the secret (a traitor; a baron's-faction member in scenario 2) next to the king
    (baron). The heuristic weighs it (odds' suspicion)."""
    rules = tables[T_RULES]
    n = rules[R_N]
    after = beside_watched(st, tables)
    spies = rules[R_SCEN] == SCEN_SPIES
    fa = st[F_FACTION + a]
    for p in range(n):
        if (after >> p) & 1 and not (before >> p) & 1 and st[F_FACTION + p] == fa:
            if (spies and fa == BARON_F) or (not spies and fa != KING_F):
                st[F_SUSPECT + p] += 1


@njit(cache=True, _nrt=False, inline="always")
def chooses_player(op):
    return op != OP_REVERSE and op != OP_EACH_ADJACENT_SWITCH and op != OP_MOVE_TO


# -- a turn -----------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def bribe(st, tables, spy, sb, w, rng, od, cand, log, io, on):
    """Scenario 2: a spy about to act may, once a round, show his token to an adjacent player
    (seated, if the reading asks), who shows his own: both factions learn (reading B6)."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    if st[F_BRIBED + spy] == st[F_ROUND]:
        return
    m = 0
    for o in range(n):
        if adjacent(st, spy, o, npl) and (rules[R_BRIBE_SEATED] == 0 or st[F_STAND + o] == 0):
            cand[m] = o
            m += 1
    if m == 0:
        return
    io[1] += 1
    o = choose_bribe(st, tables, spy, cand, m, sb[spy], w, rng, od)
    if o < 0:
        return
    st[F_BRIBED + spy] = st[F_ROUND]
    learn(st, tables, spy, o, n)
    learn(st, tables, o, spy, n)
    log_event(log, io, on, EV_BRIBE, spy, o, st[F_ITEM + o], 0, 0)


@njit(cache=True, _nrt=False)
def ask_favor(st, tables, a, x, y, z, sb, w, rng, mv, pl, od, moved, cand, log, io, on, met):
    """The patron accepts, or declines by spending a veto token (the turn is used either way);
    without tokens he cannot decline; the Signet Ring's first request cannot be declined."""
    rules = tables[T_RULES]
    patron = st[F_PATRON]
    met[a, M_FAVORS] += 1.0
    accepted = True
    if rules[R_SCEN] == SCEN_ESTATE:
        accepted = estate_favor(st, tables, a, x, y, z, sb, w, rng, pl, od, io, met)
    elif patron == a:
        accepted = True
    elif st[F_RING] == a and rules[R_RING] == 1:
        st[F_RING] = -1
    elif st[F_VETO] > 0:
        io[1] += 1
        if choose_veto(st, tables, patron, a, FAVOR, x, y, z, sb[patron], w, rng, pl, od):
            accepted = False
            st[F_VETO] -= 1
            st[F_SPENT] += 1
            met[patron, M_VETOES] += 1.0
    log_event(log, io, on, EV_FAVOR, a, 1 if accepted else 0, x, y, z)
    if accepted:
        resolve_action(st, tables, a, FAVOR, x, y, z, sb, w, rng, mv, pl, od, moved, cand, log, io, on, met)


@njit(cache=True, _nrt=False)
def estate_favor(st, tables, a, x, y, z, sb, w, rng, pl, od, io, met):
    """Scenario 5: the three patrons declare in turn, from the one on a's left going
    clockwise (index + 1, reading B12); the first to decline spends a token and the request
    fails, the rest count as accepting. The active player, if a patron, accepts (B9); a
    patron without tokens cannot decline; the Signet Ring's first request binds them all."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    if st[F_RING] == a and rules[R_RING] == 1:
        st[F_RING] = -1
        return True
    qa = st[F_PLACE + a]
    done = 0
    for _ in range(3):
        best = -1
        best_d = 0
        for f in range(3):          # the next undeclared patron clockwise from a
            if (done >> f) & 1:
                continue
            p = leader(st, tables, f)
            d = (st[F_PLACE + p] - qa + npl) % npl
            if d == 0:
                d = npl             # sharing a's place: reached last
            if best < 0 or d < best_d:
                best, best_d = f, d
        done |= 1 << best
        p = leader(st, tables, best)
        if p == a or st[F_VETOS + best] == 0:
            continue
        io[1] += 1
        if choose_veto(st, tables, p, a, FAVOR, x, y, z, sb[p], w, rng, pl, od):
            st[F_VETOS + best] -= 1
            st[F_SPENT] += 1
            met[p, M_VETOES] += 1.0
            return False
    return True


@njit(cache=True, _nrt=False)
def leader(st, tables, f):
    """Scenario 5: the seat of faction f's leader (0 the merchant, 1 the abbot, 2 the abbess)."""
    rules = tables[T_RULES]
    c = (rules[R_CH_MERCHANT], rules[R_CH_ABBOT], rules[R_CH_ABBESS])[f]
    return seat_of_char(st, rules[R_N], c)


@njit(cache=True, _nrt=False)
def begin_turn(st, tables, a, sb, w, rng, od, cand, log, io, on):
    """What comes before a's choice: a spy's bribe (scenario 2)."""
    rules = tables[T_RULES]
    if rules[R_SCEN] == SCEN_SPIES and st[F_SECRET + a] == SPY:
        bribe(st, tables, a, sb, w, rng, od, cand, log, io, on)


@njit(cache=True, _nrt=False)
def finish_turn(st, tables, a, slot, x, y, z, sb, w, rng, mv, pl, od, moved, cand, log, io, on, met):
    """a plays (slot, x, y, z) - an action, a favor request or a pass - then sits."""
    rules = tables[T_RULES]
    st[F_TURNS] += 1
    if slot == MV_PASS:
        met[a, M_PASSES] += 1.0
        log_event(log, io, on, EV_PASS, a, 0, 0, 0, 0)
    else:
        met[a, M_ACTIONS] += 1.0
        st[F_ACTIONS] += 1
        log_event(log, io, on, EV_ACTION, a, slot, x, y, z)
        if slot == FAVOR:
            ask_favor(st, tables, a, x, y, z, sb, w, rng, mv, pl, od, moved, cand, log, io, on, met)
        else:
            resolve_action(st, tables, a, slot, x, y, z, sb, w, rng, mv, pl, od, moved, cand, log, io, on, met)
    if rules[R_SCEN] == SCEN_CASTLE:
        castle_turn_end(st, tables, a, sb, w, rng, log, io, on)
    else:
        st[F_STAND + a] = 0
    if st[F_ACTIONS] > rules[R_ACTION_CAP]:
        st[F_END] = END_TURN_CAP


@njit(cache=True, _nrt=False)
def take_turn(st, tables, a, sb, w, rng, mv, pl, od, moved, cand, log, io, on, met):
    """a, standing, has the scepter: (a spy's bribe,) one action or a pass, then he sits."""
    begin_turn(st, tables, a, sb, w, rng, od, cand, log, io, on)
    k = list_moves(st, tables, a, mv)
    io[1] += 1
    i = choose_move(st, tables, a, sb[a], w, mv, k, rng, pl, od)
    finish_turn(st, tables, a, mv[i, MV_SLOT], mv[i, MV_X], mv[i, MV_Y], mv[i, MV_Z], sb, w, rng, mv, pl, od,
                moved, cand, log, io, on, met)


# -- the scepter and the king's marks ---------------------------------------------------------
@njit(cache=True, _nrt=False)
def king_receives(st, tables, sb, w, rng, od, log, io, on, met):
    """Scenario 1: the king, given the scepter (seated or standing) while another player
    stands, may mark one player of each traitor faction, once a round; a new mark costs a
    token from his supply, moving a mark costs none."""
    rules = tables[T_RULES]
    n = rules[R_N]
    king = st[F_KING]
    if rules[R_SCEN] != SCEN_BANQUET or st[F_CAN_MARK] == 0 or st[F_MARKED_ROUND] == st[F_ROUND]:
        return
    if standing_count(st, n) - st[F_STAND + king] == 0:
        return
    f1, f2 = traitor_factions(rules[R_SCEN])
    marked = False
    for i in range(2):
        f = f1 if i == 0 else f2
        cur = st[F_MARK + i]
        if cur < 0 and st[F_VETO] == 0:
            continue
        io[1] += 1
        p = choose_mark(st, tables, king, sb[king], w, f, rng, od)
        if p < 0 or p == cur:
            continue
        if cur >= 0:
            st[F_TOKEN + cur] = 0
        else:
            st[F_VETO] -= 1
        st[F_TOKEN + p] = 1
        st[F_MARK + i] = p
        marked = True
        met[king, M_MARKS] += 1.0
        log_event(log, io, on, EV_MARK, king, p, f, 0, 0)
    if marked:
        st[F_MARKED_ROUND] = st[F_ROUND]


@njit(cache=True, _nrt=False)
def next_receiver(st, tables, holder, first, sb, w, rng, od, log, io, on, met):
    """The standing player the scepter reaches next: a standing player sharing the holder's
    place (lowest initiative; not for the host's opening hand-off), else place by place in
    the round's direction, seated players passing it on at once. -1 at the pass cap."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    q = st[F_PLACE + holder]
    if not first:
        r = lowest_initiative_at(st, tables, q, n, True, holder)
        if r >= 0:
            st[F_PASSES] += 1
            if r == st[F_KING]:
                king_receives(st, tables, sb, w, rng, od, log, io, on, met)
            return r
    for _ in range(npl):
        q = scepter_step(st, q, st[F_DIR], npl)
        r = standing_at(st, tables, q, n)
        if r == EMPTY:
            continue                    # an empty place: nobody to hand the scepter to
        st[F_PASSES] += 1
        if st[F_PASSES] > rules[R_PASS_CAP]:
            st[F_END] = END_PASS_CAP
            return -1
        king = st[F_KING]
        if king >= 0 and st[F_PLACE + king] == q:
            king_receives(st, tables, sb, w, rng, od, log, io, on, met)
            r = standing_at(st, tables, q, n)     # marking stands nobody up, but read again
        if r >= 0:
            return r
    return -1



@njit(cache=True, _nrt=False)
def scepter_step(st, q, d, npl):
    """The next place from q in direction d the scepter stops at: it skips every place no
    player may occupy (reading B11)."""
    for _ in range(npl):
        q = step(q, d, npl)
        if player_place(st, q):
            return q
    return q


@njit(cache=True, _nrt=False)
def standing_at(st, tables, q, n):
    """The standing player at place q with the lowest initiative; -1 if everyone there is
    seated, EMPTY if nobody is there."""
    best = EMPTY
    for p in range(n):
        if st[F_PLACE + p] == q:
            if st[F_STAND + p] == 0:
                if best == EMPTY:
                    best = -1
            elif best < 0 or initiative(st, tables, p) < initiative(st, tables, best):
                best = p
    return best


@njit(cache=True, _nrt=False)
def start_round(st, tables, sb, w, rng, od, log, io, on, met):
    """Everyone stands; the host picks the round's direction (he will hand the scepter on)."""
    rules = tables[T_RULES]
    n = rules[R_N]
    for p in range(n):
        st[F_STAND + p] = 1
        st[F_PROT + p] = 0
    st[F_ACTIONS] = 0
    st[F_PASSES] = 0
    if rules[R_SCEN] == SCEN_ESTATE:        # the merchant, the abbot, the abbess in turn
        st[F_HOST] = leader(st, tables, st[F_ROUND] % 3)
    host = st[F_HOST]
    io[1] += 1
    st[F_DIR] = choose_direction(st, tables, host, sb[host], w, rng, od)
    st[F_HOLDER] = host
    log_event(log, io, on, EV_ROUND, host, st[F_ROUND], st[F_DIR], 0, 0)
    if rules[R_HOST_RECEIPT] == 1 and host == st[F_KING]:
        king_receives(st, tables, sb, w, rng, od, log, io, on, met)


@njit(cache=True, _nrt=False)
def next_turn(st, tables, first, sb, w, rng, od, log, io, on, met):
    """Who acts next (the scepter goes on from its holder), or -1 when the last standing
    player has sat (the turn phase ends) or the pass cap stopped the game."""
    rules = tables[T_RULES]
    if rules[R_SCEN] == SCEN_CASTLE:
        return castle_next_turn(st, tables, first, sb, w, rng, log, io, on)
    if standing_count(st, rules[R_N]) == 0:
        return -1
    r = next_receiver(st, tables, st[F_HOLDER], first, sb, w, rng, od, log, io, on, met)
    if r >= 0:
        st[F_HOLDER] = r
    return r
