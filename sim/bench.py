"""`balance bench`: throughput of every game and bot, compile time apart.

Each figure comes from its own measurement in this run:
- cold compile: first call in a fresh process with an empty Numba cache;
- cached start-up: first call in a fresh process with the project's cache;
- games/s and bot decisions/s on one thread and on all threads (compiled, warm; the median
  of REPEATS measurements, with their range);
- interpreted: the same kernel with the JIT disabled on a few games, in a subprocess,
  so the compiled speed-up is a ratio measured here;
- per-game kernel figures (route searches/s, location evaluations/s, ...);
- peak memory (max RSS) of this process;
- scale: a plain end-to-end `balance run` of 1,000,000 Bastille games, and the peak memory
  of a 10,000,000-game run with per-game rows and with --aggregate (each its own process,
  peak RSS from wait4). BALANCE_BENCH_E2E_GAMES / BALANCE_BENCH_MEMORY_GAMES change the
  sizes (0 skips).

The machine may be shared: figures are noisy, and results.json records the load average.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numba
import numpy as np

from sim.api import new_game
from sim.game import Batch
from sim.registry import get_game
from sim.results import write_json

MIN_SECONDS = 1.5
REPEATS = 3               # measurements per figure; the median is reported
BALANCE = [sys.executable, "-c", "from cli import main; main()"]  # `balance` in a fresh process


def prepare(game_id: str, bot: str, players: int | None = None, variants: tuple[str, ...] = (),
            sets: tuple[str, ...] = ()):
    from sim.plan import Prepared, RunConfig

    game = get_game(game_id)
    n = game.players_or_default(players, variants)
    return Prepared(RunConfig(game=game_id, players=n, bots=[bot], variants=list(variants), sets=list(sets)))


def play_games(prep, n: int, first: int = 0, out: Batch | None = None) -> tuple[float, int]:
    """Seconds and bot decisions for n games (one batch, no results table)."""
    gi, rot = prep.rows(first, n)
    out = out if out is not None else Batch.alloc(len(gi), prep.cfg.players, len(prep.game.metrics))
    t = time.perf_counter()
    prep.game.play(prep.compiled, prep.bots, prep.weights, 12345, gi, rot, out)
    return time.perf_counter() - t, int(out.decisions.sum())


def outcome_hash(out: Batch) -> str:
    """What the games decided (scores, ranks, wins, positions, lengths, ends, metrics)."""
    h = hashlib.sha256()
    for a in (out.score, out.rank, out.win, out.position, out.turns, out.end_reason, out.metrics, out.decisions):
        h.update(np.ascontiguousarray(a).tobytes())
    return h.hexdigest()[:16]


def throughput(prep, threads: int, start: int, repeats: int = REPEATS) -> dict:
    """Warm games/s: grow the batch until a measurement lasts MIN_SECONDS, then measure that
    batch `repeats` times and report the median (one measurement on a shared VM can be a
    third off; the spread is kept beside it)."""
    numba.set_num_threads(threads)
    n = start
    while True:
        secs, decisions = play_games(prep, n, first=1_000_000)
        if secs >= MIN_SECONDS or n >= 4_000_000:
            break
        n = int(n * min(8.0, max(2.0, 1.2 * MIN_SECONDS / max(secs, 1e-4))))
    runs = [(secs, decisions)] + [play_games(prep, n, first=1_000_000) for _ in range(repeats - 1)]
    runs.sort()
    secs, decisions = runs[len(runs) // 2]
    return {"games": n, "seconds": round(secs, 3), "games_per_s": round(n / secs, 1),
            "decisions_per_s": round(decisions / secs, 1), "repeats": len(runs),
            "games_per_s_range": [round(n / runs[-1][0], 1), round(n / runs[0][0], 1)]}


def probe(game_id: str, bot: str, players: int, games: int, variants: tuple[str, ...] = ()) -> dict:
    """Runs in a subprocess: first-call time, then the time of `games` games."""
    t = time.perf_counter()
    prep = prepare(game_id, bot, players, variants)
    play_games(prep, 1)
    first = time.perf_counter() - t
    out = Batch.alloc(games * prep.rotations, prep.cfg.players, len(prep.game.metrics))
    secs, _ = play_games(prep, games, first=2_000_000, out=out)
    return {"first_call_s": round(first, 3), "games": games, "seconds": round(secs, 4),
            "outcome": outcome_hash(out)}


# Interpreted rollout games can take minutes each; a JIT-disabled probe past this is reported,
# not awaited. A compile probe (cold or cached) is bounded apart: a cold compile takes minutes.
PROBE_TIMEOUT_S = float(os.environ.get("BALANCE_BENCH_PROBE_TIMEOUT", 300))
COMPILE_TIMEOUT_S = 1800.0


def run_probes(game_id: str, bots: list[str], players: int, games: int, env: dict,
               variants: tuple[str, ...] = (), timeout: float = PROBE_TIMEOUT_S) -> dict[str, dict]:
    """``probe`` of each bot in turn in one fresh process (what it loads or builds once, such as
    an interpreted route table, it builds once for all): {bot: result}."""
    cmd = [sys.executable, "-m", "sim.bench", game_id, ",".join(bots), str(players), str(games), ",".join(variants)]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, **env}, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {b: {"error": f"over {timeout:.0f} s"} for b in bots}
    if r.returncode != 0:
        return {b: {"error": r.stderr.strip().splitlines()[-1] if r.stderr.strip() else "failed"} for b in bots}
    return json.loads(r.stdout.strip().splitlines()[-1])


def run_probe(game_id: str, bot: str, players: int, games: int, env: dict, variants: tuple[str, ...] = (),
              timeout: float = PROBE_TIMEOUT_S) -> dict:
    return run_probes(game_id, [bot], players, games, env, variants, timeout)[bot]


def bench_bot(game_id: str, bot: str, players: int, n_games: int | None, echo, variants: tuple[str, ...] = ()) -> dict:
    """games/s and decisions/s on one and on all threads, and the JIT-disabled ratio."""
    all_threads = numba.config.NUMBA_NUM_THREADS
    prep = prepare(game_id, bot, players, variants)
    play_games(prep, 2)  # compile or load from cache before timing
    start = n_games or (64 if bot == "rollout" else 2000)
    one = throughput(prep, 1, start)
    many = throughput(prep, all_threads, start)
    interp = run_probe(game_id, bot, players, 1 if bot == "rollout" else 5, {"NUMBA_DISABLE_JIT": "1"}, variants)
    row = {"one_thread": one, "all_threads": many, "threads": all_threads,
           "scaling_efficiency": round(many["games_per_s"] / (one["games_per_s"] * all_threads), 3),
           "interpreted_games_per_s": round(interp["games"] / interp["seconds"], 3) if "seconds" in interp else None}
    if row["interpreted_games_per_s"]:
        row["compiled_speedup"] = round(one["games_per_s"] / row["interpreted_games_per_s"], 1)
    numba.set_num_threads(all_threads)
    echo(f"  {game_id:<13} {players}p {bot:<10} 1 thread {one['games_per_s']:>11,.0f} games/s   "
         f"{all_threads} threads {many['games_per_s']:>11,.0f} games/s "
         f"(range {many['games_per_s_range'][0]:,.0f}-{many['games_per_s_range'][1]:,.0f}, "
         f"efficiency {row['scaling_efficiency']:.0%})   "
         f"{many['decisions_per_s']:>13,.0f} decisions/s   speed-up vs no JIT "
         + (f"{row['compiled_speedup']}x" if "compiled_speedup" in row else f"n/a ({interp.get('error')})"))
    return row


# The search bot's budgets the bench measures (iterations a decision), search in every seat
SEARCH_BUDGETS = (50, 200, 800)


def search_players(game, counts: tuple[int, ...], asked: int | None = None) -> tuple[int, ...]:
    """The player counts of counts whose search rows (every budget of SEARCH_BUDGETS) the bench
    measures: none for a game without the search bot, the count asked for (-p), else the game's
    bench_search_players (all of counts when it names none)."""
    if "search" not in game.bots:
        return ()
    return tuple(n for n in counts if asked or n in (game.bench_search_players or counts))


def bench_search(game_id: str, players: int, echo, variants: tuple[str, ...] = ()) -> dict:
    """Search decisions/s and games/s on all threads at each budget of SEARCH_BUDGETS, the
    search bot in every seat (every decision counted is a search's: a decision with one option
    is answered without searching). No interpreted probe: a search game without the JIT takes
    hours. One batch of one game a thread per budget: at 800 iterations a Pimpernel game takes
    minutes, and the budget is a weight, so one compile (or cache load) serves every budget."""
    threads = numba.config.NUMBA_NUM_THREADS
    out = {}
    for it in SEARCH_BUDGETS:
        prep = prepare(game_id, "search", players, variants, (f"bots.search_iterations={it}",))
        if it == SEARCH_BUDGETS[0]:
            play_games(prep, 1)  # compile or load from cache before timing
        row = throughput(prep, threads, threads, repeats=1)
        row["games_per_s"] = float(f"{row['games'] / row['seconds']:.3g}")    # a game can take minutes
        del row["games_per_s_range"]        # one batch has no spread (it read [0.0, 0.0] at the slowest)
        out[str(it)] = {"iterations": it, "threads": threads, **row}
        echo(f"  {game_id:<13} {players}p search-{it:<4} {threads} threads {row['games_per_s']:>11.3g} games/s "
             f"(one batch of {row['games']} games)   "
             f"{row['decisions_per_s']:>13,.1f} search decisions/s")
    numba.set_num_threads(threads)
    return out


def bench_forward(game_id: str, players: int, echo, variants: tuple[str, ...] = ()) -> dict:
    """The forward model through the Python game API (sim/api.py), the way a notebook, a
    learning library or OpenSpiel drives it: decisions/s of options() + apply() on a walk of
    uniformly random options (a new game when one ends), and clones/s of the positions met."""
    rng = np.random.default_rng(0)
    g = new_game(game_id, players, variants=variants, seed=1)
    g.clone().apply(0)          # compile or load from cache before timing
    decisions, games, t0 = 0, 0, time.perf_counter()
    while (secs := time.perf_counter() - t0) < MIN_SECONDS or decisions < 100:
        if g.over:
            games += 1
            g = new_game(game_id, players, variants=variants, seed=1, game_index=games)
        g.apply(int(rng.integers(len(g.options()))))
        decisions += 1
    clones, t0 = 0, time.perf_counter()
    while (csecs := time.perf_counter() - t0) < MIN_SECONDS / 3 or clones < 10:
        g.clone()
        clones += 1
    row = {"players": players, "decisions": decisions, "decisions_per_s": round(decisions / secs, 1),
           "clones_per_s": round(clones / csecs, 1)}
    echo(f"  {game_id:<13} {players}p forward model, Python API: {row['decisions_per_s']:>9,.0f} "
         f"decisions/s (options + apply, random options), {row['clones_per_s']:>9,.0f} clones/s")
    return row


def with_variant(game, variants: tuple[str, ...], v: str) -> tuple[str, ...]:
    """The variants in force with v in place of its exclusive group's current choice."""
    group = next((choices for choices, _ in game.variant_groups().values() if v in choices), [v])
    return game.resolve_variants(tuple(x for x in variants if x not in group) + (v,))


