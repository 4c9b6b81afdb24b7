"""Scenario 6, The Missing Princess: the set-up, the Keyring and its guards, the Hound, the
duke, the gatehouse search, the win and both losses, on hand-laid tables (kernels/banquet/castle.py).

At 6 players with the default reading B12 (right = anticlockwise) the circle has 10 places:
the guard tower 0, the bastion 1, the gatehouse 2, then the players' line from place 3 (beside
the gatehouse) to place 9 (beside the tower), where the duke starts."""
import numpy as np
import pytest

from kernels.banquet import castle as K
from kernels.banquet import castle_places as P
from kernels.banquet import castle_team as T
from kernels.banquet import layout as L
from kernels.rng import CHANCE
from tests.banquet.helpers import Table, content

S6 = ("scenario6", "basic")
TOWER, BASTION, GATEHOUSE, GATE_SIDE, TOWER_SIDE = 0, 1, 2, 3, 9


# the King's basic as these tests were written for (a switch with an adjacent player); issue 32's
# calibration made it a summons (bring_next_to)
KING_SWITCH = ("characters.0.basic=switch who=adjacent",)


def lay(places, chars, duke, duke_dir=-1, sets=(), n=None, stand=None):
    """A 6-player (or n-player) scenario-6 table with players at places and the duke at duke."""
    t = Table(n or len(places), S6, sets=sets)
    t.seat(places, chars)
    t.set(L.F_DUKE, 0, duke)
    t.set(L.F_DUKE_DIR, 0, duke_dir)
    for p in range(t.n):
        t.set(L.F_STAND, p, 1 if stand is None else stand[p])
    return t


def log(t):
    return (t.log, t.io, True)


def next_turn(t, holder, direction=1, first=False):
    """The scepter goes on from holder in direction: the next player to act (-1: the end)."""
    t.set(L.F_DIR, 0, direction)
    return t.scepter(holder, first)


def search(t, g=5):
    """The scepter, going anticlockwise from place 3 (beside the gatehouse), reaches g in the
    gatehouse: her search (the turn after it reaches whoever is next)."""
    holder = [p for p in range(t.n) if t.get(L.F_PLACE, p) == GATE_SIDE][0]
    assert t.get(L.F_GATE) == g
    next_turn(t, holder, direction=-1)


# -- set-up -----------------------------------------------------------------------------------
@pytest.mark.parametrize("n, pendants", [(6, 3), (7, 2), (8, 2), (9, 2), (10, 2)])
def test_pendants_by_player_count(n, pendants):
    t = Table(n, S6)
    assert [t.get(L.F_PENDANTS, p) for p in range(n)] == [pendants] * n


@pytest.mark.parametrize("n", [6, 10])
def test_the_castle_duke_and_players_at_set_up(n):
    names = [c["name"] for c in content(S6)["characters"]]
    removed = {names.index(x) for x in ("Witch", "First Knight", "White Maiden", "Duke", "Princess")}
    for seed in range(30):
        t = Table(n, S6, seed=seed)
        npl = n + 4
        assert int(t.rules[L.R_NPL]) == npl
        assert sorted(t.places()) == [(-k) % npl for k in range(n + 1, 1, -1)]     # the line but the duke's place
        assert t.get(L.F_DUKE) == npl - 1 and t.get(L.F_DUKE_DIR) == -1
        assert (t.get(L.F_GUARDS), t.get(L.F_SEARCH), t.get(L.F_KEYRING)) == (4, 4, L.KEY_ON_TOWER)
        assert t.get(L.F_HOUND) == L.HOUND_AWAY and t.get(L.F_GATE) == -1
        chars = [t.get(L.F_CHAR, p) for p in range(n)]
        assert not set(chars) & removed and len(set(chars)) == n
        inits = [int(t.tables[L.T_CHARS][c, L.C_INIT]) for c in chars]
        assert t.get(L.F_HOST) == int(np.argmin(inits))
        assert set(t.get(L.F_FACTION, p) for p in range(n)) == {L.RESCUE_F}


