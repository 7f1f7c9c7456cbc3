"""The year and the turn as the rule book states them (rulebook/en.md, "The year", "A turn, step by step"): exact
positions built by hand, who moves when taken from the rule book's words."""

from __future__ import annotations

from realpolitik.games.e1815.scoring import PlaceReinforcements
from realpolitik.games.e1815.sequence import NewYear


def test_with_three_players_the_half_move_passes_round_the_table(kit):
    """"The year": Player 1 opens the first year; every later year is opened by the player who had the 1½ move
    (the last summer player), the others following in seat order. Year 1: 1, 2, 3 — Player 3 has the 1½ move;
    year 2: 3, 1, 2 — Player 2; year 3: 2, 3, 1 — Player 1."""
    st = kit.blank(players=3, max_years=0)
    for seat, key in enumerate(("wien", "rom", "paris")):
        kit.put(st, seat, key, inf=1, capital=True, general=True)
    for year, order in ((2, (2, 0, 1)), (3, (1, 2, 0)), (4, (0, 1, 2))):
        st.year = year - 1
        st.stack = [NewYear()]
        st.advance()
        assert st.order == order
        assert st.stack[-1] == PlaceReinforcements(order[0], 2)  # the year's first reinforcement turn
