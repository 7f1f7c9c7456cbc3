"""Clocks and resigning in the browser: a game created from the lobby with a time control
shows each person's clock counting down on their turn; resigning asks once, and then a
bot plays the seat and the table says so; after a time-out the page says why the seat
cannot be taken back yet, or at all — in both languages."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from realpolitik.testing.load import wait_ms
from realpolitik.testing.pages import ENABLED, console_errors
from realpolitik.testing.server import Api, ServerProcess, run_out


@pytest.mark.parametrize(("locale", "words", "resigned", "tag"), [
    ("en-US", "Time control: 20 min + 15 s per move", "Player 1 resigned; a bot plays the seat to the end.",
     "resigned"),
    ("de-DE", "Bedenkzeit: 20 Min. + 15 s pro Zug", "Spieler 1 hat aufgegeben; ein Bot spielt den Platz bis zum Ende.",
     "aufgegeben"),
])
def test_a_clock_counts_down_and_a_player_resigns(server, context, locale, words, resigned, tag):
    page = context(locale).new_page()
    errors = console_errors(page)
    page.goto(server.url + "/")
    page.select_option("#game", "nationen")
    page.locator("#seats select").nth(1).select_option("random")
    page.select_option("#clock", "live-20-15")
    page.select_option("#stand-in", "random")
    page.click("#create-button")
    page.click("[data-play=p1]")
    page.fill("#join-name", "Ann")
    page.click("#join-button")
    page.wait_for_selector(ENABLED)
    expect(page.locator("#clock-words")).to_have_text(words)
    mine = page.locator('[data-clock="p1"]')
    expect(mine).to_have_class("clock running")
    first = mine.text_content()
    assert first.startswith(("20:00", "19:5"))
    page.wait_for_function(f"() => document.querySelector('[data-clock=\"p1\"]').textContent !== '{first}'",
                           timeout=wait_ms(5))  # it counts down between views

    asked = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.click("#resign")
    expect(page.locator("#notice.info")).to_have_text(resigned)
    assert len(asked) == 1
    expect(page.locator("#players li").first.locator(".tag.away")).to_have_text(tag)
    expect(page.locator("#resign")).to_be_hidden()
    assert errors == []


@pytest.mark.parametrize(("locale", "wait", "lost", "tag"), [
    ("en-US", "Your time ran out: you can take the seat back once the bot has made a move for it.",
     "Your time ran out 3 times in this game: you have lost on time, and the bot plays your seat to the end.",
     "lost on time"),
    ("de-DE", "Deine Zeit ist abgelaufen: du kannst den Platz zurücknehmen, sobald der Bot einen Zug für ihn "
     "gemacht hat.", "Deine Zeit ist in diesem Spiel 3-mal abgelaufen: du hast auf Zeit verloren, und der Bot "
     "spielt deinen Platz bis zum Ende.", "auf Zeit verloren"),
])
def test_after_a_time_out_the_page_says_when_the_seat_can_be_taken_back_and_when_never(tmp_path, context, locale,
                                                                                       wait, lost, tag):
    server = ServerProcess(str(tmp_path / "games.db"), stand_in_pace=3.0).start()
    try:
        with Api(server) as api:
            game = api.create(["human", "random"], game="e1815", clock={"kind": "live", "minutes": 1, "increment": 0},
                              stand_in="random")
        page = context(locale).new_page()
        errors = console_errors(page)
        page.goto(server.url + next(i["url"] for i in game["invites"] if i["seat"] == "p1"))
        page.fill("#join-name", "Ann")
        page.click("#join-button")
        page.wait_for_selector(ENABLED)
        run_out(server, game["id"])  # the page reconnects by itself
        expect(page.locator("#come-back-why")).to_have_text(wait, timeout=wait_ms(20))
        expect(page.locator("#come-back")).to_be_disabled()
        expect(page.locator("#come-back")).to_be_enabled(timeout=wait_ms(20))  # the bot has moved for her
        expect(page.locator("#come-back-why")).to_be_hidden()
        page.click("#come-back")
        expect(page.locator("#come-back")).to_be_hidden()
        run_out(server, game["id"], timeouts=2)  # her third time-out
        expect(page.locator("#come-back-why")).to_have_text(lost, timeout=wait_ms(20))
        expect(page.locator("#come-back")).to_be_hidden()
        expect(page.locator("#players li").first.locator(".tag.away")).to_have_text(tag)
        # a try to connect while the server restarts for a time-out is refused; nothing else may fail
        assert [e for e in errors if "ERR_CONNECTION_REFUSED" not in e] == [], errors
    finally:
        server.stop()


def test_the_table_chat_the_spectators_chat_the_chat_in_the_replay_and_a_rematch(server, api, context):
    game = api.create(["human", "random"], game="nationen", stand_in="random")
    ann = context().new_page()
    errors = console_errors(ann)
    ann.goto(server.url + next(i["url"] for i in game["invites"] if i["seat"] == "p1"))
    ann.fill("#join-name", "Ann")
    ann.click("#join-button")
    ann.wait_for_selector(ENABLED)
    watcher = context("de-DE").new_page()
    watcher.goto(f"{server.url}/game/{game['id']}")
    expect(watcher.locator("#chat-heading")).to_have_text("Chat der Zuschauer")
    expect(ann.locator("#chat-channel")).to_be_hidden()  # no teams: the table is the only channel

    tricky = "<img src=x onerror=alert(1)> good luck"
    ann.fill("#chat-text", tricky)
    ann.press("#chat-text", "Enter")
    expect(watcher.locator("#chat-lines li")).to_have_text([f"Spieler 1 (Ann): {tricky}"])  # text, never markup
    watcher.fill("#chat-text", "Ann sollte eine Pipeline bauen")
    watcher.press("#chat-text", "Enter")
    expect(watcher.locator("#chat-lines li").last).to_have_text("Zuschauer: (Zuschauer) Ann sollte eine Pipeline bauen")
    ann.wait_for_timeout(300)
    assert ann.locator("#chat-lines li").all_inner_texts() == [f"Player 1 (Ann): {tricky}"]  # no tips for players

    ann.on("dialog", lambda dialog: dialog.accept())
    ann.click("#resign")
    api.wait_finished(game["id"], timeout=120)
    replay = context().new_page()
    replay.goto(f"{server.url}/replay/{game['id']}")
    expect(replay.locator("#chat-lines li")).to_have_text([f"Player 1 (Ann): {tricky}",
                                                           "Zuschauer: (spectators) Ann sollte eine Pipeline bauen"])
    assert errors == [] and replay.locator("img[src=x]").count() == 0

    rematch = ann.locator("#rematch")  # one click after the end: a new game, the seats moved on by one
    expect(rematch).to_have_text("Propose a rematch (seats move on by one)")
    rematch.click()
    ann.wait_for_url(lambda url: "/game/" in url and game["id"] not in url)
    expect(ann.locator("#you")).to_have_text("you play Player 2")
    assert errors == []


def test_a_grave_action_asks_once_and_is_sent_only_when_confirmed(server, api, context):
    import json

    from realpolitik.testing.pages import seq, view_at

    game = api.create(["human", "heuristic"], game="wsdv")
    page = context("de-DE").new_page()
    frames: list[dict] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(json.loads(payload))))
    page.goto(server.url + next(i["url"] for i in game["invites"] if i["seat"] == "west"))
    page.fill("#join-name", "Ann")
    page.click("#join-button")
    for _ in range(60):  # play ordinary choices until a grave one is offered
        page.wait_for_selector(ENABLED)
        view = view_at(page, frames, seq(page))
        grave = [c for c in view["pending"]["choices"] if c["grave"]]
        if grave:
            break
        before = seq(page)
        page.locator(ENABLED).first.click()
        page.wait_for_function(f"() => Number(document.body.dataset.seq) > {before}")
    else:
        raise AssertionError("no grave choice came up")
    choice, at = grave[0], seq(page)
    assert choice["grave"].startswith("Diese Karte hat nicht deine Farbe")
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.click(f'#pending button.action[data-action="{choice["action"]}"]')
    page.wait_for_timeout(300)
    assert asked == [f"{choice['grave']}\n\nTrotzdem spielen?"] and seq(page) == at  # declined: nothing sent
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.click(f'#pending button.action[data-action="{choice["action"]}"]')
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {at}")
    assert len(asked) == 2
