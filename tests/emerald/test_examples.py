"""Every worked example of the rulebook with its numbers, on the shipped content (seats:
Monday 0, Tuesday 1, Wednesday 2, Thursday 3)."""
import numpy as np

from kernels.emerald import layout as L
from kernels.emerald.moves import can_assassinate_in, can_claim
from kernels.emerald.state import total_vp

from .helpers import MON, S, THU, TUE, WED, Play, empty_table


def table(**k) -> Play:
    return empty_table(2, **k)


def test_place_three_cards_four_cubes_all_in_rome():
    t = table()
    rome = t.city_of("Rome")
    cards = [S(t, MON, 1), S(t, MON, 2), S(t, MON, 3)]   # 2 + 1 + 1 cube symbols
    t.give(MON, *cards, S(t, MON, 4))
    rows = t.find(MON, L.ACT_PLACE, cards, a=rome)
    assert len(rows) == 1
    t.act(MON, rows[0])
    assert t.cubes(MON, rome) == 4 and t.get(L.F_CSTOCK, MON) == 1
    assert all(t.zone(c) == (L.Z_DISCARD, MON) for c in cards)
    assert sum(t.cubes(MON, c) for c in range(L.NCITY)) == 4


def test_place_no_overpay_except_a_two_cube_card_with_one_cube_left():
    t = table()
    two, one_a, one_b = S(t, MON, 1), S(t, MON, 2), S(t, MON, 3)
    t.give(MON, two, one_a, one_b)
    t.set(L.F_CSTOCK, MON, 3)      # 4 symbols, 3 cubes: a one-cube card would be superfluous
    assert not t.find(MON, L.ACT_PLACE, [two, one_a, one_b])
    assert t.find(MON, L.ACT_PLACE, [two, one_a])
    t.set(L.F_CSTOCK, MON, 1)      # a two-cube card with one cube left places one
    rows = t.find(MON, L.ACT_PLACE, [two], a=0)
    assert rows and not t.find(MON, L.ACT_PLACE, [two, one_a])
    t.act(MON, rows[0])
    assert t.cubes(MON, 0) == 1 and t.get(L.F_CSTOCK, MON) == 0
    t.give(MON, S(t, MON, 2))
    assert not t.find(MON, L.ACT_PLACE)   # no cube in stock: nothing to place


def test_claim_shoggoth_with_five_pieces_against_four():
    t = table(sets=("sanity_die.insanity_faces=6",))   # the example's roll: a sanity loss
    c = t.city_of("Vienna")
    shog = t.card("Shoggoth")
    t.set_top(c, shog)
    t.put(MON, c, cubes=4, agents=1)
    t.put(THU, c, cubes=2, agents=2)
    t.give(MON, S(t, MON, 4))
    rows = t.find(MON, L.ACT_CLAIM, [S(t, MON, 4)], b=1 << c)
    assert len(rows) == 1
    limbo, stock = t.get(L.F_LIMBO, MON), t.get(L.F_CSTOCK, THU)
    t.act(MON, rows[0])
    assert t.cubes(MON, c) == 0 and t.get(L.F_LIMBO, MON) == limbo + 4
    assert t.cubes(THU, c) == 0 and t.get(L.F_CSTOCK, THU) == stock + 2
    assert t.agents(MON, c) == 1 and t.agents(THU, c) == 2
    assert t.zone(shog) == (L.Z_DISCARD, MON)
    assert t.get(L.F_SANITY, MON) == 2
    # the next card is face up
    assert t.get(L.F_UP, c) == 1 and t.stack(c)[-1] != shog


def test_claims_only_as_the_first_action():
    t = table()
    c = t.city_of("Vienna")
    t.put(MON, c, cubes=1)
    t.give(MON, S(t, MON, 4))
    assert t.find(MON, L.ACT_CLAIM, first=True)
    assert not t.find(MON, L.ACT_CLAIM, first=False)


def test_a_tie_or_agents_alone_never_claim():
    t = table()
    c = t.city_of("Berlin")
    t.put(MON, c, cubes=1, agents=1)
    t.put(TUE, c, agents=2)
    assert not can_claim(t.st, 4, MON, c, t.rules)      # 2 against 2 agents: a tie
    t.put(MON, c, agents=1)
    assert can_claim(t.st, 4, MON, c, t.rules)
    t.put(WED, c, agents=0)
    d = t.city_of("Cairo")
    t.put(MON, d, agents=3)
    assert not can_claim(t.st, 4, MON, d, t.rules)      # no cube


