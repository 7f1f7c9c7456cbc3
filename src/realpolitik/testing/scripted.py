"""A generator that returns chosen numbers first, for exact scenario tests (dice, draws)."""

from __future__ import annotations

from realpolitik.engine import Rng


class ScriptedRng(Rng):
    """Answers ``below(n)`` from a script, then continues as a seeded ``Rng``.

    ``ScriptedRng([4, 7])`` makes the next two ten-sided dice show 4 and 7.
    """

    __slots__ = ("script",)

    def __init__(self, script: list[int], seed: int = 0) -> None:
        super().__init__(seed)
        self.script = list(script)

    def copy(self) -> ScriptedRng:
        twin = ScriptedRng(self.script, 0)
        twin.state = self.state
        return twin

    def below(self, n: int) -> int:
        if self.script:
            value = self.script.pop(0)
            if not 0 <= value < n:
                raise ValueError(f"scripted value {value} is not below {n}")
            return value
        return super().below(n)

    # Rng's choice and shuffle draw inline; here they must ask below() so the script answers

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def roll(self, *values: int) -> ScriptedRng:
        """Append values to the script; returns self for chaining."""
        self.script += values
        return self
