"""The forward-model contract (kernels/README.md), checked on every game that provides the
hooks (sim/games/<id>/forward.py) through the generic Python API (sim/api.py): the bots played
through options/apply are the games play_batch plays; a clone continues identically; random
walks over the options reach every decision kind and end; no bot's choice changes when what
its seat cannot see is re-dealt."""
import numpy as np
import pytest

from sim import bench
from sim.api import hooks_of, new_game
from sim.registry import GAME_MODULES, get_game

CONVERTED = [g for g, m in GAME_MODULES.items() if m.startswith("sim.games.") and hooks_of(g)]
# per game, content settings that keep the rollout bots cheap, and the (variants, settings)
# random walks are played under so that every decision kind can come up (Bastille's mission
# pile exists only in the Secret Mission variant)
QUICK = {"doppelganger": ("bots.rollout_playouts=2", "bots.rollout_candidates=2",
                          "bots.rollout_horizon=12"),
         "bastille": ("bots.rollout_playouts=1",),
         "banquet": ("bots.rollout_playouts=1", "bots.rollout_candidates=2", "bots.search_iterations=8"),
         "pimpernel": ("bots.rollout_playouts=1", "bots.rollout_width=2"),
         "emerald": ("bots.rollout_candidates=2", "bots.rollout_playouts=1", "bots.rollout_horizon=2")}
# a walk may name its player count (Banquet's scenarios each have their own range)
WALKS = {"doppelganger": [((), ("rules.max_turns=60", "rules.actions_per_turn=2"))],
         "bastille": [((), ()), (("secret_mission",), ())],
         # marks (1), bribes (2), vetoes and reactions (full rules), the castle's Keyring (6: one
         # guard, so the Keyring comes into play), the players' set-up places (the switch on) and
         # scenario 3's factions sending their members to pick (walks found with chance seating keep
         # it: rules.setup_places_chosen=0)
         "banquet": [(("scenario1", "full"), ("rules.setup_places_chosen=0",), 11), (("scenario2", "full"), (), 11),
                     (("scenario6", "full"), ("scenario6.guards=1", "rules.setup_places_chosen=0"), 6),
                     (("scenario5", "full"), (), 12),
                     (("scenario4", "full"), ("rules.setup_places_chosen=1",), 10),
                     (("scenario3", "basic"), (), 15)],
         "pimpernel": [((), ()), (("short",), ())],
         # every other walk with agents cheap to assassinate, so that one comes up and asks for another,
         # and three Zombies cards (game card 25), so that random play claims and plays one (a
         # zombie city, a zombies' victim): since issue 32's card points none of its six walks did
         "emerald": [((), ()), ((), (*(f"cities.agent_cost.{c}=2" for c in range(9)), "cards.game.25.copies=3"))]}
# decision kinds no random walk can be counted on to reach: the game's own tests reach them
# with its bots (Banquet: random play never brings a lady with the Keyring beside the
# gatehouse; tests/banquet/test_forward.py; Emerald: random play rarely claims the cards, so never
# holds an interrupt when attacked nor plays Okhrana: tests/emerald/test_forward.py)
BOTS_REACH = {"banquet": {"gatehouse", "re-flip"}, "emerald": {"interrupt", "Okhrana cube"}}
SEED = 5


def lineup(game, n):
    return [game.bots[s % len(game.bots)] for s in range(n)]


def players(game):
    return 4 if 4 in game.allowed_players() else game.allowed_players()[0]


def play_out(g, limit=100_000):
    """Every seat's bot chooses until the game ends; returns the decision kinds seen."""
    kinds = set()
    for _ in range(limit):
        if g.over:
            return kinds
        kinds.add(g.kind)
        g.apply(g.bot_choice())
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game_id", CONVERTED)
def test_options_and_apply_with_the_bots_play_the_games_play_batch_plays(game_id):
    game = get_game(game_id)
    n = players(game)
    content = game.content((), QUICK.get(game_id, ()))
    compiled = game.compile(content, n)
    codes = game.bot_codes(lineup(game, n), n)
    for gi in (0, 1, 2):
        events, out, _ = game.trace_events(compiled, codes, game.weights(content), SEED, gi, gi % n)
        g = new_game(game_id, n, lineup(game, n), overrides=QUICK.get(game_id, ()), seed=SEED, game_index=gi,
                     rotation=gi % n)
        play_out(g)
        assert np.array_equal(g.hooks.events(g.arrays), events), gi
        r = g.result()
        assert r["score"] == list(out.score[0]) and r["turns"] == out.turns[0], gi


