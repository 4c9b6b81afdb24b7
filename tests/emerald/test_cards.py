"""A test per printed card text (the rulebook's card descriptions), on hand-built positions.
Seats: Monday 0 plays, Thursday 3 is the usual opponent."""

from kernels.emerald import layout as L
from kernels.emerald.state import agents_on_board, total_vp

from .helpers import MON, S, THU, TUE, WED, Play, empty_table, vp_pile


def table(**k) -> Play:
    return empty_table(4, **k)


def insane(**k):
    return table(sets=("sanity_die.insanity_faces=6",), **k)


def test_black_hand_two_per_royalty_assassinated_and_two_more_later():
    t = insane()
    gl = t.card("Gloriana")
    t._detach(gl)
    t.st[L.F_ZONE + gl], t.st[L.F_ZOWN + gl] = L.Z_ROYAL_KILLED, MON
    hidden = t.card("Rhogog")
    t._detach(hidden)
    t.st[L.F_ZONE + hidden], t.st[L.F_ZOWN + hidden] = L.Z_ROYAL_HIDDEN, MON   # E21: not counted
    bh = t.card("The Black Hand")
    t.give(MON, bh)
    t.play(MON, bh)
    assert t.get(L.F_VPR, MON) == 2 and t.get(L.F_BLACK_HAND, MON) == 1
    assert t.zone(bh)[0] == L.Z_REMOVED
    c = t.city_of("Paris")
    t.slot(c, t.card("The Spinner in the Darkness"))
    t.put(MON, c, agents=5)
    t.give(MON, t.card("Hired Assassin", 0))
    t.act(MON, t.find(MON, L.ACT_ASSASSINATE, a=c, b=-1)[0])
    assert t.get(L.F_VPR, MON) == 2 + 4 + 2


def _deck(t, p, cards):
    for c in t.deck(p):
        t.st[L.F_ZONE + c] = L.Z_OUT
    t.st[L.F_NDECK + p] = 0
    for c in cards:
        t._detach(c)
    base = L.F_DECK + p * L.MAXOWN
    t.st[base:base + len(cards)] = cards
    t.st[L.F_NDECK + p] = len(cards)
    for c in cards:
        t.st[L.F_ZONE + c], t.st[L.F_ZOWN + c] = L.Z_DECK, p


def _only_discards(t, p, cards):
    for c in range(int(t.rules[L.R_CARDS])):
        if t.zone(c) == (L.Z_DISCARD, p):
            t.st[L.F_ZONE + c] = L.Z_OUT
    for c in cards:
        t._detach(c)
        t.st[L.F_ZONE + c], t.st[L.F_ZOWN + c] = L.Z_DISCARD, p


def test_freemasons_and_mrs_hudson_discard_then_draw_one_more_reshuffling_before_discarding_themselves():
    for name in ("Freemasons", "Mrs Hudson"):
        t = table()
        fm = t.card(name)
        a, b, keep = S(t, MON, 1), S(t, MON, 2), S(t, MON, 3)
        t.give(MON, fm, a, b, keep)
        _deck(t, MON, [S(t, MON, 4)])
        _only_discards(t, MON, [S(t, MON, 5), S(t, MON, 6)])
        t.play(MON, fm, pay=[a, b])
        # 2 discarded, 3 drawn: one from the deck, then the reshuffled discards (a, b, S5, S6)
        assert keep in t.hand(MON) and len(t.hand(MON)) == 1 + 3
        assert t.zone(fm) == (L.Z_DISCARD, MON)      # not shuffled into the new deck
        assert fm not in t.deck(MON)


def test_diogenes_club_and_doctor_watson_draw_two_reshuffling_before_discarding_themselves():
    for name in ("The Diogenes Club", "Doctor Watson"):
        t = table()
        d = t.card(name)
        t.give(MON, d)
        _deck(t, MON, [])
        _only_discards(t, MON, [S(t, MON, 5), S(t, MON, 6), S(t, MON, 7)])
        row = t.play(MON, d)
        assert row[L.MV_ACT] == L.ACT_FREE
        assert len(t.hand(MON)) == 2 and len(t.deck(MON)) == 1
        assert t.zone(d) == (L.Z_DISCARD, MON)


