"""Web Push (issue 59) against a real server and a local push service that checks the VAPID
token and decrypts each message as a browser does (RFC 8291, RFC 8292): a player with no tab
of the game open gets the turn notice in their language on every subscribed browser, one
with a tab open gets none; a subscription the push service says is gone is forgotten;
subscriptions are checked strictly (a host however written), bounded per account, one
account's each, and need the page's CSRF token; push endpoints are guarded like webhooks;
an account's browsers are pushed to at once, within one deadline, holding up no other account."""

from __future__ import annotations

import asyncio
import base64
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02

from realpolitik.games import get
from realpolitik.server.notify import AT_ONCE, NoticeSettings, Notifier, Refused
from realpolitik.server.push import MAX_DEVICES, Pusher, check_endpoint
from realpolitik.server.push_store import PushStore, public_key
from realpolitik.server.store import Store, StoredGame, StoredSeat, now
from realpolitik.server.table import Refusal
from realpolitik.server.tokens import new_game_id
from realpolitik.testing.load import allowance, eventually
from realpolitik.testing.push import PushService, VapidError, verify_vapid
from realpolitik.testing.server import ROOMY, GameSocket, ServerProcess, http_client

PASSWORD = "correct horse battery"
_numbers = iter(range(10**6))


@pytest.fixture(scope="module")
def pushes():
    with PushService() as service:
        yield service


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    limits = {**ROOMY, "logins": "10000/minute", "logins_per_name": "10000/hour"}
    proc = ServerProcess(str(tmp_path_factory.mktemp("push") / "games.db"), limits=limits,
                         args=("--notify-every", "0.05", "--notify-retry", "0.01", "--push-loopback")).start()
    yield proc
    proc.stop()
    assert "Traceback" not in proc.output(), proc.output()[-3000:]


class Player:
    """An account with its cookies and CSRF token."""

    def __init__(self, server: ServerProcess, base: str, lang: str = "en") -> None:
        self.server = server
        self.name = f"{base} {next(_numbers)}"
        self.http = http_client(server.url)
        answer = self.http.post("/api/account/signup", json={"name": self.name, "password": PASSWORD},
                                headers={"accept-language": lang})
        assert answer.status_code == 201
        self.csrf = answer.json()["csrf"]
        if lang != "en":
            assert self.http.post("/api/account/settings", json={"language": lang},
                                  headers={"x-csrf-token": self.csrf}).status_code == 200

    def subscribe(self, subscription: dict) -> httpx.Response:
        return self.http.post("/api/push/subscribe", json=subscription, headers={"x-csrf-token": self.csrf})

    def unsubscribe(self, endpoint: str) -> httpx.Response:
        return self.http.request("DELETE", "/api/push/subscribe", json={"endpoint": endpoint},
                                 headers={"x-csrf-token": self.csrf})

    def socket(self, game_id: str) -> GameSocket:
        return GameSocket(self.server, game_id, headers={"cookie": f"session={self.http.cookies['session']}"})


def seated(server: ServerProcess, players: dict[str, Player]) -> tuple[dict, dict[str, GameSocket]]:
    """A Nationen game of two people, each account in its seat and connected."""
    with http_client(server.url) as http:
        game = http.post("/api/games", json={"game": "nationen", "seats": ["human", "human"]}).json()
    tokens = {i["seat"]: i["url"].split("token=")[1] for i in game["invites"]}
    sockets = {}
    for label, player in players.items():
        sockets[label] = player.socket(game["id"])
        sockets[label].hello(tokens[label])
    return game, sockets


def play_until_turn_of(sock: GameSocket, other: str) -> int:
    """Play the first legal actions of ``sock``'s seat until ``other`` is to act; returns the move."""
    while True:
        view = sock.wait_view(lambda m: m["status"] == "running")
        if view["view"]["to_act"] == other:
            return view["seq"]
        if "pending" in view["view"]:
            sock.act(view["view"]["pending"]["actions"][0])
        sock.wait_view(lambda m, s=view["seq"]: m["seq"] > s)


