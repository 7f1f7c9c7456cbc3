"""Das Spiel der Nationen's rules for players say what the game's data says: the table of the
states (kind, derricks, port, arrows), the heads of state's prices and income, the numbers of the
box (money, tankers, pipelines, cards, prices, the agent's steps), where pipelines may be laid and
the table of the stand-in incident cards are those of the built-in board and cards, in English and
in German."""

from __future__ import annotations

import re

import pytest

from realpolitik import rulebook
from realpolitik.games import get
from realpolitik.games.nationen.content import LEADERS, load
from realpolitik.i18n import catalog
from realpolitik.testing.markdown import tables

GAME = get("nationen")
CONTENT = load()
BOARD = CONTENT.board
COMP = BOARD.components
GERMAN = catalog("de")

KINDS = {"en": {"coastal": "coastal", "inland": "inland", "canal": "canal state"},
         "de": {"coastal": "Küstenland", "inland": "Binnenland", "canal": "Kanalland"}}
PORTS = {"en": {"north": "northern sea", "south": "southern sea", "canal": "on the canal, open to both seas",
                None: "none"},
         "de": {"north": "nördliche See", "south": "südliche See", "canal": "am Kanal, zu beiden Seen offen",
                None: "keiner"}}
PIECES = {"en": ("king", "president", "dictator", "guerrilla leader"),
          "de": ("König", "Präsident", "Diktator", "Guerillaführer")}
KIND_OF_CARD = {"en": ("favourable", "unfavourable"), "de": ("günstig", "ungünstig")}


def _text(lang: str) -> str:
    return rulebook.source(GAME, lang)


def _tables(lang: str) -> list[list[list[str]]]:
    return tables(_text(lang))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_state_table_is_the_board(lang):
    rows = _tables(lang)[0][1:]
    assert [row[0] for row in rows] == [s.name for s in BOARD.states]
    for row, state in zip(rows, BOARD.states):
        assert row[1] == KINDS[lang][state.kind], row
        assert row[2] == str(state.derricks), row
        assert row[3] == PORTS[lang][state.port], row
        arrows = [f"{BOARD.states[BOARD.state_index[a.to]].name} ({a.at} → {a.point})" for a in state.arrows]
        assert row[4] == ", ".join(arrows), row
        assert state.capital == 0 and state.questions == (4,) and state.points == 8  # as the text says


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_heads_of_state_table_is_the_board_s(lang):
    rows = _tables(lang)[1][1:]
    assert [row[0] for row in rows] == list(PIECES[lang]) and len(rows) == len(LEADERS)
    for kind, row in enumerate(rows):
        assert row[1:] == [str(BOARD.pieces[kind]), f"{BOARD.rate[kind]} M", f"{BOARD.income_rate[kind]} M"], row


def test_the_numbers_of_the_box_are_the_board_s():
    english, german = (" ".join(_text(lang).split()) for lang in ("en", "de"))
    deck = len(CONTENT.deck)
    assert COMP.start_tankers == 1 and COMP.start_pipeline == ("uor", "abu")
    for needle in (f"**{COMP.start_money} M** and **one tanker**", f"**{COMP.tankers} tankers**",
                   f"**{COMP.pipelines} pipelines**", f"**{deck} incident cards**", f"the box holds {COMP.bank} M",
                   f"every further one costs **{COMP.tanker_price} M**", f"for **{COMP.tanker_refund} M**",
                   f"A pipeline costs **{COMP.pipeline_price} M**", "moves **exactly four steps**",
                   f"all {deck} incident cards", f"The {COMP.tankers} tankers are shared"):
        assert needle in english, needle
    for needle in (f"**{COMP.start_money} M** und **ein Tankschiff**", f"**{COMP.tankers} Tankschiffe**",
                   f"**{COMP.pipelines} Pipelines**", f"**{deck} Karten „Innenpolitische Zwischenfälle“**",
                   f"Schachtel liegen {COMP.bank} M", f"jedes weitere kostet **{COMP.tanker_price} M**",
                   f"für **{COMP.tanker_refund} M**", f"Eine Pipeline kostet **{COMP.pipeline_price} M**",
                   "**genau vier Schritte**", f"alle {deck} Karten", f"Die {COMP.tankers} Tankschiffe gehören allen"):
        assert needle in german, needle
    assert COMP.agent_steps == 4


def test_the_places_for_pipelines_are_the_board_s():
    """The text names, per inland state, the neighbours with a port a pipeline may join it to."""
    said = re.search(r"There are (\w+) such places on Kark: (.*?)\.\n\n", _text("en"), re.S)
    assert said and said.group(1) == {8: "eight"}.get(len(BOARD.pipeline_pairs))
    listed = " ".join(said.group(2).split()).replace(" (laid at the start)", "")
    pairs = set()
    for part in listed.split(";"):
        inland, _, others = part.strip().partition(" with ")
        for other in re.split(r", | and ", others):
            pairs.add(frozenset((inland, other)))
    assert pairs == {frozenset((BOARD.states[a].name, BOARD.states[b].name)) for a, b in BOARD.pipeline_pairs}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_card_table_is_the_built_in_deck(lang):
    rows = _tables(lang)[2][1:]
    cards = list(CONTENT.cards.values())
    names = [card.name if lang == "en" else GERMAN[card.name] for card in cards]
    assert [row[0] for row in rows] == names
    assert [row[1] for row in rows] == [str(card.count) for card in cards]
    assert [row[2] for row in rows] == [KIND_OF_CARD[lang][0 if card.favourable else 1] for card in cards]
    favourable = sum(card.count for card in cards if card.favourable)
    assert favourable * 2 == len(CONTENT.deck)  # "half of the cards are favourable"
    for row, card in zip(rows, cards):
        for number in (card.amount, card.steps, card.installments, card.installment):
            if number:
                assert str(number) in row[3], row
