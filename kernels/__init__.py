"""Numba kernels: one package per game (kernels/README.md) plus shared helpers (RNG, ranking,
seat rotation, the event log).

Cached code is never stale. Numba's on-disk cache checks only the source file of the
function itself, not the modules it imports (numba issue 1833): after a change to
common.py, rng.py or a game's layout, cached code would keep the old constants and play
wrong games silently. So every function is cached in a directory named by a hash of the
files it can depend on: the shared modules (every module of this package's top level) for the
shared code, the shared modules plus the game's package for a game (``keyed_cache`` in its __init__).
Numba's cache ignores the optimisation level too (NUMBA_OPT): code compiled at -O1 for the
test suite would be loaded by the next balance run. The directory names the level.
A user's NUMBA_CACHE_DIR is respected as it is."""
from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
from pathlib import Path

# OpenMP (Numba's threading layer) keeps idle threads spinning after each parallel loop. Beside
# other busy processes (pytest's workers, Ray's, a designer's other work) the spinning steals
# their cores: two Emerald games per call once took 31 ms instead of 2.2 ms on a loaded 2-core
# machine. The games' batches run on Python threads now (threads.py); Bastille's bench_prepare
# is the one parallel loop left. Set before the runtime loads; a user's own setting stands.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

import numba  # noqa: E402

HERE = Path(__file__).resolve().parent
# every module beside this one: the games' kernels import them (common, rng, the search written
# once), so a change to any of them must recompile every game
SHARED = tuple(sorted(p.name for p in HERE.glob("*.py")))
CACHE_ROOT = HERE / "__pycache__" / "numba"


def source_hash(files: list[Path]) -> str:
    h = hashlib.sha256()
    for p in sorted(files):
        h.update(str(p.relative_to(HERE)).encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


def cache_dir(name: str, files: list[Path]) -> Path:
    """CACHE_ROOT/<name>-O<level>-<hash of files>; older directories of the same name and
    level are removed."""
    name = f"{name}-O{int(numba.config.OPT)}"
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


def compile_calls_unliteral() -> None:
    """Compile a kernel called from another kernel for its arguments' plain types. Numba types
    a constant argument as its literal value (``f(st, 3)`` as Literal[int](3)) and a field of an
    int32 row as int32, so every call site that passed other constants or widths compiled the
    callee again: 448 of the suite's 1,202 compiles were literal signatures, A Study in
    Emerald's ``log_event`` had 130. Here integer scalars below 64 bits are passed as int64
    (the width Numba computes in anyway; uint64 random streams keep theirs). Only our kernels
    are compiled so (Numba's own internals need their types); the plain signature is tried
    first, and a callee that needs the literal (a constant index into a
    heterogeneous tuple) falls back to it. The games are the same (the golden hashes)."""
    from numba.core import errors, types
    from numba.core.dispatcher import _DispatcherBase

    literal_template = _DispatcherBase.get_call_template
    if getattr(literal_template, "unliteral", False):
        return

    def plain_type(t):
        t = types.unliteral(t)
        if isinstance(t, types.Integer) and t.bitwidth < 64:
            return types.int64       # a field read from an int32 row and a count are one signature
        return t

    def get_call_template(self, args, kws):
        if not self.py_func.__module__.startswith(__name__ + "."):   # Numba's own internals as they are
            return literal_template(self, args, kws)
        plain = tuple(plain_type(a) for a in args)
        plain_kws = {k: plain_type(v) for k, v in kws.items()}
        if plain != tuple(args) or plain_kws != kws:
            try:
                return literal_template(self, plain, plain_kws)
            except errors.TypingError:
                pass
        return literal_template(self, args, kws)

    get_call_template.unliteral = True
    _DispatcherBase.get_call_template = get_call_template


compile_calls_unliteral()
