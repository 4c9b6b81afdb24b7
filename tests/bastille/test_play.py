"""Whole games: conservation, the trace in words, the rollout's re-deal, the bots' mission
table. Determinism, the deal, trace = play, no-peeking bots and content overrides are the
generic tests of tests/test_every_game.py (hooks in helpers.py)."""
import numpy as np
import pytest

from kernels.bastille import layout as K
from kernels.bastille.values import mission_need
from kernels.bastille.rollout import redeal_hidden
from kernels.common import as_row
from kernels.rng import seed_streams
from sim.games.bastille import GAME
from tests.bastille.helpers import Pos, invariants, play_rows


def play(bot, n):
    """n games of 4 bots of one kind, seats rotated: (Batch, each game's final state, compiled)."""
    content = GAME.content()
    comp = GAME.compile(content, 4)
    gi = np.arange(n, dtype=np.uint64)
    out, scratch = play_rows(comp, GAME.bot_codes([bot], 4), GAME.weights(content), 7, gi, gi % 4, n)
    return out, scratch[0].copy(), comp


@pytest.mark.parametrize("bot", ["random", "greedy", "heuristic"])
def test_conservation_after_whole_games(bot):
    out, st, comp = play(bot, 60)
    for g in range(60):
        assert invariants(comp.T, st[g], 4) == []
    assert (out.turns == 96).all() and (out.end_reason == 0).all()
    assert np.allclose(out.win.sum(axis=1), 1.0)


def test_the_trace_tells_every_placement_and_the_final_scoring():
    """The trace in words: rounds, the 96 placements, the final scoring, each seat's end."""
    content = GAME.content()
    comp = GAME.compile(content, 4)
    bots = GAME.bot_codes(["heuristic", "greedy", "random", "greedy"], 4)
    lines = GAME.trace(comp, bots, GAME.weights(content), 21, 2, 2)
    assert lines[1] == "-- Round 1 --" and any("Final scoring" in x for x in lines)
    assert sum("places a" in x for x in lines) == 96
    assert lines[-1].startswith("seat 3") and "rank" in lines[-1]


def _redeal(g, p, seed):
    """Re-deal everything seat p cannot see (same function the rollout bot uses)."""
    rng = as_row(np.zeros(K.MAXP + 1, np.uint64))
    seed_streams(rng, np.uint64(seed), np.uint64(99))
    redeal_hidden(g.compiled.tables, g.st, p, rng)


def test_a_redeal_leaves_every_hand_as_the_cards_say():
    """After the rollout bot's re-deal each opponent still holds as many missions, never two
    of one name, and the hand fields (names held, cards held) agree with the cards."""
    for seed in range(40):
        g = Pos(seed=seed, bots="greedy", log=False)
        g.play_placements_until(3 + seed % 5, placed=seed % 9)
        p = int(g.st[K.G_TURN])
        counts = [g.get(q, K.P_NMIS) for q in range(4)]
        _redeal(g, p, 7000 + seed)
        mis = g.st[K.MLOC:K.MLOC + g.T.n_missions]
        for q in range(4):
            held = [m for m in range(g.T.n_missions) if mis[m] == q]
            names = {int(g.T.mis_name[m]) for m in held}
            assert len(held) == counts[q] and len(names) == len(held), (seed, q)
            assert g.get(q, K.P_MISMASK) == sum(1 << x for x in names), (seed, q)
        assert invariants(g.T, g.st, 4) == [], seed


def test_a_redeal_keeps_the_public_a_b_c_order_of_the_deck():
    """The deck is A cards above B above C, which everyone sees: a re-deal shuffles each
    letter's cards among themselves, so a round-1 playout never draws a B or C card early."""
    moved = 0
    for seed in range(12):
        g = Pos(seed=seed, bots="greedy", log=False)
        g.play_placements_until(1 + seed % 4, placed=seed % 9)
        top, n = int(g.st[K.G_DECK_TOP]), g.T.n_chars
        before = g.st[K.DECK + top:K.DECK + n].copy()
        _redeal(g, int(g.st[K.G_TURN]), 500 + seed)
        after = g.st[K.DECK + top:K.DECK + n]
        assert list(g.T.char_deck[after]) == list(g.T.char_deck[before]), seed
        assert sorted(after) == sorted(before)
        moved += not (after == before).all()
    assert moved > 0


