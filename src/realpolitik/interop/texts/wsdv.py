"""Wir sind das Volk!'s action texts (2+2's too): cards, provinces, West Berlin's sectors,
sites, cities and icons by key, from the game's content.

``bonus`` names every space of the longest bonus track; 2+2's prestige/dominance split
names arrows of up to ``ARROW_STEPS`` steps.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from realpolitik.games.wsdv import grammar
from realpolitik.games.wsdv.events import TRACKS
from realpolitik.games.wsdv.two_plus_two.content import ARROWS

#: the longest arrow a 2+2 card prints (a prestige arrow may be split between two markers)
ARROW_STEPS = 6
#: the uses of a card in the base game (2+2 adds the arms race and credit)
BASE_USES = grammar.USES[:4]
#: the 2+2 tracks an event step may shift, and the colours of their markers
SHIFTS = (("dominance", "prestige"), ("yellow", "red"))


def texts(st: Any) -> Iterator[str]:
    yield from _common(st, BASE_USES, TRACKS, max(len(spaces) for spaces in st.content.prestige))
    yield grammar.WEST_DRAWS


def texts_2p2(st: Any) -> Iterator[str]:
    c = st.content
    longest = max(len(spaces) for track in (c.prestige, *c.track_icons.values()) for spaces in track)
    yield from _common(st, grammar.USES, ARROWS, longest)
    yield from (grammar.ignore(f"{track}-{colour}") for track in ARROWS for colour in SHIFTS[1])
    yield from (grammar.shift(track, colour) for track in SHIFTS[0] for colour in SHIFTS[1])
    yield from (grammar.convert(n - d, d) for n in range(1, ARROW_STEPS + 1) for d in range(n + 1))
    yield from (grammar.YELLOW_DRAWS, grammar.INCOME)


def _common(st: Any, uses: tuple[str, ...], tracks: tuple[str, ...], bonus: int) -> Iterator[str]:
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
