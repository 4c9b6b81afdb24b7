"""Golden hashes: results and traces of fixed batches for every bot (and one mixed table),
every scenario in the basic and the full rules, each at its smallest table, recorded on the
kernel before the forward-model conversion (issue 29). A change of any hash means the games
changed; re-record (``python -m tests.banquet.test_golden``) only with the reason named in
the commit. The content is packed once per case; the kernels compile once per process."""
import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from sim.game import Batch
from sim.games.banquet import GAME
from sim.games.banquet.pack import SCENARIO_PLAYERS

GOLDEN = Path(__file__).with_name("golden.json")
GAMES = {"random": 30, "greedy": 30, "heuristic": 30, "rollout": 3, "mixed": 6}
QUICK = ("bots.rollout_playouts=1", "bots.rollout_candidates=2")
TRACED = (0, 1)         # game indices traced per case
SCENARIOS = tuple(range(1, 7))
CASES = [(bot, s, rules) for bot in GAMES for s in SCENARIOS for rules in ("basic", "full")]


def case_id(bot, s, rules):
    return f"{bot}-scenario{s}-{rules}"


def digest(*arrays) -> str:
    h = hashlib.sha256()
    for a in arrays:
        a = np.ascontiguousarray(a)
        h.update(str(a.dtype).encode() + str(a.shape).encode())
        h.update(a.tobytes())
    return h.hexdigest()[:20]


def lineup(bot, n):
    """One bot in every seat, or (mixed) the four bots in turn round the table."""
    return [bot] if bot != "mixed" else [GAME.bots[s % len(GAME.bots)] for s in range(n)]


def hashes(bot, s, rules):
    """(results hash, traces hash) of a fixed batch, seats rotated."""
    n = SCENARIO_PLAYERS[s][0]
    content = GAME.content((f"scenario{s}", rules), QUICK)
    comp = GAME.compile(content, n)
    W = GAME.weights(content)
    codes = GAME.bot_codes(lineup(bot, n), n)
    gi = np.arange(GAMES[bot], dtype=np.uint64)
    out = Batch.alloc(len(gi), n, len(GAME.metrics))
    GAME.play(comp, codes, W, 29, gi, (gi % n).astype(np.int64), out)
    results = digest(out.score, out.rank, out.win, out.role, out.secret_role, out.position, out.turns,
                     out.end_reason, out.metrics, out.decisions)
    traces = []
    for g in TRACED:
        events, one, _ = GAME.trace_events(comp, codes, W, 29, g, g % n)
        traces += [events, one.score, one.decisions, one.metrics]
    return results, digest(*traces)


def record() -> dict:
    return {case_id(*c): dict(zip(("results", "traces"), hashes(*c))) for c in CASES}


@pytest.mark.parametrize("bot,s,rules", CASES, ids=[case_id(*c) for c in CASES])
def test_games_are_the_recorded_games(bot, s, rules):
    want = json.loads(GOLDEN.read_text())[case_id(bot, s, rules)]
    results, traces = hashes(bot, s, rules)
    assert results == want["results"]
    assert traces == want["traces"]


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n")
    print(GOLDEN.read_text())