def test_characters_are_dealt_again_until_both_genders_play():
    """12 of the 20 cards are gentlemen: about 2% of 6-card deals are all gentlemen."""
    for seed in range(400):
        t = Table(6, S6, seed=seed)
        genders = {int(t.tables[L.T_CHARS][t.get(L.F_CHAR, p), L.C_GENDER]) for p in range(6)}
        assert genders == {L.LADY, L.GENTLEMAN}, seed


# -- the Keyring and its guards ---------------------------------------------------------------
def test_a_male_moving_or_switching_beside_the_tower_removes_a_guard():
    # the King (basic: switch with an adjacent player) at 8 switches with the Queen at 9
    t = lay([8, 9, 3, 4, 5, 6], ["King", "Queen", "Bard", "Abbot", "Abbess", "Countess"], duke=7, sets=KING_SWITCH)
    t.act(0, L.BASIC, 1)
    assert t.places()[:2] == [TOWER_SIDE, 8] and t.get(L.F_GUARDS) == 3
    # the Queen switching back: a lady beside the tower removes nothing
    t.act(1, L.BASIC, 0)
    assert t.places()[:2] == [8, TOWER_SIDE] and t.get(L.F_GUARDS) == 3


def test_a_male_beside_the_tower_passed_the_scepter_removes_a_guard_and_the_last_takes_the_keyring():
    t = lay([9, 8, 3, 4, 5, 6], ["King", "Queen", "Bard", "Abbot", "Abbess", "Countess"], duke=7, duke_dir=-1)
    t.set(L.F_GUARDS, 0, 2)
    assert next_turn(t, holder=1, direction=1) == 0          # from place 8 on to 9
    assert t.get(L.F_GUARDS) == 1 and t.get(L.F_KEYRING) == L.KEY_ON_TOWER
    assert next_turn(t, holder=1, direction=1) == 0
    assert t.get(L.F_GUARDS) == 0 and t.get(L.F_KEYRING) == 0
    assert t.get(L.F_HOUND) == TOWER and t.get(L.F_KEY_LEFT) == 1


def test_a_lady_beside_the_tower_passed_the_scepter_removes_nothing():
    t = lay([8, 9, 3, 4, 5, 6], ["King", "Queen", "Bard", "Abbot", "Abbess", "Countess"], duke=7)
    assert next_turn(t, holder=0, direction=1) == 1
    assert t.get(L.F_GUARDS) == 4


def test_the_duke_meeting_the_carrier_sends_the_keyring_and_two_guards_back():
    t = lay([5, 8, 3, 4, 9, 6], ["King", "Queen", "Bard", "Abbot", "Abbess", "Countess"], duke=7, duke_dir=-1)
    t.set(L.F_GUARDS, 0, 0)
    t.set(L.F_KEYRING, 0, 5)                     # the Countess at 6 carries it
    t.set(L.F_KEY_LEFT, 0, 1)
    K.duke_step(t.st, t.tables, *log(t))
    assert t.get(L.F_DUKE) == 6 and t.get(L.F_PLACE, 5) == 7
    assert t.get(L.F_KEYRING) == L.KEY_ON_TOWER and t.get(L.F_GUARDS) == 2


def test_the_carrier_hands_the_keyring_to_a_lady_beside_him():
    t = lay([9, 8, 3, 4, 5, 6], ["King", "Queen", "Bard", "Abbot", "Abbess", "Countess"], duke=7)
    t.set(L.F_GUARDS, 0, 0)
    t.set(L.F_KEYRING, 0, 0)
    assert next_turn(t, holder=1, direction=1) == 0
    assert t.get(L.F_KEYRING) == 1                # the greedy King gives it to the Queen


# -- the duke ---------------------------------------------------------------------------------
def test_the_duke_walks_the_line_and_turns_beside_the_gatehouse_and_the_tower():
    t = lay([4, 5, 6, 7, 8, 9], ["King", "Queen", "Bard", "Abbot", "Abbess", "Countess"], duke=3, duke_dir=1)
    trail = []
    for _ in range(14):
        K.duke_step(t.st, t.tables, *log(t))
        trail.append(t.get(L.F_DUKE))
        assert sorted(t.places() + [t.get(L.F_DUKE)]) == list(range(3, 10))     # he and the players fill the line
    assert trail == [4, 5, 6, 7, 8, 9, 8, 7, 6, 5, 4, 3, 4, 5]


