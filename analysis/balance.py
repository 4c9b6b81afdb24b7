"""Is it balanced? Turn order and the whole table, from sufficient statistics.

Turn-order questions are answered by ``position`` (the seat's place in the initial turn
order, 0 = the first player), never by seat index: where a rulebook draws the start player
at random, seat 0 is an identity, not the first player. ``seat`` stays available and is
labelled as such.

The whole-table test asks whether all groups (positions, seats or roles) win equally
often: Pearson's chi-square on the wins per group against shares proportional to each
group's games. With one winner per game this is the exact multinomial goodness-of-fit
test; shared wins (1/k each) only make it conservative. Beside it, simultaneous
(Bonferroni) Wilson intervals say which group differs and by how much."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl
from scipy.special import chdtrc   # the chi-square upper tail (scipy.special loads faster than scipy.stats)

from analysis.intervals import Z95, normal_quantile, wilson
from analysis.metrics import game_count, length_table, moments, share, win_rates

TURN_ORDER = "position"


def group_rates(stats: pl.DataFrame, by: str = TURN_ORDER) -> pl.DataFrame:
    """Win rates by `by`; rows without a value of `by` (game-level rows, old runs) dropped."""
    return win_rates(stats.filter(pl.col(by).is_not_null()) if by in stats.columns else stats, by)


def fair_share(t: pl.DataFrame) -> float:
    """The rate every group would have if none were favoured: all wins over all seat-games."""
    return float(t["wins"].sum() / t["games"].sum())


def from_fair_share(stats: pl.DataFrame, by: str) -> pl.DataFrame:
    """Each group's win rate as its distance from the fair share, with its 95% Wilson interval
    (the fair share taken as fixed): what the dot-and-whisker charts draw. Columns: `by`,
    games, win_rate, ci_low, ci_high, fair, from_fair, from_fair_low, from_fair_high."""
    t = group_rates(stats, by)
    fair = fair_share(t) if t.height else float("nan")
    return t.select(by, "games", "win_rate", "ci_low", "ci_high").with_columns(
        pl.lit(fair).alias("fair"), (pl.col("win_rate") - fair).alias("from_fair"),
        (pl.col("ci_low") - fair).alias("from_fair_low"), (pl.col("ci_high") - fair).alias("from_fair_high"))


def first_player_advantage(stats: pl.DataFrame, z: float) -> tuple[float, float, float]:
    """Position 0's win rate minus the fair share, with the Wilson interval of position 0."""
    t = group_rates(stats, TURN_ORDER)
    fair = fair_share(t)
    row = t.filter(pl.col(TURN_ORDER) == 0).row(0, named=True)
    lo, hi = wilson(row["wins"], row["games"], z)
    return row["win_rate"] - fair, float(lo) - fair, float(hi) - fair


def spread(stats: pl.DataFrame, confidence: float, by: str = TURN_ORDER) -> tuple[float, float, float]:
    """Largest gap between two groups' win rates, with an interval from simultaneous
    (Bonferroni) Wilson intervals on every group."""
    t = group_rates(stats, by)
    lo, hi = simultaneous(t, confidence)
    rates = t["win_rate"].to_numpy()
    return float(rates.max() - rates.min()), max(0.0, float(lo.max() - hi.min())), float(hi.max() - lo.min())


def table_win_rate(stats: pl.DataFrame, z: float = Z95) -> tuple[float, float, float]:
    """A co-operative game's win rate, with its Wilson interval: every seat wins or loses with
    the table, so the pooled rate (all wins over all seat-games) is the share of games won."""
    t = group_rates(stats, "seat")
    rate, games = fair_share(t), game_count(stats)
    lo, hi = wilson(rate * games, games, z)
    return rate, float(lo), float(hi)


def game_of(stats: pl.DataFrame):
    """The registered Game these statistics are of (None for an unknown id or a mix of games):
    what it declares about turn order and co-operation."""
    from sim.registry import game_ids, get_game

    ids = stats["game"].unique().to_list()
    return get_game(ids[0]) if len(ids) == 1 and ids[0] in game_ids() else None


def is_cooperative(stats: pl.DataFrame) -> bool:
    """Whether these games were played in a co-operative variant (all seats win or lose together)."""
    game = game_of(stats)
    variants = {v for name in stats["variant"].unique().to_list() for v in (name or "").split("+")}
    return game is not None and bool(variants & set(game.cooperative_variants))


def positions_meaningful(stats: pl.DataFrame) -> bool:
    """False for a game that declares a seat's place in the turn order carries no meaning."""
    game = game_of(stats)
    return game is None or game.positions_meaningful


