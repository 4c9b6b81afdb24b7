"""The bots' choices: every decision the game asks of a seat, on its turn or off it, from the
valuations in values.py (the random bot draws from its seat's stream). They read the state
only through what their seat knows (F_KNOWN) and never change it. ``choose_option`` is the
bots as a policy: the pending decision and its option rows in, an option index out."""
from numba import njit

from kernels.banquet.castle_team import choose_enter, choose_keyring_pass, choose_reflip
from kernels.banquet.layout import (A_OP, BOT_RANDOM, DEC_ACTION, DEC_BRIBE, DEC_DIRECTION, DEC_GATEHOUSE,
                                    DEC_KEYRING, DEC_MARK, DEC_PARTNER, DEC_PLACE, DEC_REACTION, DEC_REFLIP,
                                    DEC_SEAT, DEC_SEND, DEC_VETO, F_AC_A, F_AC_X, F_AC_Y, F_AC_Z, F_ACTIONS,
                                    F_CHAR, F_DEC, F_DUKE_DIR, F_EF_A, F_EF_SLOT, F_EN_FORMER, F_FACTION,
                                    F_MARK, F_MK_I, F_PLACE, F_RE_PA, F_RE_SLOT, F_RE_X, F_RE_Y, F_RE_Z,
                                    F_SECRET, FAVOR, MV_SLOT, MV_X, MV_Y, MV_Z, O_CHOICE, OP_BRING_NEXT_TO,
                                    OP_LOOK, OP_PROTECT, OP_REVEAL, OP_SIT, OP_STAND, OP_SWAP_TWO, OP_SWITCH,
                                    R_N, R_NPL, R_SCEN, SCEN_CASTLE, SCEN_ESTATE, T_ACTIONS, T_RULES,
                                    W_CASTLE_AGAINST, W_CASTLE_SHORT, W_DIRECTION_LAP, W_MARK_MIDROUND,
                                    W_MARK_PATIENCE, W_VETO)
from kernels.banquet.moves import sim_apply
from kernels.banquet.setup_places import choose_sender, choose_setup_place
from kernels.banquet.state import free_place, knows, step, traitor_factions
from kernels.banquet.values import (castle_direction_score, copy_places, lean, odds, order_score, side_value,
                                    value, wait_worth, weight)
from kernels.rng import below, BOT0, uniform


@njit(cache=True, _nrt=False)
def choose_move(st, tables, a, bot, w, mv, k, rng, pl, od):
    """The row of mv[:k] seat a plays: uniform (random) or the best one-step value."""
    if bot == BOT_RANDOM or k == 1:
        return below(rng, BOT0 + a, k)
    rules = tables[T_RULES]
    n = rules[R_N]
    odds(st, tables, a, od, lean(w, bot))
    copy_places(st, n, pl)
    best = 0
    best_v = value(st, tables, a, pl, od, bot, w)
    for i in range(1, k):
        copy_places(st, n, pl)
        slot = mv[i, MV_SLOT]
        sim_apply(st, tables, a, slot, mv[i, MV_X], mv[i, MV_Y], mv[i, MV_Z], pl)
        x = value(st, tables, a, pl, od, bot, w)
        x += side_value(st, tables, a, a, slot, mv[i, MV_X], od, bot, w, pl)
        if slot == FAVOR:
            x -= 0.01           # a favor may be declined
        x += 1e-7 * uniform(rng, BOT0 + a)
        if x > best_v + 1e-6:
            best_v = x
            best = i
    return best


@njit(cache=True, _nrt=False)
def blocks(op, t, pa, px, py):
    """Protecting t voids a's pending action (op on px, py): the effect checks again whether
    it may choose t (moves.affectable), and a's own self is never protected from a."""
    if t == pa:
        return False
    if op == OP_SWAP_TWO:
        return t == px or t == py
    if (op == OP_SWITCH or op == OP_BRING_NEXT_TO or op == OP_SIT or op == OP_STAND
            or op == OP_LOOK or op == OP_REVEAL or op == OP_PROTECT):
        return t == px
    return False


