"""One set of checks that every registered game must pass (Pgx-style api test):
the results contract, finished games, ranks and wins consistent, declared facts sane, the same
games whatever the threads, batches and state rows, a deal no bot changes, content overrides
that play or are refused, bots that do not peek. A game provides the few hooks these need in
tests/<id>/helpers.py (``deal``, ``no_peek_positions`` with ``hidden``; ``broken_invariants``
if it has them)."""
import importlib
import importlib.util

import numba
import numpy as np
import polars as pl
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as hs

from sim.bench import probe, run_probes
from sim.errors import UserError
from sim.game import Batch
from sim.registry import GAME_MODULES, get_game
from sim.plan import Prepared, RunConfig
from sim.runner import run

SCHEMA = {
    "game_index": pl.UInt64, "rotation": pl.UInt8, "seed": pl.UInt64, "game": pl.String,
    "variant": pl.String, "n_players": pl.UInt8, "seat": pl.UInt8, "position": pl.UInt8, "bot": pl.String,
    "role": pl.String, "secret_role": pl.String, "score": pl.Int32, "rank": pl.UInt8, "win": pl.Float32,
    "turns": pl.UInt32, "end_reason": pl.String,
}


# The shipped games only (engine tests register a toy game of their own).
SHIPPED = [g for g, module in GAME_MODULES.items() if module.startswith("sim.games.")]


@pytest.fixture(scope="module", params=SHIPPED)
def played(request, tmp_path_factory):
    game = get_game(request.param)
    n = game.players_or_default(None)
    cfg = RunConfig(game=game.id, players=n, bots=["random"] if "random" in game.bots else [game.default_bots],
                    games=60, seed=11, rotate_seats=True, batch_size=50)
    out = tmp_path_factory.mktemp(game.id)
    df, meta = run(cfg, out)
    return game, cfg, df, meta, out


def test_declared_facts(played):
    game = played[0]
    assert game.id and game.name and game.player_counts and game.max_turns > 0
    assert {"random", "greedy", "rollout"} <= set(game.bots) and len(game.bots) >= 4
    assert "turn_cap" in game.end_reasons and game.content_file.is_file()
    assert len(game.weights(game.content())) == len(game.weight_names)


def test_results_follow_the_contract(played):
    game, cfg, df, meta, out = played
    for col, dtype in SCHEMA.items():
        assert df.schema[col] == dtype, col
    assert [c for c in df.columns if c not in SCHEMA] == [f"{game.id}_{m}" for m in game.metrics]
    assert df.height == cfg.games * cfg.players * cfg.players
    assert (out / "results.parquet").is_file() and (out / "run.json").is_file()
    assert meta["games_played"] == cfg.games * cfg.players
    assert pl.read_parquet(out / "results.parquet").equals(df)


def test_a_game_has_a_winner_unless_its_end_reason_says_none(played):
    """A finished game has a winner with rank 1; a game stopped by the turn cap (or a lost
    co-operative game) has none: win 0 for every seat, not a shared 1/n."""
    game, cfg, df, *_ = played
    per_game = df.group_by("game_index", "rotation").agg(
        pl.col("win").max().alias("top"), pl.col("rank").min().alias("best"),
        pl.len().alias("seats"), pl.col("end_reason").first())
    none = per_game["end_reason"].is_in(list(game.no_winner_reasons))
    assert (per_game.filter(~none)["top"] > 0).all() and (per_game["best"] == 1).all()
    assert (per_game.filter(none)["top"] == 0).all()
    assert (per_game["seats"] == cfg.players).all()
    assert df.filter(pl.col("win") > 0)["rank"].max() == 1 or game.roles
    assert df["rank"].max() <= cfg.players


def test_games_end_with_a_declared_reason_within_the_cap(played):
    game, _, df, *_ = played
    assert set(df["end_reason"].unique()) <= set(game.end_reasons)
    assert df["turns"].max() <= game.max_turns


def test_rotations_replay_the_same_deal_with_bots_moved(played):
    _, cfg, df, *_ = played
    rot = df.filter(pl.col("game_index") == 0).sort("rotation", "seat")
    assert rot["rotation"].unique().to_list() == list(range(cfg.players))


