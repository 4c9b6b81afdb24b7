"""Rules beyond the rulebook's worked examples: set-up by player count, the Secret Mission
piles, round preparation, the round structure (locations 1 to 7, the interim scoring after
round 4, the round-8 end bonus), the 3-player weapon split, the coin tie-break, and nothing
lost or made in any round."""
import numpy as np
import pytest

from kernels.bastille import layout as K
from kernels.bastille.play import finish_game
from kernels.bastille.bonuses import henchmen_to_bag
from sim.game import Batch
from sim.games.bastille import GAME
from tests.bastille.helpers import Pos, end_of_placing, final_scoring, gain, interim_scoring, invariants

ULRICH, ALEX, JAN, ANI = 0, 1, 2, 3


@pytest.mark.parametrize("players,tiles,weapons", [(3, {1: 3, 2: 1}, 5), (4, {1: 2, 2: 1}, 7)])
def test_setup_by_player_count(players, tiles, weapons):
    g = Pos(players=players, seed=4)
    for p in range(players):
        assert g.hand(p) == tiles
        assert g.get(p, K.P_COINS) == 8 and g.get(p, K.P_HSUP) == 20
        assert g.get(p, K.P_NMIS) == 1
        assert sum(g.get(p, K.P_SUP + v) for v in range(1, 5)) == 12 - sum(tiles.values())
    assert sum(int(g.st[K.G_BW + t]) for t in range(3)) == weapons
    assert int(g.st[K.G_TORCH]) == 9
    # the deck: A cards on top of B on top of C; the display holds four A cards
    deck = [int(g.T.char_deck[g.st[K.DECK + i]]) for i in range(g.T.n_chars)]
    assert deck == sorted(deck)
    assert all(g.T.char_deck[g.st[K.DISP + i]] == 0 for i in range(4))
    # seven round bonus tiles, an end bonus tile last
    assert all(g.st[K.BONUS + r] < g.T.n_bonus for r in range(7))
    assert g.st[K.BONUS + 7] >= g.T.n_bonus
    assert len(set(int(x) for x in g.st[K.BONUS:K.BONUS + 7])) == 7
    assert invariants(g.T, g.st, players) == []


def test_secret_mission_setup_two_piles_and_no_starting_mission():
    g = Pos(variants=("secret_mission",), seed=2)
    mis = g.st[K.MLOC:K.MLOC + g.T.n_missions]
    assert int((mis == K.AT_DECK).sum()) == int((mis == K.AT_PILE_B).sum()) == g.T.n_missions // 2
    assert all(g.get(p, K.P_NMIS) == 0 for p in range(4))


def test_secret_mission_etats_first_picks_a_pile_second_takes_the_other():
    for bot in ("random", "heuristic"):
        g = Pos(variants=("secret_mission",), seed=6, bots=bot)
        g.clear_hands()
        g.place(1, 3, K.L_ETATS)
        g.place(2, 1, K.L_ETATS)
        coins = g.get(1, K.P_COINS)
        g.evaluate(K.L_ETATS)
        taken = g.events(K.EV_MISSION)
        assert list(taken[:, 1]) == [1, 2]
        assert {int(taken[0, 3]), int(taken[1, 3])} == {K.AT_DECK, K.AT_PILE_B}
        assert g.get(1, K.P_COINS) == coins + 2


def test_secret_mission_catacomb_bonus_takes_from_a_chosen_pile():
    g = Pos(variants=("secret_mission",), seed=12, bots="heuristic")
    piles = g.st[K.MLOC:K.MLOC + g.T.n_missions].copy()
    gain(g.tb, g.st, g.rng, 2, K.K_MISSION, 1, K.SRC_CATACOMBS, g.W, g.log)
    taken = g.events(K.EV_MISSION)
    assert len(taken) == 1 and taken[0, 1] == 2
    m, pile = int(taken[0, 2]), int(taken[0, 3])
    assert piles[m] == pile and g.st[K.MLOC + m] == 2 and g.get(2, K.P_NMIS) == 1


def test_round_preparation_new_versailles_tile_and_display():
    g = Pos(seed=8)
    first_display = list(g.st[K.DISP:K.DISP + 4])
    g.play_round()
    assert int(g.st[K.G_VERS_TOP]) == 1 and int(g.st[K.G_ROUND]) == 1
    assert all(g.st[K.CLOC + c] != K.AT_DISPLAY for c in first_display)
    assert all(g.st[K.CLOC + g.st[K.DISP + i]] == K.AT_DISPLAY for i in range(4))
    assert int(g.st[K.G_TURN]) == int(g.st[K.G_START])


