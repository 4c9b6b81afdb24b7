"""The engine's sufficient statistics of a run: what it writes beside (or instead of) the
per-game rows, so that analysis only reads tables.

Two families of tables, both mergeable exactly (a group-by sum):

- ``moments.parquet`` and ``histograms.parquet``, keyed by (variant, seat, position, bot,
  role, secret_role): seat-games, sums and sums of squares of ``win``, ``score``, ``turns`` and ``rank``,
  one ``end_<reason>`` count per end reason, the sums of every game-specific metric, and the
  exact histogram of score, turns, rank and win per key;
- ``stats.parquet`` (``SUFF_FILE``): the histograms ``analysis.suffstats`` reads (what
  `balance compare/report/check/sweep` use), one schema for rows-mode and aggregate-mode runs.

Merging is exact for the counts and integer sums and exact up to float rounding for
``win`` and the metrics; merging shards in the same order gives the same bits.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl

from sim.results import BASE_COLUMNS as BASE

KEYS = ["variant", "seat", "position", "bot", "role", "secret_role"]
HIST_STATS = ("score", "turns", "rank", "win")
INT_MOMENTS = ("score", "turns", "rank")
MOMENTS_FILE = "moments.parquet"
SUFF_FILE = "stats.parquet"   # the histograms analysis.suffstats reads: what compare/report/check read
HIST_FILE = "histograms.parquet"


def metric_columns(df: pl.DataFrame | pl.Schema) -> list[str]:
    cols = df.columns if isinstance(df, pl.DataFrame) else list(df)
    return [c for c in cols if c not in BASE]


def reduce_rows(df: pl.DataFrame, end_reasons: tuple[str, ...] | None = None
                ) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Rows of the results contract -> (stats, histograms)."""
    reasons = end_reasons if end_reasons is not None else tuple(sorted(df["end_reason"].unique().drop_nulls()))
    aggs = [pl.len().cast(pl.UInt64).alias("games"),
            pl.col("win").cast(pl.Float64).sum().alias("win_sum"),
            (pl.col("win").cast(pl.Float64) ** 2).sum().alias("win_sumsq")]
    for s in INT_MOMENTS:
        x = pl.col(s).cast(pl.Int64)
        aggs += [x.sum().alias(f"{s}_sum"), (x * x).sum().alias(f"{s}_sumsq")]
    aggs += [(pl.col("end_reason") == r).sum().cast(pl.UInt64).alias(f"end_{r}") for r in reasons]
    for m in metric_columns(df):
        x = pl.col(m).cast(pl.Float64)
        aggs += [x.sum().alias(f"{m}_sum"), (x * x).sum().alias(f"{m}_sumsq")]
    stats = df.group_by(KEYS).agg(aggs)
    hist = pl.concat([
        df.group_by([*KEYS, pl.col(s).cast(pl.Float64).alias("value")])
          .agg(pl.len().cast(pl.UInt64).alias("count"))
          .with_columns(pl.lit(s).alias("stat"))
          .select([*KEYS, "stat", "value", "count"])
        for s in HIST_STATS])
    return _sort_stats(_key_types(stats)), _sort_hist(_key_types(hist))


