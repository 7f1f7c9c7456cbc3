"""Innenpolitische Zwischenfälle: the draw, orders to named leaders, and every stand-in card effect."""

import pytest

from realpolitik.engine import IllegalAction
from realpolitik.games.nationen import economy
from realpolitik.games.nationen.tables import DONE, OPEN, REPLACED
from tests.games.nationen.scenario import build, destinations, held, leader_at, logged, start_turn

DRAWER = (0, "dictator", "kadhar-2")


def leader_draws(card, leaders=(), **kw):
    """p1's dictator steps from kadhar-2 onto the '?' at kadhar-4 (2 M) and draws ``card``."""
    st = build(leaders=[DRAWER, *leaders], deck=[card], at="main", **kw)
    st.apply("move dictator kadhar-2 kadhar-4")
    return st


def agent_draws(card, leaders=(), **kw):
    """p1's agent ends on the '?' at kadhar-4 at the start of the turn and draws ``card``."""
    kw.setdefault("agents", ["kadhar-0", "sahir-2"])
    st = build(leaders=list(leaders), deck=[card], **kw)
    st.apply("agent kadhar-4")
    return st


def frame(st):
    return st.stack[-1].tag


# ---------------------------------------------------------------- the draw


def test_the_log_names_the_piece_that_stopped_on_the_question_mark():
    """Die Karten: a head of state or the agent that stops on a '?' draws; the log says which."""
    line = "Player 1's {} stops on the '?' at Kadhar 4 (?) and draws “Foreign aid”: Receive 3 M from the bank."
    assert line.format("agent") in logged(agent_draws("foreign-aid"))
    assert line.format("dictator") in logged(leader_draws("foreign-aid"))


def test_cards_come_from_the_top_and_go_under_the_deck():
    st = build(leaders=[DRAWER], deck=["foreign-aid", "corruption", "sanctions"], at="main")
    size = len(st.deck)
    st.apply("move dictator kadhar-2 kadhar-4")
    assert st.deck[:2] == ["corruption", "sanctions"] and st.deck[-1] == "foreign-aid"
    assert len(st.deck) == size and st.unknown == size - 1
    assert st.view(None)["public"]["deck"]["known_bottom"] == ["foreign-aid"]


def test_the_deck_has_thirty_stand_in_cards_half_favourable():
    st = build()
    cards = st.content.cards
    assert len(st.content.deck) == 30
    assert sum(cards[k].favourable for k in st.content.deck) == 15
    assert st.content.cards_stand_in


# ---------------------------------------------------------------- money


@pytest.mark.parametrize("card,delta", [("oil-boom", 5), ("foreign-aid", 3), ("sanctions", -5),
                                        ("corruption", -3), ("loan-called-in", -4), ("world-bank-loan", 10)])
def test_money_cards(card, delta):
    assert leader_draws(card).money[0] == 18 + delta


def test_paying_cards_take_all_there_is_when_it_is_less():
    st = leader_draws("sanctions", money=[4, 20])
    assert st.money[0] == 0


def test_loan_is_repaid_after_each_income():
    st = leader_draws("world-bank-loan")
    assert st.loan[0] == 6 and st.loan_rate[0] == 2
    st.apply("end")
    st.apply("agent sahir-6")
    st.apply("place king zarqan")
    st.apply("end")  # p2's turn over; p1's turn starts: no income, one installment
    assert st.money[0] == 28 - 2 and st.loan[0] == 5
    assert "Player 1 repays 2 M of its loan (5 installments left)." in logged(st)


def test_a_missed_installment_forgives_the_rest_but_costs_a_tanker():
    st = build(leaders=[(0, "king", "mahul-0")], tankers=[(0, "north", 1), (0, "south", 1)], money=[1, 20],
               at="main")
    st.loan[0], st.loan_rate[0] = 3, 2
    start_turn(st)
    assert frame(st) == "sink_tanker" and set(st.legal_actions()) == {"sink north", "sink south"}
    st.apply("sink south")
    assert st.loan[0] == 0 and held(st, 0, "south") == 0 and st.money[0] == 1


