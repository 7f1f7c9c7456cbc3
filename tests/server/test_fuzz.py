"""Every HTTP endpoint and WebSocket message type, fuzzed against a real server (Hypothesis):
no 5xx, every refusal in JSON, no socket dropped without a close frame, a bad message
answered while the socket stays, and no traceback in the server's log.

Bounded for CI: a fixed number of derandomized examples per endpoint."""

from __future__ import annotations

import json
import socket
import time
from contextlib import closing
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from realpolitik.testing.load import allowance
from realpolitik.testing.server import ROOMY, Api, ServerProcess, http_client

FUZZ = settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
#: close codes a refused or finished connection may end with (docs/security.md)
CLOSE_CODES = {1000, 1008, 1009, 1013, 4400, 4403, 4404, 4410}

scalars = (st.none() | st.booleans() | st.integers() | st.integers(min_value=10**18, max_value=10**400)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=40))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=10), inner, max_size=4), max_leaves=12)
odd_text = st.text(alphabet=st.characters(codec="utf-8"), max_size=60) | st.sampled_from(
    ["²", "٣", "①", "-1", "10" * 40, "1_0", "../../etc/passwd", "%00", " ", "\u202e", "ffffffffffff"])


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A server with an open game, a running one with a person's seat (and hints), and a finished one."""
    # the routes ask for the finished game's review: a small budget keeps its searches short
    server = ServerProcess(str(tmp_path_factory.mktemp("fuzz") / "games.db"), limits={**ROOMY, "review_budget": "20"})
    server.start()
    with Api(server) as api:
        open_game = api.create(["human", "human"])
        running = api.create(["human", "random"], hints=True)
        finished = api.create(["random", "random"])
        api.wait_finished(finished["id"])
    yield server, {"open": open_game, "running": running, "finished": finished}
    server.stop()
    log = server.output()
    assert "Traceback" not in log and "Exception in ASGI application" not in log, log[-3000:]


def _json_error(answer: httpx.Response) -> None:
    assert answer.status_code < 500, (answer.status_code, answer.text[:300])
    if answer.status_code >= 400 and answer.request.url.path.startswith("/api/"):
        body = answer.json()
        assert isinstance(body["error"], str) and body["error"] and isinstance(body["code"], str)


def _dumps(value) -> bytes:
    return json.dumps(value, allow_nan=True).encode()


@given(body=json_values | st.fixed_dictionaries({"game": json_values, "seats": json_values},
                                                optional={"options": json_values, "lobby_join": json_values,
                                                          "rated": json_values, "hints": json_values,
                                                          "terms": json_values, "clock": json_values}))
@FUZZ
def test_create_game(served, body):
    server, _ = served
    with http_client(server.url) as http:
        _json_error(http.post("/api/games", content=_dumps(body), headers={"content-type": "application/json"}))


@given(options=st.dictionaries(st.sampled_from(["max_years", "map", "loyalty", "content", "map_file", "refill",
                                                 "round_limit", "x" * 41]), json_values, max_size=3),
       game=st.sampled_from(["e1815", "e1815-2vs2", "nationen", "nuclear-war", "wsdv-2p2"]))
@FUZZ
def test_create_game_options(served, options, game):
    server, _ = served
    with http_client(server.url) as http:
        answer = http.post("/api/games", content=_dumps({"game": game, "seats": ["random"] * 4, "options": options}))
        _json_error(answer)


@given(raw=st.binary(max_size=300) | st.sampled_from([b"[" * 8000 + b"]" * 8000, b'{"a":' * 5000 + b"1" + b"}" * 5000,
                                                      b"\xff\xfe", b"", b"null", b"1e400", b"NaN"]))
@FUZZ
def test_create_game_raw_bodies(served, raw):
    server, _ = served
    with http_client(server.url) as http:
        _json_error(http.post("/api/games", content=raw, headers={"content-type": "text/plain"}))


@given(game_id=odd_text, seat=odd_text, ply=odd_text, name=odd_text,
       which=st.sampled_from(["open", "running", "finished", None]))
