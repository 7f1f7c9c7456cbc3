"""The actions (the 2+2 rule book, §6): the base four for everybody, arms race and credit for superpowers,
the in-the-red restriction, the Soviet value reminder; values with icons (§7)."""

from __future__ import annotations

import pytest

from realpolitik.engine import IllegalAction
from realpolitik.games.wsdv import board

from .conftest import EAST_SEAT, USA, USSR, WEST_SEAT, card, deck_card

YELLOW = card("xy", colour="west", value=2)
RED = card("xr", colour="east", value=3)
BANNED = card("xb", colour="blue", value=2, arms_ban=True,
              icons=[{"icon": "space", "yellow": 1, "red": 1}])
INCOME = card("xi1", colour="dual", value=1, icons=[{"icon": "income", "side": "east", "amount": 2},
                                                    {"icon": "unrest", "side": "west"}])


def _uses(t, key):
    return sorted(a.split(" ")[2] for a in t.legal if a.startswith(f"take {key} "))


def test_six_uses_for_superpowers_four_for_german_states(table):
    for seat, want in ((USA, ["arms", "build", "calm", "credit", "event", "ls"]),
                       (WEST_SEAT, ["build", "calm", "event", "ls"]),
                       (USSR, ["arms", "build", "credit", "ls"]),  # no East build point to pay for calm
                       (EAST_SEAT, ["build", "ls"])):
        t = table().clear_board().unrest(he=1, sn=1).with_cards(YELLOW)
        t.turn(seat, display=("xy",))
        assert _uses(t, "xy") == want, seat


def test_superpowers_act_for_their_german_state(table):
    t = table().clear_board().unrest(he=2, by=1, sn=2).factories("berlin", "leipzig").with_cards(YELLOW, RED)
    t.turn(USA, display=("xy",))
    t.run("take xy calm")  # a Yellow Card: free for a yellow player
    assert set(t.legal) == {"calm he", "calm by"}
    t.run("calm he")
    assert t.st.unrest[t.p("he")] == 1 and t.st.to_act == USSR
    t.turn(USSR, display=("xy",))
    t.run("take xy calm")  # a foreign card: East pays a build point (Sachsen, the only unrest, is automatic)
    assert t.top == "dismantle" and all(a.startswith("dismantle ") for a in t.legal)
    t.run(t.legal[0])
    assert t.st.unrest[t.p("sn")] == 1 and sum(t.st.factory[t.city(k)] for k in ("berlin", "leipzig")) == 1
    t.turn(USA, display=("xr",))
    t.run("take xr build")
    assert t.top == "build" and all(t.c.city_side[t.c.site_index[a.split(" ")[1]]] == 0
                                    for a in t.legal if a.startswith("build ") and "/" not in a)


def test_arms_race_example(table):
    # Decade 2: the Soviet Union engages in the arms race, moves the marker 1 in its favour and draws
    # the arms-race card; the red column of decade 2 says: pay $1.
    example = deck_card("ex", usa=[[], [{"icon": "dove"}], [], []],
                        ussr=[[], [{"icon": "pay", "side": "east", "amount": 1}], [], []])
    t = table().clear_board().with_cards(YELLOW).with_deck("arms", example, deck_card("a-other", [[]] * 4, [[]] * 4))
    t.st.decade = 2
    t.turn(USSR, display=("xy",))
    t.run("take xy arms")
    st = t.st
    assert st.arms == 1 and st.treasury == [6, 5] and st.doves == 6
    assert st.arms_last == "ex" and st.arms_deck == ["a-other"] and st.to_act == WEST_SEAT


def test_arms_race_ban_and_end_of_track(table):
    t = table().clear_board().with_cards(BANNED, YELLOW)
    t.turn(USA, display=("xb", "xy"))
    assert "take xb arms" not in t.legal and "take xy arms" in t.legal
    with pytest.raises(IllegalAction, match="ban on arms race"):
        t.st.apply("take xb arms")
    t.st.arms = -t.c.arms.spaces
    t.turn(USA, display=("xy",))
    assert "take xy arms" not in t.legal
    t.turn(USSR, display=("xy",))
    assert "take xy arms" in t.legal


def test_arms_race_reminder_costs_a_dollar_per_step(table):
    t = table().clear_board().with_cards(YELLOW).with_deck("arms", deck_card("e", [[]] * 4, [[]] * 4))
    t.st.arms_cost = 1
    t.turn(USA, display=("xy",))
    t.run("take xy arms")
    assert t.st.arms == -1 and t.st.treasury == [5, 6]


def test_credit_adds_the_card_value(table):
    t = table().clear_board().with_cards(RED)
    t.turn(USSR, display=("xr",))
    t.run("take xr credit")
    assert t.st.treasury == [6, 9]
    t.turn(WEST_SEAT, display=("xr",))
    with pytest.raises(IllegalAction, match="Only a superpower"):
        t.st.apply("take xr credit")


