"""The seeded random number generators stored inside every game state.

A game's seed picks its generator (:func:`generator`):

- a seed below 2⁶⁴ starts :class:`Rng`, splitmix64: its whole state is one integer, so
  cloning a game state copies the RNG for free, and a record replays identically on every
  Python version (unlike ``random.Random``, whose algorithms are not promised to stay
  fixed). Tests, simulations, lessons and every record made before secret seeds use it.
  Its outputs give its state away (each step of its mix can be undone), and a small seed
  can be searched: fine where nobody hides anything from a player who could compute.
- a seed of 2⁶⁴ or more is a secret key for :class:`Keyed`, BLAKE2b keyed with it in
  counter mode: no run of outputs tells the key or the next output. The server draws a
  fresh 256-bit key for every game (:func:`secret_seed`), so no seat can foresee a card.

What only bots draw — the worlds they search, their own choices — nothing in a record
depends on: a bot may draw it from a :class:`Sampler`, several times faster, and pass
that to ``determinize`` (it then deals the hidden cards too).
"""

from __future__ import annotations

import random
import secrets
import sys
from functools import partial
from hashlib import blake2b
from operator import mod
from struct import Struct

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_TOP = 1 << 64
#: every output below this is accepted for any n ≤ 256 (the largest multiple of n below 2⁶⁴ is above it)
_SURE = _TOP - 256
#: a shuffle of this many items or more works out its outputs side by side (``_outputs``); fewer, one by one
_SIDE_BY_SIDE = 12
#: lanes of 128 bits in one integer: lane k holds the value of the shuffle's step k + 1 (at most 255 steps
#: skip the limit); ONES has a 1 in each lane, LOW the 64 low bits of each, STEPS (k + 1)·golden mod 2⁶⁴ in lane k
_LANES = 255
_ONES = sum(1 << 128 * k for k in range(_LANES))
_LOW = _MASK * _ONES
_STEPS = sum(((k + 1) * _GOLDEN & _MASK) << 128 * k for k in range(_LANES))
#: every lane's low 64-bit word among the words of its bytes in the machine's order (little-endian:
#: each lane's first word, from the start; big-endian: each lane's second word, from the end)
_STRIDE = 2 if sys.byteorder == "little" else -2
#: seeds from here on are keys of the keyed generator; below it they seed splitmix64
KEYED = _TOP
#: seeds stay below this: a key is at most 64 bytes, BLAKE2b's longest
_KEY_END = 1 << 512
#: the bits of a secret seed drawn for a game (above the 64 that mark it as a key)
SECRET_BITS = 256
_WORDS = Struct("<8Q")


def generator(seed: int) -> Rng:
    """The generator a game with ``seed`` draws its chance from: splitmix64 below 2⁶⁴, the
    keyed generator from 2⁶⁴ on."""
    return Keyed(seed) if seed >= KEYED else Rng(seed)