def test_the_duke_switches_with_the_player_in_his_way_and_steps_on_every_pass():
    t = lay([4, 5, 6, 8, 9, 3], ["King", "Queen", "Bard", "Abbot", "Abbess", "Countess"], duke=7, duke_dir=-1)
    r = next_turn(t, holder=0, direction=1)      # one pass: 4 -> 5
    assert r == 1 and t.get(L.F_DUKE) == 6 and t.get(L.F_PLACE, 2) == 7


def test_the_scepter_skips_the_castle_and_the_dukes_place():
    t = lay([3, 4, 5, 6, 7, 9], ["King", "Queen", "Bard", "Abbot", "Abbess", "Countess"], duke=8, duke_dir=1)
    t.set(L.F_DIR, 0, 1)
    assert K.scepter_next(t.st, t.tables, 4, False) == 5      # 7 -> (8 the duke) -> 9
    assert K.scepter_next(t.st, t.tables, 5, False) == 0      # 9 -> (0, 1, 2 the castle) -> 3
    t.set(L.F_DIR, 0, -1)
    assert K.scepter_next(t.st, t.tables, 0, False) == 5      # 3 -> (2, 1, 0) -> 9


# -- the Hound --------------------------------------------------------------------------------
def test_the_hound_walks_right_bites_a_pendant_and_is_discarded_at_the_gatehouse():
    t = lay([4, 5, 6, 7, 8, 9], ["King", "Queen", "Bard", "Abbot", "Abbess", "Countess"], duke=3)
    t.set(L.F_HOUND, 0, 6)
    t.set(L.F_PENDANTS, 1, 0)
    K.hound_step(t.st, t.tables, *log(t))        # into 5: the Queen has no pendant
    assert t.get(L.F_HOUND) == 5 and t.get(L.F_PENDANTS, 1) == 0
    K.hound_step(t.st, t.tables, *log(t))        # into 4: the King loses one
    assert t.get(L.F_HOUND) == 4 and t.get(L.F_PENDANTS, 0) == 2
    K.hound_step(t.st, t.tables, *log(t))
    K.hound_step(t.st, t.tables, *log(t))
    assert t.get(L.F_HOUND) == L.HOUND_GONE
    K.hound_step(t.st, t.tables, *log(t))
    assert t.get(L.F_HOUND) == L.HOUND_GONE


def test_the_hound_steps_once_when_an_action_moves_players():
    t = lay([8, 9, 3, 4, 5, 6], ["King", "Queen", "Bard", "Abbot", "Abbess", "Countess"], duke=7, sets=KING_SWITCH)
    t.set(L.F_HOUND, 0, TOWER)
    t.act(0, L.BASIC, 1)                          # two players change places: one step
    assert t.get(L.F_HOUND) == TOWER_SIDE
    assert t.get(L.F_PENDANTS, 0) == 2            # the King, now at 9, is bitten


# -- the gatehouse ----------------------------------------------------------------------------
def test_the_lady_carrying_the_keyring_beside_the_gatehouse_enters_and_no_action_moves_her():
    t = lay([4, 5, 6, 7, 8, 3], ["King", "Queen", "Bard", "Abbot", "Abbess", "Countess"], duke=9, duke_dir=-1)
    t.set(L.F_KEYRING, 0, 5)
    r = next_turn(t, holder=0, direction=-1)     # 4 -> 3: the Countess enters; her turn ends
    assert t.get(L.F_GATE) == 5 and t.get(L.F_PLACE, 5) == GATEHOUSE and r != 5
    assert t.get(L.F_STAND, 5) == 0 and t.get(L.F_PENDANTS, 5) == 3     # not an action: no pendant
    # the King beside her (switch with an adjacent player) may not choose her
    t.seat([3, 5, 6, 7, 8, GATEHOUSE])
    assert t.moves(0) and all(m[1] != 5 for m in t.moves(0))


def test_entering_the_gatehouse_leaves_a_place_for_the_hound():
    t = lay([4, 5, 6, 7, 8, 3], ["King", "Queen", "Bard", "Abbot", "Abbess", "Countess"], duke=9, duke_dir=-1)
    t.set(L.F_HOUND, 0, 5)
    K.enter_gatehouse(t.st, t.tables, 5, *log(t))
    assert t.get(L.F_HOUND) == 4 and t.get(L.F_PENDANTS, 0) == 2


