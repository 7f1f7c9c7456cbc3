"""2+2 in words: the new icons and arrows — the items of an event's pool, a drawn card's effects, the
markers' tracks (the 2+2 rule book, §6.4, §8, §12) — and the button texts of the 2+2 actions (§6–§12);
base icons and everything else as the base game says them (``wsdv.words``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from realpolitik.i18n import Listed, Text, listed, t, tn

from .. import grammar
from .. import words as base
from ..content import EAST
from .tables import POWER

if TYPE_CHECKING:
    from .state import TwoPlusTwoState as S

TRACK = {"prestige": t("prestige"), "dominance": t("dominance"), "space": t("space race"), "arms": t("arms race"),
         "currency": t("Western currency"), "socialism": t("socialism")}
END = {"yellow": t("toward yellow"), "red": t("toward red")}
POWERS = {"usa": t("the USA"), "ussr": t("the Soviet Union"), "active": t("the active side's superpower")}
#: who draws an arms-race card first when both superpowers draw (``first``)
FIRST = {"usa": t("The USA draw their arms-race card first"),
         "ussr": t("The Soviet Union draws its arms-race card first")}
NEW = {"arms-cost": t("from now on every arms-race step costs $1 more"),
       "soviet-penalty": t("from now on Soviet values for build and living standard are 1 lower"),
       "choice": t("move the dominance or the prestige marker 1 step either way"),
       "next-card": t("a hand card of the next decade"), "dove": t("flip a peace dove"),
       "undove": t("a peace dove returns")}


def item_words(st: S, slug: str, count: int = 1) -> str | Text | Listed:
    """An item of an event's pool (``next``, ``ignore``): a 2+2 icon, an arrow or one step of it, a base icon
    (``count`` of them at once: a build icon's words say how many points)."""
    if slug in TRACK:
        return t("the {track} arrow", track=TRACK[slug])
    step = re.fullmatch(r"([a-z]+)-(yellow|red)", slug)
    if step and step[1] in TRACK:
        return t("1 {track} step {end}", track=TRACK[step[1]], end=END[step[2]])
    money = re.fullmatch(r"(pay|income)-(usa|ussr)-([0-9]+)", slug)
    if money:
        if money[1] == "pay":
            return t("{power} pays ${amount}", power=POWERS[money[2]], amount=money[3])
        return t("{power} receives ${amount}", power=POWERS[money[2]], amount=money[3])
    conflict = re.fullmatch(r"conflict-(usa|ussr|active)", slug)
    if conflict:
        return t("{power} draws a conflict card", power=POWERS[conflict[1]])
    return NEW.get(slug) or base.item_words(st, slug, count)


def effects_words(st: S, where: tuple) -> Listed | Text:
    """The effects of a drawn card's row or a box, by its content key (``content.effect_lists``), one after
    the other ("no effect" when there are none).

    The lists are the content's (its decks' rows and its tracks' boxes), so the words of every list are
    written at the first ask and kept with the content (``words_kept``): the words of an icon are put
    together anew at every reading.
    """
    kept = st.content.words_kept
    if not kept:
        kept.update((key, words_of(st, e)) for key, e in st.content.effect_lists())
    return kept[where]


def words_of(st: S, effects) -> Listed | Text:
    """``effects_words`` put together anew: each effect's words, listed."""
    return listed(item_words(st, e.slug) for e in effects) if effects else t("no effect")


def label(item) -> str:
    """The word naming an item in ``next``: an icon's slug or an arrow's track."""
    return item[0] if isinstance(item, tuple) else item


# ====================================================================== actions in words


def use_words(st: S, seat: int, key: str, use: str) -> str | Text:
    """A use of a card, with the value it has for the seat (the Soviet reminder applied) and what
    playing its value also does (§7)."""
    words = _use_words(st, seat, key, use)
    extras = st.content.items_kept[key, st.side(seat), "value"][1] if use != "event" else ()
    if extras:
        return t("{use}, then {extras}", use=words, extras=listed(item_words(st, label(i)) for i in extras))
    return words


def _use_words(st: S, seat: int, key: str, use: str) -> str | Text:
    card = st.card(key)
    value = card.value_for(st.side(seat)) if card.value is not None else 0
    if use in ("build", "ls") and seat == POWER[EAST] and st.soviet_penalty:
        value = max(0, value - 1)
    if use == "arms":
        return t("arms race: 1 step your way, then an arms-race card")
    if use == "credit":
        return t("credit: +${amount} for your treasury", amount=value)
    if use == "build":
        return t("build up the economy ({points})", points=value)
    if use == "ls":
        return t("raise living standards ({points})", points=value)
    return base.use_words(st, seat, key, use)


def action_label(st: S, verb: str, args: tuple) -> str | Text | Listed | None:
    """A legal action of 2+2 in words; the base game's actions as there."""
    a = [str(x) for x in args]
    seat = st.to_act
    if verb in ("take", "play") and seat is not None:
        what = use_words(st, seat, a[0], a[1])
        if verb == "take":
            return t("Take {card} — {use}", card=base.card(st, a[0]), use=what)
        return t("Play {card} from your hand — {use}", card=base.card(st, a[0]), use=what)
    if verb == "next":  # the item as many times as it runs now (``NextEffect.units``)
        return t("Next: {item}", item=item_words(st, a[0], st.stack[-1].units(a[0])))
    if verb == "ignore" and a[0] != "nothing":
        return t("Ignore {item}", item=item_words(st, a[0]))
    if verb in ("prestige", "dominance"):
        parts = [verb, *a]
        steps = dict(zip(parts[::2], parts[1::2]))
        prestige, dominance = int(steps.get("prestige", 0)), int(steps.get("dominance", 0))
        return t("Prestige arrow: {prestige}, {dominance}",
                 prestige=tn("{n} prestige step", "{n} prestige steps", "n", n=prestige),
                 dominance=tn("{n} dominance step", "{n} dominance steps", "n", n=dominance))
    if verb == "shift":
        return t("Move the {track} marker 1 step {end}", track=TRACK[a[0]], end=END[a[1]])
    if verb == grammar.INCOME:
        return t("Take $1 for your treasury")
    if verb == "bonus" and st.stack and isinstance(st.stack[-1], st.DominanceBox):
        return t("Cash dominance box {n}", n=a[0])
    if verb == "first":
        return FIRST[a[0]]
    if verb == grammar.YELLOW_DRAWS:
        return t("Instead the yellow player with fewer hand cards draws a card")
    return base.action_label(st, verb, args)

