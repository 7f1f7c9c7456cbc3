"""Einsetzen und Vorrücken: prices, the circles and arrows, and every restriction on a move."""

import pytest

from realpolitik.engine import IllegalAction
from realpolitik.games.nationen.sequence import AgentSteps, HeadOfState
from tests.games.nationen.scenario import build, destinations, leader_at, logged, moves, point


@pytest.mark.parametrize("kind,rate", [("king", 2), ("president", 2), ("dictator", 1), ("guerrilla", 1)])
def test_placing_costs_one_step(kind, rate):
    st = build(at="main")
    st.apply(f"place {kind} kadhar")
    assert st.money[0] == 20 - rate
    assert leader_at(st, "kadhar-0") == (0, kind)
    assert st.supply[0 * 4 + ("king", "president", "dictator", "guerrilla").index(kind)] == \
        (2 if kind in ("king", "president") else 1) - 1


@pytest.mark.parametrize("kind,cost", [("king", 10), ("president", 10), ("dictator", 5), ("guerrilla", 5)])
def test_five_steps_cost_ten_or_five_millions(kind, cost):
    """Seed: a king or president moving five steps pays 10 M, a dictator or guerrilla leader 5 M."""
    st = build(leaders=[(0, kind, "kadhar-0")], at="main")
    # kadhar-0 → 7 → 6 → 5, the arrow to harun-3, → harun-2: five steps
    st.apply(f"move {kind} kadhar-0 harun-2")
    assert st.money[0] == 20 - cost
    assert leader_at(st, "harun-2") == (0, kind)


def test_the_arrow_is_one_step():
    st = build(leaders=[(0, "dictator", "kadhar-3")], at="main")
    st.apply("move dictator kadhar-3 uor-7")
    assert st.money[0] == 19


def test_money_limits_the_move():
    st = build(leaders=[(0, "king", "kadhar-0")], money=[5, 20], at="main")
    reach = destinations(st, "kadhar-0")
    assert reach == {"kadhar-1", "kadhar-2", "kadhar-7", "kadhar-6"}  # two steps at 2 M


def test_leader_must_stop_on_question_mark():
    """Seed: a leader may not pass a '?' in a move: kadhar-5 is one step beyond the '?' at
    kadhar-4, but only reachable the long way round (2→1→0→7→6→5)."""
    st = build(leaders=[(0, "dictator", "kadhar-2")], money=[4, 20], at="main")
    assert "kadhar-4" in destinations(st, "kadhar-2")
    assert "kadhar-5" not in destinations(st, "kadhar-2")
    st = build(leaders=[(0, "dictator", "kadhar-2")], at="main")
    st.apply("move dictator kadhar-2 kadhar-5")
    assert st.money[0] == 20 - 5


def test_no_change_of_direction_within_a_move():
    """An ordered retreat of exactly three steps from a capital ends three points away, one way or the other."""
    st = build(leaders=[(0, "king", "kadhar-0")], deck=["exile"], agents=["kadhar-0", "sahir-2"])
    st.apply("agent kadhar-4")  # the agent draws: the king must retreat 3 steps
    assert {a.split(" ")[3] for a in st.legal_actions()} == {"kadhar-3", "kadhar-5"}


def test_direction_may_change_after_an_arrow_or_not_by_option():
    """A4: per circle (default) vs one direction for the whole move."""
    st = build(leaders=[(0, "dictator", "kadhar-2")], money=[3, 20], at="main")
    assert "uor-6" in destinations(st, "kadhar-2")  # 2→3 clockwise, arrow to uor-7, then back to uor-6
    st = build(leaders=[(0, "dictator", "kadhar-2")], money=[3, 20], at="main", options={"direction": "global"})
    assert "uor-6" not in destinations(st, "kadhar-2")
    assert "uor-0" in destinations(st, "kadhar-2")  # clockwise on U.O.R. too


def test_no_passing_and_no_sharing_with_another_leader():
    """Seed: a leader may neither pass another leader (own or opponent) nor share its point."""
    for owner in (0, 1):
        st = build(leaders=[(0, "dictator", "kadhar-0"), (owner, "king", "kadhar-2")], money=[3, 20], at="main")
        reach = destinations(st, "kadhar-0")
        assert "kadhar-1" in reach
        assert "kadhar-2" not in reach and "kadhar-3" not in reach
        with pytest.raises(IllegalAction):
            st.apply("move dictator kadhar-0 kadhar-3")


def test_opponent_agent_may_be_shared_but_not_passed():
    st = build(leaders=[(0, "dictator", "kadhar-0")], agents=["sahir-2", "kadhar-2"], money=[3, 20], at="main")
    reach = destinations(st, "kadhar-0")
    assert "kadhar-2" in reach
    assert "kadhar-3" not in reach
    st.apply("move dictator kadhar-0 kadhar-2")
    assert st.agents[1] == point(st, "kadhar-2") and leader_at(st, "kadhar-2") == (0, "dictator")


