"""How The Last Banquet's bots play (issue 31): counts read from traced games and batches.
Targeted protect reactions that protect the reactor; the hosts' scepter direction per
scenario; the king's faction's win share in scenario 1 with and without
``rules.host_start_is_receipt``.

    python -m analysis.banquet_habits --games 300 --bots heuristic --seed 1 [--set bots.protect_saves=0 ...]
    python -m analysis.banquet_habits --king --games 1000 --bots heuristic --seed 1   (scenario 1's king)
    python -m analysis.banquet_habits --setup --variant scenario4,basic -p 10 --games 2000 --bots heuristic --seed 1

``--set`` applies to every count (bots.protect_saves = 0, bots.direction_lap = 0 and
bots.mark_patience = 0 give the bots as issue 31 found them, in the same build).
"""
from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from kernels.banquet import layout as L
from kernels.banquet.state import traitor_factions
from sim.api import hooks_of
from sim.game import Batch
from sim.registry import get_game


def traced(variants: tuple[str, ...], players: int, bots: str, games: int, seed: int, sets=()):
    """(compiled, event rows) of games 0..games-1, rotation 0."""
    game = get_game("banquet")
    content = game.content(variants, tuple(sets))
    compiled = game.compile(content, players)
    codes = game.bot_codes([bots], players)
    w = game.weights(content)
    for g in range(games):
        yield compiled, game.trace_events(compiled, codes, w, seed, g, 0)[0]


def protects(variants, players, bots, games, seed, sets=()) -> dict:
    """Targeted protect reactions by whom they shield: the reactor, his faction's assassin,
    another faction-mate, a rival (the share that protected the reactor too)."""
    split = {"self": 0, "own assassin": 0, "other faction-mate": 0, "rival": 0}
    for compiled, ev in traced(variants, players, bots, games, seed, sets):
        setup = ev[ev[:, 0] == L.EV_SETUP]          # seat, character, faction, secret, place
        char = {int(r[1]): int(r[2]) for r in setup}
        fac = {int(r[1]): int(r[3]) for r in setup}
        sec = {int(r[1]): int(r[4]) for r in setup}
        for r in ev[(ev[:, 0] == L.EV_REACT) & (ev[:, 2] == L.ON_TARGETED)]:
            seat, x = int(r[1]), int(r[3])
            if compiled.tables[L.T_ACTIONS][char[seat], L.REACTION, L.A_OP] != L.OP_PROTECT:
                continue
            mate = fac[x] == fac[seat]
            split["self" if x == seat else "own assassin" if mate and sec[x] == L.ASSASSIN
                  else "other faction-mate" if mate else "rival"] += 1
    total = sum(split.values())
    return {"targeted_protects": total, "protect_the_reactor": split["self"] / max(1, total), **split}


def directions(variants, players, bots, games, seed, sets=()) -> dict:
    """Rounds, and the share the host sent clockwise (+1)."""
    dirs = [int(r[3]) for _, ev in traced(variants, players, bots, games, seed, sets)
            for r in ev[ev[:, 0] == L.EV_ROUND]]
    return {"rounds": len(dirs), "clockwise": sum(d == 1 for d in dirs) / max(1, len(dirs))}


def king_share(variants, players, bots, games, seed, sets=()) -> dict:
    """Games the king's faction won (a batch of games 0..games-1, rotation 0)."""
    game = get_game("banquet")
    content = game.content(variants, tuple(sets))
    compiled = game.compile(content, players)
    codes = game.bot_codes([bots], players)
    gi = np.arange(games, dtype=np.uint64)
    out = Batch.alloc(games, players, len(game.metrics))
    game.play(compiled, codes, game.weights(content), seed, gi, np.zeros(games, np.int64), out)
    king = out.role == game.roles.index("king")
    won = ((out.win > 0) & king).any(axis=1)
    return {"games": games, "king_faction_wins": float(won.mean())}


