"""The OpenSpiel adapter (sim/openspiel.py) on A Study in Emerald (4 players): OpenSpiel's own
consistency check passes and its ISMCTSBot finishes a game against our heuristic. Skipped only
when the optional extra (open_spiel) is not installed."""
import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from sim.openspiel import register  # noqa: E402


@pytest.fixture(scope="module")
def name():
    # a short game: random play mostly discards and would run to the 600-turn cap
    return register("emerald", 4, overrides=("turn.max_turns=50",), bots=["heuristic"])


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
    assert len(state.returns()) == 4 and sum(state.returns()) <= 1.0 + 1e-9
