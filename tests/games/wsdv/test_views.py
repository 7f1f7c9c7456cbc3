"""Hidden information: hands, what a spy saw, face-down discards (engine contract)."""

from __future__ import annotations

import json

from realpolitik.engine import Rng
from realpolitik.games.wsdv.content import EAST, WEST
from realpolitik.games.wsdv.sequence import Discard


def test_hands_are_private_and_card_backs_public(table):
    t = table()
    st = t.st
    west, east = st.view(WEST), st.view(EAST)
    assert west["private"]["hand"] == sorted(st.hands[WEST], key=lambda k: (len(k), k))
    assert east["private"]["hand"] == sorted(st.hands[EAST], key=lambda k: (len(k), k))
    assert west["public"]["hands"] == {"west": [1, 1], "east": [1, 1]}
    spectator = json.dumps(st.view(None))
    assert all(f'"{k}"' not in json.dumps(west["private"]) for k in st.hands[EAST])
    assert st.view(None)["private"] is None and "pending" not in st.view(EAST) and '"hand"' not in spectator


def test_private_log_lines(table):
    t = table()
    st = t.st
    drawn_east = [e for e in st.view(EAST)["log"] if e.startswith("You draw")]
    assert len(drawn_east) == 1 and all(k.upper() in drawn_east[0] for k in st.hands[EAST])
    assert not [e for e in st.view(WEST)["log"] if any(k.upper() + " " in e for k in st.hands[EAST]) and "draw" in e]


def test_determinize_resamples_only_what_the_seat_cannot_know(table):
    t = table()
    st = t.st
    world = st.determinize(WEST, Rng(5))
    assert world.hands[WEST] == st.hands[WEST] and world.display == st.display
    assert sorted(world.hands[EAST] + world.deck) == sorted(st.hands[EAST] + st.deck)
    changed = any(st.determinize(WEST, Rng(s)).hands[EAST] != st.hands[EAST] for s in range(10))
    assert changed


def test_what_the_spy_saw_stays_fixed_for_east(table):
    t = table().clear_board()
    st = t.st
    st.decade = 3
    st.hands = [["55", "56"], ["41"]]
    st.deck = ["57", "58", "59", "60"]
    t.turn(EAST, display=("50",), hand=("41",))
    t.run("take 50 event", "next guillaume", "look hand", "nothing", "unrest he")
    for s in range(8):
        world = st.determinize(EAST, Rng(s))
        assert sorted(world.hands[WEST]) == ["55", "56"]
        assert world.view(EAST)["private"] == st.view(EAST)["private"]
    assert any(sorted(st.determinize(WEST, Rng(s)).hands[EAST]) != ["41"] for s in range(8))


def test_seen_deck_cards_stay_on_top_for_east_only(table):
    t = table().clear_board()
    st = t.st
    st.decade = 3
    st.hands = [[], ["41"]]
    st.deck = ["57", "58", "59", "60"]
    t.turn(EAST, display=("50",), hand=("41",))
    t.run("take 50 event", "next guillaume", "nothing", "unrest he")
    for s in range(5):
        assert st.determinize(EAST, Rng(s)).deck[-2:] == ["59", "60"]
    assert any(st.determinize(WEST, Rng(s)).deck[-2:] != ["59", "60"] for s in range(8))


def test_face_down_discards_are_known_to_their_owner_only(table):
    t = table()
    st = t.st
    st.hands[EAST] = ["1", "2", "3"]
    st.decade = 1
    st.stack = [Discard(EAST)]
    st._legal = None
    t.run("discard 2")
    for s in range(5):
        world = st.determinize(EAST, Rng(s))
        assert "2" not in world.hands[EAST] + world.hands[WEST] + world.deck
    assert st.view(EAST)["private"]["set_aside"] == ["2"] and st.view(WEST)["private"]["set_aside"] == []


def test_waiting_words_do_not_name_hidden_cards(table):
    t = table()
    st = t.st
    words = st.view(EAST)["waiting"]
    assert all(k not in words.split() for k in st.hands[WEST])
    assert "pending" in st.view(WEST) and "pending" not in st.view(EAST)
