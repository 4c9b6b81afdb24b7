"""Emerald event rows (layout's EV_*) -> plain-language lines."""
from __future__ import annotations

import numpy as np

from kernels.emerald import layout as L

SIDES = ("Restorationist", "Loyalist")


def final_markers(log: np.ndarray) -> tuple[int, int]:
    """The Restorationist and Loyalist markers at the end (the last marker event's)."""
    rows = log[log[:, 0] == L.EV_MARKER]
    return (int(rows[-1, 4]), int(rows[-1, 5])) if len(rows) else (0, 0)


def lost_why(side: int, lost: int, track: int, markers: tuple[int, int]) -> str:
    """Why a seat loses points at the end: the track points when the other side's marker is
    higher, the rest the other side's typed VP and agent-box VP it may not keep."""
    r, lo = markers
    parts = []
    higher = 0 if r > lo else 1 if lo > r else -1
    if track and higher >= 0 and higher != side:
        parts.append(f"{track} track point{'s' if track != 1 else ''} (the {SIDES[higher]} marker is higher)")
        lost -= track
    if lost:
        parts.append(f"{lost} VP of the other side's types or agent boxes it may not keep")
    return ", ".join(parts)


def final_lines(out, seat_bot: list[str], log: np.ndarray | None = None) -> list[str]:
    """The final adjustments of each seat, from the game's outputs: what it loses and why, and
    how a tie for the top was settled."""
    names = L.METRICS
    markers = final_markers(log) if log is not None else (0, 0)
    lines = []
    n = out.score.shape[1]
    m = [{k: out.metrics[0, s, i] for i, k in enumerate(names)} for s in range(n)]
    for s in range(n):
        side, lost = int(m[s]["final_side"]), int(m[s]["vp_lost"])
        why = lost_why(side, lost, int(m[s]["track_vp"]), markers) if lost else ""
        lines.append(f"seat {s} ({seat_bot[s]}), {SIDES[side]}: {int(m[s]['raw_vp'])} VP, "
                     f"loses {lost} at the end" + (f" ({why})" if why else "")
                     + (f" and {int(m[s]['penalty'])} for the lowest player's side" if m[s]['penalty'] else "")
                     + f" = {int(out.score[0, s])}" + (" - wins" if out.win[0, s] > 0 else ""))
    top = out.score[0].max()
    tied = [s for s in range(n) if out.score[0, s] == top]
    winners = [s for s in range(n) if out.win[0, s] > 0]
    if len(tied) > 1 and winners:
        if len(winners) < len(tied):
            lines.append(f"{len(tied)} seats tie on {int(top)}: a Restorationist counts higher, so "
                         + ", ".join(f"seat {s}" for s in winners) + " win" + ("s" if len(winners) == 1 else ""))
        else:
            lines.append(f"{len(tied)} seats tie on {int(top)} on the same side: joint winners")
    return lines


