"""Polars analysis of results tables: win rates with intervals, comparisons, checks."""