def test_positions_are_the_clockwise_turn_order_from_a_start_chance_picks(played):
    """Every game's positions are 0..n-1 going clockwise from its first player, and the deal
    decides them: every rotation of a deal (other bots in the seats) has the same positions."""
    game, cfg, df, *_ = played
    n = cfg.players
    pos = df.sort("game_index", "rotation", "seat")["position"].to_numpy().astype(int).reshape(-1, n)
    first = np.argmin(pos, axis=1)
    assert (pos == (np.arange(n)[None, :] - first[:, None]) % n).all()
    per_deal = pos.reshape(cfg.games, n, n)
    assert (per_deal == per_deal[:, :1, :]).all()
    assert game.turn_order and game.turn_unit


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_content_value_at_either_end_of_its_range_plays(game_id):
    """Each tunable value set alone to the low and to the high end of its declared range is
    either refused at load with a clear UserError or plays: a range promises a designer that
    any value in it works (the random-override test samples; this one visits every end)."""
    game = get_game(game_id)
    n = game.players_or_default(None)
    bots = [b for b in ("random", game.default_bots, "greedy") if b in game.bots]
    codes = game.bot_codes([bots[s % len(bots)] for s in range(n)], n)
    gi = np.arange(2, dtype=np.uint64)
    failed = []
    for key, value, (lo, hi) in [p for p in game.content().params() if p[2] is not None]:
        if key.startswith("bots."):
            continue
        for end in (lo, hi):
            setting = f"{key}={int(end) if isinstance(value, int) else float(end)}"
            try:
                content = game.content((), (setting,))
                compiled = game.compile(content, n)
            except UserError:
                continue
            out = Batch.alloc(len(gi), n, len(game.metrics))
            try:
                game.play(compiled, codes, game.weights(content), 5, gi, (gi % n).astype(np.uint8), out)
            except Exception as e:   # noqa: BLE001 - the test lists every failure at once
                failed.append(f"{setting}: {type(e).__name__}")
                continue
            if (out.end_reason >= len(game.end_reasons)).any() or (out.rank == 0).any():
                failed.append(f"{setting}: a game did not finish")
    assert failed == []


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_bot_plays_the_same_games_with_the_jit_disabled(game_id):
    """`balance bench` measures the compiled speed-up against the same kernels run as plain
    Python (NUMBA_DISABLE_JIT=1, in a subprocess): every bot must play that way, and play the
    same games as the compiled code. Rollout and search bots are left out: one interpreted
    rollout game takes minutes, a search game hours."""
    game = get_game(game_id)
    n = game.players_or_default(None)
    bots = [b for b in game.bots if b not in ("rollout", "search")]
    # compiled here, on this worker's loaded kernels (first: it stores the Pimpernel's route table)
    compiled = {bot: probe(game_id, bot, n, 1) for bot in bots}
    interpreted = run_probes(game_id, bots, n, 1, {"NUMBA_DISABLE_JIT": "1"})
    for bot in bots:
        assert interpreted[bot].get("games") == 1 and interpreted[bot]["seconds"] > 0, (bot, interpreted[bot])
        assert interpreted[bot]["outcome"] == compiled[bot]["outcome"], bot


def test_trace_is_the_game_play_plays(played):
    """The traced game (log on) ends exactly as the same game in a batch."""
    game, cfg, df, *_ = played
    prep = Prepared(cfg)
    for gi, rot in ((0, 0), (3, 1), (7, cfg.players - 1)):
        events, out, _ = game.trace_events(prep.compiled, prep.bots, prep.weights, cfg.seed, gi, rot)
        rows = df.filter((pl.col("game_index") == gi) & (pl.col("rotation") == rot)).sort("seat")
        assert len(events) > 0
        assert out.score[0].tolist() == rows["score"].to_list()
        assert out.rank[0].tolist() == rows["rank"].to_list()
        assert out.win[0].tolist() == rows["win"].to_list()
        assert out.position[0].tolist() == rows["position"].to_list()
        assert int(out.turns[0]) == rows["turns"][0]
        assert game.end_reasons[int(out.end_reason[0])] == rows["end_reason"][0]


# -- the games' hooks, and quick games ------------------------------------------------------

FIELDS = ("score", "rank", "win", "role", "secret_role", "position", "turns", "end_reason", "metrics",
          "decisions")   # the Batch fields, in the order of the kernels' entry points


def hook(game_id, name, required=True):
    """A hook of the generic tests from tests/<id>/helpers.py; a shipped game without a
    required one fails loudly (a new game gets these tests by providing them)."""
    found = getattr(importlib.import_module(f"tests.{game_id}.helpers"), name, None)
    if found is None and required:
        pytest.fail(f"tests/{game_id}/helpers.py has no `{name}`: every shipped game provides the "
                    "hooks tests/test_every_game.py names in its docstring")
    return found


