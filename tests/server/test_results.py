"""One result everywhere (issue 76): a seat whose player resigned or lost on time has lost,
whatever the stand-in bot made of it, and the stored result says so — the one every reader
uses. A resigned tournament game reads the same on the game page, in the lobby and "my
games", on the statistics page, in the ratings, on the player pages and in the tournament's
standings; its record replays to the engine's own end, its notes and replay say where the
seat was resigned. The ranking rule itself, for games of more seats and team games, is
checked on outcomes as the engine writes them."""

from __future__ import annotations

import random
import time

import pytest

from realpolitik.games import get
from realpolitik.server.results import ranked
from realpolitik.server.store import Store
from realpolitik.testing.load import allowance
from realpolitik.testing.server import ROOMY, Api, GameSocket, ServerProcess

PASSWORD = "correct horse battery"


class Person:
    """An account on the server, signed in."""

    def __init__(self, server: ServerProcess, name: str) -> None:
        self.server, self.name = server, name
        self.api = Api(server)
        answer = self.api.post("/api/account/signup", json={"name": name, "password": PASSWORD})
        assert answer.status_code == 201, answer.text
        self.csrf = answer.json()["csrf"]

    def post(self, path: str, body: dict):
        return self.api.post(path, json=body, headers={"x-csrf-token": self.csrf})

    def socket(self, game_id: str, seat: str, lang: str = "en") -> GameSocket:
        sock = GameSocket(self.server, game_id, headers={"cookie": f"session={self.api.http.cookies['session']}"})
        sock.send({"type": "hello", "seat": seat, "lang": lang})
        assert sock.until(lambda m: m["type"] in ("view", "error"))["type"] == "view"
        return sock


def winning_line(stored, winner: int, last: int, tries: int = 500) -> list[str]:
    """Actions from the start of the stored game (its seed: the test sees what the players do not)
    that end it with ``winner`` the only winner, the last action being ``last``'s."""
    rng = random.Random(76)
    start = stored.record().initial_state(get)
    for _ in range(tries):
        state, line = start.clone(), []
        while not state.is_over():
            line.append(rng.choice(list(state.legal_actions())))
            actor = state.to_act
            state.apply(line[-1])
        if state.outcome().winners == (winner,) and actor == last:
            return line
    raise AssertionError(f"no line of {tries} random ones ends with seat {winner} winning on seat {last}'s move")


def rated_page(api: Api, name: str, timeout: float = 30) -> dict:
    """A player's page once it shows a rating (the rating is made after the game's end; ``timeout``:
    idle seconds, ``allowance``)."""
    end = time.monotonic() + allowance(timeout)
    while not (page := api.get(f"/api/players/{name}").json())["ratings"] and time.monotonic() < end:
        time.sleep(0.1)
    return page


@pytest.fixture
def server(tmp_path):
    limits = {**ROOMY, "logins": "10000/minute"}
    proc = ServerProcess(str(tmp_path / "games.db"), limits=limits).start()
    yield proc
    proc.stop()
    assert "Traceback" not in proc.output(), proc.output()[-3000:]


