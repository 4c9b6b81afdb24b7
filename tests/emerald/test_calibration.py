"""The reconstructed card points calibrated to the rulebook's end-of-game example (issue 32).

The example (games/emerald.md, worked example 10): the Loyalist Tuesday ends with 16 raw points,
8 from City cards, 1 from Louise Michel, 4 from Sebastian Moran's box and 3 from the tracks, and
loses 4 of them: a quarter. The first test plays that holding out of the shipped cards, claimed
by the rules; the second measures the share over heuristic games with the habits tool, the
calibration target of the VP types and amounts (sim/games/emerald/content.toml, above the game
list)."""
from itertools import combinations

import pytest

from analysis.emerald_habits import habits
from kernels.emerald import layout as L
from kernels.emerald.state import total_vp

from .helpers import MON, S, THU, TUE, WED, empty_table
from .previous import PREVIOUS_HEURISTIC

# the band the share of raw points lost at the final adjustments must fall in, over CAL_GAMES
# heuristic games at 4 players: the example's quarter with the content file's tolerance (22.5-27.5%);
# the neutral-VP reconstruction lost 8.7%, the types alone (the first calibration) 20.0%
CAL_BAND = (0.225, 0.275)
CAL_GAMES = 60


def cities_worth(t, total: int) -> list[str]:
    """Names of shipped City cards whose VP add up to ``total`` (fewest cards first)."""
    cards = t.tables[L.T_CARD]
    cities = [n for n in t.names if n.endswith(" (City)")]
    for k in range(1, len(cities) + 1):
        for pick in combinations(cities, k):
            if sum(int(cards[t.card(n), L.K_VP]) for n in pick) == total:
                return list(pick)
    return []


def claim(t, p: int, name: str) -> None:
    """Seat p claims the shipped card ``name`` by the Claim action: it is the face-up top card
    of a city where p holds the only cube, paid with p's claim starting card."""
    c = t.city_of("Vienna")
    t.set_top(c, t.card(name))
    t.put(p, c, cubes=1)
    pay = S(t, p, 4)
    t.give(p, pay)
    rows = t.find(p, L.ACT_CLAIM, [pay], b=1 << c)
    assert len(rows) == 1, name
    t.act(p, rows[0])
    t.empty_hand(p)


def tuesday_from_shipped_cards(monday_side: int):
    t = empty_table(2)
    for p, s in ((MON, monday_side), (TUE, L.LOYALIST), (WED, L.LOYALIST), (THU, L.RESTORATIONIST)):
        t.set(L.F_IDENT, p, s)
    cities = cities_worth(t, 8)
    assert cities, "no shipped City cards worth the example's 8"
    for name in (*cities, "Louise Michel"):
        claim(t, TUE, name)
    moran = t.card("Sebastian Moran")     # Monday's agent on Tuesday's Sebastian Moran
    t._detach(moran)
    t.st[L.F_ZONE + moran] = L.Z_IDENT
    t.st[L.F_ZOWN + moran] = TUE
    t.st[L.F_VICTIM + moran] = MON
    t.set(L.F_VPBOX, TUE, int(t.tables[L.T_CARD][moran, L.K_BOX]))
    t.set(L.F_TRACK_R, 0, 3)              # the Restorationist marker 3 higher
    return t


@pytest.mark.parametrize("monday,adjusted", [(L.RESTORATIONIST, 12), (L.LOYALIST, 8)])
def test_the_end_of_game_example_on_the_shipped_cards(monday, adjusted):
    t = tuesday_from_shipped_cards(monday)
    assert total_vp(t.st, TUE, t.rules) == 16
    score, _ = t.final()
    assert int(score[TUE] + t.met[TUE, L.M_PENALTY]) == adjusted
    if monday == L.RESTORATIONIST:     # a quarter of the raw points lost, as printed
        assert t.met[TUE, L.M_VP_LOST] / t.met[TUE, L.M_RAW_VP] == 0.25


def test_the_final_adjustments_take_the_calibrated_share_of_the_points():
    """Over games of the heuristic the calibration was derived with (its hand-set weights): a
    retuned bot keeps more or fewer of its points, the cards' calibration stays."""
    share = habits(games=CAL_GAMES, players=4, bots=("heuristic",), seed=1, sets=PREVIOUS_HEURISTIC)["vp_lost_share"]
    assert CAL_BAND[0] <= share <= CAL_BAND[1], share
