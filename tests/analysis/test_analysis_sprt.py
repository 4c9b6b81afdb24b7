"""The SPRT by simulation with known effects: error rates held, early stops on large effects."""
import numpy as np
import pytest

from analysis.intervals import games_needed
from analysis.sprt import Sequential, SprtSpec, fresh_status, update, verdict

SPEC = SprtSpec(delta=0.05, alpha=0.05, beta=0.10, min_pairs=100)
REPS, BATCH, MAX_PAIRS = 2000, 100, 20_000


def simulate(p_a: float, p_b: float, seed: int, same_deal: float = 0.5):
    """REPS independent sequential tests on paired 0/1 wins. With probability same_deal a
    deal's outcome draws use one uniform for both arms (the pairing the runner gives)."""
    rng = np.random.default_rng(seed)
    total, total_sq, n = np.zeros(REPS), np.zeros(REPS), np.zeros(REPS)
    status = fresh_status((REPS,))
    stop = np.full(REPS, MAX_PAIRS)
    while True:
        active = verdict(status) == ""
        if not active.any() or n.max() >= MAX_PAIRS:
            break
        u = rng.random((REPS, BATCH))
        v = np.where(rng.random((REPS, BATCH)) < same_deal, u, rng.random((REPS, BATCH)))
        d = (u < p_a).astype(float) - (v < p_b).astype(float)
        d[~active] = 0.0
        total += d.sum(1)
        total_sq += (d * d).sum(1)
        n += np.where(active, BATCH, 0)
        status = update(status, total, total_sq, n, SPEC)
        stop = np.where(active & (verdict(status) != ""), n, stop)
    return verdict(status), stop


def rate(decisions, what):
    return float(np.mean(decisions == what))


def test_false_positive_rate_held_when_there_is_no_difference():
    decisions, _ = simulate(0.3, 0.3, seed=11)
    se = np.sqrt(SPEC.alpha * (1 - SPEC.alpha) / REPS)
    assert rate(decisions, "A") + rate(decisions, "B") <= SPEC.alpha + 3 * se
    assert rate(decisions, "=") >= 0.9


def test_power_held_at_the_design_difference():
    decisions, _ = simulate(0.35, 0.30, seed=12)
    se = np.sqrt(SPEC.beta * (1 - SPEC.beta) / REPS)
    assert rate(decisions, "A") >= 1 - SPEC.beta - 3 * se
    assert rate(decisions, "B") <= 0.005


def test_large_effect_stops_far_earlier_than_a_fixed_size_run():
    decisions, stop = simulate(0.55, 0.25, seed=13)
    fixed = games_needed(0.25, 0.25 + SPEC.delta, SPEC.alpha, 1 - SPEC.beta)
    assert rate(decisions, "A") == 1.0
    assert np.mean(stop) * 5 < fixed
    assert np.max(stop) < fixed


def test_sequential_object_agrees_with_the_array_functions():
    rng = np.random.default_rng(4)
    seq = Sequential(SPEC)
    decision = ""
    while decision == "":
        decision = seq.add((rng.random(BATCH) < 0.6).astype(float) - (rng.random(BATCH) < 0.3))
    assert decision == "A"
    res = seq.result(games=2 * seq.n)
    assert res.diff_low < 0.3 < res.diff_high
    assert res.llr_a >= SPEC.bounds()[1]
    assert "ahead" in res.text()


def test_no_decision_before_the_minimum_number_of_pairs():
    seq = Sequential(SPEC)
    assert seq.add(np.ones(SPEC.min_pairs - 1)) == ""
    assert seq.add(np.ones(1)) == "A"


@pytest.mark.parametrize("alpha,beta", [(0.05, 0.1), (0.01, 0.2)])
def test_bounds_are_walds(alpha, beta):
    lo, hi = SprtSpec(alpha=alpha, beta=beta).bounds()
    assert hi == pytest.approx(np.log((1 - beta) / (alpha / 2)))
    assert lo == pytest.approx(np.log(beta / (1 - alpha / 2)))
