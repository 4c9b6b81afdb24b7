"""Every worked example of the Bastille rulebook, set up in the kernel's arrays and resolved
by the compiled rule functions. Seats: 0 Ulrich (white), 1 Alex (red), 2 Jan (blue),
3 Ani (black)."""
import numpy as np

from kernels.bastille import layout as K
from kernels.bastille import state
from kernels.bastille.state import owned_characters, unarmed_count, unarmed_penalty, weapon_count
from kernels.bastille.moves import location_order
from kernels.bastille.bots import choose_placement
from kernels.bastille.values import mission_value
from kernels.bastille.bonuses import henchmen_to_bag
from kernels.bastille.rules import advance_turn, place_tile
from kernels.bastille.scoring import score_gems_and_crowns
from tests.bastille.previous import PREVIOUS_HEURISTIC
from tests.bastille.helpers import Pos, end_of_placing, score_bastille, score_catacombs, score_flags

ULRICH, ALEX, JAN, ANI = 0, 1, 2, 3


def test_order_at_a_location_is_value_then_placement():
    # Ani's highest tile acts first; Jan and Alex both placed a 1, Jan's was placed first
    g2 = Pos()
    g2.clear_hands()
    g2.place(JAN, 1, K.L_BANQUE)
    g2.place(ALEX, 1, K.L_BANQUE)
    g2.place(ANI, 2, K.L_BANQUE)
    k = location_order(g2.st, K.L_BANQUE)
    order = g2.st[K.SCR_ORDER:K.SCR_ORDER + k]
    owners = [int(g2.st[K.BOWN + K.L_BANQUE * K.MAXS + order[i]]) for i in range(k)]
    assert owners == [ANI, JAN, ALEX]


def test_tiles_go_on_the_leftmost_free_space_and_full_locations_close():
    g = Pos()
    g.clear_hands()
    g.place(JAN, 1, K.L_BASTILLE)
    g.place(ANI, 2, K.L_BASTILLE)
    assert list(g.st[K.BOWN + K.L_BASTILLE * K.MAXS:][:2]) == [JAN, ANI]
    assert list(g.st[K.BVAL + K.L_BASTILLE * K.MAXS:][:2]) == [1, 2]
    # every bot, random included, only ever picks a location with a free space
    for bot in ("random", "greedy", "heuristic"):
        g = Pos(bots=bot, seed=3)
        for _ in range(20):
            p = int(g.st[K.G_TURN])
            if g.st[K.G_PHASE] != K.PH_PLACE:
                break
            v, loc = choose_placement(g.tb, g.st, g.rng, p, g.W, g.fs)
            assert g.st[K.BN + loc] < g.T.spaces[loc]
            assert g.get(p, K.P_HAND + v) > 0
            place_tile(g.tb, g.st, g.rng, p, v, loc, g.log)
            advance_turn(g.tb, g.st, g.rng)


def test_banque_coins_8_4_2_and_the_start_player_marker():
    g = Pos()
    g.clear_hands()
    g.place(ANI, 2, K.L_BANQUE)
    g.place(JAN, 4, K.L_BANQUE)
    g.place(ULRICH, 1, K.L_BANQUE)
    before = [g.get(p, K.P_COINS) for p in range(4)]
    bank = int(g.st[K.G_BANK])
    g.evaluate(K.L_BANQUE)
    gained = [g.get(p, K.P_COINS) - before[p] for p in range(4)]
    assert gained[JAN] == 8 and gained[ANI] == 4 and gained[ULRICH] == 2 and gained[ALEX] == 0
    assert int(g.st[K.G_BANK]) == bank - 14
    assert int(g.st[K.G_START]) == JAN
    assert g.hand(JAN) == {4: 1} and g.hand(ANI) == {2: 1} and g.hand(ULRICH) == {1: 1}


def test_notre_dame_upgrade_by_exactly_one_and_a_point_for_the_first():
    g = Pos()
    g.clear_hands()
    g.place(ALEX, 1, K.L_NOTRE_DAME)
    g.place(ULRICH, 2, K.L_NOTRE_DAME)
    sup3 = g.get(ULRICH, K.P_SUP + 3)
    vp = [g.get(p, K.P_VP) for p in range(4)]
    g.evaluate(K.L_NOTRE_DAME)
    assert g.hand(ULRICH) == {3: 1} and g.get(ULRICH, K.P_SUP + 3) == sup3 - 1
    assert g.get(ULRICH, K.P_VP) == vp[ULRICH] + 1
    assert g.hand(ALEX) == {2: 1} and g.get(ALEX, K.P_VP) == vp[ALEX]
    assert g.get(ULRICH, K.P_BOXED) == 1 and g.get(ALEX, K.P_BOXED) == 1


