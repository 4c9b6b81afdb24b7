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
from matplotlib.text import Text  # noqa: E402

from analysis.metrics import histogram  # noqa: E402
from analysis.sweep import FPA, LENGTH, SPREAD, points_of  # noqa: E402

OKABE_ITO = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"]
HEATMAP = "cividis"
plt.rcParams.update({"axes.prop_cycle": matplotlib.cycler(color=OKABE_ITO), "figure.dpi": 100,
                     "savefig.dpi": 110, "axes.spines.top": False, "axes.spines.right": False,
                     "svg.fonttype": "none", "svg.hashsalt": "balance"})


def games_note(counts: dict[str, int]) -> str:
    return "n = " + "; ".join(f"{label}: {n:,} games" for label, n in counts.items())


def legend_outside(ax, fontsize: int = 8):
    """The legend beside the axes, right of the data area, never over a point or a line
    (matplotlib's "best" place still lands on data when the data fill the axes)."""
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=fontsize, frameon=False, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)


def varies(values) -> bool:
    """Whether an axis would show more than one value (a chart over one value is not drawn)."""
    return len(set(np.asarray(values).tolist())) > 1


def _finish(fig, ax, title: str, counts: dict[str, int]):
    ax.set_title(f"{title}\n{games_note(counts)}", fontsize=11)
    legend_outside(ax)
    fig.tight_layout()
    return fig


def win_rate_dots(tables: list[tuple[str, pl.DataFrame]], by: str, counts: dict[str, int], title: str):
    """Each group's win rate as its distance from the fair share (0, dashed: the rate every
    group would have if none were favoured), one dot per run with its 95% interval. Bars
    from zero make 25.01% and 24.96% look the same; distances show which groups differ.
    `tables` are analysis.balance.from_fair_share tables, one per run."""
    keys = sorted({k for _, t in tables for k in t[by].to_list()}, key=lambda k: (str(type(k)), k))
    fig, ax = plt.subplots(figsize=(7.5, 1.9 + 0.42 * len(keys) * max(1.0, len(tables) ** 0.5)))
    y = np.arange(len(keys))[::-1].astype(float)
    step = 0.6 / len(tables)
    for i, (label, t) in enumerate(tables):
        rows = {r[by]: r for r in t.iter_rows(named=True)}
        d, lo, hi = (np.array([100 * rows[k][c] if k in rows else np.nan for k in keys])
                     for c in ("from_fair", "from_fair_low", "from_fair_high"))
        at = y + ((len(tables) - 1) / 2 - i) * step
        fair = float(t["fair"][0]) if t.height else float("nan")
        ax.errorbar(d, at, xerr=[d - lo, hi - d], fmt="o", capsize=3, color=OKABE_ITO[i % len(OKABE_ITO)],
                    label=f"{label} (fair share {100 * fair:.1f}%)")
        if len(tables) == 1:   # one run: name each rate beside its whisker
            for k, x, yy in zip(keys, hi, at):
                if k in rows:
                    ax.annotate(f"{100 * rows[k]['win_rate']:.1f}%", (x, yy), xytext=(4, 0),
                                textcoords="offset points", va="center", fontsize=8, color="#333333")
    ax.axvline(0, color="#555555", lw=1, ls="--")
    ax.xaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda v, _: "fair" if v == 0 else f"{v:+g}"))
    ax.set_ylim(-0.7, len(keys) - 0.3)
    reach = max((float(np.nanmax(np.abs(100 * t[c].to_numpy()))) for _, t in tables if t.height
                 for c in ("from_fair_low", "from_fair_high")), default=1.0)
    ax.set_xlim(-1.3 * max(reach, 0.5), 1.3 * max(reach, 0.5))   # 0 in the middle: ahead and behind alike
    prefix = {"position": "position ", "seat": "seat "}.get(by, "")
    ax.set_yticks(y, [f"{prefix}{k}" for k in keys])
    ax.set_xlabel("win rate minus the fair share (percentage points); whiskers = 95% interval")
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


