"""The four uses of a card value, with their limits."""

from __future__ import annotations

import pytest

from realpolitik.engine import IllegalAction
from realpolitik.games.wsdv import board
from realpolitik.games.wsdv.content import EAST, WEST
from realpolitik.games.wsdv.value_uses import LivingStandard

from . import factories

# ---------------------------------------------------------------------- §4.1 remove unrest


def test_remove_unrest_with_own_card_is_free(table):
    t = table().clear_board()
    t.unrest(he=2).factories("dortmund")
    t.turn(WEST, display=("18",))
    t.run("take 18 calm")  # the only province with unrest is chosen at once
    assert t.st.unrest[t.p("he")] == 1 and t.st.factory[t.city("dortmund")] == board.WORKING
    assert t.st.to_act == EAST


@pytest.mark.parametrize("card", ["1", "11"])  # East card, dual card
def test_remove_unrest_with_a_foreign_or_dual_card_costs_a_build_point(table, card):
    t = table().clear_board()
    t.unrest(he=2, by=1).factories("dortmund", "hamburg")
    t.turn(WEST, display=(card,))
    t.run(f"take {card} calm", "calm by")
    assert set(t.legal) == {"dismantle hamburg", "dismantle dortmund"}
    t.run("dismantle hamburg")
    assert t.st.unrest[t.p("by")] == 0 and t.st.factory[t.city("hamburg")] == board.NONE


def test_remove_unrest_needs_unrest_and_a_payable_cost(table):
    t = table().clear_board()
    t.unrest(he=2)
    t.turn(WEST, display=("1", "18"))
    assert "take 1 calm" not in t.legal and "take 18 calm" in t.legal  # nothing to dismantle
    t.st.unrest[t.p("he")] = 0
    t.turn(WEST, display=("18",))
    assert "take 18 calm" not in t.legal


# ---------------------------------------------------------------------- §4.2 build up economy


def test_factories_only_on_empty_own_normal_cities(table):
    t = table().clear_board().factories("dortmund")
    t.turn(EAST, display=("3",))
    t.run("take 3 build")
    sites = {a.split(" ")[1] for a in t.legal if a.startswith("build")}
    assert "berlin" in sites and "jena" in sites
    assert not sites & {"rheinsberg", "polska-n", "cssr-s", "dortmund", "kiel"}


