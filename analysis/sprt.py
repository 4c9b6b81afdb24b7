"""Sequential tests on a paired difference: the SPRT for a win-rate difference, and repeated
intervals for a measure that is not a mean of per-deal values (the position spread).

Each observation is one deal played under A and under B: d = win_A - win_B for the seat or
bot of interest. Two one-sided Wald tests run side by side (Sobel-Wald): H0 "no difference"
against H1 "A ahead by delta", and H0 against "B ahead by delta", each at alpha/2. The
log-likelihood ratio is the normal one with the variance of d estimated from the data
(as engine-testing frameworks do), so it holds for 0/1 wins and for shared wins alike.
Every function works on NumPy arrays, so a simulation can run thousands of tests at once."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

CONTINUE, ACCEPT_H0, ACCEPT_H1 = 0, -1, 1
VARIANCE_FLOOR = 1e-4  # keeps a run of identical outcomes from deciding on one batch


@dataclass(frozen=True)
class SprtSpec:
    delta: float = 0.03      # the smallest difference worth detecting (win-rate points)
    alpha: float = 0.05      # chance of declaring a difference when there is none
    beta: float = 0.10       # chance of missing a difference of delta
    min_pairs: int = 100     # no decision before this many deals (variance estimate)

    def bounds(self) -> tuple[float, float]:
        """Wald's thresholds on the log-likelihood ratio of one side (alpha split in two)."""
        a = self.alpha / 2
        return math.log(self.beta / (1 - a)), math.log((1 - self.beta) / a)


def llr(total, total_sq, n, delta1):
    """Log-likelihood ratio of mean delta1 against mean 0 for n differences with the given
    sum and sum of squares (normal model, plug-in variance)."""
    total, total_sq, n = (np.asarray(x, np.float64) for x in (total, total_sq, n))
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = np.where(n > 0, total / n, 0.0)
        var = np.maximum(np.where(n > 0, total_sq / n - mean * mean, 1.0), VARIANCE_FLOOR)
    return delta1 / var * (total - n * delta1 / 2)


def update(status: np.ndarray, total, total_sq, n, spec: SprtSpec) -> np.ndarray:
    """New [.., 2] status of the two one-sided tests (A ahead, B ahead); a decided side stays."""
    lower, upper = spec.bounds()
    status = np.array(status, np.int8, copy=True)
    ready = np.asarray(n) >= spec.min_pairs
    for side, sign in enumerate((1.0, -1.0)):
        lr = llr(total, total_sq, n, sign * spec.delta)
        open_ = (status[..., side] == CONTINUE) & ready
        status[..., side] = np.where(open_ & (lr >= upper), ACCEPT_H1,
                                     np.where(open_ & (lr <= lower), ACCEPT_H0, status[..., side]))
    return status


def verdict(status: np.ndarray) -> np.ndarray:
    """'A' (A ahead), 'B' (B ahead), '=' (no difference of delta) or '' (keep playing)."""
    status = np.asarray(status)
    a, b = status[..., 0], status[..., 1]
    return np.where(a == ACCEPT_H1, "A", np.where(b == ACCEPT_H1, "B",
                    np.where((a == ACCEPT_H0) & (b == ACCEPT_H0), "=", "")))


def fresh_status(shape=()) -> np.ndarray:
    return np.zeros((*shape, 2), np.int8)


@dataclass
class SequentialResult:
    decision: str            # 'A', 'B', '=' or '' (undecided at the maximum)
    deals: int               # paired deals played (each under A and B)
    games: int               # games played in all
    mean_diff: float
    diff_low: float
    diff_high: float
    llr_a: float
    llr_b: float
    bounds: tuple[float, float]
    measure: str = ""
    spec: SprtSpec = SprtSpec()
    method: str = "SPRT"

    def text(self, label_a: str = "A", label_b: str = "B") -> str:
        words = {"A": f"{label_a} is ahead of {label_b}", "B": f"{label_b} is ahead of {label_a}",
                 "=": "no difference as large as delta", "": "undecided at the maximum number of deals"}
        if self.method != "SPRT":
            words["A"], words["B"] = f"{label_a} is larger than {label_b}", f"{label_b} is larger than {label_a}"
        stats = (f"; LLR A-ahead {self.llr_a:.2f}, B-ahead {self.llr_b:.2f}, bounds [{self.bounds[0]:.2f}, {self.bounds[1]:.2f}]"
                 if self.method == "SPRT" else "")
        return (f"{self.method} on {self.measure or 'the focus'}: {words[self.decision]} after {self.deals:,} paired "
                f"deals ({self.games:,} games); A - B = {self.mean_diff:+.4f} "
                f"[{self.diff_low:+.4f}, {self.diff_high:+.4f}] (95%, not adjusted for stopping); "
                f"delta {self.spec.delta:g}, alpha {self.spec.alpha:g}, beta {self.spec.beta:g}{stats}")

    def to_json(self) -> dict:
        """What run.json keeps of the test (the report shows it)."""
        return {"method": self.method, "measure": self.measure, "decision": self.decision,
                "deals": self.deals, "games": self.games, "delta": self.spec.delta, "alpha": self.spec.alpha,
                "beta": self.spec.beta, "diff": self.mean_diff, "diff_low": self.diff_low,
                "diff_high": self.diff_high, "interval_note": "95%, not adjusted for stopping"}


