"""Wir sind das Volk! on the terminal: both states' provinces, the tracks, the display and your hand.

Every word is a message in the reader's language, in the German edition's terms where the
game has them (Unruhe, Lebensstandard, Massenprotest, Devisen, Auslage); cards, provinces and
cities are named as printed, event icons in the game's own words (``wsdv.words``).
"""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from realpolitik.games.wsdv.content import Card, Icon, load
from realpolitik.games.wsdv.end_of_decade import PHASE_NAMES
from realpolitik.games.wsdv.words import icon_words
from realpolitik.i18n import DEFAULT, listed, t
from realpolitik.i18n import Text as Message
from realpolitik.i18n import render as say

from . import titled

COLOUR_STYLE = {"west": "yellow", "east": "red", "dual": "magenta", "special": "bold red"}
ARROW_NAMES = (("prestige", "P"), ("currency", "$"), ("socialism", "S"))
TRACKS = (("prestige", t("prestige")), ("currency", t("Western currency")), ("socialism", t("socialism")))
SECTORS = {"french": t("French LS {ls}"), "british": t("British LS {ls}"), "us": t("US LS {ls}")}
POLICE = {"red": t("red"), "pink": t("pink")}

#: a card's line draws with one of these: the base game's, or 2+2's (which knows its own cards)
CardLine = Callable[[str, str], Text]


def value_words(value: int | tuple[int, int]) -> Message:
    """A card's value, or its two values (West / East)."""
    if isinstance(value, tuple):
        return t("values {west} (West) / {east} (East)", west=value[0], east=value[1])
    return t("value {n}", n=value)


def icon_text(icon: Icon, content: Any, lang: str) -> str:
    """An event icon in the game's words, with how often it is printed (a build icon's words count
    its points already)."""
    words = say(icon_words(SimpleNamespace(content=content), icon), lang)  # the words read only the content
    return f"{icon.count}× {words}" if icon.count > 1 and icon.icon != "build" else words


def card_line(key: str, lang: str = DEFAULT) -> Text:
    """One card: number, title, colour, value, event icons, arrows and extras."""
    content = load()
    card: Card = content.cards[key]
    text = Text(f"{key.upper():>7} ", style="bold")
    text.append(card.title, style=COLOUR_STYLE[card.colour])
    if card.value is not None:
        text.append("  " + say(value_words(card.value), lang))
    icons = [icon_text(i, content, lang) for i in card.icons]
    arrows = [f"{mark}{getattr(card.arrows, name):+d}" for name, mark in ARROW_NAMES if getattr(card.arrows, name)]
    if icons or arrows:
        text.append("  " + say(t("event: {events}", events=listed(icons + arrows)), lang), style="dim")
    if card.flight:
        text.append("  " + say(t("flight {n}", n=card.flight), lang), style="cyan")
    if card.police:
        text.append("  " + say(t("a {colour} police card", colour=POLICE[card.police]), lang), style="cyan")
    return text


def _tracks(pub: dict[str, Any], lang: str) -> list[Text]:
    """Prestige, Western currency and socialism between West and East, then the flight."""
    labels = [(key, say(label, lang)) for key, label in TRACKS] + [("flight", say(t("flight"), lang))]
    width = max(len(label) for _, label in labels)
    west, east = say(t("West"), lang), say(t("East"), lang)
    out = []
    for key, label in labels[:-1]:
        pos = pub["tracks"][key]
        cells = "".join("●" if i == pos else ("|" if i == 0 else "·") for i in range(-6, 7))
        out.append(Text(f"{label:<{width}} {west} {cells} {east}  {pos:+d}"))
    flight = say(t("{n} (last end of decade)", n=f"{pub['tracks']['flight'] / 2:g}"), lang)
    out.append(Text(f"{labels[-1][1]:<{width}} {flight}"))
    return out


def _province_names(pub: dict[str, Any]) -> dict[str, Message]:
    """Provinces by key, their printed names as messages ("West Berlin" is "West-Berlin" in German)."""
    return {p["key"]: _printed(p) for p in pub["provinces"]}


def _printed(province: dict[str, Any]) -> Message:
    name = province["name"]
    return t(name)


def _west_berlin(pub: dict[str, Any], lang: str) -> str:
    """West Berlin's sectors (their living standard), who supplies it and the suppliers' protests."""
    names = _province_names(pub)
    wb = pub["west_berlin"]
    parts = [say(t("West Berlin:"), lang) + " " + ", ".join(
        say(t(SECTORS[k].key, ls=v), lang) if k in SECTORS else f"{k} {v}" for k, v in wb["sectors"].items())]
    if wb["delivered_by"]:
        parts.append(say(t("supplied by {provinces}", provinces=listed(names[k] for k in wb["delivered_by"])), lang))
    if wb["supplier_protests"]:
        protests = listed(t("{province} {n}", province=names[k], n=v) for k, v in wb["supplier_protests"].items())
        parts.append(say(t("supplier protests: {protests}", protests=protests), lang))
    return " ".join(parts)


