"""Cached compiled code is never stale: a change to a module a kernel imports (a shared
constant, a game's layout, the search every game instantiates) recompiles the code that uses
it (kernels/__init__.py)."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAME_INIT = '''from kernels import keyed_cache

with keyed_cache(__file__):
    from kernels.probe.play import value
'''
PLAY = '''from numba import njit

from kernels.common import PROBE_SHARED
from kernels.probe.layout import PROBE_LAYOUT
from kernels.search import PROBE_SEARCH


@njit(cache=True)
def value():
    return PROBE_SEARCH * 100 + PROBE_SHARED * 10 + PROBE_LAYOUT
'''


def run_probe(root: Path, opt: str = "3") -> str:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["PYTHONPATH"] = str(root)
    env["NUMBA_OPT"] = opt
    r = subprocess.run([sys.executable, "-c", "from kernels.probe import value; print(value())"],
                       capture_output=True, text=True, env=env, cwd=root, timeout=300)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


@pytest.fixture
def copy(tmp_path):
    """A copy of the kernels package with a tiny game package that reads a shared constant
    and a layout constant."""
    shutil.copytree(ROOT / "kernels", tmp_path / "kernels",
                    ignore=shutil.ignore_patterns("__pycache__", "bastille*", "pimpernel*", "doppelganger*"))
    for module, name in (("common", "PROBE_SHARED"), ("search", "PROBE_SEARCH")):
        with open(tmp_path / "kernels" / f"{module}.py", "a") as f:
            f.write(f"\n{name} = 1\n")
    game = tmp_path / "kernels" / "probe"
    game.mkdir()
    (game / "__init__.py").write_text(GAME_INIT)
    (game / "layout.py").write_text("PROBE_LAYOUT = 1\n")
    (game / "play.py").write_text(PLAY)
    return tmp_path


def edit(path: Path, old: str, new: str) -> None:
    path.write_text(path.read_text().replace(old, new))


def test_a_changed_layout_or_shared_constant_recompiles_what_reads_it_at_each_level(copy):
    """Code that reads a changed layout or shared constant (common.py's, or search.py's: a
    game's search once kept a stale build when search.py changed) is compiled again, and the
    stale directory goes. `make test` compiles at -O1 (Makefile): a balance run after it must not load
    that code, so each optimisation level has its own directory."""
    assert run_probe(copy) == "111"
    assert run_probe(copy, opt="1") == "111"
    levels = sorted(p.name.split("-")[1] for p in (copy / "kernels" / "__pycache__" / "numba").glob("probe-*"))
    assert levels == ["O1", "O3"]
    edit(copy / "kernels" / "probe" / "layout.py", "PROBE_LAYOUT = 1", "PROBE_LAYOUT = 2")
    assert run_probe(copy) == "112"
    edit(copy / "kernels" / "common.py", "PROBE_SHARED = 1", "PROBE_SHARED = 3")
    assert run_probe(copy, opt="1") == "132"
    assert run_probe(copy) == "132"
    edit(copy / "kernels" / "search.py", "PROBE_SEARCH = 1", "PROBE_SEARCH = 2")
    assert run_probe(copy) == "232"
    for level in ("O1", "O3"):                          # each level's stale code is replaced
        assert len(list((copy / "kernels" / "__pycache__" / "numba").glob(f"probe-{level}-*"))) == 1
