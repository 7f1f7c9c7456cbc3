"""The map in play: unrest and mass protests, factories, infrastructure, economy (spec §1.7, §4.2, §6.1).

Pure queries and small mutations over a state's board fields; every rule module uses them.
Sites are numbered as in ``content``: a city by its index, a blue line as
``LINE + 2·connection + end``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.i18n import Text, t

from . import words
from .content import EAST, LINE, WEST

if TYPE_CHECKING:
    from .state import WsdvState as S

NONE, WORKING, RUNDOWN = 0, 1, 2  # factory states per city


# ====================================================================== provinces


def province_of(st: S, city: int) -> int:
    """The province a city counts for now (Hamburg: as declared by West; external: -1)."""
    c = st.content
    p = c.city_province[city]
    if p < 0 and city == c.hamburg:
        return st.hamburg
    return p


def city_provinces(st: S) -> list[int]:
    """``province_of`` for every city at once."""
    c = st.content
    out = list(c.city_province)
    if out[c.hamburg] < 0:
        out[c.hamburg] = st.hamburg
    return out


def protests(st: S, p: int) -> int:
    """Mass protests in a province: one per 4 unrest, plus West Berlin supplier protests (§6.1, §6.3)."""
    n = st.unrest[p] // 4
    c = st.content
    if p in c.supplier:
        n += st.supplier_mp[c.supplier.index(p)]
    return n


def side_protests(st: S, side: int) -> int:
    """All mass protests of a state (the collapse count of phase 10)."""
    return sum(protests(st, p) for p in st.content.of_side[side])


def scope(st: S, side: int, where: str) -> tuple[int, ...]:
    """Provinces of ``side`` an icon caption allows: ``wg`` (West Germany), one province, or all."""
    c = st.content
    if where == "wg":
        return c.west_germany
    if where:
        return (c.province_index[where],)
    return c.of_side[side]


def add_unrest(st: S, p: int, n: int = 1) -> None:
    """Put ``n`` unrest into a province."""
    st.unrest[p] += n


def remove_unrest(st: S, p: int, n: int = 1) -> int:
    """Take up to ``n`` unrest out of a province; returns how many were removed."""
    n = min(n, st.unrest[p])
    st.unrest[p] -= n
    return n


def set_ls(st: S, p: int, value: int) -> None:
    """Set a province's living standard (not West Berlin, whose LS lives in its sectors)."""
    st.ls[p] = value


def add_sector_ls(st: S, sector: int, n: int) -> None:
    """Change a West Berlin sector's LS; West Berlin's LS is the sum of its sectors."""
    st.sectors[sector] += n
    st.ls[st.content.wb] += n


def lowest_sectors(st: S) -> list[int]:
    """The West Berlin sectors with the least LS."""
    low = min(st.sectors)
    return [i for i, v in enumerate(st.sectors) if v == low]


# ====================================================================== factories and infrastructure


def touches(st: S, k: int, city: int) -> bool:
    """True when a built blue line of connection ``k`` is attached to ``city``."""
    built = st.lines[k]
    if not built:
        return False
    if st.content.lines[k] == 1:
        return True
    end = 0 if st.content.ends[k][0] == city else 1
    return bool(built & (1 << end))


def working(st: S, k: int) -> bool:
    """A connection works when all its blue lines are built and both ends hold a factory."""
    a, b = st.content.ends[k]
    return st.lines[k] == st.content.full[k] and st.factory[a] != NONE and st.factory[b] != NONE


def value(st: S, city: int) -> int:
    """A factory's value: 1 + working connections, -1 when run down, +1 for Rheinsberg (§1.7)."""
    state = st.factory[city]
    if state == NONE:
        return 0
    c = st.content
    v = 1
    for k in c.city_connections[city]:
        if st.lines[k] == c.full[k]:
            a, b = c.ends[k]
            if st.factory[b if a == city else a] != NONE:
                v += 1
    if state == RUNDOWN:
        v -= 1
    if city == c.rheinsberg:
        v += 1
    return v


def province_factories(st: S, p: int) -> list[int]:
    """The cities of a province that hold a factory (Hamburg where it is declared)."""
    c = st.content
    out = [x for x in c.province_cities[p] if st.factory[x] != NONE]
    if st.hamburg == p and st.factory[c.hamburg] != NONE:
        out.append(c.hamburg)
    return out


