"""sim/games/pimpernel/rounds.py, the issue #34 counter and ladder: the ladder's decision-by-
decision loop plays the kernel's own games, and equal weights share the wins fairly."""
import numpy as np

from sim.game import Batch
from sim.games.pimpernel import GAME
from sim.games.pimpernel.rounds import ladder, measure


def test_ladder_plays_the_games_play_batch_plays():
    """With the same weights on both sides, every seat rotation of a deal is play_batch's game
    of that deal (seed 1): the same scores and turns; and each seat's share is exactly fair."""
    n, deals = 2, 2
    r = ladder(deals, n, (), ())
    content = GAME.content()
    comp = GAME.compile(content, n)
    gi = np.arange(deals, dtype=np.uint64)
    out = Batch.alloc(deals, n, len(GAME.metrics))
    GAME.play(comp, GAME.bot_codes(["heuristic"], n), GAME.weights(content), 1, gi, np.zeros(deals, np.int64), out)
    for g in range(deals):
        for rot in range(n):
            assert np.array_equal(r["out"].score[g * n + rot], out.score[g])
            assert r["out"].turns[g * n + rot] == out.turns[g]
    assert r["share"] == 1 / n


def test_round_counts_are_shares():
    m = measure(3, 2, ["heuristic"], ())
    assert m["rounds"] >= 3 * 7
    assert all(0.0 <= v <= 1.0 for v in m["share"].values())
    assert abs(m["positions"].sum() - 1.0) < 1e-9
