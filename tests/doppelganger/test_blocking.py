"""rules.pawns_block, both ways: hand-laid positions on small boards and on the real board, the
move generation against an independent search, every bot's plan, and whole games."""
import networkx as nx
import numpy as np
import pytest

from kernels.doppelganger import layout as L
from kernels.doppelganger.moves import move_reach
from sim.games.doppelganger.board import all_pairs

from .helpers import FAST_ROLLOUT, GAME, Table, compiled, mask, weights

BLOCK = ("rules.pawns_block=1",)


def small_reach(adj, pads, pos, seat, total, block, pad_start=2, walk_on=1):
    """move_reach on a small board whose node 0 is the colour wheel (a room: never blocked) and
    every other node a corridor square; pos = every pawn's node. Returns (ends, land)."""
    n_nodes = len(adj)
    dist, _ = all_pairs(adj)
    pads = np.array(pads, np.int32)
    pad_index = np.full(n_nodes, -1, np.int32)
    pad_index[pads] = np.arange(len(pads), dtype=np.int32)
    table = np.full((n_nodes, max(len(a) for a in adj)), -1, np.int32)
    for u, nb in enumerate(adj):
        table[u, :len(nb)] = sorted(nb)
    rules = np.zeros(L.R_SIZE, np.int64)
    rules[L.R_NROOMS] = 0
    rules[L.R_BLOCK] = block
    rules[L.R_PAD_START] = pad_start
    rules[L.R_WALK_ON] = walk_on
    st = np.zeros(L.F_SIZE, np.int32)
    st[L.F_POS:L.F_POS + len(pos)] = pos
    walk = np.zeros((L.WK_PADS + len(pads), n_nodes), np.int32)
    out = np.zeros(n_nodes, np.int8)
    land = move_reach(st, len(pos), seat, total, rules, dist, pads, pad_index, table,
                      np.ascontiguousarray(dist[pads]), walk, out)
    return set(np.flatnonzero(out).tolist()), bool(land)


def line(n_nodes):
    return [[v for v in (u - 1, u + 1) if 0 <= v < n_nodes] for u in range(n_nodes)]


def test_a_pawn_in_a_one_square_corridor_blocks_only_when_pawns_block():
    # wheel 0, corridor 1..9 one square wide; seat 0 on 1, seat 1 on 3, four steps
    adj = line(10)
    assert small_reach(adj, [9], [1, 3], 0, 4, block=0)[0] == {0, 1, 2, 3, 4, 5}
    assert small_reach(adj, [9], [1, 3], 0, 4, block=1)[0] == {0, 1, 2}      # neither past nor on 3
    # a pawn in a room (the wheel) blocks nothing: wheel between corridors 1 and 2-3
    adj = [[1, 2], [0], [0, 3], [2]]
    for block in (0, 1):
        assert small_reach(adj, [3], [1, 0], 0, 3, block)[0] == {0, 1, 2, 3}


def test_a_pawn_on_a_pad_blocks_landing_on_it_and_a_jump_walks_on_around_pawns():
    adj = line(12)
    # pad on 3 held by seat 1: with 0 it may be walked onto (a teleport) but not jumped to
    ends, land = small_reach(adj, [3, 8], [1, 3], 0, 5, block=0)
    assert land and {3, 4, 8} <= ends
    ends, land = small_reach(adj, [3, 8], [1, 3], 0, 5, block=1)
    assert not land and ends == {0, 1, 2}
    # onto pad 1, jump to pad 8, three steps on: seat 1 on 9 closes 9 and beyond with 1
    ends, _ = small_reach(adj, [1, 8], [0, 9], 0, 5, block=0)
    assert {8, 9, 10, 11, 5} <= ends
    ends, _ = small_reach(adj, [1, 8], [0, 9], 0, 5, block=1)
    assert 8 in ends and 5 in ends and not {9, 10, 11} & ends


def test_a_pawn_on_a_pad_hemmed_in_cannot_step_off_and_back():
    # seat 0 starts on pad 2 with pawns on 1 and 3: stepping off and back is impossible with 1
    adj = line(10)
    _, land = small_reach(adj, [2, 8], [2, 1, 3], 0, 4, block=0)
    assert land
    ends, land = small_reach(adj, [2, 8], [2, 1, 3], 0, 4, block=1)
    assert not land and ends == {2}
    _, land = small_reach(adj, [2, 8], [2, 1, 3], 0, 4, block=1, pad_start=0)   # lands at once
    assert land


