"""The year and the turn as the rule book states them (rulebook/en.md, "The year", "A turn, step by step"): exact
positions built by hand, who moves when taken from the rule book's words."""

from __future__ import annotations

import pytest

from realpolitik.engine import IllegalAction
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


def test_the_winter_price_is_no_reason_to_refuse_an_attack(kit):
    """"Winter": a capital that cannot pay the 2 EP blocks every civil action, but "an attack is still allowed";
    an attack on a land that is no neighbour is refused for that, not for the winter price."""
    st = kit.blank(players=2)
    kit.put(st, 0, "wien", inf=1, capital=True)
    kit.put(st, 0, "ungarn", inf=3)
    kit.start_turn(st, 0, "winter")
    assert [a for a in st.legal_actions() if not a.startswith("attack")] == ["end turn"]
    with pytest.raises(IllegalAction, match="2 EP disbanded in your own capital"):
        st.apply("relocate")
    with pytest.raises(IllegalAction) as refused:
        st.apply("attack paris")
    assert "2 EP" not in str(refused.value)
