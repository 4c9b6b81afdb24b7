"""Sections of the report that belong to one game: each asks its game's own questions of a
run's results (the tables come from analysis/<game>.py). ``SECTIONS`` maps a game id to its
section."""
from __future__ import annotations

import polars as pl

from analysis import banquet, emerald, teams
from reports import charts
from reports.page import Page, Run, interval, pct


def emerald_section(page: Page, r: Run):
    rows = r.rows
    if rows is None or "emerald_penalty" not in rows.columns:
        return
    page.heading(f"A Study in Emerald: sides ({r.label})", 3)
    page.table(["side", "which", "seat-games", "win rate", "95% interval (%)"],
               [[t["side"], t["which"], f"{t['seat_games']:,}", pct(t["rate"]), interval(t["ci_low"], t["ci_high"])]
                for t in emerald.side_wins(rows).iter_rows(named=True)],
               "A seat's win rate by the side chance dealt it, and by the side it ended on (a Loyalist "
               "who played Change of Heart ends a Restorationist).")
    games = emerald.per_game(rows)
    page.table(["Restorationists dealt", "games", "share of games", "a Restorationist won", "95% interval (%)"],
               [[t["restorationists"], f"{t['games']:,}", pct(t["share"]), pct(t["rate"]),
                 interval(t["ci_low"], t["ci_high"])] for t in emerald.by_restorationists(games).iter_rows(named=True)],
               "Finished games by how many Restorationists chance dealt from the six identity cards, and how "
               "often a Restorationist (by the dealt side) won.")
    page.table(["side dealt", "seats on it", "seat-games", "share of deals", "win rate", "95% interval (%)"],
               [[t["role"], t["team_size"], f"{t['games']:,}", pct(t["deals"]), pct(t["win_rate"]),
                 interval(t["ci_low"], t["ci_high"])] for t in teams.by_team_size(rows, by_side=True).iter_rows(named=True)],
               "A seat's win rate by its dealt side and how many seats of its game were dealt that side (itself "
               "included; 1 = alone). The verdict asks whether the number of teammates matters, and how often "
               "the final -5 changed the winner.")


def banquet_faction_wins(page: Page, rows: pl.DataFrame):
    """Faction win rate by scenario and player count, the basic and full rules side by side (a
    player-count sweep per scenario and rule set fills it: balance sweep banquet --players all)."""
    table = banquet.faction_wins(rows)
    fig = charts.faction_players_chart(table, "The Last Banquet: faction win rate by player count")
    if fig is not None:      # one player count: no chart over an axis of one value
        page.chart(fig, "banquet_faction_players", "Faction win rate by scenario and player count, basic vs full rules")
    page.table(["scenario", "players", "faction", "basic: games", "basic: win rate", "basic: 95% (%)",
                "full: games", "full: win rate", "full: 95% (%)"],
               [[t["scenario"], t["n_players"], t["role"],
                 *[x for r in ("basic", "full") for x in (
                     "-" if t[f"games_{r}"] is None else f"{t[f'games_{r}']:,}",
                     "-" if t[f"rate_{r}"] is None else pct(t[f"rate_{r}"]),
                     interval(t[f"ci_low_{r}"], t[f"ci_high_{r}"]))]]
                for t in banquet.side_by_side(table).iter_rows(named=True)],
               "A faction wins a game when a seat that finished in it wins (scenario 4's converts count "
               "with the white maiden); a capped game is a loss for all.")


def banquet_rescues_by_guards(page: Page, rows: pl.DataFrame):
    """Scenario 6: the table's win rate by the guard count on the tower (the printed difficulty
    dial), per rule set and player count (runs at several settings: --set scenario6.guards=G)."""
    table = banquet.rescues_by_guards(rows)
    if table.height == 0:
        return
    fig = charts.rescue_guards_chart(table, "The Missing Princess: the table's win rate by guard count")
    if fig is not None:      # one guard count: no chart over an axis of one value
        page.chart(fig, "banquet_rescues_by_guards", "Scenario 6: the table's win rate by the number of guards")
    page.table(["rules", "players", "guards", "games", "rescued", "win rate", "95% interval (%)"],
               [[t["rules"], t["n_players"], t["guards"], f"{t['games']:,}", f"{t['wins']:,}", pct(t["rate"]),
                 interval(t["ci_low"], t["ci_high"])] for t in table.iter_rows(named=True)],
               "Scenario 6 is co-operative: the whole table wins when the scepter reaches the gatehouse player "
               "after she found the princess, and loses when the duke comes beside her or everyone is seated.")


# The Last Banquet's charts across runs (every run and player-count sweep of the report): one
# function per chart, each given the page and the rows of every Banquet run.
BANQUET_CHARTS = [banquet_faction_wins, banquet_rescues_by_guards]


def banquet_section(page: Page, runs: list[Run]):
    frames = [r.rows for r in runs if r.game == "banquet" and r.rows is not None]
    if not frames:
        return
    page.heading("The Last Banquet: factions by scenario and player count", 3)
    rows = pl.concat(frames, how="diagonal_relaxed")
    for chart in BANQUET_CHARTS:
        chart(page, rows)


SECTIONS = {"emerald": emerald_section}
# sections over every run of the report at once (a game's runs side by side)
ACROSS_RUNS = {"banquet": banquet_section}
