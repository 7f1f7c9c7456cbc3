"""The search estimate of 1815 and 1815 2vs2 (``Game.evaluate``): SP, lands and the team result."""

from realpolitik.engine import Rng, SeatContext
from realpolitik.games import get
from realpolitik.games.e1815.heuristic import evaluate, rollout_policy
from realpolitik.testing import self_play_position

from .conftest import blank, play, put, start_turn


def _midgame(game_id: str, players: int, seed: int, plies: int = 80):
    return self_play_position(get(game_id), players, seed, plies)


def test_both_games_offer_the_estimate():
    assert get("e1815").evaluate is evaluate and get("e1815-2vs2").evaluate is evaluate


def test_estimates_are_chances_that_sum_to_one():
    for players in (2, 3, 4):
        est = evaluate(_midgame("e1815", players, seed=players))
        assert len(est) == players and all(0.0 <= e <= 1.0 for e in est)
        assert abs(sum(est) - 1.0) < 1e-9


def test_more_sp_and_more_lands_mean_a_better_chance():
    st = blank(players=3)
    put(st, 0, "gascogne", inf=3, capital=True)
    put(st, 1, "moskau", inf=3, capital=True)
    put(st, 2, "rom", inf=3, capital=True)
    base = evaluate(st)
    ahead = st.clone()
    ahead.sp[1] += 4
    est = evaluate(ahead)
    assert est[1] > base[1] and est[0] < base[0] and est[2] < base[2]
    wider = st.clone()
    for key in ("neapel", "sizilien", "lombardei", "korsika-sardinien"):
        put(wider, 2, key, inf=1)
    est = evaluate(wider)
    assert est[2] > base[2] and est[2] == max(est)


def test_allies_share_their_team_chance():
    for seed in (1, 2):
        st = _midgame("e1815-2vs2", 4, seed=seed)
        est = evaluate(st)
        assert est[0] == est[2] and est[1] == est[3]
        assert abs(est[0] + est[1] - 1.0) < 1e-9
        ahead = st.clone()
        ahead.sp[3] += 5
        after = evaluate(ahead)
        assert after[1] > est[1] and after[3] > est[3] and after[0] < est[0]


def test_the_rollout_policy_plays_legal_moves_on_sampled_worlds_to_the_end():
    for game_id, players in (("e1815", 2), ("e1815", 3), ("e1815-2vs2", 4)):
        game = get(game_id)
        assert game.rollout_policy is rollout_policy
        st = game.new_state(players, {}, seed=players)
        rng = Rng(players)
        world = SeatContext.of(st, st.to_act, rng.fork()).sample(rng)
        while not world.is_over():
            action = rollout_policy(world, rng)
            assert action in world.legal_actions()
            world.apply(action)
        assert world.outcome().winners


def test_the_rollout_policy_attacks_only_where_it_is_stronger_and_spends_just_enough():
    st = blank(players=2)
    put(st, 0, "gascogne", inf=4, capital=True)
    put(st, 1, "kastilien", inf=3)   # defence 3: 4 EP next door win
    for key in ("paris", "lombardei", "korsika-sardinien", "katalonien"):
        put(st, 1, key, inf=6)       # defence 6: out of reach
    start_turn(st, 0)
    assert rollout_policy(st, Rng(1)) == "attack kastilien"
    play(st, "attack kastilien", "commit gascogne 3 inf")
    assert rollout_policy(st, Rng(1)) == "commit gascogne 1 inf"  # 3 against 3 does not win
    st.markers[0] = 3
    play(st, "go")
    assert rollout_policy(st, Rng(1)) == "spend 1"  # 3 + 1 beats 3
