"""Wir sind das Volk! content: the map, the 84 cards and the tracks, loaded once from ``data/``.

Everything is printed board and card data (the printed board and cards: ``docs/games/wsdv.md``), validated
with pydantic; every error names the file, the entry and the field. Lookup tables the rules
need in hot paths (city → province, city → connections, border neighbours, icons by their
action word) are built here once and shared by every state.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from realpolitik.engine import ContentError
from realpolitik.engine.content import Entry, Problems, entries, read_toml, validate
from realpolitik.i18n import Text, t

from . import grammar

if TYPE_CHECKING:
    from .network import Network
    from .sequence import Offers

DATA = Path(__file__).parent / "data"

WEST, EAST = 0, 1
LINE = 1000  # first site number of the blue lines (below: cities)
SIDES = ("west", "east")

IconKind = Literal[
    "unrest", "calm", "move", "build", "dismantle", "end-protest", "ls", "reduce-ls", "rundown",
    "repair", "stop", "police", "wall", "wall-down", "stasi-off", "guillaume", "prestige-overflow",
]
Side = Literal["west", "east"]
_SIDELESS = frozenset({"wall", "wall-down", "stasi-off", "guillaume", "stop"})


class Province(Entry):
    """A province (Land) of West or East Germany."""

    key: str = Field(pattern=r"^[a-z]+$")
    name: str
    side: Side
    west_germany: bool = False


class Sector(Entry):
    """A West Berlin sector and the West German province that supplies it."""

    key: str
    supplier: str


class City(Entry):
    """A factory site."""

    key: str = Field(pattern=r"^[a-z][a-z-]*$")
    name: str
    province: str = ""
    kind: Literal["city", "hamburg", "rheinsberg", "external"] = "city"
    side: Side | None = None
    provinces: tuple[str, ...] = ()
    country: Literal["pl", "cssr"] | None = None


class Icon(Entry):
    """One event icon (or a track icon) with its caption and coat of arms."""

    icon: IconKind
    side: Side
    where: str | None = None
    by: Side | None = None
    cap: int | None = Field(None, ge=1)
    count: int = Field(1, ge=1)
    calms: bool = True
    colour: Literal["red", "pink"] | None = None
    fallback: Literal["dismantle"] | None = None

    @property
    def who(self) -> int:
        """The side whose provinces or pieces the icon touches."""
        return SIDES.index(self.side)

    @property
    def executor(self) -> int | None:
        """The side named by a coat of arms, which then makes the choices."""
        return None if self.by is None else SIDES.index(self.by)

    @property
    def slug(self) -> str:
        """The icon's action word (``unrest-west-wg``); equal slugs mean equal icons."""
        parts = [self.icon]
        if self.colour:
            parts.append(self.colour)
        elif self.icon not in _SIDELESS:
            parts.append(self.side)
        if self.where:
            parts += ["in", self.where]
        if self.cap:
            parts.append(f"max{self.cap}")
        if not self.calms:
            parts.append("quiet")
        if self.fallback:
            parts.append("or-" + self.fallback)
        if self.by:
            parts.append("by-" + self.by)
        return "-".join(parts)

    def single(self) -> Icon:
        """This icon with count 1 (one unit of a repeated icon)."""
        return self if self.count == 1 else self.model_copy(update={"count": 1})


class Arrows(Entry):
    """Track steps of an event, positive toward East."""

    prestige: int = 0
    currency: int = 0
    socialism: int = 0


class Card(Entry):
    """One action card (or one face of special card IV)."""

    key: str = Field(pattern=r"^[a-z0-9-]+$")
    decade: int = Field(ge=1, le=4)
    title: str
    title_en: str
    year: str
    colour: Literal["west", "east", "dual", "special"]
    value: int | tuple[int, int] | None = None
    icons: tuple[Icon, ...] = ()
    arrows: Arrows = Arrows()
    flight: int = Field(0, ge=0)
    police: Literal["red", "pink"] | None = None

    @property
    def is_special(self) -> bool:
        """Special cards: East only, event only, never a display card."""
        return self.colour == "special"

    def value_for(self, side: int) -> int:
        """The card value for West (0) or East (1)."""
        if isinstance(self.value, tuple):
            return self.value[side]
        return self.value or 0

    def owner(self) -> int | None:
        """The side whose colour the card has (None: dual or special)."""
        return _OWNERS.get(self.colour)


