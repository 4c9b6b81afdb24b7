"""Two checkouts' play speed measured at the same time, one core each (or in turn, on threads).

    python tools/side_by_side.py TREE_A TREE_B GAME [--rounds 8] [--batches 5] [--games 2000]
    python tools/side_by_side.py TREE_A TREE_B GAME --threads 2 [--rounds 5]

Each round starts both trees at once, each pinned to its own core and playing on one thread
(`--bot`, `--players`, the same game indices), so both see the same stretch of a machine whose
speed drifts; the cores swap every round. Prints each round's games/s (thread CPU time) and the
ratio A/B of the two medians, then the median of the rounds' ratios. Both trees' Numba caches
should be warm: a cold compile is counted in neither figure but delays its tree's round.
`--set-a KEY=VALUE` (repeatable) plays tree A with those content settings, e.g. the bot weights
tree B shipped as defaults, so both trees play (nearly) the same games.
`--threads N` (N > 1) measures what `make bench` does, `sim.bench.throughput` on N threads: the
trees cannot share the cores then, so each round runs them in turn in fresh processes, A B, then
B A, and the ratio is taken pair by pair.
"""
import argparse
import os
import statistics
import subprocess
import sys

# run inside each tree (its own code on sys.path): games/s of `batches` batches, thread CPU time;
# on more threads, the bench's own warm games/s (its median of three)
CHILD = """
import sys, time, numba
from sim.bench import prepare, play_games, throughput
game, bot = sys.argv[1], sys.argv[2]
players, batches, games, threads = map(int, sys.argv[3:7])
sets = tuple(sys.argv[7:])
prep = prepare(game, bot, players, sets=sets) if sets else prepare(game, bot, players)
play_games(prep, 50)
if threads > 1:
    print(throughput(prep, threads, games)['games_per_s'])
    sys.exit()
numba.set_num_threads(1)
rates = []
for _ in range(batches):
    t = time.thread_time()
    play_games(prep, games, first=1_000_000)
    rates.append(games / (time.thread_time() - t))
print(' '.join(f'{r:.1f}' for r in rates))
"""


def start(tree: str, core: int | None, a: argparse.Namespace, sets: list[str]) -> subprocess.Popen:
    """The measurement in tree, pinned to core (None: on every core, a.threads threads)."""
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, a.game, a.bot, str(a.players), str(a.batches), str(a.games),
         str(a.threads), *sets],
        cwd=tree, env={**os.environ, "PYTHONPATH": os.path.abspath(tree)}, stdout=subprocess.PIPE,
        text=True, preexec_fn=None if core is None else lambda: os.sched_setaffinity(0, {core}))


def rates(proc: subprocess.Popen, tree: str) -> list[float]:
    out, _ = proc.communicate()
    if proc.returncode != 0:
        sys.exit(f"{tree}: the measurement failed (exit {proc.returncode})")
    return [float(x) for x in out.split()]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("tree_a")
    p.add_argument("tree_b")
    p.add_argument("game")
    p.add_argument("--bot", default="heuristic")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--rounds", type=int, default=8)
    p.add_argument("--batches", type=int, default=5)
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--set-a", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--threads", type=int, default=1)
    a = p.parse_args()
    cores = sorted(os.sched_getaffinity(0))[:2]
    if len(cores) < 2:
        sys.exit("side_by_side needs two cores")
    ratios = []
    for i in range(a.rounds):
        if a.threads > 1:       # in turn: A B, then B A
            runs = [("A", a.tree_a, a.set_a), ("B", a.tree_b, [])][::1 if i % 2 == 0 else -1]
            got = {k: rates(start(tree, None, a, sets), tree) for k, tree, sets in runs}
            ra, rb = got["A"], got["B"]
            where = f"{runs[0][0]} first"
        else:
            ca, cb = cores if i % 2 == 0 else cores[::-1]
            pa, pb = start(a.tree_a, ca, a, a.set_a), start(a.tree_b, cb, a, [])
            ra, rb = rates(pa, a.tree_a), rates(pb, a.tree_b)
            where = f"A on core {ca}"
        ratios.append(statistics.median(ra) / statistics.median(rb))
        print(f"round {i + 1} ({where}): A {[round(x) for x in ra]}  B {[round(x) for x in rb]}  "
              f"A/B {ratios[-1]:.3f}", flush=True)
    print(f"A/B, median of {len(ratios)} rounds: {statistics.median(ratios):.3f} "
          f"({min(ratios):.3f}-{max(ratios):.3f})")


if __name__ == "__main__":
    main()