def king_fate(variants=("scenario1", "basic"), players=12, bots="heuristic", games=300, seed=1, sets=(),
              content_path=None) -> dict:
    """Scenario 1, traced games 0..games-1 (rotation 0): the share in which the king is
    assassinated, the share ending in each round (1-based; rounds begun), and the king's
    faction's win share: the calibration measures of the Royalty icons (issue 32)."""
    game = get_game("banquet")
    content = game.content(tuple(variants), tuple(sets), Path(content_path) if content_path else None)
    compiled = game.compile(content, players)
    codes = game.bot_codes([bots], players)
    w = game.weights(content)
    factions = ("king", "rose", "tower")
    slain, won, ended = 0, dict.fromkeys(factions, 0), {}
    for g in range(games):
        ev, out, _ = game.trace_events(compiled, codes, w, seed, g, 0)
        rounds = int((ev[:, 0] == L.EV_ROUND).sum())
        ended[rounds] = ended.get(rounds, 0) + 1
        slain += int(out.end_reason[0] == L.END_ASSASSINATED)
        for f in factions:
            won[f] += int(((out.win[0] > 0) & (out.role[0] == game.roles.index(f))).any())
    return {"games": games, "assassinated": slain / games, "king_faction_wins": won["king"] / games,
            "rose_wins": won["rose"] / games, "tower_wins": won["tower"] / games,
            **{f"ended_in_round_{r}": ended[r] / games for r in sorted(ended)}}


def mixed(variants=("scenario1", "basic"), players=12, faction="king", bots="search", field="heuristic",
          games=300, seed=1, sets=(), faction_sets=()) -> dict:
    """Deals 0..games-1 (rotation 0) with bots in every seat of one faction as chance dealt it
    and field in the others (faction_sets: that faction's own weight overrides, KEY=VALUE): the
    king's faction's win share and the king's assassinations (issue 32: which faction's play
    moves the king's fate)."""
    game, compiled, w, roles = factions_as_dealt(variants, players, field, games, seed, sets)
    w_faction = game.weights(game.content(tuple(variants), tuple(sets) + tuple(faction_sets)))
    f, king = game.roles.index(faction), game.roles.index("king")
    gi = np.arange(games, dtype=np.uint64)
    won, slain = 0, 0
    for g in range(games):
        codes = game.bot_codes([bots if roles[g, s] == f else field for s in range(players)], players)
        if faction_sets:
            res = hooks_of("banquet").result(compiled, play_deal(game, compiled, codes, w, seed, g, w_faction,
                                                                 roles[g] == f))
            won += int(any(res["win"][s] > 0 for s in range(players) if roles[g, s] == king))
            slain += int(res["end_reason"] == "assassinated")
            continue
        out = Batch.alloc(1, players, len(game.metrics))
        game.play(compiled, codes, w, seed, gi[g:g + 1], np.zeros(1, np.int64), out)
        won += int(((out.win[0] > 0) & (out.role[0] == king)).any())
        slain += int(out.end_reason[0] == L.END_ASSASSINATED)
    return {"games": games, "faction": faction, "bots": bots, "field": field, "faction_sets": list(faction_sets),
            "king_faction_wins": won / games, "assassinated": slain / games}


def factions_as_dealt(variants, players, field, games, seed, sets):
    """(game, compiled, weights, roles): each seat's faction in deals 0..games-1, read from a
    game of field everywhere (the deal does not depend on the bots)."""
    game = get_game("banquet")
    content = game.content(tuple(variants), tuple(sets))
    compiled = game.compile(content, players)
    w = game.weights(content)
    first = Batch.alloc(games, players, len(game.metrics))
    game.play(compiled, game.bot_codes([field], players), w, seed, np.arange(games, dtype=np.uint64),
              np.zeros(games, np.int64), first)
    return game, compiled, w, first.role


def play_deal(game, compiled, codes, w, seed, g, w_faction=None, mine=None):
    """Deal g through the forward-model hooks to its end, the seats in mine deciding with
    w_faction and the rest with w: the final position."""
    h = hooks_of("banquet")
    s = h.start(game, compiled, codes, w, seed, g, 0)
    while h.kind(s) != 0:
        wx = w_faction if mine is not None and mine[h.seat(s)] else w
        h.apply(compiled, s, wx, h.options(compiled, s)[h.bot_choice(compiled, s, wx)])
    return s