def _sweep_axis(points: pl.DataFrame, params: list[str]) -> tuple[np.ndarray, list[str], bool]:
    """x positions and tick labels of the grid points: the values themselves when one numeric
    key is swept, else one slot per point."""
    if len(params) == 1:
        labels = [str(v) for v in points[params[0]].to_list()]
        try:
            return np.array([float(v) for v in labels]), labels, True
        except ValueError:
            return np.arange(len(labels), dtype=float), labels, True
    labels = [", ".join(f"{p.rsplit('.', 1)[-1]}={r[p]}" for p in params) for r in points.iter_rows(named=True)]
    return np.arange(len(labels), dtype=float), labels, False


def _mark_current(ax, x: float):
    ax.axvline(x, color="#555555", lw=1, ls=":", zorder=0)
    ax.annotate("current", (x, 1), xycoords=("data", "axes fraction"), xytext=(3, -10),
                textcoords="offset points", fontsize=8, color="#555555")


def _curve(ax, x, rows: pl.DataFrame, cur: int, col: str, label: str, i: int, scale: float):
    """A measure (col = 'estimate' or 'diff') against the grid with its 95% band; the current
    point drawn as a large diamond."""
    low, high = ("low", "high") if col == "estimate" else ("diff_low", "diff_high")
    colour = OKABE_ITO[i % len(OKABE_ITO)]
    y = rows[col].to_numpy().astype(float) * scale
    ax.plot(x, y, "o-", label=label, color=colour, ms=4)
    ax.fill_between(x, rows[low].to_numpy().astype(float) * scale, rows[high].to_numpy().astype(float) * scale,
                    color=colour, alpha=0.2, lw=0)
    ax.plot([x[cur]], [y[cur]], "D", color=colour, ms=8, mec="black", mew=1.2, zorder=5)


def sweep_chart(table: pl.DataFrame, params: list[str], games: int, title: str):
    """First-player advantage and position spread against the grid (top: estimates with
    their 95% intervals; bottom: the difference from the current value with its 95% paired
    interval), the current value marked."""
    points = points_of(table, params)
    cur = int(np.argmax(points["current"].to_numpy()))
    x, labels, one = _sweep_axis(points, params)
    fig, axes = plt.subplots(2, 2, figsize=(11, 7.2), sharex=True)
    panels = [(FPA, "first-player advantage (pp)"), (SPREAD, "position spread (pp)")]
    for j, (metric, name) in enumerate(panels):
        rows = table.filter(pl.col("metric") == metric)
        top, bottom = axes[0, j], axes[1, j]
        _curve(top, x, rows, cur, "estimate", name, j, 100)
        top.set_ylabel(f"{name}\nband = 95% interval")
        _curve(bottom, x, rows, cur, "diff", f"{name} minus current", j, 100)
        bottom.set_ylabel("difference from current (pp)\nband = 95% interval")
        for ax in (top, bottom):
            ax.axhline(0, color="#999999", lw=0.8)
            _mark_current(ax, x[cur])
        top.set_title(name, fontsize=10)
    for ax in axes[1]:
        ax.set_xticks(x, labels, rotation=0 if one else 25, ha="center" if one else "right", fontsize=8)
        ax.set_xlabel(params[0] if one else "grid point")
    pairing = table.filter(pl.col("metric") == FPA)["pairing"].drop_nulls()
    how = "paired per deal" if pairing.len() and (pairing == "paired per deal").all() else "see the table"
    fig.suptitle(f"{title}\nn = {games:,} games per grid point, same deals at every point; "
                 f"differences {how}; diamond = current value", fontsize=11)
    fig.tight_layout()
    return fig


