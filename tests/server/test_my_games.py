"""Seats bound to accounts against a real server: a signed-in player's seat is bound when
taken (invitation or lobby claim), a guest's seats are bound when the guest signs up, the
player takes the seat back from another device with the session alone, and "my games"
lists the account's games — its turn first — and open games with a free seat."""

from __future__ import annotations

import pytest
from websockets.exceptions import ConnectionClosed

from realpolitik.engine import Rng
from realpolitik.testing.server import ROOMY, Api, GameSocket, ServerProcess

PASSWORD = "correct horse battery"
_numbers = iter(range(10**6))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    limits = {**ROOMY, "logins": "10000/minute", "logins_per_name": "10000/hour"}
    proc = ServerProcess(str(tmp_path_factory.mktemp("my-games") / "games.db"), limits=limits).start()
    yield proc
    proc.stop()


class Device:
    """One browser: an HTTP client with its cookies, and WebSockets that carry its session cookie."""

    def __init__(self, server: ServerProcess) -> None:
        self.server = server
        self.api = Api(server)
        self.csrf = ""
        self.sockets: list[GameSocket] = []

    def signup(self, name: str) -> Device:
        answer = self.api.post("/api/account/signup", json={"name": name, "password": PASSWORD})
        assert answer.status_code == 201, answer.text
        self.csrf = answer.json()["csrf"]
        return self

    def login(self, name: str) -> Device:
        answer = self.api.post("/api/account/login", json={"name": name, "password": PASSWORD})
        assert answer.status_code == 200, answer.text
        self.csrf = answer.json()["csrf"]
        return self

    def post(self, path: str, body: dict):
        return self.api.post(path, json=body, headers={"x-csrf-token": self.csrf} if self.csrf else {})

    def socket(self, game_id: str, origin: str | None = None) -> GameSocket:
        headers = {}
        if "session" in self.api.http.cookies:
            headers["cookie"] = f"session={self.api.http.cookies['session']}"
        if origin:
            headers["origin"] = origin
        sock = GameSocket(self.server, game_id, headers=headers)
        self.sockets.append(sock)
        return sock

    def close(self) -> None:
        for sock in self.sockets:
            sock.close()
        self.api.http.close()


@pytest.fixture
def device(server):
    opened: list[Device] = []

    def open_device() -> Device:
        opened.append(Device(server))
        return opened[-1]

    yield open_device
    for d in opened:
        d.close()


def fresh_name(base: str = "Player") -> str:
    return f"{base} {next(_numbers)}"


def greet(sock: GameSocket, hello: dict) -> dict:
    sock.send({"type": "hello", **hello})
    return sock.until(lambda m: m["type"] in ("view", "error"))


def refused(sock: GameSocket, hello: dict, code: str) -> str:
    answer = greet(sock, hello)
    assert answer["type"] == "error" and answer["code"] == code, answer
    with pytest.raises(ConnectionClosed) as closed:
        sock.recv(5)
    assert closed.value.rcvd.code == 4403
    return answer["message"]


def test_a_guest_keeps_the_seats_taken_as_guest_by_signing_up(device):
    guest = device()
    game = guest.api.create(["human", "human"])
    gid, token = game["id"], game["tokens"]["p1"]
    assert greet(guest.socket(gid), {"token": token, "name": "Ann"})["type"] == "view"  # p1 taken as a guest
    name = fresh_name("Ann")
    guest.signup(name)
    keys = [{"game": gid, "token": token}, {"game": gid, "token": "A" * 32}, {"game": "zz", "token": token},
            {"game": gid, "token": game["tokens"]["p2"]}, {"game": "ffffffffffff", "token": token}]
    answer = guest.post("/api/account/seats", {"seats": keys})
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"bound": [{"game": gid, "seat": "p1", "title": "Nuclear War",
                                          "seat_title": {"en": "Player 1", "de": "Spieler 1"}}]}  # p2 is not taken
    assert guest.post("/api/account/seats", {"seats": keys}).json() == {"bound": []}  # once only
    other = device().signup(fresh_name("Mallory"))
    assert other.post("/api/account/seats", {"seats": keys[:1]}).json() == {"bound": []}  # bound already
    assert guest.api.info(gid)["players"][0]["name"] == "Ann"
    mine = guest.api.get("/api/account/games").json()["games"]
    assert [(g["id"], g["seats"], g["status"]) for g in mine] == [(gid, ["p1"], "open")]
    assert other.api.get(f"/api/games/{gid}").json()["yours"] == []
    assert guest.api.get(f"/api/games/{gid}").json()["yours"] == ["p1"]


