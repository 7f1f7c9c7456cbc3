"""The end of a decade (spec §7, the rule book's "End of a decade"): exact positions built by hand,
the expected numbers taken from the rule book's words."""

from __future__ import annotations

from realpolitik.games.wsdv.content import EAST, WEST


def test_socialists_lost_to_the_last_one_is_not_yet_failure(table):
    """§7 phase 9: at −5 East loses 3 socialists; with 1 in the box and 2 on the map it has exactly
    enough — West takes the 2 off the map — and only *more* than box and map together is failure."""
    t = table().clear_board()
    t.st.socialism, t.st.box = -5, 1
    t.st.socialists[t.p("sn")] = 1
    t.st.socialists[t.p("th")] = 1
    t.phase("socialists")
    assert t.st.result is None and t.st.box == 0 and t.st.to_act == WEST
    t.run("purge sn")  # the second is Thüringen's, the only one left (made for West)
    assert t.done() and sum(t.st.socialists) == 0 and t.st.unrest[t.p("sn")] == t.st.unrest[t.p("th")] == 1


def test_the_flight_log_reads_the_track_in_half_steps(table):
    """§7 phase 1 (the rule book's flight track, "0 to 10, in half steps"): 3 flight icons + West's best
    living standard 2 = 5 cells, the marker at 2½ — East loses 2 build points, West picking first."""
    t = table().clear_board().factories("jena", "rostock", "berlin").ls(by=2)
    t.st.played = ["i", "2"]  # 2 + 1 flight icons
    t.phase("flight")
    assert t.st.flight == 5
    assert "Flight track: 2.5 — East loses 2 build points, West picking first." in t.st.view(None)["log"]


def test_west_collapses_alone_while_east_has_three_protests(table):
    """§7 phase 10 / §8: West 4 mass protests, East 3 — only West collapses (East wins, and not as the
    winner of a double collapse)."""
    t = table().clear_board().unrest(he=8, by=8, sn=12)
    t.st.decade = 2
    t.phase("collapse")
    assert t.st.result[0] == EAST and "West Germany collapsed: 4 mass protests" in str(t.st.result[1])