class Sequential:
    """Accumulates per-deal differences batch by batch and says when to stop."""

    def __init__(self, spec: SprtSpec):
        self.spec = spec
        self.total = self.total_sq = 0.0
        self.n = 0
        self.status = fresh_status()

    def add(self, d: np.ndarray) -> str:
        d = np.asarray(d, np.float64)
        self.total += float(d.sum())
        self.total_sq += float((d * d).sum())
        self.n += len(d)
        self.status = update(self.status, self.total, self.total_sq, self.n, self.spec)
        return str(verdict(self.status))

    def estimate(self) -> float:
        return self.total / self.n if self.n else math.nan

    def result(self, games: int, measure: str = "") -> SequentialResult:
        mean = self.estimate()
        var = max(self.total_sq / self.n - mean * mean, 0.0) if self.n else math.nan
        half = 1.959963984540054 * math.sqrt(var / self.n) if self.n else math.nan
        return SequentialResult(
            str(verdict(self.status)), self.n, games, mean, mean - half, mean + half,
            float(llr(self.total, self.total_sq, self.n, self.spec.delta)),
            float(llr(self.total, self.total_sq, self.n, -self.spec.delta)), self.spec.bounds(),
            measure, self.spec)


def interval_decision(spec: SprtSpec, low: float, high: float) -> str:
    """A repeated interval's stop: 'A' or 'B' when [low, high] of A - B excludes 0, '=' when it
    lies inside (-delta, delta), '' to play on."""
    return "A" if low > 0 else "B" if high < 0 else "=" if -spec.delta < low and high < spec.delta else ""


class RepeatedIntervals:
    """A sequential test of a measure that is not a mean of per-deal values (the position
    spread): after each batch, a paired bootstrap interval of A - B at level 1 - alpha/looks
    (Bonferroni over the planned looks, so the chance of a false 'differ' stays below alpha).
    It stops with 'A' or 'B' when the interval excludes 0, with '=' when it lies inside
    (-delta, delta); beta is not controlled exactly (the '=' stop is an interval, not a Wald bound)."""

    def __init__(self, spec: SprtSpec, looks: int):
        self.spec, self.looks = spec, max(looks, 1)
        self.a, self.b = [], []     # analysis.paired.Deals of each batch
        self.n = 0
        self.diff = math.nan
        self.decision = ""

    def add(self, a, b) -> str:
        from analysis.paired import align

        a, b = align([a, b])
        self.a.append(a)
        self.b.append(b)
        self.n += len(a.turns)
        level = self.spec.alpha / self.looks
        low, high = self._interval(level, reps=max(1000, int(20 / level)))
        if self.n >= self.spec.min_pairs:
            self.decision = interval_decision(self.spec, low, high)
        return self.decision

    def _interval(self, level: float, reps: int) -> tuple[float, float]:
        from analysis.paired import Deals, bootstrap_spreads, spread_of

        a, b = (Deals.concat(x) for x in (self.a, self.b))
        self.diff = spread_of(a) - spread_of(b)
        boot = bootstrap_spreads([a, b], resamples=reps, seed=self.n)
        lo, hi = np.quantile(boot[:, 0] - boot[:, 1], [level / 2, 1 - level / 2])
        return float(lo), float(hi)

    def estimate(self) -> float:
        return self.diff

    def result(self, games: int, measure: str = "") -> SequentialResult:
        lo, hi = self._interval(0.05, reps=1000)
        return SequentialResult(self.decision, self.n, games, self.diff, lo, hi, math.nan, math.nan,
                                (math.nan, math.nan), measure, self.spec,
                                f"repeated bootstrap intervals (Bonferroni over {self.looks} looks)")
