"""Golden hashes: the games doppelganger plays, pinned before the forward-model conversion
(issue #29) so that it provably changes no game. Every bot alone and a mixed line-up, every
player count, the default readings and each reading switched; results of a batch (every Batch
field) and the event log of two traced games are hashed.

Re-record only on purpose (a change to the games, named in the commit):
``python -m tests.doppelganger.test_golden``."""
import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from sim.game import Batch
from sim.games.doppelganger import GAME

GOLDEN = Path(__file__).with_name("golden.json")
QUICK_ROLLOUT = ("bots.rollout_playouts=2", "bots.rollout_candidates=2", "bots.rollout_horizon=12")
READINGS = {
    "default": (),
    "two_actions": ("rules.actions_per_turn=2",),
    "blocking": ("rules.pawns_block=1",),
    "who_readings": ("rules.face_up_match_forces_who=1", "rules.who_without_match=1"),
    "pads": ("rules.pad_start_lands=1", "rules.pad_within_roll=0", "rules.teleport_to_centre=0"),
}
LINEUPS = ("random", "greedy", "hunter", "rollout", "mixed")
# the bots the hashes were pinned with: "mixed" seats these in turn (a bot added later, such as
# search, would otherwise take a seat of the six-player mixed line-up and change its games)
PINNED_BOTS = ("random", "greedy", "hunter", "rollout")
FIELDS = ("score", "rank", "win", "role", "secret_role", "position", "turns", "end_reason",
          "metrics", "decisions")


def cases():
    for reading in READINGS:
        for n in GAME.player_counts:
            for lineup in LINEUPS:
                if reading != "default" and n != 4 and lineup != "mixed":
                    continue     # the readings at every count with the mixed line-up only
                yield f"{reading}/{n}/{lineup}"


def digest(arrays) -> str:
    h = hashlib.sha256()
    for a in arrays:
        a = np.ascontiguousarray(a)
        h.update(str(a.dtype).encode() + str(a.shape).encode())
        h.update(a.tobytes())
    return h.hexdigest()[:20]


def hashes(case: str) -> dict:
    reading, n, lineup = case.split("/")
    n = int(n)
    content = GAME.content((), READINGS[reading] + QUICK_ROLLOUT)
    compiled = GAME.compile(content, n)
    weights = GAME.weights(content)
    names = [PINNED_BOTS[s % len(PINNED_BOTS)] for s in range(n)] if lineup == "mixed" else [lineup]
    codes = GAME.bot_codes(names, n)
    games = 4 if lineup in ("rollout", "mixed") else 12
    gi = np.arange(games, dtype=np.uint64)
    rot = (gi % n).astype(np.int64)
    out = Batch.alloc(games, n, len(GAME.metrics))
    GAME.play(compiled, codes, weights, 11, gi, rot, out)
    traces = [GAME.trace_events(compiled, codes, weights, 11, g, int(rot[g]))[0] for g in (0, 1)]
    return {"results": digest(getattr(out, f) for f in FIELDS), "trace": digest(traces)}


@pytest.mark.parametrize("case", list(cases()))
def test_golden(case):
    assert hashes(case) == json.loads(GOLDEN.read_text())[case]


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps({c: hashes(c) for c in cases()}, indent=1) + "\n")
