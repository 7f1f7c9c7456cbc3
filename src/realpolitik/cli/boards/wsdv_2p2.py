"""Wir sind das Volk! 2+2 on the terminal: the 2+2 board above the base game's board.

The 2+2 board shows the treasuries, the arms-race, space-race and dominance tracks with the
victory points, the world peace pool, both decks (count and last card only), the reminders,
the peacemaker cards and the turn order; the base board below it (``wsdv.render``) draws
every card with this module's card line, which knows the 2+2 colours and icons.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text

from realpolitik.games.wsdv.two_plus_two.content import Effect, ExpansionCard, load

from .wsdv import card_line as base_card_line
from .wsdv import render as base_render

COLOUR_STYLE = {"west": "yellow", "east": "red", "dual": "magenta", "special": "bold red", "blue": "blue",
                "green": "green", "black": "bold white"}
ARROW_MARK = {"prestige": "P", "dominance": "D", "space": "S", "arms": "A", "currency": "$", "socialism": "Soc"}


def effect_text(e: Effect) -> str:
    """One icon or arrow in words: ``D ←1 →1``, ``pay-ussr-3``, ``P! ←1`` (strict)."""
    if e.is_arrow:
        steps = (f"←{e.yellow}" if e.yellow else "") + (" " if e.yellow and e.red else "") + (
            f"→{e.red}" if e.red else "")
        text = f"{ARROW_MARK[e.icon]}{'!' if e.strict else ''} {steps}"
    else:
        text = e.slug + (f"×{e.count}" if e.count > 1 else "")
    return f"({text})" if e.shaded else text


def card_line(key: str) -> Text:
    """A card of either set: 2+2 cards with colour, value, arms ban, event and value icons."""
    card = load().cards[key]
    if not isinstance(card, ExpansionCard):
        return base_card_line(key)
    text = Text(f"{key.upper():>7} ", style="bold")
    text.append(card.title, style=COLOUR_STYLE[card.colour])
    if card.colour in ("blue", "green", "black"):
        text.append(f" [{card.colour}]", style=COLOUR_STYLE[card.colour])
    if card.value is not None:
        value = f"{card.value[0]}/{card.value[1]}" if isinstance(card.value, tuple) else str(card.value)
        text.append(f"  value {value}")
        extras = [effect_text(e) for e in card.value_icons]
        if card.value_conflict:
            extras.append(f"conflict-{'usa' if card.value_conflict == 'west' else 'ussr'} (their value)")
        if extras:
            text.append(" + " + ", ".join(extras), style="cyan")
    if card.arms_ban:
        text.append("  no arms race", style="cyan")
    if card.icons:
        text.append("  event: " + ", ".join(effect_text(e) for e in card.icons), style="dim")
    if card.flight:
        text.append(f"  flight×{card.flight}", style="cyan")
    return text


def _track(label: str, pos: int, spaces: int, extra: str = "") -> Text:
    cells = "".join("●" if i == pos else ("|" if i == 0 else "·") for i in range(-spaces, spaces + 1))
    return Text(f"{label:<10} USA {cells} USSR  {pos:+d}{extra}")


def cold_war_board(view: dict[str, Any]) -> Group:
    """The 2+2 board of the view."""
    pub = view["public"]
    cw = pub["cold_war"]
    c = load()
    sub = pub.get("sub_decade")
    head = Text(f"2+2 — decade {pub['decade']}" + (f", sub-decade {sub}" if sub and not pub["end_of_decade"] else ""),
                style="bold")
    adv = cw["arms_advantage"]
    lead = f"  advantage {adv['side'].upper()} level {adv['level']}" if adv else ""
    treasury = ", ".join(f"{k.upper()} {'-$' + str(-v) if v < 0 else '$' + str(v)}" for k, v in cw["treasury"].items())
    red = f"  (in the red: {', '.join(cw['in_the_red'])})" if cw["in_the_red"] else ""
    doves = "🕊" * cw["doves"] + "·" * (cw["doves_total"] - cw["doves"])
    reminders = [w for w, on in (("arms race +$1 per step", cw["reminders"]["arms_cost"]),
                                 ("Soviet build/LS value -1", cw["reminders"]["soviet_penalty"])) if on]
    peace = ", ".join(f"{seat} {len(cards)}" for seat, cards in cw["peacemakers"].items())
    parts: list[Any] = [
        head,
        _track("arms race", cw["arms_race"], c.arms.spaces, lead),
        _track("space", cw["space_race"], c.space.spaces),
        _track("dominance", cw["dominance"], c.dominance.spaces),
        Text(f"Treasuries: {treasury}{red}   Victory points: USA {cw['victory_points']['usa']}, "
             f"USSR {cw['victory_points']['ussr']}"),
        Text(f"Peace doves: {doves}" + (f"   RED BUTTON pressed by {cw['red_button']}" if cw["red_button"] else "")
             + f"   Peacemakers: {peace}"),
        Text(f"Arms-race deck {cw['arms_deck']['count']} (last {(cw['arms_deck']['last'] or '—').upper()})   "
             f"Conflict deck {cw['conflict_deck']['count']} (last {(cw['conflict_deck']['last'] or '—').upper()})   "
             f"2+2 cards waiting for B/C: {cw['prepared'][0]}/{cw['prepared'][1]}"
             + ("   Reminders: " + "; ".join(reminders) if reminders else ""), style="dim"),
        Text("Turn order: " + ", ".join(pub["turn_order"]) + (f"   active: {cw['active']}" if cw["active"] else "")),
    ]
    return Group(*parts)


def render(view: dict[str, Any]) -> Group:
    """The 2+2 board, then the base game's board with 2+2 card lines."""
    return Group(cold_war_board(view), base_render(view, card_line))
