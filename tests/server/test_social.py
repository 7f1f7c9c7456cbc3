"""Friends, blocks, private messages and reports against a real server (issue 59): a friend
is invited to a new game's seat in one step (friendship itself: test_friends.py), a block keeps
the blocked account out of the blocker's open games, chat and inbox — answering exactly as
an ordinary refusal does, so a block never shows —, messages come in pages and within their
limit, and a report reaches the operators' queue, whose every action the server enforces."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select
from typer.testing import CliRunner

from realpolitik.cli.main import app
from realpolitik.server.store import Store, games
from realpolitik.testing.server import ROOMY, Api, GameSocket, ServerProcess

PASSWORD = "correct horse battery"
#: messages one account may send here: one page and a few more
LETTERS = 55
#: friends and blocked accounts one account may add or remove here
CHANGES = 8
_numbers = iter(range(10**6))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    limits = {**ROOMY, "logins": "10000/minute", "logins_per_name": "10000/hour",
              "private_messages": f"{LETTERS}/hour", "reports": "3/day", "list_changes": f"{CHANGES}/hour"}
    proc = ServerProcess(str(tmp_path_factory.mktemp("social") / "games.db"), limits=limits).start()
    yield proc
    proc.stop()


class Person:
    """A signed-in browser: its HTTP client (with the CSRF token) and game sockets with its cookie."""

    def __init__(self, server: ServerProcess, base: str) -> None:
        self.server = server
        self.name = f"{base} {next(_numbers)}"
        self.api = Api(server)
        answer = self.api.post("/api/account/signup", json={"name": self.name, "password": PASSWORD})
        assert answer.status_code == 201, answer.text
        self.csrf = answer.json()["csrf"]
        self.sockets: list[GameSocket] = []

    def post(self, path: str, body: dict):
        return self.api.post(path, json=body, headers={"x-csrf-token": self.csrf})

    def delete(self, path: str):
        return self.api.http.delete(path, headers={"x-csrf-token": self.csrf})

    def get(self, path: str, **params):
        return self.api.get(path, params=params)

    def socket(self, game_id: str) -> GameSocket:
        sock = GameSocket(self.server, game_id, headers={"cookie": f"session={self.api.http.cookies['session']}"})
        self.sockets.append(sock)
        return sock

    def create(self, seats: list[str], **extra) -> dict:
        answer = self.post("/api/games", {"game": "nuclear-war", "seats": seats, **extra})
        assert answer.status_code == 201, answer.text
        game = answer.json()
        game["tokens"] = {i["seat"]: i["url"].split("token=")[1] for i in game["invites"]}
        return game

    def close(self) -> None:
        for sock in self.sockets:
            sock.close()
        self.api.http.close()


@pytest.fixture
def person(server):
    """``person(name)``: a new account, signed in on a browser of its own."""
    opened: list[Person] = []

    def sign_up(base: str) -> Person:
        opened.append(Person(server, base))
        return opened[-1]

    yield sign_up
    for one in opened:
        one.close()


def greet(sock: GameSocket, token: str) -> dict:
    sock.send({"type": "hello", "token": token})
    return sock.until(lambda m: m["type"] in ("view", "error"))


def chat_texts(sock: GameSocket) -> list[str]:
    return [line["text"] for m in sock.received if m["type"] == "chat" for line in m["lines"]]


def admin(server: ServerProcess, *args: str):
    result = CliRunner().invoke(app, ["admin", *args, "--db", server.db], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    return result.output


def sanction(server: ServerProcess, reporter: Person, about: Person, action: str) -> None:
    """The operators do ``action`` to ``about``'s account, on a report ``reporter`` files."""
    reason = f"asks for {action} {next(_numbers)}"
    assert reporter.post("/api/social/reports", {"name": about.name, "reason": reason}).status_code == 201
    row = next(line for line in admin(server, "reports").splitlines() if reason in line)
    admin(server, "act", row.strip("│┃ ").split()[0], action)


def befriend(one: Person, other: Person) -> None:
    """``one`` asks ``other`` to be friends, and ``other`` accepts (tests/server/test_friends.py)."""
    assert one.post("/api/social/friends", {"name": other.name}).status_code == 201
    assert other.post("/api/social/friends", {"name": one.name}).status_code == 201


