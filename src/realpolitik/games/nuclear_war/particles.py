"""A belief from play: worlds weighted by what the other players did along the whole game
(``Game.particles``, ``ismcts:worlds=particles``).

A world drawn uniformly from a seat's information set deals the unseen cards — the other
hands, their face-down rows, the draw pile — as if the others had played blind. They did
not: a player picks each face-down card from the hand it holds *at that moment* by a plan,
intercepts a strike when it can, and changes face-down cards for propaganda when peace
returns. This belief keeps a set of worlds (particles), each with a history of the other
seats' hands that agrees with everything the seat saw, weighted by how likely the others'
actions along it are under an opponent model — the heuristic's policy (``heuristic.py``),
softened: a move the model would not make keeps ``EPSILON`` of its weight, spread over the
legal choices, so a person's or a search's odd move lowers the worlds that explain it badly
instead of ruling out every one. The evidence is read from the seat's own history
(``SeatContext.history``, turned into events by ``history.read``), never from the truth.

A particle starts from a world of the seat's information set (``SeatContext.sample``: where
the unseen cards are now) and plays the history backwards to the deal (``_unwind``), each
card a numbered card of its own: a card revealed, shown, taken back, used to intercept or
played as a Secret goes back where it came from by name; a face-down card placed from the
hand goes back to the hand; a draw takes cards out of the hand, drawn at random from it (a
Secret drawn in the opening round always: it was played from the hand); a change in peace
puts a random hand card back into a random slot not yet changed. Every such path is as
likely as any other before the players' choices are weighed (the numbers of choices depend
only on what the seat saw: the sizes of hands and rows), so each action of another seat
then weighs the path by the model's chance of it in the hand and row the path gives:

- **a card placed face down**: the heuristic's placement rule (``placement_score``) as a
  softmax over the distinct cards in hand (``SCALE`` points an e-fold), read against the row
  behind which it went, the face-up carrier and its payload left, and war or peace *then*;
- **a strike let through** (the rule book, *Defence*: "The target is always asked, even when
  it holds no anti-missile, and answers 'no intercept'"): a hand that then held an
  anti-missile stopping that carrier keeps only the softened share of the choice;
- **an interception**: the heuristic intercepts with the least versatile anti-missile that
  suffices;
- **a face-down card changed in peace**: the heuristic changes a card that is not propaganda
  for the biggest propaganda in hand.

The particles are weighted, resampled by weight and moved by card swaps (Metropolis-Hastings:
two numbered cards of the present that the seat cannot see trade names along their whole
paths, and the swap is kept with the ratio of the paths' likelihoods), which keep every world
consistent with the seat's view: a swap never names a card the seat saw (one revealed, shown,
taken back, placed from the deterrent force) nor moves a Secret. Nothing is kept between
decisions: a bot rebuilt for every move, as on the server, has the same belief. What it is
worth beside uniform worlds and ``rows_as_placed``: docs/bots/nuclear-war.md, *A belief from play*.
"""

from __future__ import annotations

from collections.abc import Callable
from math import exp, log

from realpolitik.engine import Rng, SeatContext, State

from .belief import rows_as_placed
from .common import unique
from .heuristic import Sight, placement_score, waiting_carrier
from .history import Event, read
from .tables import HAND_SIZE

#: worlds kept per decision, each with its own path back to the deal
PARTICLES = 32
#: swap proposals per world after resampling
MOVES = 256
#: share of an action the opponent model leaves to any legal choice: a person or a search plays otherwise
EPSILON = 0.1
#: placement-score points per e-fold of a card's chance to be picked
SCALE = 5.0