@pytest.mark.parametrize("players,variant", [(4, ()), (3, ()), (4, ("secret_mission",))])
def test_conservation_every_round(players, variant):
    for seed in range(3):
        g = Pos(players=players, variants=variant, seed=seed, bots=("random", "greedy", "heuristic", "random")[:players])
        while g.st[K.G_PHASE] != K.PH_END:
            g.play_placements_until(int(g.st[K.G_ROUND]), placed=5)
            assert invariants(g.T, g.st, players) == []
            g.play_round()
            assert invariants(g.T, g.st, players) == []
        assert int(g.st[K.G_NPLACED]) == 8 * int(g.T.start_hand.sum()) * players


def test_interim_scoring_after_the_4th_round_and_final_scoring_after_the_8th():
    """'After the 4th round, an interim scoring takes place, and a final scoring after the 8th
    round': in a whole game the interim scoring comes after round 4's seven locations (the
    28th evaluation) and before round 5 begins, the final one after round 8's; each scores
    the Bastille track for every seat and hands out the 7 weapon tokens (2, 2, 2, 1)."""
    g = Pos(seed=3)
    while g.st[K.G_PHASE] != K.PH_END:
        g.play_round()
    ev = g.events()

    def at(e):
        return np.flatnonzero(ev[:, 0] == e)
    evals, scorings = at(K.EV_EVAL), at(K.EV_SCORING)
    assert len(evals) == 8 * 7 and list(ev[scorings, 2]) == [1, 2]
    interim, final = scorings
    round5 = at(K.EV_ROUND)[ev[at(K.EV_ROUND), 2] == 5][0]
    assert evals[27] < interim < round5 < evals[28]
    assert final > evals[55]
    bastille = at(K.EV_POINTS)[ev[at(K.EV_POINTS), 2] == K.PT_BASTILLE]
    assert sum(interim < i < round5 for i in bastille) == 4 and len(bastille) == 8
    claims = [int(ev[i, 1]) for i in at(K.EV_WEAPON) if interim < i < round5]
    assert sorted(claims.count(p) for p in range(4)) == [1, 2, 2, 2]


def test_locations_are_evaluated_in_order_from_1_to_7():
    """'evaluate each location in order from 1 to 7': with a tile on every location the round's
    evaluation runs Banque de Paris (1) first and Etats Generaux (7) last, so the 4 coins Jan
    wins at the Banque pay for the 5-coin card he takes with a 1 at Place Louis (5)."""
    g = Pos(seed=2)
    g.clear_hands()
    card = g.card(K.GR_PEASANT, 5)
    g.st[K.DISP:K.DISP + 4] = [card, -1, -1, -1]
    g.st[K.CLOC + card] = K.AT_DISPLAY
    g.set(JAN, K.P_COINS, 0)
    g.place(JAN, 1, K.L_PLACE_LOUIS)
    g.place(JAN, 2, K.L_BANQUE)
    for loc in (K.L_NOTRE_DAME, K.L_VERSAILLES, K.L_CATACOMBES, K.L_BASTILLE, K.L_ETATS):
        g.place(ANI, 1, loc)
    end_of_placing(g.tb, g.st, g.rng, g.W, g.log)
    assert [tuple(e[2:4]) for e in g.events(K.EV_EVAL)] == [(loc, 1) for loc in range(7)]
    buy = g.events(K.EV_BUY)
    assert [tuple(e[1:4]) for e in buy] == [(JAN, card, 5 - 1)]
    assert g.get(JAN, K.P_COINS) == 2 * 2 - 4


