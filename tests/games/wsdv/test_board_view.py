"""The terminal board shows the map state, the tracks, the display and only your own hand."""

from __future__ import annotations

from rich.console import Console

from realpolitik.cli.boards.wsdv import render
from realpolitik.engine import Rng
from realpolitik.games.wsdv.content import EAST, WEST


def _text(view) -> str:
    console = Console(width=160, record=True)
    console.print(render(view))
    return console.export_text()


def test_board_shows_provinces_tracks_display_and_own_hand(table):
    t = table()
    st = t.st
    for _ in range(12):
        st.apply(Rng(st.ply).choice(st.legal_actions()))
    text = _text(st.view(st.to_act))
    for words in ("West Germany", "East Germany", "Nordrhein-Westfalen", "prestige", "currency", "socialism",
                  "Display:", "Your hand", "Mass protests"):
        assert words in text
    seat = st.to_act
    other = EAST if seat == WEST else WEST
    for key in st.hands[seat]:
        assert st.card(key).title in text
    for key in st.hands[other]:
        if key not in st.display and key not in st.played:
            assert st.card(key).title not in text
    assert "Your hand" not in _text(st.view(None))
