"""How the bots end Pimpernel's rounds: a plain counter for checking the heuristic (issue #34).

    python -m sim.games.pimpernel.rounds --games 2000 --players 4 --bots heuristic [--set K=V]

Plays each game with the kernel's own loop (play.drive), stopping it when a round ends to look
at the board before the mission is resolved: did every player pass, how many cubes each player
still holds in supply, which leader spaces are empty, and which requirements of the mission are
met. Then the position table of the same games."""
from __future__ import annotations

import argparse
import sys

import numpy as np

from kernels.rng import seed_streams
from kernels.common import seat_bots
from kernels.pimpernel import layout as L
from kernels.pimpernel.moves import count_complete, route_masks_of
from kernels.pimpernel.play import begin_game, drive, finish_game
from kernels.pimpernel.state import area_total, mission_need
from sim.errors import UserError
from sim.game import Batch
from sim.games.pimpernel import GAME


def round_facts(s, K, RS, RM, om) -> dict:
    """What the board shows when a round ends (before the mission spaces are resolved)."""
    n = int(s[L.O_N])
    res = all(area_total(s, a) >= mission_need(s, K, a) for a in range(L.NRES))
    sup = area_total(s, L.A_SUPPORTER) >= mission_need(s, K, L.NNEED - 1)
    occ = route_masks_of(s, n, om)
    route = count_complete(RS, RM, s[L.O_PIMP], s[L.O_MLOC], occ) > 0
    ml = s[L.O_MLOC]
    c = s[L.O_LOCCARD + ml]
    full = c < 0 or all(s[L.O_LOC + ml * L.MAXSLOT + i] >= 0 for i in range(K[L.K_LC_NSLOT + c]))
    return {"all_passed": bool(s[L.O_PASSES] >= n),
            "held3": [int(s[L.O_PL + p * L.PLK + L.P_SUPPLY] >= 3) for p in range(n)],
            "res_leader_empty": bool(s[L.O_LEADER + L.L_RESOURCES] < 0),
            "resources": res, "supporters": sup, "route": route, "location": full}


def measure(games: int, n: int, bots: list[str], sets: tuple[str, ...], seed: int = 1) -> dict:
    content = GAME.content((), sets)
    comp = GAME.compile(content, n)
    K, RS, RM = comp.tables
    W = GAME.weights(content)
    codes = GAME.bot_codes(bots, n)
    S, S2, MOVES, TMP, CAND, CTX, RNG, SB, OM, SCR, LOG, NLOG = comp.alloc_scratch(1, GAME.rollout_bot(codes))[:12]
    out = Batch.alloc(games, n, len(GAME.metrics))
    rounds, tally = 0, {"all_passed": 0, "held3": 0, "res_leader_empty": 0, "resources": 0,
                        "supporters": 0, "route": 0, "location": 0}
    s = S[0]
    for g in range(games):
        seed_streams(RNG[0], np.uint64(seed), np.uint64(g))
        seat_bots(codes, g % n, SB[0])
        begin_game(s, K, RS, RM, n, RNG[0], SCR[0], LOG[0], NLOG[0], False)
        play = (s, K, RS, RM, W, SB[0], MOVES[0], TMP[0], CTX[0], CAND[0], S2[0], RNG[0], OM[0], LOG[0], NLOG[0],
                False, -1)
        while True:
            drive(*play, L.S_RESOURCES)     # the turns up to the round's end
            if s[L.O_DONE] == 1:
                break
            f = round_facts(s, K, RS, RM, OM[0])
            rounds += 1
            for k in tally:
                tally[k] += sum(f[k]) if k == "held3" else int(f[k])
            drive(*play, L.S_TURN)          # the mission resolved, the next round set out
            if s[L.O_DONE] == 1:
                break
        finish_game(s, K, g, out.score, out.rank, out.win, out.role, out.position, out.turns,
                    out.end_reason, out.metrics, out.decisions, SCR[0])
    # win share by turn position (ties split), as the position table
    pos = np.zeros(n)
    for g in range(games):
        for p in range(n):
            pos[out.position[g, p]] += out.win[g, p]
    share = {k: (v / (rounds * n) if k == "held3" else v / rounds) for k, v in tally.items()}
    return {"games": games, "rounds": rounds, "share": share, "positions": pos / pos.sum()}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bots", default="heuristic")
    ap.add_argument("--set", action="append", default=[])
    a = ap.parse_args(argv)
    try:
        r = measure(a.games, a.players, a.bots.split(","), tuple(a.set))
    except UserError as e:
        print(e, file=sys.stderr)
        return 2
    sh = r["share"]
    print(f"{r['games']} games, {a.players} players, bots {a.bots}, {r['rounds']} rounds"
          + (f", --set {' '.join(a.set)}" if a.set else ""))
    print(f"  rounds ending with every player passing   {sh['all_passed']:6.1%}")
    print(f"  players holding 3+ cubes at round end     {sh['held3']:6.1%}")
    print(f"  rounds with the resources leader space empty {sh['res_leader_empty']:6.1%}")
    print(f"  requirement met: resources {sh['resources']:.1%}, supporters {sh['supporters']:.1%}, "
          f"complete route {sh['route']:.1%}, full location {sh['location']:.1%}")
    print("  wins by turn position: " + " / ".join(f"{x:.1%}" for x in r["positions"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
