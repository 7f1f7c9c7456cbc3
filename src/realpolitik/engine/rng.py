"""The seeded random number generator stored inside every game state.

A splitmix64 generator: its whole state is one integer, so cloning a game state copies
the RNG for free, and a record replays identically on every Python version (unlike
``random.Random``, whose algorithms are not promised to stay fixed).
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """Deterministic generator; ``Rng(seed)`` with the same seed yields the same stream."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def copy(self) -> Rng:
        """An independent generator at the same position."""
        twin = Rng.__new__(Rng)
        twin.state = self.state
        return twin

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (unbiased, by rejection)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``."""
        return low + self.below(high - low + 1)

    def choice(self, items):
        """A uniformly chosen element of a non-empty sequence."""
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Shuffle a list in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """A new generator seeded from this one (advances this one by one step)."""
        return Rng(self.next64())
