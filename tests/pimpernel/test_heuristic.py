"""The heuristic's leader spaces and buildings (issue #34), each weight against its old value 0:
leader_floor, leader_last and building_need decide between two offered moves as they say."""
import numpy as np
import pytest

from kernels.pimpernel import layout as L
from kernels.pimpernel.bots import choose_index
from kernels.pimpernel.rules import begin_turn
from tests.pimpernel.helpers import Table


def _choices(t, options, draws=20):
    """The heuristic's choices for seat 0 among these option rows, over several draws."""
    for i, row in enumerate(options):
        t.moves[i, :] = row
    got = set()
    for _ in range(draws):
        i = choose_index(t.s, t.K, t.c.RS, t.c.RM, t.W, L.BOT_HEURISTIC, 0, t.moves, len(options), t.tmp,
                         t.ctx, t.rng)
        got.add(tuple(int(x) for x in t.moves[i, :3]))
    return got


def _empty_areas(t):
    for p in range(t.n):
        for a in range(L.NAREA):
            t.set_area(p, a, 0)


PASS = (L.MV_PASS, 0, 0, -1)
LEAD_RES = (L.MV_LEADER, L.L_RESOURCES, 0, -1)


@pytest.mark.parametrize("floor", [0.0, 0.45])
def test_leader_floor_contests_a_leader_space_whose_part_looks_lost(floor):
    """No resource cube on the board yet: the old valuation (floor 0) puts the resources leader
    space at 0, below passing; with a floor it is taken."""
    t = Table(4)
    _empty_areas(t)
    begin_turn(t.s)
    t.W[L.W_LEAD_FLOOR] = floor
    want = (L.MV_LEADER, L.L_RESOURCES, 0) if floor > t.W[L.W_PASS] else (L.MV_PASS, 0, 0)
    assert _choices(t, [PASS, LEAD_RES]) == {want}


@pytest.mark.parametrize("last", [0.0, 1.5])
def test_leader_last_keeps_the_round_open_while_requirements_are_unmet(last):
    """Four leader spaces taken, the resources one free and no resource cube placed: taking it
    would end the round. leader_last 1.5 takes its whole worth away (at least two of the four
    requirements unmet), so the heuristic passes; 0 leaves the floor's worth, and it closes."""
    t = Table(4)
    _empty_areas(t)
    for k in range(1, L.NLEAD):
        t.put(L.O_LEADER + k, 1)
    begin_turn(t.s)
    t.W[L.W_LEAD_FLOOR] = 0.45
    t.W[L.W_LEAD_LAST] = last
    want = (L.MV_PASS, 0, 0) if last > 0 else (L.MV_LEADER, L.L_RESOURCES, 0)
    assert _choices(t, [PASS, LEAD_RES]) == {want}


@pytest.mark.parametrize("need", [0.0, 1.0])
def test_building_need_prefers_the_building_of_a_lacking_area(need):
    """Two building spaces offered, one whose tile gives horses (the mission lacks them), one
    the rest area: building_need 1.0 always takes the horses; 0 values them alike."""
    t = Table(4)
    _empty_areas(t)
    tiles = t.s[L.O_BLDTILE:L.O_BLDTILE + 7]
    horse = int(np.flatnonzero(t.K[L.K_TILE_AREA + tiles] == L.A_HORSE)[0])
    rest = int(np.flatnonzero(t.K[L.K_TILE_AREA + tiles] == L.A_REST)[0])
    need_horses = sum(int(t.K[L.K_MC_NEED + t.s[L.O_CUR_CARDS + i] * L.NNEED + L.A_HORSE])
                      for i in range(int(t.s[L.O_NCUR])))
    assert need_horses > 0
    begin_turn(t.s)
    t.W[L.W_BUILD_NEED] = need
    got = _choices(t, [(L.MV_BUILD, horse, 0, -1), (L.MV_BUILD, rest, 0, -1)], draws=40)
    if need > 0:
        assert got == {(L.MV_BUILD, horse, 0)}
    else:
        assert got == {(L.MV_BUILD, horse, 0), (L.MV_BUILD, rest, 0)}
