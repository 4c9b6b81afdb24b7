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
    # No wins (all wins) puts the bound exactly at 0 (1), where rounding leaves 1e-19: a
    # threshold of 0, e.g. no game may hit the turn cap, must not fail a run that has none.
    lo = np.where((n > 0) & (wins > 0), np.clip(centre - half, 0, 1), 0.0)
    hi = np.where((n > 0) & (wins < n), np.clip(centre + half, 0, 1), 1.0)
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


# -- tests and intervals built on the normal and binomial laws (no scipy at run time) ------

def normal_sf(z: float) -> float:
    """Upper tail of the standard normal."""
    return 0.5 * math.erfc(z / math.sqrt(2))


def normal_quantile(q: float) -> float:
    from statistics import NormalDist

    return NormalDist().inv_cdf(q)


def mean_interval(total: float, total_sq: float, n: float, z: float = Z95):
    """Mean with a normal-theory interval from a count, a sum and a sum of squares."""
    if n <= 0:
        return math.nan, math.nan, math.nan, math.nan
    mean = total / n
    var = max(total_sq / n - mean * mean, 0.0) * (n / (n - 1) if n > 1 else 0.0)
    half = z * math.sqrt(var / n)
    return mean, math.sqrt(var), mean - half, mean + half


def newcombe_diff(w1: float, n1: float, w2: float, n2: float, z: float = Z95):
    """Interval for p1 - p2 from the two Wilson intervals (Newcombe's hybrid score method)."""
    p1, p2 = w1 / n1, w2 / n2
    l1, u1 = (float(x) for x in wilson(w1, n1, z))
    l2, u2 = (float(x) for x in wilson(w2, n2, z))
    d = p1 - p2
    lo = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    hi = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return d, lo, hi


def two_proportion_test(w1: float, n1: float, w2: float, n2: float) -> tuple[float, float]:
    """Pooled two-sided z-test of p1 = p2: (z, p-value). Equals the uncorrected chi-square test."""
    pooled = (w1 + w2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 0.0, 1.0
    z = (w1 / n1 - w2 / n2) / se
    return z, min(1.0, 2 * normal_sf(abs(z)))


def holm(pvalues) -> np.ndarray:
    """Holm step-down adjusted p-values: family-wise error control over several tests."""
    p = np.asarray(pvalues, np.float64)
    m = len(p)
    order = np.argsort(p, kind="stable")
    scaled = (m - np.arange(m)) * p[order]
    adjusted = np.minimum(np.maximum.accumulate(scaled), 1.0)
    out = np.empty(m)
    out[order] = adjusted
    return out


def sign_test(better: int, worse: int) -> float:
    """Exact two-sided binomial test of better vs worse among discordant pairs (McNemar exact)."""
    n = better + worse
    if n == 0:
        return 1.0
    k = np.arange(1, n + 1)
    # log pmf of Binomial(n, 1/2), built by ratios to stay exact-ish for large n
    log_pmf = np.concatenate([[0.0], np.cumsum(np.log(n - k + 1) - np.log(k))]) - n * math.log(2)
    tail = np.exp(log_pmf[: min(better, worse) + 1]).sum()
    return float(min(1.0, 2 * tail))


def extra_games(n: float, half_width: float, gap: float) -> int:
    """Games still needed so an interval of half_width at n games shrinks inside `gap`.

    Interval width falls as 1/sqrt(n): n_total = n * (half_width / gap)^2."""
    if gap <= 0 or not math.isfinite(gap):
        return -1  # the estimate sits on the threshold: no finite number resolves it
    return max(0, int(math.ceil(n * (half_width / gap) ** 2 - n)))
