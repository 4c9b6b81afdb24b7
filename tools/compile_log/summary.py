"""Summarise a compile log written by tools/compile_log/sitecustomize.py (docs/performance.md,
"Finding the compile waste"): per process, the functions Numba compiled (cache misses) and
loaded from the on-disk cache (hits); the functions compiled in more than one signature; and
the (function, signature) pairs compiled in more than one process, the suite's double work.

    python tools/compile_log/summary.py LOG_DIR"""
import collections
import json
import sys
from pathlib import Path


def main(log_dir: str) -> None:
    events = [json.loads(line) for f in sorted(Path(log_dir).glob("*.jsonl")) for line in f.open()]
    per_pid = collections.defaultdict(lambda: [0, 0, 0.0, ""])
    for e in events:
        row = per_pid[e["pid"]]
        row[0 if not e["hit"] else 1] += 1
        row[2] += e["dt"] if e["depth"] == 0 else 0.0
        row[3] = row[3] or e["argv"]
    print(f"{len(events)} compile events in {len(per_pid)} processes: "
          f"{sum(not e['hit'] for e in events)} compiled, {sum(e['hit'] for e in events)} cache hits")
    print("process: compiled, cache hits, top-level seconds, command")
    for pid, (miss, hit, secs, argv) in sorted(per_pid.items(), key=lambda kv: -kv[1][2]):
        print(f"  {pid}: {miss} compiled, {hit} hits, {secs:.0f} s  {argv}")
    compiled = [e for e in events if not e["hit"]]
    sigs = collections.defaultdict(set)
    for e in compiled:
        sigs[e["fn"]].add(e["sig"])
    many = sorted(((len(s), fn) for fn, s in sigs.items() if len(s) > 1), reverse=True)
    print(f"functions compiled in more than one signature: {len(many)}")
    for n, fn in many:
        print(f"  {n:3d}  {fn}")
    where = collections.defaultdict(list)
    for e in compiled:
        where[(e["fn"], e["sig"])].append(e)
    twice = [(k, v) for k, v in where.items() if len({e["pid"] for e in v}) > 1]
    print(f"(function, signature) compiled in more than one process: {len(twice)}, "
          f"{sum(e['dt'] for _, v in twice for e in v[1:] if e['depth'] == 0):.0f} s at top level beyond the first")
    for (fn, _), v in sorted(twice, key=lambda kv: -max(e["dt"] for e in kv[1]))[:40]:
        print(f"  {fn}: {len({e['pid'] for e in v})} processes, max {max(e['dt'] for e in v):.1f} s, "
              f"tests {sorted({e['test'].split(' ')[0][:70] for e in v})[:3]}")


if __name__ == "__main__":
    main(sys.argv[1])
