"""2+2's icons and arrows in words: the items of an event's pool, a drawn card's effects, the
markers' tracks (seed 001 §6.4, §8, §12); base icons as the base game says them."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from realpolitik.i18n import Listed, Text, listed, t

from .. import words as base

if TYPE_CHECKING:
    from .state import TwoPlusTwoState as S

TRACK = {"prestige": t("prestige"), "dominance": t("dominance"), "space": t("space race"), "arms": t("arms race"),
         "currency": t("Western currency"), "socialism": t("socialism")}
END = {"yellow": t("toward yellow"), "red": t("toward red")}
POWERS = {"usa": t("the USA"), "ussr": t("the Soviet Union"), "active": t("the active side's superpower")}
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
