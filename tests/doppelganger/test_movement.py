"""Move generation: hand-checked small boards, pad rules, and networkx BFS on the real board."""
import networkx as nx
import numpy as np
import pytest

from kernels.doppelganger import layout as L
from kernels.doppelganger.moves import reachable
from sim.games.doppelganger.board import all_pairs

from .helpers import compiled


def line_board(n_nodes, extra_edges=()):
    adj = [[] for _ in range(n_nodes)]
    for a in range(n_nodes - 1):
        adj[a].append(a + 1)
        adj[a + 1].append(a)
    for a, b in extra_edges:
        adj[a].append(b)
        adj[b].append(a)
    return all_pairs(adj)


def reach(dist, pads, taken, start, total, pad_start=2, walk_on=1):
    """Nodes a move may end on and whether a pad is landed on (the shipped readings unless
    pad_start / walk_on say otherwise: rules.pad_start_lands, rules.pad_within_roll)."""
    out = np.zeros(dist.shape[0], np.int8)
    pads = np.array(pads, np.int32)
    land = reachable(dist[start], np.ascontiguousarray(dist[pads]), pads, taken, start, total, out,
                     pad_start, walk_on)
    return set(np.flatnonzero(out).tolist()), bool(land)


def test_walk_up_to_total_on_a_line():
    dist, _ = line_board(8)
    got, land = reach(dist, [7], 0, 0, 3)
    assert got == {0, 1, 2, 3}          # up to 3 steps, zero allowed
    assert not land
    got, _ = reach(dist, [7], 0, 0, 0)
    assert got == {0}


def test_a_room_is_one_space_and_can_be_passed_through():
    # corridor 0-1-2, room 3 with doors on 2 and 4, corridor 4-5-6; the room counts as one step
    adj = [[1], [0, 2], [1, 3], [2, 4], [3, 5], [4, 6], [5]]
    dist, _ = all_pairs(adj)
    got, _ = reach(dist, [6], 0, 0, 4)
    assert got == {0, 1, 2, 3, 4}


def test_pad_jump_counts_both_pads_and_continues():
    # line 0..9, pads on 1 and 8: onto pad 1 (1 step), jump to pad 8 (2), walk on to 7 or 9 (3)
    dist, _ = line_board(10)
    got, land = reach(dist, [1, 8], 0, 0, 3)
    assert land
    assert got == {0, 1, 2, 3, 8, 7, 9}
    got, _ = reach(dist, [1, 8], 0, 0, 2)
    assert got == {0, 1, 2, 8}


def test_occupied_pad_cannot_be_jumped_to_but_can_be_walked_onto():
    dist, _ = line_board(10)
    got, land = reach(dist, [1, 8], 0b10, 0, 3)   # pad 8 (pad index 1) has another pawn on it
    assert got == {0, 1, 2, 3}
    assert land                                  # landing on pad 1 still allows a teleport to a room
    got, land = reach(dist, [1, 8], 0b01, 0, 1)   # pad 1 occupied: the pawn may still step onto it
    assert got == {0, 1} and land


def test_starting_on_a_pad_is_not_landing_on_it():
    dist, _ = line_board(10)
    got, land = reach(dist, [0, 8], 0, 0, 1)
    assert not land and got == {0, 1}
    got, land = reach(dist, [0, 8], 0, 0, 2)     # step off and back on: then jump needs a 3rd step
    assert land and got == {0, 1, 2}
    got, _ = reach(dist, [0, 8], 0, 0, 3)
    assert 8 in got




@pytest.mark.parametrize("taken", [0, 0b00100101])
def test_move_generation_matches_networkx_bfs_on_the_board(taken):
    c = compiled(4)
    b = c.board
    walk_adj = {v: set() for v in range(b.n_nodes)}
    for a, bb in b.edges:
        walk_adj[a].add(bb)
        walk_adj[bb].add(a)
    out = np.zeros(b.n_nodes, np.int8)
    for start in range(b.n_nodes):
        g = nx.DiGraph()
        g.add_nodes_from(range(b.n_nodes))
        for a, bb in b.edges:
            g.add_edge(a, bb)
            g.add_edge(bb, a)
        pads = [int(p) for p in b.pads]
        for p in pads:
            for j, q in enumerate(pads):
                if p != q and not (taken >> j) & 1:
                    g.add_edge(p, q)
        g.add_node("src")
        for nb in walk_adj[start]:
            g.add_edge("src", nb)
        lengths = nx.single_source_shortest_path_length(g, "src", cutoff=12)
        for total in range(13):
            want = {v for v, d in lengths.items() if v != "src" and d <= total} | {start}
            want_land = any(p in lengths and lengths[p] <= total for p in pads)
            land = reachable(b.dist[start], c.pdist, b.pads, taken, start, total, out, 2, 1)
            assert set(np.flatnonzero(out).tolist()) == want, (start, total)
            assert bool(land) == want_land, (start, total)


def test_reading_pad_start_lands_both_ways():
    """rules.pad_start_lands: 0 (shipped) a pawn starting on a pad must step off and back on to
    use it; 1 it may jump from it at once (landing on the other pad is its first step)."""
    dist, _ = line_board(10)
    got, land = reach(dist, [0, 8], 0, 0, 1, pad_start=2)
    assert not land and 8 not in got
    got, land = reach(dist, [0, 8], 0, 0, 1, pad_start=0)
    assert land and got == {0, 1, 8}
    from .helpers import compiled
    assert compiled(4).rules[L.R_PAD_START] == 2
    assert compiled(4, ("rules.pad_start_lands=1",)).rules[L.R_PAD_START] == 0


def test_reading_pad_within_roll_both_ways():
    """rules.pad_within_roll: 1 (shipped) a pad reached within the roll acts and the pawn walks
    on after a jump with the steps left; 0 the jump ends the move on the pad jumped to."""
    dist, _ = line_board(12)
    got, land = reach(dist, [1, 8], 0, 0, 5, walk_on=1)    # 1 step to pad 1, 1 to jump to 8, 3 left
    assert land and {8, 9, 10, 11, 5} <= got
    got, land = reach(dist, [1, 8], 0, 0, 5, walk_on=0)
    assert land and 8 in got and not {9, 10, 11} & got
    from .helpers import compiled
    assert compiled(4).rules[L.R_WALK_ON] == 1
    assert compiled(4, ("rules.pad_within_roll=0",)).rules[L.R_WALK_ON] == 0
