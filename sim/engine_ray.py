"""The Ray engine: the shards of a run played on a Ray cluster (``--engine ray``).

One long-lived worker (a Ray actor) per node, or ``ray_workers`` of them: each prepares
the configuration once (content, arrays, Numba compile or cache load: start-up, before the
run's play time) and plays the shards it is given with all of its CPUs as Numba threads.
The driver hands out shards as workers free up and writes each finished shard's table
itself, so workers need no shared filesystem and the run directory looks exactly as with
``--engine local`` (same shard files, same merge, byte-identical results). A worker that dies mid-shard loses only that
shard: the driver starts a new worker and plays the shard again (up to MAX_ATTEMPTS). On a
Ray the run did not start (a cluster, a notebook's, the tests'), its workers stay up for the next
run, which prepares them with its own configuration.

Without an address a local Ray is started (and stopped at the end); with
``--address HOST:PORT`` (or ``auto``) the run joins that cluster, whose nodes must have this
package installed (``pip install .[ray]``), or see docs/scale.md for a runtime_env.
"""
from __future__ import annotations

import os
import threading
from collections import deque
from dataclasses import asdict
from pathlib import Path
from typing import Callable

from sim.errors import UserError

MAX_ATTEMPTS = 3
FAULT_ENV = "BALANCE_TEST_KILL_SHARD"  # test hook: "K:MARKER" kills the worker playing shard K once


def _ray():
    try:
        import ray
    except ImportError:
        raise UserError("--engine", None, "ray is not installed (pip install '.[ray]')") from None
    return ray


def project_root() -> str:
    return str(Path(__file__).resolve().parents[1])


def connect(address: str | None, cpus: int | None = None) -> bool:
    """Connect to (or start) Ray; True if this call started it and must shut it down."""
    ray = _ray()
    if ray.is_initialized():
        return False
    env = {"env_vars": {"PYTHONPATH": os.pathsep.join(filter(None, [project_root(), os.environ.get("PYTHONPATH")]))}}
    try:
        if address:
            ray.init(address=address, runtime_env=env, logging_level="ERROR", log_to_driver=False)
        else:
            ray.init(num_cpus=cpus or os.cpu_count(), runtime_env=env, include_dashboard=False,
                     logging_level="ERROR", log_to_driver=False)
    except (ConnectionError, RuntimeError, ValueError) as e:
        msg = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise UserError("--address", None, f"cannot connect to Ray at {address or 'a new local cluster'}: {msg}") from None
    return True


def preflight(cfg) -> None:
    """Before anything is written: Ray is installed and the cluster's address answers."""
    _ray()
    if cfg.ray_address and cfg.ray_address not in ("auto", "local"):
        probe(cfg.ray_address)


def probe(address: str, timeout: float = 5.0) -> None:
    """Fail fast, on one line, when the cluster's address is unreachable (Ray itself retries
    for minutes and prints its own log lines)."""
    import socket

    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise UserError("--address", None, f"expected HOST:PORT or auto, got '{address}'")
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as e:
        raise UserError("--address", None, f"cannot reach a Ray cluster at {address} "
                        f"({e.strerror or type(e).__name__})") from None


def _worker_class():
    global _WORKER_CLASS
    if _WORKER_CLASS is not None:
        return _WORKER_CLASS
    ray = _ray()

    @ray.remote(max_restarts=0)
    class ShardWorker:
        """Prepares a run's configuration, then plays its shards with all its threads; kept
        for the next run while the Ray that holds it stays up."""

        def prepare(self, cfg_dict: dict, modules: dict, threads: int, fault: str = "") -> None:
            import numba

            from sim import registry
            from sim.plan import Prepared, RunConfig

            registry.GAME_MODULES.update(modules)
            self.prep = Prepared(RunConfig(**cfg_dict))
            numba.set_num_threads(max(1, min(threads, numba.config.NUMBA_NUM_THREADS)))
            self.fault = fault
            self.prep.warm_up()   # compile or load the kernels now: start-up, not play

        def play(self, k: int, first: int, deals: int):
            if self.fault:
                shard, marker = self.fault.split(":", 1)
                if int(shard) == k and not os.path.exists(marker):
                    Path(marker).write_text("killed")
                    os._exit(1)
            return k, self.prep.play_shard(first, deals)

    _WORKER_CLASS = ShardWorker
    return ShardWorker


