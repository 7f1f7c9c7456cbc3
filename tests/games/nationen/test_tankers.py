"""Die Tankschiffe and die Pipelines: prices, one tanker action per turn, the high sea and the canal."""

import pytest

from realpolitik.engine import IllegalAction
from realpolitik.games.nationen import economy
from realpolitik.games.nationen.occupancy import put
from tests.games.nationen.scenario import build, held, logged


def tanker_actions(st):
    return {a for a in st.legal_actions() if a.split(" ")[0] in ("buy", "sell", "tanker")}


def test_buy_for_5_into_a_ruled_port_or_onto_either_high_sea():
    st = build(leaders=[(0, "king", "kadhar-0"), (1, "king", "zarqan-0")], at="main")
    assert {a for a in tanker_actions(st) if a.startswith("buy")} == {
        "buy tanker kadhar", "buy tanker north", "buy tanker south"}
    st.apply("buy tanker kadhar")
    assert st.money[0] == 15 and held(st, 0, "kadhar") == 1


def test_sell_for_3():
    st = build(leaders=[(0, "king", "kadhar-0")], tankers=[(0, "south", 1)], at="main")
    st.apply("sell tanker south")
    assert st.money[0] == 23 and held(st, 0, "south") == 0
    assert economy.tanker_pool(st) == 16


def test_one_tanker_action_per_turn():
    st = build(leaders=[(0, "king", "kadhar-0")], tankers=[(0, "north", 2)], at="main")
    st.apply("tanker north kadhar")
    assert not tanker_actions(st)
    with pytest.raises(IllegalAction, match="already bought, sold or moved a tanker"):
        st.apply("buy tanker north")


def test_no_port_to_port_move():
    st = build(leaders=[(0, "king", "kadhar-0"), (0, "king", "zarqan-0")], tankers=[(0, "kadhar", 1)], at="main")
    assert tanker_actions(st) >= {"tanker kadhar north"}
    assert "tanker kadhar zarqan" not in st.legal_actions()
    with pytest.raises(IllegalAction, match="never sails from port to port"):
        st.apply("tanker kadhar zarqan")


def test_a_tanker_sails_from_its_port_onto_the_high_sea_and_the_log_says_whence_and_whither():
    """Das Vorrücken: a threatened port's tanker goes out onto the high sea, one stage a turn."""
    st = build(leaders=[(0, "king", "kadhar-0")], tankers=[(0, "kadhar", 1)], at="main")
    st.apply("tanker kadhar north")
    assert (held(st, 0, "kadhar"), held(st, 0, "north")) == (0, 1)
    assert "Player 1 moves a tanker from the port of Kadhar onto the northern high sea." in logged(st)


def test_a_tanker_enters_only_a_port_its_owner_rules_on_that_sea():
    st = build(leaders=[(0, "king", "kadhar-0"), (0, "king", "mahul-0"), (1, "king", "zarqan-0")],
               tankers=[(0, "north", 1)], at="main")
    moves = {a for a in tanker_actions(st) if a.startswith("tanker")}
    assert "tanker north kadhar" in moves
    assert "tanker north zarqan" not in moves  # not his
    assert "tanker north mahul" not in moves  # on the other sea


def test_threatened_tankers_escape_to_the_high_sea_and_survive_the_conquest():
    st = build(leaders=[(0, "king", "kadhar-0"), (1, "dictator", "kadhar-1")], tankers=[(0, "kadhar", 1)],
               at="main")
    st.apply("tanker kadhar north")
    st.apply("place king zarqan")
    st.apply("end")
    st.apply("agent sahir-6")
    st.apply("attack dictator kadhar-1 kadhar-0")
    assert held(st, 0, "north") == 1 and held(st, 1, "kadhar") == 0


