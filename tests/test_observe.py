"""observe(seat) on every game that provides the forward-model hooks (sim/api.py): it carries
everything the seat may know and nothing it may not.

- Complete: over random play, two positions whose observation for the seat to move is the
  same offer that seat the same options. OpenSpiel's information-state string (sim/openspiel.py)
  is the observation and the seat's own moves, so it is then complete too, which ISMCTS needs:
  it keys its nodes by that string and fails when one string has two option sets.
- No peeking: re-dealing what a seat cannot know (the game's redeal_hidden: the others'
  hands and secrets, the order of the decks) leaves that seat's observation unchanged.

Random options only (no bot is asked, nothing new is compiled), a few deals. Each test was
planted once in Bastille and failed: the board (BVAL..DECK) dropped from the table, and the
others' P_HELD (the mission cards they hold) shown."""
import numpy as np
import pytest

from sim.api import hooks_of, new_game
from sim.registry import GAME_MODULES

CONVERTED = [g for g, m in GAME_MODULES.items() if m.startswith("sim.games.") and hooks_of(g)]
# game: (players, variants, content settings) of each deal; short games where random play
# would run long
DEALS = {"doppelganger": [(3, (), ("rules.max_turns=50",))] * 2,
         "bastille": [(3, (), ()), (3, ("secret_mission",), ())],
         "pimpernel": [(2, ("short",), ())] * 2,
         "emerald": [(4, (), ("turn.max_turns=50",))] * 2,
         "banquet": [(11, ("scenario1", "full"), ()), (7, ("scenario6", "full"), ("scenario6.guards=1",))]}
STEPS = 250         # decisions a walk plays at the most
SEED = 11


def key(g) -> str:
    return str(g.observe(g.seat))


def positions(game_id: str):
    """Positions of random play: per deal two walks, the second following the first's options
    but for a different one every 7th decision (so that the two cross the same rounds of the
    same deal by other paths); each position once, as it stands."""
    for d, (n, variants, settings) in enumerate(DEALS[game_id]):
        choices = []
        for walk in (0, 1):
            g = new_game(game_id, n, variants=variants, overrides=settings, seed=SEED, game_index=d)
            pick = np.random.default_rng(d)
            for step in range(STEPS):
                if g.over:
                    break
                yield g
                k = len(g.options())
                if walk == 0:
                    choices.append(int(pick.integers(k)))
                i = choices[step] if step < len(choices) else int(pick.integers(k))
                if walk == 1 and step % 7 == 3:
                    i += 1
                g.apply(i % k)


def redealt(g, seat: int, salt: int):
    """A copy of g with what seat cannot know dealt anew; whether anything changed."""
    other = g.clone()
    hooks = other.hooks
    rng = np.zeros(other.compiled.n_players + 1, np.uint64) + np.uint64(9_000 + salt)
    hooks.redeal_hidden(other.compiled.tables, hooks.state_row(other.arrays), seat, rng)
    return other, not np.array_equal(hooks.state_row(other.arrays), hooks.state_row(g.arrays))


@pytest.mark.parametrize("game_id", CONVERTED)
def test_positions_a_seat_cannot_tell_apart_offer_it_the_same_options(game_id):
    offered: dict[str, bytes] = {}
    rows: dict[str, bytes] = {}
    told_apart_by_hidden = 0        # equal observations of positions that differ
    for i, g in enumerate(positions(game_id)):
        twin, changed = redealt(g, g.seat, i)
        for pos in (g, twin):
            k, opts = key(pos), pos.options().tobytes()
            row = pos.hooks.state_row(pos.arrays).tobytes()
            if k in offered:
                assert offered[k] == opts, (game_id, pos.decision, k[:300])
                told_apart_by_hidden += rows[k] != row
            offered[k], rows[k] = opts, row
    assert len(offered) > 100 and told_apart_by_hidden > 0


@pytest.mark.parametrize("game_id", CONVERTED)
def test_what_a_seat_cannot_know_does_not_change_its_observation(game_id):
    changed_any = 0
    for i, g in enumerate(positions(game_id)):
        if i % 3:
            continue
        for seat in range(g.compiled.n_players):
            twin, changed = redealt(g, seat, i * 31 + seat)
            changed_any += changed
            assert twin.observe(seat) == g.observe(seat), (game_id, seat, g.decision)
    assert changed_any > 10
