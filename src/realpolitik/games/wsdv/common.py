"""Steps every rule module shares: ending the game, drawing cards, naming cards and places."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, TypeVar

from realpolitik.i18n import Listed, Text, listed, phrase, t

from .content import EAST, WEST

if TYPE_CHECKING:
    from .state import WsdvState as S


# the log lines written here (``log.say``: engine/log.py)
GAME_OVER = phrase("Game over: {reason}", "reason")
DISCARDS = phrase("{seat} discards {what}.", "seat", "what")
YOU_DISCARD = phrase("You discard {card}.", "card")


ROMAN = ("", "I", "II", "III", "IV")
#: a frame class (made through ``made`` or ``shared``, it stays the same class for a type checker)
F = TypeVar("F")


def made(frame: Callable[..., F]) -> Callable[..., F]:
    """``frame`` through a cache: a frame is an immutable value (engine/frames.py), so the one made
    for the same fields before serves again; the cached call runs in C, where making a NamedTuple
    is a Python call. (``typed``: ``True`` and ``1`` stay apart, as a record shows them.)"""
    return lru_cache(maxsize=4096, typed=True)(frame)


@lru_cache(maxsize=256, typed=True)
def shared(kind: Callable[..., F], *fields: object) -> F:
    """The frame ``kind(*fields)``, made once (as ``made``): for the frame classes a state names,
    which the base game and 2+2 each define (``st.Deal``, ``st.SubDecadeEnd``)."""
    return kind(*fields)


def finish(st: S, winner: int, reason: Text) -> None:
    """End the game at once (§8): the winning state and the reason in words."""
    st.result = (winner, reason)
    st.stack.clear()
    st.log.say(GAME_OVER, reason)


def asks(st: S, viewer: int | None, seat: int, prompt: Text, waiting: Text) -> Text:
    """A pending decision in words: ``prompt`` for the deciding seat, for everyone else its name
    and ``waiting``."""
    return prompt if viewer == seat else t("{seat} {waiting}", seat=st.seats[seat], waiting=waiting)


def leader(st: S) -> int:
    """The side holding the prestige advantage; West when the marker is on 0 (§3.2, §11.1 #11)."""
    return EAST if st.prestige > 0 else WEST


def name(st: S, key: str) -> str:
    """A card as the log names it: its number and printed title."""
    return st.content.card_names[key]


def names(st: S, keys: Iterable[str]) -> Listed:
    """Cards as the log lists them, each named as ``name`` does."""
    return listed(map(st.content.card_names.__getitem__, keys))


def pname(st: S, p: int) -> Text:
    """A province's name, as printed (a message: "West Berlin" is "West-Berlin" in German)."""
    return st.content.province_words[p]


def pkey(st: S, p: int) -> str:
    """A province's action word."""
    return st.content.provinces[p].key


def draw(st: S, to_seat: int | None = None) -> str | None:
    """The top card of the draw deck (None when empty: decision 19 of docs/games/wsdv.md).

    Seats that had seen the top cards (Guillaume affair) keep knowing where that card goes.
    """
    if not st.deck:
        return None
    key = st.deck.pop()
    if not any(st.deck_seen):  # most of the time nobody has seen the top cards
        return key
    for s, seen in enumerate(st.deck_seen):
        if seen:
            st.deck_seen[s] = seen - 1
            if to_seat is not None and to_seat != s:
                st.known[s].append(key)
    return key


def draw_many(st: S, n: int) -> list[str]:
    """Up to ``n`` cards off the draw deck, the top card first, as ``draw`` takes them one by one."""
    deck = st.deck
    if any(st.deck_seen):  # seats that saw the top cards follow each one (``draw``)
        return [k for k in (draw(st) for _ in range(n)) if k is not None]
    cut = max(0, len(deck) - n)
    cards = deck[cut:]
    del deck[cut:]
    cards.reverse()  # the top card (the deck's last) first
    return cards


def discard(st: S, seat: int, key: str, what: Text) -> None:
    """``seat`` puts a hand card out of play face down: the others see only that one went."""
    forget(st, seat)
    st.hands[seat].remove(key)
    st.out_seen[seat].append(key)
    st.log.say(DISCARDS, st.seats[seat], what, to=(seat,), private=(YOU_DISCARD, name(st, key)))


def forget(st: S, seat: int) -> None:
    """Others lose track of a hand once cards leave it face down."""
    hand = set(st.hands[seat])
    for s in range(len(st.seats)):
        if s != seat:
            st.known[s] = [k for k in st.known[s] if k not in hand]


def unveil(st: S, key: str) -> None:
    """A card played face up is no longer a secret anyone keeps track of."""
    for known in st.known:
        if key in known:
            known.remove(key)