@FUZZ
def test_game_routes(served, game_id, seat, ply, name, which):
    server, games = served
    gid = games[which]["id"] if which else quote(game_id, safe="")
    with http_client(server.url) as http:
        for path in (f"/api/games/{gid}", f"/api/games/{gid}/record", f"/api/games/{gid}/chat", f"/game/{gid}",
                     f"/replay/{gid}"):
            _json_error(http.get(path))
        _json_error(http.get(f"/api/games/{gid}/replay", params={"seat": seat, "ply": ply}))
        _json_error(http.post(f"/api/games/{gid}/claim", content=_dumps({"seat": seat, "name": name})))
        for method in (http.get, http.post):
            _json_error(method(f"/api/games/{gid}/review", params={"seat": seat}))
        _json_error(http.post(f"/api/games/{gid}/notes", content=_dumps({"seat": seat, "token": name, "text": ply})))
        _json_error(http.get(f"/api/games/{gid}/notes"))
        _json_error(http.get(f"/api/content/{quote(game_id, safe='')}/{quote(seat, safe='')}"))
        _json_error(http.get(f"/api/leaderboard/{quote(game_id, safe='')}"))
        _json_error(http.get(f"/api/statistics/{quote(game_id, safe='')}"))
        _json_error(http.get(f"/api/players/{quote(name, safe='')}"))
        _json_error(http.get(f"/api/rules/{quote(game_id, safe='')}", params={"lang": seat}))
        for title in (quote(game_id, safe=""), "nuclear-war"):  # a lesson of no game, and one with an odd body
            _json_error(http.post(f"/api/learn/{title}", content=_dumps({"lang": seat})))
        for page in (f"/player/{quote(name, safe='')}", "/leaderboard", "/statistics", "/tournaments",
                     f"/rules/{quote(game_id, safe='')}", f"/learn/{quote(game_id, safe='')}"):
            _json_error(http.get(page))
        _json_error(http.get(f"/i18n/{quote(seat, safe='')}.json"))
        answer = http.get("/api/entries", params={"ids": f"{gid},{name}"})  # the games a guest's browser keeps
        _json_error(answer)
        assert answer.status_code in (200, 400), answer.text


@given(body=json_values | st.fixed_dictionaries({"seat": json_values | odd_text}, optional={
           "token": json_values | odd_text, "text": json_values | odd_text, "shown": json_values}),
       which=st.sampled_from(["open", "running", "finished"]), own=st.booleans())
@FUZZ
def test_seat_notes(served, body, which, own):
    """A seat's notes with any body, with the seat's own token or without: no 5xx, refusals in JSON."""
    server, games = served
    game = games[which]
    if own and isinstance(body, dict) and game.get("tokens"):
        body = {**body, "seat": "p1", "token": game["tokens"]["p1"]}
    with http_client(server.url) as http:
        _json_error(http.post(f"/api/games/{game['id']}/notes", content=_dumps(body)))


def _greeted(ws) -> bool:
    """Read until the first view (greeted: true) or a proper close (refused: false)."""
    try:
        while True:
            message = json.loads(ws.recv(allowance(5)))
            assert message["type"] in ("welcome", "view", "players", "chat", "error"), message
            if message["type"] == "view":
                return True
    except ConnectionClosed as closed:
        assert closed.rcvd is not None, "closed without a close frame"
        assert closed.rcvd.code in CLOSE_CODES, closed.rcvd
        return False


@given(first=json_values | odd_text | st.binary(max_size=100), which=st.sampled_from(["open", "running", "finished"]))
@FUZZ
def test_websocket_greeting(served, first, which):
    server, games = served
    with connect(f"{server.ws_url}/ws/{games[which]['id']}", open_timeout=allowance(10)) as ws:
        ws.send(first if isinstance(first, (str, bytes)) else json.dumps(first, allow_nan=True))
        _greeted(ws)


@given(message=json_values | odd_text | st.binary(max_size=100)
       | st.fixed_dictionaries({"type": st.sampled_from(["act", "chat", "hello", "undo", "hint", "back", "fill",
                                                                      "nope"])},
                               optional={"seq": json_values, "action": json_values | odd_text,
                                         "text": json_values | odd_text, "token": json_values,
                                         "channel": json_values | odd_text, "seat": json_values | odd_text,
                                         "bot": json_values | odd_text}),
       spectator=st.booleans())
