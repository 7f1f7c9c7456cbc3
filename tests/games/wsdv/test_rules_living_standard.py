"""Raising living standards (spec §4.3, the rule book's "Raise living standards"): exact positions
built by hand, the numbers taken from the rule book's words."""

from __future__ import annotations

from realpolitik.games.wsdv.content import EAST, WEST
from realpolitik.games.wsdv.value_uses import LivingStandard
from realpolitik.i18n import render


def test_one_province_top_up_leaves_no_point_for_a_second_province(table):
    """§4.3.3, option "one-province": once card points topped up one province, no other province gets
    any, not even the 1 point an economy of 2 lacks; an economy of 3 still needs none."""
    t = table(ls_top_up="one-province").clear_board().factories("rostock", "berlin", "schwedt", "cottbus")
    t.connect("schwedt/berlin")  # East Berlin: Berlin 2; Brandenburg: Schwedt 2 + Cottbus 1 = 3
    t.push(LivingStandard(EAST, EAST, 4, (), (), 0))
    t.run("ls mv")  # economy 1: 2 of the card's 4 points
    assert set(t.legal) == {"ls bb", "done"}  # East Berlin lacks 1 point, which may no longer be spent
    t = table().clear_board().factories("rostock", "berlin", "schwedt", "cottbus").connect("schwedt/berlin")
    t.push(LivingStandard(EAST, EAST, 4, (), (), 0))
    t.run("ls mv")
    assert set(t.legal) == {"ls bb", "ls eb", "done"}  # split (the default): East Berlin's point is allowed


def test_the_prompt_counts_the_markers_and_the_points_left(table):
    """§4.3.1/§4.3.3: up to 3 markers; the prompt names the next one and the card points left."""
    t = table().clear_board().factories("rostock", "berlin")
    t.push(LivingStandard(EAST, EAST, 4, (), (), 0))
    assert render(t.st.describe_pending(EAST), "en").startswith("place living standard 1 of up to 3 (")
    t.run("ls mv")  # economy 1: 2 points spent
    assert render(t.st.describe_pending(EAST), "en").startswith(
        "place living standard 2 of up to 3 (each in another province; 2 card points left")


def test_west_berlin_is_supplied_once_per_action(table):
    """§4.3.4: a supplier "now has more living standard than West Berlin in all, and its sector is one of
    West Berlin's lowest" may pass it on — "This can happen once per action" / "Das geht einmal je
    Aktion". Nordrhein-Westfalen (economy 3) delivers its first living standard to the British sector; then
    Rheinland-Pfalz (economy 7) rises to 2, above West Berlin's 1 with the French sector among the lowest —
    but this action has delivered already, so Rheinland-Pfalz keeps it and East's turn follows."""
    t = table().clear_board().factories("dortmund", "duisburg", "koeln", "koblenz", "saarbruecken", "kaiserslautern")
    t.connect("koblenz/saarbruecken", "saarbruecken/kaiserslautern").ls(rp=1)
    t.turn(WEST, display=("19",))
    t.run("take 19 ls", "ls nrw", "deliver")
    assert t.st.sectors == [0, 1, 0] and t.st.ls[t.p("nrw")] == 0 and t.st.ls[t.p("wb")] == 1
    t.run("ls rp")
    assert t.st.ls[t.p("rp")] == 2 and t.st.sectors == [0, 1, 0]
    assert t.top == "turn" and t.st.to_act == EAST
