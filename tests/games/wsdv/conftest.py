"""Scenario helpers for Wir sind das Volk! rule tests.

``table()`` gives a fresh game wrapped in ``Table``: positions are built by setting state
fields directly, decisions are pushed onto the stack, and actions are applied through the
public ``apply`` so every refusal path is the real one.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from realpolitik.games import get
from realpolitik.games.wsdv import board
from realpolitik.games.wsdv.content import EAST, WEST
from realpolitik.games.wsdv.sequence import Discard, Turn

#: a decision that stops ``advance`` in isolated tests (West, empty hand: only ``keep``)
SENTINEL = Discard(WEST)


class Table:
    """A game under test with short names for provinces, cities and sites."""

    def __init__(self, seed: int = 1, **options) -> None:
        self.st = get("wsdv").new_state(2, options, seed)
        self.c = self.st.content

    # ------------------------------------------------------------------ names

    def p(self, key: str) -> int:
        return self.c.province_index[key]

    def city(self, key: str) -> int:
        return self.c.city_index[key]

    def site(self, key: str) -> int:
        return self.c.site_index[key]

    # ------------------------------------------------------------------ positions

    def clear_board(self, unrest: int = 0) -> Table:
        """No factories, lines, LS or unrest; tracks at 0; no cards anywhere."""
        st = self.st
        st.unrest = [unrest] * len(self.c.provinces)
        st.ls = [0] * len(self.c.provinces)
        st.sectors = [0, 0, 0]
        st.factory = [board.NONE] * len(self.c.cities)
        st.lines = [0] * len(self.c.ends)
        board.changed(st)
        st.socialists = [0] * len(self.c.provinces)
        st.box = 0
        st.hands = [[], []]
        st.display = []
        st.deck = []
        st.special = None
        return self

    def factories(self, *keys: str, rundown: tuple[str, ...] = ()) -> Table:
        for k in keys:
            board.set_factory(self.st, self.city(k), board.WORKING)
        for k in rundown:
            board.set_factory(self.st, self.city(k), board.RUNDOWN)
        return self

    def lines(self, *keys: str) -> Table:
        """Build the blue line named by each key (``a/b``; a double connection's line at city a)."""
        for k in keys:
            board.build(self.st, self.site(k))
        return self

    def connect(self, *keys: str) -> Table:
        """Build every blue line of each connection ``a/b``."""
        for k in keys:
            s = self.site(k)
            conn = (s - 1000) // 2
            self.st.lines[conn] = self.c.full[conn]
        board.changed(self.st)
        return self

    def unrest(self, **values: int) -> Table:
        for k, v in values.items():
            self.st.unrest[self.p(k)] = v
        return self

    def ls(self, **values: int) -> Table:
        for k, v in values.items():
            self.st.ls[self.p(k)] = v
        return self

    # ------------------------------------------------------------------ decisions

    def push(self, *frames: NamedTuple) -> Table:
        """Replace the stack with a sentinel plus ``frames`` and run to the first decision."""
        st = self.st
        st.stack = [SENTINEL, *frames]
        st.result = None
        st.advance()
        return self

    def turn(self, seat: int, display: tuple[str, ...] = (), hand: tuple[str, ...] = (), spare: str = "75") -> Table:
        """A turn of ``seat`` with these display and hand cards, plus a spare display card so
        that the turn does not end the sub-decade."""
        st = self.st
        st.display = list(display) + ([spare] if spare else [])
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
    """A factory of fresh tables: ``table(seed=…, **options)``."""
    return Table


__all__ = ["EAST", "SENTINEL", "WEST", "Table"]
