"""The OpenSpiel adapter (sim/openspiel.py) on The Last Banquet (scenario 1, 11 players):
OpenSpiel's own consistency check passes and its ISMCTSBot finishes a game against our
heuristic. Skipped only when the optional extra (open_spiel) is not installed."""
import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from sim.openspiel import register  # noqa: E402


@pytest.fixture(scope="module")
def name():
    return register("banquet", 11, overrides=("bots.rollout_playouts=1",), bots=["heuristic"])


def test_random_sim_test_passes(name):
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=2, serialize=False, verbose=False)


def test_ismcts_finishes_a_game_against_our_heuristic(name):
    from open_spiel.python.algorithms import ismcts, mcts
    game = pyspiel.load_game(name)
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, max_simulations=2, random_state=rs)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(state.g.bot_choice())
    assert len(state.returns()) == 11 and set(state.returns()) <= {0.0, 1.0}