def bench_variants(game, n_games: int | None, echo, variants: tuple[str, ...] = ()) -> dict:
    """games/s of the game's bench bot on all threads at each variant's bench player counts
    (Game.bench_variant_players: every Banquet scenario at its smallest and largest count),
    the other variants as asked."""
    threads = numba.config.NUMBA_NUM_THREADS
    known = set(game.variants())
    out: dict = {}
    for v, counts in game.bench_variant_players.items():
        if v not in known:
            continue
        vv = with_variant(game, variants, v)
        for n in counts:
            prep = prepare(game.id, game.bench_bot, n, vv)
            play_games(prep, 2)  # compile or load from cache before timing
            row = throughput(prep, threads, n_games or 500)
            out[f"{'+'.join(vv)} {n}p"] = {"variants": list(vv), "players": n, "bot": game.bench_bot,
                                           "threads": threads, **row}
            echo(f"  {game.id:<13} {'+'.join(vv):<20} {n:>2}p {game.bench_bot:<10} {threads} threads "
                 f"{row['games_per_s']:>11,.0f} games/s (range {row['games_per_s_range'][0]:,.0f}-"
                 f"{row['games_per_s_range'][1]:,.0f})   {row['decisions_per_s']:>13,.0f} decisions/s")
    numba.set_num_threads(threads)
    return out


