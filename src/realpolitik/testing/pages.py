"""Helpers for browser tests of the client's pages (Playwright pages), shared by every board.

The things a player taps on a board carry ``data-actions``, the legal actions that name them
(``js/picking.js``; :func:`play_on_board` plays an action by tapping them, as a player would);
see ``docs/web/browser.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from realpolitik.engine import Rng, State

T = TypeVar("T")

#: a legal-action button of the pending decision that can be pressed now (on a phone it may wait in
#: the folded list of moves: :func:`unfold`)
ENABLED = "#pending button.action:not([disabled])"
#: the heading of the pending decision's list of moves where a phone folds it
FOLDED = "#pending details.all-actions:not([open]) > summary"
#: the heading of the outcome, shown once the game is over
OVER = "#outcome h3"
#: JavaScript: a point on the screen where a click reaches the element (not something on
#: top of it), scrolling it into view first; along the middle of a drawn line; or null. The point
#: is in whole pixels, as a touch lands (a thin line beside another thing is missed otherwise)
REACHABLE = """(el) => {
  el.scrollIntoView({ block: "center", inline: "center" });
  const hits = (x, y) => { const hit = document.elementFromPoint(x, y); return hit && el.contains(hit); };
  const line = el.dataset.line !== undefined ? el.querySelector("line") : null;
  const points = [];
  if (line) {
    const m = line.getScreenCTM();
    const p = (x, y) => new DOMPoint(x, y).matrixTransform(m);
    const [a, b] = [p(line.x1.baseVal.value, line.y1.baseVal.value), p(line.x2.baseVal.value, line.y2.baseVal.value)];
    for (const t of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8]) points.push([a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)]);
  } else {
    const r = el.getBoundingClientRect();
    const steps = [0.5, 0.3, 0.7, 0.1, 0.9, 0.2, 0.8, 0.4, 0.6];
    for (const fy of steps) for (const fx of steps) points.push([r.x + fx * r.width, r.y + fy * r.height]);
  }
  return points.map(([x, y]) => [Math.round(x), Math.round(y)]).find(([x, y]) => hits(x, y)) || null;
}"""


def unfold(page: Page) -> None:
    """Open the pending decision's list of moves where the page folded it (a phone, many moves)."""
    folded = page.locator(FOLDED)
    if folded.count():
        folded.click()


def console_errors(page: Page) -> list[str]:
    """A list that collects the page's console errors and uncaught exceptions from now on."""
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def accept_warnings(page: Page) -> list[str]:
    """Say yes to every confirmation the page asks for (a grave action's warning); returns the
    list of the warnings, in the order they came."""
    asked: list[str] = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    return asked


def seq(page: Page) -> int:
    """The sequence number of the view the page shows."""
    return int(page.get_attribute("body", "data-seq"))


def turn_or_end(page: Page) -> bool:
    """Wait until the page offers actions (true) or shows the result (false); on a phone the
    actions may wait in the folded list of moves (:func:`unfold`)."""
    page.wait_for_selector(f"{ENABLED}, {OVER}", state="attached")
    return page.locator(OVER).count() == 0


def wait_for(page: Page, found: Callable[[], T], what: str, timeout: float = 15.0) -> T:
    """Let the page's events reach Python until ``found()`` gives something; fails naming ``what``."""
    for _ in range(int(timeout / 0.02) + 1):
        value = found()
        if value:
            return value
        page.wait_for_timeout(20)
    raise AssertionError(f"{what} within {timeout:g} s")


def view_at(page: Page, messages: list[dict], at: int, timeout: float = 15.0) -> dict:
    """The last view with sequence number ``at`` among the WebSocket messages captured for
    ``page``. Playwright hands a received frame to Python a little after the page itself has
    it, so this waits until the message is there."""
    views = wait_for(page, lambda: [m["view"] for m in messages if m["type"] == "view" and m["seq"] == at],
                     f"view {at} did not arrive over the page's WebSocket", timeout)
    return views[-1]


