"""Banquet event rows -> plain words (kernels/banquet/layout.py EV_* codes)."""
from __future__ import annotations

import numpy as np

from kernels.banquet import layout as L
from sim.game import Batch

SLOT_NAMES = ("basic action", "action 1", "action 2", "favor", "reaction")
OP_NAMES = ("-", "switch", "swap_two", "move_to", "move_next_to", "bring_next_to", "each_adjacent_switch",
            "sit", "stand", "reverse", "protect", "look", "reveal")
ITEMS = ("Poison Flask", "Dagger", "Secret Message", "Purse", "Diamond", "a decoy token", "Signet Ring")


def _who(compiled, chars: dict, s: int) -> str:
    c = chars.get(s)
    return f"seat {s}" + (f" ({compiled.names[c]})" if c is not None else "")


def round_orders(events: list) -> dict[int, list[int]]:
    """Event row of each round's start -> the seats in the order they first act (or pass) in
    that round: the order of play, which is not `position` (the seat counted from the host)."""
    orders: dict[int, list[int]] = {}
    current: list[int] | None = None
    for i, (ev, s, *_rest) in enumerate(events):
        if ev == L.EV_ROUND:
            current = orders.setdefault(i, [])
        elif ev in (L.EV_ACTION, L.EV_PASS) and current is not None and s not in current:
            current.append(s)
    return orders


def host_note(compiled, events: list, start: int, order: list[int], chars: dict[int, int]) -> str:
    """Where the host stands in the order of play of the round starting at event row start. He
    hands the scepter on and it comes round to him, so he acts last unless an action moved a
    player or turned the scepter, or the round ended before his turn. chars: seat -> character,
    as narrate has read them from the set-up."""
    host = events[start][1]
    if order and order[-1] == host:
        return f" (the host, seat {host}, acts last)"
    if host not in order:
        return f" (the host, seat {host}, does not act: the round ended first)"
    moved = turned = False
    for ev, s, a, *_rest in events[start + 1:]:
        if ev == L.EV_ROUND:
            break
        moved |= ev == L.EV_PLACE
        turned |= (ev == L.EV_ACTION and s in chars
                   and int(compiled.tables[L.T_ACTIONS][chars[s], a, L.A_OP]) == L.OP_REVERSE)
    why = " and ".join(w for w, on in (("players were moved", moved), ("the scepter was turned", turned)) if on)
    return f" (the host, seat {host}, is not last" + (f": {why})" if why else ")")


