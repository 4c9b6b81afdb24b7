"""Registers the toy game beside the real ones, so the engine is tested even before (and
independently of) any real game's kernel."""
from sim import registry

registry.GAME_MODULES.setdefault("toy", "tests.engine.toy")
registry.GAME_MODULES.setdefault("tug", "tests.engine.toy.team")