def test_lines_need_a_factory_at_an_end(table):
    t = table().clear_board().factories("dortmund", "hamburg")
    t.turn(WEST, display=("19",))
    t.run("take 19 build")
    lines = {a.split(" ")[1] for a in t.legal if "/" in a}
    assert {"dortmund/koeln", "bielefeld/dortmund", "hamburg/flensburg", "hamburg/hannover"} <= lines
    assert "duisburg/koeln" not in lines
    assert "flensburg/hamburg" not in lines  # the double line at Flensburg needs a factory there first
    t.run("build hamburg/flensburg")
    assert "build flensburg/hamburg" in t.legal  # the second line may follow to an empty city
    t.run("build flensburg/hamburg")
    assert t.st.lines[(t.site("flensburg/hamburg") - 1000) // 2] == 3
    assert factories.value(t.st, t.city("hamburg")) == 1  # no factory at Flensburg: not working yet
    t.factories("flensburg")
    assert factories.value(t.st, t.city("hamburg")) == 2


def test_mass_protest_bans_building(table):
    t = table().clear_board().factories("dortmund", "kassel").unrest(nrw=4)
    t.turn(WEST, display=("19",))
    t.run("take 19 build")
    sites = {a.split(" ")[1] for a in t.legal if a.startswith("build")}
    assert not sites & {"koeln", "duisburg", "dortmund/koeln", "dortmund/kassel"}
    assert {"kassel/giessen", "giessen", "wolfsburg/kassel"} <= sites


def test_hamburg_may_count_for_the_other_province_to_escape_a_protest_ban(table):
    t = table().clear_board().factories("hamburg").unrest(sh=4)
    t.turn(WEST, display=("19",))
    t.run("take 19 build")
    assert "build hamburg/hannover" not in t.legal and "hamburg ns" in t.legal
    t.run("hamburg ns")
    assert "build hamburg/hannover" in t.legal and "hamburg sh" not in t.legal
    t.run("build hamburg/hannover", "done")
    assert t.st.hamburg == t.p("ns")


def test_build_points_may_stay_unused(table):
    t = table().clear_board().factories("dortmund")
    t.turn(WEST, display=("20",))
    t.run("take 20 build", "build koeln", "done")
    assert sum(1 for f in t.st.factory if f) == 2 and t.st.to_act == EAST


def test_spec_example_three_points_two_factories_and_the_line_between(table):
    t = table().clear_board()
    t.turn(EAST, display=("23",))
    t.run("take 23 build", "build rostock", "build neubrandenburg", "build rostock/neubrandenburg")
    assert factories.value(t.st, t.city("rostock")) == 2 == factories.value(t.st, t.city("neubrandenburg"))
    assert board.economy(t.st, t.p("mv")) == 4


def test_factory_values(table):
    t = table().clear_board().factories("berlin", "bitterfeld", "magdeburg", "rheinsberg", rundown=("leipzig",))
    t.connect("berlin/magdeburg", "magdeburg/bitterfeld", "bitterfeld/leipzig").lines("berlin/bitterfeld")
    st = t.st
    assert factories.value(st, t.city("berlin")) == 2  # the half-built double connection does not work
    assert factories.value(st, t.city("magdeburg")) == 3
    assert factories.value(st, t.city("bitterfeld")) == 3
    assert factories.value(st, t.city("leipzig")) == 1  # 1 + 1 link − 1 run down
    assert factories.value(st, t.city("rheinsberg")) == 2
    assert board.economy(st, t.p("sa")) == 6 and factories.export_level(st, t.p("sa")) == 3
    assert factories.export_level(st, t.p("mv")) == -1


def test_dismantling_restrictions(table):
    t = table().clear_board().factories("berlin", "bitterfeld", "rheinsberg", "cssr-n", "jena", rundown=("leipzig",))
    t.connect("berlin/bitterfeld")
    st = t.st
    names = {t.c.site_name[x] for x in board.dismantle_sites(st, EAST)}
    assert names == {"berlin/bitterfeld", "bitterfeld/berlin", "rheinsberg", "jena"}
    assert str(board.dismantle(st, t.city("rheinsberg"))) == "the Rheinsberg factory runs down"
    assert "rheinsberg" in {t.c.site_name[x] for x in board.dismantle_sites(st, EAST)}
    board.dismantle(st, t.city("rheinsberg"))
    assert st.factory[t.city("rheinsberg")] == board.NONE


# ---------------------------------------------------------------------- §4.3 living standard


def _sa_economy_4(t):
    t.factories("magdeburg", "bitterfeld").connect("magdeburg/bitterfeld")


def test_ls_needs_three_economy_per_marker_and_card_points_top_up(table):
    t = table().clear_board()
    _sa_economy_4(t)
    t.ls(sa=1).unrest(sa=2)
    t.turn(EAST, display=("1",))  # value 2
    t.run("take 1 ls")
    assert "ls sa" in t.legal  # needs 6, economy 4, 2 card points
    t.run("ls sa")  # nothing else is affordable: the action ends by itself
    assert t.st.ls[t.p("sa")] == 2 and t.st.unrest[t.p("sa")] == 1
    assert t.st.to_act == WEST and t.top == "turn"


def test_ls_top_up_is_at_most_two_points_per_province(table):
    t = table().clear_board().factories("rostock")
    t.turn(EAST, display=("23",))  # value 3 for East
    t.run("take 23 ls")
    assert "ls mv" in t.legal and "ls th" not in t.legal  # economy 1 needs 2; economy 0 would need 3


def test_spec_example_value_two_card_two_provinces(table):
    t = table().clear_board().factories("rheinsberg", "schwedt", "rostock", "berlin")
    t.turn(EAST, display=("1",))
    t.run("take 1 ls", "ls bb")
    assert set(t.legal) == {"ls mv", "ls eb", "done"}
    t.run("ls mv")  # the two points are spent: the action ends
    assert t.top == "turn" and t.st.to_act == WEST
    assert t.st.ls[t.p("bb")] == 1 and t.st.ls[t.p("mv")] == 1 and t.st.ls[t.p("eb")] == 0


def test_ls_split_over_provinces_or_one_province_only(table):
    for option, both in (("split", True), ("one-province", False)):
        t = table(ls_top_up=option).clear_board().factories("rostock", "berlin")
        t.push(LivingStandard(EAST, EAST, 4, (), (), 0))
        t.run("ls mv")  # economy 1: two card points
        assert ("ls eb" in t.legal) is both


def test_three_markers_each_in_another_province(table):
    t = table().clear_board().factories("rheinsberg", "schwedt", "magdeburg", "bitterfeld", "rostock", "neubrandenburg")
    t.connect("magdeburg/bitterfeld", "rostock/neubrandenburg")
    t.st.ls = [0] * 14
    t.push(LivingStandard(EAST, EAST, 0, (), (), 0))
    t.run("ls bb")
    assert "ls bb" not in t.legal
    t.run("ls sa", "ls mv")
    assert t.top != "living_standard"


def test_hamburg_counts_for_one_province_per_ls_action(table):
    t = table().clear_board().factories("hamburg", "kiel", "hannover")
    t.connect("kiel/hamburg", "hamburg/hannover")
    t.push(LivingStandard(WEST, WEST, 0, (), (), 0))
    assert "ls sh" in t.legal and "ls ns" not in t.legal and "hamburg ns" in t.legal
    t.run("hamburg ns")
    assert "ls ns" in t.legal and "ls sh" not in t.legal and not any(a.startswith("hamburg") for a in t.legal)


def test_external_factory_with_two_links_counts_where_east_says(table):
    t = table().clear_board().factories("polska-s", "schwedt", "berlin")
    t.connect("schwedt/polska-s", "berlin/polska-s")
    st = t.st
    assert board.external_links(st, t.city("polska-s")) == (t.p("bb"), t.p("eb"))
    assert board.economy(st, t.p("bb")) == 2 + 3  # Schwedt 2 + Polska-S 3 by default
    t.push(LivingStandard(EAST, EAST, 0, (), (), 0))
    assert "assign polska-s eb" in t.legal
    t.run("assign polska-s eb")
    assert "ls eb" in t.legal and "ls bb" not in t.legal and not any(a.startswith("assign") for a in t.legal)


def test_west_berlin_gets_ls_through_a_supplier(table):
    t = table().clear_board().factories("dortmund", "koeln").connect("dortmund/koeln").unrest(nrw=2, wb=3)
    t.push(LivingStandard(WEST, WEST, 0, (), (), 0))
    t.run("ls nrw")
    assert t.top == "deliver"
    t.run("deliver")
    st = t.st
    assert st.ls[t.p("nrw")] == 0 and st.unrest[t.p("nrw")] == 2
    assert st.sectors == [0, 1, 0] and st.ls[t.p("wb")] == 1 and st.unrest[t.p("wb")] == 2
    assert st.delivered == [False, True, False]


def test_spec_example_third_west_berlin_ls_needs_economy_eight_and_a_card_point(table):
    t = table().clear_board().factories("bielefeld", "duisburg", "dortmund", "koeln")
    t.connect("duisburg/dortmund", "dortmund/koeln")
    st = t.st
    st.sectors = [1, 0, 1]
    t.ls(nrw=2, wb=2)
    assert board.economy(st, t.p("nrw")) == 8
    t.push(LivingStandard(WEST, WEST, 1, (), (), 0))
    t.run("ls nrw")
    assert st.ls[t.p("nrw")] == 3 and t.top == "deliver"
    t.run("deliver")
    assert st.sectors == [1, 1, 1] and st.ls[t.p("wb")] == 3


def test_no_delivery_when_the_supplier_is_not_above_west_berlin_or_its_sector_not_lowest(table):
    t = table().clear_board().factories("dortmund", "koeln").connect("dortmund/koeln")
    t.st.sectors = [0, 1, 0]
    t.ls(wb=1)
    t.push(LivingStandard(WEST, WEST, 0, (), (), 0))
    t.run("ls nrw")  # NRW 1 is not above West Berlin's 1
    assert t.done() and t.st.sectors == [0, 1, 0]
    t = table().clear_board().factories("dortmund", "koeln").connect("dortmund/koeln")
    t.st.sectors = [0, 1, 0]
    t.ls(nrw=1, wb=1)
    board.set_factory(t.st, t.city("duisburg"), board.WORKING)
    t.connect("duisburg/dortmund", "duisburg/koeln")
    t.push(LivingStandard(WEST, WEST, 0, (), (), 0))
    t.run("ls nrw")  # NRW 2 > 1, but the British sector is not the lowest
    assert t.done() and t.st.sectors == [0, 1, 0] and t.st.ls[t.p("nrw")] == 2


def test_refused_actions_leave_the_state_unchanged(table):
    t = table().clear_board().factories("dortmund")
    t.turn(WEST, display=("19",))
    t.run("take 19 build")
    before = t.st.snapshot()
    for bad in ("build rheinsberg", "build duisburg/koeln", "build nowhere", "ls nrw"):
        with pytest.raises(IllegalAction):
            t.st.apply(bad)
        assert t.st.snapshot() == before
