"""The pages as the server sends them (server/pages.py, issue 78): in the visitor's language from
the first byte, their files at addresses a browser keeps for a year, everything compressed."""

from __future__ import annotations

import base64
import hashlib
import re
from html.parser import HTMLParser

import pytest

from realpolitik.i18n import catalog
from realpolitik.server import pages
from realpolitik.web import ROOT as WEB

PAGES = {"/": "index.html", "/game/0123456789ab": "game.html", "/replay/0123456789ab": "replay.html",
         "/account": "account.html", "/leaderboard": "leaderboard.html", "/player/Ann": "player.html",
         "/statistics": "statistics.html", "/tournaments": "tournaments.html", "/rules/wsdv": "rules.html",
         "/learn/wsdv": "learn.html"}
#: marked texts the server fills with a page's own words, by page
FILLED = {"rules.html": 2}


class Marked(HTMLParser):
    """Every marked text of a page (``data-t``: its English and the text shown) and attribute
    (``data-t-source-NAME``: its English and the value shown), and the page's language."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lang, self.found, self._open = None, [], None

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if tag == "html":
            self.lang = values.get("lang")
        for name in (values.get("data-t-attrs") or "").split():
            if values.get(name):
                self.found.append((values.get(f"data-t-source-{name}"), values[name]))
        if "data-t" in values:
            self._open = [values["data-t"], ""]

    def handle_data(self, data):
        if self._open is not None:
            self._open[1] += data

    def handle_endtag(self, tag):
        if self._open is not None:
            self.found.append((self._open[0], " ".join(self._open[1].split())))
            self._open = None


def read(text: str) -> Marked:
    marked = Marked()
    marked.feed(text)
    return marked


@pytest.mark.parametrize("path", list(PAGES))
@pytest.mark.parametrize("asked", [{"params": {"lang": "de"}}, {"headers": {"cookie": "lang=de"}},
                                   {"headers": {"accept-language": "de-AT,de;q=0.9,en;q=0.5"}}])
def test_a_german_visitor_gets_every_fixed_word_in_german_in_the_page_itself(api, path, asked):
    answer = api.get(path, **asked)
    assert answer.headers["content-type"].startswith("text/html")
    page = read(answer.text)
    german = catalog("de")
    assert page.lang == "de" and len(page.found) >= 3
    assert all(english for english, _ in page.found), "every marked text keeps its English beside it"
    assert [(e, shown) for e, shown in page.found if shown != german[e]] == []
    plain = read((WEB / PAGES[path]).read_text(encoding="utf-8"))
    # every marked text of the file, none lost — but the rules page's title and heading, which the
    # server fills with the game's ("Regeln: Wir sind das Volk!")
    assert len(page.found) == len(plain.found) - FILLED.get(PAGES[path], 0)


def test_an_english_visitor_gets_the_english_page_and_the_address_wins_over_the_cookie(api):
    english = read(api.get("/", headers={"accept-language": "en-GB"}).text)
    assert english.lang == "en" and all(e == shown for e, shown in english.found)
    assert read(api.get("/", params={"lang": "en"}, headers={"cookie": "lang=de"}).text).lang == "en"
    assert read(api.get("/", params={"lang": "xx"}, headers={"cookie": "lang=de"}).text).lang == "de"


def test_the_catalog_of_games_honours_the_language_the_address_names(api):
    german = {g["id"]: g for g in api.get("/api/catalog", params={"lang": "de"}).json()}
    english = {g["id"]: g for g in api.get("/api/catalog", params={"lang": "en"}).json()}
    assert german["nuclear-war"]["summary"] != english["nuclear-war"]["summary"]
    assert german["nuclear-war"]["summary"] == catalog("de")[english["nuclear-war"]["summary"]]


def test_the_pages_files_are_of_this_version_and_kept_a_year(api):
    text = api.get("/game/0123456789ab").text
    files = re.findall(r'(?:href|src)="(/static/[^"]+)"', text)
    assert files and all(f.startswith(f"/static/v/{pages.build()}/") for f in files)
    for address in files:
        answer = api.get(address)
        assert answer.status_code == 200 and answer.headers["cache-control"] == pages.KEEP, address
    page = api.get("/game/0123456789ab")
    assert page.headers["cache-control"] == "no-cache"  # the page names the version; it is asked anew
    other = api.get("/static/v/0000000000ab/js/game.js")  # an old page after an upgrade: today's file, not kept
    assert other.status_code == 200 and other.headers["cache-control"] == "no-cache"
    assert api.get("/static/js/game.js").status_code == 200  # the plain address still serves
    words = api.get("/i18n/de.json", params={"v": pages.build()})
    assert words.headers["cache-control"] == pages.KEEP
    assert api.get("/i18n/de.json").headers["cache-control"] != pages.KEEP


def test_a_german_page_asks_for_its_catalog_at_once(api):
    text = api.get("/", params={"lang": "de"}).text
    head = text[:text.index("</head>")]
    assert f'<link rel="preload" href="/i18n/de.json?v={pages.build()}" as="fetch" crossorigin>' in head
    assert "preload" not in api.get("/", params={"lang": "en"}).text


@pytest.mark.parametrize("path", ["/", "/i18n/de.json", "/static/js/game.js", "/api/catalog", "/api/rules/wsdv"])
def test_answers_are_compressed_for_a_browser_that_takes_it(api, path):
    answer = api.get(path, headers={"accept-encoding": "gzip"})
    assert answer.headers["content-encoding"] == "gzip" and int(answer.headers["content-length"]) < len(answer.content)
    raw = api.get(path, headers={"accept-encoding": "identity"})
    assert "content-encoding" not in raw.headers
    assert raw.content == answer.content  # httpx unpacked the same bytes


def test_the_lobby_comes_with_its_first_game_described_and_its_seats_room_kept(api):
    """Lighthouse measured the lobby's layout shift at 0.94 (0.74 once the words were German): the
    form moved down when the catalog came. Its first game's words and links and its seats' room
    are in the page."""
    text = api.get("/", params={"lang": "de"}).text
    first = {g["id"]: g for g in api.get("/api/catalog", params={"lang": "de"}).json()}["nuclear-war"]
    summary = first["summary"]
    assert 'id="game" name="game" data-first="nuclear-war"' in text
    about = re.search(r'<p id="game-about"[^>]*>(.*?)</p>', text, re.S).group(1)
    assert summary in about and first["length"] in about and "2–6 Spieler" in about
    assert re.search(rf'<ol id="seats" class="seats" data-rows="{first["default_players"]}">', text)
    assert f'id="rules-page" class="button" href="/rules/{first["id"]}"' in text
    learn = re.search(r'<a id="learn-link"[^>]*>', text).group(0)
    assert f'href="/learn/{first["id"]}"' in learn and " hidden" not in learn


@pytest.mark.parametrize("address", ["/", "/game/0123456789ab", "/rules/nuclear-war", "/account", "/tournaments"])
def test_a_page_carries_its_stylesheet_and_the_policy_lets_in_only_that(api, address):
    """Issue 78: no render-blocking stylesheet — the first paint waits for no other file."""
    answer = api.get(address, params={"lang": "de"})
    head = answer.text[:answer.text.index("</head>")]
    assert 'rel="stylesheet"' not in head
    styles = re.findall(r"<style>(.*?)</style>", head, re.S)
    assert styles == [(WEB / "style.css").read_text(encoding="utf-8")]
    digest = base64.b64encode(hashlib.sha256(styles[0].encode()).digest()).decode()
    policy = answer.headers["content-security-policy"]
    style_src = next(d for d in policy.split("; ") if d.startswith("style-src "))
    assert style_src.split() == ["style-src", "'self'", f"'sha256-{digest}'"]  # no 'unsafe-inline'