def test_a_player_takes_the_seat_back_from_another_device_with_the_session(device):
    name = fresh_name("Ben")
    laptop = device().signup(name)
    game = device().api.create(["human", "human"])  # a guest creates it and sends the links
    gid = game["id"]
    first = greet(laptop.socket(gid), {"token": game["tokens"]["p1"], "name": "typed name"})
    assert first["type"] == "view" and first["players"][0]["name"] == name  # sits under the account's name
    assert greet(device().socket(gid), {"token": game["tokens"]["p2"], "name": "Cleo"})["type"] == "view"

    phone = device().login(name)  # only the session: no token anywhere
    sock = phone.socket(gid)
    view = greet(sock, {"seat": "p1"})
    assert view["type"] == "view" and sock.welcome["you"] == "p1"
    turn = sock.wait_turn_or_end()
    sock.act(turn["view"]["pending"]["actions"][0])
    moved = sock.until(lambda m: m["type"] == "error" or (m["type"] == "view" and m["seq"] > turn["seq"]))
    assert moved["type"] == "view", moved

    message = refused(device().socket(gid), {"seat": "p1"}, "signed-out")  # a guest
    assert message == "Log in to take your seat p1 without its invitation link."
    stranger = device().signup(fresh_name("Dan"))
    assert refused(stranger.socket(gid), {"seat": "p1"}, "not-yours") == (
        "Seat p1 of this game is not bound to your account.")
    assert refused(phone.socket(gid), {"seat": "p2"}, "not-yours")  # someone else's seat
    # a page of another site opening the socket does not ride on the cookie
    refused(phone.socket(gid, origin="https://evil.example"), {"seat": "p1"}, "signed-out")
    same_site = phone.socket(gid, origin=laptop.server.url)
    assert greet(same_site, {"seat": "p1"})["type"] == "view"


def test_a_lobby_claim_with_a_session_binds_the_seat(device):
    name = fresh_name("Eve")
    eve = device().signup(name)
    gid = device().api.create(["human", "random"], lobby_join=True)["id"]
    claim = eve.post(f"/api/games/{gid}/claim", {"seat": "p1", "name": "ignored"})
    assert claim.status_code == 200, claim.text
    assert eve.api.info(gid)["players"][0]["name"] == name
    other = device().login(name)
    assert greet(other.socket(gid), {"seat": "p1"})["type"] == "view"


def play_to_the_end(sock: GameSocket, rng: Rng) -> None:
    while True:
        current = sock.wait_turn_or_end(30)
        if current["status"] == "finished":
            return
        sock.act(rng.choice(current["view"]["pending"]["actions"]))
        sock.until(lambda m, seq=current["seq"]: m["type"] == "view" and m["seq"] > seq)


def test_my_games_lists_my_turn_first_then_the_others_then_finished_ones(device):
    name = fresh_name("Fay")
    fay = device().signup(name)
    guest = device()

    finished = guest.api.create(["human", "random"])  # played to its end first: the oldest move
    sock = fay.socket(finished["id"])
    greet(sock, {"token": finished["tokens"]["p1"]})
    play_to_the_end(sock, Rng(1))

    mine = guest.api.create(["human", "human"])  # Fay is p1 and decides first
    waiting = guest.api.create(["human", "human"])  # Fay is p2: the other player decides first
    for game, seat, other in ((mine, "p1", "p2"), (waiting, "p2", "p1")):
        assert greet(fay.socket(game["id"]), {"token": game["tokens"][seat]})["type"] == "view"
        assert greet(guest.socket(game["id"]), {"token": game["tokens"][other], "name": "Gus"})["type"] == "view"
    unstarted = guest.api.create(["human", "human"])  # Fay waits for her opponent
    assert greet(fay.socket(unstarted["id"]), {"token": unstarted["tokens"]["p1"]})["type"] == "view"
    lobby = guest.api.create(["human", "random"], lobby_join=True)  # nobody sits yet: open to the lobby
    invite_only = guest.api.create(["human", "random"])  # invite links only, the default

    answer = fay.api.get("/api/account/games")
    assert answer.status_code == 200 and answer.headers["cache-control"] == "no-store"
    listed = answer.json()
    games = listed["games"]
    assert [g["id"] for g in games] == [mine["id"], unstarted["id"], waiting["id"], finished["id"]]
    first, last = games[0], games[-1]
    assert first["my_turn"] and first["to_act"] == "p1" and first["seat"] == "p1" and first["status"] == "running"
    assert first["title"] == "Nuclear War" and first["url"] == f"/game/{mine['id']}#seat=p1"
    assert games[1]["status"] == "open" and not games[1]["my_turn"]
    assert games[2]["to_act"] == "p1" and games[2]["seats"] == ["p2"] and not games[2]["my_turn"]
    assert games[2]["last_move"] is None and games[2]["url"] == f"/game/{waiting['id']}#seat=p2"
    assert last["status"] == "finished" and last["outcome"] and last["last_move"] and last["ply"] > 0
    assert last["to_act"] is None and not last["my_turn"]
    open_ids = [g["id"] for g in listed["open"]]
    assert lobby["id"] in open_ids and invite_only["id"] not in open_ids
    assert unstarted["id"] not in open_ids  # Fay plays in it already
    entry = next(g for g in listed["open"] if g["id"] == lobby["id"])
    assert entry["free"] == ["p1"] and entry["url"] == f"/game/{lobby['id']}"

    # the other player moves in the waiting game: now it is Fay's turn there too, the latest move
    gus = next(s for s in guest.sockets if s.welcome and s.welcome["id"] == waiting["id"])
    while guest.api.info(waiting["id"])["to_act"] == "p1":  # Gus decides until Fay is asked
        turn = gus.wait_turn_or_end()
        gus.act(turn["view"]["pending"]["actions"][0])
        gus.until(lambda m, seq=turn["seq"]: m["type"] == "view" and m["seq"] > seq)
    games = fay.api.get("/api/account/games").json()["games"]
    assert [g["id"] for g in games[:2]] == [waiting["id"], mine["id"]]  # both Fay's turn; the latest move first
    assert games[0]["my_turn"] and games[0]["last_move"] is not None


