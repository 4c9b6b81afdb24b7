"""The rule pieces shared by the rules in their order (action.py, turn.py, castle_round.py,
seating.py, round.py) and the objective phase (objectives.py): posting a decision (ask), the
event log, two players switching places, who is beside the king and the public signs an action
gives, the scenario 5 leaders, where the scepter stops next and who stands there. A decision is
posted in the state row and answered through forward.py (kernels/README.md, "The forward
model")."""
from numba import njit

from kernels.banquet.layout import (BARON_F, EV_PLACE, F_DEC, F_DEC_SEAT, F_FACTION, F_HOST, F_KING, F_PLACE,
                                    F_STAND, F_SUSPECT, KING_F, OP_EACH_ADJACENT_SWITCH, OP_MOVE_TO,
                                    OP_REVERSE, R_CH_ABBESS, R_CH_ABBOT, R_CH_MERCHANT, R_N, R_NPL, R_SCEN,
                                    SCEN_SPIES, T_RULES)
from kernels.banquet.state import adjacent, initiative, player_place, seat_of_char, step
from kernels.common import write_event


EMPTY = -2      # standing_at: nobody at the place


@njit(cache=True, _nrt=False, inline="always")
def log_event(log, io, on, ev, seat, a, b, c, d):
    if on:
        io[0] = write_event(log, io[0], ev, seat, a, b, c, d)


# -- posting a decision -----------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def ask(st, io, kind, seat):
    """Decision kind is pending, seat to choose (counted as the bots were asked before)."""
    io[1] += 1
    st[F_DEC] = kind
    st[F_DEC_SEAT] = seat


# -- players switching places and the signs it gives ------------------------------------------
@njit(cache=True, _nrt=False)
def switch_places(st, x, y, moved, log, io, on):
    st[F_PLACE + x], st[F_PLACE + y] = st[F_PLACE + y], st[F_PLACE + x]
    moved[x] = 1
    moved[y] = 1
    log_event(log, io, on, EV_PLACE, x, st[F_PLACE + x], 0, 0, 0)
    log_event(log, io, on, EV_PLACE, y, st[F_PLACE + y], 0, 0, 0)


@njit(cache=True, _nrt=False)
def beside_watched(st, tables):
    """The players next to the king (the baron in scenario 2), as a bit set."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    t = st[F_KING] if st[F_KING] >= 0 else st[F_HOST]
    m = 0
    for p in range(n):
        if adjacent(st, p, t, npl):
            m |= 1 << p
    return m


@njit(cache=True, _nrt=False)
def note_signs(st, tables, a, before):
    """A public sign everyone may read: a's action brought a faction-mate of a's who could
    hold the secret (a traitor; a baron's-faction member in scenario 2) next to the king
    (baron). The heuristic weighs it (odds' suspicion)."""
    rules = tables[T_RULES]
    n = rules[R_N]
    after = beside_watched(st, tables)
    spies = rules[R_SCEN] == SCEN_SPIES
    fa = st[F_FACTION + a]
    for p in range(n):
        if (after >> p) & 1 and not (before >> p) & 1 and st[F_FACTION + p] == fa:
            if (spies and fa == BARON_F) or (not spies and fa != KING_F):
                st[F_SUSPECT + p] += 1


@njit(cache=True, _nrt=False, inline="always")
def chooses_player(op):
    """The action's op chooses the players it names (they may react to being chosen)."""
    return op != OP_REVERSE and op != OP_EACH_ADJACENT_SWITCH and op != OP_MOVE_TO


# -- scenario 5's leaders --------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def leader(st, tables, f):
    """Scenario 5: the seat of faction f's leader (0 the merchant, 1 the abbot, 2 the abbess)."""
    rules = tables[T_RULES]
    c = (rules[R_CH_MERCHANT], rules[R_CH_ABBOT], rules[R_CH_ABBESS])[f]
    return seat_of_char(st, rules[R_N], c)


# -- the scepter --------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def scepter_step(st, q, d, npl):
    """The next place from q in direction d the scepter stops at: it skips every place no
    player may occupy (reading B11)."""
    for _ in range(npl):
        q = step(q, d, npl)
        if player_place(st, q):
            return q
    return q


@njit(cache=True, _nrt=False)
def standing_at(st, tables, q, n):
    """The standing player at place q with the lowest initiative; -1 if everyone there is
    seated, EMPTY if nobody is there."""
    best = EMPTY
    for p in range(n):
        if st[F_PLACE + p] == q:
            if st[F_STAND + p] == 0:
                if best == EMPTY:
                    best = -1
            elif best < 0 or initiative(st, tables, p) < initiative(st, tables, best):
                best = p
    return best

