"""The pages as the server sends them: in the visitor's language from the first paint, with
addresses of the web client's files that a browser may keep for a year.

A page of ``realpolitik.web`` is written in English, its fixed words marked ``data-t`` (an
element's text) and ``data-t-attrs`` (the attributes it names) for the catalog. The server
sends it in the request's language (:func:`.protocol.language`: ``?lang=``, the ``lang``
cookie, then ``Accept-Language``): ``<html lang>`` set, each marked text and attribute already
translated — the English kept beside it (``data-t``, ``data-t-source-NAME``) for the script
that translates again when the language changes —, so a German visitor never sees an English
word while the catalog loads; the page asks for the catalog at once (a ``preload`` link).

Every address of the client's own files (``/static/…``) becomes ``/static/v/BUILD/…``:
``BUILD`` names this version of the files and the catalogs (a hash of them), so those
addresses never change their content and are served with a year's cache lifetime, and an
ES module's relative imports stay within the same version. The page itself is never kept
(``no-cache``). Pages are made once per language and kept in memory.

The stylesheet comes inside the page (a ``<style>`` for the ``<link>``; 6 KB compressed), so the
first paint waits for no other file; the content-security policy names its hash
(:func:`style_source`), so no other inline style is let in.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape
from html.parser import HTMLParser
from pathlib import Path

from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import realpolitik
from realpolitik.i18n import DEFAULT, LANGUAGES, catalog
from realpolitik.web import ROOT as WEB

#: what the client's files are served under, and under which a version of them
STATIC = "/static/"
#: how long a browser keeps a file of a version: a year (the version's address changes with it)
KEEP = "public, max-age=31536000, immutable"
#: the catalogs, which the pages' script reads too
LOCALE = Path(realpolitik.__file__).parent / "locale"
#: the client's stylesheet, as the pages link it (and as a file for what else reads it)
STYLESHEET = "/static/style.css"
#: the elements HTML writes without an end tag
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@lru_cache(maxsize=1)
def build() -> str:
    """This version of the client's files and of the catalogs: a hash of their names and bytes."""
    digest = hashlib.sha256()
    for root in (WEB, LOCALE):
        for path in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


@lru_cache(maxsize=1)
def style() -> str:
    """The client's stylesheet, which every page carries inside it."""
    return (WEB / STYLESHEET.removeprefix(STATIC)).read_text(encoding="utf-8")


def style_source() -> str:
    """The content-security policy's source for the pages' stylesheet: its SHA-256 hash."""
    digest = hashlib.sha256(style().encode()).digest()
    return f"'sha256-{base64.b64encode(digest).decode()}'"


def versioned(path: str) -> str:
    """The address of a client file of this version (``/static/js/game.js`` → ``/static/v/…/js/game.js``)."""
    return f"{STATIC}v/{build()}/{path.removeprefix(STATIC)}"


@dataclass(frozen=True)
class Fill:
    """What the server writes into an element of a page (keyed ``#id``, or by its tag where it has no
    id, as ``title``): its content (HTML, escaped by the caller; ``None`` keeps the page's), attributes
    set and dropped."""

    content: str | None
    set: dict[str, str] = field(default_factory=dict)
    drop: tuple[str, ...] = ()


@lru_cache(maxsize=64)
def page(name: str, lang: str) -> bytes:
    """The page ``name`` of the web client in ``lang``, its files' addresses of this version."""
    return filled(name, lang, {})


def filled(name: str, lang: str, fill: dict[str, Fill]) -> bytes:
    """:func:`page` with elements filled in by the server (a page that shows what it shows without
    its script, as the rules page)."""
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r}")
    made = _Translated(catalog(lang), lang, fill)
    made.feed((WEB / name).read_text(encoding="utf-8"))
    made.close()
    return "".join(made.out).encode()