def test_loan_called_in_pays_off_the_open_loan():
    st = build(leaders=[DRAWER], deck=["loan-called-in"], at="main")
    st.loan[0], st.loan_rate[0] = 3, 2
    st.apply("move dictator kadhar-2 kadhar-4")
    assert st.money[0] == 18 - 4 - 6 and st.loan[0] == 0


def test_every_installment_of_the_loan_costs_2_m_to_the_last():
    """World Bank loan: "Repay 2 M after each of your next 6 incomes" — the fifth installment costs 2 M
    as the first did, and after the sixth nothing more is owed."""
    st = build(leaders=[(0, "king", "mahul-0")], money=[20, 20], at="main")
    st.loan[0], st.loan_rate[0] = 2, 2
    start_turn(st)
    assert (st.money[0], st.loan[0]) == (18, 1)
    start_turn(st)
    assert (st.money[0], st.loan[0]) == (16, 0)
    start_turn(st)
    assert st.money[0] == 16


def test_loan_called_in_is_paid_off_with_the_last_million():
    """Loan called in: pay 4 M, then the open loan (3 installments of 2 M) at once. With 12 M, after
    the dictator's 2 steps (2 M) and the 4 M, the 6 M left pay it off exactly: no default, no tanker lost."""
    st = build(leaders=[DRAWER], deck=["loan-called-in"], money=[12, 20], tankers=[(0, "north", 1)], at="main")
    st.loan[0], st.loan_rate[0] = 3, 2
    st.apply("move dictator kadhar-2 kadhar-4")
    assert (st.money[0], st.loan[0]) == (0, 0)
    assert held(st, 0, "north") == 1 and frame(st) != "sink_tanker"


def test_tax_windfall_pays_the_income_again():
    st = leader_draws("tax-windfall", leaders=[(0, "king", "zarqan-0")], tankers=[(0, "zarqan", 2)])
    assert st.money[0] == 18 + 4


def test_strike_cancels_the_next_income():
    st = leader_draws("oil-strike", leaders=[(0, "king", "zarqan-0")], tankers=[(0, "zarqan", 2)])
    assert st.strike[0]
    st.apply("end")
    st.apply("agent sahir-6")
    st.apply("place king mahul")
    st.apply("end")
    assert st.money[0] == 18 and not st.strike[0]
    assert "no income this turn" in logged(st)


def test_nationalisation_hits_the_state_of_the_drawing_piece_once():
    st = leader_draws("nationalisation", leaders=[(0, "king", "kadhar-0"), (0, "king", "zarqan-0")],
                      tankers=[(0, "kadhar", 2), (0, "zarqan", 2)])
    assert st.nationalised[0] == st.content.board.state_index["kadhar"]
    st.apply("end")
    st.apply("agent sahir-6")
    st.apply("place king mahul")
    st.apply("end")
    assert st.money[0] == 18 + 4  # only Zarqan paid
    assert st.nationalised[0] == -1


# ---------------------------------------------------------------- orders to leaders


def test_free_move_order_names_the_kind_and_is_an_extra_move():
    st = leader_draws("coup-support", leaders=[(0, "king", "zarqan-1")])
    assert frame(st) == "order" and st.step3 == DONE
    acts = st.legal_actions()
    assert "decline" in acts
    assert all(a.startswith("move dictator kadhar-4 ") for a in acts if a != "decline")
    st.apply("move dictator kadhar-4 kadhar-6")
    assert st.money[0] == 18  # free of charge
    assert frame(st) == "head_of_state" and "end" in st.legal_actions()


def test_free_move_is_up_to_the_number_of_steps():
    st = leader_draws("election-victory", leaders=[(0, "president", "mahul-1")])
    # clockwise 2, 3, then the '?' at 4 or the arrow from 3 to harun-5; counter-clockwise 0, 7, 6
    assert destinations(st, "mahul-1") == {"mahul-2", "mahul-3", "mahul-4", "harun-5", "mahul-0", "mahul-7",
                                           "mahul-6"}


