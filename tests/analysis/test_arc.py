"""The arc measures (analysis/arc.py) on toy arcs whose answers are known in closed form: a
fixed leader, and a race whose standings are a fresh random order at every checkpoint (the
leader is then any seat with chance 1/n, independently: lead changes, runaway and comeback
rates follow by counting)."""
import numpy as np
import polars as pl
import pytest

from analysis.arc import Arcs, decided_at, lead_changes, measures, runaway, runaway_verdict, winner_behind


def frame(standing: np.ndarray, win: np.ndarray) -> pl.DataFrame:
    g, k, n = standing.shape
    gi, kk, ss = np.meshgrid(np.arange(g), np.arange(k), np.arange(n), indexing="ij")
    return pl.DataFrame({"game_index": gi.ravel(), "rotation": np.zeros(g * k * n, np.int64),
                         "checkpoint": kk.ravel(), "seat": ss.ravel(), "standing": standing.ravel(),
                         "win": np.broadcast_to(win[:, None, :], standing.shape).ravel(),
                         "position": ss.ravel()})


def shuffled_race(games: int, k: int, n: int, seed: int) -> Arcs:
    """Every checkpoint a fresh random order of the seats; the leader at the end wins."""
    rng = np.random.default_rng(seed)
    standing = rng.permuted(np.broadcast_to(np.arange(n, dtype=np.float64), (games, k, n)), axis=2)
    win = (standing[:, -1] == standing[:, -1].max(axis=1, keepdims=True)).astype(np.float64)
    return Arcs.of(frame(standing, win))


def test_a_fixed_leader_changes_nothing_and_decides_the_game_at_once():
    standing = np.tile(np.array([[3.0, 1, 0], [5, 2, 1], [9, 4, 2]]), (10, 1, 1))
    win = np.tile([1.0, 0, 0], (10, 1))
    a = Arcs.of(frame(standing, win))
    assert lead_changes(a).tolist() == [0] * 10
    assert decided_at(a).tolist() == [0] * 10
    share, gaps = winner_behind(a)
    assert share.tolist() == [0.0] * 10 and len(gaps) == 0
    table = runaway(a)
    assert table["p"].to_list() == [1.0, 1.0] and table["games"].to_list() == [10, 10]
    assert measures(a).filter(pl.col("measure").str.starts_with("winners who were last"))["estimate"][0] == 0.0


def test_ties_share_the_lead_and_a_late_winner_is_behind_by_the_gap():
    # seats 0 and 1 tie at checkpoint 0; seat 1 trails by 2 at checkpoint 1 and wins at the end
    standing = np.array([[[2.0, 2, 0], [4, 2, 1], [4, 6, 1]]])
    win = np.array([[0.0, 1, 0]])
    a = Arcs.of(frame(standing, win))
    assert lead_changes(a).tolist() == [2]            # {0,1} -> {0} -> {1}
    assert decided_at(a).tolist() == [2]              # seat 1 leads for good only at the end
    share, gaps = winner_behind(a)
    assert share.tolist() == [0.5] and gaps.tolist() == [2.0]
    table = runaway(a)
    assert table["games"].to_list() == [0, 1]         # no sole leader at the tie
    assert table["p"][1] == 0.0                       # the sole leader after checkpoint 1 lost


@pytest.mark.parametrize("n,k", [(4, 5), (2, 3)])
def test_a_shuffled_race_gives_the_closed_form_rates(n, k):
    a = shuffled_race(20_000, k, n, seed=1)
    m = {r["measure"]: r for r in measures(a).iter_rows(named=True)}
    truth = {"lead changes per game": (k - 1) * (1 - 1 / n),
             "decided at checkpoint": k - sum(n ** -j for j in range(1, k)),
             "winner behind, share of checkpoints": 1 - 1 / n,
             "winners who were last at some checkpoint": 1 - (1 - 1 / n) ** (k - 1)}
    # within two half-widths (about four standard errors): eight checks at once, none by luck
    near = lambda r, t: abs(r["estimate"] - t) <= r["high"] - r["low"]  # noqa: E731
    for name, t in truth.items():
        assert near(m[name], t), (name, t, m[name])
    for r in runaway(a).iter_rows(named=True):
        assert near({**r, "estimate": r["p"]}, 1 / n), r


