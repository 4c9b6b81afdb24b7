"""The route search kernel against networkx.all_simple_paths, on the real map and random graphs."""
import networkx as nx
import numpy as np
import pytest

from kernels.pimpernel import layout as L
from kernels.pimpernel.moves import all_simple_routes, count_complete, route_masks_of, route_search
from sim.games.pimpernel.pack import adjacency
from tests.pimpernel.helpers import Table, compiled


def edge_sets_nx(G, a, b):
    return {frozenset(G.edges[u, v]["i"] for u, v in zip(p, p[1:])) for p in nx.all_simple_paths(G, a, b)}


def edge_sets_kernel(masks, edge_masks):
    out = set()
    for m in masks:
        m = int(m)
        out.add(frozenset(e for e, em in enumerate(edge_masks) if m & em))
    return out


def real_map():
    c = compiled(4)
    K = c.K
    G = nx.Graph()
    G.add_nodes_from(range(int(K[L.K_NLOC])))
    edge_masks = []
    for e, (a, b) in enumerate(c.names["edges"]):
        G.add_edge(a, b, i=e)
        edge_masks.append(sum(1 << sp for sp in range(int(K[L.K_NS])) if K[L.K_SPACE_EDGE + sp] == e))
    return c, G, edge_masks


def test_real_map_every_pair_matches_networkx():
    c, G, edge_masks = real_map()
    nloc = G.number_of_nodes()
    total = 0
    for a in range(nloc):
        for b in range(nloc):
            if a == b:
                continue
            st, en = c.RS[a * L.MAXL + b], c.RS[a * L.MAXL + b + 1]
            got = edge_sets_kernel(c.RM[st:en], edge_masks)
            assert len(got) == en - st  # no route twice
            assert got == edge_sets_nx(G, a, b)
            total += en - st
    assert total + nloc == len(c.RM)  # nothing else but one empty route per location to itself


@pytest.mark.parametrize("seed", range(12))
def test_random_graphs_match_networkx(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 9))
    G = nx.gnp_random_graph(n, float(rng.uniform(0.2, 0.7)), seed=seed)
    edges = list(G.edges)
    for e, (u, v) in enumerate(edges):
        G.edges[u, v]["i"] = e
    edge_masks = [1 << e for e in range(len(edges))]
    to, mask, deg = adjacency(n, edges, edge_masks)
    buf = np.empty(1 << 16, np.uint64)
    for a in range(n):
        for b in range(n):
            if a == b:
                continue
            cnt = all_simple_routes(n, to, mask, deg, a, b, buf, len(buf))
            assert edge_sets_kernel(buf[:cnt], edge_masks) == edge_sets_nx(G, a, b)


def test_route_search_completeness_and_cubes():
    t = Table(3)
    c = t.c
    t.s[L.O_ROUTE:L.O_ROUTE + L.MAXS] = -1
    a, b = t.loc("Calais"), t.loc("London")
    direct = t.route_spaces("London", "Calais")
    t.put(L.O_ROUTE + direct[0], 2)
    t.put(L.O_ROUTE + direct[1], 2)
    other = t.route_spaces("Dover", "London")
    t.put(L.O_ROUTE + other[0], 1)
    route_masks_of(t.s, 3, t.om)
    maxr = int(np.max(np.diff(c.RS)))
    comp = np.zeros(maxr, np.bool_)
    cubes = np.zeros((maxr, 3), np.int64)
    n = route_search(c.RS, c.RM, a, b, t.om, 3, comp, cubes)
    st = c.RS[a * L.MAXL + b]
    occ = int(t.om[3])
    for r in range(n):
        m = int(c.RM[st + r])
        assert comp[r] == ((m & ~occ) == 0)
        for p in range(3):
            assert cubes[r, p] == sum(1 for sp in range(64) if (m >> sp) & 1 and t.s[L.O_ROUTE + sp] == p)
    assert comp[:n].sum() == 1  # only the direct sea route is complete
    assert count_complete(c.RS, c.RM, a, b, t.om[3]) == 1


def test_route_spaces_by_region_and_channel():
    t = Table(4)
    london_calais = t.route_spaces("London", "Calais")
    for r in (0, 1):   # a Channel space: from England or France
        t.set_pl(0, L.P_REGION, r)
        assert all((L.MV_ROUTE, sp, 0) in t.gen_main(0) for sp in london_calais)
    t.set_pl(0, L.P_REGION, 2)
    assert not any((L.MV_ROUTE, sp, 0) in t.gen_main(0) for sp in london_calais)
