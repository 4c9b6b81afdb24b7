"""Golden hashes: results and traces of fixed batches for every bot (and one mixed table),
every scenario in the basic and the full rules, each at its smallest table, recorded on the
kernel before the forward-model conversion (issue 29). A change of any hash means the games
changed; re-record (``python -m tests.banquet.test_golden``) only with the reason named in
the commit. The content is packed once per case; the kernels compile once per process."""
from pathlib import Path

import pytest

from sim.games.banquet import GAME
from sim.games.banquet.pack import SCENARIO_PLAYERS
from tests.golden import RESULTS, assert_recorded, batch_hashes, record

GOLDEN = Path(__file__).with_name("golden.json")
# the mixed table's bots, named: a bot added to the game later (search) must not change it
MIXED = ("random", "greedy", "heuristic", "rollout")
GAMES = {"random": 30, "greedy": 30, "heuristic": 30, "rollout": 3, "mixed": 6}
QUICK = ("bots.rollout_playouts=1", "bots.rollout_candidates=2")
TRACED = (0, 1)         # game indices traced per case
SCENARIOS = tuple(range(1, 7))
CASES = [(bot, s, rules) for bot in GAMES for s in SCENARIOS for rules in ("basic", "full")]


def case_id(bot, s, rules):
    return f"{bot}-scenario{s}-{rules}"


def lineup(bot, n):
    """One bot in every seat, or (mixed) the four bots in turn round the table."""
    return [bot] if bot != "mixed" else [MIXED[s % len(MIXED)] for s in range(n)]


def hashes(bot, s, rules):
    """(results hash, traces hash) of a fixed batch, seats rotated; the roles and the traced
    games' metrics hashed too."""
    n = SCENARIO_PLAYERS[s][0]
    content = GAME.content((f"scenario{s}", rules), QUICK)
    results = (*RESULTS[:3], "role", "secret_role", *RESULTS[3:])
    return batch_hashes(GAME, content, n, lineup(bot, n), GAMES[bot], TRACED, results,
                        ("score", "decisions", "metrics"))


@pytest.mark.parametrize("bot,s,rules", CASES, ids=[case_id(*c) for c in CASES])
def test_games_are_the_recorded_games(bot, s, rules):
    assert_recorded(GOLDEN, case_id(bot, s, rules), hashes(bot, s, rules))


if __name__ == "__main__":
    record(GOLDEN, {case_id(*c): hashes(*c) for c in CASES})
