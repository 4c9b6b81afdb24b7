"""A spec's [run] table pins the runs it judges: `balance check` refuses (one line, exit 2) a run
of another game, player count, variant, bots or seat rotation, or with too few games; an
undecided check ends with the command that adds the games it needs."""
import math
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path

import pytest

from analysis.check import check_run, load_spec
from sim.errors import UserError
from sim.registry import get_game
from sim.plan import RunConfig
from tests.analysis.synth_results import crafted_results, write_run
from tests.engine.helpers import cli

ROOT = Path(__file__).resolve().parents[2]
THRESHOLDS = """[thresholds]
max_seat_spread = 0.10
max_turn_cap_share = 0.02
game_length = [20, 40]
"""


def balance(*args) -> tuple[int, str, str]:
    """`balance ARGS` in this process, with cli.main's semantics (exit codes, one-line errors)."""
    return cli(list(args))


def spec_file(tmp_path, run_table: str, name: str = "spec.toml") -> Path:
    path = tmp_path / name
    path.write_text(f"[run]\n{run_table}\n{THRESHOLDS}")
    return path


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("spec_run")
    return {
        # 4-player Bastille, greedy in every seat, base, no rotation, 2,000 games
        "plain": write_run(crafted_results(2000, seed=1), root / "plain", bots=["greedy"]),
        # seat-rotated: 300 deals x 4 rotations = 1,200 games, near the thresholds (undecided)
        "rotated": write_run(crafted_results(300, (0.31, 0.23, 0.23, 0.23), seed=3, rotate=True), root / "rotated",
                             bots=["greedy"], games=300),
    }


MATCHES = 'game = "bastille"\nplayers = 4\nvariant = "base"\nbots = "greedy"\nrotate_seats = false\nmin_games = 2000\n'


@pytest.mark.parametrize("table, key, text", [
    ('game = "pimpernel"', "run.game", "the spec judges pimpernel runs, this run is of bastille"),
    ('game = "bastille"\nplayers = 3', "run.players", "the spec judges 3-player runs, this run has 4 players"),
    ('game = "bastille"\nplayers = [3, 5]', "run.players", "the spec judges 3/5-player runs, this run has 4 players"),
    ('game = "bastille"\nvariant = "secret_mission"', "run.variant",
     "the spec judges variant 'secret_mission', this run has variant 'base'"),
    ('game = "bastille"\nbots = "heuristic"', "run.bots",
     "the spec judges heuristic in every seat, this run has greedy in every seat"),
    ('game = "bastille"\nbots = ["heuristic", "greedy", "greedy", "greedy"]', "run.bots",
     "the spec judges heuristic,greedy,greedy,greedy, this run has greedy in every seat"),
    ('game = "bastille"\nrotate_seats = true', "run.rotate_seats",
     "the spec judges runs with --rotate-seats, this run was played without it"),
    ('game = "bastille"\nmin_games = 50000', "run.min_games",
     "the spec needs at least 50,000 games, this run has 2,000: add 48,000 with `balance run --extend {run} -n 48000`"),
    ('game = "bastille"\nseed = 3', "run.seed", "unknown key in [run] (expected one of: game, players, variant"),
    ('players = 4', "run.game", "missing: the game this spec judges"),
    ('game = "bastille"\nplayers = "four"', "run.players", "expected a player count or a list of them"),
    ('game = "bastille"\nrotate_seats = "no"', "run.rotate_seats", "expected true or false"),
])
def test_a_run_the_spec_does_not_judge_is_one_line_and_exit_2(tmp_path, runs, table, key, text):
    spec = spec_file(tmp_path, table)
    code, out, err = balance("check", runs["plain"], "--spec", spec)
    assert code == 2, (out, err)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {spec}: key '{key}': {text.format(run=runs['plain'])}")
    assert out == ""   # refused before judging


