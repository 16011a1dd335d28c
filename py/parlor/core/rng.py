"""A tiny seeded generator whose whole state is one int.

Python's ``random`` is not promised to give the same shuffles across versions, and a
save must replay identically in CPython 3.11 and Pyodide's 3.14, so games keep this
generator's state inside their (frozen) state as a plain int.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1


def _splitmix64(state: int) -> tuple[int, int]:
    """One step of SplitMix64: returns (output, next_state). Fast and well mixed."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31), state


class Rng:
    """A mutable wrapper used locally inside pure functions; ``state`` is stored back.

    Engines create one from the int in their state, draw, and keep ``rng.state`` in the
    next state, so the game itself stays a pure value.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next64(self) -> int:
        out, self.state = _splitmix64(self.state)
        return out

    def randbelow(self, n: int) -> int:
        """Uniform int in [0, n) by rejection, so no modulo bias."""
        if not 0 < n <= 1 << 64:  # above 2**64, ``limit`` would be 0: an endless loop
            raise ValueError("randbelow needs 0 < n <= 2**64")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """Uniform float in [0, 1) with 53 bits."""
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randbelow(len(seq))]

    def shuffled(self, seq: Sequence[T]) -> tuple[T, ...]:
        """Fisher-Yates on a copy; the input is left alone."""
        items = list(seq)
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]
        return tuple(items)

    def fork(self) -> Rng:
        """An independent generator seeded from this one (for bots and determinize)."""
        return Rng(self.next64())
