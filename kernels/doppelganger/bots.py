"""The bots' valuations and choices. They read only what their seat may know (its own cards
and the public state) and never change the state: the rules ask them at each decision."""
from numba import njit

from kernels.doppelganger.layout import (ACT_ATTACK, ACT_NONE, ACT_PICKUP, ACT_STEAL, BOT_GREEDY,
                                         BOT_RANDOM, F_HELD, F_NOT_WHAT, F_NOT_WHERE, F_POS,
                                         F_QUIET, F_ROOM_W, F_WHAT, F_WHAT_UP, F_WHERE, F_WHERE_UP,
                                         F_WHO_UP, INF, K_KW, K_KX, K_PW, K_PX, K_UW, K_UX, MAXP,
                                         P_BRING, P_DEST, P_DROP, P_KIND, P_SIZE, P_TELE, P_W, P_X,
                                         REV_NONE, REV_WHAT, REV_WHERE, REV_WHO, R_HAND, R_LIMIT, R_NCARDS,
                                         R_NROOMS, R_TELE_WHEEL, R_WALK_ON, STEAL_EPS, TELE_EPS, W_CONTEST,
                                         W_DENY_HIDDEN, W_DENY_OWN, W_FOCUS, W_GIFT, W_INFO,
                                         W_PAIR_COST, W_PATIENCE, W_REVEAL, W_REVEAL_VULN_COST,
                                         W_REVEAL_WHO_COST, W_SETUP, W_TRUE_FORM_COST, W_WEAPON_ANY,
                                         W_WEAPON_KILL, W_WEAPON_MAYBE, W_WHO_STEP, WK_PARENT)
from kernels.doppelganger.moves import (move_reach, pad_costs, room_reach, taken_pads, walk_rows,
                                        walk_toward)
from kernels.doppelganger.state import is_true_form, nth_bit, popcount
from kernels.rng import BOT0, below


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
        else:
            # greedy: only an empty hand wants a weapon (weapon_any, added by plan_turn); a
            # weapon no opponent can be vulnerable to is dead weight, to swap for any other
            usable = False
            for o in range(n):
                if o != me and ((st[F_WHAT_UP + o] >> w) & 1 or prob[2 * o + 1, w] > 0.0):
                    usable = True
            if not usable:
                v = -1.0
        wv[w] = v


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False, inline="always")
def plan_pick_ups(st, nr, walkmask, land, wv, any_bonus, dv, drop, plans, pscore, k, cnt):
    """Picking up each weapon token lying in a rim room: walk there, or teleport after landing
    on a pad. Returns the new plan count."""
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
    return cnt


@njit(cache=True, _nrt=False, inline="always")
def plan_steals(st, n, me, t, tpos, t_walk, start, held, wv, ready, any_bonus, dv, drop, rules,
                weights, deep, plans, pscore, k, cnt):
    """Stealing each weapon opponent t carries. Returns the new plan count."""
    # where a steal from t happens: t's room on foot, else teleport there (or bring t)
    if t_walk:
        sdest, stele, sbring = tpos, 0, -1
    elif tpos < rules[R_NROOMS]:
        sdest, stele, sbring = tpos, 1, -1
    else:
        sdest, stele, sbring = (start if start < rules[R_NROOMS] else 0), 1, t
    vh = st[F_HELD + t]
    while vh:
        w = nth_bit(vh, 0)
        vh &= vh - 1
        sc = (steal_gain(st, n, me, held, w, wv, ready, rules, weights, deep)
              + any_bonus - dv - STEAL_EPS - TELE_EPS * stele)
        cnt = plan_insert(plans, pscore, k, cnt, sc, sdest, stele, sbring, ACT_STEAL, t, drop, w)
    return cnt


@njit(cache=True, _nrt=False, inline="always")   # one call site; as a call it cost plan_turn ~20%
def plan_attacks(st, n, me, t, tpos, t_walk, land, held, kn, prob, focus, rules, weights, deep,
                 plans, pscore, k, cnt):
    """Attacking opponent t with each weapon held, in one room of each class (see plan_turn).
    Returns the new plan count."""
    nr = rules[R_NROOMS]
    allr = (1 << nr) - 1
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
    return cnt


@njit(cache=True, _nrt=False, inline="always")
def walk_toward_a_weapon(st, start, total, nr, srow, nxt, par, blocked, plan):
    """Nothing to do here: the plan walks toward the nearest room with a weapon token (around
    blocking pawns when ``blocked``: back along the search's parents from the room)."""
    best = -1
    bd = INF
    for r in range(nr):
        if st[F_ROOM_W + r] != 0 and srow[r] < bd:
            bd = srow[r]
            best = r
    if best >= 0:
        if blocked:
            dest = best
            while srow[dest] > total:
                dest = par[dest]
        else:
            dest = walk_toward(nxt, start, best, total)
        plan[P_DEST] = dest
        plan[P_TELE] = 0
        plan[P_BRING] = -1
        plan[P_KIND] = ACT_NONE


