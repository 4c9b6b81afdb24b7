"""Set-up from the chance stream: the printed faction tables, veto counts, assassins,
courier and spies, the titled cards, the seating policies."""
import math
from collections import Counter

import pytest

from kernels.banquet import layout as L
from sim.games.banquet import pack

from tests.banquet.helpers import Table, char_id, content

SCEN1_KINGS = {11: 1, 13: 1, 15: 1, 12: 2, 14: 2, 16: 2, 17: 3, 19: 3, 21: 3, 23: 3, 18: 4, 20: 4, 22: 4, 24: 4}
SCEN1_TRAITORS = {11: 5, 12: 5, 13: 6, 14: 6, 15: 7, 16: 7, 17: 7, 18: 7, 19: 8, 20: 8, 21: 9, 22: 9, 23: 10, 24: 10}
SCEN2 = {11: (5, 6), 12: (5, 7), 13: (6, 7), 14: (6, 8), 15: (6, 9), 16: (7, 9), 17: (7, 10), 18: (7, 11),
         19: (8, 11), 20: (8, 12)}
TITLES = ["King", "Queen", "Princess", "First Knight"]


def factions(t):
    return Counter(t.get(L.F_FACTION, p) for p in range(t.n))


@pytest.mark.parametrize("n", range(11, 25))
def test_scenario1_faction_table_and_veto_tokens(n):
    t = Table(n, ("scenario1", "basic"), seed=n)
    f = factions(t)
    assert f[L.KING_F] == SCEN1_KINGS[n]
    assert f[L.ROSE_F] == f[L.TOWER_F] == SCEN1_TRAITORS[n]
    kings = sorted(t.get(L.F_CHAR, p) for p in range(n) if t.get(L.F_FACTION, p) == L.KING_F)
    assert kings == sorted(char_id(x) for x in TITLES[:SCEN1_KINGS[n]])
    assert t.get(L.F_CHAR, t.get(L.F_KING)) == char_id("King")
    assert t.get(L.F_VETO) == min(math.ceil(n / 2), 10)      # in the basic rules too (marking)
    royals = {char_id(x) for x in TITLES}
    traitor_chars = [t.get(L.F_CHAR, p) for p in range(n) if t.get(L.F_FACTION, p) != L.KING_F]
    assert not royals & set(traitor_chars) and len(set(traitor_chars)) == len(traitor_chars)
    for f_ in (L.ROSE_F, L.TOWER_F):
        assert sum(t.get(L.F_SECRET, p) == L.ASSASSIN for p in range(n) if t.get(L.F_FACTION, p) == f_) == 1


def test_the_printed_14_player_example():
    t = Table(14)
    f = factions(t)
    assert f[L.KING_F] == 2 and f[L.ROSE_F] == 6 and f[L.TOWER_F] == 6
    assert {t.get(L.F_CHAR, p) for p in range(14) if t.get(L.F_FACTION, p) == L.KING_F} == {char_id("King"), char_id("Queen")}


def test_veto_counts():
    assert Table(11).get(L.F_VETO) == 6
    assert Table(21).get(L.F_VETO) == 10 and Table(24).get(L.F_VETO) == 10
    assert Table(16, ("scenario3", "full")).get(L.F_VETO) == 8
    assert Table(16, ("scenario3", "basic")).get(L.F_VETO) == 0       # tokens only in the full rules
    assert Table(12, ("scenario2", "full")).get(L.F_PATRON) == -1     # no patron, no favors


