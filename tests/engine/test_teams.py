"""Team, role and scenario games, on the toy tug of war (tests/engine/toy/team.py): variant
groups, player counts per variant, faction wins, games with no winner (a lost co-operative
game, the turn cap) and the secret-role layer, through run, resume, aggregate, report,
compare, check and sweep. (Ray: tests/engine/test_ray.py.)"""
from dataclasses import replace

import polars as pl
import pytest

from sim.plan import RunConfig
from sim.registry import get_game
from sim.runner import Interrupted, execute, resume
from tests.engine.helpers import cli

GAME = get_game("tug")


def one_line_exit_2(args):
    code, out, err = cli(args)
    assert code == 2, (code, out, err)
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    return err


def test_balance_games_shows_the_group_its_counts_and_the_roles():
    code, out, _ = cli(["games"])
    assert code == 0
    block = out[out.index("tug  ("):]
    assert "mode:     one of versus (4-8 players), coop (2-6 players); default versus" in block
    assert "variants: long" in block
    assert "roles:    red, blue; secret roles: captain, crew" in block
    assert "co-operative: coop" in block


@pytest.mark.parametrize("args, says", [
    (["--variant", "versus,coop"], "versus and coop are both of group 'mode': choose one of versus, coop"),
    (["--variant", "scenario7"], "unknown variant 'scenario7' (expected one of: base, versus, coop, long)"),
    (["--variant", "coop", "-p", "7"], "variant 'coop' is for 2-6 players, got 7"),
    (["--variant", "long", "-p", "3"], "variant 'versus' is for 4-8 players, got 3"),
    (["-p", "9"], "expected 2-8 players, got 9"),
])
def test_a_variant_or_count_the_rules_do_not_allow_is_one_line(tmp_path, args, says):
    assert says in one_line_exit_2(["run", "tug", "-n", "5", *args, "--out", tmp_path / "x"])
    assert not (tmp_path / "x" / "results.parquet").exists()


def test_a_content_file_with_a_broken_group_is_one_line(tmp_path):
    bad = tmp_path / "tug.toml"
    bad.write_text(GAME.content_file.read_text().replace('default = "versus"', 'default = "solo"'))
    err = one_line_exit_2(["run", "tug", "-n", "5", "--content", bad, "--out", tmp_path / "x"])
    assert "groups.mode.default" in err and "expected one of versus, coop" in err


def test_the_variant_column_names_every_group_choice_and_the_count_follows_the_variant():
    assert RunConfig(game="tug", players=4, bots=["greedy"]).variant == "versus"
    assert RunConfig(game="tug", players=4, bots=["greedy"], variants=["long"]).variant == "versus+long"
    assert RunConfig(game="tug", players=4, bots=["greedy"], variants=["long", "coop"]).variant == "coop+long"
    assert GAME.players_or_default(None, ["coop"]) == 2 and GAME.players_or_default(None) == 7
    assert GAME.allowed_players(["coop", "long"]) == (2, 3, 4, 5, 6)


def play(tmp_path, variants, n=6, games=400, bots=("greedy",), **kw):
    cfg = RunConfig(game="tug", players=n, bots=list(bots), games=games, seed=5, variants=variants, **kw)
    execute(cfg, tmp_path)
    return pl.read_parquet(tmp_path / "results.parquet")


def test_every_member_of_the_winning_faction_wins_and_each_faction_has_one_captain(tmp_path):
    df = play(tmp_path, ["versus"], bots=("greedy", "random") * 3, rotate_seats=True)
    assert df["variant"].unique().to_list() == ["versus"]
    finished = df.filter(pl.col("end_reason") == "finished")
    per_faction = finished.group_by("game_index", "rotation", "role").agg(
        pl.col("win").min().alias("lo"), pl.col("win").max().alias("hi"), pl.col("rank").n_unique().alias("ranks"),
        (pl.col("secret_role") == "captain").sum().alias("captains"))
    assert (per_faction["lo"] == per_faction["hi"]).all() and (per_faction["ranks"] == 1).all()
    assert set(per_faction["hi"].unique()) == {0.0, 1.0} and (per_faction["captains"] == 1).all()
    winners = per_faction.filter(pl.col("hi") == 1.0).group_by("game_index", "rotation").len()
    assert winners.height == finished.select("game_index", "rotation").n_unique() and (winners["len"] == 1).all()
    assert set(df["role"].unique()) == {"red", "blue"} and set(df["secret_role"].unique()) == {"captain", "crew"}


