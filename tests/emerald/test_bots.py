"""What the bots see in a position (their strength is measured in README, not asserted here)."""
import numpy as np
import pytest

from kernels.emerald import layout as L
from kernels.emerald.bots import choose_agent_move, choose_row
from kernels.emerald.values import row_value

from .helpers import MON, S, THU, Play, empty_table


def test_the_heuristic_values_a_cube_where_its_agents_already_hold_the_majority():
    """A claim needs the majority and a cube: with two agents against one and no cube of its own
    in Madrid, one cube makes the face-up card claimable next turn, worth as much to the
    heuristic as a cube that tips an empty city with a card of the same worth. Greedy values a
    cube only where it tips the majority."""
    t = empty_table(4)
    madrid, cairo = t.city_of("Madrid"), t.city_of("Cairo")
    for city in (madrid, cairo):
        t.set_top(city, t.card("Couriers", city == cairo))
    t.put(MON, madrid, agents=2)
    t.put(THU, madrid, agents=1)
    t.give(MON, S(t, MON, 2))                              # one cube (and a bomb)
    place = {int(r[L.MV_A]): r for r in t.find(MON, L.ACT_PLACE)}

    def value(city, heuristic):
        return row_value(t.st, 4, MON, place[city], t.tables, t.w, heuristic)

    assert value(madrid, True) == value(cairo, True) > 1.0
    assert value(madrid, False) < 0.1 < value(cairo, False)


def text_worth(t, p, card, heuristic, a=-1, b=-1):
    t.give(p, card)
    return row_value(t.st, 4, p, t.text(p, card, a, b), t.tables, t.w, heuristic)


def test_the_heuristic_changes_heart_only_when_the_other_side_leads_the_track():
    t = empty_table(4)
    t.set(L.F_IDENT, MON, L.LOYALIST)
    coh = t.card("Change of Heart")
    t.set(L.F_TRACK_R, 0, 6)                  # the Restorationists lead by 6
    assert text_worth(t, MON, coh, True) > 0 > text_worth(t, MON, coh, False)
    t.set(L.F_TRACK_R, 0, 0)
    t.set(L.F_TRACK_L, 0, 6)                  # its own side leads
    assert text_worth(t, MON, coh, True) < 0


def test_the_heuristic_takes_away_the_card_another_seat_could_claim_not_its_own():
    t = empty_table(4)
    madrid, cairo = t.city_of("Madrid"), t.city_of("Cairo")
    for city in (madrid, cairo):
        t.set_top(city, t.card("Couriers", city == cairo))
    t.put(THU, madrid, agents=2, cubes=1)     # Thursday could claim in Madrid
    t.put(MON, cairo, agents=2, cubes=1)      # Monday in Cairo
    ts = t.card("The Third Section")
    assert text_worth(t, MON, ts, True, a=madrid) > 0.3 > text_worth(t, MON, ts, True, a=cairo)


def test_a_move_is_worth_the_move_the_bot_will_make():
    """Issue 31: a move row was worth +0.12 an agent even when choose_agent_move then declined
    to move, so 64% of the heuristic's move actions moved nothing. With no face-up card
    anywhere no move gains: the row is worth less than discarding the same card. With a card
    face up in Madrid, where Monday's one agent ties Thursday's, the agent moved in from Cairo
    wins the majority: worth about the card."""
    t = empty_table(4)
    madrid, cairo = t.city_of("Madrid"), t.city_of("Cairo")
    for c in range(L.NCITY):
        t.set(L.F_UP, c, 0)
    t.put(MON, madrid, agents=1)
    t.put(MON, cairo, agents=1)
    t.put(THU, madrid, agents=1)
    t.give(MON, S(t, MON, 10))                              # one move symbol

    def best(act, heuristic):
        return max(row_value(t.st, 4, MON, r, t.tables, t.w, heuristic) for r in t.find(MON, act))

    for heuristic in (True, False):
        assert choose_agent_move(t.st, 4, MON, L.BOT_HEURISTIC, t.rules, t.cards, t.w, t.rng) == (-1, -1)
        assert best(L.ACT_MOVE, heuristic) < best(L.ACT_DISCARD, heuristic) < 0
    t.set_top(madrid, t.card("Couriers"))
    assert choose_agent_move(t.st, 4, MON, L.BOT_HEURISTIC, t.rules, t.cards, t.w, t.rng) == (cairo, madrid)
    before = t.st.copy()
    assert best(L.ACT_MOVE, True) > 1.0
    assert (t.st == before).all()                           # valuing tried the move and took it back