@pytest.mark.parametrize("end_tile,kind,larger,smaller", [(0, K.K_VP, 5, 2), (1, K.K_COINS, 6, 3)])
def test_round_8_end_bonus_tile_goes_to_most_and_second_most_flags_before_final_scoring(
        end_tile, kind, larger, smaller):
    """The 8th space of the round track holds an end bonus tile: after round 8's locations the
    player with the most flags takes its larger bonus and the second most its smaller one, then
    the final scoring begins. The rulebook prints no end tile's values: 5/2 VP and 6/3 coins
    are the reconstructed content's two end tiles."""
    g = Pos(seed=2)
    g.clear_hands()
    g.st[K.G_ROUND] = g.T.rounds - 1
    g.st[K.BONUS + g.T.rounds - 1] = g.T.n_bonus + end_tile
    g.st[K.G_START] = ULRICH
    for p, f in ((ULRICH, 1), (ALEX, 3), (JAN, 0), (ANI, 2)):
        g.set(p, K.P_FLAGS, f)
    end_of_placing(g.tb, g.st, g.rng, g.W, g.log)
    ev = g.events()
    flags = [(int(e[1]), int(e[3])) for e in ev[ev[:, 0] == K.EV_FLAGS]]
    assert flags == [(ALEX, 1), (ANI, 2)]
    gains = ev[(ev[:, 0] == K.EV_GAIN) & (ev[:, 4] == K.SRC_FLAGS)]
    assert [tuple(int(x) for x in e[1:4]) for e in gains] == [(ALEX, kind, larger), (ANI, kind, smaller)]
    final = np.flatnonzero(ev[:, 0] == K.EV_SCORING)
    assert list(ev[final, 2]) == [2] and final[0] > np.flatnonzero(ev[:, 0] == K.EV_FLAGS).max()
    assert int(g.st[K.G_PHASE]) == K.PH_END


def test_three_players_two_weapon_tokens_each_and_the_last_takes_the_remaining_one():
    """3 players: 5 weapon tokens lie in the Bastille; at the interim scoring the first and
    second on the track take two each, the last the remaining one, then 5 new are drawn."""
    g = Pos(players=3, seed=4)
    for p, pos in ((ULRICH, 2), (ALEX, 7), (JAN, 4)):
        g.set(p, K.P_BPOS, pos)
    assert sum(int(g.st[K.G_BW + t]) for t in range(3)) == 5
    interim_scoring(g.tb, g.st, g.rng, g.W, g.log)
    assert [int(e[1]) for e in g.events(K.EV_WEAPON)] == [ALEX, ALEX, JAN, JAN, ULRICH]
    assert [sum(g.get(p, K.P_W + t) for t in range(3)) for p in (ALEX, JAN, ULRICH)] == [2, 2, 1]
    assert sum(int(g.st[K.G_BW + t]) for t in range(3)) == 5


def ranked_after_final_scoring(before):
    """Round 8 ends with no character, mission, henchman or flag: final scoring adds coins // 3
    to each seat's points (before: (points, coins) per seat), then finish_game ranks."""
    g = Pos(seed=5)
    g.clear_hands()
    g.st[K.G_ROUND] = g.T.rounds - 1
    for m in range(g.T.n_missions):
        g.st[K.MLOC + m] = K.AT_DECK
    for p, (vp, coins) in enumerate(before):
        for f in (K.P_HELD, K.P_MISMASK, K.P_NMIS):
            g.set(p, f, 0)
        g.set(p, K.P_VP, vp)
        g.set(p, K.P_COINS, coins)
    end_of_placing(g.tb, g.st, g.rng, g.W, g.log)
    out = Batch.alloc(1, 4, len(GAME.metrics))
    finish_game(g.tb, g.st, out.score[0], out.rank[0], out.win[0], out.position[0], out.metrics[0], g.log)
    return list(out.score[0]), list(out.rank[0]), list(out.win[0])


def test_tie_for_most_points_the_most_coins_wins_else_the_tied_share_the_victory():
    """'In case of a tie for the most victory points, the tied player owning the highest value
    of coins is the winner. If the tie persists, the tied players share the victory', through
    the real final scoring and finish_game: Ulrich, Alex and Jan end on 41 points with 5, 3 and
    2 coins; Ani holds the most coins (8) but has 40 points."""
    before = [(40, 5), (40, 3), (41, 2), (38, 8)]
    assert ranked_after_final_scoring(before) == ([41, 41, 41, 40], [1, 2, 3, 4], [1, 0, 0, 0])
    before[ALEX] = (40, 5)
    assert ranked_after_final_scoring(before) == ([41, 41, 41, 40], [1, 1, 3, 4], [0.5, 0.5, 0, 0])


# -- readings: each switch of `balance games --content bastille`, both ways ---------------------

def flag_bonus_takers(flag_min):
    """Seats taking the flag bonuses when seat 1 has 2 flags and nobody else has one."""
    from tests.bastille.helpers import score_flags

    g = Pos(sets=(f"scoring.flag_min={flag_min}",))
    g.st[K.G_START] = 0
    for p, f in ((0, 0), (1, 2), (2, 0), (3, 0)):
        g.set(p, K.P_FLAGS, f)
    score_flags(g.tb, g.st, g.rng, g.W, g.log)
    return [(int(e[1]), int(e[3])) for e in g.events(K.EV_FLAGS)]   # (seat, 1 larger / 2 smaller)


