"""Information-set Monte Carlo tree search, written once over the forward-model contract
(kernels/README.md, "The forward model") and instantiated per game by ``make_search``.

Single-observer IS-MCTS (Cowling, Powley and Whitehouse 2012, "Information Set Monte Carlo
Tree Search"): one tree for the searching seat. Each iteration copies the position, re-deals
what the seat cannot know (the game's ``redeal``), descends the tree choosing by UCT for the
seat whose decision it is, expands one option, plays out with the game's heuristic policy to
the end or to a depth cut scored by the game's position value, and adds every seat's reward
to every node on its path. A node's children are keyed by the option row (and the decision
kind): options differ between re-deals, so each child counts the times it was available
(its availability) and UCT explores by that count instead of the parent's visits. The
iterations stop once the root's choice is decided (``decided``): the rest could not change it
(a game's ``settle`` f below 1 stops sooner: once the lead is more than f times what is left).

The tree lives in preallocated arrays the caller owns (``tree_nodes``), so nothing is
allocated while a game plays:

- ``tree``  int64 [nodes, N_FIELDS + W]: per node its decision kind, first child, next
  sibling, visits, availability, then the option row (W columns) that leads to it;
- ``gain``  float64 [nodes, MAXP]: per node each seat's reward summed over its visits
  (a faction's members share a reward; the game's ``value`` says who got what);
- ``work``  int64 [nodes + K_MAX]: the path of the current iteration, then the child of each
  option of the decision being chosen;
- ``reward`` float64 [MAXP]: the seats' rewards of the current iteration.

Every draw comes from the searching seat's stream: one draw per decision seeds the
iterations' streams (``stream_start(base, iteration, s)``), so a decision depends only on
the position and that stream, whatever the threads or batch sizes."""
import math

import numpy as np
from numba import njit

from kernels.rng import BOT0, below, next_u64, stream_start

# node fields of ``tree``; the option row follows them
N_KIND = 0          # the decision kind of the option that leads here (-1 at the root)
N_FIRST = 1         # first child, -1 none
N_NEXT = 2          # next sibling, -1 none
N_VISITS = 3        # iterations that passed through this node
N_AVAIL = 4         # iterations in which this node's option was offered at its parent
N_FIELDS = 5

# the most iterations one decision may be given: the tree holds one node per iteration and
# the root, so this is also the tree's size (a larger budget is refused before play)
MAX_ITERATIONS = 10_000


def tree_nodes(iterations: int) -> int:
    """Nodes a search of this many iterations may create (one per iteration, and the root)."""
    return int(iterations) + 1


def alloc_tree(rows: int, width: int, maxp: int, nodes: int = MAX_ITERATIONS + 1,
               k_max: int = 64) -> tuple:
    """One tree per state row: (tree, gain, work, reward) as the search takes them."""
    return (np.zeros((rows, nodes, N_FIELDS + width), np.int64),
            np.zeros((rows, nodes, maxp), np.float64),
            np.zeros((rows, nodes + k_max), np.int64),
            np.zeros((rows, maxp), np.float64))


@njit(cache=True, _nrt=False)
def exact(weights):
    """The early stop's default: stop only once the root's choice is certain."""
    return 1.0


def policy_step(options, policy, apply):
    """A playout's decision by the policy, through the options' rows: the default ``step``."""

    @njit(cache=True, _nrt=False)
    def step(tables, P, buf, rng, weights):
        m = options(tables, P, buf)
        return apply(tables, P, rng, weights, buf[policy(tables, P, buf, m, rng, weights)])

    return step


