"""Scenarios 4 (The White Maiden's Lament) and 5 (The Count's Estate): set-up, the objective
phases, scoring and tie-breaks, the three patrons, each reading both ways."""
import numpy as np
import pytest

from kernels.banquet import layout as L
from kernels.banquet.objectives import claim_portions, final_scores
from kernels.banquet.state import across_from, seat_of_char
from kernels.rng import seed_streams
from sim.errors import UserError
from sim.games.banquet import GAME

from tests.banquet.helpers import Table, char_id, compiled, content

MAIDEN = ("scenario4", "basic")
ESTATE = ("scenario5", "basic")


def objective(t):
    t.objective()


def seat_of(t, name):
    return seat_of_char(t.st, t.n, char_id(name))


# -- scenario 4 -------------------------------------------------------------------------------
@pytest.mark.parametrize("n, rounds", [(10, 3), (14, 3), (15, 4), (18, 4)])
def test_maiden_rounds_and_the_kings_tokens(n, rounds):
    r = compiled(n, MAIDEN).tables[L.T_RULES]
    assert r[L.R_ROUNDS] == rounds and r[L.R_VETO] == -(-n // 2)
    assert tuple(r[L.R_FSIZE:L.R_FSIZE + 2]) == (3, n - 3)


@pytest.mark.parametrize("n", [9, 19])
def test_maiden_player_range_is_a_clear_error(n):
    with pytest.raises(UserError, match="scenario4' is for 10-18 players"):
        GAME.check_players(n, MAIDEN)


@pytest.mark.parametrize("seed", range(6))
def test_maiden_setup(seed):
    """Three in the maiden's faction (the White Maiden, the Princess, the Abbot); the queen
    hosts, the king is the patron with his tokens; the king sits across from the queen unless
    a maiden's-faction member took his place or hers (then she is across from the other)."""
    t = Table(12, MAIDEN, seed=seed)
    maiden = {p for p in range(12) if t.get(L.F_FACTION, p) == L.MAIDEN_F}
    assert {t.get(L.F_CHAR, p) for p in maiden} == {char_id(c) for c in ("White Maiden", "Princess", "Abbot")}
    queen, king = t.get(L.F_HOST), t.get(L.F_PATRON)
    assert t.get(L.F_CHAR, queen) == char_id("Queen") and t.get(L.F_CHAR, king) == char_id("King")
    assert t.get(L.F_VETO) == 6 and len(set(t.places())) == 12
    facing = {(t.get(L.F_PLACE, p) + 6) % 12 for p in (queen, king)}
    seats = {t.get(L.F_PLACE, p) for p in maiden}
    assert (t.get(L.F_PLACE, queen) + 6) % 12 == t.get(L.F_PLACE, king) or facing & seats


@pytest.mark.parametrize("n", [11, 17])
def test_across_from_the_queen_with_odd_counts(n):
    """B8: n // 2 steps clockwise; with the switch, chance picks that place or the next."""
    rules = compiled(n, MAIDEN).tables[L.T_RULES].copy()
    rng = np.zeros(2, np.uint64)
    seed_streams(rng, 1, 0)
    assert {int(across_from(rules, rng, 3, n)) for _ in range(20)} == {(3 + n // 2) % n}
    rules[L.R_ACROSS_CHANCE] = 1
    assert {int(across_from(rules, rng, 3, n)) for _ in range(40)} == {(3 + n // 2) % n, (3 + n // 2 + 1) % n}
    assert int(across_from(rules, rng, 3, n + 1)) == (3 + (n + 1) // 2) % (n + 1)   # even: one place


def maiden_table(sets=()):
    """12 players at places 0-11: the queen (seat 0) at 0, the White Maiden (seat 1) at 6, the
    king (seat 2) at 5 beside her, seats 3 and 4 (Princess, Abbot) the maiden's faction far
    away, the rest the queen's faction; seat 7 at place 7 is the maiden's other neighbour."""
    t = Table(12, MAIDEN, sets=sets)
    cast = ["Queen", "White Maiden", "King", "Princess", "Abbot", "Duke", "Duchess", "Count", "Countess",
            "Jester", "Bard", "Merchant"]
    t.seat([0, 6, 5, 2, 3, 4, 1, 7, 8, 9, 10, 11], cast)
    for p in range(12):
        t.set(L.F_FACTION, p, L.MAIDEN_F if p in (1, 3, 4) else L.QUEEN_F)
        t.set(L.F_CONVERTED, p, 0)
    t.set(L.F_HOST, 0, 0)
    t.set(L.F_PATRON, 0, 2)
    t.set(L.F_ROUND, 0, 0)
    t.set(L.F_END, 0, L.END_NONE)
    return t


def test_the_maidens_neighbours_convert():
    t = maiden_table()
    objective(t)
    assert t.get(L.F_END) == L.END_NONE
    assert t.get(L.F_FACTION, 2) == L.MAIDEN_F and t.get(L.F_FACTION, 7) == L.MAIDEN_F   # the king too (B7)
    assert t.get(L.F_FACTION, 5) == L.QUEEN_F and t.get(L.F_CONVERTED, 7) == 1
    assert int(t.met[7, L.M_CONVERTED]) == 1


def test_the_king_stays_when_leaders_do_not_convert():
    t = maiden_table(("rules.king_may_convert=0",))
    objective(t)
    assert t.get(L.F_FACTION, 2) == L.QUEEN_F and t.get(L.F_FACTION, 7) == L.MAIDEN_F


def test_rose_pendants_limit_conversions_lowest_initiative_first():
    """With 4 pendants in the box, the faction of three gains one: the neighbour with the lower
    initiative; with the limit off both convert."""
    t = maiden_table(("scenario4.rose_pendants=4",))
    first = min((2, 7), key=lambda p: t.tables[L.T_CHARS][t.get(L.F_CHAR, p), L.C_INIT])
    objective(t)
    assert [p for p in (2, 7) if t.get(L.F_FACTION, p) == L.MAIDEN_F] == [first]
    t = maiden_table(("scenario4.rose_pendants=4", "rules.rose_pendant_limit=0"))
    objective(t)
    assert all(t.get(L.F_FACTION, p) == L.MAIDEN_F for p in (2, 7))


def test_the_maiden_next_to_the_queen_slays_her_and_her_faction_wins():
    t = maiden_table()
    t.set(L.F_PLACE, 0, 7)
    t.set(L.F_PLACE, 7, 0)              # the queen now at 7, beside the maiden at 6
    objective(t)
    assert t.get(L.F_END) == L.END_SLAIN and t.get(L.F_FACTION, 2) == L.QUEEN_F   # nobody converts
    final_scores(t.st, t.tables, t.team)
    assert list(t.team[:2]) == [0, 1]


def test_the_queen_surviving_the_last_round_wins_and_converts_win_with_the_maiden():
    t = maiden_table()
    t.set(L.F_ROUND, 0, int(t.rules[L.R_ROUNDS]) - 1)
    objective(t)
    assert t.get(L.F_END) == L.END_FINISHED
    final_scores(t.st, t.tables, t.team)
    assert list(t.team[:2]) == [1, 0]


# -- scenario 5 -------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [11, 13, 25])
def test_estate_player_counts(n):
    with pytest.raises(UserError, match="12, 15, 18, 21 or 24 players"):
        GAME.check_players(n, ESTATE)


@pytest.mark.parametrize("n", [12, 24])
def test_estate_setup_is_the_printed_ring(n):
    """Hound, the merchant's block going right, Diamond, the abbot's, Purse, the abbess's: n + 3
    places; three patrons with 3 tokens; the merchant hosts; the King is in the box."""
    t = Table(n, ESTATE, seed=3)
    npl, k = n + 3, n // 3
    kinds = [t.get(L.F_PLACE_KIND, q) for q in range(npl)]
    assert kinds[0] == L.PK_HOUND and kinds[npl - k - 1] == L.PK_DIAMOND and kinds[npl - 2 * k - 2] == L.PK_PURSE
    assert kinds.count(L.PK_OPEN) == n
    for f, leader, first in ((L.MERCHANT_F, "Merchant", npl - 1), (L.ABBOT_F, "Abbot", npl - k - 2),
                             (L.ABBESS_F, "Abbess", npl - 2 * k - 3)):
        s = seat_of(t, leader)
        assert t.get(L.F_FACTION, s) == f and t.get(L.F_PLACE, s) == first
        block = sorted(t.get(L.F_PLACE, p) for p in range(n) if t.get(L.F_FACTION, p) == f)
        assert block == list(range(first - k + 1, first + 1))
    assert t.get(L.F_HOST) == seat_of(t, "Merchant") and seat_of(t, "King") < 0
    assert [t.get(L.F_VETOS, f) for f in range(3)] == [3, 3, 3]


def estate_table(sets=()):
    """12 players, 15 places: the Hound at 0, the Diamond at 10, the Purse at 5 (kinds kept
    from set-up) and the players re-seated by hand."""
    t = Table(12, ESTATE, sets=sets)
    for j in range(9):
        t.set(L.F_ESTATE, j, 0)
    return t


def put(t, seat_place):
    for p, q in seat_place.items():
        t.set(L.F_PLACE, p, q)


def team(t, p):
    return t.get(L.F_FACTION, p) - L.MERCHANT_F


def members(t, f):
    return [p for p in range(12) if team(t, p) == f]


def test_estate_points_next_to_the_hound_beside_the_purse_and_shared():
    t = estate_table()
    a, b, c = members(t, 0)[:3]
    x, y = members(t, 1)[:2]
    others = [p for p in range(12) if p not in (a, b, c, x, y)]
    # a next to the Hound (place 1); b and c on either side of the Purse (4 and 6); x and y share
    # place 9, next to the Diamond at 10; everybody else away from every token
    put(t, {a: 1, b: 4, c: 6, x: 9, y: 9})
    for p, q in zip(others, (2, 3, 7, 12, 13, 2, 3)):
        t.set(L.F_PLACE, p, q)
    objective(t)
    est = [[t.get(L.F_ESTATE, 3 * f + j) for j in range(3)] for f in range(3)]
    assert est[0] == [1, 0, 2] and est[1] == [0, 2, 0] and est[2] == [0, 0, 0]
    assert t.met[a, L.M_ESTATE] == 1 and t.met[x, L.M_ESTATE] == 1


def points(t, table):
    for f in range(3):
        for j in range(3):
            t.set(L.F_ESTATE, 3 * f + j, table[f][j])


def claim(t):
    claim_portions(t.st, t.tables, t.rng, t.log, t.io, True)
    return [t.get(L.F_CLAIM, j) for j in range(3)]


def test_most_points_claim_and_two_way_ties_go_to_divine_judgment():
    got = set()
    for seed in range(30):
        t = estate_table()
        seed_streams(t.rng, seed, 0)
        points(t, [[3, 1, 0], [3, 2, 0], [1, 0, 5]])
        c = claim(t)
        assert c[1:] == [1, 2] and c[0] in (0, 1)
        got.add(c[0])
    assert got == {0, 1}


def test_three_way_ties_go_to_the_highest_initiative_sum():
    t = estate_table()
    points(t, [[2, 0, 1], [2, 0, 1], [2, 0, 1]])
    init = t.tables[L.T_CHARS][:, L.C_INIT]
    sums = [sum(int(init[t.get(L.F_CHAR, p)]) for p in members(t, f)) for f in range(3)]
    best = int(np.argmax(sums))
    assert len(set(sums)) == 3 or sums.count(max(sums)) == 1
    assert claim(t) == [best, best, best]          # 0-0-0 is a three-way tie too (B10)
    t = estate_table(("rules.unscored_portion_is_tie=0",))
    points(t, [[2, 0, 1], [2, 0, 1], [2, 0, 1]])
    assert claim(t) == [best, -1, best]


@pytest.mark.parametrize("claims, winner", [((0, 1, 2), 0), ((2, 1, 0), 2), ((1, 2, 2), 2), ((0, 0, 1), 0),
                                            ((1, 0, 2), 1)])
def test_two_portions_win_and_one_each_goes_to_the_fox_forest(claims, winner):
    t = estate_table()
    for j, f in enumerate(claims):
        t.set(L.F_CLAIM, j, f)
    final_scores(t.st, t.tables, t.team)
    assert int(np.argmax(t.team[:3])) == winner and sorted(t.team[:3])[-2] < t.team[winner]


def favor_table(sets=(), bots="greedy", seed=1):
    """12 players, 15 places: the Hound at 0, the merchant at 14 and his faction at 13-11, the
    Diamond at 10, the abbot at 9 and his at 8-6, the Purse at 5, the abbess at 4 and hers at
    3-1. Seat a, a merchant's-faction member at 13, asks a favor (the Seneschal's move_to) to
    place 1, beside the Hound: it displaces the abbess's member there and costs both rival
    factions, so each rival patron would decline it."""
    t = Table(12, ESTATE, sets=sets, bots=bots, seed=seed)
    for j in range(9):
        t.set(L.F_ESTATE, j, 0)
    t.set(L.F_ROUND, 0, 0)
    a = [p for p in range(12) if t.get(L.F_PLACE, p) == 13][0]
    t.set(L.F_CHAR, a, char_id("Seneschal"))
    return t, a


def test_three_patrons_declare_clockwise_from_the_active_players_left():
    """Clockwise (index + 1) from place 13: the merchant (14) accepts, then the abbess (4)
    declines first; without her tokens the abbot (9) declines; without his, it goes through."""
    t, a = favor_table(("bots.veto=0",), bots="heuristic")   # declines any harm

    def ask():
        t.act(a, L.FAVOR, 1)
        return t.favor_accepted()
    assert not ask() and [t.get(L.F_VETOS, f) for f in range(3)] == [3, 3, 2]
    t.set(L.F_VETOS, 2, 0)
    assert not ask() and [t.get(L.F_VETOS, f) for f in range(3)] == [3, 2, 0]
    t.set(L.F_VETOS, 1, 0)
    assert ask() and t.get(L.F_VETOS) == 3 and t.get(L.F_PLACE, a) == 1


@pytest.mark.parametrize("seed", range(8))
def test_a_patron_requesting_a_favor_counts_as_accepting(seed):
    """B9: the merchant's own request is never declined by him (random patrons: a coin each);
    with the switch off no patron may ask at all."""
    t, _ = favor_table(bots="random", seed=seed)
    merchant = seat_of(t, "Merchant")
    t.set(L.F_VETOS, 1, 0)
    t.set(L.F_VETOS, 2, 0)
    x, y = [p for p in range(12) if p != merchant][:2]
    for _ in range(4):
        t.act(merchant, L.FAVOR, x, y)            # his favor: make two players switch
        assert t.favor_accepted()
    assert t.get(L.F_VETOS, 0) == 3
    t = Table(12, ("scenario5", "full"), sets=("rules.patron_may_request=0",))
    for leader in ("Merchant", "Abbot", "Abbess"):
        assert all(m[L.MV_SLOT] != L.FAVOR for m in t.moves(seat_of(t, leader)))
    t = Table(12, ("scenario5", "full"))
    assert any(m[L.MV_SLOT] == L.FAVOR for m in t.moves(seat_of(t, "Merchant")))


def test_hosts_change_by_round():
    t = Table(12, ESTATE)
    for rd, leader in enumerate(("Merchant", "Abbot", "Abbess")):
        t.set(L.F_ROUND, 0, rd)
        assert t.start_round((L.DEC_DIRECTION,)) == seat_of(t, leader) == t.get(L.F_HOST)   # he picks the way
        t.apply((1, -1, -1, 0))
        assert t.get(L.F_HOLDER) != t.get(L.F_HOST)           # he handed the scepter on ...
        rounds = t.events()[t.events()[:, 0] == L.EV_ROUND]
        assert rounds[-1, 1] == seat_of(t, leader)             # ... holding it at the round's start


def test_the_maidens_faction_may_take_occupied_places():
    """Only a maiden's-faction member taking the queen's or the king's place (the occupant
    moving away) leaves them not facing each other: over 20 deals it happens."""
    apart = 0
    for seed in range(20):
        t = Table(12, MAIDEN, seed=seed)
        apart += (t.get(L.F_PLACE, t.get(L.F_HOST)) + 6) % 12 != t.get(L.F_PLACE, t.get(L.F_PATRON))
    assert 0 < apart < 20


def test_the_final_objective_phase_converts_unless_the_queens_survival_decides_first():
    """Issue 32's reading final_converts_join_maiden: 1 (default) = seat 7, beside the maiden
    in the last round's objective phase, converts and loses with her; 0 = the queen's survival
    decides first and he wins with the queen's faction."""
    for flag, joins in ((1, True), (0, False)):
        t = maiden_table((f"rules.final_converts_join_maiden={flag}",))
        t.set(L.F_ROUND, 0, int(t.rules[L.R_ROUNDS]) - 1)
        objective(t)
        assert t.get(L.F_END) == L.END_FINISHED
        assert (t.get(L.F_FACTION, 7) == L.MAIDEN_F) == joins
        final_scores(t.st, t.tables, t.team)
        assert list(t.team[:2]) == [1, 0]


def test_equal_initiative_sums_by_divine_judgment_or_nobody():
    """Issue 32's reading equal_sums_by_judgment: a three-way tie whose initiative sums are equal
    (every player given the same card) goes by divine judgment among the three (default), or to
    nobody."""
    got = set()
    for seed in range(20):
        t = estate_table()
        seed_streams(t.rng, seed, 0)
        for p in range(12):
            t.set(L.F_CHAR, p, char_id("Bard"))
        points(t, [[2, 0, 1], [2, 0, 1], [2, 0, 1]])
        got.update(claim(t))
    assert got == {0, 1, 2}
    t = estate_table(("rules.equal_sums_by_judgment=0",))
    for p in range(12):
        t.set(L.F_CHAR, p, char_id("Bard"))
    points(t, [[2, 0, 1], [2, 0, 1], [2, 0, 1]])
    assert claim(t) == [-1, -1, -1]