@njit(cache=True, _nrt=False, inline="always")
def choose_reaction(st, tables, r, bot, w, mv, k, rng, pl, od, pa, pslot, px, py, pz):
    """The row of mv[:k] (row 0: not reacting) r plays when pa's pending action (slot, x, y,
    z) chose him; pa = -1 when nothing is pending (the moved and objective windows: as
    choose_move). A protect that voids the pending action is worth the seating it prevents
    (r's value now less after that action: a loss avoided, or a gain forgone when the action
    helps r's faction), and a look or reveal it prevents, at a secret r knows, what a
    look is worth; the rest as choose_move."""
    if bot == BOT_RANDOM or k == 1 or pa < 0:
        return choose_move(st, tables, r, bot, w, mv, k, rng, pl, od)
    rules = tables[T_RULES]
    n = rules[R_N]
    acts = tables[T_ACTIONS]
    pop = acts[st[F_CHAR + pa], pslot, A_OP]
    odds(st, tables, r, od, lean(w, bot))
    copy_places(st, n, pl)
    best = 0
    best_v = value(st, tables, r, pl, od, bot, w)
    sim_apply(st, tables, pa, pslot, px, py, pz, pl)
    threat = best_v - value(st, tables, r, pl, od, bot, w)
    if (pop == OP_LOOK or pop == OP_REVEAL) and knows(st, r, px) and st[F_SECRET + px] >= 0:
        threat += 0.05
    for i in range(1, k):
        copy_places(st, n, pl)
        slot = mv[i, MV_SLOT]
        x = mv[i, MV_X]
        sim_apply(st, tables, r, slot, x, mv[i, MV_Y], mv[i, MV_Z], pl)
        v = value(st, tables, r, pl, od, bot, w)
        v += side_value(st, tables, r, r, slot, x, od, bot, w, pl)
        if acts[st[F_CHAR + r], slot, A_OP] == OP_PROTECT and blocks(pop, x, pa, px, py):
            v += threat
        v += 1e-7 * uniform(rng, BOT0 + r)
        if v > best_v + 1e-6:
            best_v = v
            best = i
    return best


@njit(cache=True, _nrt=False, inline="always")
def choose_direction(st, tables, host, bot, w, rng, od):
    """+1 or -1. Scenarios 1-4: the player just before the host in the round's order acts
    second to last; the host wants him trusted (a low chance of carrying the secret, or a
    faction-mate). Scenarios 5 and 6 have no secret and often no player just before the host
    (the places beside him may be the portions or the castle's places): they weigh the whole
    order (order_score) and, in scenario 6, the passes until the scepter reaches the team's
    next step (castle_direction_score, by castle_short_way) and the duke's walk: against it
    (castle_against_duke; measured, issue 31: heuristic tables at 8 players, full rules, rescue
    11.3% sending it against him, 6.5% with him, 8.6% the short way to the next step); all by
    direction_lap (0: as scenarios 1-4, which there ties and sends it clockwise)."""
    if bot == BOT_RANDOM:
        return 1 if below(rng, BOT0 + host, 2) == 0 else -1
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    odds(st, tables, host, od, lean(w, bot))
    best_d = 1
    best = 1e9
    lap = w[W_DIRECTION_LAP]       # greedy's and heuristic's alike (0: the issue-31 tie)
    for d in (1, -1):
        if rules[R_SCEN] >= SCEN_ESTATE and lap > 0.0:
            risk = -order_score(st, tables, host, d)
            if rules[R_SCEN] == SCEN_CASTLE:     # the short way (1), the long way (0), or neither (0.5)
                risk -= (2.0 * w[W_CASTLE_SHORT] - 1.0) * castle_direction_score(st, tables, host, d)
                if d == -st[F_DUKE_DIR]:        # F_DUKE_DIR: his walk round the circle
                    risk -= w[W_CASTLE_AGAINST]
            risk *= lap
        else:
            q = step(st[F_PLACE + host], -d, npl)
            risk = 0.0
            for p in range(n):
                if st[F_PLACE + p] == q:
                    friend = st[F_FACTION + p] == st[F_FACTION + host]
                    risk += 0.0 if friend else 0.5 + od[p]
        if risk < best - 1e-9:
            best = risk
            best_d = d
    return best_d


