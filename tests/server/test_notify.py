"""Turn notifications against a real server, a local SMTP server (aiosmtpd) and a local
webhook receiver: a player who is not looking hears of their turn once per turn and
channel, in their language, with the game's link; nobody looking is told, no bot is; a
receiver that fails is tried again later while the game goes on, and given up after a
bound; webhooks to private addresses are refused unless the server allows them, go to the
address checked (one lookup), follow no redirect and trust only a certificate for their
host; the addresses and the language are checked and changed only with the page's CSRF
token; SMTP is configured from the environment and its password never shown."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import shutil
import socket
import ssl
import subprocess
import threading
import time
from datetime import UTC, datetime, timedelta
from email import message_from_bytes
from email.policy import default as email_policy
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import SimpleNamespace

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

from realpolitik.games import get
from realpolitik.server.notify import AT_ONCE, REFUSED, NoticeSettings, Notifier, Refused, public, resolve
from realpolitik.server.store import Store, StoredGame, StoredSeat, now
from realpolitik.server.tokens import new_game_id
from realpolitik.testing.load import allowance, eventually
from realpolitik.testing.server import ROOMY, GameSocket, ServerProcess, free_port, http_client

PASSWORD = "correct horse battery"
_numbers = iter(range(10**6))


class Mailbox:
    """The local SMTP server's inbox."""

    def __init__(self) -> None:
        self.mails: list = []
        self.envelopes: list = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 — aiosmtpd's hook name
        self.mails.append(message_from_bytes(envelope.content, policy=email_policy))
        self.envelopes.append(list(envelope.rcpt_tos))
        return "250 OK"


