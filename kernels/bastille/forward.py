"""Bastille's forward-model entry points in the contract's shape (kernels/README.md, "The
forward model"): the rules' ``advance``/``options``/``apply`` taking the tables tuple, the
weights and the log switch. The state is one row ``st``. The content row is passed on
borrowed (a Row, as play_batch passes it) so that these reuse the games' compiled rules
instead of compiling a second copy of them for a plain array. The shipped bots as a policy are
``play.policy`` (it needs the rollout bot, which imports this module's rules)."""

from numba import njit

from kernels.bastille.layout import G_KIND, G_LOGON
from kernels.bastille import rules
from kernels.common import borrow


@njit(cache=True, _nrt=False)
def advance(tables, st, rng, weights, log, on):
    """Chance and the rules until a decision is pending or the game is over: its DEC_*."""
    st[G_LOGON] = on
    if st[G_KIND] > 0:
        return st[G_KIND]       # a decision is pending already
    return rules.advance(borrow(tables[0]), st, rng, log)


@njit(cache=True, _nrt=False)
def options(tables, st, buf):
    return rules.options(borrow(tables[0]), st, buf)


@njit(cache=True, _nrt=False)
def apply(tables, st, rng, weights, row, log, on):
    st[G_LOGON] = on
    return rules.apply(borrow(tables[0]), st, rng, row, log)
