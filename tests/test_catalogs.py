"""Every message a player reads exists in English and German: ``pybabel``'s own extraction
over the Python and the browser's JavaScript (``babel.cfg``) finds each ``t("…")`` and
``phrase("…", …)``, and each ``tn("…", "…", …)`` and ``phrase_n`` with its plural, and the
German catalog holds each one, with the same ``{fields}``, and nothing else; a German translation
asks only for the place forms there are (``{land:in}``). The rules for players
(``realpolitik.rulebook``) are texts, not messages: a game that has them has them in every
language, showing the same examples in the same order, and every example's caption is written in
every language."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg

from realpolitik import rulebook
from realpolitik.games import registry
from realpolitik.i18n import LANGUAGES, catalog, from_env, negotiate, phrase, places, render, t

ROOT = Path(__file__).resolve().parent.parent
#: the makers of messages, as ``pybabel extract`` is told (``babel.cfg``): a plural maker's two forms
KEYWORDS = {"t": None, "phrase": None, "tn": (1, 2), "phrase_n": (1, 2)}


def _extracted() -> dict[str | tuple[str, str], str]:
    """Every message in the code, with where it is (as ``pybabel extract -k t -k phrase -k tn:1,2
    -k phrase_n:1,2`` finds them): a plural message as its ``(singular, plural)``."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found = {}
    for filename, line, message, _, _ in extract_from_dir(ROOT, method_map, options_map, keywords=KEYWORDS):
        found.setdefault(message, f"{filename}:{line}")
    return found


MESSAGES = _extracted()


def _texts(message: str | tuple[str, ...]) -> tuple[str, ...]:
    """A message's texts: its one, or a plural message's forms."""
    return message if isinstance(message, tuple) else (message,)


#: the catalogs' key of each message: a plural one's English singular
KEYS = {_texts(message)[0]: message for message in MESSAGES}


def _fields(message: str | tuple[str, ...]) -> set[str]:
    return {name for one in _texts(message) for _, name, _, _ in string.Formatter().parse(one) if name}


def _forms(message: str | tuple[str, ...]) -> set[str]:
    """The place forms a message asks for (``{land:in}``: "in")."""
    return {spec for one in _texts(message) for _, name, spec, _ in string.Formatter().parse(one) if name and spec}


def test_the_code_has_messages_and_the_extraction_finds_them():
    assert "Seat {seat} is already taken." in MESSAGES  # Python
    assert "Create the game" in MESSAGES and "Your turn — {prompt}" in MESSAGES  # HTML and JavaScript
    assert "{seat} to act:" in MESSAGES  # inside a template string
    assert "{seat} takes {card} — {use}." in MESSAGES  # a phrase (games/wsdv/sequence.py)
    assert ("{seat} draws {n} card.", "{seat} draws {n} cards.") in MESSAGES  # a plural phrase (games/wsdv)
    assert len(MESSAGES) >= 40


def test_a_message_is_either_plural_or_not():
    plain = {message for message in MESSAGES if isinstance(message, str)}
    plural = [message for message in MESSAGES if isinstance(message, tuple)]
    both = [message for message in plural if message[0] in plain]
    assert not both, f"messages made both with t and with tn: {both}"
    assert len({singular for singular, _ in plural}) == len(plural), "one singular with two plurals"
    assert all(_fields(singular) == _fields(other) for singular, other in plural)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_message_is_translated_with_the_same_fields(lang):
    translated = catalog(lang)
    missing = [f"{where}: {message!r}" for message, where in MESSAGES.items()
               if not isinstance(translated.get(_texts(message)[0]), tuple if isinstance(message, tuple) else str)]
    assert not missing, f"{len(missing)} messages lack {lang} (or its plural forms):\n" + "\n".join(missing)
    unused = sorted(set(translated) - set(KEYS))
    assert not unused, f"{lang} catalog entries no code uses: {unused}"
    odd = [key for key, message in KEYS.items()
           if any(_fields(message) != _fields(one) for one in _texts(translated[key]))]
    assert not odd, f"{lang} translations with other fields: {odd}"
    asked = set().union(*(_forms(value) for value in translated.values()))
    known = {name for form in places(lang).FORMS for name in (form, form.capitalize())}
    assert asked <= known, f"{lang} translations ask for place forms there are not: {asked - known}"
    assert not [message for message in MESSAGES if _forms(message)], "English words ask for no place forms"


