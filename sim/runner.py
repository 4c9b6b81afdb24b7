"""Runs a configuration: deals split into shards of (seed, game_index) ranges, each shard
played in batches by the game's kernel (Numba threads over games) and written atomically
as it finishes, beside a manifest; the shards are then merged into results.parquet (or,
with ``aggregate``, into the statistics tables of ``sim.stats``) beside run.json.

A run directory is always in one of three states:

- complete: ``results.parquet`` (or the two statistics tables) and ``run.json``;
- unfinished: ``shards/manifest.json`` plus the shards finished so far; ``resume()``
  (``balance run --resume DIR``) plays only the missing shards, and the merged results
  equal an uninterrupted run's, byte for byte. ``extend()`` (``balance run --extend DIR
  -n MORE``) turns a complete run into the unfinished run of a larger size and finishes it;
- anything else is reported, never silently used.

Shards are played by an engine: ``local`` (this process, Numba threads) or ``ray``
(``sim.engine_ray``: one worker per node, shards as tasks, results sent back to this
process, which writes them). Either way the files are the same.
"""
from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import tempfile
import threading
import time
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Callable

import polars as pl

from sim.errors import UserError
from sim.plan import (Prepared, RunConfig, Timing, git_revision, run_metadata,
                      set_threads, shard_ranges)
from sim.registry import take_load_seconds
from sim.results import write_json, write_parquet
from sim.stats import (HIST_FILE, MOMENTS_FILE, SUFF_FILE, merge, merge_stats, read_stats, reduce_rows,
                       write_stats)

MANIFEST = "manifest.json"
MANIFEST_FORMAT = 1
RESULT_FILES = ("results.parquet", SUFF_FILE, MOMENTS_FILE, HIST_FILE, "run.json")
class Interrupted(Exception):
    """Ctrl-C (or SIGTERM) during a run: the finished shards are kept and can be resumed."""

    def __init__(self, out_dir: Path, done: int, total: int):
        self.out_dir, self.done, self.total = out_dir, done, total
        super().__init__(f"interrupted: {done} of {total} shards are saved in {out_dir}; "
                         f"resume with: balance run --resume {out_dir}")


@dataclass
class Session:
    """What this session did before ``execute``: when it began, and the games (with their
    seconds of play) an extension played to complete the old run's last shard."""
    t0: float = field(default_factory=time.perf_counter)
    played: int = 0
    play: float = 0.0

    def timed_play(self, fn, games: int):
        t = time.perf_counter()
        out = fn()
        self.play += time.perf_counter() - t
        self.played += games
        return out


@dataclass
class Outcome:
    meta: dict
    stats: pl.DataFrame       # per-(variant, seat, bot, role) sufficient statistics
    hist: pl.DataFrame
    out_dir: Path


# -- the run directory ------------------------------------------------------------------------
def shard_file(k: int, part: str) -> str:
    return f"shard-{k:06d}.{part}.parquet"


def shard_parts(aggregate_mode: bool) -> tuple[str, ...]:
    """A shard's files in the order written; the last one marks the shard complete."""
    return ("hist", "suff", "moments") if aggregate_mode else ("hist", "moments", "rows")


def manifest_for(cfg: RunConfig, prep: Prepared) -> dict:
    return {"format": MANIFEST_FORMAT, "config": cfg.plan_fields(),
            "content_hash": prep.content.hash(), "players": cfg.players,
            "rows_per_shard_deal": prep.rotations * cfg.players, "git_revision": git_revision(),
            "shards": shard_ranges(cfg.games, cfg.shard_deals)}


def read_manifest(out_dir: Path) -> dict | None:
    path = Path(out_dir) / "shards" / MANIFEST
    if not path.exists():
        return None
    try:
        m = json.loads(path.read_text())
        if m.get("format") != MANIFEST_FORMAT or not isinstance(m.get("config"), dict):
            raise ValueError("unknown format")
        m["shards"] = [tuple(s) for s in m["shards"]]
        return m
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise UserError(str(path), None, f"corrupt run manifest ({e}); remove the directory and run again") from None


