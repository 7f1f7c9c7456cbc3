"""bots.evaluate: a seat's estimate of its position — values with intervals that agree with the
visits, chances of winning per seat, reproducible from the seed, from the seat's context only."""

from __future__ import annotations

import pytest

from realpolitik.bots.evaluate import Tally, evaluate, lean, overall, wilson
from realpolitik.engine import Rng, SeatContext
from realpolitik.games import get
from realpolitik.testing.playout import self_play_position
from realpolitik.testing.toy import FOLD_REWARD, HighCard


def position(game_id: str, players: int, seed: int, plies: int):
    return self_play_position(get(game_id), players, seed, plies, bot="random")


def context(state, seat=None, seed=7):
    return SeatContext.of(state, state.to_act if seat is None else seat, Rng(seed))


@pytest.mark.parametrize("game_id, players", [("nuclear-war", 3), ("wsdv", 2), ("e1815-2vs2", 4)])
def test_values_and_intervals_agree_with_the_visits(game_id, players):
    state = position(game_id, players, 3, 6)
    e = evaluate(context(state), budget=1500, seed=2)
    assert set(e.visits) == set(state.legal_actions())
    tried = {a for a, n in e.visits.items() if n}
    assert set(e.values) == set(e.intervals) == set(e.after) == tried
    assert sum(e.visits.values()) == e.playouts > 0  # every playout began with one root action
    assert e.best in tried and e.visits[e.best] == max(e.visits.values())
    for action in tried:
        low, high = e.intervals[action]
        assert 0 <= low <= e.values[action] <= high <= 1
        assert (low, high) == wilson(e.values[action], e.visits[action])
        tally = e.tallies[action]
        assert tally.playouts == e.visits[action]  # placing 0: the value is the mean of the seat's wins
        assert tally.sums[e.seat] / tally.playouts == pytest.approx(e.values[action])
        assert tuple(e.after[action].values()) == lean(tally, overall(e.total, WEIGHT[game_id]), WEIGHT[game_id])
    assert e.total.playouts == e.playouts
    assert e.chances == e.after[e.best]
    assert set(e.chances) == set(range(players)) and all(0 <= p <= 1 for p in e.chances.values())


#: each game's lean, as the game says
WEIGHT = {game_id: get(game_id).pseudo_playouts for game_id in ("nuclear-war", "wsdv", "e1815-2vs2")}


def test_few_playouts_lean_toward_the_rest_of_the_search_and_many_outweigh_the_lean():
    total = Tally(100, (30.0, 50.0, 0.0))  # three seats; a fifth of the playouts ended with nobody winning
    even = overall(total, 0)
    assert even == (0.3, 0.5, 0.0)  # no weight: the plain means
    base = overall(total, 4)
    assert base == pytest.approx(((30 + 4 * 80 / 300) / 104, (50 + 4 * 80 / 300) / 104, 4 * 80 / 300 / 104))
    two = Tally(2, (2.0, 0.0, 0.0))  # two playouts, both won by the first seat: no certainty yet
    leaned = lean(two, base, 4)
    assert base[0] < leaned[0] < 1 and 0 < leaned[1] < base[1]
    many = Tally(2000, (2000.0, 0.0, 0.0))
    assert lean(many, base, 4)[0] == pytest.approx(1, abs=0.003)
    assert lean(Tally(0, (0.0, 0.0, 0.0)), base, 0) == base  # nothing at all: what the rest says
    single = Tally(10, (7.0, 3.0))  # one side wins each playout: the chances still sum to 1
    assert sum(lean(single, overall(Tally(40, (20.0, 20.0)), 4), 4)) == pytest.approx(1)


def test_an_interval_narrows_with_the_visits():
    widths = [high - low for low, high in (wilson(0.4, n) for n in (1, 10, 100, 1000))]
    assert widths == sorted(widths, reverse=True) and widths[-1] < 0.07
    assert wilson(0.0, 0) == (0.0, 1.0)
    assert wilson(1.0, 50)[1] == pytest.approx(1.0) and wilson(1.0, 50)[0] > 0.9


def test_the_same_seed_gives_the_same_estimate_and_another_seed_another():
    state = position("nuclear-war", 3, 11, 8)
    first = evaluate(context(state), budget=1200, seed=5)
    assert evaluate(context(state), budget=1200, seed=5) == first
    assert evaluate(context(state), budget=1200, seed=6) != first


def test_the_values_are_the_odds_of_the_seat_not_of_the_hidden_card():
    # high card: p1's call with a 7 wins 6 of 8 deals whatever p2 truly holds (a 9 here)
    e = evaluate(SeatContext.of(HighCard().deal(7, 9), 0, Rng(2)), budget=3000, seed=1)
    assert e.best == "call"
    assert e.values["call"] == pytest.approx(6 / 8, abs=0.05)
    assert e.values["fold"] == pytest.approx(FOLD_REWARD)
    low, high = e.intervals["call"]
    assert low < 6 / 8 < high


def test_allies_who_win_together_get_the_same_chance():
    state = position("e1815-2vs2", 4, 5, 10)
    e = evaluate(context(state), budget=1500, seed=1)
    teams = get("e1815-2vs2").teams(4)
    for a in range(4):
        for b in range(4):
            if teams[a] == teams[b]:
                assert e.chances[a] == pytest.approx(e.chances[b])


def test_a_seat_with_one_legal_action_still_gets_chances():
    game, rng = get("nuclear-war"), Rng(4)
    state = game.new_state(3, {}, 4)
    while len(state.legal_actions()) != 1:
        state.apply(rng.choice(state.legal_actions()))
    e = evaluate(context(state), budget=800, seed=1)
    (only,) = state.legal_actions()
    assert e.best == only and e.visits == {only: e.playouts} and e.playouts > 1
    assert 0 <= e.chances[e.seat] <= 1


def test_a_seat_not_to_act_gets_chances_and_no_actions():
    state = position("wsdv", 2, 2, 5)
    waiting = 1 - state.to_act
    e = evaluate(context(state, waiting), budget=1000, seed=1)
    assert e.seat == waiting and e.best == "" and not e.values and not e.visits
    assert e.playouts > 0 and sum(e.chances.values()) == pytest.approx(1.0)  # one of the two sides wins


def test_a_finished_game_is_its_outcome():
    game, rng = get("nuclear-war"), Rng(1)
    state = game.new_state(2, {}, 1)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    e = evaluate(SeatContext.of(state, 0, Rng(1)), budget=500)
    assert e.playouts == 0 and e.chances == dict(enumerate(state.outcome().rewards))


def test_halving_and_the_game_s_settings_are_taken_from_a_spec():
    state = position("nuclear-war", 3, 9, 6)
    e = evaluate(context(state), budget=1500, seed=1, spec="ismcts:root=halving:rollout=random")
    assert e.best in e.values and e.chances == e.after[e.best]


@pytest.mark.parametrize("spec, budget", [("heuristic", 100), ("random", 100), ("ismcts", 0), ("ismcts", 2.5)])
def test_other_bots_and_bad_budgets_are_refused(spec, budget):
    state = position("nuclear-war", 3, 9, 2)
    with pytest.raises(ValueError):
        evaluate(context(state), budget=budget, spec=spec)
