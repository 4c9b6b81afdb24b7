"""The Last Banquet as a forward model (kernels/banquet/forward.py), beyond the generic
contract tests (tests/test_forward_model.py): the castle's gatehouse and re-flip decisions,
which no random walk reaches, come up under the heuristic bots; random walks over the options
keep the table's invariants after every apply. Through the Python API (sim/api.py), on the
kernels play_batch compiles."""
import numpy as np
import pytest

from sim.api import new_game
from tests.banquet.helpers import broken_invariants


def play_with_bots(game_index, n=6, variants=("scenario6", "basic"), bots=("heuristic",), overrides=()):
    g = new_game("banquet", n, list(bots), variants=variants, seed=5, game_index=game_index, overrides=overrides)
    seen = set()
    while not g.over:
        seen.add(g.hooks.DECISION_KINDS[g.kind])
        g.apply(g.bot_choice())
    return g, seen


def test_the_heuristic_reaches_the_gatehouse_and_the_re_flip():
    """Game 114 (seed 5, 6 players; game 13 before issue 31's direction fix changed the
    games): a lady carries the Keyring beside the gatehouse, enters, fails a flip and may
    spend a pendant; the search events say so. The game was found with chance seating
    (rules.setup_places_chosen=0), which it keeps."""
    g, seen = play_with_bots(114, overrides=("rules.setup_places_chosen=0",))
    assert {"gatehouse", "re-flip", "Keyring hand-off"} <= seen
    from kernels.banquet import layout as L
    ev = g.hooks.events(g.arrays)
    assert (ev[:, 0] == L.EV_GATE).any() and (ev[:, 0] == L.EV_SEARCH).any()


@pytest.mark.parametrize("variants,n", [(("scenario1", "full"), 11), (("scenario5", "full"), 12),
                                        (("scenario6", "full"), 6)])
def test_random_walks_keep_the_tables_invariants_after_every_apply(variants, n):
    pick = np.random.default_rng(11)
    for gi in range(2):
        g = new_game("banquet", n, variants=variants, seed=7, game_index=gi)
        steps = 0
        while not g.over:
            g.apply(int(pick.integers(len(g.options()))))
            assert broken_invariants(g.compiled, g.arrays["sc"]) == [], (gi, steps, g.decision)
            steps += 1
        assert g.result()["turns"] > 0


def test_the_contract_policy_is_the_seats_bot_as_play_game_asks_it():
    """play.policy (the contract's shape) with each seat's own bot takes the option the
    seat's bot takes in play (bot_choice), at every decision of a mixed full-rules table."""
    from kernels.banquet import layout as L
    from kernels.banquet.play import policy
    g = new_game("banquet", 11, [("random", "greedy", "heuristic", "rollout")[s % 4] for s in range(11)],
                 variants=("scenario1", "full"),
                 overrides=("bots.rollout_playouts=1", "bots.rollout_candidates=2"), seed=2)
    asked = 0
    while not g.over and asked < 60:
        twin = g.clone()
        h, s = twin.hooks, twin.arrays
        k = len(twin.options())
        st = h.state_row(s)
        i = policy(twin.compiled.tables, *h.HOOKS.state_args(s), h._row(s, L.S_MOVES), np.int64(k), np.int64(twin.seat),
                   np.int64(st[L.F_SEATBOT + twin.seat]), h.chance_row(s), twin.weights, h._row(s, L.S_ODDS))
        assert i == g.bot_choice(), (asked, g.decision)
        g.apply(i)
        asked += 1
    assert asked == 60 or g.over
