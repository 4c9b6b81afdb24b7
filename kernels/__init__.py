"""Numba kernels: one package per game (kernels/README.md) plus shared helpers (RNG, ranking,
seat rotation, the event log).

Cached code is never stale. Numba's on-disk cache checks only the source file of the
function itself, not the modules it imports (numba issue 1833): after a change to
common.py, rng.py or a game's layout, cached code would keep the old constants and play
wrong games silently. So every function is cached in a directory named by a hash of the
files it can depend on: the shared modules for the shared code (and single-file kernels),
the shared modules plus the game's package for a game (``keyed_cache`` in its __init__).
A user's NUMBA_CACHE_DIR is respected as it is."""
from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
from pathlib import Path

import numba

HERE = Path(__file__).resolve().parent
SHARED = ("__init__.py", "common.py", "rng.py")
CACHE_ROOT = HERE / "__pycache__" / "numba"


def source_hash(files: list[Path]) -> str:
    h = hashlib.sha256()
    for p in sorted(files):
        h.update(str(p.relative_to(HERE)).encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


def cache_dir(name: str, files: list[Path]) -> Path:
    """CACHE_ROOT/<name>-<hash of files>; older directories of the same name are removed."""
    path = CACHE_ROOT / f"{name}-{source_hash(files)}"
    if not path.is_dir():
        for old in CACHE_ROOT.glob(f"{name}-*"):
            shutil.rmtree(old, ignore_errors=True)
    return path


@contextlib.contextmanager
def keyed_cache(package_init: str):
    """While a game package's modules are imported (and their functions decorated), cache
    them under a directory keyed on the package's files and the shared ones."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        yield
        return
    package = Path(package_init).resolve().parent
    files = [HERE / f for f in SHARED] + sorted(package.rglob("*.py"))
    before = numba.config.CACHE_DIR
    numba.config.CACHE_DIR = str(cache_dir(package.name, files))
    try:
        yield
    finally:
        numba.config.CACHE_DIR = before


if not os.environ.get("NUMBA_CACHE_DIR"):
    numba.config.CACHE_DIR = str(cache_dir("shared", [HERE / f for f in SHARED]))
