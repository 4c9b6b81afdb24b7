"""Measure The Scarlet Pimpernel outside the test suite (not a test: numbers are timing-noisy).

    python -m sim.games.pimpernel.measure strength --deals 500
    python -m sim.games.pimpernel.measure speed --games 4000

strength: one heuristic seat against greedy or random seats at 3, 4 and 5 players, every deal
played in each seat rotation; prints each bot's mean win share per seat (fair share 1/n).
speed: games/s at 4 players for each bot with 1 and 2 threads (wall and per CPU-second).
"""
from __future__ import annotations

import sys
import time

import numba
import numpy as np

from sim.game import Batch
from sim.games.pimpernel import GAME


def match(n: int, names: list[str], deals: int, seed: int = 5, variants: tuple[str, ...] = ()):
    content = GAME.content(variants)
    c = GAME.compile(content, n)
    bots = GAME.bot_codes(names, n)
    gi = np.repeat(np.arange(deals, dtype=np.uint64), n)
    rot = np.tile(np.arange(n, dtype=np.uint8), deals)
    out = Batch.alloc(len(gi), n, len(GAME.metrics))
    GAME.play(c, bots, GAME.weights(content), seed, gi, rot, out)
    share: dict[str, list] = {}
    for s in range(n):
        b = (s - rot.astype(int)) % n
        for k in range(n):
            share.setdefault(names[k], []).append(out.win[b == k, s])
    return {k: float(np.concatenate(v).mean()) for k, v in share.items()}, float((out.end_reason == 1).mean())


def strength(deals: int) -> None:
    print("| players | opponents | heuristic win share | opponent win share (each) | fair share |")
    print("|---|---|---|---|---|")
    for n in (3, 4, 5):
        for opp in ("random", "greedy"):
            r, cap = match(n, ["heuristic"] + [opp] * (n - 1), deals)
            print(f"| {n} | {n - 1} x {opp} | {r['heuristic']:.3f} | {r[opp]:.3f} | {1 / n:.3f} |")


def speed(games: int) -> None:
    n = 4
    content = GAME.content()
    c = GAME.compile(content, n)
    W = GAME.weights(content)
    for bot in GAME.bots:
        B = games if bot != "rollout" else max(8, games // 400)
        for th in (1, 2):
            numba.set_num_threads(th)
            out = Batch.alloc(B, n, len(GAME.metrics))
            warm = Batch.alloc(2, n, len(GAME.metrics))
            GAME.play(c, GAME.bot_codes([bot], n), W, 1, np.arange(2, dtype=np.uint64), np.zeros(2, np.uint8), warm)
            t, cp = time.perf_counter(), time.process_time()
            GAME.play(c, GAME.bot_codes([bot], n), W, 2, np.arange(B, dtype=np.uint64), np.zeros(B, np.uint8), out)
            el, cpu = time.perf_counter() - t, time.process_time() - cp
            print(f"{bot:10s} threads={th} games/s={B / el:8.0f}  per CPU-second={B / cpu:8.0f}")
    print(GAME.kernel_bench(c))


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "speed"
    count = int(sys.argv[3]) if len(sys.argv) > 3 else (500 if what == "strength" else 4000)
    strength(count) if what == "strength" else speed(count)
