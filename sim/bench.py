"""`balance bench`: throughput of every game and bot, compile time apart.

Each figure comes from its own measurement in this run:
- cold compile: first call in a fresh process with an empty Numba cache;
- cached start-up: first call in a fresh process with the project's cache;
- games/s and bot decisions/s on one thread and on all threads (compiled, warm);
- interpreted: the same kernel with the JIT disabled on a few games, in a subprocess,
  so the compiled speed-up is a ratio measured here;
- per-game kernel figures (route searches/s, location evaluations/s, ...);
- peak memory (max RSS) of this process.
"""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numba

from sim.game import Batch
from sim.registry import get_game
from sim.results import write_json

MIN_SECONDS = 1.5


def prepare(game_id: str, bot: str, players: int | None = None):
    from sim.runner import Prepared, RunConfig

    game = get_game(game_id)
    n = game.players_or_default(players)
    return Prepared(RunConfig(game=game_id, players=n, bots=[bot]))


def play_games(prep, n: int, first: int = 0) -> tuple[float, int]:
    """Seconds and bot decisions for n games (one batch, no results table)."""
    gi, rot = prep.rows(first, n)
    out = Batch.alloc(len(gi), prep.cfg.players, len(prep.game.metrics))
    t = time.perf_counter()
    prep.game.play(prep.compiled, prep.bots, prep.weights, 12345, gi, rot, out)
    return time.perf_counter() - t, int(out.decisions.sum())


def throughput(prep, threads: int, start: int) -> dict:
    """Warm games/s: grow the batch until a measurement lasts MIN_SECONDS."""
    numba.set_num_threads(threads)
    n = start
    while True:
        secs, decisions = play_games(prep, n, first=1_000_000)
        if secs >= MIN_SECONDS or n >= 4_000_000:
            return {"games": n, "seconds": round(secs, 3), "games_per_s": round(n / secs, 1),
                    "decisions_per_s": round(decisions / secs, 1)}
        n = int(n * min(8.0, max(2.0, 1.2 * MIN_SECONDS / max(secs, 1e-4))))


def probe(game_id: str, bot: str, players: int, games: int) -> dict:
    """Runs in a subprocess: first-call time, then the time of `games` games."""
    t = time.perf_counter()
    prep = prepare(game_id, bot, players)
    play_games(prep, 1)
    first = time.perf_counter() - t
    secs, _ = play_games(prep, games, first=2_000_000)
    return {"first_call_s": round(first, 3), "games": games, "seconds": round(secs, 4)}


def run_probe(game_id: str, bot: str, players: int, games: int, env: dict) -> dict:
    cmd = [sys.executable, "-m", "sim.bench", game_id, bot, str(players), str(games)]
    r = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, **env}, timeout=1800)
    if r.returncode != 0:
        return {"error": r.stderr.strip().splitlines()[-1] if r.stderr.strip() else "failed"}
    return json.loads(r.stdout.strip().splitlines()[-1])


def bench_game(game_id: str, n_games: int | None, echo) -> dict:
    game = get_game(game_id)
    players = game.players_or_default(None)
    out: dict = {"game": game_id, "players": players, "bots": {}}
    with tempfile.TemporaryDirectory() as cold_cache:
        out["cold_compile"] = run_probe(game_id, game.default_bots, players, 1, {"NUMBA_CACHE_DIR": cold_cache})
    out["cached_startup"] = run_probe(game_id, game.default_bots, players, 1, {})
    all_threads = numba.config.NUMBA_NUM_THREADS
    for bot in game.bots:
        prep = prepare(game_id, bot, players)
        play_games(prep, 2)  # compile or load from cache before timing
        start = n_games or (64 if bot == "rollout" else 2000)
        one = throughput(prep, 1, start)
        many = throughput(prep, all_threads, start)
        interp = run_probe(game_id, bot, players, 2 if bot == "rollout" else 5, {"NUMBA_DISABLE_JIT": "1"})
        row = {"one_thread": one, "all_threads": many, "threads": all_threads,
               "scaling_efficiency": round(many["games_per_s"] / (one["games_per_s"] * all_threads), 3),
               "interpreted_games_per_s": round(interp["games"] / interp["seconds"], 3) if "seconds" in interp else None}
        if row["interpreted_games_per_s"]:
            row["compiled_speedup"] = round(one["games_per_s"] / row["interpreted_games_per_s"], 1)
        out["bots"][bot] = row
        echo(f"  {game_id:<13} {bot:<10} 1 thread {one['games_per_s']:>11,.0f} games/s   "
             f"{all_threads} threads {many['games_per_s']:>11,.0f} games/s   "
             f"{many['decisions_per_s']:>13,.0f} decisions/s   speed-up vs no JIT "
             f"{row.get('compiled_speedup', 'n/a')}x")
    numba.set_num_threads(all_threads)
    prep = prepare(game_id, game.default_bots, players)
    out["kernels"] = game.kernel_bench(prep.compiled)
    for name, value in out["kernels"].items():
        echo(f"  {game_id:<13} kernel     {name}: {value:,.0f}")
    echo(f"  {game_id:<13} compile    cold {out['cold_compile'].get('first_call_s')} s, "
         f"cached start-up {out['cached_startup'].get('first_call_s')} s")
    return out


def run_bench(games: list[str], n_games: int | None, out_file: Path, echo=print) -> dict:
    results = {"machine": {"cores": os.cpu_count(), "numba_threads": numba.config.NUMBA_NUM_THREADS},
               "games": {}}
    echo(f"balance bench on {os.cpu_count()} cores")
    for gid in games:
        results["games"][gid] = bench_game(gid, n_games, echo)
    results["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    out_file.parent.mkdir(parents=True, exist_ok=True)
    write_json(results, out_file)
    echo(f"peak memory {results['peak_rss_mb']} MB; written {out_file}")
    return results


if __name__ == "__main__":
    g, b, p, n = sys.argv[1:5]
    print(json.dumps(probe(g, b, int(p), int(n))))
