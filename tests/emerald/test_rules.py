"""Rules pinned on hand-built positions beyond the worked examples (test_examples.py) and the
card texts (test_cards.py)."""
import numpy as np

from kernels.emerald import layout as L
from kernels.emerald.moves import pay_ok
from kernels.emerald.state import agents_on_board, total_vp

from .helpers import MON, S, THU, TUE, WED, Play, empty_table


def table(**k) -> Play:
    return empty_table(9, **k)


def test_exact_payment_rule():
    assert pay_ok(3, 1, 3) and not pay_ok(4, 1, 3) and pay_ok(4, 2, 3)
    assert pay_ok(2, 2, 1) and not pay_ok(2, 1, 1) and not pay_ok(1, 1, 2) and not pay_ok(1, 1, 0)


def test_bombs_no_card_when_the_agents_alone_reach_the_cost():
    t = table()
    c = t.city_of("Rome")                        # agent cost 3
    t.put(MON, c, agents=3)
    t.put(THU, c, agents=1)
    t.give(MON, t.card("Hired Assassin", 0), S(t, MON, 2))
    rows = t.find(MON, L.ACT_ASSASSINATE, a=c, b=THU)
    assert len(rows) == 1 and t.pays(MON, rows[0]) == set()


def test_assassination_needs_an_own_agent_even_with_the_most_pieces():
    t = table()
    c = t.city_of("Rome")
    t.put(MON, c, cubes=5)
    t.put(THU, c, agents=1)
    t.give(MON, t.card("Hired Assassin", 0), S(t, MON, 2), S(t, MON, 3), S(t, MON, 6))
    assert not t.find(MON, L.ACT_ASSASSINATE, a=c)


def test_a_royalty_still_in_the_stack_cannot_be_targeted():
    t = table()
    c = t.city_of("Rome")
    royal = int(t.city[c, L.Y_ROYALTY])
    if t.get(L.F_SLOT, c) >= 0:
        t.st[L.F_SLOT + c] = -1
        t.set_top(c, royal)
        t.set_top(c, S(t, TUE, 1))
    t.put(MON, c, agents=5)
    t.give(MON, t.card("Hired Assassin", 0))
    assert not t.find(MON, L.ACT_ASSASSINATE, a=c, b=-1)


def test_one_agent_counts_for_several_assassinations_in_one_action():
    t = table()
    c = t.city_of("Rome")                        # agent cost 3, Rhogog 4
    t.slot(c, t.card("Rhogog"))
    t.put(MON, c, agents=3)
    t.put(THU, c, agents=1)
    t.put(THU, 0, agents=1)                      # not her last agent: no reveal in between
    t.set(L.F_IDENT, MON, L.RESTORATIONIST)
    t.give(MON, t.card("Hired Assassin", 0), t.card("Hired Assassin", 1), S(t, MON, 2))
    t.act(MON, t.find(MON, L.ACT_ASSASSINATE, a=c, b=THU)[0])
    t.decide(L.DEC_MORE, MON)                   # another assassination in the same action, or none
    # greedy went on with the other card: the same three agents gave their points again (3 + 1 card = 4)
    assert t.agents(THU, c) == 0 and t.met[MON, L.M_AGENTS_KILLED] == 1
    assert t.met[MON, L.M_ROYALTY] == 1 and t.get(L.F_SLOT, c) == -1


def test_the_last_sanity_token_reveals_a_restorationist_and_ends_the_game():
    from kernels.emerald.rules import sanity_check
    t = table(sets=("sanity_die.insanity_faces=6",))
    t.set(L.F_IDENT, MON, L.RESTORATIONIST)
    t.set(L.F_SANITY, MON, 1)
    sanity_check(t.st, 4, MON, t.tables, t.rng, t.log, t.io, False, t.met)
    assert t.get(L.F_REVEALED, MON) == 1 and t.get(L.F_END) == L.END_REVEAL


def test_insanity_at_zero_tokens_does_nothing_more():
    from kernels.emerald.rules import sanity_check
    t = table(sets=("sanity_die.insanity_faces=6",))
    t.set(L.F_IDENT, MON, L.LOYALIST)
    t.set(L.F_SANITY, MON, 0)
    t.set(L.F_REVEALED, MON, 1)
    assert sanity_check(t.st, 4, MON, t.tables, t.rng, t.log, t.io, False, t.met) == 0
    assert t.get(L.F_SANITY, MON) == 0


