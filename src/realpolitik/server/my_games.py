"""The games a player plays, as the lobby shows them first and the account page lists them.

An account's games come from the seats bound to it (:meth:`.store.Store.seats_of`), with who
sits at each (people by name, bots by kind: the page names them by level), the game's tournament
if it has one, whose turn it is and, once over, the account's place. A guest has no account:
its browser keeps the seat tokens it plays with and asks for those games' lobby entries by id
(``GET /api/entries``) — public facts, the same as ``GET /api/games/{id}`` answers. Routes:
docs/web.md.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from . import accounts, lessons, social
from .api import _hall, guarded
from .protocol import BadRequest
from .store import Store, seats
from .table import seat_titles
from .tokens import GAME_ID
from .tournaments.store import tournament_boards, tournaments

if TYPE_CHECKING:
    from realpolitik.engine import Game

    from .roster import Roster

#: how many games "my games" lists, and open games beside them
MY_GAMES, OPEN_GAMES = 200, 20
#: how many games a guest's browser may ask for at once (it keeps the tokens of its last 50 seats)
KEPT = 50


def around(store: Store, game_ids: list[str]) -> tuple[dict[str, list[dict[str, Any]]], dict[str, dict[str, Any]]]:
    """Who sits at each of these games (seat, kind, name, in seat order), and the tournament of
    those that belong to one (``id``, ``name``). Blocking: run through :meth:`Store.in_thread`."""
    b, c = tournament_boards.c, tournaments.c
    with store.engine.connect() as conn:
        rows = conn.execute(select(seats.c.game_id, seats.c.seat, seats.c.kind, seats.c.name, seats.c.joined)
                            .where(seats.c.game_id.in_(game_ids)).order_by(seats.c.game_id, seats.c.seat)).all()
        found = conn.execute(select(b.game_id, c.id, c.name).join(tournaments, c.id == b.tournament_id)
                             .where(b.game_id.in_(game_ids))).all()
    sitting: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for game_id, seat, kind, name, joined in rows:
        sitting[game_id].append({"seat": seat, "kind": kind, "name": name, "joined": joined})
    return sitting, {game_id: {"id": number, "name": name} for game_id, number, name in found}


def listed(registered: dict[str, Game], roster: Roster, rows: list[dict[str, Any]],
           sitting: dict[str, list[dict[str, Any]]], cups: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """An account's games from its stored seats with what ``roster`` knows of the live ones: title,
    its seats, every seat's title, kind and name (``players``), whose turn, last move, status,
    outcome and its place, the tournament, the link to play. The games where it is the account's
    turn come first, then the others, then finished ones; the latest move first within each."""
    games: dict[str, dict[str, Any]] = {}
    moments: dict[str, float] = {}
    labels: dict[str, tuple[str, ...]] = {}
    for row in rows:
        game = registered.get(row["game"])
        if game is None or not game.min_players <= row["seat_count"] <= game.max_players:
            continue
        entry = games.get(row["id"])
        if entry is None:
            live = roster.entry(row["id"]) if row["status"] != "finished" else None
            result = row["result"] or {}
            last = row["last_move"]
            titles = seat_titles(game, row["seat_count"])
            labels[row["id"]] = tuple(game.seat_labels(row["seat_count"]))
            entry = games[row["id"]] = {
                "id": row["id"], "game": game.id, "title": game.title,
                "status": live["status"] if live else row["status"], "seats": [],
                "to_act": live["to_act"] if live else None,
                "ply": live["ply"] if live else result.get("plies"),
                "last_move": last.isoformat() if last else None, "created": row["created"].isoformat(),
                "outcome": result.get("outcome") if row["status"] == "finished" else None,
                "titles": dict(zip(labels[row["id"]], titles, strict=True)),
                "players": [{"seat": labels[row["id"]][p["seat"]], "title": titles[p["seat"]],
                             "kind": lessons.spec_of(p["kind"]), "name": p["name"], "joined": p["joined"]}
                            for p in sitting.get(row["id"], [])],
                "tournament": cups.get(row["id"]),
                "place": row["place"], "won": row["won"],
            }
            moments[row["id"]] = (last or row["created"]).timestamp()
        entry["seats"].append(labels[row["id"]][row["seat"]])
    for entry in games.values():
        entry["seats"].sort(key=labels[entry["id"]].index)
        entry["my_turn"] = entry["status"] == "running" and entry["to_act"] in entry["seats"]
        entry["seat"] = entry["to_act"] if entry["my_turn"] else entry["seats"][0]
        entry["url"] = f"/game/{entry['id']}#seat={entry['seat']}"

    def order(entry: dict[str, Any]) -> tuple[int, float]:  # my turn, then the others, then finished; newest first
        group = 0 if entry["my_turn"] else 1 if entry["status"] != "finished" else 2
        return group, -moments[entry["id"]]

    return sorted(games.values(), key=order)


def open_games(entries: list[dict[str, Any]], mine: set[str]) -> list[dict[str, Any]]:
    """Open games among the lobby's ``entries`` with a free seat, newest first, that the account does not play in."""
    out = []
    for entry in sorted(entries, key=lambda e: e["created"], reverse=True):
        free = [p["seat"] for p in entry["players"] if p["kind"] == "human" and not p["joined"]]
        if entry["status"] == "open" and entry["lobby_join"] and free and entry["id"] not in mine:
            out.append({"id": entry["id"], "game": entry["game"], "title": entry["title"], "free": free,
                        "players": entry["players"], "created": entry["created"], "url": f"/game/{entry['id']}"})
    return out[:OPEN_GAMES]


@guarded
async def account_games(request: Request) -> Response:
    """GET /api/account/games — the games of the account's seats (its turn first), and open games
    with a free seat."""
    session = await accounts.signed_in(request)
    hall = _hall(request)
    rows = await hall.store.in_thread(hall.store.seats_of, session.user.id, MY_GAMES)
    sitting, cups = await hall.store.in_thread(around, hall.store, sorted({r["id"] for r in rows}))
    mine = listed(hall.games, hall.roster, rows, sitting, cups)
    # a blocker's game has no free seat
    seen = await social.lobby_seen_by(hall.social, session.user.id, hall.roster.entries())
    return JSONResponse({"games": mine, "open": open_games(seen, {g["id"] for g in mine})},
                        headers=accounts.NO_STORE)


@guarded
async def entries(request: Request) -> Response:
    """GET /api/entries?ids=ID,ID — the lobby entries of these unfinished games (a guest's browser
    asks for those it keeps seat tokens of); unknown and finished ones are left out."""
    ids = [i for i in request.query_params.get("ids", "").split(",") if i]
    if len(ids) > KEPT or not all(GAME_ID.match(i) for i in ids):
        raise BadRequest(f"ids: at most {KEPT} game ids, separated by commas")
    hall = _hall(request)
    found = [entry for i in dict.fromkeys(ids) if (entry := hall.roster.entry(i)) is not None]
    return JSONResponse({"games": await social.lobby_seen_by(hall.social, await accounts.account_of(request), found)},
                        headers=accounts.NO_STORE)


routes = [
    Route("/api/account/games", account_games, methods=["GET"]),
    Route("/api/entries", entries, methods=["GET"]),
]
