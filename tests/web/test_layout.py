"""The table as players meet it: every game's page on a phone (390 × 844, touch) and a desktop
(1280 × 800), in English and German, at several positions of a seeded game — no two texts of
the board, the hand, the tables or the controls overlap, no text is cut off, the page never
scrolls sideways, the first action is on the screen without scrolling; a German page shows no
internal id (``p2``, ``ismcts``, ``budget=``, seat labels) and no English word.

The positions are the engine's own views of seeded games, sent to the real game page of a real
server by ``realpolitik.testing.positions.Stage`` (it answers the page's WebSocket), so many
positions cost a message each. A longer sweep (more seeds, positions and player counts, and the
replay page) is marked slow."""

from __future__ import annotations

import re

import pytest

from realpolitik.games import registry
from realpolitik.testing.layout import first_action, problems, words
from realpolitik.testing.load import wait_ms
from realpolitik.testing.pages import console_errors
from realpolitik.testing.positions import PLAYERS, Replay, Stage, positions
from realpolitik.testing.server import Api, GameSocket, http_client

GAMES = [game.id for game in registry()]
SCREENS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}
LOCALES = {"en": "en-US", "de": "de-DE"}

#: internal ids and terms no player should read: seat labels, bot kinds and specs, unfilled fields,
#: the rating model's parameters and name (in English, "west" and "east" are words too)
INTERNAL = r"\bp[1-6]\b|\b(ismcts|heuristic|openskill|Plackett)\b|budget=|\{\w+\}|[μσ]"
IDS = {"en": re.compile(INTERNAL), "de": re.compile(INTERNAL + r"|\b(west|east|usa|ussr)\b")}
#: English words that are no German words, as they would stand in a sentence
ENGLISH = re.compile(r"\b(the|and|of|your|you|with|from|is|are|to|for|not|no|by|this|that|or|connected|"
                     r"disconnected|none|empty|intercept|rated|rating|bot|player|players|seat|turn|move|card|cards|"
                     r"Player|Players|Rating|Turn|Move|Game|Cards|Round|Year|Summer|Display|Played|Your|None)\b")


def read_wrong(texts: list[str], lang: str) -> list[str]:
    """The texts that show an internal id, or (on a German page) an English word."""
    return [text for text in texts if IDS[lang].search(text) or (lang == "de" and ENGLISH.search(text))]


def check_table(browser, server, api, game: str, screen: str, lang: str, seed: int, count: int,
                players: int | None = None) -> dict:
    """Show ``count`` positions of a seeded game on the game page; the faults found at each."""
    players = players or PLAYERS[game]
    ctx = browser.new_context(**SCREENS[screen], locale=LOCALES[lang])
    ctx.set_default_timeout(wait_ms(20))
    try:
        page = ctx.new_page()
        errors = console_errors(page)
        table = Stage(server, api, game, players)
        states = positions(game, players, seed, count)
        faults = {}
        for i, state in enumerate(states):
            if i == 0:
                table.open(page, state)
            else:
                table.show(page, state)
            found = problems(page)
            first = first_action(page)
            if not (first and first["inside"] and first["reached"]):
                found.append(f"the first action is not on the screen: {first}")
            height = SCREENS[screen]["viewport"]["height"]
            for where, part in (("the middle", 0.5), ("the end", 1)):  # the decision stays in view as the page scrolls
                page.evaluate(f"window.scrollTo(0, document.documentElement.scrollHeight * {part})")
                status = page.locator("#status").bounding_box()
                first = first_action(page)
                if not (first and first["inside"] and first["reached"] and 0 <= status["y"] <= height - 20):
                    found.append(f"scrolled to {where}, the decision is out of view: {first}, status at {status['y']}")
            page.evaluate("window.scrollTo(0, 0)")
            found += [f"reads: {text!r}" for text in read_wrong(words(page), lang)]
            if found:
                faults[f"move {state.ply}"] = found
        if errors:
            faults["console"] = errors
        return faults
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", list(LOCALES))
@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("game", GAMES)
def test_the_table_reads_well_at_every_position(server, api, browser, game, screen, lang):
    assert check_table(browser, server, api, game, screen, lang, seed=1, count=3) == {}


@pytest.mark.slow
@pytest.mark.parametrize("lang", list(LOCALES))
@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("game", GAMES)
def test_the_table_reads_well_in_more_games_and_player_counts(server, api, browser, game, screen, lang):
    found = {}
    entry = next(g for g in registry() if g.id == game)
    for players in range(entry.min_players, entry.max_players + 1):
        for seed in (2, 3):
            faults = check_table(browser, server, api, game, screen, lang, seed=seed, count=6, players=players)
            found.update({f"{players} players, seed {seed}, {where}": what for where, what in faults.items()})
    assert found == {}