def rows(server: ServerProcess, sql: str, *args) -> list[dict]:
    store = Store(server.db)
    try:
        with store.engine.connect() as conn:
            return [dict(r) for r in conn.exec_driver_sql(sql, args).mappings().all()]
    finally:
        store.close()


def of(pushes: PushService, name: str) -> list:
    return [r for r in pushes.received if r.name == name]


# ---------------------------------------------------------------------- turn notices


def test_a_player_with_no_tab_open_gets_the_turn_decrypted_in_their_language(server, pushes):
    ann, bo = Player(server, "Ann"), Player(server, "Bo", "de")
    phone, laptop = pushes.subscribe("bo phone"), pushes.subscribe("bo laptop")
    assert bo.subscribe(phone).status_code == 201 and bo.subscribe(laptop).status_code == 201
    game, sockets = seated(server, {"p1": ann, "p2": bo})
    sockets["p2"].close()  # Bo looks away
    turn = play_until_turn_of(sockets["p1"], "p2")
    eventually(lambda: of(pushes, "bo phone") and of(pushes, "bo laptop"))
    key = bo.http.get("/api/push/key").json()["key"]
    for message in of(pushes, "bo phone") + of(pushes, "bo laptop"):
        payload = message.payload
        assert payload["game"] == game["id"] and payload["turn"] == turn and payload["event"] == "your-turn"
        assert payload["url"] == f"/game/{game['id']}#seat=p2"
        assert payload["title"].startswith("Du bist am Zug") and payload["seat"] in payload["body"]
        assert message.ttl == 24 * 3600 and message.topic == f"turn-{game['id']}"
        assert message.key == key and message.claims["aud"] == pushes.origin
    assert pushes.refused == []
    told = rows(server, "select channel, sent from notices where game_id = ?", game["id"])
    assert [r["channel"] for r in told] == ["push"] and told[0]["sent"] is not None  # once, for both browsers
    sockets["p1"].close()


def test_a_player_with_a_tab_open_gets_no_push(server, pushes):
    ann, bo = Player(server, "Ann"), Player(server, "Bo")
    assert bo.subscribe(pushes.subscribe("bo watching")).status_code == 201
    game, sockets = seated(server, {"p1": ann, "p2": bo})
    play_until_turn_of(sockets["p1"], "p2")
    sockets["p2"].wait_view(lambda m: m["view"]["to_act"] == "p2")
    time.sleep(allowance(1.0))  # twenty looks at the outbox
    assert of(pushes, "bo watching") == []
    assert rows(server, "select id from notices where game_id = ?", game["id"]) == []
    for sock in sockets.values():
        sock.close()


def test_a_subscription_the_push_service_calls_gone_is_forgotten(server, pushes):
    ann, bo = Player(server, "Ann"), Player(server, "Bo")
    stale, fresh = pushes.subscribe("bo stale"), pushes.subscribe("bo fresh")
    bo.subscribe(stale), bo.subscribe(fresh)
    pushes.answer(stale, 410)
    game, sockets = seated(server, {"p1": ann, "p2": bo})
    sockets["p2"].close()
    play_until_turn_of(sockets["p1"], "p2")
    eventually(lambda: of(pushes, "bo fresh"))

    def endpoints() -> list[str]:
        return [r["endpoint"] for r in rows(server, "select endpoint from push_subscriptions")]

    eventually(lambda: stale["endpoint"] not in endpoints())
    assert fresh["endpoint"] in endpoints() and of(pushes, "bo stale") == []
    sockets["p1"].close()


# ---------------------------------------------------------------------- subscribing


def test_subscribing_needs_an_account_and_the_pages_token(server, pushes):
    subscription = pushes.subscribe("nobody")
    with http_client(server.url) as guest:
        assert guest.post("/api/push/subscribe", json=subscription).json()["code"] == "signed-out"
        assert guest.get("/api/push/key").status_code == 200
    bo = Player(server, "Bo")
    forged = bo.http.post("/api/push/subscribe", json=subscription, headers={"x-csrf-token": "A" * 43})
    assert forged.status_code == 403 and forged.json()["code"] == "csrf"
    assert bo.http.post("/api/push/subscribe", content=str(subscription),
                        headers={"x-csrf-token": bo.csrf, "content-type": "text/plain"}).status_code == 400
    assert rows(server, "select id from push_subscriptions where endpoint = ?", subscription["endpoint"]) == []