def test_a_friend_is_invited_to_a_new_games_seat_and_sits_down_by_its_link(person):
    ann, bo, cy = person("Ann"), person("Bo"), person("Cy")
    befriend(ann, bo)
    game = ann.create(["human", "human"])
    sent = ann.post("/api/social/invites", {"friend": bo.name, "game": game["id"], "seat": "p2",
                                            "token": game["tokens"]["p2"]})
    assert sent.status_code == 201, sent.text
    inbox = bo.get("/api/social/messages").json()["conversations"]
    assert [c["name"] for c in inbox] == [ann.name]
    link = inbox[0]["last"]["invite"]
    assert link == f"/game/{game['id']}#seat=p2&token={game['tokens']['p2']}"
    assert greet(bo.socket(game["id"]), link.split("token=")[1])["type"] == "view"
    assert bo.api.info(game["id"])["players"][1]["name"] == bo.name
    # only friends, only free seats, only with the seat's own token
    refused = ann.post("/api/social/invites", {"friend": cy.name, "game": game["id"], "seat": "p1",
                                               "token": game["tokens"]["p1"]})
    assert refused.status_code == 403 and refused.json()["code"] == "not-friend"
    ann.post("/api/social/friends", {"name": cy.name})  # asked, not yet a friend
    asked = ann.post("/api/social/invites", {"friend": cy.name, "game": game["id"], "seat": "p1",
                                             "token": game["tokens"]["p1"]})
    assert asked.json()["code"] == "not-friend"
    cy.post("/api/social/friends", {"name": ann.name})
    taken = ann.post("/api/social/invites", {"friend": cy.name, "game": game["id"], "seat": "p2",
                                             "token": game["tokens"]["p2"]})
    assert taken.json()["code"] == "taken"
    forged = ann.post("/api/social/invites", {"friend": cy.name, "game": game["id"], "seat": "p1",
                                              "token": game["tokens"]["p2"]})
    assert forged.json()["code"] == "bad-token"
    assert cy.get("/api/social/messages").json()["conversations"] == []


def _claim(who: Person, game_id: str, seat: str):
    return who.post(f"/api/games/{game_id}/claim", {"seat": seat})


def test_a_blocked_account_is_refused_a_seat_exactly_as_at_a_taken_seat(person):
    ann, bo, cy, di = person("Ann"), person("Bo"), person("Cy"), person("Di")
    game = ann.create(["human", "human", "human"], lobby_join=True)
    assert _claim(ann, game["id"], "p1").status_code == 200
    assert ann.post("/api/social/blocks", {"name": bo.name}).status_code == 201
    blocked = _claim(bo, game["id"], "p2")
    assert _claim(cy, game["id"], "p2").status_code == 200  # an account nobody blocks sits down
    taken = _claim(di, game["id"], "p2")
    assert (blocked.status_code, blocked.json()) == (taken.status_code, taken.json())
    assert taken.status_code == 409 and taken.json()["code"] == "taken"
    assert bo.get("/api/social").json()["blocked"] == []  # Bo's own lists say nothing of it
    # the seat link of an invitation-only game answers as a made-up link does
    invited = ann.create(["human", "human"])
    assert greet(ann.socket(invited["id"]), invited["tokens"]["p1"])["type"] == "view"
    by_link = greet(bo.socket(invited["id"]), invited["tokens"]["p2"])
    made_up = greet(cy.socket(invited["id"]), "A" * 43)
    assert by_link == made_up and by_link["code"] == "bad-token"
    ann.delete(f"/api/social/blocks/{bo.name}")
    assert greet(bo.socket(invited["id"]), invited["tokens"]["p2"])["type"] == "view"


