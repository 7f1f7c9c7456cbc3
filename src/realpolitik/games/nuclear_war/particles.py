"""A belief from play: worlds weighted by what the other players did (``Game.particles``,
``ismcts:worlds=particles``).

A world drawn uniformly from a seat's information set deals the unseen cards — the other
hands, their face-down rows, the draw pile — as if the others had played blind. They did
not: a player picks each face-down card from the hand by a plan, and a player who lets a
strike through usually holds nothing that stops it. This belief keeps a set of worlds
(particles), each weighted by how likely the other seats' logged actions are in it under an
opponent model — the heuristic's policy (``heuristic.py``), softened: a move the model would
not make keeps ``EPSILON`` of its weight, so a person's or a search's odd move lowers the
worlds that explain it badly instead of ruling out every one. The evidence is read from the
seat's own history (``SeatContext.history``: the log lines it may read), never from the truth:

- **the face-down rows**: each "places a card face down" of another seat was, to the model,
  the heuristic's placement rule (``placement_score``) choosing from its cards, as a softmax
  over the rule's scores (``SCALE`` points an e-fold). Which cards a seat holds in hand and row
  together the placements do not tell (every set of cards places some row), so each world keeps
  a uniform deal of them and draws the row from them, front first, by the model's chances —
  an exact draw from the model given those cards, where ``rows_as_placed`` takes the best card;
- **strikes let through**: the rule book, *Defence* (``rulebook/en.md``; *Verteidigung*): "Only
  the nation attacked may defend itself, after the target is named and before the dice are
  rolled: it may discard an anti-missile from its hand or deterrent force that stops this
  carrier", and "The target is always asked, even when it holds no anti-missile, and answers
  'no intercept' — so the question never tells the others what is in its hand." The question
  does not; the answer does, to a model of players who intercept when they can, as the
  heuristic always does: a seat that let a carrier through held no anti-missile that stops it,
  unless it took that card in since. A world whose hand holds ``m`` such anti-missiles, of
  ``h`` cards of which ``d`` came in since the pass, is as likely as those ``m`` being among
  the ``d`` new ones (or a player's choice to keep the card back: ``EPSILON``).

The evidence is read at the present position (the cards a seat picked a face-down card from
are read as the cards it holds now, and the history only for the strikes let through), so the
belief needs no state between moves: a bot rebuilt for every move, as on the server, has the
same belief. Where a seat let a strike through, the worlds are weighted by that evidence,
resampled by weight and then moved by card swaps (Metropolis-Hastings: one of the seat's cards
trades places with an unseen card elsewhere, the rows are drawn again, the swap kept with the
ratio of the weights), which keep every world consistent with the seat's view — a swap moves
only cards the seat cannot see, between places it cannot see, and never a Secret into a hand
or a row outside the opening round (``_resample_hidden``). What it is worth beside today's
belief: docs/bots/nuclear-war.md, *A belief from play*.
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb, exp, log

from realpolitik.engine import Rng, SeatContext, State
from realpolitik.i18n import Text

from .heuristic import Sight, placement_score, waiting_carrier

#: worlds kept per decision
PARTICLES = 32
#: swap proposals per world after resampling
MOVES = 16
#: share of an action the opponent model leaves to any legal choice: a person or a search plays otherwise
EPSILON = 0.1
#: placement-score points per e-fold of a card's chance to be picked
SCALE = 5.0

#: the log lines read (``words.py``, ``combat.py``, ``sequence.py``): their message keys
LAUNCHES = "{seat} launches a {warhead} on its {carrier} at {target}."
PASSES = "{seat} does not intercept."
DRAWS_ONE = "{seat} draws a card."
DRAWS = "{seat} draws {count} cards."
CHANGES = "{seat} changes a face-down card."  # a face-down card goes back to the hand


def passes(history: list, seats: tuple[str, ...], names: dict[str, Text]) -> dict[tuple[int, str], int]:
    """Per (seat, carrier) that seat let through: the fewest cards it took into its hand since."""
    index = {label: s for s, label in enumerate(seats)}
    by_name = {name: key for key, name in names.items()}
    carrier = None
    since: dict[tuple[int, str], int] = {}
    for line in history:
        if type(line) is not Text:  # plain lines and counted ones: none of those read here
            continue
        key, values = line[0], dict(zip(line[1::2], line[2::2]))
        if key == LAUNCHES:
            carrier = by_name.get(values["carrier"])
        elif key == PASSES and carrier is not None and values["seat"] in index:
            since[index[values["seat"]], carrier] = 0  # the latest pass says most
        elif key in (DRAWS_ONE, DRAWS, CHANGES) and values["seat"] in index:
            s, came = index[values["seat"]], values.get("count", 1)
            for held in since:
                if held[0] == s:
                    since[held] += came
    return since


class Particles:
    """Worlds for ``ctx``'s seat, weighted by the others' play; calling it draws one (``Game.particles``)."""

    def __init__(self, ctx: SeatContext, rng: Rng, count: int = PARTICLES, moves: int = MOVES) -> None:
        self.ctx = ctx
        first = ctx.sample(rng)
        self.seat = seat = ctx.seat
        self.cards, self.stoppers = first.content.cards, first.content.stoppers
        self.secrets = first.content.secrets
        #: the Secrets a swap may not move into a hand or a row: every one but in the opening round
        self.kept_out = self.secrets if any(first.queues) else frozenset()
        self.passes = passes(ctx.history(), first.seats, first.content.names)
        self.rest = [s for s in range(len(first.seats)) if s != seat]
        self.others = [s for s in self.rest if first.alive[s]]  # the seats whose play is read
        worlds = [first] + [ctx.sample(rng) for _ in range(count - 1)]
        for world in worlds:
            for s in self.others:
                self.place(world, s, rng)
        self.worlds = worlds
        #: the seats whose strikes let through say something about their hands
        self.suspects = sorted({s for s, _ in self.passes if s in self.others})
        if self.suspects:
            weights = [sum(self.passed(w, s) for s in self.others) for w in worlds]
            top = max(weights)
            self.worlds = [worlds[i].clone() for i in _systematic([exp(w - top) for w in weights], count, rng)]
            for world in self.worlds:
                self._move(world, moves, rng)

    def __call__(self, rng: Rng) -> State:
        """A new world: a fresh determinization (dice, draw order, population notes) holding one
        particle's cards, the draw pile its remaining cards shuffled again. Each row is placed again by
        the model from the seat's cards (kept with the ratio of the strikes-let-through likelihoods, a
        Metropolis-Hastings step like ``_move``'s), so the worlds differ even where particles repeat."""
        world = self.ctx.sample(rng)
        particle = self.worlds[rng.below(len(self.worlds))]
        for s in self.rest:
            world.hands[s] = list(particle.hands[s])
            row, kept = world.queues[s], particle.queues[s]
            for i, shown in enumerate(world.exposed[s]):
                if not shown:
                    row[i] = kept[i]
        pile = sorted(particle.draw)
        rng.shuffle(pile)
        world.draw = pile
        for s in self.others:
            if s not in self.suspects:
                self.place(world, s, rng)
                continue
            hand, row, old = list(world.hands[s]), list(world.queues[s]), self.passed(world, s)
            self.place(world, s, rng)
            change = self.passed(world, s) - old
            if change < 0 and _uniform(rng) >= exp(change):
                world.hands[s], world.queues[s] = hand, row
        return world

    # ------------------------------------------------------------------ the opponent model

    def chances(self, world: State, s: int, j: int, pool: list[str]) -> list[float]:
        """The chance of each card of ``pool`` to be the one seat ``s`` places in its slot ``j`` (the
        heuristic's placement rule, softened; the slots before ``j`` are placed already)."""
        cards, war, up = self.cards, world.at_war, world.face_up[s]
        carrier, room = waiting_carrier(Sight(cards, war, {}, up, world.payload[s] if up else 0, world.queues[s][:j]))
        megatons = [cards[k].megatons for k in pool if cards[k].kind == "warhead"]
        scores = [placement_score(cards[k], carrier, room, megatons, war) / SCALE for k in pool]
        top = max(scores)
        weights = [exp(x - top) for x in scores]
        whole = sum(weights)
        return [(1 - EPSILON) * w / whole + EPSILON / len(pool) for w in weights]

    def place(self, world: State, s: int, rng: Rng) -> None:
        """Deal seat ``s``'s unseen face-down cards again from its hand and those cards together, front
        first, each drawn by the opponent model's chances: given which cards the seat holds in hand and
        row together, the rows come out as likely as the model makes them (every placement is a "places
        a card face down" in the seat's history; which cards were in the pool is not told by it)."""
        row, exposed, hand = world.queues[s], world.exposed[s], world.hands[s]
        pool = [k for k, shown in zip(row, exposed) if not shown]
        if not pool or not self.secrets.isdisjoint(pool) or not self.secrets.isdisjoint(hand):
            return  # nothing hidden in the row, or the opening round: Secrets are played, not placed
        pool += hand
        for j, shown in enumerate(exposed):
            if not shown:
                row[j] = pool.pop(_pick(self.chances(world, s, j, pool), rng))
        hand[:] = pool

    def passed(self, world: State, s: int) -> float:
        """The log-likelihood of seat ``s``'s strikes let through (``no intercept``) given its hand in ``world``."""
        total = 0.0
        hand = world.hands[s]
        for (seat, carrier), came in self.passes.items():
            if seat != s:
                continue
            stoppers = self.stoppers.get(carrier, frozenset())
            held = sum(k in stoppers for k in hand)
            if held:
                # the chance that the ``held`` stoppers are all among the ``came`` cards taken in since
                fresh = comb(came, held) / comb(len(hand), held) if came >= held else 0.0
                total += log((1 - EPSILON) * fresh + EPSILON)
        return total

    # ------------------------------------------------------------------ swaps

    def _move(self, world: State, moves: int, rng: Rng) -> None:
        """Metropolis moves over which cards a seat that let a strike through holds: one of its cards
        (hand or row) trades places with an unseen card elsewhere (the draw pile, another seat's hand or
        row), the rows of both seats are placed again by the model, and the move is kept with the ratio
        of the strikes-let-through likelihoods. As the rows are drawn from the model given the cards,
        that ratio is the whole Metropolis-Hastings ratio; the swap is its own reverse."""
        suspects = self.suspects
        kept_out = self.kept_out
        for _ in range(moves):
            s = suspects[rng.below(len(suspects))]
            mine = self._places(world, s)
            elsewhere = [(-1, "draw", i) for i in range(len(world.draw))]
            for o in self.others:
                if o != s:
                    elsewhere += self._places(world, o)
            if not mine or not elsewhere:
                continue
            a, b = mine[rng.below(len(mine))], elsewhere[rng.below(len(elsewhere))]
            ka, kb = self._at(world, a), self._at(world, b)
            if ka == kb or kb in kept_out:
                continue
            touched = [s] if b[0] < 0 else [s, b[0]]
            before = [(list(world.hands[o]), list(world.queues[o])) for o in touched]
            old = sum(self.passed(world, o) for o in touched)
            self._put(world, a, kb)
            self._put(world, b, ka)
            for o in touched:
                self.place(world, o, rng)
            change = sum(self.passed(world, o) for o in touched) - old
            if change < 0 and _uniform(rng) >= exp(change):
                self._put(world, b, kb)  # the draw pile's card back; the seats' cards as they were
                for o, (hand, row) in zip(touched, before):
                    world.hands[o], world.queues[o] = hand, row

    @staticmethod
    def _places(world: State, s: int) -> list[tuple[int, str, int]]:
        return [(s, "hand", i) for i in range(len(world.hands[s]))] + \
            [(s, "row", i) for i, shown in enumerate(world.exposed[s]) if not shown]

    @staticmethod
    def _at(world: State, place: tuple[int, str, int]) -> str:
        s, where, i = place
        return world.draw[i] if where == "draw" else (world.hands if where == "hand" else world.queues)[s][i]

    @staticmethod
    def _put(world: State, place: tuple[int, str, int], key: str) -> None:
        s, where, i = place
        if where == "draw":
            world.draw[i] = key
        else:
            (world.hands if where == "hand" else world.queues)[s][i] = key


def _pick(chances: list[float], rng: Rng) -> int:
    """An index drawn with the given chances (they sum to 1)."""
    at, reached = _uniform(rng), 0.0
    for i, chance in enumerate(chances):
        reached += chance
        if at < reached:
            return i
    return len(chances) - 1


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
