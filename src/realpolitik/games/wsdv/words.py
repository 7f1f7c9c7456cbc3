"""Wir sind das Volk! in words: each legal action as a button's text (``action_label``), with
cards, provinces, cities and blue lines named as printed, and the event icons described.

Every sentence is a message (``realpolitik.i18n.t``), put into the reader's language when a
view is made; the German follows the German edition's terms (Unruhe, Lebensstandard,
Aufbaupunkt, Massenprotest, Infrastruktur). The action texts themselves are in ``grammar``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.i18n import Listed, Text, listed, phrase, t, tn

from . import grammar
from .content import Icon

if TYPE_CHECKING:
    from .state import WsdvState as S

#: icon captions that are not a province
_WHERE = {"wg": t("in West Germany"), "wb": t("in West Berlin"), "eb": t("in East Berlin"), "cssr": t("in the ČSSR"),
          "pl": t("in Poland"), "rheinsberg": t("on Rheinsberg")}
_SIDE = {"west": t("West"), "east": t("East")}
_SECTOR = {"french": t("French"), "british": t("British"), "us": t("US")}
_TRACK = {"prestige": t("prestige"), "currency": t("Western currency"), "socialism": t("socialism")}


# the log lines written here at every step, made by ``phrase`` (i18n/messages.py)
LINE_BETWEEN = phrase("the line {a}–{b}", "a", "b")


def where(code: str) -> Text:
    """An icon caption that is not a province: "in West Germany", "in the ČSSR", "on Rheinsberg"."""
    return _WHERE[code]


def card(st: S, key: str) -> str:
    """A card as printed: its number and title."""
    return f"{key.upper()} {st.card(key).title}"


def place(st: S, key: str) -> str | Text:
    """A province by its key, or a West Berlin sector (``wb-us``)."""
    c = st.content
    if key.startswith("wb-"):
        return t("West Berlin's {sector} sector", sector=_SECTOR.get(key[3:], key[3:]))
    return t(c.provinces[c.province_index[key]].name)


def city(st: S, key: str) -> Text:
    """A city by its key, as printed (a message: foreign places have German names)."""
    c = st.content
    return c.city_words[c.city_index[key]]


def site(st: S, key: str) -> str | Text:
    """A build site: a city, or the blue line between two cities (``a/b``)."""
    if "/" not in key:
        return city(st, key)
    a, b = key.split("/")
    return LINE_BETWEEN(city(st, a), city(st, b))


#: each kind of event icon in words (made only for the icon at hand)
_KINDS = {
    "unrest": lambda side, icon: t("1 unrest into a {side} province", side=side),
    "calm": lambda side, icon: t("remove 1 unrest from a {side} province", side=side),
    "move": lambda side, icon: t("move 1 {side} unrest between provinces", side=side),
    "build": lambda side, icon: tn("{n} {side} build point", "{n} {side} build points", "n", n=icon.count, side=side),
    "dismantle": lambda side, icon: t("{side} dismantles 1 build point", side=side),
    "end-protest": lambda side, icon: t("end a {side} mass protest", side=side),
    "ls": lambda side, icon: t("1 free {side} living standard", side=side),
    "reduce-ls": lambda side, icon: t("−1 {side} living standard", side=side),
    "rundown": lambda side, icon: t("1 {side} factory runs down", side=side),
    "repair": lambda side, icon: t("repair a run-down {side} factory", side=side),
    "stop": lambda side, icon: t("close an external factory"),
    "police": lambda side, icon: t("a {colour} police card", colour=t("red") if icon.colour == "red" else t("pink")),
    "wall": lambda side, icon: t("the Wall is built"),
    "wall-down": lambda side, icon: t("the Wall falls"),
    "stasi-off": lambda side, icon: t("the Stasi is disbanded"),
    "guillaume": lambda side, icon: t("Guillaume affair"),
    "prestige-overflow": lambda side, icon: t("remove 1 own unrest or put 1 unrest into the other state"),
}


def icon_words(st: S, icon: Icon) -> str | Text | Listed:
    """An event icon in words: "1 unrest into an East province in Sachsen — West decides"."""
    side = _SIDE.get(icon.side, icon.side)
    where = _WHERE.get(icon.where or "") or (t("in {province}", province=place(st, icon.where)) if icon.where else "")
    words = _KINDS[icon.icon](side, icon) if icon.icon in _KINDS else icon.icon
    if where:
        words = listed((words, where), " ")
    if icon.by:
        return t("{icon} — {side} decides", icon=words, side=_SIDE[icon.by])
    return words


def item_words(st: S, slug: str, count: int = 1) -> str | Text | Listed:
    """What ``ignore`` and ``next`` name: an icon of the card (``count`` of them run at once: a build
    icon's words say how many points), or an arrow step of a track."""
    if slug in _TRACK:
        return t("the {track} arrow step", track=_TRACK[slug])
    icon = st.content.icons.get(slug)
    if icon is None:
        return slug
    return icon_words(st, icon if count == 1 else icon.model_copy(update={"count": count}))


def use_words(st: S, seat: int, key: str, use: str) -> str | Text:
    """What using a card does: remove unrest, build up (its points), living standard (its points), its event."""
    points = st.card(key).value_for(st.side(seat)) if use in ("build", "ls") else 0
    return {
        "calm": t("remove unrest"),
        "build": t("build up the economy ({points})", points=points),
        "ls": t("raise living standards ({points})", points=points),
        "event": t("trigger the event"),
    }.get(use, use)


def action_label(st: S, verb: str, args: tuple) -> str | Text | None:
    """A legal action in words (a button's text)."""
    a = [str(x) for x in args]
    seat = st.to_act
    if verb in ("take", "play"):
        what = use_words(st, seat, a[0], a[1])
        if verb == "take":
            return t("Take {card} — {use}", card=card(st, a[0]), use=what)
        return t("Play {card} from your hand — {use}", card=card(st, a[0]), use=what)
    on_place = {
        "police": t("Police card: remove 1 unrest in {place}"), "calm": t("Remove 1 unrest in {place}"),
        "unrest": t("1 unrest into {place}"), "ls": t("Living standard +1 in {place}"),
        "reduce": t("Living standard −1 in {place}"), "end-protest": t("End the mass protest in {place}"),
        "return": t("Return 1 unrest to {place}"), "socialist": t("Place a socialist in {place}"),
        "purge": t("Remove a socialist from {place}"), "supplier": t("Supplier mass protest in {place}"),
        "relieve": t("End the supplier mass protest in {place}"), "hamburg": t("Hamburg counts for {place}"),
    }
    if verb in on_place:
        return t(on_place[verb].key, place=place(st, a[0]))
    on_city = {"rundown": t("Run down the factory in {city}"), "repair": t("Repair the factory in {city}"),
               "stop": t("Close the factory in {city}")}
    if verb in on_city:
        return t(on_city[verb].key, city=city(st, a[0]))
    if verb == "move":
        return t("Move 1 unrest from {a} to {b}", a=place(st, a[0]), b=place(st, a[1]))
    if verb == "assign":
        return t("Count the factory in {city} for {place}", city=city(st, a[0]), place=place(st, a[1]))
    if verb in ("build", "dismantle"):
        if verb == "build":
            return t("Build: {site}", site=site(st, a[0]))
        return t("Dismantle: {site}", site=site(st, a[0]))
    if verb == "discard":
        return t("Discard {card}", card=card(st, a[0]))
    if verb == "remove":
        return t("Remove {card} from the game", card=card(st, a[0]))
    if verb == "swap":
        return t("Swap your {mine} for {theirs}", mine=card(st, a[0]), theirs=card(st, a[1]))
    if verb == "look":
        return t("Look at West's hand") if a[0] == "hand" else t("Look at the top 2 cards of the draw deck")
    if verb == "ignore":
        return t("Ignore nothing") if a[0] == "nothing" else t("Ignore {item}", item=item_words(st, a[0]))
    if verb == "next":  # the icon as many times as it runs now (``NextIcon.units``)
        return t("Next: {item}", item=item_words(st, a[0], st.stack[-1].units(a[0])))
    if verb == "bonus":
        return t("Prestige bonus of space {n}", n=a[0])
    if verb == grammar.KEEP:
        return t("Do not deliver it") if grammar.DELIVER in st.legal_actions() else t("Keep my cards")
    return {
        grammar.DELIVER: t("Deliver it to West Berlin"), grammar.DONE: t("Done"), grammar.NOTHING: t("Nothing"),
        grammar.WEST_DRAWS: t("West draws a card instead"),
    }.get(verb)

