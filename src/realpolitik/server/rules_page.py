"""The rules page, ``/rules/{game}``, as the server sends it: the rules for players already in
the HTML — the text, its table of contents, and in the places of the pictures the examples and
the opening position in words —, so that a reader without script, a search engine, and every
reader before the script has run see them. The page's script then draws each picture into its
place from ``GET /api/rules/{game}`` (:mod:`.rules`), built from the same tree as here.

The tree (:func:`.rules.player_rules`) is written element by element, every text escaped, only
the tags of :data:`.rules.TAGS`; a table sits in a ``div.table-box`` and a link to the web opens
apart, as the script writes them. Each ``##`` section's heading (``h3``) gets an id from its words
(``Was auf dem Tisch liegt`` → ``was-auf-dem-tisch-liegt``, numbered when taken), which the table
of contents links to.
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape, unescape
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from realpolitik import rulebook
from realpolitik.i18n import render, t

from . import pages
from .protocol import language as language_of
from .rules import BOARD, EXAMPLE, TAGS, player_rules


async def rules_page(request: Request) -> Response:
    """GET /rules/{game} — the rules as a page of their own; a game without rules for players gets
    the page with status 404, which says why."""
    game = request.app.state.hall.games.get(request.path_params["game"])
    lang = language_of(request)
    if game is None or not rulebook.languages(game):
        return pages.response("rules.html", lang, 404, _missing(lang))
    return pages.response("rules.html", lang, made=_page(game, lang))


@lru_cache(maxsize=32)
def _page(game: Any, lang: str) -> bytes:
    rules = player_rules(game, lang)
    taken: set[str] = set()
    body = "".join(_html(node, taken) for node in rules["body"])
    sections = re.findall(r'<h3 id="([^"]+)">(.*?)</h3>', body)
    contents = "".join(f'<li><a href="#{anchor}">{words}</a></li>' for anchor, words in sections)
    fill = {
        "title": pages.Fill(escape(f"{rules['heading']} · realpolitik", quote=False)),
        "#title": pages.Fill(escape(rules["heading"], quote=False)),
        "#contents-list": pages.Fill(contents),
        "#rules-body": pages.Fill(body, {"lang": rules["language"]} if rules["language"] != lang else {}),
    }
    if sections:
        fill["#contents"] = pages.Fill(None, drop=("hidden",))
    if rules["note"]:
        fill["#notice"] = pages.Fill(escape(rules["note"], quote=False), {"class": "notice info"}, ("hidden",))
    return pages.filled("rules.html", lang, fill)


@lru_cache(maxsize=4)
def _missing(lang: str) -> bytes:
    said = render(t("There are no rules for this game."), lang)
    return pages.filled("rules.html", lang, {"#notice": pages.Fill(escape(said, quote=False), {"class": "notice error"},
                                                                     ("hidden",))})


def _html(node: Any, taken: set[str]) -> str:
    """A node of the rules' tree as HTML (see the module)."""
    if isinstance(node, str):
        return escape(node, quote=False)
    inner = "".join(_html(child, taken) for child in node.get("children", []))
    tag = node.get("tag")
    if tag == EXAMPLE:
        return f'<div class="example words-only" data-example="{escape(node["name"])}">{inner}</div>'
    if tag == BOARD:
        return f'<div class="opening words-only">{inner}</div>'
    if tag not in TAGS:
        return inner
    if tag == "table":
        return f'<div class="table-box"><table>{inner}</table></div>'
    if tag == "a":
        return f'<a href="{escape(node["href"])}" rel="noopener noreferrer" target="_blank">{inner}</a>'
    if tag in ("br", "hr"):
        return f"<{tag}>"
    if tag == "h3":
        return f'<h3 id="{_anchor(re.sub(r"<[^>]+>", "", inner), taken)}">{inner}</h3>'
    return f"<{tag}>{inner}</{tag}>"


def _anchor(words: str, taken: set[str]) -> str:
    """An id from a heading's words, numbered when another heading has the same."""
    base = re.sub(r"[\W_]+", "-", unescape(words).lower()).strip("-") or "section"
    anchor, number = base, 2
    while anchor in taken:
        anchor, number = f"{base}-{number}", number + 1
    taken.add(anchor)
    return anchor
