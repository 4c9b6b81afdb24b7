"""Registers the toy game `knob` (tests/tune/knob.py) beside the real ones: a game whose content
values have effects known in closed form, so sensitivity and tune can be checked against them."""
from sim import registry

registry.GAME_MODULES.setdefault("knob", "tests.tune.knob")
import tests.engine.conftest  # noqa: F401,E402  (the toy team game tug, for balance skill)