class Receiver(BaseHTTPRequestHandler):
    """A webhook receiver: the first ``failing`` POSTs answer 500, later ones 204 (or all a
    redirect to ``redirect``)."""

    posts: list = []
    paths: list = []
    hosts: list = []
    times: list = []
    failing = 0
    redirect = None

    def do_POST(self):  # noqa: N802 — the standard library's hook name
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        me = type(self)
        me.posts.append(body)
        me.paths.append(self.path)
        me.hosts.append(self.headers["host"])
        me.times.append(time.monotonic())
        if me.redirect:
            self.send_response(302)
            self.send_header("location", me.redirect)
        elif len(me.posts) <= me.failing:
            self.send_response(500)
        else:
            self.send_response(204)
        self.end_headers()

    def do_GET(self):  # noqa: N802 — where a client that follows a redirect would go
        type(self).paths.append(self.path)
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def mailbox():
    box = Mailbox()
    controller = Controller(box, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield box, controller.port
    controller.stop()


@pytest.fixture
def receiver():
    Receiver.posts, Receiver.paths, Receiver.hosts, Receiver.times = [], [], [], []
    Receiver.failing, Receiver.redirect = 0, None
    http = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    yield Receiver, f"http://127.0.0.1:{http.server_address[1]}/hook"
    http.shutdown()


class Trickler(BaseHTTPRequestHandler):
    """A webhook receiver that takes the POST at once, then answers a byte a second (the whole
    answer would take half a minute); keeps when each POST came and how many bytes each got out."""

    answer = b"HTTP/1.1 204 No Content\r\nServer: slow, very slow\r\n\r\n"
    times: list = []
    trickled: list = []

    def do_POST(self):  # noqa: N802 — the standard library's hook name
        self.rfile.read(int(self.headers["content-length"]))
        me = type(self)
        me.times.append(time.monotonic())
        me.trickled.append(0)
        mine = len(me.trickled) - 1
        self.close_connection = True
        for byte in me.answer:
            try:
                self.wfile.write(bytes([byte]))
            except OSError:  # the sender hung up: done
                return
            me.trickled[mine] += 1
            time.sleep(1)

    def log_message(self, *args):
        pass


@pytest.fixture
def trickler():
    Trickler.times, Trickler.trickled = [], []
    http = ThreadingHTTPServer(("127.0.0.1", 0), Trickler)
    threading.Thread(target=http.serve_forever, daemon=True).start()
    yield Trickler, f"http://127.0.0.1:{http.server_address[1]}/slow"
    http.shutdown()


@pytest.fixture
def slow_smtp():
    """An SMTP server that greets a byte a second (the greeting would take half a minute);
    yields its port and when each connection came."""
    listener = socket.create_server(("127.0.0.1", 0))
    came: list = []

    def greet(conn):
        with conn:
            for byte in b"220 slow.example ESMTP at a snail's pace\r\n":
                try:
                    conn.sendall(bytes([byte]))
                except OSError:
                    return
                time.sleep(1)

    def serve():
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:  # closed: the test is over
                return
            came.append(time.monotonic())
            threading.Thread(target=greet, args=(conn,), daemon=True).start()

    threading.Thread(target=serve, daemon=True).start()
    yield listener.getsockname()[1], came
    listener.close()


def notifying_server(tmp, smtp_port: int | None, private: bool = True) -> ServerProcess:
    args = ["--notify-every", "0.05", "--notify-retry", "0.01", "--public-url", "https://play.example"]
    if smtp_port:
        args += ["--smtp", f"127.0.0.1:{smtp_port}"]
    if private:
        args.append("--webhook-private")
    limits = {**ROOMY, "logins": "10000/minute", "logins_per_name": "10000/hour"}
    return ServerProcess(str(tmp / "games.db"), limits=limits, args=tuple(args)).start()


@pytest.fixture(scope="module")
def server(tmp_path_factory, mailbox):
    proc = notifying_server(tmp_path_factory.mktemp("notify"), mailbox[1])
    yield proc
    proc.stop()


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

    def settings(self, **body):
        return self.http.post("/api/account/settings", json=body, headers={"x-csrf-token": self.csrf})

    def socket(self, game_id: str) -> GameSocket:
        return GameSocket(self.server, game_id, headers={"cookie": f"session={self.http.cookies['session']}"})


def seated(server: ServerProcess, kinds: list[str], players: dict[str, Player]) -> tuple[dict, dict[str, GameSocket]]:
    """A Nationen game with each account in its seat (connected; the caller closes whom it wants away)."""
    with http_client(server.url) as http:
        game = http.post("/api/games", json={"game": "nationen", "seats": kinds}).json()
    tokens = {i["seat"]: i["url"].split("token=")[1] for i in game["invites"]}
    sockets = {}
    for label, player in players.items():
        sock = player.socket(game["id"])
        sock.hello(tokens[label])
        sockets[label] = sock
    return game, sockets


def notices(server: ServerProcess, game_id: str) -> list[dict]:
    store = Store(server.db)
    try:
        with store.engine.connect() as conn:
            rows = conn.exec_driver_sql("select channel, turn, attempts, sent, error from notices where game_id = ? "
                                        "order by id", (game_id,)).mappings().all()
        return [dict(r) for r in rows]
    finally:
        store.close()


def play_until_turn_of(sock: GameSocket, other: str) -> int:
    """Play the first legal actions of ``sock``'s seat until ``other`` is to act; returns the move."""
    while True:
        view = sock.wait_view(lambda m: m["status"] == "running")
        if view["view"]["to_act"] == other:
            return view["seq"]
        if "pending" in view["view"]:
            sock.act(view["view"]["pending"]["actions"][0])
        sock.wait_view(lambda m, s=view["seq"]: m["seq"] > s)


def test_a_player_who_is_away_hears_of_the_turn_once_per_channel(server, mailbox, receiver):
    box, _ = mailbox
    hook, url = receiver
    ann, bo = Player(server, "Ann"), Player(server, "Bo")
    assert ann.settings(email="ann@example.org", webhook=url).status_code == 200
    game, socks = seated(server, ["human", "human"], {"p1": bo, "p2": ann})
    socks["p2"].close()  # Ann leaves the page: she is not looking
    before = len(box.mails)
    turn = play_until_turn_of(socks["p1"], "p2")
    eventually(lambda: len(hook.posts) == 1 and len(box.mails) == before + 1)
    link = f"https://play.example/game/{game['id']}#seat=p2"
    assert hook.posts[0] == {"event": "your-turn", "game": game["id"], "title": "Das Spiel der Nationen",
                             "seat": "Player 2", "url": link, "turn": turn}
    mail = box.mails[-1]
    assert mail["To"] == "ann@example.org" and mail["Subject"] == "Your turn in Das Spiel der Nationen"
    assert link in mail.get_content() and ann.name in mail.get_content()
    sent = notices(server, game["id"])
    assert sorted(n["channel"] for n in sent) == ["email", "webhook"] and all(n["sent"] for n in sent)
    assert {n["turn"] for n in sent} == {turn}  # Bo's own turn told nobody: he was looking
    time.sleep(allowance(0.3))
    assert len(hook.posts) == 1 and len(box.mails) == before + 1  # once per turn and channel
    socks["p1"].close()


def test_nobody_looking_is_told_and_a_bot_before_the_turn_changes_nothing(server, receiver):
    hook, url = receiver
    cleo = Player(server, "Cleo")
    cleo.settings(webhook=url)
    game, socks = seated(server, ["human", "random"], {"p1": cleo})
    play_until_turn_of(socks["p1"], "p2")  # Cleo plays her turn; the bot plays its own, and back to Cleo
    socks["p1"].wait_view(lambda m: m["view"]["to_act"] == "p1" and m["seq"] > 3)
    time.sleep(allowance(0.3))
    assert notices(server, game["id"]) == [] and hook.posts == []  # she was looking all along
    socks["p1"].close()
    dora = Player(server, "Dora")
    dora.settings(webhook=url)
    game, socks = seated(server, ["random", "human"], {"p2": dora})
    socks["p2"].close()  # away: the bot's move brings her turn
    eventually(lambda: len(hook.posts) == 1)
    assert [n["channel"] for n in notices(server, game["id"])] == ["webhook"]  # no e-mail address: no e-mail


def test_a_german_account_gets_a_german_email(server, mailbox):
    box, _ = mailbox
    erik, greta = Player(server, "Erik"), Player(server, "Greta", lang="de")
    greta.settings(email="greta@example.de")
    game, socks = seated(server, ["human", "human"], {"p1": erik, "p2": greta})
    socks["p2"].close()
    before = len(box.mails)
    play_until_turn_of(socks["p1"], "p2")
    mail = eventually(lambda: len(box.mails) > before and box.mails[-1])
    assert mail["Subject"] == "Du bist am Zug: Das Spiel der Nationen" and "als Spieler 2" in mail.get_content()
    socks["p1"].close()


def test_a_failing_receiver_is_tried_again_later_and_the_game_goes_on(server, receiver):
    hook, url = receiver
    hook.failing = 2
    fay, gus = Player(server, "Fay"), Player(server, "Gus")
    fay.settings(webhook=url)
    game, socks = seated(server, ["human", "human"], {"p1": gus, "p2": fay})
    socks["p2"].close()
    play_until_turn_of(socks["p1"], "p2")
    eventually(lambda: len(hook.posts) == 3)  # two failures, then it arrives
    sent = eventually(lambda: [n for n in notices(server, game["id"]) if n["sent"]])
    assert sent[0]["attempts"] == 3 and sent[0]["error"] is None
    socks["p1"].close()


def test_a_receiver_that_keeps_failing_is_given_up_after_the_bound(server, receiver):
    hook, url = receiver
    hook.failing = 10**6
    hal, ida = Player(server, "Hal"), Player(server, "Ida")
    ida.settings(webhook=url)
    game, socks = seated(server, ["human", "human"], {"p1": hal, "p2": ida})
    socks["p2"].close()
    play_until_turn_of(socks["p1"], "p2")
    eventually(lambda: notices(server, game["id"]) and notices(server, game["id"])[0]["attempts"] == 5, 30)
    time.sleep(1.0)
    told = notices(server, game["id"])
    assert told[0]["attempts"] == 5 and told[0]["sent"] is None and "HTTP Error 500" in told[0]["error"]
    assert len(hook.posts) == 5
    socks["p1"].close()


def test_a_webhook_to_a_private_address_is_refused_without_the_servers_leave(tmp_path, receiver):
    hook, url = receiver
    server = notifying_server(tmp_path, None, private=False)
    try:
        jo, kai = Player(server, "Jo"), Player(server, "Kai")
        kai.settings(webhook=url)
        game, socks = seated(server, ["human", "human"], {"p1": jo, "p2": kai})
        socks["p2"].close()
        play_until_turn_of(socks["p1"], "p2")
        told = eventually(lambda: [n for n in notices(server, game["id"]) if n["attempts"]])
        assert told[0]["error"] == "the webhook's host is not a public address" and told[0]["sent"] is None
        time.sleep(allowance(0.5))
        assert hook.posts == [] and notices(server, game["id"])[0]["attempts"] == 1  # given up at once
        socks["p1"].close()
    finally:
        server.stop()


def test_addresses_are_checked_and_need_the_pages_token(server):
    lea = Player(server, "Lea")
    for body, words in (({"email": "not an address"}, "is not an e-mail address"),
                        ({"webhook": "ftp://example.org/x"}, "A webhook is an http:// or https:// address"),
                        ({"webhook": "http://example.org:99999/x"}, "A webhook is an http:// or https://"),
                        ({"email": "x@" + "y" * 300 + ".org"}, "at most 254 characters")):
        answer = lea.settings(**body)
        assert answer.status_code == 400 and words in answer.json()["error"], answer.text
    forged = lea.http.post("/api/account/settings", json={"email": "lea@example.org"})
    assert forged.status_code == 403 and forged.json()["code"] == "csrf"
    assert lea.http.get("/api/account").json()["user"]["email"] is None
    assert lea.settings(email="lea@example.org", webhook="https://hooks.example/lea").status_code == 200
    me = lea.http.get("/api/account").json()["user"]
    assert me["email"] == "lea@example.org" and me["webhook"] == "https://hooks.example/lea"
    assert lea.settings(email="").json()["user"]["email"] is None  # empty: no more e-mail
    assert lea.settings(language="fr").status_code == 400
    chosen = lea.settings(language="de")
    assert chosen.json()["user"]["language"] == "de" and chosen.cookies["lang"] == "de"
    browsers = lea.settings(language="")  # empty: the browser's; the pages follow it again
    assert browsers.json()["user"]["language"] is None and 'lang=""' in browsers.headers["set-cookie"]
    me = lea.http.get("/api/account").json()["user"]
    assert me["language"] is None and me["webhook"] == "https://hooks.example/lea"  # the rest kept


#: what is not one plain e-mail address: more than one, a name with it, quotes, spaces and
#: control characters, a second @, dots out of place, no domain name, a local part too long,
#: routes and programs a relay may act on
NOT_ONE_ADDRESS = [
    "me@example.org,root", "me@example.org, root@example.org", "me@example.org;root", "Me <me@example.org>",
    "<me@example.org>", "me@example.org>", '"me"@example.org', "'me'@example.org", '"me@example.org"',
    "me @example.org", "me@exa mple.org", "me\t@example.org", "me@example.org\nBcc: root@example.org",
    "me\x00@example.org", "me@exam\x7fple.org", "me@b@example.org", "me@@example.org", ".me@example.org",
    "me.@example.org", "m..e@example.org", "me@example..org", "me@.example.org", "me@example.org.", "me@localhost",
    "root", "@example.org", "me@", "me@[127.0.0.1]", "me@127.0.0.1", "me@-example.org", "me@example-.org",
    "m" * 65 + "@example.org", "me@" + "d" * 64 + ".org", "me%root@example.org", "relay!me@example.org",
    "|mail@example.org", "/tmp/me@example.org", "me(comment)@example.org", "mé@example.org", "me@exämple.org",
]


def test_an_email_address_is_exactly_one_plain_address(server):
    uma = Player(server, "Uma")
    assert uma.settings(email="uma@example.org").status_code == 200
    for bad in NOT_ONE_ADDRESS:
        answer = uma.settings(email=bad)
        assert answer.status_code == 400 and answer.json()["code"] == "bad-address", bad
        assert "is not an e-mail address" in answer.json()["error"]
    assert uma.http.get("/api/account").json()["user"]["email"] == "uma@example.org"  # unchanged throughout
    for good in ("Uma.Lee+games@mail.example.co.uk", "u_m-a@xn--mller-kva.example", "u" * 64 + "@example.org"):
        assert uma.settings(email=good).json()["user"]["email"] == good


def mail_notice(email: str) -> dict:
    """A due e-mail notice as the outbox hands it out."""
    return {"id": 1, "game_id": "0123456789ab", "turn": 3, "channel": "email", "attempts": 0, "name": "Vic",
            "language": "en", "email": email, "webhook": None, "game": "nationen", "seat": 1, "players": 2}


def test_a_stored_address_that_is_not_one_address_is_not_mailed_to(mailbox):
    box, port = mailbox
    notifier = Notifier(None, {"nationen": get("nationen")}, None, Chores(), NoticeSettings(smtp=f"127.0.0.1:{port}"))
    before = len(box.mails)
    for stored in ("vic@example.org,root", "vic@example.org, root@localhost", "Vic <vic@example.org>, root"):
        with pytest.raises(Refused, match="not one valid address"):
            notifier._send(mail_notice(stored))
    assert len(box.mails) == before
    notifier._send(mail_notice("vic@example.org"))  # one address: sent, to it alone
    assert len(box.mails) == before + 1 and box.mails[-1]["To"] == "vic@example.org"
    assert box.envelopes[-1] == ["vic@example.org"]


# ---------------------------------------------------------------------- in-process: who is told, where it goes


class Chores:
    """The chores the notifier hands the server: kept, not run."""

    def __init__(self) -> None:
        self.kept: list = []

    def __call__(self, work) -> None:
        work.close()
        self.kept.append(work)


def table(status: str = "running", kind: str = "human", user_id: int | None = 7, away: str | None = None,
          watchers: int = 0) -> SimpleNamespace:
    seat = SimpleNamespace(kind=kind, user_id=user_id, away=away)
    return SimpleNamespace(id="g1", seq=4, status=status, stored=SimpleNamespace(seats=[seat]),
                           watchers=lambda seat: watchers)


@pytest.mark.parametrize(("why", "tab"), [("finished", table(status="finished")), ("a bot", table(kind="random")),
                                          ("a guest", table(user_id=None)), ("resigned", table(away="resigned")),
                                          ("looking", table(watchers=1))])
def test_nobody_is_told_when_the_game_is_over_a_bot_or_guest_plays_or_the_player_looks(why, tab):
    chores = Chores()
    Notifier(None, {}, None, chores, NoticeSettings()).turn_came(tab, 0)
    assert chores.kept == [], why
    Notifier(None, {}, None, chores, NoticeSettings()).turn_came(table(), 0)
    assert len(chores.kept) == 1  # the same seat, held by an account nobody looks at: told


def test_a_broken_table_never_fails_the_move(caplog):
    Notifier(None, {}, None, Chores(), NoticeSettings()).turn_came(SimpleNamespace(id="g1", stored=None), 0)
    assert "could not be queued" in caplog.text


#: an address (or two) of every class a webhook must not reach, with its class
NOT_PUBLIC = [
    ("0.0.0.0", "unspecified"), ("0.1.2.3", "this network"), ("10.1.2.3", "private 10/8"),
    ("172.16.5.4", "private 172.16/12"), ("192.168.1.1", "private 192.168/16"), ("100.64.0.1", "CGNAT 100.64/10"),
    ("127.0.0.1", "loopback"), ("127.255.255.254", "loopback"), ("169.254.169.254", "link-local (metadata)"),
    ("192.0.0.170", "IETF protocol assignments"), ("192.0.2.1", "documentation TEST-NET-1"),
    ("198.51.100.7", "documentation TEST-NET-2"), ("203.0.113.9", "documentation TEST-NET-3"),
    ("192.88.99.1", "6to4 relay anycast"), ("198.18.0.1", "benchmarking 198.18/15"),
    ("198.19.255.254", "benchmarking 198.18/15"), ("224.0.0.1", "multicast"), ("239.255.255.250", "multicast"),
    ("240.0.0.1", "reserved 240/4"), ("255.255.255.255", "broadcast"),
    ("::", "unspecified"), ("::1", "loopback"), ("::8.8.8.8", "IPv4-compatible"), ("::a00:1", "IPv4-compatible"),
    ("::ffff:127.0.0.1", "IPv4-mapped"), ("::ffff:8.8.8.8", "IPv4-mapped"),
    ("::ffff:0:8.8.8.8", "IPv4-translated"), ("::ffff:0:a00:1", "IPv4-translated"),
    ("64:ff9b::a00:1", "NAT64 well-known, carrying a private IPv4"),
    ("64:ff9b::7f00:1", "NAT64 well-known, carrying loopback"),
    ("64:ff9b:1::808:808", "NAT64 local-use"), ("64:ff9b:1::a00:1", "NAT64 local-use"),
    ("2002:7f00:1::", "6to4 carrying loopback"), ("2002:a9fe:a9fe::1", "6to4 carrying link-local"),
    ("2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"), ("2001::7f00:1", "Teredo carrying loopback"),
    ("100::1", "discard-only 100::/64"), ("2001:2::1", "benchmarking 2001:2::/48"), ("2001:10::1", "ORCHID"),
    ("2001:20::1", "ORCHIDv2"), ("2001:db8::1", "documentation"), ("3fff::1", "documentation 3fff::/20"),
    ("5f00::1", "SRv6 identifiers"), ("fc00::1", "unique-local"), ("fd12:3456::1", "unique-local"),
    ("fe80::1", "link-local"), ("fe80::1%2", "link-local, with a zone"), ("fec0::1", "site-local"),
    ("ff02::1", "multicast"), ("ff0e::1", "multicast, global scope"),
]
#: real public addresses (and one reached through NAT64): a webhook may go there
PUBLIC = ["8.8.8.8", "1.1.1.1", "9.9.9.9", "2001:4860:4860::8888", "2606:4700:4700::1111", "64:ff9b::808:808"]


@pytest.mark.parametrize(("address", "kind"), NOT_PUBLIC, ids=[a for a, _ in NOT_PUBLIC])
def test_no_address_of_a_refused_class_is_public(address, kind):
    assert public(address) is False, kind


@pytest.mark.parametrize("address", PUBLIC)
def test_real_public_addresses_are_public(address):
    assert public(address) is True


def test_every_refused_network_has_an_address_tested():
    tested = [ipaddress.ip_address(a.split("%")[0]) for a, _ in NOT_PUBLIC]
    untested = [n for n in REFUSED if not any(a.version == n.version and a in n for a in tested)]
    assert untested == []


def lookup_answers(monkeypatch, address: str) -> list:
    """Make ``hooks.example`` resolve to ``address``; returns the connections the code opens (none, please)."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    where = (address, 80, 0, 0) if family == socket.AF_INET6 else (address, 80)
    real, opened = socket.getaddrinfo, []

    def answer(host, *args, **kw):
        return [(family, socket.SOCK_STREAM, 6, "", where)] if host == "hooks.example" else real(host, *args, **kw)

    def connect(*args, **kw):
        opened.append(args)
        raise ConnectionRefusedError("this test connects nowhere")

    monkeypatch.setattr(socket, "getaddrinfo", answer)
    monkeypatch.setattr(socket, "create_connection", connect)
    return opened


@pytest.mark.parametrize(("address", "kind"), NOT_PUBLIC, ids=[a for a, _ in NOT_PUBLIC])
def test_a_webhook_to_a_host_of_a_refused_class_is_refused_unposted(monkeypatch, address, kind):
    opened = lookup_answers(monkeypatch, address)
    with pytest.raises(Refused, match="not a public address"):
        resolve("hooks.example", 80, private=False)
    notifier = Notifier(None, {}, None, Chores(), NoticeSettings())
    notifier.payload = lambda told: {"event": "your-turn"}
    with pytest.raises(Refused, match="not a public address"):
        notifier._post("http://hooks.example/hook", {})
    assert opened == [], kind


@pytest.mark.parametrize("address", PUBLIC)
def test_a_webhook_to_a_host_of_public_addresses_may_go(monkeypatch, address):
    lookup_answers(monkeypatch, address)
    assert [found[0] for found in resolve("hooks.example", 80, private=False)] == [address]


def test_a_host_is_refused_when_any_of_its_addresses_is_not_public(monkeypatch):
    answers = [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("8.8.8.8", 80)),
               (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", 80))]
    monkeypatch.setattr(socket, "getaddrinfo", lambda *args, **kw: answers)
    with pytest.raises(Refused):
        resolve("hooks.example", 80, private=False)
    assert len(resolve("hooks.example", 80, private=True)) == 2
    answers.pop()
    assert resolve("hooks.example", 80, private=False) == [("8.8.8.8", 80)]


def posting() -> Notifier:
    """A notifier that may post to local receivers, its payload cut short."""
    notifier = Notifier(None, {}, None, Chores(), NoticeSettings(webhook_private=True))
    notifier.payload = lambda told: {"event": "your-turn"}
    return notifier


def test_the_post_goes_to_the_address_checked_without_a_second_lookup(monkeypatch, receiver):
    hook, url = receiver
    port = int(url.split(":")[2].split("/")[0])
    looked_up, lookup = [], socket.getaddrinfo

    def once(host, *args, **kw):  # the name answers once, then (rebinding) never again
        if host != "hooks.example":
            return lookup(host, *args, **kw)  # an address given as digits
        looked_up.append(host)
        if len(looked_up) > 1:
            raise socket.gaierror("asked twice")
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", port))]

    monkeypatch.setattr(socket, "getaddrinfo", once)
    posting()._post(f"http://hooks.example:{port}/hook?to=ann", {})
    assert hook.posts == [{"event": "your-turn"}] and looked_up == ["hooks.example"]
    assert hook.paths == ["/hook?to=ann"] and hook.hosts == [f"hooks.example:{port}"]


def test_a_redirect_is_not_followed(receiver):
    hook, url = receiver
    hook.redirect = url.replace("/hook", "/elsewhere")
    with pytest.raises(Refused, match="redirect"):
        posting()._post(url, {})
    assert hook.paths == ["/hook"]  # never to where it pointed


def test_a_notice_whose_address_was_removed_meanwhile_is_given_up():
    for channel in ("email", "webhook"):
        with pytest.raises(Refused, match="no address"):
            posting()._send({"channel": channel, "email": None, "webhook": None})


def test_smtp_from_the_environment_with_a_login_whose_password_is_never_shown(tmp_path, monkeypatch):
    box, logins = Mailbox(), []

    def authenticator(server, session, envelope, mechanism, auth_data):
        logins.append((auth_data.login, auth_data.password))
        return AuthResult(success=True)

    smtp = Controller(box, hostname="127.0.0.1", port=free_port(), authenticator=authenticator,
                      auth_require_tls=False)
    smtp.start()
    secret = "s3cret-" + "x" * 12
    monkeypatch.setenv("REALPOLITIK_SMTP", f"127.0.0.1:{smtp.port}")
    monkeypatch.setenv("REALPOLITIK_SMTP_FROM", "turns@play.example")
    monkeypatch.setenv("REALPOLITIK_SMTP_USER", "mailer")
    monkeypatch.setenv("GAME_MAIL_SECRET", secret)
    server = ServerProcess(str(tmp_path / "games.db"), limits={**ROOMY, "logins": "10000/minute"},
                           args=("--notify-every", "0.05", "--smtp-password-env", "GAME_MAIL_SECRET")).start()
    try:
        max_, nia = Player(server, "Max"), Player(server, "Nia")
        nia.settings(email="nia@example.org")
        game, socks = seated(server, ["human", "human"], {"p1": max_, "p2": nia})
        socks["p2"].close()
        play_until_turn_of(socks["p1"], "p2")
        mail = eventually(lambda: box.mails and box.mails[-1])
        assert logins == [(b"mailer", secret.encode())] and mail["From"] == "turns@play.example"
        assert f"{server.url}/game/{game['id']}#seat=p2" in mail.get_content()  # no --public-url: the bound address
        socks["p1"].close()
    finally:
        server.stop()
        smtp.stop()
    assert secret not in server.output()


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the receiver's certificate")
def test_an_https_webhook_gets_its_post_only_from_a_certificate_for_its_host(tmp_path, monkeypatch, receiver):
    hook, _ = receiver
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-keyout", str(key), "-out", str(cert), "-days", "1", "-subj", "/CN=hooks.example",
                    "-addext", "subjectAltName=DNS:hooks.example"], check=True, capture_output=True)
    tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    tls.load_cert_chain(cert, key)
    https = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    https.socket = tls.wrap_socket(https.socket, server_side=True)
    threading.Thread(target=https.serve_forever, daemon=True).start()
    port, lookup, trusting = https.server_address[1], socket.getaddrinfo, ssl.create_default_context
    monkeypatch.setattr(socket, "getaddrinfo", lambda host, *a, **kw: lookup("127.0.0.1" if host.endswith(".example")
                                                                             else host, *a, **kw))
    monkeypatch.setattr(ssl, "create_default_context", lambda: trusting(cafile=str(cert)))  # as if a CA vouched
    try:
        posting()._post(f"https://hooks.example:{port}/hook", {})
        assert hook.posts == [{"event": "your-turn"}] and hook.hosts == [f"hooks.example:{port}"]
        with pytest.raises(ssl.SSLCertVerificationError):  # the same receiver under another name
            posting()._post(f"https://other.example:{port}/hook", {})
        assert len(hook.posts) == 1
    finally:
        https.shutdown()


# ---------------------------------------------------------------------- in-process: the outbox worker, slow receivers


def outbox(tmp_path, **settings) -> Notifier:
    """The outbox worker of a server on a fresh database (Nationen only), with ``settings``."""
    return Notifier(Store(str(tmp_path / "games.db")), {"nationen": get("nationen")}, None, Chores(),
                    NoticeSettings(**settings))


def queued(store: Store, **addresses) -> str:
    """A running game whose second seat a fresh account (with ``addresses``) holds, its turn's
    notices queued on every channel; returns the game's id."""
    n = next(_numbers)
    user = store.add_user(f"Player {n}", f"player {n}", "not a hash", None)
    store.set_addresses(user.id, addresses)
    game_id = new_game_id()
    store.create_game(StoredGame(id=game_id, game="nationen", rules_version="1", options={}, seed=1,
                                 lobby_join=False, status="running", created=now(),
                                 seats=[StoredSeat(0, "random", "Bot", joined=True),
                                        StoredSeat(1, "human", user.name, joined=True, user_id=user.id)]))
    assert store.add_notices(user.id, game_id, 1, 1, ("email", "webhook")) == len(addresses)
    return game_id


def outbox_rows(store: Store, game_id: str) -> list[dict]:
    with store.engine.connect() as conn:
        rows = conn.exec_driver_sql("select channel, attempts, sent, error, next_try from notices where game_id = ?",
                                    (game_id,)).mappings().all()
    return [dict(r) for r in rows]


def work_until(notifier: Notifier, done, timeout: float) -> None:
    """Run the worker until ``done()`` holds (asked on the store's thread), at most ``timeout`` seconds."""
    store = notifier.store

    async def working():
        notifier.start()
        try:
            end = time.monotonic() + timeout
            while not await store.in_thread(done):
                assert time.monotonic() < end, "not within the time"
                await asyncio.sleep(0.02)
        finally:
            notifier.stop()

    asyncio.run(working())


def test_a_slow_webhook_is_cut_at_its_deadline_and_holds_up_no_other_notice(tmp_path, receiver, trickler):
    hook, url = receiver
    slow, slow_url = trickler
    notifier = outbox(tmp_path, webhook_private=True, every=0.05, retry=0.5, deadline=2.5)
    store = notifier.store
    try:
        slow_game = queued(store, webhook=slow_url)  # first in the outbox
        quick_game = queued(store, webhook=url)
        work_until(notifier, lambda: len(slow.times) == 2, timeout=allowance(10))  # the slow one is tried a second time
        assert len(hook.times) == 1 and hook.times[0] < slow.times[0] + 1.25  # long before the deadline
        assert 2.5 <= slow.times[1] - slow.times[0] < 2.5 + 0.5 + 2  # cut at the deadline, due again 0.5 s on
        assert slow.trickled[0] <= 6 < len(slow.answer)  # it got out a few bytes of its answer, far from all
        [quick] = outbox_rows(store, quick_game)
        assert quick["sent"] is not None and quick["attempts"] == 1 and quick["error"] is None
        [late] = outbox_rows(store, slow_game)
        assert late["sent"] is None and late["attempts"] == 1
        assert late["error"] == "TimeoutError: no answer within 2.5 s"
    finally:
        store.close()


def test_a_slow_smtp_server_is_cut_at_the_same_deadline(tmp_path, slow_smtp):
    port, came = slow_smtp
    notifier = outbox(tmp_path, smtp=f"127.0.0.1:{port}", every=0.05, retry=60, deadline=1.5)
    store = notifier.store
    try:
        game_id = queued(store, email="wes@example.org")
        work_until(notifier, lambda: outbox_rows(store, game_id)[0]["attempts"] == 1, timeout=allowance(8))
        marked = time.monotonic()
        [late] = outbox_rows(store, game_id)
        assert late["sent"] is None and late["error"] == "TimeoutError: no answer within 1.5 s"
        assert len(came) == 1 and 1.4 <= marked - came[0] < 1.5 + 1.5  # cut at the deadline, not the greeting's end
        due = datetime.fromisoformat(late["next_try"]).replace(tzinfo=UTC)
        assert due > now() + timedelta(seconds=50)  # tried again later: in ``retry`` seconds
    finally:
        store.close()



def test_an_accounts_slow_webhook_holds_one_place_and_holds_up_no_other_account(tmp_path, receiver, trickler):
    hook, url = receiver
    slow, slow_url = trickler
    notifier = outbox(tmp_path, webhook_private=True, every=0.05, retry=60, deadline=2.0)
    store = notifier.store
    try:
        n = next(_numbers)
        user = store.add_user(f"Slow {n}", f"slow {n}", "not a hash", None)
        store.set_addresses(user.id, {"webhook": slow_url})
        for _ in range(AT_ONCE):  # as many of its turns as there are places, all due before the other account's
            game_id = new_game_id()
            store.create_game(StoredGame(id=game_id, game="nationen", rules_version="1", options={}, seed=1,
                                         lobby_join=False, status="running", created=now(),
                                         seats=[StoredSeat(0, "random", "Bot", joined=True),
                                                StoredSeat(1, "human", user.name, joined=True, user_id=user.id)]))
            assert store.add_notices(user.id, game_id, 1, 1, ("webhook",)) == 1
        started = time.monotonic()
        quick_game = queued(store, webhook=url)
        work_until(notifier, lambda: len(slow.times) == 2, timeout=allowance(10))  # its second turn: the first was over
        assert len(hook.times) == 1 and hook.times[0] < started + 1.0  # at once, not after a deadline
        assert slow.times[1] - slow.times[0] >= 2.0 - 0.1  # one of the account's notices at a time
        assert outbox_rows(store, quick_game)[0]["sent"] is not None
    finally:
        store.close()