@njit(cache=True, _nrt=False)
def plan_turn(st, n, me, total, rules, weights, dist, nxt, pads, pad_index, adj, pdist, walk, kn,
              fv, deep, plans, pscore, k):
    """The greedy (deep=0) / hunter (deep=1) choice of move and action for this dice total:
    up to k plans, best first. Reads only ``me``'s cards and public state. fv[0] receives the
    weapon values, fv[1:1+2*MAXP] the card probabilities, fv[1+2*MAXP] each readiness.

    Destinations: rim rooms within walking reach, and any room after landing on a pad (then
    optionally bringing one player). An attack's worth depends on the room only through its
    class for the target (face up, surely held, possible, ruled out), so one room per class
    is scored: the target's own room when it can be walked to, else the first of the class.
    Walks go around blocking pawns under rules.pawns_block (``walk`` is their scratch)."""
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
    srow, prows, blocked, pad_start = walk_rows(st, n, me, rules, dist, pdist, adj, pads, walk)
    m1, m1p, m2 = pad_costs(srow, pads, start, pad_start)
    land = m1 <= total
    walkmask = room_reach(srow, prows, pads, taken, total, m1, m1p, m2, nr, rules[R_WALK_ON])
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
    cnt = plan_pick_ups(st, nr, walkmask, land, wv, any_bonus, dv, drop, plans, pscore, k, cnt)
    for t in range(n):
        if t == me:
            continue
        tpos = st[F_POS + t]
        t_walk = tpos < nr and (walkmask >> tpos) & 1
        if not t_walk and not land:
            continue
        cnt = plan_steals(st, n, me, t, tpos, t_walk, start, held, wv, fv[1 + 2 * MAXP], any_bonus,
                          dv, drop, rules, weights, deep, plans, pscore, k, cnt)
        if nheld > 0:
            cnt = plan_attacks(st, n, me, t, tpos, t_walk, land, held, kn, prob, focus, rules,
                               weights, deep, plans, pscore, k, cnt)
    if pscore[0] <= 0.0 and nheld == 0 and not land:
        walk_toward_a_weapon(st, start, total, nr, srow, nxt, walk[WK_PARENT], blocked, plans[0])
    return cnt


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
def choose_reveal(st, n, me, attacker, room, weapon, opts, bot, rules, weights, rng):
    """The attacked player's answer (one bit of opts, which has more than one bit)."""
    if bot == BOT_RANDOM:
        return 1 << nth_bit(opts, below(rng, BOT0 + me, popcount(opts)))
    if opts & REV_NONE:
        return REV_NONE   # nothing matches: turning up nothing costs nothing
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
def random_move(st, n, seat, total, rules, dist, pads, pad_index, adj, pdist, walk, reach, rng, out):
    """Uniform over the distinct things a move can do: end in each room reachable on foot (the
    rim rooms and the wheel), each teleport room with each choice of player to bring (or none)
    after landing on a pad, or end in the corridors (one choice; then any corridor square or
    pad reachable, uniformly). Corridor squares, the most of the nodes, allow no action, so
    counting each as a choice of its own would leave most random turns doing nothing."""
    land = move_reach(st, n, seat, total, rules, dist, pads, pad_index, adj, pdist, walk, reach)
    nroom = rules[R_NROOMS] + 1          # the rim rooms, then the wheel
    nw = 0
    nc = 0
    for v in range(reach.shape[0]):
        if reach[v]:
            if v < nroom:
                nw += 1
            else:
                nc += 1
    nrooms = rules[R_NROOMS] + (1 if rules[R_TELE_WHEEL] else 0)
    nt = nrooms * n if land else 0
    i = below(rng, BOT0 + seat, nw + nt + (1 if nc > 0 else 0))
    out[P_TELE] = 0
    out[P_BRING] = -1
    if i < nw:
        for v in range(nroom):
            if reach[v]:
                if i == 0:
                    out[P_DEST] = v
                    break
                i -= 1
    elif i < nw + nt:
        i -= nw
        out[P_DEST] = i // n
        b = i % n  # 0 = nobody, else the b-th other player
        out[P_TELE] = 1
        out[P_BRING] = -1 if b == 0 else (seat + b) % n
    else:
        j = below(rng, BOT0 + seat, nc)
        for v in range(nroom, reach.shape[0]):
            if reach[v]:
                if j == 0:
                    out[P_DEST] = v
                    break
                j -= 1
