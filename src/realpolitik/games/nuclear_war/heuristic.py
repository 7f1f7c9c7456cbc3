"""A rule-of-thumb Nuclear War bot that reads only its seat's view.

- Build attacks: after a carrier in its own row it places the biggest warhead that fits.
  In peace it otherwise places propaganda (people taken by propaganda cannot strike
  back), and when peace returns it swaps face-down cards for propaganda. Failing that it
  starts a carrier when it holds a warhead for it. It keeps anti-missiles in hand and
  never bluffs with deterrents.
- Targets: the opponent with the most population cards (the only public measure of
  strength); ties go to an opponent with a carrier ready to fire.
- Always intercepts when it can, with the least versatile anti-missile that suffices; in
  final retaliation it fires the biggest warheads first at the strongest opponent.
"""

from __future__ import annotations

from typing import Any

from realpolitik.engine import Choice, SeatContext

from . import grammar
from .content import Card, load


class HeuristicBot:
    """Nuclear War heuristic; deterministic given the view."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, ctx: SeatContext) -> str:
        view, choices = ctx.view, ctx.choices
        cards = load(view["options"].get("content", "")).cards
        by_verb: dict[str, list[Choice]] = {}
        for c in choices:
            by_verb.setdefault(c.verb, []).append(c)
        if "intercept" in by_verb:
            return min(by_verb["intercept"], key=lambda c: len(cards[c.args[0]].stops)).action
        if "target" in by_verb:
            return max(by_verb["target"], key=lambda c: _strength(view, c.args[0])).action
        if "strike" in by_verb:
            return _best_strike(view, by_verb["strike"], cards)
        if grammar.DONE in by_verb:
            return grammar.DONE
        if "swap" in by_verb:
            return _best_swap(view, by_verb["swap"], cards)
        if "place" in by_verb:
            return _best_placement(view, by_verb["place"], cards)
        return choices[0].action


def _strength(view: dict[str, Any], label: str) -> tuple[int, int]:
    player = next(p for p in view["public"]["players"] if p["seat"] == label)
    return player["population_cards"], 1 if player["face_up"] else 0


def _best_strike(view: dict[str, Any], strikes: list[Choice], cards: dict[str, Card]) -> str:
    def value(c: Choice) -> tuple:
        carrier, warhead, target = c.args
        return cards[warhead].megatons, _strength(view, target), -cards[carrier].payload

    return max(strikes, key=value).action


def _best_swap(view: dict[str, Any], swaps: list[Choice], cards: dict[str, Card]) -> str:
    """Peace is back: replace a face-down card that is not propaganda by the biggest propaganda."""
    row = view["private"]["face_down"]
    best, people = grammar.KEEP, 0
    for c in swaps:
        slot, key = c.args
        card = cards[key]
        if card.kind == "propaganda" and cards[row[slot - 1]].kind != "propaganda" and card.people > people:
            best, people = c.action, card.people
    return best


def _waiting_carrier(view: dict[str, Any], cards: dict[str, Card]) -> tuple[Card | None, int]:
    """The carrier (and payload left) that will face the card placed now when it is revealed."""
    me = next(p for p in view["public"]["players"] if p["seat"] == view["seat"])
    carrier = cards[me["face_up"]] if me["face_up"] else None
    room = me["payload"] or 0
    for key in view["private"]["face_down"]:
        card = cards[key]
        if card.kind == "carrier":
            carrier, room = card, card.payload
        elif card.kind == "warhead" and carrier is not None and card.megatons <= room:
            room = room - card.megatons if carrier.bomber else 0
            carrier = carrier if carrier.bomber and room >= 10 else None
        else:
            carrier = None
    return carrier, room


def _best_placement(view: dict[str, Any], places: list[Choice], cards: dict[str, Card]) -> str:
    keys = {c.action: c.args[-1] for c in places}
    hand = [cards[k] for k in keys.values()]
    carrier, room = _waiting_carrier(view, cards)
    war = view["public"]["war"]

    def score(a: str) -> float:
        card = cards[keys[a]]
        if carrier is not None and card.kind == "warhead" and card.megatons <= room:
            return 100 + card.megatons
        if card.kind == "propaganda":
            return 1 if war else (80 if carrier is None else 40) + card.people
        if card.kind == "carrier" and any(w.kind == "warhead" and w.megatons <= card.payload for w in hand):
            best = max(w.megatons for w in hand if w.kind == "warhead" and w.megatons <= card.payload)
            return 60 + best / 10
        if card.kind == "anti-missile":
            return -100
        if card.kind == "warhead":
            return 5 - card.megatons / 100  # unusable now: shed the smallest first
        return 10 - card.payload / 100  # a carrier without a warhead to follow

    best = max(keys, key=score)
    if best == grammar.place(keys[best], from_deterrent=True):  # rather from the hand than the deterrent
        plain = grammar.place(keys[best])
        return plain if plain in keys else best
    return best


#: share of games a search should still expect to end without a winner (spec §12: the last
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
