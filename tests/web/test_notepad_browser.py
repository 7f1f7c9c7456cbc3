"""The seat's notepad in the browser: the player of a seat writes notes, keeps them across a
reload, and chooses to show them in the replay; the other seat's page and a spectator's show
none of them; the replay shows the notes whose writer agreed, in the page's language."""

from __future__ import annotations

from playwright.sync_api import expect

from realpolitik.testing.pages import accept_warnings, console_errors
from realpolitik.testing.server import GameSocket

NOTES = "Watch the east:\nkeep two cards for the last round"


def test_the_notepad_is_the_seats_own_and_the_replay_shows_it_when_agreed(server, api, context):
    game = api.create(["human", "human", "random"], game="nationen", stand_in="random")
    urls = {i["seat"]: server.url + i["url"] for i in game["invites"]}
    ann_ctx = context()
    ann = ann_ctx.new_page()
    errors = console_errors(ann)
    accept_warnings(ann)
    ann.goto(urls["p1"])
    ann.fill("#join-name", "Ann")
    ann.click("#join-button")
    expect(ann.locator("#notepad")).to_be_visible()
    expect(ann.locator("#notes-text")).to_have_value("")
    ann.fill("#notes-text", NOTES)
    ann.check("#notes-shown")
    expect(ann.locator("#notes-state")).to_have_text("Your notes will be shown in the replay.")
    ann.click("#notes-save")
    expect(ann.locator("#notes-state")).to_have_text("Notes saved.")
    ann.reload()
    expect(ann.locator("#notes-text")).to_have_value(NOTES)  # kept, and read again with the seat's token
    expect(ann.locator("#notes-shown")).to_be_checked()

    bo = context("de-DE").new_page()  # the other seat, in German: its own empty notepad
    accept_warnings(bo)
    bo.goto(urls["p2"])
    bo.fill("#join-name", "Bo")
    bo.click("#join-button")
    expect(bo.locator("#notepad h2")).to_have_text("Meine Notizen")
    expect(bo.locator("#notes-text")).to_have_value("")
    assert NOTES.splitlines()[1] not in bo.content()

    watcher = context().new_page()
    watcher.goto(f"{server.url}/game/{game['id']}")
    watcher.wait_for_function("() => document.body.dataset.status === 'running'")
    expect(watcher.locator("#notepad")).to_be_hidden()
    assert NOTES.splitlines()[1] not in watcher.content()

    for seat in ("p1", "p2"):  # both leave the game to the stand-in, which plays it to the end
        sock = GameSocket(server, game["id"])
        sock.hello(game["tokens"][seat])
        sock.send({"type": "resign"})
        sock.until(lambda m: m["type"] == "resigned")
        sock.close()
    api.wait_finished(game["id"], timeout=120)
    replay = context("de-DE").new_page()
    replay.goto(f"{server.url}/replay/{game['id']}")
    expect(replay.locator("#notes h2")).to_have_text("Notizen der Spieler")
    expect(replay.locator("#notes-list li")).to_have_count(1)
    expect(replay.locator('#notes-list li[data-seat="p1"] pre')).to_have_text(NOTES)
    assert errors == []
