"""Whole games: invariants, no game at the caps, determinism, the deal independent of the
bots, traces equal batches, faction wins."""
import numpy as np
import pytest

from kernels.banquet import layout as L
from sim.game import Batch
from sim.games.banquet import GAME

from tests.banquet.helpers import PLAYERS, QUICK_ROLLOUT, VARIANTS, broken_invariants, compiled, content, play

FIELDS = ("score", "rank", "win", "role", "secret_role", "position", "turns", "end_reason", "metrics", "decisions")


def dealt(out) -> np.ndarray:
    """The factions chance dealt: role is the faction finished in, so a scenario-4 convert goes
    back to the queen's (banquet_converted)."""
    return np.where(out.metrics[:, :, L.M_CONVERTED] == 1, L.QUEEN_F, out.role).astype(out.role.dtype)


@pytest.mark.parametrize("variants", VARIANTS)
@pytest.mark.parametrize("bot", GAME.bots)
def test_no_game_reaches_a_cap_and_the_invariants_hold(variants, bot):
    n = PLAYERS[variants[0]]
    quick = bot in ("rollout", "search")
    out, scratch = play(n, variants, bot, games=8 if quick else 60, sets=QUICK_ROLLOUT if quick else ())
    reasons = {GAME.end_reasons[int(e)] for e in out.end_reason}
    assert not reasons & {"turn_cap", "pass_cap"}, reasons
    assert broken_invariants(compiled(n, variants), scratch) == []
    assert (out.win.max(axis=1) == 1.0).all()
    # role is the faction a seat finished in (scenario 4's converts dealt to the queen's play
    # for the white maiden's): every member of the winning faction wins, everybody else loses
    for g in range(out.win.shape[0]):
        winners = set(out.role[g][out.win[g] == 1.0].tolist())
        assert len(winners) == 1
        assert ((out.win[g] == 1.0) == np.isin(out.role[g], list(winners))).all()
        converts = out.metrics[g][:, L.M_CONVERTED] == 1
        assert (out.role[g][converts] == L.MAIDEN_F).all()
    if variants[0] == "scenario4" and not quick:        # the check above met converts
        assert out.metrics[:, :, L.M_CONVERTED].sum() > 0


@pytest.mark.parametrize("variants", [("scenario1", "basic"), ("scenario1", "full")])
def test_the_largest_tables_play(variants):
    out, scratch = play(24, variants, "random", games=10)
    assert broken_invariants(compiled(24, variants), scratch) == []
    assert set(out.end_reason.tolist()) <= {L.END_FINISHED, L.END_ASSASSINATED}


def test_the_action_cap_stops_a_game_with_no_winner():
    """A cap of one action a player a round stops full-rules games in which players stand
    others up (the Count, the Bard, the Wizard, the Physician): end reason turn_cap, no winner."""
    out, _ = play(16, ("scenario1", "full"), "random", games=200, sets=("table.actions_per_player_cap=1",))
    capped = out.end_reason == L.END_TURN_CAP
    assert capped.any() and (out.win[capped] == 0).all()
    out, _ = play(16, ("scenario1", "full"), "random", games=60, sets=("table.passes_per_player_cap=1",))
    capped = out.end_reason == L.END_PASS_CAP
    assert capped.any() and (out.win[capped] == 0).all()


def test_in_the_basic_rules_everyone_acts_once_a_round_and_the_host_last():
    from tests.banquet.helpers import Table  # noqa: F401  (compiles the same kernels)
    c = compiled(12, ("scenario1", "basic"))
    codes = GAME.bot_codes(["greedy"], 12)
    for g in range(4):
        events, out, _ = GAME.trace_events(c, codes, GAME.weights(content()), 3, g, 0)
        host = int(out.position[0].argmin())
        rounds, cur, host_moved = [], None, []
        for ev, s, *_ in events.tolist():
            if ev == L.EV_ROUND:
                cur = []
                rounds.append(cur)
                host_moved.append(False)
            elif ev in (L.EV_ACTION, L.EV_PASS):
                cur.append(s)
            elif ev == L.EV_PLACE and cur is not None and host not in cur:   # not a set-up pick
                host_moved[-1] = True
        checked = 0
        for r, moved in zip(rounds, host_moved):
            if len(r) == 12 or r[-1] == host:       # a round the objective did not cut short
                assert sorted(r) == list(range(12))
                # he normally acts last: unless an action before his turn changed the scepter's path
                # (moved him, or moved the scepter's holder to the place before him; issue 32's
                # content made the second happen in these games)
                assert r[-1] == host or moved
                checked += 1
        assert checked


