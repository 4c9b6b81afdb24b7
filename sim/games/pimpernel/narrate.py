"""Turn a Scarlet Pimpernel event log into plain-language lines."""
from __future__ import annotations

import numpy as np

from kernels import pimpernel as kp

PARTS = ("resources", "supporters", "first player", "route", "location")


def route_text(c, src: int, dst: int, idx: int) -> str:
    """The locations along route idx of the pair (src, dst)."""
    m = int(c.RM[c.RS[src * kp.MAXL + dst] + idx])
    K, names = c.K, c.names["locations"]
    edges = [e for e in range(K[kp.K_NE]) if any(
        (m >> sp) & 1 for sp in range(K[kp.K_NS]) if K[kp.K_SPACE_EDGE + sp] == e)]
    path, here, left = [names[src]], src, set(edges)
    while here != dst and left:
        for e in list(left):
            a, b = int(K[kp.K_EDGE_A + e]), int(K[kp.K_EDGE_B + e])
            if here in (a, b):
                here = b if here == a else a
                path.append(names[here])
                left.discard(e)
                break
        else:
            break
    return " - ".join(path)


def narrate(c, log: np.ndarray, out, seat_bot: list[str]) -> list[str]:
    K, nm = c.K, c.names
    locs, areas, tiles, regions = nm["locations"], nm["areas"], nm["tiles"], nm["regions"]
    lines: list[str] = []
    # seats are numbered as in results.parquet
    who = lambda s: f"seat {s} ({seat_bot[s]})" if s >= 0 else "Nobody"  # noqa: E731
    pimp = mloc = -1
    for ev, seat, a, b, cc, d in (tuple(int(x) for x in row) for row in log):
        if ev == kp.EV_SETUP:
            pimp, mloc = a, b
            lines.append(f"Setup: the Scarlet Pimpernel starts in {locs[a]}; the first mission goes to "
                         f"{locs[b]}; {who(cc)} takes the first-player marker.")
        elif ev == kp.EV_PASS:
            lines.append(f"{who(seat)} passes.")
        elif ev == kp.EV_MOVE:
            src = " with a rest cube" if d else ""
            if a == kp.MV_MOVE:
                lines.append(f"{who(seat)} moves to {regions[b]}.")
            elif a == kp.MV_ROUTE:
                e = int(K[kp.K_SPACE_EDGE + b])
                lines.append(f"{who(seat)} places a cube{src} on the route {locs[K[kp.K_EDGE_A + e]]} - "
                             f"{locs[K[kp.K_EDGE_B + e]]}.")
            elif a == kp.MV_LOC:
                lines.append(f"{who(seat)} places a cube{src} on {locs[b // kp.MAXSLOT]} (space {b % kp.MAXSLOT + 1}).")
            elif a == kp.MV_LEADER:
                lines.append(f"{who(seat)} places a cube{src} on the {PARTS[b]} leader space.")
            elif a == kp.MV_BUILD:
                lines.append(f"{who(seat)} places a cube{src} on building space {b + 1}.")
            elif a == kp.MV_AREA:
                lines.append(f"{who(seat)} places a cube{src} in the {areas[b]} planning area.")
            elif a == kp.MV_FAVOR:
                lines.append(f"{who(seat)} calls on the {tiles[b]}'s special favor.")
            elif a == kp.MV_POINT:
                lines.append(f"{who(seat)} takes one point.")
            elif a == kp.MV_REMOVE:
                what = ("a route space", "a location space", "a building", "a planning area", "a leader space")[b]
                lines.append(f"{who(seat)} takes back a cube from {what}.")
        elif ev == kp.EV_BUMP:
            lines.append(f"  {who(seat)}'s cube is bumped into the {areas[a]} planning area.")
        elif ev == kp.EV_TILE:
            lines.append(f"  {who(seat)} takes the {tiles[a]} special favor tile.")
        elif ev == kp.EV_PART:
            ok = "met" if b else "not met"
            lines.append(f"Mission {PARTS[a]}: led by {who(seat)}; {cc} cubes score; requirement {ok}.")
        elif ev == kp.EV_ROUTE:
            lines.append(f"  {who(seat)} chooses the route {route_text(c, pimp, mloc, a)} "
                         f"({b} complete routes existed).")
        elif ev == kp.EV_HOJ:
            lines.append(f"  {who(seat)}'s leader cube goes to the House of Justice.")
        elif ev == kp.EV_PIMP:
            pimp = a
            lines.append(f"The Scarlet Pimpernel reaches {locs[a]}.")
        elif ev == kp.EV_CHAUV:
            caught = " and catches the Pimpernel: off to Temple Prison!" if cc else "."
            lines.append(f"Chauvelin advances {a} steps{caught}")
            if cc:
                pimp = int(K[kp.K_TP])
        elif ev == kp.EV_NEXT:
            mloc = b
            lines.append(f"Mission {a} goes to {locs[b]}.")
        elif ev == kp.EV_END:
            reason = ("all missions done", "turn cap")[a]
            lines.append(f"Game over ({reason}).")
    for s in range(c.n_players):
        lines.append(f"{who(s)}: {int(out.score[0, s])} points, rank {int(out.rank[0, s])}.")
    return lines