def test_chat_of_a_blocked_account_does_not_reach_the_blocker_and_the_writer_is_not_told(person):
    ann, bo, cy = person("Ann"), person("Bo"), person("Cy")
    game = ann.create(["human", "human", "human"])
    socks = {}
    for who, seat in ((ann, "p1"), (bo, "p2"), (cy, "p3")):
        socks[who.name] = who.socket(game["id"])
        assert greet(socks[who.name], game["tokens"][seat])["type"] == "view"
    ann.post("/api/social/blocks", {"name": bo.name})
    socks[bo.name].send({"type": "chat", "text": "from Bo", "channel": "table"})
    socks[cy.name].until(lambda m: m["type"] == "chat" and m["lines"][0]["text"] == "from Bo")
    socks[cy.name].send({"type": "chat", "text": "from Cy", "channel": "table"})
    for sock in socks.values():
        sock.until(lambda m: m["type"] == "chat" and m["lines"][0]["text"] == "from Cy")
    assert chat_texts(socks[ann.name]) == ["from Cy"]
    assert chat_texts(socks[bo.name]) == ["from Bo", "from Cy"]  # no error, no sign
    assert not [m for m in socks[bo.name].received if m["type"] == "error"]
    again = ann.socket(game["id"])  # Ann's history leaves Bo out too; a spectator's does not
    greet(again, game["tokens"]["p1"])
    watcher = GameSocket(ann.server, game["id"])
    watcher.hello()
    assert chat_texts(again) == ["from Cy"] and chat_texts(watcher) == ["from Bo", "from Cy"]
    watcher.close()


def test_messages_come_in_pages_within_the_limit_and_not_from_a_blocked_account(person):
    ann, bo, cy = person("Ann"), person("Bo"), person("Cy")
    befriend(ann, bo)
    for everyone in (ann, bo):  # Cy may write to both
        assert everyone.post("/api/account/settings", {"messages_from_everyone": True}).status_code == 200
    for number in range(LETTERS):
        answer = ann.post("/api/social/messages", {"to": bo.name, "text": f"letter {number}"})
        assert answer.status_code == 201, answer.text
    over = ann.post("/api/social/messages", {"to": bo.name, "text": "one too many"})
    assert over.status_code == 429 and over.json()["code"] == "limit"
    first = bo.get(f"/api/social/messages/{ann.name}").json()
    assert [m["text"] for m in first["messages"]] == [f"letter {n}" for n in range(LETTERS - 50, LETTERS)]
    assert first["more"] and not any(m["mine"] for m in first["messages"])
    second = bo.get(f"/api/social/messages/{ann.name}", before=first["messages"][0]["id"]).json()
    assert [m["text"] for m in second["messages"]] == [f"letter {n}" for n in range(LETTERS - 50)]
    assert not second["more"]
    assert bo.get(f"/api/social/messages/{ann.name}", before="x1").status_code == 400
    assert bo.get("/api/social/messages").json()["conversations"][0]["received"] == LETTERS

    bo.post("/api/social/blocks", {"name": cy.name})
    to_blocker = cy.post("/api/social/messages", {"to": bo.name, "text": "hello?"})
    to_other = cy.post("/api/social/messages", {"to": ann.name, "text": "hello?"})
    assert to_blocker.status_code == to_other.status_code == 201
    assert set(to_blocker.json()) == set(to_other.json()) and to_blocker.json()["text"] == "hello?"
    assert [m["text"] for m in cy.get(f"/api/social/messages/{bo.name}").json()["messages"]] == ["hello?"]
    assert bo.get(f"/api/social/messages/{cy.name}").json()["messages"] == []
    assert cy.name not in [c["name"] for c in bo.get("/api/social/messages").json()["conversations"]]
    refused = bo.post("/api/social/messages", {"to": cy.name, "text": "go away"})
    assert refused.status_code == 403 and refused.json()["code"] == "blocking"
    for bad in ({"to": ann.name, "text": " \u200b "}, {"to": ann.name, "text": "x" * 1001},
                {"to": ann.name}, {"to": ann.name, "text": 5}):
        assert cy.post("/api/social/messages", bad).status_code == 400, bad


