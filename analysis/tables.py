"""Plain-text tables of win rates for the terminal."""
from __future__ import annotations

import polars as pl


def format_table(t: pl.DataFrame, key: str, title: str) -> str:
    lines = [title, f"  {key:<12} {'games':>10} {'win rate':>9} {'95% interval':>17} {'score':>8} {'turns':>7}"]
    for r in t.iter_rows(named=True):
        lines.append(
            f"  {str(r[key]):<12} {r['games']:>10} {r['win_rate']:>9.4f} "
            f"[{r['ci_low']:.4f}, {r['ci_high']:.4f}] {r['mean_score']:>8.2f} {r['mean_turns']:>7.1f}"
        )
    return "\n".join(lines)
