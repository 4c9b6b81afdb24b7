"""`balance skill` reads the whole ladder: the flags on hand-built ladders (a sign change in the
middle, a trend that turns, the two strongest line-ups settled or not), and its chart (no panel
for a measure no line-up moves; line-up names that never overlap)."""
import matplotlib.pyplot as plt
import polars as pl
from matplotlib.text import Text

from analysis.sensitivity import skill_flags
from reports import charts


def ladder(measure, rows):
    """rows: (line-up, rating, estimate, low, high, step_low, step_high) from the weakest up; the
    paired difference from the weakest (diff) and from the next weaker (step) as given."""
    out, weakest = [], rows[0][2]
    for k, (u, r, e, lo, hi, sl, sh) in enumerate(rows):
        d = e - weakest
        out.append({"lineup": u, "rating": r, "measure": measure, "unit": "pp", "estimate": e, "low": lo, "high": hi,
                    "rating_low": r - 20, "rating_high": r + 20,
                    "diff": None if k == 0 else d, "diff_low": None if k == 0 else d - 0.01,
                    "diff_high": None if k == 0 else d + 0.01,
                    "step": None if k == 0 else e - rows[k - 1][2], "step_low": sl, "step_high": sh})
    return pl.DataFrame(out)


def flags_of(t, words):
    return [f for f in skill_flags(t) if words in f]


def test_a_sign_change_in_the_middle_of_the_ladder_is_flagged():
    """Both ends agree (above 0); the middle line-up is below 0."""
    t = ladder("first_player_advantage", [("random", 0, 0.03, 0.01, 0.05, None, None),
                                          ("greedy", 100, -0.03, -0.05, -0.01, -0.09, -0.03),
                                          ("heuristic", 200, 0.03, 0.01, 0.05, 0.03, 0.09)])
    assert flags_of(t, "changes sign along the ladder (weakest to strongest: +3.00 pp with random, -3.00 pp "
                       "with greedy, +3.00 pp with heuristic)")


def test_a_trend_that_turns_is_non_monotone_and_not_growth():
    """The issue's Bastille ladder read whole: random 2.5, heuristic 23.25, rollout 3.5 (strongest)."""
    t = ladder("position_spread", [("random", 0, 0.025, 0.01, 0.04, None, None),
                                   ("heuristic", 300, 0.2325, 0.21, 0.25, 0.19, 0.22),
                                   ("rollout (2 playouts)", 350, 0.035, 0.02, 0.05, -0.22, -0.18)])
    flags = skill_flags(t)
    assert any("does not move one way with strength" in f for f in flags), flags
    assert not any("grows" in f for f in flags), flags
    assert flags_of(t, "is not settled: the two strongest line-ups disagree (+23.25 pp with heuristic, +3.50 pp "
                       "with rollout (2 playouts); paired difference -19.75 pp [-22.00, -18.00])")


def test_the_issue_ladder_in_rating_order_is_not_settled():
    """random 2.5, rollout-2 3.5, heuristic 23.25 (strongest, ~50 Elo above rollout): it grows, but the
    two strongest disagree, so the finding for strong play is not settled."""
    t = ladder("position_spread", [("random", 0, 0.025, 0.01, 0.04, None, None),
                                   ("rollout (2 playouts)", 300, 0.035, 0.02, 0.05, -0.005, 0.025),
                                   ("heuristic", 350, 0.2325, 0.21, 0.25, 0.18, 0.22)])
    flags = skill_flags(t)
    assert any("not settled" in f and "+3.50 pp with rollout (2 playouts)" in f for f in flags), flags
    assert any("grows with strength (weakest to strongest: +2.50 pp with random, +3.50 pp with rollout "
               "(2 playouts), +23.25 pp with heuristic)" in f for f in flags), flags


def test_two_strongest_that_agree_are_settled_and_a_monotone_ladder_is_not_turned():
    t = ladder("position_spread", [("random", 0, 0.025, 0.01, 0.04, None, None),
                                   ("greedy", 100, 0.10, 0.08, 0.12, 0.06, 0.09),
                                   ("heuristic", 300, 0.20, 0.18, 0.22, 0.08, 0.12),
                                   ("rollout", 320, 0.205, 0.185, 0.225, -0.01, 0.02)])
    flags = skill_flags(t)
    assert not any("not settled" in f or "does not move" in f for f in flags), flags
    assert any("grows with strength" in f for f in flags)


def panels(fig):
    return [ax for ax in fig.axes if ax.axison]


def test_the_chart_labels_never_overlap_on_close_ratings():
    t = ladder("position_spread", [("random", 0, 0.10, 0.09, 0.11, None, None),
                                   ("rollout (1 playouts)", 5, 0.101, 0.09, 0.11, -0.01, 0.01),
                                   ("rollout (2 playouts)", 8, 0.102, 0.09, 0.11, -0.01, 0.01),
                                   ("heuristic", 10, 0.10, 0.09, 0.11, -0.01, 0.01)])
    fig = charts.skill_chart(t, [("position_spread", "largest gap between positions", "pp")], "close")
    renderer = fig.canvas.get_renderer()
    boxes = [Text.get_window_extent(a, renderer) for a in fig.axes[0].texts]   # the names, not their leaders
    assert len(boxes) == 4
    assert not any(boxes[i].overlaps(boxes[j]) for i in range(4) for j in range(i + 1, 4))
    plt.close(fig)


def test_a_measure_no_line_up_moves_is_constant():
    fixed = pl.DataFrame({"estimate": [96.0, 96.0], "low": [96.0, 96.0], "high": [96.0, 96.0]})
    moved = pl.DataFrame({"estimate": [96.0, 97.0], "low": [95.0, 96.0], "high": [97.0, 98.0]})
    assert charts.is_constant(fixed) and not charts.is_constant(moved)
