"""Every action text Wir sind das Volk! can write (``Game.action_texts``): cards, provinces, West
Berlin's sectors, sites, cities and icons by key, from the content with the game's own ``grammar``
builders. 2+2 adds its own (``two_plus_two/action_texts.py``).

``bonus`` names every space of the longest bonus track.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from . import grammar
from .events import TRACKS

if TYPE_CHECKING:
    from .state import WsdvState as S

#: the uses of a card in the base game (2+2 adds the arms race and credit)
BASE_USES = grammar.USES[:4]


def every_text(st: S) -> Iterator[str]:
    """The texts in a fixed order, for a freshly set-up ``st`` (read for its content only)."""
    yield from shared_texts(st, BASE_USES, TRACKS, max(len(spaces) for spaces in st.content.prestige))
    yield grammar.WEST_DRAWS


def shared_texts(st: S, uses: tuple[str, ...], tracks: tuple[str, ...], bonus: int) -> Iterator[str]:
    """The texts of both games: a card's ``uses``, the arrows' ``tracks``, bonus spaces up to ``bonus``."""
    c = st.content
    cards = list(c.cards)
    provinces = [p.key for p in c.provinces]
    sectors = [f"wb-{s}" for s in c.sectors]
    cities = [city.key for city in c.cities]
    sites = list(c.site_name.values())
    yield from (grammar.take(k, use) for k in cards for use in uses)
    yield from (grammar.play(k, use) for k in cards for use in uses)
    for verb in (grammar.police, grammar.calm, grammar.hamburg, grammar.unrest, grammar.end_protest,
                 grammar.return_unrest, grammar.supplier, grammar.relieve, grammar.socialist, grammar.purge):
        yield from (verb(p) for p in provinces)
    yield from (grammar.ls(p) for p in (*provinces, *sectors))
    yield from (grammar.reduce(p) for p in (*provinces, *sectors))
    yield from (grammar.dismantle(s) for s in sites)
    yield from (grammar.build(s) for s in sites)
    yield from (grammar.assign(city, p) for city in cities for p in provinces)
    for verb in (grammar.rundown, grammar.repair, grammar.stop):
        yield from (verb(city) for city in cities)
    yield from (grammar.discard(k) for k in cards)
    yield from (grammar.remove(k) for k in cards)
    yield from (grammar.swap(mine, theirs) for mine in cards for theirs in cards if mine != theirs)
    items = [*c.icons, *tracks]
    yield grammar.ignore(grammar.NOTHING)
    yield from (grammar.ignore(item) for item in items)
    yield from (grammar.next_item(item) for item in items)
    yield from (grammar.move(a, b) for a in provinces for b in provinces if a != b)
    yield from (grammar.look(where) for where in ("hand", "deck"))
    yield from (grammar.bonus(n) for n in range(1, bonus + 1))
    yield from (grammar.DONE, grammar.KEEP, grammar.DELIVER, grammar.NOTHING)
