"""Das Spiel der Nationen on the terminal: the eight circles of Kark, the seas, the powers.

Each state is a panel with its circle drawn as a ring of points (clockwise from the top:
0 … 7): ``◉`` the capital, ``?`` an incident field, ``→`` an arrow to a neighbour (listed
below the ring: ``3→uor7`` joins point 3 to U.O.R.'s point 7); on a point ``K1`` is p1's
king (K king, P president, D dictator, G guerrilla leader) and ``a2`` p2's agent; in the
middle the derricks. The panel title names the ruler, its footer the port and the
tankers in it. The seas show the tankers on the high sea; below, every power's
money, income, tankers and pieces in supply. Every word is a message in the reader's
language (Runde, Staatsoberhaupt, Geheimagent, Tanker, Bank); states as printed on the board.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from realpolitik.games.nationen.content import load
from realpolitik.games.nationen.words import LEADER_NAMES, point_words
from realpolitik.i18n import DEFAULT, listed, t, tn
from realpolitik.i18n import render as say

from . import titled

LETTER = {"king": "K", "president": "P", "dictator": "D", "guerrilla": "G"}
COLOURS = ("red", "blue", "green", "magenta")
RING = ((0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0), (0, 0))  # (row, column) of points 0..7
PORTS = {"north": t("port N"), "south": t("port S"), "canal": t("canal port"), None: t("inland")}
SEAS = {"north": t("north sea"), "south": t("south sea")}
COLUMNS = (t("power"), t("money"), t("income"), t("tankers"), t("supply K/P/D/G"), t("agent"), t("notes"))


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


def _state_panel(view: dict, board, s: int, lang: str) -> Panel:
    sd = board.states[s]
    data = view["public"]["states"][s]
    ring = Table.grid(padding=(0, 1))
    for _ in range(3):
        ring.add_column()
    cells = [[Text(""), Text(""), Text("")] for _ in range(3)]
    if sd.points == 8:
        for i, (row, col) in enumerate(RING):
            cells[row][col] = _point(view, board, sd, i, data["points"][i])
        cells[1][1] = Text(say(t("oil {n}", n=sd.derricks), lang), style="dim")
        for row in cells:
            ring.add_row(*row)
    else:
        for i, point in enumerate(data["points"]):
            ring.add_row(_point(view, board, sd, i, point))
    body = Group(ring, _exits(board, sd))
    ruler = data["ruler"]
    title = Text(sd.name + ("*" if sd.stand_in else ""), style="bold")
    if ruler:
        title.append(f"  {titled(view, ruler['seat'])} {say(LEADER_NAMES[ruler['kind']], lang)}",
                     style=_seat_style(view["seats"], ruler["seat"]))
    ships = ", ".join(f"{titled(view, seat)}×{n}" for seat, n in (data["port"] or {}).items())
    footer = say(PORTS[sd.port], lang) + (f": {ships}" if ships else "")
    return Panel(body, title=title, subtitle=footer, expand=True)


def _sea_panel(view: dict, sea: str, lang: str) -> Panel:
    ships = view["public"]["seas"].get(sea, {})
    body = ", ".join(f"{titled(view, seat)}×{n}" for seat, n in ships.items()) or "—"
    return Panel(Text(say(t("tankers: {ships}", ships=body), lang)), title=say(SEAS.get(sea, sea), lang),
                 border_style="blue", expand=True)


def _notes(p: dict, board, lang: str) -> str:
    """A power's loan, strike, nationalised oil and canal treaty."""
    notes = []
    if p["loan_installments"]:
        notes.append(t("loan {n}×{m} M", n=p["loan_installments"], m=p["loan_installment"]))
    if p["strike"]:
        notes.append(t("strike"))
    if p["nationalised"]:
        notes.append(t("{state} nationalised", state=board.states[board.state_index[p["nationalised"]]].name))
    if p["canal_treaty"]:
        notes.append(t("canal treaty"))
    return say(listed(notes), lang)


