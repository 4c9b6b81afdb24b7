"""`balance train --faction` (issue 31) on The Last Banquet: the candidate plays every seat of
one faction, each deal once per faction, and the field's own weights give each deal's one
winning faction."""
import polars as pl

from analysis.studies.player import base_config
from analysis.studies.train import SeatTable, new_plan
from sim.registry import get_game


def faction_table(deals: int) -> SeatTable:
    game = get_game("banquet")
    base = base_config("banquet", 11, "heuristic", "scenario1", (), None, 2, True, 1, "local", None)
    plan = new_plan(game, base, "heuristic", deals, 1, "threat,distance", 1.0, "heuristic", None, None, "cmaes",
                    faction=True)
    return SeatTable(game, base, plan)


def test_with_faction_the_candidate_plays_every_seat_of_its_faction_and_no_other(monkeypatch):
    table = faction_table(1)
    weak = table.weights_of({"threat": 0.0, "distance": 0.0})
    asked = []
    choose = table.hooks.bot_choice

    def spy(compiled, s, w):
        asked.append((int(table.hooks.seat(s)), w is weak))
        return choose(compiled, s, w)

    monkeypatch.setattr(table.hooks, "bot_choice", spy)
    teams = table.hooks.arc_teams(table.compiled, table.hooks.start(table.game, table.compiled, table.codes[0],
                                                                     table.field_w, table.seed, 0, 0))
    sides = table.sides(0)
    assert sorted(p for seats in sides for p in seats) == list(range(11))      # a partition of the table
    assert [len(seats) for seats in sides] == [int((teams == teams[seats[0]]).sum()) for seats in sides]
    for seats in sides:
        asked.clear()
        table.play(weak, 0, seats)
        assert {p for p, mine in asked if mine} == set(seats)
        assert not any(mine for p, mine in asked if p not in seats)


def test_the_field_alone_gives_each_deal_one_winning_faction():
    """Scenario 1 at 11 players: the king alone and two traitor factions, one row each per deal;
    the field's own weights play one game a deal, which exactly one faction wins."""
    table = faction_table(3)
    games = table.ladder(table.field_w, 0, 3, lambda n: None)
    assert games.height == 9
    wins = games.group_by("game_index").agg(pl.col("win").sum()).sort("game_index")["win"].to_list()
    assert wins == [1.0, 1.0, 1.0]
