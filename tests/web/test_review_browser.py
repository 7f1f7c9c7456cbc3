"""A review in the system Chromium (issue 58): on the replay page of a short game the bots
finished, a German reader is offered "Partie analysieren"; an English reader asks to "Review
this game", sees its progress, then a chart per seat on a 0–100 % scale with the estimate's
interval as a band, whose marker follows the replay's move, a click on the chart shows that
move, and the turning points are those the server names; the German reader then sees the
stored review in German."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from realpolitik.testing.load import wait_ms
from realpolitik.testing.pages import console_errors
from realpolitik.testing.server import ROOMY, Api, ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A server whose reviews search 20 apply calls an estimate, so a review takes seconds."""
    proc = ServerProcess(str(tmp_path_factory.mktemp("review") / "games.db"),
                         limits={**ROOMY, "review_budget": "20"}).start(timeout=120)
    yield proc
    proc.stop()


def test_a_review_is_asked_for_followed_and_read_beside_the_replay(server, context):
    with Api(server) as api:
        game_id = api.create(["random", "random", "random"], game="nationen")["id"]
        api.wait_finished(game_id, timeout=120)
    german = context("de-DE").new_page()
    german.goto(f"{server.url}/replay/{game_id}")
    expect(german.locator("#review-ask")).to_have_text("Partie analysieren")

    page = context().new_page()
    errors = console_errors(page)
    page.goto(f"{server.url}/replay/{game_id}")
    expect(page.locator("#review-ask")).to_have_text("Review this game")
    page.click("#review-ask")
    expect(page.locator("#review-ask")).to_be_hidden()
    expect(page.locator("#review-said")).to_contain_text("action")  # waiting, or so many actions reviewed
    expect(page.locator("#review-chart svg.review-seat")).to_have_count(3, timeout=wait_ms(120))
    expect(page.locator("#review-progress")).to_be_hidden()

    with Api(server) as api:
        review = api.get(f"/api/games/{game_id}/review").json()["review"]
    total = review["actions"]
    assert page.locator("#review-chart polyline").count() == 6  # each seat's estimate and hindsight
    assert page.locator("#review-chart polygon.review-band").count() == 3  # each estimate's interval
    assert page.locator("#review-chart .review-scale").first.inner_text().split() == ["100", "%", "50", "%", "0", "%"]
    turns = page.locator("#review-turns li button")
    expect(page.locator("#review-turns h3")).to_have_text("Turning points")
    if review["turning_points"]:
        expect(turns).to_have_count(len(review["turning_points"]))
        turns.first.click()
        expect(page.locator("#ply")).to_have_value(str(review["turning_points"][0]["ply"]))
    else:
        none = "No move lost clearly against the moves the search preferred."
        expect(page.locator("#review-turns p")).to_have_text(none)

    page.locator("#last").click()
    expect(page.locator("#ply")).to_have_value(str(total))
    marker = page.locator("#review-chart .review-marker").first
    expect(marker).to_have_attribute("x1", "600.0")
    chart = page.locator("#review-chart svg.review-seat").first
    box = chart.bounding_box()
    chart.click(position={"x": box["width"] / 2, "y": box["height"] / 2})
    half = int(total / 2 + 0.5)  # as Math.round
    expect(page.locator("#ply")).to_have_value(str(half))
    expect(marker).to_have_attribute("x1", f"{half / total * 600:.1f}")
    assert errors == []

    german.reload()
    expect(german.locator("#review-turns h3")).to_have_text("Wendepunkte")
    expect(german.locator("#review-said")).to_contain_text("Siegchance nach jeder Aktion")
    expect(german.locator("#review-ask")).to_be_hidden()
