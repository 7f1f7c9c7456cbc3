"""Hidden information in 2+2: hands per seat (partners included), the prepared stacks, the decks."""

from __future__ import annotations

import json

from realpolitik.engine import Rng
from realpolitik.games import get

from .conftest import EAST_SEAT, USA, USSR, WEST_SEAT


def test_hands_are_private_even_between_partners():
    st = get("wsdv-2p2").new_state(4, {"table_talk": "partners"}, 9)
    for seat in range(4):
        view = st.view(seat)
        assert view["private"]["hand"] == sorted(st.hands[seat], key=lambda k: (len(k), k))
        text = json.dumps(view["private"]) + json.dumps(view["log"])
        for other in range(4):
            if other != seat:
                assert not any(f'"{k}"' in json.dumps(view["private"]) for k in st.hands[other])
        own = [line for line in view["log"] if line.startswith("You draw")]
        assert len(own) == 1 and all(f"{k.upper()} " in own[0] for k in st.hands[seat])
        assert '"' + st.unseen[0] + '"' not in text
    assert st.view(None)["public"]["hands"] == {"usa": [1, 1], "ussr": [1, 1], "west": [1, 1], "east": [1, 1]}


def test_nobody_sees_the_prepared_stacks_or_the_deck_order():
    st = get("wsdv-2p2").new_state(4, {}, 9)
    spectator = json.dumps(st.view(None))
    for key in st.prepared[0] + st.prepared[1] + st.unseen + st.arms_deck + st.conflict_deck:
        assert f'"{key}"' not in spectator
    assert st.view(None)["public"]["cold_war"]["prepared"] == [3, 3]


def test_determinize_resamples_the_unseen_and_keeps_the_seen():
    st = get("wsdv-2p2").new_state(4, {}, 9)
    changed = {"hands": False, "prepared": False, "arms": False}
    for s in range(12):
        world = st.determinize(WEST_SEAT, Rng(s))
        assert world.hands[WEST_SEAT] == st.hands[WEST_SEAT] and world.display == st.display
        assert world.view(WEST_SEAT) == st.view(WEST_SEAT)
        assert sorted(world.prepared[0] + world.prepared[1] + world.unseen) == sorted(
            st.prepared[0] + st.prepared[1] + st.unseen)
        assert sorted(world.arms_deck) == sorted(st.arms_deck)
        changed["hands"] |= world.hands[USA] != st.hands[USA]  # the partner's hand too
        changed["prepared"] |= world.prepared != st.prepared
        changed["arms"] |= world.arms_deck != st.arms_deck
    assert all(changed.values())


def test_a_next_decade_card_stays_hidden_and_is_resampled_within_its_decade(table):
    t = table().clear_board()
    st = t.st
    st.space = 2
    st.hands = [["1"], ["2"], ["3"], ["4"]]
    t.phase("space_race")
    bonus = next(k for k in st.hands[USSR] if st.card(k).decade == 2)
    for s in range(6):
        world = st.determinize(EAST_SEAT, Rng(s))
        assert sorted(world.card(k).decade for k in world.hands[USSR]) == [1, 2]
        assert world.view(EAST_SEAT) == st.view(EAST_SEAT)
    assert any(bonus not in st.determinize(EAST_SEAT, Rng(s)).hands[USSR] for s in range(6))
    assert all(bonus in st.determinize(USSR, Rng(s)).hands[USSR] for s in range(3))
