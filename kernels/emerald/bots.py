"""Choices: each bot's answer to every decision (where an agent goes, which cube comes back, an
agent's move, an interrupt, whose piece, which action row), from what values.py says things are
worth. They read the state (only what the seat may know: the board, the tracks, its own hand and
identity) and never change it. Random draws come from the seat's own stream BOT0 + seat.

``choose_option`` is every bot as a policy of the forward model (kernels/README.md): the
pending decision's options in, the index of the one it takes out, asked as the rules asked the
bots before the forward model, so the games are the same.

Bots: random (a uniform action kind, then a uniform row; uniform sub-choices), greedy (the best
immediate gain for its own side), heuristic (greedy plus beliefs about the others' sides from
the public record, hunting and ending the game by those beliefs - guarding Royalty from a likely
Restorationist, breaking majorities, pushing the markers while its side leads the track - and a
cube placed where its agents already hold the majority; weights in content [bots]). The rollout bot (rollout.py)
decides everything but its two actions as the heuristic."""
from numba import njit

from kernels.emerald.layout import (ACT_DISCARD, ACT_MOVE, ACT_PASS, ACT_PLACE, ACT_RETRIEVE,
                                    BOT_HEURISTIC, BOT_RANDOM, DEC_ACTION, DEC_AGENT, DEC_FREE,
                                    DEC_INTERRUPT, DEC_MORE, DEC_MOVE, DEC_OFF_BOARD, DEC_OKHRANA,
                                    DEC_RETRIEVE, DEC_ZOMBIE_CITY, DEC_ZOMBIE_VICTIM, F_ACTS,
                                    F_AGENTS, F_AX_CARD, F_AX_DONE, F_AX_I, F_DEC, F_LAST, F_LIMBO,
                                    F_MIGO, FROM_MI_GO, FX_YOG_SOTHOTH, K_CUBE, K_EFFECT, MAX_MOVES,
                                    MV_A, MV_ACT, MV_PAY, NCITY, O_A, O_B, R_MOVE_NONE, R_N,
                                    R_REPEAT, R_YOG_MIGO, T_CARD, T_RULES)
from kernels.emerald.moves import add_move, discard_hand, list_actions
from kernels.emerald.state import agents, cubes, seat_city_at, side
from kernels.emerald.turn import action_rows, drop_kind
from kernels.emerald.values import (best_move_row, city_gain_with_agent, discard_value,
                                    discard_worth, greedy_agent_move, paid_symbols,
                                    place_value, retrieve_value, row_value, vp_weight)
from kernels.rng import BOT0, below


@njit(cache=True, _nrt=False)
def choose_agent_city(st, n, p, bot, rules, cards, weights, rng):
    """Where seat p places an agent (set-up rounds, the Loyalist refill, Pinkerton)."""
    if bot == BOT_RANDOM:
        return below(rng, BOT0 + p, NCITY)
    best = 0
    bv = -1e18
    for c in range(NCITY):
        v = city_gain_with_agent(st, n, p, c, rules, cards, weights)
        if v > bv:
            bv = v
            best = c
    return best


@njit(cache=True, _nrt=False)
def choose_retrieve_source(st, p, bot, rng):
    """Where seat p takes one cube back from: -1 = Limbo, else a city. Random: uniform over the
    places holding one; greedy: Limbo first, then the city where p's cubes count least."""
    from_limbo = st[F_LIMBO + p] > 0
    if bot == BOT_RANDOM:
        k = 1 if from_limbo else 0
        for c in range(NCITY):
            if cubes(st, p, c) > 0:
                k += 1
        i = below(rng, BOT0 + p, k)
        if from_limbo:
            if i == 0:
                return -1
            i -= 1
        for c in range(NCITY):
            if cubes(st, p, c) > 0:
                if i == 0:
                    return c
                i -= 1
        return -1
    if from_limbo:
        return -1
    best = -1
    for c in range(NCITY):
        k = cubes(st, p, c)
        if k > 0 and (best < 0 or k > cubes(st, p, best)):
            best = c
    return best


@njit(cache=True, _nrt=False)
def choose_agent_move(st, n, p, bot, rules, cards, weights, rng):
    """One agent move of seat p: (from city, to city), or (-1, -1) to stop moving. Random:
    uniform source among p's agents' cities and uniform destination; greedy: from the city
    where the agent adds least to the city where it adds most."""
    if bot == BOT_RANDOM:
        k = 0
        for c in range(NCITY):
            if agents(st, p, c) > 0:
                k += 1
        if k == 0:
            return -1, -1
        i = below(rng, BOT0 + p, k)
        src = -1
        for c in range(NCITY):
            if agents(st, p, c) > 0:
                if i == 0:
                    src = c
                    break
                i -= 1
        dst = below(rng, BOT0 + p, NCITY - 1)     # "any other City space"
        return src, dst + 1 if dst >= src else dst
    a, b = greedy_agent_move(st, n, p, rules, cards, weights)
    if a < 0 and not rules[R_MOVE_NONE] and st[F_AX_DONE] == 0:
        return forced_agent_move(st, n, p, rules, cards, weights)
    return a, b


