"""Turn notifications against a real server, a local SMTP server (aiosmtpd) and a local
webhook receiver: a player who is not looking hears of their turn once per turn and
channel, in their language, with the game's link; nobody looking is told, no bot is; a
receiver that fails is tried again later while the game goes on, and given up after a
bound; webhooks to private addresses are refused unless the server allows them; the
addresses are checked and changed only with the page's CSRF token."""

from __future__ import annotations

import json
import threading
import time
from email import message_from_bytes
from email.policy import default as email_policy
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest
from aiosmtpd.controller import Controller

from realpolitik.server.store import Store
from realpolitik.testing.server import ROOMY, GameSocket, ServerProcess, free_port

PASSWORD = "correct horse battery"
_numbers = iter(range(10**6))


class Mailbox:
    """The local SMTP server's inbox."""

    def __init__(self) -> None:
        self.mails: list = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 — aiosmtpd's hook name
        self.mails.append(message_from_bytes(envelope.content, policy=email_policy))
        return "250 OK"


class Receiver(BaseHTTPRequestHandler):
    """A webhook receiver: the first ``failing`` POSTs answer 500, later ones 204."""

    posts: list = []
    failing = 0

    def do_POST(self):  # noqa: N802 — the standard library's hook name
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        type(self).posts.append(body)
        if len(type(self).posts) <= type(self).failing:
            self.send_response(500)
        else:
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
    Receiver.posts, Receiver.failing = [], 0
    http = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    yield Receiver, f"http://127.0.0.1:{http.server_address[1]}/hook"
    http.shutdown()


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
        self.http = httpx.Client(base_url=server.url, timeout=10)
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
    with httpx.Client(base_url=server.url, timeout=10) as http:
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


def wait_for(check, timeout: float = 15):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("not within the time")


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
    wait_for(lambda: len(hook.posts) == 1 and len(box.mails) == before + 1)
    link = f"https://play.example/game/{game['id']}#seat=p2"
    assert hook.posts[0] == {"event": "your-turn", "game": game["id"], "title": "Das Spiel der Nationen",
                             "seat": "Player 2", "url": link, "turn": turn}
    mail = box.mails[-1]
    assert mail["To"] == "ann@example.org" and mail["Subject"] == "Your turn in Das Spiel der Nationen"
    assert link in mail.get_content() and ann.name in mail.get_content()
    sent = notices(server, game["id"])
    assert sorted(n["channel"] for n in sent) == ["email", "webhook"] and all(n["sent"] for n in sent)
    assert {n["turn"] for n in sent} == {turn}  # Bo's own turn told nobody: he was looking
    time.sleep(0.3)
    assert len(hook.posts) == 1 and len(box.mails) == before + 1  # once per turn and channel
    socks["p1"].close()


def test_nobody_looking_is_told_and_a_bot_before_the_turn_changes_nothing(server, receiver):
    hook, url = receiver
    cleo = Player(server, "Cleo")
    cleo.settings(webhook=url)
    game, socks = seated(server, ["human", "random"], {"p1": cleo})
    play_until_turn_of(socks["p1"], "p2")  # Cleo plays her turn; the bot plays its own, and back to Cleo
    socks["p1"].wait_view(lambda m: m["view"]["to_act"] == "p1" and m["seq"] > 3)
    time.sleep(0.3)
    assert notices(server, game["id"]) == [] and hook.posts == []  # she was looking all along
    socks["p1"].close()
    dora = Player(server, "Dora")
    dora.settings(webhook=url)
    game, socks = seated(server, ["random", "human"], {"p2": dora})
    socks["p2"].close()  # away: the bot's move brings her turn
    wait_for(lambda: len(hook.posts) == 1)
    assert [n["channel"] for n in notices(server, game["id"])] == ["webhook"]  # no e-mail address: no e-mail


def test_a_german_account_gets_a_german_email(server, mailbox):
    box, _ = mailbox
    erik, greta = Player(server, "Erik"), Player(server, "Greta", lang="de")
    greta.settings(email="greta@example.de")
    game, socks = seated(server, ["human", "human"], {"p1": erik, "p2": greta})
    socks["p2"].close()
    before = len(box.mails)
    play_until_turn_of(socks["p1"], "p2")
    mail = wait_for(lambda: len(box.mails) > before and box.mails[-1])
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
    wait_for(lambda: len(hook.posts) == 3)  # two failures, then it arrives
    sent = wait_for(lambda: [n for n in notices(server, game["id"]) if n["sent"]])
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
    wait_for(lambda: notices(server, game["id"]) and notices(server, game["id"])[0]["attempts"] == 5, timeout=30)
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
        told = wait_for(lambda: [n for n in notices(server, game["id"]) if n["attempts"]])
        assert told[0]["error"] == "the webhook's host is not a public address" and told[0]["sent"] is None
        time.sleep(0.5)
        assert hook.posts == [] and notices(server, game["id"])[0]["attempts"] == 1  # given up at once
        socks["p1"].close()
    finally:
        server.stop()


def test_addresses_are_checked_and_need_the_pages_token(server):
    lea = Player(server, "Lea")
    for body, words in (({"email": "not an address"}, "is not an e-mail address"),
                        ({"webhook": "ftp://example.org/x"}, "A webhook is an http:// or https:// address"),
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