def _bad(subscription: dict, **change) -> dict:
    keys = {**subscription["keys"], **{k: v for k, v in change.items() if k in ("p256dh", "auth")}}
    return {**subscription, **{k: v for k, v in change.items() if k not in ("p256dh", "auth")}, "keys": keys}


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@pytest.mark.parametrize("change", [
    {"endpoint": "http://push.example/a"},  # not https
    {"endpoint": "https://10.1.2.3/a"},  # a private address
    {"endpoint": "https://169.254.169.254/a"},  # the cloud metadata address
    {"endpoint": "https://user:pw@push.example/a"},
    {"endpoint": "https://push.example/a#x"},
    {"endpoint": "https://push.example/a b"},
    {"endpoint": "https://push.example/\u00e4"},
    {"endpoint": "https://push.example:70000/a"},
    {"endpoint": "ftp://push.example/a"},
    {"endpoint": "https://push.example/" + "a" * 500},
    {"p256dh": _b64(b"\x04" + b"\x01" * 64)},  # 65 bytes, not a point of the curve
    {"p256dh": _b64(b"\x04" + b"\x01" * 30)},  # too short
    {"p256dh": "not base64url!"},
    {"auth": _b64(b"\x01" * 15)},
    {"auth": _b64(b"\x01" * 32)},
    {"surprise": 1},
    {"keys": None},
])
def test_a_malformed_subscription_is_refused_and_nothing_kept(server, pushes, change):
    bo = Player(server, "Bo")
    subscription = pushes.subscribe("malformed")
    body = ({**subscription, "keys": None} if "keys" in change else _bad(subscription, **change))
    answer = bo.subscribe(body)
    assert answer.status_code == 400 and answer.json()["code"] == "bad-request" and answer.json()["error"]
    assert rows(server, "select s.id from push_subscriptions s join users u on u.id = s.user_id where u.name = ?",
                bo.name) == []


def test_an_account_subscribes_at_most_so_many_browsers_and_may_forget_one(server, pushes):
    bo, cy = Player(server, "Bo"), Player(server, "Cy")
    browsers = [pushes.subscribe(f"device {n}") for n in range(MAX_DEVICES)]
    for browser in browsers:
        assert bo.subscribe(browser).status_code == 201
    assert bo.subscribe(browsers[0]).status_code == 201  # again: the same one, new keys welcome
    one_more = pushes.subscribe("one more")
    refused = bo.subscribe(one_more)
    assert refused.status_code == 429 and refused.json()["code"] == "limit"
    assert bo.unsubscribe(one_more["endpoint"]).json() == {"subscribed": False, "found": False}
    assert cy.unsubscribe(browsers[1]["endpoint"]).json()["found"] is False  # not Cy's to forget
    assert bo.unsubscribe(browsers[1]["endpoint"]).json() == {"subscribed": False, "found": True}
    assert bo.subscribe(one_more).status_code == 201


def test_an_endpoint_another_account_holds_is_refused_and_stays_its(server, pushes):
    bo, cy = Player(server, "Bo"), Player(server, "Cy")
    browser = pushes.subscribe("bo's browser")
    assert bo.subscribe(browser).status_code == 201
    theirs = pushes.subscribe("cy's keys")["keys"]  # Cy learnt Bo's endpoint, and posts it with keys of his own
    refused = cy.subscribe({**browser, "keys": theirs})
    assert refused.status_code == 409 and refused.json()["code"] == "taken"
    assert refused.json()["error"] == ("This browser's notifications belong to another account; subscribe this "
                                       "browser anew to have them for yours.")
    kept = rows(server, "select u.name, s.p256dh, s.auth from push_subscriptions s join users u on u.id = s.user_id "
                        "where s.endpoint = ?", browser["endpoint"])
    assert kept == [{"name": bo.name, **browser["keys"]}]  # Bo's still, with Bo's keys
    assert bo.subscribe({**browser, "keys": theirs}).status_code == 201  # its own account may change the keys


