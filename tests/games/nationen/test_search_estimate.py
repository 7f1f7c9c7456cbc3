"""Nationen's search hooks: ``evaluate`` (a chance to win per power) and the ``ismcts`` defaults."""

from realpolitik.bots import make_bot
from realpolitik.engine import Rng, SeatContext
from realpolitik.games import get
from realpolitik.games.nationen import sequence
from realpolitik.games.nationen.heuristic import evaluate
from realpolitik.testing import self_play_position

from .scenario import build

GAME = get("nationen")


def _midgame(players: int, seed: int, plies: int = 60):
    """A position after ``plies`` moves of heuristic self-play, with the arena's round limit."""
    return self_play_position(GAME, players, seed, plies, GAME.conformance_options)


def test_search_bots_get_the_estimate_and_the_heuristics_playouts_by_default():
    assert GAME.evaluate is evaluate
    bot = make_bot("ismcts", GAME, 1)
    assert (bot.rollout, bot.depth, bot.budget) == ("game", 20, 3000)
    assert make_bot("ismcts:rollout=random:budget=500", GAME, 1).rollout == "random"


def test_estimates_are_chances_that_sum_to_one():
    for players in (2, 3, 4):
        st = _midgame(players, seed=players)
        est = evaluate(st)
        assert len(est) == players
        assert all(0.0 <= e <= 1.0 for e in est)
        assert abs(sum(est) - 1.0) < 1e-9


def test_more_money_means_a_better_chance_and_the_eliminated_have_none():
    st = _midgame(3, seed=11, plies=20)
    assert all(st.alive)
    before = evaluate(st)
    richer = st.clone()
    richer.money[0] += 30
    after = evaluate(richer)
    assert after[0] > before[0] and after[1] < before[1] and after[2] < before[2]
    out = st.clone()
    sequence.eliminate(out, 1, "is put out for the test")
    est = evaluate(out)
    assert est[1] == 0.0 and est[0] > before[0] and est[2] > before[2]


def test_income_weighs_less_as_the_round_limit_nears():
    # p1 has 20 M and no income; p2 has 2 M and earns 2 M (a king, one tanker in port).
    def position(round_):
        return build(2, leaders=[(0, "king", "kadhar-0"), (1, "king", "mahul-0")], money=[20, 2],
                     tankers=[(1, "mahul", 1)], agents=["kadhar-0", "mahul-0"], round=round_, at="main",
                     options={"round_limit": 60})
    early, late = evaluate(position(10)), evaluate(position(60))
    assert late[0] > early[0] and late[1] < early[1]
    assert late[0] > late[1]  # at the limit A20's score decides: 20 against 2 + 3 + 2


def test_an_open_capital_lowers_the_estimate():
    # p2's king two steps from p1's president on Kadhar's capital, money for the attack
    far = build(2, leaders=[(0, "president", "kadhar-0"), (1, "king", "uor-4")], money=[10, 10],
                tankers=[(0, "kadhar", 1)], agents=["sahir-2", "sahir-2"], at="main")
    near = build(2, leaders=[(0, "president", "kadhar-0"), (1, "king", "kadhar-2")], money=[10, 10],
                 tankers=[(0, "kadhar", 1)], agents=["sahir-2", "sahir-2"], at="main")
    assert evaluate(near)[0] < evaluate(far)[0]


def test_a_search_with_the_defaults_picks_a_legal_move_from_the_seat_context():
    st = _midgame(2, seed=5, plies=30)
    ctx = SeatContext.of(st, st.to_act, Rng(3))
    bot = make_bot("ismcts:budget=300", GAME, 2)
    assert len(ctx.legal_actions) > 1
    assert bot.choose(ctx) in ctx.legal_actions
    assert bot.last.iterations > 0