def test_the_intervals_cover_the_truth_at_about_their_rate_over_seeds():
    n, k, covered, seeds = 4, 5, 0, 120
    truth = (k - 1) * (1 - 1 / n)
    for seed in range(seeds):
        r = measures(shuffled_race(300, k, n, seed)).row(0, named=True)
        covered += r["low"] <= truth <= r["high"]
    assert covered / seeds >= 0.88


def test_the_runaway_verdict_reads_the_first_checkpoint():
    a = shuffled_race(4_000, 3, 2, seed=3)           # a leader wins half the time
    mark, words = runaway_verdict(runaway(a), 0.6)
    assert mark == "fine" and "checkpoint 1" in words
    assert runaway_verdict(runaway(a), 0.5)[0] == "worth a look"
    assert runaway_verdict(runaway(a), 0.3)[0] == "unbalanced"


def test_decision_measures_count_branching_and_forced_decisions_per_game():
    from analysis.arc import decision_measures

    # game 0: three moves offering 1, 3 and 5 options; game 1: one move offering 1, one bid offering 2
    dec = pl.DataFrame({"game_index": [0, 0, 0, 1, 1], "rotation": [0] * 5,
                        "kind": ["move", "move", "move", "move", "bid"], "options": [1, 3, 5, 1, 2]})
    t = {r["kind"]: r for r in decision_measures(dec).iter_rows(named=True)}
    assert t["move"]["per_game"] == 2.0 and t["bid"]["per_game"] == 0.5
    assert t["move"]["options"] == pytest.approx((3 + 1) / 2)        # game means 3 and 1, then their mean
    assert t["move"]["forced"] == pytest.approx((1 / 3 + 1) / 2)
    assert t["every decision"]["per_game"] == 2.5
    assert t["every decision"]["forced"] == pytest.approx((1 / 3 + 1 / 2) / 2)
    assert list(t)[-1] == "every decision"


def test_a_faction_is_one_contestant_its_members_sharing_its_standing_and_its_win():
    # six seats in three factions (0: seats 0-1, 1: seats 2-3-4, 2: seat 5); faction 1 leads alone
    # after checkpoint 1 and wins: a sole leader though three seats lead
    team = np.array([0, 0, 1, 1, 1, 2])
    by_team = np.array([[[1.0, 3, 0], [1, 3, 2], [0, 3, 1]],      # game 0: faction 1 leads throughout, wins
                        [[1, 3, 0], [4, 3, 0], [5, 3, 0]]])       # game 1: faction 0 overtakes and wins
    win_team = np.array([[0.0, 1, 0], [1, 0, 0]])
    f = frame(by_team[:, :, team], win_team[:, team]).with_columns(pl.Series("team", np.tile(team, 6)))
    a = Arcs.of(f)
    assert a.standing.shape == (2, 3, 3)
    table = runaway(a)
    assert table["games"].to_list() == [2, 2] and table["leader_wins"].to_list() == [1, 2]
    assert lead_changes(a).tolist() == [0, 1]
    # read seat by seat, the three members of faction 1 tie for the lead: no sole leader at all
    assert runaway(Arcs.of(f.drop("team")))["games"].to_list() == [0, 0]


def test_a_faction_whose_members_stand_apart_is_refused():
    team = np.array([0, 0, 1])
    standing = np.array([[[1.0, 2, 0], [1, 1, 0]]])
    f = frame(standing, np.array([[1.0, 1, 0]])).with_columns(pl.Series("team", np.tile(team, 2)))
    with pytest.raises(ValueError, match="faction 0 of game 0 stands apart at checkpoint 0"):
        Arcs.of(f)


def test_an_estimated_arc_ends_with_the_winner_leading_alone_a_scored_one_at_the_scores():
    from analysis.studies.arc import check_end
    from sim.errors import UserError

    check_end("toy", 0, 0, np.array([3, 5, 1]), {"score": [3, 5, 1], "win": [0, 1, 0]}, estimate=False)
    with pytest.raises(UserError, match="the arc ends at"):
        check_end("toy", 0, 0, np.array([3, 5, 1]), {"score": [3, 6, 1], "win": [0, 1, 0]}, estimate=False)
    check_end("toy", 0, 0, np.array([3, 5, 1]), {"score": [0, 1, 0], "win": [0, 1, 0]}, estimate=True)
    check_end("toy", 0, 0, np.array([5, 5, 1]), {"score": [0, 0, 0], "win": [0, 0, 0]}, estimate=True)  # nobody won
    with pytest.raises(UserError, match=r"seats \[0, 1\] leading, the game won by seats \[1\]"):
        check_end("toy", 0, 0, np.array([5, 5, 1]), {"score": [0, 1, 0], "win": [0, 1, 0]}, estimate=True)


