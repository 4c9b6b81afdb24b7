"""Issue 32, A Study in Emerald: the rulebook deviations fixed, the switches that broke off
their default, and the readings the code made that are now listed switches (each setting
tested). Seats: Monday 0 plays, Thursday 3 is the usual opponent."""
import numpy as np

from kernels.emerald import forward as F
from kernels.emerald import layout as L
from kernels.emerald.bots import choose_agent_move, choose_own_agent_city
from kernels.emerald.state import agents_on_board

from .helpers import MON, S, THU, Play, empty_table, redeal, vp_pile


def table(*sets) -> Play:
    return empty_table(11, sets=tuple(sets))


# -- the deviations ------------------------------------------------------------------------------

def test_fewer_cubes_than_symbols_only_for_one_two_cube_card_with_one_cube_left():
    """The rulebook's only exception to placing a cube per symbol: a two-symbol card played with
    one cube left. Two two-cube cards with three cubes in stock may not place three."""
    t = table()
    a, b = t.card("Anarchist Cell", 0), t.card("Anarchist Cell", 1)      # two cube symbols each
    t.give(MON, a, b)
    t.set(L.F_CSTOCK, MON, 3)
    assert not t.find(MON, L.ACT_PLACE, [a, b]) and t.find(MON, L.ACT_PLACE, [a])
    t.set(L.F_CSTOCK, MON, 1)
    rows = t.find(MON, L.ACT_PLACE, [a], a=0)
    assert rows and not t.find(MON, L.ACT_PLACE, [a, b])
    t.act(MON, rows[0])
    assert t.cubes(MON, 0) == 1 and t.get(L.F_CSTOCK, MON) == 0


def test_no_fenians_when_the_agents_alone_pay():
    """Fenians is a card paid: with four agents in Paris (cost 4) it would be overpaying; with
    three it doubles them (6) and no bomb card may come with it, since one bomb card and the
    agents already pay without it."""
    t = table()
    c = t.city_of("Paris")
    fen, dyn = t.card("Fenians"), t.card("Dynamiters")
    t.put(MON, c, agents=4)
    t.put(THU, c, agents=1)
    t.give(MON, t.card("Hired Assassin", 0), fen, dyn)
    assert not [r for r in t.find(MON, L.ACT_ASSASSINATE, a=c, b=THU) if r[L.MV_PAY2] >= 0]
    t.set(L.F_AGENTS, MON * L.NCITY + c, 3)
    with_fen = [r for r in t.find(MON, L.ACT_ASSASSINATE, a=c, b=THU) if r[L.MV_PAY2] >= 0]
    assert len(with_fen) == 1 and t.pays(MON, with_fen[0]) == set()


def leopold_then_claim(t, card):
    """Society of Leopold played by Thursday, then Monday claims ``card`` in Vienna."""
    le = t.card("Society of Leopold")
    t.give(THU, le)
    t.play(THU, le)
    c = t.city_of("Vienna")
    t.set_top(c, card)
    t.put(MON, c, cubes=1)
    t.give(MON, S(t, MON, 4))
    t.act(MON, t.find(MON, L.ACT_CLAIM, b=1 << c)[0])
    return c


def test_leopold_makes_every_vampires_card_ineffective_by_default():
    """E26 = 1: "the Zombie and Vampire cards are now regarded as being ineffective": one
    claimed after the Society of Leopold leaves the game unscored, with no agent placed."""
    t = table()
    vp = t.card("Vampires")
    c = leopold_then_claim(t, vp)
    assert t.zone(vp)[0] == L.Z_REMOVED and t.get(vp_pile(t, vp), MON) == 0 and t.agents(MON, c) == 0


def test_leopold_only_the_held_cards_when_switched():
    """E26 = 0: a Vampires card claimed later is an ordinary card: it scores, places its agent,
    and its interrupt stops an assassination."""
    t = table("rules.leopold_voids_later_cards=0", "sanity_die.insanity_faces=0")
    vp = t.card("Vampires")
    c = leopold_then_claim(t, vp)
    assert t.zone(vp) == (L.Z_DISCARD, MON) and t.get(vp_pile(t, vp), MON) == 2 and t.agents(MON, c) == 1
    t.give(MON, vp)
    p = t.city_of("Paris")
    t.put(MON, p, agents=1)
    t.put(THU, p, agents=4, cubes=1)
    t.give(THU, t.card("Hired Assassin", 0))
    t.act(THU, t.find(THU, L.ACT_ASSASSINATE, a=p, b=MON)[0])
    assert t.agents(MON, p) == 1 and t.zone(vp)[0] == L.Z_REMOVED        # stopped by Vampires


