"""Every action text Nuclear War can write (``Game.action_texts``): cards by key, nations by seat label,
face-down slots 1–3, from the content and the seats with the game's own ``grammar`` builders."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from . import grammar

if TYPE_CHECKING:
    from .state import NuclearWarState as S

#: a nation keeps at most three face-down cards (two, plus one in a war turn)
SLOTS = 3


def every_text(st: S) -> Iterator[str]:
    """The texts in a fixed order, for a freshly set-up ``st`` (read for its content and seats only)."""
    cards = list(st.content.cards.values())
    keys = [c.key for c in cards]
    seats = list(st.seats)
    yield from grammar.places(keys)
    yield from grammar.places(keys, from_deterrent=True)
    yield from grammar.shows(keys)
    yield from grammar.hides(keys)
    yield from (grammar.target(s) for s in seats)
    yield from (grammar.intercept(c.key) for c in cards if c.kind == "anti-missile")
    yield grammar.NO_INTERCEPT
    carriers = [c.key for c in cards if c.kind == "carrier"]
    warheads = [c.key for c in cards if c.kind == "warhead"]
    yield from (grammar.strike(c, w, s) for c in carriers for w in warheads for s in seats)
    yield grammar.DONE
    yield from (grammar.swap(slot, k) for slot in range(1, SLOTS + 1) for k in keys)
    yield grammar.KEEP
