"""Messages: an English source text with named fields, put into a language when read."""

from __future__ import annotations

import string
from collections.abc import Callable
from typing import Any, NamedTuple

from .catalogs import Asking, catalog, places


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


class Counted(Text):
    """A message whose words follow a number, as gettext's plural entries: ``key`` is its English
    singular (the catalogs' key), ``plural`` its English plural, ``count`` the name of the field
    whose value picks the form in the reader's language (a field the words need not show).

    Stored flat, ``(singular, plural, count, name, value, …)``."""

    __slots__ = ()

    @property
    def plural(self) -> str:
        return self[1]

    @property
    def count(self) -> str:
        return self[2]

    @property
    def params(self) -> tuple[tuple[str, Any], ...]:
        return tuple(zip(self[3::2], self[4::2]))

    def __repr__(self) -> str:
        fields = "".join(f", {name}={value!r}" for name, value in self.params)
        return f"tn({self[0]!r}, {self[1]!r}, {self[2]!r}{fields})"


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


def tn(singular: str, plural: str, count: str = "n", /, **params: Any) -> Counted:
    """The message with the English forms ``singular`` and ``plural``, the one the number in the
    field ``count`` asks for in the reader's language: ``tn("{seat} draws {n} card.", "{seat} draws
    {n} cards.", "n", seat=s, n=2)``. ``pybabel extract -k tn:1,2`` finds both forms."""
    if count not in params:
        raise ValueError(f"tn {singular!r}: no value for its count {count!r}")
    parts = [singular, plural, count]
    for pair in params.items():
        parts += pair
    return Counted(parts)


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


#: a plural phrase's maker by its number of names (its fields, and its count if the words do not show it)
_COUNTED: dict[int, Callable[..., Callable[..., Counted]]] = {
    1: lambda s, p, n, a: lambda x: Counted((s, p, n, a, x)),
    2: lambda s, p, n, a, b: lambda x, y: Counted((s, p, n, a, x, b, y)),
    3: lambda s, p, n, a, b, c: lambda x, y, z: Counted((s, p, n, a, x, b, y, c, z)),
    4: lambda s, p, n, a, b, c, d: lambda w, x, y, z: Counted((s, p, n, a, w, b, x, c, y, d, z)),
    5: lambda s, p, n, a, b, c, d, e: lambda v, w, x, y, z: Counted((s, p, n, a, v, b, w, c, x, d, y, e, z)),
    6: lambda s, p, n, a, b, c, d, e, f: lambda u, v, w, x, y, z: Counted((s, p, n, a, u, b, v, c, w, d, x, e, y,
                                                                            f, z)),
    7: lambda s, p, n, a, b, c, d, e, f, g: lambda t, u, v, w, x, y, z: Counted((s, p, n, a, t, b, u, c, v, d, w, e,
                                                                                  x, f, y, g, z)),
}


def phrase_n(singular: str, plural: str, *names: str, count: str = "n") -> Callable[..., Counted]:
    """A maker of the message :func:`tn` makes, its values given in the order of ``names`` as a
    :func:`phrase`'s: ``phrase_n("{seat} draws {n} card.", "{seat} draws {n} cards.", "seat", "n")(s, 2)``.

    ``names`` are exactly the fields of both forms, and ``count`` among them, or after them when the
    words do not show it (``"{lead} leads"`` / ``"{lead} lead"``, counted by ``"leaders"``); at most
    seven. ``pybabel extract -k phrase_n:1,2`` finds both forms."""
    fields = {field for text in (singular, plural) for _, field, _, _ in string.Formatter().parse(text) if field}
    shown = set(names) - ({count} - fields)
    if len(set(names)) != len(names) or shown != fields or count not in names:
        raise ValueError(f"phrase_n {singular!r}: the names {list(names)} are not its fields {sorted(fields)} "
                         f"and its count {count!r}")
    if len(names) not in _COUNTED:
        raise ValueError(f"phrase_n {singular!r}: at most {max(_COUNTED)} names (use tn() for more)")
    return _COUNTED[len(names)](singular, plural, count, *names)


def sentence(maker: Callable[..., Any]) -> Callable[..., Sentence]:
    """A maker of the message ``maker`` makes, ended with a full stop (a :class:`Sentence`): a log
    line whose last value may end with one already (``sentence(phrase("{seat} now rules {state}",
    "seat", "state"))``)."""
    return lambda *values: Sentence(maker(*values))


def render(value: Any, lang: str) -> str:
    """``value`` in ``lang``: a ``Text`` translated (its values first), anything else as text.

    A message missing from the catalog is shown in English. A :class:`Counted` message takes the
    form its count asks for (:func:`form`). A field may ask for a place's grammatical form,
    ``{land:in}`` (:func:`realpolitik.i18n.catalogs.places`).
    """
    kind = type(value)  # by exact type first: a line's words are mostly messages and plain text
    if kind is Text:
        template = catalog(lang).get(value[0]) or value[0]
        if len(value) == 1:
            return template
        values = {value[i]: render(value[i + 1], lang) for i in range(1, len(value), 2)}
        return template.format_map(_placed(values, lang) if type(template) is Asking else values)
    if kind is str:
        return value
    if kind is Counted:
        return _counted(value, lang)
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


def form(count: Any) -> int:
    """Which of a plural message's forms a number takes: 0 the singular, 1 the plural. English and
    German count alike (their catalogs' ``Plural-Forms: nplurals=2; plural=(n != 1)``)."""
    return 0 if count == 1 else 1


def _counted(text: Counted, lang: str) -> str:
    """A plural message in ``lang``: the form its count asks for, its fields filled."""
    values = {text[i]: text[i + 1] for i in range(3, len(text), 2)}
    index = form(values.get(text[2]))
    forms = catalog(lang).get(text[0])
    template = forms[index] if type(forms) is tuple else text[index]
    for name, value in values.items():
        values[name] = render(value, lang)
    return template.format_map(_placed(values, lang) if type(template) is Asking else values)


def _placed(values: dict[str, str], lang: str) -> dict[str, Any]:
    """``values`` that a field may ask a place's form of (``format(value, "in")``)."""
    table = places(lang)
    return {name: _Place(word, table) for name, word in values.items()}


class _Place:
    """A value whose field asks for a form: ``format(value, "in")`` is "in den Niederlanden"."""

    __slots__ = ("table", "word")

    def __init__(self, word: str, table: Any) -> None:
        self.word, self.table = word, table

    def __format__(self, spec: str) -> str:
        return self.table.form(self.word, spec) if spec else self.word
