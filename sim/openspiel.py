"""OpenSpiel adapter (optional extra: pip install -e '.[openspiel]'): every game that provides
the forward-model hooks (sim/api.py) registered as an OpenSpiel Python game, so OpenSpiel's
own bots and checks play it unchanged.

Imperfect information; chance (deals, dice) is sampled inside ``apply`` from the game's own
chance stream (ChanceMode.SAMPLED_STOCHASTIC), so OpenSpiel never sees a chance node. An
action is an index into the pending decision's options (sim/api.GameState.options).
``resample_from_infostate`` re-deals what the player cannot see (the game's redeal_hidden)
and re-seeds the chance stream, for ISMCTS."""
from __future__ import annotations

import collections

import numpy as np
import pyspiel

from kernels.rng import CHANCE, seed_streams
from sim.api import GameState, hooks_of, new_game
from sim.registry import get_game


class _Observer:
    """Strings only: what one player may see (sim/api.GameState.observe)."""

    def __init__(self, perfect_recall: bool):
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0, np.float32)
        self.dict = {}

    def set_from(self, state, player):
        pass

    def string_from(self, state, player):
        seen = str(state.g.observe(player))
        return seen + "|" + ",".join(map(str, state.history_of(player))) if self.perfect_recall else seen


def register(game_id: str, players: int, overrides: tuple = (), bots: list[str] | None = None,
             max_actions: int | None = None):
    """Register ``python_<game_id>_<players>p`` with OpenSpiel; returns the short name. ``bots``
    answer ``state.g.bot_choice()`` (our bots, to play against OpenSpiel's)."""
    game = get_game(game_id)
    if hooks_of(game_id) is None:
        raise ValueError(f"{game_id} has no forward-model hooks")
    probe = new_game(game_id, players, overrides=overrides)
    short = f"python_{game_id}_{players}p"
    gtype = pyspiel.GameType(
        short_name=short, long_name=f"{game.name} ({players} players)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players, min_num_players=players,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=False,
        parameter_specification={"seed": 0})
    cap = probe.hooks.turn_cap(probe.compiled)
    info = pyspiel.GameInfo(
        num_distinct_actions=max_actions or probe.compiled.k_max, max_chance_outcomes=0,
        num_players=players, min_utility=0.0, max_utility=1.0, utility_sum=None,
        max_game_length=8 * cap)

    class State(pyspiel.State):
        def __init__(self, osgame, g: GameState):
            super().__init__(osgame)
            self.g = g
            self.moves: list[tuple[int, int]] = []   # (seat, option) so far
            self.words: list[str] | None = None      # the options in words, made when first asked

        def history_of(self, player):
            return [a if s == player else -1 for s, a in self.moves]

        def current_player(self):
            return pyspiel.PlayerId.TERMINAL if self.g.over else self.g.seat

        def _legal_actions(self, player):
            return [] if self.g.over else list(range(len(self.g.options())))

        def _apply_action(self, action):
            self.moves.append((self.g.seat, action))
            self.g.apply(action)
            self.words = None

        def _action_to_string(self, player, action):
            # OpenSpiel wants an option's words unique (random_sim_test checks it, and reports a
            # failure through the game's RNG state, which a Python game has not: "GetRNGState
            # unimplemented"); options a game words alike (two copies of a card) are numbered.
            # The words are made once per position: OpenSpiel asks for every option's.
            if self.words is None:
                words = self.g.option_words()
                seen = collections.Counter(words)
                self.words = [w if seen[w] == 1 else f"{w} (option {i})" for i, w in enumerate(words)]
            return self.words[action]

        def is_terminal(self):
            return self.g.over

        def returns(self):
            r = self.g.result()
            # the utility is the win (1, shared by equal winners, else 0), not the game's own
            # score (Bastille's VP), so that it stays within the declared 0..1
            return [0.0] * players if r is None else [float(v) for v in r["win"]]

        def clone(self):
            c = State(self.get_game(), self.g.clone())
            c.moves = list(self.moves)
            return c

        def resample_from_infostate(self, player, sampler):
            c = self.clone()
            hooks = c.g.hooks
            seed = int(np.random.default_rng().integers(1 << 62))
            rng = np.zeros(players + 1, np.uint64)
            seed_streams(rng, np.uint64(seed), np.uint64(0))
            hooks.redeal_hidden(c.g.compiled.tables, hooks.state_row(c.g.arrays), player, rng)
            hooks.chance_row(c.g.arrays)[CHANCE] = rng[CHANCE]
            return c

        def __str__(self):
            return self.g.decision

    class Game(pyspiel.Game):
        def __init__(self, params=None):
            super().__init__(gtype, info, params or {"seed": 0})
            self.seed = int((params or {}).get("seed", 0))
            self.games = 0

        def new_initial_state(self):
            self.games += 1
            return State(self, new_game(game_id, players, bots, overrides=overrides, seed=self.seed,
                                        game_index=self.games))

        def make_py_observer(self, iig_obs_type=None, params=None):
            perfect = iig_obs_type is None or iig_obs_type.perfect_recall
            return _Observer(perfect)

    pyspiel.register_game(gtype, Game)
    return short