def test_multi_city_claim_paris_madrid_constantinople_not_cairo():
    t = table()
    cities = [t.city_of(x) for x in ("Paris", "Madrid", "Constantinople")]
    cairo = t.city_of("Cairo")
    for c in cities:
        t.put(THU, c, cubes=1, agents=1)
    t.put(THU, cairo, agents=2)
    want = sum(1 << c for c in cities)
    secret = [t.card("Secret Police", 0)]     # two claim symbols
    t.give(THU, *secret, S(t, THU, 4))
    rows = t.find(THU, L.ACT_CLAIM, [*secret, S(t, THU, 4)], b=want)
    assert len(rows) == 1
    assert not [r for r in t.moves(THU) if r[L.MV_ACT] == L.ACT_CLAIM and (r[L.MV_B] >> cairo) & 1]
    tops = [t.stack(c)[-1] for c in cities]
    limbo = t.get(L.F_LIMBO, THU)
    t.act(THU, rows[0])
    assert all(t.zone(x) == (L.Z_DISCARD, THU) for x in tops)
    assert all(t.cubes(THU, c) == 0 for c in cities) and t.get(L.F_LIMBO, THU) == limbo + 3


def test_retrieve_three_cubes_with_three_cards():
    t = table()
    t.set(L.F_LIMBO, TUE, 5)
    t.set(L.F_CSTOCK, TUE, 5)
    cards = [S(t, TUE, 6), S(t, TUE, 7), S(t, TUE, 8)]
    t.give(TUE, *cards)
    rows = t.find(TUE, L.ACT_RETRIEVE, cards)
    assert len(rows) == 1
    t.act(TUE, rows[0])
    assert t.get(L.F_LIMBO, TUE) == 2 and t.get(L.F_CSTOCK, TUE) == 8
    # the number retrieved must equal the symbols: no row asks more cubes than the board holds
    t.give(TUE, *cards)
    t.set(L.F_LIMBO, TUE, 2)
    assert not t.find(TUE, L.ACT_RETRIEVE, cards)
    assert t.find(TUE, L.ACT_RETRIEVE, cards[:2])


def test_move_three_agents_and_no_extra_cards():
    t = table()
    spb = t.city_of("St. Petersburg")
    for c in (0, 1, 2):
        t.put(MON, c, agents=1)
    two, one, extra = S(t, MON, 9), S(t, MON, 7), S(t, MON, 10)
    t.give(MON, two, one, extra)
    assert [int(r[L.MV_A]) for r in t.find(MON, L.ACT_MOVE, [two, one])] == [3]
    # a card that could be left out is an overpay: three moves never take all three cards
    assert not t.find(MON, L.ACT_MOVE, [two, one, extra])
    # fewer moves than symbols are allowed on a two-move card
    assert sorted(int(r[L.MV_A]) for r in t.find(MON, L.ACT_MOVE, [two])) == [1, 2]
    from kernels.emerald.rules import move_agent
    for c in (0, 1, 2):
        move_agent(t.st, MON, c, spb, t.log, t.io, False)
    assert t.agents(MON, spb) == 3


def test_tracks_everyone_scores_the_gap_both_ways():
    t = table()
    from kernels.emerald.rules import move_markers
    before = [total_vp(t.st, p, t.rules) for p in range(4)]
    move_markers(t.st, 3, 0, t.rules, t.log, t.io, False, WED)
    assert [total_vp(t.st, p, t.rules) - b for p, b in enumerate(before)] == [3, 3, 3, 3]
    move_markers(t.st, 0, 3, t.rules, t.log, t.io, False, WED)
    assert [total_vp(t.st, p, t.rules) - b for p, b in enumerate(before)] == [0, 0, 0, 0]


def test_tracks_from_zero_a_loyalist_push_gives_everyone_three_not_minus_three():
    t = table()
    from kernels.emerald.rules import move_markers
    move_markers(t.st, 0, 3, t.rules, t.log, t.io, False, WED)
    assert [total_vp(t.st, p, t.rules) for p in range(4)] == [3, 3, 3, 3]
    s = table(sets=("rules.track_abs=0",))
    move_markers(s.st, 0, 3, s.rules, s.log, s.io, False, WED)
    assert [total_vp(s.st, p, s.rules) for p in range(4)] == [-3, -3, -3, -3]