def bench_game(game_id: str, n_games: int | None, echo, players: int | None = None,
               variants: tuple[str, ...] = ()) -> dict:
    """Every bot at each of the game's bench player counts (or the one asked for), with the
    variants asked for, compile times and kernel figures."""
    game = get_game(game_id)
    variants = game.resolve_variants(variants)
    counts = (players,) if players else game.bench_players or (game.players_or_default(None, variants),)
    for n in counts:
        game.check_players(n, variants)
    first = counts[0]
    out: dict = {"game": game_id, "players": list(counts), "variants": list(variants), "bots": {}}
    with tempfile.TemporaryDirectory() as cold_cache:
        out["cold_compile"] = run_probe(game_id, game.default_bots, first, 1, {"NUMBA_CACHE_DIR": cold_cache},
                                        variants, COMPILE_TIMEOUT_S)
    out["cached_startup"] = run_probe(game_id, game.default_bots, first, 1, {}, variants, COMPILE_TIMEOUT_S)
    for n in counts:
        out["bots"][f"{n}p"] = {bot: bench_bot(game_id, bot, n, n_games, echo, variants) for bot in game.bots
                                if bot != "search"}
        if n in search_players(game, counts, players):
            out.setdefault("search", {})[f"{n}p"] = bench_search(game_id, n, echo, variants)
    out["forward_model"] = bench_forward(game_id, first, echo, variants)
    if not players:            # a count asked for (-p) measures that count only
        out["variant_rows"] = bench_variants(game, n_games, echo, variants)
    prep = prepare(game_id, game.default_bots, first, variants)
    out["kernels"] = game.kernel_bench(prep.compiled)
    for name, value in out["kernels"].items():
        echo(f"  {game_id:<13} kernel     {name}: {value:,.0f}")
    echo(f"  {game_id:<13} compile    cold {out['cold_compile'].get('first_call_s')} s, "
         f"cached start-up {out['cached_startup'].get('first_call_s')} s")
    return out


