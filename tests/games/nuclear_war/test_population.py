"""Population cards as money: losses through the bank, change, and rounding against the player."""

from hypothesis import given
from hypothesis import strategies as st

from realpolitik.games.nuclear_war.population import _stages, pay, pay_by_search, receive, total

V = (1, 2, 5, 10, 25)


def test_exact_change():
    holding, bank = [0, 0, 1, 0, 1], [3, 1, 0, 0, 0]
    assert pay(holding, bank, 23, V) == 23
    assert total(holding, V) == 7 and holding == [0, 1, 1, 0, 0]


def test_no_change_rounds_against_the_victim():
    holding, bank = [0, 0, 0, 0, 1], [0, 0, 0, 0, 0]
    assert pay(holding, bank, 23, V) == 25
    assert holding == [0, 0, 0, 0, 0]


def test_a_loss_larger_than_the_population_takes_everything():
    holding, bank = [2, 0, 1, 0, 0], [0] * 5
    assert pay(holding, bank, 30, V) == 7 and total(holding, V) == 0 and bank == [2, 0, 1, 0, 0]


def test_receive_gives_at_most_what_is_owed():
    holding, bank = [0] * 5, [0, 0, 1, 2, 0]
    assert receive(holding, bank, 12, V) == 10
    assert receive(holding, bank, 0, V) == 0


holdings = st.lists(st.integers(0, 4), min_size=5, max_size=5)


@given(holdings, holdings, st.integers(1, 120))
def test_pay_conserves_people_and_never_takes_less_than_owed(h, b, amount):
    before = total(h, V) + total(b, V)
    have = total(h, V)
    lost = pay(h, b, amount, V)
    assert total(h, V) + total(b, V) == before
    assert lost == have - total(h, V)
    assert lost >= min(amount, have)
    assert all(n >= 0 for n in h + b)


@given(holdings, holdings, st.integers(0, 120))
def test_receive_conserves_people_and_never_overpays(h, b, amount):
    before = total(h, V) + total(b, V)
    start = total(h, V)
    got = receive(h, b, amount, V)
    assert 0 <= got <= amount and total(h, V) - start == got
    assert total(h, V) + total(b, V) == before


@given(st.lists(st.integers(0, 70), min_size=5, max_size=5))
def test_the_bundled_shifts_reach_what_one_shift_a_card_reaches(h):
    reach, stages = 1, []
    for n, v in zip(h, V):
        for _ in range(n):
            reach |= reach << v
        stages.append(reach)
    assert _stages(h, V) == stages


@given(holdings, holdings, st.integers(1, 120))
def test_pay_takes_what_the_plain_search_takes(h, b, amount):
    mine, theirs = (h[:], b[:]), (h[:], b[:])
    assert pay(*mine, amount, V) == pay_by_search(*theirs, amount, V)
    assert mine == theirs