def test_mission_need_counts_what_each_held_mission_asks_of_a_card():
    """The heuristic's "does this card help my missions" count, from its cards-only table
    plus the 'each group' cards' look at the player's groups."""
    g = Pos(bots="heuristic", log=False)
    T = g.T
    names = [card["name"] for card in GAME.content().doc["missions"]["cards"]]
    by_name = {n: names.index(n) for n in names}         # the first copy of each card

    def need(c, *missions, p=0):
        return mission_need(g.tb, g.st, g.rng, p, c, sum(1 << by_name[m] for m in missions))

    peasant3, noble5, monk4 = g.card(K.GR_PEASANT, 3), g.card(K.GR_NOBLE, 5), g.card(K.GR_MONK, 4)
    crowned = g.card(K.GR_SOLDIER, 12)                  # 1 crown, 1 gem, unarmed
    armed = g.card(K.GR_NOBLE, 10)                      # 1 crown, imprinted weapon
    assert need(peasant3, "max_peasants") == 1.0
    assert need(peasant3, "max_nobles") == 0.0
    assert need(monk4, "max_nobles") == 1.0             # a monk joins any group
    assert need(crowned, "max_crowns") == 0.5 * T.char_crowns[crowned]
    assert need(crowned, "max_gems") == 0.5 and need(crowned, "max_weapons") == 0.0
    assert need(armed, "max_weapons") == 0.5
    assert need(peasant3, "series_peasants_a") == 2.0   # 3 is one of its values 3, 6, 9
    assert need(peasant3, "series_peasants_b") == 0.0   # 2, 7, 12
    assert need(noble5, "series_nobles_a") == 2.0
    assert need(monk4, "series_soldiers_a") == 2.0      # 4, 7, 10: a monk of value 4 fits
    assert need(peasant3, "max_peasants", "series_peasants_a", "max_gems") == 3.5  # its gem
    # 'two of each': wanted while p has fewer than two of the card's group
    assert need(peasant3, "two_of_each") == 1.0
    g.set(0, K.P_GRP + K.GR_PEASANT, 2)
    assert need(peasant3, "two_of_each") == 0.0
    assert need(monk4, "two_of_each") == 1.0
    assert need(noble5, "two_of_each") == 1.0


def test_bots_value_a_mission_only_when_one_can_be_taken():
    """A mission bonus (Versailles side, catacomb, Etats Generaux place) is worth what the seat
    may expect to take: the cards of a name it lacks among those it has not seen, in the piles'
    share of them (it does not see which cards the opponents hold, issue 29's no-peek); at
    Etats the later places lose it first (each tile takes a card in turn)."""
    from kernels.bastille.values import gain_value, prepare_round_values, reward_at

    g = Pos(seed=3, bots="heuristic", log=False)
    wb, p = K.WB_HEUR, 1
    every = range(g.T.n_missions)
    lacks = lambda m: not (g.get(p, K.P_MISMASK) >> int(g.T.mis_name[m])) & 1  # noqa: E731
    open_now = [m for m in every if g.st[K.MLOC + m] == K.AT_DECK and lacks(m)]
    for m in every:
        if lacks(m) and m != open_now[0] and g.st[K.MLOC + m] != p:
            g.st[K.MLOC + m] = K.AT_BOX                      # one card left that p could take, in the deck
    held = next(m for m in every if g.st[K.MLOC + m] == K.AT_DECK and not lacks(m))
    g.st[K.MLOC + held] = 0                                  # and seat 0 holds a card p does not see
    unseen = [m for m in every if g.st[K.MLOC + m] not in (p, K.AT_BOX)]
    piles = [m for m in unseen if g.st[K.MLOC + m] in (K.AT_DECK, K.AT_PILE_B)]
    expect = sum(map(lacks, unseen)) * len(piles) / len(unseen)
    assert 0 < expect < 1                                # p cannot tell it from an opponent's card
    worth = g.W[wb + K.W_MISSION]
    assert gain_value(g.tb, g.st, g.rng, p, K.K_MISSION, 2, g.W, wb) == pytest.approx(expect * worth)
    prepare_round_values(g.tb, g.st, g.rng, p, g.W, wb, g.fs)
    etats = [reward_at(g.tb, g.st, p, K.L_ETATS, pos, 1, g.W, wb, g.fs, 0) for pos in (0, 1)]
    assert etats[1] == 0.0 and etats[0] == worth + g.tb[K.T_ETATS] * g.fs[p * K.FS_BLOCK + K.FS_COIN]
    g.st[K.MLOC + held], g.st[K.MLOC + open_now[0]] = K.AT_DECK, g.st[K.MLOC + held]
    assert gain_value(g.tb, g.st, g.rng, p, K.K_MISSION, 2, g.W, wb) == pytest.approx(expect * worth)  # unseen swap
    for m in every:
        if lacks(m) and g.st[K.MLOC + m] != p:
            g.st[K.MLOC + m] = K.AT_BOX                      # none left
    assert gain_value(g.tb, g.st, g.rng, p, K.K_MISSION, 2, g.W, wb) == 0.0
