"""Turn a Scarlet Pimpernel event log into plain-language lines."""
from __future__ import annotations

import numpy as np

from kernels.pimpernel import layout as L

PARTS = ("resources", "supporters", "first player", "route", "location")


def route_text(c, src: int, dst: int, idx: int) -> str:
    """The locations along route idx of the pair (src, dst)."""
    K, RS, RM = c.tables
    m = int(RM[RS[src * L.MAXL + dst] + idx])
    names = c.names["locations"]
    edges = [e for e in range(K[L.K_NE]) if any(
        (m >> sp) & 1 for sp in range(K[L.K_NS]) if K[L.K_SPACE_EDGE + sp] == e)]
    path, here, left = [names[src]], src, set(edges)
    while here != dst and left:
        for e in list(left):
            a, b = int(K[L.K_EDGE_A + e]), int(K[L.K_EDGE_B + e])
            if here in (a, b):
                here = b if here == a else a
                path.append(names[here])
                left.discard(e)
                break
        else:
            break
    return " - ".join(path)


def narrate(c, log: np.ndarray, out, seat_bot: list[str]) -> list[str]:
    """Event rows -> plain words; seat_bot names each seat's bot."""
    K, nm = c.tables[0], c.names
    locs, areas, tiles, regions = nm["locations"], nm["areas"], nm["tiles"], nm["regions"]
    lines: list[str] = []
    # seats are numbered as in results.parquet
    who = lambda s: f"seat {s} ({seat_bot[s]})" if s >= 0 else "Nobody"  # noqa: E731
    pimp = mloc = -1
    for ev, seat, a, b, cc, d in (tuple(int(x) for x in row) for row in log):
        if ev == L.EV_SETUP:
            pimp, mloc = a, b
            lines.append(f"Setup: the Scarlet Pimpernel starts in {locs[a]}; the first mission goes to "
                         f"{locs[b]}; {who(cc)} takes the first-player marker.")
        elif ev == L.EV_PASS:
            lines.append(f"{who(seat)} passes.")
        elif ev == L.EV_MOVE:
            src = " with a rest cube" if d else ""
            if a == L.MV_MOVE:
                lines.append(f"{who(seat)} moves to {regions[b]}.")
            elif a == L.MV_ROUTE:
                e = int(K[L.K_SPACE_EDGE + b])
                lines.append(f"{who(seat)} places a cube{src} on the route {locs[K[L.K_EDGE_A + e]]} - "
                             f"{locs[K[L.K_EDGE_B + e]]}.")
            elif a == L.MV_LOC:
                lines.append(f"{who(seat)} places a cube{src} on {locs[b // L.MAXSLOT]} (space {b % L.MAXSLOT + 1}).")
            elif a == L.MV_LEADER:
                lines.append(f"{who(seat)} places a cube{src} on the {PARTS[b]} leader space.")
            elif a == L.MV_BUILD:
                lines.append(f"{who(seat)} places a cube{src} on building space {b + 1}.")
            elif a == L.MV_AREA:
                lines.append(f"{who(seat)} places a cube{src} in the {areas[b]} planning area.")
            elif a == L.MV_FAVOR:
                lines.append(f"{who(seat)} calls on the {tiles[b]}'s special favor.")
            elif a == L.MV_POINT:
                lines.append(f"{who(seat)} takes one point.")
            elif a == L.MV_REMOVE:
                what = ("a route space", "a location space", "a building", "a planning area", "a leader space")[b]
                lines.append(f"{who(seat)} takes back a cube from {what}.")
        elif ev == L.EV_BUMP:
            lines.append(f"  {who(seat)}'s cube is bumped into the {areas[a]} planning area.")
        elif ev == L.EV_TILE:
            lines.append(f"  {who(seat)} takes the {tiles[a]} special favor tile.")
        elif ev == L.EV_PART:
            ok = "met" if b else "not met"
            lines.append(f"Mission {PARTS[a]}: led by {who(seat)}; {cc} cubes score; requirement {ok}.")
        elif ev == L.EV_ROUTE:
            lines.append(f"  {who(seat)} chooses the route {route_text(c, pimp, mloc, a)} "
                         f"({b} complete routes existed).")
        elif ev == L.EV_HOJ:
            lines.append(f"  {who(seat)}'s leader cube goes to the House of Justice.")
        elif ev == L.EV_PIMP:
            pimp = a
            lines.append(f"The Scarlet Pimpernel reaches {locs[a]}.")
        elif ev == L.EV_CHAUV:
            caught = " and catches the Pimpernel: off to Temple Prison!" if cc else "."
            lines.append(f"Chauvelin advances {a} steps{caught}")
            if cc:
                pimp = int(K[L.K_TP])
        elif ev == L.EV_NEXT:
            mloc = b
            lines.append(f"Mission {a} goes to {locs[b]}.")
        elif ev == L.EV_END:
            reason = ("all missions done", "turn cap")[a]
            lines.append(f"Game over ({reason}).")
    if out is not None:     # (a game told while it goes on has no final ranking yet)
        for s in range(c.n_players):
            lines.append(f"{who(s)}: {int(out.score[0, s])} points, rank {int(out.rank[0, s])}.")
    return lines
