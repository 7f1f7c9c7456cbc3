"""Messages: an English source text with named fields, put into a language when read."""

from __future__ import annotations

import string
from collections.abc import Callable
from typing import Any, NamedTuple

from .catalogs import catalog


class Text(tuple):
    """A message for players: ``key`` is its English source with ``{name}`` fields, ``params``
    the ``(name, value)`` pairs; a value may itself be a ``Text`` (a card's name).

    Stored flat, ``(key, name, value, name, value, …)``: one tuple per message, as a message
    is made for every log line of every game (and each container more is work for the
    garbage collector)."""

    __slots__ = ()

    @property
    def key(self) -> str:
        return self[0]

    @property
    def params(self) -> tuple[tuple[str, Any], ...]:
        return tuple(zip(self[1::2], self[2::2]))

    def __repr__(self) -> str:
        fields = "".join(f", {name}={value!r}" for name, value in self.params)
        return f"t({self[0]!r}{fields})"

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


class Named(str):
    """An id that players know by a name: the id everywhere data and action texts are made
    (it is equal to, hashes as and serializes as the plain string), its ``title`` wherever
    it is read — a seat ``p2`` reads "Player 2", ``ussr`` "Soviet Union"."""

    def __new__(cls, ident: str, title: Any) -> Named:
        named = super().__new__(cls, ident)
        named.title = title
        return named

    def __reduce__(self) -> tuple[Any, ...]:
        return Named, (str(self), self.title)


class Written(dict):
    """Words a person wrote in each language (a lesson's), by language code: not from the
    catalogs; read in the reader's language, else in English."""

    def __str__(self) -> str:
        return render(self, "en")


def listed(items: Any, sep: str = ", ") -> Listed:
    """``items`` shown as one text, separated by ``sep``."""
    return Listed(tuple(items), sep)


def t(key: str, **params: Any) -> Text:
    """The message ``key`` (its English source) with these values."""
    if not params:
        return Text((key,))
    parts = [key]
    for pair in params.items():  # a list extended pair by pair: the cheapest flat form (one log line a move)
        parts += pair
    return Text(parts)


#: a phrase's maker by its number of fields: the flat ``Text`` built at once, without keyword arguments
_MAKERS: dict[int, Callable[..., Callable[..., Text]]] = {
    0: lambda key: lambda: Text((key,)),
    1: lambda key, a: lambda x: Text((key, a, x)),
    2: lambda key, a, b: lambda x, y: Text((key, a, x, b, y)),
    3: lambda key, a, b, c: lambda x, y, z: Text((key, a, x, b, y, c, z)),
    4: lambda key, a, b, c, d: lambda w, x, y, z: Text((key, a, w, b, x, c, y, d, z)),
    5: lambda key, a, b, c, d, e: lambda v, w, x, y, z: Text((key, a, v, b, w, c, x, d, y, e, z)),
    6: lambda key, a, b, c, d, e, f: lambda u, v, w, x, y, z: Text((key, a, u, b, v, c, w, d, x, e, y, f, z)),
}


def phrase(key: str, *names: str) -> Callable[..., Text]:
    """A maker of the message ``key`` whose values are given in the order of ``names``:
    ``phrase("{seat} pays {amount}", "seat", "amount")(s, 3)`` is ``t("{seat} pays {amount}",
    seat=s, amount=3)``, made in about a third of the time (keyword arguments cost ``t`` more
    than the rest of the message) — for the log lines the rules write at every step.

    ``names`` must be exactly the fields of ``key`` (checked here, once); at most six.
    ``pybabel extract -k phrase`` finds ``key`` as it finds a ``t("…")``."""
    fields = {field for _, field, _, _ in string.Formatter().parse(key) if field}
    if len(set(names)) != len(names) or set(names) != fields:
        raise ValueError(f"phrase {key!r}: the names {list(names)} are not its fields {sorted(fields)}")
    if len(names) not in _MAKERS:
        raise ValueError(f"phrase {key!r}: at most {max(_MAKERS)} fields (use t() for more)")
    return _MAKERS[len(names)](key, *names)


def sentence(maker: Callable[..., Any]) -> Callable[..., Sentence]:
    """A maker of the message ``maker`` makes, ended with a full stop (a :class:`Sentence`): a log
    line whose last value may end with one already (``sentence(phrase("{seat} now rules {state}",
    "seat", "state"))``)."""
    return lambda *values: Sentence(maker(*values))


def render(value: Any, lang: str) -> str:
    """``value`` in ``lang``: a ``Text`` translated (its values first), anything else as text.

    A message missing from the catalog is shown in English.
    """
    if isinstance(value, Text):
        key = value[0]
        template = catalog(lang).get(key) or key
        if len(value) == 1:
            return template
        return template.format_map({value[i]: render(value[i + 1], lang) for i in range(1, len(value), 2)})
    if isinstance(value, Listed):
        return value.sep.join(render(item, lang) for item in value.items)
    if isinstance(value, Sentence):
        words = render(value.text, lang)
        return words if words.endswith(".") else words + "."
    if isinstance(value, Named):
        return render(value.title, lang)
    if isinstance(value, Written):
        return value.get(lang) or value["en"]
    return value if isinstance(value, str) else str(value)
