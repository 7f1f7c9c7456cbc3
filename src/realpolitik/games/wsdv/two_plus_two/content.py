"""2+2 content: the 40 2+2 cards, the four 2+2 special cards, the arms-race and conflict decks, the tracks.

All of it is stand-in (the printed faces are not public: ``docs/games/wsdv-2p2.md``): one TOML file,
``data/expansion.toml``, replaceable with a user's own file (game option ``expansion``).
``problems(path)`` lists every problem of such a file — each naming the file, the entry and
the field — and checks every constraint the rule book states about the components (the 2+2 rule
book §2, §6.4, §7, §8, §11, §12; design notes). ``load`` merges the expansion into the base
content (``wsdv.content``): one ``ExpansionContent`` that the base rules read like their own.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, fields
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field

from realpolitik.engine import ContentError
from realpolitik.engine.content import Entry, Problems, read_toml

from .. import content as base
from ..content import EAST, SIDES, WEST, Card, Content, Icon

DATA = Path(__file__).parent / "data"

#: tracks an arrow icon can move (base tracks and the three 2+2 tracks)
ARROWS = ("prestige", "dominance", "space", "arms", "currency", "socialism")
BASE_ICONS = frozenset(base.IconKind.__args__)
POWER_NAMES = ("usa", "ussr")

#: base icons, the new icons of the 2+2 rule book §6.4, §12.2 and the arrows
Kind = Literal[base.IconKind, "dove", "undove", "peacemaker", "pay", "income", "conflict", "arms-cost",
               "soviet-penalty", "choice", "next-card", "prestige", "dominance", "space", "arms", "currency",
               "socialism"]


class Effect(Icon):
    """An icon of a 2+2 card, track or deck card — arrows included, in printed order.

    ``side`` is yellow (``west``: West or the USA) or red (``east``); a conflict icon may be
    black (``active``: the superpower of the active side). Arrows count their ``yellow``
    steps (toward the West/USA end) and ``red`` steps separately: a left-right arrow has
    both. ``amount`` is the $ of a payment or income; ``shaded`` marks an icon on a shaded
    background (Green cards: ignored by the automatic event).
    """

    icon: Kind
    side: Literal["west", "east", "active"] | None = None
    amount: int = Field(0, ge=0)
    yellow: int = Field(0, ge=0)
    red: int = Field(0, ge=0)
    strict: bool = False
    shaded: bool = False

    @property
    def is_arrow(self) -> bool:
        """True for an arrow icon (a track step)."""
        return self.icon in ARROWS

    @property
    def slug(self) -> str:
        """The icon's action word: base icons as in the base game, new icons by kind, side and amount."""
        if self.icon in BASE_ICONS:
            return super().slug
        if self.is_arrow:
            return self.icon
        if self.icon in ("pay", "income"):
            return f"{self.icon}-{POWER_NAMES[SIDES.index(self.side)]}-{self.amount}"
        if self.icon == "conflict":
            return "conflict-" + ("active" if self.side == "active" else POWER_NAMES[SIDES.index(self.side)])
        return self.icon

    def mirrored(self) -> Effect:
        """The same icon for the other side (track icons are printed for both superpowers)."""
        swap = {"west": "east", "east": "west"}
        return self.model_copy(update={"side": swap.get(self.side, self.side), "by": swap.get(self.by, self.by),
                                       "yellow": self.red, "red": self.yellow})


class ExpansionCard(Card):
    """A 2+2 card (or a 2+2 special card): colours, arms-race ban, icons at its value."""

    key: str = Field(pattern=r"^x[a-z0-9-]+$")
    colour: Literal["west", "east", "dual", "special", "blue", "green", "black"]
    icons: tuple[Effect, ...] = ()
    arms_ban: bool = False
    value_icons: tuple[Effect, ...] = ()  # below the value: executed when anyone plays the value (§7)
    value_conflict: Literal["west", "east"] | None = None  # right of the value: a yellow or red conflict icon


class DeckCard(Entry):
    """An arms-race card (one effect list per decade and superpower) or a conflict card (one per superpower)."""

    key: str = Field(pattern=r"^[a-z0-9-]+$")
    reshuffle: bool = False
    usa: tuple[tuple[Effect, ...], ...]
    ussr: tuple[tuple[Effect, ...], ...]

    def effects(self, side: int, decade: int = 1) -> tuple[Effect, ...]:
        """The effects for the USA (0) or the Soviet Union (1); arms-race cards by decade."""
        return (self.usa if side == WEST else self.ussr)[self.row(decade)]

    def row(self, decade: int = 1) -> int:
        """Which row of a column holds a decade's effects (a conflict card has one row for all)."""
        return decade - 1 if len(self.usa) > 1 else 0