def test_an_order_drawn_by_the_agent_replaces_step_three():
    st = agent_draws("royal-visit", leaders=[(0, "king", "zarqan-1"), (0, "king", "mahul-1")])
    assert st.step3 == REPLACED
    starts = {a.split(" ")[2] for a in st.legal_actions() if a != "decline"}
    assert starts == {"zarqan-1", "mahul-1"}  # either king
    st.apply("move king zarqan-1 zarqan-0")
    assert st.legal_actions()[-1] == "end"
    assert not any(a.startswith(("move", "place")) for a in st.legal_actions())


def test_an_agent_order_that_cannot_be_carried_out_still_uses_up_step_three():
    """A8."""
    st = agent_draws("exile", leaders=[(0, "dictator", "zarqan-1")])
    assert st.step3 == REPLACED and frame(st) == "head_of_state"
    assert "has no effect" in logged(st)
    assert "end" in st.legal_actions() and not any(a.startswith("move") for a in st.legal_actions())


def test_declining_an_agent_drawn_free_move_still_uses_up_step_three():
    st = agent_draws("coup-support", leaders=[(0, "dictator", "zarqan-1")])
    st.apply("decline")
    assert st.step3 == REPLACED and "end" in st.legal_actions()


def test_a_leader_drawn_order_leaves_a_pending_step_three_alone():
    """The agent's normal draw is independent of a leader's order; a leader's card is extra."""
    st = agent_draws("foreign-aid", leaders=[(0, "dictator", "zarqan-1")])
    assert st.step3 == OPEN and st.money[0] == 23


def test_guerrilla_offensive_may_attack():
    st = build(leaders=[(0, "guerrilla", "kadhar-2"), (1, "king", "kadhar-0")], deck=["guerrilla-offensive"],
               at="main")
    st.apply("move guerrilla kadhar-2 kadhar-4")
    assert "attack guerrilla kadhar-4 kadhar-0" in st.legal_actions()
    st.apply("attack guerrilla kadhar-4 kadhar-0")
    assert leader_at(st, "kadhar-0") == (0, "guerrilla") and st.money[0] == 18


def test_other_free_moves_may_not_attack():
    st = build(leaders=[(0, "dictator", "kadhar-2"), (1, "king", "kadhar-0")], deck=["coup-support"], at="main")
    st.apply("move dictator kadhar-2 kadhar-4")
    assert not any(a.startswith("attack") for a in st.legal_actions())


def test_retreat_is_compulsory_exact_and_free():
    st = agent_draws("scandal", leaders=[(0, "president", "mahul-0")])
    assert "decline" not in st.legal_actions()
    assert {a.split(" ")[3] for a in st.legal_actions()} == {"mahul-2", "mahul-6"}
    st.apply("move president mahul-0 mahul-2")
    assert st.money[0] == 20


def test_retreat_stops_on_question_mark_on_the_way():
    st = agent_draws("exile", leaders=[(0, "king", "mahul-2")])
    # 3 then the '?' at 4 (stops after two); 3, arrow, harun-4 or harun-6; 1, 0, 7
    assert {a.split(" ")[3] for a in st.legal_actions()} == {"mahul-4", "harun-4", "harun-6", "mahul-7"}


def test_a_retreat_never_attacks():
    """Exile: the king must retreat 3 steps — a retreat, not an Angriffskrieg: three steps from mahul-3
    back to the capital end on the rival dictator there, which only an attack could take; the
    retreat goes the other ways."""
    st = agent_draws("exile", leaders=[(0, "king", "mahul-3"), (1, "dictator", "mahul-0")])
    assert st.legal_actions() and not any(a.startswith("attack") for a in st.legal_actions())
    assert "mahul-0" not in {a.split(" ")[3] for a in st.legal_actions()}


