"""The README says what the tool does today (issue 27, item 11): its game table lists each
game's bots as `balance games` does (the default first), The Last Banquet's scenarios are
counted as its content declares them, and no sentence says a shipped game lacks variant groups
or narrower player counts while one has them."""
import re
from pathlib import Path

import pytest

from sim.registry import game_ids, get_game

# the shipped games (tests register toy games of their own beside them)
SHIPPED = [g for g in game_ids() if g in {p.name for p in (Path(__file__).parents[2] / "sim" / "games").iterdir()}]

README = (Path(__file__).parents[2] / "README.md").read_text()


def table_bots() -> dict[str, list[str]]:
    """{game id: bots} from the README's game table (| `id` (Name) | players | variants | bots | ...)."""
    out = {}
    for line in README.splitlines():
        m = re.match(r"\| `(\w+)` \([^)]*\) \|[^|]*\|[^|]*\| ([^|]+) \|", line)
        if m:
            out[m.group(1)] = [b.strip() for b in m.group(2).split(",")]
    return out


@pytest.mark.parametrize("game_id", SHIPPED)
def test_the_game_table_lists_the_bots_default_first(game_id):
    game = get_game(game_id)
    want = [game.default_bots, *[b for b in game.bots if b != game.default_bots]]
    assert table_bots()[game_id] == want


def test_banquet_scenarios_are_counted_as_declared():
    scenarios = get_game("banquet").variant_groups()["scenario"][0]
    said = set(re.findall(r"scenarios 1-(\d+)", README))
    assert said == {str(len(scenarios))}, f"README says scenarios 1-{said}; the content has {len(scenarios)}"


def test_no_sentence_denies_the_groups_banquet_has():
    assert get_game("banquet").variant_groups() and get_game("banquet").variant_players
    assert "No shipped game has a group" not in README