def check_writable(out_dir: Path) -> None:
    """Create out_dir and prove a file can be written there, before any game is played."""
    try:
        (out_dir / "shards").mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".probe.", dir=out_dir)
        try:
            os.write(fd, b"x")
        finally:
            os.close(fd)
            os.unlink(probe)
    except OSError as e:
        raise UserError(str(out_dir), None, f"cannot write the output directory ({e.strerror or e})") from None


def _clean_temps(d: Path) -> None:
    for p in d.glob(".*.tmp"):
        p.unlink(missing_ok=True)


def done_shards(out_dir: Path, manifest: dict, aggregate_mode: bool, log) -> set[int]:
    """Shards already on disk and sound; an unreadable or short one is removed and replayed."""
    import pyarrow.parquet as pq

    shard_dir = out_dir / "shards"
    done = set()
    per_deal = manifest["rows_per_shard_deal"]
    parts = shard_parts(aggregate_mode)
    for k, (first, deals) in enumerate(manifest["shards"]):
        files = [shard_dir / shard_file(k, p) for p in parts]
        if not files[-1].exists():
            continue
        try:
            rows = [pq.read_metadata(f).num_rows for f in files]
            if not aggregate_mode and rows[-1] != deals * per_deal:
                raise ValueError(f"{rows[-1]} rows, expected {deals * per_deal}")
            done.add(k)
        except Exception as e:  # truncated, foreign or short file
            log(f"warning: shard {k} in {shard_dir} is damaged ({e}); it will be played again")
            for f in files:
                f.unlink(missing_ok=True)
    return done


# -- running ----------------------------------------------------------------------------------
def run(cfg: RunConfig, out_dir: Path, progress=None) -> tuple[pl.DataFrame, dict]:
    """Play the whole configuration; return (results rows, run.json). Rows mode only needs
    memory for the whole table here; the CLI uses ``execute`` and never loads it."""
    o = execute(cfg, out_dir, progress=progress)
    if cfg.aggregate:
        return o.stats, o.meta
    return pl.read_parquet(Path(out_dir) / "results.parquet"), o.meta


def resume(out_dir: Path, threads: int | None = None, engine: str | None = None,
           ray_address: str | None = None, ray_workers: int | None = None,
           batch_size: int | None = None, progress=None, log=None) -> Outcome | None:
    """Finish an unfinished run; None if the directory holds a complete run already."""
    out_dir = Path(out_dir)
    if not out_dir.is_dir():
        raise UserError(str(out_dir), None, "no such run directory")
    manifest = read_manifest(out_dir)
    if manifest is None:
        if (out_dir / "run.json").is_file() and any((out_dir / f).is_file() for f in RESULT_FILES[:2]):
            return None
        raise UserError(str(out_dir), None, "not an unfinished run (no shards/manifest.json)")
    known = {f.name for f in fields(RunConfig)}
    try:
        cfg = RunConfig(**{k: v for k, v in manifest["config"].items() if k in known})
    except TypeError as e:
        raise UserError(str(out_dir / "shards" / MANIFEST), None, f"corrupt run manifest ({e})") from None
    for name, value in (("threads", threads), ("engine", engine), ("ray_address", ray_address),
                        ("ray_workers", ray_workers), ("batch_size", batch_size)):
        if value is not None:
            setattr(cfg, name, value)
    return execute(cfg, out_dir, progress=progress, log=log, resuming=True)


def extended_size(out_dir: Path, more: int) -> int:
    """Deals of the run in out_dir plus ``more`` (a progress bar's length; 0 if unreadable)."""
    try:
        return int(json.loads((Path(out_dir) / "run.json").read_text())["config"]["games"]) + more
    except Exception:
        return 0


class ExtensionInterrupted(Interrupted):
    """Ctrl-C while an extension was still preparing: nothing was added, the run is as it was."""

    def __init__(self, out_dir: Path, games: int):
        Exception.__init__(self, f"interrupted: nothing was added; {out_dir} still holds the complete run "
                                 f"of {games:,} deals")
        self.out_dir, self.done, self.total = out_dir, 0, 0