@FUZZ
def test_websocket_messages_after_hello(served, message, spectator):
    server, games = served
    running = games["running"]
    token = running["tokens"]["p1"]
    with connect(f"{server.ws_url}/ws/{running['id']}", open_timeout=allowance(10)) as ws:
        ws.send(json.dumps({"type": "hello"} if spectator else {"type": "hello", "token": token}))
        assert _greeted(ws)
        ws.send(message if isinstance(message, (str, bytes)) else json.dumps(message, allow_nan=True))
        ws.send(json.dumps({"type": "chat", "text": "still here?"}))  # the socket is still served
        while True:  # (resigning is left out: it would end the shared game's use for the others)
            answer = json.loads(ws.recv(allowance(5)))
            if answer["type"] == "chat" and answer["lines"][-1]["text"] == "still here?":
                break
            if answer["type"] == "error" and answer["code"] == "limit":  # the seat's chat rate, also an answer
                break


def test_deeply_nested_json_is_refused_over_http_and_websocket(served):
    server, games = served
    deep = b"[" * 8000 + b"]" * 8000
    with http_client(server.url) as http:
        answer = http.post("/api/games", content=deep)
        assert answer.status_code == 400 and "nested too deeply" in answer.json()["error"]
    with connect(f"{server.ws_url}/ws/{games['running']['id']}", open_timeout=allowance(10)) as ws:
        ws.send(json.dumps({"type": "hello"}))
        assert _greeted(ws)
        ws.send("[" * 2000 + "]" * 2000)
        answer = json.loads(ws.recv(allowance(5)))
        while answer["type"] != "error":
            answer = json.loads(ws.recv(allowance(5)))
        assert answer["message"] == "payload is nested too deeply"


def test_a_replay_step_of_unicode_digits_is_refused(served):
    server, games = served
    with http_client(server.url) as http:
        for ply in ("²", "٣", "①", "1_0", "-1"):
            answer = http.get(f"/api/games/{games['finished']['id']}/replay", params={"ply": ply})
            assert answer.status_code == 400 and "digits 0-9" in answer.json()["error"], ply


def test_aborted_uploads_leave_no_trace(served):
    server, _ = served
    port = int(server.url.rsplit(":", 1)[1])
    before = server.output()
    for _ in range(20):
        with closing(socket.create_connection(("127.0.0.1", port))) as sock:
            sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
                         b"content-length: 5000\r\n\r\n{\"game\": \"nuclear")
    time.sleep(0.5)
    added = server.output()[len(before):]
    assert "Traceback" not in added and "ClientDisconnect" not in added


def test_a_name_of_invisible_characters_is_refused_in_the_hello(served):
    server, games = served
    with connect(f"{server.ws_url}/ws/{games['open']['id']}", open_timeout=allowance(10)) as ws:
        ws.send(json.dumps({"type": "hello", "token": games["open"]["tokens"]["p2"], "name": "\x00\u200b\x7f"}))
        error = json.loads(ws.recv(allowance(5)))
        assert error["code"] == "bad-message" and "no visible characters" in error["message"]
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(allowance(5))
        assert closed.value.rcvd.code == 4400


ACCOUNT_POSTS = ["/api/account/signup", "/api/account/login", "/api/account/logout", "/api/account/password",
                 "/api/account/seats", "/api/account/settings", "/api/account/vacation", "/api/account/vacation/end"]
PASSWORD = "fuzzing is fun and long"


def _member(server: ServerProcess) -> httpx.Client:
    """A client signed in to the fuzz account (created on first use), with its CSRF token sent along."""
    http = http_client(server.url)
    answer = http.post("/api/account/login", json={"name": "Fuzzy", "password": PASSWORD})
    if answer.status_code != 200:
        answer = http.post("/api/account/signup", json={"name": "Fuzzy", "password": PASSWORD})
    assert answer.status_code in (200, 201), answer.text
    http.headers["x-csrf-token"] = answer.json()["csrf"]
    return http


@given(body=json_values | st.fixed_dictionaries({}, optional={
           "name": odd_text, "password": odd_text, "old": odd_text, "new": odd_text,
           "seats": st.lists(st.fixed_dictionaries({"game": odd_text, "token": odd_text}), max_size=3) | json_values,
           "days": json_values, "from": odd_text, "to": odd_text, "id": json_values,
           "messages_from_everyone": json_values | st.booleans()}),
       path=st.sampled_from(ACCOUNT_POSTS), who=st.sampled_from(["guest", "member", "forged", "odd cookie"]),
       cookie=odd_text, raw=st.booleans())
