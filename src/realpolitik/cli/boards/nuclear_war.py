"""Nuclear War on the terminal: every nation's row, war or peace, and your own cards."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from realpolitik.games.nuclear_war.content import load


def _name(key: str | None) -> str:
    return "" if key is None else load().cards[key].name


def render(view: dict[str, Any]) -> Group:
    """The table as ``view`` shows it."""
    pub, mine = view["public"], view.get("private")
    state = Text("WAR" if pub["war"] else "peace (cold war)", style="bold red" if pub["war"] else "bold green")
    head = Text.assemble("Nuclear War — ", state, f"   turn: {pub['turn']}   draw pile: {pub['draw_pile']}"
                         f"   bank: " + ", ".join(f"{n}×{v}M" for v, n in pub["bank"].items() if n))
    table = Table(show_lines=False, expand=False)
    for col in ("nation", "people", "cards", "deterrent force", "face-down row", "face up"):
        table.add_column(col)
    for p in pub["players"]:
        me = p["seat"] == view["seat"]
        people = f"{mine['population_total']} M" if me else f"{p['population_cards']} cards"
        row = mine["face_down"] if me else [k or "▢" for k in p["face_down"]]
        face_up = _name(p["face_up"]) + (f" ({p['payload']} MT left)" if p["face_up"] and p["payload"] else "")
        status = "" if p["alive"] else " ✝"
        skips = f" (loses {p['skips']} turn)" if p["skips"] else ""
        table.add_row(
            Text(p["seat"] + status + skips, style="bold" if me else ""),
            people if p["alive"] else "—",
            str(p["hand"]),
            ", ".join(_name(k) for k in p["deterrent"]),
            " | ".join(_name(k) if k != "▢" else k for k in row),
            face_up,
        )
    parts: list[Any] = [head, table]
    if mine is not None:
        hand = ", ".join(_name(k) for k in mine["hand"]) or "—"
        pop = ", ".join(f"{n}×{v}M" for v, n in mine["population"].items() if n)
        parts.append(Text(f"Your hand: {hand}\nYour people: {mine['population_total']} M ({pop})"))
    return Group(*parts)