def test_my_games_name_who_sits_at_each_game_its_tournament_and_my_place(device):
    """Issue 77: each of "my games" names every seat's player (people by name, bots by kind, so the
    page names them by level), the tournament it belongs to, and my place once it is over."""
    name, rival = fresh_name("Ida"), fresh_name("Jon")
    ida, jon = device().signup(name), device().signup(rival)
    against_bot = device().api.create(["human", "normal"])
    sock = ida.socket(against_bot["id"])
    greet(sock, {"token": against_bot["tokens"]["p1"]})
    play_to_the_end(sock, Rng(2))
    cup = ida.post("/api/tournaments", {"name": "Ida's cup", "game": "nuclear-war", "kind": "round-robin", "seats": 2,
                                         "capacity": 2, "clock": {"kind": "live", "minutes": 30}}).json()["id"]
    for person in (ida, jon):
        assert person.post(f"/api/tournaments/{cup}/signup", {}).status_code == 201
    (board,) = ida.api.get(f"/api/tournaments/{cup}").json()["schedule"][0]["games"]

    games = {g["id"]: g for g in ida.api.get("/api/account/games").json()["games"]}
    finished = games[against_bot["id"]]
    normal = ida.api.info(against_bot["id"])["players"][1]["kind"]  # the level's spec, as stored
    assert normal != "normal" and normal in {level["spec"] for g in ida.api.get("/api/catalog").json()
                                             for levels in g["levels_by_players"].values() for level in levels}
    assert [(p["seat"], p["kind"], p["name"]) for p in finished["players"]] == [("p1", "human", name),
                                                                              ("p2", normal, "")]
    assert finished["players"][1]["title"] == {"en": "Player 2", "de": "Spieler 2"}
    assert finished["tournament"] is None and finished["status"] == "finished"
    places = finished["outcome"]["places"]
    assert finished["place"] == places["p1"] and finished["won"] == (places["p1"] == 1)
    in_cup = games[board["game"]]
    assert in_cup["tournament"] == {"id": cup, "name": "Ida's cup"}
    assert sorted(p["name"] for p in in_cup["players"]) == sorted([name, rival])
    assert in_cup["place"] is None and in_cup["won"] is None


def test_a_guest_browser_finds_the_games_it_keeps_seats_of(device):
    """Issue 77: a guest has no account, so its browser asks for the lobby entries of the games it
    keeps seat tokens of — public facts, unfinished games only; bad lists are refused."""
    guest = device()
    running = guest.api.create(["human", "random"])
    greet(guest.socket(running["id"]), {"token": running["tokens"]["p1"], "name": "Kim"})
    waiting = guest.api.create(["human", "human"])
    answer = guest.api.get(f"/api/entries?ids={running['id']},{waiting['id']},ffffffffffff,{running['id']}")
    assert answer.status_code == 200 and answer.headers["cache-control"] == "no-store"
    found = answer.json()["games"]
    assert [g["id"] for g in found] == [running["id"], waiting["id"]]
    assert found[0]["status"] == "running" and found[0]["players"][0]["name"] == "Kim" and found[0]["to_act"]
    assert found[1]["status"] == "open"
    for bad in ("zz", ",".join(["ffffffffffff"] * 51), "../x"):
        refused = guest.api.get(f"/api/entries?ids={bad}")
        assert refused.status_code == 400 and refused.json()["code"] == "bad-request", refused.text
    assert guest.api.get("/api/entries").json() == {"games": []}
