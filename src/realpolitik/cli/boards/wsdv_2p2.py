"""Wir sind das Volk! 2+2 on the terminal: the 2+2 board above the base game's board.

The 2+2 board shows the treasuries, the arms-race, space-race and dominance tracks with the
victory points, the world peace pool, both decks (count and last card only), the reminders,
the peacemaker cards and the turn order; the base board below it (``wsdv.render``) draws
every card with this module's card line, which knows the 2+2 colours and icons. Icons are
said in the game's words (``two_plus_two.words``), arrows by their track's mark.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from rich.console import Group
from rich.text import Text

from realpolitik.games.wsdv.two_plus_two.content import BASE_ICONS, Effect, ExpansionCard, load
from realpolitik.games.wsdv.two_plus_two.words import item_words
from realpolitik.i18n import DEFAULT, listed, t
from realpolitik.i18n import render as say

from . import titled
from .wsdv import card_line as base_card_line
from .wsdv import icon_text, value_words
from .wsdv import render as base_render

COLOUR_STYLE = {"west": "yellow", "east": "red", "dual": "magenta", "special": "bold red", "blue": "blue",
                "green": "green", "black": "bold white"}
COLOUR_NAME = {"blue": t("Blue"), "green": t("Green"), "black": t("Black")}
ARROW_MARK = {"prestige": "P", "dominance": "D", "space": "S", "arms": "A", "currency": "$", "socialism": t("Soc")}
PEACEMAKER = t("peacemaker: the active player keeps this card")
#: the superpowers' short names, as the tracks' ends show them
POWERS = {"usa": "USA", "ussr": t("USSR")}


def effect_text(e: Effect, lang: str = DEFAULT) -> str:
    """One icon or arrow: ``D ←1 →1``, ``P! ←1`` (strict), an icon in the game's words."""
    content = load()
    if e.is_arrow:
        steps = (f"←{e.yellow}" if e.yellow else "") + (" " if e.yellow and e.red else "") + (
            f"→{e.red}" if e.red else "")
        text = f"{say(ARROW_MARK[e.icon], lang)}{'!' if e.strict else ''} {steps}"
    elif e.icon in BASE_ICONS:
        text = icon_text(e, content, lang)
    else:
        words = PEACEMAKER if e.icon == "peacemaker" else item_words(SimpleNamespace(content=content), e.slug)
        text = (f"{e.count}× " if e.count > 1 else "") + say(words, lang)
    return f"({text})" if e.shaded else text


def _value_extras(card: ExpansionCard, lang: str) -> list[str]:
    """What playing the value also does: the icons below it, the conflict icon right of it."""
    extras = [effect_text(e, lang) for e in card.value_icons]
    if card.value_conflict:
        conflict = item_words(SimpleNamespace(content=load()),
                              "conflict-" + ("usa" if card.value_conflict == "west" else "ussr"))
        extras.append(say(t("{effect} when it plays the value", effect=conflict), lang))
    return extras


def card_line(key: str, lang: str = DEFAULT) -> Text:
    """A card of either set: 2+2 cards with colour, value, arms ban, event and value icons."""
    card = load().cards[key]
    if not isinstance(card, ExpansionCard):
        return base_card_line(key, lang)
    text = Text(f"{key.upper():>7} ", style="bold")
    text.append(card.title, style=COLOUR_STYLE[card.colour])
    if card.colour in COLOUR_NAME:
        text.append(f" [{say(COLOUR_NAME[card.colour], lang)}]", style=COLOUR_STYLE[card.colour])
    if card.value is not None:
        text.append("  " + say(value_words(card.value), lang))
        extras = _value_extras(card, lang)
        if extras:
            text.append(" + " + say(t("with the value: {extras}", extras=listed(extras)), lang), style="cyan")
    if card.arms_ban:
        text.append("  " + say(t("no arms race"), lang), style="cyan")
    if card.icons:
        events = listed(effect_text(e, lang) for e in card.icons)
        text.append("  " + say(t("event: {events}", events=events), lang), style="dim")
    if card.flight:
        text.append("  " + say(t("flight {n}", n=card.flight), lang), style="cyan")
    return text