def test_track_play_through_the_action_with_marker_cards():
    t = table()
    cards = [t.card("Agitators", 0), t.card("Propagandists", 0)]    # 1 + 2 Restorationist steps
    t.give(WED, *cards)
    rows = [r for r in t.moves(WED) if r[L.MV_ACT] == L.ACT_MARKERS and t.pays(WED, r) == set(cards)
            and r[L.MV_PAY2] == 0]
    assert len(rows) == 1
    t.act(WED, rows[0])
    assert t.get(L.F_TRACK_R) == 3 and t.get(L.F_TRACK_L) == 0


def test_no_assassination_in_london_without_the_most_pieces():
    t = table()
    london = t.city_of("London")
    t.put(MON, london, agents=2)
    t.put(THU, london, agents=1, cubes=1)
    assert not can_assassinate_in(t.st, 4, MON, london, t.rules)
    t.give(MON, t.card("Hired Assassin", 0), S(t, MON, 2), S(t, MON, 3), S(t, MON, 6))
    assert not [r for r in t.moves(MON) if r[L.MV_ACT] == L.ACT_ASSASSINATE and r[L.MV_A] == london]


def paris():
    t = table(sets=("sanity_die.insanity_faces=6",))
    c = t.city_of("Paris")
    spinner = t.card("The Spinner in the Darkness")
    t.slot(c, spinner)
    t.put(MON, c, agents=2, cubes=1)
    t.put(THU, c, agents=1, cubes=1)
    hired = t.card("Hired Assassin", 0)
    bombs = [S(t, MON, 2), S(t, MON, 3), S(t, MON, 6)]    # one bomb point each
    t.give(MON, hired, *bombs)
    return t, c, spinner, hired, bombs


def test_paris_costs_four_for_an_agent_and_five_for_the_spinner():
    t, c, spinner, hired, bombs = paris()
    royal = t.find(MON, L.ACT_ASSASSINATE, a=c, b=-1)
    assert [t.pays(MON, r) for r in royal] == [set(bombs)]         # 2 agents + exactly 3 cards
    agent = t.find(MON, L.ACT_ASSASSINATE, a=c, b=THU)
    assert sorted(len(t.pays(MON, r)) for r in agent) == [2, 2, 2]  # 2 agents + any 2 cards


def test_paris_assassination_of_the_spinner_in_the_darkness():
    t, c, spinner, hired, bombs = paris()
    row = t.find(MON, L.ACT_ASSASSINATE, a=c, b=-1)[0]
    stock, limbo = t.get(L.F_CSTOCK, THU), t.get(L.F_LIMBO, MON)
    t.act(MON, row)
    assert t.get(L.F_SANITY, MON) == 2                       # rolled and lost one
    assert t.agents(MON, c) == 1 and t.get(L.F_ASTOCK, MON) == 9   # and one agent there
    assert t.cubes(MON, c) == 0 and t.get(L.F_LIMBO, MON) == limbo + 1
    assert t.cubes(THU, c) == 0 and t.get(L.F_CSTOCK, THU) == stock + 1
    assert t.zone(spinner) == (L.Z_ROYAL_KILLED, MON) and t.get(L.F_SLOT, c) == -1
    assert total_vp(t.st, MON, t.rules) == 4 and t.get(L.F_VPR, MON) == 4
    assert t.zone(hired)[0] == L.Z_REMOVED
    assert all(t.zone(b) == (L.Z_DISCARD, MON) for b in bombs)


def test_an_agent_box_card_keeps_the_victim_and_scores_it():
    t, c, spinner, hired, bombs = paris()
    row = t.find(MON, L.ACT_ASSASSINATE, a=c, b=THU)[0]
    t.act(MON, row)
    assert t.agents(THU, c) == 0 and t.get(L.F_ASTOCK, THU) == 9       # on the card, not in stock
    assert t.zone(hired) == (L.Z_IDENT, MON) and t.get(L.F_VICTIM, hired) == THU
    assert t.get(L.F_VPBOX, MON) == 3
    # Thursday's last agent: she reveals; a Restorationist ends the game, a Loyalist refills
    assert t.get(L.F_REVEALED, THU) == 1