def _players(view: dict, content, lang: str) -> Table:
    pub = view["public"]
    table = Table(expand=False)
    for col in COLUMNS:
        table.add_column(say(col, lang))
    for p in pub["players"]:
        supply = "/".join(str(p["supply"][k]) for k in LETTER)
        me = p["seat"] == view["seat"]
        style = ("bold " if me else "") + _seat_style(view["seats"], p["seat"])
        name = Text(titled(view, p["seat"]) + ("" if p["alive"] else " ✝"), style=style)
        agent = say(point_words(SimpleNamespace(content=content), p["agent"]), lang) if p["agent"] else "—"
        table.add_row(name, f"{p['money']} M", f"{p['income']} M", str(p["tankers"]), supply, agent,
                      _notes(p, content.board, lang))
    return table


def _head(view: dict, lang: str) -> Text:
    """The round, whose turn, the deck and the bank."""
    pub = view["public"]
    if pub["round_limit"]:
        round_ = t("Das Spiel der Nationen, round {round} of {limit}", round=pub["round"], limit=pub["round_limit"])
    else:
        round_ = t("Das Spiel der Nationen, round {round}", round=pub["round"])
    bank = say(t("bank: {tankers}, {pipelines}", tankers=tn("{n} tanker", "{n} tankers", "n", n=pub["tanker_pool"]),
                 pipelines=tn("{n} pipeline", "{n} pipelines", "n", n=pub["pipeline_pool"])), lang) \
        + (f", {pub['bank']} M" if pub["bank"] is not None else "")
    deck = tn("deck {n} card ({never} never drawn)", "deck {n} cards ({never} never drawn)", "n",
              n=pub["deck"]["cards"], never=pub["deck"]["never_drawn"])
    turn = say(t("{seat}'s turn", seat=titled(view, pub["turn"])), lang)
    return Text.assemble((say(round_, lang), "bold"), " — " + turn + "   " + say(deck, lang) + "   " + bank)


def _grid(view: dict, board, lang: str) -> Table:
    """The states and seas as the board's layout places them."""
    grid = Table.grid(expand=True)
    layout = board.layout or tuple(tuple(board.keys[i:i + 4]) for i in range(0, len(board.keys), 4))
    for _ in range(max(len(row) for row in layout)):
        grid.add_column(ratio=1)
    for row in layout:
        cells = []
        for key in row:
            if key in board.state_index:
                cells.append(_state_panel(view, board, board.state_index[key], lang))
            elif key:
                cells.append(_sea_panel(view, key, lang))
            else:
                cells.append(Text(""))
        grid.add_row(*cells)
    return grid


def render(view: dict[str, Any], lang: str = DEFAULT) -> Group:
    """The board as ``view`` shows it, in ``lang``."""
    options = view.get("options", {})
    content = load(options.get("board", ""), options.get("cards", ""))
    board = content.board
    pub = view["public"]
    pipes = ", ".join(f"{board.states[board.state_index[a]].name}–{board.states[board.state_index[b]].name}"
                      for a, b in pub["pipelines"]) or "—"
    parts: list[Any] = [_head(view, lang), _grid(view, board, lang),
                        Text(say(t("Pipelines: {pipelines}", pipelines=pipes), lang))]
    if pub["last_card"]:
        card = content.cards[pub["last_card"]]
        words = t("Last incident card: {card} — {text}", card=t(card.name), text=t(card.text))
        parts.append(Text(say(words, lang), style="italic"))
    parts.append(_players(view, content, lang))
    legend = t("On the map: K, P, D, G and a number — the king, president, dictator or guerrilla leader of player n; "
               "a and a number — the agent of player n.")
    parts.append(Text(say(legend, lang), style="dim"))
    if board.stand_in:
        parts.append(Text(say(t("* invented name · stand-in board and cards"), lang), style="dim"))
    return Group(*parts)
