"""German words a player reads follow the rule books' own terms: the log, the menus and the rules
for players say what the printed rules say (SP-Verteilung, Verschleiß), and a place is spelled
one way everywhere (West-Berlin, Ost-Berlin)."""

from __future__ import annotations

from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "realpolitik"
#: a word once used for a rule book's term → the term
OUSTED = {
    "SP-Vergabe": "SP-Verteilung",  # 1815: the rule book's name for the yearly scoring
    "Winterverlust": "Verschleiß",  # 1815: losses in winter
    "Westberlin": "West-Berlin",
    "Ostberlin": "Ost-Berlin",
}


def _german_texts() -> list[Path]:
    return [SRC / "locale" / "de" / "LC_MESSAGES" / "messages.po",
            *SRC.glob("games/**/rulebook/**/*.md"), *SRC.glob("games/**/rulebook/**/*.toml")]


@pytest.mark.parametrize("ousted", sorted(OUSTED))
def test_german_words_are_the_rule_books_terms(ousted):
    found = [f"{path.relative_to(SRC)}:{n}" for path in _german_texts()
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if ousted in line]
    assert not found, f"{ousted!r} where the rule book says {OUSTED[ousted]!r}: {found}"
