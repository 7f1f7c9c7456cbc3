"""The search estimate of an unfinished Nuclear War game (``Game.evaluate``)."""

from __future__ import annotations

from realpolitik.games import get
from realpolitik.games.nuclear_war.heuristic import evaluate

from .scenario import build


def test_the_game_offers_its_estimate_to_search_bots():
    assert get("nuclear-war").evaluate is evaluate


def test_more_people_means_a_better_chance_and_the_eliminated_have_none():
    st = build(3, people=[[25, 25], [25], [10]])
    st.alive[2] = False
    first, second, out = evaluate(st)
    assert out == 0.0
    assert first > second > 0.0
    assert first == 4 * second, "chances grow with the square of the people: 50² against 25²"
    assert 0.0 < first + second < 1.0, "a game may still end without a winner"


def test_equal_nations_have_equal_chances():
    st = build(4)
    assert len(set(evaluate(st))) == 1