def sweep_positions_chart(table: pl.DataFrame, params: list[str], games: int, title: str):
    """Each position's win rate and the mean game length against the grid, 95% bands."""
    points = points_of(table, params)
    cur = int(np.argmax(points["current"].to_numpy()))
    x, labels, one = _sweep_axis(points, params)
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    metrics = [m for m in table["metric"].unique(maintain_order=True) if m.startswith("win rate position ")]
    for i, metric in enumerate(metrics):
        _curve(ax1, x, table.filter(pl.col("metric") == metric), cur, "estimate",
               metric.replace("win rate ", ""), i, 100)
    _curve(ax2, x, table.filter(pl.col("metric") == LENGTH), cur, "estimate", "mean length", 0, 1)
    for ax, ylabel in ((ax1, "win rate (%), band = 95% interval"), (ax2, "mean game length (turns), band = 95%")):
        ax.set_xticks(x, labels, rotation=0 if one else 25, ha="center" if one else "right", fontsize=8)
        ax.set_xlabel(params[0] if one else "grid point")
        ax.set_ylabel(ylabel)
        _mark_current(ax, x[cur])
        legend_outside(ax)
    fig.suptitle(f"{title}\nn = {games:,} games per grid point; position 0 = the first player; "
                 "diamond = current value", fontsize=11)
    fig.tight_layout()
    return fig


def sweep_heatmap(table: pl.DataFrame, params: list[str], metric: str, games: int, title: str):
    """Two-key sweep: the first key across, the second up; colour = the measure at each point
    (percentage points), each cell annotated with it and its difference from the current
    value (95% interval); the current cell outlined."""
    k1, k2 = params
    rows = table.filter(pl.col("metric") == metric)
    xs, ys = rows[k1].unique(maintain_order=True).to_list(), rows[k2].unique(maintain_order=True).to_list()
    grid = np.full((len(ys), len(xs)), np.nan)
    cell = {}
    for r in rows.iter_rows(named=True):
        i, j = ys.index(r[k2]), xs.index(r[k1])
        grid[i, j] = 100 * r["estimate"]
        cell[i, j] = r
    fig, ax = plt.subplots(figsize=(max(7.0, 1.55 * len(xs) + 3.2), max(4.4, 0.95 * len(ys) + 2.6)))
    if metric == FPA:   # signed: diverging, centred on 0 (no advantage)
        lim = max(float(np.nanmax(np.abs(grid))), 0.5)
        im = ax.imshow(grid, cmap="PuOr_r", vmin=-lim, vmax=lim, origin="lower", aspect="auto")
    else:
        lo, hi = float(np.nanmin(grid)), float(np.nanmax(grid))   # the sweep's own range: contrast
        im = ax.imshow(grid, cmap=HEATMAP, vmin=lo - 0.25, vmax=max(hi, lo + 0.5), origin="lower", aspect="auto")
    small = len(xs) <= 5
    for (i, j), r in cell.items():
        rgba = im.cmap(im.norm(grid[i, j]))
        dark = 0.299 * rgba[0] + 0.587 * rgba[1] + 0.114 * rgba[2] < 0.5
        colour = "white" if dark else "black"
        ax.text(j, i + 0.12, f"{grid[i, j]:+.1f}" if metric == FPA else f"{grid[i, j]:.1f}", ha="center",
                va="center", fontsize=10, fontweight="bold", color=colour)
        if r["current"]:
            note = "current"
        elif r["diff"] is None:
            note = ""
        elif small:
            note = f"{100 * r['diff']:+.1f} [{100 * r['diff_low']:+.1f}, {100 * r['diff_high']:+.1f}]"
        else:
            note = f"{100 * r['diff']:+.1f}"
        ax.text(j, i - 0.2, note, ha="center", va="center", fontsize=7, color=colour)
        if r["current"]:
            ax.add_patch(plt.Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, ec="black", lw=3))
            ax.add_patch(plt.Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, ec="white", lw=1, ls="--"))
    ax.set_xticks(range(len(xs)), xs)
    ax.set_yticks(range(len(ys)), ys)
    ax.set_xlabel(k1)
    ax.set_ylabel(k2)
    ax.spines[:].set_visible(False)
    name = "first-player advantage" if metric == FPA else "position spread"
    fig.colorbar(im, ax=ax, label=f"{name} (percentage points)")
    ax.set_title(f"{title}\nn = {games:,} games per point. Bold: {name} (pp);\nbelow: difference from "
                 "the current value [95% interval]; outlined: current value", fontsize=10)
    fig.tight_layout()
    return fig


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


