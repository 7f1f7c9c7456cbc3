"""Nuclear War's action texts: cards by key, nations by seat label, face-down slots 1–3."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from realpolitik.games.nuclear_war import grammar

#: a nation keeps at most three face-down cards (two, plus one in a war turn)
SLOTS = 3


def texts(st: Any) -> Iterator[str]:
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
