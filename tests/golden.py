"""Golden hashes: a fixed batch of one game's games hashed, its results and a few traced games,
so that a change which must not alter play (the forward-model conversion, a speed-up) is seen
to leave every game as it was. Each game's tests/<id>/test_golden.py names its cases and keeps
their recorded hashes in golden.json beside it."""
import hashlib
import json
from pathlib import Path

import numpy as np

from sim.game import Batch

SEED = 29
RESULTS = ("score", "rank", "win", "position", "turns", "end_reason", "metrics", "decisions")


def digest(*arrays) -> str:
    h = hashlib.sha256()
    for a in arrays:
        a = np.ascontiguousarray(a)
        h.update(str(a.dtype).encode() + str(a.shape).encode())
        h.update(a.tobytes())
    return h.hexdigest()[:20]


def batch_hashes(game, content, n, bots, games, traced=(0, 1), results=RESULTS,
                 traces=("score", "decisions")) -> tuple[str, str]:
    """(results hash, traces hash) of games 0..games-1 with these bots, seats rotated; the
    traces hash covers each traced game's events and its `traces` outputs."""
    comp = game.compile(content, n)
    W = game.weights(content)
    codes = game.bot_codes(bots, n)
    gi = np.arange(games, dtype=np.uint64)
    out = Batch.alloc(len(gi), n, len(game.metrics))
    game.play(comp, codes, W, SEED, gi, (gi % n).astype(np.int64), out)
    arrays = []
    for g in traced:
        events, one, _ = game.trace_events(comp, codes, W, SEED, g, g % n)
        arrays += [events, *(getattr(one, f) for f in traces)]
    return digest(*(getattr(out, f) for f in results)), digest(*arrays)


def assert_recorded(golden: Path, case: str, hashes: tuple[str, str]) -> None:
    want = json.loads(golden.read_text())[case]
    assert hashes[0] == want["results"]
    assert hashes[1] == want["traces"]


def record(golden: Path, cases: dict) -> None:
    """Write golden.json from {case id: (results hash, traces hash)}."""
    golden.write_text(json.dumps({k: dict(zip(("results", "traces"), v)) for k, v in cases.items()},
                                 indent=1, sort_keys=True) + "\n")
    print(golden.read_text())