def signs(variants=("scenario1", "basic"), players=12, faction="rose", bots="search", field="heuristic",
          games=100, seed=1, sets=()) -> dict:
    """Scenarios 1 and 3, deals 0..games-1 played through the hooks with bots in every seat of
    one faction and field in the others: the public signs (F_SUSPECT: a faction-mate's action
    brought the player next to the king) the traitor factions gave per game, on their assassin
    and on the rest, and (scenario 1) the share of traitor factions whose assassin the king has
    marked at the end."""
    game, compiled, w, roles = factions_as_dealt(variants, players, field, games, seed, sets)
    f = game.roles.index(faction)
    scen = int(compiled.tables[L.T_RULES][L.R_SCEN])
    tally = {s: {"assassin": 0, "others": 0, "marked": 0, "factions": 0} for s in ("of bots", "of field")}
    for g in range(games):
        codes = game.bot_codes([bots if roles[g, s] == f else field for s in range(players)], players)
        st = hooks_of("banquet").state_row(play_deal(game, compiled, codes, w, seed, g))
        for t in traitor_factions.py_func(scen):    # the Python body: nothing to compile
            side = tally["of bots" if t == f else "of field"]
            side["factions"] += 1
            for p in range(players):
                if st[L.F_FACTION + p] == t:
                    is_a = st[L.F_SECRET + p] == L.ASSASSIN
                    side["assassin" if is_a else "others"] += int(st[L.F_SUSPECT + p])
                    side["marked"] += int(is_a and scen == L.SCEN_BANQUET and st[L.F_MARK + t - L.ROSE_F] == p)
    return {"games": games, "faction": faction, "bots": bots, "field": field,
            **{f"{k} {x}": (v[x] / max(1, v["factions"])) for k, v in tally.items()
               for x in ("assassin", "others", "marked")}}


def seating_before(ev: np.ndarray, pick_of: int = -1) -> dict[int, int]:
    """Each seat's place when round 1 begins, or just before seat pick_of's own set-up pick:
    the deal's places, then the picks and displacements before it."""
    place = {int(r[1]): int(r[5]) for r in ev[ev[:, 0] == L.EV_SETUP]}
    for r in ev:
        if r[0] == L.EV_ROUND or (r[0] == L.EV_PLACE and r[1] == pick_of and r[3] == 0):
            break
        if r[0] == L.EV_PLACE:
            place[int(r[1])] = int(r[2])
    return place


