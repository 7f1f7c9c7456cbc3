"""Set-up, the three sub-decades, the automatic event's place, turn order (the 2+2 rule book, §3, §4, §5)."""

from __future__ import annotations

import pytest

from realpolitik.engine import IllegalAction
from realpolitik.games import get
from realpolitik.games.wsdv.sequence import StartDecade
from realpolitik.games.wsdv.two_plus_two import sequence
from realpolitik.games.wsdv.two_plus_two.sequence import SubDecadeEnd, Turn

from .conftest import EAST_SEAT, USA, USSR, WEST_SEAT, card


def test_set_up():
    st = get("wsdv-2p2").new_state(4, {}, 3)
    c = st.content
    assert st.seats == ("usa", "ussr", "west", "east")
    assert get("wsdv-2p2").teams(4) == (0, 1, 0, 1)
    assert st.treasury == [6, 6] and (st.arms, st.space, st.dominance) == (0, 0, 0) and st.doves == 6
    assert sorted(st.arms_deck) == sorted(c.arms_deck) and sorted(st.conflict_deck) == sorted(c.conflict_deck)
    assert st.order == [USA, USSR, WEST_SEAT, EAST_SEAT] and st.to_act == USA and st.stack[-1] == Turn(USA)
    assert all(len(h) == 2 for h in st.hands)
    assert all(st.card(k).decade == 1 and not k.startswith("x") for h in st.hands for k in h)
    base = [k for k in st.display if not k.startswith("x")]
    extra = [k for k in st.display if k.startswith("x")]
    assert len(base) == 3 and len(extra) == 3 and st.special == "xi"  # the 2+2 special card
    assert [len(p) for p in st.prepared] == [3, 3] and len(st.unseen) == 1
    assert sorted(extra + st.prepared[0] + st.prepared[1] + st.unseen) == sorted(c.expansion_cards[1])
    assert len(st.deck) == 20 - 8 - 3
    assert st.eod == -1 and [p.__name__ for p in st.PHASES[:4]] == ["arms_race", "space_race", "dominance", "flight"]


PAY = card("xpay", icons=[{"icon": "pay", "side": "west", "amount": 1}])


def test_sub_decade_ends_with_one_normal_card_whose_event_runs_automatically(table):
    t = table(seed=2).with_cards(PAY)
    st = t.st
    b = list(st.prepared[0])
    special = st.special
    st.hands = [["1", "2"], ["3"], ["4"], []]  # hand cards do not keep a sub-decade going
    t.turn(WEST_SEAT, display=("x1", "xpay"), spare=())
    t.run("take x1 build", "done")
    assert "xpay" in st.history and st.treasury[0] == 5  # the automatic event: the USA pays $1
    assert "Automatic event: XPAY" in " ".join(st.log.redacted(None, 0))
    # sub-decade B: the 3 prepared 2+2 cards and 3 from the draw deck; the special card stays
    assert st.half == 2 and st.special == special and st.prepared[0] == []
    assert sorted(k for k in st.display if k.startswith("x")) == sorted(b)
    assert len([k for k in st.display if not k.startswith("x")]) == 3
    # the player who would have acted next in sub-decade A begins
    assert st.stack[-1] == Turn(st.order[(st.order.index(WEST_SEAT) + 1) % 4])


def test_sub_decade_c_has_one_card_more_and_then_the_decade_ends(table):
    t = table(seed=3).with_cards(PAY)
    st = t.st
    c = list(st.prepared[1])
    st.half = 2
    st.prepared[0] = []
    st.display = ["xpay"]
    st.turn = 0
    t.push(SubDecadeEnd())
    assert st.half == 3 and sorted(k for k in st.display if k.startswith("x")) == sorted(c)
    assert len([k for k in st.display if not k.startswith("x")]) == 4
    assert st.stack[-1] == Turn(st.order[1])
    st.display = ["xpay"]
    deck = len(st.deck)
    t.push(SubDecadeEnd())
    assert deck and st.deck == [] and st.special is None and st.display == []
    log = " ".join(st.log.redacted(None, 0))
    assert st.eod >= 0 and all(f"phase {i}: {p}" in log for i, p in (
        (1, "arms race"), (2, "space race"), (3, "dominance"), (4, "flight"), (5, "prestige")))


