"""Spielzug: draw, place a third card face down, reveal the first; propaganda, carriers, deterrents."""

import pytest

from realpolitik.engine import IllegalAction
from realpolitik.games import get
from realpolitik.games.nuclear_war.combat import NameTarget
from realpolitik.games.nuclear_war.sequence import ChooseStrategy, PlaceCard
from tests.games.nuclear_war.scenario import build, logged, others_pass


def test_turn_draws_to_ten_places_third_and_reveals_first():
    st = build(3, hands=[["atlas"] + ["10mt"] * 6] * 3, queues=[["propaganda-5", "polaris"]] * 3,
               draw=["10mt"] * 5 + ["20mt"])
    assert st.to_act == 0 and isinstance(st.stack[-1], PlaceCard)
    assert sorted(st.hands[0]) == sorted(["atlas", "20mt"] + ["10mt"] * 6)  # drew one: 8 + 2 = 10
    st.apply("place atlas")
    assert st.queues[0] == ["polaris", "atlas"]
    assert "Player 1 reveals Propaganda: 5 Million." in logged(st)
    assert st.stack[-1] == NameTarget(0, "propaganda", "propaganda-5")


def test_secret_drawn_in_a_turn_is_played_at_once_and_replaced():
    st = build(3, draw=["20mt", "disastrous-earthquake"], people=[[25], [25], [25]])
    assert st.stack[-1] == NameTarget(0, "secret", "disastrous-earthquake")
    st.apply("target p3")
    assert st.population(2) == 15
    assert "20mt" in st.hands[0] and "disastrous-earthquake" in st.discard
    assert st.stack[-1] == PlaceCard(0)


def test_propaganda_in_peace_takes_people_from_the_chosen_opponent():
    st = build(3, queues=[["propaganda-10", "10mt"]] + [["10mt", "10mt"]] * 2, draw=["10mt"] * 3,
               people=[[25], [25, 25], [10, 5]])
    st.apply("place 10mt")
    st.apply("target p2")
    assert st.population(1) == 40 and st.population(0) == 35
    assert st.net == [10, -10, 0]
    assert "propaganda-10" in st.discard


def test_propaganda_in_war_is_worthless():
    st = build(3, queues=[["propaganda-25", "10mt"]] + [["10mt", "10mt"]] * 2, draw=["10mt"] * 3, war=True)
    st.apply("place 10mt")
    assert "worthless" in logged(st)
    assert [st.population(s) for s in range(3)] == [50, 50, 50]
    assert st.to_act == 1  # no target was asked for


def test_carrier_waits_and_is_discarded_when_no_matching_warhead_follows():
    st = build(3, queues=[["atlas", "50mt"]] + [["10mt", "10mt"]] * 2, draw=["10mt"] * 6)
    st.apply("place 10mt")
    assert st.face_up[0] == "atlas"
    others_pass(st, 0)
    st.apply("place 10mt")  # reveals the 50 MT: too big for an Atlas (20 MT)
    assert st.face_up[0] is None
    assert st.discard.count("atlas") == 1 and "50mt" in st.discard
    assert not st.at_war


def test_a_new_carrier_replaces_the_waiting_one():
    st = build(3, queues=[["atlas", "polaris"]] + [["10mt", "10mt"]] * 2, draw=["10mt"] * 6)
    st.apply("place 10mt")
    others_pass(st, 0)
    st.apply("place 10mt")
    assert st.face_up[0] == "polaris" and "atlas" in st.discard


def test_warhead_without_carrier_and_anti_missile_from_the_row_are_discarded():
    st = build(3, queues=[["20mt", "anti-a"]] + [["10mt", "10mt"]] * 2, draw=["10mt"] * 6)
    st.apply("place 10mt")
    assert "20mt" in st.discard and not st.at_war
    others_pass(st, 0)
    st.apply("place 10mt")
    assert "anti-a" in st.discard


