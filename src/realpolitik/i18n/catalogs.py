"""The catalogs: one gettext ``.po`` file per language besides English, read by Babel."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from babel import Locale, negotiate_locale
from babel.messages.pofile import read_po

#: the languages players can choose; English is the source language of every message
LANGUAGES = ("en", "de")
DEFAULT = "en"
LOCALE = Path(__file__).resolve().parent.parent / "locale"


@cache
def catalog(lang: str) -> dict[str, str]:
    """``{English source: translation}`` of ``lang`` (empty for English and unknown languages;
    entries not yet translated or marked fuzzy are left out)."""
    if lang == DEFAULT or lang not in LANGUAGES:
        return {}
    with open(LOCALE / lang / "LC_MESSAGES" / "messages.po", "rb") as po:
        messages = read_po(po, locale=Locale.parse(lang))
    return {m.id: m.string for m in messages if m.id and m.string and not m.fuzzy and isinstance(m.id, str)}


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
