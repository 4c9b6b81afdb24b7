"""The Scarlet Pimpernel's forward-model entry points in the contract's shape (kernels/README.md,
"The forward model"): the rules' ``advance``/``list_options``/``apply_option`` taking the tables
tuple, the weights and the log switch, and ``policy``, every bot as a choice among the options.
The state is the row ``s``, its log counter ``nlog`` and two scratch arrays the options need
(``tmp``: a favor half's trial and its undo journal; ``om``: the route spaces' owners)."""

import numpy as np

from kernels.pimpernel.jit import kernel
from kernels.pimpernel.layout import BOT_ROLLOUT, BOT_SEARCH, DEC_CUBE, DEC_MAIN, MAXM, S_SIZE
from kernels.pimpernel.state import decision
from kernels.pimpernel.rules import advance as rules_advance, apply_option, list_options
from kernels.pimpernel.bots import choose_option
from kernels.pimpernel.rollout import rollout_choice
from kernels.pimpernel.play import search_arrays
from kernels.pimpernel.search import search_option


@kernel
def advance(tables, s, nlog, tmp, om, rng, weights, log, on):
    """Chance and the rules until a decision is pending or the game is over: its DEC_*."""
    K, RS, RM = tables
    return rules_advance(s, K, RS, RM, tmp, om, log, nlog, on)


@kernel
def options(tables, s, nlog, tmp, om, buf):
    K, RS, RM = tables
    return list_options(s, K, RS, RM, tmp, om, buf, nlog)


@kernel
def apply(tables, s, nlog, tmp, om, rng, weights, row, log, on):
    K, RS, RM = tables
    return apply_option(s, K, RS, RM, tmp, om, row[0], row[1], row[2], row[3], log, nlog, on)


@kernel(nrt=True, lazy=True)   # the rollout's and the search's playout scratch is allocated per question
def policy(tables, s, nlog, tmp, om, buf, k, seat, bot, rng, weights, memo):
    """bot (BOT_*) choosing for seat at the pending decision of s (buf[:k] its options), as
    play_game asks it; memo is the heuristic's float context row (play.ask_seat's ctx)."""
    K, RS, RM = tables
    if bot == BOT_SEARCH and decision(s) < DEC_CUBE and k > 1:
        sb = np.full(1, BOT_SEARCH, np.int64)
        return search_option(s, K, RS, RM, weights, buf, k, tmp, memo, np.zeros(S_SIZE, np.int64),
                             np.zeros((MAXM, 4), np.int64), rng, om, np.zeros((1, 6), np.int64), nlog,
                             search_arrays(sb, weights, MAXM, rng.shape[0]))
    if bot == BOT_ROLLOUT and decision(s) == DEC_MAIN and k > 1:
        cand = np.zeros_like(buf)
        s2 = np.zeros(S_SIZE, np.int64)
        return rollout_choice(s, K, RS, RM, weights, seat, buf, k, tmp, memo, cand, s2, rng, om, tmp, nlog)
    return choose_option(s, K, RS, RM, weights, bot, buf, k, tmp, memo, om, rng)