class Trail:
    """One path of numbered cards from the present back to the deal: where each card of the present
    lies (``hands``, ``rows``, ``pile``), the weighed actions with the cards each read (``reads``), and
    which reads each card of the present takes part in (``touch``). Shared by a particle's copies."""

    __slots__ = ("hands", "rows", "pile", "reads", "whole", "touch", "free", "loose", "names")

    def __init__(self, world: State, followed: list[int], events: list[Event], rng: Rng) -> None:
        names: list[str] = []  # the card each number names (a particle's own copy changes under swaps)

        def card(key: str) -> int:
            names.append(key)
            return len(names) - 1

        seen: set[int] = set()  # the numbered cards the seat saw by name: a swap never moves them
        self.hands = {s: [card(k) for k in world.hands[s]] for s in followed}
        self.rows = {s: [card(k) for k in world.queues[s]] for s in followed}
        for s in followed:
            seen.update(i for i, shown in zip(self.rows[s], world.exposed[s]) if shown)
        self.pile = [card(k) for k in world.draw]
        present = len(names)
        secrets = world.content.secrets
        self.loose = [i for i in range(present) if names[i] not in secrets]
        self.reads, self.whole = _unwind({s: list(h) for s, h in self.hands.items()},
                                          {s: list(r) for s, r in self.rows.items()}, events, names, card, seen,
                                          secrets, rng)
        self.loose = [i for i in self.loose if i not in seen]
        piled = set(self.pile)
        self.free = [i for i in self.loose if i not in piled]
        self.touch: dict[int, list[int]] = {i: [] for i in self.free}
        for r, entry in enumerate(self.reads):
            for i in set(entry[2]).union(entry[3]):
                if i in self.touch:
                    self.touch[i].append(r)
        self.names = names


def _unwind(hands: dict[int, list[int]], rows: dict[int, list[int]], events: list[Event], names: list[str],
            card: Callable[[str], int], seen: set[int], secrets: frozenset[str], rng: Rng) -> tuple[list[tuple], bool]:
    """Play ``events`` backwards from the present's ``hands`` and ``rows``: the weighed actions, each as
    (kind, event, hand, row, choice) with the numbered cards held when it was made, and whether the path
    reached the deal as dealt. One that cannot go on (a card taken back that its hand does not hold: the
    information set does not keep it there) is cut: what came before is not read."""
    reads: list[tuple] = []
    changed: dict[int, set[int]] = {s: set() for s in hands}  # the slots changed later in this peace
    for ev in reversed(events):
        s, kind = ev.seat, ev.kind
        hand, row = hands[s], rows[s]
        if kind == "draw":
            n = ev.count
            if ev.opening:  # a Secret in hand came with the last draw: none is kept before a draw
                for j in reversed(range(len(hand))):
                    if n and names[hand[j]] in secrets:
                        hand.pop(j)
                        n -= 1
            if n > len(hand):
                break
            for _ in range(n):
                hand.pop(rng.below(len(hand)))
        elif kind == "place" or kind == "place-shown":
            if not row:
                break
            placed = row.pop()
            if kind == "place":
                hand.append(placed)
                reads.append(("place", ev, tuple(hand), tuple(row), placed))
        elif kind == "reveal":
            row.insert(0, card(ev.keys[0]))
        elif kind == "destroyed":
            row[0:0] = [card(k) for k in ev.keys]
        elif kind == "show" or kind == "secret" or (kind == "intercept" and not ev.from_shown):
            hand.append(card(ev.keys[0]))
            if kind == "intercept":
                reads.append(("intercept", ev, tuple(hand), (), None))
        elif kind == "intercept" or kind == "pass":
            reads.append((kind, ev, tuple(hand), (), None))
        elif kind == "hide":
            held = [j for j, i in enumerate(hand) if names[i] == ev.keys[0]]
            if not held:
                break
            seen.add(hand.pop(held[rng.below(len(held))]))
        elif kind == "swap":
            slots = [j for j in range(len(row)) if j not in changed[s]]
            if not slots or not hand:
                break
            slot, j = slots[rng.below(len(slots))], rng.below(len(hand))
            row[slot], hand[j] = hand[j], row[slot]  # the hand card back into the slot it came from
            reads.append(("swap", ev, tuple(hand), tuple(row), (slot, hand[j])))
            changed[s] = set() if ev.count == 0 else changed[s] | {slot}
    else:  # back at the deal: nine cards in every hand, nothing face down
        return reads, all(len(hand) == HAND_SIZE and not rows[s] for s, hand in hands.items())
    return reads, False


