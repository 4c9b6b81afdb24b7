"""The game registry: one line per game."""
from __future__ import annotations

import importlib

from sim.errors import UserError
from sim.game import Game

GAME_MODULES = {
    "bastille": "sim.games.bastille",
    "pimpernel": "sim.games.pimpernel",
    "doppelganger": "sim.games.doppelganger",
}


def game_ids() -> list[str]:
    return list(GAME_MODULES)


def get_game(game_id: str) -> Game:
    if game_id not in GAME_MODULES:
        raise UserError("GAME", None, f"unknown game '{game_id}' (expected one of: {', '.join(GAME_MODULES)})")
    return importlib.import_module(GAME_MODULES[game_id]).GAME
