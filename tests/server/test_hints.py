"""Hints online ("What would the bot do?"): a game created with hints, or a lesson, lets the
person to act ask the bot for its suggestion and everyone's chances; the answer reaches the
asking connection only; a rated game never offers hints, and every other request is refused
in words; the record notes each hint asked (the seat and the ply, not the suggestion); the
bot's budget is bounded and hints are rate-limited per seat."""

from __future__ import annotations

import json

import pytest

from realpolitik.engine import Record, RecordError
from realpolitik.server.store import Store
from realpolitik.testing.server import ROOMY, Api, GameSocket, ServerProcess


def notes(server: ServerProcess, game_id: str) -> list[dict]:
    store = Store(server.db)
    try:
        return store.notes_of(game_id)
    finally:
        store.close()


def seated(api: Api, sockets, game: str = "nationen", **extra) -> tuple[dict, GameSocket, GameSocket]:
    """A two-person game with both players seated and running: (its creation's answer, p1, p2)."""
    created = api.create(["human", "human"], game=game, **extra)
    first, second = sockets(created["id"]), sockets(created["id"])
    first.hello(created["tokens"]["p1"], "Ann")
    second.hello(created["tokens"]["p2"], "Bo")
    first.wait_view(lambda m: m["status"] == "running")
    second.wait_view(lambda m: m["status"] == "running")
    return created, first, second


def refusal(sock: GameSocket) -> dict:
    return sock.until(lambda m: m["type"] in ("error", "hint"))


def test_hints_are_chosen_at_creation_and_refused_together_with_rated(api):
    answer = api.post("/api/games", json={"game": "nationen", "seats": ["human", "random"], "rated": True,
                                          "hints": True})
    assert answer.status_code == 400
    assert answer.json() == {"code": "rated-hints",
                             "error": "A rated game cannot allow hints: choose one or the other."}
    german = api.post("/api/games", json={"game": "nationen", "seats": ["human", "random"], "rated": True,
                                          "hints": True}, headers={"accept-language": "de"})
    assert "Hinweise" in german.json()["error"]
    with_hints = api.create(["human", "random"], game="nationen", hints=True)
    assert api.info(with_hints["id"])["hints"] is True
    assert api.info(api.create(["human", "random"], game="nationen")["id"])["hints"] is False


def test_the_hint_goes_to_the_asking_connection_only_and_the_record_notes_it(server, api, sockets):
    created, ann, bo = seated(api, sockets, hints=True)
    gid = created["id"]
    ann_too, watcher = sockets(gid), sockets(gid)
    ann_too.hello(created["tokens"]["p1"])  # a second tab of Ann's seat
    watcher.hello()
    assert ann.welcome["hints"] is True and bo.welcome["hints"] is True
    view = ann.wait_turn_or_end()
    ann.send({"type": "hint", "seq": view["seq"]})
    hint = ann.until(lambda m: m["type"] == "hint")
    pending = view["view"]["pending"]
    assert hint["seq"] == view["seq"] and hint["best"] in pending["actions"]
    assert hint["label"] == next(c["label"] for c in pending["choices"] if c["action"] == hint["best"])
    assert set(hint["visits"]) == set(pending["actions"]) and set(hint["values"]) <= set(pending["actions"])
    assert set(hint["chances"]) == {"p1", "p2"}
    assert all(0 <= p <= 1 for p in [*hint["values"].values(), *hint["chances"].values()])
    assert hint["visits"][hint["best"]] == max(hint["visits"].values())  # the search suggests its most tried action
    assert notes(server, gid) == [{"ply": view["seq"], "seat": 0, "kind": "hint"}]

    ann.act(hint["best"])
    for sock in (ann, bo, ann_too, watcher):
        sock.wait_view(lambda m: m["seq"] == view["seq"] + 1)
    for sock in (bo, ann_too, watcher):
        assert not [m for m in sock.received if m["type"] == "hint"]
        assert all(hint["label"] not in line for line in sock.log if "hint" in line.lower())


def test_a_rated_game_and_a_game_without_hints_refuse_them(api, sockets):
    for extra, code, words in (({"rated": True}, "rated", "A rated game offers no hints."),
                               ({}, "no-hints", "This game was created without hints.")):
        _, ann, _ = seated(api, sockets, **extra)
        assert ann.welcome["hints"] is False
        ann.send({"type": "hint", "seq": ann.wait_turn_or_end()["seq"]})
        said = refusal(ann)
        assert (said["type"], said["code"], said["message"]) == ("error", code, words)


