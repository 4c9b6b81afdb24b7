"""Balance tables and summary metrics computed from sufficient statistics (histograms)."""
from __future__ import annotations

import math

import numpy as np
import polars as pl

from analysis.intervals import mean_interval, wilson

PERCENTILES = (0.1, 0.25, 0.5, 0.75, 0.9)


def _stat(stats: pl.DataFrame, stat: str) -> pl.DataFrame:
    return stats.filter(pl.col("stat") == stat)


def moments(stats: pl.DataFrame, stat: str, by: list[str]) -> pl.DataFrame:
    """n, mean, sd and a 95% interval on the mean of `stat`, grouped by `by`."""
    t = (
        _stat(stats, stat).group_by(by)
        .agg(pl.col("count").sum().alias("n"),
             (pl.col("value") * pl.col("count")).sum().alias("total"),
             (pl.col("value") ** 2 * pl.col("count")).sum().alias("total_sq"))
        .sort(by, nulls_last=True)
    )
    rows = [mean_interval(a, b, n) for a, b, n in zip(t["total"], t["total_sq"], t["n"])]
    cols = np.array(rows, np.float64).reshape(-1, 4)
    return t.with_columns(pl.Series("mean", cols[:, 0]), pl.Series("sd", cols[:, 1]),
                          pl.Series("mean_low", cols[:, 2]), pl.Series("mean_high", cols[:, 3])
                          ).drop("total", "total_sq")


# The two role columns: the side or faction chance dealt, and the secret role within it.
ROLE_LAYERS = ("role", "secret_role")


def win_rates(stats: pl.DataFrame, by: str | list[str]) -> pl.DataFrame:
    """Win rate with a 95% Wilson interval and mean/sd score, grouped by `by`."""
    by = [by] if isinstance(by, str) else list(by)
    seat_rows = stats.filter(pl.col("seat") >= 0)
    for layer in ROLE_LAYERS:
        if layer in by:
            seat_rows = seat_rows.drop_nulls(layer)
    w = moments(seat_rows, "win", by).select(*by, pl.col("n").alias("games"),
                                             (pl.col("mean") * pl.col("n")).alias("wins"))
    s = moments(seat_rows, "score", by).select(*by, pl.col("mean").alias("mean_score"),
                                               pl.col("sd").alias("sd_score"))
    t = w.join(s, on=by, how="left", nulls_equal=True).sort(by, nulls_last=True)
    t = t.with_columns(pl.col("games").alias("seat_games"), (pl.col("wins") / pl.col("games")).alias("win_rate"))
    if any(layer in by for layer in ROLE_LAYERS) and shares_outcomes(stats):
        t = faction_outcomes(stats, t, by) if faction_counted(stats, by) else per_faction_outcomes(stats, t, by)
    lo, hi = wilson(t["wins"].to_numpy(), t["games"].to_numpy())
    return t.with_columns(pl.Series("ci_low", lo), pl.Series("ci_high", hi))


CONFIG_KEYS = ("game", "variant", "n_players")


def shares_outcomes(stats: pl.DataFrame) -> bool:
    """Whether the runs' game has a faction's members win or lose together (Game.faction_outcomes)."""
    from sim.errors import UserError
    from sim.registry import get_game

    try:
        return any(get_game(g).faction_outcomes for g in stats["game"].drop_nulls().unique())
    except UserError:          # a run of a game no longer registered: seats counted apart
        return False


def faction_counted(stats: pl.DataFrame, by: list[str]) -> bool:
    """Whether the statistics count each faction's games and wins (stat faction_win) for this
    grouping: by role, with nothing finer than the run's configuration."""
    return "role" in by and set(by) <= {"role", *CONFIG_KEYS} and (stats["stat"] == "faction_win").any()


def faction_outcomes(stats: pl.DataFrame, t: pl.DataFrame, by: list[str]) -> pl.DataFrame:
    """Where a faction's members win or lose together: each faction's games and the games it
    won (the faction it finished in, counted once a game), so its rate is the faction's share
    of wins, not its seats' (a faction that grows as it wins would otherwise look weaker)."""
    f = (_stat(stats, "faction_win").group_by(by)
         .agg(games=pl.col("count").sum().cast(pl.Float64),
              wins=(pl.col("count") * pl.col("value")).sum().cast(pl.Float64)))
    return (t.drop("games", "wins", "win_rate").join(f, on=by, how="left", nulls_equal=True)
            .with_columns((pl.col("wins") / pl.col("games")).alias("win_rate")))


