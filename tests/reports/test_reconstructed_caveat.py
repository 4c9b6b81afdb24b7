"""Issue 27 items 1 and 3 on the verdict block. Two Banquet scenario-4 games of six: the maiden
(seat 0) converts seats 1 and 2 and wins game 0; the queen's faction wins game 1 with no
converts. `role` is the faction a seat finished in (kernels/banquet/play.py), so the converts'
wins count for the maiden. No kernel is played."""
import numpy as np
import polars as pl

from analysis.suffstats import sufficient_stats
from sim.games.banquet import GAME

N = 6
WIN = np.array([[1, 1, 1, 0, 0, 0], [0, 1, 1, 1, 1, 1]], np.float32)
CONVERTED = np.array([[0, 1, 1, 0, 0, 0], [0, 0, 0, 0, 0, 0]])
FINISHED = np.array([[6, 6, 6, 5, 5, 5], [6, 5, 5, 5, 5, 5]])     # maiden 6, queen 5 (layout.ROLES)


def rows() -> pl.DataFrame:
    g, s = np.divmod(np.arange(2 * N), N)
    return pl.DataFrame({
        "game_index": g.astype(np.uint64), "rotation": np.zeros(2 * N, np.uint8),
        "seed": np.zeros(2 * N, np.uint64), "game": "banquet", "variant": "scenario4+basic",
        "n_players": np.full(2 * N, N, np.uint8), "seat": s.astype(np.uint8), "position": s.astype(np.uint8),
        "bot": "greedy", "role": [GAME.roles[r] for r in FINISHED.ravel()],
        "secret_role": pl.Series([None] * 2 * N, dtype=pl.String),
        "score": WIN.ravel().astype(np.int32), "rank": (2 - WIN.ravel()).astype(np.uint8), "win": WIN.ravel(),
        "turns": np.full(2 * N, 30, np.uint32), "end_reason": "finished",
        "banquet_converted": CONVERTED.ravel().astype(np.float64)})


def test_the_verdict_carries_the_games_reconstruction_caveat(tmp_path):
    """A game whose content is largely reconstructed says so beside its verdict (a declared
    fact, Game.reconstructed), and the faction line compares the finishing factions."""
    from reports.build import verdict_block
    from reports.page import Page, Run, to_markdown

    page = Page(tmp_path)
    meta = {"config": {"game": "banquet", "players": N}, "variant": "scenario4+basic"}
    verdict_block(page, [Run("s4", tmp_path, sufficient_stats(rows()), None, meta)], None, None)
    text = to_markdown(page.blocks, "t")
    assert GAME.reconstructed and f"Caveat (banquet): {GAME.reconstructed}." in text
    # a run not played with --robust says whose its marks are and how to test them across bots
    assert "whether it holds with other bots is not measured here (`balance run --resume RUN --robust`" in text
    # each faction won one of the two games: 50% each (its seats' share, 3 of 4 and 5 of 8, is
    # not the faction's: the maiden's faction grew with the game it won)
    assert "maiden 50.0% vs queen 50.0%" in text or "queen 50.0% vs maiden 50.0%" in text