QUICK_PREFIXES = ("bots.rollout", "bots.search_iterations", "bots.search_depth")


def quick_rollout(game):
    """Every rollout setting, the search's iterations and playout depth at 2 (or the end of
    its range nearest 2): the rollout and search bots still re-deal and play out, at a
    fraction of their cost."""
    return tuple(f"{k}={int(min(max(2, lo), hi))}" for k, _, r in game.content().params()
                 if r is not None and k.startswith(QUICK_PREFIXES) for lo, hi in [r])


def quick(game_id):
    """(game, compiled, weights, players) with a quick rollout bot, at the smallest player
    count that seats one of each bot."""
    game = get_game(game_id)
    counts = game.allowed_players()     # the default variants' counts
    n = min([c for c in counts if c >= len(game.bots)] or [max(counts)])
    content = game.content((), quick_rollout(game))
    return game, game.compile(content, n), game.weights(content), n


def every_bot(game, n, first=0):
    """A line-up of n seats going round the game's bots from bot number ``first``."""
    return game.bot_codes([game.bots[(first + s) % len(game.bots)] for s in range(n)], n)


def play_rows(game, compiled, codes, weights, seed, game_index, rotation, rows):
    """The kernel's play_batch over a chosen number of scratch rows (Game.play picks them from
    the threads): (Batch, scratch); with one row per game each row keeps its final state."""
    out = Batch.alloc(len(game_index), compiled.n_players, len(game.metrics))
    scratch = compiled.alloc_scratch(rows, game.rollout_bot(codes))
    game.kernel.play_batch(compiled.tables, scratch, np.asarray(codes, np.int64), weights, np.uint64(seed),
                           np.ascontiguousarray(game_index, np.uint64),
                           np.ascontiguousarray(rotation, np.int64), *(getattr(out, f) for f in FIELDS))
    return out, scratch


def play(game, compiled, codes, weights, game_index, rotation):
    """Game.play of these games (seed 5) into a new Batch."""
    out = Batch.alloc(len(game_index), compiled.n_players, len(game.metrics))
    game.play(compiled, codes, weights, 5, game_index, rotation, out)
    return out


def differences(a, b, rows=slice(None)):
    """The Batch fields in which b differs from a[rows]."""
    return [f for f in FIELDS if not np.array_equal(getattr(a, f)[rows], getattr(b, f))]


# -- generic tests ---------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", SHIPPED)
def test_same_games_whatever_the_threads_the_batch_and_the_state_rows(game_id):
    """A game depends on its seed, index and rotation alone: not on the threads, the batch it
    is played in, or the scratch rows (a row re-used game after game, or batch after batch,
    keeps nothing of the games it played before)."""
    game, compiled, weights, n = quick(game_id)
    codes = every_bot(game, n)
    gi = np.arange(10, dtype=np.uint64)
    rot = (gi % n).astype(np.int64)
    threads = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = play(game, compiled, codes, weights, gi, rot)
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        two = play(game, compiled, codes, weights, gi, rot)
        play(game, compiled, codes, weights, gi + 10, rot)      # other games in the same rows
        again = play(game, compiled, codes, weights, gi, rot)
    finally:
        numba.set_num_threads(threads)
    assert differences(one, two) == [] and differences(one, again) == []
    for rows in (1, 3, len(gi)):
        assert differences(one, play_rows(game, compiled, codes, weights, 5, gi, rot, rows)[0]) == [], rows
    for g in (0, 7):
        alone = play(game, compiled, codes, weights, gi[g:g + 1], rot[g:g + 1])
        assert differences(one, alone, slice(g, g + 1)) == [], g


@pytest.mark.parametrize("game_id", SHIPPED)
def test_a_traced_game_with_every_bot_is_the_game_play_plays(game_id):
    """trace_events (the log on, scratch of its own) plays the same game as Game.play in a
    batch, to every output, with every bot in the line-up."""
    game, compiled, weights, n = quick(game_id)
    codes = every_bot(game, n)
    gi = np.arange(6, dtype=np.uint64)
    rot = (gi % n).astype(np.int64)
    batch = play(game, compiled, codes, weights, gi, rot)
    for g in (1, 4):
        events, out, _ = game.trace_events(compiled, codes, weights, 5, g, rot[g])
        assert len(events) > 0 and differences(batch, out, slice(g, g + 1)) == [], g


