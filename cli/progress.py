"""Progress of the long commands (skill, sensitivity, tune, compare --until-decided, sweep and
runs of slow bots): on a terminal, click's progress bar with an estimate of the time left; off
a terminal (CI logs, pipes), one line per batch with the same estimate. Written to stderr, so
the tables on stdout stay clean."""
from __future__ import annotations

import sys
import time
from contextlib import contextmanager

import click


def on_terminal() -> bool:
    return sys.stderr.isatty()


def line(label: str, done: int, total: int, seconds: float, unit: str, note: str = "") -> str:
    """One batch's line: what is done of the total, the time so far and the estimate left."""
    left = seconds / done * (total - done) if done else float("nan")
    share = f" ({100 * done / total:.0f}%)" if total else ""
    estimate = f", about {left:,.0f} s left" if done < total and left == left else ""
    return f"{label}: {done:,} of {total:,} {unit}{share} in {seconds:,.0f} s{estimate}" + (f" - {note}" if note else "")


@contextmanager
def meter(total: int, label: str, unit: str = "deals", terminal: bool | None = None, every: float = 0.0):
    """Yields step(n, note=""): n more units done. A bar on a terminal, else a line per step -
    or, with ``every``, a line per step once at least that many seconds passed since the last
    line (a run of a slow bot reports as it goes; a fast run stays silent)."""
    terminal = on_terminal() if terminal is None else terminal
    if total <= 0:
        yield lambda n, note="": None
        return
    if terminal:
        with click.progressbar(length=total, label=label, show_eta=True, file=sys.stderr) as bar:
            yield lambda n, note="": bar.update(n)
        return
    t0, done, last = time.perf_counter(), [0], [time.perf_counter()]

    def step(n: int, note: str = "") -> None:
        done[0] += n
        now = time.perf_counter()
        if now - last[0] >= every:
            last[0] = now
            click.echo(line(label, done[0], total, now - t0, unit, note), err=True)

    yield step