@pytest.mark.parametrize("n", range(11, 21))
def test_scenario2_faction_table_spies_courier_decoys(n):
    t = Table(n, ("scenario2", "basic"), seed=n)
    f = factions(t)
    assert (f[L.BARON_F], f[L.DUKE_F]) == SCEN2[n]
    secrets = Counter(t.get(L.F_SECRET, p) for p in range(n))
    assert secrets[L.SPY] == (1 if n <= 14 else 2)
    assert secrets[L.COURIER] == 1
    assert secrets[L.DECOY] == SCEN2[n][0] - 3        # the faction but baron, seneschal, courier
    names = [t.get(L.F_CHAR, p) for p in range(n)]
    assert char_id("Duke") not in names and not {char_id(x) for x in TITLES} & set(names)
    baron = names.index(char_id("Baron"))
    sen = names.index(char_id("Seneschal"))
    assert t.get(L.F_HOST) == baron and t.get(L.F_SECRET, baron) == -1 and t.get(L.F_SECRET, sen) == -1
    # the seneschal as far as possible from the baron, his faction as close to him as possible
    d = abs(t.get(L.F_PLACE, baron) - t.get(L.F_PLACE, sen))
    assert min(d, n - d) == n // 2
    near = sorted(min(abs(t.get(L.F_PLACE, p) - t.get(L.F_PLACE, sen)), n - abs(t.get(L.F_PLACE, p) - t.get(L.F_PLACE, sen)))
                  for p in range(n) if t.get(L.F_FACTION, p) == L.BARON_F and p not in (baron, sen))
    k = len(near)
    assert near == sorted([(i + 2) // 2 for i in range(k)])
    # the baron did not go with his faction: he does not know the courier
    courier = [p for p in range(n) if t.get(L.F_SECRET, p) == L.COURIER][0]
    assert t.get(L.F_KNOWN, baron * L.MAXP + courier) == 0
    assert t.get(L.F_KNOWN, sen * L.MAXP + courier) == 1


@pytest.mark.parametrize("n, sizes", [(15, (5, 5, 5)), (16, (6, 5, 5)), (17, (5, 6, 6)), (25, (9, 8, 8))])
def test_scenario3_leftover_players(n, sizes):
    assert pack.faction_sizes(3, n, content(("scenario3", "basic"))) == sizes
    t = Table(n, ("scenario3", "basic"))
    f = factions(t)
    assert (f[L.KING_F], f[L.DUKE_F], f[L.BARON_F]) == sizes


def test_scenario3_at_25_players_uses_every_card():
    t = Table(25, ("scenario3", "full"))
    assert sorted(t.get(L.F_CHAR, p) for p in range(25)) == list(range(25))


def test_the_kings_faction_sits_nearest_the_king_in_scenario3():
    t = Table(16, ("scenario3", "basic"))
    king = t.get(L.F_KING)
    d = sorted(min(abs(t.get(L.F_PLACE, p) - t.get(L.F_PLACE, king)), 16 - abs(t.get(L.F_PLACE, p) - t.get(L.F_PLACE, king)))
               for p in range(16) if t.get(L.F_FACTION, p) == L.KING_F and p != king)
    assert d == [1, 1, 2, 2, 3]


@pytest.mark.parametrize("variants", [("scenario1", "basic"), ("scenario2", "full"), ("scenario3", "full")])
def test_every_player_in_exactly_one_place(variants):
    n = 16
    for seed in range(5):
        t = Table(n, variants, seed=seed)
        assert sorted(t.places()) == list(range(n))


def test_the_messenger_takes_the_signet_ring_in_the_full_rules_with_a_patron():
    for seed in range(30):
        t = Table(16, ("scenario1", "full"), seed=seed)
        m = [p for p in range(16) if t.get(L.F_CHAR, p) == char_id("Messenger")]
        assert t.get(L.F_RING) == (m[0] if m else -1)
        b = Table(16, ("scenario1", "basic"), seed=seed)
        assert b.get(L.F_RING) == -1
    assert Table(12, ("scenario2", "full")).get(L.F_RING) == -1      # no patron


def test_faction_members_know_each_others_secrets_and_nobody_else_does():
    t = Table(16)
    for v in range(16):
        for p in range(16):
            same = t.get(L.F_FACTION, v) == t.get(L.F_FACTION, p)
            assert t.get(L.F_KNOWN, v * L.MAXP + p) == (1 if same else 0)
