"""Seeded positions of every game shown on the real pages, without playing them on a server.

``positions(game, players, seed, count)`` plays a seeded game with random legal actions and keeps
``count`` states, spread over the game, where the first seat decides. ``Stage`` opens the game page
of a real game of the same title on a Playwright page and answers its WebSocket itself: the
``welcome`` and ``view`` messages a server would send (``server/play.py``, ``Audience.view_message``),
each view the engine's own ``state.view(seat, log_from=0, lang=…)``. Any position is then one
message away — layout tests and ``tools/screenshot.py`` see many positions of every game in seconds.
``Replay`` opens the replay page of such a game played to its end, its steps made by the server's
own ``Replays``.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from realpolitik.bots.levels import levels
from realpolitik.engine import Record, Rng, State
from realpolitik.games import get
from realpolitik.i18n import LANGUAGES, negotiate, render
from realpolitik.server.replay import Replays

if TYPE_CHECKING:
    from playwright.sync_api import Page, WebSocketRoute

    from .server import Api, ServerProcess

#: players per game in the layout tests and screenshots: the most seats a table shows
PLAYERS = {"nuclear-war": 4, "wsdv": 2, "wsdv-2p2": 4, "nationen": 4, "e1815": 4, "e1815-2vs2": 4}
#: who sits at the other seats: a person with a long name, a bot by level, a bot by kind
NAMES = ("Anna", "Karl-Theodor Brandt", "Mia")


def played(game_id: str, players: int, seed: int) -> Record:
    """The record of a seeded game played to its end with random legal actions."""
    state = get(game_id).new_state(players, {}, seed)
    record = Record.start(state, seed, ["random"] * players)
    rng = Rng(seed)
    while not state.is_over() and state.ply < 3000:
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        state.apply(action)
        record.actions.append(action)
    record.finish(state)
    return record


def positions(game_id: str, players: int, seed: int, count: int, seat: int = 0) -> list[State]:
    """``count`` states of a seeded game played with random legal actions where ``seat`` decides:
    its first decision, then decisions spread evenly over the rest of the game."""
    state = get(game_id).new_state(players, {}, seed)
    rng = Rng(seed)
    mine: list[State] = []
    while not state.is_over() and state.ply < 3000:
        if state.to_act == seat:
            mine.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    if len(mine) <= count:
        return mine
    step = (len(mine) - 1) / (count - 1) if count > 1 else 0
    return [mine[round(i * step)] for i in range(count)]


def players_of(game_id: str, players: int) -> list[dict[str, Any]]:
    """The ``players`` of a view message: the first seat a person (Anna), then a bot of the
    game's middle level, a person with a long name, a bot by kind, … (as ``Stage.players``)."""
    game = get(game_id)
    labels = game.seat_labels(players)
    titles = [{lang: render(title, lang) for lang in LANGUAGES} for title in game.seat_titles(players)]
    found = levels(game_id, players)
    kinds = ["human", found[1].spec if found else "heuristic", "human", "heuristic", "random", "human"]
    names = iter(NAMES)
    out = []
    for i, label in enumerate(labels):
        kind = kinds[i % len(kinds)]
        name = next(names, f"Gast {i}") if kind == "human" else ""
        out.append({"seat": label, "title": titles[i], "kind": kind, "name": name, "joined": True,
                    "online": True, "away": None, "back": None, "timeouts": 0})
    return out