def test_in_the_red_only_credit_or_an_income_event(table):
    t = table().clear_board().unrest(sn=2).with_cards(RED, INCOME, YELLOW)
    t.st.treasury[1] = -1
    t.st.special = "xi"
    t.turn(USSR, display=("xr", "xi1"), hand=("xy",))
    assert set(t.legal) == {"take xr credit", "take xi1 credit", "take xi1 event", "play xy credit",
                            "take 75 credit", "take 76 credit"}
    assert "in the red" in t.st.view(USSR)["pending"]["prompt"]
    with pytest.raises(IllegalAction, match="in the red"):
        t.st.apply("take xr build")
    t.run("take xi1 event", "ignore nothing", "next income-ussr-2", "unrest he")
    assert t.st.treasury[1] == 1
    t.turn(USSR, display=("xr",))
    assert "take xr build" in t.legal and "take xi event" in t.legal  # out of the red again


def test_the_soviet_value_reminder(table):
    t = table().clear_board().factories("leipzig", "dresden", "berlin").with_cards(RED)
    t.st.soviet_penalty = True
    t.turn(USSR, display=("xr",))
    t.run("take xr build")
    assert t.top == "build" and t.st.stack[-1].points == 2  # value 3 - 1
    t.turn(EAST_SEAT, display=("xr",))  # East is not affected
    t.run("take xr build")
    assert t.st.stack[-1].points == 3
    low = card("xl", colour="east", value=1)
    t = table().clear_board().with_cards(low)
    t.st.soviet_penalty = True
    t.factories("leipzig", "dresden", "karl-marx-stadt")
    t.st.lines[t.c.site_index["leipzig/dresden"] - 1000 >> 1] = 1
    t.st.lines[(t.c.site_index["dresden/karl-marx-stadt"] - 1000) >> 1] = 1
    board.changed(t.st)
    t.turn(USSR, display=("xl",))
    t.run("take xl ls")
    assert t.st.stack[-1].points == 0 and "ls sn" in t.legal  # value 0: living standard where the economy allows


def test_value_icon_example(table):
    # East builds with a value 2 that shows a black conflict icon and a crossed-out dove below it:
    # after the action the Soviet Union (the superpower of the active side) draws a conflict card
    # and a peace dove is flipped.
    example = card("xv", colour="east", value=2, icons=[{"icon": "unrest", "side": "west"}],
                   value_icons=[{"icon": "conflict", "side": "active"}, {"icon": "dove"}])
    conflict = deck_card("cx", usa=[[{"icon": "pay", "side": "west", "amount": 1}]],
                         ussr=[[{"icon": "pay", "side": "east", "amount": 2}]])
    t = table().clear_board().factories("leipzig").with_cards(example).with_deck("conflict", conflict)
    t.turn(EAST_SEAT, display=("xv",))
    t.run("take xv build", "build dresden", "build leipzig/dresden")
    assert t.top == "next_effect"  # the active player orders the value's icons
    t.run("next conflict-active")  # the dove is left alone: it follows at once
    st = t.st
    assert st.treasury == [6, 4] and st.conflict_last == "cx" and st.doves == 5 and st.to_act != EAST_SEAT


def test_conflict_icon_right_of_the_value_only_for_its_colour(table):
    nato = card("xn", colour="west", value=3, value_conflict="east")
    conflict = deck_card("cx", usa=[[{"icon": "pay", "side": "west", "amount": 1}]],
                         ussr=[[{"icon": "pay", "side": "east", "amount": 1}]])
    t = table().clear_board().with_cards(nato).with_deck("conflict", conflict)
    t.turn(USA, display=("xn",))
    t.run("take xn credit")
    assert t.st.treasury == [9, 6] and t.st.conflict_last == ""  # a yellow player: no red conflict
    t.turn(USSR, display=("xn",))
    t.run("take xn credit")
    assert t.st.treasury == [9, 8] and t.st.conflict_last == "cx"  # +3, then the conflict card's -1


def test_black_card_values_collect_a_peacemaker_and_events_do_not(table):
    black = card("xk", colour="black", value=2, icons=[{"icon": "dove"}],
                 value_icons=[{"icon": "peacemaker"}])
    t = table().clear_board().with_cards(black)
    t.turn(WEST_SEAT, display=("xk",))
    t.run("take xk ls")  # nowhere to place living standard: the action ends at once
    assert t.st.peacemakers[WEST_SEAT] == ["xk"] and "xk" not in t.st.played
    t.turn(EAST_SEAT, display=("xk",))
    t.run("take xk event")
    assert t.st.peacemakers[EAST_SEAT] == [] and t.st.doves == 5
