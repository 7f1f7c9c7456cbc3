"""Helpers for browser tests that need a person seated at a running game of any title."""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.testing.load import wait_ms

from .pages import ENABLED, OVER

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from .server import Api, ServerProcess


def seats_for(entry: dict) -> list[str]:
    """A person in the first seat and bots in the others, as few players as the game allows
    (``entry``: the game's catalog entry); the bots follow rules of thumb where the game has them."""
    bot = "heuristic" if "heuristic" in entry["bots"] else entry["bots"][0]
    return ["human"] + [bot] * (entry["min_players"] - 1)


def sit_at_new_game(server: ServerProcess, api: Api, page: Page, entry: dict, tries: int = 3) -> str:
    """Create a game of ``entry`` with bots, take its person's seat on ``page`` and wait until
    it is that seat's decision; deals again when the game ended before (a Nuclear War opening
    may wipe a nation out). Returns the game's id."""
    for _ in range(tries):
        game = api.create(seats_for(entry), game=entry["id"])
        page.goto(server.url + game["invites"][0]["url"])
        page.fill("#join-name", "Ann")
        page.click("#join-button")
        page.wait_for_selector(f"{ENABLED}, {OVER}", state="attached", timeout=wait_ms(30))
        if page.locator(OVER).count() == 0:
            return game["id"]
    raise AssertionError(f"no decision of the seated person in {tries} games of {entry['id']}")
