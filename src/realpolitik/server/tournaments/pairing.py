"""Who plays whom, and in which seat: round-robin schedules and Swiss pairings.

Players are numbers ``0 … n-1`` in their seeding order (the strongest first); a game is
a group of ``k`` of them in seat order (the first plays the game's first seat). Every
function is pure and deterministic, so a schedule can be computed again from its players.

- **Round robin, two seats**: the circle method (Berger tables). Player 0 (or, when ``n``
  is odd, the resting place) stays put and the others turn one place a round, so each
  pair meets once in ``n-1`` rounds (``n`` when odd, one rest each); the first seat
  alternates, so nobody has it more than once more than the second.
- **Round robin, more seats**: groups of ``k`` chosen round by round so that pairs meet
  as evenly as possible (fewest repeated meetings first), in as many rounds as it takes
  for each player to be able to meet every other and for the games to hold every pair
  (:func:`rounds_needed`); who rests (``n`` not a multiple of ``k``) takes turns.
- **Swiss**: players ordered by score, then seeding (in round 1, by seeding: the top
  half meets the bottom half); groups are filled from the top with players who have not
  met yet; the lowest-placed player who has not rested yet rests (a bye).

In the many-seat kinds, seat order is balanced: each group is seated in the order that gives each
player the seat it has had least often (ties: not the seat of its last game).
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

Group = tuple[int, ...]
#: how many tries a Swiss round's search for groups without repeated meetings may take
SEARCH_BUDGET = 20000
#: orders of the players tried for each round of a many-seat round robin, and passes of swaps after
ATTEMPTS, PASSES = 12, 4


@dataclass
class History:
    """What earlier rounds did: pairs that met, each player's seats and rests."""

    met: Counter[frozenset[int]] = field(default_factory=Counter)
    seats: dict[int, Counter[int]] = field(default_factory=dict)
    last_seat: dict[int, int] = field(default_factory=dict)
    rests: Counter[int] = field(default_factory=Counter)

    def crowding(self, group: Sequence[int]) -> int:
        """How much meeting again in ``group`` costs: a pair's third meeting costs more than
        two pairs' second."""
        return sum(4 ** self.met[frozenset(pair)] for pair in itertools.combinations(group, 2))

    def played(self, group: Sequence[int]) -> None:
        """Take in a game of ``group`` (in seat order)."""
        for seat, player in enumerate(group):
            self.seats.setdefault(player, Counter())[seat] += 1
            self.last_seat[player] = seat
        for a, b in itertools.combinations(group, 2):
            self.met[frozenset((a, b))] += 1

    def rested(self, player: int) -> None:
        self.rests[player] += 1

    def repeats(self, group: Sequence[int]) -> int:
        """How often the pairs of ``group`` met before."""
        return sum(self.met[frozenset(pair)] for pair in itertools.combinations(group, 2))


def seated(group: Sequence[int], history: History) -> Group:
    """``group`` in the seat order that evens out each player's seats (see the module)."""
    def cost(order: tuple[int, ...]) -> tuple[int, int]:
        counts = sum(history.seats.get(p, Counter())[s] for s, p in enumerate(order))
        same = sum(history.last_seat.get(p) == s for s, p in enumerate(order))
        return counts, same

    return min(itertools.permutations(group), key=cost)