def _tracks(cw: dict[str, Any], lang: str) -> list[Text]:
    """The arms race (with its advantage), the space race and dominance, from the USA to the USSR."""
    c = load()
    adv = cw["arms_advantage"]
    lead = "  " + say(t("{power} level {level}", power=POWERS[adv["side"]], level=adv["level"]), lang) if adv else ""
    rows = ((t("arms race"), cw["arms_race"], c.arms.spaces, lead),
            (t("space race"), cw["space_race"], c.space.spaces, ""),
            (t("dominance"), cw["dominance"], c.dominance.spaces, ""))
    width = max(len(say(label, lang)) for label, *_ in rows)
    ussr = say(POWERS["ussr"], lang)
    out = []
    for label, pos, spaces, extra in rows:
        cells = "".join("●" if i == pos else ("|" if i == 0 else "·") for i in range(-spaces, spaces + 1))
        out.append(Text(f"{say(label, lang):<{width}} USA {cells} {ussr}  {pos:+d}{extra}"))
    return out


def _money(cw: dict[str, Any], lang: str) -> Text:
    """The treasuries (and who is in the red) and the victory points."""
    treasury = ", ".join(f"{say(POWERS[k], lang)} {'-$' + str(-v) if v < 0 else '$' + str(v)}"
                         for k, v in cw["treasury"].items())
    words = say(t("Treasuries: {money}", money=treasury), lang)
    if cw["in_the_red"]:
        words += f" ({say(t('in the red'), lang)}: {', '.join(say(POWERS[k], lang) for k in cw['in_the_red'])})"
    points = t("Victory points: USA {usa} · Soviet Union {ussr}", usa=cw["victory_points"]["usa"],
               ussr=cw["victory_points"]["ussr"])
    return Text(words + "   " + say(points, lang))


def _peace(view: dict[str, Any], cw: dict[str, Any], lang: str) -> Text:
    """The world peace pool, the red button and the peacemaker cards."""
    doves = "🕊" * cw["doves"] + "·" * (cw["doves_total"] - cw["doves"])
    words = [t("Peace doves: {doves}", doves=doves)]
    if cw["red_button"]:
        words.append(t("RED BUTTON pressed by {seat}", seat=titled(view, cw["red_button"])))
    makers = ", ".join(f"{titled(view, seat)} {len(cards)}" for seat, cards in cw["peacemakers"].items())
    words.append(t("Peacemakers: {seats}", seats=makers))
    return Text("   ".join(say(w, lang) for w in words))


def _decks(cw: dict[str, Any], lang: str) -> Text:
    """Both decks with their last card, the 2+2 cards waiting, the reminders."""
    def deck(name: Any, data: dict) -> str:
        return say(name, lang) + f" {data['count']} (" + say(t("last: {card}", card=(data["last"] or "—").upper()),
                                                               lang) + ")"

    words = [deck(t("Arms-race deck"), cw["arms_deck"]), deck(t("Conflict deck"), cw["conflict_deck"]),
             say(t("2+2 cards waiting for sub-decade B: {b}, C: {c}", b=cw["prepared"][0], c=cw["prepared"][1]), lang)]
    reminders = [w for w, on in ((t("arms race +${amount} per step", amount=cw["reminders"]["arms_cost"]),
                                  cw["reminders"]["arms_cost"]),
                                 (t("Soviet build/LS value −1"), cw["reminders"]["soviet_penalty"])) if on]
    if reminders:
        words.append(say(t("Reminders: {reminders}", reminders=listed(reminders, "; ")), lang))
    return Text("   ".join(words), style="dim")


def cold_war_board(view: dict[str, Any], lang: str = DEFAULT) -> Group:
    """The 2+2 board of the view."""
    pub = view["public"]
    cw = pub["cold_war"]
    sub = pub.get("sub_decade")
    head = say(t("Wir sind das Volk! 2+2 — decade {decade}", decade=pub["decade"]), lang)
    if sub and not pub["end_of_decade"]:
        head += ", " + say(t("sub-decade {sub}", sub=sub), lang)
    order = say(t("turn order {seats}", seats=", ".join(titled(view, s) for s in pub["turn_order"])), lang)
    if cw["active"]:
        order += f"   {say(t('active'), lang)}: {titled(view, cw['active'])}"
    return Group(Text(head, style="bold"), *_tracks(cw, lang), _money(cw, lang), _peace(view, cw, lang),
                 _decks(cw, lang), Text(order))


def render(view: dict[str, Any], lang: str = DEFAULT) -> Group:
    """The 2+2 board, then the base game's board with 2+2 card lines, in ``lang``."""
    return Group(cold_war_board(view, lang), base_render(view, lang, card_line))
