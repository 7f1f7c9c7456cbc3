"""Set-up and the sequence of play."""

from __future__ import annotations

from realpolitik.games.wsdv.content import EAST, WEST
from realpolitik.games.wsdv.sequence import StartDecade, Turn

from . import factories


def test_setup_version_2016(table):
    t = table()
    st = t.st
    assert [st.unrest[t.p(k)] for k in ("nrw", "rp", "bw")] == [2, 2, 2]
    assert all(st.unrest[p] == 3 for p in range(14) if t.c.provinces[p].key not in ("nrw", "rp", "bw"))
    assert sum(st.unrest) == 39 and st.box == 1 and sum(st.socialists) == 0
    assert {t.c.cities[x].key for x in range(len(t.c.cities)) if st.factory[x]} == {
        "hamburg", "dortmund", "bitterfeld", "berlin"}
    assert all(factories.value(st, t.city(k)) == 1 for k in ("hamburg", "dortmund", "bitterfeld", "berlin"))
    assert (st.prestige, st.currency, st.socialism, st.flight) == (0, 0, 0, 0)
    assert [len(h) for h in st.hands] == [2, 2] and len(st.display) == 7 and len(st.deck) == 9
    assert st.special == "i" and st.decade == 1 and st.to_act == WEST


def test_setup_version_2014(table):
    st = table(setup="2014").st
    assert st.unrest == [3] * 14 and st.box == 2


def test_players_alternate_and_the_special_card_is_not_a_display_card(table):
    t = table()
    st = t.st
    seen = []
    while st.half == 1:
        seen.append(st.to_act)
        key = st.display[0]
        t.run(f"take {key} build")
        while st.stack[-1].tag != "turn":
            t.run("done" if "done" in st.legal_actions() else st.legal_actions()[0])
    assert seen == [WEST, EAST] * 3 + [WEST]
    assert st.special == "i" and len(st.display) == 7 and len(st.deck) == 2
    assert st.to_act == EAST  # the alternation simply continues into the second sub-decade


def test_hand_cards_do_not_end_the_sub_decade(table):
    t = table()
    st = t.st
    hand = list(st.hands[WEST])
    t.run(f"play {hand[0]} build")
    while st.stack[-1].tag != "turn":
        t.run("done")
    assert len(st.display) == 7 and st.half == 1 and st.to_act == EAST


def test_decade_start_discards_and_refill(table):
    t = table()
    st = t.st
    st.hands = [["1", "2", "3"], ["4"]]
    st.decade = 1
    st.prestige = 2
    t.push(StartDecade())
    assert st.decade == 2 and st.to_act == WEST and "keep" not in t.legal  # three cards: must discard
    t.run("discard 2")
    assert "keep" in t.legal
    t.run("keep")
    assert st.to_act == EAST
    t.run("keep")
    assert st.hands[WEST][:2] == ["1", "3"] and len(st.hands[WEST]) == 2 and st.hands[EAST][0] == "4"
    assert len(st.hands[EAST]) == 2 and all(st.card(k).decade == 2 for k in st.display)
    assert st.special == "ii" and st.order[0] == EAST  # prestige advantage starts
    assert st.out_seen[WEST] == ["2"]
    assert st.view(WEST)["public"]["hands"]["east"] == [1, 2]  # card backs show the decade


def test_decade_four_special_face_depends_on_the_wall(table):
    for wall, face in ((False, "iv"), (True, "iv-wall")):
        t = table()
        t.st.decade, t.st.wall = 3, wall
        t.st.hands = [[], []]
        t.push(StartDecade())
        assert t.st.special == face


def test_second_sub_decade_end_starts_the_end_of_decade(table):
    t = table()
    st = t.st
    st.half = 2
    t.turn(WEST, display=("19",), spare="")
    st.special = "i"
    st.stack[-1:] = [Turn(WEST)]
    st._legal = None
    t.run("take 19 build", "done")
    assert st.special is None and st.deck == [] and st.eod >= 0