def test_leopold_blocks_the_vampires_interrupt_by_default():
    t = table()
    le = t.card("Society of Leopold")
    t.give(THU, le)
    t.play(THU, le)
    vp = t.card("Vampires")
    t.give(MON, vp)                       # (as if claimed later: held ones left the game)
    p = t.city_of("Paris")
    t.put(MON, p, agents=1)
    t.put(MON, 0, agents=1)
    t.put(THU, p, agents=4, cubes=1)
    t.give(THU, t.card("Hired Assassin", 0))
    t.act(THU, t.find(THU, L.ACT_ASSASSINATE, a=p, b=MON)[0])
    assert t.agents(MON, p) == 0 and t.zone(vp) == (L.Z_HAND, MON)


# -- switches broken off their default -------------------------------------------------------------

def test_e4_off_yog_sothoth_taking_the_last_agent_still_reveals():
    """Yog Sothoth's own text forces the reveal, whatever reveal_any_agent_loss says."""
    t = table("rules.reveal_any_agent_loss=0")
    t.set(L.F_IDENT, MON, L.LOYALIST)
    t.put(MON, 0, agents=1)
    ys = t.card("Yog Sothoth")
    t.give(MON, ys)
    t.play(MON, ys, a=1)
    assert t.get(L.F_REVEALED, MON) == 1 and agents_on_board(t.st, MON) == 3


def test_e21_on_hide_royalty_after_the_black_hand_scores_its_two():
    t = table("rules.black_hand_counts_hidden=1", "sanity_die.insanity_faces=0")
    bh = t.card("The Black Hand")
    t.give(MON, bh)
    t.play(MON, bh)
    c = t.city_of("Rome")
    t.slot(c, t.card("Rhogog"))
    t.put(MON, c, agents=2)
    hr = t.card("Hide Royalty")
    t.give(MON, hr)
    t.play(MON, hr, a=c)
    assert t.get(L.F_VPL, MON) == 3 and t.get(L.F_VPR, MON) == 2
    t0 = table("sanity_die.insanity_faces=0")            # the default: hidden Royalty never count
    t0.give(MON, t0.card("The Black Hand"))
    t0.play(MON, t0.card("The Black Hand"))
    t0.slot(c, t0.card("Rhogog"))
    t0.put(MON, c, agents=2)
    t0.give(MON, t0.card("Hide Royalty"))
    t0.play(MON, t0.card("Hide Royalty"), a=c)
    assert t0.get(L.F_VPR, MON) == 0


def test_e19_off_the_redeal_forgets_an_opponents_change_of_heart():
    for public in (1, 0):
        t = Play(4, seed=3, sets=(f"rules.change_of_heart_public={public}",))
        t.set(L.F_COH, THU, 1)
        t.set(L.F_COH, MON, 1)                           # its own: always known
        flags = set()
        for seed in range(4):
            st = t.st.copy()
            redeal(t, st, MON, seed)
            flags.add((int(st[L.F_COH + THU]), int(st[L.F_COH + MON])))
        assert flags == ({(1, 1)} if public else {(0, 1)})


# -- readings made listed switches -------------------------------------------------------------------

def sherlock_stops_an_assassination(*sets):
    t = table(*sets)
    c = t.city_of("Rome")
    t.put(MON, c, agents=3, cubes=2)
    t.put(THU, c, agents=1)
    t.put(THU, 0, agents=1)
    t.give(THU, t.card("Sherlock Holmes"))
    t.give(MON, t.card("Hired Assassin", 0))
    t.act(MON, t.find(MON, L.ACT_ASSASSINATE, a=c, b=THU)[0])
    assert t.agents(THU, c) == 1
    return t.cubes(MON, c)


def test_e27_a_stopped_assassination_cleans_up_only_when_switched():
    assert sherlock_stops_an_assassination() == 2
    assert sherlock_stops_an_assassination("rules.stopped_assassination_cleans_up=1") == 0


def test_e28_yog_sothoth_takes_mi_go_agents_only_when_switched():
    for on in (0, 1):
        t = table(f"rules.yog_takes_mi_go_agents={on}")
        t.set(L.F_IDENT, MON, L.LOYALIST)
        t.put(MON, 2, agents=1)
        t.set(L.F_MIGO, MON, 1)
        t.set(L.F_ASTOCK, MON, 8)
        ys = t.card("Yog Sothoth")
        t.give(MON, ys)
        assert (t.text(MON, ys, a=2) is not None) == bool(on)
        t.play(MON, ys, a=1 + on)
        assert (t.get(L.F_YOG, MON), t.get(L.F_MIGO, MON)) == ((1, 1) if not on else (2, 0))
        if on:
            assert t.get(L.F_REVEALED, MON) == 1          # its last agents went: the reveal


