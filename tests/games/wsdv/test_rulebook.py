"""Wir sind das Volk!'s rules for players say what the game's data says: the prestige bonuses of
phase 2, the socialists of phase 9, the set-up, the map's counts and neighbours, the cards, the
display and the flight track are those of the printed content, in English and in German."""

from __future__ import annotations

import re

import pytest

from realpolitik import rulebook
from realpolitik.games import get
from realpolitik.games.wsdv.content import EAST, WEST, load
from realpolitik.games.wsdv.layout import BASE

GAME = get("wsdv")
CONTENT = load()
TEXT = {lang: rulebook.source(GAME, lang) for lang in ("en", "de")}
#: the same, every run of white space one space: sentences wrap anywhere
FLAT = {lang: " ".join(text.split()) for lang, text in TEXT.items()}

#: how each language words a prestige icon, per side of the track: (icon kind, who) -> words
PRESTIGE_WORDS = {
    "en": {("rundown", WEST): "an East factory runs down", ("unrest", WEST): "1 unrest into the East",
           ("dismantle", WEST): "an East build point dismantled", ("reduce-ls", WEST): "East loses 1 living standard",
           ("build", EAST): "1 East build point", ("calm", EAST): "remove 1 East unrest",
           ("ls", EAST): "1 free East living standard"},
    "de": {("rundown", WEST): "eine Fabrik der DDR verfällt", ("unrest", WEST): "1 Unruhe in die DDR",
           ("dismantle", WEST): "ein Wirtschaftspunkt der DDR abgebaut",
           ("reduce-ls", WEST): "die DDR verliert 1 Lebensstandard",
           ("build", EAST): "1 Wirtschaftspunkt für die DDR", ("calm", EAST): "1 Unruhe der DDR entfernen",
           ("ls", EAST): "1 freier Lebensstandard für die DDR"},
}
#: the words of the fallback of a rundown icon (no East factory can run down)
FALLBACK = {"en": " (if none can, an East build point is dismantled)",
            "de": " (geht das nicht, wird ein Wirtschaftspunkt der DDR abgebaut)"}


def _table(lang: str) -> list[list[str]]:
    """The rows of the prestige table (the only table of the text), without its head."""
    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in TEXT[lang].splitlines() if line.strip().startswith("|")]
    return [row for row in rows[1:] if not set("".join(row)) <= set("-: ")]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_prestige_table_is_the_track_s_bonuses(lang):
    rows = _table(lang)
    assert [row[0] for row in rows] == [str(n) for n in range(1, 7)]
    for n, row in enumerate(rows, start=1):
        for side, cell in ((WEST, row[1]), (EAST, row[2])):
            words = []
            for icon in CONTENT.prestige[side][n]:
                said = PRESTIGE_WORDS[lang][icon.icon, side]
                words.append(said + (FALLBACK[lang] if icon.fallback else ""))
            assert cell == ", ".join(words), (lang, n, side)


def test_the_socialists_of_phase_nine_are_the_track_s():
    gains = ", ".join(map(str, CONTENT.socialism_change[1:6])) + f" or {CONTENT.socialism_change[6]}"
    assert f"East gains {gains} socialists" in FLAT["en"]
    assert f"erhält die DDR {gains.replace(' or ', ' oder ')} Sozialisten" in FLAT["de"]
    assert f"{CONTENT.socialists} socialists exist" in FLAT["en"]
    assert f"Es gibt {CONTENT.socialists} Sozialisten" in FLAT["de"]


