"""2+2's rules for players say what the game's data says: the stand-in board table (victory points,
advantage levels, victory spaces, space-race icons, dominance income and boxes), the treasuries and
doves, the cards and decks, the first turn order and the tournament points are those of the built-in
content and rules, in English and in German."""

from __future__ import annotations

import pytest

from realpolitik import rulebook
from realpolitik.games import get
from realpolitik.games.wsdv.layout import TWO_PLUS_TWO
from realpolitik.games.wsdv.two_plus_two.content import load
from realpolitik.games.wsdv.two_plus_two.state import NUCLEAR_POINTS, WIN_POINTS

GAME = get("wsdv-2p2")
CONTENT = load()
TEXT = {lang: rulebook.source(GAME, lang) for lang in ("en", "de")}
#: every run of white space one space: sentences wrap anywhere
FLAT = {lang: " ".join(text.split()) for lang, text in TEXT.items()}
#: how each language words the icons of the space-race spaces and the dominance boxes
WORDS = {
    "en": {"income": "${amount}", "next-card": "a next-decade card", "calm": "remove 1 unrest",
           "build": "1 build point", "ls": "1 free living standard"},
    "de": {"income": "${amount}", "next-card": "eine Karte der nächsten Dekade", "calm": "1 Unruhe entfernen",
           "build": "1 Wirtschaftspunkt", "ls": "1 freier Lebensstandard"},
}


def _numbers(values) -> str:
    return ", ".join(map(str, values))


def _board(lang: str) -> list[list[str]]:
    """The rows of the stand-in board table (the only table of the text), without its head."""
    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in TEXT[lang].splitlines() if line.strip().startswith("|")]
    return [row for row in rows[1:] if not set("".join(row)) <= set("-: ")]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_board_table_is_the_stand_in_board(lang):
    arms, space, dominance = _board(lang)
    c = CONTENT
    assert arms[1:3] == [str(c.arms.spaces), _numbers(c.arms.vp)]
    victory = [d for d, level in enumerate(c.arms.level) if level == 4]
    spaces = " and ".join(map(str, victory)) if lang == "en" else " und ".join(map(str, victory))
    assert arms[3].startswith(("advantage level " if lang == "en" else "Vorteilsstufe ") + _numbers(c.arms.level))
    assert arms[3].endswith(f" {spaces})")
    assert space[1:3] == [str(c.space.spaces), _numbers(c.space.vp)]
    assert f" {c.space.victory};" in space[3]
    cells = space[3].split(": ", 1)[1].split(" / ")
    icons = c.track_icons["space"][0][1:c.space.victory]
    assert len(cells) == len(icons)
    for cell, box in zip(cells, icons):
        said = [WORDS[lang][e.icon].format(amount=e.amount) for e in box]
        if lang == "en":
            assert cell in (said[0], said[0].replace("a next-decade card", "a card") + " and " + said[-1]), cell
        else:
            assert cell in (said[0], "eine Karte und " + said[-1]), cell
    assert dominance[1:3] == [str(c.dominance.spaces), _numbers(c.dominance.vp)]
    assert _numbers(c.dominance.income) in dominance[3] and _numbers(c.dominance.income_other) in dominance[3]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_dominance_boxes_are_the_track_s(lang):
    head = "The dominance boxes give the holder's German state: " if lang == "en" else \
        "Die Dominanzkästen geben dem deutschen Staat des Führenden: "
    text = FLAT[lang]
    said = text[text.index(head) + len(head):].split(". ", 1)[0].split(" / ")
    boxes = CONTENT.track_icons["dominance"][0][1:]
    assert len(said) == len(boxes)
    for cell, box in zip(said, boxes):
        kinds = [e.icon for e in box]
        words = WORDS[lang]
        found = [kind for kind in ("ls", "calm", "build") if words[kind].split(" ", 1)[1] in cell
                 or (kind == "ls" and ("living standard" in cell or "Lebensstandard" in cell))]
        assert sorted(found) == sorted(kinds), (cell, kinds)


def test_treasuries_doves_cards_and_decks():
    c = CONTENT
    t = c.treasury
    for lang, start, span in (("en", "Treasuries start at $6", "from −$10 to $20"),
                              ("de", "Die Staatskassen beginnen bei $6", "von −$10 bis $20")):
        assert start in FLAT[lang] and span in FLAT[lang], lang
    assert (t.start, t.lowest, t.highest) == (6, -10, 20)
    assert c.doves == 6 and "6 **peace doves**" in FLAT["en"] and "6 **Friedenstauben**" in FLAT["de"]
    assert all(len(c.expansion_cards[d]) == 10 for d in range(1, 5))
    assert "**The 40 2+2 cards**, ten per decade" in FLAT["en"]
    assert "**Die 40 2+2-Karten**, zehn je Dekade" in FLAT["de"]
    for deck in (c.arms_deck, c.conflict_deck):
        assert len(deck) == 10 and sum(card.reshuffle for card in deck.values()) == 2
    assert "10 cards each" in FLAT["en"] and "je 10 Karten" in FLAT["de"]
    assert "10 arms-race cards" in FLAT["en"] and "10 conflict cards" in FLAT["en"]


def test_the_first_turn_order_and_the_tournament_points():
    assert TWO_PLUS_TWO.seats == ("usa", "ussr", "west", "east")
    assert "The turn order of decade I is USA, Soviet Union, West, East" in FLAT["en"]
    assert "Die Spielerreihenfolge der Dekade I ist USA, Sowjetunion, Bundesrepublik, DDR" in FLAT["de"]
    winner, second_last, loser = NUCLEAR_POINTS
    assert f"first with {winner} points, the player who pressed the button last with −{-loser}, the others " \
           f"second-last with {second_last}" in FLAT["en"]
    assert f"zuerst mit {winner} Punkten, wer den Knopf gedrückt hat, als Letzter mit −{-loser}, die anderen als " \
           f"Vorletzte mit {second_last}" in FLAT["de"]
    first, second, other = WIN_POINTS
    assert f"the winner first with {first} points and everybody else {other}" in FLAT["en"]
    assert f"is second with {second} points" in FLAT["en"] and f"Zweiter mit {second} Punkten" in FLAT["de"]