def test_notre_dame_keeps_the_tile_when_no_higher_one_is_in_supply():
    g = Pos()
    g.clear_hands()
    g.set(JAN, K.P_SUP + 3, 0)
    g.place(JAN, 2, K.L_NOTRE_DAME)
    g.place(ANI, 4, K.L_NOTRE_DAME)       # a 4 has no 5 to become
    g.evaluate(K.L_NOTRE_DAME)
    assert g.hand(JAN) == {2: 1} and g.hand(ANI) == {4: 1}
    assert g.get(JAN, K.P_BOXED) == 0


def test_catacombes_two_tiles_put_three_henchmen_in_the_bag():
    g = Pos()
    g.clear_hands()
    g.place(JAN, 2, K.L_CATACOMBES)
    g.place(JAN, 1, K.L_CATACOMBES)
    g.evaluate(K.L_CATACOMBES)
    assert g.get(JAN, K.P_HBAG) == 3 and g.get(JAN, K.P_HSUP) == g.T.henchmen - 3


def test_place_louis_pays_price_minus_tile_and_follows_the_display_order():
    g = Pos()
    g.clear_hands()
    noble = g.card(K.GR_NOBLE, 10)
    cheap = [g.card(K.GR_PEASANT, 2), g.card(K.GR_SOLDIER, 2), g.card(K.GR_NOBLE, 2)]
    for i, c in enumerate([cheap[0], noble, cheap[1], cheap[2]]):
        g.st[K.DISP + i] = c
        g.st[K.CLOC + c] = K.AT_DISPLAY
    for p in range(4):
        g.set(p, K.P_COINS, 8)
    g.place(ALEX, 4, K.L_PLACE_LOUIS)
    g.place(JAN, 2, K.L_PLACE_LOUIS)
    g.place(ANI, 2, K.L_PLACE_LOUIS)
    g.place(ALEX, 1, K.L_PLACE_LOUIS)
    g.evaluate(K.L_PLACE_LOUIS)
    buys = g.events(K.EV_BUY)
    assert list(buys[:, 1]) == [ALEX, JAN, ANI, ALEX]
    assert buys[0, 2] == noble and buys[0, 3] == 10 - 4
    last = int(buys[3, 2])
    assert buys[3, 3] == max(0, g.T.char_cost[last] - 1)
    assert g.get(ALEX, K.P_COINS) == 8 - 6 - buys[3, 3]
    assert g.get(ALEX, K.P_NCHAR) == 2 and g.get(JAN, K.P_NCHAR) == 1 and g.get(ANI, K.P_NCHAR) == 1
    assert all(g.st[K.DISP + i] < 0 for i in range(4))


def test_place_louis_free_when_tile_covers_the_price_and_may_forfeit():
    g = Pos()
    g.clear_hands()
    cheap = g.card(K.GR_PEASANT, 3)
    dear = g.card(K.GR_NOBLE, 12)
    g.st[K.DISP:K.DISP + 4] = [cheap, dear, -1, -1]
    for c in (cheap, dear):
        g.st[K.CLOC + c] = K.AT_DISPLAY
    g.set(JAN, K.P_COINS, 0)
    g.set(ANI, K.P_COINS, 0)
    g.place(JAN, 3, K.L_PLACE_LOUIS)      # value 3 covers the 3-coin card
    g.place(ANI, 1, K.L_PLACE_LOUIS)      # cannot pay 12 - 1: forfeits
    g.evaluate(K.L_PLACE_LOUIS)
    assert g.st[K.CLOC + cheap] == JAN and g.get(JAN, K.P_COINS) == 0
    assert g.st[K.CLOC + dear] == K.AT_DISPLAY and g.get(ANI, K.P_NCHAR) == 0
    assert len(g.events(K.EV_FORFEIT)) == 1


