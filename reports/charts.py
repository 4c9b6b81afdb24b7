"""Balance charts. Every chart says how many games it rests on; colours come from the
Okabe-Ito palette, which stays distinguishable under the common colour-vision deficiencies."""
from __future__ import annotations

import io
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only; never needs a display
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402

from analysis.metrics import histogram, win_rates  # noqa: E402

OKABE_ITO = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"]
HEATMAP = "cividis"
plt.rcParams.update({"axes.prop_cycle": matplotlib.cycler(color=OKABE_ITO), "figure.dpi": 100,
                     "savefig.dpi": 110, "axes.spines.top": False, "axes.spines.right": False,
                     "svg.fonttype": "none", "svg.hashsalt": "balance"})


def games_note(counts: dict[str, int]) -> str:
    return "n = " + "; ".join(f"{label}: {n:,} games" for label, n in counts.items())


def _finish(fig, ax, title: str, counts: dict[str, int]):
    ax.set_title(f"{title}\n{games_note(counts)}", fontsize=11)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=8, frameon=False)
    fig.tight_layout()
    return fig


def win_rate_bars(runs: list[tuple[str, pl.DataFrame]], by: str, counts: dict[str, int], title: str):
    """Grouped bars of win rate by `by`, one bar per run, with 95% Wilson interval bars."""
    tables = [(label, win_rates(stats, by)) for label, stats in runs]
    keys = sorted({k for _, t in tables for k in t[by].to_list()}, key=str)
    fig, ax = plt.subplots(figsize=(7.5, 4.2))
    width = 0.8 / len(tables)
    x = np.arange(len(keys))
    for i, (label, t) in enumerate(tables):
        lookup = {r[by]: r for r in t.iter_rows(named=True)}
        rate = np.array([lookup[k]["win_rate"] if k in lookup else np.nan for k in keys]) * 100
        lo = np.array([lookup[k]["ci_low"] if k in lookup else np.nan for k in keys]) * 100
        hi = np.array([lookup[k]["ci_high"] if k in lookup else np.nan for k in keys]) * 100
        ax.bar(x + (i - (len(tables) - 1) / 2) * width, rate, width, label=label,
               yerr=[rate - lo, hi - rate], capsize=3, color=OKABE_ITO[i % len(OKABE_ITO)],
               error_kw={"elinewidth": 1, "ecolor": "#333333"})
    ax.set_xticks(x, [str(k) for k in keys])
    ax.set_xlabel(by)
    ax.set_ylabel("win rate (%), bars = 95% interval")
    return _finish(fig, ax, title, counts)


def difference_chart(table: pl.DataFrame, by: str, label_a: str, label_b: str, counts: dict[str, int]):
    """A - B win-rate difference per group with its 95% interval; zero marked."""
    fig, ax = plt.subplots(figsize=(7.5, 3.8))
    y = np.arange(table.height)
    d = table["diff"].to_numpy() * 100
    ax.errorbar(d, y, xerr=[d - table["diff_low"].to_numpy() * 100, table["diff_high"].to_numpy() * 100 - d],
                fmt="o", color=OKABE_ITO[0], capsize=4)
    ax.axvline(0, color="#555555", lw=1, ls="--")
    ax.set_yticks(y, [f"{by} {v}" for v in table[by].to_list()])
    ax.set_xlabel(f"win rate {label_a} minus {label_b} (percentage points)")
    return _finish(fig, ax, f"{label_a} vs {label_b}: win-rate difference by {by}", counts)


def distribution_chart(runs: list[tuple[str, pl.DataFrame]], stat: str, xlabel: str, ylabel: str,
                       counts: dict[str, int], title: str):
    """Step histograms (share of observations per value) of one statistic, one line per run."""
    fig, ax = plt.subplots(figsize=(7.5, 4.0))
    for i, (label, stats) in enumerate(runs):
        h = histogram(stats, stat)
        share = h["count"].to_numpy() / max(h["count"].sum(), 1) * 100
        ax.step(h["value"].to_numpy(), share, where="mid", label=label, color=OKABE_ITO[i % len(OKABE_ITO)])
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    return _finish(fig, ax, title, counts)


def score_by_seat_chart(label: str, stats: pl.DataFrame, games: int):
    """Score distribution of each seat in one run."""
    fig, ax = plt.subplots(figsize=(7.5, 4.0))
    h = histogram(stats.filter(pl.col("seat") >= 0), "score", ["seat"])
    for i, seat in enumerate(sorted(h["seat"].unique())):
        part = h.filter(pl.col("seat") == seat)
        ax.step(part["value"], part["count"] / part["count"].sum() * 100, where="mid",
                label=f"seat {seat}", color=OKABE_ITO[i % len(OKABE_ITO)])
    ax.set_xlabel("final score (points)")
    ax.set_ylabel("share of games (%)")
    return _finish(fig, ax, f"Score distribution by seat - {label}", {label: games})