def view_message(state: State, seat: int | None, lang: str, players: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``view`` message a server sends ``seat`` for ``state`` with the whole log."""
    return json.loads(json.dumps({
        "type": "view", "seq": state.ply, "status": "finished" if state.is_over() else "running",
        "players": players, "view": state.view(seat, log_from=0, lang=lang), "undo": False, "clock": None,
        "rematch": None}))


class Stage:
    """The game page of a real game (its title and seats) whose WebSocket this object answers."""

    def __init__(self, server: ServerProcess, api: Api, game_id: str, players: int) -> None:
        self.game = get(game_id)
        self.players = players_of(game_id, players)
        human = [p["kind"] for p in self.players]
        created = api.create(human, game=game_id) if "human" in human else None
        self.id = created["id"] if created else ""
        self.url = f"{server.url}/game/{self.id}#seat={self.players[0]['seat']}"
        self.route: WebSocketRoute | None = None
        self.lang = "en"
        self.first: dict[str, Any] | None = None

    def open(self, page: Page, state: State, seat: int = 0) -> None:
        """Open the game page on ``page`` as ``seat`` and show it ``state``."""
        labels = list(self.game.seat_labels(len(self.players)))

        def answer(message: str | bytes) -> None:
            hello = json.loads(message)
            if hello.get("type") != "hello":
                return
            self.lang = hello.get("lang") or "en"
            self.route.send(json.dumps({
                "type": "welcome", "id": self.id, "game": self.game.id, "title": self.game.title, "you": labels[seat],
                "seats": labels, "options": {}, "chat": False, "team": None,
                "humans": [p["seat"] for p in self.players if p["kind"] == "human"]}))
            self.route.send(json.dumps(view_message(self.first, seat, self.lang, self.players)))

        def route(ws: WebSocketRoute) -> None:
            self.route = ws
            ws.on_message(answer)

        self.first = state
        page.route_web_socket(re.compile(r".*/ws/.*"), route)
        # the page holds the seat only in the views sent here, not for the server: its notepad is an empty one
        page.route(re.compile(r".*/api/games/[^/]+/notes(\?.*)?$"),  # the page names its language
                   lambda r: r.fulfill(json={"seat": labels[seat], "text": "", "shown": False}))
        page.goto(self.url)
        page.wait_for_function(f"() => document.body.dataset.seq === '{state.ply}'")

    def show(self, page: Page, state: State, seat: int = 0) -> None:
        """Send the page ``state`` as the next view, and wait until the page shows it."""
        self.route.send(json.dumps(view_message(state, seat, self.lang, self.players)))
        page.wait_for_function(f"() => document.body.dataset.seq === '{state.ply}'")


class Replay:
    """The replay page of a real game (its title and seats) showing a seeded finished game: the
    page's requests for steps are answered here by the server's own ``Replays``."""

    def __init__(self, server: ServerProcess, api: Api, game_id: str, players: int, seed: int) -> None:
        self.table = Stage(server, api, game_id, players)
        self.record = played(game_id, players, seed)
        self.replays = Replays(get)
        self.total = len(self.record.actions)
        self.server = server

    def open(self, page: Page, ply: int, seat: str | None = None) -> None:
        """Open the replay at ``ply`` as ``seat`` saw it (None: a spectator)."""
        labels = list(self.table.game.seat_labels(len(self.table.players)))

        def step(route) -> None:
            query = dict(part.split("=", 1) for part in route.request.url.split("?", 1)[1].split("&") if "=" in part)
            lang = negotiate(route.request.headers.get("accept-language"))
            who = labels.index(query["seat"]) if query.get("seat") else None
            body = self.replays.step(self.table.id, self.record, who, int(query.get("ply", "0")), lang)
            body = {**body, "id": self.table.id, "game": self.table.game.id, "title": self.table.game.title,
                    "seats": labels, "players": self.table.players}
            route.fulfill(status=200, content_type="application/json", body=json.dumps(body, default=str))

        page.route(re.compile(r".*/api/games/[^/]+/replay\?.*"), step)
        page.route(re.compile(r".*/api/games/[^/]+/chat(\?.*)?$"),
                   lambda route: route.fulfill(status=200, content_type="application/json", body='{"lines": []}'))
        where = f"?ply={ply}" + (f"&seat={seat}" if seat else "")
        page.goto(f"{self.server.url}/replay/{self.table.id}{where}")
        page.wait_for_function(f"() => document.getElementById('total').textContent === '{self.total}' "
                               f"&& new URL(location.href).searchParams.get('ply') === '{ply}'")
