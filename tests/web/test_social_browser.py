"""Friends and messages in the system Chromium against a real server (issues 59, 78): on Bo's
player page Ann asks Bo to be her friend; Bo's header counts the request and he accepts it on his
account page; the lobby's new-game form offers Bo and invites him to the second seat in the same
step; Bo finds the invitation among his messages, answers it, and takes the seat by its link; Ann
reads the answer in the conversation. In German: a new message shows in the header's badge on
every page until it is read, and the player page's block button toggles."""

from __future__ import annotations

from playwright.sync_api import expect

from realpolitik.testing.load import wait_ms
from realpolitik.testing.pages import console_errors
from tests.web.test_axe import SCAN, axe_script  # noqa: F401 (a fixture)

PASSWORD = "correct horse battery"


def sign_up(page, server, name: str, greeting: str | None = None) -> None:
    page.goto(server.url + "/account")
    page.fill("#signup-name", name)
    page.fill("#signup-password", PASSWORD)
    page.click("#signup-button")
    expect(page.locator("#signed-in")).to_have_text(greeting or f"Logged in as {name}")


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
    expect(ann.locator("#notice")).to_have_text("You asked Bo Social to be your friend.")
    expect(ann.locator("#withdraw-friend")).to_be_visible()

    bo.goto(server.url + "/")
    requests = bo.locator("#unread-requests")
    expect(requests).to_have_attribute("aria-label", "Friend requests: 1")
    requests.click()
    bo.locator("#requests li[data-name='Ann Social'] button.accept").click()
    expect(bo.locator("#friends li[data-name='Ann Social']")).to_be_visible()
    expect(requests).to_be_hidden()

    ann.goto(server.url + "/")
    expect(ann.locator("#invite-box")).to_be_visible()
    ann.locator("#seats select").nth(1).select_option("human")
    ann.select_option("#invite-friend", "Bo Social")
    ann.click("#create-button")
    expect(ann.locator("#created [data-invited='Bo Social']")).to_contain_text("Bo Social is invited to")

    bo.goto(server.url + "/account")
    expect(bo.locator("#unread-messages")).to_have_attribute("aria-label", "Unread messages: 1")
    entry = bo.locator("#inbox li[data-name='Ann Social'] button")
    expect(entry).to_be_visible()
    entry.click()
    expect(bo.locator("#conversation-with")).to_have_text("Messages with Ann Social")
    expect(bo.locator("#unread-messages")).to_be_hidden()  # read now
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


def test_a_new_message_shows_in_the_header_until_read_and_the_block_button_toggles(
        server, context, browser, axe_script):  # noqa: F811
    """In German: Cy writes to Di, a friend; Di's header shows the badge on every page, labelled
    with its count (axe finds nothing serious there), until Di opens the conversation. On Cy's
    player page Di's "Blockieren" becomes "Blockierung aufheben" and back, and the account page's
    lists follow."""
    scanning = browser.new_context(viewport={"width": 1300, "height": 900}, bypass_csp=True, locale="de-DE")
    scanning.set_default_timeout(wait_ms(15))
    try:
        badge_and_block(server, scanning.new_page(), context("de-DE").new_page(), axe_script)
    finally:
        scanning.close()


def badge_and_block(server, di, cy, axe) -> None:
    """The test above on Di's page (in a context where axe may be injected) and Cy's."""
    di_errors = console_errors(di)
    sign_up(di, server, "Di Sozial", "Angemeldet als Di Sozial")
    cy_errors = console_errors(cy)
    sign_up(cy, server, "Cy Sozial", "Angemeldet als Cy Sozial")
    cy.goto(server.url + "/player/Di%20Sozial")
    cy.click("#add-friend")
    expect(cy.locator("#notice")).to_have_text("Du hast Di Sozial eine Freundschaftsanfrage geschickt.")
    di.goto(server.url + "/player/Cy%20Sozial")
    expect(di.locator("#friendship")).to_have_text("Cy Sozial möchte mit dir befreundet sein.")
    di.click("#accept-friend")
    expect(di.locator("#remove-friend")).to_be_visible()
    badge = di.locator("#unread-messages")
    expect(badge).to_be_hidden()

    cy.goto(server.url + "/account#messages=Di%20Sozial")
    expect(cy.locator("#conversation-with")).to_have_text("Nachrichten mit Di Sozial")
    cy.fill("#letter-text", "Spielen wir heute Abend?")
    cy.click("#letter-button")
    expect(cy.locator("#letters li.mine").last).to_contain_text("Spielen wir heute Abend?")

    for path in ("/", "/leaderboard", "/player/Cy%20Sozial"):  # the badge is in every page's header
        di.goto(server.url + path)
        expect(badge).to_be_visible()
        expect(badge).to_have_attribute("aria-label", "Ungelesene Nachrichten: 1")
        expect(badge.locator(".count")).to_have_text("1")
    di.add_script_tag(path=str(axe))
    assert di.evaluate(SCAN) == []
    block = di.locator("#block")
    expect(block).to_have_text("Blockieren")
    block.click()
    expect(di.locator("#notice")).to_have_text("Du blockierst Cy Sozial jetzt.")
    expect(block).to_have_text("Blockierung aufheben")
    expect(di.locator("#add-friend")).to_be_visible()  # a block ends the friendship
    di.reload()
    expect(block).to_have_text("Blockierung aufheben")
    block.click()
    expect(di.locator("#notice")).to_have_text("Du blockierst Cy Sozial nicht mehr.")
    expect(block).to_have_text("Blockieren")

    badge.click()  # to the account page's messages
    expect(di.locator("#inbox li[data-name='Cy Sozial'] .unread-count")).to_have_text("1 ungelesen")
    di.locator("#inbox li[data-name='Cy Sozial'] button").click()
    expect(di.locator("#letters li.theirs")).to_contain_text("Spielen wir heute Abend?")
    expect(badge).to_be_hidden()
    expect(di.locator("#blocked")).to_contain_text("keine")
    assert di_errors == [] and cy_errors == []