def test_a_game_over_before_a_checkpoint_is_no_evidence_there():
    # game 0 lasts three checkpoints, seat 0 leads throughout and wins; game 1 is over at once:
    # seat 1 won, its final standings repeated (not live) where game 0 still went on
    standing = np.array([[[2.0, 0, 0], [3, 1, 0], [5, 1, 0]],
                         [[0, 4, 1], [0, 4, 1], [0, 4, 1]]])
    win = np.array([[1.0, 0, 0], [0, 1, 0]])
    live = np.array([[True, True, False], [False, False, False]])
    f = frame(standing, win).with_columns(pl.Series("live", np.repeat(live.ravel(), 3)))
    a = Arcs.of(f)
    assert runaway(a)["games"].to_list() == [1, 1]                # game 1 had no checkpoint before its end
    share, _ = winner_behind(a)
    assert share.tolist() == [0.0]                               # game 1 has no checkpoint to be behind at
    assert decided_at(a).tolist() == [0, 0]
    assert runaway(Arcs.of(f.drop("live")))["games"].to_list() == [2, 2]   # read as if it went on: counted


def test_the_verdict_with_no_sole_leader_at_the_first_checkpoint_says_so():
    standing = np.array([[[0.0, 0, 0], [1, 0, 0], [2, 0, 0]]])     # everyone level after checkpoint 1
    mark, words = runaway_verdict(runaway(Arcs.of(frame(standing, np.array([[1.0, 0, 0]])))))
    assert mark == "fine" and words.startswith("no game has a sole leader after checkpoint 1")


def test_a_spec_judges_lead_changes_and_the_runaway_leader_on_the_runs_arc(tmp_path):
    from analysis.check import FAIL, PASS, check, load_spec
    from analysis.studies.arc import measured
    from analysis.suffstats import sufficient_stats
    from sim.errors import UserError
    from tests.analysis.synth_results import crafted_results

    path = tmp_path / "spec.toml"
    path.write_text('[spec]\ngame = "bastille"\n[thresholds]\nmax_lead_changes = 2.5\nmax_runaway_leader = 0.6\n')
    spec = load_spec(path)
    stats = sufficient_stats(crafted_results(200, seed=2))
    # a shuffled race of 3 seats over 5 checkpoints: (5 - 1)(1 - 1/3) = 2.67 lead changes, a leader wins 1/3
    race = shuffled_race(4_000, 5, 3, seed=4)
    f = frame(race.standing, race.win)
    v = {x.key: x for x in check(stats, spec, str(path), arc=measured(f, race.checkpoints, 4_000, DECISIONS))}
    assert v["lead_changes"].outcome == FAIL and v["lead_changes"].low > 2.5
    assert v["runaway_leader"].outcome == PASS and v["runaway_leader"].high < 0.4
    fixed = Arcs.of(frame(np.tile(np.array([[3.0, 1, 0], [5, 2, 1]]), (50, 1, 1)), np.tile([1.0, 0, 0], (50, 1))))
    v = {x.key: x for x in check(stats, spec, str(path), arc=measured(frame(fixed.standing, fixed.win),
                                                                     fixed.checkpoints, 50, DECISIONS))}
    assert v["lead_changes"].outcome == PASS and v["runaway_leader"].outcome == FAIL
    with pytest.raises(UserError, match="needs the run's arc"):
        check(stats, spec, str(path))


DECISIONS = pl.DataFrame({"game_index": [0], "rotation": [0], "kind": ["move"], "options": [2]})