def test_change_of_heart_flips_the_side_and_ends_the_game_for_a_revealed_loyalist():
    t = table()
    t.set(L.F_IDENT, MON, L.LOYALIST)
    ch = t.card("Change of Heart")
    t.give(MON, ch)
    t.play(MON, ch)
    from kernels.emerald.state import side
    assert side(t.st, MON) == L.RESTORATIONIST and t.get(L.F_END) == L.END_NONE
    assert t.zone(ch) == (L.Z_IDENT, MON)
    t2 = table()
    t2.set(L.F_IDENT, MON, L.LOYALIST)
    t2.set(L.F_REVEALED, MON, 1)
    ch = t2.card("Change of Heart")
    t2.give(MON, ch)
    t2.play(MON, ch)
    assert t2.get(L.F_END) == L.END_REVEAL


def cthulhu_city(t):
    c = t.city_of("Vienna")
    t.put(MON, c, cubes=2, agents=1)
    t.put(THU, c, cubes=1, agents=2)
    t.put(THU, t.city_of("Rome"), agents=1)
    t.st[L.F_ZOMB + TUE * L.NCITY + c] = 2
    t.st[L.F_ZSUPPLY] -= 2
    return c


def test_cthulhu_empties_the_space_sends_agents_and_zombies_home_and_cubes_to_limbo():
    t = table()
    c = cthulhu_city(t)
    royal = int(t.city[c, L.Y_ROYALTY])
    t.slot(c, royal)
    cth = t.card("Cthulhu")
    t.give(MON, cth)
    before = t.stack(c)
    lm, lt = t.get(L.F_LIMBO, MON), t.get(L.F_LIMBO, THU)
    t.play(MON, cth, a=c)
    assert t.stack(c) == [] and all(t.zone(x)[0] == L.Z_REMOVED for x in before)
    assert t.get(L.F_SLOT, c) == royal                      # E9: the slot is not the space
    assert t.agents(MON, c) == 0 and t.agents(THU, c) == 0
    assert t.get(L.F_ASTOCK, MON) == 10 and t.get(L.F_ASTOCK, THU) == 9
    assert t.get(L.F_LIMBO, MON) == lm + 2 and t.get(L.F_LIMBO, THU) == lt + 1
    assert t.st[L.F_ZOMB + TUE * L.NCITY + c] == 0 and t.get(L.F_ZSUPPLY) == 6
    assert t.zone(cth)[0] == L.Z_REMOVED


def test_sherlock_against_cthulhu_the_whole_card_has_no_effect():
    t = table()
    c = cthulhu_city(t)
    cth = t.card("Cthulhu")
    t.give(MON, cth)
    before = t.stack(c)
    sh = t.card("Sherlock Holmes")
    t.give(THU, sh)
    t.play(MON, cth, a=c)
    assert t.stack(c) == before and t.agents(THU, c) == 2 and t.cubes(MON, c) == 2
    assert t.zone(cth)[0] == L.Z_REMOVED                    # still used up
    assert t.zone(sh) == (L.Z_DISCARD, THU) and len(t.hand(THU)) == 1   # replacement drawn


def test_hide_royalty_takes_the_slot_as_loyalist_vp_and_rolls_sanity():
    t = insane()
    c = t.city_of("Madrid")
    royal = t.card("Baoht Z'uqqa-Mogg")
    t.slot(c, royal)
    t.put(MON, c, agents=2)                     # most pieces; no cube needed (E16)
    t.put(THU, c, cubes=1)
    hr = t.card("Hide Royalty")
    t.give(MON, hr)
    t.play(MON, hr, a=c, first=False)
    assert t.zone(royal) == (L.Z_ROYAL_HIDDEN, MON) and t.get(L.F_SLOT, c) == -1
    assert t.get(L.F_VPL, MON) == 3 and t.get(L.F_VPR, MON) == 0
    assert t.cubes(THU, c) == 0
    assert t.get(L.F_SANITY, MON) == 2 and t.agents(MON, c) == 1


