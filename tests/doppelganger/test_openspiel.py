"""The OpenSpiel adapter (sim/openspiel.py) on doppelganger: OpenSpiel's own consistency
check passes and its ISMCTSBot finishes games against our hunter. Skipped only when the
optional extra (open_spiel) is not installed."""
import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from sim.openspiel import register  # noqa: E402

SHORT = ("rules.max_turns=50",)


@pytest.fixture(scope="module")
def name():
    return register("doppelganger", 3, overrides=SHORT, bots=["hunter"])


def test_random_sim_test_passes(name):
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=3, serialize=False, verbose=False)


def test_ismcts_finishes_games_against_the_hunter(name):
    from open_spiel.python.algorithms import ismcts, mcts
    game = pyspiel.load_game(name)
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, max_simulations=4,
                           random_state=rs)
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == 0:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(state.g.bot_choice())
        assert len(state.returns()) == 3