def test_border_incident_moves_the_drawing_leader_or_the_leader_nearest_the_agent():
    st = leader_draws("border-incident", leaders=[(0, "king", "zarqan-0")])
    assert {a.split(" ")[2] for a in st.legal_actions()} == {"kadhar-4"}
    st = agent_draws("border-incident", leaders=[(0, "king", "zarqan-0"), (0, "dictator", "kadhar-1")])
    assert {a.split(" ")[2] for a in st.legal_actions()} == {"kadhar-1"}


def test_a_card_move_onto_question_mark_draws_once_more_per_turn():
    st = build(leaders=[(0, "dictator", "kadhar-2")], deck=["coup-support", "oil-boom", "foreign-aid"],
               at="main")
    st.apply("move dictator kadhar-2 kadhar-4")  # draws Coup support
    st.apply("move dictator kadhar-4 harun-4")  # 4→5, arrow, harun-3 → harun-4: '?', draws Oil boom
    assert st.money[0] == 18 + 5
    assert frame(st) == "head_of_state"


def test_chained_draws_stop_after_one():
    st = build(leaders=[(0, "dictator", "kadhar-2"), (0, "guerrilla", "mahul-2")],
               deck=["coup-support", "guerrilla-offensive", "foreign-aid"], at="main")
    st.apply("move dictator kadhar-2 kadhar-4")
    st.apply("move dictator kadhar-4 harun-4")  # chained draw: Guerrilla offensive
    st.apply("move guerrilla mahul-2 mahul-4")  # ends on '?' again: no third card
    assert "No further card is drawn this turn." in logged(st)
    assert st.deck[0] == "foreign-aid"


# ---------------------------------------------------------------- states and leaders


def test_revolution_takes_over_a_free_coastal_state_free_of_charge():
    st = leader_draws("revolution", tankers=[(1, "zarqan", 2)])
    acts = st.legal_actions()
    assert "place king zarqan" in acts and "decline" in acts
    assert not any(a.endswith((" harun", " uor", " abu", " sahir")) for a in acts)
    st.apply("place king zarqan")
    assert st.money[0] == 18 and leader_at(st, "zarqan-0") == (0, "king")
    assert held(st, 0, "zarqan") == 2


def test_revolution_with_one_free_coastal_state_and_one_leader_in_supply():
    """Revolution: "Take over an unruled coastal state: place one of your unused leaders on its capital
    free of charge" — also when a single state and a single leader leave a single way to do it."""
    rivals = [(1, "king", "mahul-0"), (1, "king", "zarqan-0"), (1, "president", "qaraza-0")]
    st = agent_draws("revolution", leaders=rivals, supply=[0, 0, 1, 0, 0, 1, 1, 1])
    assert set(st.legal_actions()) == {"place dictator kadhar", "decline"}
    st.apply("place dictator kadhar")
    assert leader_at(st, "kadhar-0") == (0, "dictator") and st.money[0] == 20


def test_palace_revolt_sends_a_dictator_home_and_leaves_the_game():
    st = leader_draws("palace-revolt", leaders=[(1, "dictator", "zarqan-0"), (1, "king", "mahul-0"),
                                                (1, "guerrilla", "uor-2")])
    assert set(st.legal_actions()) == {"depose dictator zarqan-0", "decline"}
    st.apply("depose dictator zarqan-0")
    assert leader_at(st, "zarqan-0") is None and st.supply[1 * 4 + 2] == 1
    assert "palace-revolt" not in st.deck and len(st.deck) == 29


def test_assassination_of_a_leader_on_a_capital():
    st = leader_draws("assassination", leaders=[(0, "king", "zarqan-0"), (0, "president", "mahul-0")])
    assert set(st.legal_actions()) == {"kill king zarqan-0", "kill president mahul-0"}
    st.apply("kill president mahul-0")
    assert leader_at(st, "mahul-0") is None and st.supply[0 * 4 + 1] == 1  # not back in supply
    st = leader_draws("assassination", leaders=[(0, "king", "zarqan-0")])
    assert leader_at(st, "zarqan-0") is None and frame(st) == "head_of_state"


