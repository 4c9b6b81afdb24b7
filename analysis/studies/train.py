"""`balance train` as a study: a bot's weights tuned for strength by self-play (issue 31).

Each candidate weight vector plays one seat against the field (the shipped weights of the same
bot in the other seats, and the search bot at a small budget if asked) on the same deals for
every candidate, seat-rotated: deal g is played once with the candidate in each seat r. In a
team game one seat moves little (The Last Banquet at 12 players: thirty candidates around the
heuristic's shipped weights moved one seat's share by at most 0.1 pp over 1,200 games), so with
`faction` the candidate plays every seat of a faction instead, each deal once per faction. The
objective is the candidate's win share (ties split, a faction's win counts for each member);
Optuna (CMA-ES from the shipped weights, or TPE, seeded) proposes the candidates. The best is
then played on fresh deals against the shipped weights (the confirmation ladder, a Wilson 95%
interval against the fair share).

The kernels take one weight vector per game, so a candidate in one seat and the shipped weights
in the others are played decision by decision through the game's forward-model hooks
(sim/games/<id>/forward.py, as sim/api.py does), each decision asked with the chooser's weights;
no kernel changes. Called from Python with the command's arguments; returns the trials and the
confirmation as Polars frames."""
from __future__ import annotations

import fnmatch
import hashlib
import itertools
import json
import math
import os
import re
import time
import warnings
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from analysis.studies.player import STOP_ENV, _list, base_config, no_progress, open_plan, resumed
from sim.errors import UserError
from sim.results import write_json, write_parquet

TRAIN_FILE = "train.json"
TRIALS_FILE = "trials.parquet"
CONFIRM_FILE = "confirmation.parquet"
TUNED_FILE = "tuned.toml"        # the content file with the tuned weights: ready for --content
Z95 = 1.959964


@dataclass
class Train:
    trials: pl.DataFrame
    confirmation: pl.DataFrame
    best: dict
    shipped: dict
    summary: dict
    plan: dict
    game: object
    base: object
    out_dir: Path


def train(game_id=None, bot="heuristic", n_games=100, trials=20, only=None, span=1.0, field=None,
          search_budget=None, confirm_deals=None, players=None, variant="base", sets=(), content_path=None,
          seed=0, sampler="cmaes", out_dir=Path("out/train"), resume_dir=None, progress=no_progress,
          echo=lambda message: None, faction=False) -> Train:
    """`balance train GAME` (same arguments): plays, writes trials.parquet, confirmation.parquet,
    tuned.toml and train.json in out_dir, returns them. Every candidate's games are kept as a
    shard, so an interrupted study resumed with resume_dir=out_dir asks the same candidates and
    gives the result of one uninterrupted run."""
    from sim.registry import get_game

    t_start = time.perf_counter()
    out_dir = Path(out_dir)
    if resume_dir:
        resume_dir = Path(resume_dir)
        plan, base = resumed(resume_dir, game_id, TRAIN_FILE, 1, "local", None)
        out_dir = resume_dir
        game = get_game(base.game)
    else:
        if not game_id:
            raise UserError("balance train", "GAME", "missing (see `balance games`), or use --resume DIR")
        base = base_config(game_id, players, bot, variant, sets, content_path, seed, True, 1, "local", None)
        game = get_game(base.game)
        plan = new_plan(game, base, bot, n_games, trials, only, span, field, search_budget, confirm_deals, sampler,
                        faction)
        plan = open_plan(out_dir, TRAIN_FILE, plan, False)
    table = SeatTable(game, base, plan)
    shards = Shards(out_dir / "shards")
    table.warm()            # compiled code loaded (or compiled) before any game is timed
    t0 = time.perf_counter()
    trials_, best = search(plan, table, shards, progress, echo)
    conf = confirm(plan, table, shards, best["params"], progress)
    write_parquet(trials_, out_dir / TRIALS_FILE)
    write_parquet(conf, out_dir / CONFIRM_FILE)
    dims = plan["dims"]
    shipped = {d["key"]: d["shipped"] for d in dims}
    params = best["params"]
    set_line = " ".join(f"--set bots.{k}={_text(v)}" for k, v in params.items())
    write_tuned_content(out_dir / TUNED_FILE, game, base, plan, params, conf)
    tuned = conf.filter(pl.col("what") == "tuned").row(0, named=True)
    summary = {"best": params, "best_trial": best["trial"], "set_line": set_line,
               "changed": {k: v for k, v in params.items() if v != shipped[k]},
               "clearly_stronger": bool(tuned["low"] > tuned["fair"]),
               "trials_played": trials_.height, "session_games": shards.games,
               "games_per_second": round(shards.games / shards.seconds, 1) if shards.seconds else None,
               "startup_seconds": round(t0 - t_start, 3), "play_seconds": round(shards.seconds, 3),
               "wall_seconds": round(time.perf_counter() - t_start, 3)}
    from sim.plan import git_revision, versions

    write_json({"plan": plan, "complete": True, "summary": summary,
                "versions": versions(), "git_revision": git_revision()}, out_dir / TRAIN_FILE)
    return Train(trials_, conf, best, shipped, summary, plan, game, base, out_dir)


