"""Nuclear war and its peacemaker winner (the 2+2 rule book, §11); ranking and tournament points (§13); table
talk (§14)."""

from __future__ import annotations

from realpolitik.games import get
from realpolitik.games.wsdv.two_plus_two import cold_war

from .conftest import EAST_SEAT, USA, USSR, WEST_SEAT


def _war(table, pressed, peacemakers):
    t = table().clear_board()
    st = t.st
    st.peacemakers = [[f"x{n}" for n in range(k)] for k in peacemakers]
    st.doves = 0
    st.active = pressed
    cold_war.flip_dove(st)
    return st.outcome()


def test_the_biggest_peacemaker_wins_a_nuclear_war(table):
    out = _war(table, USA, (3, 1, 0, 2))
    assert out.winners == (EAST_SEAT,) and out.points == (-2, 1, 1, 4) and out.places == (4, 2, 2, 1)
    assert out.details["pressed_by"] == "usa"


def test_the_triggers_ally_loses_the_tie(table):
    out = _war(table, USA, (0, 2, 2, 1))  # West (the ally) ties with the Soviet Union
    assert out.winners == (USSR,)
    out = _war(table, USA, (0, 1, 1, 1))  # three-way tie: the two others win
    assert out.winners == (USSR, EAST_SEAT) and out.points == (-2, 4, 1, 4) and out.places == (4, 1, 3, 1)
    out = _war(table, EAST_SEAT, (1, 0, 3, 0))  # West, of the other side, alone is best: it wins
    assert out.winners == (WEST_SEAT,)


def test_ranking_for_other_wins(table):
    t = table().clear_board().unrest(mv=4, bb=4, eb=4, sa=4)
    t.st.decade = 2
    t.phase("collapse")
    out = t.st.outcome()
    assert out.winners == (WEST_SEAT,) and out.points == (0, 0, 4, 0) and out.places == (2, 2, 1, 2)


def test_table_talk_is_a_game_option():
    game = get("wsdv-2p2")
    option = next(o for o in game.options if o.name == "table_talk")
    assert option.default == "none" and option.choices == ("none", "partners")
    st = game.new_state(4, {"table_talk": "partners"}, 1)
    assert st.view(USA)["options"]["table_talk"] == "partners"
