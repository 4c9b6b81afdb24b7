"""Issue #34's readings, each setting pinned: who leads an empty mission space, routes that pass
through the mission's location, Chauvelin's catch by location, the Richmond card's second use,
the tile of a first cube bumped into an area, and the icon of a space filled with the rest cube.
Each reading's switch is listed by `balance games --content pimpernel` (test_rules pins the
list); the kernel reads it from the content row, so a test sets it there."""
import numpy as np
import pytest

from kernels.pimpernel import layout as L
from kernels.pimpernel.missions import move_chauvelin
from kernels.pimpernel.rules import apply_option, begin_turn, next_mission_cards
from kernels.pimpernel.state import start_round
from tests.pimpernel.helpers import Table

HEURISTIC = np.full(L.MAXP, L.BOT_HEURISTIC, np.int64)


def test_placements_keep_the_last_placers_the_readings_ask():
    """A leader-space cube is the round's last leader placer; any cube the round's and the
    game's last placer; a new round forgets the round's two, not the game's."""
    t = Table(4)
    t.apply(1, L.MV_LEADER, L.L_ROUTE)
    t.apply(2, L.MV_ROUTE, int(np.flatnonzero(t.s[L.O_ROUTE:L.O_ROUTE + L.MAXS] < 0)[0]))
    assert (t.s[L.O_LAST], t.s[L.O_LAST_LEAD], t.s[L.O_LAST_EVER]) == (2, 1, 2)
    start_round(t.s)
    assert (t.s[L.O_LAST], t.s[L.O_LAST_LEAD], t.s[L.O_LAST_EVER]) == (-1, -1, 2)


# (placed this round, leader placer this round, placer in the game) -> leader of each empty space
CASES = {"someone placed": ((2, 1, 2), {0: 2, 1: 2, 2: 1}),
         "nobody placed this round": ((-1, -1, 3), {0: 0, 1: 3, 2: 0})}


@pytest.mark.parametrize("reading", [L.EMPTY_BY_LAST_ROUND, L.EMPTY_BY_LAST_GAME, L.EMPTY_BY_LAST_LEADER])
@pytest.mark.parametrize("case", CASES)
def test_reading_who_leads_an_empty_mission_space(reading, case):
    """game.empty_leader_space_leader: the first-player space left empty goes to the reading's
    "player who placed his or her cube last" (seat 1 holds the resources leader space in the
    first case), the first player (seat 0) when nobody qualifies."""
    (last, last_lead, last_ever), want = CASES[case]
    t = Table(4)
    t.K[L.K_EMPTY_LEADER] = reading
    t.s[L.O_FIRST] = 0
    if last_lead >= 0:
        t.put(L.O_LEADER + L.L_RESOURCES, last_lead)
    t.s[L.O_LAST], t.s[L.O_LAST_LEAD], t.s[L.O_LAST_EVER] = last, last_lead, last_ever
    t.resolve_part(L.S_FIRST, HEURISTIC)
    assert t.s[L.O_FIRST] == want[reading]


def _trail(t, locations, pimpernel):
    t.s[L.O_TRAIL_LEN] = len(locations)
    for i, name in enumerate(locations):
        t.s[L.O_TRAIL + i] = t.loc(name)
    t.s[L.O_PIMP] = t.loc(pimpernel)


@pytest.mark.parametrize("by_location", [0, 1])
def test_reading_chauvelin_catches_by_location(by_location):
    """game.chauvelin_catches_by_location: the trail passes Richmond twice (two rescues), the
    Pimpernel stands at the second; Chauvelin's two steps from the House of Justice land on the
    first. 1: caught (same location); 0: he stays there (the Pimpernel's marker is further)."""
    t = Table(4, variants=("chauvelin",))
    t.K[L.K_CHAUV_BY_LOC] = by_location
    _trail(t, ["Calais", "Richmond", "Amiens", "Richmond"], "Richmond")
    t.s[L.O_CHAUV] = -1
    t.set_pl(1, L.P_HOJ, 2)
    move_chauvelin(t.s, t.K, t.log, t.nlog, False)
    if by_location:
        assert t.s[L.O_PRISON] == 1 and t.s[L.O_CHAUV] == -1 and t.s[L.O_PIMP] == t.loc("Temple Prison")
    else:
        assert t.s[L.O_PRISON] == 0 and t.s[L.O_CHAUV] == 1 and t.s[L.O_PIMP] == t.loc("Richmond")
    # passing the Pimpernel's marker catches him by either reading
    t.s[L.O_PRISON], t.s[L.O_CHAUV] = 0, -1
    _trail(t, ["Calais", "Amiens"], "Amiens")
    t.set_pl(1, L.P_HOJ, 3)
    move_chauvelin(t.s, t.K, t.log, t.nlog, False)
    assert t.s[L.O_PRISON] == 1


@pytest.mark.parametrize("reused", [0, 1])
def test_reading_richmond_card_reused(reused):
    """game.richmond_card_reused: the Pimpernel in prison a second time. 1: Richmond's card on
    top of the next mission again (no choice); 0: the card served its rescue, the leader
    chooses the next mission's top card as usual. The first rescue uses it by either reading."""
    t = Table(4, variants=("chauvelin",))
    t.K[L.K_RESCUE_AGAIN] = reused
    rescue = int(t.K[L.K_RESCUE_CARD])
    s = t.s.copy()
    t.s[L.O_PRISON] = 1
    assert not next_mission_cards(t.s, t.K)
    assert t.s[L.O_CUR_CARDS] == rescue and t.s[L.O_M_LOC] == t.loc("Richmond") and t.s[L.O_RESCUES] == 1
    t.s[:] = s
    t.s[L.O_PRISON], t.s[L.O_RESCUES] = 1, 1
    chooses = next_mission_cards(t.s, t.K)
    cards = list(t.s[L.O_CUR_CARDS:L.O_CUR_CARDS + t.s[L.O_NCUR]])
    if reused:
        assert not chooses and cards[0] == rescue and t.s[L.O_RESCUES] == 2
    else:
        assert chooses and rescue not in cards and t.s[L.O_NCUR] == 2 and t.s[L.O_RESCUES] == 1


