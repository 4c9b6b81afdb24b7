"""Shared kernel helpers: seat rotation, ranking with tie-breaks, borrowed rows."""
import numpy as np
from numba import njit

from kernels.common import argmax_first, borrow, lowest_bit, rank_players, seat_bots


def ranks(score, tiebreak):
    n = len(score)
    rank, win = np.zeros(n, np.uint8), np.zeros(n, np.float32)
    rank_players(np.array(score), np.array(tiebreak), n, rank, win)
    return list(rank), list(win)


def test_highest_score_wins():
    assert ranks([3, 9, 5], [0, 0, 0]) == ([3, 1, 2], [0.0, 1.0, 0.0])


def test_tiebreak_separates_equal_scores():
    assert ranks([9, 9, 5], [4, 7, 0]) == ([2, 1, 3], [0.0, 1.0, 0.0])


def test_full_tie_shares_the_win():
    rank, win = ranks([9, 9, 9, 1], [2, 2, 2, 5])
    assert rank == [1, 1, 1, 4]
    assert np.allclose(win, [1 / 3, 1 / 3, 1 / 3, 0])


def test_seat_rotation_moves_bots_clockwise():
    out = np.zeros(4, np.int64)
    seat_bots(np.array([10, 11, 12, 13]), 1, out)
    assert list(out) == [13, 10, 11, 12]
    seat_bots(np.array([10, 11, 12, 13]), 0, out)
    assert list(out) == [10, 11, 12, 13]


def test_argmax_first_prefers_the_first_of_equals():
    assert argmax_first(np.array([1.0, 5.0, 5.0, 2.0]), 4) == 1
    assert argmax_first(np.array([1.0, 5.0, 9.0]), 2) == 1


@njit
def _bump_through_views(a, b, i):
    """Adds row b's item i to row a's through borrowed views; returns the new value, a
    plain array's length and a slice's sum read through the view."""
    ra, rb = borrow(a), borrow(b)
    ra[i] += rb[i]
    ra[i + 1] = 2.5          # stored as the row's dtype, as into a plain array
    return ra[i], len(ra), ra[i:i + 2].sum(), lowest_bit(np.int64(40))


def test_borrowed_rows_read_and_write_the_arrays_they_view():
    a = np.arange(6, dtype=np.int64)
    b = np.full(6, 10, np.int64)
    got, n, part, low = _bump_through_views(a, b, 2)
    assert (got, n, part, low) == (12, 6, 14, 3)
    assert list(a) == [0, 1, 12, 2, 4, 5]
    assert list(b) == [10] * 6