@FUZZ
def test_account_routes(served, body, path, who, cookie, raw):
    """Every account route, as a guest, signed in, with a forged CSRF token or a made-up session
    cookie, with any JSON (or the same bytes sent as text): no 5xx, refusals in JSON. The fuzz
    account's own password never changes (its old password is never guessed)."""
    server, _ = served
    http = _member(server) if who in ("member", "forged") else http_client(server.url)
    with closing(http):
        if who == "forged":
            http.headers["x-csrf-token"] = "A" * 43
        if who == "odd cookie":
            http.cookies.set("session", quote(cookie, safe=""))
        kind = "text/plain" if raw else "application/json"
        answer = http.post(path, content=_dumps(body), headers={"content-type": kind})
        _json_error(answer)
        if who == "forged" or (who != "member" and path not in ("/api/account/signup", "/api/account/login")):
            assert answer.status_code >= 400 or path == "/api/account/logout", (path, who, answer.text)
        for read in ("/api/account", "/api/account/games", "/api/account/vacation"):
            _json_error(http.get(read))


SOCIAL_POSTS = ["/api/social/friends", "/api/social/blocks", "/api/social/messages", "/api/social/invites",
                "/api/social/reports"]
SOCIAL_PATHS = ["/api/social", "/api/social/friends/{name:path}", "/api/social/blocks/{name:path}",
                "/api/social/requests/{name:path}", "/api/social/messages/{name:path}", "/api/social/unread",
                *SOCIAL_POSTS]


@given(body=json_values | st.fixed_dictionaries({}, optional={
           "name": odd_text | st.just("Fuzzy"), "to": odd_text | st.just("Fuzzy"), "friend": odd_text,
           "text": odd_text, "reason": odd_text, "game": odd_text, "seat": odd_text, "token": odd_text}),
       path=st.sampled_from(SOCIAL_POSTS), who=st.sampled_from(["guest", "member", "forged"]),
       name=odd_text, before=odd_text, raw=st.booleans())
@FUZZ
def test_social_routes(served, body, path, who, name, before, raw):
    """Friends, blocks, messages, invitations and reports (issue 59) as a guest, signed in or with
    a forged CSRF token, with any JSON, names and page numbers: no 5xx, refusals in JSON; a
    guest and a forged token change nothing."""
    server, _ = served
    http = _member(server) if who != "guest" else http_client(server.url)
    with closing(http):
        if who == "forged":
            http.headers["x-csrf-token"] = "A" * 43
        answer = http.post(path, content=_dumps(body),
                           headers={"content-type": "text/plain" if raw else "application/json"})
        _json_error(answer)
        if who != "member":
            assert answer.status_code in (401, 403), (path, who, answer.text)
        named = quote(name, safe="") or "x"
        for method, route in (("DELETE", f"/api/social/friends/{named}"), ("DELETE", f"/api/social/blocks/{named}"),
                              ("DELETE", f"/api/social/requests/{named}"),
                              ("GET", f"/api/social/messages/{named}?before={quote(before, safe='')}"),
                              ("GET", "/api/social"), ("GET", "/api/social/messages")):
            answer = http.request(method, route)
            _json_error(answer)
            if who == "guest" or (who == "forged" and method == "DELETE"):
                assert answer.status_code in (401, 403), (route, who, answer.text)
        counted = http.get("/api/social/unread")  # the header asks on every page: a guest is told none
        assert counted.status_code == 200 and set(counted.json()) == {"messages", "requests"}, counted.text


TOURNAMENT_PATHS = ["/api/tournaments", "/api/tournaments/{number}", "/api/tournaments/{number}/signup",
                    "/api/tournaments/{number}/withdraw", "/tournaments"]


@given(body=json_values | st.fixed_dictionaries({}, optional={
           "name": odd_text | st.just("Fuzz cup"), "game": odd_text | st.just("nuclear-war"),
           "kind": odd_text | st.sampled_from(["round-robin", "swiss"]), "seats": json_values | st.integers(0, 8),
           "rounds": json_values | st.integers(-1, 30), "closes": odd_text | st.just("2031-01-01T00:00:00+00:00"),
           "capacity": json_values | st.integers(-1, 100), "clock": json_values, "timeouts": json_values}),
       who=st.sampled_from(["guest", "member", "forged"]), number=odd_text | st.just("1"),
       action=st.sampled_from(["signup", "withdraw"]), raw=st.booleans())
