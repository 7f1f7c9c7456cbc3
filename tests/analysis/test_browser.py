"""Every game's report opened in Chromium: offline, its plots drawn, its numbers those of --json;
and a German report in German words and numbers."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from realpolitik.cli.main import app
from realpolitik.games import registry


def _open(browser, path):
    """The report in a page that may load nothing from anywhere: any request but the file fails the test."""
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(path.as_uri())
    assert asked == [path.as_uri()], f"the report asked for more: {asked}"
    return page


@pytest.mark.parametrize("game_id", [g.id for g in registry()])
def test_a_report_shows_its_plots_and_the_numbers_of_its_json(browser, reports, game_id):
    path, numbers = reports[game_id]
    page = _open(browser, path)
    try:
        plots = page.locator("figure svg")
        assert plots.count() >= 5
        for i in range(plots.count()):
            box = plots.nth(i).bounding_box()
            assert box["width"] > 200 and box["height"] > 80
            assert plots.nth(i).locator("path").count() > 10, "a plot without drawing"
        for seat, rate in numbers["win_rates"]["seats"].items():
            shown = page.locator(f'table[data-group="seats"] td.rate[data-key="{seat}"]').inner_text()
            low, high = rate["ci95"]
            assert shown == f"{100 * rate['rate']:.1f} % [{100 * low:.1f}, {100 * high:.1f}]"
        first = numbers["ends"][0]
        assert page.get_by_text(first["text"], exact=True).count() >= 1
        assert page.locator("h2").all_inner_texts()[:3] == ["Win rates", "How games end", "Game length"]
    finally:
        page.close()


def test_a_german_report_is_in_german_with_decimal_commas(browser, tmp_path):
    out = tmp_path / "bericht.html"
    result = CliRunner().invoke(app, ["analyze", "e1815-2vs2", "--seats", "random,heuristic,random,heuristic",
                                      "--games", "4", "--out", str(out), "--json", "--lang", "de"])
    assert result.exit_code == 0, result.output
    numbers = json.loads(result.stdout)
    page = _open(browser, out)
    try:
        assert page.locator("h1").inner_text() == "Balancebericht: 1815 2vs2"
        assert page.locator("h2").all_inner_texts()[:3] == ["Siegquoten", "Wie Partien enden", "Partielänge"]
        rate = numbers["win_rates"]["teams"]["0"]
        low, high = rate["ci95"]
        shown = page.locator('table[data-group="teams"] td.rate[data-key="0"]').inner_text()
        assert shown == f"{100 * rate['rate']:.1f} % [{100 * low:.1f}; {100 * high:.1f}]".replace(".", ",")
        assert page.locator("html").get_attribute("lang") == "de"
    finally:
        page.close()