#: JavaScript (the action): among the board's things not picked yet whose tap leaves the action among
#: fewer than the things picked name together (every action while none is), the index of the one that
#: leaves fewest (the first of those), or -1. A thing naming all the picked ones name (a province's
#: badge beside its area) narrows nothing: a tap would only add it to the pick
NEXT_TAP = """(things, action) => {
  let named = null;
  for (const thing of things) {
    if (!thing.classList.contains("picked")) continue;
    const own = JSON.parse(thing.dataset.actions);
    named = named ? named.filter((a) => own.includes(a)) : own;
  }
  let best = -1, fewest = Infinity;
  things.forEach((thing, i) => {
    const own = JSON.parse(thing.dataset.actions);
    const left = named ? own.filter((a) => named.includes(a)) : own;
    const narrows = !named || left.length < named.length;
    if (left.includes(action) && !thing.classList.contains("picked") && narrows && left.length < fewest) {
      best = i;
      fewest = left.length;
    }
  });
  return best;
}"""
#: JavaScript (the page's sequence number before): whether the page has sent an action since — it
#: shows a later view, or holds every button of the decision while the server answers (with nothing
#: picked: a tap that lets go leaves the buttons as they were)
_PLAYED = """(before) => Number(document.body.dataset.seq) !== before
  || !document.querySelector("#pending button.action:not([disabled])")"""


def play_on_board(page: Page, action: str, board: str = "#board", touch: bool = False) -> bool:
    """Play ``action`` by tapping the board's things only, as a player would: the thing that names
    it and leaves fewest other actions, then — while the page keeps things picked — the next such
    thing that narrows the pick, until the taps leave the one action, which the page plays. True
    once it is sent; False, with nothing picked and nothing played, when no taps on the board lead
    to it. (A finger's tap may land on a thing beside the one aimed at, as a browser moves a touch
    to the nearest thing to tap: then the taps go on from what it picked, or let go.)"""
    things = page.locator(f"{board} [data-actions]")
    before = int(page.get_attribute("body", "data-seq"))
    for _ in range(8):
        index = things.evaluate_all(NEXT_TAP, action)
        if index < 0:
            break
        point = things.nth(index).evaluate(REACHABLE)
        assert point, f"nothing reaches {things.nth(index).evaluate('el => el.outerHTML.slice(0, 160)')}"
        if touch:
            page.touchscreen.tap(*point)
        else:
            page.mouse.click(*point)
        if not page.locator(f"{board} .picked").count() and page.evaluate(_PLAYED, before):  # the page played it
            return True
    page.keyboard.press("Escape")
    return False


#: JavaScript: the font size, in screen pixels, of every SVG text shown in the elements the selector
#: finds (its font size in the drawing's units times the drawing's scale on the screen)
FONT_PIXELS = """(selector) => {
  const sizes = [];
  for (const root of document.querySelectorAll(selector)) {
    const texts = root.matches("text") ? [root] : Array.from(root.querySelectorAll("text"));
    for (const text of texts) {
      if (!text.textContent.trim() || !text.checkVisibility()) continue;
      const m = text.getScreenCTM();
      sizes.push(parseFloat(getComputedStyle(text).fontSize) * Math.hypot(m.a, m.b));
    }
  }
  return sizes;
}"""


def font_pixels(page: Page, selector: str) -> list[float]:
    """The screen size of each text under ``selector``, in CSS pixels (see ``FONT_PIXELS``)."""
    return page.evaluate(FONT_PIXELS, selector)


class Coach:
    """The action a heuristic bot would take for a seat of a game a server runs. Tests that click
    through a whole game to test something other than the choices press its button: their games
    then last as long as people's (two players of Nuclear War take some 55 actions, against 130
    for random clicks). It reads the game from the server's database, as only a test may."""

    def __init__(self, db: str, game_id: str) -> None:
        from realpolitik.server.store import Store, database_url

        self.store = Store(database_url(db))
        self.game_id = game_id
        self.state: State | None = None

    def choice(self, seat: int, rng: Rng) -> str | None:
        """The bot's action for ``seat`` (seat number), or None when the game waits for another."""
        from realpolitik.bots import make_bot
        from realpolitik.engine import SeatContext
        from realpolitik.games import get

        record = self.store.load(self.game_id).record()
        self.state = record.replay(get, self.state)  # carried on from the last call's state
        if self.state.to_act != seat:
            return None
        bot = make_bot("heuristic", get(record.game), rng.below(1 << 30), players=len(self.state.seats))
        return bot.choose(SeatContext.of(self.state, seat, rng.fork()))

    def press(self, page: Page, seat: int, rng: Rng) -> str:
        """Press the bot's choice among the page's enabled action buttons (a random one where the
        bot's is not among them); returns the action pressed."""
        offered = page.eval_on_selector_all(ENABLED, "bs => bs.map(b => b.dataset.action)")
        assert offered, "no action to press"
        wanted = self.choice(seat, rng)
        index = offered.index(wanted) if wanted in offered else rng.below(len(offered))
        page.locator(ENABLED).nth(index).click()
        return offered[index]

    def close(self) -> None:
        self.store.close()
