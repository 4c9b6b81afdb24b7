# Compile log for finding the suite's compile waste (docs/performance.md, "Finding the compile waste").
# With TT_MEASURE=DIR and PYTHONPATH=tools/compile_log, every process (pytest workers and the CLI
# subprocesses they start) appends one JSON line per Numba compile or disk-cache load to DIR/<pid>.jsonl,
# naming the test running (PYTEST_CURRENT_TEST). Read it with tools/compile_log/summary.py.
import os, sys, json, time
if os.environ.get("TT_MEASURE"):
    try:
        from numba.core import dispatcher as _d
        _orig = _d.Dispatcher.compile
        _depth = [0]
        _out = open(os.path.join(os.environ["TT_MEASURE"], f"{os.getpid()}.jsonl"), "a", buffering=1)
        def compile(self, sig):
            n0 = len(self.overloads)
            h0 = sum(self._cache_hits.values()); m0 = sum(self._cache_misses.values())
            _depth[0] += 1
            t = time.perf_counter()
            try:
                return _orig(self, sig)
            finally:
                _depth[0] -= 1
                dt = time.perf_counter() - t
                if len(self.overloads) != n0 or sum(self._cache_misses.values()) != m0:
                    hit = sum(self._cache_hits.values()) != h0
                    _out.write(json.dumps(dict(
                        pid=os.getpid(), argv=" ".join(sys.argv[:4])[:120],
                        test=os.environ.get("PYTEST_CURRENT_TEST", ""),
                        fn=f"{self.py_func.__module__}.{self.py_func.__qualname__}",
                        sig=str(sig)[:300], hit=hit, depth=_depth[0], dt=round(dt, 3),
                        cacheable=getattr(self._cache, "_impl", None) is not None,
                        parallel=bool(self.targetoptions.get("parallel")))) + "\n")
        _d.Dispatcher.compile = compile
    except Exception as e:  # never break the process
        print("tt_measure:", e, file=sys.stderr)
