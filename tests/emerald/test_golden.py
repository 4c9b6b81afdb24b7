"""Golden hashes: results and traces of fixed batches for every bot and a mixed table, 2 and 4
players, the content as shipped (Emerald has one variant, base) and with the readings that
change where decisions fall flipped, recorded on the kernel before the forward-model
conversion (issue 29). A change of any hash means the games changed; re-record
(``python -m tests.emerald.test_golden``) only with the reason named in the commit."""
from pathlib import Path

import pytest

from sim.games.emerald import GAME
from tests.golden import RESULTS, assert_recorded, batch_hashes, record

GOLDEN = Path(__file__).with_name("golden.json")
# the mixed table's bots, named: a bot added to the game later (search) must not change it
MIXED = ("random", "greedy", "heuristic", "rollout")
GAMES = {"random": 12, "greedy": 12, "heuristic": 12, "rollout": 2, "mixed": 4}
# the rollout bot cheap: two candidates, one playout of two turns each
CHEAP = ("bots.rollout_candidates=2", "bots.rollout_playouts=1", "bots.rollout_horizon=2")
# the readings flipped from their defaults where they move a decision: a claim reaching the
# target ends at once, one clean-up after several assassinations, no repeated action kind,
# the interrupts' and refills' other readings, Matvei an action, Mi-Go exactly two, ...
READINGS = ("rules.target_end_timing=0", "rules.cleanup_each_assassination=0", "rules.repeat_actions=0",
            "rules.refill_every_time=0", "rules.vampires_interrupt_one_use=0", "rules.sherlock_stops_replace=0",
            "rules.matvei_free=0", "rules.mi_go_one_or_two=0", "rules.lestrade_one_player=0",
            "rules.hide_royalty_free_timing=0", "rules.zombies_are_pieces=1", "rules.reveal_any_agent_loss=0",
            "rules.place_as_many_as_possible=0", "rules.zombies_place_remaining=0",
            "rules.turn_up_after_removal=0", "rules.cthulhu_takes_slot=1", "rules.discards_public=0")
SETTINGS = {"base": (), "readings": READINGS}
TRACED = (0, 1)         # game indices traced per case
CASES = [(bot, s, n) for bot in GAMES for s in SETTINGS for n in (2, 4)]


def case_id(bot, s, n):
    return f"{bot}-{s}-{n}p"


def lineup(bot, n):
    """One bot in every seat, or (mixed) the four bots in turn round the table."""
    return [bot] if bot != "mixed" else [MIXED[s % len(MIXED)] for s in range(n)]


def hashes(bot, s, n):
    """(results hash, traces hash) of a fixed batch, seats rotated; the dealt sides and the
    traced games' metrics hashed too."""
    content = GAME.content((), CHEAP + SETTINGS[s])
    results = (*RESULTS[:3], "role", *RESULTS[3:])
    return batch_hashes(GAME, content, n, lineup(bot, n), GAMES[bot], TRACED, results,
                        ("score", "decisions", "metrics"))


@pytest.mark.parametrize("bot,s,n", CASES, ids=[case_id(*c) for c in CASES])
def test_games_are_the_recorded_games(bot, s, n):
    assert_recorded(GOLDEN, case_id(bot, s, n), hashes(bot, s, n))


if __name__ == "__main__":
    record(GOLDEN, {case_id(*c): hashes(*c) for c in CASES})