def test_a_report_reaches_the_operators_whose_every_action_the_server_enforces(person, server):
    ann, bo, cy = person("Ann"), person("Bo"), person("Cy")
    befriend(ann, bo)
    game = cy.create(["human", "human"], lobby_join=True)
    assert bo.post("/api/social/reports", {"name": ann.name, "reason": "x"}).status_code == 400
    filed = bo.post("/api/social/reports", {"name": ann.name, "reason": "insults at the table", "game": game["id"]})
    assert filed.status_code == 201, filed.text
    listed = admin(server, "reports")
    row = next(line for line in listed.splitlines() if "insults at the table" in line)
    number = row.strip("│┃ ").split()[0]
    assert bo.name in row and ann.name in row and game["id"] in row

    admin(server, "act", number, "warn")
    warnings = ann.get("/api/social").json()["warnings"]
    assert len(warnings) == 1 and "reported your conduct" in warnings[0]["text"]
    assert "insults" not in warnings[0]["text"] and bo.name not in warnings[0]["text"]  # nor who reported
    assert "insults at the table" not in admin(server, "reports")  # acted on: out of the queue
    assert "warn" in admin(server, "reports", "--all")

    admin(server, "act", number, "mute")
    sock = ann.socket(game["id"])
    greet(sock, game["tokens"]["p1"])
    sock.send({"type": "chat", "text": "hello"})
    muted = sock.until(lambda m: m["type"] in ("error", "chat"))
    assert muted["code"] == "muted" and "muted" in muted["message"]
    letter = ann.post("/api/social/messages", {"to": bo.name, "text": "hello"})
    assert letter.status_code == 403 and letter.json()["code"] == "muted"
    admin(server, "act", number, "unmute")
    assert ann.post("/api/social/messages", {"to": bo.name, "text": "hello"}).status_code == 201

    admin(server, "act", number, "ban")
    refused = ann.post("/api/games", {"game": "nuclear-war", "seats": ["human", "random"]})
    assert refused.status_code == 403 and refused.json()["code"] == "banned"
    assert _claim(ann, game["id"], "p2").json()["code"] == "banned"
    assert ann.get("/api/social").json()["banned"]
    admin(server, "act", number, "unban")
    assert ann.post("/api/games", {"game": "nuclear-war", "seats": ["human", "random"]}).status_code == 201

    admin(server, "act", number, "remove")
    assert ann.get("/api/account").json()["user"] is None
    assert bo.get(f"/api/players/{ann.name}").status_code == 404


def test_reports_are_limited_and_checked(person):
    ann, bo = person("Ann"), person("Bo")
    for bad in ({"name": bo.name, "reason": "r" * 501}, {"name": bo.name, "reason": "cheats", "game": "../x"},
                {"name": ann.name, "reason": "myself"}, {"name": bo.name}):
        assert ann.post("/api/social/reports", bad).status_code in (400, 404), bad
    for _ in range(3):
        assert ann.post("/api/social/reports", {"name": bo.name, "reason": "spam"}).status_code == 201
    assert ann.post("/api/social/reports", {"name": bo.name, "reason": "spam"}).status_code == 429


