"""Factories and infrastructure (Fabriken, Infrastruktur) as the rule book states them (§1.7, §4.2):
the plain form the tests check the game's fast form against.

One city, one connection at a time, straight from the printed map. The rules ask these
questions on every step of every game and search, so the game's ``board`` answers them for the
whole map at once, from bit masks carried from one board to the next and kept per board
(``board.Works``, ``network.Network``): its ``values``, ``economies``, ``export_levels``,
``external_links``, ``build_masks`` and ``dismantle_sites`` are these rules made fast, and
``test_fast_paths.py`` beside this file checks them against these at every step of seeded
games. Sites are numbered as in ``content``: a city by its index, a blue line as
``LINE + 2·connection + end``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.games.wsdv.board import NONE, RUNDOWN, WORKING, protests, province_of
from realpolitik.games.wsdv.content import EAST, LINE

if TYPE_CHECKING:
    from realpolitik.games.wsdv.state import WsdvState as S


def working(st: S, k: int) -> bool:
    """A connection works when all its lines are built and a factory stands at both its ends (§1.7)."""
    c = st.content
    return st.lines[k] == c.full[k] and all(st.factory[e] != NONE for e in c.ends[k])


def value(st: S, city: int) -> int:
    """A factory's value: 1 + its working connections, -1 when run down, +1 for Rheinsberg; 0 without a
    factory (§1.7)."""
    c = st.content
    if st.factory[city] == NONE:
        return 0
    v = 1 + sum(1 for k in c.city_connections[city] if working(st, k))
    return v - (st.factory[city] == RUNDOWN) + (city == c.rheinsberg)


def external_links(st: S, ext: int) -> list[int]:
    """East provinces an external factory is linked to by a working connection, in the order of its
    connections (§4.2.4)."""
    c = st.content
    if st.factory[ext] == NONE:
        return []
    out: list[int] = []
    for k in c.city_connections[ext]:
        a, b = c.ends[k]
        other = b if a == ext else a
        if st.lines[k] == c.full[k] and st.factory[other] != NONE and province_of(st, other) not in out:
            out.append(province_of(st, other))
    return out


def economy(st: S, p: int) -> int:
    """The sum of the province's factory values, an East province's with the external factories whose
    first link it is (East names none: §1.7, §4.2.4)."""
    c = st.content
    total = sum(value(st, x) for x in range(len(c.cities)) if province_of(st, x) == p)
    if c.side_of[p] == EAST:
        total += sum(value(st, x) for x in c.externals if external_links(st, x)[:1] == [p])
    return total


def export_level(st: S, p: int) -> int:
    """The value of the province's most valuable factory; -1 when it has none (§1.7)."""
    c = st.content
    return max((value(st, x) for x in range(len(c.cities)) if province_of(st, x) == p and st.factory[x] != NONE),
               default=-1)


def build_sites(st: S, side: int, where: str | None = None, points: int = 1) -> list[int]:
    """Sites where ``side`` may spend a build point now (§4.2.1–4.2.4), cities first, each in index order.

    A free city of its own (a city or Hamburg); a blue line not built of one of its connections: a single
    one with a factory at either end, a double one's line whose other line is built or whose own end holds
    a factory (§4.2.2). ``where`` is an event caption: ``cssr``/``pl`` (the external cities there and the
    connections at them), ``rheinsberg`` (the Rheinsberg factory, 2 points). No site lies in a province
    with a mass protest, nor does a line that ends in one.
    """
    c = st.content
    banned = [protests(st, p) > 0 for p in range(len(c.provinces))] + [False]  # index -1: abroad, never banned
    city_banned = [banned[province_of(st, x)] for x in range(len(c.cities))]
    if where == "rheinsberg":
        r = c.rheinsberg
        return [r] if points >= 2 and st.factory[r] == NONE and not city_banned[r] else []
    if where in ("cssr", "pl"):
        cities = [x for x in c.externals if c.cities[x].country == where]
        out = [x for x in cities if st.factory[x] == NONE]
        connections = sorted({k for x in cities for k in c.city_connections[x]})
    else:
        out = [x for x, city in enumerate(c.cities) if c.city_side[x] == side and city.kind in ("city", "hamburg")
               and st.factory[x] == NONE and not city_banned[x]]
        connections = [k for k in range(len(c.ends)) if c.connection_side[k] == side]
    for k in connections:
        a, b = c.ends[k]
        built = st.lines[k]
        if built == c.full[k] or city_banned[a] or city_banned[b]:
            continue
        if c.lines[k] == 1:
            out += [LINE + 2 * k] if st.factory[a] != NONE or st.factory[b] != NONE else []
        elif built:
            out.append(LINE + 2 * k + (1 if built & 1 else 0))
        else:
            out += [LINE + 2 * k + end for end, x in enumerate((a, b)) if st.factory[x] != NONE]
    return out


def attached(st: S, city: int) -> bool:
    """Whether a built blue line touches the city (a single connection's line touches both its ends)."""
    c = st.content
    for k in c.city_connections[city]:
        built = st.lines[k]
        if built and (c.lines[k] == 1 or built & (1 if c.ends[k][0] == city else 2)):
            return True
    return False


def dismantle_sites(st: S, side: int, where: str | None = None) -> list[int]:
    """Build points ``side`` could lose now, cities first, each in index order (§4.2.5).

    A blue line, a factory with no infrastructure attached that is not run down, or Rheinsberg (which
    first runs down, then goes). External factories never count. ``where`` is a caption: a province key
    (``ns`` includes Hamburg wherever it counts).
    """
    c = st.content
    target = None if where is None else c.province_index[where]

    def inside(provinces: list[int], cities: tuple[int, ...]) -> bool:
        return target is None or target in provinces or (where == "ns" and c.hamburg in cities)

    out = [x for x, city in enumerate(c.cities)
           if c.city_side[x] == side and city.kind != "external" and st.factory[x] != NONE
           and (st.factory[x] == WORKING or x == c.rheinsberg) and not attached(st, x)
           and inside([province_of(st, x)], (x,))]
    for k, (a, b) in enumerate(c.ends):
        if c.connection_side[k] == side and st.lines[k]:
            if inside([p for p in (province_of(st, a), province_of(st, b)) if p >= 0], (a, b)):
                out += [LINE + 2 * k + end for end in (0, 1) if st.lines[k] & (1 << end)]
    return out
