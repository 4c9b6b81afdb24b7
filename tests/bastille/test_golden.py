"""Golden hashes: results and traces of fixed batches for every bot, both variants, 3 and 4
players, recorded on the kernel before the forward-model conversion (issue 29). A change of
any hash means the games changed; re-record (``python -m tests.bastille.test_golden``) only
with the reason named in the commit."""
from pathlib import Path

import pytest

from sim.games.bastille import GAME
from tests.golden import assert_recorded, batch_hashes, record

GOLDEN = Path(__file__).with_name("golden.json")
GAMES = {"random": 24, "greedy": 24, "heuristic": 24, "rollout": 4}
TRACED = (0, 1)         # game indices traced per case
CASES = [(bot, variant, n) for bot in GAMES for variant in ("base", "secret_mission") for n in (3, 4)]


def case_id(bot, variant, n):
    return f"{bot}-{variant}-{n}p"


def hashes(bot, variant, n):
    """(results hash, traces hash) of a fixed batch: one bot in every seat, seats rotated."""
    content = GAME.content(() if variant == "base" else (variant,))
    return batch_hashes(GAME, content, n, [bot], GAMES[bot], TRACED)


@pytest.mark.parametrize("bot,variant,n", CASES, ids=[case_id(*c) for c in CASES])
def test_games_are_the_recorded_games(bot, variant, n):
    assert_recorded(GOLDEN, case_id(bot, variant, n), hashes(bot, variant, n))


if __name__ == "__main__":
    record(GOLDEN, {case_id(*c): hashes(*c) for c in CASES})
