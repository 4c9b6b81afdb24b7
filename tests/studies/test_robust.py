"""`balance run --robust`: the verdict across the strong bots, on the toy game `lean` (NumPy, no
compiling) whose start-seat edge each bot sets. Where the rollout bot reverses the heuristic's
first-player edge the verdict depends on the bot; where both keep it, it holds. The extra games
are complete runs under RUN/robust/, listed in run.json, resumable, and their figures are the
direct Polars count of their results."""
import json
import re

import polars as pl
import pytest

import tests.studies.conftest  # noqa: F401  (registers the toy game "lean")
from analysis.studies.robust import DEPENDS, HOLDS, UNDECIDED_ACROSS, across, favoured_note, robust_table
from analysis.verdict import FINE, LOOK, UNBALANCED, Line
from tests.engine.helpers import cli


def robust_run(out, *sets):
    code, text, err = cli(["run", "lean", "-p", "4", "-n", "3000", "--robust", "--robust-deals", "1500",
                           "--out", out, *[a for s in sets for a in ("--set", s)]])
    assert code == 0, err
    return text


def verdict_of(text: str, question: str) -> str:
    line = next(x for x in text.splitlines() if x.strip().startswith(question))
    return line.split("across bots:")[1].strip()


@pytest.fixture(scope="module")
def reversed_run(tmp_path_factory):
    """The heuristic gives the start player +20 points, the rollout bot -20."""
    out = tmp_path_factory.mktemp("lean") / "reversed"
    return out, robust_run(out)


def test_a_bot_that_reverses_the_seat_advantage_makes_the_verdict_depend_on_the_bot(reversed_run):
    out, text = reversed_run
    assert verdict_of(text, "first-player advantage") == DEPENDS
    assert "Verdict with the heuristic bot (3,000 games)" in text
    assert "with the heuristic bot: +" in text and "with the rollout (2 playouts) bot: -" in text
    assert "Figures with the heuristic bot:" in text and "Across bots: not measured" not in text
    gap = verdict_of(text, "largest gap between positions")   # unbalanced with both, the other way round
    assert gap.startswith(f"{HOLDS}; the favoured group differs: position 0 with heuristic, position "), gap
    assert not gap.endswith("position 0 with rollout (2 playouts)"), gap


def test_a_seat_advantage_every_strong_bot_keeps_holds(tmp_path):
    text = robust_run(tmp_path / "kept", "lean.rollout=0.15")
    assert verdict_of(text, "first-player advantage") == HOLDS
    assert verdict_of(text, "largest gap between positions") == HOLDS


def first_edge(results: pl.DataFrame) -> float:
    """Position 0's win rate minus the fair share, counted directly."""
    return float(results.filter(pl.col("position") == 0)["win"].mean() - results["win"].mean())


def test_the_extra_games_are_runs_listed_in_run_json_and_their_figures_are_the_direct_count(reversed_run):
    """The rollout bot plays the first 1,500 deals under robust/; the heuristic line-up is the run
    itself (all 3,000 deals), never played twice."""
    out, text = reversed_run
    record = json.loads((out / "run.json").read_text())["robust"]
    assert record["deals"] == 1500 and [u["label"] for u in record["lineups"]] == ["heuristic", "rollout (2 playouts)"]
    heuristic, rollout = record["lineups"]
    assert heuristic["dir"] == "." and heuristic["the_run"] and heuristic["deals"] == 3000
    assert not (out / "robust/heuristic").exists()
    assert rollout["dir"] == "robust/rollout-2-playouts" and rollout["deals"] == 1500
    for u in record["lineups"]:
        results = pl.read_parquet(out / u["dir"] / "results.parquet")
        assert results["game_index"].n_unique() == u["deals"] and set(results["bot"]) == {u["bots"][0]}
        shown = re.search(rf"with the {re.escape(u['label'])} bot: ([+-]\d+\.\d) pp", text).group(1)
        assert float(shown) == pytest.approx(100 * first_edge(results), abs=0.051)
    main = pl.read_parquet(out / "results.parquet")
    rolled = pl.read_parquet(out / rollout["dir"] / "results.parquet")
    cols = ["game_index", "seat", "position"]                               # the same deals: the same start players
    assert main.filter(pl.col("game_index") < 1500).select(cols).sort(cols[:2]).equals(rolled.select(cols).sort(cols[:2]))
    assert "rollout (2 playouts): the first 1,500 deals" in text and "heuristic: the run's own games" in text


def test_resume_plays_only_the_missing_line_up(reversed_run):
    out, _ = reversed_run
    rolled = out / "robust/rollout-2-playouts"
    kept = (out / "results.parquet").stat().st_mtime_ns
    for f in rolled.iterdir():
        f.unlink()
    code, text, err = cli(["run", "--resume", out])
    assert code == 0, err
    assert (rolled / "results.parquet").is_file() and "rollout (2 playouts) in every seat" in err
    assert (out / "results.parquet").stat().st_mtime_ns == kept
    assert verdict_of(text, "first-player advantage") == DEPENDS


def test_the_report_gives_every_verdict_line_its_across_bots_column(reversed_run, tmp_path):
    out, _ = reversed_run
    code, _, err = cli(["report", out, "--out", tmp_path / "r"])
    assert code == 0, err
    md = (tmp_path / "r" / "summary.md").read_text()
    assert "| across bots |" in md and "(with the heuristic bot)" in md
    fpa = next(x for x in md.splitlines() if "| first-player advantage |" in x)
    assert f"{DEPENDS} (heuristic +" in fpa and "rollout (2 playouts) -" in fpa
    assert "the run's own bots on all its games" in md


def line(mark, est=0.0, lo=-0.01, hi=0.01, key="position_spread"):
    return Line("q", "", "", mark=mark, key=key, value=(est, lo, hi))


