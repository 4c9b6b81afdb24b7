"""Each worked example of the rulebook, set up in arrays and run through the rule functions."""
import numpy as np

from kernels.pimpernel import layout as L
from kernels.pimpernel.state import mission_need
from kernels.pimpernel.bots import choose_route
from kernels.pimpernel.moves import count_complete, route_masks_of
from kernels.pimpernel.missions import move_chauvelin, resolve_first, resolve_location, score_cube, settle_leader
from kernels.pimpernel.actions import update_majority
from tests.pimpernel.helpers import Table

PINK, GREEN, BROWN, BLUE = 0, 1, 2, 3
HEUR = np.full(L.MAXP, L.BOT_HEURISTIC, np.int64)


def clear_areas(t):
    for p in range(t.n):
        for a in range(L.NAREA):
            t.set_area(p, a, 0)


def test_resources_example_one_horse_short():
    """Pink leads the resources on the shipped cards: a mission of two cards that needs two
    disguises, no papers, one cart and four horses, as printed."""
    t = Table(4)
    clear_areas(t)
    t.set_mission([t.card_of("Canterbury"), t.card_of("Barriere de Passy")])
    assert [mission_need(t.s, t.K, k) for k in range(L.NRES)] == [2, 0, 1, 4]
    t.set_area(PINK, L.A_DISGUISE, 2)
    t.set_area(BROWN, L.A_CART, 1)
    t.set_area(BLUE, L.A_CART, 1)
    t.set_area(PINK, L.A_HORSE, 1)
    t.set_area(GREEN, L.A_HORSE, 1)
    t.set_area(BLUE, L.A_HORSE, 1)
    for p in range(4):
        t.set_pl(p, L.P_SCORE, 10)
    t.set_pl(BROWN, L.P_SCORE, 5)  # the leader hands the cart point to the trailing brown
    t.put(L.O_LEADER + L.L_RESOURCES, PINK)
    supply = [t.pl(p, L.P_SUPPLY) for p in range(4)]
    t.resolve_part(L.S_RESOURCES, HEUR)
    assert [t.score(p) for p in range(4)] == [13, 11, 6, 11]  # 3/1/1/1, no leader point
    assert t.area(BLUE, L.A_CART) == 1 and t.area(BROWN, L.A_CART) == 0
    assert t.pl(PINK, L.P_SUPPLY) == supply[PINK] + 3 + 1   # cubes and the leader cube home
    assert t.s[L.O_LEADER + L.L_RESOURCES] == -1
    # blue is now alone in the cart area and takes its tile
    assert t.s[L.O_HOLDER + L.A_CART] == BLUE


def test_resources_met_gives_leader_point():
    t = Table(4)
    clear_areas(t)
    card = t.s[L.O_CUR_CARDS]
    t.set_mission([card])
    t.set_need(card, [1, 0, 0, 1, 0])
    t.set_area(GREEN, L.A_DISGUISE, 1)
    t.set_area(GREEN, L.A_HORSE, 2)
    t.put(L.O_LEADER + L.L_RESOURCES, PINK)
    t.resolve_part(L.S_RESOURCES, HEUR)
    assert t.score(PINK) == 1 and t.score(GREEN) == 2
    assert t.area(GREEN, L.A_HORSE) == 1  # only what the mission needs leaves


def test_supporter_example_politician():
    """Green leads the supporters through the real resolution: five cubes in the area (two
    pink, two blue, his own), four needed by the shipped cards. He moves two pink and two
    blue, leaving his own so that he takes the Politician: pink and blue score 2 each, green
    the leader point."""
    t = Table(4)
    clear_areas(t)
    t.set_mission([t.card_of("Boulogne"), t.card_of("Salzburg")])
    assert mission_need(t.s, t.K, 4) == 4
    t.set_area(PINK, L.A_SUPPORTER, 2)
    t.set_area(BLUE, L.A_SUPPORTER, 2)
    t.set_area(GREEN, L.A_SUPPORTER, 1)
    t.s[L.O_HOLDER + L.A_SUPPORTER] = PINK
    t.put(L.O_LEADER + L.L_SUPPORTERS, GREEN)
    t.resolve_part(L.S_SUPPORTERS, HEUR)
    assert [t.score(p) for p in (PINK, GREEN, BLUE)] == [2, 1, 2]
    assert t.s[L.O_HOLDER + L.A_SUPPORTER] == GREEN  # the Politician
    assert t.area(GREEN, L.A_SUPPORTER) == 1