@njit(cache=True, _nrt=False)
def choose_mark(st, tables, king, bot, w, faction, rng, od):
    """The king's mark for one traitor faction: a member, or -1 to leave it as it is."""
    rules = tables[T_RULES]
    n = rules[R_N]
    cur = st[F_MARK + (0 if faction == traitor_factions(rules[R_SCEN])[0] else 1)]
    if bot == BOT_RANDOM:
        if below(rng, BOT0 + king, 2) == 0:
            return -1
        m = 0
        for p in range(n):
            if st[F_FACTION + p] == faction:
                m += 1
        j = below(rng, BOT0 + king, m)
        for p in range(n):
            if st[F_FACTION + p] == faction:
                if j == 0:
                    return p if p != cur else -1
                j -= 1
        return -1
    odds(st, tables, king, od, lean(w, bot))
    best = -1
    cur_o = od[cur] if cur >= 0 else 0.0
    best_o = cur_o
    for p in range(n):
        if st[F_FACTION + p] == faction and od[p] > best_o + 1e-9:
            best = p
            best_o = od[p]
    patience = weight(w, bot, W_MARK_PATIENCE)
    if st[F_ACTIONS] > 0:           # the round under way: another chance to mark this round is rare
        patience *= weight(w, bot, W_MARK_MIDROUND)
    if best >= 0 and best_o - cur_o <= wait_worth(st, n, king, best_o, patience):
        return -1
    return best


@njit(cache=True, _nrt=False, inline="always")
def choose_place(st, tables, p, n, npl, bot, w, rng, pl, od, former):
    """A displaced player's new place: any unoccupied one (reading B18: he chooses)."""
    m = 0
    for q in range(npl):
        if free_place(st, n, q):
            m += 1
    if m == 0:
        return former
    if bot == BOT_RANDOM:
        j = below(rng, BOT0 + p, m)
        for q in range(npl):
            if free_place(st, n, q):
                if j == 0:
                    return q
                j -= 1
    odds(st, tables, p, od, lean(w, bot))
    best = -1
    best_v = -1e18
    for q in range(npl):
        if free_place(st, n, q):
            copy_places(st, n, pl)
            pl[p] = q
            x = value(st, tables, p, pl, od, bot, w)
            if x > best_v + 1e-9:
                best_v = x
                best = q
    return best


@njit(cache=True, _nrt=False, inline="always")
def choose_veto(st, tables, patron, a, slot, x, y, z, bot, w, rng, pl, od):
    """Does the patron decline a's favor? Random: a coin. Otherwise he declines when the
    favor's seating would cost his faction more than the veto threshold."""
    if bot == BOT_RANDOM:
        return below(rng, BOT0 + patron, 2) == 0
    rules = tables[T_RULES]
    n = rules[R_N]
    odds(st, tables, patron, od, lean(w, bot))
    copy_places(st, n, pl)
    before = value(st, tables, patron, pl, od, bot, w)
    sim_apply(st, tables, a, slot, x, y, z, pl)
    after = value(st, tables, patron, pl, od, bot, w)
    return before - after > weight(w, bot, W_VETO) * 0.25


@njit(cache=True, _nrt=False, inline="always")
def choose_partner(st, tables, c, a, row, n, npl, bot, w, rng, pl, od, cand, m):
    """The chooser c's partner among cand[:m] (each_adjacent_switch; -1: she declines, where
    the reading lets her)."""
    if bot == BOT_RANDOM:
        return cand[below(rng, BOT0 + c, m)]
    odds(st, tables, c, od, lean(w, bot))
    best = cand[0]
    best_v = -1e18
    for i in range(m):
        o = cand[i]
        copy_places(st, n, pl)
        if o >= 0:
            pl[c], pl[o] = pl[o], pl[c]
        x = value(st, tables, c, pl, od, bot, w)
        if x > best_v + 1e-9:
            best_v = x
            best = o
    return best


@njit(cache=True, _nrt=False, inline="always")
def choose_bribe(st, tables, spy, cand, m, bot, w, rng, od):
    """The player a spy bribes among cand[:m], or -1: the one most likely to be the courier
    that his faction does not know yet."""
    if bot == BOT_RANDOM:
        j = below(rng, BOT0 + spy, m + 1)
        return -1 if j == m else cand[j]
    odds(st, tables, spy, od, lean(w, bot))
    best = -1
    best_o = 0.0
    for i in range(m):
        o = cand[i]
        if not knows(st, spy, o) and od[o] > best_o:
            best_o = od[o]
            best = o
    return best