def test_a_revealed_loyalist_refills_every_time_or_once_per_the_switch():
    from kernels.emerald.rules import lost_agents_check
    for every, expect in ((1, 3), (0, 0)):
        t = table(sets=(f"rules.refill_every_time={every}",))
        t.set(L.F_IDENT, MON, L.LOYALIST)
        t.set(L.F_REVEALED, MON, 1)
        lost_agents_check(t.st, 4, MON, True, t.tables, t.log, t.io, False, t.met)
        t.drive()                                # the refill: an agent placement each
        assert agents_on_board(t.st, MON) == expect


def test_losing_the_last_agent_other_than_by_assassination_reveals_per_the_switch():
    from kernels.emerald.rules import lost_agents_check
    for any_loss, revealed in ((1, 1), (0, 0)):
        t = table(sets=(f"rules.reveal_any_agent_loss={any_loss}",))
        lost_agents_check(t.st, 4, MON, False, t.tables, t.log, t.io, False, t.met)
        t.drive()
        assert t.get(L.F_REVEALED, MON) == revealed


def test_a_marker_reaching_ten_ends_the_game_after_the_whole_action():
    t = table()
    t.set(L.F_TRACK_R, 0, 9)
    cards = [t.card("Propagandists", 0), t.card("Jingoists", 0)]
    t.give(WED, *cards)
    rows = [r for r in t.moves(WED) if r[L.MV_ACT] == L.ACT_MARKERS and r[L.MV_PAY] and r[L.MV_PAY2]]
    t.act(WED, rows[0])
    # both markers moved (R capped at 10), then the game ended
    assert t.get(L.F_TRACK_R) == 10 and t.get(L.F_TRACK_L) == 2 and t.get(L.F_END) == L.END_TRACK


def test_reaching_the_vp_target_ends_the_game_at_the_end_of_the_action():
    t = table()
    t.set(L.F_VPN, MON, 21)
    c = t.city_of("London")
    t.put(MON, c, cubes=1)
    t.set_top(c, int(t.city[c, L.Y_CITY_CARD]))    # London: 3 VP
    t.give(MON, S(t, MON, 4))
    t.act(MON, t.find(MON, L.ACT_CLAIM, b=1 << c)[0])
    assert total_vp(t.st, MON, t.rules) == 24 and t.get(L.F_END) == L.END_TARGET


def test_free_actions_stop_at_the_cap():
    from kernels.emerald.moves import list_free
    t = table(sets=("rules.free_action_cap=1",))
    t.give(MON, t.card("Doctor Watson"), t.card("The Diogenes Club"))
    assert list_free(t.st, 4, MON, t.tables, t.mv, 0) == 2
    t.set(L.F_FREE, 0, 1)
    assert list_free(t.st, 4, MON, t.tables, t.mv, 0) == 0


def test_hand_refills_to_five_and_not_beyond():
    from kernels.emerald.state import refill_hand
    t = table()
    refill_hand(t.st, MON, t.rules, t.rng, t.tmp[L.MAXHAND:])
    assert len(t.hand(MON)) == 5
    for k in (1, 2):
        t.give(MON, t.card("Couriers", k))
    refill_hand(t.st, MON, t.rules, t.rng, t.tmp[L.MAXHAND:])
    assert len(t.hand(MON)) == 7


def test_zombies_are_not_pieces_unless_the_switch_says():
    from kernels.emerald.state import has_majority
    for counted, maj in ((0, True), (1, False)):
        t = table(sets=(f"rules.zombies_are_pieces={counted}",))
        t.put(MON, 2, cubes=1)
        t.st[L.F_ZOMB + THU * L.NCITY + 2] = 2
        assert has_majority(t.st, 4, MON, 2, t.rules) == maj


def test_two_players_may_share_a_side_and_then_both_take_the_penalty():
    t = Play(2, seed=1)
    for p in range(2):
        t.set(L.F_IDENT, p, L.LOYALIST)
        t.set(L.F_VPN, p, 5 + p)
    score, _ = t.final()
    assert list(score) == [0, 1]
    assert np.all(t.met[:, L.M_PENALTY] == 5)