def check_replay(browser, server, api, game: str, screen: str, lang: str, seed: int, plies: int) -> dict:
    """Step through a seeded finished game on the replay page, as its first seat saw it."""
    ctx = browser.new_context(**SCREENS[screen], locale=LOCALES[lang])
    ctx.set_default_timeout(wait_ms(20))
    try:
        page = ctx.new_page()
        errors = console_errors(page)
        replay = Replay(server, api, game, PLAYERS[game], seed)
        first = replay.table.game.seat_labels(PLAYERS[game])[0]
        faults = {}
        for i in range(plies):
            ply = round(i * replay.total / max(1, plies - 1))
            if i == 0:
                replay.open(page, ply, first)
            else:
                page.fill("#ply", str(ply))
                page.press("#ply", "Enter")
                page.wait_for_function(f"() => new URL(location.href).searchParams.get('ply') === '{ply}'")
            found = problems(page) + [f"reads: {text!r}" for text in read_wrong(words(page), lang)]
            if found:
                faults[f"move {ply}"] = found
        if errors:
            faults["console"] = errors
        return faults
    finally:
        ctx.close()


@pytest.mark.parametrize(("game", "screen", "lang"), [("nuclear-war", "phone", "de"), ("nuclear-war", "desktop", "en"),
                                                      ("e1815", "desktop", "de"), ("wsdv-2p2", "phone", "en")])
def test_the_replay_reads_well(server, api, browser, game, screen, lang):
    assert check_replay(browser, server, api, game, screen, lang, seed=1, plies=3) == {}


@pytest.mark.slow
@pytest.mark.parametrize("lang", list(LOCALES))
@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("game", GAMES)
def test_every_replay_reads_well(server, api, browser, game, screen, lang):
    assert check_replay(browser, server, api, game, screen, lang, seed=2, plies=6) == {}


@pytest.mark.parametrize("lang", list(LOCALES))
@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_lobby_reads_well_for_every_game(server, api, browser, screen, lang):
    """Every game's seats, bots and rule options in the lobby; the lists of games."""
    finished = api.create(["random", "random"], game="nuclear-war")["id"]
    api.wait_finished(finished)
    ctx = browser.new_context(**SCREENS[screen], locale=LOCALES[lang])
    ctx.set_default_timeout(wait_ms(20))
    try:
        page = ctx.new_page()
        errors = console_errors(page)
        page.goto(server.url + "/")
        page.wait_for_selector(f"#finished li[data-game='{finished}']")
        faults = {}
        for game in GAMES:
            page.select_option("#game", game)
            found = problems(page) + [f"reads: {text!r}" for text in read_wrong(words(page), lang)]
            if found:
                faults[game] = found
        assert faults == {} and errors == []
    finally:
        ctx.close()


@pytest.fixture(scope="module")
def lena(server):
    """An account, Lena, with a rated finished game of Nationen (she resigned; a bot won) and an
    open game of Nuclear War in her games; returns her session cookie."""
    client = http_client(server.url)
    api = Api(server)
    assert client.post("/api/account/signup", json={"name": "Lena", "password": "correct horse battery"}).is_success
    cookie = client.cookies["session"]
    game = api.create(["human", "random"], game="nationen", rated=True, stand_in="random")
    sock = GameSocket(server, game["id"], headers={"cookie": f"session={cookie}"})
    sock.hello(game["tokens"]["p1"])
    sock.wait_view(lambda m: m["status"] == "running")
    sock.send({"type": "resign"})
    sock.until(lambda m: m["type"] == "resigned")
    sock.close()
    api.wait_finished(game["id"], timeout=120)
    api.wait(game["id"], lambda info: len(api.get("/api/leaderboard/nationen").json()["players"]) == 2)
    other = api.create(["human", "human", "heuristic"], game="nuclear-war")
    sock = GameSocket(server, other["id"], headers={"cookie": f"session={cookie}"})
    sock.hello(other["tokens"]["p1"])
    sock.close()
    client.close()
    api.__exit__()
    return cookie


@pytest.mark.parametrize("lang", list(LOCALES))
@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_other_pages_read_well(server, browser, lena, screen, lang):
    """The leaderboard, a player's page, the statistics, the account page with "my games", the
    lobby with "your games" and a rules page."""
    ctx = browser.new_context(**SCREENS[screen], locale=LOCALES[lang])
    ctx.set_default_timeout(wait_ms(20))
    ctx.add_cookies([{"name": "session", "value": lena, "url": server.url}])
    try:
        page = ctx.new_page()
        errors = console_errors(page)
        faults = {}
        for path, ready in (("/leaderboard", "#rows tr"), ("/player/Lena", ".rating-chart"),
                            ("/statistics", ".stats-part"), ("/account", "#my-games li[data-game]"),
                            ("/", "#mine li[data-game]"),
                            ("/rules/nuclear-war", "#contents-list a")):
            page.goto(server.url + path)
            page.wait_for_selector(ready)
            found = problems(page) + [f"reads: {text!r}" for text in read_wrong(words(page), lang)]
            if found:
                faults[path] = found
        assert faults == {} and errors == []
    finally:
        ctx.close()