def _building_of(t, area):
    """A building space holding a tile of this planning area, and its region."""
    for b in range(int(t.K[L.K_NB])):
        if t.K[L.K_TILE_AREA + t.s[L.O_BLDTILE + b]] == area:
            return b, int(t.K[L.K_BLD_REGION + b])
    raise AssertionError(area)


@pytest.mark.parametrize("reading", [L.BUMP_TILE_OWNER, L.BUMP_TILE_PLACER])
def test_reading_bumped_first_cube_tile(reading):
    """game.bumped_first_cube_tile: seat 0 takes the papers building from seat 1, whose cube is
    the first ever in the papers area: its tile goes to seat 1 (owner) or seat 0 (placer). A
    later bump into an area with cubes follows the majority by either reading."""
    t = Table(4)
    t.K[L.K_BUMP_TILE] = reading
    b, r = _building_of(t, L.A_PAPERS)
    t.put(L.O_BLD + b, 1)
    t.set_pl(0, L.P_REGION, r)
    t.apply(0, L.MV_BUILD, b)
    assert t.area(1, L.A_PAPERS) == 1 and t.s[L.O_BLD + b] == 0
    assert t.s[L.O_HOLDER + L.A_PAPERS] == (1 if reading == L.BUMP_TILE_OWNER else 0)
    t.set_area(2, L.A_PAPERS, 1)
    t.set_pl(3, L.P_REGION, r)
    t.apply(3, L.MV_BUILD, b)     # seat 0's cube bumped in: 1/1/1, no clear majority
    assert t.s[L.O_HOLDER + L.A_PAPERS] == (1 if reading == L.BUMP_TILE_OWNER else 0)
    t.set_area(0, L.A_PAPERS, 2)
    t.set_pl(1, L.P_REGION, r)
    t.apply(1, L.MV_BUILD, b)     # seat 3's cube in: seat 0 holds 2 of 5, a clear majority
    assert t.s[L.O_HOLDER + L.A_PAPERS] == 0


@pytest.mark.parametrize("icon", [0, 1])
def test_reading_rest_cube_icon(icon):
    """game.rest_cube_icon: seat 0 fills a supporter-icon space with its rest cube. 1: the icon's
    action is offered next (a supporter cube from supply); 0: the turn goes on without it."""
    t = Table(4)
    t.K[L.K_REST_ICON] = icon
    l, k = next((l, k) for l in range(20) if t.s[L.O_LOCCARD + l] >= 0
                for k in range(int(t.K[L.K_LC_NSLOT + t.s[L.O_LOCCARD + l]]))
                if t.K[L.K_LC_ICON + t.s[L.O_LOCCARD + l] * L.MAXSLOT + k] == L.IC_SUPPORTER)
    t.set_pl(0, L.P_REGION, int(t.K[L.K_LOC_REGION + l]))
    t.set_area(0, L.A_REST, 1)
    begin_turn(t.s)
    t.s[L.O_T_ACTED], t.s[L.O_CUR] = 1, 0
    t.s[L.O_DEC], t.s[L.O_DEC_SEAT], t.s[L.O_STOP] = L.DEC_REST, 0, L.S_END
    supply = t.pl(0, L.P_SUPPLY)
    dec = apply_option(t.s, t.K, t.c.RS, t.c.RM, t.tmp, t.om, L.MV_LOC, l * L.MAXSLOT + k, 0, -1, t.log,
                       t.nlog, False)
    assert t.s[L.O_LOC + l * L.MAXSLOT + k] == 0 and t.area(0, L.A_REST) == 0 and t.pl(0, L.P_SUPPLY) == supply
    if icon:
        assert dec == L.DEC_ICON and t.s[L.O_ACT] == L.ACT_SUPPORTER and t.s[L.O_DEC_SEAT] == 0
    else:
        assert dec == L.DEC_NONE and t.s[L.O_STEP] == L.S_END


def test_reading_routes_through_the_mission_location():
    """game.route_revisits_locations = 2: a route may pass through the mission's location and
    come back to it, 226,996 routes on the shipped map (the referee's count in issue #34); the
    routes of reading 1 (ending at the first arrival) are among them. 0 and 1 are pinned in
    test_routes (48,670 and 158,289)."""
    from sim.games.pimpernel import GAME
    one = GAME.compile(GAME.content((), ("game.route_revisits_locations=1",)), 4)
    two = GAME.compile(GAME.content((), ("game.route_revisits_locations=2",)), 4)
    nloc = len(two.names["locations"])
    pairs = [a * L.MAXL + b for a in range(nloc) for b in range(nloc) if a != b]
    assert sum(int(two.RS[i + 1] - two.RS[i]) for i in pairs) == 226_996
    a, b = one.names["locations"].index("London"), one.names["locations"].index("Calais")
    first = set(one.RM[one.RS[a * L.MAXL + b]:one.RS[a * L.MAXL + b + 1]].tolist())
    through = set(two.RM[two.RS[a * L.MAXL + b]:two.RS[a * L.MAXL + b + 1]].tolist())
    assert first < through
