"""Refusals in the reader's language: the ``lang`` cookie, else ``Accept-Language``, over
HTTP; over the WebSocket also the hello's ``lang``."""

from __future__ import annotations

import pytest

from realpolitik.testing.server import Api, GameSocket, ServerProcess

GERMAN = {"accept-language": "de-DE,de;q=0.9,en;q=0.5"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    server = ServerProcess(str(tmp_path_factory.mktemp("language") / "games.db")).start()
    yield server
    server.stop()


def test_http_refusals_follow_the_browser_and_the_cookie(server):
    with Api(server) as api:
        assert api.get("/api/games/000000000000").json()["error"] == "There is no such game."
        german = api.http.get("/api/games/000000000000", headers=GERMAN)
        assert german.status_code == 404 and german.json() == {"error": "Diese Partie gibt es nicht.",
                                                                "code": "no-game"}
        chosen = api.http.get("/api/games/000000000000", headers={**GERMAN, "cookie": "lang=en"})
        assert chosen.json()["error"] == "There is no such game."
        odd = api.http.get("/api/games/000000000000", headers={**GERMAN, "cookie": "lang=xx"})
        assert odd.json()["error"] == "Diese Partie gibt es nicht."


def test_websocket_refusals_follow_the_hello_and_the_browser(server):
    with Api(server) as api:
        game = api.create(["human", "human"])
        gid, token = game["id"], game["tokens"]["p1"]
        bad = GameSocket(server, gid)
        try:
            assert bad.hello("A" * 43, lang="de")["message"].startswith("Dieser Platz-Link gilt nicht")
        finally:
            bad.close()
        p1 = GameSocket(server, gid, headers=GERMAN)
        try:
            p1.hello(token, "Ann")
            p1.act("place nothing")
            refused = p1.until(lambda m: m["type"] == "error")
            assert refused["code"] == "waiting"
            assert refused["message"] == "Die Partie beginnt, wenn alle Plätze besetzt sind (frei: Spieler 2)."
        finally:
            p1.close()
        p2 = GameSocket(server, gid, headers=GERMAN)
        try:
            p2.hello(game["tokens"]["p2"], "Bob", lang="en")
            p2.act("place nothing", seq=99)
            assert p2.until(lambda m: m["type"] == "error")["message"].startswith("Stale action: it was chosen")
        finally:
            p2.close()


def test_an_illegal_action_is_refused_in_german_with_the_engines_words(server):
    with Api(server) as api:
        game = api.create(["human", "random"])
        sock = GameSocket(server, game["id"], headers=GERMAN)
        try:
            sock.hello(game["tokens"]["p1"], "Ann")
            assert "pending" in sock.wait_turn_or_end()["view"]
            sock.act("fly away")
            message = sock.until(lambda m: m["type"] == "error")["message"]
            assert message.startswith("'fly away' ist jetzt nicht möglich. Spieler 1 muss: ")
            assert "(erlaubt: " in message
        finally:
            sock.close()
