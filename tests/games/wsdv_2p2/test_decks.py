"""Arms-race and conflict decks (the 2+2 rule book, §8): decade × column, reshuffle, what the view shows."""

from __future__ import annotations

from .conftest import USA, USSR, WEST_SEAT, card, deck_card

YELLOW = card("xy", colour="west", value=2)


def test_conflict_card_example(table):
    # The Soviet Union draws the conflict card; the red column is in effect: dominance 2 to the left.
    example = deck_card("ex", usa=[[{"icon": "dominance", "red": 1}]], ussr=[[{"icon": "dominance", "yellow": 2}]])
    war = card("xw", "dual", icons=[{"icon": "conflict", "side": "east"}])
    t = table().clear_board().with_cards(war).with_deck("conflict", example)
    t.turn(WEST_SEAT, display=("xw",))
    t.run("take xw event", "ignore nothing")
    assert t.st.dominance == -2 and t.st.conflict_last == "ex" and t.st.conflict_used == ["ex"]


def test_the_yellow_column_is_the_usas_and_the_row_is_the_decade(table):
    grid = deck_card("g", usa=[[{"icon": "pay", "side": "west", "amount": d}] for d in (1, 2, 3, 4)],
                     ussr=[[{"icon": "pay", "side": "east", "amount": d}] for d in (1, 2, 3, 4)])
    for decade in (1, 2, 3, 4):
        for seat in (USA, USSR):
            t = table().clear_board().with_cards(YELLOW).with_deck("arms", grid)
            t.st.decade = decade
            t.turn(seat, display=("xy",))
            t.run("take xy arms")
            expected = [6, 6]
            expected[seat] -= decade
            assert t.st.treasury == expected


def test_reshuffle_cards_rebuild_the_deck_after_their_effects(table):
    shuffle = deck_card("r", [[{"icon": "pay", "side": "west", "amount": 1}]] * 4, [[]] * 4, reshuffle=True)
    other = deck_card("o", [[]] * 4, [[]] * 4)
    t = table().clear_board().with_cards(YELLOW).with_deck("arms", other, shuffle,
                                                           other.model_copy(update={"key": "p"}))
    t.turn(USA, display=("xy",))
    t.run("take xy arms")
    t.turn(USA, display=("xy",))
    t.run("take xy arms")
    st = t.st
    assert st.treasury[0] == 5 and st.arms_used == [] and sorted(st.arms_deck) == ["o", "p", "r"]
    assert st.arms_last == "r" and "The arms-race deck is reshuffled." in st.log.redacted(None, 0)


def test_the_view_shows_the_deck_count_and_the_last_card_only(table):
    t = table().clear_board().with_cards(YELLOW)
    t.turn(USSR, display=("xy",))
    t.run("take xy arms")
    while t.st.stack[-1].tag != "turn":
        t.run(t.legal[0])
    view = t.st.view(USA)["public"]["cold_war"]
    assert view["arms_deck"] == {"count": 9, "last": t.st.arms_last}
    assert view["conflict_deck"] == {"count": 10, "last": None}
    text = repr(t.st.view(None)["public"])
    assert not any(f"'{k}'" in text for k in t.st.arms_deck)  # not the cards still to come
