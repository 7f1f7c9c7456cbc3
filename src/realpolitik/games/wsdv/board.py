"""The map in play: unrest and mass protests, factories, infrastructure, economy (``docs/games/wsdv.md``).

Pure queries and small mutations over a state's board fields; every rule module uses them.
The factories' and the blue lines' queries are the rules of the rule book (one city, one
connection at a time) made fast: answered for the whole map at once from bit masks
(``network``) and kept per board (``Works``); tests/games/wsdv/test_fast_paths.py checks them
at every step against those rules written plainly (tests/games/wsdv/factories.py). Sites are
numbered as in ``content``: a city by its index, a blue line as ``LINE + 2·connection + end``.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from realpolitik.i18n import Text, phrase, t

from . import words
from .content import EAST, LINE, WEST

if TYPE_CHECKING:
    from .state import WsdvState as S

NONE, WORKING, RUNDOWN = 0, 1, 2  # factory states per city


# the log lines written here at every step, made by ``phrase`` (i18n/messages.py)
RHEINSBERG_RUNS_DOWN = t("the Rheinsberg factory runs down")
FACTORY_DISMANTLED = phrase("the factory in {city} is dismantled", "city")
SITE_DISMANTLED = phrase("{site} is dismantled", "site")


# ====================================================================== provinces


def province_of(st: S, city: int) -> int:
    """The province a city counts for now (Hamburg: as declared by West; external: -1)."""
    c = st.content
    p = c.city_province[city]
    if p < 0 and city == c.hamburg:
        return st.hamburg
    return p


def protests(st: S, p: int) -> int:
    """Mass protests in a province: one per 4 unrest, plus West Berlin supplier protests (§6.1, §6.3)."""
    n = st.unrest[p] // 4
    c = st.content
    if p in c.supplier:
        n += st.supplier_mp[c.supplier.index(p)]
    return n


def protest_counts(st: S) -> list[int]:
    """``protests`` of every province at once."""
    out = [u // 4 for u in st.unrest]
    for i, p in enumerate(st.content.supplier):
        out[p] += st.supplier_mp[i]
    return out


def protesting(st: S) -> list[bool]:
    """Per province: whether it has a mass protest now (``protests`` > 0)."""
    out = [unrest >= 4 for unrest in st.unrest]
    for i, p in enumerate(st.content.supplier):
        if st.supplier_mp[i]:
            out[p] = True
    return out


def side_protests(st: S, side: int) -> int:
    """All mass protests of a state (the collapse count of phase 10)."""
    provinces = st.content.of_side[side]
    if max(map(st.unrest.__getitem__, provinces)) < 4 and not any(st.supplier_mp):  # most of the time
        return 0
    return sum(map(protest_counts(st).__getitem__, provinces))


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


class Works:
    """What the factories and the blue lines give on one board: factory values, economies, export
    levels, the external factories' links, and per side the sites to build on (before the mass-protest
    bans, which change with unrest) and to dismantle (§1.7, §4.2).

    Kept in the state (``works``, a ``CACHE`` field) until a factory, a blue line or Hamburg's
    province changes (``changed``, or ``moved``, which carries the board's masks over to the new
    reading); each part is worked out when first asked. In a game most steps change none of
    them, so every later question on the same board is a lookup.
    """

    __slots__ = ("values", "economies", "levels", "links", "assignment", "bits", "builds", "dismantles")
    #: clones share it (testing/playout.py): it only adds answers about the board it was made for
    shareable = True

    def __init__(self, bits: tuple[int, int, int, int] | None = None) -> None:
        self.values: tuple[int, ...] | None = None
        self.economies: tuple[int, ...] | None = None
        self.levels: tuple[int, ...] | None = None
        #: per external city: the East provinces it is linked to
        self.links: dict[int, tuple[int, ...]] = {}
        #: the province each linked external factory counts for when East names none
        self.assignment: dict[int, int] | None = None
        #: the factories and the lines as masks (``board_bits``)
        self.bits = bits
        #: per (side, caption): the sites before bans, as a city mask and a line mask (``build_masks``)
        self.builds: dict[tuple[int, str | None], tuple[int, int]] = {}
        #: per side: ``dismantle_sites`` without a caption
        self.dismantles: dict[int, tuple[int, ...]] = {}


def works(st: S) -> Works:
    """The reading of ``st``'s board, kept in the state (``Works``). The queries below read
    ``st.works or works(st)``: a call only when none is kept."""
    w = st.works
    if w is None:
        w = st.works = Works()
    return w


def changed(st: S) -> None:
    """A factory, a blue line or Hamburg's province changed: the kept reading no longer holds."""
    st.works = None


