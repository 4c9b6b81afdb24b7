"""Doppelganger event rows (layout's EV_*) -> plain-language lines."""
from __future__ import annotations

import numpy as np

from kernels.doppelganger import layout as L


def _cards(mask: int, names: list[str]) -> str:
    return ", ".join(names[i] for i in range(len(names)) if (mask >> i) & 1)


def narrate(c, log: np.ndarray, seat_bot: list[str]) -> list[str]:
    """Event rows -> plain-language lines; ``c`` is the game's Compiled (board and card names)."""
    b = c.board
    who_form = ["Miss Scarlet"] * c.n_players

    def seat(s: int) -> str:
        return f"seat {s} ({seat_bot[s]})"  # seats as in results.parquet

    def place(node: int) -> str:
        if node <= b.n_rooms:
            return b.names[node]
        if b.pad_index[node] >= 0:
            return f"pad {b.pad_index[node] + 1} ({b.names[node]})"
        return f"the {b.names[node]}"

    lines: list[str] = []
    for ev, s, a, bb, cc, d in log.tolist():
        if ev == L.EV_HAND:
            lines.append(f"{seat(s)} is dealt who: {_cards(a, c.who)}; where: {_cards(bb, c.where)}; "
                         f"what: {_cards(cc, c.what)}")
        elif ev == L.EV_TOKEN:
            lines.append(f"The {c.what[bb]} is placed in the {c.where[a]}")
        elif ev == L.EV_TURN:
            lines.append(f"-- turn {a}: {seat(s)} as {who_form[s]}")
        elif ev == L.EV_ROLL:
            lines.append(f"{seat(s)} rolls {a}")
        elif ev == L.EV_WALK:
            lines.append(f"{seat(s)} stays in {place(a)}" if a == bb else f"{seat(s)} moves from {place(a)} to {place(bb)}")
        elif ev == L.EV_TELEPORT:
            extra = f", bringing {seat(bb)}" if bb >= 0 else ""
            lines.append(f"{seat(s)} lands on a pad and teleports to {place(a)}{extra}")
        elif ev == L.EV_PICKUP:
            drop = f", leaving the {c.what[cc]} there" if cc >= 0 else ""
            lines.append(f"{seat(s)} picks up the {c.what[a]} in the {c.where[bb]}{drop}")
        elif ev == L.EV_STEAL:
            drop = f", leaving the {c.what[cc]} in the room" if cc >= 0 else ""
            lines.append(f"{seat(s)} steals the {c.what[bb]} from {seat(a)}{drop}")
        elif ev == L.EV_ATTACK:
            lines.append(f"{seat(s)} attacks {seat(a)} in the {c.where[bb]} with the {c.what[cc]}")
        elif ev == L.EV_REVEAL:
            how = "must turn up" if cc == 1 else "chooses to turn up"
            if a == L.REV_WHERE:
                lines.append(f"{seat(s)} {how} the where card {c.where[bb]}")
            elif a == L.REV_WHAT:
                lines.append(f"{seat(s)} {how} the what card {c.what[bb]}")
            else:
                who_form[s] = c.who[bb]
                lines.append(f"{seat(s)} {how} the who card {c.who[bb]} and shifts into {c.who[bb]}")
        elif ev == L.EV_NOTHING:
            lines.append(f"{seat(s)} has no face-down card matching the {c.where[a]} or the {c.what[bb]}: nothing is revealed")
        elif ev == L.EV_KILL:
            lines.append(f"{seat(s)} kills {seat(a)} ({who_form[a]}, in true form) in the {c.where[bb]} "
                         f"with the {c.what[cc]} and wins")
        elif ev == L.EV_CAP:
            lines.append(f"The game stops at the turn cap ({a} turns) with no kill")
    return lines