@FUZZ
def test_tournament_routes(served, body, who, number, action, raw):
    """Tournaments (issue 59) as a guest, signed in or with a forged CSRF token, with any JSON and
    tournament numbers: no 5xx, refusals in JSON; a guest and a forged token change nothing."""
    server, _ = served
    http = _member(server) if who != "guest" else http_client(server.url)
    with closing(http):
        if who == "forged":
            http.headers["x-csrf-token"] = "A" * 43
        kind = {"content-type": "text/plain" if raw else "application/json"}
        answer = http.post("/api/tournaments", content=_dumps(body), headers=kind)
        _json_error(answer)
        if who != "member":
            assert answer.status_code in (401, 403), (who, answer.text)
        named = quote(number, safe="") or "x"
        answer = http.post(f"/api/tournaments/{named}/{action}", content=b"{}", headers=kind)
        _json_error(answer)
        if who != "member":
            assert answer.status_code in (401, 403, 404), (who, answer.text)
        for route in (f"/api/tournaments/{named}", "/api/tournaments"):
            _json_error(http.get(route))


PUSH_PATHS = ["/api/push/key", "/api/push/subscribe"]
endpoints = odd_text | st.sampled_from(["https://push.example/a", "http://push.example/a", "https://10.0.0.1/a",
                                        "https://user@push.example/a", "https://push.example:99999/a",
                                        "https://[::1]/a", "https://push.example/a#b", "https://" + "x" * 600,
                                        "https://0x7f.1/a", "https://2130706433/a", "https://1.2.3.4.5/a",
                                        "https://push.localhost/a"])


@given(body=json_values | st.fixed_dictionaries({}, optional={
           "endpoint": endpoints, "expirationTime": json_values,
           "keys": json_values | st.fixed_dictionaries({}, optional={"p256dh": odd_text, "auth": odd_text})}),
       method=st.sampled_from(["POST", "DELETE"]), who=st.sampled_from(["guest", "member", "forged"]),
       raw=st.booleans())
@FUZZ
def test_push_routes(served, body, method, who, raw):
    """Subscribing a browser to Web Push (issue 59) and forgetting it, as a guest, signed in or
    with a forged CSRF token, with any JSON: no 5xx, refusals in JSON; a guest and a forged
    token are refused; no made-up subscription is kept."""
    server, _ = served
    http = _member(server) if who != "guest" else http_client(server.url)
    with closing(http):
        if who == "forged":
            http.headers["x-csrf-token"] = "A" * 43
        answer = http.request(method, "/api/push/subscribe", content=_dumps(body),
                              headers={"content-type": "text/plain" if raw else "application/json"})
        _json_error(answer)
        if who != "member" or method == "POST":
            assert answer.status_code in (400, 401, 403), (method, who, answer.text)
        _json_error(http.get("/api/push/key"))


def test_every_route_of_the_server_is_fuzzed():
    """A new HTTP route must join a fuzz test here: the routes the tests above send to."""
    from realpolitik.server.app import create_app

    fuzzed = {"/", "/game/{game_id}", "/replay/{game_id}", "/account", "/i18n/{lang}.json", "/api/catalog",
              "/api/content/{game}/{name}", "/api/games", "/api/games/{game_id}", "/api/games/{game_id}/claim",
              "/api/games/{game_id}/record", "/api/games/{game_id}/replay", "/api/games/{game_id}/chat",
              "/api/games/{game_id}/review",
              "/api/account", "/ws/{game_id}", "/api/leaderboard/{game}", "/api/players/{name:path}",
              "/api/rules/{game}", "/api/statistics/{game}",
              "/leaderboard", "/player/{name:path}", "/statistics", "/rules/{game}",
              "/api/learn/{game}", "/learn/{game}", "/api/account/games", "/api/games/{game_id}/notes", "/api/entries",
              *ACCOUNT_POSTS, *SOCIAL_PATHS, *TOURNAMENT_PATHS,
              *PUSH_PATHS}
    routes = {route.path for route in create_app().routes if getattr(route, "path", "").startswith(("/api", "/ws"))
              or route.path in fuzzed}
    assert routes - {"/static"} <= fuzzed, sorted(routes - fuzzed)