def test_e28_the_bot_takes_the_mi_go_agents_last():
    t = table("rules.yog_takes_mi_go_agents=1")
    t.set(L.F_MIGO, MON, 1)
    t.st[L.F_AX_CARD] = t.card("Yog Sothoth")
    assert choose_own_agent_city(t.st, 4, MON, L.BOT_GREEDY, t.rules, t.cards, t.w, t.rng) == L.FROM_MI_GO
    t.st[L.F_AX_CARD] = t.card("Mi-Go")
    assert choose_own_agent_city(t.st, 4, MON, L.BOT_GREEDY, t.rules, t.cards, t.w, t.rng) == -1


def test_e29_vampires_stop_shoggoth_only_when_switched():
    for on in (0, 1):
        t = table(f"rules.vampires_stop_shoggoth={on}")
        t.put(THU, 2, agents=1)
        t.put(THU, 3, agents=1)
        t.give(THU, t.card("Vampires"))
        sh = t.card("Shoggoth")
        t.give(MON, sh)
        t.play(MON, sh, a=2, b=THU)
        assert t.agents(THU, 2) == on


def move_options(t):
    t.st[L.F_DEC], t.st[L.F_DEC_SEAT], t.st[L.F_AX_DONE] = L.DEC_MOVE, MON, 0
    buf = np.zeros((L.MAX_MOVES, L.MV_SIZE), np.int32)
    k = F.options(t.tables, *t.state(), buf)
    return {(int(r[L.O_A]), int(r[L.O_B])) for r in buf[:k]}


def test_e30_a_move_may_move_no_agent_only_when_switched():
    """And never "moves" an agent to the city it is in: "to any other City space"."""
    for on in (1, 0):
        t = table(f"rules.move_may_move_none={on}")
        t.put(MON, 2, agents=1)
        t.st[L.F_UP:L.F_UP + L.NCITY] = 0               # no card face up: no move gains
        opts = move_options(t)
        assert ((-1, -1) in opts) == bool(on) and (2, 2) not in opts and len(opts) == 8 + on
        # nothing gains: the greedy bot stops, or must move one
        a, b = choose_agent_move(t.st, 4, MON, L.BOT_GREEDY, t.rules, t.cards, t.w, t.rng)
        assert (a, b) == (-1, -1) if on else (a == 2 and b not in (-1, 2))


def test_random_moves_go_to_another_city():
    t = table()
    t.put(MON, 2, agents=1)
    for _ in range(40):
        a, b = choose_agent_move(t.st, 4, MON, L.BOT_RANDOM, t.rules, t.cards, t.w, t.rng)
        assert a == 2 and b != 2


def test_e31_irene_adler_on_ones_own_agent_only_when_switched():
    for on in (0, 1):
        t = table(f"rules.irene_adler_own_agent={on}")
        t.put(MON, 2, agents=1)
        ia = t.card("Irene Adler")
        t.give(MON, ia)
        assert (t.text(MON, ia, a=2, b=MON) is not None) == bool(on)


def test_e32_okhrana_on_ones_own_cubes_only_when_switched():
    for on in (0, 1):
        t = table(f"rules.okhrana_own_cubes={on}")
        t.put(MON, 2, cubes=2)
        ok = t.card("Okhrana")
        t.give(MON, ok)
        row = t.text(MON, ok)
        assert (row is not None) == bool(on)
        if on:
            t.st[L.F_DEC], t.st[L.F_DEC_SEAT] = L.DEC_OKHRANA, MON
            buf = np.zeros((L.MAX_MOVES, L.MV_SIZE), np.int32)
            k = F.options(t.tables, *t.state(), buf)
            assert (MON, 2) in {(int(r[L.O_A]), int(r[L.O_B])) for r in buf[:k]}


def test_e33_a_two_claim_card_claims_one_card_only_when_switched():
    for on in (1, 0):
        t = table(f"rules.claim_fewer_than_symbols={on}")
        sp = t.card("Secret Police")                      # two claim symbols
        t.give(MON, sp)
        a, b = t.city_of("Rome"), t.city_of("Cairo")
        t.put(MON, a, cubes=1)
        assert bool(t.find(MON, L.ACT_CLAIM, [sp], b=1 << a)) == bool(on)
        t.put(MON, b, cubes=1)
        assert t.find(MON, L.ACT_CLAIM, [sp], b=(1 << a) | (1 << b))


def test_e34_fenians_for_its_bomb_symbol_leaves_the_game_only_when_switched():
    """The rulebook: a one-use card is removed only when its text is used."""
    for on in (0, 1):
        t = table(f"rules.fenians_symbol_one_use={on}")
        c = t.city_of("Paris")                            # cost 4
        t.put(MON, c, agents=3)
        t.put(THU, c, agents=1)
        fen = t.card("Fenians")                           # one bomb symbol
        t.give(MON, t.card("Hired Assassin", 0), fen)
        row = [r for r in t.find(MON, L.ACT_ASSASSINATE, [fen], a=c, b=THU) if r[L.MV_PAY2] < 0][0]
        t.act(MON, row)
        assert t.agents(THU, c) == 0
        assert t.zone(fen) == ((L.Z_REMOVED, MON) if on else (L.Z_DISCARD, MON))