def independent_reach(board, pos, seat, total, block, pad_start_lands=0, walk_on=1):
    """The nodes a move may end on, and whether a pad is landed on, by a step-by-step search
    over (square, before / after a jump): the rules in their own words, not the kernel's
    tables. A pawn starting on a pad lands on it by stepping off and back (or at once)."""
    adj, nr, start = board.adjacency(), board.n_rooms, pos[seat]
    others = {p for i, p in enumerate(pos) if i != seat}
    blocked = {p for p in others if p > nr} if block else set()
    pads = {int(p) for p in board.pads}
    free_pads = pads - others
    layer = {(v, 0) for v in adj[start] if v not in blocked}
    if pad_start_lands and start in pads:
        layer |= {(q, 1) for q in free_pads if q != start}
    seen = set()
    for _ in range(total):
        seen |= layer
        nxt = set()
        for u, jumped in layer:
            if not jumped or walk_on:
                nxt |= {(v, jumped) for v in adj[u] if v not in blocked}
            if not jumped and u in pads:
                nxt |= {(q, 1) for q in free_pads if q != u}
        layer = nxt - seen
    ends = {v for v, _ in seen} | {start}
    land = any((p, 0) in seen for p in pads) or bool(pad_start_lands and start in pads)
    return ends, land


@pytest.mark.parametrize("block", [0, 1])
def test_move_generation_around_pawns_matches_an_independent_search_on_the_board(block):
    """Three pawns on corridor squares and pads (and one in a room) around the mover, every
    start square on the board, totals 0..12."""
    t = Table(4, sets=(f"rules.pawns_block={block}",))
    b = t.c.board
    rng = np.random.default_rng(block)
    corridor = np.arange(b.n_rooms + 1, b.n_nodes)
    for trial in range(40):
        others = [int(x) for x in rng.choice(corridor, 2, replace=False)] + [int(b.pads[trial % 8]), 0]
        start = int(rng.choice(corridor if trial % 2 else np.arange(b.n_nodes)))
        if start in others:
            continue
        pos = [start, *others[:3]]
        for p in range(4):
            t.place(p, pos[p])
        for total in range(13):
            land = move_reach(t.s, 4, 0, total, t.rules, t.c.dist, t.c.pads, t.c.pad_index, t.c.adj,
                              t.c.pdist, t.walk[0], t.reach[0])
            want, want_land = independent_reach(b, pos, 0, total, block)
            assert set(np.flatnonzero(t.reach[0]).tolist()) == want, (pos, total)
            assert bool(land) == want_land, (pos, total)


def kitchen_position(block, total=3, pad_held=False):
    """Seat 0 on the corridor square two steps from both Kitchen doors, the only weapon token
    in the Kitchen; seats 1 and 2 stand on the squares outside the two doors, seat 3 on the
    nearest pad (two steps away) or in the Hall. Returns the table and the Kitchen's node."""
    t = Table(4, sets=(*FAST_ROLLOUT, f"rules.pawns_block={block}"))
    b = t.c.board
    square = {cl[0]: i for i, cl in enumerate(b.cells) if i > b.n_rooms}
    t.clear_weapons()
    kitchen = t.room("Kitchen")
    t.set(L.F_ROOM_W, kitchen, mask(t.weapon("Rope")))
    for p, node in enumerate((square[(6, 6)], square[(6, 4)], square[(4, 6)],
                              square[(7, 7)] if pad_held else t.room("Hall"))):
        t.place(p, node)
    assert b.dist[square[(6, 6)], kitchen] == 3 and b.dist[square[(6, 6)], square[(7, 7)]] == 2
    return t, kitchen


@pytest.mark.parametrize("deep", [0, 1])
def test_greedy_and_hunter_plan_around_pawns_at_the_doors(deep):
    """Empty-handed, the bot wants the Rope in the Kitchen three steps away: it walks in when
    pawns never block; with 1 both doors are shut, so it teleports from the pad two steps away,
    and with that pad held too it cannot get there this turn."""
    t, kitchen = kitchen_position(0)
    dest, tele = t.plan(0, 3, deep)[:2]
    assert (dest, tele) == (kitchen, 0)
    t, kitchen = kitchen_position(1)
    dest, tele = t.plan(0, 3, deep)[:2]
    assert (dest, tele) == (kitchen, 1)
    t, kitchen = kitchen_position(1, pad_held=True)
    plan = t.plan(0, 3, deep)
    assert plan[L.P_DEST] != kitchen and plan[L.P_KIND] == L.ACT_NONE


