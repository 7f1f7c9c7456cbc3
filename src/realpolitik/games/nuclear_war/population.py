"""Population cards as money: paying losses to the bank and taking change.

A holding is a list with the number of cards per denomination (ascending values).
The rules do not say what happens when exact change is impossible; decision #10 of docs/games/nuclear-war.md rounds
against the player: a victim loses the smallest amount at least as large as the damage
that his cards and the bank's change allow, and a receiver gains the largest amount the
bank can give that does not exceed what he is owed.
"""

from __future__ import annotations

from operator import mul


def total(holding: list[int], values: tuple[int, ...]) -> int:
    """Millions of people in a holding."""
    return sum(map(mul, holding, values))


def _parts(count: int) -> tuple[int, ...]:
    """``count`` cards of one value as bundles of 1, 2, 4, … and the rest: every number of cards up to
    ``count`` is a sum of some bundles, so a shift per bundle reaches what a shift per card does."""
    parts, size = [], 1
    while size <= count:
        parts.append(size)
        count -= size
        size *= 2
    if count:
        parts.append(count)
    return tuple(parts)


#: the bundles of every count a holding can have (a larger count is split when met)
_BUNDLES = tuple(_parts(n) for n in range(64))


def _stages(holding: list[int], values: tuple[int, ...]) -> list[int]:
    """Bitsets of sums reachable with the first 1, 2, … denominations."""
    reach, stages = 1, []
    for n, v in zip(holding, values):
        for part in _BUNDLES[n] if n < 64 else _parts(n):
            reach |= reach << part * v
        stages.append(reach)
    return stages


def _pick(holding: list[int], values: tuple[int, ...], stages: list[int], amount: int) -> list[int]:
    """Cards summing exactly to a reachable ``amount``, as few as possible."""
    taken = [0] * len(values)
    i = len(values) - 1
    while amount and i >= 0:
        below = stages[i - 1] if i else 1
        v = values[i]
        for k in range(min(holding[i], amount // v), -1, -1):
            if below >> (amount - k * v) & 1:
                taken[i] = k
                amount -= k * v
                break
        i -= 1
    return taken


def _pay_exactly(src: list[int], dst: list[int], values: tuple[int, ...], amount: int) -> bool:
    """Move cards summing exactly to ``amount`` from ``src`` to ``dst``, as many of the largest value
    as fit, then of the next; False (nothing moved) when they fall short. Whenever this reaches the
    amount, it moves what ``_pick`` takes: each count is the most that fits, and what the smaller
    values then paid was reachable."""
    moved = []
    for i in range(len(values) - 1, -1, -1):
        k = amount // values[i]
        if k:
            if k > src[i]:
                k = src[i]
                if not k:
                    continue
            src[i] -= k
            dst[i] += k
            amount -= k * values[i]
            if not amount:
                return True
            moved.append((i, k))
    for i, k in moved:
        src[i] += k
        dst[i] -= k
    return False


def _move(cards: list[int], src: list[int], dst: list[int]) -> None:
    for i, k in enumerate(cards):
        if k:
            src[i] -= k
            dst[i] += k


def receive(holding: list[int], bank: list[int], amount: int, values: tuple[int, ...]) -> int:
    """Give ``holding`` up to ``amount`` millions from the bank; returns what was given."""
    if amount <= 0:
        return 0
    if _pay_exactly(bank, holding, values, amount):  # the common case: the whole amount, without the sums reachable
        return amount
    stages = _stages(bank, values)
    best = (stages[-1] & ((1 << (amount + 1)) - 1)).bit_length() - 1
    _move(_pick(bank, values, stages, best), bank, holding)
    return best


def pay(holding: list[int], bank: list[int], amount: int, values: tuple[int, ...]) -> int:
    """Take ``amount`` millions from ``holding`` into the bank, with change; returns the loss."""
    if _pay_exactly(holding, bank, values, amount):  # the common case: the damage itself, without the sums reachable
        return amount  # (when it is all he has, every card: no fewer sum to it)
    return pay_by_search(holding, bank, amount, values)


def pay_by_search(holding: list[int], bank: list[int], amount: int, values: tuple[int, ...]) -> int:
    """``pay`` without its shortcut: everything he has when that is not more than the loss, else the
    smallest reachable sum at least the loss in the fewest cards, and change from the bank."""
    have = total(holding, values)
    if have <= amount:
        _move(list(holding), holding, bank)
        return have
    stages = _stages(holding, values)
    above = stages[-1] >> amount
    paid = amount + (above & -above).bit_length() - 1
    _move(_pick(holding, values, stages, paid), holding, bank)
    return paid - receive(holding, bank, paid - amount, values)