def make_search(copy, kind, seat, options, apply, redeal, policy, value, step=None, settle=exact):
    """The search for one game, from its forward model. ``P`` is the game's position, a tuple
    of its state arrays (and whatever scratch its hooks need); ``tables`` is what its hooks
    take as tables.

    - ``copy(src, dst)``: the position src into dst (a clone: the state and the bots' memo),
    - ``kind(P)``, ``seat(P)``: the pending decision's kind (0: the game is over) and chooser,
    - ``options(tables, P, buf) -> k`` and ``apply(tables, P, rng, weights, row) -> kind``,
    - ``redeal(tables, P, seat, rng)``: re-deal what seat cannot see, from rng's chance stream,
    - ``policy(tables, P, buf, k, rng, weights) -> i``: the heuristic's option for the chooser,
      drawing from that seat's stream of rng,
    - ``value(tables, P, out)``: each seat's reward in out[0..n-1]: the win share once the
      game is over (1/k for k tied winners), the game's estimate of it before,
    - ``step(tables, P, buf, rng, weights) -> kind`` (optional): one playout decision, the
      policy's option applied; the default lists the options and asks ``policy``, a game may
      skip the listing where its policy names the row itself,
    - ``settle(weights) -> f`` (optional): the early stop's share of the iterations left that
      the runner-up at the root is taken to be able to gain (1: stop only once the choice is
      certain, the default; less stops sooner, on a lead the rest would rarely overturn).

    Returns ``search(tables, root, scratch, rng, me, weights, buf, k, iterations, depth,
    exploration, widening, tree, gain, work, wbuf, srng, reward) -> i``: the index (in
    buf[:k], the root's options) that seat ``me`` takes. ``scratch`` is a position the
    iterations play in, ``wbuf`` their option rows, ``srng`` their streams and ``reward`` a
    value row. ``widening`` > 0 is progressive widening: a node visited V times has at most
    1 + widening * sqrt(V) children (0: every option is tried before any is tried twice).
    A node's first child is the heuristic's option, the others are drawn at random."""
    if step is None:
        step = policy_step(options, policy, apply)

    @njit(cache=True, _nrt=False)
    def search(tables, root, scratch, rng, me, weights, buf, k, iterations, depth, exploration,
               widening, tree, gain, work, wbuf, srng, reward):
        if k <= 1:
            return 0
        cap = tree.shape[0]
        width = buf.shape[1]
        maxp = gain.shape[1]
        path = work
        slot = work[cap:]
        start_node(tree, gain, 0, -1)
        nodes = 1
        base = next_u64(rng, BOT0 + me)
        share = settle(weights)
        for it in range(iterations):
            copy(root, scratch)
            for s in range(srng.shape[0]):
                srng[s] = stream_start(base, it, s)
            redeal(tables, scratch, me, srng)
            node = 0
            path[0] = 0
            steps = 1
            d = kind(scratch)
            while d != 0:
                m = options(tables, scratch, wbuf)
                untried = 0
                for i in range(m):
                    c = find_child(tree, node, d, wbuf[i], width)
                    slot[i] = c
                    if c < 0:
                        untried += 1
                    else:
                        tree[c, N_AVAIL] += 1
                if untried > 0 and nodes < cap and room_to_widen(tree, node, m - untried, widening):
                    i = policy(tables, scratch, wbuf, m, srng, weights)
                    if not 0 <= i < m or slot[i] >= 0:     # the heuristic's option first
                        i = nth_untried(slot, m, below(srng, BOT0 + me, untried))
                    c = nodes
                    nodes += 1
                    start_node(tree, gain, c, d)
                    for f in range(width):
                        tree[c, N_FIELDS + f] = wbuf[i, f]
                    tree[c, N_AVAIL] = 1
                    tree[c, N_NEXT] = tree[node, N_FIRST]
                    tree[node, N_FIRST] = c
                    path[steps] = c
                    steps += 1
                    d = apply(tables, scratch, srng, weights, wbuf[i])
                    break
                if untried == m:
                    break           # the tree is full and nothing here was tried: play out
                i = best_by_uct(tree, gain, slot, m, seat(scratch), exploration)
                node = slot[i]
                path[steps] = node
                steps += 1
                d = apply(tables, scratch, srng, weights, wbuf[i])
            played = 0
            while d != 0 and played < depth:
                d = step(tables, scratch, wbuf, srng, weights)
                played += 1
            for s in range(maxp):
                reward[s] = 0.0
            value(tables, scratch, reward)
            for j in range(steps):
                n = path[j]
                tree[n, N_VISITS] += 1
                for s in range(maxp):
                    gain[n, s] += reward[s]
            if decided(tree, (iterations - it - 1) * share):
                break
        return most_visited(tree, buf, k, kind(root), width)

    return search


@njit(cache=True, _nrt=False)
def start_node(tree, gain, c, d):
    tree[c, N_KIND] = d
    tree[c, N_FIRST] = -1
    tree[c, N_NEXT] = -1
    tree[c, N_VISITS] = 0
    tree[c, N_AVAIL] = 0
    for s in range(gain.shape[1]):
        gain[c, s] = 0.0


@njit(cache=True, _nrt=False)
def find_child(tree, node, d, row, width):
    """The child of node reached by option row of a decision of kind d, -1 if none yet."""
    c = tree[node, N_FIRST]
    while c >= 0:
        if tree[c, N_KIND] == d:
            same = True
            for f in range(width):
                if tree[c, N_FIELDS + f] != row[f]:
                    same = False
                    break
            if same:
                return c
        c = tree[c, N_NEXT]
    return -1


@njit(cache=True, _nrt=False)
def room_to_widen(tree, node, tried, widening):
    """Whether node may take one more child: always without widening, else while it has
    fewer than 1 + widening * sqrt(its visits) of the options offered now."""
    return widening <= 0.0 or tried < 1.0 + widening * math.sqrt(tree[node, N_VISITS])


@njit(cache=True, _nrt=False)
def nth_untried(slot, m, j):
    """The index of the j-th option (0-based) with no child yet."""
    for i in range(m):
        if slot[i] < 0:
            if j == 0:
                return i
            j -= 1
    return -1


@njit(cache=True, _nrt=False)
def best_by_uct(tree, gain, slot, m, p, exploration):
    """The option whose child is best for seat p, the chooser: mean reward plus exploration
    by availability (IS-MCTS's UCB1); the first such option wins ties."""
    best = -1
    bestv = -1e300
    for i in range(m):
        c = slot[i]
        if c < 0:
            continue
        v = tree[c, N_VISITS]
        if v == 0:
            return i
        u = gain[c, p] / v + exploration * math.sqrt(math.log(tree[c, N_AVAIL]) / v)
        if u > bestv:
            bestv = u
            best = i
    return best


@njit(cache=True, _nrt=False)
def decided(tree, left):
    """Whether the root's most visited child stays the most visited whatever the iterations
    left do: its lead over every other child (an option not tried yet has 0 visits) is more
    than they could add (left: the iterations left, times ``settle``). At a settle of 1
    stopping chooses what the whole budget would: each iteration's streams come from the
    decision's one draw, so nothing after the decision changes either."""
    top = 0
    second = 0
    c = tree[0, N_FIRST]
    while c >= 0:
        v = tree[c, N_VISITS]
        if v > top:
            second = top
            top = v
        elif v > second:
            second = v
        c = tree[c, N_NEXT]
    return top > second + left


@njit(cache=True, _nrt=False)
def most_visited(tree, buf, k, d, width):
    """The root option (of buf[:k]) whose child was visited most; the first wins ties."""
    best = 0
    most = -1
    for i in range(k):
        c = find_child(tree, 0, d, buf[i], width)
        v = tree[c, N_VISITS] if c >= 0 else 0
        if v > most:
            most = v
            best = i
    return best
