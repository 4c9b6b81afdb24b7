"""Every rule of the rulebook pinned on a hand-built position."""
import numpy as np
import pytest

from kernels import doppelganger as K

from .helpers import Table, bits, mask

A, T, O = 0, 1, 2   # attacker, target, onlooker


@pytest.mark.parametrize("n,hand", [(3, 4), (4, 3), (6, 2)])
def test_deal_sizes_weapons_and_pawns(n, hand):
    t = Table(n, seed=5)
    for field in (K.F_WHO, K.F_WHERE, K.F_WHAT):
        union = 0
        for p in range(n):
            m = t.get(field, p)
            assert len(bits(m)) == hand
            assert union & m == 0
            union |= m
        assert union == (1 << 12) - 1
    rooms = [t.get(K.F_ROOM_W, r) for r in range(12)]
    assert all(len(bits(m)) == 1 for m in rooms)
    assert sorted(bits(m)[0] for m in rooms) == list(range(12))
    assert all(t.get(K.F_POS, p) == t.c.board.n_rooms for p in range(n))
    assert all(t.get(K.F_WHO_UP, p) == 0 and t.get(K.F_HELD, p) == 0 for p in range(n))


def attack_table():
    """Target T holds Kitchen/Hall/Study, Rope/Knife/Axe; everybody in the Kitchen; A has the Rope
    and the Wrench."""
    t = Table(4)
    t.clear_weapons()
    k, hall, study = t.room("Kitchen"), t.room("Hall"), t.room("Study")
    t.deal(T, who=(0, 1, 2), where=(k, hall, study), what=(t.weapon("Rope"), t.weapon("Knife"), t.weapon("Axe")))
    for p in range(4):
        t.place(p, k)
    t.set(K.F_HELD, A, mask(t.weapon("Rope"), t.weapon("Wrench")))
    return t


def test_room_only_match_reveals_the_room_or_a_who_card():
    t = attack_table()
    t.place(A, t.room("Hall"))
    t.place(T, t.room("Hall"))
    assert t.options(T, t.room("Hall"), t.weapon("Wrench")) == K.REV_WHERE | K.REV_WHO
    t.attack(A, T, t.weapon("Wrench"), K.REV_WHERE)
    assert t.get(K.F_WHERE_UP, T) == mask(t.room("Hall"))


def test_weapon_only_match_reveals_the_weapon_or_a_who_card():
    t = attack_table()
    t.place(A, t.room("Lounge"))
    assert t.options(T, t.room("Lounge"), t.weapon("Rope")) == K.REV_WHAT | K.REV_WHO
    t.attack(A, T, t.weapon("Rope"), K.REV_WHAT)
    assert t.get(K.F_WHAT_UP, T) == mask(t.weapon("Rope"))


def test_both_match_the_target_chooses_which():
    t = attack_table()
    assert t.options(T, t.room("Kitchen"), t.weapon("Rope")) == K.REV_WHERE | K.REV_WHAT | K.REV_WHO


def test_a_who_card_chosen_instead_shifts_the_shape():
    t = attack_table()
    t.attack(A, T, t.weapon("Rope"), K.REV_WHO)
    assert t.get(K.F_WHO_UP, T) == mask(0)
    assert t.get(K.F_FORM, T) == 0
    assert t.get(K.F_WHERE_UP, T) == 0 and t.get(K.F_WHAT_UP, T) == 0


def test_no_match_reveals_nothing_and_everyone_learns_it():
    t = attack_table()
    t.place(A, t.room("Lounge"))
    assert t.options(T, t.room("Lounge"), t.weapon("Wrench")) == 0
    t.attack(A, T, t.weapon("Wrench"))
    assert t.get(K.F_NOT_WHERE, T) == mask(t.room("Lounge"))
    assert t.get(K.F_NOT_WHAT, T) == mask(t.weapon("Wrench"))
    assert t.get(K.F_WHO_UP, T) == 0


def test_both_already_face_up_forces_a_who_card():
    t = attack_table()
    t.set(K.F_WHERE_UP, T, mask(t.room("Kitchen")))
    t.set(K.F_WHAT_UP, T, mask(t.weapon("Rope")))
    assert t.options(T, t.room("Kitchen"), t.weapon("Rope")) == K.REV_WHO
    t.attack(A, T, t.weapon("Rope"))
    assert len(bits(t.get(K.F_WHO_UP, T))) == 1


def test_true_form_with_both_face_up_is_killed_and_the_attacker_wins():
    t = attack_table()
    t.set(K.F_WHO_UP, T, mask(0, 1, 2))
    t.set(K.F_WHERE_UP, T, mask(t.room("Kitchen")))
    t.set(K.F_WHAT_UP, T, mask(t.weapon("Rope")))
    assert t.options(T, t.room("Kitchen"), t.weapon("Rope")) == K.REV_KILL
    assert t.attack(A, T, t.weapon("Rope")) == 1
    assert t.get(K.F_WINNER) == A


def test_true_form_with_a_card_still_face_down_reveals_it_instead_of_dying():
    t = attack_table()
    t.set(K.F_WHO_UP, T, mask(0, 1, 2))
    t.set(K.F_WHERE_UP, T, mask(t.room("Kitchen")))
    # weapon matches but is face down: no who card is left, so the weapon must be turned up
    assert t.options(T, t.room("Kitchen"), t.weapon("Rope")) == K.REV_WHAT
    assert t.attack(A, T, t.weapon("Rope")) == 0
    assert t.get(K.F_WINNER) == -1
    assert t.get(K.F_WHAT_UP, T) == mask(t.weapon("Rope"))
    # the next such attack kills
    assert t.attack(A, T, t.weapon("Rope")) == 1


