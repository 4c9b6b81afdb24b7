"""The game registry: one line per game."""
from __future__ import annotations

import importlib
import sys
import time

from sim.errors import UserError
from sim.game import Game

GAME_MODULES = {
    "bastille": "sim.games.bastille",
    "pimpernel": "sim.games.pimpernel",
    "doppelganger": "sim.games.doppelganger",
    "emerald": "sim.games.emerald",
    "banquet": "sim.games.banquet",
}


def game_ids() -> list[str]:
    return list(GAME_MODULES)


# Seconds each game's first import took in this process (a game with typed kernels compiles
# them then), until a run counts them as its start-up (take_load_seconds).
_LOAD_SECONDS: dict[str, float] = {}


def get_game(game_id: str) -> Game:
    if game_id not in GAME_MODULES:
        raise UserError("GAME", None, f"unknown game '{game_id}' (expected one of: {', '.join(GAME_MODULES)})")
    if GAME_MODULES[game_id] not in sys.modules:
        t = time.perf_counter()
        module = importlib.import_module(GAME_MODULES[game_id])
        _LOAD_SECONDS[game_id] = time.perf_counter() - t
        return module.GAME
    return importlib.import_module(GAME_MODULES[game_id]).GAME


def take_load_seconds(game_id: str) -> float:
    """The game's import time, once: the first run of the process counts it as start-up."""
    return _LOAD_SECONDS.pop(game_id, 0.0)