def test_a_man_carrying_the_keyring_beside_the_gatehouse_does_not_enter():
    t = lay([4, 5, 6, 7, 8, 3], ["King", "Queen", "Bard", "Abbot", "Abbess", "Jester"], duke=9, duke_dir=1)
    t.set(L.F_KEYRING, 0, 5)
    next_turn(t, holder=0, direction=-1)
    assert t.get(L.F_GATE) == -1


def search_table(tokens, pendants=0, sets=()):
    t = lay([3, 4, 5, 6, 7, GATEHOUSE], ["King", "Queen", "Bard", "Abbot", "Abbess", "Countess"], duke=9,
            duke_dir=-1, sets=sets)
    t.set(L.F_GATE, 0, 5)
    t.set(L.F_STAND, 5, 0)
    t.set(L.F_SEARCH, 0, tokens)
    t.set(L.F_PENDANTS, 5, pendants)
    return t


def test_the_last_token_finds_the_princess_without_divine_judgment():
    t = search_table(1)
    before = int(t.rng[CHANCE])
    search(t)
    assert t.get(L.F_FOUND) == 1 and int(t.rng[CHANCE]) == before


def test_a_search_with_tokens_left_flips_and_a_failure_discards_a_token():
    outcomes = set()
    for seed in range(40):
        t = search_table(3)
        t.rng[CHANCE] = np.uint64(seed * 7919 + 1)
        search(t)
        outcomes.add((t.get(L.F_FOUND), t.get(L.F_SEARCH)))
    assert outcomes == {(1, 3), (0, 2)}


# -- the end ----------------------------------------------------------------------------------
def test_the_scepter_reaching_her_after_the_find_wins():
    t = search_table(2)
    t.set(L.F_FOUND, 0, 1)
    assert next_turn(t, holder=0, direction=-1) == -1       # 3 -> the gatehouse
    assert t.get(L.F_END) == L.END_RESCUED


def test_the_scepter_reaching_her_before_the_find_is_a_search():
    t = search_table(1)
    r = next_turn(t, holder=0, direction=-1)
    assert t.get(L.F_FOUND) == 1 and t.get(L.F_END) == L.END_NONE and r >= 0


def test_the_duke_beside_the_gatehouse_player_loses():
    t = lay([5, 6, 7, 8, 9, GATEHOUSE], ["King", "Queen", "Bard", "Abbot", "Abbess", "Countess"], duke=4, duke_dir=-1)
    t.set(L.F_GATE, 0, 5)
    K.duke_step(t.st, t.tables, *log(t))
    assert t.get(L.F_DUKE) == GATE_SIDE and t.get(L.F_END) == L.END_CAUGHT


def test_the_duke_beside_an_empty_gatehouse_just_turns():
    t = lay([5, 6, 7, 8, 9, 3], ["King", "Queen", "Bard", "Abbot", "Abbess", "Countess"], duke=4, duke_dir=-1)
    K.duke_step(t.st, t.tables, *log(t))
    assert t.get(L.F_END) == L.END_NONE and t.get(L.F_DUKE_DIR) == 1 and t.get(L.F_PLACE, 5) == 4


def test_everyone_seated_loses():
    t = lay([3, 4, 5, 6, 7, 8], ["King", "Queen", "Bard", "Abbot", "Abbess", "Countess"], duke=9,
            stand=[0, 0, 0, 0, 0, 0])
    assert next_turn(t, holder=0) == -1 and t.get(L.F_END) == L.END_ALL_SEATED


def test_a_turn_spends_a_pendant_instead_of_sitting():
    t = lay([3, 4, 5, 6, 7, 8], ["King", "Queen", "Bard", "Abbot", "Abbess", "Countess"], duke=9)
    t.set(L.F_PENDANTS, 0, 1)
    assert t.turn(0) == 1                         # the King passes; the scepter goes on to the Queen
    assert (t.get(L.F_PENDANTS, 0), t.get(L.F_STAND, 0)) == (0, 1)
    t.turn(0)
    assert (t.get(L.F_PENDANTS, 0), t.get(L.F_STAND, 0)) == (0, 0)


