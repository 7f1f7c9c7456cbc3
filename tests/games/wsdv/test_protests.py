"""Mass protests, socialists and West Berlin's supplier protests."""

from __future__ import annotations

from realpolitik.games.wsdv import board
from realpolitik.games.wsdv.content import EAST, WEST


def test_mass_protests_are_one_per_four_unrest(table):
    t = table().clear_board().unrest(sn=3, th=4, mv=8, bb=11)
    assert [board.protests(t.st, t.p(k)) for k in ("sn", "th", "mv", "bb")] == [0, 1, 2, 2]
    assert board.side_protests(t.st, EAST) == 5


def test_socialists_absorb_east_protests_after_an_action(table):
    t = table().clear_board().unrest(sn=3)
    t.st.box = 2
    t.turn(WEST, display=("58",))
    t.run("take 58 event", "unrest sn")  # Sachsen 4 → a socialist takes it back to 3
    assert t.st.unrest[t.p("sn")] == 3 and t.st.socialists[t.p("sn")] == 1 and t.st.box == 1


def test_east_chooses_when_the_box_cannot_cover_every_protest(table):
    t = table().clear_board().unrest(sn=2, th=2)
    t.st.box = 1
    t.turn(WEST, display=("16",))
    t.run("take 16 event", "unrest sn", "unrest sn", "unrest th", "unrest th")
    assert t.st.to_act == EAST and set(t.legal) == {"socialist sn", "socialist th"}
    t.run("socialist th")
    assert t.st.unrest[t.p("th")] == 3 and t.st.unrest[t.p("sn")] == 4 and t.st.box == 0
    assert t.top == "turn" and t.st.to_act == EAST


def test_west_berlin_protests_spread_to_a_supplier_and_back(table):
    t = table().clear_board().unrest(wb=2)
    t.turn(EAST, display=("25",))
    t.run("take 25 event", "next unrest-west-in-wb", "next unrest-west-in-wb", "unrest he", "unrest he")
    assert t.st.to_act == EAST and set(t.legal) == {"supplier rp", "supplier nrw", "supplier bw"}
    t.run("supplier nrw")
    st = t.st
    assert st.supplier_mp == [0, 1, 0] and board.protests(st, t.p("nrw")) == 1
    assert board.side_protests(st, WEST) == 2  # West Berlin's own and NRW's
    t.factories("dortmund")
    t.turn(WEST, display=("19",))
    t.run("take 19 build")
    assert "build koeln" not in t.legal  # the supplier protest bans building in NRW
    t.st.stack.pop()
    t.turn(WEST, display=("18",))
    t.run("take 18 calm", "calm wb")
    assert st.supplier_mp == [0, 0, 0] and board.protests(st, t.p("nrw")) == 0


def test_supplier_protests_can_be_switched_off(table):
    t = table(supplier_protests=False).clear_board().unrest(wb=3)
    t.turn(EAST, display=("25",))
    t.run("take 25 event", "next unrest-west-in-wb", "next unrest-west-in-wb", "unrest he", "unrest he")
    assert t.st.supplier_mp == [0, 0, 0] and t.top == "turn" and t.st.to_act == WEST


def test_west_names_the_supplier_whose_protest_ends(table):
    t = table().clear_board().unrest(wb=8)
    t.st.supplier_mp = [1, 1, 0]
    t.turn(WEST, display=("18",))
    t.run("take 18 calm")  # West Berlin 8 → 7: one of its two protests ends
    assert t.st.to_act == WEST and set(t.legal) == {"relieve rp", "relieve nrw"}
    t.run("relieve rp")
    assert t.st.supplier_mp == [0, 1, 0] and t.st.to_act == EAST
