"""Shared helpers of the sensitivity and tune tests: the CLI in-process with `knob` registered."""
from __future__ import annotations

import polars as pl

import tests.tune.conftest  # noqa: F401  (registers knob when run outside pytest too)
from tests.engine.helpers import cli

FPA_PER_EDGE = 0.02       # knob.edge moves the first player's chance by 2 pp a unit (knob.py)
FPA_PER_NUDGE = 0.002


def run(args: list) -> tuple[int, str, str]:
    return cli([str(a) for a in args])


def table(out) -> pl.DataFrame:
    return pl.read_parquet(out / "sensitivity.parquet")


def row(t: pl.DataFrame, key: str, measure: str = "first_player_advantage") -> dict:
    return t.filter((pl.col("key") == key) & (pl.col("measure") == measure)).row(0, named=True)