def test_the_set_up_is_the_version_two_set_up():
    new, old = CONTENT.setups["2016"], CONTENT.setups["2014"]
    low = {CONTENT.provinces[CONTENT.province_index[p]].name for p in new.unrest_in}
    assert set(new.unrest_in.values()) == {2} and new.unrest == 3 and old.unrest == 3 and not old.unrest_in
    assert low == {"Nordrhein-Westfalen", "Rheinland-Pfalz", "Baden-Württemberg"}
    assert "1. Unrest: 2 each in Nordrhein-Westfalen, Rheinland-Pfalz and Baden-Württemberg, 3 in every" in FLAT["en"]
    assert "1. Unruhe: je 2 in Nordrhein-Westfalen, Rheinland-Pfalz und Baden-Württemberg, 3 in jedem" in FLAT["de"]
    rest = CONTENT.socialists - new.box
    assert f"{new.box} socialist in the holding box, the other {rest} in the supply" in FLAT["en"]
    assert f"{new.box} Sozialist in die Kaderschmiede, die anderen {rest} in den Vorrat" in FLAT["de"]
    assert f"3 unrest in every province and {old.box} socialists" in FLAT["en"]
    assert f"3 Unruhe in jedem Gebiet und {old.box} Sozialisten" in FLAT["de"]
    assert new.special_drawback and not old.special_drawback
    start = sorted(CONTENT.cities[x].key for x in CONTENT.start_factories)
    assert start == ["berlin", "bitterfeld", "dortmund", "hamburg"]


def test_the_map_s_counts_and_neighbours():
    c = CONTENT
    kinds = [city.kind for city in c.cities]
    west = sum(1 for x in range(len(c.cities)) if c.city_side[x] == WEST)
    east = sum(1 for x in range(len(c.cities)) if c.city_side[x] == EAST and kinds[x] == "city")
    assert (len(c.provinces), len(c.of_side[WEST]), len(c.of_side[EAST])) == (14, 8, 6)
    assert (west, east, kinds.count("external")) == (25, 12, 4)
    assert "14 **provinces**: 8 in the West" in FLAT["en"] and "14 **Gebiete** (auf dem Bildschirm: Provinzen)" in \
        FLAT["de"] and "8 in der Bundesrepublik" in FLAT["de"] and "6 in der DDR" in FLAT["de"]
    assert "25 in the West, 12 in the East" in FLAT["en"] and "25 in der Bundesrepublik, 12 in der DDR" in FLAT["de"]
    said = re.search(r"\*\*neighbours\*\*:(.*?)\n\n", TEXT["en"], re.S).group(1)
    pairs = set()
    for clause in " ".join(said.split()).rstrip(".").split(";"):
        first, _, rest = clause.strip().partition(" and ")
        for other in re.split(r",| and ", rest):
            pairs.add(frozenset((first, other.strip())))
    name = {p: c.provinces[p].name for p in range(len(c.provinces))}
    assert pairs == {frozenset((name[a], name[b])) for a in range(len(c.provinces)) for b in c.border[a]}


def test_the_cards_display_and_hands():
    normal = [k for k, card in CONTENT.cards.items() if not card.is_special]
    faces = len(CONTENT.cards)  # special card IV is printed on both sides: two faces, one card
    assert len(normal) == 80 and faces - 1 == 84
    assert all(len(CONTENT.decade_cards[d]) == 20 for d in range(1, 5))
    assert BASE.display == (7, 7) and BASE.hand == 2
    assert "There are 84 cards: 20 normal cards for each decade" in FLAT["en"]
    assert "Es gibt 84 Karten: je Dekade 20 normale Karten" in FLAT["de"]
    assert "each player gets 2, 7 are laid face up" in FLAT["en"] and "Jeder Spieler erhält 2, 7 kommen offen" in \
        FLAT["de"]
    values = {v for k in normal for v in CONTENT.card_values[k]}
    assert values == {1, 2, 3, 4} and "a **value** from 1 to 4" in FLAT["en"] and "von 1 bis 4" in FLAT["de"]


def test_the_flight_track_ends_at_ten():
    most = (CONTENT.flight_cells - 1) // 2
    assert most == 10
    assert "(0 to 10, in half steps)" in FLAT["en"] and "(0 bis 10, in halben Schritten)" in FLAT["de"]
    assert "every two steps (at most 10)" in FLAT["en"] and "je zwei Schritte (höchstens 10)" in FLAT["de"]
