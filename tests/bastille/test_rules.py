"""Rules beyond the rulebook's worked examples: set-up by player count, the Secret Mission
piles, round preparation, and nothing lost or made in any round."""
import pytest

from kernels.bastille import layout as K
from kernels.bastille.rules import gain
from tests.bastille.helpers import Pos, invariants


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


# -- readings: each switch of `balance games --content bastille`, both ways ---------------------

def flag_bonus_takers(flag_min):
    """Seats taking the flag bonuses when seat 1 has 2 flags and nobody else has one."""
    from kernels.bastille.rules import score_flags

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
    from kernels.bastille.rules import score_gems_and_crowns

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