def export_level(st: S, p: int) -> int:
    """The value of the province's most valuable factory; -1 when it has none (§1.7)."""
    return max((value(st, x) for x in province_factories(st, p)), default=-1)


def external_links(st: S, ext: int) -> list[int]:
    """East provinces an external factory is linked to by a working connection (§4.2.4)."""
    c = st.content
    out = []
    for k in c.city_connections[ext]:
        if working(st, k):
            a, b = c.ends[k]
            p = province_of(st, b if a == ext else a)
            if p not in out:
                out.append(p)
    return out


def external_assignment(st: S, choice: tuple[int, ...] = ()) -> dict[int, int]:
    """Province each linked external factory counts for: its one link, or East's pick of two.

    ``choice`` holds (external city, province) pairs East named in this action; without a
    valid pick the first linked province counts.
    """
    picks = dict(zip(choice[::2], choice[1::2]))
    out = {}
    for ext in st.content.externals:
        if st.factory[ext] == NONE:
            continue
        links = external_links(st, ext)
        if links:
            out[ext] = picks[ext] if picks.get(ext) in links else links[0]
    return out


def economy(st: S, p: int, choice: tuple[int, ...] = ()) -> int:
    """Sum of the province's factory values, with the external factories counting for it (§1.7)."""
    total = sum(value(st, x) for x in province_factories(st, p))
    if st.content.side_of[p] == EAST:
        for ext, q in external_assignment(st, choice).items():
            if q == p:
                total += value(st, ext)
    return total


def attached(st: S, city: int) -> bool:
    """True when any infrastructure is attached to the city."""
    return any(touches(st, k, city) for k in st.content.city_connections[city])


