"""Specifics for East (the 2+2 rule book, §10): the special card and its price, police cards, the Stasi."""

from __future__ import annotations

from .conftest import EAST_SEAT, USA, USSR, WEST_SEAT


def test_the_soviet_union_or_east_plays_the_special_card_and_pays(table):
    t = table().clear_board().unrest(sn=5, th=5)
    st = t.st
    st.special = "xi"
    st.deck = ["1", "2", "3"]
    st.hands = [["4"], [], ["5", "6"], ["7"]]
    t.turn(USSR, display=("11",))
    t.run("take xi event")
    assert t.top == "special_card_price" and set(t.legal) == {"yellow-draws"}  # no hand card to discard
    t.run("yellow-draws")
    assert len(st.hands[USA]) == 2 and len(st.hands[WEST_SEAT]) == 2  # the yellow player with fewer cards


def test_yellow_draw_tie_goes_to_the_next_player(table):
    for actor, drawer in ((USSR, WEST_SEAT), (EAST_SEAT, USA)):
        t = table().clear_board().unrest(sn=5)
        st = t.st
        st.special = "xi"
        st.deck = ["1", "2", "3"]
        st.hands = [["4"], ["8"], ["5"], ["7"]]
        t.turn(actor, display=("11",), hand=tuple(st.hands[actor]))
        t.run("take xi event")
        assert set(t.legal) == {"yellow-draws", f"discard {st.hands[actor][0]}"}
        t.run("yellow-draws")
        assert len(st.hands[drawer]) == 2, actor


def test_or_discards_a_hand_card(table):
    t = table().clear_board().unrest(sn=5)
    st = t.st
    st.special = "xi"
    st.deck = ["1"]
    t.turn(EAST_SEAT, display=("11",), hand=("7",))
    t.run("take xi event", "discard 7")
    assert st.hands[EAST_SEAT] == [] and "7" in st.out_seen[EAST_SEAT] and st.view(USA)["private"]["set_aside"] == []


def test_the_soviet_union_uses_easts_police_cards(table):
    t = table().clear_board().unrest(sn=2)
    t.st.police = ["red"]
    t.turn(USSR, display=("11",))
    assert "police sn" in t.legal
    t.run("police sn")
    assert t.st.unrest[t.p("sn")] == 1 and t.st.police_used == 1 and t.st.to_act == USSR
    t.turn(USA, display=("11",))
    assert not any(a.startswith("police") for a in t.legal)


def test_stasi_disbandment_with_seven_returns(table):
    t = table().clear_board()
    st = t.st
    st.police = ["red"] * 7
    st.police_used = 7
    st.decade = 4
    st.special = "xiv"
    t.turn(USSR, display=("61",))
    t.run("take xiv event")
    if t.top == "special_card_price":
        t.run(t.legal[0])
    while t.top == "next_effect":
        t.run("next stasi-off")
    for _ in range(5):  # (the sixth has one province left and goes there at once)
        assert st.to_act == EAST_SEAT and t.top == "return_unrest"  # East chooses, even when the Soviets played it
        t.run(t.legal[0])
    assert t.top == "return_unrest" and len(t.legal) == 6  # the seventh: one province receives 2
    t.run("return sn")
    assert st.unrest[t.p("sn")] == 2 and sum(st.unrest[p] for p in t.c.of_side[1]) == 7
