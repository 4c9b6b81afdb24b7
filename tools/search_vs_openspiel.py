"""Decisions per second of our search bot (kernels/search.py) and of OpenSpiel's ISMCTSBot at
the same iterations per decision, on the same positions of a game played through the OpenSpiel
adapter (sim/openspiel.py). Usage:

    PYTHONPATH=. python tools/search_vs_openspiel.py bastille 4 50 6

(game, players, iterations per decision, decisions timed). The positions are the first
decisions of seat 0 with more than one option in games the heuristic (or the game's default
bot) plays; each bot is asked at each of them, once, after a warm-up call (compiling). OpenSpiel's bot
evaluates a leaf with one random rollout (its RandomRolloutEvaluator), ours with the game's
heuristic playout: the figures compare speed per iteration, not strength."""
from __future__ import annotations

import sys
import time

import numpy as np


def positions(game_id: str, players: int, iterations: int, count: int):
    """(our GameState, OpenSpiel state) pairs at seat 0's decisions, copied."""
    import pyspiel

    from sim.openspiel import register
    from sim.registry import get_game

    game = get_game(game_id)
    name = register(game_id, players, overrides=(f"bots.search_iterations={iterations}",),
                    bots=["search"] + [game.default_bots] * (players - 1))
    osgame = pyspiel.load_game(name)
    out = []
    gi = 0
    while len(out) < count:
        state = osgame.new_initial_state()
        gi += 1
        while not state.is_terminal() and len(out) < count:
            if state.current_player() == 0 and len(state.legal_actions()) > 1:
                out.append(state.clone())
            g = state.g
            if g.seat == 0:
                state.apply_action(int(np.random.default_rng(gi).integers(len(g.options()))))
            else:
                state.apply_action(g.bot_choice())
    return osgame, out


def main(game_id: str, players: int, iterations: int, count: int) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    osgame, states = positions(game_id, players, iterations, count + 1)
    states[0].clone().g.bot_choice()                    # compile
    t = time.perf_counter()
    for s in states[1:]:
        s.clone().g.bot_choice()
    ours = count / (time.perf_counter() - t)
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(osgame, mcts.RandomRolloutEvaluator(1, rs), 0.7,
                           max_simulations=iterations, random_state=rs,
                           allow_inconsistent_action_sets=True)
    bot.step(states[0].clone())
    t = time.perf_counter()
    for s in states[1:]:
        bot.step(s.clone())
    theirs = count / (time.perf_counter() - t)
    print(f"{game_id} {players}p, {iterations} iterations a decision, {count} decisions of seat 0: "
          f"our search {ours:,.2f} decisions/s, OpenSpiel ISMCTSBot (random rollouts) "
          f"{theirs:,.3f} decisions/s, ratio {ours / theirs:,.0f}x (one thread each)")


if __name__ == "__main__":
    g, p, it, n = (sys.argv[1:] + ["bastille", "4", "50", "6"][len(sys.argv) - 1:])[:4]
    main(g, int(p), int(it), int(n))
