"""Nuclear War content: the action deck, the population cards and the fallout table.

Loaded once from ``data/*.toml`` and validated; a user may pass an own cards file. Every
error names the file, the entry and the field. The built-in deck is the printed one
(``cards.toml``, rules version 3); rules version 2's stand-in deck stays as
``cards-rules-2.toml`` for the records of that version.
"""

from __future__ import annotations

from dataclasses import dataclass, field, make_dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field

from realpolitik.engine import ContentError
from realpolitik.engine.content import Entry, Problems, entries, read_toml
from realpolitik.i18n import Text, t

DATA = Path(__file__).parent / "data"
#: the deck of each rules version that no longer plays by default, for its records
OLD_DECKS = {"2": str(DATA / "cards-rules-2.toml")}

Kind = Literal["warhead", "carrier", "anti-missile", "propaganda", "secret", "top-secret"]


class Card(Entry):
    """One kind of action card (identical copies share a key)."""

    key: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    kind: Kind
    count: int = Field(ge=1)
    megatons: int = Field(0, ge=0)
    kills: int = Field(0, ge=0)  # warhead: millions destroyed as printed; 0: as many as megatons
    payload: int = Field(0, ge=0)
    bomber: bool = False
    stops: tuple[str, ...] = ()
    people: int = Field(0, ge=0)
    effect: Literal["lose-turn", "defect", "give", "kill", "boom"] | None = None
    victim: Literal["chosen-enemy", "self", "every-enemy"] | None = None
    amount: int = Field(0, ge=0)
    peace_only: bool = False  # a Secret that does nothing once war has broken out
    stand_in: bool = False
    source: str = ""  # where the printed value comes from (docs/sources/nuclear-war.md)
    text: str = ""

    @property
    def is_secret(self) -> bool:
        """Secret and Top Secret cards are resolved the moment they are drawn."""
        return self.kind in ("secret", "top-secret")


#: a card as the rules read it in play: the checked fields of ``Card`` (and ``is_secret``) in a frozen
#: class with slots. Reading a field of a pydantic model costs about four times a slot's (the model's
#: ``__getattr__`` hook keeps the interpreter from specializing the lookup), and the rules read a few
#: every action.
Printed = make_dataclass("Printed", [(name, info.annotation) for name, info in Card.model_fields.items()],
                         namespace={"is_secret": Card.is_secret}, frozen=True, slots=True)


class Denomination(Entry):
    """Population cards of one value."""

    millions: int = Field(ge=1)
    count: int = Field(ge=1)
    source: str = ""


class FalloutResult(Entry):
    """One band of the 00–99 fallout table."""

    low: int = Field(ge=0, le=99)
    high: int = Field(ge=0, le=99)
    key: str
    effect: Literal["misfire", "dud", "add", "multiply"]
    value: int = 0
    world_ends_with: int | None = None
    text: str


@dataclass(frozen=True)
class Content:
    """Everything printed on the components; shared, never mutated."""

    cards: dict[str, Printed]
    deck: tuple[str, ...]  # one key per physical card
    denominations: tuple[int, ...]  # ascending
    population: tuple[int, ...]  # cards per denomination
    fallout: tuple[FalloutResult, ...]  # indexed by the roll 0..99
    stand_in: tuple[str, ...]  # keys of stand-in cards
    names: dict[str, Text]  # each card's printed name as a message (German from the catalog), made once
    secrets: frozenset[str] = frozenset()  # keys of the Secret and Top Secret cards
    stoppers: dict[str, frozenset[str]] = field(default_factory=dict)  # each carrier's anti-missiles (``stops``)


#: fields that only one kind of card may set
_ONLY = {"kills": ("warhead",), "peace_only": ("secret", "top-secret")}

_REQUIRED = {
    "warhead": ("megatons",),
    "carrier": ("payload",),
    "anti-missile": ("stops",),
    "propaganda": ("people",),
    "secret": ("effect", "victim"),
    "top-secret": ("effect", "victim"),
}


def _check_cards(cards: list[Card], problems: Problems) -> dict[str, Card]:
    """The cards by key; every problem of the file goes to ``problems``."""
    by_key: dict[str, Card] = {}
    for card in cards:
        if card.key in by_key:
            problems.add(f"cards {card.key!r}", "key", "used twice")
        for fld in _REQUIRED[card.kind]:
            if not getattr(card, fld):
                problems.add(f"cards {card.key!r}", fld, f"required for a {card.kind}")
        for fld, kinds in _ONLY.items():
            if getattr(card, fld) and card.kind not in kinds:
                problems.add(f"cards {card.key!r}", fld, f"only for a {' or '.join(kinds)}")
        if card.effect == "give" and card.victim == "self":
            problems.add(f"cards {card.key!r}", "victim", "a player cannot give people to himself")
        by_key[card.key] = card
    unread = problems.unread.get("cards", set())
    for card in cards:
        for target in card.stops:
            if target not in unread and (target not in by_key or by_key[target].kind != "carrier"):
                problems.add(f"cards {card.key!r}", "stops", f"{target!r} is not a carrier")
    return by_key


def _check_fallout(results: list[FalloutResult], source: str) -> tuple[FalloutResult, ...]:
    table: list[FalloutResult | None] = [None] * 100
    for r in results:
        if r.low > r.high:
            raise ContentError(f"{source}: entry results {r.key!r}: field 'high': below 'low'")
        for roll in range(r.low, r.high + 1):
            if table[roll] is not None:
                raise ContentError(f"{source}: entry results {r.key!r}: field 'low': roll {roll:02d} covered twice")
            table[roll] = r
    missing = [i for i, r in enumerate(table) if r is None]
    if missing:
        raise ContentError(f"{source}: results: roll {missing[0]:02d} is not covered")
    return tuple(table)  # type: ignore[arg-type]


@lru_cache(maxsize=8)
def load(cards_file: str = "") -> Content:
    """The content, with the built-in cards or the cards file at ``cards_file``."""
    cards_path = Path(cards_file) if cards_file else DATA / "cards.toml"
    problems = Problems(str(cards_path))
    cards = _check_cards(problems.entries(read_toml(cards_path), "cards", Card), problems)
    problems.check()
    pop_path = DATA / "population.toml"
    denoms = sorted(entries(read_toml(pop_path), "denominations", Denomination, str(pop_path), "millions"),
                    key=lambda d: d.millions)
    fallout_path = DATA / "fallout.toml"
    fallout = _check_fallout(entries(read_toml(fallout_path), "results", FalloutResult, str(fallout_path)),
                             str(fallout_path))
    return Content(
        cards={key: Printed(**{**dict(card), "kills": card.kills or card.megatons}) for key, card in cards.items()},
        deck=tuple(c.key for c in cards.values() for _ in range(c.count)),
        denominations=tuple(d.millions for d in denoms),
        population=tuple(d.count for d in denoms),
        fallout=fallout,
        stand_in=tuple(k for k, c in cards.items() if c.stand_in),
        names={k: t(c.name) for k, c in cards.items()},
        secrets=frozenset(k for k, c in cards.items() if c.is_secret),
        stoppers={k: frozenset(a for a, anti in cards.items() if k in anti.stops)
                  for k, c in cards.items() if c.kind == "carrier"},
    )
