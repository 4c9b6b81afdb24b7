"""The end of a mission, part by part, in the rulebook's order: who leads each part, what the
leader and the cubes score, the first player's and the location's parts, the Pimpernel and
Chauvelin moving on. ``rules.step_mission`` calls these in turn; none of them asks a bot."""

from kernels.pimpernel.jit import kernel
from kernels.pimpernel.layout import (EV_CHAUV, EV_HOJ, EV_PART, EV_PIMP, EMPTY_BY_LAST_GAME,
    EMPTY_BY_LAST_LEADER, K_CHAUVELIN, K_CHAUV_BY_LOC, K_CUBE_PT, K_EMPTY_LEAD_PT, K_EMPTY_LEADER, K_FIRST_PT,
    K_HOJ_PT, K_LC_NSLOT, K_LEADER_PT, K_TP, L_FIRST, L_LOCATION, O_CAPTURES, O_CHAUV, O_FIRST, O_LAST,
    O_LAST_EVER, O_LAST_LEAD, O_LEADER, O_LOCCARD, O_MLOC, O_N, O_PARTS_FAILED, O_PIMP, O_PRISON, O_TRAIL,
    O_TRAIL_LEN, P_CUBE_PTS, P_HOJ, P_LEADER_PTS, P_SUPPLY)
from kernels.pimpernel.state import add_score, area_at, log_event, player_at, space_at


@kernel(inline=True)
def cube_scores(s, K, o):
    """One of o's cubes leaves the board for the mission: o scores a cube point, the cube goes
    home to o's supply."""
    s[player_at(o, P_SUPPLY)] += 1
    add_score(s, o, K[K_CUBE_PT])
    s[player_at(o, P_CUBE_PTS)] += K[K_CUBE_PT]


@kernel
def score_cube(s, K, a, q):
    """One of q's cubes leaves area a for the mission completion area: q scores, cube home."""
    s[area_at(q, a)] -= 1
    cube_scores(s, K, q)


@kernel
def settle_leader(s, K, k, leader, success, log, nlog, log_on, scored):
    """Leader point on success; the leader's cube back (or to the House of Justice)."""
    log_event(log, nlog, log_on, EV_PART, leader, k, 1 if success else 0, scored, 0)
    if not success:
        s[O_PARTS_FAILED] += 1
    if s[O_LEADER + k] < 0:
        # led with no cube there (everyone passed): the point only by the reading's choice
        if success and K[K_EMPTY_LEAD_PT] == 1:
            pts = K[K_FIRST_PT] if k == L_FIRST else K[K_LEADER_PT]
            add_score(s, leader, pts)
            s[player_at(leader, P_LEADER_PTS)] += pts
        return
    s[O_LEADER + k] = -1
    if success:
        pts = K[K_FIRST_PT] if k == L_FIRST else K[K_LEADER_PT]
        add_score(s, leader, pts)
        s[player_at(leader, P_LEADER_PTS)] += pts
        s[player_at(leader, P_SUPPLY)] += 1
    elif K[K_CHAUVELIN] == 1:
        s[player_at(leader, P_HOJ)] += 1
        log_event(log, nlog, log_on, EV_HOJ, leader, k, 0, 0, 0)
    else:
        s[player_at(leader, P_SUPPLY)] += 1


@kernel
def leader_of(s, K, k):
    """Who leads leader space k: the cube's owner; with no cube there (everyone passed), the
    player who "placed his or her cube last" by the reading game.empty_leader_space_leader,
    the first player if nobody did."""
    o = s[O_LEADER + k]
    if o >= 0:
        return o
    by = K[K_EMPTY_LEADER]
    if by == EMPTY_BY_LAST_LEADER and s[O_LAST_LEAD] >= 0:
        return s[O_LAST_LEAD]
    if by == EMPTY_BY_LAST_GAME and s[O_LAST_EVER] >= 0:
        return s[O_LAST_EVER]
    if by != EMPTY_BY_LAST_GAME and s[O_LAST] >= 0:
        return s[O_LAST]
    return s[O_FIRST]


@kernel
def resolve_first(s, K, log, nlog, log_on):
    leader = leader_of(s, K, L_FIRST)
    s[O_FIRST] = leader
    settle_leader(s, K, L_FIRST, leader, True, log, nlog, log_on, 0)


@kernel
def move_pimpernel(s, log, nlog, log_on):
    s[O_PIMP] = s[O_MLOC]
    s[O_PRISON] = 0
    log_event(log, nlog, log_on, EV_PIMP, -1, s[O_MLOC], 0, 0, 0)


@kernel
def resolve_location(s, K, log, nlog, log_on):
    leader = leader_of(s, K, L_LOCATION)
    l = s[O_MLOC]
    c = s[O_LOCCARD + l]
    full = True
    scored = 0
    if c >= 0:
        for i in range(K[K_LC_NSLOT + c]):
            o = s[space_at(l, i)]
            if o < 0:
                full = False
            else:
                s[space_at(l, i)] = -1
                cube_scores(s, K, o)
                scored += 1
    settle_leader(s, K, L_LOCATION, leader, full, log, nlog, log_on, scored)
    return leader


@kernel
def move_chauvelin(s, K, log, nlog, log_on):
    """Chauvelin walks the marker trail one step per House of Justice cube; then those score."""
    n = s[O_N]
    steps = 0
    for p in range(n):
        steps += s[player_at(p, P_HOJ)]
    captured = 0
    if steps > 0:
        pos = s[O_CHAUV] + steps
        pimp_at = s[O_TRAIL_LEN] - 1
        # caught when he reaches or passes the Pimpernel's marker, or (by the reading
        # game.chauvelin_catches_by_location) lands on an earlier marker at the Pimpernel's location
        if pos >= pimp_at or (K[K_CHAUV_BY_LOC] == 1 and s[O_TRAIL + pos] == s[O_PIMP]):
            s[O_PIMP] = K[K_TP]
            s[O_PRISON] = 1
            s[O_CHAUV] = -1
            s[O_CAPTURES] += 1
            captured = 1
        else:
            s[O_CHAUV] = pos
        log_event(log, nlog, log_on, EV_CHAUV, -1, steps, s[O_CHAUV], captured, 0)
    for p in range(n):
        h = s[player_at(p, P_HOJ)]
        if h > 0:
            add_score(s, p, h * K[K_HOJ_PT])
            s[player_at(p, P_LEADER_PTS)] += h * K[K_HOJ_PT]
            s[player_at(p, P_SUPPLY)] += h
            s[player_at(p, P_HOJ)] = 0