# -- the trace (issue 32: what a reader could not see) ---------------------------------------------

def narrated(t):
    from sim.games.emerald import GAME, trace
    rows = t.log[:int(t.io[0])]
    return trace.narrate(GAME.compile(t.content, t.n), rows, ["greedy"] * t.n)


def test_the_trace_names_the_cards_paid_okhrana_shoggoth_and_the_agent_lost():
    t = table("sanity_die.insanity_faces=6")
    t.give(MON, S(t, MON, 1))
    t.act(MON, t.find(MON, L.ACT_PLACE, [S(t, MON, 1)], a=0)[0])            # two cubes in London
    t.put(THU, 2, cubes=1, agents=1)
    t.put(THU, 3, agents=1)
    ok = t.card("Okhrana")
    t.give(MON, ok)
    t.play(MON, ok)
    sh = t.card("Shoggoth")
    t.give(MON, sh)
    t.play(MON, sh, a=3, b=THU)
    c = t.city_of("Paris")
    t.slot(c, t.card("The Spinner in the Darkness"))
    t.put(MON, c, agents=5)
    t.give(MON, t.card("Hired Assassin", 0))
    t.act(MON, t.find(MON, L.ACT_ASSASSINATE, a=c, b=-1)[0])              # insanity: an agent lost
    lines = narrated(t)
    assert "seat 0 (greedy) plays S 001 (colour 0)" in lines
    assert "seat 0 (greedy)'s Okhrana sends a cube of seat 3 (greedy) in Berlin to Limbo" in lines
    assert "seat 0 (greedy)'s Shoggoth eliminates an agent of seat 3 (greedy) in Vienna" in lines
    assert "seat 0 (greedy) loses an agent in Paris with that sanity token" in lines


def test_the_trace_shows_each_seats_running_vp():
    t = table()
    push = t.card("Propagandists", 0)                                  # two Restorationist steps
    t.give(MON, push)
    t.act(MON, [r for r in t.moves(MON) if r[L.MV_ACT] == L.ACT_MARKERS and t.pays(MON, r) == {push}
                and r[L.MV_PAY2] == 0][0])
    c = t.city_of("Vienna")
    t.set_top(c, t.card("Louise Michel"))                              # 1 VP, printed
    t.put(THU, c, cubes=1)
    t.give(THU, S(t, THU, 4))
    t.act(THU, t.find(THU, L.ACT_CLAIM, [S(t, THU, 4)], b=1 << c)[0])
    vp_lines = [x for x in narrated(t) if x.startswith("VP now: ")]
    assert vp_lines == ["VP now: " + ", ".join(f"seat {s} (greedy) 2 (+2)" for s in range(4)),
                        "VP now: seat 3 (greedy) 3 (+1)"]


def test_the_trace_says_a_move_moved_nothing():
    from sim.games.emerald import GAME, trace
    rows = np.array([[L.EV_MOVE_ACTION, 1, 2, 0, 0, 0]], np.int64)
    assert trace.narrate(GAME.compile(table().content, 4), rows, ["random"] * 4) == [
        "seat 1 (random) moves no agent, though it paid for 2"]


def test_the_final_lines_say_why_points_were_lost_and_who_won_the_tie():
    from sim.game import Batch
    from sim.games.emerald import trace
    out = Batch.alloc(1, 3, L.N_METRICS)
    # seat 0 Restorationist 12 (raw 12); seat 1 Loyalist raw 17 loses 3 track points and 2 more;
    # seat 2 Loyalist 8 - 5; seats 0 and 1 tie on 12, the Restorationist wins
    for s, (side, raw, lost, pen, score, win) in enumerate(((0, 12, 0, 0, 12, 1.0), (1, 17, 5, 0, 12, 0.0),
                                                            (1, 13, 0, 5, 8, 0.0))):
        m = out.metrics[0, s]
        m[L.M_FINAL_SIDE], m[L.M_RAW_VP], m[L.M_VP_LOST], m[L.M_PENALTY], m[L.M_TRACK_VP] = side, raw, lost, pen, 3
        out.score[0, s], out.win[0, s] = score, win
    log = np.array([[L.EV_MARKER, 0, 5, 0, 5, 2]], np.int64)              # R 5, L 2 at the end
    lines = trace.final_lines(out, ["greedy"] * 3, log)
    assert lines[1] == ("seat 1 (greedy), Loyalist: 17 VP, loses 5 at the end (3 track points (the "
                        "Restorationist marker is higher), 2 VP of the other side's types or agent boxes "
                        "it may not keep) = 12")
    assert lines[-1] == "2 seats tie on 12: a Restorationist counts higher, so seat 0 wins"
