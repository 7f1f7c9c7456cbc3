"""The 2vs2 team actions as the 2vs2 rule book states them (rulebook/e1815-2vs2.en.md, "Team actions"): exact
positions built by hand, what passes to the ally taken from the rule book's words."""

from __future__ import annotations

import pytest

from realpolitik.engine import IllegalAction
from realpolitik.games.e1815.team import TeamOffer

TEAM = "e1815-2vs2"
P1, P2, P3, P4 = range(4)  # teams: p1 + p3 against p2 + p4


def _team_offer(st, seat, season="summer"):
    st.season = season
    st.stack = [TeamOffer(seat)]
    st.advance()


def test_an_ally_at_five_markers_is_the_reason_only_for_a_refused_marker(kit):
    """"Erfolgsmarker übergeben": the cap of 5 markers still holds — the one reason to refuse a marker for an
    ally who holds 5; a land that is not one's own to cede is refused for what it is."""
    st = kit.blank(TEAM)
    kit.put(st, P1, "wien", inf=1, capital=True)
    kit.put(st, P1, "ungarn", inf=1)
    kit.put(st, P2, "rom", inf=1)
    st.markers[P1], st.markers[P3] = 2, 5
    _team_offer(st, P1)
    with pytest.raises(IllegalAction) as refused:
        st.apply("cede rom")
    assert "success markers" not in str(refused.value)
    with pytest.raises(IllegalAction, match="already holds 5 success markers"):
        st.apply(" ".join(("give", "marker")))  # typed: a string made at run time


def test_a_team_action_is_asked_for_only_when_one_is_possible(kit):
    """"Team actions": after his turn a player may cede an own land other than his capital, hand troops over, or
    hand a marker over; a player without land may still hand a marker over. With none of these open there is
    nothing to ask."""
    st = kit.blank(TEAM)
    kit.put(st, P1, "wien", inf=3, capital=True)  # his capital alone, no marker, no ally next to him
    _team_offer(st, P1)
    assert st.stack == []
    kit.put(st, P2, "wien", inf=1)  # his capital taken: no land at all
    _team_offer(st, P1)
    assert st.stack == []
    st.markers[P1] = 1
    _team_offer(st, P1)
    assert st.legal_actions() == ("give marker", "no team action")
    st.markers[P1] = 0
    kit.put(st, P1, "ungarn", inf=1)  # one land, not his capital: it may be ceded
    _team_offer(st, P1)
    assert st.legal_actions() == ("cede ungarn", "no team action")
