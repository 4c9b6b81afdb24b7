"""Counter-based streams: a stream depends only on (seed, game index, stream)."""
import numpy as np

from kernels.rng import below, seed_streams, shuffle, stream_start, uniform


def draws(seed, game_index, stream, k=20):
    rng = np.empty(3, np.uint64)
    seed_streams(rng, seed, game_index)
    return [below(rng, stream, 1000) for _ in range(k)]


def test_same_key_same_stream():
    assert draws(7, 123, 0) == draws(7, 123, 0)


def test_streams_differ_by_seed_index_and_stream():
    base = draws(7, 123, 0)
    assert draws(8, 123, 0) != base
    assert draws(7, 124, 0) != base
    assert draws(7, 123, 1) != base


def test_drawing_from_one_stream_leaves_the_others_alone():
    rng = np.empty(3, np.uint64)
    seed_streams(rng, 1, 2)
    before = rng.copy()
    for _ in range(5):
        uniform(rng, 1)
    assert rng[0] == before[0] and rng[2] == before[2] and rng[1] != before[1]


def test_stream_start_is_a_pure_function():
    assert stream_start(3, 4, 5) == stream_start(3, 4, 5)
    assert stream_start(3, 4, 5) != stream_start(3, 5, 4)


def test_below_is_roughly_uniform():
    rng = np.empty(1, np.uint64)
    seed_streams(rng, 99, 0)
    counts = np.bincount([below(rng, 0, 6) for _ in range(60000)], minlength=6)
    assert counts.min() > 9400 and counts.max() < 10600


def test_uniform_in_unit_interval():
    rng = np.empty(1, np.uint64)
    seed_streams(rng, 5, 5)
    xs = np.array([uniform(rng, 0) for _ in range(10000)])
    assert xs.min() >= 0.0 and xs.max() < 1.0 and abs(xs.mean() - 0.5) < 0.02


def test_shuffle_is_a_permutation_of_the_prefix():
    rng = np.empty(1, np.uint64)
    seed_streams(rng, 1, 1)
    a = np.arange(10)
    shuffle(rng, 0, a, 6)
    assert sorted(a[:6]) == list(range(6)) and list(a[6:]) == [6, 7, 8, 9]
