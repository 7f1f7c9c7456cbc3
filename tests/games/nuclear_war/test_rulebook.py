"""Nuclear War's rules for players say what the game's data says: the card table's counts and
payloads, the anti-missiles' stop lists, the population cards of the stand-in section and the
fallout table are those of the built-in cards, in English and in German."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from realpolitik import rulebook
from realpolitik.games import get
from realpolitik.games.nuclear_war.content import load
from realpolitik.testing.markdown import tables

GAME = get("nuclear-war")
CONTENT = load()
COUNT = Counter(CONTENT.deck)


def _tables(lang: str) -> list[list[list[str]]]:
    return tables(rulebook.source(GAME, lang))


def _counts(*keys: str) -> str:
    return ", ".join(str(COUNT[key]) for key in keys)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_card_table_counts_the_built_in_cards(lang):
    cards = _tables(lang)[0][1:]
    each = "1 each" if lang == "en" else "je 1"
    assert [row[1] for row in cards] == [
        _counts("10mt", "20mt", "50mt"), _counts("100mt"), _counts("polaris"), _counts("atlas"), _counts("saturn"),
        _counts("b-70"), each if all(COUNT[k] == 1 for k in ("anti-p", "anti-a", "anti-s", "anti-b")) else "?",
        _counts("propaganda-5", "propaganda-10", "propaganda-25"),
        str(sum(COUNT[k] for k in CONTENT.secrets if CONTENT.cards[k].kind == "secret")),
        str(sum(COUNT[k] for k in CONTENT.secrets if CONTENT.cards[k].kind == "top-secret"))]
    assert sum(COUNT.values()) == 100 and f"100 {'action cards' if lang == 'en' else 'Aktionskarten'}" in \
        rulebook.source(GAME, lang)
    words = [row[2] for row in cards]
    for row, key in zip(words[2:6], ("polaris", "atlas", "saturn", "b-70")):
        assert f" {CONTENT.cards[key].payload} " in row, row
    short = {"polaris": "Polaris", "atlas": "Atlas", "saturn": "Saturn", "b-70": "B-70"}  # the same in German
    said = words[6].split(":", 1)[1].split(";")
    for part, key in zip(said, ("anti-p", "anti-a", "anti-s", "anti-b")):
        assert part.split()[0] == key[-1].upper()
        assert {k for k, name in short.items() if name in part} == set(CONTENT.cards[key].stops), part


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_fallout_table_is_the_dice_table(lang):
    rolls = [row[0] for row in _tables(lang)[1][1:]]
    bands = list(dict.fromkeys((r.low, r.high) for r in CONTENT.fallout))
    assert rolls == [f"{low:02d}–{high:02d}" for low, high in bands]


def test_the_stand_in_population_cards_are_the_built_in_ones():
    counts = dict(zip(CONTENT.denominations, CONTENT.population))
    total = sum(value * n for value, n in counts.items())
    english = rulebook.source(GAME, "en")
    german = rulebook.source(GAME, "de")
    assert (f"{counts[1]} of 1 million, {counts[2]} of 2, {counts[5]} of 5, {counts[10]} of 10 and {counts[25]} of "
            f"25 million\n  ({total} million in all)") in english
    assert (f"{counts[1]} zu 1 Million, {counts[2]} zu 2, {counts[5]} zu 5, {counts[10]} zu 10 und {counts[25]} zu "
            f"25 Millionen\n  (zusammen {total} Millionen)") in german
    assert re.search(r"15 each with 2 players, 10\s+with 3, 8 with 4, 7 with 5, 6 with 6", english)