def test_canal_passage_for_the_ruler_of_uor_only():
    st = build(leaders=[(0, "king", "uor-0")], tankers=[(0, "north", 1)], at="main")
    assert "tanker north south" in st.legal_actions()
    st.apply("tanker north south")
    assert held(st, 0, "south") == 1
    assert "through the canal" in logged(st)
    st = build(leaders=[(0, "king", "kadhar-0"), (1, "king", "uor-0")], tankers=[(0, "north", 1)], at="main")
    assert "tanker north south" not in st.legal_actions()
    with pytest.raises(IllegalAction, match="Only the ruler of U.O.R."):
        st.apply("tanker north south")


def test_canal_open_to_everyone_while_uor_is_unruled():
    st = build(leaders=[(0, "king", "kadhar-0"), (1, "king", "uor-1")], tankers=[(0, "north", 1)], at="main")
    assert "tanker north south" in st.legal_actions()


def test_uor_port_lies_on_the_canal_and_opens_to_both_seas():
    st = build(leaders=[(0, "king", "uor-0")], tankers=[(0, "south", 1), (0, "uor", 1)], at="main")
    assert {"tanker south uor", "tanker uor north", "tanker uor south"} <= set(st.legal_actions())


def test_canal_treaty_card_opens_the_canal_until_the_next_turn():
    st = build(leaders=[(0, "king", "kadhar-0"), (1, "king", "uor-0")], tankers=[(0, "north", 1)],
               agents=["kadhar-0", "sahir-2"], deck=["canal-treaty"])
    assert "tanker north south" not in st.legal_actions()
    st.apply("agent kadhar-4")
    assert "tanker north south" in st.legal_actions()
    st.apply("tanker north south")
    assert held(st, 0, "south") == 1


def test_tanker_pool_of_sixteen():
    st = build(leaders=[(0, "king", "kadhar-0")], tankers=[(1, "south", 16)], at="main")
    assert not any(a.startswith("buy") for a in st.legal_actions())


def test_pipeline_costs_3_joins_inland_to_a_port_state_one_per_turn():
    st = build(leaders=[(0, "king", "kadhar-0")], at="main")
    pipes = {a for a in st.legal_actions() if a.startswith("pipeline")}
    assert pipes == {"pipeline kadhar harun"}
    st.apply("pipeline kadhar harun")
    assert st.money[0] == 17
    assert not any(a.startswith("pipeline") for a in st.legal_actions())
    with pytest.raises(IllegalAction, match="already laid a pipeline"):
        st.apply("pipeline kadhar harun")


def test_pipeline_rules_spec_a9():
    """Only inland–port pairs along a border, one per pair, touching a ruled state; inland–inland with the variant."""
    st = build(leaders=[(0, "king", "abu-0")], at="main")
    pipes = {a for a in st.legal_actions() if a.startswith("pipeline")}
    assert pipes == {"pipeline abu zarqan", "pipeline abu qaraza"}  # uor–abu exists from the start
    st = build(leaders=[(0, "king", "abu-0")], at="main", options={"pipeline_chains": True})
    assert "pipeline abu sahir" in st.legal_actions()


def test_pipeline_chain_variant_carries_oil_through_a_ruled_inland_state():
    kw = dict(leaders=[(0, "king", "zarqan-0"), (0, "king", "abu-0"), (0, "king", "harun-0")],
              tankers=[(0, "zarqan", 10)], pipes=[("abu", "zarqan")], at="main")
    assert economy.income(build(**kw), 0) == 2 * (2 + 4)
    st = build(**kw, options={"pipeline_chains": True})
    st.pipes |= 1 << economy.pipe_index(st, "abu", "sahir")
    put(st, st.content.board.capital[7], 0 * 4 + 2)  # p1's dictator rules Wadi Sahir
    assert economy.income(st, 0) == 2 * (2 + 4) + 4


def test_start_pipeline_between_uor_and_abu_akar():
    from realpolitik.games import get

    st = get("nationen").new_state(2, {}, seed=1)
    b = st.content.board
    assert st.pipes == 1 << b.start_pipeline
    assert b.pipeline_pairs_chain[b.start_pipeline] == (b.state_index["uor"], b.state_index["abu"])
