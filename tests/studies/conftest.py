"""Registers the toy game `lean` (tests/studies/lean.py): strong bots whose seat advantage is set
by content, for the robust verdict."""
from sim import registry

registry.GAME_MODULES.setdefault("lean", "tests.studies.lean")