def tornado_chart(table: pl.DataFrame, measure: str, words: str, unit: str, at_current: float, title: str,
                  top: int = 20, study_games: int | None = None):
    """`balance sensitivity`'s tornado: one bar per content value, largest effect on top; the
    bar runs from the measure at the low end of the value's step to the measure at its high end,
    each as its distance from the current content on the same deals (0, dashed). Values dropped
    as negligible are grey. The effect (high - low) and its 95% interval are written beside.
    study_games: every game the study played (the current content's included), for the title's n."""
    t = table.filter(pl.col("measure") == measure).sort("rank").head(top)
    scale = 100.0 if unit == "pp" else 1.0
    fig, ax = plt.subplots(figsize=(8.5, 1.6 + 0.42 * max(t.height, 1)))
    y = np.arange(t.height)[::-1].astype(float)
    low = scale * (t["at_low"] - t["at_current"]).to_numpy()
    high = scale * (t["at_high"] - t["at_current"]).to_numpy()
    dropped = t["status"].is_in(["negligible (dropped)", "no effect: the games are identical"]).to_numpy()
    # the bar spans the two ends (both may lie on one side of the current value: bars drawn from
    # zero would hide the nearer end under the farther), and a marker shows each end
    ax.barh(y, np.abs(high - low), left=np.fmin(low, high), color=np.where(dropped, "#DDDDDD", "#9BC4E2"),
            height=0.6)
    handles = []
    for end, x, marker, colour in (("low", low, "<", OKABE_ITO[0]), ("high", high, ">", OKABE_ITO[1])):
        ax.scatter(x, y, marker=marker, s=46, zorder=3, c=np.where(dropped, "#999999", colour).tolist())
        handles.append(matplotlib.lines.Line2D([], [], ls="", marker=marker, color=colour, label=f"{end} end of the step"))
    labels = [f"{r['label']}  ({r['low_text']} / {r['current_text']} / {r['high_text']})" for r in t.iter_rows(named=True)]
    ax.set_yticks(y, labels, fontsize=8)
    ax.axvline(0, color="#555555", lw=1, ls="--")
    span = max(1e-9, float(np.nanmax(np.abs(np.concatenate([low, high, [0.0]])))))
    ax.set_xlim(-1.15 * span, 2.3 * span)
    for yy, r, drop in zip(y, t.iter_rows(named=True), dropped):
        text = (f"{scale * r['effect']:+.2f} [{scale * r['effect_low']:+.2f}, {scale * r['effect_high']:+.2f}]"
                + ((" no effect" if r["status"].startswith("no effect") else " negligible") if drop else ""))
        ax.annotate(text, (1.2 * span, yy), va="center", fontsize=7.5, color="#333333")
    u = "pp" if unit == "pp" else unit
    ax.set_xlabel(f"{u} from the current content's {scale * at_current:+.2f} {u}")
    ax.set_ylabel("value (low / current / high end of its step)", fontsize=8)
    games = study_games if study_games is not None else int(t["games"].sum()) if t.height else 0
    shown = f"the {t.height} largest of {table.filter(pl.col('measure') == measure).height}" if t.height >= top else "every value"
    ax.set_title(f"{title}\n{shown}; effect = high - low [95%]; n = {games:,} games", fontsize=10)
    fig.legend(handles=handles, fontsize=8, frameon=False, loc="lower center", ncol=2)
    fig.tight_layout(rect=(0, 0.06 if t.height < 8 else 0.03, 1, 1))
    return fig