def test_bastille_value_plus_one_then_value_and_stacking_behind():
    g = Pos()
    g.clear_hands()
    g.set(JAN, K.P_BPOS, 3)
    g.place(ULRICH, 3, K.L_BASTILLE)
    g.place(JAN, 1, K.L_BASTILLE)
    g.evaluate(K.L_BASTILLE)
    assert g.get(ULRICH, K.P_BPOS) == 4 and g.get(JAN, K.P_BPOS) == 4
    order = g.track_order()
    assert order.index(ULRICH) < order.index(JAN)


def test_bastille_markers_start_in_player_order():
    g = Pos(seed=5)
    start = int(g.st[K.G_START])
    assert g.track_order() == [(start + k) % 4 for k in range(4)]


def test_bastille_steps_past_the_last_space_pay_a_coin_each():
    g = Pos()
    g.clear_hands()
    last = g.T.bas_last
    g.set(ANI, K.P_BPOS, last - 2)
    coins = g.get(ANI, K.P_COINS)
    g.place(ANI, 4, K.L_BASTILLE)         # 4 + 1 = 5 steps, only 2 fit
    g.evaluate(K.L_BASTILLE)
    assert g.get(ANI, K.P_BPOS) == last and g.get(ANI, K.P_COINS) == coins + 3
    g.place(ANI, 2, K.L_BASTILLE)         # already at the end: every step is a coin
    g.evaluate(K.L_BASTILLE)
    assert g.get(ANI, K.P_COINS) == coins + 3 + 3


def test_versailles_first_chooses_second_takes_the_other_side():
    g = Pos()
    g.clear_hands()
    vt = int(g.st[K.VERS + g.st[K.G_VERS_TOP]])
    g.place(ALEX, 1, K.L_VERSAILLES)
    g.place(ANI, 3, K.L_VERSAILLES)
    g.evaluate(K.L_VERSAILLES)
    gains = g.events(K.EV_GAIN)
    assert list(gains[:, 1]) == [ANI, ALEX]
    kinds = sorted(int(k) for k in gains[:, 2])
    assert kinds == sorted(int(g.T.vers_kind[vt, s]) for s in (0, 1))


def test_etats_generaux_two_coins_a_mission_each_and_never_a_duplicate():
    g = Pos()
    g.clear_hands()
    for m in range(g.T.n_missions):
        if g.st[K.MLOC + m] >= 0:
            g.st[K.MLOC + m] = K.AT_BOX
    for p in range(4):
        g.set(p, K.P_MISMASK, 0)
        g.set(p, K.P_NMIS, 0)
    # only the two copies of one card remain in the deck
    keep = g.mission("max_gems", 0), g.mission("max_gems", 1)
    for m in range(g.T.n_missions):
        g.st[K.MLOC + m] = K.AT_DECK if m in keep else K.AT_BOX
    coins = g.get(ALEX, K.P_COINS)
    g.place(ALEX, 2, K.L_ETATS)
    g.place(ALEX, 1, K.L_ETATS)
    g.evaluate(K.L_ETATS)
    assert g.get(ALEX, K.P_COINS) == coins + 2
    assert g.get(ALEX, K.P_NMIS) == 1            # the second copy may not be taken
    assert sum(1 for m in keep if g.st[K.MLOC + m] == K.AT_DECK) == 1


def test_etats_generaux_example_alex_takes_the_coins_and_max_weapons_then_ani_max_gems():
    """'Alex (red) is first, so he takes the coins and choses the max weapon card from the
    mission cards pile. Then Ani (black) choses the max gem card.' Alex holds the most weapons
    and Ani the most gems, every mission card is in the deck; the heuristic bots choose. The 2
    coins are the rulebook's; the card names are the reconstructed mission deck's."""
    g = _max_setup()
    for p in range(4):
        g.st[K.SEATBOT + p] = K.BOT_HEURISTIC
    g.clear_hands()
    g.set(ALEX, K.P_W + 1, 3)
    g.set(ALEX, K.P_TORCH, 2)
    g.set(ANI, K.P_GEMS, 4)
    coins = [g.get(p, K.P_COINS) for p in range(4)]
    g.place(ANI, 1, K.L_ETATS)
    g.place(ALEX, 2, K.L_ETATS)
    g.evaluate(K.L_ETATS)
    names = [m["name"] for m in g.content["missions"]["cards"]]
    taken = [(int(e[1]), names[e[2]]) for e in g.events(K.EV_MISSION)]
    assert taken == [(ALEX, "max_weapons"), (ANI, "max_gems")]
    assert [g.get(p, K.P_COINS) - coins[p] for p in range(4)] == [0, 2, 0, 0]
    assert int((g.st[K.MLOC:K.MLOC + g.T.n_missions] == K.AT_DECK).sum()) == g.T.n_missions - 2