def test_same_games_whatever_the_rows_and_batches():
    line_up = ["random", "greedy", "heuristic", "rollout"] * 3
    a, _ = play(12, ("scenario1", "full"), line_up, games=12, rows=1, sets=QUICK_ROLLOUT)
    b, _ = play(12, ("scenario1", "full"), line_up, games=12, rows=12, sets=QUICK_ROLLOUT)
    c, _ = play(12, ("scenario1", "full"), line_up, games=6, rows=2, start=6, sets=QUICK_ROLLOUT)
    for f in FIELDS:
        assert np.array_equal(getattr(a, f), getattr(b, f)), f
        assert np.array_equal(getattr(a, f)[6:], getattr(c, f)), f


@pytest.mark.parametrize("variants", [("scenario1", "full"), ("scenario2", "full"), ("scenario3", "full"),
                                      ("scenario4", "full"), ("scenario5", "full")])
def test_a_traced_game_is_the_game_play_plays(variants):
    n = PLAYERS[variants[0]]
    c = compiled(n, variants, QUICK_ROLLOUT)
    codes = GAME.bot_codes([GAME.bots[s % 4] for s in range(n)], n)
    w = GAME.weights(content(variants, QUICK_ROLLOUT))
    gi = np.arange(5, dtype=np.uint64)
    batch = Batch.alloc(5, n, len(GAME.metrics))
    GAME.play(c, codes, w, 7, gi, gi.astype(np.int64) % n, batch)
    for g in (1, 3):
        events, out, _ = GAME.trace_events(c, codes, w, 7, g, g % n)
        assert len(events) > 0
        for f in FIELDS:
            assert np.array_equal(getattr(batch, f)[g:g + 1], getattr(out, f)), (g, f)
    lines = GAME.trace(c, codes, w, 7, 1, 1)
    assert any("Round 1" in x for x in lines) and any("End:" in x for x in lines)


@pytest.mark.parametrize("variants", [("scenario1", "full"), ("scenario2", "full"), ("scenario3", "basic"),
                                      ("scenario4", "full"), ("scenario5", "basic")])
