"""Reading B1's switch setup_places_chosen: 0 (the default) = chance seats the players, as
before the forward model (the golden hashes); 1 = the players pick their places in the
rulebook's order, one set-up decision each (DEC_SEAT), before round 1. Through the Python API
on the kernels play_batch compiles."""
import numpy as np
import pytest

from kernels.banquet import layout as L
from sim.api import new_game
from tests.banquet.helpers import broken_invariants

CHOSEN = ("rules.setup_places_chosen=1",)


@pytest.mark.parametrize("scen,n", [(1, 11), (3, 15), (4, 10), (6, 6)])
def test_by_default_chance_seats_the_players_and_no_set_up_decision_comes(scen, n):
    g = new_game("banquet", n, ["random"], variants=(f"scenario{scen}", "basic"), seed=3)
    assert g.hooks.DECISION_KINDS[g.kind] == "direction"


@pytest.mark.parametrize("scen,n", [(1, 11), (3, 15), (4, 10), (6, 6)])
def test_with_the_switch_every_player_picks_a_place_once_then_round_one(scen, n):
    """Each pick is honoured (the picker stands where he chose), every player picks once in
    the scenario's order (scenario 4: the king goes across from the queen, a displaced
    queen's-faction member picks again), and the seating is a seating: one player a place."""
    g = new_game("banquet", n, ["random"], variants=(f"scenario{scen}", "basic"), overrides=CHOSEN, seed=3)
    st = g.hooks.state_row(g.arrays)
    pick = np.random.default_rng(scen)
    pickers = []
    while g.hooks.DECISION_KINDS[g.kind] == "set-up place":
        p, opts = g.seat, g.options()
        q = int(opts[int(pick.integers(len(opts))), L.O_CHOICE])
        g.apply([int(r[L.O_CHOICE]) for r in opts].index(q))
        assert st[L.F_PLACE + p] == q
        pickers.append(p)
    assert g.hooks.DECISION_KINDS[g.kind] == "direction"
    places = st[L.F_PLACE:L.F_PLACE + n]
    assert len(set(places.tolist())) == n and broken_invariants(g.compiled, g.arrays["sc"]) == []
    if scen == 1:
        assert sorted(pickers) == list(range(n)) and pickers[-1] == st[L.F_KING]
    if scen == 3:
        assert pickers[0] == st[L.F_KING] and sorted(pickers) == list(range(n))
    if scen == 4:
        king, queen = int(st[L.F_PATRON]), int(st[L.F_HOST])
        maidens = [p for p in range(n) if st[L.F_FACTION + p] == L.MAIDEN_F]
        first_maiden = pickers.index(maidens[0])
        assert pickers[0] == queen and king not in pickers[:first_maiden]   # placed, not picking
        assert pickers[first_maiden:first_maiden + 1] == maidens[:1] and set(maidens) <= set(pickers)
    if scen == 6:
        assert sorted(pickers) == list(range(n))


def test_the_scenario_1_king_may_take_an_occupied_place_its_occupant_takes_his():
    g = new_game("banquet", 11, ["greedy"], variants=("scenario1", "basic"), overrides=CHOSEN, seed=4)
    st = g.hooks.state_row(g.arrays)
    king = int(st[L.F_KING])
    while g.seat != king:
        g.apply(g.bot_choice())
    assert len(g.options()) == 11           # any place
    before = st[L.F_PLACE + king]
    target = (int(before) + 3) % 11
    occupant = [p for p in range(11) if st[L.F_PLACE + p] == target][0]
    g.apply([int(r[L.O_CHOICE]) for r in g.options()].index(target))
    assert st[L.F_PLACE + king] == target and st[L.F_PLACE + occupant] == before


@pytest.mark.parametrize("bot", ["random", "greedy", "heuristic", "rollout"])
def test_every_bot_plays_games_with_the_switch_on(bot):
    """play_batch with players choosing: the games end, each counts its set-up decisions."""
    from sim.game import Batch
    from sim.games.banquet import GAME
    for scen, n in ((1, 11), (4, 10), (6, 6)):
        content = GAME.content((f"scenario{scen}", "basic"), CHOSEN + ("bots.rollout_playouts=1", "bots.rollout_candidates=2"))
        comp = GAME.compile(content, n)
        codes = GAME.bot_codes([bot], n)
        gi = np.arange(3, dtype=np.uint64)
        out = Batch.alloc(3, n, len(GAME.metrics))
        GAME.play(comp, codes, GAME.weights(content), 1, gi, (gi % n).astype(np.int64), out)
        assert (out.turns > 0).all() and (out.decisions >= n - 1).all()