def convergence_chart(trials: pl.DataFrame, unit: str, words: str, target_low: float, target_high: float,
                      title: str):
    """`balance tune`'s search: each candidate's estimate with its 95% interval against the
    target (a line, or a band), and the best distance from the target found so far."""
    scale = 100.0 if unit == "pp" else 1.0
    u = "pp" if unit == "pp" else unit
    fig, (ax, ax2) = plt.subplots(2, 1, figsize=(8, 6), sharex=True, gridspec_kw={"height_ratios": [2, 1]})
    trials = trials.filter(pl.col("estimate").is_not_null())   # candidates the game refused have none
    x = trials["trial"].to_numpy()
    e = scale * trials["estimate"].to_numpy()
    lo, hi = scale * trials["low"].to_numpy(), scale * trials["high"].to_numpy()
    ax.errorbar(x, e, yerr=np.maximum(0, [e - lo, hi - e]), fmt="o", capsize=2, color=OKABE_ITO[0],
                label="candidate (95% interval)")
    if target_low == target_high:
        ax.axhline(scale * target_low, color=OKABE_ITO[5], lw=1.2, ls="--", label="target")
    else:
        ax.axhspan(scale * target_low, scale * target_high, color=OKABE_ITO[2], alpha=0.2, label="target band")
    ax.scatter([x[0]], [e[0]], s=90, facecolors="none", edgecolors="#000000", label="current content", zorder=3)
    ax.set_ylabel(f"{words} ({u})")
    legend_outside(ax)
    ax2.step(x, scale * trials["best_so_far"].to_numpy(), where="post", color=OKABE_ITO[5])
    ax2.set_ylabel(f"best distance ({u})")
    ax2.set_xlabel("trial (Optuna TPE; every candidate on the same deals)")
    deals = int(trials["deals"][0]) if trials.height else 0
    ax.set_title(f"{title}\n{trials.height} candidates x {deals:,} deals", fontsize=10)
    fig.tight_layout()
    return fig


def train_chart(trials: pl.DataFrame, fair: float, title: str, per: str = "seat"):
    """`balance train`'s search: each candidate's seat-rotated (or faction-rotated: per) win
    share with its Wilson 95% interval, the shipped weights' (the first candidate) and the best
    found so far by trial."""
    fig, ax = plt.subplots(figsize=(8, 4.5))
    x = trials["trial"].to_numpy()
    e = 100.0 * trials["share"].to_numpy()
    lo, hi = 100.0 * trials["low"].to_numpy(), 100.0 * trials["high"].to_numpy()
    ax.errorbar(x, e, yerr=np.maximum(0, [e - lo, hi - e]), fmt="o", capsize=2, color=OKABE_ITO[0], alpha=0.6,
                label="candidate (95% Wilson)")
    ax.step(x, 100.0 * trials["best_so_far"].to_numpy(), where="post", color=OKABE_ITO[5], lw=1.8,
            label="best so far")
    ax.axhline(100.0 * fair, color="#777777", lw=1, ls="--", label="fair share")
    ax.scatter([x[0]], [e[0]], s=90, facecolors="none", edgecolors="#000000", label="shipped weights", zorder=3)
    ax.set_ylabel(f"win share in one {per} (%)")
    ax.set_xlabel(f"trial (every candidate on the same deals, once per {per})")
    legend_outside(ax)
    deals = int(trials["deals"][0]) if trials.height else 0
    ax.set_title(f"{title}\n{trials.height} candidates x {deals:,} deals", fontsize=10)
    fig.tight_layout()
    return fig


def is_constant(part: pl.DataFrame) -> bool:
    """A measure no line-up moves (every estimate and interval end the same, e.g. Bastille's
    fixed length): a line in words, not a chart."""
    values = pl.concat([part["estimate"], part["low"], part["high"]]).drop_nulls()
    return values.len() == 0 or float(values.max() - values.min()) < 1e-12


def label_points(ax, x, y, labels: list[str]) -> None:
    """Name each point without two names overlapping: drawn left to right, a name that would
    overlap one already placed moves down a line until it is clear (checked on the drawn
    boxes), with a thin leader to its point when moved."""
    fig = ax.figure
    renderer = fig.canvas.get_renderer()
    placed = []
    for k in np.argsort(x, kind="stable"):
        drop = 0
        while True:
            ann = ax.annotate(labels[k], (x[k], y[k]), xytext=(4, 4 - 9 * drop), textcoords="offset points",
                              fontsize=7, arrowprops={"arrowstyle": "-", "lw": 0.4, "color": "#777777"} if drop else None)
            box = Text.get_window_extent(ann, renderer)   # the name alone, not its leader
            if not any(box.overlaps(b) for b in placed) or drop > 3 * len(labels):
                placed.append(box)
                break
            ann.remove()
            drop += 1


