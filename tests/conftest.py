"""One pytest worker compiles each game's kernels: `make test` runs `--dist loadgroup`, and every
test is grouped by the game it plays (its folder tests/<game>/, or the game a generic test is
parametrised with), else by its file. With whole files per worker, the generic tests'
file compiled every game a second time beside the game's own files."""
import pytest

from sim.registry import GAME_MODULES
from tests.engine.helpers import ROOT

# the files that play on a local Ray share one worker and one Ray (a start costs seconds)
RAY_FILES = ("tests/engine/test_ray.py", "tests/tune/test_ray.py", "tests/studies/test_robust.py")


def game_of(item) -> str | None:
    parts = item.path.relative_to(item.config.rootpath).parts
    if len(parts) > 2 and parts[1] in GAME_MODULES:
        return parts[1]
    params = getattr(getattr(item, "callspec", None), "params", {})
    return next((v for v in params.values() if isinstance(v, str) and v in GAME_MODULES), None)


@pytest.hookimpl(tryfirst=True)        # before xdist's worker reads the marks into node ids
def pytest_collection_modifyitems(items):
    for item in items:
        where = item.path.relative_to(item.config.rootpath).as_posix()
        group = game_of(item) or ("ray" if where in RAY_FILES else where)
        item.add_marker(pytest.mark.xdist_group(group))


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session):
    """Grouping fails silently (a conftest hook after xdist's, or pytest 9.2, pytest-xdist
    issue 1386): every game then compiles in both workers and the suite takes twice as long."""
    if getattr(session.config.option, "loadgroup", False):          # set in xdist workers only
        if session.items and not any("@" in item.nodeid for item in session.items):
            raise pytest.UsageError("--dist loadgroup did not group the tests (pytest-xdist issue 1386)")


@pytest.fixture(scope="session")
def local_ray():
    """A two-CPU Ray for this worker's Ray tests; `--engine ray` finds it running and leaves it
    up (sim/engine_ray.connect)."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": str(ROOT)}})
    yield
    ray.shutdown()
