"""Angriff and Verteidigung: the fallout table, interception, the B-70 and the 100 megaton bomb."""

import pytest

from realpolitik.games.nuclear_war.combat import Intercept, NameTarget
from tests.games.nuclear_war.scenario import build, logged, others_pass


def attack(dice, warhead="10mt", carrier="atlas", people=(25, 25), target="p2", **kw):
    """p1 reveals ``warhead`` behind its face-up ``carrier`` and fires at ``target``."""
    st = build(3, queues=[[warhead, "10mt"]] + [["10mt", "10mt"]] * 2, face_up=[carrier, None, None],
               people=[[25, 25], list(people), [25, 25]], draw=["10mt"] * 9, dice=dice, **kw)
    st.apply("place 10mt")
    st.apply(f"target {target}")
    assert st.at_war
    assert isinstance(st.stack[-1], Intercept)
    st.apply("no intercept")
    return st


@pytest.mark.parametrize("dice,lost", [    # the 10 megaton card destroys 2 million, as printed
    ((0, 5), 0), ((0, 9), 0),                # dud
    ((1, 0), 0), ((2, 2), 0),                # bomb shelters save 2 million
    ((2, 3), 3), ((3, 5), 3),                # +1 million in the fireball
    ((3, 6), 2), ((4, 9), 2),                # no appreciable fallout
    ((5, 0), 4), ((6, 3), 4),                # +2 million fallout
    ((6, 4), 7), ((7, 6), 7),                # +5 million beta rays
    ((7, 7), 12), ((8, 9), 12),              # +10 million gamma rays
    ((9, 0), 4), ((9, 4), 4),                # dirty bomb: double
    ((9, 5), 6), ((9, 9), 6),                # stockpile: triple
])
def test_fallout_table_on_a_10_megaton_hit(dice, lost):
    st = attack(dice)
    assert st.population(1) == 50 - lost
    assert st.population(0) == 50
    assert st.face_up[0] is None and "atlas" in st.discard and "10mt" in st.discard


@pytest.mark.parametrize("dice,line", [
    ((2, 3), "Fallout dice: 23 — An additional 1 million engulfed in the fireball."),
    ((7, 7), "Fallout dice: 77 — Lethal gamma rays kill another 10 million."),
    ((9, 5), "Fallout dice: 95 — Explodes a nuclear stockpile: triple yield."),
])
def test_the_log_reads_the_fallout_table_at_the_rolled_number(dice, line):
    """Angriff: the two fallout dice, tens and units, read one row of the fallout table."""
    assert line in logged(attack(dice)).splitlines()


@pytest.mark.parametrize("people,bank,line,left", [
    # decision #10 of docs/games/nuclear-war.md: without exact change the victim pays the smallest amount
    # his cards and the bank allow — a 5 million card for 2 with an empty bank
    ((25, 5), [0] * 5, "Player 2 loses 5 million people (no exact change: 3 more).", 25),
    # with fewer people than the hit kills, he loses what he has
    ((1,), None, "Player 2 loses 1 million people.", 0),
])
def test_the_log_tells_what_a_hit_of_2_million_cost(people, bank, line, left):
    st = attack((3, 6), people=people, bank=bank)  # 10 MT, no appreciable fallout: 2 million
    assert line in logged(st).splitlines() and st.population(1) == left


def test_a_hit_the_shelters_absorb_costs_no_one_a_person():
    """The fallout table's 10–22: bomb shelters save 2 million — all that a 10 MT card destroys: the
    log says so and tells of no loss."""
    st = attack((1, 0))
    assert "Fallout dice: 10 — Bomb shelters save 2 million." in logged(st).splitlines()
    assert "loses" not in logged(st) and st.population(1) == 50


@pytest.mark.parametrize("dice", [(0, 0), (0, 4)])
def test_missile_booster_explodes_on_the_attacker(dice):
    st = attack(dice, warhead="20mt")  # the card destroys 5 million: the attacker's own
    assert st.population(0) == 45 and st.population(1) == 50


def test_bomber_out_of_fuel_hits_nobody_and_is_discarded():
    st = attack((0, 2), warhead="20mt", carrier="b-70")
    assert [st.population(s) for s in range(3)] == [50, 50, 50]
    assert st.face_up[0] is None and "b-70" in st.discard


def test_missile_payloads_limit_warheads():
    for carrier, warhead, fits in (("polaris", "10mt", True), ("polaris", "20mt", False),
                                   ("atlas", "20mt", True), ("atlas", "50mt", False),
                                   ("saturn", "100mt", True), ("b-70", "50mt", True)):
        st = build(3, queues=[[warhead, "10mt"]] + [["10mt", "10mt"]] * 2, face_up=[carrier, None, None],
                   draw=["10mt"] * 9)
        st.apply("place 10mt")
        assert isinstance(st.stack[-1], NameTarget) == fits, (carrier, warhead)