# ---------------------------------------------------------------------- the VAPID key and token


def test_the_vapid_key_is_made_once_and_kept(tmp_path):
    db = str(tmp_path / "keys.db")
    first = Store(db)
    key = PushStore(first).vapid_key()
    first.close()
    again = Store(db)
    try:
        assert public_key(PushStore(again).vapid_key()) == public_key(key)
    finally:
        again.close()
    raw = base64.urlsafe_b64decode(public_key(key) + "=")
    assert len(raw) == 65 and raw[0] == 4


def test_the_vapid_token_verifies_and_a_forged_or_misaddressed_one_does_not():
    key = ec.generate_private_key(ec.SECP256R1())
    claims = {"aud": "https://push.example", "exp": int(time.time()) + 3600, "sub": "mailto:ops@example.org"}
    header = Vapid02(key).sign(claims)["Authorization"]
    verified, k = verify_vapid(header, "https://push.example")
    assert verified == claims and k == public_key(key)
    with pytest.raises(VapidError, match="audience"):
        verify_vapid(header, "https://other.example")
    other = public_key(ec.generate_private_key(ec.SECP256R1()))
    with pytest.raises(VapidError, match="signature"):
        verify_vapid(header.split(",k=")[0] + ",k=" + other, "https://push.example")
    late = Vapid02(key).sign({**claims, "exp": int(time.time()) - 1})["Authorization"]
    with pytest.raises(VapidError, match="expiry"):
        verify_vapid(late, "https://push.example")


# ---------------------------------------------------------------------- the address guard


@pytest.mark.parametrize("url", ["http://127.0.0.1:9/a", "https://127.0.0.1/a", "https://[::1]/a",
                                 "http://localhost/a", "https://192.168.1.1/a", "https://[fd00::1]/a"])
def test_without_the_test_setting_no_endpoint_is_local(url):
    with pytest.raises(Refusal):
        check_endpoint(url, loopback=False)


@pytest.fixture(scope="module")
def strict(tmp_path_factory):
    """A server as in production: push endpoints on public hosts only."""
    limits = {**ROOMY, "logins": "10000/minute", "logins_per_name": "10000/hour"}
    proc = ServerProcess(str(tmp_path_factory.mktemp("strict") / "games.db"), limits=limits).start()
    yield proc
    proc.stop()


#: hosts a resolver reads as a refused address however they are written, and what it reads
SPELLED = [("0x7f.1", "127.0.0.1"), ("2130706433", "127.0.0.1"), ("017700000001", "127.0.0.1"),
           ("127.1", "127.0.0.1"), ("0", "0.0.0.0"), ("0xa9fea9fe", "169.254.169.254"), ("0X7F.0.0.1", "127.0.0.1"),
           ("10.1", "10.0.0.1"), ("192.168.257", "192.168.1.1"), ("127.0.0.1.", "127.0.0.1")]


@pytest.mark.parametrize(("host", "address"), SPELLED, ids=[h for h, _ in SPELLED])
def test_a_refused_address_in_any_spelling_is_refused_at_subscribe(strict, pushes, host, address):
    bo = Player(strict, "Bo")
    subscription = pushes.subscribe("spelled")
    answer = bo.subscribe({**subscription, "endpoint": f"https://{host}/push/a"})
    assert answer.status_code == 400 and answer.json()["code"] == "bad-request"
    assert answer.json()["error"] == ("The subscription's endpoint is not a public address: its host "
                                      f"{host.lower()} is {address}.")
    assert rows(strict, "select s.id from push_subscriptions s join users u on u.id = s.user_id where u.name = ?",
                bo.name) == []


@pytest.mark.parametrize("host", ["localhost", "push.localhost", "[::ffff:7f00:1]", "[::ffff:127.0.0.1]",
                                  "1.2.3.4.5", "08", "push.0x10"])
def test_a_loopback_name_or_a_number_that_is_no_address_is_refused_at_subscribe(strict, pushes, host):
    answer = Player(strict, "Bo").subscribe({**pushes.subscribe("odd"), "endpoint": f"https://{host}/push/a"})
    assert answer.status_code == 400 and answer.json()["code"] == "bad-request"
    assert answer.json()["error"].startswith(("The subscription's endpoint is not a public address",
                                              "The subscription's endpoint is not a valid URL."))


