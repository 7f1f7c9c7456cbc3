"""Die Staatseinkünfte: derrick/tanker pairs, the leader's rate, pipelines — and the rule book's situations A–D."""

import pytest

from realpolitik.games.nationen import economy
from tests.games.nationen.scenario import build, logged


def income_at_turn(**kw) -> int:
    """Money gained in the income step of p1's turn."""
    st = build(money=[10, 10], **kw)
    return st.money[0] - 10


def test_situation_a_king_with_one_tanker_earns_2():
    assert income_at_turn(leaders=[(0, "king", "kadhar-0")], tankers=[(0, "kadhar", 1)]) == 2


def test_situation_b_guerrilla_with_two_tankers_earns_2():
    assert income_at_turn(leaders=[(0, "guerrilla", "kadhar-0")], tankers=[(0, "kadhar", 2)]) == 2


def test_situation_c_president_with_three_tankers_earns_4():
    """A coastal state has two derricks: the third tanker is idle."""
    assert income_at_turn(leaders=[(0, "president", "kadhar-0")], tankers=[(0, "kadhar", 3)]) == 4


def test_situation_d_guerrilla_on_the_coast_president_inland_earns_6():
    """The tankers carry the inland oil, which pays the president's 2 M per pair."""
    got = income_at_turn(leaders=[(0, "guerrilla", "kadhar-0"), (0, "president", "harun-0")],
                         tankers=[(0, "kadhar", 3)], pipes=[("kadhar", "harun"), ("uor", "abu")])
    assert got == 6


def test_every_pipeline_of_abu_akar_laid_carries_its_oil_to_the_port():
    """Die Pipelines: who rules an inland state and a port state joined to it by a pipeline earns from
    all their derricks, given the tankers in the port. With every pipeline of Abu Akar laid (the
    pipeline_chains variant adds the one to Wadi Sahir) and no other, a president in Abu Akar (4
    derricks) and a king in Zarqan (2) with four tankers in Zarqan's port fill all four: 4 × 2 M."""
    got = income_at_turn(leaders=[(0, "president", "abu-0"), (0, "king", "zarqan-0")], tankers=[(0, "zarqan", 4)],
                         pipes=[("uor", "abu"), ("abu", "zarqan"), ("abu", "qaraza"), ("abu", "sahir")],
                         options={"pipeline_chains": True})
    assert got == 8


def test_income_is_logged_and_paid_every_turn():
    st = build(money=[10, 10], leaders=[(0, "king", "kadhar-0")], tankers=[(0, "kadhar", 1)])
    assert "Player 1 collects 2 M income." in logged(st)


@pytest.mark.parametrize("kind,rate", [("king", 2), ("president", 2), ("dictator", 1), ("guerrilla", 1)])
def test_rate_per_pair_by_leader(kind, rate):
    st = build(leaders=[(0, kind, "zarqan-0")], tankers=[(0, "zarqan", 2)], at="main")
    assert economy.income(st, 0) == 2 * rate


def test_derrick_without_tanker_and_tanker_without_derrick_earn_nothing():
    assert income_at_turn(leaders=[(0, "king", "kadhar-0")]) == 0
    assert income_at_turn(leaders=[(0, "king", "harun-0")], tankers=[(0, "north", 4)]) == 0


def test_tankers_on_the_high_sea_earn_nothing():
    assert income_at_turn(leaders=[(0, "king", "kadhar-0")], tankers=[(0, "north", 2)]) == 0


def test_a_leader_off_the_capital_rules_nothing():
    """A6: only the leader on the capital (the red dot) rules."""
    assert income_at_turn(leaders=[(0, "king", "kadhar-1")], tankers=[(0, "kadhar", 2)]) == 0


def test_inland_oil_needs_the_pipeline():
    kw = dict(leaders=[(0, "king", "kadhar-0"), (0, "king", "harun-0")], tankers=[(0, "kadhar", 6)])
    assert income_at_turn(**kw) == 4
    assert income_at_turn(pipes=[("kadhar", "harun")], **kw) == 12