def merge(parts: list[tuple[pl.DataFrame, pl.DataFrame]]) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Exact merge of (stats, histograms) pairs (e.g. one per shard), in the given order."""
    stats = pl.concat([p[0] for p in parts], how="diagonal_relaxed")
    ends = [c for c in stats.columns if c.startswith("end_")]
    stats = stats.with_columns(pl.col(ends).fill_null(0))
    value_cols = [c for c in stats.columns if c not in KEYS]
    stats = stats.group_by(KEYS, maintain_order=True).agg(pl.col(value_cols).sum())
    hist = pl.concat([p[1] for p in parts], how="vertical_relaxed")
    hist = hist.group_by([*KEYS, "stat", "value"], maintain_order=True).agg(pl.col("count").sum())
    return _sort_stats(stats), _sort_hist(hist)


def _key_types(df: pl.DataFrame) -> pl.DataFrame:
    return df.with_columns(pl.col("seat", "position").cast(pl.UInt8), pl.col("variant", "bot", "role", "secret_role").cast(pl.String))


def _sort_stats(df: pl.DataFrame) -> pl.DataFrame:
    ends = sorted(c for c in df.columns if c.startswith("end_"))
    rest = [c for c in df.columns if c not in KEYS and c not in ends]
    return df.select([*KEYS, *rest, *ends]).sort(KEYS, nulls_last=True)


def _sort_hist(df: pl.DataFrame) -> pl.DataFrame:
    return df.select([*KEYS, "stat", "value", "count"]).sort([*KEYS, "stat", "value"], nulls_last=True)



# -- the histogram tables (stats.parquet) ----------------------------------------------------
CONFIG = ["game", "variant", "n_players"]
SUFF_KEYS = [*CONFIG, "seat", "position", "bot", "role", "secret_role", "stat", "label", "value"]
SCHEMA = {"game": pl.String, "variant": pl.String, "n_players": pl.UInt8, "seat": pl.Int16,
          "position": pl.Int16, "bot": pl.String, "role": pl.String, "secret_role": pl.String,
          "stat": pl.String, "label": pl.String,
          "value": pl.Float64, "count": pl.Int64}


def canonical(stats: pl.DataFrame) -> pl.DataFrame:
    """Fixed dtypes and row order, so equal histograms give equal tables and equal sums."""
    return stats.select([(pl.col(k) if k in stats.columns else pl.lit(None)).cast(t).alias(k)
                         for k, t in SCHEMA.items()]).sort(SUFF_KEYS, nulls_last=True)


def merge_stats(parts: list[pl.DataFrame]) -> pl.DataFrame:
    """Exact merge: histograms of disjoint sets of games add."""
    both = pl.concat([canonical(p) for p in parts])
    return canonical(both.group_by(SUFF_KEYS).agg(pl.col("count").sum()))


# -- files ---------------------------------------------------------------------------------
def read_stats(run_dir: Path) -> tuple[pl.DataFrame, pl.DataFrame]:
    from sim.errors import UserError

    run_dir = Path(run_dir)
    out = []
    for name in (MOMENTS_FILE, HIST_FILE):
        path = run_dir / name
        if not path.is_file():
            why = ("an unfinished run: resume it with `balance run --resume " + str(run_dir) + "`"
                   if (run_dir / "shards" / "manifest.json").is_file() else "not an aggregate run directory")
            raise UserError(str(run_dir), None, f"no {name} here ({why})")
        try:
            out.append(pl.read_parquet(path))
        except Exception as e:  # truncated or foreign file
            raise UserError(str(path), None, f"not a readable statistics table ({type(e).__name__})") from None
    return out[0], out[1]


def write_stats(stats: pl.DataFrame, hist: pl.DataFrame, out_dir: Path, writer) -> None:
    """Histograms first, stats last: the stats file marks the pair complete."""
    writer(hist, Path(out_dir) / HIST_FILE)
    writer(stats, Path(out_dir) / MOMENTS_FILE)


# -- straight from the kernels' output arrays (what the runner uses) ---------------------------
class Accumulator:
    """Sufficient statistics of batches of games, from the kernels' Batch arrays, without
    building per-game rows. Numbers equal ``reduce_rows`` of the same games (integers exactly,
    float sums up to rounding)."""

    def __init__(self, game, n_players: int, variant: str):
        self.game, self.n, self.variant = game, n_players, variant
        self.nb, self.nr, self.ns = len(game.bots), len(game.roles), len(game.secret_roles)
        self.K = n_players * n_players * self.nb * (self.nr + 1) * (self.ns + 1)
        self.R = len(game.end_reasons)
        self.M = len(game.metrics)
        self.games = np.zeros(self.K, np.int64)
        self.ints = np.zeros((len(INT_MOMENTS), 2, self.K), np.int64)   # sum, sumsq
        self.win = np.zeros((2, self.K), np.float64)
        self.ends = np.zeros((self.K, self.R), np.int64)
        self.metrics = np.zeros((self.M, 2, self.K), np.float64)
        self.hist: list[tuple[np.ndarray, np.ndarray]] = []               # (codes, counts) per batch
        self.game_hist: list[tuple[np.ndarray, np.ndarray]] = []          # per-game stats, same coding
        self.factions = np.zeros((self.nr, 2), np.int64)                  # per role: games lost, won

    def add(self, out, seat_bot: np.ndarray) -> None:
        g, n = out.score.shape
        seat = np.broadcast_to(np.arange(n), (g, n))
        place = (seat * n + out.position.astype(np.int64)) * self.nb + seat_bot
        role = place * (self.nr + 1) + (out.role.astype(np.int64) + 1)
        key = (role * (self.ns + 1) + (out.secret_role.astype(np.int64) + 1)).ravel()
        self.games += np.bincount(key, minlength=self.K)
        values = {"score": out.score.ravel().astype(np.int64), "turns": np.repeat(out.turns, n).astype(np.int64),
                  "rank": out.rank.ravel().astype(np.int64)}
        for i, s in enumerate(INT_MOMENTS):
            np.add.at(self.ints[i, 0], key, values[s])
            np.add.at(self.ints[i, 1], key, values[s] * values[s])
        w = out.win.ravel().astype(np.float64)
        self.win[0] += np.bincount(key, weights=w, minlength=self.K)
        self.win[1] += np.bincount(key, weights=w * w, minlength=self.K)
        er = np.repeat(out.end_reason, n).astype(np.int64)
        self.ends += np.bincount(key * self.R + er, minlength=self.K * self.R).reshape(self.K, self.R)
        for m in range(self.M):
            x = out.metrics[:, :, m].ravel()
            self.metrics[m, 0] += np.bincount(key, weights=x, minlength=self.K)
            self.metrics[m, 1] += np.bincount(key, weights=x * x, minlength=self.K)
        # Histograms: one sort of 64-bit codes (key, stat) << 32 | the value's 32-bit pattern.
        for si, s in enumerate(HIST_STATS):
            bits = (out.win.ravel().astype(np.float32).view(np.uint32) if s == "win"
                    else values[s].astype(np.int32).view(np.uint32))
            code = ((key * len(HIST_STATS) + si).astype(np.uint64) << np.uint64(32)) | bits.astype(np.uint64)
            uniq, counts = np.unique(code, return_counts=True)
            self.hist.append((uniq, counts.astype(np.int64)))
        # Per-game histograms for analysis.suffstats: turns, margin, shared win, end reason.
        best = out.rank == out.rank.min(axis=1, keepdims=True)
        score = out.score.astype(np.int64)
        top = np.where(best, score, np.iinfo(np.int64).min).max(axis=1)
        other = np.where(~best, score, np.iinfo(np.int64).min).max(axis=1)
        margin = np.where(best.all(axis=1), 0, top - other)
        shared = ((out.win > 0) & (out.win < 1)).any(axis=1).astype(np.int64)
        for si, v in enumerate((out.turns.astype(np.int64), margin, shared, out.end_reason.astype(np.int64))):
            code = (np.uint64(si) << np.uint64(32)) | v.astype(np.int32).view(np.uint32).astype(np.uint64)
            uniq, counts = np.unique(code, return_counts=True)
            self.game_hist.append((uniq, counts.astype(np.int64)))
        for r in range(self.nr):   # each role's games and the games a seat of it won (faction_win)
            member = out.role == r
            present = member.any(axis=1)
            won = (member & (out.win > 0)).any(axis=1)
            self.factions[r, 1] += int(won.sum())
            self.factions[r, 0] += int((present & ~won).sum())
        if len(self.hist) > 256:
            self.hist = [self._reduce_hist()]
            self.game_hist = [self._reduce_hist(self.game_hist)]

    def _reduce_hist(self, parts=None) -> tuple[np.ndarray, np.ndarray]:
        parts = self.hist if parts is None else parts
        if not parts:
            return np.zeros(0, np.uint64), np.zeros(0, np.int64)
        codes = np.concatenate([h[0] for h in parts])
        counts = np.concatenate([h[1] for h in parts])
        uniq, inv = np.unique(codes, return_inverse=True)
        return uniq, np.bincount(inv.ravel(), weights=counts, minlength=len(uniq)).astype(np.int64)

    def _key_columns(self, key: np.ndarray) -> dict:
        secret = key % (self.ns + 1) - 1
        role = key // (self.ns + 1) % (self.nr + 1) - 1
        rest = key // (self.ns + 1) // (self.nr + 1)
        bot, place = rest % self.nb, rest // self.nb
        seat, position = place // self.n, place % self.n
        roles, secrets = list(self.game.roles), list(self.game.secret_roles)
        return {"variant": pl.Series([self.variant] * len(key), dtype=pl.String),
                "seat": pl.Series(seat.astype(np.uint8)),
                "position": pl.Series(position.astype(np.uint8)),
                "bot": pl.Series([self.game.bots[b] for b in bot], dtype=pl.String),
                "role": pl.Series([roles[r] if r >= 0 else None for r in role], dtype=pl.String),
                "secret_role": pl.Series([secrets[r] if r >= 0 else None for r in secret], dtype=pl.String)}

    def frames(self) -> tuple[pl.DataFrame, pl.DataFrame]:
        live = np.flatnonzero(self.games)
        cols = self._key_columns(live)
        cols["games"] = pl.Series(self.games[live].astype(np.uint64))
        cols["win_sum"], cols["win_sumsq"] = self.win[0][live], self.win[1][live]
        for i, s in enumerate(INT_MOMENTS):
            cols[f"{s}_sum"], cols[f"{s}_sumsq"] = self.ints[i, 0][live], self.ints[i, 1][live]
        for r, name in enumerate(self.game.end_reasons):
            cols[f"end_{name}"] = pl.Series(self.ends[live, r].astype(np.uint64))
        for m, name in enumerate(self.game.metrics):
            cols[f"{self.game.id}_{name}_sum"] = self.metrics[m, 0][live]
            cols[f"{self.game.id}_{name}_sumsq"] = self.metrics[m, 1][live]
        stats = pl.DataFrame(cols)
        codes, counts = self._reduce_hist()
        ks = (codes >> np.uint64(32)).astype(np.int64)
        bits = (codes & np.uint64(0xFFFFFFFF)).astype(np.uint32)
        key, stat = ks // len(HIST_STATS), ks % len(HIST_STATS)
        win = stat == HIST_STATS.index("win")
        value = np.where(win, bits.view(np.float32).astype(np.float64), bits.view(np.int32).astype(np.float64))
        hcols = self._key_columns(key)
        hcols["stat"] = pl.Series(np.array(HIST_STATS)[stat], dtype=pl.String)
        hcols["value"] = value
        hcols["count"] = pl.Series(counts.astype(np.uint64))
        return _sort_stats(stats), _sort_hist(pl.DataFrame(hcols))

    def suffstats(self) -> pl.DataFrame:
        """The same table as ``analysis.suffstats.sufficient_stats`` of these games' rows."""
        _, hist = self.frames()
        seat = (hist.filter(pl.col("stat") != "turns")
                .select(pl.lit(self.game.id).alias("game"), "variant", pl.lit(self.n).alias("n_players"),
                        pl.col("seat").cast(pl.Int16), pl.col("position").cast(pl.Int16), "bot", "role", "secret_role", "stat",
                        pl.lit(None, pl.String).alias("label"), "value", pl.col("count").cast(pl.Int64)))
        codes, counts = self._reduce_hist(self.game_hist)
        stat = (codes >> np.uint64(32)).astype(np.int64)
        value = (codes & np.uint64(0xFFFFFFFF)).astype(np.uint32).view(np.int32).astype(np.int64)
        ends = stat == 3
        names = np.array(["turns", "margin", "shared", "end_reason"])[stat]
        label = [self.game.end_reasons[v] if e else None for v, e in zip(value, ends)]
        game = pl.DataFrame({
            "game": [self.game.id] * len(codes), "variant": [self.variant] * len(codes),
            "n_players": [self.n] * len(codes), "seat": pl.Series([-1] * len(codes), dtype=pl.Int16),
            "position": pl.Series([-1] * len(codes), dtype=pl.Int16),
            "bot": pl.Series([None] * len(codes), dtype=pl.String),
            "role": pl.Series([None] * len(codes), dtype=pl.String),
            "secret_role": pl.Series([None] * len(codes), dtype=pl.String),
            "stat": names, "label": pl.Series(label, dtype=pl.String),
            "value": np.where(ends, 0.0, value.astype(np.float64)), "count": counts.astype(np.int64)})
        r, won = np.nonzero(self.factions)
        k = len(r)
        factions = pl.DataFrame({
            "game": [self.game.id] * k, "variant": [self.variant] * k, "n_players": [self.n] * k,
            "seat": pl.Series([-1] * k, dtype=pl.Int16), "position": pl.Series([-1] * k, dtype=pl.Int16),
            "bot": pl.Series([None] * k, dtype=pl.String),
            "role": pl.Series([self.game.roles[i] for i in r], dtype=pl.String),
            "secret_role": pl.Series([None] * k, dtype=pl.String), "stat": ["faction_win"] * k,
            "label": pl.Series([None] * k, dtype=pl.String), "value": won.astype(np.float64),
            "count": self.factions[r, won].astype(np.int64)})
        return canonical(pl.concat([canonical(seat), canonical(game), canonical(factions)]))