def moved(st: S, city: int = -1, k: int = -1) -> None:
    """The factory of ``city`` or connection ``k``'s lines changed (or neither: Hamburg's province): a
    new reading, which takes the board's masks (``board_bits``) over from the old one, brought up to date."""
    old = st.works
    st.works = None
    if old is None or old.bits is None:
        return
    factories, lines, first_end, second_end = old.bits
    if city >= 0:
        net = st.content.network
        if st.factory[city] != NONE:
            factories |= 1 << city
            first_end |= net.first_at[city]
            second_end |= net.second_at[city]
        else:
            factories &= ~(1 << city)
            first_end &= ~net.first_at[city]
            second_end &= ~net.second_at[city]
    if k >= 0:
        lines = lines & ~(3 << 2 * k) | st.lines[k] << 2 * k
    st.works = Works((factories, lines, first_end, second_end))


def set_factory(st: S, city: int, state: int) -> None:
    """Put the factory of ``city`` into ``state`` (none, working, run down)."""
    st.factory[city] = state
    moved(st, city)


def set_hamburg(st: S, p: int) -> None:
    """Let Hamburg count for province ``p`` (§1.2)."""
    st.hamburg = p
    moved(st)


def values(st: S) -> tuple[int, ...]:
    """``factories.value`` of every city (0 without a factory) at once."""
    w = st.works or works(st)
    if w.values is None:
        c = st.content
        net = c.network
        out = list(bytes(st.factory).translate(_WORKING))
        if st.factory[c.rheinsberg] != NONE:  # Rheinsberg counts one more
            out[c.rheinsberg] += 1
        _, lines, first_end, second_end = w.bits or board_bits(st)
        built = lines & net.single | lines & lines >> 1 & net.double  # the connections with every line built
        for a, b in picked(net.connection_ends, built & first_end & second_end >> 1):  # and a factory at both ends
            out[a] += 1
            out[b] += 1
        w.values = tuple(out)
    return w.values


def export_levels(st: S) -> tuple[int, ...]:
    """``factories.export_level`` of every province at once."""
    w = st.works or works(st)
    if w.levels is None:
        c = st.content
        net = c.network
        factory = st.factory
        out = [-1] * (len(c.provinces) + 2)  # and the slots of Hamburg and of the external cities (``Network.slot``)
        for slot, v in compress(zip(net.slot, values(st)), factory):  # the cities with a factory
            if v > out[slot]:
                out[slot] = v
        out[st.hamburg] = max(out[st.hamburg], out[net.hamburg_slot])
        w.levels = tuple(out[:len(c.provinces)])
    return w.levels


def external_links(st: S, ext: int) -> tuple[int, ...]:
    """East provinces an external factory is linked to by a working connection (§4.2.4;
    ``factories.external_links``)."""
    known = (st.works or works(st)).links
    out = known.get(ext)
    if out is None:
        found: list[int] = []
        factory, lines = st.factory, st.lines
        if factory[ext] != NONE:
            for k, full, other, _ in st.content.network.links[ext]:
                if lines[k] == full and factory[other] != NONE:
                    p = province_of(st, other)
                    if p not in found:
                        found.append(p)
        out = known[ext] = tuple(found)
    return out


def external_assignment(st: S, choice: tuple[int, ...] = ()) -> dict[int, int]:
    """Province each linked external factory counts for: its one link, or East's pick of two.

    ``choice`` holds (external city, province) pairs East named in this action; without a
    valid pick the first linked province counts. The answer is kept for the board: read it only.
    """
    w = st.works or works(st)
    if not choice and w.assignment is not None:
        return w.assignment
    picks = dict(zip(choice[::2], choice[1::2]))
    out = {}
    for ext in st.content.externals:
        links = external_links(st, ext)
        if links:
            out[ext] = picks[ext] if picks.get(ext) in links else links[0]
    if not choice:
        w.assignment = out
    return out


def economy(st: S, p: int, choice: tuple[int, ...] = ()) -> int:
    """Sum of the province's factory values, with the external factories counting for it (§1.7): East's
    pick ``choice`` of where each counts (``external_assignment``), else ``factories.economy``."""
    return economies(st, choice)[p]


