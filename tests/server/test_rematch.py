"""Rematch: after the end, one player proposes a rematch with one message; it is a new game
with the same options, clock and stand-in, every seat moved on by one (bots too); the
proposer is seated at once, the others are told and seated when they accept."""

from __future__ import annotations

from realpolitik.testing.server import ROOMY, Api, GameSocket, ServerProcess


def finished_game(api, sockets, kinds, **extra):
    """A game whose people resigned and whose stand-in bots played it to the end: (game, sockets by label)."""
    game = api.create(kinds, game="nationen", stand_in="random", **extra)
    people = {}
    for label in game["tokens"]:
        sock = sockets(game["id"])
        sock.hello(game["tokens"][label], {"p1": "Ann", "p2": "Bo"}.get(label, label))
        people[label] = sock
    for sock in people.values():
        sock.wait_view(lambda m: m["status"] == "running")
        sock.send({"type": "resign"})
    api.wait_finished(game["id"], timeout=120)
    return game, people


def test_a_rematch_is_proposed_and_accepted_with_the_seats_moved_on(api, sockets):
    clock = {"kind": "correspondence", "hours": 48, "bank_hours": 96}
    game, people = finished_game(api, sockets, ["human", "human"], clock=clock, options={"first_player": "random"})
    ann, bo = people["p1"], people["p2"]
    ann.send({"type": "rematch"})
    mine = ann.until(lambda m: m["type"] == "rematch")
    again = mine["game"]
    assert mine["seat"] == "p2" and mine["url"].startswith(f"/game/{again}#seat=p2&token=")
    offered = bo.until(lambda m: m["type"] == "rematch-offered")
    assert offered["text"] == "Player 1 proposes a rematch." and "token" not in str(offered)
    info = api.info(again)
    assert info["status"] == "open" and [(p["seat"], p["name"], p["joined"]) for p in info["players"]] == [
        ("p1", "", False), ("p2", "Ann", True)]
    assert info["options"]["first_player"] == "random"

    bo.send({"type": "rematch"})
    his = bo.until(lambda m: m["type"] == "rematch")
    assert his["game"] == again and his["seat"] == "p1"
    info = api.wait(again, lambda i: i["status"] == "running")
    assert [(p["seat"], p["name"]) for p in info["players"]] == [("p1", "Bo"), ("p2", "Ann")]
    seated = sockets(again)
    first = seated.hello(his["url"].split("token=")[1])
    assert first["clock"]["words"]["en"] == "48 h per move, bank up to 96 h" and seated.welcome["you"] == "p1"

    ann.send({"type": "rematch"})  # asked twice: the seat is hers already
    assert ann.until(lambda m: m["type"] == "error")["code"] == "taken"
    late = sockets(game["id"])
    assert late.hello(game["tokens"]["p2"])["rematch"] == again  # a page opened later offers it too


def test_bots_move_on_with_the_seats(api, sockets):
    game, people = finished_game(api, sockets, ["human", "random", "heuristic"])
    people["p1"].send({"type": "rematch"})
    again = people["p1"].until(lambda m: m["type"] == "rematch")["game"]
    assert [p["kind"] for p in api.info(again)["players"]] == ["heuristic", "human", "random"]


def test_no_rematch_before_the_end_nor_for_spectators(api, sockets):
    game = api.create(["human", "random"], game="nationen")
    ann = sockets(game["id"])
    ann.hello(game["tokens"]["p1"], "Ann")
    ann.send({"type": "rematch"})
    refused = ann.until(lambda m: m["type"] == "error")
    assert refused["code"] == "not-over" and refused["message"] == "A rematch can be proposed once the game is over."
    watcher: GameSocket = sockets(game["id"])
    watcher.hello()
    watcher.send({"type": "rematch"})
    assert watcher.until(lambda m: m["type"] == "error")["code"] == "spectator"


def test_rematches_count_against_the_address_that_proposes_them(tmp_path):
    """Each rematch is an open game of the proposer's address (behind a proxy on this machine: the
    address it forwards), so rematches of others never fill one shared count."""
    limits = {**ROOMY, "open_games_per_client": 1}
    with ServerProcess(str(tmp_path / "games.db"), bot_delay=0.0, limits=limits) as server, Api(server) as api:
        opened = []

        def rematch_from(address: str) -> dict:
            """A finished game of two people at ``address``; the first proposes a rematch (open
            until the second accepts). The answer to the proposal."""
            game = api.create(["human", "human"], game="nationen", stand_in="random")
            people = []
            for label in ("p1", "p2"):
                sock = GameSocket(server, game["id"], headers={"x-forwarded-for": address})
                opened.append(sock)
                sock.hello(game["tokens"][label], label)
                people.append(sock)
            for sock in people:
                sock.wait_view(lambda m: m["status"] == "running")
                sock.send({"type": "resign"})
            api.wait_finished(game["id"], timeout=120)
            people[0].send({"type": "rematch"})
            return people[0].until(lambda m: m["type"] in ("rematch", "error"))

        try:
            assert rematch_from("10.0.0.1")["type"] == "rematch"
            assert rematch_from("10.0.0.2")["type"] == "rematch"  # another player's: not counted with the first
            refused = rematch_from("10.0.0.1")  # the first address has its one open game already
            assert refused["type"] == "error" and refused["code"] == "limit"
            mine = api.post("/api/games", json={"game": "nationen", "seats": ["human", "human"]},
                            headers={"x-forwarded-for": "10.0.0.2"})
            assert mine.status_code == 429  # the rematch counts as that address's open game
        finally:
            for sock in opened:
                sock.close()


def test_a_rematch_whose_player_stays_away_starts_with_a_bot_in_the_free_seat(server, api, sockets):
    from realpolitik.bots.levels import spec_of

    game, people = finished_game(api, sockets, ["human", "human"])
    ann = people["p1"]
    ann.send({"type": "rematch"})
    again = ann.until(lambda m: m["type"] == "rematch")
    seated = sockets(again["game"])
    seated.hello(again["url"].split("token=")[1])
    for refused, code in (({"seat": "p2", "bot": "normal"}, "taken"), ({"seat": "p1", "bot": "genius"}, "bad-seat"),
                          ({"seat": "p1", "bot": "human"}, "bad-seat"), ({"seat": "p7", "bot": "easy"}, "bad-seat")):
        seated.send({"type": "fill", **refused})
        assert seated.until(lambda m: m["type"] == "error")["code"] == code, refused
    watcher = sockets(again["game"])
    watcher.hello()
    watcher.send({"type": "fill", "seat": "p1", "bot": "easy"})
    assert watcher.until(lambda m: m["type"] == "error")["code"] == "spectator"
    assert api.info(again["game"])["status"] == "open"

    seated.send({"type": "fill", "seat": "p1", "bot": "normal"})
    told = seated.until(lambda m: m["type"] == "filled")
    assert told["text"] == "A bot takes the free seat Player 1."
    info = api.wait(again["game"], lambda i: i["status"] == "running")
    assert [p["kind"] for p in info["players"]] == [spec_of("nationen", "normal"), "human"]
    seated.wait_view(lambda m: m["seq"] >= 1)  # the bot plays its seat
    seated.send({"type": "fill", "seat": "p1", "bot": "easy"})
    assert seated.until(lambda m: m["type"] == "error")["code"] == "not-open"