def test_flags_tie_goes_to_the_seat_nearer_the_start_player():
    # Alex and Ani tie for most flags; Ulrich holds the marker and Alex sits next to him
    g = Pos()
    g.st[K.G_START] = ULRICH
    for p, f in ((ULRICH, 0), (ALEX, 3), (JAN, 1), (ANI, 3)):
        g.set(p, K.P_FLAGS, f)
    henchmen = [i for i, t in enumerate(g.content["bonus"]["tiles"]) if t["kind"] == "henchmen"][0]
    g.st[K.BONUS + g.st[K.G_ROUND]] = henchmen
    bag = [g.get(p, K.P_HBAG) for p in range(4)]
    score_flags(g.tb, g.st, g.rng, g.W, g.log)
    assert g.get(ALEX, K.P_HBAG) - bag[ALEX] == 2
    assert g.get(ANI, K.P_HBAG) - bag[ANI] == 1
    assert g.get(JAN, K.P_HBAG) == bag[JAN]
    # with Jan holding the marker, Ani is nearer clockwise and takes the larger bonus
    g.st[K.G_START] = JAN
    score_flags(g.tb, g.st, g.rng, g.W, g.log)
    assert g.get(ANI, K.P_HBAG) - bag[ANI] == 1 + 2
    assert g.get(ALEX, K.P_HBAG) - bag[ALEX] == 2 + 1


def test_interim_gems_and_most_crowns_shared():
    g = Pos()
    g.set(ULRICH, K.P_GEMS, 4)
    g.set(ALEX, K.P_CROWNS, 2)
    g.set(JAN, K.P_CROWNS, 2)
    g.set(ANI, K.P_CROWNS, 1)
    score_gems_and_crowns(g.tb, g.st, g.rng, g.T.crowns_vp[0], g.log)
    assert g.get(ULRICH, K.P_VP) == 4
    assert g.get(ALEX, K.P_VP) == 3 and g.get(JAN, K.P_VP) == 3 and g.get(ANI, K.P_VP) == 0
    score_gems_and_crowns(g.tb, g.st, g.rng, g.T.crowns_vp[1], g.log)
    assert g.get(ALEX, K.P_VP) == 3 + 5


def test_interim_bastille_points_and_weapon_claiming():
    # Ulrich and Jan past the 5-point line, Alex and Ani past the 2-point line
    g = Pos()
    g.set(ULRICH, K.P_BPOS, 8)
    g.set(JAN, K.P_BPOS, 7)
    g.set(ALEX, K.P_BPOS, 4)
    g.set(ANI, K.P_BPOS, 3)
    assert sum(int(g.st[K.G_BW + t]) for t in range(3)) == 7
    score_bastille(g.tb, g.st, g.rng, True, g.W, g.log)
    assert [g.get(p, K.P_VP) for p in (ULRICH, JAN, ALEX, ANI)] == [5, 5, 2, 2]
    claims = g.events(K.EV_WEAPON)
    assert list(claims[:, 1]) == [ULRICH, ULRICH, JAN, JAN, ALEX, ALEX, ANI]
    weapons = [sum(g.get(p, K.P_W + t) for t in range(3)) for p in (ULRICH, JAN, ALEX, ANI)]
    assert weapons == [2, 2, 2, 1]
    assert sum(int(g.st[K.G_BW + t]) for t in range(3)) == 7      # restocked after interim
    score_bastille(g.tb, g.st, g.rng, False, g.W, g.log)
    assert sum(int(g.st[K.G_BW + t]) for t in range(3)) == 0      # no restock at the end


