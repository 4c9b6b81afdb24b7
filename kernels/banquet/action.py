"""An action and the reactions it sets off, in the rulebook's order (kernels/banquet/forward.py's
advance drives them one step at a time): divine judgment if the card calls for it, the chosen
players' reactions, the effect (checked again now: a reaction may have changed the table),
the reactions of the players it moved; a reaction's own effect; the objective phase's
reactions. Entering a place (the displaced players' new places) and the each-adjacent
switch (the choosers' partners) stop at each player's choice (F_EF_*)."""
from numba import njit

from kernels.banquet.castle import castle_after_effect
from kernels.banquet.layout import (A_ICON, A_JUDGED, A_OP, A_SHARE, AC_EFFECT_DONE, AC_IDLE, AC_MOVED,
                                    AC_TARGETED, DEC_PARTNER, DEC_PLACE, DEC_REACTION, EF_DONE, EF_ENTER,
                                    EF_IDLE, EF_PARTNER, EV_JUDGMENT, EV_PLACE, EV_REACT, EV_REVEAL, EV_SIT,
                                    F_AC_A, F_AC_BEFORE, F_AC_I, F_AC_SLOT, F_AC_STEP, F_AC_X, F_AC_Y, F_AC_Z,
                                    F_CH_I, F_CH_N, F_CHAR, F_CHOOSERS, F_DIR, F_EF_A, F_EF_REACT, F_EF_SLOT,
                                    F_EF_STEP, F_EF_X, F_EF_Y, F_EF_Z, F_EN_FORMER, F_EN_P, F_EN_Q,
                                    F_IN_REACTION, F_ITEM, F_MOVED, F_OB_I, F_PLACE, F_PROT, F_RE_PA,
                                    F_RE_SLOT, F_RE_WIN, F_RE_X, F_RE_Y, F_RE_Z, F_REACTED, F_RMOVED, F_STAND,
                                    F_STEP, F_WINDOW, M_REACTIONS, MAXP, MV_PASS, ON_MOVED, ON_OBJECTIVE,
                                    ON_TARGETED, OP_BRING_NEXT_TO, OP_EACH_ADJACENT_SWITCH, OP_LOOK,
                                    OP_MOVE_NEXT_TO, OP_MOVE_TO, OP_PROTECT, OP_REVEAL, OP_REVERSE, OP_SIT,
                                    OP_STAND, OP_SWAP_TWO, OP_SWITCH, R_FULL, R_GK_FIXED, R_GK_INITIATIVE,
                                    R_N, R_NPL, R_SCEN, REACTION, S_OBJ_SCORE, SCEN_CASTLE, T_ACTIONS,
                                    T_RULES)
from kernels.banquet.moves import affectable, chooser_ok, list_reactions, partner_ok, place_open
from kernels.banquet.rules import ask, beside_watched, chooses_player, log_event, note_signs, switch_places
from kernels.banquet.state import (adjacent, free_place, initiative, learn, lowest_initiative_at, moved_flags,
                                   player_place, reveal_to_all, step)
from kernels.rng import below, CHANCE


# -- an action --------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def begin_action(st, tables, rng, log, io, on):
    """One action (F_AC_*): divine judgment if the card calls for it; then (action_step) the
    chosen players' reactions, the effect, the reactions of those it moved."""
    a = st[F_AC_A]
    st[F_WINDOW] += 1
    row = tables[T_ACTIONS][st[F_CHAR + a], st[F_AC_SLOT]]
    if row[A_JUDGED] == 1:
        crown = below(rng, CHANCE, 2) == 0     # divine judgment: a fair coin from chance
        log_event(log, io, on, EV_JUDGMENT, a, 1 if crown else 0, 0, 0, 0)
        if not crown:
            return
    st[F_AC_I] = 0
    st[F_AC_STEP] = AC_TARGETED


