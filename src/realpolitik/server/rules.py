"""A game's rules at hand: its documentation (``docs/games/<game>.md``) for the pages.

``GET /api/rules/{game}?lang=de`` answers the game's docs as a tree of plain nodes —
``{"tag": "p", "children": [...]}`` and strings — that the browser builds with its own DOM
helpers, so no markup from the file ever reaches a page as markup. The Markdown is read
with markdown-it-py with raw HTML switched off; only the tags listed in ``TAGS`` pass, and
a link keeps its address only when it leads to the web (``http``/``https``): the docs' links
between files of this repository have no page to go to.

The docs are in English. A reader of another language gets ``docs/games/<game>.<lang>.md``
when it exists, else the English text with a heading in their language and a note saying
that the text is English.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from realpolitik.i18n import LANGUAGES, render, t

from .protocol import language as language_of

#: the games' documentation: in a checkout a link to the repository's docs/games, in an installed
#: package a copy of it (package data), so a non-editable install has its rules at hand too
DOCS = Path(__file__).resolve().parent / "docs"
#: the elements a rules text may consist of
TAGS = {"h2", "h3", "h4", "h5", "h6", "p", "ul", "ol", "li", "em", "strong", "code", "pre", "a", "br", "hr",
        "blockquote", "table", "thead", "tbody", "tr", "th", "td", "s"}
WEB = ("http://", "https://")

_markdown = MarkdownIt("commonmark", {"html": False}).enable(["table", "strikethrough"])

Node = str | dict[str, Any]


def doc_file(game_id: str, lang: str, docs: Path = DOCS) -> tuple[Path, str] | None:
    """The docs of a game and their language: the reader's own, else English. A game whose
    id extends another's (``e1815-2vs2``) shares that game's docs when it has none."""
    names = [game_id, game_id.split("-")[0]]
    for name in dict.fromkeys(names):
        for language in dict.fromkeys([lang, "en"]):
            path = docs / (f"{name}.md" if language == "en" else f"{name}.{language}.md")
            if path.is_file():
                return path, language
    return None


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


@lru_cache(maxsize=32)
def _tree(path: Path, mtime: float) -> tuple[Node, ...]:
    root = SyntaxTreeNode(_markdown.parse(path.read_text(encoding="utf-8")))
    return tuple(_children(root))


def rules_of(game_id: str, title: str, lang: str, docs: Path = DOCS) -> dict[str, Any] | None:
    """What the pages show as a game's rules, in ``lang``; None when the game has no docs."""
    found = doc_file(game_id, lang, docs)
    if found is None:
        return None
    path, language = found
    note = None if language == lang else render(t("The rules text is in English."), lang)
    return {"game": game_id, "title": title, "heading": render(t("Rules: {game}", game=title), lang),
            "language": language, "note": note, "body": list(_tree(path, path.stat().st_mtime))}


async def rules(request: Request) -> Response:
    """GET /api/rules/{game}?lang=de — a game's rules summary and rule decisions."""
    lang = request.query_params.get("lang") or language_of(request)
    if lang not in LANGUAGES:
        lang = language_of(request)
    game = request.app.state.hall.games.get(request.path_params["game"])
    answer = rules_of(game.id, game.title, lang) if game is not None else None
    if answer is None:
        return JSONResponse({"error": render(t("There are no rules for this game."), lang), "code": "no-rules"},
                            status_code=404)
    return JSONResponse(answer, headers={"cache-control": "max-age=300", "vary": "accept-language, cookie"})