def test_catacombs_draws_five_and_returns_cubes_by_board():
    g = Pos(seed=9)
    for p in range(4):
        henchmen_to_bag(g.tb, g.st, g.rng, p, 3)
    in_bag = sum(g.get(p, K.P_HBAG) for p in range(4))
    score_catacombs(g.tb, g.st, g.rng, False, g.W, g.log)
    draws = g.events(K.EV_DRAW)
    assert len(draws) == 5
    slots = [int(s) for s in draws[:, 3]]
    assert len(set(slots)) == 5                                   # a taken bonus is blocked
    to_bag = sum(1 for s in slots if g.T.cat_to_bag[s])
    assert sum(g.get(p, K.P_HBAG) for p in range(4)) == in_bag - 5 + to_bag
    for p in range(4):
        assert g.get(p, K.P_HSUP) + g.get(p, K.P_HBAG) == g.T.henchmen
        assert g.get(p, K.P_CATCUBES) == 0
    score_catacombs(g.tb, g.st, g.rng, True, g.W, g.log)       # final: the board's bonuses
    final = g.events(K.EV_DRAW)[5:]
    assert all(g.T.cat_final_lo <= s < g.T.cat_final_hi for s in final[:, 3])
    assert sum(g.get(p, K.P_HBAG) for p in range(4)) == in_bag - 5 + to_bag - len(final)


def test_catacombs_example_jan_chooses_first_and_blocks_then_alex_takes_the_torch():
    """'First, Jan (blue) can chose a bonus and places his marker on that bonus, blocking it for
    other players. Next, Alex (red) can chose a bonus and takes the torch.' One cube each in the
    bag, the interim boards. Seed 36 draws Jan's cube first. Jan (heuristic) takes 3 Bastille
    steps; Alex takes the torch, which neither shipped bot does with 4 VP and 6 coins free (a
    torch is worth 3.7 to the heuristic), so Alex's seat is the random bot. The one torch is
    the rulebook's; the boards' layout (steps on the left board, torch on the right) is
    reconstructed, so Jan's cube goes home and Alex's back into the bag. The heuristic plays its
    previous weights (tests/bastille/previous.py): the tuned one's Jan takes another bonus first."""
    g = Pos(seed=36, bots=("heuristic", "random", "heuristic", "heuristic"), sets=PREVIOUS_HEURISTIC)
    g.st[K.G_ROUND] = g.T.interim_round - 1
    henchmen_to_bag(g.tb, g.st, g.rng, JAN, 1)
    henchmen_to_bag(g.tb, g.st, g.rng, ALEX, 1)
    torches = int(g.st[K.G_TORCH])
    score_catacombs(g.tb, g.st, g.rng, False, g.W, g.log)
    draws = [(int(e[1]), int(e[3])) for e in g.events(K.EV_DRAW)]
    steps3, torch = 2, 8
    assert (g.T.cat_kind[steps3], g.T.cat_n[steps3]) == (K.K_BASTILLE, 3)
    assert (g.T.cat_kind[torch], g.T.cat_n[torch]) == (K.K_TORCH, 1)
    assert draws == [(JAN, steps3), (ALEX, torch)]
    assert g.get(JAN, K.P_BPOS) == 3
    assert g.get(ALEX, K.P_TORCH) == 1 and int(g.st[K.G_TORCH]) == torches - 1
    assert (g.get(JAN, K.P_HBAG), g.get(ALEX, K.P_HBAG)) == (0, 1)
    assert (g.get(JAN, K.P_HSUP), g.get(ALEX, K.P_HSUP)) == (g.T.henchmen, g.T.henchmen - 1)


def test_catacombs_example_three_cubes_on_the_left_board_to_the_supply_two_on_the_right_into_the_bag():
    """'The three henchmen cubes on the left board are put back in the supply, while the two on
    the right board are placed in the bag.' Jan alone has cubes in the bag (5), so he owns all
    five draws; holding an unarmed soldier, the heuristic Jan puts them on 3 Bastille steps
    (left), a mission (right), 4 VP (left), 6 coins (left) and a torch (right), each bonus
    blocked once covered (he would take the steps again). The 3 and 2 are the rulebook's; which
    bonus lies on which board is reconstructed. The heuristic plays its previous weights (the
    tuned one draws the bonuses in another order)."""
    g = Pos(seed=1, bots="heuristic", sets=PREVIOUS_HEURISTIC)
    g.st[K.G_ROUND] = g.T.interim_round - 1
    g.give_card(JAN, g.card(K.GR_SOLDIER, 3))
    henchmen_to_bag(g.tb, g.st, g.rng, JAN, 5)
    score_catacombs(g.tb, g.st, g.rng, False, g.W, g.log)
    slots = [int(e[3]) for e in g.events(K.EV_DRAW)]
    assert slots == [2, 9, 1, 0, 8]
    assert [int(g.T.cat_to_bag[s]) for s in slots] == [0, 1, 0, 0, 1]   # 3 left, 2 right
    assert g.get(JAN, K.P_HSUP) == g.T.henchmen - 5 + 3
    assert g.get(JAN, K.P_HBAG) == 2 and g.get(JAN, K.P_CATCUBES) == 0
    assert all(g.st[K.CATOCC + s] == -1 for s in slots)


