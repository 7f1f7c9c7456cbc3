"""1815 content: the map graphs (1815, 1715) and the rule constants, loaded once and validated.

``data/rules.toml`` holds every number of the rule set, tagged [sure] or [design];
``data/map_1815.toml`` and ``data/map_1715.toml`` are stand-in maps (only the anchor
lands of 1815 are known). A user may pass an own map file (option ``map_file``). Every
error names the file, the entry and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from realpolitik.engine import ContentError
from realpolitik.engine.content import Entry, Problems, read_toml, validate

if TYPE_CHECKING:
    from .map_cache import MapCache

DATA = Path(__file__).parent / "data"
#: a key is a word, never a number: action texts name lands and powers by their keys and read numbers as numbers
KEY = r"^(?:[a-z]|[0-9]+[a-z-])[a-z0-9-]*$"

#: unit kinds in the order used by every per-kind list of the state
KINDS = ("inf", "cav", "art")


# ---------------------------------------------------------------------- rule constants


class Units(Entry):
    inf: int = Field(ge=1)
    cav: int = Field(ge=1)
    art: int = Field(ge=1)


class Supply(Entry):
    inf: int = Field(ge=1)
    cav: int = Field(ge=0)
    art: int = Field(ge=0)
    fortresses: int = Field(ge=0)


class Start(Entry):
    capital_inf: int = Field(ge=1)
    capital_cav: int = Field(ge=0)
    claims: int = Field(ge=0)
    claim_inf: int = Field(ge=1)


class Turn(Entry):
    actions: int = Field(ge=1)
    military: int = Field(ge=0)
    half_move_actions: int = Field(ge=1)
    start_player: Literal["rotate", "fixed"]


class Relocation(Entry):
    z_effects: int = Field(ge=1)
    per_grey_fortress: int = Field(ge=0)
    winter_disband_ep: int = Field(ge=0)


class Nachschub(Entry):
    ep: int = Field(ge=1)


class Fortress(Entry):
    defence: int = Field(ge=0)
    build_min_ep: int = Field(ge=0)
    build_cost_ep: int = Field(ge=0)


class Combat(Entry):
    general_bonus: int = Field(ge=0)
    art_vs_fortress: int = Field(ge=0)
    capital_bonus: int = Field(ge=0)
    winter_attacker_loss: int = Field(ge=0)
    loss_divisor: int = Field(ge=1)


class Markers(Entry):
    cap: int = Field(ge=0)
    per_capture: int = Field(ge=0)
    per_territory: int = Field(ge=0)
    combat_bonus: int = Field(ge=0)


class Diplomacy(Entry):
    convert_cost: int = Field(ge=1)
    convert_max_ep: int = Field(ge=0)
    meddle_cost: int = Field(ge=1)
    buy_cost: int = Field(ge=1)
    buy_max_ep: int = Field(ge=0)


class Reinforcement(Entry):
    base: int = Field(ge=0)
    lands_per_ep: int = Field(ge=1)
    per_territory: int = Field(ge=0)


class Scoring(Entry):
    sp_by_rank: dict[str, tuple[int, ...]]
    per_territory: int = Field(ge=0)
    win: int = Field(ge=1)
    team_win: int = Field(ge=1)
    max_years: int = Field(ge=0)


class Loyalty(Entry):
    start: int = Field(ge=1)
    max: int = Field(ge=1)
    die: int = Field(ge=2)
    reset: int = Field(ge=1)
    sp_penalty: int = Field(ge=0)


class Rules(Entry):
    """Every constant of 1815-R v0 (``data/rules.toml``)."""

    stand_in: bool = False
    units: Units
    supply: Supply
    start: Start
    turn: Turn
    relocation: Relocation
    nachschub: Nachschub
    fortress: Fortress
    combat: Combat
    markers: Markers
    diplomacy: Diplomacy
    reinforcement: Reinforcement
    scoring: Scoring
    loyalty: Loyalty


# ---------------------------------------------------------------------- maps


class Territory(Entry):
    """A group of lands; owning all of them is worth markers, EP and SP."""

    key: str = Field(pattern=KEY)
    name: str


class Land(Entry):
    """One land (Land) of the map graph."""

    key: str = Field(pattern=KEY)
    name: str
    territory: str
    adjacent: tuple[str, ...] = ()
    anchor: str | None = None  # graph code of an anchor land (Ankerland), e.g. X1''
    grey_fortress: bool = False
    garrison: int = Field(0, ge=0)  # neutral infantry at the start
    landing: bool = False  # coast where commanders may land (1715 capitals)
    tribe: bool = False  # an Indian tribe land (1715)
    pos: tuple[int, int]


class Power(Entry):
    """A role a player may choose in the start phase (1715)."""

    key: str = Field(pattern=KEY)
    name: str
    indian: bool = False  # the Indian chief (Indianerhäuptling)


class Demand(Entry):
    """A demand of the crown (1715 loyalty, U28)."""

    key: str = Field(pattern=KEY)
    kind: Literal["conquer", "hold-capital", "lands"]
    territory: str | None = None
    amount: int = Field(0, ge=0)


class MapHead(Entry):
    key: str
    name: str
    stand_in: bool = False
    capitals_on_landing: bool = False


@dataclass(frozen=True)
class Board:
    """A map compiled into index tables; shared by every state, never mutated."""

    key: str
    name: str
    source: str
    stand_in: bool
    capitals_on_landing: bool
    lands: tuple[Land, ...]
    index: dict[str, int]
    adj: tuple[tuple[int, ...], ...]
    adj_mask: tuple[int, ...]
    territories: tuple[Territory, ...]
    territory_index: dict[str, int]
    territory_of: tuple[int, ...]
    territory_lands: tuple[tuple[int, ...], ...]
    grey_lands: tuple[int, ...]  # the lands with a grey fortress, which stays there all game
    powers: tuple[Power, ...]
    demands: tuple[Demand, ...]

    def land(self, key: str) -> int:
        """The index of the land with this key."""
        return self.index[key]


@dataclass(frozen=True)
class Content:
    """The map and the rule constants of one game."""

    board: Board
    rules: Rules
    ep: tuple[int, int, int]  # EP per unit kind, in KINDS order

    @cached_property
    def map_cache(self) -> MapCache:
        """The action texts naming this map's lands and the supply mixes, worked out once (``map_cache``)."""
        from .map_cache import MapCache  # it writes texts with grammar, whose unit words come from this module

        return MapCache(self)


