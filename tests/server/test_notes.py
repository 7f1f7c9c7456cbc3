"""A seat's private notepad: only its player reads and writes it (the seat's token, or the
account it is bound to); every other seat, a spectator and a stranger get one refusal that
says nothing of what is there; notes never reach a view, a log, a record or a replay step;
after the game, the replay shows the notes whose writers agreed."""

from __future__ import annotations

import json

import pytest

from realpolitik.server.notes import MAX_NOTES

SECRET = "Bluff with the 40 Mt warhead; keep the spy for round 3"


def notes(api, game_id: str, **body):
    return api.post(f"/api/games/{game_id}/notes", json=body)


def three(api, sockets):
    """A game of Nationen: Ann (p1) and Bo (p2) seated, a random bot in p3: (created, Ann, Bo)."""
    created = api.create(["human", "human", "random"], game="nationen", stand_in="random")
    ann, bo = sockets(created["id"]), sockets(created["id"])
    ann.hello(created["tokens"]["p1"], "Ann")
    bo.hello(created["tokens"]["p2"], "Bo")
    ann.wait_view(lambda m: m["status"] == "running")
    return created, ann, bo


def test_only_the_seats_player_reads_its_notes_and_a_refusal_reveals_nothing(api, sockets):
    created, ann, bo = three(api, sockets)
    gid, tokens = created["id"], created["tokens"]
    assert notes(api, gid, seat="p1", token=tokens["p1"]).json()["text"] == ""
    written = notes(api, gid, seat="p1", token=tokens["p1"], text=SECRET)
    assert written.status_code == 200 and written.json()["text"] == SECRET and not written.json()["shown"]
    assert notes(api, gid, seat="p1", token=tokens["p1"]).json()["text"] == SECRET
    # p2 with its own token, a spectator, a made-up token, p2's token on p3 (no notes): one refusal
    refusals = [notes(api, gid, seat="p1", token=tokens["p2"]), notes(api, gid, seat="p1"),
                notes(api, gid, seat="p1", token="x" * 43), notes(api, gid, seat="p1", token=tokens["p2"], text="mine")]
    empty = notes(api, gid, seat="p2", token=tokens["p1"])
    for refused in refusals:
        assert refused.status_code == 403
        assert refused.json() == {"code": "not-yours",
                                  "error": "Only the player of seat p1 reads and writes its notes."}
    assert empty.json() == {"code": "not-yours", "error": "Only the player of seat p2 reads and writes its notes."}
    assert notes(api, gid, seat="p1", token=tokens["p1"]).json()["text"] == SECRET  # the refused write changed nothing
    assert notes(api, gid, seat="p9", token=tokens["p1"]).status_code == 400


def test_notes_never_reach_a_view_a_log_the_record_or_the_replay(server, api, sockets):
    created, ann, bo = three(api, sockets)
    gid, tokens = created["id"], created["tokens"]
    watcher = sockets(gid)
    watcher.hello()
    notes(api, gid, seat="p1", token=tokens["p1"], text=SECRET, shown=False)
    notes(api, gid, seat="p2", token=tokens["p2"], text="Bo's plan: " + SECRET[::-1], shown=False)
    ann.send({"type": "resign"})
    bo.send({"type": "resign"})
    api.wait_finished(gid, timeout=120)
    for sock in (ann, bo, watcher):
        sock.until(lambda m: m["type"] == "view" and m["status"] == "finished", timeout=30)
        assert SECRET not in json.dumps(sock.received) and SECRET[::-1] not in json.dumps(sock.received)
    for path in (f"/api/games/{gid}/record", f"/api/games/{gid}/replay?seat=p1&ply=3", f"/api/games/{gid}",
                 f"/api/games/{gid}/chat", f"/api/games/{gid}/notes"):
        assert SECRET not in api.get(path).text, path
    assert api.get(f"/api/games/{gid}/notes").json() == {"notes": []}  # neither writer agreed
    assert SECRET not in server.output()