def test_compare_gives_a_minus_b_on_every_arc_measure_of_the_vocabulary():
    from analysis.arc import compare_lines
    from analysis.arc_sums import compare_arcs
    from analysis.measures import ARC_MEASURES
    from analysis.studies.arc import measured

    # the race: 2.67 changes, a sole leader wins 1/3, the winner behind at 2/3 of the checkpoints
    # before the end, last at one of them with chance 1 - (2/3)^4; the fixed leader: none of it
    race = shuffled_race(3_000, 5, 3, seed=5)
    fixed = np.tile(np.array([[3.0, 1, 0], [5, 2, 1], [9, 4, 2], [9, 5, 2], [10, 5, 2]]), (500, 1, 1))
    a = measured(frame(fixed, np.tile([1.0, 0, 0], (500, 1))), race.checkpoints, 500, DECISIONS)
    b = measured(frame(race.standing, race.win), race.checkpoints, 3_000, DECISIONS)
    table = compare_arcs(a, b)
    t = {r["key"]: r for r in table.iter_rows(named=True)}
    assert list(t) == list(ARC_MEASURES)
    truth = {"lead_changes": -8 / 3, "runaway_leader": 1 - 1 / 3, "winner_behind": -2 / 3,
             "comeback_share": -(1 - (2 / 3) ** 4)}
    for key, d in truth.items():
        assert t[key]["low"] <= d <= t[key]["high"], (key, t[key])
    assert t["lead_changes"]["a"] == 0 and t["lead_changes"]["high"] < -2.5
    assert t["runaway_leader"]["a"] == 1.0 and t["runaway_leader"]["measure"] == "the sole leader after checkpoint 1 wins"
    assert t["decided_at"]["a"] == 1.0 and t["decided_at"]["high"] < 0            # the race is decided later
    assert (t["winner_behind"]["a"], t["comeback_share"]["a"]) == (0.0, 0.0)
    lines = compare_lines(table)
    assert lines[1].startswith("  lead changes per game (lead_changes): A 0.00, B 2.6") and len(lines) == 6
    assert any(x.startswith("  winners who were last at some checkpoint (comeback_share): A 0.0%, B 80") for x in lines)


def test_a_co_operative_table_is_one_faction_never_last_and_its_leader_wins_as_often_as_the_table():
    team = np.zeros(4, int)                                        # everyone in one faction
    standing = np.zeros((3, 2, 4))
    standing[0, 1] = 1.0                                           # game 0 rescued the princess
    win = np.array([[1.0] * 4, [0] * 4, [0] * 4])
    f = frame(standing, win).with_columns(pl.Series("team", np.tile(team, 6)))
    a = Arcs.of(f)
    m = {r["measure"]: r for r in measures(a).iter_rows(named=True)}
    assert m["winners who were last at some checkpoint"]["estimate"] == 0.0
    assert runaway(a)["p"][0] == pytest.approx(1 / 3)


def deal_table(deals: int, lead_changes, runaway_wins, seed: int) -> pl.DataFrame:
    """A per-deal arc table as analysis.studies.arc.deal_arcs writes it: each deal's lead
    changes, and its sole leader after the first checkpoint (one a deal) won or not."""
    rng = np.random.default_rng(seed)
    x = np.broadcast_to(np.asarray(lead_changes, np.float64), deals) + rng.normal(0, 1, deals)
    return pl.DataFrame({"game_index": np.arange(deals, dtype=np.uint64), "arc_lead_changes": x,
                         "arc_decided_at": np.full(deals, 5.0), "arc_behind": np.full(deals, 0.5),
                         "arc_runaway_w": (rng.random(deals) < runaway_wins).astype(np.float64),
                         "arc_runaway_n": np.ones(deals), "arc_comeback_w": np.zeros(deals),
                         "arc_comeback_n": np.ones(deals)})


@pytest.mark.parametrize("name, a, b, decided", [
    ("lead_changes", (3.0, 0.3), (2.0, 0.3), "A"),        # a mean: the SPRT on per-deal differences
    ("lead_changes", (2.0, 0.3), (2.0, 0.3), "="),
    ("runaway_leader", (2.0, 0.2), (2.0, 0.8), "B"),      # a share of units: repeated paired bootstrap intervals
    ("runaway_leader", (2.0, 0.5), (2.0, 0.5), "=")])
def test_the_sequential_test_of_an_arc_measure_adds_batches_until_it_decides(name, a, b, decided):
    from analysis.measures import MEASURES, Measure
    from analysis.paired_runs import ArcTest
    from analysis.sprt import SprtSpec

    m = Measure(name, *MEASURES[name])
    delta = 0.25 if name == "lead_changes" else 0.2
    test = ArcTest(SprtSpec(delta=delta), m, looks=40)
    first, got = 0, ""
    while got == "" and first < 4000:
        got = test.add(deal_table(100, *a, seed=first).with_columns(pl.col("game_index") + first),
                       deal_table(100, *b, seed=first + 1).with_columns(pl.col("game_index") + first))
        first += 100
    assert got == decided and first < 4000
    r = test.result(2 * first, name)
    truth = (a[0] - b[0]) if name == "lead_changes" else (a[1] - b[1])
    assert r.decision == decided and r.deals == first and abs(r.mean_diff - truth) < delta
