"""Counter-based random streams (SplitMix64).

Every game of a run owns a row of stream states ``rng[g, :]``: stream ``CHANCE`` for the
deal, shuffles and dice, and stream ``BOT0 + seat`` for each seat's bot. A stream's start
depends only on ``(seed, game_index, stream)``, so a game plays the same whatever the batch
size, thread count, shard or machine, and swapping a bot never changes the deal.
"""
import numpy as np
from numba import njit

CHANCE = 0
BOT0 = 1

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S11 = np.uint64(11)
_INV53 = 1.0 / 9007199254740992.0


@njit(cache=True)
def mix64(z):
    z = np.uint64(z)
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(cache=True)
def stream_start(seed, game_index, stream):
    """Initial state of one stream, a pure function of (seed, game index, stream)."""
    h = mix64(np.uint64(seed) ^ _GOLDEN)
    h = mix64(h ^ mix64(np.uint64(game_index) + _GOLDEN))
    return mix64(h ^ mix64(np.uint64(stream) * _M2 + _GOLDEN))


@njit(cache=True)
def seed_streams(rng, seed, game_index):
    """Fill one game's row of stream states."""
    for s in range(rng.shape[0]):
        rng[s] = stream_start(seed, game_index, s)


@njit(cache=True)
def next_u64(rng, s):
    rng[s] = rng[s] + _GOLDEN
    return mix64(rng[s])


@njit(cache=True, inline="always")
def unit(z):
    """A float in [0, 1) from 64 random bits."""
    return float(np.uint64(z) >> _S11) * _INV53


@njit(cache=True)
def uniform(rng, s):
    """A float in [0, 1)."""
    return unit(next_u64(rng, s))


@njit(cache=True)
def below(rng, s, n):
    """An integer in [0, n) (n >= 1)."""
    return int(uniform(rng, s) * n)


@njit(cache=True)
def shuffle(rng, s, a, n):
    """Fisher-Yates shuffle of the first n items of a, in place."""
    for i in range(n - 1, 0, -1):
        j = below(rng, s, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t
