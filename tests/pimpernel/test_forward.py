"""The Scarlet Pimpernel as a forward model (issue 29, kernels/README.md "The Scarlet
Pimpernel's decisions"), beyond the generic tests (tests/test_forward_model.py): random walks
over the options keep every cube of every seat somewhere and the scores never falling; listing
the options (a favor half's trial is played on the state and undone) leaves the state as it
was; only the decisions counted before the conversion are counted."""
import numpy as np

from kernels.pimpernel import layout as L
from sim.api import new_game

COUNTED = {L.DEC_MAIN, L.DEC_ICON, L.DEC_FAVOR1, L.DEC_FAVOR2, L.DEC_REST, L.DEC_TOP}


def cubes_of(s, K, p):
    """Every cube of p wherever it is: supply, board, planning areas, House of Justice."""
    t = s[L.O_PL + p * L.PLK + L.P_SUPPLY] + s[L.O_PL + p * L.PLK + L.P_HOJ]
    t += (s[L.O_ROUTE:L.O_ROUTE + L.MAXS] == p).sum() + (s[L.O_LOC:L.O_LOC + L.MAXL * L.MAXSLOT] == p).sum()
    t += (s[L.O_BLD:L.O_BLD + L.MAXB] == p).sum() + (s[L.O_LEADER:L.O_LEADER + L.NLEAD] == p).sum()
    return int(t + s[L.O_AREA + p * L.NAREA:L.O_AREA + (p + 1) * L.NAREA].sum())


def test_random_walks_keep_the_cubes_and_scores_and_listing_changes_nothing():
    pick = np.random.default_rng(11)
    kinds = set()
    for gi, (n, variants) in enumerate(((3, ("short",)), (2, ("chauvelin", "short")), (5, ("short",)))):
        g = new_game("pimpernel", n, variants=variants, seed=3, game_index=gi)
        s, K = g.hooks.state_row(g.arrays), g.compiled.K
        cubes = int(K[L.K_CUBES])
        scores = np.zeros(n, np.int64)
        for _ in range(20_000):
            if g.over:
                break
            before = s.copy()
            k = len(g.options())
            assert np.array_equal(s, before), g.decision   # listing the options changed the state
            kinds.add(g.kind)
            counted = int(s[L.O_DECISIONS])
            was = g.kind
            g.apply(int(pick.integers(k)))
            assert s[L.O_DECISIONS] == counted + (was in COUNTED), g.decision
            assert [cubes_of(s, K, p) for p in range(n)] == [cubes] * n, g.decision
            now = np.array([s[L.O_PL + p * L.PLK + L.P_SCORE] for p in range(n)])
            assert (now >= scores).all()
            scores = now
        assert g.over and g.result()["turns"] == s[L.O_TURNS]
    assert kinds == set(range(1, L.N_DEC))