def _circle(n: int) -> list[list[Group]]:
    """The pairs of each round by the circle method; a pair with ``-1`` is a rest."""
    ring = list(range(n)) if n % 2 == 0 else [-1, *range(n)]
    size = len(ring)
    rounds = []
    for _ in range(size - 1):
        rounds.append([(ring[i], ring[size - 1 - i]) for i in range(size // 2)])
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def _spread(n: int, k: int, seed: int = 0) -> list[list[Group]]:
    """Groups of ``k`` for each round, pairs meeting as evenly as possible (see the module)."""
    history, rounds = History(), []
    shuffler = random.Random(seed)
    playing = n - n % k
    for _ in range(rounds_needed(n, k)):
        resting = sorted(range(n), key=lambda p: (history.rests[p], -p))[:n - playing]
        players = [p for p in range(n) if p not in resting]
        best: list[Group] | None = None
        best_cost = None
        for attempt in range(ATTEMPTS):
            order = players if attempt == 0 else shuffler.sample(players, len(players))
            groups = _greedy(order, k, history)
            cost = sum(history.crowding(g) for g in groups)
            if best_cost is None or cost < best_cost:
                best, best_cost = groups, cost
        for player in resting:
            history.rested(player)
        rounds.append([])
        for group in _improved(best or [], history):
            seats = seated(sorted(group), history)
            history.played(seats)
            rounds[-1].append(seats)
    return rounds


def rounds_needed(n: int, k: int) -> int:
    """Rounds of a many-seat round robin: enough that each player could meet every other
    once, and that the round's games could hold every pair once."""
    pairs, per_round = n * (n - 1) // 2, (n // k) * k * (k - 1) // 2
    return max(-(-(n - 1) // (k - 1)), -(-pairs // per_round))


def _greedy(order: list[int], k: int, history: History) -> list[Group]:
    """Groups built from ``order``: each takes its first free player, then the free players
    that add the fewest repeated meetings."""
    free, groups = list(order), []
    while free:
        group = [free.pop(0)]
        while len(group) < k:
            pick = min(free, key=lambda p: sum(4 ** history.met[frozenset((p, q))] for q in group))
            free.remove(pick)
            group.append(pick)
        groups.append(tuple(group))
    return groups


def _improved(groups: list[Group], history: History) -> list[Group]:
    """``groups`` after swapping players between two groups while that lessens their crowding
    (at most :data:`PASSES` times over every two groups)."""
    found = [list(g) for g in groups]
    better, passes = True, 0
    while better and passes < PASSES:
        better, passes = False, passes + 1
        for one, two in itertools.combinations(found, 2):
            for i, j in itertools.product(range(len(one)), range(len(two))):
                before = history.crowding(one) + history.crowding(two)
                one[i], two[j] = two[j], one[i]
                if history.crowding(one) + history.crowding(two) < before:
                    better = True
                else:
                    one[i], two[j] = two[j], one[i]
    return [tuple(g) for g in found]


def round_robin_rounds(n: int, k: int) -> int:
    """How many rounds a round robin of ``n`` players in games of ``k`` seats has."""
    if k == 2:
        return n - 1 if n % 2 == 0 else n
    return rounds_needed(n, k)


@functools.lru_cache(maxsize=32)
def round_robin(n: int, k: int) -> list[list[Group]]:
    """Every round of a round robin of ``n`` players in games of ``k`` seats: each round's
    groups in seat order; players in no group rest that round (kept once made: the same
    players and seats give the same schedule; for many seats it takes a while to make)."""
    if k < 2 or n < k:
        raise ValueError(f"a round robin needs at least {k} players for games of {k}")
    if k > 2:
        return _spread(n, k)
    return [[pair if i or number % 2 else pair[::-1] for i, pair in enumerate(pairs) if -1 not in pair]
            for number, pairs in enumerate(_circle(n))]


def swiss_round(order: Sequence[int], k: int, history: History, first: bool = False) -> tuple[list[Group], list[int]]:
    """One Swiss round for the players of ``order`` (by score, then seeding, the best first):
    its groups in seat order, and who rests. ``first``: round 1, the top part meets the rest.
    Groups avoid players who met before; when no such grouping exists, the fewest repeats."""
    if len(order) < k:
        raise ValueError(f"a Swiss round needs at least {k} players for games of {k}")
    resting = _bye(order, k, history)
    players = [p for p in order if p not in resting]
    if first:
        part = len(players) // k
        return [seated(players[i::part], history) for i in range(part)], resting
    grouped = _search(players, k, history)
    if grouped is None:
        grouped = _greedy(players, k, history)
    return [seated(g, history) for g in grouped], resting


def _bye(order: Sequence[int], k: int, history: History) -> list[int]:
    """Who rests this round: as many as do not fill a group, the lowest placed of those who rested least."""
    count = len(order) % k
    if not count:
        return []
    ranked = sorted(reversed(order), key=lambda p: history.rests[p])
    return ranked[:count]


def _search(players: list[int], k: int, history: History) -> list[Group] | None:
    """Groups in which nobody met before, filled from the top (depth first, within a budget)."""
    budget = [SEARCH_BUDGET]

    def fill(free: list[int]) -> list[Group] | None:
        if not free:
            return []
        head, rest = free[0], free[1:]
        for others in itertools.combinations(rest, k - 1):
            budget[0] -= 1
            if budget[0] < 0:
                return None
            group = (head, *others)
            if history.repeats(group):
                continue
            found = fill([p for p in rest if p not in others])
            if found is not None:
                return [group, *found]
        return None

    return fill(players)