def test_intercept_needs_matching_capacity_and_is_always_asked():
    st = build(3, queues=[["20mt", "10mt"]] + [["10mt", "10mt"]] * 2, face_up=["atlas", None, None],
               hands=[["10mt"] * 7, ["anti-p"] + ["10mt"] * 6, ["anti-a", "anti-s"] + ["10mt"] * 5],
               draw=["10mt"] * 9)
    st.apply("place 10mt")
    st.apply("target p2")
    assert st.legal_actions() == ("no intercept",)  # P stops only Polaris
    st = build(3, queues=[["20mt", "10mt"]] + [["10mt", "10mt"]] * 2, face_up=["atlas", None, None],
               hands=[["10mt"] * 7, ["anti-p"] + ["10mt"] * 6, ["anti-a", "anti-s"] + ["10mt"] * 5],
               draw=["10mt"] * 9)
    st.apply("place 10mt")
    st.apply("target p3")
    assert set(st.legal_actions()) == {"intercept anti-a", "intercept anti-s", "no intercept"}


def test_interception_destroys_the_missile_replaces_the_card_and_takes_the_next_turn():
    st = build(3, queues=[["20mt", "10mt"]] + [["10mt", "10mt"]] * 2, face_up=["atlas", None, None],
               hands=[["10mt"] * 7, ["10mt"] * 7, ["anti-a"] + ["10mt"] * 6],
               draw=["10mt"] * 5 + ["propaganda-5", "10mt"], dice=[])
    st.apply("place 10mt")
    st.apply("target p3")
    st.apply("intercept anti-a")
    assert st.population(2) == 50
    assert "anti-a" in st.discard and "atlas" in st.discard and "20mt" in st.discard
    assert "propaganda-5" in st.hands[2]  # the replacement card
    assert st.to_act == 2, "the interceptor takes the next turn; p2 is skipped"
    others_pass(st, 0)
    assert "— p2's turn —" not in logged(st)  # play went on clockwise from p3 to p1


def test_deterrent_anti_missile_can_intercept():
    st = build(3, queues=[["10mt", "10mt"]] * 3, face_up=["polaris", None, None],
               shown=[[], ["anti-p"], []], draw=["10mt"] * 9)
    st.apply("place 10mt")
    st.apply("target p2")
    st.apply("intercept anti-p")
    assert st.shown[1] == []


def test_b70_worked_example_twenty_then_twenty_and_ten_at_different_targets():
    """Seed: B-70 revealed, then a 20 MT → attack; later 1×20 + 1×10, same or other targets."""
    st = build(3, queues=[["b-70", "20mt"]] + [["10mt", "10mt"]] * 2, people=[[25, 25]] * 3,
               hands=[["20mt", "10mt", "propaganda-5"] + ["propaganda-10"] * 4] + [["10mt"] * 7] * 2,
               draw=["propaganda-5"] * 12, dice=[4, 0] * 3)
    st.apply("place 20mt")
    assert st.face_up[0] == "b-70" and st.payload[0] == 50
    others_pass(st, 0, "propaganda-5")
    st.apply("place 10mt")  # reveals the first 20 MT
    st.apply("target p2")
    st.apply("no intercept")
    assert st.population(1) == 45 and st.payload[0] == 30 and st.face_up[0] == "b-70"  # 20 MT destroy 5 M
    others_pass(st, 0, "propaganda-5")
    st.apply("place propaganda-10")  # reveals the second 20 MT
    st.apply("target p3")
    st.apply("no intercept")
    assert st.population(2) == 45 and st.payload[0] == 10
    others_pass(st, 0, "propaganda-5")
    st.apply("place propaganda-10")  # reveals the 10 MT: 50 MT used up
    st.apply("target p2")
    st.apply("no intercept")
    assert st.population(1) == 43  # 10 MT destroy 2 M
    assert st.face_up[0] is None and "b-70" in st.discard


