"""The catalogs: one gettext ``.po`` file per language besides English, read by Babel; and the
grammatical forms of place names in each language (``places.toml`` beside the catalog)."""

from __future__ import annotations

import os
import string
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale, negotiate_locale
from babel.messages.pofile import read_po

#: the languages players can choose; English is the source language of every message
LANGUAGES = ("en", "de")
DEFAULT = "en"
LOCALE = Path(__file__).resolve().parent.parent / "locale"


@cache
def catalog(lang: str) -> dict[str, str | tuple[str, ...]]:
    """``{English source: translation}`` of ``lang`` (empty for English and unknown languages;
    entries not yet translated or marked fuzzy are left out). A plural entry is keyed by its
    English singular and holds its forms, singular first (``msgstr[0]``, ``msgstr[1]``). A
    translation that asks for a place's form is an :class:`Asking`."""
    if lang == DEFAULT or lang not in LANGUAGES:
        return {}
    with open(LOCALE / lang / "LC_MESSAGES" / "messages.po", "rb") as po:
        messages = read_po(po, locale=Locale.parse(lang))
    out: dict[str, str | tuple[str, ...]] = {}
    for m in messages:
        if not m.id or m.fuzzy:
            continue
        if isinstance(m.id, str) and m.string:
            out[m.id] = _marked(m.string)
        elif isinstance(m.id, tuple) and all(m.string):
            out[m.id[0]] = tuple(_marked(form) for form in m.string)
    return out


class Asking(str):
    """A translation that asks for a place's form (``{land:in}``), marked so when the catalog is
    read: only such words need :class:`Places`, and a reader of a message sees so by its type."""

    __slots__ = ()


def _marked(text: str) -> str:
    """``text``, an :class:`Asking` if a field of it asks for a form."""
    return Asking(text) if any(spec for _, _, spec, _ in string.Formatter().parse(text)) else text


class Places:
    """A language's grammatical forms of place names, by the name as that language writes it:
    ``form("Niederlande", "in")`` is "in den Niederlanden", ``form("Preußen", "nach")`` "nach
    Preußen". The forms are ``nom``, ``acc``, ``dat``, ``gen`` (a name without an article: "von
    Kadhar") and the phrases ``in``, ``nach``, ``von``, ``aus``; a form asked for with a capital
    (``In``) begins with one, as at a sentence's start."""

    FORMS = ("nom", "acc", "dat", "gen", "in", "nach", "von", "aus")

    def __init__(self, plain: dict[str, str], named: dict[str, dict[str, str]]) -> None:
        self.plain = plain  #: a name without an article: each form's pattern, the name as {}
        self.named = named  #: the names with an article: each of their forms

    def form(self, word: str, spec: str) -> str:
        """``word`` in the form ``spec`` (``ValueError`` for a form there is not)."""
        lower = spec[0].lower() + spec[1:]
        if lower not in self.FORMS:
            raise ValueError(f"no place form {spec!r} (forms: {', '.join(self.FORMS)})")
        own = self.named.get(word)
        out = own[lower] if own else self.plain.get(lower, "{}").replace("{}", word)
        return out[0].upper() + out[1:] if spec[0].isupper() else out

    def to_json(self) -> dict[str, Any]:
        return {"plain": self.plain, "named": self.named}


@cache
def places(lang: str) -> Places:
    """The place forms of ``lang`` from ``locale/<lang>/places.toml`` (none: every form is the name)."""
    path = LOCALE / lang / "places.toml"
    if lang not in LANGUAGES or not path.is_file():
        return Places({}, {})
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    named = {}
    for word, (nom, acc, dat, gen) in data["cases"].items():
        cases = {"nom": nom, "acc": acc, "dat": dat, "gen": gen}
        phrases = {name: _contracted(pattern.format(**cases), data["contractions"])
                   for name, pattern in data["with_article"].items()}
        named[word] = cases | phrases | data.get("own", {}).get(word, {})
    return Places(data["plain"], named)


def _contracted(phrase: str, contractions: dict[str, str]) -> str:
    """``phrase`` with a preposition and an article made one word ("in dem" → "im")."""
    for long, short in contractions.items():
        if phrase.startswith(long + " "):
            return short + phrase[len(long):]
    return phrase


def negotiate(accept_language: str | None) -> str:
    """The language to use for an HTTP ``Accept-Language`` header (English when none fits)."""
    wanted = []
    for part in (accept_language or "").split(","):
        tag, _, quality = part.strip().partition(";q=")
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            continue
        if tag and weight > 0:
            wanted.append((weight, tag.strip().replace("-", "_")))
    ordered = [tag for _, tag in sorted(wanted, key=lambda w: -w[0])]
    return negotiate_locale(ordered, LANGUAGES, sep="_") or _base(ordered) or DEFAULT


def _base(tags: list[str]) -> str | None:
    """The first tag whose language alone (``de`` of ``de_AT``) is offered."""
    return next((tag.split("_")[0].lower() for tag in tags if tag.split("_")[0].lower() in LANGUAGES), None)


def from_env(environ: dict[str, str] | None = None) -> str:
    """The language the environment asks for (``LC_ALL``, ``LC_MESSAGES``, ``LANG``; ``de_DE.UTF-8`` is German)."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value and value not in ("C", "POSIX"):
            lang = value.split(".")[0].split("_")[0].lower()
            return lang if lang in LANGUAGES else DEFAULT
    return DEFAULT