@njit(cache=True, _nrt=False)
def forced_agent_move(st, n, p, rules, cards, weights):
    """The least bad move when one agent must move (rules.move_may_move_none = 0): from the
    city where p's agent adds least to the best other city."""
    src = -1
    sv = 1e18
    for c in range(NCITY):
        v = city_gain_with_agent(st, n, p, c, rules, cards, weights)
        if agents(st, p, c) > 0 and v < sv:
            sv = v
            src = c
    if src < 0:
        return -1, -1
    dst = -1
    dv = -1e18
    for c in range(NCITY):
        v = city_gain_with_agent(st, n, p, c, rules, cards, weights)
        if c != src and v > dv:
            dv = v
            dst = c
    return src, dst


@njit(cache=True, _nrt=False)
def choose_interrupt(st, p, bot, rng):
    """Does seat p play an interrupt to save its agent? Random: a coin; others: always."""
    if bot == BOT_RANDOM:
        return below(rng, BOT0 + p, 2) == 1
    return True


@njit(cache=True, _nrt=False)
def choose_own_agent_city(st, n, p, bot, rules, cards, weights, rng):
    """A city holding an agent of p, to take it from (Yog Sothoth, Mi-Go): random uniform;
    greedy the one adding least. With none in a city: Yog Sothoth's Mi-Go source when the
    switch allows it, else -1."""
    k = 0
    for c in range(NCITY):
        if agents(st, p, c) > 0:
            k += 1
    if k == 0:
        # Yog Sothoth may take the agents on p's Mi-Go card last (rules.yog_takes_mi_go_agents)
        yog = rules[R_YOG_MIGO] and cards[st[F_AX_CARD], K_EFFECT] == FX_YOG_SOTHOTH
        return FROM_MI_GO if yog and st[F_MIGO + p] > 0 else -1
    if bot == BOT_RANDOM:
        i = below(rng, BOT0 + p, k)
        for c in range(NCITY):
            if agents(st, p, c) > 0:
                if i == 0:
                    return c
                i -= 1
    best = -1
    bv = 1e18
    for c in range(NCITY):
        if agents(st, p, c) > 0:
            v = city_gain_with_agent(st, n, p, c, rules, cards, weights)
            if v < bv:
                bv = v
                best = c
    return best


@njit(cache=True, _nrt=False)
def choose_enemy_piece(st, n, p, c, field, bot, rng):
    """Whose piece (cubes: field F_CUBES, agents: F_AGENTS) in city c seat p picks, never its
    own: random uniform over the seats with one; greedy the seat with most there. -1 if none."""
    k = 0
    for o in range(n):
        if o != p and st[seat_city_at(field, o, c)] > 0:
            k += 1
    if k == 0:
        return -1
    if bot == BOT_RANDOM:
        i = below(rng, BOT0 + p, k)
        for o in range(n):
            if o != p and st[seat_city_at(field, o, c)] > 0:
                if i == 0:
                    return o
                i -= 1
    best = -1
    for o in range(n):
        k = st[seat_city_at(field, o, c)]
        if o != p and k > 0 and (best < 0 or k > st[seat_city_at(field, best, c)]):
            best = o
    return best


@njit(cache=True, _nrt=False)
def choose_okhrana_cube(st, n, p, bot, rng):
    """(owner, city) of a cube in a city that seat p sends to Limbo (Okhrana); (-1, -1) to stop.
    Random: uniform over the cities holding another seat's cube; greedy: where another seat
    holds most cubes."""
    k = 0
    for c in range(NCITY):
        for o in range(n):
            if o != p and cubes(st, o, c) > 0:
                k += 1
    if k == 0:
        return -1, -1
    if bot == BOT_RANDOM:
        i = below(rng, BOT0 + p, k)
        for c in range(NCITY):
            for o in range(n):
                if o != p and cubes(st, o, c) > 0:
                    if i == 0:
                        return o, c
                    i -= 1
    bo = -1
    bc = -1
    for c in range(NCITY):
        for o in range(n):
            if o != p and cubes(st, o, c) > 0:
                if bo < 0 or cubes(st, o, c) > cubes(st, bo, bc):
                    bo = o
                    bc = c
    return bo, bc


@njit(cache=True, _nrt=False)
def choose_city(st, n, p, bot, rng):
    """Any city (where zombies go): random uniform; greedy where other seats have most agents."""
    if bot == BOT_RANDOM:
        return below(rng, BOT0 + p, NCITY)
    best = 0
    bv = -1
    for c in range(NCITY):
        v = 0
        for o in range(n):
            if o != p:
                v += agents(st, o, c)
        if v > bv:
            bv = v
            best = c
    return best