def hand_row(act, pay=0, pay2=0, a=0, b=0, c=0):
    row = np.zeros(L.MV_SIZE, np.int32)
    row[[L.MV_ACT, L.MV_PAY, L.MV_PAY2, L.MV_A, L.MV_B, L.MV_C]] = act, pay, pay2, a, b, c
    return row


def test_the_heuristic_pushes_the_markers_while_its_side_leads():
    """Issue 31: marker steps were 3.5% of the heuristic's actions and a track ended 1.75% of
    games. A Loyalist step is worth push more to a Loyalist while the Loyalists lead the
    track (the points stay theirs, the end comes nearer) than while they trail; greedy sees
    no difference."""
    t = empty_table(4)
    t.set(L.F_IDENT, MON, L.LOYALIST)
    t.give(MON, t.card("Society of Leopold"))              # one Loyalist step
    step = hand_row(L.ACT_MARKERS, pay2=1)

    def worth(loy, res, heuristic):
        t.set(L.F_TRACK_L, 0, loy)
        t.set(L.F_TRACK_R, 0, res)
        return row_value(t.st, 4, MON, step, t.tables, t.w, heuristic)

    assert worth(3, 1, True) - worth(1, 3, True) == pytest.approx(t.w[L.W_PUSH])
    assert worth(3, 1, False) == pytest.approx(worth(1, 3, False))


def test_a_loyalist_hunts_a_likely_restorationist_beside_royalty_and_denies_majorities():
    """Issue 31: 0.015 agents assassinated per 4-player heuristic game. A Loyalist's
    assassination of Thursday's agent is worth more when Thursday has assassinated Royalty
    (the belief), more again in a city whose slot holds a Royalty card (guarding it), and
    more when the agent is what gives Thursday the majority on a face-up card (denying it);
    the board is left as it was."""
    t = empty_table(4)
    t.set(L.F_IDENT, MON, L.LOYALIST)
    madrid, cairo = t.city_of("Madrid"), t.city_of("Cairo")
    for c in range(L.NCITY):
        t.set(L.F_UP, c, 0)
        t.set(L.F_SLOT, c, -1)
    t.put(THU, madrid, agents=1)
    t.put(THU, cairo, agents=1)
    t.give(MON, t.card("Hired Assassin"))

    def hunt(c):
        before = t.st.copy()
        v = row_value(t.st, 4, MON, hand_row(L.ACT_ASSASSINATE, pay2=-1, a=c, b=THU, c=0), t.tables, t.w, True)
        assert (t.st == before).all()
        return v

    plain = hunt(madrid)
    royals = [i for i in range(len(t.names)) if int(t.cards[i, L.K_KIND]) == L.KIND_ROYALTY]
    t.set(L.F_ZONE, royals[0], L.Z_ROYAL_KILLED)
    t.set(L.F_ZOWN, royals[0], THU)                           # Thursday assassinated Royalty
    suspected = hunt(madrid)
    assert suspected > plain
    t.slot(madrid, royals[1])
    guarded = hunt(madrid)
    assert guarded > suspected
    t.set_top(cairo, t.card("Couriers"))
    assert hunt(cairo) > suspected + 0.5                      # his one agent holds Cairo's card


def first_best(t, p, rows, bot):
    """(choose_row's index among rows, the index of the first best row_value, the values)."""
    v = [row_value(t.st, 4, p, r, t.tables, t.w, bot == L.BOT_HEURISTIC) for r in rows]
    t.mv[:len(rows)] = rows
    before = t.st.copy()
    got = choose_row(t.st, t.n, p, bot, t.mv, len(rows), t.tables, t.w, t.rng, -1e18)
    assert (t.st == before).all()
    return got, int(np.argmax(v)), v


