"""Take the README's screenshot: a game of Nuclear War in the browser, mid-war.

    .venv/bin/python tools/screenshot.py [docs/screenshot.png]

Starts a server on a temporary SQLite file, plays seat p1 against three heuristic bots
by clicking (seeded) until the war is on and p1 must decide, and saves the page as PNG.
Needs the system Chromium (/usr/bin/chromium).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from realpolitik.engine import Rng
from realpolitik.testing.server import Api, ServerProcess, launch_chromium


def main(out: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp, ServerProcess(str(Path(tmp) / "games.db")) as server, \
            Api(server) as api, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        page = browser.new_page(viewport={"width": 1360, "height": 860}, device_scale_factor=1)
        rng = Rng(8)
        for _attempt in range(20):
            game = api.create(["human", "heuristic", "heuristic", "heuristic"])
            page.goto(server.url + game["invites"][0]["url"])
            page.fill("#join-name", "Ann")
            page.click("#join-button")
            for _ in range(200):
                page.wait_for_selector("#pending button.action:not([disabled]), #outcome h3")
                if page.locator("#outcome h3").count():
                    break
                shown = page.locator("svg .nation .card:not(.back)").count()
                war = page.get_attribute("svg.board", "aria-label") == "Nuclear War: war"
                if war and shown >= 6 and page.locator("#log li").count() > 40:
                    page.wait_for_timeout(300)
                    page.screenshot(path=str(out))
                    print(f"saved {out}")
                    browser.close()
                    return
                before = page.get_attribute("body", "data-seq")
                buttons = page.locator("#pending button.action:not([disabled])")
                buttons.nth(rng.below(buttons.count())).click()
                page.wait_for_function(f"() => document.body.dataset.seq !== '{before}'")
        browser.close()
        raise SystemExit("no war scene found")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshot.png"))