# -- what is tuned ------------------------------------------------------------------------------

BUDGETED = ("rollout", "search")     # bots whose weights are budgets, not a way of playing


def new_plan(game, base, bot, n_games, trials, only, span, field, search_budget, confirm_deals, sampler,
             faction=False) -> dict:
    """The study's plan, every argument checked (bad input: one line, exit 2)."""
    from sim.api import hooks_of

    if hooks_of(game.id) is None:
        raise UserError("balance train", game.id, "is not a forward model yet (no sim/games/<id>/forward.py)")
    content = game.content(tuple(base.variants), tuple(base.sets),
                           Path(base.content_path) if base.content_path else None)
    game.check_players(base.players, base.variants)
    if bot not in game.bots:
        raise UserError("--bot", bot, f"unknown bot of {game.id} (expected one of: {', '.join(game.bots)})")
    if bot in BUDGETED or bot == "random":
        raise UserError("--bot", bot, "has no weights of its own to tune (its numbers are budgets); train the "
                        "heuristic it plays with")
    names = _list(field) or [bot]          # by default the trained bot with its shipped weights
    for b in names:
        if b not in game.bots:
            raise UserError("--field", b, f"unknown bot of {game.id} (expected some of: {', '.join(game.bots)})")
    if faction and not hasattr(hooks_of(game.id), "arc_teams"):
        raise UserError("--faction", game.id, "has no factions (each player wins alone): train one seat")
    if search_budget is not None:
        if "search" not in names:
            raise UserError("--search-budget", str(search_budget), "applies when search is in --field")
        from kernels.search import MAX_ITERATIONS

        if not 1 <= int(search_budget) <= MAX_ITERATIONS:
            raise UserError("--search-budget", str(search_budget), f"expected 1 to {MAX_ITERATIONS} iterations")
    if sampler not in ("cmaes", "tpe"):
        raise UserError("--sampler", sampler, "expected cmaes or tpe")
    if not span > 0:
        raise UserError("--span", str(span), "expected a positive share of each weight")
    dims = bot_dims(game, content, bot, _list(only), float(span))
    if sampler == "cmaes" and len(dims) < 2:
        raise UserError("--sampler", "cmaes", "needs two or more weights (Optuna's CMA-ES); use --sampler tpe")
    return {"config": base.plan_fields(), "bot": bot, "field": names, "faction": bool(faction),
            "search_budget": search_budget,
            "only": _list(only), "span": float(span), "dims": dims, "n": int(n_games), "trials": int(trials),
            "confirm": int(confirm_deals or 2 * n_games), "sampler": sampler}


def bot_weights(game, bot: str) -> list[str]:
    """The weights bot reads: those named after it (Bastille's heuristic_*), else every weight
    not named after another bot (rollout_*, search_*: budgets)."""
    own = [k for k in game.weight_names if k.startswith(f"{bot}_")]
    if own:
        return own
    return [k for k in game.weight_names if not any(k.startswith(f"{b}_") for b in game.bots)]


