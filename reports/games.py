"""Sections of the report that belong to one game: each asks its game's own questions of a
run's results (the tables come from analysis/<game>.py). ``SECTIONS`` maps a game id to its
section."""
from __future__ import annotations

from analysis import emerald
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
    e = emerald.penalty_effect(games)
    page.para(f"The lowest player's side loses five: it changed the winner in {e['changed']:,} of {e['games']:,} "
              f"finished games ({pct(e['rate'])}, 95% interval {interval(e['ci_low'], e['ci_high'])}); the new winner "
              f"was a Restorationist in {e['to']['restorationist']:,} of them and a Loyalist in "
              f"{e['to']['loyalist']:,} (final sides).")


SECTIONS = {"emerald": emerald_section}
