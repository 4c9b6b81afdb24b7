"""The rollout bot: flat Monte Carlo over the hunter's best plans, each played out from deals
re-dealt for what the seat cannot see."""
import numpy as np
from numba import njit

from kernels.doppelganger.bots import plan_turn
from kernels.doppelganger.layout import (BOT_GREEDY, F_NOT_WHAT, F_NOT_WHERE, F_SIZE, F_WHAT,
                                         F_WHERE, F_WHO, F_WINNER, MAXC, MAXP, MAX_PLANS, P_SIZE,
                                         R_HAND, R_N, R_NCARDS, T_RULES, W_ROLLOUT_CANDIDATES,
                                         W_ROLLOUT_HORIZON, W_ROLLOUT_PLAYOUTS)
from kernels.doppelganger.rules import move_and_act, play_turn, roll_dice
from kernels.doppelganger.state import popcount
from kernels.rng import BOT0, CHANCE, next_u64, shuffle, stream_start


@njit(cache=True, _nrt=False)
def determinize(st, out, n, me, rules, rng, deck):
    """Copy st into out with every card ``me`` cannot see re-dealt among the opponents, keeping
    face-up cards, hand sizes and (when a deal allows it within a few tries) public exclusions."""
    for f in range(F_SIZE):
        out[f] = st[f]
    nc = rules[R_NCARDS]
    hand = rules[R_HAND]
    full = (1 << nc) - 1
    for cat in range(3):
        f = F_WHO if cat == 0 else (F_WHERE if cat == 1 else F_WHAT)
        fu = f + MAXP
        fn = F_NOT_WHERE if cat == 1 else F_NOT_WHAT
        up = 0
        for o in range(n):
            up |= st[fu + o]
        pool = full & ~st[f + me] & ~up
        m = 0
        for c in range(nc):
            if (pool >> c) & 1:
                deck[m] = c
                m += 1
        for attempt in range(12):
            shuffle(rng, CHANCE, deck, m)
            idx = 0
            ok = True
            for o in range(n):
                if o == me:
                    continue
                mask = 0
                for _ in range(hand - popcount(st[fu + o])):
                    mask |= 1 << deck[idx]
                    idx += 1
                if cat > 0 and mask & st[fn + o]:
                    ok = False
                out[f + o] = st[fu + o] | mask
            if ok:
                break


@njit(cache=True, _nrt=False)
def rollout_plan(st, n, me, total, left, rules, weights, dist, nxt, pads, pad_index, adj, pdist, walk,
                 rng, reach, acts, plans, pscore, kn, wv, rplans, rscore, rst, rrng, deck, pbots,
                 none_plan, pmet, pctr, log, given):
    """Choose ``me``'s plan for the position it is played in (after the turn's action before
    moving, ``left`` actions to go): the hunter's best few, each scored by playouts (greedy
    for every seat) from determinised deals; the same deals and dice for every candidate.
    Playouts log nothing (``log`` only gives play_turn the game's type of log)."""
    for s in range(pbots.shape[0]):
        pbots[s] = BOT_GREEDY
    k = int(weights[W_ROLLOUT_CANDIDATES])
    k = max(1, min(k, MAX_PLANS))
    cnt = plan_turn(st, n, me, total, rules, weights, dist, nxt, pads, pad_index, adj, pdist, walk,
                    kn, wv, 1, rplans, rscore, k)
    best = 0
    if cnt > 1 and rscore[0] < 1e8:
        npl = max(1, int(weights[W_ROLLOUT_PLAYOUTS]))
        horizon = max(1, int(weights[W_ROLLOUT_HORIZON]))
        base = next_u64(rng, BOT0 + me)
        bestv = -1.0
        for c in range(cnt):
            acc = 0.0
            for p in range(npl):
                for s in range(rrng.shape[0]):
                    rrng[s] = stream_start(base, p, s)
                determinize(st, rst, n, me, rules, rrng, deck)
                if move_and_act(rst, n, me, total, left, rplans[c], pbots, rules, weights, dist, nxt,
                                pads, pad_index, adj, pdist, walk, rrng, reach, acts, plans, pscore,
                                kn, wv, log, pctr[:1], False, pmet, pctr[1:2]):
                    acc += 1.0 if rst[F_WINNER] == me else 0.0
                    continue
                result = 1.0 / n
                for i in range(horizon):
                    seat = (me + 1 + i) % n
                    t = roll_dice(rules, rrng, CHANCE)
                    if play_turn(rst, n, seat, t, none_plan[0], pbots, rules, weights, dist, nxt,
                                 pads, pad_index, adj, pdist, walk, rrng, reach, acts, plans, pscore,
                                 kn, wv, log, pctr[:1], False, pmet, pctr[1:2]):
                        result = 1.0 if rst[F_WINNER] == me else 0.0
                        break
                acc += result
            if acc > bestv:
                bestv = acc
                best = c
    for f in range(P_SIZE):
        given[f] = rplans[best, f]


@njit(cache=True)
def redeal_hidden(tables, st, seat, rng):
    """The no-peek hook (kernels/README.md): re-deal in place every card ``seat`` cannot see,
    as a playout does, from stream CHANCE of the stream row ``rng``."""
    rules = tables[T_RULES]
    deck = np.empty(MAXC, np.int64)
    determinize(st, st, rules[R_N], seat, rules, rng, deck)