def test_a_single_match_already_face_up_reveals_nothing():
    t = attack_table()
    t.set(K.F_WHERE_UP, T, mask(t.room("Kitchen")))
    assert t.options(T, t.room("Kitchen"), t.weapon("Wrench")) == 0


def test_attacks_only_in_rim_rooms_and_only_with_a_weapon():
    t = attack_table()
    wheel = t.c.board.n_rooms
    t.place(A, wheel)
    t.place(T, wheel)
    assert t.actions(A) == [(K.ACT_NONE, -1, -1, -1)]
    corridor = t.c.board.n_rooms + 1
    t.place(A, corridor)
    t.place(T, corridor)
    assert t.actions(A) == [(K.ACT_NONE, -1, -1, -1)]
    t.place(A, t.room("Kitchen"))
    t.place(T, t.room("Kitchen"))
    t.set(K.F_HELD, A, 0)
    assert not [a for a in t.actions(A) if a[0] == K.ACT_ATTACK]
    t.set(K.F_HELD, A, mask(t.weapon("Rope")))
    attacks = [a for a in t.actions(A) if a[0] == K.ACT_ATTACK]
    assert (K.ACT_ATTACK, T, -1, t.weapon("Rope")) in attacks


def test_pick_up_steal_and_the_two_weapon_limit_with_swap():
    t = attack_table()
    k = t.room("Kitchen")
    t.set(K.F_ROOM_W, k, mask(t.weapon("Poison")))
    t.set(K.F_HELD, O, mask(t.weapon("Bomb")))
    acts = t.actions(A)   # A holds Rope and Wrench: full, so every take needs a drop
    takes = [a for a in acts if a[0] in (K.ACT_PICKUP, K.ACT_STEAL)]
    assert takes and all(a[2] in (t.weapon("Rope"), t.weapon("Wrench")) for a in takes)
    K.pick_up(t.s, A, t.weapon("Poison"), t.weapon("Wrench"), t.log, t.li, False)
    assert t.get(K.F_HELD, A) == mask(t.weapon("Rope"), t.weapon("Poison"))
    assert t.get(K.F_ROOM_W, k) == mask(t.weapon("Wrench"))
    K.steal(t.s, A, O, t.weapon("Bomb"), t.weapon("Rope"), t.log, t.li, False)
    assert t.get(K.F_HELD, A) == mask(t.weapon("Poison"), t.weapon("Bomb"))
    assert t.get(K.F_HELD, O) == 0
    assert t.get(K.F_ROOM_W, k) == mask(t.weapon("Wrench"), t.weapon("Rope"))
    # with one hand free no drop is offered
    t.set(K.F_HELD, A, mask(t.weapon("Poison")))
    assert all(a[2] == -1 for a in t.actions(A) if a[0] == K.ACT_PICKUP)


def test_teleport_moves_to_any_room_and_may_bring_another_player():
    t = attack_table()
    lib = t.room("Library")
    K.apply_move(t.s, A, lib, 1, O, 7, t.log, t.li, False, t.met)
    assert t.get(K.F_POS, A) == lib and t.get(K.F_POS, O) == lib
    assert t.get(K.F_POS, T) == t.room("Kitchen")


def test_two_actions_a_turn_when_the_content_says_so():
    """actions_per_turn = 2: a random bot may act before and after moving."""
    one = Table(4, seed=3)
    two = Table(4, seed=3, sets=("rules.actions_per_turn=2",))
    bots = np.zeros(4, np.int64)  # random
    counts = []
    for t in (one, two):
        acted = 0
        for turn in range(400):
            before = t.met[:, K.M_PICKUPS].sum() + t.met[:, K.M_STEALS].sum() + t.met[:, K.M_ATTACKS].sum()
            if t.turn(turn % 4, 7, bots):
                break
            after = t.met[:, K.M_PICKUPS].sum() + t.met[:, K.M_STEALS].sum() + t.met[:, K.M_ATTACKS].sum()
            acted = max(acted, after - before)
        counts.append(acted)
    assert counts[0] == 1 and counts[1] == 2


def test_invariants_weapons_conserved_cards_never_change_owner():
    for n in (3, 4, 6):
        t = Table(n, seed=11)
        hands = [t.s[f:f + n].copy() for f in (K.F_WHO, K.F_WHERE, K.F_WHAT)]
        bots = np.array([0, 1, 2, 0, 1, 2][:n], np.int64)
        for turn in range(300):
            total = 2 + turn % 11
            killed = t.turn(turn % n, total, bots)
            held = [t.get(K.F_HELD, p) for p in range(n)]
            lying = [t.get(K.F_ROOM_W, r) for r in range(12)]
            allm = held + lying
            assert sum(len(bits(m)) for m in allm) == 12
            acc = 0
            for m in allm:
                assert acc & m == 0
                acc |= m
            assert all(len(bits(m)) <= 2 for m in held)
            for f, h in zip((K.F_WHO, K.F_WHERE, K.F_WHAT), hands):
                assert np.array_equal(t.s[f:f + n], h)
                for p in range(n):
                    up = t.get(f + K.MAXP, p)
                    assert up & ~t.get(f, p) == 0
            if killed:
                break
