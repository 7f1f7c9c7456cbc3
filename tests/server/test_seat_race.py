"""One seat, one holder: an invitation and a lobby claim of the same seat sent at the same
moment never both win, and the loser's credential does not open the seat afterwards."""

from __future__ import annotations

import threading

import httpx

from realpolitik.testing.load import allowance
from realpolitik.testing.server import GameSocket, http_client

TRIES = 40


def _race(server, game) -> tuple[dict, httpx.Response]:
    """The invitee's hello and a stranger's claim of seat p1, released together."""
    start = threading.Barrier(2)
    answers: dict = {}
    sock = GameSocket(server, game["id"])

    def invitee() -> None:
        start.wait()
        answers["hello"] = sock.hello(game["tokens"]["p1"], "Invitee")

    def claimer() -> None:
        with http_client(server.url) as http:
            start.wait()
            answers["claim"] = http.post(f"/api/games/{game['id']}/claim", json={"seat": "p1", "name": "Claimer"})

    threads = [threading.Thread(target=invitee), threading.Thread(target=claimer)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(allowance(20))
    sock.close()
    return answers["hello"], answers["claim"]


def test_an_invitation_and_a_claim_of_one_seat_never_both_win(server, api):
    winners = {"invitee": 0, "claimer": 0}
    for _ in range(TRIES):
        game = api.create(["human", "human"], lobby_join=True)
        hello, claim = _race(server, game)
        invitee_won = hello["type"] == "view"
        claimer_won = claim.status_code == 200
        assert invitee_won != claimer_won, (hello, claim.text)
        holder = next(p for p in api.info(game["id"])["players"] if p["seat"] == "p1")
        if invitee_won:
            winners["invitee"] += 1
            assert claim.status_code == 409 and claim.json()["code"] == "taken"
            assert holder["name"] == "Invitee"
        else:
            winners["claimer"] += 1
            assert hello["type"] == "error" and hello["code"] in ("bad-token", "taken")
            assert holder["name"] == "Claimer"
            again = GameSocket(server, game["id"])  # the invitation stays void
            try:
                assert again.hello(game["tokens"]["p1"])["code"] == "bad-token"
            finally:
                again.close()
    assert sum(winners.values()) == TRIES