# -- choosing an action ------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def choose_row(st, n, p, bot, mv, k, tables, weights, rng, stop_value):
    """Index of the chosen row of mv[:k], or -1 to choose none (free actions, stop_value >
    -1e17: when nothing is worth more than stop_value). Random: a uniform action kind among those
    open (stopping counts as one kind when it may stop), then a uniform row of that kind;
    greedy: the best row_value (the first on ties; the move rows' from one ladder of greedy
    agent moves, values.best_move_row: the same values, the ladder played once a list)."""
    if k == 0:
        return -1
    if bot == BOT_RANDOM:
        kinds = 0
        for i in range(k):
            kinds |= 1 << mv[i, MV_ACT]
        nk = 0
        x = kinds
        while x:
            x &= x - 1
            nk += 1
        stop = 1 if stop_value > -1e17 else 0
        j = below(rng, BOT0 + p, nk + stop)
        if j == nk:
            return -1
        kind = 0
        for a in range(32):
            if (kinds >> a) & 1:
                if j == 0:
                    kind = a
                    break
                j -= 1
        m = 0
        for i in range(k):
            if mv[i, MV_ACT] == kind:
                m += 1
        j = below(rng, BOT0 + p, m)
        for i in range(k):
            if mv[i, MV_ACT] == kind:
                if j == 0:
                    return i
                j -= 1
    return best_row(st, n, p, bot == BOT_HEURISTIC, mv, k, tables, weights, stop_value)[1]


@njit(cache=True, _nrt=False)
def best_row(st, n, p, heur, mv, k, tables, weights, stop_value):
    """(value, index) of the first best row of mv[:k] by row_value (the greedy bot's, or the
    heuristic's), or (stop_value, -1) when none is worth more than stop_value: choose_row's
    greedy choice."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    s = side(st, p)
    wvp = vp_weight(weights, heur)
    best = -1
    bv = stop_value
    lo = k              # the move rows lie in mv[lo:hi + 1], moving at most ``most`` agents
    hi = -1
    most = 0
    pay = -1            # the payment whose cube symbols ``paid`` counts (a payment's place rows are in a run)
    paid = 0
    for i in range(k):
        act = mv[i, MV_ACT]
        if act == ACT_MOVE:
            # valued below from one ladder of greedy moves for them all (best_move_row)
            lo = min(lo, i)
            hi = i
            most = max(most, mv[i, MV_A])
            continue
        # the discard, place, retrieve and pass rows (about 23, 11, 2 and 1 of a list's 41)
        # valued here, as row_value values them: a call's array arguments cost more than such a row
        if act == ACT_DISCARD:
            v = discard_value(mv[i])
        elif act == ACT_PLACE:
            if mv[i, MV_PAY] != pay:
                pay = mv[i, MV_PAY]
                paid = paid_symbols(st, p, pay, K_CUBE, cards)
            v = place_value(st, n, p, mv[i], paid, s, wvp, rules, cards, weights, heur)
        elif act == ACT_RETRIEVE:
            v = retrieve_value(st, p, mv[i])
        elif act == ACT_PASS:
            v = -1.0
        else:
            v = row_value(st, n, p, mv[i], tables, weights, heur)
        if v > bv:
            bv = v
            best = i
    if hi >= 0:
        bv, best = best_move_row(st, n, p, mv, lo, hi, most, tables, weights, heur, bv, best)
    return bv, best


@njit(cache=True, _nrt=False)
def choose_action(tables, st, pos, mv, p, bot, weights):
    """The greedy or heuristic seat p's answer to its DEC_ACTION as a row of mv (returned by
    index): the row choose_option takes among forward.options' rows, found without listing
    the discard rows (about 23 of a list's 41; the play loop and the rollout's playouts ask
    this way, tests/emerald/test_bots.py checks it against choose_option). A discard row's
    worth grows with the cards it discards, so the best is the one discarding all it may
    (moves.discard_hand): it is chosen when worth more than every other row (the rows before
    it win ties, passing after it is worth less), and written after the rows listed."""
    rules = tables[T_RULES]
    n = rules[R_N]
    a = st[F_ACTS]
    h = discard_hand(st, p)
    k = list_actions(st, n, p, a == 0, tables, pos, mv)
    if k + (1 << h) > MAX_MOVES - 1:
        # the whole list is cut short (moves.add_move): choose from it as listed
        k = action_rows(st, n, p, a, st[F_LAST], tables, pos, mv)
        return best_row(st, n, p, bot == BOT_HEURISTIC, mv, k, tables, weights, -1e18)[1]
    k = add_move(mv, k, ACT_PASS, 0, 0, 0, 0, 0)
    if a > 0 and not rules[R_REPEAT]:
        k = drop_kind(mv, k, st[F_LAST])
        if st[F_LAST] == ACT_DISCARD:
            h = 0
    bv, best = best_row(st, n, p, bot == BOT_HEURISTIC, mv, k, tables, weights, -1e18)
    whole = (1 << h) - 1
    if h > 0 and discard_worth(whole) > bv:
        best = add_move(mv, k, ACT_DISCARD, whole, 0, 0, 0, 0) - 1
    return best


# -- the bots as policies of the forward model ---------------------------------------------------
@njit(cache=True, _nrt=False)
def option_of(buf, k, a, b):
    """The index of option row (a, b) among buf[:k] (O_A, O_B columns)."""
    for i in range(k):
        if buf[i, O_A] == a and buf[i, O_B] == b:
            return i
    return 0


@njit(cache=True, _nrt=False)
def option_at(buf, k, a):
    """The index of the option row whose O_A is a (a city, a seat, -1 none)."""
    for i in range(k):
        if buf[i, O_A] == a:
            return i
    return 0


@njit(cache=True, _nrt=False)
def sub_choice(tables, st, seat, bot, rng, weights):
    """A sub-choice's answer (every decision but an action, a free action and another
    assassination) as its option row's (O_A, O_B), without listing the options: what
    choose_option picks among them (play_game asks this way; tests/test_forward_model.py plays
    the same games through options and choose_option)."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    n = rules[R_N]
    kind = st[F_DEC]
    if kind == DEC_AGENT:
        return choose_agent_city(st, n, seat, bot, rules, cards, weights, rng), 0
    if kind == DEC_RETRIEVE:
        return choose_retrieve_source(st, seat, bot, rng), 0
    if kind == DEC_MOVE:
        return choose_agent_move(st, n, seat, bot, rules, cards, weights, rng)
    if kind == DEC_INTERRUPT:
        return (1 if choose_interrupt(st, seat, bot, rng) else 0), 0
    if kind == DEC_OFF_BOARD:
        return choose_own_agent_city(st, n, seat, bot, rules, cards, weights, rng), 0
    if kind == DEC_ZOMBIE_VICTIM:
        return choose_enemy_piece(st, n, seat, st[F_AX_I], F_AGENTS, bot, rng), 0
    if kind == DEC_ZOMBIE_CITY:
        return choose_city(st, n, seat, bot, rng), 0
    return choose_okhrana_cube(st, n, seat, bot, rng)


