"""balance: Monte Carlo balance simulator for board games."""
__version__ = "0.1.0"