# ---------------------------------------------------------------------- the opponent model


class Model:
    """The softened heuristic's chance of each weighed action, by the cards it was made with (kept
    per decision: the same hand, row and table recur along the paths and the swaps)."""

    def __init__(self, content) -> None:
        self.cards, self.stoppers = content.cards, content.stoppers
        #: the log-chances of each card to be placed, by the table and the distinct cards at hand
        self.known: dict[tuple, dict[str, float]] = {}

    def loglik(self, entry: tuple, names: list[str]) -> float:
        kind, ev, hand, row, choice = entry
        if kind == "place":
            key = (ev.war, ev.face_up, ev.payload, tuple([names[i] for i in row]),
                   frozenset([names[i] for i in hand]).union(ev.shown))
            chances = self.known.get(key)
            if chances is None:
                chances = self.known[key] = self.placed(*key)
            return chances[names[choice]]
        held = [names[i] for i in hand]
        if kind == "swap":
            slot, placed = choice
            return log(self.swapped(ev, held, [names[i] for i in row], slot, names[placed]))
        stoppers = self.stoppers.get(ev.carrier, frozenset())
        able = set(stoppers.intersection(held)).union(stoppers.intersection(ev.shown))
        if kind == "pass":
            return log(EPSILON / (len(able) + 1)) if able else 0.0
        anti = ev.keys[0]
        able.add(anti)
        fewest = min(len(self.cards[k].stops) for k in able)  # the least versatile: ties share the chance
        best = [k for k in able if len(self.cards[k].stops) == fewest]
        return log((1 - EPSILON) * (anti in best) / len(best) + EPSILON / (len(able) + 1))

    def placed(self, war: bool, face_up: str | None, payload: int, row: tuple[str, ...],
               choices: frozenset[str]) -> dict[str, float]:
        """The log-chance of each of the distinct cards at hand (``choices``, the deterrent force's too) to be
        placed behind ``row`` (the rule as ``_best_placement`` reads it: the warheads at hand count for a
        carrier)."""
        cards = self.cards
        carrier, room = waiting_carrier(Sight(cards, war, {}, face_up, payload, list(row)))
        ordered = sorted(choices)  # one order whatever the hash seed: the sums below come out the same
        megatons = [cards[k].megatons for k in ordered if cards[k].kind == "warhead"]
        scores = {k: placement_score(cards[k], carrier, room, megatons, war) / SCALE for k in ordered}
        top = max(scores.values())
        weights = {k: exp(x - top) for k, x in scores.items()}
        whole, spread = sum(weights.values()), EPSILON / len(choices)
        return {k: log((1 - EPSILON) * w / whole + spread) for k, w in weights.items()}

    def swapped(self, ev: Event, held: tuple[str, ...], row: list[str], slot: int, key: str) -> float:
        """The chance the seat changed face-down card ``slot`` for ``key`` (``_best_swap``: the first card
        that is not propaganda for the biggest propaganda in hand)."""
        cards, keys = self.cards, unique(list(held))
        best, people = None, 0
        for i, there in enumerate(row):
            for k in keys:
                card = cards[k]
                if card.kind == "propaganda" and cards[there].kind != "propaganda" and card.people > people:
                    best, people = (i, k), card.people
        choices = max(len(row) - ev.count, 1) * len(keys) + 1
        return (1 - EPSILON) * (best == (slot, key)) + EPSILON / choices


# ---------------------------------------------------------------------- the particles


