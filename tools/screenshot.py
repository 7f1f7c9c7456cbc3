"""Take the docs' screenshots: the README's (a game of Nuclear War in the browser, mid-war) and
every board on a phone and on a desktop (docs/web/browser.md).

    .venv/bin/python tools/screenshot.py              # both
    .venv/bin/python tools/screenshot.py --readme     # docs/screenshot.png only
    .venv/bin/python tools/screenshot.py --boards     # docs/boards/<game>-phone.png, -desktop.png only
    .venv/bin/python tools/screenshot.py --boards --game nuclear-war   # one game's only

Starts a server on a temporary SQLite file. The README's: plays seat p1 against three heuristic
bots by clicking (seeded) until the war is on and p1 must decide. The boards': a seeded position
in the middle of each game, the first seat deciding, shown on the real game page at 390 × 844
(touch) and 1280 × 800 (``realpolitik.testing.positions``), saved as PNGs of a reduced palette
so that all of them together stay a few hundred kilobytes. Needs the system Chromium
(``realpolitik.testing.server.CHROMIUM``) and Pillow.
"""

from __future__ import annotations

import argparse
import io
import tempfile
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

from realpolitik.engine import Rng
from realpolitik.games import registry
from realpolitik.testing.positions import PLAYERS, Table, positions
from realpolitik.testing.server import Api, ServerProcess, launch_chromium

DOCS = Path(__file__).resolve().parent.parent / "docs"
SCREENS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}
#: colours kept per board screenshot: enough for the boards' flat colours and anti-aliased words
COLOURS = 32


def small_png(shot: bytes, out: Path, scale: float = 1.0) -> None:
    """Save a screenshot as a PNG of a reduced palette (and size), which keeps it small."""
    image = Image.open(io.BytesIO(shot)).convert("RGB")
    if scale != 1.0:
        image = image.resize((round(image.width * scale), round(image.height * scale)), Image.LANCZOS)
    image.quantize(COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(out, optimize=True)


def readme(server: ServerProcess, api: Api, browser, out: Path) -> None:
    """The README's screenshot: Nuclear War mid-war, seat p1 to decide."""
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
                page.close()
                return
            before = page.get_attribute("body", "data-seq")
            buttons = page.locator("#pending button.action:not([disabled])")
            buttons.nth(rng.below(buttons.count())).click()
            page.wait_for_function(f"() => document.body.dataset.seq !== '{before}'")
    raise SystemExit("no war scene found")


def boards(server: ServerProcess, api: Api, browser, folder: Path, games: list[str]) -> None:
    """Each of ``games``' boards in the middle of a seeded game, on a phone and on a desktop."""
    folder.mkdir(parents=True, exist_ok=True)
    for game in games:
        state = positions(game, PLAYERS[game], 1, 3)[1]
        for screen, options in SCREENS.items():
            ctx = browser.new_context(**options, locale="en-US", device_scale_factor=1)
            page = ctx.new_page()
            Table(server, api, game, PLAYERS[game]).open(page, state)
            page.wait_for_timeout(200)
            out = folder / f"{game}-{screen}.png"
            small_png(page.screenshot(), out, 0.65 if screen == "desktop" else 1.0)
            print(f"saved {out} ({out.stat().st_size // 1024} KB)")
            ctx.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--readme", action="store_true", help="only the README's screenshot")
    parser.add_argument("--boards", action="store_true", help="only the boards' screenshots")
    parser.add_argument("--game", choices=[g.id for g in registry()], action="append",
                        help="the boards' screenshots of this game only (again for more)")
    args = parser.parse_args()
    both = not (args.readme or args.boards)
    with tempfile.TemporaryDirectory() as tmp, ServerProcess(str(Path(tmp) / "games.db")) as server, \
            Api(server) as api, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        if both or args.readme:
            readme(server, api, browser, DOCS / "screenshot.png")
        if both or args.boards:
            boards(server, api, browser, DOCS / "boards", args.game or [g.id for g in registry()])
        browser.close()


if __name__ == "__main__":
    main()