def test_decade_two_deals_new_displays_and_keeps_older_hand_cards_unless_discarded(table):
    t = table(seed=6).clear_board()
    st = t.st
    st.hands = [["1"], ["2", "3"], [], ["4"]]
    st.stack = [StartDecade()]
    st.advance()
    assert st.decade == 2 and st.to_act == USA and st.stack[-1].tag == "discard"
    assert set(st.legal_actions()) == {"discard 1", "keep"}
    st.apply("discard 1")
    assert st.to_act == USSR
    st.apply("keep")
    st.apply("keep")
    assert st.special == "xii" and all(len(h) == 2 for h in st.hands)
    assert st.hands[USSR][:2] == ["2", "3"] and "1" in st.out_seen[USA]
    assert len([k for k in st.display if k.startswith("x")]) == 3


def test_only_red_players_may_take_the_special_card(table):
    for seat, allowed in ((USA, False), (USSR, True), (WEST_SEAT, False), (EAST_SEAT, True)):
        t = table().clear_board()
        t.st.special = "xi"
        t.turn(seat, display=("21",))
        takes = [a for a in t.legal if a.startswith("take xi")]
        assert takes == (["take xi event"] if allowed else [])
    t = table().clear_board()
    t.st.special = "xi"
    t.turn(WEST_SEAT, display=("21",))
    with pytest.raises(IllegalAction, match="Only a red player may take the special card"):
        t.st.apply("take xi event")
    with pytest.raises(IllegalAction, match="Only a red player"):
        t.st.apply("take xi build")


def test_decade_three_deck_fallback_brings_an_unplayed_decade_two_card(table):
    t = table().clear_board()
    st = t.st
    st.decade = 3
    st.history = [k for k in st.content.decade_cards[2] if k != "33"]
    st.deck = []
    assert sequence.draw_card(st) == "33"
    assert "unplayed decade II card" in st.log.redacted(None, 0)[-1]
    st.decade = 2
    assert sequence.draw_card(st) is None  # only decade III has the fallback


# ====================================================================== turn order (§5)


def _order(table, prestige=0, dominance=0, space=0, arms=0):
    t = table()
    st = t.st
    st.decade = 2
    st.prestige, st.dominance, st.space, st.arms = prestige, dominance, space, arms
    return [st.seats[s] for s in sequence.turn_order(st)]


def test_turn_order_example(table):
    # prestige 2 steps in East's favour, dominance on its start space, the USA ahead in the space race
    assert _order(table, prestige=2, dominance=0, space=-1) == ["east", "usa", "ussr", "west"]


def test_turn_order_tiebreakers(table):
    assert _order(table) == ["usa", "ussr", "west", "east"]  # everything level: superpowers, then West; USA first
    assert _order(table, arms=1) == ["ussr", "usa", "west", "east"]  # the arms race decides a level space race
    assert _order(table, space=1, arms=-3) == ["ussr", "usa", "west", "east"]  # the space race first
    assert _order(table, dominance=-1) == ["usa", "west", "east", "ussr"]  # +1, 0, 0, -1
    assert _order(table, dominance=2, prestige=-2) == ["ussr", "west", "usa", "east"]
    assert _order(table, dominance=1, prestige=1) == ["ussr", "east", "usa", "west"]  # a superpower wins a tie
    assert _order(table, dominance=-3, prestige=5) == ["east", "usa", "ussr", "west"]


def test_decade_one_order_is_fixed(table):
    st = table().st
    st.prestige, st.dominance = 3, 3
    assert sequence.turn_order(st) == [USA, USSR, WEST_SEAT, EAST_SEAT]
