"""Team chat follows the game's table-talk option (``off`` / ``partners``): partners read
each other, opponents and spectators never. No registered game has teams yet, so a small
team game defined here is served by a real uvicorn on loopback, in this process."""

from __future__ import annotations

import socket
import threading
import time
from types import SimpleNamespace
from typing import Any

import pytest
import uvicorn

from realpolitik.engine import Game, Option, Outcome, Rng, State
from realpolitik.games import get
from realpolitik.server import Settings, create_app
from realpolitik.testing.load import allowance
from realpolitik.testing.server import Api, GameSocket, http_client


class SignalState(State):
    """Four players in two teams call or pass in turn; each holds a secret number."""

    __slots__ = ("calls", "secrets")

    @property
    def to_act(self) -> int | None:
        return None if self.calls >= 8 else self.ply % 4

    def _legal_actions(self) -> list[str]:
        return ["call", "pass"]

    def _apply(self, action: str) -> None:
        self.calls += 1
        self.log.say(f"{self.seats[(self.ply - 1) % 4]} says {action}.")

    def _copy_into(self, twin: SignalState) -> None:
        twin.calls, twin.secrets = self.calls, self.secrets[:]

    def public_view(self) -> dict[str, Any]:
        return {"calls": self.calls}

    def private_view(self, seat: int) -> dict[str, Any]:
        return {"secret": self.secrets[seat]}

    def describe_pending(self, seat: int | None) -> str:
        return "call or pass"

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        self.secrets = [s if i == seat else rng.below(100) for i, s in enumerate(self.secrets)]

    def snapshot(self) -> dict[str, Any]:
        return {"calls": self.calls, "secrets": self.secrets, "ply": self.ply}

    def outcome(self) -> Outcome | None:
        return None if self.calls < 8 else Outcome(places=(1, 2, 1, 2), winners=(0, 2), reason="team 1 called.")


class SignalGame(Game):
    id = "signal"
    title = "Signal (test)"
    min_players = max_players = 4
    options = (Option("table_talk", "off", "partners may talk", ("off", "partners")),)

    def teams(self, players: int) -> tuple[int, ...]:
        return (0, 1, 0, 1)

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> SignalState:
        st = SignalState.__new__(SignalState)
        st._init_base(self, players, options, seed)
        st.calls = 0
        st.secrets = [st.rng.below(100) for _ in range(players)]
        return st


@pytest.fixture(scope="module")
def team_server(tmp_path_factory):
    """The server app with the test game, on uvicorn in a thread (bots on a thread too)."""
    db = tmp_path_factory.mktemp("chat") / "games.db"
    settings = Settings(db=f"sqlite:///{db}", bot_delay=0.0, bot_workers=0)
    app = create_app(settings, games=[SignalGame(), get("nuclear-war")])
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    end = time.monotonic() + allowance(20)
    while not server.started and time.monotonic() < end:
        time.sleep(0.02)
    yield SimpleNamespace(url=f"http://127.0.0.1:{port}", ws_url=f"ws://127.0.0.1:{port}")
    server.should_exit = True
    thread.join(allowance(10))


@pytest.fixture
def table(team_server):
    """``table(talk)``: a full four-human game with that table-talk option; the four seats and a spectator."""
    opened: list[GameSocket] = []

    def open_table(talk: str):
        with Api(team_server) as api:
            game = api.create(["human"] * 4, game="signal", options={"table_talk": talk})
        seats = []
        for label in ("p1", "p2", "p3", "p4"):
            sock = GameSocket(team_server, game["id"])
            sock.hello(game["tokens"][label])
            seats.append(sock)
        watcher = GameSocket(team_server, game["id"])
        watcher.hello()
        opened.extend([*seats, watcher])
        return game, seats, watcher

    yield open_table
    for sock in opened:
        sock.close()


def chats(sock: GameSocket) -> list[str]:
    return [f"{line['from']}: {line['text']}" for m in sock.received if m["type"] == "chat" for line in m["lines"]]


def settle(sock: GameSocket) -> None:
    """Receive everything the server sent this connection so far (it answers a probe last)."""
    sock.act("probe", 10**6)
    sock.until(lambda m: m["type"] == "error" and m["code"] in ("stale", "spectator"))


def test_partners_read_each_other_and_nobody_else_does(table, team_server):
    game, (p1, p2, p3, p4), watcher = table("partners")
    assert p1.welcome["chat"] is True and p1.welcome["team"] == ["p1", "p3"]
    assert p2.welcome["team"] == ["p2", "p4"] and watcher.welcome["chat"] is False
    p1.send({"type": "chat", "text": "they hold \x07the big one"})
    p3.until(lambda m: m["type"] == "chat")
    p2.send({"type": "chat", "text": "bluff"})
    p4.until(lambda m: m["type"] == "chat")
    for sock in (p1, p2, p3, p4, watcher):
        settle(sock)
    assert chats(p1) == chats(p3) == ["p1: they hold the big one"]
    assert chats(p2) == chats(p4) == ["p2: bluff"]
    assert chats(watcher) == []
    later = GameSocket(team_server, game["id"])
    try:
        later.hello(game["tokens"]["p3"])
        settle(later)
        assert chats(later) == ["p1: they hold the big one"]  # the team's history on reconnect
    finally:
        later.close()


def test_table_talk_off_closes_the_chat(table):
    _, (p1, p2, _, _), _ = table("off")
    assert p1.welcome["chat"] is False
    p1.send({"type": "chat", "text": "hello partner", "channel": "team"})
    refusal = p1.until(lambda m: m["type"] == "error")
    assert refusal["code"] == "chat-off" and "Table talk is off" in refusal["message"]
    settle(p2)
    assert chats(p2) == []


