"""The Cold War's bounds, each at its exact edge: the treasury at $0 and below (the 2+2 rule book, §6.5–6.6), the
last step of the arms-race track (§6.5, the 2+2 board), a nuclear war whose trigger's ally collected the most
peacemakers (§11)."""

from __future__ import annotations

from realpolitik.games.wsdv.two_plus_two import cold_war

from .conftest import EAST_SEAT, USA, USSR, WEST_SEAT, card, deck_card

YELLOW = card("xy", colour="west", value=2)
QUIET = deck_card("q", [[]] * 4, [[]] * 4)


def _red(t) -> list[str]:
    return t.st.view(None)["public"]["cold_war"]["in_the_red"]


def test_a_treasury_at_zero_is_not_in_the_red(table):
    # §6.6: "A superpower is in the red, when its treasury becomes negative" — $0 is not negative: the USA keeps
    # all six uses of a card (§6), and the board shows nobody in the red
    t = table().clear_board().unrest(he=1).with_cards(YELLOW)
    t.st.treasury = [0, 6]
    t.turn(USA, display=("xy",))
    assert sorted(a.split(" ")[2] for a in t.legal if a.startswith("take xy ")) == [
        "arms", "build", "calm", "credit", "event", "ls"]
    assert _red(t) == []
    t.st.treasury = [6, -1]  # $-1: the Soviet Union is in the red, the USA ($6) is not
    assert _red(t) == ["ussr"]


def test_paying_a_treasury_down_to_zero_reads_zero_dollars(table):
    # §6.5, the treasuries: the USA pays $6 of its $6 — the marker stands on the space $0
    bill = card("xp", "west", icons=[{"icon": "pay", "side": "west", "amount": 6}])
    t = table().clear_board().with_cards(bill)
    t.turn(USA, display=("xp",))
    t.run("take xp event")
    assert t.st.treasury == [0, 6]
    assert t.st.log.redacted(None, 0)[-1] == "The USA pays $6 (treasury $0)."


def test_the_arms_race_goes_on_to_the_last_space_of_the_track(table):
    # §6.5: engaging in the arms race moves the marker 1 step in the superpower's favour; the printed track has
    # 7 spaces a side (6 and 7 its victory spaces): from space 6 the step to space 7 is still open, from 7 none
    t = table().clear_board().with_cards(YELLOW).with_deck("arms", QUIET, QUIET.model_copy(update={"key": "q2"}))
    t.st.arms = -6
    t.turn(USA, display=("xy",))
    assert "take xy arms" in t.legal
    t.run("take xy arms")
    assert t.st.arms == -7 and t.st.arms_last == "q"
    t.st.arms = 6
    t.turn(USSR, display=("xy",))
    assert "take xy arms" in t.legal
    t.run("take xy arms")
    assert t.st.arms == 7 and t.st.arms_last == "q2"
    t.turn(USSR, display=("xy",))
    assert "take xy arms" not in t.legal


def test_the_triggers_ally_wins_a_nuclear_war_when_it_alone_collected_the_most_peacemakers(table):
    # §11: the winner is the non-triggering player with the most peacemakers; the trigger's ally only loses a
    # tie. East presses the button, the Soviet Union (its ally) holds 3 peacemakers, West 1, the USA none.
    t = table().clear_board()
    st = t.st
    st.peacemakers = [[], ["x8", "x9", "x10"], ["x18"], []]
    st.doves = 0
    st.active = EAST_SEAT
    cold_war.flip_dove(st)
    assert st.button == EAST_SEAT and st.outcome().winners == (USSR,)
    assert WEST_SEAT not in st.outcome().winners