def test_a_public_address_in_any_spelling_and_a_host_name_with_digits_are_kept(strict, pushes):
    bo = Player(strict, "Bo")
    for host in ("134744072", "8.8.8.8", "push0.example", "0xff.push.example"):
        assert bo.subscribe({**pushes.subscribe("fine"), "endpoint": f"https://{host}/push/a"}).status_code == 201


def test_with_the_test_setting_only_loopback_is_let_through():
    assert check_endpoint("http://127.0.0.1:9/a", loopback=True) == "http://127.0.0.1:9/a"
    assert check_endpoint("https://push.example/a", loopback=False) == "https://push.example/a"
    with pytest.raises(Refusal):
        check_endpoint("http://10.0.0.1/a", loopback=True)


@pytest.mark.parametrize(("address", "loopback"), [("10.0.0.7", True), ("127.0.0.1", False), ("169.254.169.254", True),
                                                    ("fe80::1", True), ("::ffff:127.0.0.1", False)])
def test_a_push_host_resolving_to_a_local_address_is_refused_unposted(monkeypatch, address, loopback):
    monkeypatch.setattr("socket.getaddrinfo", lambda host, port, **kw: [(None, None, None, "", (address, port))])
    monkeypatch.setattr("socket.create_connection", lambda *a, **kw: pytest.fail("connected"))
    pusher = Pusher(None, NoticeSettings(push_loopback=loopback))
    with pytest.raises(Refused):
        pusher._addresses("push.example", 443)


# ---------------------------------------------------------------------- the installable web app


def test_the_site_is_an_installable_web_app_with_its_worker_at_the_root(server):
    with http_client(server.url) as http:
        worker = http.get("/sw.js")
        assert worker.status_code == 200 and worker.headers["content-type"].startswith("text/javascript")
        assert 'addEventListener("push"' in worker.text and 'addEventListener("notificationclick"' in worker.text
        policy = worker.headers["content-security-policy"]
        assert "default-src 'self'" in policy and "worker-src" not in policy  # workers fall back to 'self'
        manifest = http.get("/manifest.webmanifest")
        assert manifest.headers["content-type"].startswith("application/manifest+json")
        app = manifest.json()
        assert app["name"] == "realpolitik" and app["start_url"] == "/" and app["display"] == "standalone"
        sizes = {icon["sizes"] for icon in app["icons"]}
        assert {"192x192", "512x512"} <= sizes
        for icon in app["icons"]:
            answer = http.get(icon["src"])
            assert answer.status_code == 200 and answer.headers["content-type"] == icon["type"]
        pages = ["/", "/account", "/game/0123456789ab", "/replay/0123456789ab", "/leaderboard", "/statistics",
                 "/player/Nobody", "/rules/nationen", "/learn/nationen"]
        for page in pages:
            assert '<link rel="manifest" href="/manifest.webmanifest">' in http.get(page).text, page


def test_a_kept_loopback_endpoint_is_not_pushed_to_once_the_server_refuses_loopback(monkeypatch):
    monkeypatch.setattr("socket.create_connection", lambda *a, **kw: pytest.fail("connected"))

    class Kept:
        def subscriptions(self, user_id):
            return [{"id": 1, "endpoint": "http://127.0.0.1:9/push/a", "p256dh": "x", "auth": "y"}]

    with pytest.raises(Refused):
        Pusher(Kept(), NoticeSettings()).send({"user_id": 1, "game_id": "0123456789ab", "language": "en",
                                               "players": 2, "seat": 0, "turn": 3}, get("nationen"))


# ---------------------------------------------------------------------- in-process: browsers that never answer


class Hook(BaseHTTPRequestHandler):
    """A webhook receiver that answers at once; keeps when each POST came."""

    times: list = []

    def do_POST(self):  # noqa: N802 — the standard library's hook name
        self.rfile.read(int(self.headers["content-length"]))
        type(self).times.append(time.monotonic())
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def hook():
    Hook.times = []
    http = ThreadingHTTPServer(("127.0.0.1", 0), Hook)
    threading.Thread(target=http.serve_forever, daemon=True).start()
    yield Hook, f"http://127.0.0.1:{http.server_address[1]}/hook"
    http.shutdown()


