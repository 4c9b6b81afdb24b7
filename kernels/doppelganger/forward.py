"""The forward model (kernels/README.md): the pending decision lives in the state row;
``advance`` plays chance and the rules up to it, ``options`` lists it, ``apply`` applies one
option; ``policy`` is every bot as a choice among the options. The rules' own pieces
(attacks, actions, moves) are rules.py's."""
from numba import njit

from kernels.doppelganger.bots import choose_reveal, kill_here, plan_turn, random_move
from kernels.doppelganger.layout import (ACT_ATTACK, ACT_NONE, ACT_PICKUP, ACT_STEAL, A_DROP,
                                         A_KIND, A_W, A_X, BOT_GREEDY, BOT_RANDOM, BOT_ROLLOUT,
                                         DEC_ACT_AFTER, DEC_ACT_BEFORE, DEC_MOVE, DEC_NONE,
                                         DEC_REVEAL, DEC_TURN_OVER, END_FINISHED, END_TURN_CAP,
                                         EV_ATTACK, EV_CAP, EV_HAND, EV_ROLL, EV_TOKEN, EV_TURN,
                                         FIRST_SEAT, F_ROOM_W, F_WHAT, F_WHERE, F_WHO, R_MAX_TURNS,
                                         F_ATT_OPTS, F_ATT_STAGE, F_ATT_T, F_ATT_W, F_DEC,
                                         F_DEC_SEAT, F_END, F_LEFT, F_POS, F_QUIET, F_STOP,
                                         F_TOTAL, F_TURN, M_PICKUPS, M_STEALS, O_BRING, O_DEST,
                                         O_REV, O_TELE, P_BRING, P_DEST, P_DROP, P_KIND, P_SIZE,
                                         P_TELE, P_W, P_X, R_ACTIONS, R_N, R_NROOMS,
                                         R_TELE_WHEEL, T_ADJ, T_DIST, T_NXT, T_PADS, T_PAD_DIST,
                                         T_PAD_INDEX, T_RULES)
from kernels.doppelganger.moves import list_actions, move_reach
from kernels.doppelganger.rollout import rollout_plan
from kernels.doppelganger.rules import (apply_move, attack_options, log_event, pick_up,
                                        resolve_attack, roll_dice, steal)
from kernels.doppelganger.state import nth_bit, popcount, setup_game
from kernels.rng import BOT0, CHANCE, below, seed_streams


# -- the pending decision, read through names ------------------------------------------------

@njit(cache=True, _nrt=False, inline="always")
def decision(st):
    return st[F_DEC]


@njit(cache=True, _nrt=False, inline="always")
def chooser(st):
    return st[F_DEC_SEAT]


@njit(cache=True, _nrt=False, inline="always")
def turn_seat(st, n):
    """The seat whose turn is being played."""
    return (FIRST_SEAT + st[F_TURN] - 1) % n


@njit(cache=True, _nrt=False, inline="always")
def pending(st, kind, seat):
    st[F_DEC] = kind
    st[F_DEC_SEAT] = seat


# -- advance -----------------------------------------------------------------------------------

@njit(cache=True, _nrt=False)
def advance(tables, st, met, li, rng, weights, log, on):
    """Start the next turn if none is pending (the dice, then the first decision of the turn),
    or end the game at F_STOP. Returns the decision kind now pending."""
    if st[F_DEC] != DEC_TURN_OVER:
        return st[F_DEC]
    rules = tables[T_RULES]
    n = rules[R_N]
    t = st[F_TURN]
    if t >= st[F_STOP]:
        log_event(log, li, on, EV_CAP, -1, t, 0, 0, 0)
        st[F_END] = END_TURN_CAP
        pending(st, DEC_NONE, -1)
        return DEC_NONE
    seat = (FIRST_SEAT + t) % n
    log_event(log, li, on, EV_TURN, seat, t + 1, 0, 0, 0)
    total = roll_dice(rules, rng, CHANCE)
    log_event(log, li, on, EV_ROLL, seat, total, 0, 0, 0)
    st[F_TURN] = t + 1
    st[F_TOTAL] = total
    st[F_LEFT] = rules[R_ACTIONS]
    st[F_QUIET] += 1
    pending(st, DEC_ACT_BEFORE if st[F_POS + seat] < rules[R_NROOMS] else DEC_MOVE, seat)
    return st[F_DEC]