def test_holy_brotherhood_takes_cubes_from_limbo_as_close_as_possible():
    t = table()
    for c in (0, 1, 2):
        t.put(MON, c, agents=1)
    hb = t.card("The Holy Brotherhood")
    t.give(MON, hb)
    t.set(L.F_LIMBO, MON, 5)
    s = t.get(L.F_CSTOCK, MON)
    t.play(MON, hb)
    assert t.get(L.F_LIMBO, MON) == 2 and t.get(L.F_CSTOCK, MON) == s + 3
    assert t.zone(hb) == (L.Z_DISCARD, MON)                 # an action, not one-use
    t.give(MON, hb)
    t.set(L.F_LIMBO, MON, 1)
    t.play(MON, hb)
    assert t.get(L.F_LIMBO, MON) == 0


def paris(t, bombs=()):
    c = t.city_of("Paris")
    t.put(MON, c, agents=2, cubes=1)
    t.put(THU, c, agents=1)
    hired = t.card("Hired Assassin", 0)
    t.give(MON, hired, *bombs)
    return c, hired


def test_infernal_machine_is_three_bomb_points_then_leaves_play():
    t = table()
    im = t.card("Infernal Machine")
    c, hired = paris(t, [im])
    t.slot(c, t.card("The Spinner in the Darkness"))     # 5 = 2 agents + 3
    rows = t.find(MON, L.ACT_ASSASSINATE, [im], a=c, b=-1)
    assert rows
    t.act(MON, rows[0])
    assert t.zone(im)[0] == L.Z_REMOVED


def test_lestrade_returns_one_players_cubes_in_one_city():
    t = table()
    c = t.city_of("London")
    t.put(MON, c, cubes=2)
    t.put(THU, c, cubes=3)
    ls = t.card("Inspector Lestrade")
    t.give(MON, ls)
    s = t.get(L.F_CSTOCK, THU)
    t.play(MON, ls, a=c, b=THU)
    assert t.cubes(THU, c) == 0 and t.get(L.F_CSTOCK, THU) == s + 3 and t.cubes(MON, c) == 2
    t2 = table(sets=("rules.lestrade_one_player=0",))   # the card text: every cube there
    t2.put(MON, c, cubes=2)
    t2.put(THU, c, cubes=3)
    ls = t2.card("Inspector Lestrade")
    t2.give(MON, ls)
    t2.play(MON, ls, a=c)
    assert t2.cubes(THU, c) == 0 and t2.cubes(MON, c) == 0


def test_duchess_claims_with_agents_only_as_either_action():
    t = table()
    c = t.city_of("Cairo")
    t.put(MON, c, agents=2)
    t.put(THU, c, cubes=1)
    top = t.stack(c)[-1]
    du = t.card("Duchess d'Uzes")
    t.give(MON, du)
    assert t.text(MON, du, a=c, first=False) is not None
    t.play(MON, du, a=c, first=False)
    assert t.zone(top) == (L.Z_DISCARD, MON) and t.zone(du)[0] == L.Z_REMOVED


def test_fenians_agents_count_two_bomb_points_each():
    t = table()
    fen = t.card("Fenians")
    c, hired = paris(t, [fen])
    rows = t.find(MON, L.ACT_ASSASSINATE, [], a=c, b=THU)
    with_fen = [r for r in rows if r[L.MV_PAY2] >= 0]
    assert with_fen                                   # 2 agents x 2 = Paris's 4, no bomb card
    t.act(MON, with_fen[0])
    assert t.zone(fen)[0] == L.Z_REMOVED and t.agents(THU, c) == 0


