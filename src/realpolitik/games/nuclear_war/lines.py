"""The lines every turn writes — a turn begins, a card is drawn, placed face down, revealed —
made once per content and seats and looked up: several are written every action, and a
table's lookup costs a fraction of a cached call (messages are immutable: one object in
many logs)."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from realpolitik.i18n import Text, listed, t

from .content import load


class TurnLines(NamedTuple):
    """Each seat's and each card's lines: by seat, by card key, or by seat and then card key."""

    turn_begins: tuple[Text, ...]
    draws_a_card: tuple[Text, ...]
    places_face_down: tuple[Text, ...]
    you_draw: dict[str, Text]
    you_place: dict[str, Text]
    reveals: tuple[dict[str, Text], ...]


@lru_cache(maxsize=64)
def turn_lines(cards_file: str, seats: tuple[str, ...]) -> TurnLines:
    """The lines of the content with the cards at ``cards_file`` (``""``: the built-in ones) for these seats."""
    names = load(cards_file).names
    return TurnLines(
        turn_begins=tuple(t("— {seat}'s turn —", seat=seat) for seat in seats),
        draws_a_card=tuple(t("{seat} draws a card.", seat=seat) for seat in seats),
        places_face_down=tuple(t("{seat} places a card face down.", seat=seat) for seat in seats),
        you_draw={key: t("You draw {cards}.", cards=listed([name])) for key, name in names.items()},
        you_place={key: t("You place {card} face down.", card=name) for key, name in names.items()},
        reveals=tuple({key: t("{seat} reveals {card}.", seat=seat, card=name) for key, name in names.items()}
                      for seat in seats),
    )