def skill_chart(table: pl.DataFrame, measures: list[tuple[str, str, str]], title: str):
    """`balance skill`: each verdict measure (one panel each) against the line-up's rating, both
    with their 95% intervals; the line-ups are labelled, no two labels overlapping (placed once
    the layout is final)."""
    k = len(measures)
    cols = min(3, k)
    rows_ = -(-k // cols)
    fig, axes = plt.subplots(rows_, cols, figsize=(4.2 * cols, 3.4 * rows_), squeeze=False)
    points = []
    for ax, (name, words, unit) in zip(axes.ravel(), measures):
        part = table.filter((pl.col("measure") == name) & pl.col("rating").is_not_null()).sort("rating")
        scale = 100.0 if unit == "pp" else 1.0
        x, e = part["rating"].to_numpy(), scale * part["estimate"].to_numpy()
        # a largest gap's bootstrap interval can leave out its (biased) estimate: whiskers clip at the dot
        ax.errorbar(x, e, yerr=np.maximum(0, [e - scale * part["low"].to_numpy(), scale * part["high"].to_numpy() - e]),
                    xerr=np.maximum(0, [x - part["rating_low"].to_numpy(), part["rating_high"].to_numpy() - x]), fmt="o-",
                    capsize=3, color=OKABE_ITO[0])
        ax.margins(x=0.25, y=0.2)   # room for the names
        points.append((ax, x, e, part["lineup"].to_list()))
        if unit == "pp":
            ax.axhline(0, color="#555555", lw=1, ls="--")
        ax.set_title(words, fontsize=9)
        ax.set_xlabel("rating (Elo)", fontsize=8)
        ax.set_ylabel("pp" if unit == "pp" else unit, fontsize=8)
    for ax in axes.ravel()[k:]:
        ax.axis("off")
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    for ax, x, e, labels in points:
        label_points(ax, x, e, labels)
    return fig


def budget_chart(conv: pl.DataFrame, measure: str, words: str, title: str):
    """`balance skill`: one verdict measure against the budget (log scale), a line per budgeted
    bot with its 95% interval bars; the two largest budgets' verdict (settled / still moving) in
    the legend."""
    part = conv.filter(pl.col("measure") == measure)
    unit = part["unit"][0]
    scale = 100.0 if unit == "pp" else 1.0
    fig, ax = plt.subplots(figsize=(5.6, 3.4))
    for i, bot in enumerate(part["bot"].unique(maintain_order=True).to_list()):
        t = part.filter(pl.col("bot") == bot).sort("budget")
        x, e = t["budget"].to_numpy(), scale * t["estimate"].to_numpy()
        err = np.maximum(0, [e - scale * t["low"].to_numpy(), scale * t["high"].to_numpy() - e])
        settled = t["settled"][0]
        verdict = "" if settled is None else (", settled" if settled else ", still moving")
        ax.errorbar(x, e, yerr=err, fmt="o-", capsize=3, color=OKABE_ITO[i % len(OKABE_ITO)],
                    label=f"{bot} ({t['budget_words'][0]}){verdict}")
    ax.set_xscale("log")
    if part["bot"].n_unique() == 1:     # one bot: its budgets are the ticks (two bots' budgets may crowd)
        ax.set_xticks(sorted(set(part["budget"].to_list())))
        ax.xaxis.set_minor_locator(matplotlib.ticker.NullLocator())
    ax.xaxis.set_major_formatter(matplotlib.ticker.ScalarFormatter())
    ax.margins(x=0.15)
    if unit == "pp":
        ax.axhline(0, color="#555555", lw=1, ls="--")
    ax.set_xlabel("budget (log scale)", fontsize=8)
    ax.set_ylabel(f"{words} ({'pp' if unit == 'pp' else unit})", fontsize=8)
    ax.set_title(title, fontsize=10)
    legend_outside(ax)
    fig.tight_layout()
    return fig


def faction_players_chart(table: pl.DataFrame, title: str):
    """The Last Banquet: each faction's win rate against the player count, a panel per
    scenario, the basic rules solid and the full rules dashed, with 95% intervals; None when
    one player count was played."""
    scenarios = table["scenario"].unique().sort().to_list()
    if not varies(table["n_players"]):
        return None                      # one player count: the table says it all
    fig, axes = plt.subplots(1, len(scenarios), figsize=(4.2 * len(scenarios), 3.6), squeeze=False)
    for ax, scen in zip(axes[0], scenarios):
        part = table.filter(pl.col("scenario") == scen)
        for i, role in enumerate(part["role"].unique().sort().to_list()):
            for rules, style in (("basic", "-"), ("full", "--")):
                t = part.filter((pl.col("role") == role) & (pl.col("rules") == rules)).sort("n_players")
                if t.height == 0:
                    continue
                x, y = t["n_players"].to_numpy(), t["rate"].to_numpy()
                err = np.vstack([y - t["ci_low"].to_numpy(), t["ci_high"].to_numpy() - y])
                ax.errorbar(x, 100 * y, yerr=100 * err, fmt=style, marker="o", ms=3, capsize=2,
                            color=OKABE_ITO[i % len(OKABE_ITO)], label=f"{role} ({rules})")
        games = int(part["games"].sum() // max(1, part["role"].n_unique()))
        ax.set_title(f"{scen}\nn = {games:,} games", fontsize=10)
        ax.set_xlabel("players")
        ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
        ax.set_ylabel("faction win rate (%)")
        ax.set_ylim(-2, 102)
        legend_outside(ax, 7)
    fig.suptitle(title, fontsize=11)
    fig.tight_layout()
    return fig


def rescue_guards_chart(table: pl.DataFrame, title: str):
    """The Last Banquet, scenario 6: the table's win rate against the guard count, a line per
    player count, a panel per rule set, with 95% intervals; None when one guard count was played
    (an axis of one value: the table says it all)."""
    if not varies(table["guards"]):
        return None
    sets = table["rules"].unique().sort().to_list()
    fig, axes = plt.subplots(1, len(sets), figsize=(4.6 * len(sets), 3.6), squeeze=False)
    for ax, rules in zip(axes[0], sets):
        part = table.filter(pl.col("rules") == rules)
        for i, n in enumerate(part["n_players"].unique().sort().to_list()):
            t = part.filter(pl.col("n_players") == n).sort("guards")
            x, y = t["guards"].to_numpy(), t["rate"].to_numpy()
            err = np.vstack([y - t["ci_low"].to_numpy(), t["ci_high"].to_numpy() - y])
            ax.errorbar(x, 100 * y, yerr=100 * err, marker="o", ms=3, capsize=2,
                        color=OKABE_ITO[i % len(OKABE_ITO)], label=f"{n} players")
        ax.set_title(f"scenario 6, {rules} rules\nn = {int(part['games'].sum()):,} games", fontsize=10)
        ax.set_xlabel("guards on the tower")
        ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))   # a count: no 3.2 guards
        ax.set_ylabel("table win rate (%)")
        ax.set_ylim(-0.5, max(5.0, 110 * float(part["ci_high"].max())))
        legend_outside(ax, 7)
    fig.suptitle(title, fontsize=11)
    fig.tight_layout()
    return fig


def decided_chart(runaway: pl.DataFrame, fair: float, counts: dict[str, int], title: str):
    """When is it decided: P(win | sole leader at checkpoint k) with its 95% interval at every
    checkpoint before the end, against the fair share (dashed: a leader with no edge) and
    certainty (1: the leader always wins)."""
    fig, ax = plt.subplots(figsize=(6.4, 3.4))
    x = np.arange(runaway.height)
    p, lo, hi = (100 * runaway[c].to_numpy() for c in ("p", "low", "high"))
    ax.errorbar(x, p, yerr=np.maximum(0, [p - lo, hi - p]), fmt="o-", capsize=3, color=OKABE_ITO[0],
                label="the sole leader wins")
    ax.axhline(100 * fair, color="#555555", lw=1, ls="--", label=f"fair share ({100 * fair:.0f}%)")
    ax.set_xticks(x, [f"after {n}" for n in runaway["name"].to_list()], rotation=30, ha="right", fontsize=8)
    ax.set_ylim(0, 100)
    ax.set_ylabel("leader's wins (%)", fontsize=8)
    return _finish(fig, ax, title, counts)