@njit(cache=True, _nrt=False)
def after_action(st, stage, rules):
    """What follows an action taken at ``stage``: the move after an action before moving;
    the end of the turn after one after it."""
    if stage == DEC_ACT_BEFORE:
        st[F_DEC] = DEC_MOVE
    else:
        st[F_DEC] = DEC_TURN_OVER


@njit(cache=True, _nrt=False)
def answered(st, attacker, target, weapon, choice, stage, rules, met, log, li, on):
    """The target's answer applied: the game ends with a kill, else the turn goes on."""
    if resolve_attack(st, attacker, target, weapon, choice, rules, log, li, on, met):
        st[F_END] = END_FINISHED
        pending(st, DEC_NONE, -1)
    else:
        pending(st, DEC_TURN_OVER, -1)
        after_action(st, stage, rules)
        st[F_DEC_SEAT] = attacker


@njit(cache=True, _nrt=False)
def attack(st, n, seat, target, weapon, stage, rules, met, log, li, on):
    """An attack: answered at once when the target has one answer, else its decision."""
    room = st[F_POS + seat]
    log_event(log, li, on, EV_ATTACK, seat, target, room, weapon, 0)
    opts = attack_options(st, target, room, weapon, rules)
    if popcount(opts) > 1:
        st[F_ATT_T] = target
        st[F_ATT_W] = weapon
        st[F_ATT_OPTS] = opts
        st[F_ATT_STAGE] = stage
        pending(st, DEC_REVEAL, target)
    else:
        answered(st, seat, target, weapon, opts, stage, rules, met, log, li, on)


@njit(cache=True, _nrt=False)
def apply(tables, st, met, li, rng, weights, row, log, on):
    """Apply option ``row`` of the pending decision, then advance."""
    rules = tables[T_RULES]
    n = rules[R_N]
    d = st[F_DEC]
    seat = st[F_DEC_SEAT]
    if d == DEC_ACT_BEFORE or d == DEC_ACT_AFTER:
        kind = row[A_KIND]
        if kind == ACT_NONE:
            after_action(st, d, rules)
        else:
            st[F_LEFT] -= 1
            if kind == ACT_PICKUP:
                pick_up(st, seat, row[A_X], row[A_DROP], log, li, on)
                met[seat, M_PICKUPS] += 1
                after_action(st, d, rules)
            elif kind == ACT_STEAL:
                steal(st, seat, row[A_X], row[A_W], row[A_DROP], log, li, on)
                met[seat, M_STEALS] += 1
                after_action(st, d, rules)
            else:
                attack(st, n, seat, row[A_X], row[A_W], d, rules, met, log, li, on)
    elif d == DEC_MOVE:
        apply_move(st, seat, row[O_DEST], row[O_TELE], row[O_BRING], st[F_TOTAL], log, li, on, met)
        if st[F_LEFT] > 0 and st[F_POS + seat] < rules[R_NROOMS]:
            st[F_DEC] = DEC_ACT_AFTER
        else:
            st[F_DEC] = DEC_TURN_OVER
    elif d == DEC_REVEAL:
        answered(st, turn_seat(st, n), seat, st[F_ATT_W], row[O_REV], st[F_ATT_STAGE], rules,
                 met, log, li, on)
    return advance(tables, st, met, li, rng, weights, log, on)


# -- options -------------------------------------------------------------------------------------

@njit(cache=True, _nrt=False)
def options(tables, st, walk, reach, acts, buf):
    """The pending decision's options as rows of buf; returns their count (0: game over).
    Moves: every node the pawn may walk to (node order), then, when a pad can be landed on,
    every teleport room with each player brought (nobody first, then the next seats)."""
    rules = tables[T_RULES]
    n = rules[R_N]
    d = st[F_DEC]
    seat = st[F_DEC_SEAT]
    if d == DEC_ACT_BEFORE or d == DEC_ACT_AFTER:
        k = list_actions(st, n, seat, rules, acts)
        for i in range(k):
            for f in range(4):
                buf[i, f] = acts[i, f]
        return k
    if d == DEC_MOVE:
        land = move_reach(st, n, seat, st[F_TOTAL], rules, tables[T_DIST], tables[T_PADS],
                          tables[T_PAD_INDEX], tables[T_ADJ], tables[T_PAD_DIST], walk, reach)
        k = 0
        for v in range(reach.shape[0]):
            if reach[v]:
                buf[k, O_DEST] = v
                buf[k, O_TELE] = 0
                buf[k, O_BRING] = -1
                k += 1
        if land:
            nrooms = rules[R_NROOMS] + (1 if rules[R_TELE_WHEEL] else 0)
            for room in range(nrooms):
                for b in range(n):
                    buf[k, O_DEST] = room
                    buf[k, O_TELE] = 1
                    buf[k, O_BRING] = -1 if b == 0 else (seat + b) % n
                    k += 1
        return k
    if d == DEC_REVEAL:
        opts = st[F_ATT_OPTS]
        k = 0
        while opts:
            bit = opts & -opts
            buf[k, O_REV] = bit
            k += 1
            opts &= opts - 1
        return k
    return 0


