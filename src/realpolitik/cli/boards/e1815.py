"""1815 on the terminal: the map as a schematic grid, the players, a battle being prepared.

Each land cell shows its name (★ capital, ▲ grey fortress, ■ built fortress, G general)
and below it the owner and the troops (``4i 1c 2a``: infantry, cavalry, artillery; in
German ``4I 1K 2A``); a neutral land shows its garrison, or ``·`` when empty.
The board reads only the view; the map positions come from the (public) map file.
Every word is a message in the reader's language (Jahr, Festung, Verstärkung, SP-Verteilung);
lands and powers are named as printed on the map.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from realpolitik.games.e1815.content import Board, load
from realpolitik.i18n import DEFAULT, listed, t, tn
from realpolitik.i18n import Text as Message
from realpolitik.i18n import render as say

from . import titled

#: owner colours: in 2vs2 the two allies share a hue
COLOURS = ("red", "blue", "green", "yellow")
TEAM_COLOURS = ("red", "blue", "dark_orange", "cyan")
KINDS = ("inf", "cav", "art")
#: troops in a cell, by kind: a number and the kind's letter
MARKS = {"inf": t("{n}i"), "cav": t("{n}c"), "art": t("{n}a")}
#: unit kinds in full
KIND_NAMES = {"inf": t("infantry"), "cav": t("cavalry"), "art": t("artillery")}
SEASONS = {"start": t("start phase"), "winter": t("winter"), "summer": t("summer"),
           "reinforcement": t("reinforcements"), "scoring": t("SP distribution")}
LEGEND = t("★ capital  ▲ grey fortress  ■ fortress  G general  i/c/a infantry/cavalry/artillery  · empty neutral land")


def _colour(seat: str | None, seats: list[str], teams: bool) -> str:
    if seat is None:
        return "grey50"
    return (TEAM_COLOURS if teams else COLOURS)[seats.index(seat) % 4]


def _troops(land: dict, lang: str) -> str:
    parts = [say(t(MARKS[k].key, n=land[k]), lang) for k in KINDS if land[k]]
    return " ".join(parts) or "–"


def _cell(view: dict, land: dict, teams: bool, lang: str) -> Text:
    marks = ""
    if land["capital_of"]:
        marks += "★"
    if land["fortress"] == "grey":
        marks += "▲"
    elif land["fortress"] == "built":
        marks += "■"
    if land["generals"]:
        marks += "G"
    colour = _colour(land["owner"], view["seats"], teams)
    text = Text(land["name"][:14] + (" " + marks if marks else ""), style=f"bold {colour}")
    troops = _troops(land, lang)
    if land["owner"] is None:  # neutral: its garrison, or a dot when empty
        text.append("\n" + (troops if troops != "–" else "·"), style=colour)
    else:
        text.append("\n" + titled(view, land["owner"]) + "\n" + troops, style=colour)
    return text


def _land(board: Board, key: str) -> str:
    return board.lands[board.index[key]].name


def _head(view: dict[str, Any], board: Board, lang: str) -> Text:
    """The game, the map, the year and season, whose turn; in 2vs2 the teams' SP."""
    pub = view["public"]
    if not pub["year"]:
        year = t("before the first year")
    elif pub["max_years"]:
        year = t("year {year} of {last}", year=pub["year"], last=pub["max_years"])
    else:
        year = t("year {year}", year=pub["year"])
    stand_in = " " + say(t("(stand-in map)"), lang) if board.stand_in else ""
    season = say(SEASONS.get(pub["season"], pub["season"]), lang)
    head = Text(f"{view['game']} — {board.name}{stand_in} — {say(year, lang)}, {season}", style="bold")
    if pub["turn"] and pub["season"] in ("winter", "summer"):
        seat, n = titled(view, pub["turn"]), pub["actions_left"]
        turn = tn("{seat}'s half move, {n} action left", "{seat}'s half move, {n} actions left", "n", seat=seat, n=n) \
            if pub["half_move"] else tn("{seat}'s turn, {n} action left", "{seat}'s turn, {n} actions left", "n",
                                        seat=seat, n=n)
        head.append(" — " + say(turn, lang))
    if pub["teams"] is not None:
        teams = (" + ".join(titled(view, s) for s in team["seats"]) + f": {team['sp']} SP" for team in pub["teams"])
        head.append("\n" + "   ".join(teams))
    return head


