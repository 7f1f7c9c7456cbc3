"""The printed map's factory sites and connections as tables for the board's queries (``docs/games/wsdv.md``).

A factory's value, whether infrastructure touches a city, where a side may build or
dismantle: the rules ask these on every step of every game and search. ``Network`` holds
what they read from the map, worked out once per content (``Content.network``), so each
query is one pass over plain tuples. Sites are numbered as in ``content``.

Most connections are idle at any time (no line, no factory at either end). The queries
skip them without a Python-level step: the factory values, where a side may build or
dismantle are read from bit masks (``Sites``, ``board.board_bits``): a few integer operations
for every connection at once, the masks carried from one board to the next; the sites,
connections or texts a mask names are read from it a byte at a time (``bytewise``).
"""

from __future__ import annotations

from collections.abc import Sequence
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


class Sites(NamedTuple):
    """Where a side (or a caption abroad) may build, as bit masks (``board.build_masks``): its cities
    (bit = the city's index) and its connections' lines (bit ``2·k + end`` = site − ``LINE``): the line
    of a single connection, the first and the second line of a double one."""

    cities: int
    single: int
    first: int
    second: int


class Network:
    """The map as tables, per content."""

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
        #: the first line of every single connection and of every double one (bit ``2·k``), as masks
        self.single = _mask(2 * k for k in range(len(c.ends)) if c.lines[k] == 1)
        self.double = _mask(2 * k for k in range(len(c.ends)) if c.lines[k] != 1)
        #: the two cities of each connection by its first line's bit (``2·k``), byte by byte (``bytewise``)
        self.connection_ends = bytewise([ends for pair in c.ends for ends in (pair, None)])
        sides = range(len(SIDES))
        #: per side, in index order: the cities a factory may be built on (cities and Hamburg, §4.2.1)
        buildable = [[x for x, city in enumerate(c.cities) if c.city_side[x] == s and city.kind in ("city", "hamburg")]
                     for s in sides]
        #: per side, in index order: its cities that are not external
        self.inland = tuple(tuple(x for x, city in enumerate(c.cities) if c.city_side[x] == s
                                  and city.kind != "external") for s in sides)
        #: per side: its connections
        ks = [[k for k in range(len(c.ends)) if c.connection_side[k] == s] for s in sides]
        #: per side, and per foreign country (``cssr``, ``pl``: its external cities and the connections
        #: at them): where a factory or a blue line may go, as masks
        self.side_sites = tuple(_sites(c, buildable[s], ks[s]) for s in sides)
        countries = {c.cities[x].country for x in c.externals}
        abroad = {w: [x for x in c.externals if c.cities[x].country == w] for w in countries}
        self.abroad_sites = {w: _sites(c, xs, sorted({k for x in xs for k in c.city_connections[x]}))
                             for w, xs in abroad.items()}
        #: per ban slot: the city sites and the line sites a mass protest there closes (a line: at either end)
        self.banned_cities = tuple(_mask(x for x in cities if self.slot[x] == s) for s in range(n + 2))
        self.banned_lines = tuple(_mask(bit for k, (a, b) in enumerate(c.ends) if s in (self.slot[a], self.slot[b])
                                        for bit in (2 * k, 2 * k + 1)) for s in range(n + 2))
        #: every connection's first ends and second ends, the last connection first (``board.board_bits``)
        self.first_ends = tuple(a for a, _ in reversed(c.ends))
        self.second_ends = tuple(b for _, b in reversed(c.ends))
        #: per city: the connections whose first end it is (bit ``2·k``), whose second end it is (bit ``2·k + 1``)
        self.first_at = tuple(_mask(2 * k for k, (a, _) in enumerate(c.ends) if a == x) for x in cities)
        self.second_at = tuple(_mask(2 * k + 1 for k, (_, b) in enumerate(c.ends) if b == x) for x in cities)
        #: per side: its inland cities and both lines of each of its connections, as masks (``board.dismantle_sites``)
        self.inland_cities = tuple(_mask(xs) for xs in self.inland)
        self.side_lines = tuple(_mask(bit for k in side_ks for bit in (2 * k, 2 * k + 1)) for side_ks in ks)
        #: per city: the lines that touch it (``Link.bit``), as a mask: infrastructure attached to it
        self.touching = tuple(_mask(2 * k + (bit >> 1) for k, _, _, bit in self.links[x]) for x in cities)
        #: the sites a city mask and a line mask name, byte by byte (``bytewise``)
        self.city_sites = bytewise(range(len(c.cities)))
        self.line_sites = bytewise(range(LINE, LINE + 2 * len(c.ends)))


def bytewise(items: Sequence) -> tuple[tuple[tuple, ...], ...]:
    """A mask's items (bit i: ``items[i]``) read a byte at a time (``board.picked``): per byte of the mask, the
    lowest first, and per value of that byte, the items its set bits name."""
    return tuple(tuple(tuple(items[i] for i in range(low, min(low + 8, len(items))) if byte >> i - low & 1)
                       for byte in range(256)) for low in range(0, len(items), 8))


def _mask(bits) -> int:
    return sum(1 << bit for bit in set(bits))


def _sites(c: Content, cities: list[int], ks: list[int]) -> Sites:
    single = [k for k in ks if c.lines[k] == 1]
    double = [k for k in ks if c.lines[k] != 1]
    return Sites(_mask(cities), _mask(2 * k for k in single), _mask(2 * k for k in double),
                 _mask(2 * k + 1 for k in double))


def _link(c: Content, k: int, city: int) -> Link:
    a, b = c.ends[k]
    bit = 1 if c.lines[k] == 1 or a == city else 2  # a single connection's one line touches both ends
    return Link(k, c.full[k], b if a == city else a, bit)