@pytest.mark.parametrize("game_id", SHIPPED)
def test_swapping_a_bot_leaves_the_deal_unchanged(game_id):
    """Bots never draw from the chance stream: the same game (seed, index, rotation) with other
    bots in the seats has the same positions, roles, secret roles and deal. The game's hook ``deal(compiled,
    events, scratch)`` reads what chance alone decides from a traced game, by name; a part
    chance goes on drawing (dice) is compared as far as both games went."""
    deal = hook(game_id, "deal")
    game, compiled, weights, n = quick(game_id)
    line_ups = [game.bot_codes(["random"], n), every_bot(game, n, first=1)]
    for gi, rot in ((3, 1), (8, 0)):
        (ea, a, sa), (eb, b, sb) = (game.trace_events(compiled, bots, weights, 5, gi, rot) for bots in line_ups)
        assert differences(a, b) != [], "the line-ups should play different games"
        assert all(np.array_equal(getattr(a, f), getattr(b, f)) for f in ("position", "role", "secret_role"))
        da, db = deal(compiled, ea, sa), deal(compiled, eb, sb)
        assert da and da.keys() == db.keys()
        for part in da:
            k = min(len(da[part]), len(db[part]))
            assert k > 0 and np.array_equal(da[part][:k], db[part][:k]), (gi, part)


def override(data, key, value, lo, hi):
    """A value in [lo, hi] for key; a rollout or search budget stays at 4 or below (playouts
    cost)."""
    if isinstance(value, int) and not isinstance(value, bool):
        top = min(int(hi), max(int(lo), 4)) if key.startswith(QUICK_PREFIXES) else int(hi)
        return data.draw(hs.integers(int(lo), top))
    return data.draw(hs.floats(lo, hi, allow_nan=False))


def loads(game, variants, sets, n):
    """(content, compiled), or None when the content is refused with a UserError."""
    try:
        content = game.content(variants, tuple(sets))
        return content, game.compile(content, n)
    except UserError:
        return None


@pytest.mark.parametrize("game_id", SHIPPED)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=hs.data())
def test_random_content_overrides_play_or_are_refused(game_id, data):
    """Up to six tunable values drawn from their declared ranges, with any variants, player
    count and bots: the content is refused at load with a UserError, or its games play to a
    declared end, with a winner unless the end reason says none (and keep the game's
    invariants, where it has a hook for them).
    A value refused on its own is left out, so that a game whose ranges are mostly board
    squares still plays (the range-ends test visits the values one by one)."""
    game = get_game(game_id)
    groups = game.variant_groups()      # one choice of each exclusive group, any free overlays
    grouped = {c for choices, _ in groups.values() for c in choices}
    overlays = [v for v in game.variants() if v != "base" and v not in grouped]
    variants = tuple(data.draw(hs.sampled_from(choices)) for choices, _ in groups.values())
    variants += tuple(data.draw(hs.lists(hs.sampled_from(overlays), unique=True))) if overlays else ()
    params = [p for p in game.content(variants).params() if p[2] is not None]
    picks = data.draw(hs.lists(hs.sampled_from(params), min_size=1, max_size=6, unique_by=lambda p: p[0]))
    # the rollout and search bots at a quick budget unless a pick sets it (the later wins)
    sets = [*quick_rollout(game), *(f"{key}={override(data, key, value, *r)}" for key, value, r in picks)]
    n = data.draw(hs.sampled_from(game.allowed_players(variants)))
    bots = data.draw(hs.lists(hs.sampled_from(game.bots), min_size=n, max_size=n))
    loaded = loads(game, variants, [s for s in sets if loads(game, variants, [s], n)], n)
    if loaded is None:
        event("refused")            # with a clear message: fine
        return
    event("played")
    content, compiled = loaded
    gi = np.arange(3, dtype=np.uint64)
    out, scratch = play_rows(game, compiled, game.bot_codes(bots, n), game.weights(content), 1, gi, gi % n, 3)
    assert (out.end_reason < len(game.end_reasons)).all() and (out.rank >= 1).all()
    no_winner = np.isin(np.array(game.end_reasons)[out.end_reason], game.no_winner_reasons)
    assert ((out.win.max(axis=1) > 0) == ~no_winner).all()
    invariants = hook(game_id, "broken_invariants", required=False)
    if invariants:
        assert invariants(compiled, scratch) == []