# -- the team's plan (bots) -------------------------------------------------------------------
def in_the_gatehouse(holder_dir, duke, duke_dir):
    """Her (the Countess, player 5) in the gatehouse, the King (player 0) holding the scepter
    at 4, the others at 5-8."""
    t = lay([4, 5, 6, 7, 8, GATEHOUSE], ["King", "Queen", "Bard", "Abbot", "Abbess", "Countess"], duke=duke,
            duke_dir=duke_dir)
    t.set(L.F_GATE, 0, 5)
    t.set(L.F_STAND, 5, 0)
    t.set(L.F_HOLDER, 0, 0)
    t.set(L.F_DIR, 0, holder_dir)
    return t


def test_the_race_counts_the_dukes_steps_and_the_scepters_passes_to_her():
    t = in_the_gatehouse(1, duke=9, duke_dir=-1)
    pl = t.st[L.F_PLACE:L.F_PLACE + L.MAXP]
    assert T.duke_steps_to_gatehouse(t.st, t.tables, 0) == 6          # 8, 7, 6, 5, 4, 3
    assert T.duke_steps_to_gatehouse(t.st, t.tables, 2) == 4
    assert T.scepter_passes_to(t.st, t.tables, pl, 4, 1, GATEHOUSE) == 5   # 5, 6, 7, 8, (9, 0, 1) her
    assert T.scepter_passes_to(t.st, t.tables, pl, 4, -1, GATEHOUSE) == 1  # (3) her
    assert T.race_margin(t.st, t.tables, pl) == 1
    t = in_the_gatehouse(1, duke=3, duke_dir=1)                          # he just turned away from her
    assert T.duke_steps_to_gatehouse(t.st, t.tables, 0) == 12           # 4 ... 9, then 8 ... 3


@pytest.mark.parametrize("bot", [L.BOT_GREEDY, L.BOT_HEURISTIC])
def test_once_she_is_in_the_holder_values_moving_to_the_end_of_the_lap(bot):
    t = in_the_gatehouse(1, duke=9, duke_dir=-1)
    pl = t.st[L.F_PLACE:L.F_PLACE + L.MAXP].copy()
    stay = T.castle_value(t.st, t.tables, pl, 5, bot, t.w)
    pl[0], pl[1] = pl[1], pl[0]                  # the King switches ahead with the Queen
    ahead = T.castle_value(t.st, t.tables, pl, 5, bot, t.w)
    pl[0], pl[1] = 8, 4                          # or jumps to the lap's last place
    last = T.castle_value(t.st, t.tables, pl, 5, bot, t.w)
    assert stay < ahead < last


@pytest.mark.parametrize("places, duke, holder, margin", [
    ([8, 7, 6, 5, 4, 3], 9, 4, 5 / 14),          # he is at the tower's end: 5 steps left after her entry
    ([8, 7, 6, 9, 4, 3], 5, 4, 1 / 14),          # he is close: 1 step left
    ([8, 7, 6, 5, 9, 3], 4, 3, -1.0),            # he reaches her side first and switches her away
])
def test_the_lady_carrier_beside_the_gatehouse_weighs_where_the_duke_will_be_when_she_enters(places, duke,
                                                                                             holder, margin):
    t = lay(places, ["King", "Queen", "Bard", "Abbot", "Abbess", "Countess"], duke=duke, duke_dir=-1)
    t.set(L.F_KEYRING, 0, 5)
    t.set(L.F_HOLDER, 0, holder)                 # the scepter reaches her on the next pass
    t.set(L.F_DIR, 0, -1)
    pl = t.st[L.F_PLACE:L.F_PLACE + L.MAXP]
    assert T.entry_margin(t.st, t.tables, pl, 5) == pytest.approx(margin)


