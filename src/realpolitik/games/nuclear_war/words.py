"""Nuclear War in words: each legal action as a button's text (``action_label``) and the lines
written most often (``TurnLines``).

The lines written most often — a turn begins, a card is drawn, shown in or taken back from the
deterrent force, placed face down, revealed; a Secret played, an attack, a launch, a carrier not
intercepted, the fallout dice, a carrier discarded, a swap in peace, a turn lost, an elimination —
are made once per content and seats and looked up: several are written every action, and a table's
lookup costs a fraction of a cached call (messages are immutable: one object in many logs)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from realpolitik.i18n import Text, listed, t

from . import grammar
from .content import Printed, load
from .tables import REFILL_TARGET

if TYPE_CHECKING:
    from .state import NuclearWarState as S


#: why a waiting carrier is discarded when the next card is revealed
REPLACED = t("replaced by a new carrier")
NO_WARHEAD = t("no matching warhead followed")
#: why a carrier is discarded after its strike
OUT_OF_FUEL = t("out of fuel")
SPENT = t("spent")
PAYLOAD_USED_UP = t("payload used up")


def action_label(st: S, verb: str, args: tuple) -> str | None:
    """A legal action in words (a button's text): cards by their printed names."""
    name = st.name
    if verb == "place":
        if args[0] == "shown":
            return t("Place {card} (from deterrent) face down", card=name(args[1]))
        return t("Place {card} face down", card=name(args[0]))
    if verb == "show":
        return t("Show {card} as deterrent", card=name(args[0]))
    if verb == "hide":
        return t("Take back {card}", card=name(args[0]))
    if verb == "target":
        return t("Target {seat}", seat=seat_named(st, args[0]))
    if verb == "strike":
        carrier, warhead, target = args
        return t("Strike {target}: {carrier} with {warhead}", target=seat_named(st, target), carrier=name(carrier),
                 warhead=name(warhead))
    if verb == "intercept":
        return t("Intercept with {card}", card=name(args[0]))
    if verb == "no":
        return t("Do not intercept")
    if verb == "swap":
        return t("Swap face-down card {slot} for {card}", slot=args[0], card=name(args[1]))
    return {grammar.KEEP: t("Keep my face-down cards"), grammar.DONE: t("Done")}.get(verb)


def seat_named(st: S, label: str) -> str:
    """The seat ``label`` as players know it: read, it is its title ("Player 2", "Spieler 2")."""
    return st.seats[st.seats.index(label)]


@dataclass(frozen=True, slots=True)
class TurnLines:
    """Each seat's and each card's lines: by seat, by card key, or by seat and then card key."""

    #: clones and a seat's sampled worlds share it (testing/playout.py): it is never changed once made
    shareable: ClassVar[bool] = True
    turn_begins: tuple[Text, ...]
    draws_a_card: tuple[Text, ...]
    places_face_down: tuple[Text, ...]
    you_draw: dict[str, Text]
    you_place: dict[str, Text]
    places_shown: tuple[dict[str, Text], ...]
    shows: tuple[dict[str, Text], ...]
    takes_back: tuple[dict[str, Text], ...]
    reveals: tuple[dict[str, Text], ...]
    plays_secret: tuple[dict[str, Text], ...]
    does_not_intercept: tuple[Text, ...]
    fallout: tuple[Text, ...]  # by the roll, 0–99
    attacks: tuple[tuple[Text, ...], ...]  # by seat and target
    discarded: dict[Text, tuple[dict[str, Text], ...]]  # by why, seat and carrier
    launches: tuple[tuple[dict[tuple[str, str], Text], ...], ...]  # by seat, target and (warhead, carrier)
    changes: tuple[Text, ...]  # a face-down card swapped in peace, by seat
    you_swap: dict[tuple[int, str], Text]  # by (slot, card)
    loses_turn: tuple[Text, ...]  # a turn skipped, by seat
    will_lose_turn: tuple[Text, ...]  # by seat
    eliminated: tuple[Text, ...]  # by seat


@lru_cache(maxsize=64)
def turn_lines(cards_file: str, seats: tuple[str, ...]) -> TurnLines:
    """The lines of the content with the cards at ``cards_file`` (``""``: the built-in ones) for these seats."""
    content = load(cards_file)
    names = content.names
    warheads = [key for key, card in content.cards.items() if card.kind == "warhead"]
    carriers = [key for key, card in content.cards.items() if card.kind == "carrier"]

    def by_seat_and_card(words: Text) -> tuple[dict[str, Text], ...]:  # words: a message with fields seat, card
        return tuple({card: t(words.key, seat=seat, card=name) for card, name in names.items()} for seat in seats)

    return TurnLines(
        turn_begins=tuple(t("— {seat}'s turn —", seat=seat) for seat in seats),
        draws_a_card=tuple(t("{seat} draws a card.", seat=seat) for seat in seats),
        places_face_down=tuple(t("{seat} places a card face down.", seat=seat) for seat in seats),
        you_draw={key: t("You draw {cards}.", cards=listed([name])) for key, name in names.items()},
        you_place={key: t("You place {card} face down.", card=name) for key, name in names.items()},
        places_shown=by_seat_and_card(t("{seat} places its deterrent {card} face down.")),
        shows=by_seat_and_card(t("{seat} shows {card} in its deterrent force.")),
        takes_back=by_seat_and_card(t("{seat} takes back {card} from its deterrent force.")),
        reveals=by_seat_and_card(t("{seat} reveals {card}.")),
        plays_secret=tuple({key: _plays_secret(seat, names[key], content.cards[key]) for key in content.secrets}
                           for seat in seats),
        does_not_intercept=tuple(t("{seat} does not intercept.", seat=seat) for seat in seats),
        fallout=tuple(t("Fallout dice: {roll} — {result}.", roll=f"{roll:02d}", result=t(result.text))
                      for roll, result in enumerate(content.fallout)),
        attacks=tuple(tuple(t("{seat} attacks {target}.", seat=seat, target=target) for target in seats)
                      for seat in seats),
        discarded={why: tuple({key: t("{seat}'s {card} is discarded ({why}).", seat=seat, card=names[key], why=why)
                               for key in carriers} for seat in seats)
                   for why in (REPLACED, NO_WARHEAD, OUT_OF_FUEL, SPENT, PAYLOAD_USED_UP)},
        launches=tuple(tuple({(w, c): t("{seat} launches a {warhead} on its {carrier} at {target}.", seat=seat,
                                        warhead=names[w], carrier=names[c], target=target)
                              for w in warheads for c in carriers} for target in seats)
                       for seat in seats),
        changes=tuple(t("{seat} changes a face-down card.", seat=seat) for seat in seats),
        you_swap={(slot, key): t("You swap face-down card {slot} for {card}.", slot=slot, card=name)
                  for slot in range(1, REFILL_TARGET + 1) for key, name in names.items()},
        loses_turn=tuple(t("{seat} loses this turn.", seat=seat) for seat in seats),
        will_lose_turn=tuple(t("{seat} will lose its next turn.", seat=seat) for seat in seats),
        eliminated=tuple(t("{seat} has lost its entire population and is eliminated.", seat=seat) for seat in seats),
    )


def _plays_secret(seat: str, name: Text, card: Printed) -> Text:
    if card.kind == "top-secret":
        return t("{seat} plays the top secret card {card}: {text}", seat=seat, card=name, text=t(card.text))
    return t("{seat} plays the secret card {card}: {text}", seat=seat, card=name, text=t(card.text))