def test_a_resigned_tournament_game_is_a_loss_on_every_page_and_in_every_figure(server):
    """Ann resigns a two-seat tournament game in which the stand-in bot, standing in for her, wins
    (the game ends on Bob's move right after: the engine names her seat the winner). Every reader
    names Bob the winner and Ann's seat the loser."""
    ann, bob = Person(server, "Ann Resigns"), Person(server, "Bob Plays On")
    number = ann.post("/api/tournaments", {"name": "Fair cup", "game": "nationen", "kind": "round-robin",
                                           "seats": 2, "capacity": 2,
                                           "clock": {"kind": "live", "minutes": 60}}).json()["id"]
    for person in (ann, bob):
        assert person.post(f"/api/tournaments/{number}/signup", {}).status_code == 201
    (board,) = ann.api.get(f"/api/tournaments/{number}").json()["schedule"][0]["games"]
    game_id, order = board["game"], board["players"]
    labels = {name: label for label, name in zip(("p1", "p2"), order, strict=True)}
    mine, theirs = labels[ann.name], labels[bob.name]
    store = Store(server.db)
    try:
        stored = store.load(game_id)
    finally:
        store.close()
    line = winning_line(stored, winner=int(mine[1]) - 1, last=int(theirs[1]) - 1)

    socks = {mine: ann.socket(game_id, mine), theirs: bob.socket(game_id, theirs)}
    watcher = GameSocket(server, game_id)
    watcher.hello(lang="de")
    try:
        for seq, action in enumerate(line[:-1]):
            actor = next(label for label, sock in socks.items() if "pending" in sock.wait_view(
                lambda m, seq=seq: m["seq"] == seq)["view"])
            socks[actor].act(action, seq)
        resigned_at = len(line) - 1
        socks[mine].wait_view(lambda m: m["seq"] == resigned_at)
        socks[mine].send({"type": "resign"})
        socks[theirs].until(lambda m: m["type"] == "resigned")
        socks[theirs].wait_view(lambda m: m["seq"] == resigned_at and "pending" in m["view"])
        socks[theirs].act(line[-1], resigned_at)

        # the game page: every seat's and the spectators' view of the end, each in its language
        for sock in (*socks.values(), watcher):
            end = sock.wait_view(lambda m: m["status"] == "finished")["view"]["outcome"]
            assert end["winners"] == [theirs] and end["places"] == {theirs: 1, mine: 2}, end
        said = watcher.views[-1]["view"]["outcome"]["reason"]
        assert said.endswith(f"Spieler {mine[1]} hat aufgegeben; das zählt als Niederlage."), said
    finally:
        for sock in (*socks.values(), watcher):
            sock.close()

    info = ann.api.wait_finished(game_id)  # the game's public facts (the lobby's entry of a live table)
    record = ann.api.record(game_id)
    outcome = record.result["outcome"]
    assert outcome["winners"] == [theirs] and outcome["places"] == {theirs: 1, mine: 2}
    assert outcome["reasons"]["en"].endswith(f"Player {mine[1]} resigned, which counts as a loss.")
    assert info["outcome"] == outcome
    listed = next(g for g in ann.api.get("/api/games").json()["finished"] if g["id"] == game_id)
    assert listed["outcome"] == outcome  # the lobby's list
    for person in (ann, bob):  # "my games"
        mine_listed = next(g for g in person.api.get("/api/account/games").json()["games"] if g["id"] == game_id)
        assert mine_listed["outcome"] == outcome

    # the record replays to the engine's own end (digest checked); its notes say where Ann resigned
    final = record.replay(get)
    assert final.outcome().winners == (int(mine[1]) - 1,) and record.result["away"] == {mine: "resigned"}
    assert {"ply": resigned_at, "seat": int(mine[1]) - 1, "kind": "resigned"} in record.notes
    step = ann.api.get(f"/api/games/{game_id}/replay", params={"ply": resigned_at}).json()
    assert step["left"] == [{"seat": mine, "kind": "resigned"}]
    last = ann.api.get(f"/api/games/{game_id}/replay", params={"ply": len(line)}).json()
    assert last["view"]["outcome"]["winners"] == [theirs] and last["left"] == []

    # the statistics page: Bob's seat won the one game, Ann's did not
    (table,) = ann.api.get("/api/statistics/nationen").json()["by_players"]
    wins = {row["seat"]: row["wins"] for row in table["seats"]}
    assert wins == {theirs: 1, mine: 0} and table["no_winner"] == 0

    # the player pages: places, and the ratings (the rating runs after the end)
    pages = {person.name: rated_page(ann.api, person.name) for person in (ann, bob)}
    assert [g["place"] for g in pages[ann.name]["recent"]] == [2]
    assert [g["place"] for g in pages[bob.name]["recent"]] == [1]
    assert pages[bob.name]["ratings"][0]["mu"] > pages[ann.name]["ratings"][0]["mu"]

    # the tournament's standings
    standings = {s["name"]: s["points"] for s in ann.api.get(f"/api/tournaments/{number}").json()["standings"]}
    assert standings == {bob.name: 1.0, ann.name: 0.0}
    for person in (ann, bob):
        person.api.http.close()


