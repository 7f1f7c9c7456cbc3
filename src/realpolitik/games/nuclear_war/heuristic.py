"""A rule-of-thumb Nuclear War bot that reads only its seat's view.

- Build attacks: after a carrier in its own row it places the biggest warhead that fits.
  In peace it otherwise places propaganda (people taken by propaganda cannot strike
  back), and when peace returns it swaps face-down cards for propaganda. Failing that it
  starts a carrier when it holds a warhead for it. It keeps anti-missiles in hand and
  never bluffs with deterrents.
- Targets: the opponent with the most population cards (the only public measure of
  strength); ties go to an opponent with a carrier ready to fire. A gift of its own people
  (Little Old Ladies) goes the other way, to the opponent with the fewest.
- Always intercepts when it can, with the least versatile anti-missile that suffices; in
  final retaliation it fires the biggest warheads first at the strongest opponent.

Its sharper play (``style=sharp``, and ``sharp_rollout_policy`` for a search's own moves)
differs in two rules, found by seating variants among three plain heuristics
(lab/nuclear-war-search.md, *The sharper heuristic*): an attack goes to the opponent with
the fewest population cards (propaganda still to the most), and in peace a carrier with a
warhead at hand to follow it is placed before propaganda.

The rules read a :class:`Sight` — what the seat sees — filled from its view by the bot,
and from a sampled world by ``rollout_policy``, the same rules as a search's playouts.
"""

from __future__ import annotations

from operator import itemgetter
from typing import NamedTuple

from realpolitik.engine import Rng, SeatContext

from . import grammar
from .combat import NameTarget
from .content import Printed, load
from .options import NuclearWarOptions


class Sight(NamedTuple):
    """What the heuristic reads: all public but its own row, which only its seat sees."""

    cards: dict[str, Printed]
    war: bool
    #: per seat label: its population cards and 1 if a carrier of it lies face up
    strength: dict[str, tuple[int, int]]
    face_up: str | None  # the seat's own face-up carrier
    payload: int  # what that carrier can still take
    face_down: list[str]  # the seat's own row, front first
    #: the target being named receives the seat's own people (a card whose effect is ``give``)
    giving: bool = False


#: the heuristic's ways of playing: ``plain`` (the rules above) and ``sharp``
STYLES = ("plain", "sharp")


class HeuristicBot:
    """Nuclear War heuristic; deterministic given the view. ``style``: ``plain`` or ``sharp``."""

    name = "heuristic"

    def __init__(self, seed: int = 0, style: str = "plain") -> None:
        if style not in STYLES:
            raise ValueError(f"heuristic: style {style!r} is not one of {', '.join(STYLES)}")
        self.seed = seed
        self.sharp = style == "sharp"

    def choose(self, ctx: SeatContext) -> str:
        view = ctx.view
        players = view["public"]["players"]
        me = next(p for p in players if p["seat"] == view["seat"])
        cards = load(NuclearWarOptions.of(view["options"]).content).cards
        aim = view["public"]["aim"]
        sight = Sight(cards, view["public"]["war"],
                      {p["seat"]: (p["population_cards"], 1 if p["face_up"] else 0) for p in players},
                      me["face_up"], me["payload"] or 0, view["private"]["face_down"],
                      aim is not None and cards[aim["card"]].effect == "give")
        return decide(sight, [(c.action, c.verb, c.args) for c in ctx.choices], self.sharp)


def rollout_policy(world, rng: Rng) -> str:
    """The heuristic's move in a search's sampled world (``Game.rollout_policy``).

    It reads what the seat to act would see there — the public cards and its own row —
    straight from the world, without building a view: the same move the bot makes.
    """
    legal = world.legal_actions()
    return legal[0] if len(legal) == 1 else decide(_sight(world, legal), list(map(_CHOICES.__getitem__, legal)))


def sharp_rollout_policy(world, rng: Rng) -> str:
    """The sharper heuristic's move in a sampled world (``Game.rollout_policies["sharp"]``)."""
    legal = world.legal_actions()
    return legal[0] if len(legal) == 1 else decide(_sight(world, legal), list(map(_CHOICES.__getitem__, legal)), True)


def _sight(world, legal: list[str]) -> Sight:
    """What the seat to act sees in ``world``, as the heuristic reads it."""
    s = world.to_act
    up = world.face_up
    # the strengths (and what a target receives) are read only to name a target or aim a strike (``decide``)
    aiming = legal[0].startswith(("target ", "strike "))
    strength = {label: (sum(world.pop[o]), 1 if up[o] else 0) for o, label in enumerate(world.seats)} \
        if aiming else {}
    giving = aiming and isinstance(top := world.stack[-1], NameTarget) and world.content.cards[top.key].effect == "give"
    return _new(Sight, (world.content.cards, world.at_war, strength, up[s], world.payload[s] if up[s] else 0,
                        world.queues[s], giving))  # a Sight without the Python call of its __new__


_new = tuple.__new__


class _Choices(dict):
    """Each action text as (action, verb, args), read the first time it is met and looked up after."""

    def __missing__(self, action: str) -> tuple[str, str, tuple]:
        choice = self[action] = (action, *grammar.read(action))
        return choice


_CHOICES = _Choices()


_VERB = itemgetter(1)