def test_irene_adler_replaces_any_agent_and_sherlock_stops_her():
    t = table()
    c = t.city_of("Berlin")
    t.put(THU, c, agents=1)
    t.put(THU, 0, agents=1)
    ia = t.card("Irene Adler")
    t.give(MON, ia)
    t.play(MON, ia, a=c, b=THU)
    assert t.agents(MON, c) == 1 and t.agents(THU, c) == 0 and t.get(L.F_ASTOCK, THU) == 9
    t2 = table()
    t2.put(THU, c, agents=1)
    sh = t2.card("Sherlock Holmes")
    t2.give(THU, sh)
    ia = t2.card("Irene Adler")
    t2.give(MON, ia)
    t2.play(MON, ia, a=c, b=THU)
    assert t2.agents(THU, c) == 1 and t2.agents(MON, c) == 0
    assert t2.zone(ia)[0] in (L.Z_REMOVED, L.Z_IDENT)      # used up all the same


def test_matvei_moves_the_loyalist_marker_two_only_one_from_nine_and_ends_the_game():
    t = table()
    mg = t.card("Matvei Golovinski")
    t.give(MON, mg)
    assert t.play(MON, mg)[L.MV_ACT] == L.ACT_FREE          # E20
    assert t.get(L.F_TRACK_L) == 2
    t.set(L.F_TRACK_L, 0, 9)
    t.give(MON, mg)
    t.play(MON, mg)
    assert t.get(L.F_TRACK_L) == 10 and t.get(L.F_END) == L.END_TRACK


def test_shoggoth_removes_an_agent_anywhere_onto_its_box():
    t = table()
    t.put(THU, t.city_of("Cairo"), agents=1)
    sh = t.card("Shoggoth")
    t.give(MON, sh)
    t.play(MON, sh, a=t.city_of("Cairo"), b=THU)
    assert t.zone(sh) == (L.Z_IDENT, MON) and t.get(L.F_VICTIM, sh) == THU
    assert t.get(L.F_VPBOX, MON) == 3
    assert t.get(L.F_ASTOCK, THU) + agents_on_board(t.st, THU) == 9   # one sits on the card
    assert t.get(L.F_REVEALED, THU) == 1                    # her last agent


def test_shoggoth_played_for_a_symbol_is_not_used_up():
    t = table()
    c, hired = paris(t)
    sh = t.card("Shoggoth")                                 # 1 bomb point
    t.give(MON, sh, S(t, MON, 2))
    row = t.find(MON, L.ACT_ASSASSINATE, [sh, S(t, MON, 2)], a=c, b=THU)[0]
    t.act(MON, row)
    assert t.zone(sh) == (L.Z_DISCARD, MON)


def test_mi_go_agents_count_as_on_the_board_and_come_back_together_in_a_later_turn():
    t = table()
    t.put(MON, 0, agents=1)
    t.put(MON, 1, agents=1)
    mg = t.card("Mi-Go")
    t.give(MON, mg)
    t.play(MON, mg, a=2)
    assert t.get(L.F_MIGO, MON) == 2 and agents_on_board(t.st, MON) == 2
    assert t.get(L.F_REVEALED, MON) == 0                    # no reveal: they count as on the board
    from kernels.emerald.moves import list_free
    k = list_free(t.st, 4, MON, t.tables, t.mv, 0)
    assert not [r for r in t.mv[:k] if r[L.MV_ACT] == L.ACT_MIGO_BACK]   # not this turn
    t.set(L.F_TURN, 0, t.get(L.F_TURN) + 4)
    k = list_free(t.st, 4, MON, t.tables, t.mv, 0)
    back = [r.copy() for r in t.mv[:k] if r[L.MV_ACT] == L.ACT_MIGO_BACK and r[L.MV_A] == 5]
    t.act(MON, back[0])
    assert t.agents(MON, 5) == 2 and t.get(L.F_MIGO, MON) == 0


def test_sigmund_freud_restores_sanity_and_moves_the_restorationist_marker_two():
    t = table()
    t.set(L.F_SANITY, MON, 1)
    sf = t.card("Sigmund Freud")
    t.give(MON, sf)
    t.play(MON, sf)
    assert t.get(L.F_SANITY, MON) == 3 and t.get(L.F_TRACK_R) == 2