# -- the readings, each both ways -------------------------------------------------------------
@pytest.mark.parametrize("value, line, duke, step", [(1, [3, 4, 5, 6, 7, 8], 9, -1), (0, [2, 3, 4, 5, 6, 7], 1, 1)])
def test_right_is_anticlockwise(value, line, duke, step):
    """B12: the tower right of the bastion, the duke right of the tower, heading right."""
    t = Table(6, S6, sets=(f"rules.right_is_anticlockwise={value}",))
    assert sorted(t.places()) == line and (t.get(L.F_DUKE), t.get(L.F_DUKE_DIR)) == (duke, step)
    r = t.rules
    assert (P.tower(r), P.bastion(r), P.gatehouse(r)) == ((0, 1, 2) if value else (0, 9, 8))
    assert (P.tower_side(r), P.gate_side(r)) == ((9, 3) if value else (1, 7))


@pytest.mark.parametrize("value", [1, 0])
def test_duke_switch_is_move(value):
    """B13: the King switched by the duke onto the place beside the tower removes a guard, and
    the Hound steps - only if the duke's switches count as moves."""
    t = lay([8, 3, 4, 5, 6, 7], ["King", "Queen", "Bard", "Abbot", "Abbess", "Countess"], duke=TOWER_SIDE,
            duke_dir=-1, sets=(f"rules.duke_switch_is_move={value}",))
    t.set(L.F_HOUND, 0, 6)
    K.duke_step(t.st, t.tables, *log(t))
    assert t.get(L.F_PLACE, 0) == TOWER_SIDE and t.get(L.F_DUKE) == 8
    assert t.get(L.F_GUARDS) == (3 if value else 4)
    assert t.get(L.F_HOUND) == (5 if value else 6)


@pytest.mark.parametrize("value", [1, 0])
def test_duke_moves_on_every_pass(value):
    """B14: the scepter passes the seated Queen on to the Bard: two passes to players, one of
    them to a standing player."""
    t = lay([4, 5, 6, 7, 8, 3], ["King", "Queen", "Bard", "Abbot", "Abbess", "Countess"], duke=TOWER_SIDE,
            duke_dir=-1, sets=(f"rules.duke_moves_on_every_pass={value}",), stand=[1, 0, 1, 1, 1, 1])
    assert next_turn(t, holder=0, direction=1) == 2
    assert t.get(L.F_DUKE) == (7 if value else 8)


@pytest.mark.parametrize("value", [1, 0])
def test_seated_loss_during_search(value):
    """B15: everyone seated while she searches ends the game (as printed), or not."""
    t = search_table(1, sets=(f"rules.seated_loss_during_search={value}",))
    for p in range(6):
        t.set(L.F_STAND, p, 0)
    assert next_turn(t, holder=0, direction=-1) == -1
    if value:
        assert t.get(L.F_END) == L.END_ALL_SEATED and t.get(L.F_FOUND) == 0
    else:
        assert t.get(L.F_END) in (L.END_RESCUED, L.END_CAUGHT) and t.get(L.F_FOUND) == 1


@pytest.mark.parametrize("value", [1, 0])
def test_keyring_passes_at_arrival(value):
    """B16: the standing King carrying the Keyring hands it to the Queen beside him when the
    scepter comes, before acting; or after his action."""
    t = lay([9, 8, 3, 4, 5, 6], ["King", "Queen", "Bard", "Abbot", "Abbess", "Countess"], duke=7,
            sets=(f"rules.keyring_passes_at_arrival={value}",))
    t.set(L.F_GUARDS, 0, 0)
    t.set(L.F_KEYRING, 0, 0)
    assert next_turn(t, holder=1, direction=1) == 0
    assert t.get(L.F_KEYRING) == (1 if value else 0)
    t.apply((L.MV_PASS, -1, -1, 0))               # his turn (a pass) ends; the scepter goes on
    assert t.run() == 2 and t.get(L.F_KEYRING) == 1


@pytest.mark.parametrize("value", [1, 0])
def test_search_reflip_repeats(value):
    """A failed flip may be flipped again for a pendant: as often as she has pendants, or once."""
    spent = set()
    for seed in range(60):
        t = search_table(4, pendants=3, sets=(f"rules.search_reflip_repeats={value}",))
        t.rng[CHANCE] = np.uint64(seed * 104729 + 3)
        search(t)
        spent.add(3 - t.get(L.F_PENDANTS, 5))
    assert spent == ({0, 1, 2, 3} if value else {0, 1})