def decide(sight: Sight, choices: list[tuple[str, str, tuple]], sharp: bool = False) -> str:
    """The heuristic's choice among ``choices`` (action, verb, args), in the legal order;
    ``sharp``: its sharper play (the module's docstring)."""
    cards = sight.cards
    verbs = set(map(_VERB, choices))
    if "intercept" in verbs:
        return min([c for c in choices if c[1] == "intercept"], key=lambda c: len(cards[c[2][0]].stops))[0]
    if "target" in verbs:
        targets = [c for c in choices if c[1] == "target"]
        if sight.giving:  # its own people go over: to the weakest opponent, not the strongest
            return min(targets, key=lambda c: sight.strength[c[2][0]])[0]
        if sharp and sight.face_up is not None:  # its own carrier lies face up: an attack
            return min(targets, key=lambda c: sight.strength[c[2][0]])[0]
        return max(targets, key=lambda c: sight.strength[c[2][0]])[0]
    if "strike" in verbs:
        return _best_strike(sight, [c for c in choices if c[1] == "strike"])
    if grammar.DONE in verbs:
        return grammar.DONE
    if "swap" in verbs:
        return _best_swap(sight, [c for c in choices if c[1] == "swap"])
    if "place" in verbs:
        return _best_placement(sight, [c for c in choices if c[1] == "place"], sharp)
    return choices[0][0]


def _best_strike(sight: Sight, strikes: list[tuple[str, str, tuple]]) -> str:
    cards, strength = sight.cards, sight.strength

    def value(c: tuple[str, str, tuple]) -> tuple:
        carrier, warhead, target = c[2]
        return cards[warhead].megatons, strength[target], -cards[carrier].payload

    return max(strikes, key=value)[0]


def _best_swap(sight: Sight, swaps: list[tuple[str, str, tuple]]) -> str:
    """Peace is back: replace a face-down card that is not propaganda by the biggest propaganda."""
    cards, row = sight.cards, sight.face_down
    best, people = grammar.KEEP, 0
    for action, _, (slot, key) in swaps:
        card = cards[key]
        if card.kind == "propaganda" and cards[row[slot - 1]].kind != "propaganda" and card.people > people:
            best, people = action, card.people
    return best


def waiting_carrier(sight: Sight) -> tuple[Printed | None, int]:
    """The carrier (and payload left) that will face the card placed now when it is revealed."""
    cards = sight.cards
    carrier = cards[sight.face_up] if sight.face_up else None
    room = sight.payload
    for key in sight.face_down:
        card = cards[key]
        if card.kind == "carrier":
            carrier, room = card, card.payload
        elif card.kind == "warhead" and carrier is not None and card.megatons <= room:
            room = room - card.megatons if carrier.bomber else 0
            carrier = carrier if carrier.bomber and room >= 10 else None
        else:
            carrier = None
    return carrier, room


def placement_score(card: Printed, carrier: Printed | None, room: int, megatons: list[int], war: bool,
                    sharp: bool = False) -> float:
    """How much the heuristic wants ``card`` placed next: ``carrier`` (with ``room`` megatons
    left) will face it when revealed (``waiting_carrier``), ``megatons`` are the warheads at
    hand; the highest score is placed."""
    kind = card.kind
    if carrier is not None and kind == "warhead" and card.megatons <= room:
        return 100 + card.megatons
    if kind == "propaganda":
        # in peace plain: above a new carrier unless one already waits; sharp: below a
        # new carrier with its warhead at hand in any case
        return 1 if war else (20 if sharp else 80 if carrier is None else 40) + card.people
    if kind == "carrier" and any(mt <= card.payload for mt in megatons):
        return 60 + max(mt for mt in megatons if mt <= card.payload) / 10
    if kind == "anti-missile":
        return -100
    if kind == "warhead":
        return 5 - card.megatons / 100  # unusable now: shed the smallest first
    return 10 - card.payload / 100  # a carrier without a warhead to follow


def _best_placement(sight: Sight, places: list[tuple[str, str, tuple]], sharp: bool = False) -> str:
    cards = sight.cards
    # the warheads at hand (deterrent force included), for the carriers
    megatons = [card.megatons for card in map(cards.__getitem__, {c[2][-1] for c in places})
                if card.kind == "warhead"]
    carrier, room = waiting_carrier(sight)
    war = sight.war
    best, key, most = "", "", None  # the first action of the highest score, and its card
    for action, _, args in places:
        score = placement_score(cards[args[-1]], carrier, room, megatons, war, sharp)
        if most is None or score > most:
            best, key, most = action, args[-1], score
    if best == grammar.place(key, from_deterrent=True):  # rather from the hand than the deterrent
        plain = grammar.place(key)
        return plain if any(c[0] == plain for c in places) else best
    return best


#: share of games a search should still expect to end without a winner (Sieg: the last
#: nations may annihilate each other); scales the estimate below 1
_CONTESTED = 0.6


def evaluate(st) -> tuple[float, ...]:
    """Search estimate of an unfinished game: the chance to be the last nation standing.

    Runs on sampled worlds only (``Game.evaluate``). Each living nation's chance grows
    with the square of its people; the eliminated have none.
    """
    weight = [st.population(s) ** 2 if st.alive[s] else 0 for s in range(len(st.seats))]
    whole = sum(weight)
    if not whole:
        return (0.0,) * len(weight)
    return tuple(_CONTESTED * w / whole for w in weight)
