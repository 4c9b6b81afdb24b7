"""A turn in the rulebook's order: an action before moving (in a rim room), the move, an
action after; the actions (pick up, steal, attack) and how an attack is answered. The
rules ask ``bots`` at each decision and log what happens when the log is on."""
from numba import njit

from kernels.common import write_event
from kernels.doppelganger.bots import choose_reveal, kill_here, plan_turn, random_move
from kernels.doppelganger.layout import (ACT_ATTACK, ACT_NONE, ACT_PICKUP, ACT_STEAL, A_DROP,
                                         A_KIND, A_W, A_X, BOT_GREEDY, BOT_RANDOM, EV_ATTACK,
                                         EV_KILL, EV_NOTHING, EV_PICKUP, EV_REVEAL, EV_STEAL,
                                         EV_TELEPORT, EV_WALK, F_FORM, F_HELD, F_NOT_WHAT,
                                         F_NOT_WHERE, F_POS, F_QUIET, F_ROOM_W, F_WHAT, F_WHAT_UP,
                                         F_WHERE, F_WHERE_UP, F_WHO, F_WHO_UP, F_WINNER, M_ATTACKS,
                                         M_CARDS_REVEALED, M_PICKUPS, M_REVEALS_CAUSED, M_STEALS,
                                         M_TELEPORTS, P_BRING, P_DEST, P_DROP, P_KIND, P_SIZE,
                                         P_TELE, P_W, P_X, REV_KILL, REV_WHAT, REV_WHERE, REV_WHO,
                                         R_ACTIONS, R_DICE, R_MATCH_UP_WHO, R_NROOMS, R_SIDES,
                                         R_WHO_NO_MATCH, REV_NONE)
from kernels.doppelganger.moves import list_actions
from kernels.doppelganger.state import is_true_form, nth_bit, popcount
from kernels.rng import BOT0, below


@njit(cache=True, _nrt=False)
def log_event(log, li, on, ev, seat, a, b, c, d):
    """One event row (layout's EV_*) when the log is on; li[0] counts the rows written."""
    if on:
        li[0] = write_event(log, li[0], ev, seat, a, b, c, d)


@njit(cache=True, _nrt=False)
def roll_dice(rules, rng, stream):
    """A roll of the content's dice from ``stream``."""
    t = 0
    for _ in range(rules[R_DICE]):
        t += 1 + below(rng, stream, rules[R_SIDES])
    return t


