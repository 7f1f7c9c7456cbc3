"""Every icon of the icon dictionary, played from the real cards."""

from __future__ import annotations

from realpolitik.games.wsdv import board
from realpolitik.games.wsdv.content import EAST, WEST

from . import factories


def _event(t, seat, card):
    t.turn(seat, display=(card,))
    t.run(f"take {card} event")
    return t


def test_unrest_west_germany_caption_excludes_west_berlin_and_arrows_move(table):
    t = _event(table().clear_board(), EAST, "4")
    assert "unrest wb" not in t.legal and "unrest nrw" in t.legal
    t.run("unrest nrw", "unrest nrw")
    assert t.st.unrest[t.p("nrw")] == 2 and t.st.prestige == 2


def test_at_most_two_unrest_per_province(table):
    t = _event(table().clear_board(), WEST, "16")
    t.run("unrest sn", "unrest sn")
    assert "unrest sn" not in t.legal
    t.run("unrest th", "unrest th")
    assert t.st.unrest[t.p("sn")] == 2 and t.st.unrest[t.p("th")] == 2 and t.st.socialism == -1


def test_icon_order_is_chosen_and_captions_restrict(table):
    t = table().clear_board().unrest(wb=2, he=1).factories("dortmund")
    _event(t, WEST, "14")
    assert set(t.legal) == {"next build-west", "next calm-west-in-wb"}
    t.run("next calm-west-in-wb")  # West Berlin is the only choice: taken at once
    assert t.st.unrest[t.p("wb")] == 1 and t.top == "next_icon"
    t.run("next calm-west-in-wb")  # then only the build icon is left: it runs at once
    assert t.st.unrest[t.p("wb")] == 0 and t.st.unrest[t.p("he")] == 1 and t.top == "build"
    t.run("build koeln")
    assert t.st.currency == -1 and t.st.to_act == EAST


def test_move_unrest_between_east_provinces(table):
    t = table().clear_board().unrest(sn=3)
    _event(t, WEST, "78")
    assert "move sn th" in t.legal and "move th sn" not in t.legal
    t.run("move sn th", "move sn th")
    assert t.st.unrest[t.p("sn")] == 1 and t.st.unrest[t.p("th")] == 2


def test_external_factories_only_by_their_build_icons(table):
    t = table().clear_board().factories("cottbus")
    _event(t, EAST, "7")
    t.run("next build-east-in-cssr")
    assert set(t.legal) == {"build cssr-n", "build cssr-s", "build cottbus/cssr-n", "done"}
    t.run("build cssr-n", "build cottbus/cssr-n")
    t.run("next build-east-in-pl", "build polska-s", "build schwedt/polska-s")
    assert t.top == "place_unrest"  # only the unrest icon is left
    t.run("unrest th")
    st = t.st
    assert st.factory[t.city("cssr-n")] and st.factory[t.city("polska-s")] and st.currency == 1
    assert factories.value(st, t.city("cssr-n")) == 2  # Cottbus link works


def test_rheinsberg_takes_both_build_icons_and_is_worth_two(table):
    t = _event(table().clear_board(), EAST, "27")
    assert set(t.legal) == {"build rheinsberg", "done"}
    t.run("build rheinsberg")
    st = t.st
    assert st.factory[t.city("rheinsberg")] == board.WORKING and factories.value(st, t.city("rheinsberg")) == 2
    assert st.prestige == 1 and st.to_act == WEST
    t = table().clear_board().unrest(bb=4)
    _event(t, EAST, "27")  # a mass protest in Brandenburg: the icons are lost
    assert t.st.factory[t.city("rheinsberg")] == board.NONE


def test_dismantle_captions(table):
    t = table().clear_board().factories("dortmund", "koeln", "kassel", "hamburg").connect("dortmund/kassel")
    _event(t, EAST, "43")
    t.run("next dismantle-west-in-nrw")
    assert set(t.legal) == {"dismantle koeln", "dismantle dortmund/kassel"}
    t = table().clear_board().factories("hamburg", "hannover", "kiel")
    assert t.st.hamburg == t.p("sh")
    _event(t, EAST, "63")
    assert set(t.legal) == {"dismantle hamburg", "dismantle hannover"}  # Hamburg counts as Niedersachsen


def test_end_protest_resets_to_three_or_removes_four(table):
    for option, left in (("to-three", 3), ("one", 5)):
        t = table(protest_removal=option).clear_board().unrest(sn=9)
        t.turn(EAST, display=())
        t.st.special = "i"
        t.st.deck = []
        t.run("take i event", "next end-protest-east")  # Sachsen is the only mass protest
        assert t.st.unrest[t.p("sn")] == left


