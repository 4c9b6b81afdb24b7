# Two commands on a fresh machine: `make run` and `make test`.
PY     := .venv/bin/python
BAL    := .venv/bin/balance
STAMP  := .venv/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: setup run test bench balance-check warm-pimpernel clean

setup: $(STAMP)

# uv installs the same packages as pip from the same index, a quarter of the time on a clean
# clone (74 s -> 20 s here): it downloads in parallel and links from its cache.
$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv .venv
	$(PY) -m pip install -q --disable-pip-version-check uv
	$(PY) -m uv pip install -q --python $(PY) -e '.[test]'
	rm -f .venv/.installed-*
	touch $@

# The main job: a million four-player Bastille games with the default bots.
run: setup
	$(BAL) run bastille -n 1000000 -p 4 --out out
	$(BAL) report out --out out/report

# The balance gate on a small run (exit 1 = a threshold failed, 3 = undecided).
balance-check: setup
	$(BAL) run bastille -n 20000 -p 4 --seed 1 --out out/ci-balance
	$(BAL) check out/ci-balance --spec specs/bastille.toml

# The balance gate first, then the suite (pytest's summary stays the last line). Most of a
# clean checkout's suite is Numba compiling, one core per kernel: one pytest worker per core,
# each game's tests on one worker (tests/conftest.py groups them), so its kernels compile once.
# The Pimpernel's kernels have declared types, so they compile when imported, and every pytest
# worker imports them while collecting: on a clean checkout both workers compiled them at once.
# Compiled here beside the balance gate (one core each; Numba compiles on one), the workers
# load them from the cache.
# The suite compiles at LLVM -O1: an eighth less compile than -O3 (doppelganger's cold run 87
# -> 76 s of CPU) and the same play speed within noise (paired 1.03). Its cache is kept apart
# from the -O3 code of balance runs (kernels/__init__.py).
test: export NUMBA_OPT := 1
test: setup
	$(MAKE) --no-print-directory -j2 balance-check warm-pimpernel
	$(PY) -m pytest -n auto --dist loadgroup

warm-pimpernel: setup
	$(PY) -c 'import kernels.pimpernel'

bench: setup
	# A JIT-disabled probe past 60 s is reported, not awaited: Pimpernel's and the doppelganger's
	# interpreted games ran past 60 s in the 2026-11-22 bench, and there are 24 such probes
	BALANCE_BENCH_PROBE_TIMEOUT=60 $(BAL) bench
	# The Last Banquet's full rules too (its default is scenario 1, basic rules); each run also
	# measures every scenario at its smallest and largest count with the heuristic
	# (Game.bench_variant_players), in that run's rule set
	BALANCE_BENCH_PROBE_TIMEOUT=60 BALANCE_BENCH_E2E_GAMES=0 BALANCE_BENCH_MEMORY_GAMES=0 $(BAL) bench --game banquet --variant full --out bench/results-banquet-full.json

clean:
	rm -rf out bench/results*.json .pytest_cache