def narrate(compiled, events: np.ndarray, seat_bots: list[str]) -> list[str]:
    out: list[str] = []
    chars: dict[int, int] = {}
    rows = events.tolist()
    orders = round_orders(rows)
    rnd, lap, acted = 0, 1, set()
    for i, (ev, s, a, b, c, d) in enumerate(rows):
        who = _who(compiled, chars, s)
        if ev in (L.EV_ACTION, L.EV_PASS):   # a seat's second turn in a round (a pendant kept it standing)
            if s in acted:
                lap, acted = lap + 1, set()
                out.append(f" Round {rnd + 1}, lap {lap}:")
            acted.add(s)
        if ev == L.EV_SETUP:
            chars[s] = a
            secret = f", secretly the {L.SECRET_ROLES[c]}" if c >= 0 else ""
            out.append(f"{_who(compiled, chars, s)} [{seat_bots[s]}]: faction {L.ROLES[b]}{secret}, at place {d}")
        elif ev == L.EV_ROUND:
            out.append(f"Round {a + 1}: the host {who} sends the scepter {'clockwise' if b > 0 else 'anticlockwise'}")
            out.append(f"  order of play: {', '.join(map(str, orders[i]))}{host_note(compiled, rows, i, orders[i], chars)}")
            rnd, lap, acted = a, 1, set()
        elif ev == L.EV_ACTION:
            op = int(compiled.tables[L.T_ACTIONS][chars[s], a, L.A_OP]) if s in chars else -1
            if op == L.OP_MOVE_TO:           # its target is a place, not a player
                targets = f" to place {b}"
            else:
                named = ", ".join(_who(compiled, chars, t) for t in (b, c) if t >= 0)
                targets = f" on {named}" if named else ""
            out.append(f"  {who}: {SLOT_NAMES[a]} ({OP_NAMES[op] if op >= 0 else '?'}){targets}"
                       + (f" (side {d:+d})" if d else ""))
        elif ev == L.EV_PASS:
            out.append(f"  {who} passes")
        elif ev == L.EV_PLACE:
            out.append(f"    {who} {'is displaced to' if b else 'moves to'} place {a}")
        elif ev == L.EV_MARK:
            out.append(f"  the king marks {_who(compiled, chars, a)} ({L.ROLES[b]})")
        elif ev == L.EV_FAVOR:
            out.append(f"    the patron {'accepts' if a else 'declines (a veto token spent)'}")
        elif ev == L.EV_REACT:
            out.append(f"    {who} reacts")
        elif ev == L.EV_JUDGMENT:
            out.append(f"    divine judgment: {'Crown' if a else 'Coffer'}")
        elif ev == L.EV_REVEAL:
            item = ITEMS[a] if a >= 0 else "no token"
            out.append(f"    {who} shows {item}" + (" to everyone" if b else f" to {_who(compiled, chars, c)}"))
        elif ev == L.EV_BRIBE:
            out.append(f"  the spy {who} bribes {_who(compiled, chars, a)}")
        elif ev == L.EV_SIT:
            out.append(f"    {_who(compiled, chars, a)} {'sits' if b else 'stands'}")
        elif ev == L.EV_OBJECTIVE and int(compiled.tables[L.T_RULES][L.R_SCEN]) == L.SCEN_MAIDEN:
            out.append(f"Objective phase: the white maiden {'slays' if a else 'is not next to'} the queen {who}")
        elif ev == L.EV_OBJECTIVE:
            out.append(f"Objective phase: {a} next to {who}")
        elif ev == L.EV_CONVERT:
            out.append(f"    {who} joins the white maiden's faction")
        elif ev == L.EV_ESTATE:
            out.append(f"    {who} earns an estate point for the {L.PORTIONS[a]}")
        elif ev == L.EV_CLAIM:
            by = ("the most points", "divine judgment", "the initiative sums")[c]
            owner = f"the {L.ROLES[L.MERCHANT_F + a]}'s faction" if a >= 0 else "nobody"
            out.append(f"The {L.PORTIONS[b]} goes to {owner} ({by})")
        elif ev == L.EV_DUKE:
            out.append(f"    the duke steps to place {a}" + (f", switching with {_who(compiled, chars, b)}" if b >= 0 else ""))
        elif ev == L.EV_GUARD:
            out.append(f"    {who} removes a guard ({a} left)")
        elif ev == L.EV_KEYRING:
            out.append(f"    {who} " + ("takes the Keyring from the tower", f"is handed the Keyring by {_who(compiled, chars, b)}",
                                        "loses the Keyring: it and the guards go back to the tower")[a])
        elif ev == L.EV_HOUND:
            out.append("    the Hound " + ("is discarded at the gatehouse" if a == L.HOUND_GONE else f"moves to place {a}")
                       + (f" and bites {_who(compiled, chars, b)}" if b >= 0 else ""))
        elif ev == L.EV_GATE:
            out.append(f"    {who} enters the gatehouse")
        elif ev == L.EV_SEARCH:
            out.append(f"  {who} searches: " + ("the princess is found" if a else "nothing") + f" ({b} tokens left"
                       + (f", {c} pendants spent on re-flips)" if c else ")"))
        elif ev == L.EV_END:
            out.append(f"End: {L.END_REASONS[a]}")
    return out


def final_lines(out: Batch, seat_bots: list[str]) -> list[str]:
    n = out.score.shape[1]
    return [f"seat {s} [{seat_bots[s]}] {L.ROLES[int(out.role[0, s])]}: score {int(out.score[0, s])}, "
            f"rank {int(out.rank[0, s])}, win {float(out.win[0, s]):g}" for s in range(n)]
