"""The end of a decade (spec §7, the rule book's "End of a decade"): exact positions built by hand,
the expected numbers taken from the rule book's words."""

from __future__ import annotations

from realpolitik.games.wsdv.content import EAST, WEST
from realpolitik.i18n import render


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


def test_the_flight_track_ends_at_ten(table):
    """§7 phase 1: "East loses one build point for every two steps (at most 10)" / "Die DDR verliert einen
    Wirtschaftspunkt je zwei Schritte (höchstens 10)": 14 flight icons (all thirteen cards that show them,
    card I two) + West's best living standard 6 + 2 red police cards = 22 steps — the marker stops at the
    track's end, 10, and East loses 10 build points; West, level on prestige, picks the first."""
    t = table().clear_board().ls(by=6)
    t.factories("rostock", "neubrandenburg", "schwedt", "cottbus", "berlin", "magdeburg", "bitterfeld", "leipzig",
                "dresden", "karl-marx-stadt", "eisenach", "jena")
    t.st.played = ["2", "12", "28", "32", "48", "52", "60", "61", "62", "75", "78", "i", "iv-wall"]
    t.st.police = ["red", "red"]
    t.phase("flight")
    assert t.st.flight == 20
    assert "Flight track: 10 — East loses 10 build points, West picking first." in t.st.view(None)["log"]
    assert t.top == "pay" and t.st.to_act == WEST
    assert render(t.st.describe_pending(WEST), "en") == "choose an East build point to dismantle (refugees)"
    assert render(t.st.describe_pending(EAST), "en") == "West chooses an East build point to dismantle (refugees)"


def test_a_decade_ends_with_the_flight_phase_first(table):
    """The 2+2 rule book: "Now the base game end of decade is played, phase by phase, starting with
    Flight/wall, prestige, etc." / "Im Anschluß wird das Dekadenende gemäß den Regeln des Grundspiels
    gespielt, also Republikflucht/Mauer, Prestige, etc." — West takes the last display card of the
    second half-decade (card 2, 1 flight icon); with Bayern's living standard 1 the track reads 2 steps:
    East loses 1 build point, before any other phase."""
    t = table().clear_board().factories("jena", "rostock").ls(by=1)
    t.turn(WEST, display=("2",), spare="")
    t.st.half = 2  # the second half-decade
    t.run("take 2 build", "done")
    log = t.st.view(None)["log"]
    assert log[-2:] == ["End of decade I, phase 1: flight.",
                        "Flight track: 1 — East loses 1 build point, West picking first."]
    assert t.top == "pay" and set(t.legal) == {"dismantle jena", "dismantle rostock"}


def test_a_mass_protest_lowers_the_living_standard_the_neighbour_is_compared_with(table):
    """§7 phase 7: "each province whose living standard, minus its mass protests, is higher than a
    neighbour's across the border puts the difference into that neighbour as unrest" / "jedes Gebiet, dessen
    Lebensstandard minus seine Massenproteste höher ist als der eines Nachbarn jenseits der Grenze": Schleswig-
    Holstein, living standard 2 and 1 mass protest (4 unrest), counts 1 against Mecklenburg-Vorpommern's 0 —
    1 unrest."""
    t = table().clear_board().ls(sh=2).unrest(sh=4)
    t.phase("east_west_comparison")
    assert t.done() and t.st.unrest[t.p("mv")] == 1 and t.st.unrest[t.p("sh")] == 4


def test_socialists_lost_come_from_the_holding_box_first(table):
    """§7 phase 9: at −1 East loses 1 socialist, "first from the box" / "zuerst aus der Kaderschmiede": a box
    of 3 keeps 2, the one on the map stays and West takes nothing off it."""
    t = table().clear_board()
    t.st.socialism, t.st.box = -1, 3
    t.st.socialists[t.p("sn")] = 1
    t.phase("socialists")
    assert t.done() and t.st.box == 2 and t.st.socialists[t.p("sn")] == 1
    assert "East loses 1 socialist from the holding box (2 left)." in t.st.view(None)["log"]


def test_socialism_fails_when_box_and_map_together_are_short(table):
    """§7 phase 9: at −6 East loses 4 socialists; "if box and map together do not have enough, socialism
    fails and West wins" / "haben Kaderschmiede und Spielplan zusammen nicht genug, scheitert der
    Sozialismus": 1 in the box and 2 on the map are 3 — the reason names those 3."""
    t = table().clear_board()
    t.st.socialism, t.st.box = -6, 1
    t.st.socialists[t.p("sn")] = 1
    t.st.socialists[t.p("th")] = 1
    t.phase("socialists")
    assert t.st.result[0] == WEST
    assert render(t.st.result[1], "en") == ("Socialism failed: East had to lose 4 socialists but had only 3 at the end "
                                             "of decade I.")