@njit(cache=True, _nrt=False)
def choose_option(tables, st, buf, k, seat, bot, rng, weights):
    """The index of the option of buf[:k] that bot (BOT_*; the rollout bot's choices but its
    actions are the heuristic's: play.ask_seat) takes for seat at the pending decision (F_DEC),
    asking each choice as the rules asked it before the forward model. A free action's and
    another assassination's last row is none (their stop value 0.3 and 0.0)."""
    rules = tables[T_RULES]
    cards = tables[T_CARD]
    n = rules[R_N]
    kind = st[F_DEC]
    if kind == DEC_ACTION:
        return choose_row(st, n, seat, bot, buf, k, tables, weights, rng, -1e18)
    if kind == DEC_FREE or kind == DEC_MORE:
        i = choose_row(st, n, seat, bot, buf, k - 1, tables, weights, rng, 0.3 if kind == DEC_FREE else 0.0)
        return i if i >= 0 else k - 1
    if kind == DEC_AGENT:
        return option_at(buf, k, choose_agent_city(st, n, seat, bot, rules, cards, weights, rng))
    if kind == DEC_RETRIEVE:
        return option_at(buf, k, choose_retrieve_source(st, seat, bot, rng))
    if kind == DEC_MOVE:
        a, b = choose_agent_move(st, n, seat, bot, rules, cards, weights, rng)
        return option_of(buf, k, a, b)
    if kind == DEC_INTERRUPT:
        return 0 if choose_interrupt(st, seat, bot, rng) else 1
    if kind == DEC_OFF_BOARD:
        return option_at(buf, k, choose_own_agent_city(st, n, seat, bot, rules, cards, weights, rng))
    if kind == DEC_ZOMBIE_VICTIM:
        return option_at(buf, k, choose_enemy_piece(st, n, seat, st[F_AX_I], F_AGENTS, bot, rng))
    if kind == DEC_ZOMBIE_CITY:
        return option_at(buf, k, choose_city(st, n, seat, bot, rng))
    if kind == DEC_OKHRANA:
        o, c = choose_okhrana_cube(st, n, seat, bot, rng)
        return option_of(buf, k, o, c) if o >= 0 else option_at(buf, k, -1)
    return 0
