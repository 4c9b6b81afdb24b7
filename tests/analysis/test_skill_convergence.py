"""`balance skill` asks whether the verdict converges: each measure at each budget of a budgeted
bot, settled when the two largest budgets' paired difference (per deal, on the same deals)
has a 95% interval containing 0. Checked on hand-built per-deal tables whose answer is known:
a budget that does not change play is settled; a planted difference on the same noisy deals
is still moving even though the two budgets' own intervals overlap (only pairing sees it)."""
import numpy as np
import polars as pl

from analysis.measures import MEASURES, Measure
from analysis.studies.skill import convergence, convergence_words

LENGTH = Measure("game_length", *MEASURES["game_length"])
SPREAD = Measure("position_spread", *MEASURES["position_spread"])
BUDGETS = {"search": ("bots.search_iterations", [50, 200, 800])}


def deals(turns, wins0):
    """A per-deal table (game_index, turns, pos_0, pos_1) of a two-player game."""
    return pl.DataFrame({"game_index": np.arange(len(turns)), "turns": turns, "pos_0": wins0,
                         "pos_1": 1.0 - np.asarray(wins0)})


def noisy(n=400, seed=3):
    """Deals that vary a lot from one to the next (sd 10 turns), as real deals do."""
    rng = np.random.default_rng(seed)
    return rng.normal(60, 10, n), rng.integers(0, 2, n).astype(float)


def tables(t50, t200, t800):
    return {"search (50 iterations)": t50, "search (200 iterations)": t200, "search (800 iterations)": t800}


def test_a_budget_that_does_not_change_play_is_settled():
    turns, wins = noisy()
    same = deals(turns, wins)
    conv = convergence(tables(deals(turns + 5, wins), same, same), BUDGETS, [LENGTH, SPREAD])
    assert conv.height == 6 and conv["settled"].all()
    assert conv.filter(pl.col("budget") == 800)["change"].to_list() == [0.0, 0.0]
    assert convergence_words(conv)[0].startswith("the mean game length with search has settled: the two largest "
                                                 "budgets agree (paired difference +0.00 turns [+0.00, +0.00] from "
                                                 "200 to 800 iterations)")


def test_a_planted_difference_on_the_same_deals_is_still_moving():
    """800 iterations play every deal 1 turn longer: within the deal-to-deal noise (the two
    intervals overlap) but the per-deal difference is exactly 1."""
    turns, wins = noisy()
    conv = convergence(tables(deals(turns, wins), deals(turns, wins), deals(turns + 1, wins)), BUDGETS, [LENGTH])
    top = conv.filter(pl.col("budget") == 800).row(0, named=True)
    below = conv.filter(pl.col("budget") == 200).row(0, named=True)
    assert below["high"] > top["low"]          # unpaired, the two would look alike
    assert top["settled"] is False and abs(top["change"] - 1.0) < 1e-9
    assert "is still moving" in convergence_words(conv)[0]


def test_one_budget_has_no_verdict_on_convergence():
    turns, wins = noisy(50)
    conv = convergence({"search (50 iterations)": deals(turns, wins)}, {"search": ("k", [50])}, [LENGTH])
    assert conv["settled"].to_list() == [None] and convergence_words(conv) == []


def test_the_command_prints_settled_or_still_moving_per_bot_and_measure():
    from cli.skill import format_convergence

    turns, wins = noisy()
    conv = convergence(tables(deals(turns, wins), deals(turns, wins), deals(turns + 1, wins)), BUDGETS,
                       [LENGTH, SPREAD])
    text = format_convergence(conv)
    assert "search  game_length      still moving: +60.34 -> +61.34" in text
    assert "search  position_spread  settled" in text
    assert text.count("Convergence: ") == 2


def test_a_planted_gap_between_positions_is_still_moving():
    """The largest gap (a max - min, the paired bootstrap): at 800 iterations position 0 also wins
    every other deal it lost, on the same deals (a gap of about 8 pp becomes about 45)."""
    turns, wins = noisy()
    more = wins.copy()
    more[(wins == 0) & (np.arange(len(wins)) % 2 == 0)] = 1.0
    conv = convergence(tables(deals(turns, wins), deals(turns, wins), deals(turns, more)), BUDGETS, [SPREAD])
    assert conv["settled"].to_list() == [False] * 3