def test_a_lost_cooperative_game_and_the_turn_cap_have_no_winner(tmp_path):
    df = play(tmp_path, ["coop"], n=3, games=1500)
    per_game = df.group_by("game_index").agg(pl.col("win").min().alias("lo"), pl.col("win").max().alias("hi"),
                                             pl.col("end_reason").first())
    ends = dict(per_game.group_by("end_reason").len().iter_rows())
    assert ends.get("lost", 0) > 50 and ends.get("turn_cap", 0) > 5 and ends.get("finished", 0) > 50
    assert (per_game["lo"] == per_game["hi"]).all()                 # all win or lose together
    assert (per_game.filter(pl.col("end_reason") != "finished")["hi"] == 0).all()
    assert (per_game.filter(pl.col("end_reason") == "finished")["hi"] == 1.0).all()
    assert df["role"].null_count() == df.height                     # one team: no side dealt


def test_an_interrupted_team_run_resumes_to_the_same_bytes(tmp_path):
    cfg = RunConfig(game="tug", players=5, bots=["greedy", "random"] * 2 + ["greedy"], games=600, seed=9, rotate_seats=True,
                    shard_deals=50, variants=["long"])
    execute(cfg, tmp_path / "ref")
    seen = []

    def stop_after_three_shards(deals):
        seen.append(deals)
        if len(seen) == 3:
            raise KeyboardInterrupt

    with pytest.raises(Interrupted):
        execute(replace(cfg, threads=1), tmp_path / "run", progress=stop_after_three_shards)
    assert not (tmp_path / "run" / "results.parquet").exists()
    resume(tmp_path / "run")
    assert (tmp_path / "run" / "results.parquet").read_bytes() == (tmp_path / "ref" / "results.parquet").read_bytes()


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    d = tmp_path_factory.mktemp("tug")
    for name, sets in (("a", []), ("b", ["tug.captain_factor=4"])):
        code, _, err = cli(["run", "tug", "-n", "1500", "-p", "6", "--bots", "greedy,random,greedy,random,greedy,random", "--rotate-seats",
                            "--seed", "3", *[x for s in sets for x in ("--set", s)], "--out", d / name])
        assert code == 0, err
    return d


def test_the_report_shows_both_role_layers(runs, tmp_path):
    code, _, err = cli(["report", runs / "a", runs / "b", "--out", tmp_path / "r"])
    assert code == 0, err
    html = (tmp_path / "r" / "index.html").read_text()
    for title in ("Win rate by role (side or faction dealt)", "Win rate by secret role"):
        assert title in html
    assert "captain" in html and "crew" in html


def test_the_summary_leaves_out_the_turn_order_where_positions_mean_nothing(runs, tmp_path, monkeypatch):
    """A game whose positions are only player ids (The Last Banquet) shows no first-player
    advantage or position balance in the summary table."""
    for meaningful in (True, False):
        monkeypatch.setattr(get_game("tug"), "positions_meaningful", meaningful)
        code, _, err = cli(["report", runs / "a", "--out", tmp_path / str(meaningful)])
        assert code == 0, err
        md = (tmp_path / str(meaningful) / "summary.md").read_text()
        summary = md[md.index("## Balance summary"):]
        row = next(line for line in summary.splitlines() if line.startswith("| a (with the "))   # whose figures
        assert ("- (no turn order)" in row) == (not meaningful) and (" pp [" in row) == meaningful


def test_compare_by_either_role_layer(runs):
    for by, groups in (("role", ("red", "blue")), ("secret_role", ("captain", "crew"))):
        code, out, err = cli(["compare", runs / "a", runs / "b", "--by", by])
        assert code == 0, err
        assert all(g in out for g in groups), out