# -- the bots as policies (the forward model, forward.py) ----------------------------------------
@njit(cache=True, _nrt=False)
def option_of(buf, k, c):
    """The index of the option row whose choice is c (the last row if none is)."""
    for i in range(k):
        if buf[i, O_CHOICE] == c:
            return i
    return k - 1


@njit(cache=True, _nrt=False)
def choose_option(tables, st, buf, k, seat, bot, rng, w, pl, od, cand):
    """The shipped bots as a policy: the index of the option of buf[:k] that bot (BOT_*,
    the rollout bot's choices off its turn included) takes for seat at the pending decision
    (F_DEC); each asks the bot's valuation (or draws) as it was asked before the forward
    model, so the games are the same. pl, cand: scratch seatings and lists."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    kind = st[F_DEC]
    if kind == DEC_ACTION:
        return choose_move(st, tables, seat, bot, w, buf, k, rng, pl, od)
    if kind == DEC_REACTION:
        return choose_reaction(st, tables, seat, bot, w, buf, k, rng, pl, od, st[F_RE_PA], st[F_RE_SLOT],
                               st[F_RE_X], st[F_RE_Y], st[F_RE_Z])
    if kind == DEC_DIRECTION:
        return option_of(buf, k, choose_direction(st, tables, seat, bot, w, rng, od))
    if kind == DEC_MARK:
        f1, f2 = traitor_factions(rules[R_SCEN])
        p = choose_mark(st, tables, seat, bot, w, f1 if st[F_MK_I] == 0 else f2, rng, od)
        return option_of(buf, k, p) if p >= 0 else 0
    if kind == DEC_BRIBE or kind == DEC_PARTNER:
        m = k - 1 if kind == DEC_BRIBE else k       # a bribe's last row: nobody
        for i in range(m):
            cand[i] = buf[i, O_CHOICE]
        if kind == DEC_BRIBE:
            o = choose_bribe(st, tables, seat, cand, m, bot, w, rng, od)
        else:
            a = st[F_EF_A]
            o = choose_partner(st, tables, seat, a, tables[T_ACTIONS][st[F_CHAR + a], st[F_EF_SLOT]], n, npl,
                               bot, w, rng, pl, od, cand, m)
        return option_of(buf, k, o)
    if kind == DEC_VETO:
        a = st[F_AC_A]
        yes = choose_veto(st, tables, seat, a, FAVOR, st[F_AC_X], st[F_AC_Y], st[F_AC_Z], bot, w, rng, pl, od)
        return 0 if yes else 1
    if kind == DEC_PLACE:
        return option_of(buf, k, choose_place(st, tables, seat, n, npl, bot, w, rng, pl, od, st[F_EN_FORMER]))
    if kind == DEC_KEYRING:
        return option_of(buf, k, choose_keyring_pass(st, tables, seat, bot, w, rng))
    if kind == DEC_GATEHOUSE:
        return 0 if choose_enter(st, tables, seat, bot, rng) else 1
    if kind == DEC_REFLIP:
        return 0 if choose_reflip(st, seat, bot, rng) else 1
    if kind == DEC_SEAT:
        return choose_seat(st, tables, seat, bot, w, rng, pl, od, buf, k, cand)
    if kind == DEC_SEND:
        if bot == BOT_RANDOM:
            return below(rng, BOT0 + seat, k)
        return choose_sender(st, tables, seat, bot, w, rng, pl, od, buf, k)
    return 0


@njit(cache=True, _nrt=False, inline="always")
def choose_seat(st, tables, p, bot, w, rng, pl, od, buf, k, at):
    """A set-up place of buf[:k] (reading B1): uniform (random), else where p's side is served
    (setup_places: the picked players' seating, the scenario 1 king's last pick foreseen; at:
    scratch, 4 * MAXP >= MAXPL)."""
    if bot == BOT_RANDOM or k == 1:
        return below(rng, BOT0 + p, k)
    return choose_setup_place(st, tables, p, bot, w, rng, pl, od, buf, k, at)
