"""Mass protests and socialists (spec §6.1–6.2, the rule book's "Unrest, mass protests and
socialists"): exact positions built by hand, the numbers taken from the rule book's words."""

from __future__ import annotations

from realpolitik.games.wsdv.content import EAST, WEST


def test_the_last_socialist_goes_to_the_one_protest_without_asking(table):
    """§6.2: the holding box (1) cannot calm Sachsen's protest (5 unrest: 2 socialists needed); with one
    East mass protest there is one place for it — the rule book's "only one possible answer" makes
    that choice for East: Sachsen keeps 4 unrest, and East's turn follows."""
    t = table().clear_board().unrest(sn=4)
    t.st.box = 1
    t.turn(WEST, display=("58",))  # U+E (and socialism 2 steps toward West)
    t.run("take 58 event", "unrest sn")
    st = t.st
    assert st.unrest[t.p("sn")] == 4 and st.socialists[t.p("sn")] == 1 and st.box == 0
    assert t.top == "turn" and st.to_act == EAST
