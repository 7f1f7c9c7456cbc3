"""Vorbereitung and Spielbeginn: the deal, the opening round of Secrets, the strategy cards."""

from collections import Counter

import pytest

from realpolitik.engine import Rng
from realpolitik.games import get
from realpolitik.games.nuclear_war.combat import FinalRetaliation
from realpolitik.games.nuclear_war.sequence import ChooseStrategy, Opening, PlaceCard
from realpolitik.games.nuclear_war.tables import DEAL, HAND_SIZE
from tests.games.nuclear_war.scenario import build, holding, logged

GAME = get("nuclear-war")


def all_cards(st):
    """Every action card wherever it is (hands, deterrents, rows, face up, piles, pending salvos)."""
    cards = [k for h in st.hands for k in h] + [k for h in st.shown for k in h]
    cards += [k for q in st.queues for k in q] + [k for k in st.face_up if k] + st.draw + st.discard
    for frame in st.stack:
        if isinstance(frame, FinalRetaliation):
            cards += [k for k, _ in frame.carriers] + list(frame.warheads) + [w for _, _, w, _ in frame.strikes]
    return Counter(cards)


def through_opening(st):
    """Answer the opening round's questions (Secret targets, retaliation) until the strategy cards are due."""
    while st.stack and not isinstance(st.stack[-1], ChooseStrategy):
        st.apply(st.legal_actions()[-1])
    return st


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_population_deal_and_bank(players):
    st = GAME.new_state(players, seed=players)
    # the opening round may move people around; count the cards before it
    fresh = GAME.new_state(players, seed=players)
    assert DEAL == {2: 15, 3: 10, 4: 8, 5: 7, 6: 6}
    total_cards = sum(map(sum, st.pop)) + sum(st.bank)
    assert total_cards == 40
    assert sum(st.content.population) == 40
    values = st.content.denominations
    assert sum(n * v for h in st.pop + [st.bank] for n, v in zip(h, values)) == 240
    assert fresh.snapshot() == st.snapshot()  # set-up is a function of the seed


def test_each_player_gets_deal_cards_before_secrets():
    # a fixed seed whose opening has no population-moving Secrets shows the raw deal
    for seed in range(200):
        st = GAME.new_state(4, seed=seed)
        if "million" not in logged(st):
            assert [sum(h) for h in st.pop] == [8, 8, 8, 8]
            assert sum(st.bank) == 40 - 32
            return
    pytest.fail("no seed without an opening Secret found")


@pytest.mark.parametrize("players", [2, 4, 6])
def test_after_the_opening_everyone_holds_nine_and_no_secret(players):
    for seed in range(30):
        st = through_opening(GAME.new_state(players, seed=seed))
        if st.is_over():
            continue
        assert isinstance(st.stack[-1], ChooseStrategy)
        for s in range(players):
            if st.alive[s]:
                assert len(st.hands[s]) == 9
                assert not any(st.card(k).is_secret for k in st.hands[s])
        assert sum(all_cards(st).values()) == 100


def test_opening_round_resolves_secrets_in_seat_order_and_chains_replacements():
    # p1 holds two Secrets; its first replacement draw brings a third one.
    st = build(3, stack=[Opening(0)],
               hands=[["summit-talk", "10mt", "population-explosion"] + ["20mt"] * 6,
                      ["test-ban"] + ["10mt"] * 8, ["10mt"] * 9],
               queues=[[], [], []], people=[[25], [25], [25]],
               draw=["atlas", "polaris", "violent-tornado", "propaganda-5"])
    # Summit Talk needs a target: p1 chooses
    assert st.to_act == 0 and st.legal_actions() == ("target p2", "target p3")
    st.apply("target p3")
    text = logged(st)
    assert text.index("Summit Talk") < text.index("Population Explosion") < text.index("Violent Tornado")
    assert text.index("Violent Tornado") < text.index("Test Ban")  # p2 only after p1 is done
    assert st.skips == [0, 1, 1]  # Summit Talk on p3; Test Ban costs p2, who drew it, a turn
    assert len(st.hands[0]) == 9 and not any(st.card(k).is_secret for k in st.hands[0])
    assert st.stack[-1] == ChooseStrategy(0)


def test_strategy_cards_two_face_down_each_starting_with_the_owner():
    st = through_opening(GAME.new_state(3, seed=5))
    order = []
    while isinstance(st.stack[-1], ChooseStrategy):
        order.append(st.to_act)
        st.apply(st.legal_actions()[0])
    assert order == [0, 0, 1, 1, 2, 2]
    assert all(len(q) == 2 for q in st.queues)
    assert st.to_act == 0 and isinstance(st.stack[-1], PlaceCard)  # the owner's first turn


def test_random_first_player_option():
    firsts = {GAME.new_state(4, {"first_player": "random"}, seed=s).current for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert {GAME.new_state(4, seed=s).current for s in range(10)} == {0}


def test_the_deck_is_conserved_through_random_games():
    for seed in range(40):
        st = GAME.new_state(2 + seed % 5, seed=seed)
        rng = Rng(seed)
        while not st.is_over():
            assert sum(all_cards(st).values()) == 100
            st.apply(rng.choice(st.legal_actions()))


def test_population_is_conserved_through_random_games():
    for seed in range(40):
        st = GAME.new_state(2 + seed % 5, seed=seed)
        rng = Rng(seed)
        values = st.content.denominations
        while not st.is_over():
            people = sum(n * v for h in st.pop + [st.bank] for n, v in zip(h, values))
            assert people == 240
            for s in range(len(st.seats)):
                assert st.alive[s] == (st.population(s) > 0) or isinstance(st.stack[-1], FinalRetaliation)
            st.apply(rng.choice(st.legal_actions()))


def test_holding_helper():
    assert holding(25, 5, 5, 1) == [1, 0, 2, 0, 1]
    assert HAND_SIZE == 9