# ---------------------------------------------------------------------- the rule on outcomes


def outcome(places: dict[str, int], winners: list[str], teams: dict[str, int] | None = None) -> dict:
    out = {"places": places, "winners": winners, "reason": "the game's own words", "limit": False}
    return {**out, "teams": teams} if teams is not None else out


@pytest.mark.parametrize(("before", "given_up", "after"), [
    # two seats: the winner resigned; the other wins
    (outcome({"p1": 1, "p2": 2}, ["p1"]), {"p1": "resigned"}, outcome({"p1": 2, "p2": 1}, ["p2"])),
    # a draw, both winning: the one who lost on time ranks below, and the other wins alone
    (outcome({"p1": 1, "p2": 1}, ["p1", "p2"]), {"p2": "timeout"}, outcome({"p1": 1, "p2": 2}, ["p1"])),
    # four seats: the resigned winner goes below everybody, the others keep their order (and their tie)
    (outcome({"p1": 1, "p2": 2, "p3": 3, "p4": 3}, ["p1"]), {"p1": "resigned"},
     outcome({"p1": 4, "p2": 1, "p3": 2, "p4": 2}, ["p2"])),
    # two seats given up keep the game's order among themselves, below the others
    (outcome({"p1": 1, "p2": 2, "p3": 3}, ["p1"]), {"p2": "timeout", "p1": "resigned"},
     outcome({"p1": 2, "p2": 3, "p3": 1}, ["p3"])),
    # nobody won (Nuclear War's last nations annihilated each other): nobody wins after either
    (outcome({"p1": 1, "p2": 1, "p3": 3}, []), {"p1": "resigned"}, outcome({"p1": 3, "p2": 1, "p3": 2}, [])),
    # a seat given up that the game ranked last already: the game's numbers stay; tied with another, below it
    (outcome({"p1": 1, "p2": 2, "p3": 3}, ["p1"]), {"p3": "resigned"}, outcome({"p1": 1, "p2": 2, "p3": 3}, ["p1"])),
    (outcome({"p1": 1, "p2": 2, "p3": 2}, ["p1"]), {"p3": "resigned"}, outcome({"p1": 1, "p2": 2, "p3": 3}, ["p1"])),
    # every seat given up: the game's order, and no winner
    (outcome({"p1": 1, "p2": 2}, ["p1"]), {"p1": "resigned", "p2": "timeout"}, outcome({"p1": 1, "p2": 2}, [])),
    # 1815 2vs2: a member of the winning team resigned; the other team wins, partners share their place
    (outcome({"p1": 1, "p2": 2, "p3": 1, "p4": 2}, ["p1", "p3"], {"p1": 0, "p2": 1, "p3": 0, "p4": 1}),
     {"p3": "resigned"},
     outcome({"p1": 3, "p2": 1, "p3": 3, "p4": 1}, ["p2", "p4"], {"p1": 0, "p2": 1, "p3": 0, "p4": 1})),
    # 2+2: the winner and the ally on one side; the ally lost on time: the other side ranks first
    (outcome({"p1": 1, "p2": 3, "p3": 2, "p4": 3}, ["p1"], {"p1": 0, "p2": 1, "p3": 0, "p4": 1}),
     {"p3": "timeout"},
     outcome({"p1": 3, "p2": 1, "p3": 4, "p4": 1}, ["p2", "p4"], {"p1": 0, "p2": 1, "p3": 0, "p4": 1})),
])
def test_seats_given_up_rank_below_the_others_and_win_nothing(before, given_up, after):
    assert ranked(before, given_up) == after
    assert ranked(after, given_up) == after  # ranking a stored result again changes nothing