def bot_dims(game, content, bot: str, only: list[str], span: float) -> list[dict]:
    """The dimensions of the search: each of bot's weights that has a declared range (and
    matches --only), searched within span x its size around the shipped value (at least
    span x 0.5), inside the declared range."""
    from sim.content import find_range

    keys = bot_weights(game, bot)
    for pat in only:
        bare = pat.removeprefix("bots.")
        if not any(fnmatch.fnmatchcase(k, bare) for k in keys):
            raise UserError("--only", pat, f"matches none of {bot}'s weights ({', '.join(keys)})")
    if only:
        keys = [k for k in keys if any(fnmatch.fnmatchcase(k, p.removeprefix("bots.")) for p in only)]
    dims = []
    for k in keys:
        rng = find_range(content.ranges, f"bots.{k}")
        value = content.get(f"bots.{k}")
        if rng is None or isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        width = span * max(abs(float(value)), 0.5)
        kind = "int" if isinstance(value, int) else "float"
        low, high = max(rng[0], value - width), min(rng[1], value + width)
        if kind == "int":
            low, high = int(math.ceil(low)), int(math.floor(high))
        if high > low:
            dims.append({"key": k, "kind": kind, "low": low, "high": high, "shipped": value})
    if not dims:
        raise UserError("--bot", bot, f"has no ranged weight to tune in {content.path.name}")
    return dims


def rounded(v, d: dict):
    """A float on a grid of a thousandth of its window (a designer's number); ints as they are.
    The shipped value stays as shipped, off the grid or not: the first trial is the shipped
    weights, the field's own, so it must play them exactly (6.415 on a 0.01 grid would be 6.42)."""
    if d["kind"] == "int":
        return int(round(v))
    if float(v) == float(d["shipped"]):
        return d["shipped"]
    decimals = max(0, -math.floor(math.log10((float(d["high"]) - float(d["low"])) / 1000)))
    return min(max(round(float(v), decimals), float(d["low"])), float(d["high"]))


def candidate_id(params: dict) -> str:
    blob = json.dumps(sorted(params.items()), default=str).encode()
    return "c-" + hashlib.sha256(blob).hexdigest()[:12]


def _text(v) -> str:
    from analysis.sweep import toml_text

    return toml_text(v)


# -- the table: a candidate in one seat, the field in the others --------------------------------