class Track(Entry):
    """A 2+2 track, printed symmetrically: per distance from the start space (0 … ``spaces``)."""

    spaces: int = Field(ge=1)
    vp: tuple[int, ...]
    level: tuple[int, ...] = ()  # arms race: advantage level per distance, 4 = victory space
    victory: int = 0  # space race: the distance of the victory space
    icons: tuple[tuple[Effect, ...], ...] = ()  # as the USA cashes them; the Soviet Union's are mirrored
    income: tuple[int, ...] = ()  # dominance: income of the holder per distance
    income_other: tuple[int, ...] = ()  # dominance: income of the other superpower per distance


class Treasury(Entry):
    """The treasury track: its printed spaces, the flipped marker below and the +10 marker above."""

    start: int
    lowest: int  # the flipped marker's last space
    highest: int  # the +10 marker's last space
    flip: int  # the first value shown by the flipped marker
    plus10: int  # the first value shown by the +10 marker


@dataclass(frozen=True)
class ExpansionContent(Content):
    """The base content with the 2+2 cards merged in, plus everything only 2+2 has."""

    expansion_cards: tuple[tuple[str, ...], ...]  # index 1..4: the ten 2+2 cards of the decade
    arms_deck: dict[str, DeckCard]
    conflict_deck: dict[str, DeckCard]
    treasury: Treasury
    doves: int
    arms: Track
    space: Track
    dominance: Track
    track_icons: dict[str, tuple[tuple[tuple[Effect, ...], ...], tuple[tuple[Effect, ...], ...]]]
    stand_in: bool

    @cached_property
    def arms_banned(self) -> frozenset[str]:
        """The cards showing the ban on arms race (§6.3): looked up on every turn."""
        return frozenset(k for k, c in self.cards.items() if getattr(c, "arms_ban", False))

    @cached_property
    def items_kept(self) -> dict[tuple, tuple]:
        """What a card's event or value executes, per card, side and event, automatic event or value
        (``events.card_items``), written for every card at once."""
        from .events import every_card_items  # the items follow the rules of events.py, which reads this module

        return every_card_items(self)

    @cached_property
    def income_events(self) -> frozenset[tuple[str, int]]:
        """Each card and side whose event adds income to that side's treasury (``sequence.adds_income``): in the
        red, a superpower may trigger only these (§6.6). Written for every card at once."""
        from .sequence import adds_income  # the rule reads the items of events.py, which reads this module

        return frozenset((key, side) for key, card in self.cards.items() for side in (WEST, EAST)
                         if adds_income(card, side))

    @cached_property
    def icon_parts(self) -> dict[str, tuple[str, int | None, int]]:
        """Each icon's kind, side (0 yellow, 1 red, None for none or the active side) and amount by its slug,
        read once: an event executes icon after icon."""
        return {slug: (e.icon, SIDES.index(e.side) if e.side in SIDES else None, getattr(e, "amount", 0))
                for slug, e in self.icons.items()}

    def effect_lists(self) -> Iterator[tuple[tuple, tuple[Effect, ...]]]:
        """Every effect list of the decks and the tracks with its content key (``memo.py``): each deck card's
        rows for both superpowers, ``("arms" or "conflict", card, side, row)``, and each box,
        ``(track, side, box)``."""
        for name, deck in (("arms", self.arms_deck), ("conflict", self.conflict_deck)):
            for key, card in deck.items():
                for side, column in enumerate((card.usa, card.ussr)):
                    for row, effects in enumerate(column):
                        yield (name, key, side, row), effects
        for track, pair in self.track_icons.items():
            for side, boxes in enumerate(pair):
                for box, effects in enumerate(boxes):
                    yield (track, side, box), effects

    @cached_property
    def pools_kept(self) -> dict[tuple, tuple]:
        """The pool items of each effect list of the decks and the tracks (``cold_war.items_of``), by its
        content key (``effect_lists``), written for every list at once."""
        from .cold_war import items_of  # the items follow the rules of cold_war.py, which reads this module

        return {where: items_of(e) for where, e in self.effect_lists()}

    @cached_property
    def words_kept(self) -> dict[tuple, object]:
        """The words of each effect list of the decks and the tracks, by its content key (``effect_lists``),
        written at the first ask (``words.effects_words``)."""
        return {}