def extend(out_dir: Path, more: int, threads: int | None = None, engine: str | None = None,
           ray_address: str | None = None, ray_workers: int | None = None, batch_size: int | None = None,
           progress=None, log=None) -> Outcome:
    """Play ``more`` further deals of the complete run in out_dir (same configuration and seed,
    deals N .. N+more-1 where N is the run's deal count) and merge them in: the directory
    then holds exactly what a run of N+more deals writes (results.parquet byte for byte;
    in aggregate mode the same tables: integer columns and histograms exactly, float sums
    bit for bit whenever they are exact in float64 (integer metrics, win shares 1 and 1/2);
    otherwise up to rounding, as with a changed --batch-size), and run.json says so
    (``games`` is the total, ``extended_from`` lists the earlier sizes).

    How: the run is turned back into shards of the total configuration. Shards wholly
    inside the old run are recreated from its results (rows mode: the rows of each shard;
    aggregate mode: the old tables as shard 0, shards 1..k-1 empty); the old run's partial
    last shard, if any, is completed by playing only its missing deals. Then the manifest
    of the total configuration is written, and ``execute`` plays the remaining shards and
    merges, as a resumed run does.

    Interrupts: until the manifest is written (the commit point) the old run is untouched
    (Ctrl-C removes what was prepared; after a kill, stray files in shards/ without a
    manifest are ignored by every reader and removed by the next run or extension). From
    then on the directory is an unfinished run of the total size: ``balance run --resume
    DIR`` finishes it; until the merge replaces them the old results stay readable."""
    import pyarrow.parquet as pq

    session = Session()
    out_dir = Path(out_dir)
    log = log or (lambda msg: None)
    if not out_dir.is_dir():
        raise UserError(str(out_dir), None, "no such run directory")
    if read_manifest(out_dir) is not None:
        raise UserError(str(out_dir), None, "holds an unfinished run: finish it with "
                        f"`balance run --resume {out_dir}`, then extend it")
    if not (out_dir / "run.json").is_file():
        raise UserError(str(out_dir), None, "not a complete run (no run.json): nothing to extend")
    from sim.results import read_run_json

    meta = read_run_json(out_dir)
    known = {f.name for f in fields(RunConfig)}
    try:
        old = RunConfig(**{k: v for k, v in meta["config"].items() if k in known})
        n_old = int(old.games)
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise UserError(str(out_dir / "run.json"), "config", f"not a run configuration ({e})") from None
    need = (SUFF_FILE, MOMENTS_FILE, HIST_FILE) if old.aggregate else ("results.parquet",)
    missing = [f for f in need if not (out_dir / f).is_file()]
    if missing:
        raise UserError(str(out_dir), None, f"not a complete run (no {missing[0]}): nothing to extend")
    if not isinstance(more, int) or more < 1:
        raise UserError("-n", None, f"expected at least 1 deal to add, got {more}")
    cfg = replace(old, games=n_old + more)
    for name, value in (("threads", threads), ("engine", engine), ("ray_address", ray_address),
                        ("ray_workers", ray_workers), ("batch_size", batch_size)):
        if value is not None:
            setattr(cfg, name, value)
    prep = Prepared(cfg)
    now = prep.content.hash()
    if meta.get("content_hash") != now:
        raise UserError(str(prep.content.path), None, f"the content changed since the run in {out_dir} "
                        f"(hash {meta.get('content_hash')}, now {now}); extending would mix two contents: "
                        "start a new run")
    set_threads(cfg.threads)
    per_deal = prep.rotations * cfg.players
    results = out_dir / "results.parquet"
    try:
        if old.aggregate:
            moments0, hist0 = read_stats(out_dir)
            suff0 = pl.read_parquet(out_dir / SUFF_FILE)
            rows_old = int(moments0["games"].sum())
        else:
            rows_old = pq.read_metadata(results).num_rows
    except UserError:
        raise
    except Exception as e:  # truncated or foreign file
        raise UserError(str(out_dir), None, f"the run's tables are not readable ({type(e).__name__})") from None
    if rows_old != n_old * per_deal:
        raise UserError(str(out_dir), None, f"the results hold {rows_old} seat rows, run.json's {n_old} deals "
                        f"make {n_old * per_deal}: not a run this command can extend")
    if cfg.engine == "ray":
        from sim import engine_ray
        engine_ray.preflight(cfg)
    shards = shard_ranges(cfg.games, cfg.shard_deals)
    k_full, partial = divmod(n_old, cfg.shard_deals)
    prepared = k_full + (1 if partial else 0)      # shards 0 .. prepared-1 are written here
    shard_dir = out_dir / "shards"
    check_writable(out_dir)
    for p in [*shard_dir.glob("shard-*.parquet"), *shard_dir.glob(".*.tmp")]:  # left by a killed attempt
        p.unlink()
    manifest = manifest_for(cfg, prep)
    manifest["extended_from"] = [*meta.get("extended_from", []), {
        "games": n_old, "games_played": meta.get("games_played"), "wall_seconds": meta.get("wall_seconds"),
        "startup_seconds": meta.get("startup_seconds"), "play_seconds": meta.get("play_seconds"),
        "git_revision": meta.get("git_revision"), "engine": meta["config"].get("engine"),
        "threads": meta.get("threads")}]

    def write(k: int, payload: dict) -> None:
        for part in shard_parts(cfg.aggregate):
            path = shard_dir / shard_file(k, part)
            try:
                write_parquet(payload[part], path)
            except OSError as e:
                raise UserError(str(path), None, f"cannot write: {e.strerror or e}; the run in {out_dir} "
                                "is unchanged") from None

    def rows_payload(rows: pl.DataFrame) -> dict:
        stats, hist = reduce_rows(rows, prep.game.end_reasons)
        return {"rows": rows, "moments": stats, "hist": hist}

    def old_rows(first: int, deals: int) -> pl.DataFrame:
        rows = pl.scan_parquet(results).slice(first * per_deal, deals * per_deal).collect().rechunk()
        gi = rows["game_index"]
        if (rows.height != deals * per_deal or gi.min() != first or gi.max() != first + deals - 1
                or rows["seed"].n_unique() != 1 or rows["seed"][0] != cfg.seed):
            raise UserError(str(results), None, f"rows of deals {first}..{first + deals - 1} are not where "
                            "the runner writes them: not a run this command can extend")
        return rows

    with _interrupts_as_keyboard() as guard:
        try:
            # The tables this code writes must have the old run's columns, or the merge would mix
            # two versions of the results contract: compare with one deal played now.
            probe = prep.play_shard(0, 1)
            if old.aggregate:
                same = all(set(a.columns) == set(b.columns) for a, b in
                           ((moments0, probe["moments"]), (hist0, probe["hist"]), (suff0, probe["suff"])))
            else:
                same = pl.read_parquet_schema(results) == probe["rows"].schema
            if not same:
                raise UserError(str(out_dir), None, "the run's tables have other columns than this version "
                                "writes (it was made by another version of balance): start a new run")
            if old.aggregate:
                parts: dict[int, list[dict]] = {k: [] for k in range(prepared)}
                parts[0].append({"moments": moments0, "hist": hist0, "suff": suff0})
                if partial:
                    first, deals = shards[k_full]
                    n = first + deals - n_old
                    parts[k_full].append(session.timed_play(lambda: prep.play_shard(n_old, n), n * prep.rotations))
                for k in range(prepared):
                    ps = parts[k]
                    if not ps:
                        payload = {"moments": moments0.clear(), "hist": hist0.clear(), "suff": suff0.clear()}
                    elif len(ps) == 1:
                        payload = ps[0]
                    else:

                        m, h = merge([(p["moments"], p["hist"]) for p in ps])
                        payload = {"moments": m, "hist": h, "suff": merge_stats([p["suff"] for p in ps])}
                    write(k, payload)
            else:
                for k in range(k_full):
                    write(k, rows_payload(old_rows(*shards[k])))
                if partial:
                    first, deals = shards[k_full]
                    gi, rot = prep.rows(n_old, first + deals - n_old)
                    rows = pl.concat([old_rows(first, partial),
                                      session.timed_play(lambda: prep.play(gi, rot), len(gi))]).rechunk()
                    write(k_full, rows_payload(rows))
            # The commit point: from here on the directory is an unfinished run of the total size.
            try:
                write_json(manifest, shard_dir / MANIFEST)
            except OSError as e:
                raise UserError(str(shard_dir / MANIFEST), None, f"cannot write: {e.strerror or e}; the run "
                                f"in {out_dir} is unchanged") from None
        except BaseException as e:
            shutil.rmtree(shard_dir, ignore_errors=True)
            if isinstance(e, KeyboardInterrupt):
                guard.fired = True
                raise ExtensionInterrupted(out_dir, n_old) from None
            raise
    log(f"extending {out_dir} from {n_old:,} to {cfg.games:,} deals")
    if meta.get("git_revision") != manifest["git_revision"]:
        log(f"warning: the code changed since this run (git {meta.get('git_revision')}, now "
            f"{manifest['git_revision']}); the added deals are played by the current code")
    return execute(cfg, out_dir, progress=progress, log=log, resuming=True, session=session)