def test_society_of_leopold_removes_zombies_and_the_zombie_and_vampire_cards_with_their_vp():
    t = table()
    t.st[L.F_ZOMB + TUE * L.NCITY + 3] = 2
    t.st[L.F_ZSUPPLY] = 4
    zb, vp = t.card("Zombies"), t.card("Vampires")
    t.give(TUE, zb)                                  # in hand: replaced by a draw
    _only_discards(t, THU, [vp])
    pile = vp_pile(t, zb)                            # the VP type of the content (Loyalist, issue 32)
    assert pile == vp_pile(t, vp)
    t.set(pile, TUE, 2)
    t.set(pile, THU, 2)                              # both scored 2 VP when claimed
    hand_before = len(t.hand(TUE))
    le = t.card("Society of Leopold")
    t.give(MON, le)
    t.play(MON, le)
    assert t.get(L.F_ZSUPPLY) == 0 and t.st[L.F_ZOMB + TUE * L.NCITY + 3] == 0
    assert t.zone(zb)[0] == L.Z_REMOVED and t.zone(vp)[0] == L.Z_REMOVED
    assert len(t.hand(TUE)) == hand_before
    assert t.get(pile, TUE) == 0 and t.get(pile, THU) == 0


def test_okhrana_sends_one_or_two_cubes_from_cities_to_limbo():
    t = table()
    t.put(THU, 2, cubes=3)
    ok = t.card("Okhrana")
    t.give(MON, ok)
    lim = t.get(L.F_LIMBO, THU)
    t.play(MON, ok)
    assert t.cubes(THU, 2) == 1 and t.get(L.F_LIMBO, THU) == lim + 2


def test_terrors_of_the_night_forces_a_sanity_roll_and_the_last_token_reveals():
    t = insane()
    t.set(L.F_SANITY, THU, 1)
    t.set(L.F_IDENT, THU, L.LOYALIST)
    tn = t.card("Terrors of the Night")
    t.give(MON, tn)
    t.play(MON, tn, b=THU)
    assert t.get(L.F_SANITY, THU) == 0 and t.get(L.F_REVEALED, THU) == 1
    assert agents_on_board(t.st, THU) == 3                  # a Loyalist places agents until three


def test_peoples_will_takes_every_cube_back_from_limbo():
    t = table()
    pw = t.card("The Peoples' Will")
    t.give(MON, pw)
    t.play(MON, pw)
    assert t.get(L.F_LIMBO, MON) == 0 and t.get(L.F_CSTOCK, MON) == 10 and t.zone(pw)[0] == L.Z_REMOVED


def test_third_section_removes_a_top_card_and_the_next_is_turned_up():
    t = table()
    c = t.city_of("Rome")
    top, below = t.stack(c)[-1], t.stack(c)[-2]
    ts = t.card("The Third Section")
    t.give(MON, ts)
    t.play(MON, ts, a=c)
    assert t.zone(top)[0] == L.Z_REMOVED and t.zone(ts) == (L.Z_DISCARD, MON)
    if t.cards[below, L.K_KIND] != L.KIND_ROYALTY:
        assert t.stack(c)[-1] == below and t.get(L.F_UP, c) == 1


def test_pinkerton_agents_places_an_agent_from_stock_anywhere():
    t = table()
    pa = t.card("Pinkerton Agents")
    t.give(MON, pa)
    t.play(MON, pa, a=7)
    assert t.agents(MON, 7) == 1 and t.get(L.F_ASTOCK, MON) == 9


def test_vampires_action_replaces_an_agent_where_you_have_one():
    t = table()
    c = t.city_of("Vienna")
    t.put(THU, c, agents=1)
    t.put(THU, 0, agents=1)
    vp = t.card("Vampires")
    t.give(MON, vp)
    assert t.text(MON, vp, a=c, b=THU) is None               # no agent of his there
    t.put(MON, c, agents=1)
    t.play(MON, vp, a=c, b=THU)
    assert t.agents(MON, c) == 2 and t.agents(THU, c) == 0
    assert t.zone(vp) == (L.Z_IDENT, MON)     # one-use and carrying VP: beside the identity card