def site_provinces(st: S, site: int) -> list[int]:
    """Provinces a site lies in: a city's province, or both end provinces of a line (§1.3)."""
    c = st.content
    if site < LINE:
        return [province_of(st, site)]
    a, b = c.ends[(site - LINE) // 2]
    return [q for q in (province_of(st, a), province_of(st, b)) if q >= 0]


#: per content (by id, with the content itself to recognise it): the lists of ``_of_side``
_SIDE_LISTS: dict[int, tuple] = {}


def _of_side(c) -> tuple[dict[int, list[int]], dict[int, list[int]], dict[int, list[int]]]:
    """Per side, in index order: the cities a factory may be built on (cities and Hamburg, §4.2.1),
    its connections, and its cities that are not external — worked out once per content."""
    found = _SIDE_LISTS.get(id(c))
    if found is None or found[0] is not c:
        sides = set(c.city_side) | set(c.connection_side)
        buildable = {s: [x for x, city in enumerate(c.cities) if c.city_side[x] == s
                         and city.kind in ("city", "hamburg")] for s in sides}
        connections = {s: [k for k in range(len(c.ends)) if c.connection_side[k] == s] for s in sides}
        inland = {s: [x for x, city in enumerate(c.cities) if c.city_side[x] == s and city.kind != "external"]
                  for s in sides}
        found = _SIDE_LISTS[id(c)] = (c, buildable, connections, inland)
    return found[1], found[2], found[3]


def build_sites(st: S, side: int, where: str | None = None, points: int = 1) -> list[int]:
    """Sites where ``side`` may spend a build point now (§4.2.1–4.2.4).

    ``where`` is an event caption: ``cssr``/``pl`` (external factories there and lines to
    them), ``rheinsberg`` (the Rheinsberg factory, 2 points).
    """
    c = st.content
    out: list[int] = []
    if where == "rheinsberg":
        r = c.rheinsberg
        if points >= 2 and st.factory[r] == NONE and protests(st, c.city_province[r]) == 0:
            out.append(r)
        return out
    banned = [protests(st, p) > 0 for p in range(len(c.provinces))] + [False]  # index -1: no province
    city_banned = [banned[p] for p in city_provinces(st)]
    if where in ("cssr", "pl"):
        cities = [x for x in c.externals if c.cities[x].country == where]
        out += [x for x in cities if st.factory[x] == NONE]
        conns = sorted({k for x in cities for k in c.city_connections[x]})
    else:
        buildable, connections, _ = _of_side(c)
        out += [x for x in buildable.get(side, ()) if st.factory[x] == NONE and not city_banned[x]]
        conns = connections.get(side, ())
    for k in conns:
        built = st.lines[k]
        if built == c.full[k]:
            continue
        a, b = c.ends[k]
        if city_banned[a] or city_banned[b]:
            continue
        base = LINE + 2 * k
        if c.lines[k] == 1:
            if st.factory[a] != NONE or st.factory[b] != NONE:
                out.append(base)
        elif built:
            out.append(base + (1 if built & 1 else 0))
        else:
            if st.factory[a] != NONE:
                out.append(base)
            if st.factory[b] != NONE:
                out.append(base + 1)
    return out


def build(st: S, site: int) -> int:
    """Spend build points on a site; returns the points used (Rheinsberg takes two)."""
    c = st.content
    if site < LINE:
        st.factory[site] = WORKING
        return 2 if site == c.rheinsberg else 1
    k, end = divmod(site - LINE, 2)
    st.lines[k] |= 1 << end
    return 1


def dismantle_sites(st: S, side: int, where: str | None = None) -> list[int]:
    """Build points ``side`` could lose now (§4.2.5, spec §11.1 #7).

    A blue line, a factory with no infrastructure attached that is not run down, or
    Rheinsberg (which first runs down, then goes). External factories never count.
    ``where`` is a caption: a province key (``ns`` includes Hamburg wherever it counts).
    """
    c = st.content
    target = None if where is None else c.province_index[where]

    def inside(provinces: list[int], cities: tuple[int, ...]) -> bool:
        if target is None:
            return True
        return target in provinces or (where == "ns" and c.hamburg in cities)

    _, connections, inland = _of_side(c)
    out = []
    for x in inland.get(side, ()):
        state = st.factory[x]
        if state == NONE:
            continue
        if (state == WORKING or x == c.rheinsberg) and not attached(st, x) and inside([province_of(st, x)], (x,)):
            out.append(x)
    for k in connections.get(side, ()):
        built = st.lines[k]
        if built:
            a, b = c.ends[k]
            if inside(site_provinces(st, LINE + 2 * k), (a, b)):
                out += [LINE + 2 * k + end for end in (0, 1) if built & (1 << end)]
    return out


def can_dismantle(st: S, side: int) -> bool:
    """True when ``side`` has at least one build point it could dismantle."""
    c = st.content
    _, connections, inland = _of_side(c)
    lines = st.lines
    if any(lines[k] for k in connections.get(side, ())):
        return True
    factory = st.factory
    return any(factory[x] == WORKING and not attached(st, x) for x in inland.get(side, ())) or \
        (side == EAST and factory[c.rheinsberg] != NONE)


def dismantle(st: S, site: int) -> Text:
    """Remove one build point; returns what happened in words."""
    c = st.content
    name = c.site_name[site]
    if site < LINE:
        if site == c.rheinsberg and st.factory[site] == WORKING:
            st.factory[site] = RUNDOWN
            return t("the Rheinsberg factory runs down")
        st.factory[site] = NONE
        return t("the factory in {city} is dismantled", city=t(c.cities[site].name))
    k, end = divmod(site - LINE, 2)
    st.lines[k] &= ~(1 << end)
    return t("{site} is dismantled", site=words.site(st, name))


def rundown_sites(st: S) -> list[int]:
    """East factories that can run down (not external ones, §4.2.4)."""
    c = st.content
    return [x for x in range(len(c.cities)) if st.factory[x] == WORKING and c.city_side[x] == EAST
            and c.cities[x].kind != "external"]


def remove_external(st: S, ext: int) -> None:
    """STOP: remove an external factory and all infrastructure attached to it (§5.2)."""
    c = st.content
    st.factory[ext] = NONE
    for k in c.city_connections[ext]:
        if c.lines[k] == 1:
            st.lines[k] = 0
        else:
            end = 0 if c.ends[k][0] == ext else 1
            st.lines[k] &= ~(1 << end)


def ls_requirement(st: S, p: int, choice: tuple[int, ...] = ()) -> int:
    """Card points still missing for the province's next LS: 3·n minus its economy (§4.3.2)."""
    return max(0, 3 * (st.ls[p] + 1) - economy(st, p, choice))


def other(side: int) -> int:
    """The other German state."""
    return EAST if side == WEST else WEST
