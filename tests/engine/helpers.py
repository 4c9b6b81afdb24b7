"""Shared helpers of the engine tests: the CLI in-process and as a subprocess."""
from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

from sim.registry import game_ids

ROOT = Path(__file__).resolve().parents[2]
# `balance` with the toy game registered too (as tests/engine/conftest.py does in-process).
BALANCE = [sys.executable, "-c", "import tests.engine.conftest; from cli import main; main()"]


def games() -> list[str]:
    """Every registered game whose module is present, plus the toy game of these tests."""
    from importlib.util import find_spec

    from sim.registry import GAME_MODULES

    return [g for g in game_ids() if find_spec(GAME_MODULES[g]) is not None]


def cli(args: list[str]) -> tuple[int, str, str]:
    """Run `balance ARGS` in this process: (exit code, stdout, stderr)."""
    from cli import main

    out, err = io.StringIO(), io.StringIO()
    old = sys.argv
    sys.argv = ["balance", *map(str, args)]
    code = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main()
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    finally:
        sys.argv = old
    return code, out.getvalue(), err.getvalue()


def env() -> dict:
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}


def spawn(args: list[str], **kw) -> subprocess.Popen:
    return subprocess.Popen([*BALANCE, *map(str, args)], cwd=ROOT, env=env(), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **kw)


def balance(args: list[str], timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([*BALANCE, *map(str, args)], cwd=ROOT, env=env(), capture_output=True,
                          text=True, timeout=timeout)