def narrate(c, log: np.ndarray, seat_bot: list[str]) -> list[str]:
    """Event rows -> lines; ``c`` is the game's Compiled (card and city names)."""
    cards, cities = c.card_names, c.city_names

    def seat(s: int) -> str:
        return f"seat {s} ({seat_bot[s]})"

    lines: list[str] = []
    vp = [0] * len(seat_bot)
    prev_ev = 0
    for ev, s, a, b, cc, d in log.tolist():
        if ev == L.EV_VP:
            # the running VP: the seats whose VP changed at one step of the rules, on one line
            change = f"{seat(s)} {a} ({a - vp[s]:+d})"
            vp[s] = a
            if prev_ev == L.EV_VP:
                lines[-1] += f", {change}"
            else:
                lines.append(f"VP now: {change}")
        prev_ev = ev
        if ev == L.EV_FIRST:
            lines.append(f"{seat(s)} starts (drawn by chance)")
        elif ev == L.EV_IDENTITY:
            lines.append(f"{seat(s)} is dealt a secret identity: {SIDES[a]}")
        elif ev == L.EV_AGENT:
            lines.append(f"{seat(s)} places an agent in {cities[a]}")
        elif ev == L.EV_TURN:
            lines.append(f"-- turn {a}: {seat(s)}")
        elif ev == L.EV_PLACE:
            lines.append(f"{seat(s)} places {b} cube{'s' if b != 1 else ''} in {cities[a]}")
        elif ev == L.EV_CLAIM:
            lines.append(f"{seat(s)} claims {cards[b]} in {cities[a]}")
        elif ev == L.EV_RETRIEVE:
            lines.append(f"{seat(s)} retrieves {a} cube{'s' if a != 1 else ''}")
        elif ev == L.EV_MOVE:
            lines.append(f"{seat(s)} moves an agent from {cities[a]} to {cities[b]}")
        elif ev == L.EV_MARKER:
            lines.append(f"{seat(s)} moves the markers +{a} Restorationist, +{b} Loyalist "
                         f"(now {cc} / {d}; everyone scores the gap, {abs(cc - d)})")
        elif ev == L.EV_ASSASSINATE:
            target = cards[d] if b < 0 else f"an agent of {seat(b)}"
            lines.append(f"{seat(s)} assassinates {target} in {cities[a]} with {cards[cc]}")
        elif ev == L.EV_SANITY:
            lines.append(f"{seat(s)} rolls the sanity die: " + (f"insanity, {b} token{'s' if b != 1 else ''} left"
                                                                if a else "no loss"))
        elif ev == L.EV_REVEAL:
            lines.append(f"{seat(s)} must reveal: {SIDES[a]}")
        elif ev == L.EV_TURN_UP:
            lines.append(f"In {cities[a]} {cards[b]} is turned up")
        elif ev == L.EV_TEXT:
            # a = the card, b = its city (or count), cc = its target seat
            what = f"{seat(s)} plays the text of {cards[a]}"
            if b >= 0:
                what += f" ({cities[b]})" if b < L.NCITY and "Mi-Go" not in cards[a] and "Yog" not in cards[a] else f" ({b})"
            if cc >= 0:
                what += f" against {seat(cc)}"
            lines.append(what)
        elif ev == L.EV_INTERRUPT:
            lines.append(f"{seat(s)} interrupts {seat(b)} with {cards[a]} and draws a replacement")
        elif ev == L.EV_DRAW:
            lines.append(f"{seat(s)} draws {a} card{'s' if a != 1 else ''}")
        elif ev == L.EV_ZOMBIE:
            if b > 0:
                lines.append(f"{seat(s)} places a zombie in {cities[a]}")
            else:
                lines.append(f"{seat(s)}'s zombie in {cities[a]} removes an agent of {seat(cc)}")
        elif ev == L.EV_DISCARD:
            lines.append(f"{seat(s)} discards {a} card{'s' if a != 1 else ''}")
        elif ev == L.EV_PASS:
            lines.append(f"{seat(s)} passes")
        elif ev == L.EV_MOVE_ACTION and b == 0:
            lines.append(f"{seat(s)} moves no agent, though it paid for {a}")
        elif ev == L.EV_MOVE_ACTION and b < a:
            lines.append(f"{seat(s)} stops moving: {b} of the {a} agent move{'s' if a != 1 else ''} it paid for")
        elif ev == L.EV_PAID:
            lines.append(f"{seat(s)} plays " + ", ".join(cards[x] for x in (a, b, cc, d) if x >= 0))
        elif ev == L.EV_AGENT_LOST:
            lines.append(f"{seat(s)} loses an agent in {cities[a]} with that sanity token")
        elif ev == L.EV_OKHRANA:
            lines.append(f"{seat(s)}'s Okhrana sends a cube of {seat(a)} in {cities[b]} to Limbo")
        elif ev == L.EV_SHOGGOTH:
            lines.append(f"{seat(s)}'s {cards[cc]} eliminates an agent of {seat(b)} in {cities[a]}")
        elif ev == L.EV_END:
            lines.append(f"The game ends: {L.END_REASONS[a]}")
    return lines