def test_swapping_bots_leaves_the_deal(variants):
    """Set-up draws only from chance: roles, secret roles, characters and places are the same
    whatever bots play."""
    n = PLAYERS[variants[0]]
    c = compiled(n, variants)
    w = GAME.weights(content(variants))
    deals = []
    w = GAME.weights(content(variants, QUICK_ROLLOUT))
    for bots in (["random"], ["heuristic"], ["greedy", "rollout"] * (n // 2)):
        events, out, _ = GAME.trace_events(c, GAME.bot_codes(bots, n), w, 5, 4, 1)
        setup = events[events[:, 0] == L.EV_SETUP]
        deals.append((setup.tolist(), dealt(out).tolist(), out.secret_role.tolist(), out.position.tolist()))
    assert deals[0] == deals[1] == deals[2]


@pytest.mark.parametrize("variants", VARIANTS)
def test_heuristic_factions_beat_random_factions(variants):
    """Each faction in turn played by heuristic bots against random bots everywhere else wins
    more often than the same faction played by random bots against heuristic ones, on the
    same deals (a deal's factions are chance's, so the line-up is built per deal)."""
    n = PLAYERS[variants[0]]
    c = compiled(n, variants)
    w = GAME.weights(content(variants))
    deals = 40
    gi = np.arange(deals, dtype=np.uint64)
    first = Batch.alloc(deals, n, len(GAME.metrics))
    GAME.play(c, GAME.bot_codes(["random"], n), w, 1, gi, np.zeros(deals, np.int64), first)
    roles = dealt(first)

    def wins(f, mine, others):
        total = 0.0
        for g in range(deals):
            codes = GAME.bot_codes([mine if roles[g, s] == f else others for s in range(n)], n)
            out = Batch.alloc(1, n, len(GAME.metrics))
            GAME.play(c, codes, w, 1, gi[g:g + 1], np.zeros(1, np.int64), out)
            total += float(out.win[0][roles[g] == f].max())
        return total / deals

    for f in np.unique(roles):
        assert wins(f, "heuristic", "random") > wins(f, "random", "heuristic") + 0.2, GAME.roles[f]


@pytest.mark.parametrize("n, variants", [(20, ("scenario2", "full")), (25, ("scenario3", "full")),
                                         (24, ("scenario1", "full")), (10, ("scenario4", "full")),
                                         (18, ("scenario4", "full")), (18, ("scenario4", "basic")),
                                         (24, ("scenario5", "full")), (24, ("scenario5", "basic"))])
def test_the_largest_tables_of_each_scenario_keep_the_invariants(n, variants):
    out, scratch = play(n, variants, "greedy", games=6)
    assert broken_invariants(compiled(n, variants), scratch) == []
    assert not set(out.end_reason.tolist()) & {L.END_TURN_CAP, L.END_PASS_CAP}


def test_the_report_says_results_measure_the_reconstruction(tmp_path):
    from reports.build import build_report
    from sim.plan import RunConfig
    from sim.runner import run
    run(RunConfig(game="banquet", players=12, bots=["greedy"], games=10, seed=1), tmp_path / "run")
    build_report([tmp_path / "run"], tmp_path / "report")
    page = (tmp_path / "report" / "summary.md").read_text()
    assert "the characters are RECONSTRUCTED" in page and page.count("RECONSTRUCTED") == 1   # said once


@pytest.mark.parametrize("variants", [("scenario1", "basic"), ("scenario1", "full")])
def test_the_heuristic_reads_public_signs_and_beats_greedy(variants):
    """The heuristic weighs who was brought next to the king by his own faction (public): a
    king's faction of heuristic bots against greedy traitors survives or marks far more often
    than a greedy king's faction against heuristic traitors (about 0.4 against 0.1)."""
    n = PLAYERS[variants[0]]
    c = compiled(n, variants)
    w = GAME.weights(content(variants))
    deals = 60
    gi = np.arange(deals, dtype=np.uint64)
    first = Batch.alloc(deals, n, len(GAME.metrics))
    GAME.play(c, GAME.bot_codes(["random"], n), w, 1, gi, np.zeros(deals, np.int64), first)
    roles = dealt(first)

    def king_wins(mine, others):
        total = 0.0
        for g in range(deals):
            codes = GAME.bot_codes([mine if roles[g, s] == L.KING_F else others for s in range(n)], n)
            out = Batch.alloc(1, n, len(GAME.metrics))
            GAME.play(c, codes, w, 1, gi[g:g + 1], np.zeros(1, np.int64), out)
            total += float(out.win[0][roles[g] == L.KING_F].max())
        return total / deals

    assert king_wins("heuristic", "greedy") > king_wins("greedy", "heuristic") + 0.15


@pytest.mark.parametrize("variants", [(s, r) for s in ("scenario4", "scenario5") for r in ("basic", "full")])
def test_heuristic_seats_beat_random_seats_with_seats_rotated(variants):
    """Heuristic and random bots alternating round the table, each deal played in both
    rotations (every seat once with each bot, factions as chance dealt them): the heuristic's
    seats win more often (measured 0.44-0.49 against 0.25-0.39 over 400 deals)."""
    n = 12
    c = compiled(n, variants)
    w = GAME.weights(content(variants))
    codes = GAME.bot_codes(["heuristic", "random"] * (n // 2), n)
    deals = 200
    gi = np.repeat(np.arange(deals, dtype=np.uint64), 2)
    rot = np.tile(np.arange(2, dtype=np.int64), deals)
    out = Batch.alloc(len(gi), n, len(GAME.metrics))
    GAME.play(c, codes, w, 3, gi, rot, out)
    heuristic = codes[(np.arange(n)[None, :] - rot[:, None]) % n] == GAME.bots.index("heuristic")
    assert out.win[heuristic].mean() > out.win[~heuristic].mean() + 0.04


def test_the_trace_prints_each_rounds_order_of_play_host_last():
    """Issue 27 item 2: `position` counts seats from the host, it is not the order of play
    (GAME.positions_meaningful is False); the trace prints, under each round, the seats in the
    order they first act, each seat once, and says the host acted last only where he did."""
    from sim.games.banquet.trace import narrate

    variants = ("scenario1", "full")
    n = PLAYERS[variants[0]]
    sets = QUICK_ROLLOUT + ("rules.setup_places_chosen=0",)     # the game was found with chance seating
    c = compiled(n, variants, sets)
    codes = GAME.bot_codes([GAME.bots[s % 4] for s in range(n)], n)
    events, out, _ = GAME.trace_events(c, codes, GAME.weights(content(variants, sets)), 7, 1, 1)
    lines = narrate(c, events, [GAME.bots[0]] * n)
    rounds = [i for i, line in enumerate(lines) if line.startswith("Round ")]
    assert rounds
    notes = []
    for i in rounds:
        host = int(lines[i].split("the host seat ")[1].split()[0])
        order = lines[i + 1].split("order of play: ")[1]
        seats = [int(x) for x in order.split(" (")[0].split(", ")]
        # he acts last unless players were moved or the scepter turned (in this game he is not
        # last in some round): the trace says which
        assert order.endswith(f"(the host, seat {host}, acts last)") == (seats[-1] == host)
        notes.append(order.split(" (")[1])
        assert len(set(seats)) == len(seats)
    assert any(x.startswith(f"the host, seat ") and "is not last: " in x for x in notes), notes
    assert not GAME.positions_meaningful
