"""2+2 in words: the button texts of the 2+2 actions and of the new icons and arrows (seed 001
§6–§12); everything else is said as in the base game (``wsdv.words``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.i18n import Listed, Text, listed, t

from .. import grammar
from .. import words as base
from ..content import EAST
from .cold_war import POWER
from .end_of_decade import DominanceBox
from .events import label
from .phrases import END, TRACK, item_words

if TYPE_CHECKING:
    from .state import TwoPlusTwoState as S

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
        return t("Prestige arrow: {prestige} prestige step(s), {dominance} dominance step(s)",
                 prestige=steps.get("prestige", "0"), dominance=steps.get("dominance", "0"))
    if verb == "shift":
        return t("Move the {track} marker 1 step {end}", track=TRACK[a[0]], end=END[a[1]])
    if verb == grammar.INCOME:
        return t("Take $1 for your treasury")
    if verb == "bonus" and st.stack and isinstance(st.stack[-1], DominanceBox):
        return t("Cash dominance box {n}", n=a[0])
    if verb == grammar.YELLOW_DRAWS:
        return t("Instead the yellow player with fewer hand cards draws a card")
    return base.action_label(st, verb, args)