def test_the_bots_take_the_first_best_valued_action_the_move_rows_from_one_ladder():
    """choose_row values the move rows of a list from one ladder of greedy agent moves
    (values.best_move_row), not each row from its own moves: in positions of heuristic games,
    greedy's and the heuristic's action is still the first row of the best row_value, and the
    state is left as it was. The positions hold move rows of several sizes, some asking more
    moves than the greedy moves make (a row worth what a smaller one of the same payment is);
    the move rows alone, larger first, are chosen from too (there the first of a tie is a row the
    ladder's last step does not reach)."""

    sizes = short = 0
    for seed in (1, 2, 3):
        t = Play(4, seed=seed, bots=L.BOT_HEURISTIC)
        t.start()
        for turn in range(1, 40, 2):
            t.play_to(turn)
            if t.st[L.F_END] != L.END_NONE:
                break
            for p in range(4):
                rows = t.moves(p)
                larger_first = rows[rows[:, L.MV_ACT] == L.ACT_MOVE][::-1].copy()
                for bot in (L.BOT_GREEDY, L.BOT_HEURISTIC):
                    got, want, v = first_best(t, p, rows, bot)
                    assert got == want, (seed, turn, p, bot)
                    if len(larger_first):
                        got, want, _ = first_best(t, p, larger_first, bot)
                        assert got == want, (seed, turn, p, bot, "move rows, larger first")
                moved = {}
                for r, value in zip(rows, v):
                    if r[L.MV_ACT] == L.ACT_MOVE:
                        moved.setdefault(int(r[L.MV_PAY]), []).append((int(r[L.MV_A]), value))
                sizes += len({u for rs in moved.values() for u, _ in rs}) > 1
                short += any(len({value for _, value in rs}) < len(rs) for rs in moved.values())
    assert sizes > 0 and short > 0


def test_the_play_loop_takes_the_action_choose_option_takes_without_the_discard_rows_listed():
    """bots.choose_action (play_game's and the playouts' greedy or heuristic action) finds the
    row choose_option takes among forward.options' rows, without listing the discard rows: in
    positions of heuristic games, as a first and a second action, the rows repeatable or not
    (rules.repeat_actions), the same row; discarding chosen in some."""
    chosen = set()
    for seed in (1, 2):
        t = Play(4, seed=seed, bots=L.BOT_HEURISTIC)
        rules = t.tables[L.T_RULES]
        repeat = int(rules[L.R_REPEAT])
        t.start()
        for turn in range(1, 50, 4):
            t.play_to(turn)
            if t.st[L.F_END] != L.END_NONE:
                break
            saved = t.st.copy()
            try:
                for p in range(4):
                    for acts, last, rep in ((0, -1, repeat), (1, L.ACT_PLACE, 0), (1, L.ACT_DISCARD, 0),
                                            (1, L.ACT_RETRIEVE, repeat)):
                        rules[L.R_REPEAT] = rep
                        for f, v in ((L.F_DEC, L.DEC_ACTION), (L.F_DEC_SEAT, p), (L.F_ACTS, acts), (L.F_LAST, last)):
                            t.st[f] = v
                        for bot in (L.BOT_GREEDY, L.BOT_HEURISTIC):
                            chosen.add(same_action(t, p, bot))
            finally:
                rules[L.R_REPEAT] = repeat
                t.st[:] = saved
    assert L.ACT_DISCARD in chosen and L.ACT_PLACE in chosen


def same_action(t, p, bot):
    """The kind of the action choose_option takes at t's pending DEC_ACTION; choose_action's row
    the same one, the state left as it was."""
    from kernels.emerald import forward as F
    from kernels.emerald.bots import choose_action, choose_option
    before = t.st.copy()
    k = F.options(t.tables, *t.state(), t.mv)
    want = t.mv[choose_option(t.tables, t.st, t.mv, np.int64(k), np.int64(p), np.int64(bot), t.rng, t.w)].copy()
    got = t.mv[choose_action(t.tables, t.st, t.pos, t.mv, np.int64(p), np.int64(bot), t.w)]
    assert (got == want).all(), (p, bot, int(t.st[L.F_ACTS]), int(t.st[L.F_LAST]), want, got)
    assert (t.st == before).all()
    return int(want[L.MV_ACT])