class SeatTable:
    """The game compiled once and its field: plays deal g with the candidate's weights in seat r
    (or in every seat of a faction) and the field's in the others, through the forward-model hooks."""

    def __init__(self, game, base, plan: dict):
        from sim.api import hooks_of

        self.game, self.hooks, self.n, self.seed = game, hooks_of(game.id), base.players, int(base.seed)
        content = game.content(tuple(base.variants), tuple(base.sets),
                               Path(base.content_path) if base.content_path else None)
        self.compiled = game.compile(content, self.n)
        self.names = game.weight_names
        self.shipped = game.weights(content)
        self.field_w = self.shipped.copy()
        if plan.get("search_budget") is not None:
            self.field_w[self.names.index("search_iterations")] = float(plan["search_budget"])
        self.bot, self.field, self.faction = plan["bot"], plan["field"], bool(plan.get("faction"))
        # the line-up with the candidate in seat 0: the field's bots in turn in the other seats
        lineup = [self.bot] + [self.field[i % len(self.field)] for i in range(self.n - 1)]
        base_codes = game.bot_codes(lineup, self.n)
        game.check_search_budget(base_codes, self.field_w)
        # rotation r: the candidate in seat r (kernels.common.seat_bots' formula)
        self.codes = [np.array([base_codes[(s - r) % self.n] for s in range(self.n)], np.int64)
                      for r in range(self.n)]
        self.symmetric = len(set(lineup)) == 1

    def warm(self) -> None:
        """One game of the field alone, unrecorded: loads the compiled hooks."""
        self._finish_all(self.hooks.start(self.game, self.compiled, self.codes[0], self.field_w, self.seed, 0, 0))

    def weights_of(self, params: dict) -> np.ndarray:
        """The candidate's vector: the shipped one with its tuned weights replaced."""
        w = self.shipped.copy()
        for k, v in params.items():
            w[self.names.index(k)] = float(v)
        return w

    def sides(self, g: int) -> list[tuple[int, ...]]:
        """The candidate's places in deal g: each seat alone, or each faction's seats as dealt."""
        if not self.faction:
            return [(r,) for r in range(self.n)]
        s = self.hooks.start(self.game, self.compiled, self.codes[0], self.field_w, self.seed, g, 0)
        teams = self.hooks.arc_teams(self.compiled, s)
        return [tuple(int(p) for p in np.flatnonzero(teams == t)) for t in dict.fromkeys(teams.tolist())]

    def codes_for(self, seats: tuple[int, ...]) -> np.ndarray:
        """The bots of the game with the candidate in seats: the field's in turn in the others."""
        if len(seats) == 1:
            return self.codes[seats[0]]
        others = itertools.count()
        return self.game.bot_codes([self.bot if p in seats else self.field[next(others) % len(self.field)]
                                    for p in range(self.n)], self.n)

    def play(self, w_cand: np.ndarray, g: int, seats: tuple[int, ...]) -> tuple[float, bool]:
        """Deal g with the candidate in seats: its win (1/k of a k-way tie; 0 when nobody
        wins) and whether the game ended at the turn cap."""
        h, c = self.hooks, self.compiled
        s = h.start(self.game, c, self.codes_for(seats), self.field_w, self.seed, g, 0)
        while h.kind(s) != 0:
            w = w_cand if h.seat(s) in seats else self.field_w
            i = h.bot_choice(c, s, w)
            h.apply(c, s, w, h.options(c, s)[i])
        res = h.result(c, s)
        return float(res["win"][seats[0]]), res["end_reason"] == "turn_cap"

    def ladder(self, w_cand: np.ndarray, first: int, deals: int, step) -> pl.DataFrame:
        """Deals [first, first + deals), each once per seat (or faction): one row per game
        (game_index, rotation = the candidate's (first) seat, win, capped). The field's own weights
        in a symmetric line-up play the same game in every seat, so that game is played once."""
        same = self.symmetric and np.array_equal(w_cand, self.field_w)
        rows = {"game_index": [], "rotation": [], "win": [], "capped": []}
        for g in range(first, first + deals):
            if same:
                s0 = self.hooks.start(self.game, self.compiled, self.codes[0], self.field_w, self.seed, g, 0)
                wins, capped = self._finish_all(s0)
            for seats in self.sides(g):
                win, cap = (wins[seats[0]], capped) if same else self.play(w_cand, g, seats)
                rows["game_index"].append(g)
                rows["rotation"].append(seats[0])
                rows["win"].append(win)
                rows["capped"].append(cap)
            step(1)
        return pl.DataFrame(rows, schema={"game_index": pl.Int64, "rotation": pl.Int64, "win": pl.Float64,
                                          "capped": pl.Boolean})

    def _finish_all(self, s) -> tuple[list[float], bool]:
        h, c = self.hooks, self.compiled
        while h.kind(s) != 0:
            h.apply(c, s, self.field_w, h.options(c, s)[h.bot_choice(c, s, self.field_w)])
        res = h.result(c, s)
        return [float(x) for x in res["win"]], res["end_reason"] == "turn_cap"


class Shards:
    """Each ladder's games kept as out_dir/shards/<id>.<first>.<deals>.parquet: a shard on disk
    is read back, never played again (the resume)."""

    def __init__(self, path: Path):
        self.dir = path
        self.dir.mkdir(parents=True, exist_ok=True)
        self.games, self.seconds, self.new = 0, 0.0, 0
        self.stop_after = int(os.environ.get(STOP_ENV, "0") or 0)

    def get(self, table: SeatTable, cid: str, w: np.ndarray, first: int, deals: int, progress, label: str):
        path = self.dir / f"{cid}.{first:012d}.{deals}.parquet"
        if path.is_file():
            return pl.read_parquet(path)
        t0 = time.perf_counter()
        with progress(deals, label) as step:
            t = table.ladder(w, first, deals, step)
        self.seconds += time.perf_counter() - t0
        self.games += t.height
        write_parquet(t, path)
        self.new += 1
        if self.stop_after and self.new >= self.stop_after:
            raise KeyboardInterrupt
        return t