# ====================================================================== problems


def _rows(data: dict, name: str, p: Problems) -> list[tuple[str, object]]:
    rows = data.get(name)
    if not isinstance(rows, list) or not rows:
        p.note(f"missing list of [[{name}]] entries")
        return []
    out = []
    for i, row in enumerate(rows):
        label = f"{name}[{i}]"
        if isinstance(row, dict) and isinstance(row.get("key"), str):
            label = f"{name} {row['key']!r}"
        out.append((label, row))
    return out


def _check_effect(e: Effect, where: str, p: Problems, label: str, field: str) -> None:
    """Constraints of one icon: sides, arrows, amounts, captions (base and 2+2 vocabulary)."""
    if e.icon in BASE_ICONS:
        if e.side not in ("west", "east"):
            p.add(label, field, f"a {e.icon} icon needs side west or east")
            return
        base.icon_problems(e, label, p)
    elif e.is_arrow:
        if e.yellow + e.red == 0:
            p.add(label, field, f"a {e.icon} arrow needs yellow or red steps")
        if e.strict and e.icon != "prestige":
            p.add(label, field, "only prestige arrows can be strict")
        if e.side is not None:
            p.add(label, field, "arrows have no side: count their yellow and red steps")
    elif e.icon in ("pay", "income"):
        if e.side not in ("west", "east") or e.amount < 1:
            p.add(label, field, f"a {e.icon} icon needs side west (USA) or east (Soviet Union) and an amount ≥ 1")
    elif e.icon == "conflict":
        if e.side is None:
            p.add(label, field, "a conflict icon needs side west (yellow), east (red) or active (black)")
    elif e.side is not None:
        p.add(label, field, f"a {e.icon} icon has no side")
    if e.icon == "next-card" and where != "space":
        p.add(label, field, "the next-decade card icon belongs on the space-race track")
    if e.amount and e.icon not in ("pay", "income"):
        p.add(label, field, "only payments and income carry an amount")
    if e.shaded and where != "green":
        p.add(label, field, "shaded icons exist only on Green cards")
    if e.icon == "peacemaker" and where not in ("green", "black-value"):
        p.add(label, field, "peacemaker icons exist only in Green card events and at Black card values")
    if e.icon == "space" and where not in ("blue", "space"):
        p.add(label, field, "only Blue cards move the space-race marker")


def _check_card(card: ExpansionCard, p: Problems, label: str) -> None:
    """Constraints of one 2+2 card (the 2+2 rule book, §2, §6.4, §7, §11; design notes)."""
    colour = card.colour
    if card.arrows != base.Arrows():
        p.add(label, "arrows", "2+2 cards show their arrows as arrow icons (icon = \"prestige\" …)")
    if card.is_special:
        if card.value is not None or card.value_icons or card.value_conflict or card.arms_ban:
            p.add(label, "value", "special cards have no value and no value icons")
    elif card.value is None:
        p.add(label, "value", "a 2+2 card needs a value")
    else:
        values = card.value if isinstance(card.value, tuple) else (card.value,)
        if any(v < 0 for v in values):
            p.add(label, "value", "card values are not negative")
    tracks = [e.icon for e in card.icons if e.is_arrow]
    if len(tracks) != len(set(tracks)):
        p.add(label, "icons", "one arrow icon per track: write left-right arrows as one icon with yellow and red steps")
    where = colour if colour in ("blue", "green") else "event"
    for i, e in enumerate(card.icons):
        _check_effect(e, where, p, label, f"icons.{i}")
        if card.is_special and e.icon == "prestige" and not e.strict:
            p.add(label, f"icons.{i}", "2+2 special cards show only strict prestige arrows")
    for i, e in enumerate(card.value_icons):
        _check_effect(e, "black-value" if colour == "black" else "value", p, label, f"value_icons.{i}")
        if e.is_arrow:
            p.add(label, f"value_icons.{i}", "icons at a card value are not arrows")
    if colour == "blue":
        yellow = sorted(_fingerprint(e) for e in card.icons if not e.is_arrow and e.side == "west")
        red = sorted(_fingerprint(e.mirrored()) for e in card.icons if not e.is_arrow and e.side == "east")
        if yellow != red or any(not e.is_arrow and e.side not in ("west", "east") for e in card.icons) \
                or any(e.is_arrow and e.yellow != e.red for e in card.icons):
            p.add(label, "icons", "Blue card events are symmetrical: every icon and arrow in yellow and in red")
    if colour == "black" and not any(e.icon == "dove" for e in card.icons):
        p.add(label, "icons", "Black card events always remove peace doves")
    if colour == "green" and not any(e.icon == "undove" for e in card.icons):
        p.add(label, "icons", "Green card events restore peace doves")