# Prepended to the child's `-c` code: at exit it writes its own peak RSS (VmHWM, kB) to the file
# BALANCE_BENCH_PEAK names. wait4's ru_maxrss cannot serve: on Linux a child's figure starts from
# its parent's RSS at the fork, so every run read as the bench process's own size (949.5 MB each).
OWN_PEAK = """import atexit, os
def _own_peak(path=os.environ.get("BALANCE_BENCH_PEAK")):
    with open("/proc/self/status") as f, open(path, "w") as out:
        out.write(next((line.split()[1] for line in f if line.startswith("VmHWM:")), ""))
if os.path.exists("/proc/self/status"):
    atexit.register(_own_peak)
"""


def timed_run(args: list[str], out_dir: Path) -> dict:
    """`balance run ARGS --out out_dir` in a fresh process: wall time, games/s, its own peak RSS
    (VmHWM where /proc has it, else wait4's ru_maxrss), disk."""
    log = out_dir.with_suffix(".log")
    peak_file = out_dir.with_suffix(".peak")
    cmd = [*BALANCE[:-1], OWN_PEAK + BALANCE[-1], "run", *args, "--out", str(out_dir)]
    t = time.perf_counter()
    with open(log, "w") as f:
        p = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT,
                             env={**os.environ, "BALANCE_BENCH_PEAK": str(peak_file)})
        _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    code = os.waitstatus_to_exitcode(status)
    own = peak_file.read_text().strip() if peak_file.exists() else ""
    out = {"command": "balance run " + " ".join(args), "exit_code": code, "wall_seconds": round(wall, 2),
           "peak_rss_mb": round(int(own) / 1024 if own else usage.ru_maxrss / 1024, 1)}
    if code != 0:
        out["error"] = (log.read_text().strip().splitlines() or ["failed"])[-1]
        return out
    meta = json.loads((out_dir / "run.json").read_text())
    out["games"] = meta["games_played"]
    out["games_per_s"] = round(meta["games_played"] / wall, 1)
    out["results_mb"] = round(sum(p.stat().st_size for p in out_dir.glob("*.parquet")) / 2**20, 2)
    return out