def per_faction_outcomes(stats: pl.DataFrame, t: pl.DataFrame, by: list[str]) -> pl.DataFrame:
    """Where a faction's members share one outcome a game, a role's seat-games are not
    independent: count each game once (wins and games divided by the role's seats per game,
    its seat-games over the games played), so intervals and tests are not too narrow by the
    square root of the faction's size. `seat_games` keeps the seat count; the rate is unchanged."""
    keys = [k for k in CONFIG_KEYS if k in by]
    # games played: each seat is in every game once (this holds in stats filtered to the
    # seats that were dealt a role, where the game-level rows are gone)
    per_seat = (_stat(stats, "win").filter(pl.col("seat") >= 0)
                .group_by([*keys, "seat"]).agg(pl.col("count").sum().alias("_played")))
    played = per_seat.group_by(keys or pl.lit(0).alias("_all")).agg(pl.col("_played").max())
    t = t.join(played, on=keys, how="left") if keys else t.with_columns(pl.lit(played["_played"][0]).alias("_played"))
    wins, games = per_game_outcomes(t["wins"].to_numpy(), t["seat_games"].to_numpy(), t["_played"].to_numpy())
    return t.with_columns(pl.Series("wins", wins), pl.Series("games", games)).drop("_played")


def per_game_outcomes(wins: np.ndarray, seat_games: np.ndarray, played) -> tuple[np.ndarray, np.ndarray]:
    """A faction's wins and seat-games counted once a game: divided by its seats per game
    (seat-games over games played, at least 1)."""
    per_game = np.maximum(np.asarray(seat_games, np.float64) / np.maximum(played, 1), 1.0)
    return np.asarray(wins, np.float64) / per_game, np.asarray(seat_games, np.float64) / per_game


def histogram(stats: pl.DataFrame, stat: str, by: list[str] | None = None) -> pl.DataFrame:
    """value -> count of `stat` (summed over everything not in `by`)."""
    by = by or []
    return (_stat(stats, stat).group_by([*by, "value"]).agg(pl.col("count").sum())
            .sort([*by, "value"], nulls_last=True))


def percentiles(values: np.ndarray, counts: np.ndarray, qs=PERCENTILES) -> list[float]:
    """Exact percentiles (lower value at each quantile) of a histogram."""
    order = np.argsort(values)
    values, cum = np.asarray(values)[order], np.cumsum(np.asarray(counts)[order])
    if len(cum) == 0:
        return [math.nan] * len(qs)
    return [float(values[min(np.searchsorted(cum, q * cum[-1], side="left"), len(values) - 1)])
            for q in qs]


def end_reasons(stats: pl.DataFrame) -> pl.DataFrame:
    t = (_stat(stats, "end_reason").group_by("label").agg(pl.col("count").sum().alias("games"))
         .sort("label"))
    return t.with_columns((pl.col("games") / pl.col("games").sum()).alias("share"))


def game_count(stats: pl.DataFrame) -> int:
    return int(_stat(stats, "turns")["count"].sum())


def length_table(stats: pl.DataFrame) -> dict:
    """Game length in turns: mean, sd and percentiles."""
    m = moments(stats, "turns", [])
    h = histogram(stats, "turns")
    p = percentiles(h["value"].to_numpy(), h["count"].to_numpy())
    return {"games": int(m["n"][0]), "mean": m["mean"][0], "sd": m["sd"][0],
            "mean_low": m["mean_low"][0], "mean_high": m["mean_high"][0],
            **{f"p{int(q * 100)}": v for q, v in zip(PERCENTILES, p)}}


def share(stats: pl.DataFrame, stat: str, label: str | None = None, value: float = 1.0) -> tuple[float, int]:
    """(count, games) of games whose `stat` equals `value` (or whose label is `label`)."""
    rows = _stat(stats, stat)
    hit = rows.filter(pl.col("label") == label) if label is not None else rows.filter(pl.col("value") == value)
    return float(hit["count"].sum()), int(rows["count"].sum())


def constant_length(stats: pl.DataFrame) -> float | None:
    """The one length every game had (Bastille: always 96 tile placements), or None when
    lengths vary: a distribution chart of one value shows nothing."""
    lengths = histogram(stats, "turns")["value"]
    return float(lengths[0]) if lengths.len() == 1 else None
