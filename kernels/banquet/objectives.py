"""The objective phase of each scenario (marks and assassins, the league, the message, the
white maiden's converts, the estate's points and portions), the end and the factions' scores;
it imports the shared rule pieces above it (rules.py); round.py calls its scoring."""
from numba import njit

from kernels.banquet.castle import castle_scores
from kernels.banquet.layout import (ASSASSIN, BARON_F, COURIER, DUKE_F, END_ASSASSINATED, END_DELIVERED,
                                    END_FINISHED, END_NONE, END_SLAIN, EV_CLAIM, EV_CONVERT, EV_ESTATE,
                                    EV_OBJECTIVE, F_BOXED, F_CAN_MARK, F_CLAIM, F_CONVERTED, F_END, F_FACTION,
                                    F_HOLDER, F_HOST, F_KILLER, F_KILLERS, F_KING, F_MARK, F_PATRON, F_PLACE,
                                    F_PLACE_KIND, F_ROUND, F_SECRET, F_TOKEN, F_WHISPERED, KING_F,
                                    M_CONVERTED, M_ESTATE, MAIDEN_F, MERCHANT_F, PK_HOUND, QUEEN_F,
                                    R_CH_MAIDEN, R_FINAL_CONVERTS, R_KING_CONVERTS, R_N, R_NPL,
                                    R_PENDANT_LIMIT, R_PENDANTS, R_PTS_KILL, R_PTS_MARKED, R_PTS_SURVIVE,
                                    R_ROUNDS, R_SCEN, R_SUMS_JUDGED, R_SURVIVE_UNSLAIN, R_UNSCORED_TIE,
                                    SCEN_BANQUET, SCEN_CASTLE, SCEN_ESTATE, SCEN_MAIDEN, SCEN_SPIES, T_RULES)
from kernels.banquet.rules import log_event
from kernels.banquet.state import (adjacent, estate_at, initiative, known_at, learn, places_adjacent,
                                   reveal_to_all, seat_of_char, seneschal)
from kernels.rng import below, CHANCE


# -- the objective phase ----------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def return_token(st, p, i):
    """p's mark goes back to the box (he is shown not to be an assassin)."""
    st[F_TOKEN + p] = 0
    st[F_MARK + i] = -1
    st[F_BOXED] += 1


@njit(cache=True, _nrt=False)
def banquet_objective(st, tables, log, io, on):
    """Scenario 1: the king's neighbours reveal; exactly one assassin kills him; both lose him
    his marking; a wrongly marked neighbour's token goes to the box."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    king = st[F_KING]
    killers = 0
    killer_f = -1
    for p in range(n):
        if adjacent(st, p, king, npl):
            reveal_to_all(st, p, n)
            if st[F_SECRET + p] == ASSASSIN:
                killers += 1
                killer_f = st[F_FACTION + p]
    st[F_KILLERS] = killers
    log_event(log, io, on, EV_OBJECTIVE, king, killers, killer_f, 0, 0)
    for i in range(2):
        m = st[F_MARK + i]
        if m >= 0 and st[F_SECRET + m] != ASSASSIN and (adjacent(st, m, king, npl) or killers == 2):
            return_token(st, m, i)
    if killers == 1:
        st[F_KILLER] = killer_f
        st[F_END] = END_ASSASSINATED
    elif killers == 2:
        st[F_CAN_MARK] = 0


@njit(cache=True, _nrt=False)
def league_objective(st, tables, log, io, on):
    """Scenario 3: exactly one assassin next to the king kills him; no reveals, no marks."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    king = st[F_KING]
    killers = 0
    killer_f = -1
    for p in range(n):
        if adjacent(st, p, king, npl) and st[F_SECRET + p] == ASSASSIN:
            killers += 1
            killer_f = st[F_FACTION + p]
    st[F_KILLERS] = killers
    log_event(log, io, on, EV_OBJECTIVE, king, killers, killer_f, 0, 0)
    if killers == 1:
        st[F_KILLER] = killer_f
        st[F_END] = END_ASSASSINATED


