"""Messages: an English source text with named fields, put into a language when read."""

from __future__ import annotations

from typing import Any, NamedTuple

from .catalogs import catalog


class Text(NamedTuple):
    """A message for players: ``key`` is its English source with ``{name}`` fields, ``params``
    the ``(name, value)`` pairs; a value may itself be a ``Text`` (a card's name)."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        return render(self, "en")


class Listed(NamedTuple):
    """Several values shown one after the other (card names), each in the reader's language."""

    items: tuple[Any, ...]
    sep: str = ", "

    def __str__(self) -> str:
        return render(self, "en")


class Sentence(NamedTuple):
    """A message ended with a full stop, unless it ends with one already (a name such as "U.O.R.")."""

    text: Any

    def __str__(self) -> str:
        return render(self, "en")


def listed(items: Any, sep: str = ", ") -> Listed:
    """``items`` shown as one text, separated by ``sep``."""
    return Listed(tuple(items), sep)


_new = tuple.__new__  # a Text is built for every log line of every game: skip NamedTuple's Python-level __new__


def t(key: str, **params: Any) -> Text:
    """The message ``key`` (its English source) with these values."""
    return _new(Text, (key, tuple(params.items()) if params else ()))


def render(value: Any, lang: str) -> str:
    """``value`` in ``lang``: a ``Text`` translated (its values first), anything else as text.

    A message missing from the catalog is shown in English.
    """
    if isinstance(value, Text):
        template = catalog(lang).get(value.key) or value.key
        if not value.params:
            return template
        return template.format_map({name: render(v, lang) for name, v in value.params})
    if isinstance(value, Listed):
        return value.sep.join(render(item, lang) for item in value.items)
    if isinstance(value, Sentence):
        words = render(value.text, lang)
        return words if words.endswith(".") else words + "."
    return value if isinstance(value, str) else str(value)