def test_final_scoring_example_one_monk_with_the_nobles_the_other_with_the_soldiers():
    """'The player decides to place one of his monks with the nobles and the other one with the
    soldiers.' At the end of round 8 Alex holds two monks, a rifle and a rapier and no mission;
    the final scoring sorts his monks one to each of those groups, so both are armed and he
    loses no points (the rifle for soldiers, rapier for nobles is the reconstructed weapons
    table)."""
    g = _max_setup()
    g.clear_hands()
    g.st[K.G_ROUND] = g.T.rounds - 1
    g.st[K.SEATBOT + ALEX] = K.BOT_HEURISTIC
    for cost in (4, 6):
        g.give_card(ALEX, g.card(K.GR_MONK, cost))
    g.set(ALEX, K.P_W + 1, 1)                                  # a rifle
    g.set(ALEX, K.P_W + 2, 1)                                  # a rapier
    g.st[K.G_WTOP] = g.T.n_pool                                # no token left to claim
    for t in range(3):
        g.st[K.G_BW + t] = 0
    end_of_placing(g.tb, g.st, g.rng, g.W, g.log)
    sorted_to = sorted(int(e[3]) for e in g.events(K.EV_MONK) if e[1] == ALEX)
    assert sorted_to == [K.GR_SOLDIER, K.GR_NOBLE]
    assert [g.get(ALEX, K.P_MONKAS + gr) for gr in range(3)] == [0, 1, 1]
    assert [tuple(int(x) for x in e[2:4]) for e in g.events(K.EV_UNARMED) if e[1] == ALEX] == [(0, 0)]


def mission_points(g, p, m):
    """What mission card m scores for its holder p at the end, as final scoring counts it."""
    return state.mission_points(g.tb, g.st, g.rng, p, m, owned_characters(g.tb, g.st, p))


def _max_setup():
    g = Pos()
    for m in range(g.T.n_missions):
        g.st[K.MLOC + m] = K.AT_DECK
    for p in range(4):
        g.set(p, K.P_MISMASK, 0)
        g.set(p, K.P_NMIS, 0)
        g.set(p, K.P_HELD, 0)
    return g


def test_max_nobles_tie_with_monks_sorted_to_nobles():
    g = _max_setup()
    for c in (g.card(K.GR_NOBLE, 4), g.card(K.GR_NOBLE, 5), g.card(K.GR_NOBLE, 6)):
        g.give_card(ULRICH, c)
    g.give_card(JAN, g.card(K.GR_NOBLE, 7))
    for cost in (4, 6):
        c = g.card(K.GR_MONK, cost)
        g.give_card(JAN, c)
        g.st[K.CGRP + c] = K.GR_NOBLE
        g.add(JAN, K.P_MONKAS + K.GR_NOBLE, 1)
    a, b = g.mission("max_nobles", 0), g.mission("max_nobles", 1)
    g.give_mission(ULRICH, a)
    g.give_mission(JAN, b)
    assert mission_points(g, ULRICH, a) == 6
    assert mission_points(g, JAN, b) == 6


def test_max_crowns_second_place_only_for_the_card_holder():
    g = _max_setup()
    for p, k in ((JAN, 4), (ALEX, 2), (ANI, 2), (ULRICH, 1)):
        g.set(p, K.P_CROWNS, k)
    a, b = g.mission("max_crowns", 0), g.mission("max_crowns", 1)
    g.give_mission(JAN, a)
    g.give_mission(ANI, b)
    assert mission_points(g, JAN, a) == 6
    assert mission_points(g, ANI, b) == 2
    # Alex is tied with Ani but holds no card: nothing to score


