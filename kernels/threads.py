"""``play_batch``: a game's ``play_rows`` kernel run over its rows in threads.

A kernel's ``play_rows(first, last, ...)`` plays rows first..last-1 of a batch (a row: one
scratch row's run of games, or one game) and is compiled ``nogil``, so Python threads run it
side by side on every core. Numba's own parallel loop (``parallel=True`` and ``prange``) did
this before and compiled 12-24 s longer per game, every cold start, for the same games at
the same speed (docs/performance.md).

The rows are split into one contiguous block per thread, as the parallel loop's static
schedule did; a row's games never depend on the thread count (tests/test_every_game.py)."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numba

_pool: ThreadPoolExecutor | None = None


def _threads() -> ThreadPoolExecutor:
    global _pool
    if _pool is None:
        _pool = ThreadPoolExecutor(max(1, numba.config.NUMBA_NUM_THREADS - 1), thread_name_prefix="play_rows")
    return _pool


def over_rows(play_rows, count_rows):
    """play_batch(*args): play_rows over count_rows(*args) rows on numba.get_num_threads()
    threads, this one included."""
    def play_batch(*args):
        rows = count_rows(*args)
        n = max(1, min(numba.get_num_threads(), rows))
        cuts = [t * rows // n for t in range(n + 1)]
        others = [_threads().submit(play_rows, cuts[t], cuts[t + 1], *args) for t in range(1, n)]
        play_rows(cuts[0], cuts[1], *args)
        for f in others:
            f.result()
    play_batch.__doc__ = play_rows.__doc__
    return play_batch


def scratch_rows(tables, scratch, *_):
    """A game kernel's rows: its scratch rows (the state rows come first in its scratch)."""
    return scratch[0].shape[0]


def game_rows(*args):
    """A kernel with a row per game: the games of its outputs (score, the first of the ten)."""
    return args[-10].shape[0]
