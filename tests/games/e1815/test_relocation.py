"""Verlegung (the 1815 base rules, all [sure]): Z-effects, grey fortresses, winter attrition, generals."""

from __future__ import annotations

import pytest

from realpolitik.engine import IllegalAction
from realpolitik.games.e1815.logistics import Relocation
from realpolitik.games.e1815.sequence import TurnAction
from realpolitik.games.e1815.state import BUILT, GREY, NO_FORT


def _north(kit, grey=0, season="summer"):
    """p1 holds Schottland (5 inf), Norwegen (capital, 3 inf), Schweden, Finnland; ``grey`` grey fortresses."""
    st = kit.blank()
    kit.put(st, 0, "schottland", inf=5)
    kit.put(st, 0, "norwegen", inf=3, capital=True, general=True)
    kit.put(st, 0, "schweden")
    kit.put(st, 0, "finnland")
    for key in ("daenemark", "rhein")[:grey]:
        kit.put(st, 0, key, inf=1)
    kit.start_turn(st, 0, season)
    return st


def test_one_z_effect_moves_troops_from_several_own_neighbours_into_one_land(kit):
    st = kit.blank()
    kit.put(st, 0, "hannover", inf=3, cav=1)
    kit.put(st, 0, "boehmen", inf=2, art=1)
    kit.put(st, 0, "preussen", inf=1)
    kit.start_turn(st, 0)
    kit.play(st, "relocate", "to preussen", "move hannover 2 inf", "move hannover 1 cav", "move boehmen 1 art",
             "move boehmen 2 inf")
    assert "done" in st.legal_actions()
    st.apply("done")
    assert kit.units(st, "preussen") == (5, 1, 1)
    assert kit.units(st, "hannover") == (1, 0, 0)
    assert kit.units(st, "boehmen") == (0, 0, 0)
    assert st.stack == [TurnAction(0)]  # one Z-effect without grey fortress: the relocation is over


@pytest.mark.parametrize("grey", [0, 1, 2])
def test_z_effects_are_one_plus_one_per_grey_fortress_and_troops_may_move_on(kit, grey):
    st = _north(kit, grey)
    chain = [("norwegen", "schottland", 5), ("schweden", "norwegen", 8), ("finnland", "schweden", 8)]
    st.apply("relocate")
    moved = 0
    for target, source, n in chain:
        if not isinstance(st.stack[-1], Relocation):
            break
        kit.play(st, f"to {target}", f"move {source} {n} inf", "done")
        moved += 1
    assert moved == 1 + grey
    assert st.stack == [TurnAction(0)]
    if grey == 2:  # troops crossed three borders in one action
        assert kit.units(st, "finnland") == (8, 0, 0)
        assert kit.units(st, "schottland") == (0, 0, 0)


def test_relocation_only_targets_own_lands(kit):
    st = _north(kit)
    st.apply("relocate")
    targets = {a.split(" ")[1] for a in st.legal_actions() if a.startswith("to ")}
    assert targets == {"norwegen", "schweden", "schottland"}  # not Irland or England; Finnland has no troops near
    with pytest.raises(IllegalAction):
        st.apply("to england")


def test_the_general_moves_like_a_unit_or_jumps_home_for_one_z_effect(kit):
    st = _north(kit)
    kit.put(st, 0, "schweden", fort=BUILT)
    g = st.content.board.index["finnland"]
    st.general[0] = g
    st.apply("relocate")
    jumps = {a for a in st.legal_actions() if a.startswith("general to")}
    assert jumps == {"general to norwegen", "general to schweden"}  # own capital, own fortress
    st.apply("general to norwegen")
    assert st.general[0] == st.content.board.index["norwegen"]
    assert st.stack == [TurnAction(0)]  # the jump used the only Z-effect
    st.apply("relocate")
    kit.play(st, "to schweden", "move norwegen general", "done")
    assert st.general[0] == st.content.board.index["schweden"]


def test_winter_relocation_without_grey_fortress_disbands_2_ep_in_the_own_capital(kit):
    st = _north(kit, season="winter")
    pool = st.pool[0][0]
    st.apply("relocate")
    assert kit.units(st, "norwegen") == (1, 0, 0)
    assert st.pool[0][0] == pool + 2


def test_winter_relocation_with_a_grey_fortress_costs_nothing(kit):
    st = _north(kit, grey=1, season="winter")
    st.apply("relocate")
    assert kit.units(st, "norwegen") == (3, 0, 0)


def test_winter_attrition_takes_a_cavalry_when_no_two_infantry_are_there(kit):
    st = _north(kit, season="winter")
    i = st.content.board.index["norwegen"]
    st.units[0][i], st.units[1][i] = 1, 1
    st.apply("relocate")
    assert kit.units(st, "norwegen") == (1, 0, 0)


def test_without_flag_and_grey_fortress_there_is_no_relocation_in_winter(kit):
    st = _north(kit, season="winter")
    kit.put(st, 1, "norwegen", inf=2)  # p2 has taken p1's capital
    st._legal = None
    assert "relocate" not in st.legal_actions()
    with pytest.raises(IllegalAction, match="2 EP disbanded in your own capital"):
        st.apply("relocate")
    kit.put(st, 0, "daenemark", inf=1)  # a grey fortress lifts the winter rule
    st._legal = None
    st.apply("relocate")
    assert kit.units(st, "norwegen") == (2, 0, 0)


def test_a_capital_too_weak_to_pay_blocks_winter_relocation(kit):
    st = _north(kit, season="winter")
    i = st.content.board.index["norwegen"]
    st.units[0][i] = 1
    st._legal = None
    assert "relocate" not in st.legal_actions()
    kit.start_turn(st, 0, "summer")
    assert "relocate" in st.legal_actions()


def test_capitals_and_fortresses_never_move(kit):
    for before, _action, after in kit.playouts("e1815", 12, players=3, seed=40):
        if before.season != "start":
            assert after.capital == before.capital
        for f0, f1 in zip(before.fort, after.fort):
            assert f1 == f0 or (f0 == NO_FORT and f1 == BUILT)
        assert all(f == GREY for f, land in zip(after.fort, after.content.board.lands) if land.grey_fortress)