def test_reading_flag_min_a_bonus_needs_a_flag_or_goes_to_the_next_seat():
    assert flag_bonus_takers(1) == [(1, 1)]                 # the smaller bonus goes unawarded
    assert flag_bonus_takers(0) == [(1, 1), (0, 2)]         # a flagless seat, nearest the start player


def crown_scores(crown_min):
    from kernels.bastille.scoring import score_gems_and_crowns

    g = Pos(sets=(f"scoring.crown_min={crown_min}",))
    score_gems_and_crowns(g.tb, g.st, g.rng, 3, g.log)       # nobody holds a crown
    return [g.get(p, K.P_VP) for p in range(4)]


def test_reading_crown_min_nobody_scores_most_crowns_with_no_crown():
    assert crown_scores(1) == [0, 0, 0, 0]
    assert crown_scores(0) == [3, 3, 3, 3]                   # all tied at none


def max_card_points(max_min):
    """A max-gems card held by a seat with no gem while another seat has two."""
    from kernels.bastille import state
    from kernels.bastille.state import owned_characters

    g = Pos(sets=(f"missions.max_min={max_min}",))
    for p, gems in ((0, 2), (1, 0), (2, 0), (3, 0)):
        g.set(p, K.P_GEMS, gems)
    m = g.mission("max_gems", 0)
    g.give_mission(1, m)
    return state.mission_points(g.tb, g.st, g.rng, 1, m, owned_characters(g.tb, g.st, 1))


def test_reading_max_min_a_max_card_holder_with_none_scores_nothing():
    assert max_card_points(1) == 0
    assert max_card_points(0) == 2                          # second most, tied at none: the second VP


def test_every_reading_is_listed_with_its_reason():
    from sim.games.bastille import GAME

    readings = {k: why for k, _, why in GAME.content().readings()}
    assert set(readings) == {"scoring.flag_min", "scoring.crown_min", "missions.max_min"}
    assert all(why.startswith("Reading: the rulebook") for why in readings.values())


def test_final_scoring_characters_henchmen_coins_and_penalty():
    """Final scoring adds character VP, gems, most crowns, henchmen in the bag, a VP per three
    coins and the Bastille line, less the unarmed penalty (no catacomb draws: content set to 0,
    not a printed example)."""
    g = Pos(sets=("scoring.catacomb_draws=0",))
    g.st[K.G_ROUND] = g.T.rounds - 1
    for m in range(g.T.n_missions):
        if g.st[K.MLOC + m] >= 0:
            g.st[K.MLOC + m] = K.AT_BOX
    for p in range(4):
        g.set(p, K.P_NMIS, 0)
        g.set(p, K.P_MISMASK, 0)
        g.set(p, K.P_COINS, 0)
    g.set(ALEX, K.P_COINS, 11)                                # 3 VP, 2 coins left over
    soldier = g.card(K.GR_SOLDIER, 3)
    g.give_card(ALEX, soldier)
    henchmen_to_bag(g.tb, g.st, g.rng, ALEX, 2)
    g.st[K.G_WTOP] = g.T.n_pool                               # nothing in the Bastille
    for t in range(3):
        g.st[K.G_BW + t] = 0
    final_scoring(g.tb, g.st, g.rng, g.W, g.log)
    crown = 5 if g.T.char_crowns[soldier] else 0
    expect = (g.T.char_vp[soldier] + g.T.char_gems[soldier] + crown + 2 + 3 - 2
              + g.T.bas_points[g.get(ALEX, K.P_BPOS)])
    assert g.get(ALEX, K.P_VP) == expect
    assert int(g.st[K.G_PHASE]) == K.PH_END


def test_monks_are_sorted_from_the_start_players_right_anticlockwise():
    g = Pos(sets=("scoring.catacomb_draws=0",))
    g.st[K.G_START] = JAN
    monks = [c for c in range(g.T.n_chars) if g.T.char_group[c] == K.GR_MONK]
    for p, c in zip(range(4), monks):
        g.give_card(p, c)
    final_scoring(g.tb, g.st, g.rng, g.W, g.log)
    seats = list(g.events(K.EV_MONK)[:, 1])
    assert seats == [ALEX, ULRICH, ANI, JAN]