# -- the search ----------------------------------------------------------------------------------

def wilson(p: float, m: int) -> tuple[float, float]:
    """The Wilson 95% interval of a share p over m games."""
    if m == 0:
        return float("nan"), float("nan")
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * m)) / (1 + z2 / m)
    half = Z95 * math.sqrt(p * (1 - p) / m + z2 / (4 * m * m)) / (1 + z2 / m)
    return centre - half, centre + half


def make_sampler(plan: dict, seed: int):
    import optuna

    dims = plan["dims"]
    if plan["sampler"] == "tpe":
        return optuna.samplers.TPESampler(seed=seed, n_startup_trials=max(3, min(10, plan["trials"] // 3)))
    with warnings.catch_warnings():     # x0 is deprecated in Optuna 4.9 (kept until 6): the shipped weights
        warnings.simplefilter("ignore")
        return optuna.samplers.CmaEsSampler(x0={d["key"]: d["shipped"] for d in dims}, seed=seed,
                                            warn_independent_sampling=False)


def distributions(dims: list[dict]) -> dict:
    import optuna

    return {d["key"]: (optuna.distributions.IntDistribution(int(d["low"]), int(d["high"])) if d["kind"] == "int"
                       else optuna.distributions.FloatDistribution(float(d["low"]), float(d["high"])))
            for d in dims}


def search(plan: dict, table: SeatTable, shards: Shards, progress, echo):
    """Ask a candidate, play its ladder on deals [0, n), tell Optuna its win share. The shipped
    weights are the first candidate. A resumed search asks the same candidates (the sampler is
    seeded and told the same values) and reads their ladders back."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    dims, n = plan["dims"], plan["n"]
    seed = int(plan["config"]["seed"])
    study = optuna.create_study(direction="maximize", sampler=make_sampler(plan, seed))
    study.enqueue_trial({d["key"]: d["shipped"] for d in dims})
    dist = distributions(dims)
    rows, best_so_far = [], -math.inf
    for t in range(plan["trials"]):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            trial = study.ask(dist)
        params = {d["key"]: rounded(trial.params[d["key"]], d) for d in dims}
        cid = candidate_id(params)
        games = shards.get(table, cid, table.weights_of(params), 0, n, progress, f"trial {t}")
        share = float(games["win"].mean())
        study.tell(trial, share)
        best_so_far = max(best_so_far, share)
        lo, hi = wilson(share, games.height)
        rows.append({"trial": t, **{f"param:{k}": float(v) for k, v in params.items()}, "share": share, "low": lo,
                     "high": hi, "best_so_far": best_so_far, "deals": n, "games": games.height,
                     "capped": int(games["capped"].sum())})
        echo(f"  trial {t:>3}: share {100 * share:5.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]  best {100 * best_so_far:.1f}%"
             + ("  (shipped weights)" if t == 0 else ""))
    trials_ = pl.DataFrame(rows)
    i = int(np.argmax(trials_["share"].to_numpy()))     # the first of equal shares: shipped if none beats it
    best_row = trials_.row(i, named=True)
    best = {"trial": best_row["trial"], "params": {d["key"]: rounded(best_row[f"param:{d['key']}"], d)
                                                    for d in dims}}
    return trials_, best


# -- the confirmation ----------------------------------------------------------------------------

def confirm(plan: dict, table: SeatTable, shards: Shards, params: dict, progress) -> pl.DataFrame:
    """Tuned and shipped weights in the candidate's seat on fresh deals [n, n + confirm), the
    same deals and seats: each one's seat-rotated win share with its Wilson 95% interval, the
    fair share (the shipped weights' own share: 1/players where every game has one winner),
    and the paired difference tuned - shipped (per deal, over its seats) with a 95% interval."""
    n, k = plan["n"], plan["confirm"]
    shipped = {d["key"]: d["shipped"] for d in plan["dims"]}
    a = shards.get(table, candidate_id(shipped), table.weights_of(shipped), n, k, progress, "confirm shipped")
    b = shards.get(table, candidate_id(params), table.weights_of(params), n, k, progress, "confirm tuned")
    fair = float(a["win"].mean())
    per_a = a.group_by("game_index").agg(pl.col("win").mean()).sort("game_index")["win"].to_numpy()
    per_b = b.group_by("game_index").agg(pl.col("win").mean()).sort("game_index")["win"].to_numpy()
    d = per_b - per_a
    se = float(d.std(ddof=1) / math.sqrt(len(d))) if len(d) > 1 else float("nan")
    rows = []
    for what, t, values in (("shipped", a, shipped), ("tuned", b, params)):
        p = float(t["win"].mean())
        lo, hi = wilson(p, t.height)
        rows.append({"what": what, "values": ", ".join(f"{key}={_text(v)}" for key, v in values.items()),
                     "share": p, "low": lo, "high": hi, "fair": fair, "games": t.height,
                     "capped": int(t["capped"].sum())})
    rows.append({"what": "tuned - shipped", "values": "paired per deal", "share": float(d.mean()),
                 "low": float(d.mean()) - Z95 * se, "high": float(d.mean()) + Z95 * se, "fair": 0.0,
                 "games": b.height, "capped": None})
    return pl.DataFrame(rows).with_columns(pl.lit(k).alias("deals"), pl.lit(table.n).alias("players"))


# -- the tuned content ---------------------------------------------------------------------------

def write_tuned_content(path: Path, game, base, plan: dict, params: dict, conf: pl.DataFrame) -> None:
    """The content file the study played, its [bots] values replaced by the tuned ones (every
    comment, range and variant kept): ready for --content. Checked by loading it back."""
    src = Path(base.content_path) if base.content_path else game.content_file
    lines = src.read_text().splitlines()
    todo, section = dict(params), None
    for i, line in enumerate(lines):
        head = re.match(r"^\s*\[([^\[\]]+)\]\s*(#.*)?$", line)
        if head:
            section = head.group(1).strip()
            continue
        m = re.match(r"^(\s*)([A-Za-z0-9_]+)(\s*=\s*)([^#]*?)(\s*#.*)?$", line)
        if section == "bots" and m and m.group(2) in todo:
            lines[i] = f"{m.group(1)}{m.group(2)}{m.group(3)}{_text(todo.pop(m.group(2)))}{m.group(5) or ''}"
    if todo:
        raise UserError(str(src), f"bots.{next(iter(todo))}", "not found as a line of the [bots] table")
    cfg = plan["config"]
    tuned = conf.filter(pl.col("what") == "tuned").row(0, named=True)
    head = [f"# balance train {game.id} --bot {plan['bot']}: {game.name}'s content with the tuned weights "
            f"({cfg['players']} players, seed {cfg['seed']}); play it with --content {path.name}, or pass:",
            "#   " + " ".join(f"--set bots.{k}={_text(v)}" for k, v in params.items()),
            f"# confirmation: {100 * tuned['share']:.1f}% [{100 * tuned['low']:.1f}, {100 * tuned['high']:.1f}] "
            f"against the shipped weights (fair {100 * tuned['fair']:.1f}%) over {tuned['games']:,} "
            f"{'faction' if plan.get('faction') else 'seat'}-rotated games",
            ""]
    path.write_text("\n".join(head + lines) + "\n")
    check = game.content(tuple(cfg["variants"]), (), path)
    for k, v in params.items():
        if check.get(f"bots.{k}") != v:
            raise UserError(str(path), f"bots.{k}", f"expected {v} once loaded (a variant overlays it?), got "
                            f"{check.get(f'bots.{k}')}")
