"""Friends and messages in the system Chromium against a real server (issue 59): on Bo's player
page Ann adds Bo as a friend; the lobby's new-game form offers Bo and invites him to the
second seat in the same step; Bo finds the invitation among his messages, answers it, and
takes the seat by its link; Ann reads the answer in the conversation."""

from __future__ import annotations

from playwright.sync_api import expect

from realpolitik.testing.pages import console_errors

PASSWORD = "correct horse battery"


def sign_up(page, server, name: str) -> None:
    page.goto(server.url + "/account")
    page.fill("#signup-name", name)
    page.fill("#signup-password", PASSWORD)
    page.click("#signup-button")
    expect(page.locator("#signed-in")).to_have_text(f"Logged in as {name}")


def test_a_friend_is_added_invited_from_the_lobby_and_answers_by_message(server, context):
    bo = context().new_page()
    bo_errors = console_errors(bo)
    sign_up(bo, server, "Bo Social")
    ann = context().new_page()
    ann_errors = console_errors(ann)
    sign_up(ann, server, "Ann Social")
    expect(ann.locator("#friends")).to_contain_text("none")

    ann.goto(server.url + "/player/Bo%20Social")
    ann.click("#add-friend")
    expect(ann.locator("#notice")).to_have_text("Bo Social is among your friends now.")

    ann.goto(server.url + "/")
    expect(ann.locator("#invite-box")).to_be_visible()
    ann.locator("#seats select").nth(1).select_option("human")
    ann.select_option("#invite-friend", "Bo Social")
    ann.click("#create-button")
    expect(ann.locator("#created [data-invited='Bo Social']")).to_contain_text("Bo Social is invited to")

    bo.goto(server.url + "/account")
    entry = bo.locator("#inbox li[data-name='Ann Social'] button")
    expect(entry).to_be_visible()
    entry.click()
    expect(bo.locator("#conversation-with")).to_have_text("Messages with Ann Social")
    seat = bo.locator("#letters a.button")
    expect(seat).to_contain_text("Take the seat in Nuclear War")
    bo.fill("#letter-text", "I'm in, see you at the table")
    bo.click("#letter-button")
    expect(bo.locator("#letters li.mine").last).to_contain_text("I'm in, see you at the table")
    seat.click()
    expect(bo.locator("#you")).to_have_text("you play Player 2")

    ann.goto(server.url + "/account#messages=Bo%20Social")
    expect(ann.locator("#letters li.theirs")).to_contain_text("I'm in, see you at the table")
    ann.locator("#friends li[data-name='Bo Social'] button.block").click()
    expect(ann.locator("#blocked li[data-name='Bo Social']")).to_be_visible()
    expect(ann.locator("#friends")).to_contain_text("none")
    assert ann_errors == [] and bo_errors == []
