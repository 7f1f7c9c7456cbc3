"""The printed map's factory sites and connections as tables for the board's queries (spec §1.3, §1.7, §4.2).

A factory's value, whether infrastructure touches a city, where a side may build or
dismantle: the rules ask these on every step of every game and search. ``Network`` holds
what they read from the map, worked out once per content (``Content.network``), so each
query is one pass over plain tuples. Sites are numbered as in ``content``.

Most connections are idle at any time (no line, no factory at either end). The queries
skip them without a Python-level step: ``itertools.compress`` over a ``map`` of the
state's lists, which relies on "no factory" and "no line" both being 0.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .content import LINE, SIDES

if TYPE_CHECKING:
    from .content import Content


class Link(NamedTuple):
    """A connection at a city: it works for the city's factory value when all its lines (``full``) are built
    and ``other`` holds a factory; ``bit`` is the line of it that touches the city."""

    k: int
    full: int
    other: int
    bit: int


class Row(NamedTuple):
    """A connection as ``board.build_sites`` reads it: its ends, where their mass-protest bans are
    read (``Network.slot``), its full mask, whether it is a single line, and its first site."""

    k: int
    a: int
    b: int
    slot_a: int
    slot_b: int
    full: int
    single: bool
    site: int


class Connections(NamedTuple):
    """Some connections in index order: as rows, and their numbers and ends as columns (for ``map``)."""

    rows: tuple[Row, ...]
    k: tuple[int, ...]
    a: tuple[int, ...]
    b: tuple[int, ...]


class Network:
    """The map as tables, per content (spec §1.3, §1.7)."""

    def __init__(self, c: Content) -> None:
        n = len(c.provinces)
        cities = range(len(c.cities))
        #: where a city's mass-protest ban is read: its province, ``hamburg_slot`` (the province
        #: Hamburg counts for now) or ``abroad_slot`` (an external city, never banned)
        self.hamburg_slot, self.abroad_slot = n, n + 1
        self.slot = tuple(p if p >= 0 else (self.hamburg_slot if x == c.hamburg else self.abroad_slot)
                          for x, p in enumerate(c.city_province))
        #: per city: every connection at it
        self.links = tuple(tuple(_link(c, k, x) for k in c.city_connections[x]) for x in cities)
        #: per city: a working factory's value before its connections (Rheinsberg counts one more, §1.7)
        self.base_value = tuple(2 if x == c.rheinsberg else 1 for x in cities)
        #: per city, by factory state (none, working, run down): its value before its connections
        self.worth = tuple((0, v, v - 1) for v in self.base_value)
        #: every connection: its number and its ends; and per connection its full mask
        self.ends = tuple((k, a, b) for k, (a, b) in enumerate(c.ends))
        self.full = c.full
        sides = range(len(SIDES))
        #: per side, in index order: the cities a factory may be built on (cities and Hamburg, §4.2.1)
        self.buildable = tuple(tuple(x for x, city in enumerate(c.cities) if c.city_side[x] == s
                                     and city.kind in ("city", "hamburg")) for s in sides)
        #: the same cities as ``board.build_sites`` lists them: a city with the slot of its ban, twice
        self.city_sites = tuple(tuple((x, self.slot[x], self.slot[x]) for x in xs) for xs in self.buildable)
        #: per side, in index order: its cities that are not external
        self.inland = tuple(tuple(x for x, city in enumerate(c.cities) if c.city_side[x] == s
                                  and city.kind != "external") for s in sides)
        #: per side: its connections
        self.sides = tuple(self._connections(c, [k for k in range(len(c.ends)) if c.connection_side[k] == s])
                           for s in sides)
        #: per foreign country (``cssr``, ``pl``): its external cities, and the connections at them
        countries = {c.cities[x].country for x in c.externals}
        self.abroad_cities = {w: tuple(x for x in c.externals if c.cities[x].country == w) for w in countries}
        self.abroad_sites = {w: tuple((x, self.slot[x], self.slot[x]) for x in xs)
                             for w, xs in self.abroad_cities.items()}
        self.abroad = {w: self._connections(c, sorted({k for x in xs for k in c.city_connections[x]}))
                       for w, xs in self.abroad_cities.items()}

    def _connections(self, c: Content, ks: list[int]) -> Connections:
        rows = []
        for k in ks:
            a, b = c.ends[k]
            rows.append(Row(k, a, b, self.slot[a], self.slot[b], c.full[k], c.lines[k] == 1, LINE + 2 * k))
        return Connections(tuple(rows), tuple(ks), tuple(c.ends[k][0] for k in ks), tuple(c.ends[k][1] for k in ks))


def _link(c: Content, k: int, city: int) -> Link:
    a, b = c.ends[k]
    bit = 1 if c.lines[k] == 1 or a == city else 2  # a single connection's one line touches both ends
    return Link(k, c.full[k], b if a == city else a, bit)
