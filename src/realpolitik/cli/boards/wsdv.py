"""Wir sind das Volk! on the terminal: both states' provinces, the tracks, the display and your hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from realpolitik.games.wsdv.content import Card, load

COLOUR_STYLE = {"west": "yellow", "east": "red", "dual": "magenta", "special": "bold red"}
ARROW_NAMES = (("prestige", "P"), ("currency", "$"), ("socialism", "S"))


def card_line(key: str) -> Text:
    """One card: number, title, colour, value, event icons, arrows and extras."""
    card: Card = load().cards[key]
    text = Text(f"{key.upper():>7} ", style="bold")
    text.append(card.title, style=COLOUR_STYLE[card.colour])
    if card.value is not None:
        value = f"{card.value[0]}/{card.value[1]}" if isinstance(card.value, tuple) else str(card.value)
        text.append(f"  value {value}")
    icons = [i.slug + (f"×{i.count}" if i.count > 1 else "") for i in card.icons]
    arrows = [f"{mark}{getattr(card.arrows, name):+d}" for name, mark in ARROW_NAMES if getattr(card.arrows, name)]
    if icons or arrows:
        text.append("  event: " + ", ".join(icons + arrows), style="dim")
    if card.flight:
        text.append(f"  flight×{card.flight}", style="cyan")
    if card.police:
        text.append(f"  {card.police} police", style="cyan")
    return text


def _track(label: str, pos: int) -> Text:
    cells = "".join("●" if i == pos else ("|" if i == 0 else "·") for i in range(-6, 7))
    return Text(f"{label:<10} W {cells} E  {pos:+d}")


def _provinces(pub: dict, side: str) -> Table:
    table = Table(title="West Germany" if side == "west" else "East Germany", title_style=COLOUR_STYLE[side],
                  show_edge=False, pad_edge=False)
    for col in ("province", "unrest", "MP", "LS", "eco", "exp", "factories"):
        table.add_column(col, justify="left" if col in ("province", "factories") else "right")
    factories = pub["factories"]
    content = load()
    for p in pub["provinces"]:
        if p["side"] != side:
            continue
        sites = []
        for city in content.cities:
            province = pub["hamburg"] if city.kind == "hamburg" else city.province
            if province == p["key"] and city.key in factories:
                f = factories[city.key]
                sites.append(f"{city.name} {f['value']}" + ("r" if f["rundown"] else ""))
        mp = "✊" * p["mass_protests"]
        extra = f" +{p['socialists']}soc" if p["socialists"] else ""
        table.add_row(p["name"], str(p["unrest"]), Text(mp, style="bold red"), str(p["ls"]), str(p["economy"]),
                      str(p["export"]), ", ".join(sites) + extra)
    return table


def render(view: dict[str, Any], card: Callable[[str], Text] = card_line) -> Group:
    """The game as ``view`` shows it (``card`` draws one card; 2+2 brings its own)."""
    pub, mine = view["public"], view.get("private")
    phase = (f"end of decade, phase {pub['end_of_decade']}: {pub['phase'].replace('_', ' ')}"
             if pub["end_of_decade"] else f"sub-decade {pub['half']}")
    head = Text(f"Wir sind das Volk! — decade {pub['decade']}, {phase}", style="bold")
    tracks = [_track("prestige", pub["tracks"]["prestige"]), _track("currency", pub["tracks"]["currency"]),
              _track("socialism", pub["tracks"]["socialism"]),
              Text(f"{'flight':<10} {pub['tracks']['flight'] / 2:g} (last end of decade)")]
    wb = pub["west_berlin"]
    status = Text(
        f"Mass protests: West {pub['mass_protests']['west']}, East {pub['mass_protests']['east']}   "
        f"Socialists: box {pub['socialist_box']}, supply {pub['socialist_supply']}   "
        f"Police cards: {', '.join(pub['police']['cards']) or '—'} (used {pub['police']['used']})   "
        f"Wall: {'standing' if pub['wall'] else 'no'}" + ("   Stasi disbanded" if pub["stasi_disbanded"] else "")
        + f"\nHamburg counts for {pub['hamburg'].upper()}   West Berlin sectors: "
        + ", ".join(f"{k} {v}" for k, v in wb["sectors"].items())
        + (f" (supplied by {', '.join(x.upper() for x in wb['delivered_by'])})" if wb["delivered_by"] else "")
        + ("   supplier protests: " + ", ".join(f"{k.upper()} {v}" for k, v in wb["supplier_protests"].items())
           if wb["supplier_protests"] else ""))
    lines = Text("Infrastructure: " + (", ".join(pub["infrastructure"]) or "—"), style="dim")
    parts: list[Any] = [head, *tracks, status, _provinces(pub, "west"), _provinces(pub, "east"), lines]
    parts.append(Text("Display:", style="bold"))
    parts += [card(k) for k in pub["display"]]
    if pub["special"]:
        parts.append(card(pub["special"]))
    hands = ", ".join(f"{seat} {len(decades)}" for seat, decades in pub["hands"].items())
    played = ", ".join(k.upper() for k in pub["played"]) or "—"
    parts.append(Text(f"Hand cards: {hands}   Draw deck: {pub['deck']}   Played this decade: {played}", style="dim"))
    if mine is not None:
        parts.append(Text(f"Your hand ({view['seat']}):", style="bold"))
        parts += [card(k) for k in mine["hand"]] or [Text("  —")]
        if mine["known"]:
            parts.append(Text("You know the opponent holds: " + ", ".join(k.upper() for k in mine["known"])))
        if mine["deck_top"]:
            parts.append(Text("Top of the draw deck: " + ", ".join(k.upper() for k in mine["deck_top"])))
    return Group(*parts)
