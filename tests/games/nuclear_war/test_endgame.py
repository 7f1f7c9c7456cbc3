"""Kriegszustand, Finaler Gegenschlag and Sieg: elimination, retaliation chains, peace, the winner."""

import pytest

from realpolitik.engine import IllegalAction
from realpolitik.games.nuclear_war.aftermath import PeaceSwap
from realpolitik.games.nuclear_war.combat import FinalRetaliation, Intercept
from realpolitik.games.nuclear_war.sequence import PlaceCard
from tests.games.nuclear_war.scenario import build, logged

ARSENAL = ["atlas", "20mt", "polaris", "10mt", "propaganda-5", "propaganda-5", "propaganda-5"]


def hit_p2(p2_people, p2_hand, dice=(4, 0), p3_people=(25, 25), warhead="20mt", players=3, p1_people=(25, 25),
           **kw):
    """p1 fires an Atlas with ``warhead`` at p2 (no fallout modifier by default: a 20 MT card destroys 5 million)."""
    hands = [["propaganda-5"] * 7, list(p2_hand)] + [["propaganda-5"] * 7] * (players - 2)
    people = [list(p1_people), list(p2_people)] + [list(p3_people)] * (players - 2)
    st = build(players, queues=[[warhead, "propaganda-5"]] + [["propaganda-10", "10mt"]] * (players - 1),
               face_up=["atlas"] + [None] * (players - 1), hands=hands, people=people,
               draw=["propaganda-5"] * 20, dice=list(dice), **kw)
    st.apply("place propaganda-5")
    if players > 2:
        st.apply("target p2")
    st.apply("no intercept")
    return st


def test_war_begins_with_the_first_attack_and_peace_returns_with_an_elimination():
    st = hit_p2([5], ["propaganda-5"] * 7)
    assert not st.alive[1] and "Player 2 has lost its entire population" in logged(st)
    assert not st.at_war, "peace is restored when a player is eliminated"
    assert "peace is restored" in logged(st)
    # everyone with face-down cards may now change strategy, starting with the player whose turn it is
    assert st.stack[-1] == PeaceSwap(0, ())
    legal = st.legal_actions()
    assert "swap 1 propaganda-5" in legal and "swap 2 propaganda-5" in legal and "keep" in legal


def test_peace_swap_exchanges_face_down_cards_with_hand_cards_but_not_revealed_ones():
    st = hit_p2([5], ["propaganda-5"] * 7)
    st.apply("keep")
    assert st.stack[-1].seat == 2 and isinstance(st.stack[-1], PeaceSwap)
    before = list(st.queues[2])
    st.apply("swap 2 propaganda-5")
    assert st.queues[2] == [before[0], "propaganda-5"]
    assert before[1] in st.hands[2]
    st.apply("swap 1 propaganda-5")
    assert st.queues[2] == ["propaganda-5", "propaganda-5"]
    assert not isinstance(st.stack[-1], PeaceSwap)  # both slots done


def test_each_face_down_card_is_swapped_at_most_once_when_peace_returns():
    """Kriegszustand: when peace returns, a player may replace his two face-down cards with two from
    his hand — each of the two once: the second card swapped, only the first is left to swap."""
    st = hit_p2([5], ["propaganda-5"] * 7)
    st.apply("swap 2 propaganda-5")
    assert st.stack[-1] == PeaceSwap(0, (2,))
    assert {a.split(" ")[1] for a in st.legal_actions() if a.startswith("swap")} == {"1"}


def test_final_retaliation_every_pair_targets_named_before_any_roll():
    st = hit_p2([5], ARSENAL, dice=(4, 0, 4, 0, 4, 0))
    assert isinstance(st.stack[-1], FinalRetaliation) and st.to_act == 1
    legal = set(st.legal_actions())
    assert {"strike atlas 20mt p1", "strike atlas 10mt p3", "strike polaris 10mt p1", "done"} <= legal
    assert "strike polaris 20mt p1" not in legal  # a Polaris carries 10 MT at most
    st.apply("strike atlas 20mt p1")
    assert "dice" not in logged(st).split("strikes back")[-1]
    st.apply("strike polaris 10mt p3")  # no more pairs: the plan closes itself
    text = logged(st)
    assert "Player 2's final retaliation: 20 Megaton Warhead on Atlas Missile at Player 1; 10 Megaton Warhead on " \
           "Polaris Missile at Player 3." in text
    assert st.stack[-1] == Intercept(0, 1, "atlas", "20mt", st.stack[-1].bomber_id)
    st.apply("no intercept")
    st.apply("no intercept")
    assert st.population(0) == 45 and st.population(2) == 48  # 20 MT destroy 5 million, 10 MT 2
    assert "propaganda-5" in st.discard and st.hands[1] == [] and st.queues[1] == []


def test_a_b70_in_retaliation_carries_50_megatons_in_any_mix():
    """B-70 Bomber: up to 50 megatons of warheads in any combination — in a final retaliation, 20 and
    20 and then the 10, at one enemy or at several."""
    st = hit_p2([5], ["b-70", "20mt", "20mt", "10mt"] + ["propaganda-5"] * 3, dice=(4, 0) * 4)
    st.apply("strike b-70 20mt p1")
    assert "strike b-70 20mt p3" in st.legal_actions()
    st.apply("strike b-70 20mt p3")
    assert "strike b-70 10mt p1" in st.legal_actions()