# -- policies ------------------------------------------------------------------------------------

@njit(cache=True, _nrt=False)
def action_index(buf, k, kind, x, drop, w):
    """The option row holding the action (row 0, 'none', for ACT_NONE)."""
    if kind == ACT_NONE:
        return 0
    for i in range(k):
        if buf[i, A_KIND] == kind and buf[i, A_X] == x and buf[i, A_W] == w and buf[i, A_DROP] == drop:
            return i
    return -1


@njit(cache=True, _nrt=False)
def plan_action(tables, st, bot, weights, memo, walk, plans, pscore, kn, wv, dec):
    """A greedy or hunter seat's action as (kind, target, drop, weapon): before its move a
    kill here, else with two actions left the best action here, else none; after the move,
    the action of the turn planned at the move (memo). dec[0] counts the choices the bot
    made (acting on its own plan is none)."""
    rules = tables[T_RULES]
    n = rules[R_N]
    seat = st[F_DEC_SEAT]
    plan = memo
    if st[F_DEC] == DEC_ACT_BEFORE:
        plan = plans[0]
        if kill_here(st, n, seat, rules, plan):
            dec[0] += 1
        elif st[F_LEFT] >= 2:
            # two actions a turn: the best action here (a plan with no steps), then move
            plan_turn(st, n, seat, 0, rules, weights, tables[T_DIST], tables[T_NXT],
                      tables[T_PADS], tables[T_PAD_INDEX], tables[T_ADJ], tables[T_PAD_DIST],
                      walk, kn, wv, 1 if bot != BOT_GREEDY else 0, plans, pscore, 1)
            dec[0] += 1
            if not pscore[0] > 0.0:
                return ACT_NONE, -1, -1, -1
        else:
            return ACT_NONE, -1, -1, -1
    if plan[P_KIND] == ACT_NONE:
        return ACT_NONE, -1, -1, -1
    return plan[P_KIND], plan[P_X], plan[P_DROP], plan[P_W]


@njit(cache=True, _nrt=False)
def action_row(act, row):
    """The option row of an action (the row action_index finds among the listed ones)."""
    kind, x, drop, w = act
    row[A_KIND] = kind
    row[A_X] = x
    row[A_DROP] = drop
    row[A_W] = w


@njit(cache=True, _nrt=False)
def move_index(buf, k, plan):
    """The option row holding the plan's move."""
    for i in range(k):
        if (buf[i, O_DEST] == plan[P_DEST] and buf[i, O_TELE] == plan[P_TELE]
                and (buf[i, O_BRING] == plan[P_BRING] or not plan[P_TELE])):
            return i
    return -1


@njit(cache=True, _nrt=False)
def plan_move(tables, st, bot, weights, memo, walk, plans, pscore, kn, wv):
    """A greedy or hunter seat's move: its turn planned (move and action together), the plan
    kept in memo for the action after the move."""
    rules = tables[T_RULES]
    plan_turn(st, rules[R_N], st[F_DEC_SEAT], st[F_TOTAL], rules, weights, tables[T_DIST],
              tables[T_NXT], tables[T_PADS], tables[T_PAD_INDEX], tables[T_ADJ], tables[T_PAD_DIST],
              walk, kn, wv, 1 if bot != BOT_GREEDY else 0, plans, pscore, 1)
    remember(plans, memo)


@njit(cache=True, _nrt=False)
def move_row(plan, row):
    """The option row of the plan's move (the row move_index finds among the listed ones)."""
    row[O_DEST] = plan[P_DEST]
    row[O_TELE] = plan[P_TELE]
    row[O_BRING] = plan[P_BRING] if plan[P_TELE] else -1