def _fingerprint(e: Effect) -> str:
    return e.model_dump_json()


def _check_deck_card(card: DeckCard, p: Problems, label: str, deck: str) -> None:
    rows = 4 if deck == "arms_race" else 1
    for side, column in (("usa", card.usa), ("ussr", card.ussr)):
        if len(column) != rows:
            what = "one effect list per decade (4)" if rows == 4 else "one effect list"
            p.add(label, side, f"{what} is needed")
        for d, effects in enumerate(column):
            for i, e in enumerate(effects):
                field = f"{side}.{d}.{i}"
                _check_effect(e, "deck", p, label, field)
                if e.icon in ("peacemaker", "choice", "arms-cost", "soviet-penalty"):
                    p.add(label, field, f"a {e.icon} icon has no meaning on a deck card")
                if e.icon == "conflict":
                    p.add(label, field, "deck cards draw no conflict cards (a chain could not end)")
                if deck == "arms_race" and e.icon == "arms":
                    p.add(label, field, "arms-race cards do not move the arms-race marker (a chain could not end)")


def _check_track(name: str, track: Track, p: Problems) -> None:
    n = track.spaces + 1
    label = f"tracks.{name}"
    if len(track.vp) != n:
        p.add(label, "vp", f"{n} victory-point values (distance 0 … {track.spaces}) are needed")
    elif track.vp[0] != 0:
        p.add(label, "vp", "the start space is worth no victory points")
    if name == "arms":
        if len(track.level) != n or any(not 0 <= x <= 4 for x in track.level):
            p.add(label, "level", f"{n} advantage levels 0 … 4 (4 = victory space) are needed")
        elif list(track.level) != sorted(track.level) or track.level[0] != 0 or 4 not in track.level:
            p.add(label, "level", "levels rise from 0 at the start space to 4 (victory spaces) at the end")
    if name == "space" and not 1 <= track.victory <= track.spaces:
        p.add(label, "victory", "the space race needs a victory space on the track")
    if name in ("space", "dominance"):
        if len(track.icons) != n:
            p.add(label, "icons", f"{n} icon lists (distance 0 … {track.spaces}) are needed")
        for d, icons in enumerate(track.icons):
            for i, e in enumerate(icons):
                _check_effect(e, name, p, label, f"icons.{d}.{i}")
                if e.icon in ("peacemaker", "choice", "conflict") or e.is_arrow and e.icon != "prestige":
                    p.add(label, f"icons.{d}.{i}", f"a {e.icon} icon cannot be cashed in at the end of a decade")
    if name == "dominance":
        for field in ("income", "income_other"):
            values = getattr(track, field)
            if len(values) != n or any(v < 0 for v in values):
                p.add(label, field, f"{n} non-negative incomes (distance 0 … {track.spaces}) are needed")
        if track.income and track.income_other and track.income[0] != track.income_other[0]:
            p.add(label, "income", "on the start space both superpowers receive the same income")


