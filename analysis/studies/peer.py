"""Our search bot against a peer: OpenSpiel's ISMCTSBot (Cowling, Powley and Whitehouse's
single-observer information-set MCTS, the same algorithm as ours) at the same iterations per
decision, on the same deals, through the OpenSpiel adapter (sim/openspiel.py).

One seat is OpenSpiel's, the others our search; every deal is played once with the peer in
each seat. If the peer's win share is at or below the fair share 1/n, ours is at least as
strong. Decisions per second are each bot's own thinking time over the decisions it made with
more than one option (a forced decision is applied without asking either bot).

    python -m analysis.studies.peer bastille -p 3 --iterations 50 --deals 4
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from analysis.intervals import wilson


def peer_match(game_id: str, players: int, iterations: int, deals: int, seed: int = 1,
               overrides: tuple[str, ...] = (), allow_inconsistent: bool = False) -> dict:
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    from sim.openspiel import register

    sets = (*overrides, f"bots.search_iterations={iterations}")
    game = pyspiel.load_game(register(game_id, players, overrides=sets, bots=["search"]),
                             {"seed": seed})
    rs = np.random.RandomState(seed)
    # as tools/search_vs_openspiel.py asks it: UCT constant 0.7, one random rollout a leaf. The
    # adapter's information-state strings carry the whole public board (observe()), so one
    # string never has two option sets (tests/test_observe.py) and ISMCTSBot's own check of
    # that stays on unless asked otherwise
    peer = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 0.7, max_simulations=iterations,
                            random_state=rs, allow_inconsistent_action_sets=allow_inconsistent)
    game.new_initial_state().g.bot_choice()      # compile or load our search before timing it
    share, think = [], {"ismcts": [0.0, 0], "search": [0.0, 0]}
    for deal in range(deals):
        for seat in range(players):
            game.games = deal           # the same deal for every seat the peer takes
            state = game.new_initial_state()
            while not state.is_terminal():
                if len(state.legal_actions()) == 1:     # forced: neither bot has a choice to make
                    state.apply_action(0)
                    continue
                who = "ismcts" if state.current_player() == seat else "search"
                t = time.perf_counter()
                action = peer.step(state) if who == "ismcts" else state.g.bot_choice()
                think[who][0] += time.perf_counter() - t
                think[who][1] += 1
                state.apply_action(action)
            share.append(state.returns()[seat])
    wins, n = float(np.sum(share)), len(share)
    low, high = wilson(wins, n)
    return {"game": game_id, "players": players, "iterations": iterations, "games": n,
            "peer_share": wins / n, "peer_low": float(low), "peer_high": float(high), "fair": 1 / players,
            "decisions_per_s": {k: v[1] / v[0] for k, v in think.items() if v[0] > 0},
            "decisions": {k: v[1] for k, v in think.items()}}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("-p", "--players", type=int, required=True)
    ap.add_argument("--iterations", type=int, default=50)
    ap.add_argument("--deals", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--set", action="append", default=[], help="content setting key=value")
    ap.add_argument("--allow-inconsistent", action="store_true",
                    help="let ISMCTSBot accept two option sets under one information-state string")
    a = ap.parse_args(argv)
    r = peer_match(a.game, a.players, a.iterations, a.deals, a.seed, tuple(a.set), a.allow_inconsistent)
    rate = r["decisions_per_s"]
    print(f"{a.game} {a.players}p, {a.iterations} iterations a decision, {r['games']} games "
          f"(each of {a.deals} deals with OpenSpiel's ISMCTSBot in every seat once, our search in the others)")
    print(f"  ISMCTSBot's win share {r['peer_share']:.3f} [{r['peer_low']:.3f}, {r['peer_high']:.3f}] "
          f"against the fair {r['fair']:.3f}")
    print(f"  decisions/s: our search {rate.get('search', 0):,.1f}, ISMCTSBot {rate.get('ismcts', 0):,.2f} "
          f"({rate.get('search', 0) / max(rate.get('ismcts', 1e-9), 1e-9):,.0f} times)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