@njit(cache=True, _nrt=False)
def action_step(st, tables, io, mv, log, on, met):
    rules = tables[T_RULES]
    n = rules[R_N]
    a = st[F_AC_A]
    s = st[F_AC_STEP]
    if s == AC_TARGETED:
        op = tables[T_ACTIONS][st[F_CHAR + a], st[F_AC_SLOT], A_OP]
        while st[F_AC_I] < 2:
            t = st[F_AC_X] if st[F_AC_I] == 0 else st[F_AC_Y]
            st[F_AC_I] += 1
            if t >= 0 and t != a and chooses_player(op):
                if offer_reaction(st, tables, io, mv, t, ON_TARGETED, a):
                    return
        for p in range(n):
            st[F_MOVED + p] = 0
        st[F_AC_BEFORE] = beside_watched(st, tables)
        st[F_AC_STEP] = AC_EFFECT_DONE
        begin_effect(st, tables, a, st[F_AC_SLOT], st[F_AC_X], st[F_AC_Y], st[F_AC_Z], 0, log, io, on)
    elif s == AC_EFFECT_DONE:
        note_signs(st, tables, a, st[F_AC_BEFORE])
        st[F_WINDOW] += 1
        st[F_AC_I] = 0
        st[F_AC_STEP] = AC_MOVED
    elif s == AC_MOVED:
        while st[F_AC_I] < n:
            p = st[F_AC_I]
            st[F_AC_I] += 1
            if st[F_MOVED + p] != 0 and p != a:
                if offer_reaction(st, tables, io, mv, p, ON_MOVED, -1):
                    return
        st[F_AC_STEP] = AC_IDLE


@njit(cache=True, _nrt=False)
def offer_reaction(st, tables, io, mv, r, window, pa):
    """r may use his reaction if it answers this window kind, once per window; a reaction's
    own effect offers no reactions (reading B17). pa: the actor whose pending action (F_AC_*)
    chose r, -1 none. True if asked."""
    rules = tables[T_RULES]
    if rules[R_FULL] == 0 or st[F_IN_REACTION] == 1 or st[F_REACTED + r] == st[F_WINDOW]:
        return False
    if list_reactions(st, tables, r, window, mv) <= 1:
        return False
    st[F_RE_WIN] = window
    st[F_RE_PA] = pa
    st[F_RE_SLOT] = st[F_AC_SLOT]
    st[F_RE_X] = st[F_AC_X]
    st[F_RE_Y] = st[F_AC_Y]
    st[F_RE_Z] = st[F_AC_Z]
    ask(st, io, DEC_REACTION, r)
    return True


@njit(cache=True, _nrt=False)
def react(st, tables, r, slot, x, y, z, log, io, on, met):
    if slot == MV_PASS:
        return
    st[F_REACTED + r] = st[F_WINDOW]
    st[F_IN_REACTION] = 1
    met[r, M_REACTIONS] += 1.0
    log_event(log, io, on, EV_REACT, r, st[F_RE_WIN], x, y, z)
    for p in range(MAXP):
        st[F_RMOVED + p] = 0
    begin_effect(st, tables, r, REACTION, x, y, z, 1, log, io, on)


@njit(cache=True, _nrt=False, inline="always")
def objective_reaction(st, tables, io, sim, mv):
    """The objective phase's reactions, lowest initiative first (reading B17), then its
    scoring."""
    n = tables[T_RULES][R_N]
    order = sim[0:MAXP]
    for p in range(n):
        order[p] = p
    for i in range(n):
        for j in range(i + 1, n):
            if initiative(st, tables, order[j]) < initiative(st, tables, order[i]):
                order[i], order[j] = order[j], order[i]
    while st[F_OB_I] < n:
        p = order[st[F_OB_I]]
        st[F_OB_I] += 1
        if offer_reaction(st, tables, io, mv, p, ON_OBJECTIVE, -1):
            return
    st[F_STEP] = S_OBJ_SCORE