def test_the_real_entry_point_says_it_on_one_line(tmp_path, runs):
    spec = spec_file(tmp_path, 'game = "bastille"\nplayers = 3')
    r = subprocess.run([sys.executable, "-c", "from cli import main; main()", "check", str(runs["plain"]),
                        "--spec", str(spec)], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == f"error: {spec}: key 'run.players': the spec judges 3-player runs, this run has 4 players\n"


def test_a_matching_run_is_judged(tmp_path, runs):
    for table in (MATCHES, MATCHES.replace("players = 4", "players = [3, 4]").replace('"greedy"', '["greedy"]'),
                  'game = "bastille"\nbots = ["greedy", "greedy", "greedy", "greedy"]\nvariant = "base"'):
        code, out, err = balance("check", runs["plain"], "--spec", spec_file(tmp_path, table))
        assert code in (0, 1, 3) and err == "", err
        assert "Overall:" in out


def test_old_specs_with_spec_game_still_work(tmp_path, runs):
    old = tmp_path / "old.toml"
    old.write_text(f'[spec]\ngame = "bastille"\n{THRESHOLDS}')
    code, out, _ = balance("check", runs["plain"], "--spec", old)
    assert code in (0, 1, 3) and "Overall:" in out
    old.write_text(f'[spec]\ngame = "pimpernel"\n{THRESHOLDS}')
    code, _, err = balance("check", runs["plain"], "--spec", old)
    assert code == 2 and "spec is for 'pimpernel'" in err
    both = tmp_path / "both.toml"
    both.write_text(f'[spec]\ngame = "pimpernel"\n[run]\ngame = "bastille"\n{THRESHOLDS}')
    code, _, err = balance("check", runs["plain"], "--spec", both)
    assert code == 2 and "key 'run.game': 'bastille' disagrees with spec.game 'pimpernel'" in err


def test_a_spec_with_a_run_table_needs_run_json(tmp_path, runs):
    bare = tmp_path / "bare"
    bare.mkdir()
    (bare / "results.parquet").write_bytes((runs["plain"] / "results.parquet").read_bytes())
    code, _, err = balance("check", bare, "--spec", spec_file(tmp_path, MATCHES))
    assert code == 2 and len(err.splitlines()) == 1 and "no run.json here" in err


def test_min_games_counts_games_and_the_command_adds_deals(tmp_path, runs):
    # 1,200 games played as 300 deals x 4 rotations: 800 more games are 200 more deals.
    spec = spec_file(tmp_path, 'game = "bastille"\nrotate_seats = true\nmin_games = 2000')
    code, _, err = balance("check", runs["rotated"], "--spec", spec)
    assert code == 2
    assert err.strip().endswith(f"add 800 with `balance run --extend {runs['rotated']} -n 200`")


def test_an_undecided_check_ends_with_the_extend_command(tmp_path, runs):
    spec = spec_file(tmp_path, 'game = "bastille"\nplayers = 4\nrotate_seats = true')
    code, out, _ = balance("check", runs["rotated"], "--spec", spec)
    assert code == 3 and "Overall: UNDECIDED" in out
    more = [int(m.replace(",", "")) for m in
            (line.split("~")[-1].strip() for line in out.splitlines() if "UNDECIDED" in line and "~" in line)]
    assert more
    deals = math.ceil(max(more) / 4)
    last = out.strip().splitlines()[-1]
    assert last == f"To decide, play ~{max(more):,} more games: balance run --extend {runs['rotated']} -n {deals}"


def default_run_meta(game_id: str, games: int, players: int | None = None) -> dict:
    """run.json of `balance run GAME -n games [-p players]` with every other option at its default."""
    g = get_game(game_id)
    cfg = RunConfig(game=g.id, players=g.players_or_default(players),
                    bots=[b.strip() for b in g.default_bots.split(",")], games=games, variants=["base"])
    return {"config": asdict(cfg), "variant": cfg.variant, "games_played": games}


# The runs each shipped spec is used on: make balance-check's for Bastille, the command in the
# spec's own header for the others (every other option at its default).
USES = {"bastille": ("balance run bastille -n 20000 -p 4 --seed 1", 4, 20000),
        "pimpernel": ("balance run pimpernel -p 4 --seed 1", 4, 10000),
        "doppelganger": ("balance run doppelganger -p 4 --seed 1", 4, 10000)}


@pytest.mark.parametrize("path", sorted((ROOT / "specs").glob("*.toml")), ids=lambda p: p.stem)
def test_shipped_specs_judge_the_runs_they_are_used_on(path):
    spec = load_spec(path)
    assert spec["run"]["game"] == path.stem
    command, players, games = USES[path.stem]
    assert command.removeprefix("balance ") in (ROOT / "Makefile").read_text() + path.read_text()
    check_run(spec, default_run_meta(path.stem, games, players), str(path), "out")
    other = next(n for n in get_game(path.stem).player_counts if n != players)
    with pytest.raises(UserError, match="run.players"):
        check_run(spec, default_run_meta(path.stem, games, other), str(path), "out")
    with pytest.raises(UserError, match="run.min_games"):
        check_run(spec, default_run_meta(path.stem, games - 1, players), str(path), "out")