@njit(cache=True, _nrt=False)
def spies_objective(st, tables, log, io, on):
    """Scenario 2: the seneschal next to the baron whispers the courier's name; then a courier
    next to the baron delivers the message."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    baron = st[F_HOST]
    sen = seneschal(st, tables)
    courier = -1
    for p in range(n):
        if st[F_SECRET + p] == COURIER:
            courier = p
    if sen >= 0 and adjacent(st, sen, baron, npl) and courier >= 0:
        st[F_WHISPERED] = 1
        learn(st, tables, sen, courier, n)
    near = courier >= 0 and adjacent(st, courier, baron, npl)
    log_event(log, io, on, EV_OBJECTIVE, baron, 1 if near else 0, courier, 0, 0)
    if near:
        reveal_to_all(st, courier, n)
        st[F_END] = END_DELIVERED


@njit(cache=True, _nrt=False, inline="always")
def maiden_objective(st, tables, log, io, on, met):
    """Scenario 4: the white maiden next to the queen slays her (the maiden's faction wins);
    otherwise every queen's-faction member next to the maiden joins her faction, lowest
    initiative first while rose pendants last (when the limit is on), the king only if the
    reading lets him (B7)."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    wm = seat_of_char(st, n, rules[R_CH_MAIDEN])
    queen = st[F_HOST]
    slain = adjacent(st, wm, queen, npl)
    log_event(log, io, on, EV_OBJECTIVE, queen, 1 if slain else 0, wm, 0, 0)
    if slain:
        st[F_END] = END_SLAIN
        return
    if rules[R_FINAL_CONVERTS] == 0 and st[F_ROUND] == rules[R_ROUNDS] - 1:
        return                      # the queen has survived: her faction wins as it stands
    worn = 0
    for p in range(n):
        if st[F_FACTION + p] == MAIDEN_F:
            worn += 1
    while True:
        best = -1
        for p in range(n):
            if (st[F_FACTION + p] == QUEEN_F and p != queen and adjacent(st, p, wm, npl)
                    and (p != st[F_PATRON] or rules[R_KING_CONVERTS] == 1)
                    and (best < 0 or initiative(st, tables, p) < initiative(st, tables, best))):
                best = p
        if best < 0 or (rules[R_PENDANT_LIMIT] == 1 and worn >= rules[R_PENDANTS]):
            return
        st[F_FACTION + best] = MAIDEN_F
        st[F_CONVERTED + best] = 1
        met[best, M_CONVERTED] = 1.0
        worn += 1
        for v in range(n):          # the converted player and his new faction share what they know
            if st[F_FACTION + v] == MAIDEN_F:
                st[known_at(v, best)] = 1
                st[known_at(best, v)] = 1
        log_event(log, io, on, EV_CONVERT, best, 0, 0, 0, 0)


@njit(cache=True, _nrt=False, inline="always")
def estate_objective(st, tables, log, io, on, met):
    """Scenario 5: every player next to a portion of the estate earns his faction a point for
    it (sharers of a place each earn one)."""
    rules = tables[T_RULES]
    n, npl = rules[R_N], rules[R_NPL]
    for q in range(npl):
        j = st[F_PLACE_KIND + q] - PK_HOUND
        if j < 0 or j > 2:
            continue
        for p in range(n):
            if places_adjacent(st[F_PLACE + p], q, npl):
                st[estate_at(team_of(SCEN_ESTATE, st[F_FACTION + p]), j)] += 1
                met[p, M_ESTATE] += 1.0
                log_event(log, io, on, EV_ESTATE, p, j, 0, 0, 0)


@njit(cache=True, _nrt=False)
def claim_portions(st, tables, rng, log, io, on):
    """Scenario 5's end: each portion to the faction with the most points; two tied by
    divine judgment, three tied by the highest sum of initiatives (equal sums: divine
    judgment among them, B10, or unclaimed by the reading's other setting); a portion nobody
    scored is a three-way tie unless the reading leaves it unclaimed."""
    rules = tables[T_RULES]
    n = rules[R_N]
    for j in range(3):
        top = -1
        for t in range(3):
            top = max(top, st[estate_at(t, j)])
        tied = 0
        for t in range(3):
            if st[estate_at(t, j)] == top:
                tied |= 1 << t
        how = 0
        if top == 0 and rules[R_UNSCORED_TIE] == 0:
            st[F_CLAIM + j] = -1
            continue
        if tied == 7:               # three-way: the initiative sums
            best = -1
            for t in range(3):
                if best < 0 or initiative_sum(st, tables, t, n) > best:
                    best = initiative_sum(st, tables, t, n)
            tied = 0
            for t in range(3):
                if initiative_sum(st, tables, t, n) == best:
                    tied |= 1 << t
            how = 2
        k = (tied & 1) + ((tied >> 1) & 1) + ((tied >> 2) & 1)
        if how == 2 and k > 1 and rules[R_SUMS_JUDGED] == 0:
            st[F_CLAIM + j] = -1    # equal sums: nobody claims it (the reading's other setting)
            log_event(log, io, on, EV_CLAIM, -1, -1, j, how, 0)
            continue
        pick = below(rng, CHANCE, k) if k > 1 else 0    # divine judgment among the tied
        if k > 1 and how == 0:
            how = 1
        for t in range(3):
            if (tied >> t) & 1:
                if pick == 0:
                    st[F_CLAIM + j] = t
                    break
                pick -= 1
        log_event(log, io, on, EV_CLAIM, -1, st[F_CLAIM + j], j, how, 0)


@njit(cache=True, _nrt=False)
def initiative_sum(st, tables, t, n):
    s = 0
    for p in range(n):
        if team_of(SCEN_ESTATE, st[F_FACTION + p]) == t:
            s += initiative(st, tables, p)
    return s


@njit(cache=True, _nrt=False, inline="always")
def objective_scoring(st, tables, rng, log, io, on, met):
    """The objective phase after its reactions: the scenario's objective, the end after the
    last round (scenario 5's portions claimed), the scepter back to the host."""
    rules = tables[T_RULES]
    scen = rules[R_SCEN]
    if scen == SCEN_BANQUET:
        banquet_objective(st, tables, log, io, on)
    elif scen == SCEN_SPIES:
        spies_objective(st, tables, log, io, on)
    elif scen == SCEN_MAIDEN:
        maiden_objective(st, tables, log, io, on, met)
    elif scen == SCEN_ESTATE:
        estate_objective(st, tables, log, io, on, met)
    else:
        league_objective(st, tables, log, io, on)
    if st[F_END] == END_NONE and st[F_ROUND] == rules[R_ROUNDS] - 1:
        st[F_END] = END_FINISHED
        if scen == SCEN_ESTATE:
            claim_portions(st, tables, rng, log, io, on)
    st[F_HOLDER] = st[F_HOST]


# -- the end ----------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def team_of(scen, faction):
    """A faction's index among the scenario's factions (rank_teams)."""
    if scen == SCEN_CASTLE:
        return 0
    if scen == SCEN_SPIES:
        return 0 if faction == BARON_F else 1
    if scen == SCEN_MAIDEN:
        return 0 if faction == QUEEN_F else 1
    if scen == SCEN_ESTATE:
        return faction - MERCHANT_F
    if faction == KING_F:
        return 0
    if scen == SCEN_BANQUET:
        return faction          # rose 1, tower 2
    return 1 if faction == DUKE_F else 2


@njit(cache=True, _nrt=False)
def final_scores(st, tables, team):
    """Faction scores. Scenario 1: the king's faction 1 if he survived (or, by the reading's
    other setting, reached the last objective phase alive) plus 2 for each
    assassin holding a token at the end (reading B21), the killing faction 3. Scenarios 2, 3
    and 4: 1 to the winning faction. Scenario 5: 2 per portion claimed and 1 more for the Fox
    Forest, so two portions win and one each goes to the Fox Forest's holder."""
    rules = tables[T_RULES]
    n = rules[R_N]
    scen = rules[R_SCEN]
    for t in range(3):
        team[t] = 0
    end = st[F_END]
    if scen == SCEN_CASTLE:
        castle_scores(st, team)
    elif scen == SCEN_BANQUET:
        if end != END_ASSASSINATED or (rules[R_SURVIVE_UNSLAIN] == 0 and st[F_ROUND] == rules[R_ROUNDS] - 1):
            team[0] += rules[R_PTS_SURVIVE]     # the point for reaching round 3's objective phase alive
        for p in range(n):
            if st[F_TOKEN + p] == 1 and st[F_SECRET + p] == ASSASSIN:
                team[0] += rules[R_PTS_MARKED]
        if end == END_ASSASSINATED:
            team[team_of(scen, st[F_KILLER])] += rules[R_PTS_KILL]
    elif scen == SCEN_SPIES:
        team[0 if end == END_DELIVERED else 1] = 1
    elif scen == SCEN_MAIDEN:
        team[1 if end == END_SLAIN else 0] = 1
    elif scen == SCEN_ESTATE:
        for j in range(3):          # two per portion, one more for the Fox Forest (its tie-break)
            if st[F_CLAIM + j] >= 0:
                team[st[F_CLAIM + j]] += 2 + (1 if j == 0 else 0)
    else:
        if end == END_ASSASSINATED:
            team[team_of(scen, st[F_KILLER])] = 1
        else:
            team[0] = 1
