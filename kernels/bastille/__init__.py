"""Bastille (Queen Games, 2018) in Numba, one module per part of the kernel contract
(kernels/README.md): layout <- state <- moves <- values <- bots <- bonuses <- locations <-
scoring <- rules <- forward <- rollout <- search <- play <- bench.

The game reads like its rulebook: set-up, a round (placing influence tiles, evaluating the
seven locations in order, flags and round preparation), interim and final scoring. Every
number comes from the content row ``tb`` (``tables[0]``, packed by sim.games.bastille.pack);
a game's state is one int64 row ``st``, with a float row ``fs`` for the bots' cached
valuations. A batch holds a few such rows per thread and plays its games through them one
after another. The hot kernels are the bots' placement (``bots``, ``values``) and
``rules.advance``."""
from kernels import keyed_cache

with keyed_cache(__file__):
    from kernels.bastille.play import play_batch, trace_game
    from kernels.bastille import bench  # noqa: F401 - decorated here, so cached under the same key

__all__ = ["play_batch", "trace_game"]
