"""Bots do not peek: every choice of every bot kind for a seat stays the same when what the
seat cannot know is re-dealt (the generic test's hook, run here before registration)."""
from sim.games.banquet import GAME

from tests.banquet.helpers import no_peek_positions


def test_bots_do_not_peek():
    asked_bots, moved, count = set(), 0, 0
    for pos in no_peek_positions():
        asked = pos.decisions()
        asked_bots |= {bot for bot, _, _ in asked}
        for seed in range(3):
            moved += pos.redeal(seed)
            again = pos.decisions()
            assert [x for x, y in zip(asked, again) if x != y] == [], (count, seed)
        count += 1
    assert asked_bots == set(GAME.bots)
    assert count > 0 and moved > 0


def test_redeal_keeps_what_the_seat_knows_and_the_counts():
    from collections import Counter

    from kernels.banquet import layout as L
    for pos in no_peek_positions():
        st, p, n = pos.st, pos.p, pos.t.n
        before = [(int(st[L.F_SECRET + o]), int(st[L.F_ITEM + o])) for o in range(n)]
        per_faction = Counter((int(st[L.F_FACTION + o]), int(st[L.F_SECRET + o])) for o in range(n))
        pos.redeal(1)
        after = [(int(st[L.F_SECRET + o]), int(st[L.F_ITEM + o])) for o in range(n)]
        for o in range(n):
            if st[L.F_KNOWN + p * L.MAXP + o]:
                assert before[o] == after[o]
        assert Counter((int(st[L.F_FACTION + o]), int(st[L.F_SECRET + o])) for o in range(n)) == per_faction


def test_no_bot_decision_draws_from_the_chance_stream():
    """Bots draw only from their own streams, so that a bot never changes the deal or the
    divine judgments that follow (paired comparisons)."""
    for pos in no_peek_positions():
        pos.decisions()
        assert pos.chance_drawn == []
