"""What each seat sees: own hand and row, others' counts, deterrents and exposed cards."""

import json

from realpolitik.engine import Rng
from realpolitik.games import get
from tests.games.nuclear_war.scenario import build


def test_view_shows_own_cards_and_only_counts_of_others():
    st = build(3, hands=[["saturn"] * 7, ["anti-s"] * 7, ["100mt"] * 7], draw=["10mt"] * 6)
    mine = st.view(0)
    assert mine["private"]["hand"].count("saturn") == 7
    assert mine["pending"]["actions"] and "place saturn" in mine["pending"]["actions"]
    text = json.dumps(mine)
    assert "anti-s" not in text and "100mt" not in text
    other = st.view(1)
    assert "pending" not in other and "saturn" not in json.dumps(other)
    assert other["waiting"] == "Player 1 places a card face down"
    assert other["public"]["players"][0]["hand"] == 8 and other["public"]["players"][0]["face_down"] == [None, None]


def test_draws_are_private_in_the_log():
    st = build(3, draw=["10mt", "saturn"])
    assert "You draw Saturn Missile." in st.view(0)["log"]
    assert "Player 1 draws a card." in st.view(1)["log"]
    assert "Saturn" not in json.dumps(st.view(None))


def test_population_values_are_private_and_net_change_public():
    st = build(3, people=[[25, 1], [10, 10], [5]], draw=["10mt"] * 3)
    assert st.view(0)["private"]["population_total"] == 26
    assert st.view(1)["public"]["players"][0]["population_cards"] == 2
    assert "26" not in json.dumps(st.view(1)["public"])


def test_determinize_keeps_the_seat_information_and_resamples_the_rest():
    game = get("nuclear-war")
    st = game.new_state(4, seed=3)
    rng = Rng(0)
    while not st.is_over() and st.ply < 30:
        st.apply(rng.choice(st.legal_actions()))
    world = st.determinize(0, Rng(99))
    assert world.hands[0] == st.hands[0] and world.queues[0] == st.queues[0] and world.pop[0] == st.pop[0]
    assert [len(h) for h in world.hands] == [len(h) for h in st.hands]
    assert sorted(world.draw + sum(world.hands[1:], [])) != [] and world.hands[1:] != st.hands[1:]
    assert not any(world.card(k).is_secret for h in world.hands for k in h)
    assert [sum(p) for p in world.pop] == [sum(p) for p in st.pop]


def test_the_attacker_is_asked_for_the_target_and_the_others_told_he_names_it():
    """Angriff: the player at war names the player he attacks — he is asked, the others wait."""
    st = build(3, queues=[["20mt", "propaganda-5"]] + [["propaganda-10", "10mt"]] * 2, face_up=["atlas", None, None],
               hands=[["propaganda-5"] * 7] * 3, draw=["propaganda-5"] * 20)
    st.apply("place propaganda-5")
    assert str(st.describe_pending(0)) == "name the target of your attack"
    assert str(st.describe_pending(1)) == str(st.describe_pending(2)) == "Player 1 names the target of its attack"


def test_the_prompt_names_what_the_target_is_chosen_for():
    """Kalter Krieg: a propaganda card face up is played against a player of one's choice."""
    st = build(3, queues=[["propaganda-5", "propaganda-5"]] * 3, hands=[["propaganda-5"] * 7] * 3,
               draw=["propaganda-5"] * 20)
    st.apply("place propaganda-5")
    assert str(st.describe_pending(0)) == "name the target of your propaganda"


def test_the_strategy_prompt_counts_the_two_face_down_cards():
    """Strategie wählen: each player places two cards face down, the first and the second."""
    st = get("nuclear-war").new_state(3, None, seed=3)  # a deal with no Secret to play first
    seat = st.to_act
    assert str(st.describe_pending(seat)) == "choose your strategy: place face-down card 1 of 2"
    st.apply(st.legal_actions()[0])
    assert str(st.describe_pending(seat)) == "choose your strategy: place face-down card 2 of 2"