def bench_scale(games: list[str], echo, e2e_games: int, memory_games: int, players: int | None = None,
                variants: tuple[str, ...] = ()) -> dict:
    """The end-to-end run and the rows-vs-aggregate memory comparison."""
    game = "bastille" if "bastille" in games else games[0]
    players = ["-p", str(players or get_game(game).players_or_default(None, variants)),
               *(["--variant", ",".join(variants)] if variants else [])]
    out: dict = {"game": game}
    tmp = Path(tempfile.mkdtemp(prefix="balance-bench-"))
    try:
        if e2e_games:
            r = timed_run([game, "-n", str(e2e_games), *players], tmp / "e2e")
            out["end_to_end"] = r
            echo(f"  end to end   balance run {game} -n {e2e_games:,}: {r['wall_seconds']} s "
                 f"({r.get('games_per_s', 0):,.0f} games/s incl. start-up and writing), peak {r['peak_rss_mb']} MB"
                 + (f"  ERROR {r['error']}" if "error" in r else ""))
            shutil.rmtree(tmp / "e2e", ignore_errors=True)
        for mode, extra in (("rows", []), ("aggregate", ["--aggregate"])):
            if not memory_games:
                break
            r = timed_run([game, "-n", str(memory_games), *players, *extra], tmp / mode)
            out[f"memory_{mode}"] = r
            echo(f"  memory       {memory_games:,} games, {mode:<9}: peak {r['peak_rss_mb']:,} MB, "
                 f"{r['wall_seconds']} s, results {r.get('results_mb', '?')} MB on disk"
                 + (f"  ERROR {r['error']}" if "error" in r else ""))
            shutil.rmtree(tmp / mode, ignore_errors=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out


def run_bench(games: list[str], n_games: int | None, out_file: Path, echo=print,
              e2e_games: int | None = None, memory_games: int | None = None,
              players: int | None = None, variants: tuple[str, ...] = ()) -> dict:
    e2e = e2e_games if e2e_games is not None else int(os.environ.get("BALANCE_BENCH_E2E_GAMES", 1_000_000))
    mem = memory_games if memory_games is not None else int(os.environ.get("BALANCE_BENCH_MEMORY_GAMES", 10_000_000))
    results = {"machine": {"cores": os.cpu_count(), "numba_threads": numba.config.NUMBA_NUM_THREADS,
                           "load_average_at_start": os.getloadavg()},
               "note": "figures are noisy when the machine is shared (see load averages)",
               "games": {}}
    echo(f"balance bench on {os.cpu_count()} cores (load average {os.getloadavg()[0]:.1f}; "
         "figures are noisy on a shared machine)")
    for gid in games:      # a count or variant a game does not allow stops here, before any timing
        get_game(gid).check_players(players or get_game(gid).players_or_default(None, variants), variants)
    for gid in games:
        results["games"][gid] = bench_game(gid, n_games, echo, players, variants)
    results["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    if e2e or mem:
        results["scale"] = bench_scale(games, echo, e2e, mem, players, variants)
    results["machine"]["load_average_at_end"] = os.getloadavg()
    out_file.parent.mkdir(parents=True, exist_ok=True)
    write_json(results, out_file)
    echo(f"peak memory {results['peak_rss_mb']} MB (this process); written {out_file}")
    return results


if __name__ == "__main__":
    g, bots, p, n, v = (sys.argv[1:6] + [""])[:5]
    print(json.dumps({b: probe(g, b, int(p), int(n), tuple(filter(None, v.split(",")))) for b in bots.split(",")}))