def changed_answers(asked, again):
    """(question and first answer, answer after a re-deal) of each answer that changed."""
    assert len(again) == len(asked)
    return [(x, y[2]) for x, y in zip(asked, again) if x != y]


def kernel_with_line_replaced(module, old: str, new: str, name: str, tmp_path):
    """Function ``name`` of kernel ``module`` compiled afresh from its own source with the one
    line ``old`` replaced by ``new``: a real bug planted in a copy (a rollout's re-deal made a
    no-op, for the mutation checks of the no-peek test)."""
    src = open(module.__file__).read()
    assert src.count(old) == 1, f"{old!r} moved in {module.__name__}: update the planted bug"
    src = src.replace(old, new).replace("@njit(cache=True,", "@njit(")
    path = tmp_path / f"{module.__name__.replace('.', '_')}_planted.py"
    path.write_text(src)
    spec = importlib.util.spec_from_file_location(path.stem, path)
    planted = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(planted)
    return getattr(planted, name)


def first_peek_caught(positions, attr: str, peeking):
    """With ``peeking`` put in place of the position's ``attr``, the answers changed_answers
    reports across a re-deal at the first position where it reports any; each position's
    own answers (before the swap) must not change. Fails if no position catches the peek."""
    for count, pos in enumerate(positions):
        fair = pos.decisions()
        shipped = getattr(pos, attr)
        setattr(pos, attr, peeking)
        seen = pos.decisions()
        if pos.redeal(count):
            flagged = changed_answers(seen, pos.decisions())
            setattr(pos, attr, shipped)
            if flagged:
                assert changed_answers(fair, pos.decisions()) == []
                return flagged
        setattr(pos, attr, shipped)
    raise AssertionError(f"a {attr} that peeks never changed its answer across a re-deal")


@pytest.mark.parametrize("game_id", SHIPPED)
def test_bots_do_not_peek(game_id):
    """Every bot's every choice depends only on what its seat may know. The game's hook
    ``no_peek_positions()`` yields mid-game positions; each answers ``decisions()``, every
    choice of every bot kind for its seat (streams and scratch restored for each), and
    ``redeal(seed)``, which re-deals with the kernel's redeal_hidden everything the seat cannot
    know, consistent with what it knows, and says whether anything moved. The answers stay
    the same through several re-deals, and the re-deals do move something."""
    positions = hook(game_id, "no_peek_positions")
    game = get_game(game_id)
    asked_bots, moved, count = set(), 0, 0
    for pos in positions():
        asked = pos.decisions()
        asked_bots |= {bot for bot, _, _ in asked}
        for seed in range(3):
            moved += pos.redeal(seed)
            assert changed_answers(asked, pos.decisions()) == [], (count, seed)
        count += 1
    assert asked_bots == set(game.bots)
    assert count > 0 and moved > 0


@pytest.mark.parametrize("game_id", SHIPPED)
def test_a_planted_peek_in_any_decision_kind_fails_the_no_peek_test(game_id):
    """Mutation check of test_bots_do_not_peek: it can fail. At the first no-peek position whose
    re-deal moves what the seat cannot see (the game's ``hidden`` hook: the cards its
    redeal_hidden may move), each decision kind in turn is made to read those cards beside its
    answer, as a bot that peeks would; across the re-deal the test's own comparison
    (changed_answers) then reports that kind and no other. Cheap: the bots answer once before
    and once after the re-deal, and the peek is planted in those answers."""
    hidden = hook(game_id, "hidden")
    for pos in hook(game_id, "no_peek_positions")():
        asked, seen = pos.decisions(), hidden(pos).copy()
        if pos.redeal(0) and not np.array_equal(seen, hidden(pos)):
            break
    else:
        pytest.fail("no position whose re-deal moves a hidden card")
    again, seen_again = pos.decisions(), hidden(pos).copy()
    assert changed_answers(asked, again) == []

    def planted(answers, cards, kind):
        return [(b, n, (a, cards.tolist()) if (b, n) == kind else a) for b, n, a in answers]

    kinds = list(dict.fromkeys((b, n) for b, n, _ in asked))
    assert len(kinds) > 3
    for kind in kinds:
        flagged = changed_answers(planted(asked, seen, kind), planted(again, seen_again, kind))
        assert {(x[0], x[1]) for x, _ in flagged} == {kind}, kind
