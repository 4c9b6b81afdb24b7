"""Places no player may occupy (items and castle rooms, reading B11) and more places than
players, on a scenario 1 table widened by hand: 12 players at places 0-11, place 12 holds an
item, place 13 is an empty chair."""
import numpy as np
import pytest

from kernels.banquet import layout as L
from kernels.banquet.moves import sim_apply
from kernels.banquet.state import adjacent, player_place

from tests.banquet.helpers import CAST, Table

ITEM, CHAIR = 12, 13
# seat 0 moves to a place (Steward), seat 1 next to a player (Physician), seat 2 brings a player
# next to himself (Bard)
MOVERS = ["Steward", "Physician", "Bard"] + [c for c in CAST if c not in ("Bard", "Physician")][:9]


def widened(seed=1, bots="greedy", places=None):
    t = Table(12, ("scenario1", "basic"), seed=seed, bots=bots)
    t.rules[L.R_NPL] = 14
    t.seat(places or list(range(12)), MOVERS)
    t.set(L.F_PLACE_KIND, ITEM, L.PK_HOUND)
    for p in range(12):
        t.set(L.F_STAND, p, 1)
        t.set(L.F_PROT, p, 0)
    return t


def test_an_item_place_is_no_place_for_a_player():
    t = widened()
    assert not player_place(t.st, ITEM) and player_place(t.st, CHAIR) and player_place(t.st, 0)


def test_players_on_either_side_of_an_item_are_not_adjacent():
    t = widened(places=list(range(11)) + [CHAIR])       # seat 10 at 10, seat 11 at 13
    t.set(L.F_PLACE, 10, 11)                             # seat 10 at 11: the item between them
    assert not adjacent(t.st, 10, 11, 14)
    assert adjacent(t.st, 11, 0, 14)                     # 13 and 0 close the circle


def test_no_move_ends_on_an_item_place():
    t = widened(places=[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, CHAIR])
    to = {m[L.MV_X] for m in t.slot_moves(0, L.BASIC)}
    assert ITEM not in to and {10, 11, CHAIR} <= to     # a move_to lists every other place
    joins = {m[L.MV_X] for m in t.slot_moves(7, L.ACTION1)}  # the Princess's move_to share=yes
    assert ITEM not in joins and CHAIR in joins
    # move_next_to the player at 13 or at 11: the side toward the item is not offered
    sides = {(m[L.MV_X], m[L.MV_Z]) for m in t.slot_moves(1, L.BASIC)}
    assert (11, 1) in sides and (11, -1) not in sides and (10, -1) in sides
    t.set(L.F_PLACE, 2, ITEM - 1)                        # the Bard at 11, the item beside him
    t.set(L.F_PLACE, 10, 2)
    assert all(m[L.MV_Z] != 1 for m in t.slot_moves(2, L.BASIC))


@pytest.mark.parametrize("seed", range(12))
def test_a_displaced_player_never_goes_to_an_item_place(seed):
    """The Steward moves onto seat 5's place: seat 5 (a random bot) takes a free place, the
    Steward's or the empty chair, never the item's."""
    t = widened(seed=seed, bots="random")
    t.act(0, L.BASIC, 5)
    assert t.get(L.F_PLACE, 0) == 5 and t.get(L.F_PLACE, 5) in (0, CHAIR)
    pl = t.pl
    for p in range(12):
        pl[p] = p
    sim_apply(t.st, t.tables, 0, L.BASIC, 5, -1, 0, pl)
    assert pl[5] in (0, CHAIR)


def test_the_scepter_skips_an_item_place():
    """From the player before the item, clockwise, the scepter reaches the player after it
    (one pass: the item's place is not a stop)."""
    t = widened(places=list(range(11)) + [CHAIR])
    t.set(L.F_PLACE, 10, 11)
    t.set(L.F_DIR, 0, 1)
    t.set(L.F_PASSES, 0, 0)
    assert t.scepter(10) == 11 and t.get(L.F_PASSES) == 1