def test_max_weapons_counts_tokens_torches_and_imprinted_weapons():
    g = _max_setup()
    g.set(ALEX, K.P_W + 0, 2)
    g.set(ALEX, K.P_W + 2, 2)
    g.set(ALEX, K.P_TORCH, 2)
    g.give_card(ALEX, g.card(K.GR_PEASANT, 3))           # a peasant with his own weapon
    assert g.T.char_armed[g.card(K.GR_PEASANT, 3)] == 1
    assert weapon_count(g.st, ALEX) == 7
    g.set(JAN, K.P_W + 1, 5)
    m = g.mission("max_weapons", 0)
    g.give_mission(ALEX, m)
    assert mission_points(g, ALEX, m) == 7


def test_max_gems_tie_for_first_and_second_place():
    g = _max_setup()
    for p, k in ((ULRICH, 5), (ALEX, 5), (ANI, 3), (JAN, 1)):
        g.set(p, K.P_GEMS, k)
    a, b = g.mission("max_gems", 0), g.mission("max_gems", 1)
    g.give_mission(ULRICH, a)
    g.give_mission(ANI, b)
    assert mission_points(g, ULRICH, a) == 6
    assert mission_points(g, ANI, b) == 2


def test_series_card_needs_each_value_and_monks_count_in_their_group():
    g = _max_setup()
    m = g.mission("series_peasants_a", 0)
    vals = [v for v in g.T.mis_values[m] if v > 0]
    g.give_mission(ALEX, m)
    for v in vals[:2]:
        g.give_card(ALEX, g.card(K.GR_PEASANT, v))
    assert mission_points(g, ALEX, m) == 0
    monk = g.card(K.GR_MONK, vals[2]) if vals[2] in (4, 6, 8, 10, 12) else None
    g.give_card(ALEX, g.card(K.GR_PEASANT, vals[2]) if monk is None else monk)
    if monk is not None:
        assert mission_points(g, ALEX, m) == 0   # monk not sorted yet
        g.st[K.CGRP + monk] = K.GR_PEASANT
        g.add(ALEX, K.P_MONKAS + K.GR_PEASANT, 1)
    assert mission_points(g, ALEX, m) == g.T.mis_first[m]


def test_two_of_each_group():
    g = _max_setup()
    m = g.mission("two_of_each", 0)
    g.give_mission(ANI, m)
    for gr in (K.GR_PEASANT, K.GR_SOLDIER, K.GR_NOBLE):
        g.give_card(ANI, g.card(gr, 2))
        g.give_card(ANI, g.card(gr, 3) if gr != K.GR_NOBLE else g.card(gr, 4))
    assert mission_points(g, ANI, m) == g.T.mis_first[m]


def test_an_each_card_asking_for_no_cards_is_achieved_and_valued_so():
    """A designer may set an 'each' card to 0 cards of every group (its range allows 0): it
    then scores for anyone holding it, and the bots value it at its points instead of
    dividing by zero in the middle of a game."""
    g = Pos(sets=("missions.cards.18.values.0=0",))
    m = g.mission("two_of_each", 0)
    assert m == 18 and g.T.mis_values[m][0] == 0
    g.give_mission(ANI, m)
    assert mission_points(g, ANI, m) == g.T.mis_first[m]
    owned = owned_characters(g.tb, g.st, ANI)
    for wb in (K.WB_GREEDY, K.WB_HEUR):
        assert mission_value(g.tb, g.st, g.rng, ANI, m, g.W, wb, owned) == g.T.mis_first[m]


def test_an_unarmed_soldier_loses_two_points_a_pitchfork_does_not_help():
    g = Pos()
    soldier = g.card(K.GR_SOLDIER, 3)
    assert g.T.char_armed[soldier] == 0
    g.give_card(JAN, soldier)
    g.set(JAN, K.P_W + 0, 1)                                  # a pitchfork
    assert unarmed_count(g.tb, g.st, g.rng, JAN) == 1
    assert unarmed_penalty(g.tb, 1) == 2
    g.set(JAN, K.P_TORCH, 1)                                  # a torch arms anyone
    assert unarmed_count(g.tb, g.st, g.rng, JAN) == 0


def test_winner_by_points_then_coins_else_shared():
    from kernels.common import rank_players
    score = np.array([50, 50, 40, 50], np.int32)
    coins = np.array([3, 5, 9, 5], np.int64)
    rank = np.zeros(4, np.uint8)
    win = np.zeros(4, np.float32)
    rank_players(score, coins, 4, rank, win)
    assert list(rank) == [3, 1, 4, 1] and list(win) == [0, 0.5, 0, 0.5]