def simultaneous(t: pl.DataFrame, confidence: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Wilson intervals that hold for every row of a rate table at once (Bonferroni)."""
    z = normal_quantile(1 - (1 - confidence) / (2 * max(t.height, 1)))
    return wilson(t["wins"].to_numpy(), t["games"].to_numpy(), z)


@dataclass
class EqualRates:
    """The whole-table test of one grouping, and what it says in one sentence."""

    by: str
    groups: int
    games: int
    chi2: float
    df: int
    p: float
    fair: float
    worst: object          # the group furthest from the fair share
    worst_rate: float
    worst_low: float       # its simultaneous interval
    worst_high: float
    alpha: float = 0.05

    @property
    def differ(self) -> bool:
        return self.p < self.alpha

    def sentence(self) -> str:
        label = {"position": "position", "seat": "seat", "role": "role", "bot": "bot"}.get(self.by, self.by)
        gap = 100 * (self.worst_rate - self.fair)
        worst = (f"{label} {self.worst} at {100 * self.worst_rate:.1f}% "
                 f"({gap:+.1f} pp; simultaneous 95% interval {100 * self.worst_low:.1f}-{100 * self.worst_high:.1f}%)")
        test = f"chi-square {self.chi2:.1f}, df {self.df}, p {format_p(self.p)}"
        if self.differ:
            return (f"The {label}s do not win equally often ({test}): the largest gap from the fair "
                    f"{100 * self.fair:.1f}% is {worst}.")
        return (f"No {label} differs from {100 * self.fair:.1f}% at this sample size of {self.games:,} games "
                f"({test}); the largest gap is {worst}.")


def format_p(p: float) -> str:
    return "< 0.0001" if p < 1e-4 else f"= {p:.4f}" if p < 0.01 else f"= {p:.3f}"


def equal_rates(stats: pl.DataFrame, by: str = TURN_ORDER, alpha: float = 0.05) -> EqualRates:
    """Pearson's chi-square of wins per group against shares proportional to games."""
    t = group_rates(stats, by)
    return equal_rates_of(t, by, alpha)


def equal_rates_of(t: pl.DataFrame, by: str, alpha: float = 0.05) -> EqualRates:
    wins, games = t["wins"].to_numpy(), t["games"].to_numpy().astype(np.float64)
    fair = fair_share(t)
    expected = wins.sum() * games / games.sum()
    with np.errstate(invalid="ignore", divide="ignore"):
        stat = float(np.where(expected > 0, (wins - expected) ** 2 / expected, 0.0).sum())
    df = max(t.height - 1, 1)
    p = float(chdtrc(df, stat)) if wins.sum() > 0 else 1.0
    lo, hi = simultaneous(t)
    rates = t["win_rate"].to_numpy()
    i = int(np.argmax(np.abs(rates - fair)))
    per_game = int(games.sum() // max(t.height, 1))
    return EqualRates(by, t.height, per_game, stat, df, p, fair, t[by][i], float(rates[i]),
                      float(lo[i]), float(hi[i]), alpha)


def verdict(stats: pl.DataFrame) -> str:
    """The sentence a designer reads first: do the places in the turn order win equally?"""
    return equal_rates(stats, TURN_ORDER).sentence()


def summary_metrics(stats: pl.DataFrame) -> dict:
    """Ludii-style balance metrics by turn-order position, with 95% intervals."""
    t = group_rates(stats, TURN_ORDER)
    rates = t["win_rate"].to_numpy()
    games = game_count(stats)
    shared, _ = share(stats, "shared", value=1.0)
    capped, _ = share(stats, "end_reason", label="turn_cap")
    margin = moments(stats, "margin", [])
    fpa, fpa_lo, fpa_hi = first_player_advantage(stats, Z95)
    d_lo, d_hi = (float(x) for x in wilson(shared, games))
    c_lo, c_hi = (float(x) for x in wilson(games - capped, games))
    return {
        "games": games,
        "balance": 1.0 - float(rates.max() - rates.min()),
        "first_player_advantage": fpa,
        "first_player_advantage_low": fpa_lo,
        "first_player_advantage_high": fpa_hi,
        "equal_positions_p": equal_rates_of(t, TURN_ORDER).p,
        "drawishness": shared / games, "drawishness_low": d_lo, "drawishness_high": d_hi,
        "completion": (games - capped) / games, "completion_low": c_lo, "completion_high": c_hi,
        "turn_cap_games": int(capped),
        "mean_margin": margin["mean"][0],
        "duration": length_table(stats),
    }