def account(store: Store, games: int) -> tuple[int, list[str]]:
    """A fresh account holding the second seat of ``games`` running games; its id and the games'."""
    n = next(_numbers)
    user = store.add_user(f"Player {n}", f"player {n}", "not a hash", None)
    ids = []
    for _ in range(games):
        ids.append(new_game_id())
        store.create_game(StoredGame(id=ids[-1], game="nationen", rules_version="1", options={}, seed=1,
                                     lobby_join=False, status="running", created=now(),
                                     seats=[StoredSeat(0, "random", "Bot", joined=True),
                                            StoredSeat(1, "human", user.name, joined=True, user_id=user.id)]))
    return user.id, ids


def _no_chore(work) -> None:
    raise AssertionError("the outbox worker hands the server no chore")


def test_ten_browsers_that_never_answer_take_one_deadline_and_hold_up_no_other_account(tmp_path, pushes, hook):
    hooked, url = hook
    deadline = 2.0
    settings = NoticeSettings(push_loopback=True, webhook_private=True, every=0.05, retry=0.05, deadline=deadline)
    store = Store(str(tmp_path / "games.db"))
    push = Pusher(PushStore(store), settings)
    notifier = Notifier(store, {"nationen": get("nationen")}, push, _no_chore, settings)
    try:
        mute, turns = account(store, AT_ONCE)  # as many turns as there are places, each told to ten silent browsers
        for n in range(MAX_DEVICES):
            browser = pushes.subscribe(f"mute {n}")
            pushes.answer(browser, None)
            push.store.subscribe(mute, browser["endpoint"], **browser["keys"], most=MAX_DEVICES)
        for game_id in turns:
            assert push.store.add_notice(mute, game_id, 1, 1) == 1
        other, [game_id] = account(store, 1)  # another account's webhook, queued after them all
        store.set_addresses(other, {"webhook": url})
        assert store.add_notices(other, game_id, 1, 1, ("webhook",)) == 1
        tries = AT_ONCE + 1  # each turn once, and the first one again

        def told() -> list[dict]:
            with store.engine.connect() as conn:
                return [dict(r) for r in conn.exec_driver_sql(
                    "select attempts, sent, error from notices where user_id = ?", (mute,)).mappings()]

        async def working() -> float:
            notifier.start()
            try:
                started = time.monotonic()
                while sum(r["attempts"] for r in await store.in_thread(told)) < tries:
                    assert hooked.times or time.monotonic() < started + deadline / 2, "the other account waits"
                    assert time.monotonic() < started + tries * deadline + 5, "not within the time"
                    await asyncio.sleep(0.02)
                return started
            finally:
                notifier.stop()

        started = asyncio.run(working())
        assert len(hooked.times) == 1 and hooked.times[0] < started + deadline / 2  # not held up at all
        given_up = sorted(pushes.given_up(tries * MAX_DEVICES), key=lambda u: u.came)[:tries * MAX_DEVICES]
        pushed = [given_up[k:k + MAX_DEVICES] for k in range(0, len(given_up), MAX_DEVICES)]
        assert len(pushed) == tries and {u.name for u in pushed[0]} == {f"mute {n}" for n in range(MAX_DEVICES)}
        for before, at_once in zip([None, *pushed], pushed, strict=False):
            first = at_once[0].came
            assert at_once[-1].came - first < deadline / 2  # all ten at once
            assert all(first + deadline - 0.5 < u.hung_up < first + deadline + 1 for u in at_once)  # one deadline
            if before:  # the account's next turn, or its retry, only once the last try was over: one place
                assert first > max(u.hung_up for u in before) - 0.2
        tried = told()
        assert sorted(r["attempts"] for r in tried) == [1] * (AT_ONCE - 1) + [2]
        assert {r["error"] for r in tried} == {"Failed: no push service took the notice"}
        assert not any(r["sent"] for r in tried)
    finally:
        store.close()
