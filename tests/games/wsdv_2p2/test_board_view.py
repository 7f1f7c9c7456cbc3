"""The terminal board shows the 2+2 board, the base board and 2+2 cards, from a view only."""

from __future__ import annotations

from rich.console import Console

from realpolitik.cli.boards import board_for
from realpolitik.engine import Rng
from realpolitik.games import get
from realpolitik.i18n import render as render_text


def test_terminal_board_renders_a_seats_view():
    st = get("wsdv-2p2").new_state(4, {}, 3)
    rng = Rng(3)
    for _ in range(30):
        st.apply(rng.choice(st.legal_actions()))
    render = board_for("wsdv-2p2")
    console = Console(width=160, record=True)
    seat = st.to_act
    console.print(render(st.view(seat)))
    text = console.export_text()
    assert "arms race" in text and "Peace doves" in text and "Treasuries: USA" in text
    assert "West Germany" in text and "East Germany" in text
    assert f"Your hand ({render_text(st.seats[seat], 'en')})" in text
    assert any(k.upper() in text for k in st.display if k.startswith("x"))
    others = [k for s in range(4) if s != seat for k in st.hands[s]]
    hand_lines = text.split("Your hand")[1]
    assert not any(f" {k.upper()} " in hand_lines for k in others if k not in st.hands[seat])