def test_the_walk_toward_a_weapon_goes_around_a_blocking_pawn():
    """Nothing in reach (no pad within one step): the greedy bot walks one step toward the
    Rope in the Kitchen. Seat 1 stands on the square of the board's shortest walk: with 0 the
    bot steps onto it, with 1 it steps to a square of a shortest walk around it."""
    for block in (0, 1):
        t, kitchen = kitchen_position(block)
        b = t.c.board
        square = {cl[0]: i for i, cl in enumerate(b.cells) if i > b.n_rooms}
        start = square[(8, 11)]
        first = int(t.c.nxt[start, kitchen])
        for p, node in enumerate((start, first, t.room("Hall"), b.n_rooms)):
            t.place(p, node)
        dest = t.plan(0, 1, 0)[L.P_DEST]
        if not block:
            assert dest == first
            continue
        pos = [int(t.s[L.F_POS + p]) for p in range(4)]
        assert dest != first and dest in independent_reach(b, pos, 0, 1, block)[0]
        g = nx.Graph(b.edges)
        g.remove_node(first)
        assert nx.shortest_path_length(g, dest, kitchen) == nx.shortest_path_length(g, start, kitchen) - 1


def test_the_random_bot_and_the_rollout_respect_blocking_pawns():
    """The random bot's moves end only where the independent search allows; the rollout's plan
    (from the hunter's, around the pawns) teleports into the shut Kitchen."""
    t, kitchen = kitchen_position(1)
    pos = [int(t.s[L.F_POS + p]) for p in range(4)]
    ends, _ = independent_reach(t.c.board, pos, 0, 3, 1)
    from kernels.doppelganger.bots import random_move
    for _ in range(200):
        random_move(t.s, 4, 0, 3, t.rules, t.c.dist, t.c.pads, t.c.pad_index, t.c.adj, t.c.pdist,
                    t.walk[0], t.reach[0], t.rng[0], t.plans[0][0])
        plan = t.plans[0][0]
        assert plan[L.P_TELE] or int(plan[L.P_DEST]) in ends
    from .helpers import Unseen
    got = Unseen(t, 0).ask(lambda a: rollout_plan_of(t, a, 3))
    assert got[L.P_DEST] == kitchen and got[L.P_TELE] == 1


def rollout_plan_of(t, a, total):
    from kernels.doppelganger.rollout import rollout_plan
    c = t.c
    a.gplan[1, L.P_DEST] = -1
    rollout_plan(a.st, t.n, 0, total, c.rules[L.R_ACTIONS], c.rules, t.w, c.dist, c.nxt, c.pads,
                 c.pad_index, c.adj, c.pdist, a.walk, a.rng, a.reach, a.acts, a.plans, a.pscore, a.kn,
                 a.fv, a.rplans, a.rscore, a.rst, a.rrng, a.deck, a.pbots, a.gplan[1:2], a.pmet,
                 a.ctr[2:4], t.log, a.gplan[0])
    return a.gplan[0].tolist()


@pytest.mark.parametrize("n", [3, 4, 6])
def test_whole_games_with_pawns_blocking_end_and_keep_the_rules(n):
    """With pawns blocking, every bot alone and mixed at one table: games end by a kill
    (the random bot's all-random tables may meet the turn cap, as they do when pawns never
    block), and every move replays under an independent search (tests/doppelganger/test_rules)."""
    from .test_play import play
    from .test_rules import replay_moves
    sets = (*FAST_ROLLOUT, *BLOCK)
    mixed = ["random", "rollout", "hunter", "greedy", "hunter", "greedy"][:n]
    for bots in (["greedy"], ["hunter"], ["rollout"], mixed):
        out = play(n, bots, 12 if "rollout" in bots else 60, seed=4, sets=sets)
        assert (out.end_reason == L.END_TURN_CAP).sum() == 0, bots
    c, w = compiled(n, sets), weights(sets)
    for bots in (["random"], mixed):
        codes = GAME.bot_codes(bots, n)
        for i in range(4):
            log, _, _ = GAME.trace_events(c, codes, w, 9, i, i % n)
            assert replay_moves(log, c.board, n, c.rules) is None, (bots, i)
