"""What every study plays with: a Player that plays jobs (configuration id, first deal, deals) of
a set of RunConfigs, locally or on Ray, keeping each job's per-deal table as a shard so an
interrupted study resumes without replaying it; the tables two configurations share, aligned
deal by deal; a study's plan file; the run configuration a study's arguments describe."""
from __future__ import annotations

import os
import time
from contextlib import nullcontext
from pathlib import Path

import polars as pl

from analysis.sensitivity import deal_table, parse_measure
from sim.errors import UserError
from sim.results import write_json, write_parquet


def no_progress(total: int, label: str):
    """The default progress of a study called from Python: none (cli passes its meter)."""
    return nullcontext(lambda n, note="": None)


STOP_ENV = "BALANCE_TEST_STOP_AFTER_SHARDS"   # test hook: interrupt after this many new shards


def _list(text: str | None) -> list[str]:
    return [t.strip() for t in (text or "").split(",") if t.strip()]


# -- playing jobs ---------------------------------------------------------------------------

class Player:
    """Plays jobs (config id, first deal, deals) of a set of RunConfigs and keeps each job's
    per-deal table as a shard in out_dir/shards: a shard on disk is never played again."""

    def __init__(self, cfgs: dict, out_dir: Path, engine: str = "local", address: str | None = None,
                 label: str = "playing", progress=no_progress, arc: bool = False):
        self.cfgs, self.engine, self.address, self.label = cfgs, engine, address, label
        self.arc = arc             # each deal's arc measures too (an arc measure studied): replayed here
        self.progress = progress   # (total deals, label) -> a context giving step(n, note)
        self.dir = Path(out_dir) / "shards"
        self.dir.mkdir(parents=True, exist_ok=True)
        self.preps: dict = {}
        self.games = 0             # games played by this session
        self.play_seconds = 0.0
        self.new_shards = 0
        self.stop_after = int(os.environ.get(STOP_ENV, "0") or 0)

    def path(self, job, raw: bool = False) -> Path:
        cid, first, deals = job
        return self.dir / f"{cid}.{first:012d}.{deals}{'.rows' if raw else ''}.parquet"

    def prepared(self, cid: str):
        from sim.plan import Prepared

        if cid not in self.preps:
            self.preps[cid] = Prepared(self.cfgs[cid])
        return self.preps[cid]

    def check(self) -> None:
        """Every configuration checked (content values in range, players, bots) before any play."""
        for cid in self.cfgs:
            self.prepared(cid)

    def check_one(self, cid: str) -> None:
        self.prepared(cid)

    def tables(self, jobs: list[tuple[str, int, int]], raw: bool = False) -> dict:
        """{job: per-deal table} (the long table itself with raw): shards read from disk, the
        rest played."""
        out, todo = {}, []
        for job in jobs:
            p = self.path(job, raw)
            if p.is_file():
                out[job] = pl.read_parquet(p)
            elif job not in todo:
                todo.append(job)
        t0 = time.perf_counter()
        with self.progress(sum(job[2] for job in todo), self.label) as step:   # cli: a bar, or a line per batch
            for job, rows in self._play(todo):
                t = rows if raw else deal_table(rows)
                if self.arc and not raw:
                    t = t.join(self.deal_arcs(job), on="game_index", how="left")
                write_parquet(t, self.path(job, raw))
                out[job] = t
                self.games += rows.height // self.cfgs[job[0]].players
                self.new_shards += 1
                step(job[2], job[0])
                if self.stop_after and self.new_shards >= self.stop_after:
                    raise KeyboardInterrupt
        self.play_seconds += time.perf_counter() - t0
        return out

    def deal_arcs(self, job) -> pl.DataFrame:
        """The job's deals replayed through the game's forward model (locally, whatever the
        engine), each deal's arc measures (analysis.studies.arc.deal_arcs)."""
        from analysis.studies.arc import deal_arcs

        return deal_arcs(self.prepared(job[0]), job[1], job[2])

    def _play(self, todo):
        if self.engine == "ray":
            from sim.engine_ray import play_jobs

            yield from play_jobs(self.cfgs, todo, self.address)
            return
        for job in todo:
            prep = self.prepared(job[0])
            yield job, prep.play(*prep.rows(job[1], job[2]))

    def close(self) -> None:
        if self.engine == "ray":
            from sim.engine_ray import shutdown

            shutdown()