def execute(cfg: RunConfig, out_dir: Path, progress=None, log: Callable[[str], None] | None = None,
            resuming: bool = False, session: Session | None = None) -> Outcome:
    """Play every missing shard of the configuration into out_dir, then merge. run.json
    times start-up (to the kernels' first game), play and writing apart (``Timing``)."""
    log = log or (lambda msg: None)
    session = session or Session()
    session.t0 -= take_load_seconds(cfg.game)   # a game whose import compiled its kernels
    prep = Prepared(cfg)
    threads = set_threads(cfg.threads)
    out_dir = Path(out_dir)
    if cfg.engine == "ray":
        from sim import engine_ray
        engine_ray.preflight(cfg)
    check_writable(out_dir)
    shard_dir = out_dir / "shards"
    manifest = manifest_for(cfg, prep)
    existing = read_manifest(out_dir)
    if existing is not None:
        if existing["config"] != manifest["config"] or existing["shards"] != manifest["shards"]:
            raise UserError(str(out_dir), None, "holds an unfinished run of another configuration: "
                            f"resume it with `balance run --resume {out_dir}` or choose another --out")
        if existing["content_hash"] != manifest["content_hash"]:
            raise UserError(str(out_dir), None, "the content changed since this run started "
                            f"(hash {existing['content_hash']}, now {manifest['content_hash']})")
        if not resuming:
            log(f"resuming the unfinished run in {out_dir}")
        if existing.get("git_revision") != manifest["git_revision"]:
            log(f"warning: the code changed since this run started (git {existing.get('git_revision')}, "
                f"now {manifest['git_revision']}); shards already played are kept")
    else:
        if resuming:
            raise UserError(str(out_dir), None, "not an unfinished run (no shards/manifest.json)")
        for p in shard_dir.glob("shard-*.parquet"):
            p.unlink()
        _write(lambda: write_json(manifest, shard_dir / MANIFEST), shard_dir / MANIFEST, out_dir)
    _clean_temps(shard_dir)
    _clean_temps(out_dir)
    shards = manifest["shards"]
    done = done_shards(out_dir, manifest, cfg.aggregate, log)
    todo = [(k, first, deals) for k, (first, deals) in enumerate(shards) if k not in done]
    if done:
        log(f"{len(done)} of {len(shards)} shards already played; playing the other {len(todo)}")
        if progress:
            progress(sum(shards[k][1] for k in done))

    def save(k: int, payload: dict) -> None:
        for part in shard_parts(cfg.aggregate):
            path = shard_dir / shard_file(k, part)
            _write(lambda: write_parquet(payload[part], path), path, out_dir)
        done.add(k)
        if progress:
            progress(shards[k][1])

    play_from = []   # when the kernels were ready: play starts

    def ready() -> None:
        play_from.append(time.perf_counter())

    with _interrupts_as_keyboard() as guard:
        try:
            if cfg.engine == "ray":
                from sim import engine_ray
                engine_ray.play_shards(cfg, todo, save, log=log, ready=ready)
            elif cfg.engine == "local":
                if todo:
                    prep.warm_up()
                ready()
                for k, first, deals in todo:
                    save(k, prep.play_shard(first, deals))
            else:
                raise UserError("--engine", None, f"expected local or ray, got '{cfg.engine}'")
            write_from = time.perf_counter()
            # a finished run this one replaces stays whole until now (a new run killed while it
            # plays loses nothing); never mix the two: its files go before this run's are written
            for name in RESULT_FILES:
                (out_dir / name).unlink(missing_ok=True)
            stats, hist = merge_shards(cfg, prep, out_dir, len(shards))
        except KeyboardInterrupt:
            guard.fired = True
            _clean_temps(shard_dir)
            _clean_temps(out_dir)
            raise Interrupted(out_dir, len(done), len(shards)) from None
    write = time.perf_counter() - write_from
    play = session.play + write_from - (play_from[0] if play_from else write_from)
    timing = Timing(startup=write_from - session.t0 - play, play=play, write=write)   # sums to the wall time
    played_now = sum(deals for _, _, deals in todo) * prep.rotations + session.played
    meta = run_metadata(cfg, prep, threads, timing, cfg.games * prep.rotations, played_now)
    meta["shards"] = {"count": len(shards), "deals_per_shard": cfg.shard_deals,
                      "resumed_from": len(shards) - len(todo)}
    meta["mode"] = "aggregate" if cfg.aggregate else "rows"
    if existing is not None and existing.get("extended_from"):   # an extension (see extend())
        meta["extended_from"] = existing["extended_from"]
    with _interrupts_as_keyboard():
        _write(lambda: write_json(meta, out_dir / "run.json"), out_dir / "run.json", out_dir)
        (shard_dir / MANIFEST).unlink(missing_ok=True)   # from here on the run is complete
        shutil.rmtree(shard_dir, ignore_errors=True)
    return Outcome(meta, stats, hist, out_dir)