@pytest.mark.parametrize("game_id", CONVERTED)
def test_a_clone_at_any_decision_continues_identically(game_id):
    game = get_game(game_id)
    n = players(game)
    pick = np.random.default_rng(3)
    for gi in (0, 1):
        g = new_game(game_id, n, lineup(game, n), overrides=QUICK.get(game_id, ()), seed=SEED, game_index=gi)
        for _ in range(int(pick.integers(1, 60))):
            if g.over:
                break
            g.apply(g.bot_choice())
        twin = g.clone()
        play_out(g)
        play_out(twin)
        assert np.array_equal(g.hooks.events(g.arrays), twin.hooks.events(twin.arrays))
        assert g.result() == twin.result()


@pytest.mark.parametrize("game_id", CONVERTED)
def test_random_walks_over_the_options_reach_every_decision_kind_and_end(game_id):
    game = get_game(game_id)
    n = players(game)
    hooks = hooks_of(game_id)
    pick = np.random.default_rng(7)
    seen = set()
    walks = WALKS.get(game_id, [((), ())])
    for gi in range(6):
        variants, settings, *count = walks[gi % len(walks)]
        g = new_game(game_id, count[0] if count else n, variants=variants, overrides=settings, seed=SEED,
                     game_index=gi)
        for _ in range(10_000):
            if g.over:
                break
            k = len(g.options())
            assert k > 0, g.decision
            seen.add(hooks.DECISION_KINDS[g.kind])
            assert len(g.option_words()) == k
            g.apply(int(pick.integers(k)))
        assert g.over and g.result() is not None
    print(game_id, "decision kinds seen:", sorted(seen))
    assert seen == set(hooks.DECISION_KINDS.values()) - {hooks.DECISION_KINDS[0]} - BOTS_REACH.get(game_id, set())


@pytest.mark.parametrize("game_id", CONVERTED)
def test_no_bot_changes_its_choice_when_what_its_seat_cannot_see_is_redealt(game_id):
    game = get_game(game_id)
    n = players(game)
    hooks = hooks_of(game_id)
    asked = 0
    for gi in (0, 1, 2):
        g = new_game(game_id, n, lineup(game, n), overrides=QUICK.get(game_id, ()), seed=SEED, game_index=gi)
        for _ in range(150):
            if g.over:
                break
            other = g.clone()
            rng = np.zeros(n + 1, np.uint64) + np.uint64(12345 + asked)
            hooks.redeal_hidden(other.compiled.tables, hooks.state_row(other.arrays), other.seat, rng)
            choice = g.bot_choice()
            assert other.bot_choice() == choice, (gi, g.decision)
            asked += 1
            g.apply(choice)
    assert asked > 50


@pytest.mark.parametrize("game_id", CONVERTED)
def test_the_bench_row_of_the_forward_model_counts_decisions_and_clones(game_id, monkeypatch):
    monkeypatch.setattr(bench, "MIN_SECONDS", 0.05)     # the fields are checked, not the speed
    lines = []
    row = bench.bench_forward(game_id, get_game(game_id).players_or_default(None), lines.append)
    assert row["decisions"] >= 100 and row["decisions_per_s"] > 0 and row["clones_per_s"] > 0
    assert len(lines) == 1 and "decisions/s" in lines[0] and "clones/s" in lines[0]


def test_a_broken_forward_module_is_an_error_not_an_unconverted_game(tmp_path, monkeypatch):
    """hooks_of says "not converted" only when sim/games/<id>/forward.py is missing; an import
    that fails inside it is raised (else the game silently drops out of these tests)."""
    import sim.games
    for pkg, body in (("fm_broken", "import no_such_module_of_fm\n"), ("fm_plain", None)):
        (tmp_path / pkg).mkdir()
        (tmp_path / pkg / "__init__.py").write_text("")
        if body:
            (tmp_path / pkg / "forward.py").write_text(body)
    monkeypatch.setattr(sim.games, "__path__", [*sim.games.__path__, str(tmp_path)])
    assert hooks_of("fm_plain") is None and hooks_of("fm_no_such_game") is None
    with pytest.raises(ModuleNotFoundError, match="no_such_module_of_fm"):
        hooks_of("fm_broken")