@njit(cache=True, _nrt=False)
def attack_options(st, target, room, weapon, rules):
    """What the target of an attack with ``weapon`` in ``room`` may do (REV_* mask).

    - both cards match and both are face up: true form -> REV_KILL; otherwise a who card must
      be turned up (REV_WHO alone);
    - otherwise each matching face-down card may be turned up, or a who card instead (if any
      is left face down); a player in true form must turn up a matching card;
    - 0: no face-down match, nothing is revealed; but a match already face up with no other
      forces a who card under rules.face_up_match_forces_who, and with no match at all the
      target may turn up a who card (REV_WHO | REV_NONE) under rules.who_without_match.
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
    if opts == 0 and not tf:
        if (rm or wm) and rules[R_MATCH_UP_WHO]:
            return REV_WHO
        if not rm and not wm and rules[R_WHO_NO_MATCH]:
            return REV_WHO | REV_NONE
    return opts


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
    if opts == 0 or choice == REV_NONE:
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


@njit(cache=True, _nrt=False)
def attack(st, n, seat, target, weapon, bots, rules, weights, rng, log, li, on, met, dec):
    """Attack ``target`` with ``weapon`` in the seat's room: the target answers (its bot
    chooses when it has a choice). Returns 1 if it killed."""
    room = st[F_POS + seat]
    log_event(log, li, on, EV_ATTACK, seat, target, room, weapon, 0)
    opts = attack_options(st, target, room, weapon, rules)
    choice = opts
    if popcount(opts) > 1:
        choice = choose_reveal(st, n, target, seat, room, weapon, opts, bots[target], rules,
                               weights, rng)
        dec[0] += 1
    return resolve_attack(st, seat, target, weapon, choice, rules, log, li, on, met)


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
        return attack(st, n, seat, x, w, bots, rules, weights, rng, log, li, on, met, dec)
    return 0


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
def before_move(st, n, seat, bots, rules, weights, dist, nxt, pads, pad_index, adj, pdist, walk, rng,
                acts, plans, pscore, kn, wv, log, li, on, met, dec):
    """The start of a turn of ``seat``: an action before moving if the turn starts in a rim
    room (a kill open there, or with two actions a turn the best action here). Returns
    (killed, actions left for after the move)."""
    bot = bots[seat]
    acts_left = rules[R_ACTIONS]
    st[F_QUIET] += 1
    deep = 1 if bot != BOT_GREEDY else 0
    if st[F_POS + seat] < rules[R_NROOMS]:
        if bot == BOT_RANDOM:
            killed, acted = act_phase(st, n, seat, bot, plans[0], rules, weights, rng, acts, bots,
                                      log, li, on, met, dec)
            if killed:
                return 1, 0
            acts_left -= acted
        elif kill_here(st, n, seat, rules, plans[0]):
            dec[0] += 1
            killed = do_action(st, n, seat, ACT_ATTACK, plans[0, P_X], -1, plans[0, P_W], bots,
                               rules, weights, rng, log, li, on, met, dec)
            return killed, -1
        elif acts_left >= 2:
            # two actions a turn: the best action here (a plan with no steps), then move
            plan_turn(st, n, seat, 0, rules, weights, dist, nxt, pads, pad_index, adj, pdist, walk,
                      kn, wv, deep, plans, pscore, 1)
            dec[0] += 1
            if pscore[0] > 0.0:
                killed, acted = act_phase(st, n, seat, bot, plans[0], rules, weights, rng, acts,
                                          bots, log, li, on, met, dec)
                if killed:
                    return 1, 0
                acts_left -= acted
    return 0, acts_left


@njit(cache=True, _nrt=False)
def move_and_act(st, n, seat, total, acts_left, given, bots, rules, weights, dist, nxt, pads,
                 pad_index, adj, pdist, walk, rng, reach, acts, plans, pscore, kn, wv, log, li, on,
                 met, dec):
    """The rest of the turn from the position before_move left: the move (``given``, when
    P_DEST >= 0, is a plan chosen outside from this position: the rollout's), then the action
    after it. Returns 1 if it killed."""
    bot = bots[seat]
    deep = 1 if bot != BOT_GREEDY else 0
    if bot == BOT_RANDOM:
        random_move(st, n, seat, total, rules, dist, pads, pad_index, adj, pdist, walk, reach, rng,
                    plans[0])
        dec[0] += 1
    elif given[P_DEST] >= 0:
        for f in range(P_SIZE):
            plans[0, f] = given[f]
    else:
        plan_turn(st, n, seat, total, rules, weights, dist, nxt, pads, pad_index, adj, pdist, walk,
                  kn, wv, deep, plans, pscore, 1)
        dec[0] += 1
    apply_move(st, seat, plans[0, P_DEST], plans[0, P_TELE], plans[0, P_BRING], total, log, li, on, met)
    if acts_left > 0:
        killed, acted = act_phase(st, n, seat, bot, plans[0], rules, weights, rng, acts, bots,
                                  log, li, on, met, dec)
        return killed
    return 0


@njit(cache=True, _nrt=False)
def play_turn(st, n, seat, total, given, bots, rules, weights, dist, nxt, pads, pad_index, adj,
              pdist, walk, rng, reach, acts, plans, pscore, kn, wv, log, li, on, met, dec):
    """One turn of ``seat`` with dice total ``total``: an action before moving (if the turn
    starts in a rim room), the move, an action after. ``given`` (P_DEST >= 0) is a plan chosen
    outside for the position after the action before moving. Returns 1 if the turn ended the
    game with a kill."""
    killed, acts_left = before_move(st, n, seat, bots, rules, weights, dist, nxt, pads, pad_index,
                                    adj, pdist, walk, rng, acts, plans, pscore, kn, wv, log, li, on,
                                    met, dec)
    if killed:
        return 1
    if acts_left < 0:
        return 0
    return move_and_act(st, n, seat, total, acts_left, given, bots, rules, weights, dist, nxt, pads,
                        pad_index, adj, pdist, walk, rng, reach, acts, plans, pscore, kn, wv, log, li,
                        on, met, dec)
