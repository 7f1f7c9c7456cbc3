"""Das Spiel der Nationen on the terminal: the eight circles of Kark, the seas, the powers.

Each state is a panel with its circle drawn as a ring of points (clockwise from the top:
0 … 7): ``◉`` the capital, ``?`` an incident field, ``→`` an arrow to a neighbour (listed
below the ring: ``3→uor7`` joins point 3 to U.O.R.'s point 7); on a point ``K1`` is p1's
king (K king, P president, D dictator, G guerrilla leader) and ``a2`` p2's agent; in the
middle the derricks. The panel title names the ruler, its footer the port and the
tankers in it. The seas show the tankers on the high sea; below, every power's
money, income, tankers and pieces in supply.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from realpolitik.games.nationen.content import load

LETTER = {"king": "K", "president": "P", "dictator": "D", "guerrilla": "G"}
COLOURS = ("red", "blue", "green", "magenta")
RING = ((0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0), (0, 0))  # (row, column) of points 0..7


def _seat_style(seats: list[str], label: str) -> str:
    return COLOURS[seats.index(label) % len(COLOURS)]


def _point(view: dict, board, sd, i: int, data: dict) -> Text:
    seats = view["seats"]
    p = board.point_id[f"{sd.key}-{i}"]
    mark = "◉" if i == sd.capital else "?" if i in sd.questions else "·"
    text = Text(f"{i}{mark}", style="bold red" if mark == "◉" else "yellow" if mark == "?" else "dim")
    leader = data["leader"]
    if leader:
        style = "bold " + _seat_style(seats, leader["seat"])
        text.append(f" {LETTER[leader['kind']]}{leader['seat'][1:]}", style=style)
    for agent in data["agents"]:
        text.append(f" a{agent[1:]}", style=_seat_style(seats, agent))
    if board.arrow[p] >= 0:
        text.append("→", style="cyan")
    return text


def _exits(board, sd) -> Text:
    base = board.point_id[f"{sd.key}-0"]
    arrows = [f"{i}→{board.point_name[board.arrow[base + i]].replace('-', '')}"
              for i in range(sd.points) if board.arrow[base + i] >= 0]
    return Text(" ".join(arrows), style="cyan")


def _state_panel(view: dict, board, s: int) -> Panel:
    sd = board.states[s]
    data = view["public"]["states"][s]
    ring = Table.grid(padding=(0, 1))
    for _ in range(3):
        ring.add_column()
    cells = [[Text(""), Text(""), Text("")] for _ in range(3)]
    if sd.points == 8:
        for i, (row, col) in enumerate(RING):
            cells[row][col] = _point(view, board, sd, i, data["points"][i])
        cells[1][1] = Text(f"oil {sd.derricks}", style="dim")
        for row in cells:
            ring.add_row(*row)
    else:
        for i, point in enumerate(data["points"]):
            ring.add_row(_point(view, board, sd, i, point))
    body = Group(ring, _exits(board, sd))
    ruler = data["ruler"]
    title = Text(sd.name + ("*" if sd.stand_in else ""), style="bold")
    if ruler:
        title.append(f"  {ruler['seat']} {ruler['kind']}", style=_seat_style(view["seats"], ruler["seat"]))
    where = {"north": "port N", "south": "port S", "canal": "canal port", None: "inland"}[sd.port]
    ships = ", ".join(f"{seat}×{n}" for seat, n in (data["port"] or {}).items())
    footer = f"{where}" + (f": {ships}" if ships else "")
    return Panel(body, title=title, subtitle=footer, expand=True)


def _sea_panel(view: dict, sea: str) -> Panel:
    ships = view["public"]["seas"].get(sea, {})
    body = ", ".join(f"{seat}×{n}" for seat, n in ships.items()) or "—"
    return Panel(Text(f"tankers: {body}"), title=f"{sea} sea", border_style="blue", expand=True)


def _players(view: dict) -> Table:
    pub = view["public"]
    table = Table(expand=False)
    for col in ("power", "money", "income", "tankers", "supply K/P/D/G", "agent", "notes"):
        table.add_column(col)
    for p in pub["players"]:
        notes = []
        if p["loan_installments"]:
            notes.append(f"loan {p['loan_installments']}×{p['loan_installment']} M")
        if p["strike"]:
            notes.append("strike")
        if p["nationalised"]:
            notes.append(f"{p['nationalised']} nationalised")
        if p["canal_treaty"]:
            notes.append("canal treaty")
        supply = "/".join(str(p["supply"][k]) for k in LETTER)
        me = p["seat"] == view["seat"]
        style = ("bold " if me else "") + _seat_style(view["seats"], p["seat"])
        name = Text(p["seat"] + ("" if p["alive"] else " ✝"), style=style)
        table.add_row(name, f"{p['money']} M", f"{p['income']} M", str(p["tankers"]), supply, p["agent"] or "—",
                      ", ".join(notes))
    return table


def render(view: dict[str, Any]) -> Group:
    """The board as ``view`` shows it."""
    options = view.get("options", {})
    board = load(options.get("board", ""), options.get("cards", "")).board
    pub = view["public"]
    limit = f" of {pub['round_limit']}" if pub["round_limit"] else ""
    head = Text.assemble(
        ("Das Spiel der Nationen", "bold"),
        f" — round {pub['round']}{limit}, {pub['turn']} to play   deck: {pub['deck']['cards']} cards "
        f"({pub['deck']['never_drawn']} never drawn)   bank: tankers {pub['tanker_pool']}, "
        f"pipelines {pub['pipeline_pool']}" + (f", {pub['bank']} M" if pub["bank"] is not None else ""),
    )
    grid = Table.grid(expand=True)
    layout = board.layout or tuple(tuple(board.keys[i:i + 4]) for i in range(0, len(board.keys), 4))
    for _ in range(max(len(row) for row in layout)):
        grid.add_column(ratio=1)
    for row in layout:
        cells = []
        for key in row:
            if key in board.state_index:
                cells.append(_state_panel(view, board, board.state_index[key]))
            elif key:
                cells.append(_sea_panel(view, key))
            else:
                cells.append(Text(""))
        grid.add_row(*cells)
    pipes = ", ".join(f"{board.states[board.state_index[a]].name}–{board.states[board.state_index[b]].name}"
                      for a, b in pub["pipelines"]) or "—"
    parts: list[Any] = [head, grid, Text(f"Pipelines: {pipes}")]
    if pub["last_card"]:
        card = load(options.get("board", ""), options.get("cards", "")).cards[pub["last_card"]]
        parts.append(Text(f"Last incident card: {card.name} — {card.text}", style="italic"))
    parts.append(_players(view))
    if board.stand_in:
        parts.append(Text("* invented name; the board of Kark is stand-in content (docs/games/nationen.md)",
                          style="dim"))
    return Group(*parts)