def setup_fate(variants=("scenario1", "basic"), players=12, bots="heuristic", games=300, seed=1, sets=()) -> dict:
    """Where the set-up leaves the king (issue 32), traced games 0..games-1 (rotation 0):
    scenarios 1 and 3, the share of deals with an assassin beside him when round 1 begins;
    scenario 1, the share with an assassin two places from the Queen just before the king
    picks (the king's other neighbour should he sit beside her on that side);
    scenario 4, the share with the king directly across from the queen (the place across,
    or on an odd table the next one too); and the king's (queen's) faction's win share."""
    game = get_game("banquet")
    content = game.content(tuple(variants), tuple(sets))
    compiled = game.compile(content, players)
    codes = game.bot_codes([bots], players)
    w = game.weights(content)
    npl = int(compiled.tables[L.T_RULES][L.R_NPL])
    maiden = variants[0] == "scenario4"
    side = game.roles.index("queen" if maiden else "king")
    beside, across, won, two_from_queen = 0, 0, 0, 0
    for g in range(games):
        ev, out, _ = game.trace_events(compiled, codes, w, seed, g, 0)
        setup = ev[ev[:, 0] == L.EV_SETUP]
        char = {int(r[1]): int(r[2]) for r in setup}
        place = seating_before(ev)
        won += int(((out.win[0] > 0) & (out.role[0] == side)).any())
        if maiden:
            queen = [p for p, c in char.items() if c == compiled.tables[L.T_RULES][L.R_CH_QUEEN]][0]
            king = [p for p, c in char.items() if c == compiled.tables[L.T_RULES][L.R_CH_KING]][0]
            d = (place[king] - place[queen]) % npl
            across += int(d == npl // 2 or (npl % 2 == 1 and d == npl // 2 + 1))
        else:
            king = [p for p, c in char.items() if c == compiled.tables[L.T_RULES][L.R_CH_KING]][0]
            beside += int(any(int(r[4]) == L.ASSASSIN and (place[int(r[1])] - place[king]) % npl in (1, npl - 1)
                              for r in setup))
            queen = [p for p, c in char.items() if c == compiled.tables[L.T_RULES][L.R_CH_QUEEN]]
            if queen and variants[0] == "scenario1":
                before = seating_before(ev, pick_of=king)
                two_from_queen += int(any(int(r[4]) == L.ASSASSIN and (before[int(r[1])] - before[queen[0]]) % npl
                                          in (2, npl - 2) for r in setup))
    fate = {"games": games, ("queen" if maiden else "king") + "_faction_wins": won / games}
    if maiden:
        return {**fate, "king_across_from_queen": across / games}
    if variants[0] == "scenario1":
        fate["assassin_two_from_queen_before_king_picks"] = two_from_queen / games
    return {**fate, "assassin_beside_king_at_start": beside / games}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--bots", default="heuristic")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--set", action="append", default=[], dest="sets", metavar="KEY=VALUE")
    ap.add_argument("--king", action="store_true", help="only scenario 1's king's fate (basic rules, 12 players)")
    ap.add_argument("--variant", default="scenario1,basic", help="with --king: the variants")
    ap.add_argument("-p", "--players", type=int, default=12, help="with --king: the player count")
    ap.add_argument("--content", default=None, help="with --king: another content TOML")
    ap.add_argument("--setup", action="store_true",
                    help="only where the set-up leaves the king (--variant, -p: scenarios 1, 3, 4)")
    ap.add_argument("--mixed", default=None, metavar="FACTION",
                    help="scenario 1 (--variant, -p): --bots in every seat of FACTION (king, rose, tower), "
                         "--field in the others")
    ap.add_argument("--field", default="heuristic", help="with --mixed: the other factions' bot")
    ap.add_argument("--faction-set", action="append", default=[], dest="faction_sets", metavar="KEY=VALUE",
                    help="with --mixed: a weight override for FACTION's seats only (the hooks play it: slower)")
    ap.add_argument("--signs", default=None, metavar="FACTION",
                    help="scenarios 1 and 3: the public signs traitor factions give and the king's marks, --bots in "
                         "FACTION's seats, --field elsewhere")
    a = ap.parse_args()
    if a.signs:
        print(signs(tuple(a.variant.split(",")), a.players, a.signs, a.bots, a.field, a.games, a.seed, a.sets))
        return
    if a.mixed:
        print(mixed(tuple(a.variant.split(",")), a.players, a.mixed, a.bots, a.field, a.games, a.seed, a.sets,
                    a.faction_sets))
        return
    if a.setup:
        print(setup_fate(tuple(a.variant.split(",")), a.players, a.bots, a.games, a.seed, a.sets))
        return
    if a.king:
        print(king_fate(tuple(a.variant.split(",")), a.players, a.bots, a.games, a.seed, a.sets, a.content))
        return
    print("scenario 1 full, 12 players:", protects(("scenario1", "full"), 12, a.bots, a.games, a.seed, a.sets))
    for s, n in (("scenario5", 12), ("scenario6", 8)):
        print(f"{s} full, {n} players:", directions((s, "full"), n, a.bots, a.games, a.seed, a.sets))
    for receipt in (0, 1):
        print(f"scenario 1 basic, 12 players, host_start_is_receipt={receipt}:",
              king_share(("scenario1", "basic"), 12, a.bots, 10 * a.games, a.seed,
                         (f"rules.host_start_is_receipt={receipt}", *a.sets)))


if __name__ == "__main__":
    main()