class _Translated(HTMLParser):
    """Writes a page again as it reads it, in another language, with elements filled in (see the
    module). A marked element holds text only (the script, too, replaces its whole text)."""

    def __init__(self, words: dict[str, str], lang: str, fill: dict[str, Fill]) -> None:
        super().__init__(convert_charrefs=True)
        self.words, self.lang, self.fill = words, lang, fill
        self.out: list[str] = []
        #: the marked element being read: its tag, its attributes and its text so far
        self._marked: tuple[str, dict[str, str | None], list[str]] | None = None
        #: the filled element whose old content is being passed over: its tag and how deep within
        self._passing: tuple[str, int] | None = None

    def handle_decl(self, decl: str) -> None:
        self.out.append(f"<!{decl}>")

    def handle_comment(self, data: str) -> None:
        self.out.append(f"<!--{data}-->")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._passing is not None:
            if tag == self._passing[0]:
                self._passing = (tag, self._passing[1] + 1)
            return
        if self._marked is not None:
            raise ValueError(f"<{tag}> inside the marked <{self._marked[0]}>: a marked element holds text only")
        values = dict(attrs)
        if tag == "link" and values.get("rel") == "stylesheet" and values.get("href") == STYLESHEET:
            self.out.append(f"<style>{style()}</style>")  # no request between the page and its first paint
            return
        if tag == "html":
            values["lang"] = self.lang
        for name in (values.get("data-t-attrs") or "").split():
            if values.get(name):
                values[f"data-t-source-{name}"] = values[name]
                values[name] = self.words.get(values[name], values[name])
        for name in ("href", "src"):
            if (values.get(name) or "").startswith(STATIC):
                values[name] = versioned(values[name])
        fill = self.fill.get(f"#{values['id']}" if values.get("id") else tag)
        if fill is not None:
            values = {k: v for k, v in values.items() if k not in fill.drop} | fill.set
            if fill.content is not None:  # the server's words: no fixed words of the page any more
                values.pop("data-t", None)
                self.out.append(_tag(tag, values) + fill.content)
                self._passing = (tag, 0)
                return
        if "data-t" in values and tag not in _VOID:
            self._marked = (tag, values, [])
        else:
            self.out.append(_tag(tag, values))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if self._passing is not None:
            if tag != self._passing[0]:
                return
            if self._passing[1]:
                self._passing = (tag, self._passing[1] - 1)
                return
            self._passing = None
        elif self._marked is not None:
            marked, values, text = self._marked
            self._marked = None
            english = " ".join("".join(text).split())  # as the catalog keys it: spaces folded
            self.out.append(_tag(marked, {**values, "data-t": english}))
            self.out.append(escape(self.words.get(english, english), quote=False))
        if tag == "head" and self.lang != DEFAULT:  # the catalog the script reads, asked for at once
            words = f"/i18n/{self.lang}.json?v={build()}"
            self.out.append(f'  <link rel="preload" href="{words}" as="fetch" crossorigin>\n')
        self.out.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        if self._passing is not None:
            return
        if self._marked is not None:
            self._marked[2].append(data)
        else:  # a script's or a style's text is written as it was read
            self.out.append(data if self.cdata_elem else escape(data, quote=False))


def _tag(tag: str, values: dict[str, str | None]) -> str:
    """A start tag with its attributes, each value quoted."""
    written = "".join(f" {k}" if v is None else f' {k}="{escape(v, quote=True)}"' for k, v in values.items())
    return f"<{tag}{written}>"


def response(name: str, lang: str, status_code: int = 200, made: bytes | None = None) -> Response:
    """The page ``name`` in ``lang`` (``made``: as :func:`filled` made it), never kept by a browser
    (its files' addresses change with a version)."""
    return Response(page(name, lang) if made is None else made, status_code=status_code, media_type="text/html",
                    headers={"cache-control": "no-cache", "vary": "accept-language, cookie"})


class Kept:
    """The client's files of a version (mounted at ``/static/v/{build}``): a year's cache lifetime
    for this version's, no keeping for another's (an old page asking after an upgrade gets today's
    files, which must not be kept under the old version's address)."""

    def __init__(self, files: ASGIApp) -> None:
        self.files = files

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        lifetime = KEEP if scope.get("path_params", {}).get("build") == build() else "no-cache"

        async def kept(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), (b"cache-control", lifetime.encode())]
            await send(message)

        await self.files(scope, receive, kept)