def _adjust(t: Play, p: int) -> int:
    score, _ = t.final()
    return int(score[p] + t.met[p, L.M_PENALTY])


def tuesday(monday_side: int) -> Play:
    t = table()
    for p, s in ((MON, monday_side), (TUE, L.LOYALIST), (WED, L.LOYALIST), (THU, L.RESTORATIONIST)):
        t.set(L.F_IDENT, p, s)
    t.set(L.F_VPN, TUE, 8)          # cities
    t.set(L.F_VPR, TUE, 1)          # Louise Michel
    moran = t.card("Sebastian Moran")
    t._detach(moran)
    t.st[L.F_ZONE + moran] = L.Z_IDENT
    t.st[L.F_ZOWN + moran] = TUE
    t.st[L.F_VICTIM + moran] = MON
    t.set(L.F_VPBOX, TUE, 4)
    t.set(L.F_TRACK_R, 0, 3)        # three from the tracks, the Restorationist marker higher
    assert total_vp(t.st, TUE, t.rules) == 16
    return t


def test_tuesday_sixteen_adjusts_to_twelve():
    assert _adjust(tuesday(L.RESTORATIONIST), TUE) == 12


def test_tuesday_would_have_eight_had_monday_been_a_loyalist():
    assert _adjust(tuesday(L.LOYALIST), TUE) == 8


def test_track_points_belong_to_the_higher_side():
    t = table()
    for p, s in enumerate((L.RESTORATIONIST, L.LOYALIST, L.LOYALIST, L.RESTORATIONIST)):
        t.set(L.F_IDENT, p, s)
    t.set(L.F_TRACK_R, 0, 5)
    t.set(L.F_TRACK_L, 0, 3)
    for p in range(4):
        t.set(L.F_VPN, p, 10)
    assert [_adjust(t, p) for p in range(4)] == [12, 10, 10, 12]


def test_lowest_player_costs_the_whole_side_five_and_wednesday_wins():
    from kernels.common import rank_players
    t = table()
    for p, s in enumerate((L.RESTORATIONIST, L.LOYALIST, L.LOYALIST, L.RESTORATIONIST)):
        t.set(L.F_IDENT, p, s)
    for p, v in enumerate((14, 12, 13, 10)):       # Thursday lowest
        t.set(L.F_VPN, p, v)
    score, tb = t.final()
    assert list(score) == [9, 12, 13, 5]
    rank = np.zeros(4, np.uint8)
    win = np.zeros(4, np.float32)
    rank_players(score, tb, 4, rank, win)
    assert list(win) == [0, 0, 1, 0]


def test_a_tie_for_lowest_counts_the_loyalist_lower():
    t = table()
    for p, s in enumerate((L.RESTORATIONIST, L.LOYALIST, L.LOYALIST, L.RESTORATIONIST)):
        t.set(L.F_IDENT, p, s)
    for p, v in enumerate((10, 10, 15, 15)):
        t.set(L.F_VPN, p, v)
    score, _ = t.final()
    assert list(score) == [10, 5, 10, 15]


def test_a_tie_for_highest_goes_to_the_restorationist_then_joint_winners():
    from kernels.common import rank_players
    t = table()
    for p, s in enumerate((L.RESTORATIONIST, L.LOYALIST, L.LOYALIST, L.RESTORATIONIST)):
        t.set(L.F_IDENT, p, s)
    for p, v in enumerate((12, 12, 1, 12)):         # Wednesday lowest: Loyalists lose 5
        t.set(L.F_VPN, p, v)
    score, tb = t.final()
    rank = np.zeros(4, np.uint8)
    win = np.zeros(4, np.float32)
    rank_players(score, tb, 4, rank, win)
    assert list(score) == [12, 7, -4, 12]
    assert list(win) == [0.5, 0, 0, 0.5]
    t.set(L.F_VPN, 1, 17)                            # a Loyalist tied at the top with a Restorationist
    score, tb = t.final()
    rank_players(score, tb, 4, rank, win)
    assert score[1] == 12 and list(win) == [0.5, 0, 0, 0.5]