_WORKER_CLASS = None
# Workers of finished runs, by (Ray job, slot), while the Ray they live in stays up: a new
# worker is a new process that imports the package and loads the kernels (seconds), which
# every run of a study or a notebook on the same Ray would pay again. They hold their CPUs,
# so they are ended IDLE_SECONDS after the last run, or as soon as other work needs the CPUs.
IDLE_SECONDS = 30.0
_IDLE: dict[tuple, list] = {}
_IDLE_LOCK = threading.Lock()
_IDLE_TIMER: threading.Timer | None = None


def park_workers(workers, slots) -> None:
    """Keep a finished run's workers for the next run on this Ray, for IDLE_SECONDS."""
    global _IDLE_TIMER
    job = _ray().get_runtime_context().get_job_id()
    with _IDLE_LOCK:
        for w, slot in zip(workers, slots):
            _IDLE.setdefault((job, slot), []).append(w)
        if _IDLE_TIMER is not None:
            _IDLE_TIMER.cancel()
        _IDLE_TIMER = threading.Timer(IDLE_SECONDS, release_workers)
        _IDLE_TIMER.daemon = True
        _IDLE_TIMER.start()


def release_workers(keep: list | None = None) -> dict:
    """End every idle worker, except those of slots in ``keep`` (one each, returned by slot)."""
    ray = _ray()
    with _IDLE_LOCK:
        live = ray.is_initialized()
        job = ray.get_runtime_context().get_job_id() if live else None
        idle = {slot: ws for (j, slot), ws in _IDLE.items() if j == job}    # others: a Ray since shut down
        _IDLE.clear()
        kept = {}
        for slot in keep or []:
            if idle.get(slot):
                kept.setdefault(slot, []).append(idle[slot].pop())
        for w in (w for ws in idle.values() for w in ws):
            ray.kill(w, no_restart=True)
    return kept


def new_worker(slot):
    """A new worker for slot (node, CPUs)."""
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    node, cpus = slot
    opts = {"num_cpus": cpus}
    if node:
        opts["scheduling_strategy"] = NodeAffinitySchedulingStrategy(node_id=node, soft=True)
    return _worker_class().options(**opts).remote()


def take_workers(slots) -> list:
    """A worker for each slot: an idle one of this Ray where one fits, else a new one (idle
    workers left over are ended first: they hold CPUs a new worker may need)."""
    kept = release_workers(keep=slots)
    return [kept[s].pop() if kept.get(s) else new_worker(s) for s in slots]