def test_an_intercepted_b70_in_retaliation_takes_only_its_own_warheads_along():
    """Finaler Gegenschlag and B-70 Bomber: each strike flies unless its carrier is intercepted; an
    interception destroys the bomber and its warheads — the Atlas of the same salvo still hits: its
    10 MT warhead, no fallout (dice 40), destroys 2 million."""
    hands = [["anti-b"] + ["propaganda-5"] * 6, ["b-70", "20mt", "atlas", "10mt"] + ["propaganda-5"] * 3,
             ["propaganda-5"] * 7]
    st = build(3, queues=[["20mt", "propaganda-5"]] + [["propaganda-10", "10mt"]] * 2,
               face_up=["atlas", None, None], hands=hands, people=[[25, 25], [5], [25, 25]],
               draw=["propaganda-5"] * 20, dice=[4, 0] * 4)
    st.apply("place propaganda-5")
    st.apply("target p2")
    st.apply("no intercept")
    for action in ("strike b-70 20mt p1", "strike atlas 10mt p1", "done", "intercept anti-b", "no intercept"):
        st.apply(action)
    assert st.population(0) == 48


def test_retaliation_is_optional_and_uses_the_face_down_row():
    st = build(3, queues=[["20mt", "propaganda-5"], ["10mt", "propaganda-10"], ["10mt", "10mt"]],
               face_up=["atlas", None, None], hands=[["propaganda-5"] * 7, ["polaris"] + ["propaganda-5"] * 6,
                                                     ["propaganda-5"] * 7],
               people=[[25, 25], [5], [25, 25]], draw=["propaganda-5"] * 20, dice=[4, 0])
    st.apply("place propaganda-5")
    st.apply("target p2")
    st.apply("no intercept")
    assert "strike polaris 10mt p1" in st.legal_actions()
    st.apply("done")
    assert isinstance(st.stack[-1], PeaceSwap)


def test_retaliation_cards_option_hand_only():
    st = build(3, queues=[["20mt", "propaganda-5"], ["10mt", "propaganda-10"], ["10mt", "10mt"]],
               face_up=["atlas", None, None], hands=[["propaganda-5"] * 7, ["polaris"] + ["propaganda-5"] * 6,
                                                     ["propaganda-5"] * 7],
               people=[[25, 25], [5], [25, 25]], draw=["propaganda-5"] * 20, dice=[4, 0],
               options={"retaliation_cards": "hand"})
    st.apply("place propaganda-5")
    st.apply("target p2")
    st.apply("no intercept")
    assert isinstance(st.stack[-1], PeaceSwap), "no pair in the hand: no retaliation"


def test_retaliation_can_be_intercepted_without_a_turn_jump():
    hands = [["anti-a"] + ["propaganda-5"] * 6, ["atlas", "20mt"] + ["propaganda-5"] * 5, ["propaganda-5"] * 7]
    st = build(3, queues=[["20mt", "propaganda-5"], ["10mt", "10mt"], ["10mt", "10mt"]],
               face_up=["atlas", None, None], hands=hands, people=[[25, 25], [5], [25, 25]],
               draw=["propaganda-5"] * 20, dice=[4, 0])
    st.apply("place propaganda-5")
    st.apply("target p2")
    st.apply("no intercept")
    st.apply("strike atlas 20mt p1")
    assert st.legal_actions() == ("intercept anti-a", "no intercept")
    st.apply("intercept anti-a")
    assert st.population(0) == 50 and st.next_turn is None


def test_retaliation_chain():
    """p2's retaliation eliminates p3, who strikes back in turn."""
    hands = [["propaganda-5"] * 7, ["atlas", "20mt"] + ["propaganda-5"] * 5, ["polaris", "10mt"] + ["10mt"] * 5]
    st = build(3, queues=[["20mt", "propaganda-5"], ["10mt", "10mt"], ["propaganda-5", "propaganda-5"]],
               face_up=["atlas", None, None], hands=hands, people=[[25, 25], [5], [5]],
               draw=["propaganda-5"] * 20, dice=[4, 0, 4, 0, 4, 0])
    st.apply("place propaganda-5")
    st.apply("target p2")
    st.apply("no intercept")
    st.apply("strike atlas 20mt p3")
    st.apply("no intercept")
    assert not st.alive[2]
    assert st.stack[-1].seat == 2 and isinstance(st.stack[-1], FinalRetaliation)
    assert st.legal_actions() == ("strike polaris 10mt p1", "done")
    st.apply("strike polaris 10mt p1")
    st.apply("no intercept")
    assert st.is_over()
    assert st.outcome().winners == (0,) and st.population(0) == 48
    assert st.outcome().places == (1, 3, 2)


def test_last_player_standing_wins():
    st = hit_p2([5], ["propaganda-5"] * 7, players=2)
    assert st.is_over()
    outcome = st.outcome()
    assert outcome.winners == (0,) and outcome.places == (1, 2)
    assert "Player 1 is the last nation" in str(outcome.reason)


