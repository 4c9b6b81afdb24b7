"""The OpenSpiel adapter (sim/openspiel.py) on every game it serves: OpenSpiel's own consistency
check (`pyspiel.random_sim_test`: clones, legal actions, unique action strings, returns) passes,
and its ISMCTSBot finishes a game against our bots. open_spiel is in the test extra, so these
run wherever the suite runs."""
import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from sim.openspiel import register  # noqa: E402

# game: (players, content settings that keep a game short and the rollouts cheap, the bot
# answering bot_choice in the other seats)
GAMES = {"doppelganger": (3, ("rules.max_turns=50",), "hunter"),
         "bastille": (3, (), "heuristic"),
         "banquet": (11, ("bots.rollout_playouts=1",), "heuristic"),
         "pimpernel": (2, (), "heuristic"),
         # random play mostly discards and would run to the 600-turn cap
         "emerald": (4, ("turn.max_turns=50",), "heuristic")}
# ISMCTS's random rollouts through the Python API: Pimpernel's ~400 decisions a game make its
# game the slowest by far, and it adds nothing the other games' ISMCTS games do not check
ISMCTS_GAMES = [g for g in GAMES if g != "pimpernel"]


def registered(game_id: str) -> str:
    n, settings, bot = GAMES[game_id]
    return register(game_id, n, overrides=settings, bots=[bot])


@pytest.mark.parametrize("game_id", list(GAMES))
def test_random_sim_test_passes(game_id):
    pyspiel.random_sim_test(pyspiel.load_game(registered(game_id)), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", ISMCTS_GAMES)
def test_ismcts_finishes_a_game_against_our_bots(game_id):
    from open_spiel.python.algorithms import ismcts, mcts
    game = pyspiel.load_game(registered(game_id))
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, max_simulations=2, random_state=rs)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(state.g.bot_choice())
    returns = state.returns()
    assert len(returns) == game.num_players() and set(returns) <= {0.0, 1.0} | {1 / k for k in range(2, 12)}


@pytest.mark.parametrize("game_id", ["doppelganger"])       # grouped with the game's own worker
def test_the_peer_match_seats_ismcts_once_in_every_seat_and_times_both_bots(game_id):
    from analysis.studies.peer import peer_match
    r = peer_match(game_id, 3, iterations=2, deals=1, overrides=("rules.max_turns=50",))
    assert r["games"] == 3 and 0.0 <= r["peer_low"] <= r["peer_share"] <= r["peer_high"] <= 1.0
    assert r["decisions"]["ismcts"] > 0 and r["decisions"]["search"] > r["decisions"]["ismcts"]
    assert set(r["decisions_per_s"]) == {"ismcts", "search"}