def test_deterrent_force_one_or_two_cards_still_hand_cards():
    st = build(3, hands=[["anti-a", "50mt", "saturn", "10mt", "10mt", "10mt", "10mt"]] * 3, draw=["10mt"] * 6)
    st.apply("show 50mt")
    st.apply("show saturn")
    assert sorted(st.shown[0]) == ["50mt", "saturn"]
    legal = st.legal_actions()
    assert not any(a.startswith(("show", "hide")) for a in legal)  # two moves used this turn
    with pytest.raises(IllegalAction, match="two cards"):
        st.apply("hide saturn")
    pub = st.view(1)["public"]["players"][0]
    assert pub["deterrent"] == ["50mt", "saturn"] and pub["hand"] == 8
    assert "place shown saturn" in legal
    st.apply("place shown saturn")
    assert st.queues[0][-1] == "saturn" and st.exposed[0] == [False, True]
    assert st.view(2)["public"]["players"][0]["face_down"] == [None, "saturn"]


def test_deterrent_zone_holds_at_most_two():
    st = build(3, shown=[["anti-a", "50mt"], [], []], draw=["10mt"] * 6)
    assert not any(a.startswith("show ") for a in st.legal_actions())
    st.apply("hide 50mt")
    assert "show 10mt" in st.legal_actions()


def test_lose_a_turn_from_summit_talk():
    st = build(3, queues=[["10mt", "10mt"]] * 3, draw=["10mt"] * 4 + ["summit-talk"])
    st.apply("target p2")
    assert st.skips == [0, 1, 0]
    st.apply("place 10mt")
    assert st.to_act == 2 and "Player 2 loses this turn." in logged(st)
    assert st.skips == [0, 0, 0]


def test_empty_draw_pile_is_refilled_from_the_discards():
    st = build(3, draw=[], discard=["20mt"])
    assert "20mt" in st.hands[0] and st.discard == []
    assert "shuffled into a new draw pile" in logged(st)


def test_refill_option_draw_one():
    hands = [["10mt"] * 4] * 3
    st = build(3, hands=hands, draw=["10mt"] * 9)
    assert len(st.hands[0]) == 8  # 4 + 2 face down, drawn up to ten
    st = build(3, hands=hands, draw=["10mt"] * 9, options={"refill": "draw-one"})
    assert len(st.hands[0]) == 5


def test_refused_actions_explain_themselves():
    st = build(3, draw=["10mt"] * 3)
    with pytest.raises(IllegalAction, match="no card called 'nuke'"):
        st.apply("place nuke")
    with pytest.raises(IllegalAction, match="It is Player 1's decision, not Player 2's"):
        st.apply("place 10mt", seat=1)
    with pytest.raises(IllegalAction, match="Player 1 must show or take back"):
        st.apply("target p2")


@pytest.mark.parametrize("seed", range(12))
def test_the_opening_goes_round_every_seat_whoever_begins(seed):
    """Spielbeginn: the first player plays his Secrets and Top Secrets and draws back to nine, then the
    player to his left, and so on round the table until nobody holds one — also when the first player
    is not the first seat."""
    st = get("nuclear-war").new_state(3, {"first_player": "random"}, seed=seed)
    while not isinstance(st.stack[-1], ChooseStrategy):
        st.apply(st.legal_actions()[0])
    kinds = [st.content.cards[k].kind for hand in st.hands for k in hand]
    assert "secret" not in kinds and "top-secret" not in kinds


def test_showing_and_taking_back_deterrents_are_logged_as_such():
    """Abschreckungskräfte: as part of his turn a player lays one or two cards face up in his deterrent
    force, and they stay part of his hand: taking one back is said as such."""
    st = build(3, hands=[["20mt", "atlas"] + ["propaganda-5"] * 5] * 3, shown=[["10mt"], [], []],
               draw=["propaganda-5"] * 20)
    st.apply("hide 10mt")
    st.apply("show 20mt")
    assert logged(st).splitlines()[-2:] == ["Player 1 takes back 10 Megaton Warhead from its deterrent force.",
                                            "Player 1 shows 20 Megaton Warhead in its deterrent force."]


@pytest.mark.parametrize("action,reason", [
    ("target p9", "There is no player 'p9'."),
    ("target p2", "p2 is not an opponent you can choose now."),
    ("place shown nosuch", "There is no card called 'nosuch'."),
    ("intercept anti-a", "'intercept anti-a' is not possible now."),
])
def test_a_wrong_action_while_placing_is_refused_with_its_reason(action, reason):
    st = build(3, hands=[["20mt", "atlas"] + ["propaganda-5"] * 5] * 3, shown=[["10mt"], [], []],
               draw=["propaganda-5"] * 20)
    with pytest.raises(IllegalAction) as refused:
        st.apply(action)
    assert str(refused.value).startswith(reason)