def secret_seed() -> int:
    """A fresh seed no one can guess or search: a key of ``SECRET_BITS`` random bits from the
    operating system, for the keyed generator."""
    return KEYED | secrets.randbits(SECRET_BITS) << 65


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
        s = ((s ^ (s >> 30)) * _MIX1) & _MASK
        s = ((s ^ (s >> 27)) * _MIX2) & _MASK
        return s ^ (s >> 31)

    # below, choice and shuffle repeat next64's three lines inline: they run for every die,
    # draw and random playout step, and a method call costs as much as the arithmetic. An
    # output is refused (and the next one drawn) only at or above the largest multiple of n
    # below 2⁶⁴; for n ≤ 256 every output below _SURE passes, so the exact limit is worked
    # out (in _retry) only for the rare output above it.

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (unbiased, by rejection)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        self.state = s = (self.state + _GOLDEN) & _MASK
        x = ((s ^ (s >> 30)) * _MIX1) & _MASK
        x = ((x ^ (x >> 27)) * _MIX2) & _MASK
        x ^= x >> 31
        if x >= _SURE or n > 256:
            self.state, x = _retry(s, x, n)
        return x % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``."""
        return low + self.below(high - low + 1)

    def choice(self, items):
        """A uniformly chosen element of a non-empty sequence."""
        n = len(items)
        if n <= 0:
            raise ValueError("choice() needs a non-empty sequence")
        self.state = s = (self.state + _GOLDEN) & _MASK
        x = ((s ^ (s >> 30)) * _MIX1) & _MASK
        x = ((x ^ (x >> 27)) * _MIX2) & _MASK
        x ^= x >> 31
        if x >= _SURE or n > 256:
            self.state, x = _retry(s, x, n)
        return items[x % n]

    def shuffle(self, items: list) -> None:
        """Shuffle a list in place (Fisher–Yates)."""
        n = len(items)
        if _SIDE_BY_SIDE <= n <= _LANES + 1:
            outputs = _outputs(self.state, n - 1)
            if max(outputs) < _SURE:  # else an output is refused somewhere: one by one below
                for i, j in zip(range(n - 1, 0, -1), map(mod, outputs, range(n, 1, -1))):
                    items[i], items[j] = items[j], items[i]
                self.state = (self.state + (n - 1) * _GOLDEN) & _MASK
                return
        s, golden, mask, mix1, mix2, sure = self.state, _GOLDEN, _MASK, _MIX1, _MIX2, _SURE
        for i in range(len(items) - 1, 0, -1):
            s = (s + golden) & mask
            x = ((s ^ (s >> 30)) * mix1) & mask
            x = ((x ^ (x >> 27)) * mix2) & mask
            x ^= x >> 31
            if x >= sure or i >= 256:
                s, x = _retry(s, x, i + 1)
            j = x % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = s

    def fork(self) -> Rng:
        """A new generator seeded from this one (advances this one by one step)."""
        return Rng(self.next64())


class Keyed(Rng):
    """A generator whose outputs tell nothing of what comes next: BLAKE2b keyed with the seed
    (at least 2⁶⁴, below 2⁵¹², as 64 bytes), in counter mode — block ``k`` of outputs is the
    keyed hash of ``k``, eight 64-bit outputs a block. ``state`` counts the outputs drawn, so
    clones, digests and the undo check see it move as splitmix's does. For a game's own chance
    only: bots draw their worlds from the fast generators."""

    __slots__ = ("_key", "_block", "_words")

    def __init__(self, seed: int) -> None:
        if not KEYED <= seed < _KEY_END:
            raise ValueError("a keyed generator needs a seed from 2**64 to below 2**512")
        self.state = 0
        self._key = seed.to_bytes(64, "little")
        self._block = -1
        self._words: tuple[int, ...] = ()

    def copy(self) -> Keyed:
        twin = Keyed.__new__(Keyed)
        twin.state, twin._key, twin._block, twin._words = self.state, self._key, self._block, self._words
        return twin

    def next64(self) -> int:
        at = self.state
        self.state = at + 1
        block = at >> 3
        if block != self._block:
            self._words = _WORDS.unpack(blake2b(block.to_bytes(16, "little"), key=self._key).digest())
            self._block = block
        return self._words[at & 7]

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = _TOP - _TOP % n
        x = self.next64()
        while x >= limit:
            x = self.next64()
        return x % n

    def choice(self, items):
        if not items:
            raise ValueError("choice() needs a non-empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Keyed:
        """A new keyed generator whose key is drawn from this one (four outputs)."""
        return Keyed(KEYED | sum(self.next64() << 64 * k for k in range(4)) << 65)


def _outputs(state: int, count: int) -> list[int]:
    """The next ``count`` outputs after ``state`` (at most ``_LANES``), worked out side by side: the
    states state + k·golden sit in lanes of 128 bits of one integer, and each step of the mix is
    one operation on all of them (masked to 64 bits per lane before a product, which then fits its
    lane; a shift's bits from the next lane land above bit 64 and are masked off)."""
    cut = (1 << 128 * count) - 1
    low = _LOW & cut
    s = (state * (_ONES & cut) + (_STEPS & cut)) & low
    x = ((s ^ (s >> 30)) & low) * _MIX1 & low
    x = ((x ^ (x >> 27)) & low) * _MIX2 & low
    x = (x ^ (x >> 31)) & low
    return memoryview(x.to_bytes(16 * count, sys.byteorder)).cast("Q")[::_STRIDE].tolist()


def _retry(s: int, x: int, n: int) -> tuple[int, int]:
    """The generator's state and the output accepted for ``range(n)``, given the output ``x``
    just drawn at state ``s``: ``x`` itself when it lies below the largest multiple of ``n``
    that fits in 64 bits, else the first later output that does."""
    limit = _TOP - _TOP % n
    while x >= limit:
        s = (s + _GOLDEN) & _MASK
        x = ((s ^ (s >> 30)) * _MIX1) & _MASK
        x = ((x ^ (x >> 27)) * _MIX2) & _MASK
        x ^= x >> 31
    return s, x


class Sampler(Rng):
    """A faster generator for what no record depends on: a bot's draws and the worlds it samples.

    Built on ``random.Random(seed).random()``, the one draw whose sequence for a seed Python
    promises to keep across versions, so a bot's search stays reproducible from its seed.
    A shuffle sorts by one such draw per item (a uniform order) in a third to a fifth of the
    time of splitmix's Fisher–Yates; ``below`` scales a draw (its bias is below ``n`` in 2⁵³).
    Making one costs as much as a few dozen splitmix draws, so a bot makes it once. Its
    ``state`` stays 0: a sampler is never a game state's RNG (``determinize`` gives each
    world a splitmix ``Rng`` seeded from it).
    """

    __slots__ = ("_generator", "_random", "_key")

    def __init__(self, seed: int = 0) -> None:
        self.state = 0
        self._adopt(random.Random(seed))

    def _adopt(self, generator: random.Random) -> None:
        self._generator = generator
        self._random = generator.random
        # a sort key that ignores its item and gives the next draw, all in C: next(stream, item)
        self._key = partial(next, iter(generator.random, 2.0))

    def copy(self) -> Sampler:
        """An independent sampler at the same position."""
        twin = Sampler.__new__(Sampler)
        twin.state = 0
        generator = random.Random()
        generator.setstate(self._generator.getstate())
        twin._adopt(generator)
        return twin

    def next64(self) -> int:
        """A number below 2⁶⁴ from one draw (53 random bits: enough for a seed)."""
        return int(self._random() * 18446744073709551616.0)

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs n > 0")
        return int(self._random() * n)

    def choice(self, items):
        if not items:
            raise ValueError("choice() needs a non-empty sequence")
        return items[int(self._random() * len(items))]

    def shuffle(self, items: list) -> None:
        items.sort(key=self._key)

    def fork(self) -> Sampler:
        """A new sampler seeded from this one."""
        return Sampler(self.next64())