def economies(st: S, choice: tuple[int, ...] = ()) -> tuple[int, ...]:
    """``economy`` of every province at once."""
    w = st.works or works(st)
    if not choice and w.economies is not None:
        return w.economies
    c = st.content
    net = c.network
    vals = values(st)
    out = [0] * (len(c.provinces) + 2)  # and the slots of Hamburg and of the external cities (``Network.slot``)
    for slot, v in compress(zip(net.slot, vals), vals):  # the cities whose factory adds to an economy
        out[slot] += v
    out[st.hamburg] += out[net.hamburg_slot]
    for ext, q in external_assignment(st, choice).items():
        if c.side_of[q] == EAST:
            out[q] += vals[ext]
    found = tuple(out[:len(c.provinces)])
    if not choice:
        w.economies = found
    return found


def site_provinces(st: S, site: int) -> list[int]:
    """Provinces a site lies in: a city's province, or both end provinces of a line (§1.3)."""
    c = st.content
    if site < LINE:
        return [province_of(st, site)]
    a, b = c.ends[(site - LINE) // 2]
    return [q for q in (province_of(st, a), province_of(st, b)) if q >= 0]


def build_masks(st: S, side: int, where: str | None = None, points: int = 1) -> tuple[int, int]:
    """Sites where ``side`` may spend a build point now (§4.2.1–4.2.4; ``factories.build_sites``) as a city
    mask and a line mask (bit ``2·k + end``: site ``LINE + 2·k + end``); ``picked`` reads the sites."""
    if where == "rheinsberg":
        r = st.content.rheinsberg
        if points >= 2 and st.factory[r] == NONE and protests(st, st.content.city_province[r]) == 0:
            return 1 << r, 0
        return 0, 0
    known = (st.works or works(st)).builds
    found = known.get((side, where))
    if found is None:
        found = known[side, where] = _open_sites(st, side, where)
    if max(st.unrest) < 4 and not any(st.supplier_mp):  # no mass protest anywhere (``protesting``)
        return found
    cities, lines = found
    net = st.content.network
    banned = protesting(st)
    banned += (banned[st.hamburg], False)  # read by Hamburg and by the external cities (``Network.slot``)
    for slot in compress(range(len(banned)), banned):
        cities &= ~net.banned_cities[slot]
        lines &= ~net.banned_lines[slot]
    return cities, lines


def picked(tables: tuple[tuple[tuple, ...], ...], mask: int) -> list:
    """The items whose bits are set in ``mask``, the lowest first, a byte at a time up to its highest bit
    (``network.bytewise``)."""
    out = []
    for table, byte in zip(tables, mask.to_bytes((mask.bit_length() + 7) // 8, "little")):
        if byte:
            out += table[byte]
    return out


#: ``bytes.translate`` tables: a factory state as the digit 0 (none) or 1, or 0 or 2; a line state as its
#: digit (0–3: its two lines as bits)
_ANY, _ANY2 = bytes([48] + [49] * 255), bytes([48] + [50] * 255)
#: ``bytes.translate`` table: a factory state as its value before its connections (working 1, else 0; §1.7)
_WORKING = bytes([0, 1]).ljust(256, b"\0")
_DIGIT = bytes(range(48, 52)).ljust(256, b"?")


def board_bits(st: S) -> tuple[int, int, int, int]:
    """The factories and the blue lines as masks: the cities with a factory; the lines built (bit
    ``2·k + end``); the connections with a factory at their first end (bit ``2·k``), at their second
    (bit ``2·k + 1``). Read in C from the state's lists as digit strings; kept with the board (``Works``): the
    queries read ``w.bits or board_bits(st)``, a call only when none is kept."""
    w = st.works or works(st)
    found = w.bits
    if found is None:
        net = st.content.network
        factory = bytes(st.factory)
        found = w.bits = (int(factory[::-1].translate(_ANY), 2), int(bytes(st.lines)[::-1].translate(_DIGIT), 4),
                          int(bytes(map(factory.__getitem__, net.first_ends)).translate(_ANY), 4),
                          int(bytes(map(factory.__getitem__, net.second_ends)).translate(_ANY2), 4))
    return found


def _open_sites(st: S, side: int, where: str | None) -> tuple[int, int]:
    """The sites ``build_masks`` offers when no province has a mass protest, as a city mask and a line
    mask (``Sites``): a free city; a single line not built with a factory at either end; a double
    connection's line not built whose other line is built or whose own end holds a factory (§4.2.2)."""
    net = st.content.network
    group = net.abroad_sites[where] if where in ("cssr", "pl") else net.side_sites[side]
    factories, lines, first_end, second_end = (st.works or works(st)).bits or board_bits(st)
    free = ~lines
    return group.cities & ~factories, free & (group.single & (first_end | second_end >> 1)
                                              | group.first & (lines >> 1 | first_end)
                                              | group.second & (lines << 1 | second_end))


def build(st: S, site: int) -> int:
    """Spend build points on a site; returns the points used (Rheinsberg takes two)."""
    c = st.content
    if site < LINE:
        st.factory[site] = WORKING
        moved(st, site)
        return 2 if site == c.rheinsberg else 1
    k, end = divmod(site - LINE, 2)
    st.lines[k] |= 1 << end
    moved(st, k=k)
    return 1


def dismantle_sites(st: S, side: int, where: str | None = None) -> tuple[int, ...]:
    """Build points ``side`` could lose now (§4.2.5; ``factories.dismantle_sites``).

    A blue line, a factory with no infrastructure attached that is not run down, or
    Rheinsberg (which first runs down, then goes). External factories never count.
    ``where`` is a caption: a province key (``ns`` includes Hamburg wherever it counts).
    """
    w = st.works or works(st)
    found = w.dismantles.get(side)
    if found is None:
        net = st.content.network
        factories, lines, _, _ = w.bits or board_bits(st)
        factory, rheinsberg, touching = st.factory, st.content.rheinsberg, net.touching
        cities = [x for x in picked(net.city_sites, factories & net.inland_cities[side])
                  if (factory[x] == WORKING or x == rheinsberg) and not lines & touching[x]]
        found = w.dismantles[side] = tuple(cities + picked(net.line_sites, lines & net.side_lines[side]))
    if where is None:
        return found
    return tuple(site for site in found if _in(st, site, where))


def _in(st: S, site: int, where: str) -> bool:
    """Whether a site lies in the province ``where`` (``ns``: also Hamburg and a line at it, wherever it counts)."""
    c = st.content
    ends = (site,) if site < LINE else c.ends[(site - LINE) // 2]
    return c.province_index[where] in site_provinces(st, site) or (where == "ns" and c.hamburg in ends)


def can_dismantle(st: S, side: int) -> bool:
    """True when ``side`` has at least one build point it could dismantle (``dismantle_sites``)."""
    c = st.content
    net = c.network
    if ((st.works or works(st)).bits or board_bits(st))[1] & net.side_lines[side]:
        return True
    # no blue line of the side is built, so none is attached to its factories
    factory = st.factory
    return WORKING in map(factory.__getitem__, net.inland[side]) or side == EAST and factory[c.rheinsberg] != NONE


def dismantle(st: S, site: int) -> Text | None:
    """Remove one build point; returns what happened in words (``None`` where the log keeps nothing)."""
    c = st.content
    if site < LINE:
        if site == c.rheinsberg and st.factory[site] == WORKING:
            set_factory(st, site, RUNDOWN)
            return RHEINSBERG_RUNS_DOWN if st.log.keeps else None
        set_factory(st, site, NONE)
        return FACTORY_DISMANTLED(c.city_words[site]) if st.log.keeps else None
    k, end = divmod(site - LINE, 2)
    st.lines[k] &= ~(1 << end)
    moved(st, k=k)
    return SITE_DISMANTLED(words.site(st, c.site_name[site])) if st.log.keeps else None


def rundown_sites(st: S) -> list[int]:
    """East factories that can run down (not external ones, §4.2.4)."""
    factory = st.factory
    return [x for x in st.content.network.inland[EAST] if factory[x] == WORKING]


def remove_external(st: S, ext: int) -> None:
    """STOP: remove an external factory and all infrastructure attached to it (§5.2)."""
    c = st.content
    changed(st)
    st.factory[ext] = NONE
    for k in c.city_connections[ext]:
        if c.lines[k] == 1:
            st.lines[k] = 0
        else:
            end = 0 if c.ends[k][0] == ext else 1
            st.lines[k] &= ~(1 << end)


def ls_requirement(st: S, p: int, choice: tuple[int, ...] = ()) -> int:
    """Card points still missing for the province's next LS n: 3·n minus its economy (§4.3.2)."""
    return max(0, 3 * (st.ls[p] + 1) - economy(st, p, choice))


def other(side: int) -> int:
    """The other German state."""
    return EAST if side == WEST else WEST
