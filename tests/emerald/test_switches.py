"""The other side of each reading switch in content [rules] (the defaults are pinned in
test_rules.py, test_cards.py and test_examples.py)."""
from kernels.emerald import layout as L
from kernels.emerald.values import p_restorationist
from kernels.emerald.state import agents_on_board, discard_from_hand

from .helpers import MON, S, THU, TUE, Play, empty_table, redeal, vp_pile


def table(*sets) -> Play:
    return empty_table(6, sets=tuple(sets))


def test_e2_a_restorationist_keeps_agent_box_vp_when_switched():
    for keep, lost in ((0, 4), (1, 0)):
        t = table(f"rules.res_keeps_box_vp={keep}")
        for p in range(4):
            t.set(L.F_IDENT, p, L.RESTORATIONIST if p == MON else L.LOYALIST)
        t.set(L.F_VPBOX, MON, 4)
        t.set(L.F_VPN, MON, 10)
        t.final()
        assert t.met[MON, L.M_VP_LOST] == lost


def test_e3_the_victims_dealt_side_when_switched():
    for final, lost in ((1, 0), (0, 3)):
        t = table(f"rules.box_final_side={final}")
        for p in range(4):
            t.set(L.F_IDENT, p, L.LOYALIST)
        t.set(L.F_COH, THU, 1)                       # Thursday ends a Restorationist
        hired = t.card("Hired Assassin", 0)
        t._detach(hired)
        t.st[L.F_ZONE + hired], t.st[L.F_ZOWN + hired], t.st[L.F_VICTIM + hired] = L.Z_IDENT, MON, THU
        t.set(L.F_VPBOX, MON, 3)
        t.final()
        assert t.met[MON, L.M_VP_LOST] == lost


def test_e6_the_vp_target_ends_the_game_at_the_end_of_the_turn_when_switched():
    t = table("rules.target_end_timing=2")
    t.set(L.F_VPN, MON, 25)
    c = t.city_of("London")
    t.put(MON, c, cubes=1)
    t.give(MON, S(t, MON, 4))
    t.act(MON, t.find(MON, L.ACT_CLAIM, b=1 << c)[0])
    assert t.get(L.F_END) == L.END_NONE


def test_e8_mi_go_takes_exactly_two_when_switched():
    t = table("rules.mi_go_one_or_two=0")
    t.put(MON, 0, agents=3)
    mg = t.card("Mi-Go")
    t.give(MON, mg)
    assert t.text(MON, mg, a=1) is None and t.text(MON, mg, a=2) is not None


def test_e9_cthulhu_takes_the_slot_too_when_switched():
    t = table("rules.cthulhu_takes_slot=1")
    c = t.city_of("Rome")
    royal = t.card("Rhogog")
    t.slot(c, royal)
    cth = t.card("Cthulhu")
    t.give(MON, cth)
    t.play(MON, cth, a=c)
    assert t.get(L.F_SLOT, c) == -1 and t.zone(royal)[0] == L.Z_REMOVED


def test_e10_the_stack_stays_face_down_after_the_third_section_when_switched():
    t = table("rules.turn_up_after_removal=0")
    c = t.city_of("Berlin")
    ts = t.card("The Third Section")
    t.give(MON, ts)
    t.play(MON, ts, a=c)
    assert t.get(L.F_UP, c) == 0 and not t.find(MON, L.ACT_CLAIM)


def test_e13_vampires_interrupt_goes_to_the_discard_when_switched():
    t = table("rules.vampires_interrupt_one_use=0")
    c = t.city_of("Paris")
    t.put(MON, c, agents=4, cubes=1)
    t.put(THU, c, agents=1)
    vp = t.card("Vampires")
    t.give(THU, vp)
    t.give(MON, t.card("Hired Assassin", 0))
    t.act(MON, t.find(MON, L.ACT_ASSASSINATE, a=c, b=THU)[0])
    assert t.agents(THU, c) == 1 and t.zone(vp) == (L.Z_DISCARD, THU)


def test_e14_sherlock_does_not_stop_irene_adler_when_switched():
    t = table("rules.sherlock_stops_replace=0")
    t.put(THU, 2, agents=1)
    t.put(THU, 3, agents=1)
    t.give(THU, t.card("Sherlock Holmes"))
    ia = t.card("Irene Adler")
    t.give(MON, ia)
    t.play(MON, ia, a=2, b=THU)
    assert t.agents(THU, 2) == 0 and t.agents(MON, 2) == 1


def test_e15_cubes_cleaned_up_once_at_the_end_when_switched():
    t = table("rules.cleanup_each_assassination=0")
    c = t.city_of("Rome")
    t.put(MON, c, agents=3, cubes=2)
    t.put(THU, c, agents=1)
    t.put(THU, 0, agents=1)
    t.give(MON, t.card("Hired Assassin", 0))
    t.act(MON, t.find(MON, L.ACT_ASSASSINATE, a=c, b=THU)[0])
    assert t.cubes(MON, c) == 0 and t.get(L.F_LIMBO, MON) == 7