@pytest.mark.parametrize("marks, expected", [((FINE, FINE), HOLDS), ((UNBALANCED, UNBALANCED), HOLDS),
                                             ((FINE, UNBALANCED), DEPENDS), ((FINE, LOOK), UNDECIDED_ACROSS),
                                             ((LOOK, UNBALANCED, UNBALANCED), UNDECIDED_ACROSS), ((LOOK, LOOK), UNDECIDED_ACROSS),
                                             ((LOOK, FINE, UNBALANCED), DEPENDS)])
def test_across_on_hand_built_marks(marks, expected):
    assert across({str(i): line(m) for i, m in enumerate(marks)}) == expected


def test_a_signed_edge_significant_both_ways_depends_even_with_equal_marks():
    both = {"a": line(UNBALANCED, 0.2, 0.15, 0.25, "first_player_advantage"),
            "b": line(UNBALANCED, -0.2, -0.25, -0.15, "first_player_advantage")}
    assert across(both) == DEPENDS
    assert robust_table({}).height == 0


def test_a_line_some_bot_leaves_undecided_says_how_many_deals_would_decide(tmp_path):
    """The rollout bot's edge (+4 points) sits near the 5-point threshold: worth a look on 1,500
    deals; the line says how many deals would decide it, beyond the run's 3,000 (extend first)."""
    text = robust_run(tmp_path / "near", "lean.rollout=0.04")
    assert verdict_of(text, "first-player advantage") == UNDECIDED_ACROSS
    rollout = next(x for x in text.splitlines() if "with the rollout (2 playouts) bot: +" in x)
    hint = re.search(r"about ([\d,]+) deals would decide it: balance run --extend RUN -n (\d+), then --robust-deals "
                     r"(\d+)\)", rollout)
    assert hint, rollout
    need = int(hint.group(3))
    assert need > 3000 and int(hint.group(2)) == need - 3000 and hint.group(1) == f"{need:,}"


def test_a_new_run_without_robust_in_the_same_directory_plays_no_strong_bots(tmp_path):
    out = tmp_path / "again"
    robust_run(out)
    code, text, err = cli(["run", "lean", "-p", "4", "-n", "500", "--out", out])
    assert code == 0, err
    assert "across bots" not in text and "robust" not in json.loads((out / "run.json").read_text())
    code, text, err = cli(["run", "--extend", out, "-n", "100"])
    assert code == 0, err
    assert "robust:" not in err and "across bots" not in text


def test_robust_on_ray_plays_the_games_of_the_local_run(reversed_run, tmp_path, local_ray):
    """`--engine ray` (a local Ray) plays the strong line-ups on the same deals as the local
    engine: the same results frames and the same verdict lines."""
    pytest.importorskip("ray")
    out, text = reversed_run
    code, ray_text, err = cli(["run", "lean", "-p", "4", "-n", "3000", "--robust", "--robust-deals", "1500",
                               "--engine", "ray", "--out", tmp_path / "ray"])
    assert code == 0, err
    key = ["game_index", "rotation", "seat"]
    for run_dir in (".", "robust/rollout-2-playouts"):
        local, ray = (pl.read_parquet(d / run_dir / "results.parquet").sort(key) for d in (out, tmp_path / "ray"))
        assert ray.equals(local), run_dir
    verdicts = lambda t: [x for x in t.splitlines() if "across bots:" in x]  # noqa: E731
    assert verdicts(ray_text) == verdicts(text) and verdicts(text)


def test_the_search_bot_joins_the_strong_line_ups_at_its_stated_budget():
    """A game with a search bot checks its verdict with search in every seat too, at
    ROBUST_SEARCH iterations (the content's 200 would make --robust hours long) unless the run
    sets its own budget; a game without one (lean) keeps its two. No game is played."""
    from analysis.studies.robust import ROBUST_SEARCH, lineup_config, strong_lineups
    from sim.plan import RunConfig

    cfg = RunConfig(game="bastille", players=4, bots=["heuristic"], games=100)
    ups = {u.bots[0]: u for u in strong_lineups(cfg)}
    assert list(ups) == ["heuristic", "rollout", "search"]
    assert ups["search"].label == f"search ({ROBUST_SEARCH} iterations)"
    assert lineup_config(cfg, ups["search"], 50).sets == [f"bots.search_iterations={ROBUST_SEARCH}"]
    assert lineup_config(cfg, ups["rollout"], 50).sets == []
    own = RunConfig(game="bastille", players=4, bots=["heuristic"], games=100, sets=["bots.search_iterations=20"])
    search = next(u for u in strong_lineups(own) if u.bots[0] == "search")
    assert search.label == "search (20 iterations)" and lineup_config(own, search, 50).sets == own.sets
    lean = RunConfig(game="lean", players=4, bots=["heuristic"], games=100)
    assert [u.bots[0] for u in strong_lineups(lean)] == ["heuristic", "rollout"]


def test_the_favoured_group_is_compared_among_the_bots_that_find_the_gap_unbalanced():
    """Scenario 1's king's faction favoured by the heuristic and a traitor faction by search,
    both unbalanced, while the rollout bot's gap is worth a look: the direction still differs."""
    rows = pl.DataFrame({"lineup": ["heuristic", "rollout", "search"], "mark": [UNBALANCED, LOOK, UNBALANCED],
                         "favoured": ["king", "tower", "tower"]})
    assert favoured_note(rows) == "; the favoured group differs: king with heuristic, tower with search"
    assert favoured_note(rows.with_columns(pl.lit("king").alias("favoured"))) == ""
    assert favoured_note(rows.with_columns(pl.Series("mark", [UNBALANCED, LOOK, LOOK]))) == ""