# -- an effect --------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def begin_effect(st, tables, a, slot, x, y, z, reaction, log, io, on):
    """What a's action (or reaction) does, checked again now (a reaction may have changed the
    table): an effect no longer possible on someone simply does not happen to him. Entering
    a place and the each-adjacent switch continue in effect_step (the players' choices)."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    st[F_EF_A] = a
    st[F_EF_SLOT] = slot
    st[F_EF_X] = x
    st[F_EF_Y] = y
    st[F_EF_Z] = z
    st[F_EF_REACT] = reaction
    st[F_EF_STEP] = EF_DONE
    moved = moved_flags(st, reaction)
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
            enter(st, a, x, row[A_SHARE], moved, log, io, on)
    elif op == OP_MOVE_NEXT_TO:
        q = step(st[F_PLACE + x], z, npl)
        if q != st[F_PLACE + a] and place_open(st, tables, a, q, icon, a, n):
            enter(st, a, q, 0, moved, log, io, on)
    elif op == OP_BRING_NEXT_TO:
        q = step(st[F_PLACE + a], z, npl)
        if affectable(st, tables, a, x, icon) and q != st[F_PLACE + x] and place_open(st, tables, a, q, icon, x, n):
            enter(st, x, q, 0, moved, log, io, on)
    elif op == OP_EACH_ADJACENT_SWITCH:
        choosers(st, tables, a, row)
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


@njit(cache=True, _nrt=False)
def enter(st, p, q, share, moved, log, io, on):
    """p moves to place q. Unless sharing, the players there leave (effect_step: lowest
    initiative first, each to an unoccupied place of his choice: reading B18)."""
    st[F_EN_P] = p
    st[F_EN_Q] = q
    st[F_EN_FORMER] = st[F_PLACE + p]
    st[F_PLACE + p] = q
    moved[p] = 1
    log_event(log, io, on, EV_PLACE, p, q, 0, 0, 0)
    if share == 0:
        st[F_EF_STEP] = EF_ENTER


@njit(cache=True, _nrt=False)
def choosers(st, tables, a, row):
    """Each player next to a who passes the filter, in initiative order, as the table stands
    before any of them moves (the Gamekeeper's printed action 1)."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    m = 0
    for c in range(n):
        if adjacent(st, a, c, npl) and chooser_ok(st, tables, a, row, c, n, npl):
            st[F_CHOOSERS + m] = c
            m += 1
    for i in range(m):
        for j in range(i + 1, m):
            if chooses_before(st, tables, a, st[F_CHOOSERS + j], st[F_CHOOSERS + i], npl):
                st[F_CHOOSERS + i], st[F_CHOOSERS + j] = st[F_CHOOSERS + j], st[F_CHOOSERS + i]
    st[F_CH_N] = m
    st[F_CH_I] = 0
    st[F_EF_STEP] = EF_PARTNER


@njit(cache=True, _nrt=False)
def chooses_before(st, tables, a, c, o, npl):
    """Does chooser c choose before o? Lowest initiative first (gamekeeper_initiative_order),
    else the nearer clockwise from the active player a."""
    if tables[T_RULES][R_GK_INITIATIVE] == 1:
        return initiative(st, tables, c) < initiative(st, tables, o)
    qa = st[F_PLACE + a]
    return (st[F_PLACE + c] - qa + npl) % npl < (st[F_PLACE + o] - qa + npl) % npl


@njit(cache=True, _nrt=False)
def effect_step(st, tables, io, log, on):
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    s = st[F_EF_STEP]
    moved = moved_flags(st, st[F_EF_REACT])
    if s == EF_ENTER:
        while True:
            o = lowest_initiative_at(st, tables, st[F_EN_Q], n, False, st[F_EN_P])
            if o < 0:
                break
            if free_count(st, n, npl) > 0:
                ask(st, io, DEC_PLACE, o)
                return
            io[1] += 1                  # asked with no free place: he takes the mover's former one
            st[F_PLACE + o] = st[F_EN_FORMER]
            moved[o] = 1
            log_event(log, io, on, EV_PLACE, o, st[F_EN_FORMER], 1, 0, 0)
        st[F_EF_STEP] = EF_DONE
    elif s == EF_PARTNER:
        a = st[F_EF_A]
        row = tables[T_ACTIONS][st[F_CHAR + a], st[F_EF_SLOT]]
        while st[F_CH_I] < st[F_CH_N]:
            c = st[F_CHOOSERS + st[F_CH_I]]
            st[F_CH_I] += 1
            if rules[R_GK_FIXED] == 0 and not adjacent(st, a, c, npl):
                continue                # an earlier switch took her away: she no longer chooses
            for o in range(n):
                if partner_ok(st, tables, a, row, c, o, n, npl):
                    ask(st, io, DEC_PARTNER, c)
                    return
        st[F_EF_STEP] = EF_DONE
    else:                               # EF_DONE
        if rules[R_SCEN] == SCEN_CASTLE:
            castle_after_effect(st, tables, moved, log, io, on)
        if st[F_EF_REACT] == 1:
            st[F_IN_REACTION] = 0
        st[F_EF_STEP] = EF_IDLE


@njit(cache=True, _nrt=False)
def free_count(st, n, npl):
    m = 0
    for q in range(npl):
        if free_place(st, n, q):
            m += 1
    return m
