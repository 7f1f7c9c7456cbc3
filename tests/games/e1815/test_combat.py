"""Military actions, markers in battle, diplomacy and fortresses — our design (U10, U15–U21)."""

from __future__ import annotations

from realpolitik.games.e1815.state import BUILT


def _front(kit, season="summer", **bayern):
    """p1: Wien (capital, general) with 6 inf 1 cav 2 art; p2: Bayern with the given units."""
    st = kit.blank(players=2)
    kit.put(st, 0, "wien", inf=6, cav=1, art=2, capital=True, general=True)
    kit.put(st, 1, "bayern", **bayern)
    kit.start_turn(st, 0, season)
    return st


def test_the_stronger_attacker_wins_moves_in_and_loses_half_the_defenders_ep(kit):
    st = _front(kit, inf=2)
    pools = (st.pool[0][0], st.pool[0][1])
    kit.play(st, "attack bayern", "commit wien 4 inf", "go")
    assert kit.owner(st, "bayern") == 0
    assert kit.units(st, "bayern") == (3, 0, 0)  # ceil(2 / 2) = 1 infantry lost
    assert (st.pool[0][0], st.pool[0][1]) == (pools[0] + 1, pools[1] + 2)
    assert st.markers[0] == 1  # a player's land captured


def test_a_tie_is_a_lost_attack(kit):
    st = _front(kit, inf=2)
    kit.play(st, "attack bayern", "commit wien 2 inf", "go")
    assert kit.owner(st, "bayern") == 1
    assert kit.units(st, "bayern") == (1, 0, 0)  # ceil(2 / 2) = 1 lost by the defender
    assert kit.units(st, "wien") == (4, 1, 2)
    assert st.markers[0] == 0


def test_fortress_artillery_general_and_capital_bonuses(kit):
    st = _front(kit, inf=1, fort=BUILT)  # defence 1 + 2 = 3
    kit.play(st, "attack bayern", "commit wien 1 art", "go")  # attack 3 + 1 = 4
    assert kit.owner(st, "bayern") == 0
    st = _front(kit, inf=3)
    b = st.content.board.index["bayern"]
    st.capital[1] = b
    st.general[1] = b  # defence 3 + 1 capital + 1 general = 5
    kit.play(st, "attack bayern", "commit wien 4 inf", "go")
    assert kit.owner(st, "bayern") == 1
    st = _front(kit, inf=3)
    st.capital[1] = st.general[1] = b
    kit.play(st, "attack bayern", "commit wien 4 inf", "commit wien general", "go")  # 4 + 1 = 5: still a tie
    assert kit.owner(st, "bayern") == 1
    assert st.general[0] == -1  # the general of a lost attack goes to the supply


def test_markers_are_spent_attacker_first_then_defender(kit):
    st = _front(kit, inf=3)
    st.markers = [2, 1]
    kit.play(st, "attack bayern", "commit wien 3 inf", "go")
    assert st.to_act == 0 and st.legal_actions() == ("spend 0", "spend 1", "spend 2")
    st.apply("spend 1")
    assert st.to_act == 1 and st.legal_actions() == ("spend 0", "spend 1")
    assert st.view(None)["public"]["battle"]["markers_spent"] == 1
    st.apply("spend 1")  # 3 + 1 against 3 + 1
    assert kit.owner(st, "bayern") == 1 and st.markers == [1, 0]


def test_winter_battles_cost_the_attacker_one_ep_more(kit):
    st = _front(kit, season="winter", inf=2)
    kit.play(st, "attack bayern", "commit wien 4 inf", "go")
    assert kit.units(st, "bayern") == (2, 0, 0)


def test_neutral_garrisons_and_empty_lands(kit):
    st = kit.blank(players=2)
    kit.put(st, 0, "wien", inf=6, capital=True)
    kit.put(st, 0, "ungarn", inf=3)
    kit.put(st, -1, "karpaten", inf=2)  # grey fortress: defence 2 + 2
    kit.start_turn(st, 0)
    kit.play(st, "attack karpaten", "commit ungarn 3 inf", "go")
    assert kit.owner(st, "karpaten") == -1 and kit.units(st, "karpaten") == (0, 0, 0)  # 2 lost: ceil(3/2)
    kit.start_turn(st, 0)
    kit.play(st, "attack bayern", "commit wien 1 inf", "go")  # an empty land needs just 1 EP
    assert kit.owner(st, "bayern") == 0 and kit.units(st, "bayern") == (1, 0, 0)
    assert st.markers[0] == 0  # neither a player's land nor a fortress


def test_completing_a_territory_earns_a_marker_once(kit):
    st = kit.blank(players=2)
    kit.put(st, 0, "england", inf=4, capital=True)
    kit.put(st, 0, "schottland", inf=1)
    kit.start_turn(st, 0)
    kit.play(st, "attack irland", "commit england 2 inf", "go")
    assert st.markers[0] == 1
    kit.put(st, 1, "irland", inf=0)
    kit.start_turn(st, 0)
    kit.play(st, "attack irland", "commit england 1 inf", "go", "spend 0")
    assert st.markers[0] == 2  # the capture of p2's land, but no second territory marker


def test_diplomacy_converts_meddles_and_buys(kit):
    st = kit.blank(players=2)
    kit.put(st, 0, "wien", inf=4, capital=True)
    kit.put(st, -1, "karpaten", inf=2)
    kit.put(st, 1, "bayern", inf=1, cav=1)
    kit.put(st, 1, "boehmen", inf=1)
    st.markers[0] = 5
    kit.start_turn(st, 0)
    legal = set(st.legal_actions())
    assert {"meddle bayern inf", "meddle bayern cav", "buy boehmen", "meddle boehmen inf"} <= legal
    assert "buy bayern" not in legal  # 3 EP is too much to buy
    assert "convert karpaten" not in legal  # not next to an own land
    kit.put(st, 0, "ungarn", inf=1)
    st._legal = None
    st.apply("convert karpaten")
    assert kit.owner(st, "karpaten") == 0 and kit.units(st, "karpaten") == (1, 0, 0) and st.markers[0] == 3
    st.markers[0] = 5
    st.apply("buy boehmen")
    assert kit.owner(st, "boehmen") == 0 and st.markers[0] == 1
    assert st.pool[0][1] == st.content.rules.supply.inf - 1  # p2's infantry went home


def test_fortresses_cost_two_ep_and_three_tokens(kit):
    st = kit.blank(players=2)
    kit.put(st, 0, "wien", inf=9, capital=True)
    for key in ("bayern", "boehmen", "ungarn", "lombardei"):
        kit.put(st, 0, key, inf=2)
    for key in ("bayern", "boehmen", "ungarn"):
        kit.start_turn(st, 0, actions=1)
        st.apply(f"fortify {key}")
        assert kit.units(st, key) == (0, 0, 0)
    kit.start_turn(st, 0)
    assert not [a for a in st.legal_actions() if a.startswith("fortify")]
