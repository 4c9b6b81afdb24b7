"""How The Last Banquet's bots play (issue 31): counts read from traced games and batches.
Targeted protect reactions that protect the reactor; the hosts' scepter direction per
scenario; the king's faction's win share in scenario 1 with and without
``rules.host_start_is_receipt``.

    python -m analysis.banquet_habits --games 300 --bots heuristic --seed 1 [--set bots.protect_saves=0 ...]
    python -m analysis.banquet_habits --king --games 1000 --bots heuristic --seed 1   (scenario 1's king)

``--set`` applies to every count (bots.protect_saves = 0, bots.direction_lap = 0 and
bots.mark_patience = 0 give the bots as issue 31 found them, in the same build).
"""
from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from kernels.banquet import layout as L
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
    king = game.roles.index("king")
    slain, won, ended = 0, 0, {}
    for g in range(games):
        ev, out, _ = game.trace_events(compiled, codes, w, seed, g, 0)
        rounds = int((ev[:, 0] == L.EV_ROUND).sum())
        ended[rounds] = ended.get(rounds, 0) + 1
        slain += int(out.end_reason[0] == L.END_ASSASSINATED)
        won += int(((out.win[0] > 0) & (out.role[0] == king)).any())
    return {"games": games, "assassinated": slain / games, "king_faction_wins": won / games,
            **{f"ended_in_round_{r}": ended[r] / games for r in sorted(ended)}}


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
    a = ap.parse_args()
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