def test_dictator_deposed_only_on_a_capital_guerrilla_captured_anywhere():
    st = leader_draws("dictator-deposed")
    assert leader_at(st, "kadhar-4") == (0, "dictator")
    st = build(leaders=[(0, "dictator", "zarqan-0"), (0, "king", "kadhar-2")], deck=["dictator-deposed"],
               at="main")
    st.apply("move king kadhar-2 kadhar-4")
    assert leader_at(st, "zarqan-0") is None
    st = build(leaders=[(0, "guerrilla", "kadhar-2")], deck=["guerrilla-captured"], at="main")
    st.apply("move guerrilla kadhar-2 kadhar-4")
    assert leader_at(st, "kadhar-4") is None and st.supply[3] == 0


# ---------------------------------------------------------------- tankers and pipelines


def test_tanker_gift_on_a_high_sea():
    st = leader_draws("tanker-gift")
    assert set(st.legal_actions()) == {"station north", "station south", "decline"}
    st.apply("station south")
    assert held(st, 0, "south") == 1 and st.money[0] == 18


def test_tanker_sunk_of_choice_and_in_port():
    st = leader_draws("tanker-sunk", tankers=[(0, "north", 1), (0, "kadhar", 1)])
    assert set(st.legal_actions()) == {"sink north", "sink kadhar"}
    st = leader_draws("tanker-sunk-in-port", tankers=[(0, "north", 1), (0, "kadhar", 1)])
    assert held(st, 0, "kadhar") == 0 and held(st, 0, "north") == 1 and frame(st) == "head_of_state"
    assert economy.tanker_pool(st) == 15


def test_pipeline_concession_and_sabotage():
    st = leader_draws("pipeline-concession", leaders=[(0, "king", "kadhar-0")])
    assert set(st.legal_actions()) == {"pipeline kadhar harun", "decline"}
    st.apply("pipeline kadhar harun")
    assert st.money[0] == 18 and not st.pipeline_done
    st = leader_draws("pipeline-sabotage", leaders=[(0, "king", "uor-0")],
                      pipes=[("uor", "abu"), ("harun", "uor"), ("kadhar", "harun")])
    assert "destroyed" in logged(st)
    b = st.content.board
    assert st.pipes == 1 << b.start_pipeline | 1 << economy.pipe_index(st, "kadhar", "harun")


def test_sabotage_hits_only_a_laid_pipeline_and_asks_which_when_there_are_two():
    """Pipeline sabotage: "Remove a pipeline joined to a state you rule (never the U.O.R.–Abu Akar one)".
    Ruling U.O.R. and Zarqan with only the Djebel Harun–U.O.R. pipeline laid besides the first, that one
    goes at once (Zarqan's places for a pipeline hold none); with the Abu Akar–Zarqan one laid too, the
    player chooses."""
    rulers = [(0, "king", "uor-0"), (0, "king", "zarqan-0")]
    st = leader_draws("pipeline-sabotage", leaders=rulers, pipes=[("uor", "abu"), ("harun", "uor")])
    assert st.pipes == 1 << st.content.board.start_pipeline
    st = leader_draws("pipeline-sabotage", leaders=rulers, pipes=[("uor", "abu"), ("harun", "uor"), ("abu", "zarqan")])
    assert set(st.legal_actions()) == {"sabotage harun uor", "sabotage abu zarqan"}


def test_intelligence_coup_moves_the_agent_without_a_card():
    st = leader_draws("intelligence-coup", agents=["kadhar-0", "sahir-2"])
    assert "agent kadhar-1" in st.legal_actions() and "decline" in st.legal_actions()
    top = st.deck[0]
    st.apply("agent kadhar-4")  # ends on '?' but draws nothing
    assert st.deck[0] == top and st.agents[0] == st.content.board.point_id["kadhar-4"]


def test_refused_card_choice_names_the_reason():
    st = leader_draws("tanker-gift")
    with pytest.raises(IllegalAction):
        st.apply("station east")
