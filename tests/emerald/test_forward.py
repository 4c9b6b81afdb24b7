"""A Study in Emerald as a forward model (kernels/emerald/forward.py): the decisions random walks
cannot be counted on to reach (tests/test_forward_model.py lists the rest) posted where the
rules stand, with their options, and each option applied: the attacked player's interrupt
(out of turn, inside the attacker's action) and Okhrana's cubes; and where the action stands
while one is pending."""
import numpy as np

from kernels.emerald import forward as F
from kernels.emerald import layout as L

from .helpers import MON, THU, empty_table


def assassination_answered(answer: int):
    """MON assassinates THU's agent in Paris, THU holding Sherlock Holmes: the interrupt is
    THU's decision, inside MON's action; THU answers ``answer`` (an option index)."""
    t = empty_table(4)
    c = t.city_of("Paris")
    t.put(MON, c, agents=2, cubes=1)
    t.put(THU, c, agents=1)
    t.put(THU, 0, agents=1)                       # not THU's last agent: no reveal
    hired = t.card("Hired Assassin", 0)
    t.give(MON, hired, t.card("S 002 (colour 0)"), t.card("S 003 (colour 0)"))
    sh = t.card("Sherlock Holmes")
    t.give(THU, sh)
    row = t.find(MON, L.ACT_ASSASSINATE, a=c, b=THU)[0]
    t.st[L.F_CUR] = MON
    t.st[L.F_STEP] = L.S_HALT
    t.st[L.F_DEC], t.st[L.F_DEC_SEAT] = L.DEC_ACTION, MON
    kind = F.apply(t.tables, *t.state(), t.rng, t.w, np.ascontiguousarray(row, np.int32), t.log, True)
    assert kind == L.DEC_INTERRUPT and t.get(L.F_DEC_SEAT) == THU
    assert t.get(L.F_AST) == L.AS_KILL_AGENT and t.get(L.F_INT_CARD) == sh and t.get(L.F_INT_ATT) == MON
    k = F.options(t.tables, *t.state(), t.mv)
    assert k == 2 and [tuple(t.mv[i, :2]) for i in range(k)] == [(1, sh), (0, sh)]
    if answer is None:                                      # the interrupt still pending
        return t, c, sh, hired
    F.apply(t.tables, *t.state(), t.rng, t.w, t.mv[answer].copy(), t.log, True)
    assert t.get(L.F_DEC) == L.DEC_NONE and t.get(L.F_AST) == L.AS_IDLE
    return t, c, sh, hired


def test_the_attacked_player_decides_the_interrupt_inside_the_attackers_action():
    t, c, sh, hired = assassination_answered(0)            # play Sherlock Holmes
    assert t.agents(THU, c) == 1 and t.zone(sh) == (L.Z_DISCARD, THU) and t.zone(hired)[0] == L.Z_REMOVED
    assert t.cubes(MON, c) == 1                             # stopped: no clean-up
    t, c, sh, hired = assassination_answered(1)            # keep it: the agent is lost
    assert t.agents(THU, c) == 0 and t.zone(sh) == (L.Z_HAND, THU) and t.cubes(MON, c) == 0


def test_only_the_attacked_player_sees_which_interrupt_card_it_is_offered():
    """observe()'s table (sim/games/emerald/forward.py): that THU is asked is public, which
    card it holds is not (planted once: the card shown to every seat; this failed)."""
    from types import SimpleNamespace

    from sim.games.emerald.forward import _hidden
    t, c, sh, hired = assassination_answered(None)
    table = SimpleNamespace(tables=t.tables, n_players=4)
    assert not _hidden(table, t.st, THU)[L.F_INT_CARD] and _hidden(table, t.st, MON)[L.F_INT_CARD]
    assert not _hidden(table, t.st, MON)[L.F_DEC_SEAT]


def test_okhrana_asks_for_each_cube_among_the_other_players_cubes_in_cities():
    t = empty_table(4)
    t.put(THU, 2, cubes=3)
    t.put(MON, 4, cubes=1)                        # its own cubes are not offered
    ok = t.card("Okhrana")
    t.give(MON, ok)
    row = t.text(MON, ok)
    t.st[L.F_CUR] = MON
    t.st[L.F_STEP] = L.S_HALT
    t.st[L.F_DEC], t.st[L.F_DEC_SEAT] = L.DEC_ACTION, MON
    lim = t.get(L.F_LIMBO, THU)
    for left in (2, 1):
        if left == 2:
            kind = F.apply(t.tables, *t.state(), t.rng, t.w, np.ascontiguousarray(row, np.int32), t.log, True)
        assert kind == L.DEC_OKHRANA and t.get(L.F_DEC_SEAT) == MON and t.get(L.F_AX_LEFT) == left
        k = F.options(t.tables, *t.state(), t.mv)
        assert [tuple(t.mv[i, :2]) for i in range(k)] == [(THU, 2)]
        kind = F.apply(t.tables, *t.state(), t.rng, t.w, t.mv[0].copy(), t.log, True)
    assert kind == L.DEC_NONE and t.cubes(THU, 2) == 1 and t.get(L.F_LIMBO, THU) == lim + 2