def test_adding_and_removing_friends_and_blocks_is_limited(person):
    ann, bo, cy = person("Ann"), person("Bo"), person("Cy")
    for _ in range(CHANGES // 4):
        assert ann.post("/api/social/friends", {"name": bo.name}).status_code == 201
        assert ann.delete(f"/api/social/friends/{bo.name}").status_code == 200
        assert ann.post("/api/social/blocks", {"name": cy.name}).status_code == 201
        assert ann.delete(f"/api/social/blocks/{cy.name}").status_code == 200
    before = ann.get("/api/social").json()
    said = "You have changed your friends and blocked accounts too often lately; wait a while before the next change."
    for refused in (ann.post("/api/social/friends", {"name": bo.name}),
                    ann.post("/api/social/blocks", {"name": cy.name}), ann.delete(f"/api/social/friends/{bo.name}")):
        assert refused.status_code == 429 and refused.json() == {"code": "limit", "error": said}
    assert ann.get("/api/social").json() == before  # nothing changed
    assert bo.post("/api/social/friends", {"name": ann.name}).status_code == 201  # each account counts its own


def stored_games(server: ServerProcess) -> int:
    store = Store(server.db)
    try:
        with store.engine.connect() as conn:
            return conn.execute(select(func.count()).select_from(games)).scalar_one()
    finally:
        store.close()


def test_a_banned_account_cannot_start_a_lesson_either(person, server):
    ann, bo = person("Ann"), person("Bo")
    before = stored_games(server)
    sanction(server, bo, ann, "ban")
    refused = ann.post("/api/learn/nuclear-war", {})
    assert refused.status_code == 403 and refused.json() == {
        "code": "banned", "error": "The operators have banned your account from creating and joining games."}
    assert stored_games(server) == before  # no lesson game was made
    sanction(server, bo, ann, "unban")
    assert ann.post("/api/learn/nuclear-war", {}).status_code == 201


def test_a_muted_account_cannot_chat_as_a_spectator_either(person, server):
    ann, bo = person("Ann"), person("Bo")
    game = bo.create(["human", "human"])
    sanction(server, bo, ann, "mute")
    watching = ann.socket(game["id"])
    assert watching.hello()["type"] == "view"
    watching.send({"type": "chat", "text": "psst"})
    muted = watching.until(lambda m: m["type"] in ("error", "chat"))
    assert muted["code"] == "muted" and "muted" in muted["message"]
    later = GameSocket(server, game["id"])  # nothing was said: a guest's history holds nothing
    later.hello()
    later.send({"type": "chat", "text": "guests still chat"})
    assert later.until(lambda m: m["type"] == "chat")["lines"][0]["text"] == "guests still chat"
    assert chat_texts(later) == ["guests still chat"]
    later.close()
    sanction(server, bo, ann, "unmute")
    watching.send({"type": "chat", "text": "hello again"})
    said = watching.until(lambda m: m["type"] == "chat" and m["lines"][-1]["text"] == "hello again")["lines"][-1]
    assert said["name"] == ann.name and said["channel"] == "watchers"  # a signed-in spectator speaks as its account


def _taken(players: list[dict]) -> list[bool]:
    return [p["joined"] for p in players]


def test_to_a_blocked_account_the_blockers_open_game_has_no_free_seat_anywhere(person, server):
    ann, bo, cy = person("Ann"), person("Bo"), person("Cy")
    game = ann.create(["human", "human", "human"], lobby_join=True)
    ann.post("/api/social/blocks", {"name": bo.name})
    watching = bo.socket(game["id"])  # Bo has the game's page open before Ann sits down
    assert _taken(watching.hello()["players"]) == [False, False, False]
    assert _claim(ann, game["id"], "p1").status_code == 200

    def seen_by(who: Person) -> dict[str, list[dict]]:
        """The game's seats as ``who`` sees them: its facts, the lobby, the account's open games."""
        lobby = [e for e in who.get("/api/games").json()["open"] if e["id"] == game["id"]]
        offered = [g for g in who.get("/api/account/games").json()["open"] if g["id"] == game["id"]]
        return {"facts": who.get(f"/api/games/{game['id']}").json()["players"], "lobby": lobby[0]["players"],
                "offered": offered[0]["players"] if offered else []}

    shown = watching.until(lambda m: m["type"] == "players" and m["players"][0]["joined"])["players"]  # Ann sat down
    assert _taken(shown) == [True, True, True]
    to_bo = seen_by(bo)
    assert [_taken(players) for players in to_bo.values()] == [[True, True, True], [True, True, True], []]
    to_cy = seen_by(cy)
    assert [_taken(players) for players in to_cy.values()] == [[True, False, False]] * 3
    glimpse = GameSocket(server, game["id"], headers={"cookie": f"session={cy.api.http.cookies['session']}"})
    assert _taken(glimpse.hello()["players"]) == [True, False, False]
    glimpse.close()
    # a seat that looks taken to Bo looks exactly as one a guest took without a name
    veiled = to_bo["facts"][1]
    guest = Api(server)
    assert guest.post(f"/api/games/{game['id']}/claim", json={"seat": "p2", "name": ""}).status_code == 200
    guest.http.close()
    assert seen_by(bo)["facts"][1] == veiled == seen_by(cy)["facts"][1]
    assert _claim(bo, game["id"], "p3").json()["code"] == "taken"
    ann.delete(f"/api/social/blocks/{bo.name}")  # unblocked: the free seat is free again
    assert _taken(seen_by(bo)["facts"]) == [True, True, False]