def test_an_empty_message_is_refused(table):
    _, (p1, *_), _ = table("partners")
    p1.send({"type": "chat", "text": "\x00\x01  "})
    refusal = p1.until(lambda m: m["type"] == "error")
    assert refusal["code"] == "bad-message" and "empty" in refusal["message"]


def test_the_team_game_plays_to_its_end_and_each_seat_sees_only_its_secret(table, team_server):
    game, seats, watcher = table("partners")
    for step in range(8):
        actor = seats[step % 4]
        actor.wait_view(lambda m, step=step: m["seq"] == step and m["view"].get("pending"))
        actor.act("call")
    for i, sock in enumerate(seats):
        final = sock.wait_view(lambda m: m["view"].get("outcome"))
        assert final["view"]["private"].keys() == {"secret"}
        assert all(m["view"]["seat"] == f"p{i + 1}" for m in sock.views)
    with Api(team_server) as api:
        record = api.record(game["id"])
    truth = SignalGame().new_state(4, record.options, record.seed)
    for i, sock in enumerate(seats):
        assert {m["view"]["private"]["secret"] for m in sock.views} == {truth.secrets[i]}
    watcher.wait_view(lambda m: m["view"].get("outcome"))
    assert all(m["view"]["private"] is None for m in watcher.views)


def test_team_chat_in_the_browser(team_server, browser):
    from playwright.sync_api import expect

    with Api(team_server) as api:
        game = api.create(["human"] * 4, game="signal", options={"table_talk": "partners"})
    links = {i["seat"]: team_server.url + i["url"] for i in game["invites"]}
    contexts = []

    def new_page():
        ctx = browser.new_context()
        contexts.append(ctx)
        return ctx.new_page()

    try:
        pages = {}
        for label, name in (("p1", "Ann"), ("p2", "Bob"), ("p3", "Cleo"), ("p4", "Dan")):
            page = new_page()
            page.goto(links[label])
            page.fill("#join-name", name)
            page.click("#join-button")
            expect(page.locator("#chat")).to_be_visible()
            pages[label] = page
        watcher = new_page()
        watcher.goto(f"{team_server.url}/game/{game['id']}")
        expect(watcher.locator("#you")).to_have_text("watching")
        expect(pages["p1"].locator("#chat-team")).to_have_text("(partners: Player 1, Player 3)")
        pages["p1"].fill("#chat-text", "<b>hold</b> the line")
        pages["p1"].press("#chat-text", "Enter")
        hold = "Player 1 (Ann): (to partners) <b>hold</b> the line"
        expect(pages["p3"].locator("#chat-lines li")).to_have_text([hold])
        expect(pages["p1"].locator("#chat-lines li")).to_have_count(1)
        pages["p2"].fill("#chat-text", "they are bluffing")
        pages["p2"].click("#chat-form button")
        bluff = "Player 2 (Bob): (to partners) they are bluffing"
        expect(pages["p4"].locator("#chat-lines li")).to_have_text([bluff])
        expect(pages["p1"].locator("#chat-lines li")).to_have_count(1)
        assert pages["p2"].locator("#chat-lines li").all_inner_texts() == [bluff]
        assert "bluffing" not in watcher.content() and "the line" not in watcher.content()
        pages["p1"].select_option("#chat-channel", "table")
        pages["p1"].fill("#chat-text", "well played, all")
        pages["p1"].press("#chat-text", "Enter")
        for page in (pages["p2"], watcher):  # the table chat reaches opponents and spectators
            expect(page.locator("#chat-lines li").last).to_have_text("Player 1 (Ann): well played, all")
        assert "secret" in pages["p1"].inner_text("#board")  # the generic board shows the seat's own data
        assert "secret" not in watcher.inner_text("#board")
    finally:
        for ctx in contexts:
            ctx.close()


def test_a_replay_shows_the_table_and_spectators_chat_to_all_and_a_teams_only_to_its_accounts(team_server):

    ann = http_client(team_server.url)
    opened: list[GameSocket] = []
    try:
        answer = ann.post("/api/account/signup", json={"name": "Ann", "password": "correct horse battery"})
        assert answer.status_code == 201, answer.text
        with Api(team_server) as api:
            game = api.create(["human"] * 4, game="signal", options={"table_talk": "partners"})
        seats = []
        for label in ("p1", "p2", "p3", "p4"):
            headers = {"cookie": f"session={ann.cookies['session']}"} if label == "p1" else None
            sock = GameSocket(team_server, game["id"], headers=headers)
            sock.hello(game["tokens"][label])
            seats.append(sock)
        watcher = GameSocket(team_server, game["id"])
        watcher.hello(name="Kim")
        opened += [*seats, watcher]
        p1, p2 = seats[:2]
        for sock, message in ((p1, {"text": "our plan", "channel": "team"}), (p2, {"text": "their plan"}),
                              (p1, {"text": "good game", "channel": "table"}), (watcher, {"text": "nice"})):
            sock.send({"type": "chat", **message})
            sock.until(lambda m, said=message["text"]: m["type"] == "chat" and m["lines"][-1]["text"] == said)
        assert ann.get(f"/api/games/{game['id']}/chat").json()["code"] == "not-finished"
        for step in range(8):
            actor = seats[step % 4]
            actor.wait_view(lambda m, step=step: m["seq"] == step and m["view"].get("pending"))
            actor.act("call")
        seats[0].wait_view(lambda m: m["status"] == "finished")

        def texts(client) -> list[str]:
            return [line["text"] for line in client.get(f"/api/games/{game['id']}/chat").json()["lines"]]

        with http_client(team_server.url) as anybody:
            assert texts(anybody) == ["good game", "nice"]
        assert texts(ann) == ["our plan", "good game", "nice"]  # Ann held p1: her team's talk, not the other's
    finally:
        for sock in opened:
            sock.close()
        ann.close()