def test_hints_only_on_your_turn_at_the_current_move_and_never_for_spectators(server, api, sockets):
    created, ann, bo = seated(api, sockets, hints=True)
    gid = created["id"]
    seq = ann.wait_turn_or_end()["seq"]
    bo.send({"type": "hint", "seq": seq})
    assert refusal(bo)["code"] == "turn"
    ann.send({"type": "hint", "seq": seq + 3})
    assert refusal(ann)["code"] == "stale"
    watcher = sockets(gid)
    watcher.hello()
    watcher.send({"type": "hint", "seq": seq})
    assert refusal(watcher)["code"] == "spectator"
    ann.send({"type": "hint", "seq": "now"})
    assert refusal(ann)["code"] == "bad-message"
    assert notes(server, gid) == []  # nothing refused is noted


def test_one_hint_at_a_time_per_seat(server, api, sockets):
    created, ann, _ = seated(api, sockets, hints=True)
    gid = created["id"]
    seq = ann.wait_turn_or_end()["seq"]
    ann.send({"type": "hint", "seq": seq})
    ann.send({"type": "hint", "seq": seq})
    first, second = refusal(ann), refusal(ann)
    assert {first["type"], second["type"]} == {"hint", "error"}
    error = first if first["type"] == "error" else second
    assert error["code"] == "hinting"
    assert len(notes(server, gid)) == 1


def test_a_lesson_allows_hints(api, sockets):
    lesson = api.post("/api/learn/nuclear-war", json={}).json()
    sock = sockets(lesson["id"])
    sock.hello(lesson["url"].split("token=")[1])
    assert sock.welcome["hints"] is True
    view = sock.wait_turn_or_end()
    sock.send({"type": "hint", "seq": view["seq"]})
    assert refusal(sock)["type"] == "hint"


def test_the_finished_record_and_replay_show_the_hints_asked(server, api, sockets):
    created = api.create(["human", "random"], game="nuclear-war", hints=True)
    ann = sockets(created["id"])
    ann.hello(created["tokens"]["p1"], "Ann")
    seq = ann.wait_turn_or_end()["seq"]
    ann.send({"type": "hint", "seq": seq})
    ann.until(lambda m: m["type"] == "hint")
    ann.send({"type": "resign"})
    api.wait_finished(created["id"])
    record = api.record(created["id"])
    assert record.notes == [{"ply": seq, "seat": 0, "kind": "hint"},  # and where she resigned
                            {"ply": seq, "seat": 0, "kind": "resigned"}]
    assert api.get(f"/api/games/{created['id']}/replay", params={"ply": seq}).json()["hints"] == ["p1"]
    assert api.get(f"/api/games/{created['id']}/replay", params={"ply": seq + 1}).json()["hints"] == []


def test_records_keep_their_notes_and_old_records_load():
    record = Record("nuclear-war", "1", {}, 7, ["Ann", "random"], ["pass"])
    assert "notes" not in record.to_json()  # a record without notes is written as before
    assert Record.from_json(record.to_json()).notes == []
    record.notes = [{"ply": 0, "seat": 1, "kind": "hint"}]
    assert Record.from_json(record.to_json()) == record
    for bad in ([{"ply": 0, "seat": 2, "kind": "hint"}], [{"ply": -1, "seat": 0, "kind": "hint"}],
                [{"ply": 0, "seat": 0}], "hint", [{"ply": True, "seat": 0, "kind": "hint"}]):
        data = {**json.loads(record.to_json()), "notes": bad}
        with pytest.raises(RecordError, match="field 'notes' must be a list"):
            Record.from_json(json.dumps(data))


@pytest.fixture(scope="module")
def thrifty(tmp_path_factory):
    """A server whose hints may search one world and come twice a minute per seat."""
    db = tmp_path_factory.mktemp("hints") / "games.db"
    proc = ServerProcess(str(db), limits={**ROOMY, "hints": "2/minute", "hint_budget": 1}).start()
    yield proc
    proc.stop()


def test_the_budget_bounds_the_search_and_hints_are_rate_limited_per_seat(thrifty, sockets):
    with Api(thrifty) as api:
        created = api.create(["human", "human"], game="nationen", hints=True)
    ann, bo = sockets(created["id"], on=thrifty), sockets(created["id"], on=thrifty)
    ann.hello(created["tokens"]["p1"], "Ann")
    bo.hello(created["tokens"]["p2"], "Bo")
    seq = ann.wait_turn_or_end()["seq"]
    for _ in range(2):
        ann.send({"type": "hint", "seq": seq})
        hint = ann.until(lambda m: m["type"] in ("hint", "error"))
        assert hint["type"] == "hint"
        assert sum(hint["visits"].values()) == 1  # a budget of one apply call: one playout
    ann.send({"type": "hint", "seq": seq})
    limited = refusal(ann)
    assert (limited["type"], limited["code"]) == ("error", "limit")
    assert len(notes(thrifty, created["id"])) == 2
