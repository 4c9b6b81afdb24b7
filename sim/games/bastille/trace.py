"""Bastille's event log told in plain language (``balance trace bastille``)."""
from __future__ import annotations

from kernels.bastille import layout as K

LOCATIONS = ("Banque de Paris", "Notre Dame", "Versailles", "Catacombes", "Place Louis",
             "Bastille", "Etats Generaux")
KIND_TEXT = {K.K_COINS: "{n} coins", K.K_VP: "{n} VP", K.K_BASTILLE: "{n} Bastille steps",
             K.K_HENCHMEN: "{n} henchmen into the bag", K.K_TORCH: "{n} torches",
             K.K_UPGRADE: "{n} tile upgrades", K.K_CHARACTER: "{n} character cards",
             K.K_MISSION: "{n} missions"}
SOURCES = ("", " (Versailles)", " (flags bonus)", " (catacombs)")
GROUPS = ("peasant", "soldier", "noble", "monk")
WEAPONS = ("pitchfork", "rifle", "rapier")
POINTS = ("gems", "most crowns", "Bastille track", "character cards", "mission", "henchmen in the bag",
          "coins", "first at Notre Dame")


def card_text(T, c: int) -> str:
    extras = []
    for n, what in ((T.char_crowns[c], "crown"), (T.char_gems[c], "gem"), (T.char_flags[c], "flag")):
        if n:
            extras.append(f"{n} {what}{'s' if n > 1 else ''}")
    if T.char_armed[c]:
        extras.append("armed")
    tail = f", {', '.join(extras)}" if extras else ""
    return f"{GROUPS[T.char_group[c]]} (cost {T.char_cost[c]}, {T.char_vp[c]} VP{tail})"


def mission_text(T, m: int) -> str:
    kind = T.mis_kind[m]
    if kind == K.MK_MAX:
        what = ("peasants", "soldiers", "nobles", "crowns", "weapons", "gems")[T.mis_target[m]]
        return f"max {what} ({T.mis_first[m]}/{T.mis_second[m]} VP)"
    if kind == K.MK_SERIES:
        vals = "/".join(str(v) for v in T.mis_values[m] if v > 0)
        return f"series of {GROUPS[T.mis_target[m]]}s {vals} ({T.mis_first[m]} VP)"
    return f"{T.mis_values[m, 0]} of each group ({T.mis_first[m]} VP)"


def describe(T, events, bot_names: list[str]) -> list[str]:
    def who(p: int) -> str:
        return f"seat {p} ({bot_names[p]})"  # seats as in results.parquet

    lines: list[str] = [f"Bastille, {T.n_players} players"
                        + (", Secret Mission variant" if T.secret else "")]
    for ev, p, a, b, c, d in events.tolist():
        if ev == K.EV_ROUND:
            lines.append(f"-- Round {a} --")
        elif ev == K.EV_PLACE:
            lines.append(f"{who(p)} places a {a} on {LOCATIONS[b]} (space {c + 1})")
        elif ev == K.EV_EVAL:
            if b:
                lines.append(f"  {LOCATIONS[a]}: {b} tile{'s' if b > 1 else ''}")
        elif ev == K.EV_GAIN:
            lines.append(f"    {who(p)} gets {KIND_TEXT[a].format(n=b)}{SOURCES[c]}")
        elif ev == K.EV_START:
            lines.append(f"    {who(p)} takes the start player marker")
        elif ev == K.EV_UPGRADE:
            lines.append(f"    {who(p)} " + (f"upgrades a {a} to a {b}" if b != a
                                             else f"keeps the {a} (no higher tile in supply)"))
        elif ev == K.EV_BUY:
            if c:
                lines.append(f"    {who(p)} takes the {card_text(T, a)} for {b} coins")
            else:
                lines.append(f"    {who(p)} draws the {card_text(T, a)}")
        elif ev == K.EV_FORFEIT:
            lines.append(f"    {who(p)} takes no character")
        elif ev == K.EV_MISSION:
            pile = "" if T.secret == 0 else (" from pile A" if b == K.AT_DECK else " from pile B")
            lines.append(f"    {who(p)} takes a mission{pile} [secret: {mission_text(T, a)}]")
        elif ev == K.EV_STEPS:
            extra = f", {c} coins for steps past the end" if c else ""
            lines.append(f"    {who(p)} moves {a} on the Bastille track to space {b}{extra}")
        elif ev == K.EV_FLAGS:
            lines.append(f"  Flags: {who(p)} with {a} flags takes the {'larger' if b == 1 else 'smaller'} bonus")
        elif ev == K.EV_REFILL:
            lines.append("  New Versailles tile and character display")
        elif ev == K.EV_SCORING:
            lines.append("== Interim scoring ==" if a == 1 else "== Final scoring ==")
        elif ev == K.EV_DRAW:
            if b >= 0:
                lines.append(f"  Catacombs: a henchman of {who(p)} is drawn; it takes bonus {b + 1}")
            else:
                lines.append(f"  Catacombs: a henchman of {who(p)} is drawn; no bonus left")
        elif ev == K.EV_WEAPON:
            lines.append(f"    {who(p)} claims a {WEAPONS[a]}")
        elif ev == K.EV_MONK:
            lines.append(f"  {who(p)} sorts a monk to the {GROUPS[b]}s")
        elif ev == K.EV_POINTS:
            if b:
                lines.append(f"    {who(p)}: {b} VP for {POINTS[a]}"
                             + (f" [{mission_text(T, c)}]" if a == K.PT_MISSION else ""))
        elif ev == K.EV_UNARMED:
            if a:
                lines.append(f"    {who(p)}: {a} unarmed characters, -{b} VP")
        elif ev == K.EV_END:
            lines.append(f"{who(p)} ends with {a} VP and {b} coins: rank {c}")
    return lines

