"""Numba kernels: one module per game plus shared helpers (RNG, ranking, small searches)."""