def test_own_agent_does_not_block_unless_option():
    """A2: the rule names only opponents' agents."""
    st = build(leaders=[(0, "dictator", "kadhar-0")], agents=["kadhar-2", "sahir-2"], money=[3, 20], at="main")
    assert "kadhar-3" in destinations(st, "kadhar-0")
    st = build(leaders=[(0, "dictator", "kadhar-0")], agents=["kadhar-2", "sahir-2"], money=[3, 20], at="main",
               options={"own_agent_blocks": True})
    assert "kadhar-3" not in destinations(st, "kadhar-0")


def test_a_leader_starting_on_question_mark_or_agent_may_leave():
    st = build(leaders=[(0, "dictator", "kadhar-4")], agents=["sahir-2", "kadhar-4"], at="main")
    assert {"kadhar-3", "kadhar-5"} <= destinations(st, "kadhar-4")


def test_stopping_on_question_mark_draws_the_top_card_which_goes_to_the_bottom():
    st = build(leaders=[(0, "dictator", "kadhar-2")], deck=["foreign-aid", "corruption"], at="main")
    st.apply("move dictator kadhar-2 kadhar-4")
    assert st.money[0] == 20 - 2 + 3
    assert st.deck[-1] == "foreign-aid" and st.deck[0] == "corruption"
    assert "draws “Foreign aid”" in logged(st)


def test_only_one_leader_moves_and_placing_excludes_moving():
    st = build(leaders=[(0, "dictator", "kadhar-0"), (0, "guerrilla", "mahul-0")], at="main")
    st.apply("move dictator kadhar-0 kadhar-1")
    assert not moves(st)
    assert not any(a.startswith("place ") for a in st.legal_actions())
    st = build(leaders=[(0, "dictator", "kadhar-0")], at="main")
    st.apply("place king zarqan")
    assert not moves(st)
    with pytest.raises(IllegalAction, match="already placed or moved"):
        st.apply("move dictator kadhar-0 kadhar-1")


def test_moving_or_placing_is_compulsory():
    st = build(leaders=[(0, "dictator", "kadhar-0")], at="main")
    assert "end" not in st.legal_actions()
    with pytest.raises(IllegalAction, match="must first place or move"):
        st.apply("end")


def test_placing_needs_a_free_capital():
    st = build(leaders=[(1, "dictator", "kadhar-0")], at="main")
    assert "place king kadhar" not in st.legal_actions()
    assert "place king zarqan" in st.legal_actions()
    with pytest.raises(IllegalAction, match="not free"):
        st.apply("place king kadhar")


def test_moving_onto_a_free_capital_rules_the_state():
    st = build(leaders=[(0, "dictator", "kadhar-1")], tankers=[(1, "kadhar", 2)], at="main")
    st.apply("move dictator kadhar-1 kadhar-0")
    assert "Player 1 now rules Kadhar." in logged(st)
    assert st.tankers[0 * 7 + 0] == 2  # A7: tankers left in port change hands


def test_agent_moves_exactly_four_steps_free_and_passes_everything():
    st = build(leaders=[(1, "king", "kadhar-1"), (1, "king", "kadhar-2")], agents=["kadhar-0", "kadhar-3"])
    assert isinstance(st.stack[-1], AgentSteps)
    targets = {a.split(" ")[1] for a in st.legal_actions() if a.startswith("agent ")}
    # clockwise past both kings and the opponent's agent onto '?', or across the arrow at kadhar-3;
    # counter-clockwise to the same '?', or across the arrow at kadhar-5
    assert targets == {"kadhar-4", "uor-7", "harun-3"}
    before = st.money[0]
    st.apply("agent uor-7")
    assert st.money[0] == before
    assert isinstance(st.stack[-1], HeadOfState)


def test_agent_passes_question_mark_without_a_card_but_draws_when_ending_there():
    st = build(agents=["kadhar-2", "sahir-2"], leaders=[(0, "king", "mahul-0")], deck=["foreign-aid"])
    st.apply("agent kadhar-6")  # 2→3→4→5→6 passes the '?'
    assert st.deck[0] == "foreign-aid" and st.money[0] == 20
    st = build(agents=["kadhar-0", "sahir-2"], leaders=[(0, "king", "mahul-0")], deck=["foreign-aid"])
    st.apply("agent kadhar-4")
    assert st.money[0] == 23


def test_agent_move_is_compulsory_and_comes_before_step_three():
    st = build(leaders=[(0, "king", "mahul-0")])
    verbs = {a.split(" ")[0] for a in st.legal_actions()}
    assert "agent" in verbs and "move" not in verbs and "place" not in verbs and "end" not in verbs


def test_cost_of_a_move_is_refused_with_the_price():
    st = build(leaders=[(0, "king", "kadhar-0")], money=[5, 20], at="main")
    before = st.snapshot()
    with pytest.raises(IllegalAction, match="costs 6 M; you have 5 M"):
        st.apply("move king kadhar-0 kadhar-3")
    assert st.snapshot() == before