def worker_slots(cfg) -> list[tuple[str | None, int]]:
    """(node id, CPUs) for each worker: cfg.ray_workers even ones, else one per alive node."""
    ray = _ray()
    if cfg.ray_workers:
        total = int(ray.cluster_resources().get("CPU", 1))
        per = max(1, total // cfg.ray_workers)
        return [(None, per)] * cfg.ray_workers
    nodes = [n for n in ray.nodes() if n.get("Alive") and n.get("Resources", {}).get("CPU", 0) >= 1]
    return [(n["NodeID"], int(n["Resources"]["CPU"])) for n in nodes] or [(None, 1)]


def play_shards(cfg, todo: list[tuple[int, int, int]], save: Callable[[int, object], None],
                log: Callable[[str], None] = lambda m: None, ready: Callable[[], None] = lambda: None) -> None:
    """Play the shards ``todo`` [(k, first, deals)] on Ray; ``save(k, payload)`` each as it ends.
    ``ready()`` is called once every worker has its kernels: the run's play time starts there."""
    if not todo:
        return
    ray = _ray()
    from ray.exceptions import RayActorError, RayTaskError

    from sim import registry

    import signal

    main = threading.current_thread() is threading.main_thread()
    term = signal.getsignal(signal.SIGTERM) if main else None
    started = connect(cfg.ray_address, cpus=None)
    if term is not None:  # Ray installs a fatal-signal handler; SIGTERM stays a clean stop
        signal.signal(signal.SIGTERM, term)
    cfg_dict = asdict(cfg)
    modules = {cfg.game: registry.GAME_MODULES[cfg.game]}
    fault = os.environ.get(FAULT_ENV, "")
    slots = worker_slots(cfg)
    workers = take_workers(slots)
    preparing = [w.prepare.remote(cfg_dict, modules, cpus, fault) for w, (_, cpus) in zip(workers, slots)]
    queue = deque(todo)
    attempts: dict[int, int] = {}
    pending = {}  # object ref -> (worker index, shard)
    finished = False

    def submit(i: int) -> None:
        if queue:
            k, first, deals = queue.popleft()
            pending[workers[i].play.remote(k, first, deals)] = (i, (k, first, deals))

    try:
        try:
            ray.get(preparing)   # every worker prepared and warm
        except (RayActorError, RayTaskError):
            pass   # a worker that cannot start fails its first shard below, and is replaced
        ready()
        for i in range(len(workers)):
            submit(i)
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            ref = ready[0]
            i, shard = pending.pop(ref)
            try:
                k, payload = ray.get(ref)
            except RayActorError as e:
                attempts[shard[0]] = attempts.get(shard[0], 0) + 1
                if attempts[shard[0]] >= MAX_ATTEMPTS:
                    why = (str(e).strip().splitlines() or ["worker died"])[0][:200]
                    raise UserError("--engine ray", None, f"shard {shard[0]} failed {MAX_ATTEMPTS} times "
                                    f"({why}); finished shards are kept") from None
                log(f"warning: a Ray worker died playing shard {shard[0]}; playing it again")
                ray.kill(workers[i], no_restart=True)
                workers[i] = new_worker(slots[i])
                workers[i].prepare.remote(cfg_dict, modules, slots[i][1], fault)
                queue.appendleft(shard)
                submit(i)
                continue
            except RayTaskError as e:
                cause = e.cause if isinstance(getattr(e, "cause", None), BaseException) else None
                if isinstance(cause, UserError):
                    raise cause from None
                raise
            save(k, payload)
            submit(i)
        finished = True
    finally:
        if finished and not started:        # idle now: the next run on this Ray takes them
            park_workers(workers, slots)
        else:
            for w in workers:
                try:
                    ray.kill(w, no_restart=True)
                except Exception:
                    pass
        if started:
            ray.shutdown()


def _job_task():
    ray = _ray()

    @ray.remote(max_retries=MAX_ATTEMPTS - 1)
    def play_job(cfg_dict: dict, modules: dict, first: int, deals: int):
        """One job of an analysis loop (balance sensitivity / tune): the long table of deals
        [first, first + deals) of one configuration. Ray reuses its worker processes, so the
        kernels are compiled or loaded once per worker."""
        from sim import registry
        from sim.plan import Prepared, RunConfig

        registry.GAME_MODULES.update(modules)
        prep = Prepared(RunConfig(**cfg_dict))
        return prep.play(*prep.rows(first, deals))

    return play_job


def play_jobs(cfgs: dict, jobs: list[tuple[str, int, int]], address: str | None = None):
    """Play jobs [(config id, first deal, deals)] of the RunConfigs ``cfgs`` on Ray, yielding
    (job, long table) as each ends (in any order). Ray stays up for the next call; the
    caller shuts it down (``shutdown``)."""
    if not jobs:
        return
    ray = _ray()
    from ray.exceptions import RayTaskError

    from sim import registry

    global _STUDY_STARTED_RAY
    _STUDY_STARTED_RAY = connect(address) or _STUDY_STARTED_RAY
    release_workers()                    # idle run workers would hold the CPUs the jobs need
    task = _job_task()
    pending = {}
    for job in jobs:
        cfg = cfgs[job[0]]
        pending[task.remote(asdict(cfg), {cfg.game: registry.GAME_MODULES[cfg.game]}, job[1], job[2])] = job
    while pending:
        done, _ = ray.wait(list(pending), num_returns=1)
        job = pending.pop(done[0])
        try:
            yield job, ray.get(done[0])
        except RayTaskError as e:
            cause = e.cause if isinstance(getattr(e, "cause", None), BaseException) else None
            if isinstance(cause, UserError):
                raise cause from None
            raise


def shutdown() -> None:
    """End the Ray a study's play_jobs started; a Ray the caller started (a notebook, a
    cluster already connected) is theirs and stays up."""
    global _STUDY_STARTED_RAY
    if _STUDY_STARTED_RAY and _ray().is_initialized():
        _ray().shutdown()
    _STUDY_STARTED_RAY = False


_STUDY_STARTED_RAY = False