RULES = [game for game in registry() if rulebook.languages(game)]


@pytest.mark.parametrize("game", RULES, ids=lambda g: g.id)
def test_a_game_s_rules_are_written_in_every_language_with_the_same_examples(game):
    assert rulebook.languages(game) == LANGUAGES
    texts = {lang: rulebook.source(game, lang) for lang in LANGUAGES}
    shown = {lang: rulebook.references(text) for lang, text in texts.items()}
    assert all(refs == shown["en"] for refs in shown.values()), shown
    assert all(text != texts["en"] for lang, text in texts.items() if lang != "en")
    headings = {lang: [line for line in text.splitlines() if line.startswith("#")] for lang, text in texts.items()}
    assert all(len(found) == len(headings["en"]) for found in headings.values()), headings


@pytest.mark.parametrize("game", RULES, ids=lambda g: g.id)
def test_every_example_caption_is_written_in_every_language(game):
    for name in rulebook.example_names(game):
        caption = rulebook.example(game, name).caption
        assert sorted(caption) == sorted(LANGUAGES), name
        assert all(caption[lang].strip() and caption[lang] != caption["en"] for lang in LANGUAGES if lang != "en")


def test_a_phrase_makes_the_message_t_makes_with_the_same_values():
    every = ("seat", "amount", "where", "when", "why", "how")
    for names in (every[:n] for n in range(len(every) + 1)):
        key = " ".join(f"{{{name}}}" for name in names) or "Nothing happens."
        values = [f"value of {name}" for name in names]
        made = phrase(key, *names)(*values)
        assert made == t(key, **dict(zip(names, values))) and type(made) is type(t(key))
        assert render(made, "en") == render(t(key, **dict(zip(names, values))), "en")
    # the values go with the names in the order given, whatever the order of the fields in the text
    assert phrase("{b} then {a}", "a", "b")(1, 2) == t("{b} then {a}", a=1, b=2)


@pytest.mark.parametrize("names", [("seat",), ("seat", "amount", "amount"), ("seat", "place", "other"), ("who",)])
def test_a_phrase_refuses_names_that_are_not_its_fields(names):
    with pytest.raises(ValueError, match="not its fields"):
        phrase("{seat} goes to {place}", *names)


def test_a_phrase_has_at_most_six_fields():
    with pytest.raises(ValueError, match="at most 6"):
        phrase("{a}{b}{c}{d}{e}{f}{g}", "a", "b", "c", "d", "e", "f", "g")


def test_a_message_is_put_into_the_readers_language_with_its_values():
    refusal = t("{reason} {seat} must {prompt} (legal: {legal}).", reason=t("{action} is not possible now.",
                action="'x'"), seat="p1", prompt="decide", legal="a, b")
    assert render(refusal, "en") == "'x' is not possible now. p1 must decide (legal: a, b)."
    assert render(refusal, "de") == "'x' ist jetzt nicht möglich. p1 muss: decide (erlaubt: a, b)."
    assert str(refusal) == render(refusal, "en")
    assert render(t("A message nobody translated."), "de") == "A message nobody translated."
    assert render("plain text", "de") == "plain text" and render(7, "de") == "7"


def test_the_language_comes_from_the_browser_or_the_environment():
    assert negotiate("de-DE,de;q=0.9,en;q=0.8") == "de"
    assert negotiate("fr-FR, de-AT;q=0.5") == "de"
    assert negotiate("en-US,de;q=0.5") == "en"
    assert negotiate("fr") == negotiate(None) == negotiate("") == negotiate("de;q=x") == "en"
    assert negotiate("de;q=0, en") == "en"
    assert from_env({"LANG": "de_DE.UTF-8"}) == "de"
    assert from_env({"LANG": "de_DE.UTF-8", "LC_ALL": "C"}) == "de"
    assert from_env({"LC_ALL": "en_GB.UTF-8", "LANG": "de_DE"}) == "en"
    assert from_env({"LANG": "fr_FR"}) == from_env({}) == "en"
