"""A ``pybabel extract`` method for the pages' HTML (``babel.cfg``): the text of every element
marked ``data-t``, and the attributes it names in ``data-t-attrs`` (``title``, ``placeholder``…);
``js/i18n.js`` translates the same on the page."""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser
from typing import IO, Any


class _Marked(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._open: list[tuple[str, int, list[str]]] = []  # tag, line, text so far

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        line = self.getpos()[0]
        for name in (values.get("data-t-attrs") or "").split():
            if values.get(name):
                self.found.append((line, values[name]))
        if "data-t" in values:
            self._open.append((tag, line, []))

    def handle_data(self, data: str) -> None:
        for _, _, text in self._open:
            text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1][0] == tag:
            _, line, text = self._open.pop()
            self.found.append((line, " ".join("".join(text).split())))


def html(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict) -> Iterator[tuple]:
    """Babel extraction method: ``(line, funcname, message, comments)`` per marked text."""
    parser = _Marked()
    parser.feed(fileobj.read().decode(options.get("encoding", "utf-8")))
    parser.close()
    for line, message in parser.found:
        if message:
            yield line, "t", message, []


def content(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict) -> Iterator[tuple]:
    """Babel extraction method for a game's built-in content (TOML): every ``name`` and ``text``
    of its entries — the printed words a player reads, translated like any message (a user's
    own content file keeps its own words)."""
    import tomllib

    data = tomllib.loads(fileobj.read().decode("utf-8"))
    for entries in data.values():
        for entry in entries if isinstance(entries, list) else ():
            for field in ("name", "text"):
                if isinstance(entry, dict) and isinstance(entry.get(field), str) and entry[field]:
                    yield 0, "t", entry[field], []