@njit(cache=True, _nrt=False, inline="always")
def planned_row(tables, st, bot, weights, memo, walk, plans, pscore, kn, wv, dec, row):
    """A greedy or hunter seat's move or action written as its one option row (the row
    move_index or action_index finds among the listed ones), without listing them."""
    if st[F_DEC] == DEC_MOVE:
        plan_move(tables, st, bot, weights, memo, walk, plans, pscore, kn, wv)
        dec[0] += 1
        move_row(memo, row)
    else:
        action_row(plan_action(tables, st, bot, weights, memo, walk, plans, pscore, kn, wv, dec), row)


@njit(cache=True, _nrt=False)
def remember(plans, memo):
    for f in range(P_SIZE):
        memo[f] = plans[0, f]


@njit(cache=True, _nrt=False)
def policy(tables, st, buf, k, bot, rng, weights, memo, walk, reach, acts, plans, pscore, kn, wv,
           dec, rsc, log):
    """The option ``bot`` chooses for the pending decision's seat, drawing only from that
    seat's stream. A turn planned at the move (greedy, hunter, rollout: move and action
    together) is kept in ``memo`` for the action after it. ``rsc`` is the rollout's scratch
    (rplans, rscore, rst, rrng, deck, pbots, none plan, pmet, pctr). dec[0] counts decisions
    as the bots count them (a choice forced by nothing but the bot's own plan is not one)."""
    rules = tables[T_RULES]
    n = rules[R_N]
    d = st[F_DEC]
    seat = st[F_DEC_SEAT]
    if d == DEC_REVEAL:
        attacker = turn_seat(st, n)
        choice = choose_reveal(st, n, seat, attacker, st[F_POS + attacker], st[F_ATT_W],
                               st[F_ATT_OPTS], bot, rules, weights, rng)
        dec[0] += 1
        for i in range(k):
            if buf[i, O_REV] == choice:
                return i
        return -1
    if d == DEC_ACT_BEFORE or d == DEC_ACT_AFTER:
        if bot == BOT_RANDOM:
            dec[0] += 1
            return below(rng, BOT0 + seat, k)
        kind, x, drop, w = plan_action(tables, st, bot, weights, memo, walk, plans, pscore, kn, wv, dec)
        return action_index(buf, k, kind, x, drop, w)
    if d == DEC_MOVE:
        total = st[F_TOTAL]
        if bot == BOT_RANDOM:
            random_move(st, n, seat, total, rules, tables[T_DIST], tables[T_PADS],
                        tables[T_PAD_INDEX], tables[T_ADJ], tables[T_PAD_DIST], walk, reach, rng,
                        plans[0])
            remember(plans, memo)
        elif bot == BOT_ROLLOUT:
            rplans, rscore, rst, rrng, deck, pbots, none_plan, pmet, pctr = rsc
            rollout_plan(st, n, seat, total, st[F_LEFT], rules, weights, tables[T_DIST],
                         tables[T_NXT], tables[T_PADS], tables[T_PAD_INDEX], tables[T_ADJ],
                         tables[T_PAD_DIST], walk, rng, reach, acts, plans, pscore, kn, wv, rplans,
                         rscore, rst, rrng, deck, pbots, none_plan, pmet, pctr, log, memo)
        else:
            plan_move(tables, st, bot, weights, memo, walk, plans, pscore, kn, wv)
        dec[0] += 1
        return move_index(buf, k, memo)
    return -1


@njit(cache=True, _nrt=False)
def start_game(tables, st, met, li, rng, deck, seed, game_index, weights, log, on):
    """Seed the streams, deal, and advance to the first decision."""
    rules = tables[T_RULES]
    n = rules[R_N]
    seed_streams(rng, seed, game_index)
    setup_game(st, n, rules, rng, deck)
    if on:
        for s in range(n):
            log_event(log, li, on, EV_HAND, s, st[F_WHO + s], st[F_WHERE + s], st[F_WHAT + s], 0)
        for room in range(rules[R_NROOMS]):
            log_event(log, li, on, EV_TOKEN, -1, room, nth_bit(st[F_ROOM_W + room], 0), 0, 0)
    st[F_STOP] = rules[R_MAX_TURNS]
    pending(st, DEC_TURN_OVER, -1)
    return advance(tables, st, met, li, rng, weights, log, on)
