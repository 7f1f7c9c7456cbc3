"""Nachschub (the 1815 base rules, [sure]): any 4 EP into one land with the general or a fortress, 2nd action only."""

from __future__ import annotations

from realpolitik.games.e1815.sequence import TurnAction
from realpolitik.games.e1815.state import BUILT


def _austria(kit):
    st = kit.blank()
    kit.put(st, 0, "wien", inf=3, capital=True, general=True)
    kit.put(st, 0, "bayern", inf=1, fort=BUILT)
    kit.put(st, 0, "karpaten", inf=1)  # a grey fortress
    kit.put(st, 0, "ungarn", inf=2)
    kit.start_turn(st, 0)
    return st


def _supplies(st):
    return [a for a in st.legal_actions() if a.startswith("supply ")]


def test_supplies_go_where_the_general_or_a_fortress_stands_four_ep_at_a_time(kit):
    st = _austria(kit)
    offers = _supplies(st)
    lands = {a.split(" ")[1] for a in offers}
    assert lands == {"wien", "bayern", "karpaten"}  # not Ungarn: no general, no fortress
    mixes = {" ".join(a.split(" ")[2:]) for a in offers}
    assert mixes == {"4 inf", "2 inf 1 cav", "2 cav", "1 inf 1 art"}


def test_supplies_may_bring_cavalry_and_artillery_outside_the_capital(kit):
    st = _austria(kit)
    st.apply("fortify ungarn")
    st.apply("supply bayern 1 inf 1 art")
    assert kit.units(st, "bayern") == (2, 0, 1)
    st = _austria(kit)
    st.apply("fortify ungarn")
    st.apply("supply karpaten 2 cav")
    assert kit.units(st, "karpaten") == (1, 2, 0)


def test_supplies_as_the_first_action_end_the_turn(kit):
    st = _austria(kit)
    st.apply("supply wien 4 inf")
    assert kit.units(st, "wien") == (7, 0, 0)
    assert st.stack == []  # no second action
    st = _austria(kit)
    st.apply("fortify ungarn")
    assert st.stack == [TurnAction(0)]
    st.apply("supply wien 4 inf")
    assert st.stack == []


def test_supplies_take_what_the_supply_still_holds(kit):
    st = _austria(kit)
    st.pool[0][0], st.pool[1][0], st.pool[2][0] = 1, 0, 0
    st._legal = None
    assert {" ".join(a.split(" ")[2:]) for a in _supplies(st)} == {"1 inf"}
    st.pool[0][0] = 0
    st._legal = None
    assert _supplies(st) == []
