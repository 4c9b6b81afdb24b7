"""Hidden information: redeal_hidden changes only what the seat cannot know (that no bot's choice
changes when it does is the generic no-peek test's, tests/test_every_game.py), and a rollout
that plays out the true position fails that test's comparison."""
import numpy as np
import pytest

from kernels.emerald import layout as L
from kernels.emerald import rollout as rollout_module
from tests.test_every_game import first_peek_caught, kernel_with_line_replaced

from .helpers import Play, no_peek_positions, redeal
from .test_play import check_invariants


def positions(n, seed, turns):
    """Mid-game positions of greedy/random play: (table, seat to act next)."""
    t = Play(n, seed=seed, bots=0)
    t.bots[:] = ([1, 0] * 3)[:n]
    t.start()
    t.play_to(turns)
    if t.get(L.F_END) != L.END_NONE:
        return None
    return t, (t.get(L.F_FIRST) + turns) % n


def public_view(t: Play, me: int) -> tuple:
    """Everything seat me may know, as a hashable summary."""
    st, n = t.st, t.n
    nc = int(t.rules[L.R_CARDS])
    zone = st[L.F_ZONE:L.F_ZONE + nc].copy()
    own = st[L.F_ZOWN:L.F_ZOWN + nc].copy()
    hidden = np.zeros(nc, bool)
    for card in range(nc):
        z, o = zone[card], own[card]
        if z in (L.Z_HAND, L.Z_DECK) and o != me:
            hidden[card] = True                   # whose it is is known, not hand or deck
        if z == L.Z_DECK and o == me:
            hidden[card] = False
        if z in (L.Z_STACK, L.Z_OUT) and t.cards[card, L.K_KIND] == L.KIND_GAME:
            c = o
            top = c >= 0 and t.stack(c) and t.stack(c)[-1] == card and t.get(L.F_UP, c)
            hidden[card] = not top
    vis = tuple(int(x) for x in np.where(hidden, -1, zone * 100 + own))
    owners_of_hidden_hands = tuple(sorted((int(own[c]), 0) for c in range(nc)
                                          if zone[c] in (L.Z_HAND, L.Z_DECK) and own[c] != me))
    ids = tuple(int(st[L.F_IDENT + o]) if (o == me or st[L.F_REVEALED + o] or (st[L.F_SEEN + me] >> o) & 1) else -1
                for o in range(n))
    board = tuple(int(x) for x in st[L.F_CUBES:L.F_ZSUPPLY + 1])
    sizes = tuple(int(st[f + o]) for f in (L.F_NHAND, L.F_NDECK) for o in range(n))
    return vis, owners_of_hidden_hands, ids, board, sizes, tuple(t.hand(me))


@pytest.mark.parametrize("n", [2, 4, 5])
def test_redeal_keeps_what_the_seat_knows_and_changes_what_it_does_not(n):
    changed = 0
    for seed in range(8):
        got = positions(n, seed, 6 + seed)
        if got is None:
            continue
        t, me = got
        before = public_view(t, me)
        st0 = t.st.copy()
        redeal(t, t.st, me, seed)
        assert public_view(t, me) == before
        changed += not np.array_equal(st0, t.st)
        check_invariants(t)
    assert changed >= 4


def test_unknown_identities_are_redealt_from_the_six_and_known_ones_stay():
    t = Play(4, seed=5)
    me = 0
    t.set(L.F_REVEALED, 2, 1)               # seat 2 revealed: known to all
    t.set(L.F_SEEN, me, 1 << 3)             # seat 3 seen with Vladimir Burtsev
    st0 = t.st.copy()
    seen = set()
    for k in range(60):
        t.st[:] = st0
        redeal(t, t.st, me, k)
        for o in (0, 2, 3):
            assert t.get(L.F_IDENT, o) == int(st0[L.F_IDENT + o])
        seen.add(t.get(L.F_IDENT, 1))
        pool = sorted(int(x) for x in t.st[L.F_IDPOOL:L.F_IDPOOL + 6])
        assert pool == [0, 0, 0, 1, 1, 1]
        assert [t.get(L.F_IDPOOL, o) for o in range(4)] == [t.get(L.F_IDENT, o) for o in range(4)]
    assert seen == {0, 1}


REDEAL = "determinize(rs, tables, p, rrng, rtmp)"


def rollout_seeing_the_true_position(tmp_path):
    """rollout_choice compiled from the kernel's own source with its re-deal of what the seat
    cannot know (determinize on the playout's copy) removed: its playouts see the true
    identities, hands, deck orders and stacks."""
    return kernel_with_line_replaced(rollout_module, REDEAL, "pass", "rollout_choice", tmp_path)


def test_a_rollout_that_sees_the_true_position_fails_the_no_peek_comparison(tmp_path):
    """Mutation check of the generic no-peek test for the rollout: with its re-deal a no-op,
    across the test's re-deal (the kernel's redeal_hidden) changed_answers reports the
    rollout's action changing, and nothing else, at some position; the shipped rollout's
    does not change there."""
    flagged = first_peek_caught(no_peek_positions(), "rollout_choice", rollout_seeing_the_true_position(tmp_path))
    assert {(bot, kind) for (bot, kind, _), _ in flagged} == {("rollout", "action")}