def _compile(data: dict, source: str) -> Board:
    problems = Problems(source)
    head = problems.model(MapHead, {k: v for k, v in data.items() if not isinstance(v, list)}, "(map)")
    terrs = problems.entries(data, "territories", Territory)
    lands = problems.entries(data, "lands", Land)
    powers = problems.entries(data, "powers", Power) if "powers" in data else []
    demands = problems.entries(data, "demands", Demand) if "demands" in data else []
    problems.check()
    tindex: dict[str, int] = {}
    for t in terrs:
        if t.key in tindex:
            problems.add(f"territories {t.key!r}", "key", "used twice")
        tindex[t.key] = len(tindex)
    index: dict[str, int] = {}
    for land in lands:
        if land.key in index:
            problems.add(f"lands {land.key!r}", "key", "used twice")
        if land.territory not in tindex:
            problems.add(f"lands {land.key!r}", "territory", f"no territory {land.territory!r}")
        index[land.key] = len(index)
    neighbours: list[set[int]] = [set() for _ in lands]
    for i, land in enumerate(lands):
        for other in land.adjacent:
            if other not in index or other == land.key:
                problems.add(f"lands {land.key!r}", "adjacent", f"{other!r} is not another land of this map")
                continue
            neighbours[i].add(index[other])
            neighbours[index[other]].add(i)
    if problems.complete():
        _check_connected(neighbours, lands, problems)
    by_territory = [tuple(i for i, land in enumerate(lands) if land.territory == t.key) for t in terrs]
    for t, members in zip(terrs, by_territory):
        if not members:
            problems.add(f"territories {t.key!r}", "key", "no land belongs to it")
    for d in demands:
        if d.kind == "conquer" and d.territory not in tindex:
            problems.add(f"demands {d.key!r}", "territory", f"no territory {d.territory!r}")
    for i, power in enumerate(powers):
        if any(other.key == power.key for other in powers[:i]):
            problems.add(f"powers {power.key!r}", "key", "used twice")
    problems.check()
    adj = tuple(tuple(sorted(n)) for n in neighbours)
    return Board(
        key=head.key, name=head.name, source=source, stand_in=head.stand_in,
        capitals_on_landing=head.capitals_on_landing, lands=tuple(lands), index=index, adj=adj,
        adj_mask=tuple(sum(1 << j for j in n) for n in adj), territories=tuple(terrs),
        territory_index=tindex, territory_of=tuple(tindex[land.territory] for land in lands),
        territory_lands=tuple(by_territory), grey_lands=tuple(i for i, land in enumerate(lands) if land.grey_fortress),
        powers=tuple(powers), demands=tuple(demands),
    )


def _check_connected(neighbours: list[set[int]], lands: list[Land], problems: Problems) -> None:
    seen = {0}
    todo = [0]
    while todo:
        for j in neighbours[todo.pop()]:
            if j not in seen:
                seen.add(j)
                todo.append(j)
    if len(seen) != len(lands):
        lost = next(land.key for i, land in enumerate(lands) if i not in seen)
        problems.add(f"lands {lost!r}", "adjacent", "not connected to the rest of the map")


@lru_cache(maxsize=4)
def load_rules() -> Rules:
    """The rule constants of ``data/rules.toml``."""
    path = DATA / "rules.toml"
    rules = validate(Rules, read_toml(path), str(path), "(rules)")
    for n, row in rules.scoring.sp_by_rank.items():
        if not n.isdigit() or len(row) != int(n):
            raise ContentError(f"{path}: entry (rules): field 'scoring.sp_by_rank.{n}': needs one value per player")
    return rules


@lru_cache(maxsize=8)
def load(map_name: str = "1815", map_file: str = "") -> Content:
    """The content for a built-in map (``1815``, ``1715``) or the map file at ``map_file``."""
    path = Path(map_file) if map_file else DATA / f"map_{map_name}.toml"
    rules = load_rules()
    return Content(board=_compile(read_toml(path), str(path)), rules=rules,
                   ep=(rules.units.inf, rules.units.cav, rules.units.art))