def test_supporters_short_no_leader_point():
    t = Table(4)
    clear_areas(t)
    card = t.s[L.O_CUR_CARDS]
    t.set_mission([card])
    t.set_need(card, [0, 0, 0, 0, 3])
    t.set_area(BLUE, L.A_SUPPORTER, 2)
    t.put(L.O_LEADER + L.L_SUPPORTERS, GREEN)
    t.resolve_part(L.S_SUPPORTERS, HEUR)
    assert t.score(BLUE) == 2 and t.score(GREEN) == 0


def test_first_player_example():
    t = Table(4)
    t.s[L.O_FIRST] = PINK
    t.put(L.O_LEADER + L.L_FIRST, BROWN)
    sup = t.pl(BROWN, L.P_SUPPLY)
    resolve_first(t.s, t.K, t.log, t.nlog, False)
    assert t.s[L.O_FIRST] == BROWN and t.score(BROWN) == 1
    assert t.pl(BROWN, L.P_SUPPLY) == sup + 1


def _calais_london(t):
    """Both Calais-London routes of the example complete; orange (0) has a cube on the direct one."""
    t.s[L.O_ROUTE:L.O_ROUTE + L.MAXS] = -1
    t.s[L.O_PIMP] = t.loc("Calais")
    t.s[L.O_MLOC] = t.loc("London")
    direct = t.route_spaces("London", "Calais")
    t.put(L.O_ROUTE + direct[0], 0)
    t.put(L.O_ROUTE + direct[1], 1)
    via = t.route_spaces("Calais", "Admiralty Pier") + t.route_spaces("Admiralty Pier", "Dover") \
        + t.route_spaces("Dover", "London")
    for i, sp in enumerate(via):
        t.put(L.O_ROUTE + sp, 1 + i % 3)
    return direct, via


def test_route_example_calais_london_leader_choice():
    t = Table(4)
    direct, via = _calais_london(t)
    t.put(L.O_LEADER + L.L_ROUTE, 0)
    before = [t.score(p) for p in range(4)]
    t.resolve_part(L.S_ROUTE, HEUR)
    # two complete routes: the leader takes the direct one, opponents gain only one point
    assert all(t.s[L.O_ROUTE + sp] == -1 for sp in direct)
    assert all(t.s[L.O_ROUTE + sp] >= 0 for sp in via)
    gained = [t.score(p) - before[p] for p in range(4)]
    assert gained == [2, 1, 0, 0]  # own cube + leader point; green's cube


def test_route_exactly_one_complete_is_forced():
    t = Table(4)
    direct, via = _calais_london(t)
    t.s[L.O_ROUTE + via[0]] = -1   # the long way is no longer complete
    t.set_pl(1, L.P_SUPPLY, t.pl(1, L.P_SUPPLY) + 1)
    rnd = np.full(L.MAXP, L.BOT_RANDOM, np.int64)
    for _ in range(5):
        occ = route_masks_of(t.s, t.s[L.O_N], t.om)
        ncomp = count_complete(t.c.RS, t.c.RM, t.s[L.O_PIMP], t.s[L.O_MLOC], occ)
        assert ncomp == 1
        r = choose_route(t.s, t.K, t.c.RS, t.c.RM, t.W, 0, L.BOT_RANDOM, t.rng, t.om, ncomp)
        assert int(t.c.RM[r]) == sum(1 << sp for sp in direct)
    t.put(L.O_LEADER + L.L_ROUTE, 2)
    t.resolve_part(L.S_ROUTE, rnd)
    assert t.score(2) == 1  # complete route: leader point


def test_route_none_complete_any_route_no_point():
    t = Table(4)
    t.s[L.O_ROUTE:L.O_ROUTE + L.MAXS] = -1
    t.s[L.O_PIMP] = t.loc("Calais")
    t.s[L.O_MLOC] = t.loc("London")
    direct = t.route_spaces("London", "Calais")
    t.put(L.O_ROUTE + direct[0], 1)
    t.put(L.O_LEADER + L.L_ROUTE, 2)
    t.resolve_part(L.S_ROUTE, HEUR)
    assert t.score(2) == 0