class Particles:
    """Worlds for ``ctx``'s seat, weighted by the others' play along the whole history; calling it draws
    one (``Game.particles``)."""

    def __init__(self, ctx: SeatContext, rng: Rng, count: int = PARTICLES, moves: int = MOVES) -> None:
        self.ctx = ctx
        first = ctx.sample(rng)
        seat = ctx.seat
        self.followed = [s for s in range(len(first.seats)) if s != seat and first.alive[s]]
        content = first.content
        self.events = read(ctx.history(), first.seats, content.cards, content.names, set(self.followed))
        self.model = Model(content)
        worlds = [first] + [ctx.sample(rng) for _ in range(count - 1)]
        for world in worlds:  # a start the chains need not walk far from: the rows as the heuristic places them
            rows_as_placed(world, seat, rng)
        trails = [Trail(world, self.followed, self.events, rng) for world in worlds]
        scored = [self._score(trail, list(trail.names)) for trail in trails]
        top = max(total for total, _ in scored)
        #: the worlds drawn from: a trail and its cards' names (a copy of the trail's, changed by swaps)
        self.particles: list[tuple[Trail, list[str]]] = []
        for i in _systematic([exp(total - top) for total, _ in scored], count, rng):
            trail, names = trails[i], list(trails[i].names)
            self._move(trail, names, list(scored[i][1]), moves, rng)
            self.particles.append((trail, names))

    def _score(self, trail: Trail, names: list[str]) -> tuple[float, list[float]]:
        each = [self.model.loglik(entry, names) for entry in trail.reads]
        return sum(each), each

    def _move(self, trail: Trail, names: list[str], each: list[float], moves: int, rng: Rng) -> None:
        """Metropolis moves: a card of a followed seat's hand or row trades names with another card the
        seat cannot see (in a hand, a row or the draw pile) along both paths, kept with the ratio of the
        likelihoods of the reads they take part in (the swap is its own reverse)."""
        free, loose, reads, loglik = trail.free, trail.loose, trail.reads, self.model.loglik
        if not free:
            return
        for _ in range(moves):
            a, b = free[rng.below(len(free))], loose[rng.below(len(loose))]
            if names[a] == names[b]:
                continue
            touched = set(trail.touch[a]).union(trail.touch.get(b, ()))
            names[a], names[b] = names[b], names[a]
            after = [loglik(reads[r], names) for r in touched]
            change = sum(after) - sum(each[r] for r in touched)
            if change >= 0 or _uniform(rng) < exp(change):
                for r, value in zip(touched, after):
                    each[r] = value
            else:
                names[a], names[b] = names[b], names[a]

    def __call__(self, rng: Rng) -> State:
        """A new world: a fresh determinization (dice, draw order, population notes) holding one
        particle's cards, the draw pile its remaining cards shuffled again."""
        world = self.ctx.sample(rng)
        trail, names = self.particles[rng.below(len(self.particles))]
        for s in self.followed:
            world.hands[s] = [names[i] for i in trail.hands[s]]
            world.queues[s] = [names[i] for i in trail.rows[s]]
        pile = sorted(names[i] for i in trail.pile)
        rng.shuffle(pile)
        world.draw = pile
        return world


def _uniform(rng: Rng) -> float:
    """A number in [0, 1) from the bot's generator."""
    return rng.next64() / 2.0**64


def _systematic(chances: list[float], count: int, rng: Rng) -> list[int]:
    """Systematic resampling: ``count`` indices, each as often as its share of ``chances`` says."""
    whole = sum(chances)
    step, at = whole / count, _uniform(rng) * whole / count
    out, i, reached = [], 0, chances[0]
    for _ in range(count):
        while at > reached and i < len(chances) - 1:
            i += 1
            reached += chances[i]
        out.append(i)
        at += step
    return out


def from_play(ctx: SeatContext, rng: Rng) -> Callable[[Rng], State]:
    """The game's hook: a sampler of worlds for ``ctx``'s seat weighted by the others' play."""
    return Particles(ctx, rng)