def test_nobody_wins_when_the_last_two_destroy_each_other():
    st = hit_p2([5], ["atlas", "50mt", "saturn"] + ["propaganda-5"] * 4, players=2,
                dice=(4, 0, 4, 0), p1_people=(10,))  # the 50 MT card destroys 10 million
    st.apply("strike saturn 50mt p1")
    st.apply("done")
    st.apply("no intercept")
    assert st.is_over()
    outcome = st.outcome()
    assert outcome.winners == () and "Nobody wins" in str(outcome.reason)
    assert outcome.places == (1, 2), "p1 fell after p2"


def test_the_last_to_fall_has_no_one_left_to_strike_back_at():
    """Finaler Gegenschlag is against the other players: when the last two destroy each other, the one
    who falls last, arms in hand, is asked nothing — the game is over."""
    hands = [["polaris", "10mt"] + ["propaganda-5"] * 5, ["atlas", "50mt", "saturn"] + ["propaganda-5"] * 4]
    st = build(2, queues=[["20mt", "propaganda-5"], ["propaganda-10", "10mt"]], face_up=["atlas", None],
               hands=hands, people=[[10], [5]], draw=["propaganda-5"] * 20, dice=[4, 0, 4, 0])
    for action in ("place propaganda-5", "no intercept", "strike saturn 50mt p1", "done", "no intercept"):
        st.apply(action)
    assert not any(st.alive) and st.is_over()


def test_propaganda_elimination_gives_no_retaliation_and_keeps_the_peace():
    st = build(3, queues=[["propaganda-25", "propaganda-5"], ["10mt", "10mt"], ["10mt", "10mt"]],
               hands=[["propaganda-5"] * 7, ["atlas", "20mt"] + ["propaganda-5"] * 5, ["propaganda-5"] * 7],
               people=[[25, 25], [5], [25, 25]], draw=["propaganda-5"] * 20)
    st.apply("place propaganda-5")
    st.apply("target p2")
    assert not st.alive[1] and st.population(0) == 55
    assert isinstance(st.stack[-1], PlaceCard) and st.to_act == 2, "no retaliation, no swap (there was no war)"
    assert "atlas" in st.discard


def test_secret_elimination_grants_retaliation():
    st = build(3, queues=[["10mt", "10mt"]] * 3,
               hands=[["propaganda-5"] * 7, ["atlas", "20mt"] + ["propaganda-5"] * 5, ["propaganda-5"] * 7],
               people=[[25, 25], [5], [25, 25]], draw=["propaganda-5"] * 5 + ["supergerm"])
    st.apply("target p2")
    assert not st.alive[1] and st.stack[-1].seat == 1 and isinstance(st.stack[-1], FinalRetaliation)


def test_booster_self_kill_grants_retaliation():
    st = build(3, queues=[["20mt", "propaganda-5"], ["10mt", "10mt"], ["10mt", "10mt"]],
               face_up=["atlas", None, None], hands=[["polaris", "10mt"] + ["propaganda-5"] * 5] + [
                   ["propaganda-5"] * 7] * 2,
               people=[[5], [25, 25], [25, 25]], draw=["propaganda-5"] * 20, dice=[0, 3])
    st.apply("place propaganda-5")
    st.apply("target p2")
    st.apply("no intercept")
    assert not st.alive[0] and st.stack[-1].seat == 0 and isinstance(st.stack[-1], FinalRetaliation)


def test_eliminated_players_cannot_be_targeted_or_act():
    st = hit_p2([5], ["propaganda-5"] * 7)
    st.apply("keep")
    st.apply("keep")
    with pytest.raises(IllegalAction):
        st.apply("target p2")
    while not st.is_over() and st.ply < 200:
        assert st.to_act != 1
        st.apply(st.legal_actions()[0])


@pytest.mark.parametrize(("reading", "fires"), [(None, False), ("nine", False), ("all", True)])
def test_the_face_up_carrier_fires_in_retaliation_only_when_every_card_may(reading, fires):
    """The German Nuclear War rule book: "aus den neun Karten seiner Spielhand" — hand and face-down row;
    the carrier lying face up is not among them (the default), unless the option says every card."""
    st = build(3, queues=[["20mt", "propaganda-5"], ["propaganda-10", "propaganda-10"], ["10mt", "10mt"]],
               face_up=["atlas", "atlas", None], hands=[["propaganda-5"] * 7, ["20mt"] + ["propaganda-5"] * 6,
                                                        ["propaganda-5"] * 7],
               people=[[25, 25], [5], [25, 25]], draw=["propaganda-5"] * 20, dice=[4, 0],
               options=None if reading is None else {"retaliation_cards": reading})
    st.apply("place propaganda-5")
    st.apply("target p2")
    st.apply("no intercept")
    assert not st.alive[1]
    if fires:
        assert "strike atlas 20mt p1" in st.legal_actions()
    else:
        assert isinstance(st.stack[-1], PeaceSwap), "the Atlas lies face up: not one of the nine cards"
        assert "atlas" in st.discard and "20mt" in st.discard
