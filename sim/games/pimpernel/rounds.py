"""How the bots end Pimpernel's rounds: a plain counter for checking the heuristic (issue #34).

    python -m sim.games.pimpernel.rounds --games 2000 --players 4 --bots heuristic [--set K=V]
    python -m sim.games.pimpernel.rounds --games 1000 --players 4 --vs bots.leader_floor=0 ...

Plays each game with the kernel's own loop (play.drive), stopping it when a round ends to look
at the board before the mission is resolved: did every player pass, how many cubes each player
still holds in supply, which leader spaces are empty, and which requirements of the mission are
met. Then the position table of the same games.

With --vs, a seat-rotated ladder instead (the weights are one vector per game in the kernel, so
it is played decision by decision from Python through the forward model, each seat's bot asked
with its own weights): one seat's heuristic with the content's weights (and --set) against the
other seats' heuristic with the --vs settings on top, every deal once per seat."""
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
            "empty_parts": int((s[L.O_LEADER:L.O_LEADER + L.NLEAD] < 0).sum()),
            "resources": res, "supporters": sup, "route": route, "location": full}


def measure(games: int, n: int, bots: list[str], sets: tuple[str, ...], seed: int = 1) -> dict:
    content = GAME.content((), sets)
    comp = GAME.compile(content, n)
    K, RS, RM = comp.tables
    W = GAME.weights(content)
    codes = GAME.bot_codes(bots, n)
    S, S2, MOVES, TMP, CAND, CTX, RNG, SB, OM, SCR, LOG, NLOG = comp.alloc_scratch(1, GAME.rollout_bot(codes))[:12]
    out = Batch.alloc(games, n, len(GAME.metrics))
    rounds, tally = 0, {"all_passed": 0, "held3": 0, "res_leader_empty": 0, "empty_parts": 0, "resources": 0,
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
    per = {"held3": rounds * n, "empty_parts": rounds * L.NLEAD}
    share = {k: v / per.get(k, rounds) for k, v in tally.items()}
    return {"games": games, "rounds": rounds, "share": share, "positions": pos / pos.sum()}


def ladder(games: int, n: int, sets: tuple[str, ...], vs: tuple[str, ...], seed: int = 1) -> dict:
    """Deals 0..games-1, each played n times: the heuristic with the weights of sets in seat r,
    with the weights of sets + vs in the others (r = 0..n-1). Returns the first one's win share
    (ties split; a turn-capped game counts 0) and its 95% Wilson interval, and the games (out:
    game g * n + r is deal g with the first weights in seat r)."""
    from kernels.pimpernel import forward as F
    from kernels.pimpernel.play import ask_seat
    content = GAME.content((), sets)
    comp = GAME.compile(content, n)
    K, RS, RM = tables = comp.tables
    new, old = GAME.weights(content), GAME.weights(GAME.content((), tuple(sets) + tuple(vs)))
    scratch = comp.alloc_scratch(1, False)
    S, S2, MOVES, TMP, CAND, CTX, RNG, SB, OM, SCR, LOG, NLOG = scratch[:12]
    s, moves, tmp, ctx, cand, s2, rng, sb, om, log, nlog = (S[0], MOVES[0], TMP[0], CTX[0], CAND[0], S2[0], RNG[0],
                                                            SB[0], OM[0], LOG[0], NLOG[0])
    sx = tuple(a[0] for a in scratch[12:])     # the search bot's tree (the heuristic never reads it)
    sb[:] = GAME.bot_codes(["heuristic"], n)
    out = Batch.alloc(games * n, n, len(GAME.metrics))
    share = np.zeros(games * n)
    for g in range(games):
        for r in range(n):
            i = g * n + r
            seed_streams(rng, np.uint64(seed), np.uint64(g))
            begin_game(s, K, RS, RM, n, rng, SCR[0], log, nlog, False)
            dec = F.advance(tables, s, nlog, tmp, om, rng, new, log, False)
            while dec != L.DEC_NONE:
                w = new if s[L.O_DEC_SEAT] == r else old
                k = F.options(tables, s, nlog, tmp, om, moves)
                j = ask_seat(s, K, RS, RM, w, sb, moves, k, tmp, ctx, cand, s2, rng, om, log, nlog, sx)
                dec = F.apply(tables, s, nlog, tmp, om, rng, w, moves[j], log, False)
            finish_game(s, K, i, out.score, out.rank, out.win, out.role, out.position, out.turns,
                        out.end_reason, out.metrics, out.decisions, SCR[0])
            share[i] = out.win[i, r]
    m = len(share)
    p, z = share.mean(), 1.959964
    centre = (p + z * z / (2 * m)) / (1 + z * z / m)
    half = z * np.sqrt(p * (1 - p) / m + z * z / (4 * m * m)) / (1 + z * z / m)
    return {"games": m, "share": p, "wilson": (centre - half, centre + half), "fair": 1 / n,
            "turn_capped": int((out.end_reason == L.END_TURN_CAP).sum()), "out": out}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bots", default="heuristic")
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--vs", action="append", default=[],
                    help="KEY=VALUE on top of --set for the other seats' heuristic: a seat-rotated ladder")
    a = ap.parse_args(argv)
    try:
        if a.vs:
            return print_ladder(a)
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
    print(f"  mission parts led from an empty leader space {sh['empty_parts']:6.1%}")
    print(f"  requirement met: resources {sh['resources']:.1%}, supporters {sh['supporters']:.1%}, "
          f"complete route {sh['route']:.1%}, full location {sh['location']:.1%}")
    print("  wins by turn position: " + " / ".join(f"{x:.1%}" for x in r["positions"]))
    return 0


def print_ladder(a) -> int:
    r = ladder(a.games, a.players, tuple(a.set), tuple(a.vs))
    lo, hi = r["wilson"]
    print(f"{a.games} deals x {a.players} seats, heuristic (content weights"
          + (f", --set {' '.join(a.set)}" if a.set else "") + f") in one seat against heuristic "
          f"(--vs {' '.join(a.vs)}) in the others:")
    print(f"  its win share {r['share']:.1%} (95% Wilson {lo:.1%} - {hi:.1%}) over {r['games']} games, "
          f"fair {r['fair']:.1%}; turn-capped games {r['turn_capped']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