def test_location_example_two_of_three():
    t = Table(4)
    calais = t.loc("Calais")
    three = [c for c in range(18) if t.K[L.K_LC_NSLOT + c] == 3][0]
    t.s[L.O_LOCCARD + calais] = three
    t.s[L.O_MLOC] = calais
    t.put(L.O_LOC + calais * L.MAXSLOT + 0, PINK)
    t.put(L.O_LOC + calais * L.MAXSLOT + 2, BLUE)
    t.put(L.O_LEADER + L.L_LOCATION, GREEN)
    resolve_location(t.s, t.K, t.log, t.nlog, False)
    assert [t.score(p) for p in range(4)] == [1, 0, 0, 1]
    assert (t.s[L.O_LOC + calais * L.MAXSLOT:L.O_LOC + calais * L.MAXSLOT + 3] == -1).all()
    # all three filled: the leader scores
    for p in (PINK, BROWN, BLUE):
        t.put(L.O_LOC + calais * L.MAXSLOT + [PINK, BROWN, BLUE].index(p), p)
    t.put(L.O_LEADER + L.L_LOCATION, GREEN)
    resolve_location(t.s, t.K, t.log, t.nlog, False)
    assert t.score(GREEN) == 1


def test_stableman_majority_example():
    t = Table(4)
    clear_areas(t)
    ORANGE = BROWN
    t.set_area(ORANGE, L.A_HORSE, 1)
    update_majority(t.s, L.A_HORSE, t.log, t.nlog, False)
    assert t.s[L.O_HOLDER + L.A_HORSE] == ORANGE
    t.apply(BLUE, L.MV_AREA, L.A_HORSE)     # a tie: the tile stays
    assert t.s[L.O_HOLDER + L.A_HORSE] == ORANGE
    t.apply(BLUE, L.MV_AREA, L.A_HORSE)     # a clear majority: blue takes the Stableman
    assert t.s[L.O_HOLDER + L.A_HORSE] == BLUE
    t.s[L.O_AREA + BLUE * L.NAREA + L.A_HORSE] = 1  # back to a tie: the holder keeps it
    update_majority(t.s, L.A_HORSE, t.log, t.nlog, False)
    assert t.s[L.O_HOLDER + L.A_HORSE] == BLUE


def test_first_cube_in_an_area_takes_the_tile():
    t = Table(4)
    clear_areas(t)
    t.s[L.O_HOLDER:L.O_HOLDER + L.NAREA] = -1
    t.apply(GREEN, L.MV_AREA, L.A_PAPERS)
    assert t.s[L.O_HOLDER + L.A_PAPERS] == GREEN


def test_building_bump_example():
    t = Table(4)
    clear_areas(t)
    stables = [b for b in range(int(t.K[L.K_NB])) if t.c.names["buildings"][t.s[L.O_BLDTILE + b]] == "Stables"][0]
    region = int(t.K[L.K_BLD_REGION + stables])
    t.put(L.O_BLD + stables, GREEN)
    t.set_pl(PINK, L.P_REGION, region)
    assert (L.MV_BUILD, stables, 0) in t.gen_main(PINK)
    t.apply(PINK, L.MV_BUILD, stables)
    assert t.s[L.O_BLD + stables] == PINK
    assert t.area(GREEN, L.A_HORSE) == 1
    # pink may now place horses from anywhere
    t.set_pl(PINK, L.P_REGION, (region + 1) % 4)
    assert (L.MV_AREA, L.A_HORSE, 0) in t.gen_main(PINK)
    assert (L.MV_AREA, L.A_HORSE, 0) not in t.gen_main(GREEN)


def test_mission_card_sums_printed():
    t = Table(4)
    t.set_mission([t.card_of("Beauvais"), t.card_of("Rouen")])
    assert [mission_need(t.s, t.K, k) for k in range(5)] == [0, 2, 1, 5, 3]
    t.set_mission([t.card_of("Vienna"), t.card_of("Salzburg"), t.card_of("Linz")])
    assert [mission_need(t.s, t.K, k) for k in range(5)] == [1, 2, 1, 6, 7]


