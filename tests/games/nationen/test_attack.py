"""Der Angriffskrieg: the rule book's 14 M example and conditions a)–c)."""

import pytest

from realpolitik.engine import IllegalAction
from realpolitik.games.nationen import economy
from tests.games.nationen.scenario import build, destinations, held, leader_at, logged

SEED_EXAMPLE = dict(leaders=[(0, "king", "harun-0"), (1, "dictator", "kadhar-0")])


def test_the_kings_seven_step_attack_costs_14_millions():
    """The rule book §3: the king walks the 7 steps (the arrow counts as one) to the dictator's capital."""
    st = build(money=[20, 20], at="main", **SEED_EXAMPLE)
    st.apply("attack king harun-0 kadhar-0")
    assert st.money[0] == 20 - 14
    assert leader_at(st, "kadhar-0") == (0, "king")
    assert leader_at(st, "harun-0") is None
    assert st.supply[1 * 4 + 2] == 0  # the dictator left the game, not back to supply
    assert ("attacks from Djebel Harun capital: 7 steps (for 14 M). The dictator of Player 2 is driven from the "
            "capital of Kadhar and leaves the game.") in logged(st)
    assert economy.ruler(st, 0) == 0


def test_the_attack_needs_the_full_price():
    st = build(money=[13, 20], at="main", **SEED_EXAMPLE)
    assert "attack king harun-0 kadhar-0" not in st.legal_actions()
    with pytest.raises(IllegalAction, match="costs 14 M; you have 13 M"):
        st.apply("attack king harun-0 kadhar-0")


def test_no_attack_on_the_same_kind():
    st = build(leaders=[(0, "king", "harun-0"), (1, "king", "kadhar-0")], at="main")
    assert "kadhar-0" not in destinations(st, "harun-0")
    with pytest.raises(IllegalAction, match="cannot attack a king"):
        st.apply("attack king harun-0 kadhar-0")


@pytest.mark.parametrize("attacker,defender", [("dictator", "king"), ("guerrilla", "dictator"),
                                               ("president", "guerrilla"), ("king", "president")])
def test_any_other_kind_may_be_attacked(attacker, defender):
    st = build(leaders=[(0, attacker, "kadhar-2"), (1, defender, "kadhar-0")], at="main")
    assert f"attack {attacker} kadhar-2 kadhar-0" in st.legal_actions()


def test_only_a_leader_on_a_capital_can_be_attacked():
    st = build(leaders=[(0, "dictator", "kadhar-0"), (1, "king", "kadhar-2")], at="main")
    assert "kadhar-2" not in destinations(st, "kadhar-0")


def test_own_leaders_are_never_attacked():
    st = build(leaders=[(0, "dictator", "kadhar-2"), (0, "king", "kadhar-0")], at="main")
    assert "kadhar-0" not in destinations(st, "kadhar-2")


def test_an_attack_path_obeys_the_movement_rules():
    """A1/A3: an opponent's agent on the way, a '?' on the way, or another leader blocks it."""
    base = [(0, "dictator", "kadhar-5"), (1, "king", "kadhar-0")]
    st = build(leaders=base, money=[3, 20], at="main")
    assert "kadhar-0" in destinations(st, "kadhar-5")  # 5→6→7→0
    st = build(leaders=base, agents=["sahir-2", "kadhar-6"], money=[3, 20], at="main")
    assert "kadhar-0" not in destinations(st, "kadhar-5")
    st = build(leaders=base + [(1, "guerrilla", "kadhar-7")], money=[3, 20], at="main")
    assert "kadhar-0" not in destinations(st, "kadhar-5")
    st = build(leaders=[(0, "dictator", "kadhar-3"), (1, "king", "kadhar-0")], money=[5, 20], at="main")
    assert "kadhar-0" in destinations(st, "kadhar-3")  # 3→2→1→0, never over the '?' at 4
    st = build(leaders=[(0, "dictator", "kadhar-5"), (1, "king", "kadhar-0")], agents=["sahir-2", "kadhar-7"],
               money=[3, 20], at="main")
    assert "kadhar-0" not in destinations(st, "kadhar-5")


def test_an_attack_may_end_beside_an_agent_on_the_capital():
    st = build(leaders=[(0, "dictator", "kadhar-1"), (1, "king", "kadhar-0")], agents=["sahir-2", "kadhar-0"],
               at="main")
    st.apply("attack dictator kadhar-1 kadhar-0")
    assert leader_at(st, "kadhar-0") == (0, "dictator")


def test_the_conqueror_takes_the_tankers_in_port_and_the_pipeline_stays():
    st = build(leaders=[(0, "dictator", "kadhar-1"), (1, "king", "kadhar-0"), (1, "king", "harun-0")],
               tankers=[(1, "kadhar", 2), (1, "north", 1)], pipes=[("kadhar", "harun"), ("uor", "abu")],
               at="main")
    st.apply("attack dictator kadhar-1 kadhar-0")
    assert held(st, 0, "kadhar") == 2 and held(st, 1, "kadhar") == 0
    assert held(st, 1, "north") == 1  # ships on the high sea are safe
    assert st.pipes & 1  # kadhar–harun still there
    assert economy.income(st, 0) == 2