def test_vampires_interrupt_negates_an_assassination_and_the_attacker_still_loses_his_cards():
    t = table()
    c, hired = paris(t, [S(t, MON, 2), S(t, MON, 3)])
    t.put(THU, 0, agents=1)
    vp = t.card("Vampires")
    t.give(THU, vp)
    t.act(MON, t.find(MON, L.ACT_ASSASSINATE, a=c, b=THU)[0])
    assert t.agents(THU, c) == 1
    assert t.zone(hired)[0] == L.Z_REMOVED                    # lost for good
    assert t.zone(S(t, MON, 2)) == (L.Z_DISCARD, MON) and t.zone(S(t, MON, 3)) == (L.Z_DISCARD, MON)
    assert t.zone(vp) == (L.Z_REMOVED, THU) and len(t.hand(THU)) == 1   # E13, replacement drawn


def test_sherlock_negates_an_assassination_and_is_discarded_not_used_up():
    t = table()
    c, hired = paris(t, [S(t, MON, 2), S(t, MON, 3)])
    sh = t.card("Sherlock Holmes")
    t.give(THU, sh)
    t.act(MON, t.find(MON, L.ACT_ASSASSINATE, a=c, b=THU)[0])
    assert t.agents(THU, c) == 1 and t.zone(hired)[0] == L.Z_REMOVED
    assert t.zone(sh) == (L.Z_DISCARD, THU) and len(t.hand(THU)) == 1


def test_sherlock_against_zombies_that_city_is_spared_the_others_still_act():
    t = table()
    for c in (1, 2):
        t.st[L.F_ZOMB + MON * L.NCITY + c] = 1
        t.put(THU, c, agents=1)
    t.st[L.F_ZSUPPLY] = 4
    sh = t.card("Sherlock Holmes")
    t.give(THU, sh)
    zb = t.card("Zombies")
    t.give(MON, zb)
    t.play(MON, zb)
    assert t.agents(THU, 1) + t.agents(THU, 2) == 1          # one saved, the other removed
    assert t.get(L.F_ZSUPPLY) == 2                          # then two zombies placed


def test_burtsev_looks_at_one_identity_in_secret():
    t = table()
    vb = t.card("Vladimir Burtsev")
    t.give(MON, vb)
    t.play(MON, vb, b=WED)
    assert t.get(L.F_SEEN, MON) == 1 << WED and t.get(L.F_REVEALED, WED) == 0


def test_yog_sothoth_one_loyalist_vp_per_agent_and_the_last_one_reveals():
    t = table()
    t.set(L.F_IDENT, MON, L.LOYALIST)
    t.put(MON, 0, agents=1)
    t.put(MON, 4, agents=1)
    ys = t.card("Yog Sothoth")
    t.give(MON, ys)
    t.play(MON, ys, a=2)
    assert t.get(L.F_YOG, MON) == 2 and t.get(L.F_VPL, MON) == 2
    assert t.get(L.F_REVEALED, MON) == 1 and agents_on_board(t.st, MON) == 3   # refill to three
    assert t.zone(ys) == (L.Z_IDENT, MON)


def test_zombies_remove_one_agent_per_zombie_city_then_place_two_and_what_remains():
    t = table()
    t.st[L.F_ZOMB + MON * L.NCITY + 1] = 2
    t.put(THU, 1, agents=2)
    t.put(THU, 0, agents=1)
    t.st[L.F_ZSUPPLY] = 1
    zb = t.card("Zombies")
    t.give(MON, zb)
    t.play(MON, zb)
    assert t.agents(THU, 1) == 1                            # ONE agent from that city
    assert t.get(L.F_ZSUPPLY) == 0                          # E12: the one left is placed
    assert t.zone(zb) == (L.Z_DISCARD, MON)


def test_a_one_use_card_with_vp_goes_beside_the_identity_card_and_keeps_its_vp():
    t = table()
    ia = t.card("Irene Adler")                               # 1 VP on claim
    t.set(L.F_VPN, MON, 1)
    t.put(THU, 0, agents=1)
    t.put(THU, 1, agents=1)
    t.give(MON, ia)
    t.play(MON, ia, a=0, b=THU)
    assert t.zone(ia) == (L.Z_IDENT, MON) and total_vp(t.st, MON, t.rules) == 1