def merge_shards(cfg: RunConfig, prep: Prepared, out_dir: Path, n_shards: int):
    """Shard files -> the run's tables (streamed: never the whole table in memory), and the
    merged statistics the summary is printed from. The bytes depend only on the shards."""
    shard_dir = out_dir / "shards"
    parts = [(pl.read_parquet(shard_dir / shard_file(k, "moments")), pl.read_parquet(shard_dir / shard_file(k, "hist")))
             for k in range(n_shards)]
    stats, hist = merge(parts)
    if cfg.aggregate:
        suff = merge_stats([pl.read_parquet(shard_dir / shard_file(k, "suff")) for k in range(n_shards)])
        _write(lambda: write_parquet(suff, out_dir / SUFF_FILE), out_dir / SUFF_FILE, out_dir)
        _write(lambda: write_stats(stats, hist, out_dir, write_parquet), out_dir, out_dir)
        return stats, hist
    from sim.results import atomic_path

    target = out_dir / "results.parquet"

    def write_merged():
        tmp = atomic_path(target)
        try:
            files = [str(shard_dir / shard_file(k, "rows")) for k in range(n_shards)]
            pl.scan_parquet(files).sink_parquet(tmp, compression="zstd", statistics=True)
            os.replace(tmp, target)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise

    _write(write_merged, target, out_dir)
    return stats, hist


def _write(fn, path: Path, out_dir: Path) -> None:
    """Run a write; disk-full and permission errors become one line (no partial file is left:
    every writer writes a temporary file and renames it)."""
    try:
        fn()
    except OSError as e:
        hint = " (disk full)" if e.errno == errno.ENOSPC else ""
        raise UserError(str(path), None, f"cannot write: {e.strerror or e}{hint}; finished shards are "
                        f"kept, resume with `balance run --resume {out_dir}`") from None


class _interrupts_as_keyboard:
    """While a run is in progress, Ctrl-C and SIGTERM raise KeyboardInterrupt once; later
    ones are ignored while the interrupted run tidies up (a library that checks for signals
    may otherwise deliver the same Ctrl-C twice). Main thread only; handlers restored after."""

    def __enter__(self):
        self.old = None
        self.fired = False
        if threading.current_thread() is threading.main_thread():
            self.old = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
            for s in self.old:
                signal.signal(s, self._handler)
        return self

    def _handler(self, signum, frame):
        if not self.fired:
            self.fired = True
            raise KeyboardInterrupt

    def __exit__(self, *exc):
        if self.old is not None:
            for s, h in self.old.items():
                signal.signal(s, h if h is not None else signal.SIG_DFL)
        return False
