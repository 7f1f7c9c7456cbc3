"""Accounts against a real server: signing up, logging in and out, changing the password,
the session cookie's flags, CSRF tokens on every state-changing request with a session,
rate limits on login and signup, and what is stored (Argon2 hashes, token hashes only)."""

from __future__ import annotations

import hashlib
import sqlite3
from urllib.parse import quote

import pytest
from websockets.exceptions import ConnectionClosed

from realpolitik.testing.load import allowance
from realpolitik.testing.server import ROOMY, Api, ServerProcess

PASSWORD = "correct horse battery"
#: the module's server lets the tests log in often; the limits test runs its own
ROOMY_LOGINS = {**ROOMY, "logins": "10000/minute", "logins_per_name": "10000/hour"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    proc = ServerProcess(str(tmp_path_factory.mktemp("accounts") / "games.db"), limits=ROOMY_LOGINS).start()
    yield proc
    proc.stop()


@pytest.fixture
def device(server):
    """``device()`` opens a new HTTP client on the server: its own cookies, like another browser."""
    opened: list[Api] = []

    def open_device() -> Api:
        client = Api(server)
        opened.append(client)
        return client

    yield open_device
    for client in opened:
        client.http.close()


_names = iter(range(10**6))


def fresh_name(base: str = "Player") -> str:
    return f"{base} {next(_names)}"


def signup(client: Api, name: str, password: str = PASSWORD, **extra):
    return client.post("/api/account/signup", json={"name": name, "password": password}, **extra)


def login(client: Api, name: str, password: str = PASSWORD):
    return client.post("/api/account/login", json={"name": name, "password": password})


def cookie_of(answer) -> dict[str, str]:
    """The session cookie's attributes as the server set them (lower-case names)."""
    header = next(h for h in answer.headers.get_list("set-cookie") if h.startswith("session="))
    parts = [p.strip() for p in header.split(";")]
    attrs = {"value": parts[0].split("=", 1)[1]}
    for part in parts[1:]:
        key, _, value = part.partition("=")
        attrs[key.lower()] = value
    return attrs


def test_signing_up_logs_in_with_a_strict_session_cookie(device):
    ann = device()
    name = fresh_name("Ann")
    answer = signup(ann, name)
    assert answer.status_code == 201, answer.text
    body = answer.json()
    assert body["user"]["name"] == name and len(body["csrf"]) >= 40
    cookie = cookie_of(answer)
    assert len(cookie["value"]) == 43  # 32 random bytes
    assert "httponly" in cookie and cookie["samesite"].lower() == "lax" and cookie["path"] == "/"
    assert cookie["max-age"] == str(30 * 24 * 3600) and "secure" not in cookie  # plain http here
    assert answer.headers["cache-control"] == "no-store"
    me = ann.get("/api/account").json()
    assert me["user"]["name"] == name and me["csrf"] == body["csrf"]
    assert "password" not in answer.text and PASSWORD not in answer.text
    assert device().get("/api/account").json() == {"user": None}  # a guest


def test_the_cookie_is_secure_when_the_request_came_over_https(device):
    # the test server trusts its loopback proxy's X-Forwarded-Proto, as behind a TLS proxy
    answer = signup(device(), fresh_name(), headers={"x-forwarded-proto": "https"})
    assert answer.status_code == 201 and "secure" in cookie_of(answer)


@pytest.mark.parametrize("name, password, code, words", [
    ("A", PASSWORD, "bad-name", "A name has 2 to 40 visible characters."),
    ("x" * 41, PASSWORD, "bad-name", "A name has 2 to 40 visible characters."),
    ("\u200b\u200b\u200b", PASSWORD, "bad-name", "A name has 2 to 40 visible characters."),
    ("Bob", "short", "bad-password", "A password needs at least 8 characters."),
    ("Bob", "p" * 257, "bad-password", "A password may have at most 256 characters."),
])
def test_names_and_passwords_are_refused_outside_their_rules(device, name, password, code, words):
    answer = signup(device(), name, password)
    assert answer.status_code == 400 and answer.json() == {"error": words, "code": code}


def test_a_name_is_taken_however_it_is_cased_and_refusals_come_in_german(device):
    name = fresh_name("Zoë")
    assert signup(device(), name).status_code == 201
    again = signup(device(), name.upper())
    assert again.status_code == 409 and again.json()["code"] == "name-taken"
    assert again.json()["error"] == f"The name {name.upper()} is taken; choose another."
    german = device().post("/api/account/signup", json={"name": name.lower(), "password": PASSWORD},
                           headers={"accept-language": "de"})
    assert german.status_code == 409 and "vergeben" in german.json()["error"]
    assert signup(device(), "  " + name + "  ").status_code == 409  # spaces are cleaned off
    assert signup(device(), name, "p" * 256).status_code == 409  # 256 characters are allowed


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(device):
    name = fresh_name()
    signup(device(), name)
    wrong = login(device(), name, "not the password")
    unknown = login(device(), fresh_name("Nobody"), "not the password")
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() == {"error": "Wrong name or password.", "code": "bad-login"}
    assert "set-cookie" not in wrong.headers
    right = login(device(), name.upper())
    assert right.status_code == 200 and right.json()["user"]["name"] == name


def test_logging_out_ends_the_session(device):
    ann = device()
    name = fresh_name()
    csrf = signup(ann, name).json()["csrf"]
    stolen = ann.http.cookies["session"]
    answer = ann.post("/api/account/logout", headers={"x-csrf-token": csrf})
    assert answer.status_code == 200 and answer.json() == {"user": None}
    assert cookie_of(answer)["max-age"] == "0"
    assert ann.get("/api/account").json() == {"user": None}
    replay = device()
    replay.http.cookies.set("session", stolen)
    assert replay.get("/api/account").json() == {"user": None}  # the old token is dead on the server too


def test_changing_the_password_ends_the_other_sessions(device):
    name = fresh_name()
    phone, laptop = device(), device()
    signup(phone, name)
    csrf = login(laptop, name).json()["csrf"]
    wrong = laptop.post("/api/account/password", json={"old": "not it at all", "new": "a new password"},
                        headers={"x-csrf-token": csrf})
    assert wrong.status_code == 401 and wrong.json()["code"] == "bad-login"
    assert phone.get("/api/account").json()["user"]["name"] == name  # nothing changed yet
    short = laptop.post("/api/account/password", json={"old": PASSWORD, "new": "short"},
                        headers={"x-csrf-token": csrf})
    assert short.status_code == 400 and short.json()["code"] == "bad-password"
    done = laptop.post("/api/account/password", json={"old": PASSWORD, "new": "a new password"},
                       headers={"x-csrf-token": csrf})
    assert done.status_code == 200, done.text
    assert laptop.get("/api/account").json()["user"]["name"] == name  # this session stays
    assert phone.get("/api/account").json() == {"user": None}  # the other one ended
    assert login(device(), name).status_code == 401
    assert login(device(), name, "a new password").status_code == 200


def test_a_guest_cannot_change_a_password_or_bind_seats(device):
    guest = device()
    for path, body in (("/api/account/password", {"old": PASSWORD, "new": "a new password"}),
                       ("/api/account/seats", {"seats": []})):
        answer = guest.post(path, json=body)
        assert answer.status_code == 401 and answer.json() == {"error": "You are not logged in.",
                                                               "code": "signed-out"}
    assert guest.get("/api/account/games").status_code == 401


def test_state_changing_requests_with_a_session_need_its_csrf_token(device):
    ann = device()
    csrf = signup(ann, fresh_name()).json()["csrf"]
    game = {"game": "nuclear-war", "seats": ["human", "random"]}
    for headers in ({}, {"x-csrf-token": "x" * 43}, {"x-csrf-token": csrf[:-1]}, {"x-csrf-token": b"\xe9"}):
        refused = ann.post("/api/games", json=game, headers=headers)
        assert refused.status_code == 403, headers
        assert refused.json() == {"code": "csrf", "error": "This request lacks the page's security token "
                                                           "(X-CSRF-Token); reload the page and try again."}
        assert "script-src 'self'" in refused.headers["content-security-policy"]
    assert ann.post("/api/account/logout").status_code == 403  # logging out too
    assert ann.get("/api/account").json()["user"] is not None  # still signed in
    created = ann.post("/api/games", json=game, headers={"x-csrf-token": csrf})
    assert created.status_code == 201
    assert device().post("/api/games", json=game).status_code == 201  # guests need no token
    stale = device()
    stale.http.cookies.set("session", "A" * 43)  # a cookie of no session: a guest
    assert stale.post("/api/games", json=game).status_code == 201
    answer = stale.get("/api/account")
    assert answer.json() == {"user": None} and cookie_of(answer)["max-age"] == "0"  # the dead cookie is cleared


def test_account_forms_must_come_as_json(device):
    answer = device().post("/api/account/login", content=f'{{"name": "x", "password": "{PASSWORD}"}}',
                           headers={"content-type": "text/plain"})
    assert answer.status_code == 400 and "application/json" in answer.json()["error"]


def test_what_is_stored_is_an_argon2_hash_and_the_session_tokens_hash(server, device):
    ann = device()
    name = fresh_name()
    signup(ann, name)
    token = ann.http.cookies["session"]
    with sqlite3.connect(server.db) as db:
        stored = db.execute("select password_hash from users where name = ?", (name,)).fetchone()[0]
        hashes = {row[0] for row in db.execute("select token_hash from sessions")}
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    assert hashlib.sha256(token.encode()).hexdigest() in hashes and token not in hashes
    log = server.output()
    assert PASSWORD not in log and token not in log


def test_logins_and_signups_are_rate_limited_per_address_and_per_name(tmp_path):
    limits = {**ROOMY, "logins": "4/minute", "logins_per_name": "2/hour"}
    with ServerProcess(str(tmp_path / "games.db"), limits=limits) as server:

        def attempt(action, *args):
            with Api(server) as client:  # a fresh browser each time, from the same address
                return action(client, *args)

        assert attempt(signup, "Ann").status_code == 201
        assert attempt(login, "Ann", "wrong password").status_code == 401
        assert attempt(login, "ann", "wrong again!").status_code == 401
        locked = attempt(login, "Ann")  # the right password, but the name had its failures
        assert locked.status_code == 429 and locked.json() == {
            "code": "limit", "error": "Too many failed attempts for this name; wait a while before trying again."}
        flood = attempt(login, "Bob")  # the fifth attempt from this address within the minute
        assert flood.status_code == 429 and flood.json() == {
            "code": "limit", "error": "Too many attempts to log in or sign up from your address; wait a minute."}
        assert attempt(signup, "Carol").status_code == 429


def test_the_accounts_language_follows_the_player_to_another_device(device):
    name = fresh_name("Greta")
    german = device().post("/api/account/signup", json={"name": name, "password": PASSWORD},
                           headers={"accept-language": "de-DE"})
    assert german.status_code == 201 and german.json()["user"]["language"] == "de"
    assert "lang=de" in german.headers["set-cookie"]
    elsewhere = device()  # an English browser without a language chosen
    answer = elsewhere.post("/api/account/login", json={"name": name, "password": PASSWORD},
                            headers={"accept-language": "en-US"})
    assert answer.status_code == 200 and elsewhere.http.cookies.get("lang") == "de"
    refusal = elsewhere.http.get("/api/games/000000000000", headers={"accept-language": "en-US"})
    assert refusal.json()["error"] == "Diese Partie gibt es nicht."  # the server speaks the account's language
    english = device()
    english.post("/api/account/signup", json={"name": fresh_name("Eve"), "password": PASSWORD},
                 headers={"accept-language": "en"})
    assert english.http.cookies.get("lang") == "en"


def test_the_language_chosen_on_a_page_is_kept_in_the_account(device):
    name = fresh_name("Hanna")
    phone = device()
    csrf = signup(phone, name, headers={"accept-language": "en-US"}).json()["csrf"]
    refused = phone.post("/api/account/settings", json={"language": "de"})
    assert refused.status_code == 403 and refused.json()["code"] == "csrf"
    for bad, code in (({"language": "fr"}, "bad-request"), ({"language": "de", "email": "x"}, "bad-address"),
                      ({}, "bad-request"), ({"colour": "red"}, "bad-request")):
        answer = phone.post("/api/account/settings", json=bad, headers={"x-csrf-token": csrf})
        assert answer.status_code == 400 and answer.json()["code"] == code, bad
    assert phone.get("/api/account").json()["user"]["language"] == "en"  # a refused change changes nothing
    chosen = phone.post("/api/account/settings", json={"language": "de"}, headers={"x-csrf-token": csrf})
    assert chosen.status_code == 200 and chosen.json()["user"]["language"] == "de"
    assert phone.http.cookies.get("lang") == "de"
    laptop = device()  # another device, an English browser: the account's choice wins
    login(laptop, name)
    assert laptop.http.cookies.get("lang") == "de" and laptop.get("/api/account").json()["user"]["language"] == "de"
    phone.post("/api/account/settings", json={"language": None}, headers={"x-csrf-token": csrf})
    assert phone.get("/api/account").json()["user"]["language"] is None  # the browser's again
    guest = device().post("/api/account/settings", json={"language": "de"})
    assert guest.status_code == 401 and guest.json()["code"] == "signed-out"


def test_parallel_wrong_passwords_to_one_name_are_checked_at_most_as_often_as_the_limit(tmp_path):
    """Attempts under way count against the name's limit before their slow password check ends."""
    from concurrent.futures import ThreadPoolExecutor

    limits = {**ROOMY, "logins": "100000/minute", "logins_per_name": "20/hour"}
    with ServerProcess(str(tmp_path / "games.db"), limits=limits) as server:
        with Api(server) as client:
            assert signup(client, "Ann").status_code == 201

        def wrong(_):  # 20 password checks share the cores: on a loaded machine each waits its turn a while
            with Api(server, timeout=allowance(10)) as client:
                return login(client, "Ann", "not the password").status_code

        with ThreadPoolExecutor(30) as pool:
            answers = list(pool.map(wrong, range(60)))
    assert answers.count(401) <= 20 and answers.count(401) + answers.count(429) == 60, answers


def _seated_with_session(server, api_of_device, name: str):
    """A game of two people whose first seat Ann holds through her account on this device: (game, socket)."""
    from realpolitik.testing.server import GameSocket

    with Api(server) as lobby:
        game = lobby.create(["human", "human"], game="nationen")
    sock = GameSocket(server, game["id"], headers={"cookie": f"session={api_of_device.http.cookies['session']}"})
    first = sock.hello(game["tokens"]["p1"])
    assert first["type"] == "view" and first["players"][0]["name"] == name
    return game, sock


def test_a_password_change_closes_the_game_connections_of_every_other_session(server, device):
    name = fresh_name("Ann")
    phone, laptop = device(), device()
    signup(phone, name)
    csrf = login(laptop, name).json()["csrf"]
    _, on_phone = _seated_with_session(server, phone, name)
    _, on_laptop = _seated_with_session(server, laptop, name)
    try:
        changed = laptop.post("/api/account/password", json={"old": PASSWORD, "new": "another horse battery"},
                              headers={"x-csrf-token": csrf})
        assert changed.status_code == 200
        ended = on_phone.until(lambda m: m["type"] == "error")
        assert ended["code"] == "signed-out"
        with pytest.raises(ConnectionClosed):
            on_phone.recv(5)
        assert on_phone.ws.close_code == 4403
        on_laptop.send({"type": "chat", "text": "still here"})  # the session that changed it plays on
        assert on_laptop.until(lambda m: m["type"] in ("chat", "error"))["type"] == "chat"
    finally:
        on_phone.close()
        on_laptop.close()


def test_logging_out_closes_the_game_connections_of_that_session(server, device):
    name = fresh_name("Bo")
    phone = device()
    csrf = signup(phone, name).json()["csrf"]
    _, sock = _seated_with_session(server, phone, name)
    try:
        assert phone.post("/api/account/logout", headers={"x-csrf-token": csrf}).status_code == 200
        assert sock.until(lambda m: m["type"] == "error")["code"] == "signed-out"
        with pytest.raises(ConnectionClosed):
            sock.recv(5)
    finally:
        sock.close()


def test_an_account_whose_name_has_a_slash_has_its_player_page(server, device):
    name = fresh_name("AC/DC")
    assert signup(device(), name).status_code == 201
    quoted = quote(name, safe="")
    page = device().get(f"/api/players/{quoted}")
    assert page.status_code == 200 and page.json()["name"] == name
    assert device().get(f"/player/{quoted}").status_code == 200
