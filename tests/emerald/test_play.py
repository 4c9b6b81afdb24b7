"""Whole games: invariants after every turn (cards, cubes, agents with trophies and Mi-Go/Yog
Sothoth, zombies, sanity, tracks), determinism, the deal independent of the bots, every game
ending, 2-5 players."""
import numpy as np
import pytest

from kernels.emerald import layout as L
from sim.game import Batch
from sim.games.emerald import GAME

from .helpers import Play


def check_invariants(t: Play) -> None:
    st, n = t.st, t.n
    nc = int(t.rules[L.R_CARDS])
    zone = st[L.F_ZONE:L.F_ZONE + nc]
    own = st[L.F_ZOWN:L.F_ZOWN + nc]
    for p in range(n):
        assert sorted(t.hand(p)) == sorted(np.where((zone == L.Z_HAND) & (own == p))[0].tolist())
        assert sorted(t.deck(p)) == sorted(np.where((zone == L.Z_DECK) & (own == p))[0].tolist())
        assert len(set(t.hand(p))) == len(t.hand(p)) and len(set(t.deck(p))) == len(t.deck(p))
        # cubes: cities + Limbo + stock
        assert sum(t.cubes(p, c) for c in range(L.NCITY)) + t.get(L.F_LIMBO, p) + t.get(L.F_CSTOCK, p) == 10
        assert min(t.cubes(p, c) for c in range(L.NCITY)) >= 0 and t.get(L.F_LIMBO, p) >= 0
        # agents: cities + stock + Mi-Go + Yog Sothoth + trophies on others' agent-box cards
        trophies = int(((zone == L.Z_IDENT) & (st[L.F_VICTIM:L.F_VICTIM + nc] == p)).sum())
        agents = (sum(t.agents(p, c) for c in range(L.NCITY)) + t.get(L.F_ASTOCK, p) + t.get(L.F_MIGO, p)
                  + t.get(L.F_YOG, p) + trophies)
        assert agents == 10
        assert 0 <= t.get(L.F_SANITY, p) <= 3
    for c in range(L.NCITY):
        s = t.stack(c)
        assert sorted(s) == sorted(np.where((zone == L.Z_STACK) & (own == c))[0].tolist())
        slot = t.get(L.F_SLOT, c)
        if slot >= 0:
            assert zone[slot] == L.Z_SLOT and t.cards[slot, L.K_CITY] == c
    board = int(st[L.F_ZOMB:L.F_ZOMB + n * L.NCITY].sum())
    if t.get(L.F_LEOPOLD):
        assert board == 0 and t.get(L.F_ZSUPPLY) == 0
    else:
        assert board + t.get(L.F_ZSUPPLY) == 6
    assert 0 <= t.get(L.F_TRACK_R) <= 10 and 0 <= t.get(L.F_TRACK_L) <= 10


@pytest.mark.parametrize("n,bots", [(2, [0, 1]), (3, [0, 1, 0]), (4, [0, 1, 0, 1]), (5, [1, 0, 1, 0, 0])])
def test_invariants_hold_after_every_turn(n, bots):
    for seed in range(6):
        t = Play(n, seed=seed, bots=0)
        t.bots[:] = bots
        t.start()
        t.play_to(0)            # the placement rounds
        check_invariants(t)
        for turn in range(600):
            t.play_to(turn + 1)
            check_invariants(t)
            if t.get(L.F_END) != L.END_NONE:
                break
        assert t.get(L.F_END) != L.END_NONE


def play(n, bot, seed, games, rotation=None, start=0):
    c = GAME.compile(GAME.content(), n)
    w = GAME.weights(GAME.content())
    out = Batch.alloc(games, n, len(GAME.metrics))
    gi = np.arange(start, start + games, dtype=np.uint64)
    rot = np.zeros(games, np.int64) if rotation is None else rotation
    GAME.play(c, GAME.bot_codes(bot, n), w, seed, gi, rot, out)
    return out


def test_the_same_seed_plays_the_same_games_whatever_the_batch():
    a = play(4, ["greedy"], 7, 64)
    b = play(4, ["greedy"], 7, 32, start=32)
    for f in ("score", "rank", "win", "role", "position", "turns", "end_reason", "metrics"):
        assert np.array_equal(getattr(a, f)[32:], getattr(b, f)), f


def test_the_deal_does_not_depend_on_the_bots():
    c = GAME.compile(GAME.content(), 4)
    w = GAME.weights(GAME.content())
    heads = []
    for bots in (["random"], ["greedy"], ["random", "greedy", "greedy", "random"]):
        ev, out, _ = GAME.trace_events(c, GAME.bot_codes(bots, 4), w, 3, 5, 0)
        heads.append([tuple(e) for e in ev if e[0] in (L.EV_FIRST, L.EV_IDENTITY)])
        assert list(out.role[0]) == [e[2] for e in heads[-1][1:]]
    assert heads[0] == heads[1] == heads[2]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("bot", ["random", "greedy", "heuristic"])
def test_games_end_before_the_turn_cap(n, bot):
    out = play(n, [bot], 11, 400)
    assert (out.end_reason != L.END_TURN_CAP).all()
    assert (out.win.sum(axis=1) > 0.99).all()
    # position 0 is the start player drawn by chance
    assert set(np.argmin(out.position, axis=1).tolist()) == set(range(n))


def test_trace_plays_the_batch_game():
    c = GAME.compile(GAME.content(), 4)
    w = GAME.weights(GAME.content())
    bots = GAME.bot_codes(["greedy", "random"] * 2, 4)
    out = play(4, ["greedy", "random"] * 2, 5, 8)
    for g in (0, 3, 7):
        ev, one, _ = GAME.trace_events(c, bots, w, 5, g, 0)
        assert np.array_equal(one.score[0], out.score[g]) and one.turns[0] == out.turns[g]
        # the trace's running VP ends on each seat's raw VP (before the final adjustments)
        running = {int(s): int(vp) for s, vp in ev[ev[:, 0] == L.EV_VP][:, 1:3]}
        assert [running.get(s, 0) for s in range(4)] == one.metrics[0, :, L.M_RAW_VP].astype(int).tolist()


def test_a_traced_game_reads_as_plain_words():
    c = GAME.compile(GAME.content(), 4)
    w = GAME.weights(GAME.content())
    lines = GAME.trace(c, GAME.bot_codes(["greedy"], 4), w, 3, 2, 0)
    assert lines[0].endswith("starts (drawn by chance)")
    assert sum(1 for x in lines if "is dealt a secret identity" in x) == 4
    assert any(x.startswith("-- turn 1:") for x in lines)
    assert lines[-5].startswith("The game ends: ")
    assert sum(1 for x in lines[-4:] if x.endswith("- wins")) >= 1
    assert not any("None" in x for x in lines)


def test_metrics_tell_the_final_adjustments():
    out = play(4, ["greedy"], 13, 200)
    m = {name: out.metrics[:, :, i] for i, name in enumerate(GAME.metrics)}
    # score = raw VP - VP lost - penalty, for every seat of every game
    assert np.array_equal(out.score, (m["raw_vp"] - m["vp_lost"] - m["penalty"]).astype(np.int32))
    assert set(np.unique(m["penalty"])) <= {0.0, 5.0}
    assert (m["penalty"].max(axis=1) == 5).all()                 # some side always pays
    assert ((m["revealed"] == 1) | (m["revealed"] == 0)).all()


def test_the_kernel_bench_figure():
    c = GAME.compile(GAME.content(), 4)
    figs = GAME.kernel_bench(c)
    assert set(figs) == set(GAME.kernel_figures) and figs["legal_action_lists_per_s"] > 0
