"""Words about a number take the form the number asks for, in English and German (issue 78):
"1 card", "2 cards", "1 Karte", "2 Karten" — never "card(s)", "Karte(n)", "Zug/Züge". A message
about a number is a plural message (``tn``, ``phrase_n``) whose forms the catalog gives per
language (gettext's ``msgid_plural``, ``msgstr[0]``, ``msgstr[1]``); the browser picks the same
form (``js/i18n.js``, tests/web/test_language.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from realpolitik.i18n import LANGUAGES, Counted, phrase_n, render, t, tn
from realpolitik.i18n.catalogs import LOCALE

SRC = Path(__file__).resolve().parent.parent / "src" / "realpolitik"
#: a noun with its plural ending in brackets: card(s), Karte(n), Aufbaupunkt(e), Sozialist(en), letzte(s)
BRACKETED = re.compile(r"\w\((s|n|e|en|er|es|r)\)")
#: a word and its other number after a slash: Zug/Züge, führt/führen, Bohrturm/Bohrtürme
SLASHED = re.compile(r"\b([^\W\d_]{2,})/([^\W\d_]{2,})\b")
_PLAIN = str.maketrans("äöü", "aou")


def _both_numbers(found: re.Match) -> bool:
    one, other = (word.lower().translate(_PLAIN) for word in found.groups())
    return one[:2] == other[:2] and one != other


def _catalog_texts() -> list[tuple[str, str]]:
    out = []
    for lang in LANGUAGES:
        path = LOCALE / lang / "LC_MESSAGES" / "messages.po"
        if path.is_file():
            with path.open("rb") as po:
                for message in read_po(po):
                    ids = message.id if isinstance(message.id, tuple) else (message.id,)
                    strings = message.string if isinstance(message.string, tuple) else (message.string,)
                    out += [(f"{lang} catalog", text) for text in (*ids, *strings) if text]
    return out


def _game_texts() -> list[tuple[str, str]]:
    """Every line of the games' printed content and rules for players (both languages)."""
    files = [*SRC.glob("games/**/data/*.toml"), *SRC.glob("games/**/rulebook/**/*.md"),
             *SRC.glob("games/**/rulebook/**/*.toml")]
    return [(f"{path.relative_to(SRC)}:{n}", line) for path in sorted(files)
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)]


def test_no_word_leaves_its_number_open():
    texts = _catalog_texts() + _game_texts()
    assert len(texts) > 4000
    open_ = [f"{where}: {text!r}" for where, text in texts
             if BRACKETED.search(text) or any(_both_numbers(m) for m in SLASHED.finditer(text))]
    assert not open_, f"{len(open_)} texts leave the number open:\n" + "\n".join(open_)


def test_both_catalogs_count_as_english_does():
    with (LOCALE / "de" / "LC_MESSAGES" / "messages.po").open("rb") as po:
        german = read_po(po)
    assert german.num_plurals == 2 and german.plural_expr == "(n != 1)"  # what i18n.messages.form assumes


@pytest.mark.parametrize(("n", "en", "de"), [
    (1, "West draws 1 card.", "West zieht 1 Karte."),
    (2, "West draws 2 cards.", "West zieht 2 Karten."),
    (0, "West draws 0 cards.", "West zieht 0 Karten."),
])
def test_a_log_line_takes_the_form_its_number_asks_for(n, en, de):
    draws = phrase_n("{seat} draws {n} card.", "{seat} draws {n} cards.", "seat", "n")  # games/wsdv/sequence.py
    line = draws("West", n)
    assert (render(line, "en"), render(line, "de")) == (en, de)
    assert line == tn("{seat} draws {n} card.", "{seat} draws {n} cards.", "n", seat="West", n=n)
    assert type(line) is Counted and line.key == "{seat} draws {n} card."
    assert dict(line.params) == {"seat": "West", "n": n}
    assert (line.plural, line.count) == ("{seat} draws {n} cards.", "n")


def test_the_number_may_be_a_field_the_words_do_not_show():
    leads = ("The round limit ({limit} rounds) ended the game with {n} powers left; {lead} leads on cash + 3 M per "
             "tanker + income.", "The round limit ({limit} rounds) ended the game with {n} powers left; {lead} lead "
             "on cash + 3 M per tanker + income.")  # games/nationen/setup.py
    one = tn(*leads, "leaders", limit=20, n=3, lead="Spieler 2", leaders=1)
    two = tn(*leads, "leaders", limit=20, n=3, lead="Spieler 1, Spieler 2", leaders=2)
    assert "Spieler 2 führt nach Bargeld" in render(one, "de") and "Spieler 1, Spieler 2 führen" in render(two, "de")
    assert "Spieler 2 leads on cash" in render(one, "en") and "Spieler 2 lead on cash" in render(two, "en")


def test_a_plural_message_may_hold_another_and_a_message_nobody_translated_counts_in_english():
    bank = t("bank: {tankers}, {pipelines}", tankers=tn("{n} tanker", "{n} tankers", "n", n=1),
             pipelines=tn("{n} pipeline", "{n} pipelines", "n", n=3))
    assert render(bank, "en") == "bank: 1 tanker, 3 pipelines" and render(bank, "de") == "Bank: 1 Tanker, 3 Pipelines"
    stranger = tn("{n} thing nobody translated", "{n} things nobody translated", "n", n=1)
    assert render(stranger, "de") == "1 thing nobody translated"


def test_a_plural_maker_refuses_names_that_are_not_its_fields_or_no_count():
    with pytest.raises(ValueError, match="not its fields"):
        phrase_n("{seat} draws {n} card.", "{seat} draws {n} cards.", "seat")
    with pytest.raises(ValueError, match="not its fields"):
        phrase_n("{seat} draws {n} card.", "{seat} draws {n} cards.", "seat", "n", "other")
    with pytest.raises(ValueError, match="no value for its count"):
        tn("{n} card", "{n} cards", "count", n=2)
