"""Scenario helpers for 2+2 rule tests.

``table()`` gives a fresh 2+2 game wrapped in ``Table``: positions are built by setting state
fields directly, decisions are pushed onto the stack, actions go through the public
``apply`` — so every refusal path is the real one. ``card()`` and ``deck_card()`` build
fixture cards for the rule book's worked examples, whose printed faces we do not have.
"""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

import pytest

from realpolitik.games import get
from realpolitik.games.wsdv import board
from realpolitik.games.wsdv.two_plus_two.content import DeckCard, Effect, ExpansionCard
from realpolitik.games.wsdv.two_plus_two.sequence import DiscardOne, Turn

USA, USSR, WEST_SEAT, EAST_SEAT = 0, 1, 2, 3
#: a decision that stops ``advance`` in isolated tests
SENTINEL = DiscardOne(USA)


def card(key: str, colour: str = "dual", value=2, icons=(), **fields) -> ExpansionCard:
    """A fixture 2+2 card (decade 2 unless given)."""
    return ExpansionCard(key=key, decade=fields.pop("decade", 2), title=key, title_en=key, year="1960",
                         colour=colour, value=value, icons=tuple(Effect(**i) for i in icons),
                         value_icons=tuple(Effect(**i) for i in fields.pop("value_icons", ())), **fields)


def deck_card(key: str, usa, ussr, reshuffle: bool = False) -> DeckCard:
    """A fixture arms-race (4 rows per column) or conflict card (1 row)."""
    def column(rows):
        return tuple(tuple(Effect(**i) for i in row) for row in rows)

    return DeckCard(key=key, usa=column(usa), ussr=column(ussr), reshuffle=reshuffle)


class Table:
    """A 2+2 game under test."""

    def __init__(self, seed: int = 1, version: str = "", **options) -> None:
        game = get("wsdv-2p2")
        self.st = (game.at_version(version) if version else game).new_state(4, options, seed)
        self.c = self.st.content

    def p(self, key: str) -> int:
        return self.c.province_index[key]

    def city(self, key: str) -> int:
        return self.c.city_index[key]

    # ------------------------------------------------------------------ content

    def with_cards(self, *cards: ExpansionCard) -> Table:
        """Put fixture cards into this game's content."""
        c = self.st.content
        icons = dict(c.icons)
        for fixture in cards:
            for e in (*fixture.icons, *fixture.value_icons):
                if not e.is_arrow:
                    icons.setdefault(e.slug, e.single())
        self.st.content = self.c = dataclasses.replace(c, cards={**c.cards, **{x.key: x for x in cards}}, icons=icons)
        return self

    def with_deck(self, which: str, *cards: DeckCard) -> Table:
        """Replace the arms-race or conflict deck by fixture cards, the first one on top."""
        c = self.st.content
        icons = dict(c.icons)
        for d in cards:
            for col in (d.usa, d.ussr):
                for row in col:
                    for e in row:
                        if not e.is_arrow:
                            icons.setdefault(e.slug, e.single())
        field = "arms_deck" if which == "arms" else "conflict_deck"
        self.st.content = self.c = dataclasses.replace(c, **{field: {d.key: d for d in cards}}, icons=icons)
        setattr(self.st, field, [d.key for d in reversed(cards)])
        setattr(self.st, "arms_used" if which == "arms" else "conflict_used", [])
        return self

    # ------------------------------------------------------------------ positions

    def clear_board(self, unrest: int = 0) -> Table:
        """No factories, lines, LS or unrest; no cards anywhere; 2+2 markers at the start."""
        st = self.st
        st.unrest = [unrest] * len(self.c.provinces)
        st.ls = [0] * len(self.c.provinces)
        st.sectors = [0, 0, 0]
        st.factory = [board.NONE] * len(self.c.cities)
        st.lines = [0] * len(self.c.ends)
        board.changed(st)
        st.socialists = [0] * len(self.c.provinces)
        st.box = 0
        st.hands = [[], [], [], []]
        st.display = []
        st.deck = []
        st.special = None
        st.prepared = [[], []]
        return self

    def unrest(self, **values: int) -> Table:
        for k, v in values.items():
            self.st.unrest[self.p(k)] = v
        return self

    def factories(self, *keys: str) -> Table:
        for k in keys:
            board.set_factory(self.st, self.city(k), board.WORKING)
        return self

    # ------------------------------------------------------------------ decisions

    def push(self, *frames: NamedTuple) -> Table:
        """Replace the stack with a sentinel plus ``frames`` and run to the first decision."""
        st = self.st
        st.stack = [SENTINEL, *frames]
        st.result = None
        st.advance()
        return self

    def turn(self, seat: int, display=(), hand=(), spare: tuple[str, ...] = ("75", "76")) -> Table:
        """A turn of ``seat`` with these display and hand cards (plus two spare display cards, so
        that the turn does not end the sub-decade)."""
        st = self.st
        st.display = list(display) + list(spare)
        st.hands[seat] = list(hand)
        st.turn = st.order.index(seat)
        st.eod = -1
        return self.push(Turn(seat))

    def phase(self, name: str) -> Table:
        """Run one end-of-decade phase on its own, stopping at the sentinel."""
        st = self.st
        st.stack = [SENTINEL]
        st.result = None
        st.eod = [phase.__name__ for phase in st.PHASES].index(name)
        st.PHASES[st.eod](st)
        st.advance()
        return self

    def run(self, *actions: str) -> Table:
        for a in actions:
            self.st.apply(a)
        return self

    @property
    def legal(self) -> tuple[str, ...]:
        return self.st.legal_actions()

    @property
    def top(self) -> str:
        return self.st.stack[-1].tag if self.st.stack else ""

    def done(self) -> bool:
        """True when only the sentinel is left (the tested step finished)."""
        return self.st.stack == [SENTINEL]


@pytest.fixture
def table():
    """A factory of fresh 2+2 tables: ``table(seed=…, version=…, **options)`` (``version``: an older rules
    version the game replays)."""
    return Table


__all__ = ["EAST_SEAT", "SENTINEL", "USA", "USSR", "WEST_SEAT", "Table", "card", "deck_card"]
