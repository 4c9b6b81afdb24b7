"""Scenario 6's invariants on final state rows (helpers.broken_invariants hands scenario 6 here)."""
from kernels.banquet import castle_places as P
from kernels.banquet import layout as L


def broken_castle(c, scratch) -> list[str]:
    """The castle's invariants on every final state row: players on the line but the one in the
    gatehouse (a seated lady), the duke alone on a line place marked as his, nobody on the
    tower or the bastion, pendants within the deal, guards never above the dial (or the two
    that come back), the Keyring on the tower or a player, the Hound on the line, off the board
    or not yet come, search tokens left between 1 and the start."""
    rules = c.tables[L.T_RULES]
    n, npl = int(rules[L.R_N]), int(rules[L.R_NPL])
    bad = []
    for r, st in enumerate(scratch[L.S_STATE]):
        pl = st[L.F_PLACE:L.F_PLACE + n]
        gate = int(st[L.F_GATE])
        duke = int(st[L.F_DUKE])
        for p in range(n):
            if p == gate:
                if pl[p] != P.gatehouse(rules) or st[L.F_STAND + p] or \
                        c.tables[L.T_CHARS][st[L.F_CHAR + p], L.C_GENDER] != L.LADY:
                    bad.append(f"row {r}: the gatehouse player {p} is not a seated lady in the gatehouse")
            elif P.castle_place(rules, pl[p]) or pl[p] == duke:
                bad.append(f"row {r}: player {p} at place {pl[p]} (castle or duke)")
        kinds = st[L.F_PLACE_KIND:L.F_PLACE_KIND + npl]
        if P.castle_place(rules, duke) or kinds[duke] != L.PK_DUKE or (kinds == L.PK_DUKE).sum() != 1:
            bad.append(f"row {r}: the duke at {duke}, kinds {kinds.tolist()}")
        pend = st[L.F_PENDANTS:L.F_PENDANTS + n]
        if (pend < 0).any() or (pend > rules[L.R_PENDANTS_EACH]).any():
            bad.append(f"row {r}: pendants {pend.tolist()}")
        if not 0 <= st[L.F_GUARDS] <= max(int(rules[L.R_GUARDS]), int(rules[L.R_GUARDS_BACK])):
            bad.append(f"row {r}: guards {st[L.F_GUARDS]}")
        if not L.KEY_ON_TOWER <= st[L.F_KEYRING] < n:
            bad.append(f"row {r}: the Keyring on {st[L.F_KEYRING]}")
        hound = int(st[L.F_HOUND])
        if hound >= 0 and (hound == P.gatehouse(rules) or hound == P.bastion(rules)):
            bad.append(f"row {r}: the Hound at {hound}")
        if not 1 <= st[L.F_SEARCH] <= rules[L.R_SEARCH]:
            bad.append(f"row {r}: search tokens {st[L.F_SEARCH]}")
    return bad
