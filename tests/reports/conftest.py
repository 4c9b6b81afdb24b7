"""Shared fixtures: crafted run and sweep directories, and a headless Chromium."""
import fcntl
import json
import os
import shutil
import subprocess
import pytest

from tests.analysis.synth_results import crafted_results, ladder_results, write_run

ROLES = ["red", "blue", "green", "gold"]


@pytest.fixture(scope="session")
def crafted_dirs(tmp_path_factory):
    """A and B (paired: same seed and deals), a seat-rotated ladder run, a two-point sweep."""
    root = tmp_path_factory.mktemp("runs")
    a = write_run(crafted_results(3000, (0.34, 0.26, 0.2, 0.2), roles=ROLES, cap_p=0.01, seed=3), root / "A")
    b = write_run(crafted_results(3000, (0.28, 0.26, 0.24, 0.22), roles=ROLES, seed=3), root / "B",
                  sets=["scoring.first_bonus=2"])
    ladder = write_run(ladder_results(800, {"heuristic": 3.0, "greedy": 1.5, "random": 1.0},
                                      ["heuristic", "greedy", "random"]), root / "ladder")
    sweep = root / "sweep"
    points = []
    for k, (bonus, p0) in enumerate([(1, 0.34), (2, 0.30), (3, 0.26)]):
        p = (p0, (1 - p0) / 3, (1 - p0) / 3, (1 - p0) / 3)
        write_run(crafted_results(2000, p, seed=9), sweep / f"point-{k:03d}")
        points.append({"dir": f"point-{k:03d}", "values": {"scoring.first_bonus": str(bonus)}})
    (sweep / "sweep.json").write_text(json.dumps({"game": "bastille", "params": ["scoring.first_bonus"],
                                                  "points": points, "base": {}}))
    return {"A": a, "B": b, "ladder": ladder, "sweep": sweep}


def installed_chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def find_chromium() -> str:
    """Debian's chromium; installed with apt-get when missing and we may; else skip. Each
    pytest worker asks: one installs while the others wait on the lock (on a fresh machine the
    second worker's apt-get found dpkg locked and skipped its browser checks)."""
    with open("/tmp/balance-chromium.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return installed_chromium() or install_chromium()


def install_chromium() -> str:
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        pytest.skip("browser check skipped: chromium is not installed and cannot be installed "
                    "(needs root and apt-get: apt-get install -y chromium)")
    try:
        subprocess.run(["apt-get", "update"], capture_output=True, timeout=300, check=True)
        subprocess.run(["apt-get", "install", "-y", "chromium"], capture_output=True, timeout=900, check=True)
    except (subprocess.SubprocessError, OSError) as e:
        pytest.skip(f"browser check skipped: installing chromium with apt-get failed ({type(e).__name__})")
    path = installed_chromium()
    if not path:
        pytest.skip("browser check skipped: apt-get ran but no chromium binary appeared")
    return path


@pytest.fixture(scope="session")
def chromium():
    return find_chromium()