def _grid(view: dict[str, Any], board: Board, lang: str) -> Table:
    pub = view["public"]
    teams = pub["teams"] is not None
    rows = 1 + max(land.pos[0] for land in board.lands)
    cols = 1 + max(land.pos[1] for land in board.lands)
    grid = Table(show_header=False, show_lines=True, padding=(0, 1))
    for _ in range(cols):
        grid.add_column(min_width=8, max_width=16)
    cells: list[list[Any]] = [[""] * cols for _ in range(rows)]
    for land in board.lands:
        cells[land.pos[0]][land.pos[1]] = _cell(view, pub["lands"][land.key], teams, lang)
    for row in cells:
        grid.add_row(*row)
    return grid


def _demand(board: Board, key: str | None) -> Message | str:
    """The crown's demand in short words (1715): conquer a territory, a capital's EP, lands."""
    demand = next((d for d in board.demands if d.key == key), None)
    if demand is None:
        return "–"
    if demand.kind == "conquer":
        territory = board.territories[board.territory_index[demand.territory]].name
        return t("conquer {territory}", territory=territory)
    if demand.kind == "hold-capital":
        return t("capital with {n} EP", n=demand.amount)
    return tn("{n} land", "{n} lands", "n", n=demand.amount)


def _players(view: dict[str, Any], board: Board, lang: str) -> Table:
    """Every player: power, ally, capital, SP, markers, lands, supply, fortresses, general (and loyalty)."""
    pub = view["public"]
    seats = view["seats"]
    teams = pub["teams"] is not None
    loyalty = any(p["loyalty"] is not None for p in pub["players"])
    heads = [t("seat"), t("ally") if teams else "", t("capital"), "SP", t("markers"), t("lands"), t("supply i/c/a"),
             t("grey/left"), t("general")] + ([t("loyalty"), t("crown demands")] if loyalty else [])
    players = Table(*(say(h, lang) for h in heads))
    powers = {p.key: p.name for p in board.powers}
    for p in pub["players"]:
        capital = _land(board, p["capital"]) if p["capital"] else "–"
        if p["capital"] and not p["holds_capital"]:
            capital += " " + say(t("(lost)"), lang)
        sup = p["supply"]
        row = [Text(titled(view, p["seat"]) + (f" ({powers.get(p['power'], p['power'])})" if p["power"] else ""),
                    style=_colour(p["seat"], seats, teams) + (" bold" if p["seat"] == view["seat"] else "")),
               titled(view, p["ally"]), capital, str(p["sp"]), str(p["markers"]), str(p["lands"]),
               f"{sup['inf']}/{sup['cav']}/{sup['art']}", f"{p['grey_fortresses']}/{p['fortresses_left']}",
               _land(board, p["general"]) if p["general"] else say(t("in supply"), lang)]
        if p["loyalty"] is not None:
            row += [str(p["loyalty"]), say(_demand(board, p["demand"]), lang)]
        players.add_row(*row)
    return players


def _battle(view: dict[str, Any], battle: dict[str, Any], board: Board, lang: str) -> Text:
    """A battle being prepared: who attacks which land with what."""
    force = [t("{number} {kind}", number=battle[k], kind=KIND_NAMES[k]) for k in KINDS if battle[k]]
    force += [t("the general")] if battle["general"] else []
    who = {"seat": titled(view, battle["attacker"]), "land": _land(board, battle["target"]),
           "defender": titled(view, battle["defender"]) or t("neutral")}
    words = t("Battle: {seat} attacks {land} ({defender}) with {force}", **who, force=listed(force)) if force \
        else t("Battle: {seat} attacks {land} ({defender}); no troops committed yet", **who)
    spent = tn("{n} success marker spent", "{n} success markers spent", "n", n=battle["markers_spent"]) \
        if battle["markers_spent"] else None
    return Text(say(words, lang) + (" · " + say(spent, lang) if spent else ""), style="bold red")


def _borders(view: dict[str, Any], board: Board, lang: str) -> Text | None:
    """Your lands and the lands next to each."""
    own = [land for land in board.lands if view["public"]["lands"][land.key]["owner"] == view["seat"]]
    if not own:
        return None
    lines = [f"{land.name}: " + ", ".join(board.lands[j].name for j in board.adj[board.index[land.key]])
             for land in own]
    return Text(say(t("Your lands and their neighbours:"), lang) + "\n  " + "\n  ".join(lines), style="dim")


def render(view: dict[str, Any], lang: str = DEFAULT) -> Group:
    """The table as ``view`` shows it, in ``lang``."""
    pub = view["public"]
    board = load(pub["map"], pub.get("map_file", "")).board
    parts: list[Any] = [_head(view, board, lang), _grid(view, board, lang), Text(say(LEGEND, lang), style="dim"),
                        _players(view, board, lang)]
    if pub.get("battle"):
        parts.append(_battle(view, pub["battle"], board, lang))
    if view["seat"] is not None:
        parts.append(_borders(view, board, lang))
    return Group(*(part for part in parts if part is not None))