def test_b70_three_tens_after_a_twenty():
    st = build(3, queues=[["20mt", "10mt"]] + [["10mt", "10mt"]] * 2, face_up=["b-70", None, None],
               hands=[["10mt", "10mt"] + ["propaganda-10"] * 5] + [["10mt"] * 7] * 2,
               people=[[25, 25], [25, 25, 25, 10], [25, 25]], draw=["propaganda-5"] * 12, dice=[4, 0] * 4)
    for placed, payload_left in (("10mt", 30), ("10mt", 20), ("propaganda-10", 10), ("propaganda-10", 0)):
        st.apply(f"place {placed}")
        st.apply("target p2")
        st.apply("no intercept")
        assert st.payload[0] == payload_left
        others_pass(st, 0, "propaganda-5")
    assert st.population(1) == 85 - (5 + 2 + 2 + 2)
    assert st.face_up[0] is None and "Player 1's B-70 Bomber is discarded (payload used up)." in logged(st)


def test_b70_overloaded_warhead_ends_the_flight():
    st = build(3, queues=[["50mt", "10mt"]] + [["10mt", "10mt"]] * 2, face_up=["b-70", None, None],
               payload=[20, 0, 0], draw=["10mt"] * 9)
    st.apply("place 10mt")
    assert st.face_up[0] is None and "50mt" in st.discard and "b-70" in st.discard
    assert not st.at_war


def test_intercepted_b70_takes_its_face_down_warheads_along():
    st = build(3, queues=[["20mt", "10mt"]] + [["10mt", "10mt"]] * 2, face_up=["b-70", None, None],
               hands=[["20mt"] + ["propaganda-5"] * 6, ["anti-b"] + ["10mt"] * 6, ["10mt"] * 7],
               draw=["10mt"] * 9)
    st.apply("place 20mt")
    st.apply("target p2")
    st.apply("intercept anti-b")
    assert st.queues[0] == [] and st.discard.count("20mt") == 2 and "10mt" in st.discard
    assert "face-down warheads are destroyed" in logged(st)


def test_intercepted_b70_takes_only_its_warheads_and_leaves_the_next_card_face_down():
    """B-70 Bomber: an interception destroys the bomber and its warheads, the face-down ones too —
    the warheads lying next in the row, not the propaganda card behind them."""
    st = build(3, queues=[["20mt", "10mt"]] + [["10mt", "10mt"]] * 2, face_up=["b-70", None, None],
               hands=[["propaganda-5"] * 7, ["anti-b"] + ["10mt"] * 6, ["10mt"] * 7], draw=["10mt"] * 9)
    st.apply("place propaganda-5")
    st.apply("target p2")
    st.apply("intercept anti-b")
    assert st.queues[0] == ["propaganda-5"]
    assert st.discard.count("20mt") == 1 and st.discard.count("10mt") == 1 and "b-70" in st.discard


def test_intercepted_b70_face_up_only_option_keeps_the_row():
    st = build(3, queues=[["20mt", "10mt"]] + [["10mt", "10mt"]] * 2, face_up=["b-70", None, None],
               hands=[["20mt"] + ["propaganda-5"] * 6, ["anti-b"] + ["10mt"] * 6, ["10mt"] * 7],
               draw=["10mt"] * 9, options={"b70_intercept": "face-up"})
    st.apply("place 20mt")
    st.apply("target p2")
    st.apply("intercept anti-b")
    assert st.queues[0] == ["10mt", "20mt"]


def test_the_100_megaton_warhead_with_the_stockpile_ends_the_world():
    st = attack((9, 7), warhead="100mt", carrier="saturn")
    assert st.is_over()
    outcome = st.outcome()
    assert outcome.winners == () and "destroyed the world" in str(outcome.reason)
    assert not any(st.alive)


def test_the_100_megaton_warhead_on_another_result_destroys_the_25_million_printed_on_it():
    st = attack((4, 0), warhead="100mt", carrier="saturn", people=(25, 25, 25, 25, 25))
    assert st.population(1) == 100


@pytest.mark.parametrize("carrier,warhead,anti,stops", [
    ("polaris", "10mt", "anti-p", True), ("atlas", "20mt", "anti-p", False),
    ("atlas", "20mt", "anti-b", True), ("b-70", "20mt", "anti-b", True), ("saturn", "50mt", "anti-b", False),
    ("b-70", "20mt", "anti-a", False), ("b-70", "20mt", "anti-s", True), ("saturn", "50mt", "anti-s", True),
])
def test_each_anti_missile_stops_the_carriers_printed_on_it(carrier, warhead, anti, stops):
    st = build(3, queues=[[warhead, "10mt"]] + [["10mt", "10mt"]] * 2, face_up=[carrier, None, None],
               hands=[["10mt"] * 7, [anti] + ["10mt"] * 6, ["10mt"] * 7], draw=["10mt"] * 9)
    st.apply("place 10mt")
    st.apply("target p2")
    assert (f"intercept {anti}" in st.legal_actions()) == stops