def test_e16_hide_royalty_first_action_with_a_cube_when_switched():
    t = table("rules.hide_royalty_free_timing=0")
    c = t.city_of("Madrid")
    t.slot(c, t.card("Baoht Z'uqqa-Mogg"))
    t.put(MON, c, agents=2)
    hr = t.card("Hide Royalty")
    t.give(MON, hr)
    assert t.text(MON, hr, a=c) is None                 # no cube
    t.put(MON, c, cubes=1)
    assert t.text(MON, hr, a=c) is not None and t.text(MON, hr, a=c, first=False) is None


def test_e20_matvei_is_an_action_when_switched():
    t = table("rules.matvei_free=0")
    mg = t.card("Matvei Golovinski")
    t.give(MON, mg)
    row = t.play(MON, mg)
    assert row[L.MV_ACT] == L.ACT_CARD and t.get(L.F_TRACK_L) == 2     # an action, the same effect


def discards_after_redeals(t, me, o):
    """The set of cards in seat o's discard pile after each of a few re-deals for seat me."""
    base = t.st.copy()
    seen = set()
    for seed in range(6):
        t.st[:] = base
        redeal(t, t.st, me, seed)
        seen.add(frozenset(c for c in range(int(t.rules[L.R_CARDS]))
                           if t.zone(c) == (L.Z_DISCARD, o)))
    t.st[:] = base
    return seen


def test_e18_hidden_discard_piles_are_redealt_with_hand_and_deck_when_switched():
    for public in (1, 0):
        t = Play(4, seed=3, sets=(f"rules.discards_public={public}",))
        for card in t.hand(THU)[:2]:
            discard_from_hand(t.st, THU, card)
        piles = discards_after_redeals(t, MON, THU)
        assert all(len(p) == 2 for p in piles)
        assert (len(piles) == 1) == bool(public)       # seen piles stay; hidden ones are re-dealt


def test_e19_a_hidden_change_of_heart_does_not_move_the_belief_when_switched():
    beliefs = []
    for public in (1, 0):
        t = Play(4, seed=3, sets=(f"rules.change_of_heart_public={public}",))
        t.set(L.F_PUSH_R, THU, 4)                              # Thursday pushed the Restorationists
        before = p_restorationist(t.st, 4, MON, THU, t.tables, t.w)
        t.set(L.F_COH, THU, 1)
        beliefs.append((before, p_restorationist(t.st, 4, MON, THU, t.tables, t.w)))
    (b1, a1), (b0, a0) = beliefs
    assert b1 > 0.5 > a1 and a0 == b0


def test_e21_black_hand_counts_hidden_royalty_when_switched():
    t = table("rules.black_hand_counts_hidden=1")
    r = t.card("Rhogog")
    t._detach(r)
    t.st[L.F_ZONE + r], t.st[L.F_ZOWN + r] = L.Z_ROYAL_HIDDEN, MON
    bh = t.card("The Black Hand")
    t.give(MON, bh)
    t.play(MON, bh)
    assert t.get(L.F_VPR, MON) == 2


def test_e22_used_vampires_keep_their_vp_when_switched():
    t = table("rules.leopold_takes_used_vp=0")
    vp = t.card("Vampires")
    t._detach(vp)
    t.st[L.F_ZONE + vp], t.st[L.F_ZOWN + vp] = L.Z_IDENT, THU
    t.set(vp_pile(t, vp), THU, 2)
    zb = t.card("Zombies")
    t._detach(zb)
    t.st[L.F_ZONE + zb], t.st[L.F_ZOWN + zb] = L.Z_REMOVED, TUE
    t.set(vp_pile(t, zb), TUE, 2)
    le = t.card("Society of Leopold")
    t.give(MON, le)
    t.play(MON, le)
    assert t.get(vp_pile(t, vp), THU) == 0 and t.get(vp_pile(t, zb), TUE) == 2


def test_e24_no_agents_placed_when_the_stock_is_short_when_switched():
    from kernels.emerald.rules import lost_agents_check
    t = table("rules.place_as_many_as_possible=0")
    t.set(L.F_IDENT, MON, L.LOYALIST)
    t.set(L.F_ASTOCK, MON, 2)
    lost_agents_check(t.st, 4, MON, True, t.tables, t.log, t.io, False, t.met)
    t.drive()
    assert agents_on_board(t.st, MON) == 0


def test_repeat_actions_off_drops_the_action_already_taken():
    import numpy as np
    from kernels.emerald.turn import drop_kind
    mv = np.array([[L.ACT_PLACE, 1, 0, 0, 0, 0], [L.ACT_MOVE, 1, 0, 0, 0, 0], [L.ACT_PLACE, 2, 0, 0, 0, 0],
                   [L.ACT_PASS, 0, 0, 0, 0, 0]], np.int32)
    assert drop_kind(mv, 4, L.ACT_PLACE) == 2
    assert list(mv[:2, 0]) == [L.ACT_MOVE, L.ACT_PASS]


def test_repeat_actions_off_plays_whole_games():
    from sim.game import Batch
    from sim.games.emerald import GAME
    import numpy as np
    content = GAME.content(sets=("rules.repeat_actions=0",))
    c = GAME.compile(content, 4)
    out = Batch.alloc(50, 4, len(GAME.metrics))
    GAME.play(c, GAME.bot_codes(["greedy"], 4), GAME.weights(content), 1, np.arange(50, dtype=np.uint64),
              np.zeros(50, np.int64), out)
    assert (out.end_reason != L.END_TURN_CAP).all()