def concat(tables: list[pl.DataFrame]) -> pl.DataFrame:
    return pl.concat(tables, how="diagonal_relaxed").sort("game_index") if tables else pl.DataFrame()


def aligned(a: pl.DataFrame, b: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The deals both played, in the same order, with the same columns (a group missing from
    one side is null there)."""
    keys = a.select("game_index").join(b.select("game_index"), on="game_index", how="inner").sort("game_index")
    cols = sorted(set(a.columns) | set(b.columns))
    fix = lambda t: keys.join(t, on="game_index", how="left").select(  # noqa: E731
        [pl.col(c) if c in t.columns else pl.lit(None, pl.Float64).alias(c) for c in cols])
    return fix(a), fix(b)


# -- plans ----------------------------------------------------------------------------------

def base_config(game_id, players, bots, variant, sets, content_path, seed, rotate_seats, threads, engine, address):
    from sim.plan import RunConfig
    from sim.registry import get_game

    game = get_game(game_id)
    return RunConfig(game=game.id, players=game.players_or_default(players, _list(variant)),
                     bots=_list(bots or game.default_bots), games=1, seed=seed, variants=_list(variant),
                     sets=list(sets), rotate_seats=rotate_seats, threads=threads, engine=engine,
                     content_path=content_path, ray_address=address)


def config_of(plan: dict):
    from sim.plan import RunConfig

    known = RunConfig.__dataclass_fields__
    return RunConfig(**{k: v for k, v in plan["config"].items() if k in known})


def open_plan(out_dir: Path, name: str, plan: dict | None, resume: bool) -> dict:
    """The plan in out_dir (resume), or `plan` written there; a different study already in
    out_dir is one line and exit 2, never overwritten."""
    import json

    path = out_dir / name
    if resume:
        if not path.is_file():
            raise UserError(str(out_dir), None, f"no {name} here (not a `balance {name.split('.')[0]}` directory)")
        try:
            return json.loads(path.read_text())["plan"]
        except (ValueError, KeyError) as e:
            raise UserError(str(path), "plan", f"expected the study's plan ({e})") from None
    if path.is_file():
        try:
            old = json.loads(path.read_text()).get("plan")
        except ValueError:
            old = None
        if old != json.loads(json.dumps(plan, default=str)):
            raise UserError(str(out_dir), None, f"holds another study ({name}); give another --out, or "
                            f"--resume {out_dir} to finish it")
    out_dir.mkdir(parents=True, exist_ok=True)
    write_json({"plan": plan, "complete": False}, path)
    return json.loads(json.dumps(plan, default=str))


def _ray_check(engine, address):
    if address and engine != "ray":
        raise UserError("--address", None, "only applies with --engine ray")
    if engine == "ray":
        from sim.engine_ray import _ray

        _ray()


def _measures(texts, game, cfg):
    measures = [parse_measure(t, game, cfg.players, cfg.bots, cfg.variants) for t in texts]
    names = [m.name for m in measures]
    dup = next((n for n in names if names.count(n) > 1), None)
    if dup:
        raise UserError("--measure", dup, "given twice")
    return measures


def resumed(resume_dir: Path, game_id: str | None, plan_file: str, threads, engine, address):
    """--resume DIR of a study: its recorded plan, and the base configuration it played with
    this call's threads and engine (the game comes from DIR, so naming one is an error)."""
    from dataclasses import replace

    if game_id:
        raise UserError("--resume", None, "takes the game and the plan from DIR; drop GAME")
    plan = open_plan(resume_dir, plan_file, None, True)
    return plan, replace(config_of(plan), threads=threads, engine=engine, ray_address=address)