def _parse(path: Path) -> tuple[dict, list[str]]:
    """Every entry of an expansion file, validated, and the list of its problems."""
    p = Problems(str(path))
    try:
        data = read_toml(path)
    except ContentError as exc:
        return {}, [str(exc)]
    cards: dict[str, ExpansionCard] = {}
    for label, row in _rows(data, "cards", p):
        card = p.model(ExpansionCard, row, label)
        if card is None:
            continue
        if card.key in cards:
            p.add(label, "key", "used twice")
        _check_card(card, p, label)
        cards[card.key] = card
    normal = [c for c in cards.values() if not c.is_special]
    for d in range(1, 5):
        keys = sorted((c.key for c in normal if c.decade == d), key=lambda k: (len(k), k))
        want = [f"x{n}" for n in range(10 * d - 9, 10 * d + 1)]
        if cards and keys != want:
            p.note(f"entry cards: field 'key': decade {d} needs the ten 2+2 cards "
                           f"{want[0]}–{want[-1]} (found {', '.join(keys) or 'none'})")
        specials = [c for c in cards.values() if c.is_special and c.decade == d and not _wall_down(c)]
        if cards and len(specials) != 1:
            p.note(f"entry cards: field 'colour': decade {d} needs one 2+2 special card "
                           f"(found {len(specials)})")
    decks = {}
    for deck in ("arms_race", "conflicts"):
        found = {}
        for label, row in _rows(data, deck, p):
            card = p.model(DeckCard, row, label)
            if card is None:
                continue
            if card.key in found:
                p.add(label, "key", "used twice")
            _check_deck_card(card, p, label, deck)
            found[card.key] = card
        if found and len(found) != 10:
            p.note(f"entry {deck}: field 'key': the deck has 10 cards, not {len(found)}")
        if found and sum(c.reshuffle for c in found.values()) != 2:
            p.note(f"entry {deck}: field 'reshuffle': exactly 2 cards of the deck reshuffle it")
        decks[deck] = found
    tracks = data.get("tracks")
    parsed_tracks = {}
    if not isinstance(tracks, dict):
        p.note("missing [tracks] table")
    else:
        for name in ("arms", "space", "dominance"):
            track = p.model(Track, tracks.get(name), f"tracks.{name}")
            if track is not None:
                _check_track(name, track, p)
                parsed_tracks[name] = track
        treasury = p.model(Treasury, tracks.get("treasury"), "tracks.treasury")
        if treasury is not None:
            if not treasury.lowest <= min(0, treasury.start) <= treasury.start <= treasury.highest:
                p.add("tracks.treasury", "start", "the start lies between the lowest and the highest value")
            parsed_tracks["treasury"] = treasury
        doves = tracks.get("doves")
        if not isinstance(doves, int) or doves < 1:
            p.add("tracks", "doves", "the world peace pool needs at least one peace dove")
        parsed_tracks["doves"] = doves
    return {"cards": cards, "decks": decks, "tracks": parsed_tracks,
            "stand_in": bool(data.get("stand_in", False))}, p.found


def _wall_down(card: ExpansionCard) -> bool:
    return any(e.icon == "wall-down" for e in card.icons)


def problems(path: str | Path) -> list[str]:
    """Every problem of an expansion content file (empty when it is good)."""
    return _parse(Path(path))[1]


@lru_cache(maxsize=8)
def load(cards_file: str = "", expansion_file: str = "") -> ExpansionContent:
    """The base content (own cards file optional) with the built-in or a user's expansion merged in."""
    parsed, found = _parse(Path(expansion_file) if expansion_file else DATA / "expansion.toml")
    if found:
        raise ContentError("\n".join(found))
    return merge(base.load(cards_file), parsed)


def merge(content: Content, parsed: dict) -> ExpansionContent:
    """One content object: base cards plus 2+2 cards, 2+2 special cards instead of the base ones."""
    cards: dict[str, ExpansionCard] = parsed["cards"]
    merged_cards = {**content.cards, **cards}
    specials = [""] * 5
    mauerfall = ""
    for card in cards.values():
        if card.is_special:
            if _wall_down(card):
                mauerfall = card.key
            else:
                specials[card.decade] = card.key
    t = parsed["tracks"]
    track_icons = {}
    for name in ("space", "dominance"):
        usa = t[name].icons
        track_icons[name] = (usa, tuple(tuple(e.mirrored() for e in row) for row in usa))
    icons = dict(content.icons)
    every = [e for c in cards.values() for e in (*c.icons, *c.value_icons)]
    every += [e for deck in parsed["decks"].values() for c in deck.values() for col in (c.usa, c.ussr)
              for row in col for e in row]
    every += [e for pair in track_icons.values() for side in pair for row in side for e in row]
    for e in every:
        if not e.is_arrow:
            icons.setdefault(e.slug, e.single())
    for e in (*(Effect(icon="conflict", side=s) for s in ("west", "east", "active")),
              *(Effect(icon="pay", side=s, amount=1) for s in SIDES)):
        icons.setdefault(e.slug, e)  # value conflict icons; the arms-race surcharge
    kept = {f.name: getattr(content, f.name) for f in fields(Content)}
    kept.update(cards=merged_cards, specials=tuple(specials), mauerfall=mauerfall, icons=icons)
    kept.update({name: t[name] for name in ("treasury", "doves", "arms", "space", "dominance")})
    by_decade = ((),) + tuple(tuple(sorted((k for k, c in cards.items() if c.decade == d and not c.is_special),
                                           key=lambda k: (len(k), k))) for d in range(1, 5))
    return ExpansionContent(**kept, expansion_cards=by_decade, arms_deck=parsed["decks"]["arms_race"],
                            conflict_deck=parsed["decks"]["conflicts"], track_icons=track_icons,
                            stand_in=parsed["stand_in"])
