"""An attack worked through case by case on one hand-built table: what the target may turn
up, what it must, and when it dies."""
from kernels.doppelganger import layout as L

from .helpers import A, T, attack_table, bits, mask


def test_room_only_match_reveals_the_room_or_a_who_card():
    t = attack_table()
    t.place(A, t.room("Hall"))
    t.place(T, t.room("Hall"))
    assert t.options(T, t.room("Hall"), t.weapon("Wrench")) == L.REV_WHERE | L.REV_WHO
    t.attack(A, T, t.weapon("Wrench"), L.REV_WHERE)
    assert t.get(L.F_WHERE_UP, T) == mask(t.room("Hall"))


def test_weapon_only_match_reveals_the_weapon_or_a_who_card():
    t = attack_table()
    t.place(A, t.room("Lounge"))
    assert t.options(T, t.room("Lounge"), t.weapon("Rope")) == L.REV_WHAT | L.REV_WHO
    t.attack(A, T, t.weapon("Rope"), L.REV_WHAT)
    assert t.get(L.F_WHAT_UP, T) == mask(t.weapon("Rope"))


def test_both_match_the_target_chooses_which():
    t = attack_table()
    assert t.options(T, t.room("Kitchen"), t.weapon("Rope")) == L.REV_WHERE | L.REV_WHAT | L.REV_WHO


def test_a_who_card_chosen_instead_shifts_the_shape():
    t = attack_table()
    t.attack(A, T, t.weapon("Rope"), L.REV_WHO)
    assert t.get(L.F_WHO_UP, T) == mask(0)
    assert t.get(L.F_FORM, T) == 0
    assert t.get(L.F_WHERE_UP, T) == 0 and t.get(L.F_WHAT_UP, T) == 0


def test_no_match_reveals_nothing_and_everyone_learns_it():
    t = attack_table()
    t.place(A, t.room("Lounge"))
    assert t.options(T, t.room("Lounge"), t.weapon("Wrench")) == 0
    t.attack(A, T, t.weapon("Wrench"))
    assert t.get(L.F_NOT_WHERE, T) == mask(t.room("Lounge"))
    assert t.get(L.F_NOT_WHAT, T) == mask(t.weapon("Wrench"))
    assert t.get(L.F_WHO_UP, T) == 0


def test_both_already_face_up_forces_a_who_card():
    t = attack_table()
    t.set(L.F_WHERE_UP, T, mask(t.room("Kitchen")))
    t.set(L.F_WHAT_UP, T, mask(t.weapon("Rope")))
    assert t.options(T, t.room("Kitchen"), t.weapon("Rope")) == L.REV_WHO
    t.attack(A, T, t.weapon("Rope"))
    assert len(bits(t.get(L.F_WHO_UP, T))) == 1


def test_true_form_with_both_face_up_is_killed_and_the_attacker_wins():
    t = attack_table()
    t.set(L.F_WHO_UP, T, mask(0, 1, 2))
    t.set(L.F_WHERE_UP, T, mask(t.room("Kitchen")))
    t.set(L.F_WHAT_UP, T, mask(t.weapon("Rope")))
    assert t.options(T, t.room("Kitchen"), t.weapon("Rope")) == L.REV_KILL
    assert t.attack(A, T, t.weapon("Rope")) == 1
    assert t.get(L.F_WINNER) == A


def test_true_form_with_a_card_still_face_down_reveals_it_instead_of_dying():
    t = attack_table()
    t.set(L.F_WHO_UP, T, mask(0, 1, 2))
    t.set(L.F_WHERE_UP, T, mask(t.room("Kitchen")))
    # weapon matches but is face down: no who card is left, so the weapon must be turned up
    assert t.options(T, t.room("Kitchen"), t.weapon("Rope")) == L.REV_WHAT
    assert t.attack(A, T, t.weapon("Rope")) == 0
    assert t.get(L.F_WINNER) == -1
    assert t.get(L.F_WHAT_UP, T) == mask(t.weapon("Rope"))
    # the next such attack kills
    assert t.attack(A, T, t.weapon("Rope")) == 1


def test_a_single_match_already_face_up_reveals_nothing():
    t = attack_table()
    t.set(L.F_WHERE_UP, T, mask(t.room("Kitchen")))
    assert t.options(T, t.room("Kitchen"), t.weapon("Wrench")) == 0


def test_reading_face_up_match_forces_who_both_ways():
    """rules.face_up_match_forces_who: 0 (shipped) the room matches but is face up and the
    weapon does not match: nothing is revealed; 1: a who card must be turned up."""
    for setting, want in ((0, 0), (1, L.REV_WHO)):
        t = attack_table((f"rules.face_up_match_forces_who={setting}",))
        t.set(L.F_WHERE_UP, T, mask(t.room("Kitchen")))
        assert t.options(T, t.room("Kitchen"), t.weapon("Wrench")) == want
        assert t.options(T, t.room("Kitchen"), t.weapon("Knife")) == L.REV_WHAT | L.REV_WHO


def test_reading_who_without_match_both_ways():
    """rules.who_without_match: 0 (shipped) nothing matches: nothing may be revealed; 1: the
    target may turn up a who card or nothing. Greedy and hunter answer nothing, which tells
    everyone the room and weapon do not match; a who card tells nothing of them."""
    from kernels.doppelganger.bots import choose_reveal
    ball, wrench = None, None
    for setting, want in ((0, 0), (1, L.REV_WHO | L.REV_NONE)):
        t = attack_table((f"rules.who_without_match={setting}",))
        ball, wrench = t.room("Ballroom"), t.weapon("Wrench")
        t.place(A, ball)
        t.place(T, ball)
        opts = t.options(T, ball, wrench)
        assert opts == want
    for bot in (L.BOT_GREEDY, L.BOT_HUNTER):
        assert choose_reveal(t.s, 4, T, A, ball, wrench, opts, bot, t.rules, t.w, t.rng[0]) == L.REV_NONE
    t.attack(A, T, wrench, L.REV_WHO)
    assert len(bits(t.get(L.F_WHO_UP, T))) == 1 and t.get(L.F_NOT_WHERE, T) == 0
    t.attack(A, T, wrench, L.REV_NONE)
    assert len(bits(t.get(L.F_WHO_UP, T))) == 1
    assert (t.get(L.F_NOT_WHERE, T) >> ball) & 1 and (t.get(L.F_NOT_WHAT, T) >> wrench) & 1