def test_check_judges_roles_and_secret_roles(runs, tmp_path):
    spec = tmp_path / "spec.toml"
    spec.write_text('[thresholds]\nmax_turn_cap_share = 0.2\n[roles.red]\nmin = 0.3\nmax = 0.7\n'
                    '[secret_roles.captain]\nmin = 0.3\nmax = 0.7\n')
    code, out, err = cli(["check", runs / "a", "--spec", spec])
    assert code == 0, out + err
    assert "win rate of role red" in out and "win rate of secret_role captain" in out
    spec.write_text('[thresholds]\nmax_turn_cap_share = 0.2\n[secret_roles.captain]\nmin = 0.9\n')
    code, out, _ = cli(["check", runs / "a", "--spec", spec])
    assert code == 1 and "FAIL" in out


def test_sweep_over_a_team_game(tmp_path):
    code, out, err = cli(["sweep", "tug", "--set", "tug.captain_factor=1,3", "-n", "200", "-p", "4",
                          "--out", tmp_path / "s"])
    assert code == 0, err
    block = out[out.index("Win rate by role"):].splitlines()
    assert block[1].split()[-2:] == ["blue", "red"] and len(block) >= 5, out


def test_shards_are_sized_by_rows_so_many_seats_keep_memory_bounded():
    """A seat-rotated 25-player deal is 625 result rows: a shard holds about as many rows as
    65,536 four-player deals, whatever the seats."""
    from sim.plan import SHARD_ROWS, default_shard_deals

    assert default_shard_deals(4, False) == 65_536 and default_shard_deals(25, True) == SHARD_ROWS // 625
    rotated = RunConfig(game="tug", players=8, bots=["greedy"], rotate_seats=True)
    assert rotated.shard_deals == SHARD_ROWS // 64
    assert RunConfig(game="tug", players=8, bots=["greedy"], shard_deals=7).shard_deals == 7


def test_free_variants_apply_in_the_content_files_order_whatever_order_is_asked():
    """`--variant short,chauvelin` and `chauvelin,short` are the same rules, one label."""
    a = RunConfig(game="pimpernel", players=5, bots=["greedy"], variants=["short", "chauvelin"])
    b = RunConfig(game="pimpernel", players=5, bots=["greedy"], variants=["chauvelin", "short"])
    assert a.variant == b.variant == "chauvelin+short"


def test_a_factions_interval_counts_each_game_once(runs):
    """Three red seats a game share one outcome: red's interval is that of 1,500 games
    (x6 rotations), not of three times as many independent seat-games."""
    from analysis.intervals import wilson
    from analysis.metrics import win_rates
    from analysis.suffstats import load_stats

    t = win_rates(load_stats(runs / "a"), "role").filter(pl.col("role") == "red").row(0, named=True)
    games = 1500 * 6
    assert t["seat_games"] == 3 * games and t["games"] == pytest.approx(games)
    lo, hi = wilson(t["win_rate"] * games, games)
    assert (t["ci_low"], t["ci_high"]) == pytest.approx((float(lo), float(hi)))
    _, out, _ = cli(["run", "tug", "-n", "300", "-p", "6", "--out", runs / "summary"])
    red = next(line for line in out.splitlines() if line.strip().startswith("red "))
    low = float(red.split("[")[1].split(",")[0])
    rate = float(red.split()[2])
    assert rate - low > 1.6 * (rate - float(wilson(rate * 900, 900)[0]))   # 300 games (sqrt 3 wider), not 900


def test_the_run_summary_of_a_cooperative_run_gives_the_tables_win_rate(tmp_path):
    """A co-operative run's seats win or lose together: the summary opens with how often the
    table won (counted from the games), not with win rates by position or seat."""
    code, out, err = cli(["run", "tug", "-n", "400", "--variant", "coop", "-p", "3", "--out", tmp_path / "c"])
    assert code == 0, err
    df = pl.read_parquet(tmp_path / "c" / "results.parquet")
    won = int(df.filter(pl.col("seat") == 0)["win"].sum())
    assert f"the table won {won:,} of 400 games" in out
    assert "Win rate by position" not in out and "Win rate by seat" not in out
