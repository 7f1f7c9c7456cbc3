"""Taking back a move in the browser: after the player's own action the page offers to take
it back; one click returns the game to before it and says what was taken back, in the
page's language. Against a bot alone (issue 77) it stays offered after the bot has answered,
and once an action revealed something the dock says why it is gone, in German, on a phone and
on a desktop."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from realpolitik.testing.load import wait_ms
from realpolitik.testing.pages import ENABLED, OVER, accept_warnings, console_errors, seq, unfold
from tests.server.test_take_back import since_last, stored

PHONE, DESKTOP = {"width": 390, "height": 844}, {"width": 1366, "height": 768}


@pytest.mark.parametrize(("locale", "button", "said"), [
    ("en-US", "Take back my last action", "You took back: "),
    ("de-DE", "Meine letzte Aktion zurücknehmen", "Du hast zurückgenommen: "),
])
def test_the_player_takes_back_a_move_with_one_click(server, api, context, locale, button, said):
    game = api.create(["human", "heuristic"], game="nationen")
    page = context(locale).new_page()
    errors = console_errors(page)
    page.goto(server.url + next(i["url"] for i in game["invites"] if i["seat"] == "p1"))
    page.fill("#join-name", "Ann")
    page.click("#join-button")
    page.wait_for_selector(ENABLED)
    take_back = page.locator("#take-back")
    expect(take_back).to_be_hidden()  # nothing played yet
    first = page.locator(ENABLED).first
    words = first.text_content()
    first.click()
    page.wait_for_function("() => Number(document.body.dataset.seq) === 1")
    expect(take_back).to_be_visible()
    expect(take_back).to_have_text(button)

    take_back.click()
    page.wait_for_function("() => Number(document.body.dataset.seq) === 0")
    expect(page.locator("#notice.info")).to_have_text(said + words)
    expect(take_back).to_be_hidden()
    assert seq(page) == 0 and page.locator(ENABLED).count() > 1
    assert errors == []


@pytest.mark.parametrize("screen", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_against_a_bot_the_move_is_taken_back_after_its_answer_until_something_is_revealed(
        server, api, browser, screen):
    """Several moves against "bot, normal": at each of the player's turns after the bot has answered,
    the button is there exactly when the engine finds that neither the player's last action nor
    the bot's answers drew on chance or showed anything hidden; taken back, the game stands before
    the player's action; refused, the dock says why."""
    phone = screen is PHONE
    ctx = browser.new_context(viewport=screen, locale="de-DE", has_touch=phone, is_mobile=phone)
    ctx.set_default_timeout(wait_ms(20))  # "bot, normal" thinks a while, on a loaded machine longer
    try:
        page = ctx.new_page()
        accept_warnings(page)  # a grave action asks first (the deal decides which come first): the player says yes
        errors = console_errors(page)
        take_back, why = page.locator("#take-back"), page.locator("#take-back-why")
        taken = refused = False
        for _table in range(3):  # the server deals at random: a game may end before both were seen
            game = api.create(["human", "normal"], game="nationen")
            gid = game["id"]
            page.goto(server.url + next(i["url"] for i in game["invites"] if i["seat"] == "p1"))
            page.fill("#join-name", "Anna")
            page.click("#join-button")
            for _ in range(60):
                page.wait_for_selector(f"{ENABLED}, {OVER}", state="attached")  # a phone folds a long list
                if page.locator(OVER).count():
                    break
                shown = seq(page)
                first, seats, verdicts = since_last(server, gid, 0)
                if first is not None and len(seats) > 1:  # the bot has answered the player's last action
                    if all(v is None for v in verdicts):
                        expect(take_back).to_be_visible()
                        expect(why).to_be_hidden()
                        if not taken:
                            actions = stored(server, gid)
                            take_back.click()
                            page.wait_for_function(f"() => Number(document.body.dataset.seq) === {first}")
                            expect(page.locator("#notice.info")).to_contain_text(
                                f"und die Antworten der Bots seither ({len(seats) - 1}).")
                            assert stored(server, gid) == actions[:first]
                            taken = True
                            continue
                    else:
                        expect(take_back).to_be_hidden()
                        expect(why).to_be_visible()
                        expect(why).to_have_text(verdicts_words(seats, verdicts))
                        refused = True
                if taken and refused:
                    break
                unfold(page)
                page.locator(ENABLED).first.click()
                page.wait_for_function(f"() => Number(document.body.dataset.seq) > {shown}")
            if taken and refused:
                break
        assert taken and refused, f"taken back: {taken}, refused with its reason: {refused}"
        assert errors == []
    finally:
        ctx.close()


def verdicts_words(seats: list[int], verdicts: list) -> str:
    """The dock's words for the first action that cannot be taken back (the player's, or the bot's answer)."""
    from realpolitik.i18n import render

    index = next(i for i, v in enumerate(verdicts) if v is not None)
    reason = render(verdicts[index], "de")
    if index == 0:
        return f"Deine letzte Aktion kann nicht zurückgenommen werden: {reason}"
    return (f"Deine letzte Aktion kann nicht zurückgenommen werden, weil die Antwort von Spieler {seats[index] + 1} "
            f"darauf es nicht kann: {reason}")
