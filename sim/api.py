"""A Python game API, the same for every game that provides the forward-model hooks
(sim/games/<id>/forward.py, kernels/README.md): for notebooks, tests, learning libraries and
a person playing against the bots.

    from sim.api import new_game
    g = new_game("doppelganger", players=4, bots=["hunter"], seed=1)
    while not g.over:
        print(g.decision, g.option_words())
        g.apply(g.bot_choice())          # or any index into g.options()
    print(g.result(), g.narrate()[-1])
"""
from __future__ import annotations

import copy
import functools
import importlib

import numpy as np

from sim.hooks import new_log
from sim.registry import get_game


def hooks_of(game_id: str):
    """The game's forward-model hooks, or None if it has not been converted yet (it has no
    sim/games/<id>/forward.py). An import error inside the hooks is raised, not taken for
    "not converted", so a broken forward.py fails loudly instead of dropping out of the tests."""
    name = f"sim.games.{game_id}.forward"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name is None or not (name == e.name or name.startswith(e.name + ".")):
            raise                   # something forward.py imports is missing
        return None


class GameState:
    """One game position: copied by clone(), advanced one decision at a time by apply()."""

    def __init__(self, game, compiled, weights, bots, hooks, arrays):
        self.game, self.compiled, self.weights, self.bots = game, compiled, weights, bots
        self.hooks, self.arrays = hooks, arrays

    @property
    def over(self) -> bool:
        return self.hooks.kind(self.arrays) == 0

    @property
    def kind(self) -> int:
        return self.hooks.kind(self.arrays)

    @property
    def decision(self) -> str:
        """The pending decision in words: its kind and the seat that chooses."""
        k = self.kind
        return "game over" if k == 0 else f"{self.hooks.DECISION_KINDS[k]} by seat {self.seat}"

    @property
    def seat(self) -> int:
        return self.hooks.seat(self.arrays)

    def options(self) -> np.ndarray:
        return self.hooks.options(self.compiled, self.arrays)

    def option_words(self) -> list[str]:
        return [self.hooks.describe(self.compiled, self.arrays, r) for r in self.options()]

    def option_word(self, i: int) -> str:
        """Option i in words (one of hundreds of Pimpernel routes without describing them all)."""
        return self.hooks.describe(self.compiled, self.arrays, self.options()[i])

    def apply(self, i: int) -> None:
        opts = self.options()
        if not 0 <= i < len(opts):
            raise ValueError(f"option {i} out of range: {len(opts)} options")
        self.hooks.apply(self.compiled, self.arrays, self.weights, opts[i])

    def bot_choice(self) -> int:
        """The option the chooser's bot picks (it draws from that seat's stream)."""
        return self.hooks.bot_choice(self.compiled, self.arrays, self.weights)

    def clone(self) -> "GameState":
        written = len(self.hooks.events(self.arrays))
        arrays = {k: copy_log(v, written) if k == "log" else copy.deepcopy(v) for k, v in self.arrays.items()}
        return GameState(self.game, self.compiled, self.weights, self.bots, self.hooks, arrays)

    def __deepcopy__(self, memo):
        return self.clone()     # the game, its content and its hooks are shared, not copied

    def observe(self, seat: int) -> dict:
        return self.hooks.observe(self.compiled, self.arrays, seat)

    def result(self) -> dict | None:
        return self.hooks.result(self.compiled, self.arrays)

    def narrate(self) -> list[str]:
        names = [self.game.bots[int(b)] for b in self.hooks.bots_in_seats(self.arrays)]
        return self.game.narrate(self.compiled, self.hooks.events(self.arrays), None, names)


def copy_log(log: np.ndarray, written: int) -> np.ndarray:
    """A copy of an event log holding its first ``written`` rows: a log is sized for the longest
    game (Pimpernel's is 9.6 MB) and a fresh log's pages cost nothing until written
    (sim.hooks.new_log), so a clone (OpenSpiel clones at every step) costs the game played so far."""
    out = new_log(*log.shape)
    out[:written] = log[:written]
    return out


def new_game(game_id: str, players: int, bots: list[str] | None = None, variants: tuple = (),
             overrides: tuple = (), seed: int = 0, game_index: int = 0, rotation: int = 0) -> GameState:
    """A game advanced to its first decision. ``bots`` (one name, or one per seat; the game's
    default bot if None) answer bot_choice(); ``overrides`` are content settings "key=value"."""
    game = get_game(game_id)
    hooks = hooks_of(game_id)
    if hooks is None:
        raise ValueError(f"{game_id} is not a forward model yet (no sim/games/{game_id}/forward.py)")
    compiled, weights = _compiled(game_id, players, tuple(variants), tuple(overrides))
    codes = game.bot_codes(list(bots or [game.default_bots]), players)
    arrays = hooks.start(game, compiled, codes, weights, seed, game_index, rotation)
    return GameState(game, compiled, weights, codes, hooks, arrays)


@functools.lru_cache(maxsize=16)
def _compiled(game_id: str, players: int, variants: tuple, overrides: tuple):
    """A content's tables and weights, built once for every game dealt from it (OpenSpiel deals a
    new game for each state it starts; building doppelganger's board takes half a second)."""
    game = get_game(game_id)
    content = game.content(variants, overrides)
    return game.compile(content, players), game.weights(content)