def test_inland_oil_needs_both_states_ruled():
    """The rule book §5: the player must control both the inland and the coastal state."""
    st = build(leaders=[(0, "king", "kadhar-0"), (1, "king", "harun-0")], tankers=[(0, "kadhar", 6)],
               pipes=[("kadhar", "harun")], at="main")
    assert economy.income(st, 0) == 4
    assert economy.income(st, 1) == 0


def test_pipelines_are_neutral_and_stay_when_rule_changes():
    """A10: a pipeline serves whoever rules both ends, regardless of who laid it."""
    st = build(leaders=[(1, "king", "mahul-0"), (1, "dictator", "harun-0")], tankers=[(1, "mahul", 3)],
               pipes=[("mahul", "harun")], at="main")
    assert economy.income(st, 1) == 2 * 2 + 1 * 1


def test_better_rate_is_used_when_tankers_are_short():
    """The rule book's situation D: a coastal dictator and an inland king share two tankers — both carry inland oil."""
    st = build(leaders=[(0, "dictator", "kadhar-0"), (0, "king", "harun-0")], tankers=[(0, "kadhar", 2)],
               pipes=[("kadhar", "harun")], at="main")
    assert economy.income(st, 0) == 4


def test_inland_oil_is_shared_between_two_ports():
    """Djebel Harun (4 derricks) can ship through Kadhar and Ras Mahul at once."""
    st = build(leaders=[(0, "king", "kadhar-0"), (0, "king", "mahul-0"), (0, "dictator", "harun-0")],
               tankers=[(0, "kadhar", 3), (0, "mahul", 4)],
               pipes=[("kadhar", "harun"), ("mahul", "harun")], at="main")
    # 2 + 2 coastal derricks at 2 M, and 3 tankers left over for 3 of Harun's derricks at 1 M
    assert economy.income(st, 0) == 8 + 3


def test_assignment_reroutes_to_reach_the_optimum():
    """The inland king's oil is moved from the Kadhar tankers to the spare U.O.R. tanker, so
    Kadhar's own oil can use the freed one: 4 pairs at 2 M and 1 at 1 M (a port-by-port
    assignment stops at 8)."""
    st = build(leaders=[(0, "dictator", "kadhar-0"), (0, "king", "harun-0"), (0, "guerrilla", "uor-0")],
               tankers=[(0, "kadhar", 2), (0, "uor", 3)],
               pipes=[("kadhar", "harun"), ("harun", "uor"), ("uor", "abu")], at="main")
    assert economy.income(st, 0) == 9


def test_a_port_holding_a_single_tanker_of_inland_oil_is_freed_for_its_own_oil():
    """As above, with a single barrel to move: the inland king's oil (Djebel Harun, 4 derricks, 2 M a
    pair) first fills Kadhar's only tanker, then three of the five at U.O.R.; moved to U.O.R., it frees
    Kadhar's tanker for Kadhar's own oil (dictator, 1 M), and U.O.R.'s derrick (guerrilla, 1 M) fills
    one more: 4 × 2 M + 1 M + 1 M = 10 M, the best the six tankers can earn (Staatseinkünfte, situation D)."""
    st = build(leaders=[(0, "dictator", "kadhar-0"), (0, "king", "harun-0"), (0, "guerrilla", "uor-0")],
               tankers=[(0, "kadhar", 1), (0, "uor", 5)],
               pipes=[("kadhar", "harun"), ("harun", "uor"), ("uor", "abu")], at="main")
    assert economy.income(st, 0) == 10


def test_canal_state_has_one_derrick_and_ships_abu_akar_oil_from_the_start():
    st = build(leaders=[(0, "king", "uor-0"), (0, "king", "abu-0")], tankers=[(0, "uor", 5)], at="main")
    assert economy.income(st, 0) == 10


def test_no_income_in_the_first_round():
    """A17: the first round is placement only."""
    from realpolitik.games import get

    st = get("nationen").new_state(2, {}, seed=3)
    st.apply("place king kadhar")
    st.apply("station kadhar")
    st.apply("place king zarqan")
    st.apply("station zarqan")
    assert st.money == [5 + 2, 5]
    assert "Player 1 collects 2 M income." in logged(st)