def test_the_replay_shows_the_notes_of_the_writers_who_agree(api, sockets):
    created, ann, bo = three(api, sockets)
    gid, tokens = created["id"], created["tokens"]
    notes(api, gid, seat="p1", token=tokens["p1"], text="Ann: " + SECRET, shown=True)
    notes(api, gid, seat="p2", token=tokens["p2"], text="Bo keeps this", shown=False)
    early = api.get(f"/api/games/{gid}/notes")
    assert early.status_code == 403 and early.json()["code"] == "not-finished"
    ann.send({"type": "resign"})
    bo.send({"type": "resign"})
    api.wait_finished(gid, timeout=120)
    assert api.get(f"/api/games/{gid}/notes").json() == {"notes": [{"seat": "p1", "text": "Ann: " + SECRET}]}
    late = notes(api, gid, seat="p1", token=tokens["p1"], text="rewritten after the end")
    assert late.status_code == 409 and late.json()["code"] == "over"
    agreed = notes(api, gid, seat="p2", token=tokens["p2"], shown=True)  # agreeing after the end is fine
    assert agreed.status_code == 200 and agreed.json()["text"] == "Bo keeps this"
    assert [n["seat"] for n in api.get(f"/api/games/{gid}/notes").json()["notes"]] == ["p1", "p2"]


@pytest.mark.parametrize(("body", "status"), [
    ({"text": "x" * (MAX_NOTES + 1)}, 400), ({"text": 5}, 400), ({"shown": "yes"}, 400), ({"colour": "red"}, 400),
    ({"token": "t" * 65}, 400),
])
def test_bad_notes_are_refused_in_words_and_lose_nothing(api, sockets, body, status):
    created, ann, bo = three(api, sockets)
    gid, token = created["id"], created["tokens"]["p1"]
    notes(api, gid, seat="p1", token=token, text="kept")
    answer = notes(api, gid, **{"seat": "p1", "token": token, **body})
    assert answer.status_code == status and answer.json()["error"]
    assert notes(api, gid, seat="p1", token=token).json()["text"] == "kept"


def test_notes_keep_their_lines_and_lose_control_characters(api, sockets):
    created, ann, bo = three(api, sockets)
    answer = notes(api, created["id"], seat="p1", token=created["tokens"]["p1"], text="a\r\nb\tc\x00\x1bd")
    assert answer.json()["text"] == "a\nb\tcd"


def test_a_signed_in_player_reads_the_notes_of_a_seat_bound_to_the_account(server, api, sockets):
    from realpolitik.testing.server import Api, GameSocket

    with Api(server) as cy:
        csrf = cy.post("/api/account/signup", json={"name": "Notary", "password": "correct horse battery"}
                       ).json()["csrf"]
        created = api.create(["human", "random"], game="nationen")
        sock = GameSocket(server, created["id"], headers={"cookie": f"session={cy.http.cookies['session']}"})
        sock.hello(created["tokens"]["p1"])
        sock.close()
        written = cy.post(f"/api/games/{created['id']}/notes", json={"seat": "p1", "text": "by account"},
                          headers={"x-csrf-token": csrf})
        assert written.status_code == 200 and written.json()["text"] == "by account"
        assert notes(api, created["id"], seat="p1").json()["code"] == "not-yours"  # no session, no token


def test_notes_in_storage_are_one_row_per_seat_however_many_write_at_once(database):
    from concurrent.futures import ThreadPoolExecutor

    from realpolitik.server import notes as stored_notes
    from realpolitik.server.store import Store, StoredGame, StoredSeat, now

    store = Store(database)
    try:
        store.create_game(StoredGame("0123456789ab", "nationen", "1", {}, 1, False, "running", now(),
                                     [StoredSeat(0, "human"), StoredSeat(1, "human")]))
        assert stored_notes.read(store, "0123456789ab", 0) == {"text": "", "shown": False, "at": None}
        with ThreadPoolExecutor(4) as pool:  # the first notes of a seat, from several requests at once
            written = list(pool.map(lambda n: stored_notes.write(store, "0123456789ab", 0, f"take {n}", None),
                                    range(8)))
        assert {w["text"] for w in written} <= {f"take {n}" for n in range(8)}
        stored_notes.write(store, "0123456789ab", 0, None, True)
        assert stored_notes.read(store, "0123456789ab", 0)["shown"]
        assert stored_notes.shown(store, "0123456789ab") == [(0, stored_notes.read(store, "0123456789ab", 0)["text"])]
        assert stored_notes.read(store, "0123456789ab", 1)["text"] == ""  # the other seat's are its own
    finally:
        store.close()
