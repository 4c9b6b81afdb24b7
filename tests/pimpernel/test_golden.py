"""Golden hashes: results and traces of fixed batches for every bot, every variant, 2 and 4
players, recorded on the kernel before the forward-model conversion (issue 29). A change of
any hash means the games changed; re-record (``python -m tests.pimpernel.test_golden``) only
with the reason named in the commit."""
import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from sim.game import Batch
from sim.games.pimpernel import GAME

GOLDEN = Path(__file__).with_name("golden.json")
GAMES = {"random": 16, "greedy": 16, "heuristic": 16, "rollout": 3}
# the rollout bot cheap, and its playouts crossing a mission's scoring into the next round
CHEAP = ("bots.rollout_playouts=2", "bots.rollout_width=3", "bots.rollout_rounds=2")
TRACED = (0, 1)         # game indices traced per case
VARIANTS = ("base", "chauvelin", "short", "first_game")
CASES = [(bot, variant, n) for bot in GAMES for variant in VARIANTS for n in (2, 4)]


def case_id(bot, variant, n):
    return f"{bot}-{variant}-{n}p"


def digest(*arrays) -> str:
    h = hashlib.sha256()
    for a in arrays:
        a = np.ascontiguousarray(a)
        h.update(str(a.dtype).encode() + str(a.shape).encode())
        h.update(a.tobytes())
    return h.hexdigest()[:20]


def hashes(bot, variant, n):
    """(results hash, traces hash) of a fixed batch: one bot in every seat, seats rotated."""
    content = GAME.content(() if variant == "base" else (variant,), CHEAP)
    comp = GAME.compile(content, n)
    W = GAME.weights(content)
    codes = GAME.bot_codes([bot], n)
    gi = np.arange(GAMES[bot], dtype=np.uint64)
    out = Batch.alloc(len(gi), n, len(GAME.metrics))
    GAME.play(comp, codes, W, 29, gi, (gi % n).astype(np.int64), out)
    results = digest(out.score, out.rank, out.win, out.position, out.turns, out.end_reason,
                     out.metrics, out.decisions)
    traces = []
    for g in TRACED:
        events, one, _ = GAME.trace_events(comp, codes, W, 29, g, g % n)
        traces += [events, one.score, one.decisions]
    return results, digest(*traces)


def record() -> dict:
    return {case_id(*c): dict(zip(("results", "traces"), hashes(*c))) for c in CASES}


@pytest.mark.parametrize("bot,variant,n", CASES, ids=[case_id(*c) for c in CASES])
def test_games_are_the_recorded_games(bot, variant, n):
    want = json.loads(GOLDEN.read_text())[case_id(bot, variant, n)]
    results, traces = hashes(bot, variant, n)
    assert results == want["results"]
    assert traces == want["traces"]


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n")
    print(GOLDEN.read_text())