def test_chauvelin_catches_the_pimpernel():
    t = Table(4, variants=("chauvelin",))
    # trail: marker 0 and markers 1..3 placed; the Pimpernel just reached marker 3
    trail = [t.loc(x) for x in ("Amiens", "Calais", "London", "Dover")]
    t.s[L.O_TRAIL_LEN] = len(trail)
    t.s[L.O_TRAIL:L.O_TRAIL + len(trail)] = trail
    t.s[L.O_PIMP] = trail[-1]
    t.s[L.O_MISSION] = 3
    t.s[L.O_CHAUV] = 0   # Chauvelin stands on marker 0
    t.set_pl(PINK, L.P_HOJ, 2)
    t.set_pl(BLUE, L.P_HOJ, 1)
    t.set_pl(PINK, L.P_SUPPLY, t.pl(PINK, L.P_SUPPLY) - 2)
    t.set_pl(BLUE, L.P_SUPPLY, t.pl(BLUE, L.P_SUPPLY) - 1)
    move_chauvelin(t.s, t.K, t.log, t.nlog, False)
    assert t.s[L.O_PIMP] == t.loc("Temple Prison") and t.s[L.O_PRISON] == 1
    assert t.s[L.O_CHAUV] == -1
    assert t.score(PINK) == 2 and t.score(BLUE) == 1 and t.pl(PINK, L.P_HOJ) == 0
    # next mission: the rescue to Richmond, Richmond's card on top of the two next cards
    t.prepare_next(PINK, HEUR)
    assert t.s[L.O_MLOC] == t.loc("Richmond") and t.s[L.O_NCUR] == 3
    assert t.s[L.O_CUR_CARDS] == t.card_of("Richmond")


def test_chauvelin_short_of_the_pimpernel_stays():
    t = Table(4, variants=("chauvelin",))
    trail = [t.loc(x) for x in ("Amiens", "Calais", "London", "Dover")]
    t.s[L.O_TRAIL_LEN] = len(trail)
    t.s[L.O_TRAIL:L.O_TRAIL + len(trail)] = trail
    t.s[L.O_PIMP] = trail[-1]
    t.s[L.O_CHAUV] = -1
    t.set_pl(GREEN, L.P_HOJ, 2)
    t.set_pl(GREEN, L.P_SUPPLY, t.pl(GREEN, L.P_SUPPLY) - 2)
    move_chauvelin(t.s, t.K, t.log, t.nlog, False)
    assert t.s[L.O_CHAUV] == 1 and t.s[L.O_PRISON] == 0


def test_chauvelin_failed_part_sends_leader_cube_to_house_of_justice():
    t = Table(4, variants=("chauvelin",))
    clear_areas(t)
    card = t.s[L.O_CUR_CARDS]
    t.set_mission([card])
    t.set_need(card, [0, 0, 0, 0, 2])
    t.put(L.O_LEADER + L.L_SUPPORTERS, GREEN)
    t.resolve_part(L.S_SUPPORTERS, HEUR)
    assert t.pl(GREEN, L.P_HOJ) == 1 and t.score(GREEN) == 0


def test_all_passed_last_placer_leads_empty_spaces():
    t = Table(4)
    t.s[L.O_LEADER:L.O_LEADER + L.NLEAD] = -1
    t.s[L.O_LAST] = BLUE
    t.s[L.O_FIRST] = PINK
    resolve_first(t.s, t.K, t.log, t.nlog, False)
    assert t.s[L.O_FIRST] == BLUE
    assert t.score(BLUE) == 0  # no cube on the leader space, no leader point


