"""The Scarlet Pimpernel's kernel, per the contract in kernels/README.md."""
from kernels import keyed_cache

with keyed_cache(__file__):
    from kernels.pimpernel.play import play_batch, trace_game
    from kernels.pimpernel import bench, forward  # noqa: F401  (cached under the same key)

__all__ = ["play_batch", "trace_game"]
