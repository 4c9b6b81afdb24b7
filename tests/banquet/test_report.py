"""The Last Banquet's report section: faction win rate by scenario and player count, the basic
and full rules side by side (analysis/banquet.py, reports/games.py)."""
import polars as pl
import pytest

from analysis import banquet


def rows(variant, n, games):
    """games: per game a list of (role, win, converted) per seat."""
    out = []
    for g, seats in enumerate(games):
        for s, (role, win, conv) in enumerate(seats):
            out.append({"variant": variant, "n_players": n, "game_index": g, "rotation": 0, "seat": s,
                        "role": role, "win": win, "banquet_converted": conv})
    return pl.DataFrame(out)


def test_a_convert_who_wins_with_the_maiden_is_no_queens_win():
    """Game 0: the maiden's faction wins with a convert (dealt to the queen's; `role` is the
    faction a player finished in); game 1: the queen's faction wins. Each faction won one of two."""
    r = rows("scenario4+basic", 10, [
        [("maiden", 1.0, 0), ("maiden", 1.0, 1), ("queen", 0.0, 0)],
        [("maiden", 0.0, 0), ("queen", 1.0, 0), ("queen", 1.0, 0)]])
    t = banquet.faction_wins(r)
    assert t.select("scenario", "rules", "role", "games", "wins").rows() == [
        ("scenario4", "basic", "maiden", 2, 1), ("scenario4", "basic", "queen", 2, 1)]


def test_basic_and_full_side_by_side():
    r = pl.concat([rows("scenario5+basic", 12, [[("merchant", 1.0, 0), ("abbot", 0.0, 0), ("abbess", 0.0, 0)]]),
                   rows("scenario5+full", 12, [[("merchant", 0.0, 0), ("abbot", 0.0, 0), ("abbess", 1.0, 0)]] * 2)])
    t = banquet.side_by_side(banquet.faction_wins(r))
    got = {x["role"]: (x["rate_basic"], x["rate_full"], x["games_full"]) for x in t.iter_rows(named=True)}
    assert got == {"merchant": (1.0, 0.0, 2), "abbot": (0.0, 0.0, 2), "abbess": (0.0, 1.0, 2)}


def test_the_report_draws_faction_wins_by_player_count_basic_and_full(tmp_path):
    from reports.build import build_report
    from sim.plan import RunConfig
    from sim.runner import run
    dirs = []
    for rules in ("basic", "full"):
        for n in (10, 11):
            d = tmp_path / f"{rules}{n}"
            run(RunConfig(game="banquet", players=n, bots=["greedy"], games=12, seed=1,
                          variants=["scenario4", rules]), d)
            dirs.append(d)
    build_report(dirs, tmp_path / "report")
    md = (tmp_path / "report" / "summary.md").read_text()
    assert "factions by scenario and player count" in md
    assert (tmp_path / "report" / "banquet_faction_players.png").is_file()
    row = next(x for x in md.splitlines() if x.startswith("| scenario4 | 11 | maiden |"))
    assert row.count("12") >= 2          # 12 games of the basic and 12 of the full rules on one row


def castle_rows(variant, n, guards, wins):
    """One scenario-6 game per entry of wins (1.0 = the table won), every seat alike."""
    out = []
    for g, w in enumerate(wins):
        for s in range(n):
            out.append({"variant": variant, "n_players": n, "game_index": g, "rotation": 0, "seat": s,
                        "role": "rescuers", "win": w, "banquet_guards": float(guards)})
    return pl.DataFrame(out)


def test_rescues_by_guards_counts_each_game_once_per_dial_setting():
    r = pl.concat([castle_rows("scenario6+basic", 6, 1, [1.0, 0.0, 1.0, 1.0]),
                   castle_rows("scenario6+basic", 6, 4, [0.0, 1.0]),
                   castle_rows("scenario6+full", 10, 4, [0.0]),
                   rows("scenario5+basic", 12, [[("merchant", 1.0, 0), ("abbot", 0.0, 0), ("abbess", 0.0, 0)]])],
                  how="diagonal_relaxed")
    t = banquet.rescues_by_guards(r)
    assert t.select("rules", "n_players", "guards", "games", "wins").rows() == [
        ("basic", 6, 1, 4, 3), ("basic", 6, 4, 2, 1), ("full", 10, 4, 1, 0)]
    assert banquet.rescues_by_guards(rows("scenario5+basic", 12, [[("merchant", 1.0, 0)]])).height == 0


def test_the_report_draws_rescues_by_guard_count(tmp_path):
    from reports.build import build_report
    from sim.plan import RunConfig
    from sim.runner import run
    dirs = []
    for guards in (2, 5):
        d = tmp_path / f"g{guards}"
        run(RunConfig(game="banquet", players=6, bots=["heuristic"], games=12, seed=1,
                      variants=["scenario6", "full"], sets=[f"scenario6.guards={guards}"]), d)
        dirs.append(d)
    build_report(dirs, tmp_path / "report")
    md = (tmp_path / "report" / "summary.md").read_text()
    assert (tmp_path / "report" / "banquet_rescues_by_guards.png").is_file()
    assert "| full | 6 | 2 | 12 |" in md and "| full | 6 | 5 | 12 |" in md


def test_the_run_summary_gives_each_faction_its_share_of_games_won(tmp_path):
    """Issue 27 item 1: `balance run`'s "Win rate by role" is each faction's share of the games
    (the faction a player finished in, each game once), the direct count of results.parquet -
    not its seats' share, which the maiden's converts weigh by the faction's size."""
    from tests.engine.helpers import cli

    code, text, err = cli(["run", "banquet", "-p", "12", "--variant", "scenario4,basic", "-n", "300", "--seed", "3",
                           "--out", tmp_path / "r"])
    assert code == 0, err
    rows = pl.read_parquet(tmp_path / "r" / "results.parquet")
    won = rows.group_by("game_index", "rotation", "role").agg(won=(pl.col("win") > 0).any())
    block = text.split("Win rate by role")[1].split("\n\n")[0].splitlines()[2:]
    shown = {line.split()[0]: float(line.split()[2]) for line in block}
    for role, rate in shown.items():
        assert rate == pytest.approx(won.filter(pl.col("role") == role)["won"].mean(), abs=5e-5), role
    seats = rows.group_by("role").agg(pl.col("win").mean())
    assert any(abs(r - shown[x]) > 0.01 for x, r in seats.iter_rows()), "the seats' share would pass too"
