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


def test_ceding_a_land_is_logged_with_the_allys_infantry(kit):
    """"Land abgeben": the giver's units go back to his supply and the ally places 1 infantry there — which the
    log tells everybody; an ally with no infantry left gets the land empty, and the log says that instead."""
    st = kit.blank(TEAM)
    kit.put(st, P1, "wien", inf=1, capital=True)
    kit.put(st, P1, "ungarn", inf=2)
    kit.put(st, P1, "bayern", inf=1)
    _team_offer(st, P1)
    st.apply("cede ungarn")
    assert kit.units(st, "ungarn") == (1, 0, 0) and kit.owner(st, "ungarn") == P3
    assert str(st.log.entries()[-1].public) == "Team action: Player 1 cedes Ungarn to Player 3 (1 inf placed)."
    st.pool[0][P3] = 0
    _team_offer(st, P1)
    st.apply("cede bayern")
    assert kit.units(st, "bayern") == (0, 0, 0) and kit.owner(st, "bayern") == P3
    assert str(st.log.entries()[-1].public) == ("Team action: Player 1 cedes Bayern to Player 3 "
                                                "(no infantry left to place).")


def test_handing_troops_over_needs_at_least_one_unit_moved(kit):
    """"Truppen übergeben": one Z-effect into the ally's land by the relocation rules — troops move before it
    can be done (as in a Z-effect of a relocation)."""
    st = kit.blank(TEAM)
    kit.put(st, P1, "wien", inf=3, capital=True)
    kit.put(st, P3, "bayern", inf=1)
    _team_offer(st, P1)
    st.apply("transfer bayern")
    assert st.legal_actions() == ("move wien 1 inf", "move wien 2 inf", "move wien 3 inf")
    kit.play(st, "move wien 2 inf", "done")
    assert kit.units(st, "bayern") == (3, 0, 0) and kit.units(st, "wien") == (1, 0, 0)
