"""The set-up for 2-5 players: city stacks, pieces, decks and hands, identities, start player."""
import numpy as np
import pytest

from kernels.emerald import layout as L

from .helpers import Table


@pytest.mark.parametrize("n,per", [(2, 3), (3, 3), (4, 4), (5, 5)])
def test_city_stacks_hold_the_player_count_cards_plus_city_and_royalty(n, per):
    t = Table(n, seed=3)
    g = int(t.rules[L.R_GAME_CARDS])
    dealt = 0
    for c in range(L.NCITY):
        s = t.stack(c)
        slot = t.get(L.F_SLOT, c)
        held = s + ([slot] if slot >= 0 else [])
        assert len(held) == per + 2
        assert int(t.city[c, L.Y_CITY_CARD]) in held and int(t.city[c, L.Y_ROYALTY]) in held
        dealt += sum(1 for x in held if x < g)
        assert t.get(L.F_UP, c) == 1
        top = s[-1]
        # the face-up top card is never a Royalty card while the slot is free
        assert t.cards[top, L.K_KIND] != L.KIND_ROYALTY
        if slot >= 0:
            assert t.cards[slot, L.K_KIND] == L.KIND_ROYALTY and t.cards[slot, L.K_CITY] == c
    assert dealt == per * L.NCITY
    outside = [i for i in range(g) if t.zone(i)[0] == L.Z_OUT]
    assert len(outside) == g - per * L.NCITY


def test_a_royalty_card_turned_up_slides_to_its_slot_and_the_next_card_turns_up():
    from kernels.emerald.state import turn_up
    t = Table(4, seed=1)
    c = t.city_of("Rome")
    royal = int(t.city[c, L.Y_ROYALTY])
    t.st[L.F_SLOT + c] = -1
    t.set_top(c, royal)
    below = t.stack(c)[-2]
    assert turn_up(t.st, c, t.cards) == below
    assert t.get(L.F_SLOT, c) == royal and t.zone(royal) == (L.Z_SLOT, c)
    assert t.stack(c)[-1] == below


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_pieces_decks_hands_sanity(n):
    t = Table(n, seed=7)
    for p in range(n):
        assert t.get(L.F_LIMBO, p) == 5 and t.get(L.F_CSTOCK, p) == 5
        assert t.get(L.F_ASTOCK, p) == 10 and sum(t.agents(p, c) for c in range(L.NCITY)) == 0
        assert t.get(L.F_SANITY, p) == 3
        hand, deck = t.hand(p), t.deck(p)
        assert len(hand) == 5 and len(deck) == 5
        own = set(hand) | set(deck)
        assert len(own) == 10
        assert all(t.cards[x, L.K_KIND] == L.KIND_START and t.cards[x, L.K_COLOUR] == p for x in own)
    assert t.get(L.F_TRACK_R) == 0 and t.get(L.F_TRACK_L) == 0


def test_identities_are_dealt_from_six_with_the_content_split():
    seen = np.zeros(2, int)
    for seed in range(200):
        t = Table(2, seed=seed)
        pool = [t.get(L.F_IDPOOL, i) for i in range(L.NIDENT)]
        assert sorted(pool) == [0, 0, 0, 1, 1, 1]
        assert [t.get(L.F_IDENT, p) for p in range(2)] == pool[:2]
        seen[sum(pool[:2]) == 1] += 1
    # two players: both on one side happens (6/15 of deals with a 3/3 split)
    assert seen[0] > 40 and seen[1] > 80


def test_the_start_player_is_drawn_by_chance():
    firsts = {Table(4, seed=s).get(L.F_FIRST) for s in range(40)}
    assert firsts == {0, 1, 2, 3}