def test_russian_tanks_exact(table):
    t = table().clear_board().unrest(sn=9, th=5, mv=1)
    t.st.special = "i"
    t.turn(EAST)
    t.st.deck = []
    t.run("take i event", "next end-protest-east", "end-protest sn", "next end-protest-east", "calm mv", "calm sn")
    st = t.st
    assert (st.unrest[t.p("sn")], st.unrest[t.p("th")], st.unrest[t.p("mv")]) == (2, 3, 0)
    assert st.prestige == -1 and st.socialism == 1 and "i" in st.played


def test_free_ls_icons(table):
    t = table().clear_board().unrest(by=2, bw=1)
    _event(t, WEST, "35")
    t.run("next ls-west-in-wg-max1")
    assert "ls wb" not in " ".join(t.legal)
    t.run("ls by", "next ls-west-in-wg-max1")
    assert "ls by" not in t.legal
    t.run("ls bw", "unrest th")
    assert t.st.ls[t.p("by")] == 1 and t.st.unrest[t.p("by")] == 1 and t.st.unrest[t.p("bw")] == 0
    t = table().clear_board().unrest(by=2)
    _event(t, WEST, "60")
    t.run("next ls-west-in-by-quiet")
    assert t.st.ls[t.p("by")] == 1 and t.st.unrest[t.p("by")] == 3  # no unrest removed, then 1 added
    t = table().clear_board().unrest(wb=2)
    t.st.sectors = [1, 0, 0]
    t.ls(wb=1)
    _event(t, WEST, "79")
    t.run("next ls-west")
    assert "ls wb-british" in t.legal and "ls wb-us" in t.legal and "ls wb-french" not in t.legal
    t.run("ls wb-us")
    assert t.st.sectors == [1, 0, 1] and t.st.ls[t.p("wb")] == 2
    assert t.st.unrest[t.p("wb")] == 0  # 1 removed with the LS, 1 by the calm icon


def test_palace_of_the_republic_ls_repair_and_rundown(table):
    t = table().clear_board().factories("bitterfeld", rundown=("berlin",))
    _event(t, EAST, "46")
    t.run("next repair-east-in-eb", "next rundown-east", "rundown bitterfeld")  # then the LS in East Berlin
    st = t.st
    assert st.factory[t.city("berlin")] == board.WORKING and st.factory[t.city("bitterfeld")] == board.RUNDOWN
    assert st.ls[t.p("eb")] == 1 and st.socialism == 1


