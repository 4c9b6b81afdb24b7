"""Confidence intervals for proportions."""
from __future__ import annotations

import math

import numpy as np

Z95 = 1.959963984540054


def wilson(wins: float | np.ndarray, n: float | np.ndarray, z: float = Z95):
    """Wilson score interval for wins out of n (wins may be fractional: shared wins)."""
    wins = np.asarray(wins, np.float64)
    n = np.asarray(n, np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = np.where(n > 0, wins / n, 0.0)
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = np.where(n > 0, np.clip(centre - half, 0, 1), 0.0)
    hi = np.where(n > 0, np.clip(centre + half, 0, 1), 1.0)
    return lo, hi


def games_needed(p1: float, p2: float, alpha: float = 0.05, power: float = 0.8) -> int:
    """Games per arm for a two-sided two-proportion z-test to resolve p1 vs p2."""
    from statistics import NormalDist

    if p1 == p2:
        return math.inf  # type: ignore[return-value]
    za = NormalDist().inv_cdf(1 - alpha / 2)
    zb = NormalDist().inv_cdf(power)
    pbar = (p1 + p2) / 2
    num = (za * math.sqrt(2 * pbar * (1 - pbar)) + zb * math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))) ** 2
    return int(math.ceil(num / (p1 - p2) ** 2))
