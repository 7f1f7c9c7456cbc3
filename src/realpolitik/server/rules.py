"""A game's rules at hand for the pages: the rules for players, with their examples.

``GET /api/rules/{game}?lang=de`` answers a game's rules (``realpolitik.rulebook``: the
game package's ``rulebook/<lang>.md``) in the reader's language, as a tree of plain nodes —
``{"tag": "p", "children": [...]}`` and strings — that the browser builds with its own DOM
helpers, so no markup from the file ever reaches a page as markup. The Markdown is read
with markdown-it-py with raw HTML switched off; only the tags listed in ``TAGS`` pass, and
a link keeps its address only when it leads to the web (``http``/``https``).

An example of the text is one node ``{"tag": "example", ...}`` with what a page needs to
draw it: its ``name``, its ``caption`` in the reader's language, the ``seat`` whose view shows
it, that seat's view of the ``position`` (``State.view(seat)``, without log) and of the
``result`` after the example's ``moves`` (each with its ``seat``, ``action`` and ``label``), and
the ``log`` lines those moves wrote. A move carries its ``verb`` and ``args`` too, as a view's
choices do, so that a board marks the places the moves use as it marks a legal action's. Its
``children`` are the example in words — its caption and its moves — for a page that draws no
board. The ``{{board}}`` line of a text (``rulebook.Opening``) is one node ``{"tag": "board",
"game", "seat", "position", "children"}``: the first seat's view of a new game (default
players, options and seed 0), its children a sentence saying so. (The developers' notes,
docs/games/*.md, are never served: they are for the repository's readers.)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from realpolitik import rulebook
from realpolitik.engine import Game
from realpolitik.engine.examples import Played, shown
from realpolitik.i18n import LANGUAGES, render, t

from .protocol import language as language_of

#: the elements a rules text may consist of
TAGS = {"h2", "h3", "h4", "h5", "h6", "p", "ul", "ol", "li", "em", "strong", "code", "pre", "a", "br", "hr",
        "blockquote", "table", "thead", "tbody", "tr", "th", "td", "s"}
#: the node of an example (a page draws it; its children say it in words)
EXAMPLE = "example"
#: the node of the game's opening position (a page draws it; its children say what it shows)
BOARD = "board"
WEB = ("http://", "https://")

_markdown = MarkdownIt("commonmark", {"html": False}).enable(["table", "strikethrough"])

Node = str | dict[str, Any]


def _children(node: SyntaxTreeNode) -> list[Node]:
    out: list[Node] = []
    for child in node.children:
        out.extend(_convert(child))
    return out


def _convert(node: SyntaxTreeNode) -> list[Node]:
    """One Markdown node as page nodes (several when the node only groups its children)."""
    kind = node.type
    if kind == "text":
        return [node.content]
    if kind == "softbreak":
        return ["\n"]
    if kind == "hardbreak":
        return [{"tag": "br"}]
    if kind == "code_inline":
        return [{"tag": "code", "children": [node.content]}]
    if kind in ("fence", "code_block"):
        return [{"tag": "pre", "children": [{"tag": "code", "children": [node.content]}]}]
    if kind == "image":
        return _children(node)  # its alt text
    if kind == "inline" or (kind == "paragraph" and node.hidden):
        return _children(node)
    if kind == "link":
        href = str(node.attrs.get("href", ""))
        if not href.startswith(WEB):
            return _children(node)
        return [{"tag": "a", "href": href, "children": _children(node)}]
    tag = node.tag
    if kind == "heading":  # the page's own heading is h2: the document's headings go one level below
        tag = f"h{min(6, int(tag[1]) + 1)}"
    if tag not in TAGS:
        return _children(node)
    return [{"tag": tag, "children": _children(node)}]


def _nodes(markdown: str) -> tuple[Node, ...]:
    return tuple(_children(SyntaxTreeNode(_markdown.parse(markdown))))


def player_rules(game: Game, lang: str) -> dict[str, Any] | None:
    """A game's rules for players in ``lang`` (English, with a note, when they are not written in it),
    with its examples played; None when the game has no rules for players yet."""
    written = rulebook.languages(game)
    if not written:
        return None
    language = lang if lang in written else "en" if "en" in written else written[0]
    note = None if language == lang else render(t("The rules text is in English."), lang)
    return {"game": game.id, "title": game.title, "heading": render(t("Rules: {game}", game=game.title), lang),
            "kind": "rules", "language": language, "note": note, "body": list(_player_body(game, language))}


@lru_cache(maxsize=32)
def _player_body(game: Game, lang: str) -> tuple[Node, ...]:
    found = rulebook.parts(game, lang)
    out: list[Node] = []
    for part in found.parts if found is not None else ():
        if isinstance(part, Played):
            out += _example(part, lang)
        elif isinstance(part, rulebook.Opening):
            out.append(_opening(part, lang))
        else:
            out += _nodes(part)
    return tuple(out)


def _opening(opening: rulebook.Opening, lang: str) -> Node:
    """The opening position as one node: the first seat's view, and in words what it shows."""
    return {"tag": BOARD, "game": opening.game, "seat": opening.seat, "position": opening.view(lang),
            "children": [{"tag": "p", "children": [{"tag": "em", "children": [opening.caption(lang)]}]}]}


def _example(played: Played, lang: str) -> list[Node]:
    """An example as one node: the data a page draws, and the example in words as its children."""
    data = shown(played, lang)
    words: list[Node] = [{"tag": "p", "children": [{"tag": "strong", "children": [render(t("Example"), lang)]},
                                                   " — " + data["caption"]]}]
    if data.get("moves"):
        titles = dict(zip(data["position"]["seats"], data["position"]["titles"]))
        words.append({"tag": "ol", "children": [{"tag": "li", "children": [f"{titles[m['seat']]}: {m['label']}"]}
                                                for m in data["moves"]]})
    return [{"tag": EXAMPLE, **data, "children": words}]


async def rules(request: Request) -> Response:
    """GET /api/rules/{game}?lang=de — a game's rules for players."""
    lang = request.query_params.get("lang") or language_of(request)
    if lang not in LANGUAGES:
        lang = language_of(request)
    game = request.app.state.hall.games.get(request.path_params["game"])
    answer = None if game is None else player_rules(game, lang)
    if answer is None:
        return JSONResponse({"error": render(t("There are no rules for this game."), lang), "code": "no-rules"},
                            status_code=404)
    return JSONResponse(answer, headers={"cache-control": "max-age=300", "vary": "accept-language, cookie"})