def test_stop_removes_an_external_factory_with_its_infrastructure(table):
    t = table().clear_board().factories("cssr-n", "cssr-s", "dresden", "jena")
    t.connect("dresden/cssr-n", "jena/cssr-s")
    _event(t, WEST, "37")
    t.run("next stop-in-cssr", "stop cssr-n", "unrest sn")
    st = t.st
    assert st.factory[t.city("cssr-n")] == board.NONE and st.lines[(t.site("dresden/cssr-n") - 1000) // 2] == 0
    assert st.factory[t.city("cssr-s")] == board.WORKING and st.socialism == -2


def test_police_cards_and_their_use(table):
    t = table().clear_board().unrest(sn=3)
    _event(t, EAST, "5")
    t.run("next police-red")  # then the calm icon: Sachsen 3 -> 2
    assert t.st.police == ["red"] and t.st.prestige == 1
    t.turn(EAST, display=("1",))
    assert "police sn" in t.legal
    t.run("police sn")
    assert t.st.unrest[t.p("sn")] == 1 and t.st.police_used == 1 and "police sn" not in t.legal
    t = table().clear_board()
    _event(t, WEST, "15")  # a dual police card triggered by West still arms East (unless ignored)
    t.run("ignore nothing", "next police-pink")
    assert t.st.police == ["pink"]


def test_wall_and_its_fall(table):
    t = table().clear_board()
    t.st.special = "ii"
    t.turn(EAST)
    t.st.deck = []
    t.run("take ii event")
    assert t.st.wall
    t = table().clear_board().unrest(sn=1)
    t.st.wall = True
    t.st.special = "iv-wall"
    t.st.police, t.st.police_used = ["red", "pink"], 1
    t.turn(EAST)
    t.st.deck = []
    t.run("take iv-wall event", "next wall-down", "next stasi-off", "return th", "calm sn")
    st = t.st
    assert not st.wall and st.stasi and st.police == [] and st.unrest[t.p("th")] == 1
    assert st.unrest[t.p("sn")] == 0 and st.prestige == 1 and st.socialism == 2
    _event(t, EAST, "49")
    assert t.st.police == []  # no police after the disbandment


def test_stasi_disbandment_returns_one_unrest_per_use_at_most_one_per_province(table):
    t = table().clear_board()
    t.st.police, t.st.police_used = ["red", "red", "pink"], 3
    t.st.special = "iv"
    t.turn(EAST)
    t.st.deck = []
    t.run("take iv event", "next stasi-off", "return sn")
    assert "return sn" not in t.legal
    t.run("return th", "return mv")
    assert [t.st.unrest[t.p(k)] for k in ("sn", "th", "mv")] == [1, 1, 1] and t.st.currency == -1


def test_guillaume_hand_swap(table):
    t = table().clear_board()
    t.st.hands = [["55", "56"], ["41"]]
    t.st.deck = ["70", "71"]
    t.turn(EAST, display=("50",), hand=("41",))
    t.run("take 50 event", "next guillaume", "look hand")
    assert "swap 41 55" in t.legal and t.st.view(EAST)["private"]["known"] == ["55", "56"]
    t.run("swap 41 56", "unrest he")
    st = t.st
    assert sorted(st.hands[WEST]) == ["41", "55"] and st.hands[EAST] == ["56"]
    assert st.view(WEST)["private"]["known"] == ["56"] and sorted(st.view(EAST)["private"]["known"]) == ["41", "55"]


def test_guillaume_deck_look_and_removal(table):
    t = table().clear_board()
    t.st.hands = [[], ["41"]]
    t.st.deck = ["70", "71", "72"]
    t.turn(EAST, display=("50",), hand=("41",))
    t.run("take 50 event", "next guillaume")  # West holds nothing: only the deck can be examined
    assert t.st.view(EAST)["private"]["deck_top"] == ["72", "71"]
    assert t.st.view(WEST)["private"]["deck_top"] == []
    t.run("remove 72", "unrest he")
    assert t.st.deck == ["70", "71"] and t.st.view(EAST)["private"]["deck_top"] == ["71"]
    assert t.st.out_seen[EAST] == ["72"]


def test_prestige_overflow_becomes_a_bonus_icon(table):
    t = table().clear_board().unrest(sn=2)
    t.st.prestige = 5
    _event(t, EAST, "4")  # two steps east from +5: one step overflows
    assert set(t.legal) == {"next unrest-west-in-wg", "next prestige-overflow-east-by-east"}
    t.run("next prestige-overflow-east-by-east")
    assert "calm sn" in t.legal and "unrest nrw" in t.legal and "unrest wb" in t.legal
    t.run("calm sn", "unrest he", "unrest he")
    assert t.st.prestige == 6 and t.st.unrest[t.p("sn")] == 1


def test_currency_overflow_lets_east_remove_unrest(table):
    t = table().clear_board().unrest(sn=2, th=1).factories("berlin")
    t.st.currency = 6
    _event(t, EAST, "29")
    t.run("next calm-east-by-east", "calm sn", "next calm-east-by-east", "calm th")
    assert t.st.unrest[t.p("sn")] == 1 and t.st.unrest[t.p("th")] == 0 and t.st.currency == 6


def test_coat_of_arms_icons_are_decided_by_that_state(table):
    t = table().clear_board()
    _event(t, WEST, "61")
    t.run("ignore nothing", "next unrest-west-by-east")
    assert t.st.to_act == EAST and "unrest nrw" in t.legal
    t.run("unrest nrw")
    assert t.st.to_act == WEST  # West picks the next icon again


def test_dual_cards_may_ignore_one_icon_or_one_arrow_step(table):
    t = table().clear_board().unrest(sn=2)
    _event(t, EAST, "30")
    assert set(t.legal) == {"ignore nothing", "ignore calm-east", "ignore currency", "ignore socialism"}
    t.run("ignore currency")
    assert t.st.currency == 1 and t.st.socialism == -1 and t.st.unrest[t.p("sn")] == 1
    t = table().clear_board().unrest(sn=2)
    _event(t, EAST, "30")
    t.run("ignore calm-east")
    assert t.st.currency == 2 and t.st.unrest[t.p("sn")] == 2


def test_icons_without_a_target_are_skipped(table):
    t = table().clear_board()
    _event(t, EAST, "46")
    t.run("next repair-east-in-eb", "next rundown-east")  # nothing to repair, nothing to run down
    assert t.st.ls[t.p("eb")] == 1 and t.st.to_act == WEST


def test_special_card_drawback(table):
    t = table().clear_board()
    t.st.special = "iii"
    t.st.deck = ["41", "42"]
    t.turn(EAST, hand=("55",))
    t.run("take iii event")
    assert set(t.legal) == {"discard 55", "west-draws"}
    t.run("west-draws", "ls mv", "ls mv")
    assert t.st.hands[WEST] == ["42"] and t.st.hands[EAST] == ["55"]
    assert t.st.ls[t.p("mv")] == 2 and t.st.currency == -2 and t.st.socialism == 2
    t = table(setup="2014").clear_board()
    t.st.special = "iii"
    t.st.deck = ["41"]
    t.turn(EAST, hand=("55",))
    t.run("take iii event")
    assert t.top == "free_living_standard"  # no drawback in the 2014 rules
