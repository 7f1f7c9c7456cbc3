"""Events (spec §4.4 and the icon dictionary §5.2, the rule book's "Trigger the event"): exact
positions built by hand, the expected choices taken from the rule book's words."""

from __future__ import annotations

from realpolitik.games.wsdv.content import EAST, WEST
from realpolitik.i18n import render


def test_west_dismantles_east_build_points_with_a_yellow_event(table):
    """§4.4.2: a red crossed-out factory dismantles an East build point, chosen by the triggering
    player — West, with card 17 (3 × D:E, U+E); the prompt names whose build point it is."""
    t = table().clear_board().factories("jena", "rostock", "berlin")
    t.turn(WEST, display=("17",))
    t.run("take 17 event", "next dismantle-east")
    assert t.st.to_act == WEST and set(t.legal) == {"dismantle jena", "dismantle rostock", "dismantle berlin"}
    assert render(t.st.describe_pending(WEST), "en") == "dismantle one of East's build points"
    assert render(t.st.describe_pending(EAST), "en") == "West dismantles a build point"


def test_a_dual_card_may_ignore_a_step_toward_west(table):
    """§4.4.3: with a dual card one step of one arrow may be ignored — card 30 (U−E; WC +2 toward East,
    socialism 1 step toward West): ignoring the socialism step leaves that marker on 0."""
    t = table().clear_board().unrest(sn=2)
    t.turn(EAST, display=("30",))
    t.run("take 30 event", "ignore socialism")
    assert t.st.socialism == 0 and t.st.currency == 2 and t.st.unrest[t.p("sn")] == 1


def test_a_pink_police_star_gives_east_a_pink_police_card(table):
    """§5.2/§6.5: card 51's pink police star gives East a pink police card (red ones count in the
    flight phase, pink ones do not), and the log names its colour."""
    t = table().clear_board()
    t.turn(EAST, display=("51",))
    t.run("take 51 event", "ignore nothing")
    assert t.st.police == ["pink"] and t.st.prestige == -2 and t.st.socialism == 1
    assert "East gains a pink police card." in t.st.view(None)["log"]


def test_a_dismantle_icon_with_nothing_in_its_province_is_skipped(table):
    """§4.4.5 with a caption (§5.2): card 43's three crossed-out factories are limited to
    Nordrhein-Westfalen; West's factories stand in Hamburg and Hessen only, so they are skipped —
    whatever West has elsewhere — and only the unrest goes into Nordrhein-Westfalen."""
    t = table().clear_board().factories("hamburg", "kassel")
    t.turn(EAST, display=("43",))
    t.run("take 43 event", "next unrest-west-in-nrw")  # Nordrhein-Westfalen is the one place: no question
    st = t.st
    assert st.to_act == WEST and t.top == "turn"
    assert st.factory[t.city("hamburg")] and st.factory[t.city("kassel")] and st.unrest[t.p("nrw")] == 1


def test_a_yellow_fist_asks_for_a_west_province(table):
    """§5.2: a yellow fist puts 1 unrest into a West province — card 33 (2 × U+W), triggered by East,
    who chooses; the prompt says which state's province."""
    t = table().clear_board()
    t.turn(EAST, display=("33",))
    t.run("take 33 event")
    assert t.st.to_act == EAST and "unrest wb" in t.legal and "unrest sn" not in t.legal
    assert render(t.st.describe_pending(EAST), "en") == "choose the West province that gets 1 unrest"
    t = table().clear_board()
    t.turn(WEST, display=("57",))  # 2 × U+E, triggered by West
    t.run("take 57 event")
    assert render(t.st.describe_pending(WEST), "en") == "choose the East province that gets 1 unrest"


def test_a_dual_card_asks_the_triggering_player_only_and_ignoring_nothing_is_not_logged(table):
    """§4.4.3: "With a dual card you may ignore one icon, or one step of one arrow" / "Bei einer dualen Karte
    darf man ein Symbol oder einen Schritt eines Pfeils für ungültig erklären" — East triggers card 51: East
    is asked, West reads that East may ignore; ignoring nothing leaves no line of an ignored icon."""
    t = table().clear_board()
    t.turn(EAST, display=("51",))
    t.run("take 51 event")
    assert render(t.st.describe_pending(EAST), "en") == (
        "dual card 51 Selbstschußanlagen: ignore one icon or one arrow step, or nothing")
    assert render(t.st.describe_pending(WEST), "en") == "East may ignore one icon or arrow of 51 Selbstschußanlagen"
    t.run("ignore nothing")
    assert t.st.view(None)["log"][-3:] == ["East takes 51 Selbstschußanlagen — trigger the event.",
                                          "East gains a pink police card.", "Tracks: prestige -2, socialism +1."]


def test_a_crossed_out_banner_ends_a_mass_protest_of_four_unrest(table):
    """§5.2: "crossed-out banner: a mass protest in the East ends" / "durchgestrichenes Transparent: ein
    Massenprotest in der DDR endet", and "every 4 unrest make one mass protest": special card I, Sachsen at
    exactly 4 unrest (no socialist in the box to calm it) — its protest ends, back to 3 unrest (decision 6)."""
    t = table().clear_board().unrest(sn=4, th=2)
    t.turn(EAST, display=("40",))
    t.st.special = "i"
    t.run("take i event", "next end-protest-east")  # Sachsen holds the only East mass protest: no question
    assert t.st.unrest[t.p("sn")] == 3 and t.st.unrest[t.p("th")] == 2
    assert t.st.view(None)["log"][-1] == "The mass protest in Sachsen ends (3 unrest left)."


def test_an_east_dismantle_icon_with_nothing_to_dismantle_is_skipped_during_a_decade(table):
    """§4.4.5: "An icon with nothing to act on is skipped" / "Ein Symbol, das nichts zu bewirken hat,
    entfällt" — only at the end of a decade is an unpaid East build point insolvency: West triggers card 17
    (3 × D:E, U+E) while East has no build point; the game goes on to the unrest icon."""
    t = table().clear_board()
    t.turn(WEST, display=("17",))
    t.run("take 17 event", "next dismantle-east")
    assert t.st.result is None and t.st.to_act == WEST and "next unrest-east" in t.legal
