"""Cards in hand, seen and put away (spec §3.2, §6.7, the rule book's "The cards" and "The Guillaume
affair"): who knows which card where, on exact positions built by hand."""

from __future__ import annotations

from realpolitik.games.wsdv.content import EAST, WEST
from realpolitik.games.wsdv.sequence import Discard


def test_a_card_west_saw_go_to_east_is_forgotten_once_east_discards_it(table):
    """§6.7: after the spy's swap West knows East holds card 56; §3.2: East then discards it face down
    at the next decade's start — "cards put away face down only their owner knows", so West no
    longer knows of any East hand card."""
    t = table().clear_board()
    t.st.hands = [["55", "56"], ["41"]]
    t.st.deck = ["70", "71"]
    t.turn(EAST, display=("50",), hand=("41",))
    t.run("take 50 event", "next guillaume", "look hand", "swap 41 56", "unrest he")
    assert t.st.view(WEST)["private"]["known"] == ["56"]
    t.push(Discard(EAST))
    t.run("discard 56")
    assert t.st.hands[EAST] == [] and t.st.view(WEST)["private"]["known"] == []
    assert sorted(t.st.view(EAST)["private"]["known"]) == ["41", "55"]  # East still knows West's hand


def test_the_spy_may_take_either_of_the_top_two_cards_of_the_draw_deck(table):
    """§6.7: East looks at the top 2 cards of the draw deck (72 on top, then 71) and may swap a hand card
    with either of them or take either out of the game; the third card (70) stays unseen. The card
    put back lies where the one taken lay."""
    t = table().clear_board()
    t.st.hands = [[], ["41"]]
    t.st.deck = ["70", "71", "72"]
    t.turn(EAST, display=("50",), hand=("41",))
    t.run("take 50 event", "next guillaume")  # West holds nothing: only the deck can be examined
    assert t.legal == ("swap 41 72", "swap 41 71", "remove 72", "remove 71", "nothing")
    t.run("swap 41 71")
    assert t.st.hands[EAST] == ["71"] and t.st.deck == ["70", "41", "72"]
    assert t.st.view(EAST)["private"]["deck_top"] == ["72", "41"]