def sweep_chart(table: pl.DataFrame, params: list[str], games: int, title: str):
    """Seat win rates and mean game length against the grid point, with 95% bands."""
    points = table.select(params).unique(maintain_order=True)
    one = len(params) == 1  # one parameter: its values on the axis, its name as the label
    labels = [str(r[params[0]]) if one else ", ".join(f"{p}={r[p]}" for p in params)
              for r in points.iter_rows(named=True)]
    x = np.arange(len(labels))
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    seat_metrics = [m for m in table["metric"].unique(maintain_order=True) if m.startswith("win rate seat")]
    for i, metric in enumerate(seat_metrics):
        _band(ax1, x, table.filter(pl.col("metric") == metric), metric.replace("win rate ", ""), i, 100)
    _band(ax2, x, table.filter(pl.col("metric") == "mean length (turns)"), "mean length", 0, 1)
    for ax, ylabel in ((ax1, "win rate (%), band = 95% interval"), (ax2, "mean game length (turns), band = 95%")):
        ax.set_xticks(x, labels, rotation=0 if one else 20, ha="center" if one else "right", fontsize=8)
        ax.set_xlabel(params[0] if one else "grid point")
        ax.set_ylabel(ylabel)
        ax.legend(fontsize=8, frameon=False)
    fig.suptitle(f"{title}\nn = {games:,} games per grid point, same deals at every point", fontsize=11)
    fig.tight_layout()
    return fig


def _band(ax, x, rows: pl.DataFrame, label: str, i: int, scale: float):
    colour = OKABE_ITO[i % len(OKABE_ITO)]
    ax.plot(x, rows["estimate"] * scale, "o-", label=label, color=colour)
    ax.fill_between(x, rows["low"].to_numpy() * scale, rows["high"].to_numpy() * scale, color=colour, alpha=0.2)


def matrix_chart(m: pl.DataFrame, meetings: int, title: str):
    """Heat map: share of meetings in which the row bot finished ahead of the column bot."""
    bots = sorted(set(m["bot"]) | set(m["opponent"]))
    grid = np.full((len(bots), len(bots)), np.nan)
    for r in m.iter_rows(named=True):
        grid[bots.index(r["bot"]), bots.index(r["opponent"])] = r["rate"] * 100
    fig, ax = plt.subplots(figsize=(1.2 * len(bots) + 3.5, 1.0 * len(bots) + 2.5))
    im = ax.imshow(grid, cmap=HEATMAP, vmin=0, vmax=100)
    for (i, j), v in np.ndenumerate(grid):
        if not np.isnan(v):
            ax.text(j, i, f"{v:.0f}", ha="center", va="center", color="white" if v < 55 else "black", fontsize=9)
    ax.set_xticks(range(len(bots)), bots, rotation=30, ha="right")
    ax.set_yticks(range(len(bots)), bots)
    ax.set_xlabel("opponent bot")
    ax.set_ylabel("bot")
    fig.colorbar(im, ax=ax, label="finished ahead of opponent (% of meetings)")
    ax.set_title(f"{title}\nn = {meetings:,} games", fontsize=11)
    fig.tight_layout()
    return fig


def ratings_chart(r: pl.DataFrame, games: int):
    fig, ax = plt.subplots(figsize=(7.5, 0.5 * r.height + 2))
    y = np.arange(r.height)[::-1]
    e = r["elo"].to_numpy()
    ax.errorbar(e, y, xerr=[e - r["elo_low"].to_numpy(), r["elo_high"].to_numpy() - e], fmt="o",
                color=OKABE_ITO[5], capsize=4)
    ax.set_yticks(y, r["bot"].to_list())
    ax.axvline(0, color="#555555", lw=1, ls="--")
    ax.set_xlabel("Bradley-Terry rating (Elo points, mean 0), bars = 95% bootstrap interval")
    ax.set_title(f"Strategy ratings\nn = {games:,} games", fontsize=11)
    fig.tight_layout()
    return fig


def save(fig, out_dir: Path, name: str) -> tuple[Path, bytes]:
    """Write name.png and name.svg; return the PNG path and its bytes (for embedding)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    png = out_dir / f"{name}.png"
    png.write_bytes(buf.getvalue())
    fig.savefig(out_dir / f"{name}.svg", format="svg", metadata={"Date": None})
    plt.close(fig)
    return png, buf.getvalue()
