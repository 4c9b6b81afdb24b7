"""Name the jitted code in a `perf` profile of one game's batch (Linux).

Numba's cached code is loaded as anonymous memory, so `perf report` shows bare addresses.
This plays a batch of one game in this process (1 thread, the kernels loaded from the
worktree's Numba cache), then writes /tmp/perf-PID.map, the symbol map perf reads for such
memory: every function of every cached object file (read from its ELF symbol table) at the
address the JIT gave it. Functions Numba inlined are counted in their caller.

    perf record -F 999 -o /tmp/p.data -- python tools/perf_map.py pimpernel 4 10000 heuristic
    perf record -F 999 -o /tmp/p.data -- python tools/perf_map.py banquet 12 2000 heuristic scenario1
    perf record -F 999 -o /tmp/p.data -- python tools/perf_map.py bastille 4 9000 heuristic "" bots.heuristic_coin=0.6
    perf report -i /tmp/p.data --no-children --sort sym

Run it twice: code compiled in the same process (an empty cache) is not named. The first
10-40% of the samples are Python's start-up (unnamed or libpython)."""
import os
import struct
import sys
import time

import numba
import numpy as np
from numba.core import codegen

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))   # this checkout's sim and kernels

LOADED = []     # (code library, its object code) as Numba loads them from the cache
_unserialize = codegen.JITCodeLibrary._unserialize.__func__


def keep_object_code(cls, cg, state):
    lib = _unserialize(cls, cg, state)
    if state[1] == "object":
        LOADED.append((lib, state[2][0]))
    return lib


codegen.JITCodeLibrary._unserialize = classmethod(keep_object_code)


def elf_functions(data: bytes) -> list[tuple[str, int]]:
    """(name, size) of the defined function symbols of an ELF64 little-endian object."""
    shoff = struct.unpack_from("<Q", data, 0x28)[0]
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    out = []
    for _, kind, _, _, off, size, link, _, _, entsize in sections:
        if kind != 2:                                   # SHT_SYMTAB
            continue
        strings = sections[link][4]
        for j in range(size // entsize):
            name, info, _, shndx, _, fsize = struct.unpack_from("<IBBHQQ", data, off + j * entsize)
            if info & 0xF == 2 and shndx != 0:          # STT_FUNC, defined here
                end = data.index(b"\0", strings + name)
                out.append((data[strings + name:end].decode(), fsize))
    return out


def write_perf_map() -> int:
    named = {}
    for lib, data in LOADED:
        for name, size in elf_functions(data):
            try:
                addr = lib.get_pointer_to_function(name)
            except Exception:                           # not exported by the engine
                continue
            if addr:
                named.setdefault(addr, (size, name))
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as f:
        for addr, (size, name) in sorted(named.items()):
            f.write(f"{addr:x} {size:x} {name}\n")
    return len(named)


def main() -> None:
    game_id, n, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    bot = sys.argv[4] if len(sys.argv) > 4 else "heuristic"
    # variants (e.g. banquet's scenario1; "" none), then content settings (e.g. bots.heuristic_coin=0.6)
    variants = tuple(v for v in sys.argv[5].split(",") if v) if len(sys.argv) > 5 else ()
    sets = tuple(sys.argv[6:])
    numba.set_num_threads(1)
    from sim.game import Batch
    from sim.registry import get_game
    game = get_game(game_id)
    content = game.content(variants, sets) if sets else game.content(variants)
    compiled = game.compile(content, n)
    bots, weights = game.bot_codes([bot], n), game.weights(content)

    def play(k: int, seed: int) -> float:
        out = Batch.alloc(k, n, len(game.metrics))
        t = time.perf_counter()
        game.play(compiled, bots, weights, seed, np.arange(k, dtype=np.uint64), np.zeros(k, np.int64), out)
        return time.perf_counter() - t

    play(8, 99)                                         # load (or compile) every kernel first
    print(f"{write_perf_map()} functions named", file=sys.stderr)
    dt = play(games, 1)
    print(f"{game_id} {bot} {n}p {','.join(variants)}: {games} games in {dt:.2f} s, "
          f"{games / dt:,.0f} games/s (1 thread)", file=sys.stderr)


if __name__ == "__main__":
    main()
