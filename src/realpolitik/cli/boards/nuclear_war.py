"""Nuclear War on the terminal: every nation's row, war or peace, and your own cards."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from realpolitik.games.nuclear_war.content import load
from realpolitik.i18n import DEFAULT, listed, t, tn
from realpolitik.i18n import render as say

from . import titled

COLUMNS = (t("nation"), t("people"), t("cards"), t("deterrent force"), t("face-down row"), t("face up"))


def _name(key: str | None, lang: str) -> str:
    """A card by its printed name (German from the catalog)."""
    return "" if key is None else say(load().names[key], lang)


def _money(counts: dict[str, int]) -> str:
    """Population cards or the bank's by value: ``3×1M, 8×5M``."""
    return ", ".join(f"{n}×{v}M" for v, n in counts.items() if n)


def _head(view: dict[str, Any], lang: str) -> Text:
    """War or peace, whose turn, the draw pile and the bank."""
    pub = view["public"]
    war = pub["war"]
    state = Text(say(t("WAR") if war else t("peace (cold war)"), lang), style="bold red" if war else "bold green")
    counts = (t("turn: {seat}", seat=titled(view, pub["turn"])), t("draw pile: {count}", count=pub["draw_pile"]),
              t("bank: {money}", money=_money(pub["bank"])))
    return Text.assemble("Nuclear War — ", state, "   " + "   ".join(say(c, lang) for c in counts))


def _nation(view: dict[str, Any], p: dict[str, Any], lang: str) -> list[Any]:
    """One nation's row; your own with your people and your face-down cards."""
    mine = view.get("private")
    me = p["seat"] == view["seat"]
    people = f"{mine['population_total']} M" if me else \
        say(tn("{count} card", "{count} cards", "count", count=p["population_cards"]), lang)
    row = mine["face_down"] if me else [k or "▢" for k in p["face_down"]]
    face_up = _name(p["face_up"], lang)
    if p["face_up"] and p["payload"]:
        face_up += f" ({say(t('{count} MT left', count=p['payload']), lang)})"
    status = "" if p["alive"] else " ✝"
    skips = f" ({say(tn('loses {count} turn', 'loses {count} turns', 'count', count=p['skips']), lang)})" \
        if p["skips"] else ""
    return [
        Text(titled(view, p["seat"]) + status + skips, style="bold" if me else ""),
        people if p["alive"] else "—",
        str(p["hand"]),
        ", ".join(_name(k, lang) for k in p["deterrent"]),
        " | ".join(_name(k, lang) if k != "▢" else k for k in row),
        face_up,
    ]


def render(view: dict[str, Any], lang: str = DEFAULT) -> Group:
    """The table as ``view`` shows it, in ``lang``."""
    pub, mine = view["public"], view.get("private")
    table = Table(show_lines=False, expand=False)
    for col in COLUMNS:
        table.add_column(say(col, lang))
    for p in pub["players"]:
        table.add_row(*_nation(view, p, lang))
    parts: list[Any] = [_head(view, lang), table]
    if mine is not None:
        hand = listed(_name(k, lang) for k in mine["hand"]) if mine["hand"] else "—"
        people = t("Your people: {count} M ({cards})", count=mine["population_total"],
                   cards=_money(mine["population"])) if mine["population_total"] else t("Your people: none left")
        parts.append(Text(say(t("Your hand: {cards}", cards=hand), lang) + "\n" + say(people, lang)))
    return Group(*parts)