def test_chauvelin_catches_on_the_pimpernels_location_not_his_marker():
    """Chauvelin lands on a location the trail passed before the Pimpernel's marker, the same
    location the Pimpernel stands on: he is caught (locations compared, not marker places)."""
    t = Table(4, variants=("chauvelin",))
    trail = [t.loc(x) for x in ("London", "Calais", "Dover", "Amiens", "Calais")]
    t.s[L.O_TRAIL_LEN] = len(trail)
    t.s[L.O_TRAIL:L.O_TRAIL + len(trail)] = trail
    t.s[L.O_PIMP] = trail[-1]
    t.s[L.O_CHAUV] = -1                 # in the House of Justice
    t.set_pl(GREEN, L.P_HOJ, 2)         # two steps: marker 0 (London), marker 1 (Calais)
    t.set_pl(GREEN, L.P_SUPPLY, t.pl(GREEN, L.P_SUPPLY) - 2)
    move_chauvelin(t.s, t.K, t.log, t.nlog, False)
    assert t.s[L.O_PRISON] == 1 and t.s[L.O_PIMP] == t.loc("Temple Prison") and t.s[L.O_CHAUV] == -1
    # one step only (London): not caught, he waits on marker 0
    t = Table(4, variants=("chauvelin",))
    t.s[L.O_TRAIL_LEN] = len(trail)
    t.s[L.O_TRAIL:L.O_TRAIL + len(trail)] = trail
    t.s[L.O_PIMP] = trail[-1]
    t.s[L.O_CHAUV] = -1
    t.set_pl(GREEN, L.P_HOJ, 1)
    t.set_pl(GREEN, L.P_SUPPLY, t.pl(GREEN, L.P_SUPPLY) - 1)
    move_chauvelin(t.s, t.K, t.log, t.nlog, False)
    assert t.s[L.O_PRISON] == 0 and t.s[L.O_CHAUV] == 0


def _turn(t, p, move, bot=L.BOT_HEURISTIC):
    """Seat p plays this main move as a whole turn through the rules (icons and all)."""
    from kernels.pimpernel.rules import begin_turn
    t.s[L.O_CUR] = p
    begin_turn(t.s)
    assert move in t.gen_main(p)
    t.play_main(bot, p, *move)


def test_orange_example_supporter_icon_places_an_extra_supporter_cube():
    """Orange places a cube on a location space with a supporter icon in his pawn's region and
    additionally places a cube in the supporter planning area, through a whole turn."""
    ORANGE = BROWN
    t = Table(4)
    clear_areas(t)
    t.set_mission([t.card_of("Boulogne"), t.card_of("Salzburg")])   # supporters needed
    l, k = next((l, k) for l in range(20) if t.s[L.O_LOCCARD + l] >= 0
                for k in range(int(t.K[L.K_LC_NSLOT + t.s[L.O_LOCCARD + l]]))
                if t.K[L.K_LC_ICON + t.s[L.O_LOCCARD + l] * L.MAXSLOT + k] == L.IC_SUPPORTER)
    t.set_pl(ORANGE, L.P_REGION, int(t.K[L.K_LOC_REGION + l]))
    sup = t.pl(ORANGE, L.P_SUPPLY)
    _turn(t, ORANGE, (L.MV_LOC, l * L.MAXSLOT + k, 0))
    assert t.s[L.O_LOC + l * L.MAXSLOT + k] == ORANGE
    assert t.area(ORANGE, L.A_SUPPORTER) == 1 and t.pl(ORANGE, L.P_SUPPLY) == sup - 2
    assert t.s[L.O_HOLDER + L.A_SUPPORTER] == ORANGE    # first cube in the area: the tile


def test_green_example_remote_stables_places_a_horse_from_anywhere():
    """Green's cube on the Stables from an earlier turn lets him place a cube straight in the
    horses area with his pawn in another region, through a whole turn."""
    t = Table(4)
    clear_areas(t)
    stables = [b for b in range(int(t.K[L.K_NB]))
               if t.c.names["buildings"][t.s[L.O_BLDTILE + b]] == "Stables"][0]
    t.put(L.O_BLD + stables, GREEN)
    t.set_pl(GREEN, L.P_REGION, (int(t.K[L.K_BLD_REGION + stables]) + 1) % 4)
    sup = t.pl(GREEN, L.P_SUPPLY)
    _turn(t, GREEN, (L.MV_AREA, L.A_HORSE, 0))
    assert t.area(GREEN, L.A_HORSE) == 1 and t.pl(GREEN, L.P_SUPPLY) == sup - 1
    assert t.s[L.O_BLD + stables] == GREEN