_OWNERS = {"west": WEST, "east": EAST}


class Setup(Entry):
    """One rules version's set-up (§2)."""

    unrest: int = Field(ge=0)
    unrest_in: dict[str, int] = {}
    box: int = Field(ge=0)
    special_drawback: bool


@dataclass(frozen=True)
class Content:
    """Everything printed on board and cards, plus lookup tables; shared, never mutated."""

    provinces: tuple[Province, ...]
    province_index: dict[str, int]
    side_of: tuple[int, ...]  # per province
    of_side: tuple[tuple[int, ...], tuple[int, ...]]  # provinces per side
    west_germany: tuple[int, ...]
    wb: int
    sectors: tuple[str, ...]
    supplier: tuple[int, ...]  # per sector: supplier province
    cities: tuple[City, ...]
    city_index: dict[str, int]
    city_province: tuple[int, ...]  # -1 for Hamburg and the external cities
    city_side: tuple[int, ...]
    province_cities: tuple[tuple[int, ...], ...]  # fixed cities per province (no Hamburg)
    hamburg: int
    hamburg_provinces: tuple[int, ...]
    rheinsberg: int
    externals: tuple[int, ...]
    external_provinces: dict[int, tuple[int, ...]]
    ends: tuple[tuple[int, int], ...]  # per connection: its two cities
    lines: tuple[int, ...]  # blue lines per connection (1 or 2)
    full: tuple[int, ...]  # per connection: the bit mask of all its lines built (1 or 3)
    connection_side: tuple[int, ...]
    city_connections: tuple[tuple[int, ...], ...]
    site_index: dict[str, int]  # action word -> site (city index, or LINE + 2·connection + end)
    site_name: dict[int, str]
    border: tuple[tuple[int, ...], ...]  # neighbours across the inner-German border
    cards: dict[str, Card]
    decade_cards: tuple[tuple[str, ...], ...]  # index 1..4: normal cards of that decade
    specials: tuple[str, ...]  # index 1..4: special card of the decade (IV: no-wall face)
    mauerfall: str
    prestige: tuple[tuple[tuple[Icon, ...], ...], tuple[tuple[Icon, ...], ...]]  # [side][distance]
    overflow: dict[str, tuple[Icon, Icon]]  # track -> (west end, east end)
    socialism_change: tuple[int, ...]
    socialists: int
    flight_cells: int
    setups: dict[str, Setup]
    start_factories: tuple[int, ...]
    start_hamburg: int
    icons: dict[str, Icon]  # every icon by slug

    @cached_property
    def texts(self) -> grammar.Texts:
        """The most asked-for action texts, written once."""
        return grammar.Texts(self)

    @cached_property
    def turn_offers(self) -> dict[tuple, Offers]:
        """The action texts of a turn's cards, per kind of turn and situation (``sequence.Offers``), written as
        asked."""
        return {}

    @cached_property
    def turn_likeness(self) -> dict[type, dict[str, tuple]]:
        """Per kind of turn: each card's likeness (``sequence.Turn.likeness``), written as asked."""
        return {}

    @cached_property
    def raisable(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Per side: the provinces an LS action raises (West Berlin's living standard lives in its sectors)."""
        return tuple(tuple(p for p in provinces if p != self.wb) for provinces in self.of_side)

    @cached_property
    def network(self) -> Network:
        """The factory sites and connections as tables for the board's queries, made once."""
        from .network import Network  # the tables read this module's constants

        return Network(self)

    @cached_property
    def card_values(self) -> dict[str, tuple[int, int]]:
        """Each card's value for West and for East (``Card.value_for``), read once (a field of the pydantic
        model costs about ten times as much to read as a table)."""
        return {key: (card.value_for(WEST), card.value_for(EAST)) for key, card in self.cards.items()}

    @cached_property
    def card_arrows(self) -> dict[str, tuple[int, int, int]]:
        """Each card's arrows (prestige, currency, socialism steps), read once."""
        return {key: (card.arrows.prestige, card.arrows.currency, card.arrows.socialism)
                for key, card in self.cards.items()}

    @cached_property
    def card_flight(self) -> dict[str, int]:
        """Each card's flight icons (§7 phase 1), read once."""
        return {key: card.flight for key, card in self.cards.items()}

    @cached_property
    def event_pools(self) -> dict[str, tuple[str, ...]]:
        """Each card's event icons by their action words, each repeated by its count, written once."""
        return {key: tuple(i.slug for i in card.icons for _ in range(i.count)) for key, card in self.cards.items()}

    @cached_property
    def card_names(self) -> dict[str, str]:
        """Each card as the log names it: its number and printed title, written once."""
        return {key: f"{key.upper()} {card.title}" for key, card in self.cards.items()}

    @cached_property
    def province_words(self) -> tuple[Text, ...]:
        """Each province's printed name as a message ("West Berlin" is "West-Berlin" in German), made once."""
        return tuple(t(p.name) for p in self.provinces)

    @cached_property
    def city_words(self) -> tuple[Text, ...]:
        """Each city's printed name as a message (foreign places have German names), made once."""
        return tuple(t(c.name) for c in self.cities)


def _fail(source: str, entry: str, field: str, msg: str) -> None:
    raise ContentError(f"{source}: entry {entry}: field {field!r}: {msg}")


def _map(path: Path) -> dict:
    data = read_toml(path)
    source = str(path)
    provinces = tuple(entries(data, "provinces", Province, source))
    pidx = {p.key: i for i, p in enumerate(provinces)}
    if len(pidx) != len(provinces):
        raise ContentError(f"{source}: provinces: a key is used twice")
    side_of = tuple(SIDES.index(p.side) for p in provinces)
    sectors = tuple(entries(data, "sectors", Sector, source))
    for s in sectors:
        if s.supplier not in pidx or side_of[pidx[s.supplier]] != WEST:
            _fail(source, f"sectors {s.key!r}", "supplier", f"{s.supplier!r} is not a West province")
    cities = tuple(entries(data, "cities", City, source))
    cidx = {c.key: i for i, c in enumerate(cities)}
    if len(cidx) != len(cities):
        raise ContentError(f"{source}: cities: a key is used twice")
    city_province, city_side = [], []
    for c in cities:
        label = f"cities {c.key!r}"
        if c.kind in ("city", "rheinsberg"):
            if c.province not in pidx:
                _fail(source, label, "province", f"{c.province!r} is not a province")
            city_province.append(pidx[c.province])
            city_side.append(side_of[pidx[c.province]])
        else:
            if c.side is None or len(c.provinces) != 2 or any(p not in pidx for p in c.provinces):
                _fail(source, label, "provinces", "Hamburg and external cities need a side and two provinces")
            city_province.append(-1)
            city_side.append(SIDES.index(c.side))
    if sum(c.kind == "hamburg" for c in cities) != 1 or sum(c.kind == "rheinsberg" for c in cities) != 1:
        raise ContentError(f"{source}: cities: exactly one Hamburg and one Rheinsberg are needed")
    ends, lines, cside, ckey = [], [], [], []
    for i, row in enumerate(data.get("connections", [])):
        label = f"connections[{i}]"
        if not (isinstance(row, list) and len(row) == 3 and row[0] in cidx and row[1] in cidx and row[2] in (1, 2)):
            _fail(source, label, "connections", f"{row!r} is not [city, city, 1 or 2]")
        a, b = cidx[row[0]], cidx[row[1]]
        if city_side[a] != city_side[b]:
            _fail(source, label, "connections", "a connection cannot cross the border")
        ends.append((a, b))
        lines.append(row[2])
        cside.append(city_side[a])
        ckey.append(f"{row[0]}/{row[1]}")
    border = [[] for _ in provinces]
    for i, pair in enumerate(data.get("border", [])):
        if not (isinstance(pair, list) and len(pair) == 2 and all(p in pidx for p in pair)) or \
                side_of[pidx[pair[0]]] == side_of[pidx[pair[1]]]:
            _fail(source, f"border[{i}]", "border", f"{pair!r} is not a West–East province pair")
        a, b = pidx[pair[0]], pidx[pair[1]]
        border[a].append(b)
        border[b].append(a)
    return dict(provinces=provinces, pidx=pidx, side_of=side_of, sectors=sectors, cities=cities, cidx=cidx,
                city_province=tuple(city_province), city_side=tuple(city_side), ends=tuple(ends),
                lines=tuple(lines), cside=tuple(cside), ckey=tuple(ckey),
                border=tuple(tuple(sorted(b)) for b in border))


_WHERE = {
    "unrest": {"wg", "wb", "eb", "rp", "nrw", "by", "sn"},
    "calm": {"wg", "wb", "eb"},
    "build": {"cssr", "pl", "rheinsberg"},
    "dismantle": {"nrw", "ns"},
    "ls": {"wg", "eb", "sn", "by"},
    "repair": {"eb"},
    "stop": {"cssr", "pl"},
}


def icon_problems(icon: Icon, label: str, problems: Problems) -> None:
    """What is wrong with one icon: a caption its kind cannot carry, a police icon without colour."""
    if icon.where is not None and icon.where not in _WHERE.get(icon.icon, ()):
        problems.add(label, "where", f"{icon.where!r} is not a caption a {icon.icon} icon can carry")
    if icon.icon == "police" and icon.colour is None:
        problems.add(label, "colour", "a police icon needs a colour")


def _cards(path: Path) -> dict[str, Card]:
    problems = Problems(str(path))
    cards = problems.entries(read_toml(path), "cards", Card)
    out: dict[str, Card] = {}
    for card in cards:
        label = f"cards {card.key!r}"
        if card.key in out:
            problems.add(label, "key", "used twice")
        if card.is_special != (card.value is None):
            problems.add(label, "value", "special cards have no value, all other cards need one")
        seen: dict[str, Icon] = {}
        for icon in card.icons:
            icon_problems(icon, label, problems)
            if seen.get(icon.slug, icon).single() != icon.single():
                problems.add(label, "icons", f"two different icons share the word {icon.slug!r}")
            seen[icon.slug] = icon
        out[card.key] = card
    for d in range(1, 5) if problems.complete() else ():
        normal = [c for c in out.values() if c.decade == d and not c.is_special]
        if len(normal) < 16:
            problems.note(f"decade {d} has {len(normal)} normal cards; at least 16 are needed")
        if not any(c.is_special for c in out.values() if c.decade == d):
            problems.note(f"decade {d} has no special card")
    problems.check()
    return out


def _tracks(path: Path, pidx: dict[str, int], cidx: dict[str, int]) -> dict:
    source = str(path)
    data = read_toml(path)

    def icon_list(rows, label) -> tuple[Icon, ...]:
        icons = tuple(validate(Icon, r, source, label) for r in rows)
        problems = Problems(source)
        for icon in icons:
            icon_problems(icon, label, problems)
        problems.check()
        return icons

    prestige = []
    for side in SIDES:
        table = data.get("prestige", {}).get(side, {})
        spaces = [()]
        for n in range(1, 7):
            if str(n) not in table:
                _fail(source, f"prestige.{side}", str(n), "missing")
            spaces.append(icon_list(table[str(n)], f"prestige.{side}.{n}"))
        prestige.append(tuple(spaces))
    overflow = {}
    for track in ("prestige", "currency", "socialism"):
        ends = data.get("overflow", {}).get(track, {})
        if set(ends) != set(SIDES):
            _fail(source, f"overflow.{track}", "west/east", "both ends are needed")
        overflow[track] = tuple(validate(Icon, ends[s], source, f"overflow.{track}.{s}") for s in SIDES)
    soc = data.get("socialism", {})
    change = soc.get("change")
    if not (isinstance(change, list) and len(change) == 7 and all(isinstance(x, int) and x >= 0 for x in change)):
        _fail(source, "socialism", "change", "seven non-negative numbers (distance 0..6) are needed")
    setups = {}
    for name, row in data.get("setups", {}).items():
        setup = validate(Setup, row, source, f"setups.{name}")
        for p in setup.unrest_in:
            if p not in pidx:
                _fail(source, f"setups.{name}", "unrest_in", f"{p!r} is not a province")
        setups[name] = setup
    start = data.get("start", {})
    factories = start.get("factories", [])
    for f in factories:
        if f not in cidx:
            _fail(source, "start", "factories", f"{f!r} is not a city")
    if start.get("hamburg") not in pidx:
        _fail(source, "start", "hamburg", "Hamburg's starting province is needed")
    return dict(prestige=tuple(prestige), overflow=overflow, change=tuple(change),
                socialists=int(soc.get("socialists", 12)),
                flight=int(data.get("flight", {}).get("cells", 21)), setups=setups,
                start_factories=tuple(cidx[f] for f in factories), start_hamburg=pidx[start["hamburg"]])


@lru_cache(maxsize=8)
def load(cards_file: str = "") -> Content:
    """The content, with the built-in cards or the cards file at ``cards_file``."""
    m = _map(DATA / "map.toml")
    cards = _cards(Path(cards_file) if cards_file else DATA / "cards.toml")
    t = _tracks(DATA / "tracks.toml", m["pidx"], m["cidx"])
    provinces, cities, pidx, cidx = m["provinces"], m["cities"], m["pidx"], m["cidx"]
    side_of = m["side_of"]
    hamburg = next(i for i, c in enumerate(cities) if c.kind == "hamburg")
    externals = tuple(i for i, c in enumerate(cities) if c.kind == "external")
    city_connections = [[] for _ in cities]
    for k, (a, b) in enumerate(m["ends"]):
        city_connections[a].append(k)
        city_connections[b].append(k)
    # Sites: a city is its index; a blue line is LINE + 2·connection + end, where end 0 is the
    # line at city a (the only line of a single connection) and end 1 the line at city b of a
    # double connection. A double connection's lines are named from the city they touch.
    site_index = {c.key: i for i, c in enumerate(cities)}
    for k, (a, b) in enumerate(m["ends"]):
        site_index[m["ckey"][k]] = LINE + 2 * k
        if m["lines"][k] == 2:
            site_index[f"{cities[b].key}/{cities[a].key}"] = LINE + 2 * k + 1
    site_name = {i: key for key, i in site_index.items()}
    specials = [""] * 5
    mauerfall = ""
    for card in cards.values():
        if card.is_special:
            if any(i.icon == "wall-down" for i in card.icons):
                mauerfall = card.key
            else:
                specials[card.decade] = card.key
    icons: dict[str, Icon] = {}
    every = [i for c in cards.values() for i in c.icons]
    every += [i for side in t["prestige"] for space in side for i in space]
    every += [i for pair in t["overflow"].values() for i in pair]
    for icon in every:
        icons[icon.slug] = icon.single()
    return Content(
        provinces=provinces,
        province_index=pidx,
        side_of=side_of,
        of_side=(tuple(i for i, s in enumerate(side_of) if s == WEST),
                 tuple(i for i, s in enumerate(side_of) if s == EAST)),
        west_germany=tuple(i for i, p in enumerate(provinces) if p.west_germany),
        wb=next(i for i, p in enumerate(provinces) if p.side == "west" and not p.west_germany),
        sectors=tuple(s.key for s in m["sectors"]),
        supplier=tuple(pidx[s.supplier] for s in m["sectors"]),
        cities=cities,
        city_index=cidx,
        city_province=m["city_province"],
        city_side=m["city_side"],
        province_cities=tuple(tuple(i for i, p in enumerate(m["city_province"]) if p == q)
                              for q in range(len(provinces))),
        hamburg=hamburg,
        hamburg_provinces=tuple(pidx[p] for p in cities[hamburg].provinces),
        rheinsberg=next(i for i, c in enumerate(cities) if c.kind == "rheinsberg"),
        externals=externals,
        external_provinces={i: tuple(pidx[p] for p in cities[i].provinces) for i in externals},
        ends=m["ends"],
        lines=m["lines"],
        full=tuple(1 if n == 1 else 3 for n in m["lines"]),
        connection_side=m["cside"],
        city_connections=tuple(tuple(c) for c in city_connections),
        site_index=site_index,
        site_name=site_name,
        border=m["border"],
        cards=cards,
        decade_cards=((),) + tuple(tuple(k for k, c in cards.items() if c.decade == d and not c.is_special)
                                   for d in range(1, 5)),
        specials=tuple(specials),
        mauerfall=mauerfall,
        prestige=t["prestige"],
        overflow=t["overflow"],
        socialism_change=t["change"],
        socialists=t["socialists"],
        flight_cells=t["flight"],
        setups=t["setups"],
        start_factories=t["start_factories"],
        start_hamburg=t["start_hamburg"],
        icons=icons,
    )
