"""The statistics page in the browser: reached from the lobby, it shows exactly the numbers
of the API (in English and in German, with the German decimal comma), axe-core finds
nothing serious on it, and it fits a phone of 390 × 844."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import pytest
from playwright.sync_api import expect

from realpolitik.testing.pages import console_errors
from tests.web.test_axe import SCAN, axe_script  # noqa: F401 (a fixture)
from tests.web.test_phone import HEIGHT, OUTSIDE, TAPS, WIDTH, low_targets


@pytest.fixture(scope="module")
def finished(server):
    """Four games of Nuclear War the bots played to the end: three with two players, one with three."""
    from realpolitik.testing.server import Api

    with Api(server) as api:
        ids = [api.create(seats)["id"] for seats in (["random"] * 2, ["random", "heuristic"], ["random"] * 3,
                                                      ["heuristic", "random"])]
        for game_id in ids:
            api.wait_finished(game_id, timeout=120)
    return ids


def number(value: float, lang: str) -> str:
    """As Intl.NumberFormat writes it: the shortest decimal of the value, rounded half away from
    zero to one place, a decimal comma in German."""
    text = str(Decimal(repr(value)).quantize(Decimal("0.1"), ROUND_HALF_UP)).removesuffix(".0")
    return text.replace(".", ",") if lang == "de" else text


def percent(share: float, lang: str) -> str:
    return number(share * 100, lang) + " %"


def check_numbers(page, stats: dict, lang: str) -> None:
    """Every number of the API is on the page as the page's language writes it."""
    parts = page.locator(".stats-part")
    expect(parts).to_have_count(len(stats["by_players"]))
    for part in stats["by_players"]:
        box = page.locator(f".stats-part[data-players='{part['players']}']")
        for seat in part["seats"]:
            row = box.locator("table.stats").first.locator(f"tr[data-seat='{seat['seat']}']")
            expect(row.locator(".rate")).to_have_text(percent(seat["rate"], lang))
            interval = f"{number(seat['low'] * 100, lang)}–{percent(seat['high'], lang)}"
            expect(row.locator(".interval")).to_have_text(interval)
            expect(row.locator(".count")).to_have_text(f"{seat['wins']} / {seat['games']}")
            expect(box.locator("table.stats").last.locator(f"tr[data-seat='{seat['seat']}'] .bot")).to_have_text(
                f"{seat['bot']['wins']} / {seat['bot']['games']} ({percent(seat['bot']['rate'], lang)})")
        reasons = box.locator("table.stats").nth(1).locator("tbody tr")
        expect(reasons).to_have_count(len(part["reasons"]))
        for i, reason in enumerate(part["reasons"]):
            expect(reasons.nth(i).locator("td").first).to_have_text(reason["text"])
            expect(reasons.nth(i).locator("td").last).to_have_text(str(reason["games"]))
        expect(box.locator(".length")).to_contain_text(str(part["length"]["max"]))
        clock = part["clock"]  # the games here ended after clocks were kept: each says its last turn
        assert clock["games"] == part["games"]
        expect(box.locator(".clock")).to_contain_text(f"({clock['unit']}) ")
        expect(box.locator(".clock")).to_contain_text(f"{number(clock['max'], lang)} ({clock['games']} ")
        expect(box.locator(".no-winner")).to_contain_text(f"{part['no_winner']} ")


def test_the_page_shows_the_numbers_of_the_api_in_english_and_german(server, api, finished, context):
    page = context("en-US").new_page()
    errors = console_errors(page)
    page.goto(server.url + "/")
    page.click("header a[href='/statistics']")
    page.select_option("#game", "nuclear-war")
    stats = api.get("/api/statistics/nuclear-war").json()
    assert stats["games"] >= 4
    expect(page.locator("#total")).to_have_text(f"Finished games: {stats['games']}")
    check_numbers(page, stats, "en")
    expect(page.locator(".stats-part[data-players='2'] h2")).to_have_text(
        f"2 players — finished games: {stats['by_players'][0]['games']}")
    page.select_option("#game", "wsdv")
    expect(page.locator("#total")).to_have_text("No game of this title has ended on this server yet.")
    expect(page.locator(".stats-part")).to_have_count(0)
    assert errors == []

    page = context("de-DE").new_page()
    errors = console_errors(page)
    page.goto(server.url + "/statistics?game=nuclear-war")
    german = api.get("/api/statistics/nuclear-war", headers={"accept-language": "de"}).json()
    expect(page.locator("h1")).to_have_text("Statistik")
    expect(page.locator("#total")).to_have_text(f"Beendete Partien: {german['games']}")
    expect(page.locator(".stats-part[data-players='2'] caption").first).to_have_text("Gewinnquote je Seite")
    check_numbers(page, german, "de")
    assert errors == []


def test_the_page_has_no_serious_accessibility_finding(server, finished, browser, axe_script):  # noqa: F811
    ctx = browser.new_context(viewport={"width": 1300, "height": 900}, bypass_csp=True, locale="de-DE")
    try:
        page = ctx.new_page()
        page.goto(server.url + "/statistics?game=nuclear-war")
        page.wait_for_selector(".stats-part")
        page.add_script_tag(path=str(axe_script))
        assert page.evaluate(SCAN) == []
    finally:
        ctx.close()


def test_the_page_fits_a_phone(server, finished, browser, tmp_path):
    ctx = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True,
                              device_scale_factor=2, locale="de-DE")
    try:
        page = ctx.new_page()
        page.goto(server.url + "/statistics?game=nuclear-war")
        page.wait_for_selector(".stats-part")
        assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
        assert page.evaluate(OUTSIDE, "main, main *") == []
        assert low_targets(page, f"main :is({TAPS})") == []
        page.screenshot(path=str(tmp_path / "statistics.png"), full_page=True)
    finally:
        ctx.close()