def _status(pub: dict[str, Any], lang: str) -> Text:
    """Mass protests, socialists, police cards, the Wall, the Stasi, Hamburg and West Berlin."""
    police = listed(POLICE[c] for c in pub["police"]["cards"]) if pub["police"]["cards"] else "—"
    first = [
        t("Mass protests: West {west}, East {east}", west=pub["mass_protests"]["west"],
          east=pub["mass_protests"]["east"]),
        t("Socialists: {box} in the box, {supply} in the supply", box=pub["socialist_box"],
          supply=pub["socialist_supply"]),
        t("Police cards: {cards}", cards=t("{cards} (used {used})", cards=police, used=pub["police"]["used"])),
        t("Wall: standing") if pub["wall"] else t("Wall: not built"),
    ] + ([t("Stasi disbanded")] if pub["stasi_disbanded"] else [])
    hamburg = say(t("Hamburg counts for {province}", province=_province_names(pub)[pub["hamburg"]]), lang)
    return Text("   ".join(say(m, lang) for m in first) + "\n" + hamburg + "   " + _west_berlin(pub, lang))


def _factories(pub: dict[str, Any], province: str, lang: str) -> list[str]:
    """The factories counting for a province: city and value, run down or not."""
    sites = []
    factories = pub["factories"]
    for city in load().cities:
        where = pub["hamburg"] if city.kind == "hamburg" else city.province
        if where == province and city.key in factories:
            f = factories[city.key]
            name = say(t(city.name), lang)
            sites.append(say(t("{city} {value} (run down)", city=name, value=f["value"]), lang)
                         if f["rundown"] else f"{name} {f['value']}")
    return sites


def _provinces(pub: dict[str, Any], side: str, lang: str) -> Table:
    title = t("West Germany") if side == "west" else t("East Germany")
    table = Table(title=say(title, lang), title_style=COLOUR_STYLE[side], show_edge=False, pad_edge=False)
    columns = (t("province"), t("unrest"), t("protests"), t("LS"), t("economy"), t("export"), t("factories"))
    for i, col in enumerate(columns):
        table.add_column(say(col, lang), justify="left" if i in (0, len(columns) - 1) else "right")
    for p in pub["provinces"]:
        if p["side"] != side:
            continue
        mp = "✊" * p["mass_protests"]
        extra = f" +{p['socialists']} {say(t('soc.'), lang)}" if p["socialists"] else ""
        table.add_row(say(_printed(p), lang), str(p["unrest"]), Text(mp, style="bold red"), str(p["ls"]),
                      str(p["economy"]), str(p["export"]), ", ".join(_factories(pub, p["key"], lang)) + extra)
    return table


def _infrastructure(pub: dict[str, Any], lang: str) -> Text:
    """The blue lines built, between their cities."""
    c = load()
    lines = ["–".join(say(t(c.cities[c.city_index[k]].name), lang) for k in line.split("/"))
             for line in pub["infrastructure"]]
    return Text(say(t("Infrastructure: {lines}", lines=listed(lines) if lines else "—"), lang), style="dim")


def _head(pub: dict[str, Any], lang: str) -> Text:
    if pub["end_of_decade"]:
        phase = t("end of the decade, phase {n}: {phase}", n=pub["end_of_decade"],
                  phase=PHASE_NAMES.get(pub["phase"], pub["phase"]))
    else:
        phase = t("sub-decade {half}", half=pub["half"])
    return Text(say(t("Wir sind das Volk! — decade {decade}", decade=pub["decade"]), lang) + ", " + say(phase, lang),
                style="bold")


def _cards(view: dict[str, Any], lang: str) -> Text:
    """How many cards each seat holds, the draw deck and the cards played this decade."""
    pub = view["public"]
    hands = ", ".join(f"{titled(view, seat)} {len(decades)}" for seat, decades in pub["hands"].items())
    played = ", ".join(k.upper() for k in pub["played"]) or "—"
    words = (t("Hand cards: {hands}", hands=hands), t("Draw deck: {count}", count=pub["deck"]),
             t("Played this decade: {cards}", cards=played))
    return Text("   ".join(say(w, lang) for w in words), style="dim")


def _own(view: dict[str, Any], card: CardLine, lang: str) -> list[Any]:
    """Your hand, and the cards you know of."""
    mine = view["private"]
    parts: list[Any] = [Text(say(t("Your hand ({seat}):", seat=view["seat"]), lang), style="bold")]
    parts += [card(k, lang) for k in mine["hand"]] or [Text("  —")]
    if mine["known"]:
        known = ", ".join(k.upper() for k in mine["known"])
        parts.append(Text(say(t("Cards you know the other side holds: {cards}", cards=known), lang)))
    if mine["deck_top"]:
        top = ", ".join(k.upper() for k in mine["deck_top"])
        parts.append(Text(say(t("Top of the draw deck: {cards}", cards=top), lang)))
    return parts


def render(view: dict[str, Any], lang: str = DEFAULT, card: CardLine = card_line) -> Group:
    """The game as ``view`` shows it, in ``lang`` (``card`` draws one card; 2+2 brings its own)."""
    pub = view["public"]
    parts: list[Any] = [_head(pub, lang), *_tracks(pub, lang), _status(pub, lang), _provinces(pub, "west", lang),
                        _provinces(pub, "east", lang), _infrastructure(pub, lang)]
    parts.append(Text(say(t("Display:"), lang), style="bold"))
    parts += [card(k, lang) for k in pub["display"]]
    if pub["special"]:
        parts.append(card(pub["special"], lang))
    parts.append(_cards(view, lang))
    if view.get("private") is not None:
        parts += _own(view, card, lang)
    return Group(*parts)
