"""The route search kernel against independent enumerations: networkx.all_simple_paths and a
plain depth-first search over the map, for both readings of a route
(game.route_revisits_locations), on the real map and random graphs."""
import networkx as nx
import numpy as np
import pytest

from kernels.pimpernel import layout as L
from kernels.pimpernel.moves import all_simple_routes, count_complete, route_masks_of, route_search, stable_order
from sim.games.pimpernel.pack import adjacency
from sim.games.pimpernel import GAME
from tests.pimpernel.helpers import Table, compiled

_TABLES = {}


def compiled_with(revisit: int):
    """The shipped content with game.route_revisits_locations set."""
    if revisit not in _TABLES:
        _TABLES[revisit] = GAME.compile(GAME.content((), (f"game.route_revisits_locations={revisit}",)), 4)
    return _TABLES[revisit]


def routes_by_dfs(edges, a, revisit):
    """Every route from a, by target: {b: routes a -> b, each a set of edge numbers}, by a plain
    depth-first walk: each edge once (its route spaces once); with revisit 0 each location once
    too; a route to b ends where it first reaches b (the walk goes on through b to the others)."""
    found: dict = {}
    touching = {v: [(e, y if v == x else x) for e, (x, y) in enumerate(edges) if v in (x, y)]
                for xy in edges for v in xy}

    def walk(v, used, seen):
        for e, w in touching.get(v, ()):
            if e in used or not revisit and w in seen:
                continue
            if w not in seen:
                found.setdefault(w, set()).add(frozenset(used | {e}))
            walk(w, used | {e}, seen | {w})

    walk(a, frozenset(), frozenset({a}))
    return found


def edge_sets_nx(G, a, b):
    return {frozenset(G.edges[u, v]["i"] for u, v in zip(p, p[1:])) for p in nx.all_simple_paths(G, a, b)}


def edge_sets_kernel(masks, edge_masks):
    out = set()
    for m in masks:
        m = int(m)
        out.add(frozenset(e for e, em in enumerate(edge_masks) if m & em))
    return out


def real_map(revisit: int = 0):
    c = compiled_with(revisit)
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


@pytest.mark.parametrize("revisit", [0, 1])
def test_real_map_every_pair_matches_a_plain_walk(revisit):
    """The route table under each reading holds exactly the routes a plain walk over the map
    finds, each once; the default (no route space twice) is the rulebook's wording."""
    c, G, edge_masks = real_map(revisit)
    edges = c.names["edges"]
    nloc = G.number_of_nodes()
    total = 0
    for a in range(nloc):
        walked = routes_by_dfs(edges, a, revisit)
        for b in range(nloc):
            if a == b:
                continue
            st, en = c.RS[a * L.MAXL + b], c.RS[a * L.MAXL + b + 1]
            got = edge_sets_kernel(c.RM[st:en], edge_masks)
            assert len(got) == en - st
            assert got == walked.get(b, set())
            total += en - st
    assert total == (48670 if revisit == 0 else 158289)
    assert GAME.content().doc["game"]["route_revisits_locations"] == 1


def test_a_route_may_pass_a_location_twice_by_default():
    """A route that passes London twice (London, Canterbury, Dover, London, Calais) uses no
    route space twice: a route by the rulebook's wording, not under the simple-path reading."""
    for revisit in (0, 1):
        c = compiled_with(revisit)
        t = Table(4)
        names = c.names["locations"]
        loop = [("London", "Canterbury"), ("Canterbury", "Dover"), ("Dover", "London"), ("London", "Calais")]
        m = 0
        for a, b in loop:
            m |= sum(1 << sp for sp in t.route_spaces(a, b))
        a, b = names.index("London"), names.index("Calais")
        st, en = c.RS[a * L.MAXL + b], c.RS[a * L.MAXL + b + 1]
        assert (m in {int(x) for x in c.RM[st:en]}) == bool(revisit)


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
            cnt = all_simple_routes(n, to, mask, deg, a, b, buf, len(buf), 0)
            assert edge_sets_kernel(buf[:cnt], edge_masks) == edge_sets_nx(G, a, b)
            if len(edges) > 12:
                continue   # trails of a dense graph outgrow the buffer (the kernel says -1)
            cnt = all_simple_routes(n, to, mask, deg, a, b, buf, len(buf), 1)
            assert cnt >= 0 and edge_sets_kernel(buf[:cnt], edge_masks) == routes_by_dfs(edges, a, 1).get(b, set())


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


def test_the_route_tables_sort_is_numpys_stable_argsort():
    """route_table orders each pair's routes (and finds repeated ones) with its own merge sort,
    in place of Numba's argsort (a long compile): the same order as np.argsort(kind="stable"),
    equal keys in their first order, on the first c keys only."""
    rng = np.random.default_rng(1)
    for c in (0, 1, 2, 3, 5, 17, 1000):
        for top in (2, 10, 2**62):
            keys = rng.integers(0, top, c + 7, dtype=np.int64).astype(np.uint64)
            assert np.array_equal(stable_order(keys, c), np.argsort(keys[:c], kind="stable")), (c, top)
