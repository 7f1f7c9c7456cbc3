"""1815 on the terminal: the map as a schematic grid, the players, a battle being prepared.

Each land cell shows its name (★ capital, ▲ grey fortress, ■ built fortress, G general)
and below it the owner and the troops (``4i 1c 2a``: infantry, cavalry, artillery); a
neutral land shows its garrison, or ``·`` when empty.
The board reads only the view; the map positions come from the (public) map file.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from realpolitik.games.e1815.content import load

#: owner colours: in 2vs2 the two allies share a hue
COLOURS = ("red", "blue", "green", "yellow")
TEAM_COLOURS = ("red", "blue", "dark_orange", "cyan")


def _colour(seat: str | None, seats: list[str], teams: bool) -> str:
    if seat is None:
        return "grey50"
    return (TEAM_COLOURS if teams else COLOURS)[seats.index(seat) % 4]


def _troops(land: dict) -> str:
    parts = [f"{land[k]}{k[0]}" for k in ("inf", "cav", "art") if land[k]]
    return " ".join(parts) or "–"


def _cell(land: dict, seats: list[str], teams: bool) -> Text:
    marks = ""
    if land["capital_of"]:
        marks += "★"
    if land["fortress"] == "grey":
        marks += "▲"
    elif land["fortress"] == "built":
        marks += "■"
    if land["generals"]:
        marks += "G"
    colour = _colour(land["owner"], seats, teams)
    text = Text(land["name"][:14] + (" " + marks if marks else ""), style=f"bold {colour}")
    if land["owner"] is None:  # neutral: its garrison, or a dot when empty
        text.append("\n" + (_troops(land) if _troops(land) != "–" else "·"), style=colour)
    else:
        text.append("\n" + land["owner"] + " " + _troops(land), style=colour)
    return text


def render(view: dict[str, Any]) -> Group:
    """The table as ``view`` shows it."""
    pub = view["public"]
    seats = view["seats"]
    teams = pub["teams"] is not None
    board = load(pub["map"], pub.get("map_file", "")).board
    head = Text(f"{view['game']} — {board.name}{' (stand-in map)' if board.stand_in else ''} — "
                f"year {pub['year']}, {pub['season']}", style="bold")
    if pub["turn"] and pub["season"] in ("winter", "summer"):
        head.append(f" — {pub['turn']}'s {'half move' if pub['half_move'] else 'turn'}"
                    f" ({pub['actions_left']} action{'s' if pub['actions_left'] != 1 else ''} left)")
    if teams:
        head.append("\n" + "   ".join(" + ".join(t["seats"]) + f": {t['sp']} SP" for t in pub["teams"]))

    rows = 1 + max(land.pos[0] for land in board.lands)
    cols = 1 + max(land.pos[1] for land in board.lands)
    grid = Table(show_header=False, show_lines=True, padding=(0, 1))
    for _ in range(cols):
        grid.add_column(min_width=8, max_width=16)
    cells: list[list[Any]] = [[""] * cols for _ in range(rows)]
    for land in board.lands:
        cells[land.pos[0]][land.pos[1]] = _cell(pub["lands"][land.key], seats, teams)
    for row in cells:
        grid.add_row(*row)

    players = Table("seat", "team" if teams else "", "capital", "SP", "markers", "lands", "supply i/c/a",
                    "grey/build", "general", *(["loyalty", "crown demands"] if any(
                        p["loyalty"] is not None for p in pub["players"]) else []))
    for p in pub["players"]:
        capital = p["capital"] or "–"
        if p["capital"] and not p["holds_capital"]:
            capital += " (lost)"
        sup = p["supply"]
        row = [Text(p["seat"] + (f" ({p['power']})" if p["power"] else ""),
                    style=_colour(p["seat"], seats, teams) + (" bold" if p["seat"] == view["seat"] else "")),
               f"with {p['ally']}" if p["ally"] else "", capital, str(p["sp"]), str(p["markers"]), str(p["lands"]),
               f"{sup['inf']}/{sup['cav']}/{sup['art']}", f"{p['grey_fortresses']}/{p['fortresses_left']}",
               p["general"] or "supply"]
        if p["loyalty"] is not None:
            row += [str(p["loyalty"]), p["demand"] or "–"]
        players.add_row(*row)
    legend = Text("★ capital  ▲ grey fortress  ■ fortress  G general  i/c/a infantry/cavalry/artillery"
                  "  · empty neutral land", style="dim")
    parts: list[Any] = [head, grid, legend, players]
    battle = pub.get("battle")
    if battle:
        force = _troops(battle) + (" + general" if battle["general"] else "")
        spent = f", {battle['markers_spent']} markers spent" if battle["markers_spent"] else ""
        parts.append(Text(f"Battle: {battle['attacker']} attacks {battle['target']} "
                          f"({battle['defender'] or 'neutral'}) with {force}{spent}.", style="bold red"))
    if view["seat"] is not None:
        own = [land for land in board.lands if pub["lands"][land.key]["owner"] == view["seat"]]
        if own:
            lines = [f"{land.name}: " + ", ".join(board.lands[j].name for j in board.adj[board.index[land.key]])
                     for land in own]
            parts.append(Text("Your lands border\n  " + "\n  ".join(lines), style="dim"))
    return Group(*parts)
