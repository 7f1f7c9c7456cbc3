"""ISMCTS: right choices under uncertainty, reproducible from its seed, within its budget."""

from __future__ import annotations

from itertools import groupby

import pytest

from realpolitik.bots import ISMCTSBot, make_bot
from realpolitik.engine import Rng, SeatContext
from realpolitik.games import get, registry
from realpolitik.sim.arena import seated
from realpolitik.sim.targets import TARGETS, configuration
from realpolitik.testing.load import allowance
from realpolitik.testing.toy import FOLD_REWARD, HighCard


def high_card_choices(mine: int, budget: int = 600) -> set[str]:
    """ISMCTS's choices holding ``mine`` against every card p2 might truly hold."""
    game = HighCard()
    out = set()
    for theirs in range(1, 10):
        if theirs != mine:
            bot = ISMCTSBot(seed=theirs, budget=budget)
            out.add(bot.choose(SeatContext.of(game.deal(mine, theirs), 0, Rng(theirs))))
    return out


@pytest.mark.parametrize("mine, best", [(2, "fold"), (3, "fold"), (6, "call"), (7, "call")])
def test_chooses_by_the_odds_not_by_the_hidden_card(mine, best):
    # A call with card c wins (c - 1) / 8 of the time against a fold worth 0.4; a bot
    # that saw p2's card would fold against higher cards and call against lower ones.
    assert high_card_choices(mine) == {best}


def test_root_statistics_estimate_the_value_of_each_action():
    bot = ISMCTSBot(seed=1, budget=2000)
    bot.choose(SeatContext.of(HighCard().deal(7, 9), 0, Rng(2)))
    visits, value = bot.last.root["call"]
    assert value == pytest.approx(6 / 8, abs=0.05)
    assert bot.last.root["fold"][1] == pytest.approx(FOLD_REWARD)
    assert visits > bot.last.root["fold"][0]


def nuclear_war_position(plies: int, seed: int = 7):
    game = get("nuclear-war")
    state = game.new_state(4, None, seed)
    rng = Rng(seed)
    while state.ply < plies or len(state.legal_actions()) == 1:
        state.apply(rng.choice(state.legal_actions()))
    return game, state


def test_same_seed_same_choice_and_same_search():
    game, state = nuclear_war_position(30)
    runs = []
    for _ in range(2):
        bot = make_bot("ismcts:budget=3000", game, seed=11)
        ctx = SeatContext.of(state, state.to_act, Rng(5))
        runs.append((bot.choose(ctx), bot.last.iterations, bot.last.root))
    assert runs[0] == runs[1]
    other = make_bot("ismcts:budget=3000", game, seed=12)
    other.choose(SeatContext.of(state, state.to_act, Rng(5)))
    assert other.last.root != runs[0][2], "the seed must drive the search"


def test_budget_counts_apply_calls():
    game, state = nuclear_war_position(20)
    bot = ISMCTSBot(seed=3, budget=2500)
    action = bot.choose(SeatContext.of(state, state.to_act, Rng(1)))
    assert action in state.legal_actions()
    stats = bot.last
    assert 2500 <= stats.applies < 2500 + 400, "one playout at most beyond the budget"
    assert stats.iterations == sum(v for v, _ in stats.root.values())


def test_time_limit_caps_the_search():
    game, state = nuclear_war_position(20)
    bot = ISMCTSBot(seed=3, budget=10**9, time_limit=0.2)
    bot.choose(SeatContext.of(state, state.to_act, Rng(1)))
    assert 0.2 <= bot.last.seconds < allowance(1.0)  # the last playout ends on a loaded machine too
    assert bot.last.applies < 10**9


def test_a_think_cap_reaches_search_bots_only_and_yields_to_the_spec():
    game = get("nuclear-war")
    assert make_bot("ismcts", game, 1, think=0.5).time_limit == 0.5
    assert make_bot("ismcts:time_limit=2", game, 1, think=0.5).time_limit == 2
    assert make_bot("ismcts", game, 1).time_limit is None
    assert make_bot("heuristic", game, 1, think=0.5).name == "heuristic"
    assert make_bot("random", game, 1, think=0.5).name == "random"


def test_a_games_bot_defaults_apply_where_the_spec_sets_nothing():
    game = get("nuclear-war")
    assert game.bot_defaults["ismcts"] == {"rollout": "game", "depth": 1000, "budget": 10000, "prior": "sharp"}
    bot = make_bot("ismcts", game, 1)
    assert (bot.rollout, bot.depth, bot.budget, bot.prior) == ("game", 1000, 10000, "sharp")
    bot = make_bot("ismcts:depth=20:prior=heuristic", game, 1)
    assert (bot.rollout, bot.depth, bot.budget, bot.prior) == ("game", 20, 10000, "heuristic")
    assert make_bot("ismcts", get("wsdv"), 1).rollout == "auto"


def test_defaults_for_a_table_size_go_over_the_games_defaults():
    game = get("e1815")
    assert make_bot("ismcts", game, 1).opponents == "tree"  # no table size: the game's defaults
    assert make_bot("ismcts", game, 1, players=2).opponents == "tree"
    assert make_bot("ismcts", game, 1, players=3).opponents == "tree"  # measured better searched
    bot = make_bot("ismcts", game, 1, players=4)
    assert (bot.opponents, bot.budget) == ("policy", 20000)
    assert make_bot("ismcts:opponents=tree", game, 1, players=4).opponents == "tree"
    assert make_bot("ismcts:opponents=policy", game, 1, players=3).opponents == "policy"
    assert make_bot("ismcts", get("e1815-2vs2"), 1, players=4).opponents == "tree"  # two teams: searched
    assert [b.opponents for b in seated(game, ["ismcts", "heuristic", "heuristic", "ismcts"], 5, 0)
            if b.name == "ismcts"] == ["policy", "policy"]
    assert configuration(TARGETS["e1815 4p"])["bots"]["ismcts"]["opponents"] == "policy"
    assert "opponents" not in configuration(TARGETS["e1815 2p"])["bots"]["ismcts"]
    assert "opponents" not in configuration(TARGETS["e1815 3p"])["bots"]["ismcts"]


def test_a_forced_move_needs_no_search():
    game = get("nuclear-war")
    state = game.new_state(4, None, 3)
    rng = Rng(3)
    while len(state.legal_actions()) != 1:
        state.apply(rng.choice(state.legal_actions()))
    bot = ISMCTSBot(seed=1)
    assert bot.choose(SeatContext.of(state, state.to_act, Rng(1))) == state.legal_actions()[0]
    assert bot.last.iterations == 0


def test_the_games_fast_rollout_policy_is_used_when_offered(monkeypatch):
    game, state = nuclear_war_position(20)
    worlds = []

    def first_action(world, rng):
        worlds.append(world)
        return world.legal_actions()[0]

    monkeypatch.setattr(game, "rollout_policy", first_action)
    ISMCTSBot(seed=1, budget=800, rollout="random").choose(SeatContext.of(state, state.to_act, Rng(1)))
    assert worlds == []
    ISMCTSBot(seed=1, budget=800).choose(SeatContext.of(state, state.to_act, Rng(1)))
    assert len(worlds) > 100
    assert all(w is not state for w in worlds)


@pytest.mark.parametrize("where", ["rollout_policy", "rollout_policies"])
def test_other_seats_can_follow_their_own_model_in_playouts(monkeypatch, where):
    # the game's fast policy, or one of its named ones, plays either the seat's own playout
    # moves or the others'
    game, state = nuclear_war_position(20)
    me = state.to_act
    seats = []

    def first_action(world, rng):
        seats.append(world.to_act)
        return world.legal_actions()[0]

    if where == "rollout_policy":
        monkeypatch.setattr(game, "rollout_policy", first_action)
        name = "game"
    else:
        monkeypatch.setitem(game.rollout_policies, "keen", first_action)
        name = "keen"
    make_bot(f"ismcts:budget=3000:rollout={name}:model=random", game, 1).choose(SeatContext.of(state, me, Rng(1)))
    assert seats and set(seats) == {me}
    seats.clear()
    make_bot(f"ismcts:budget=3000:rollout=random:model={name}", game, 1).choose(SeatContext.of(state, me, Rng(1)))
    assert seats and me not in seats


def test_a_policy_the_game_does_not_offer_is_refused_before_any_search():
    game, state = nuclear_war_position(20)
    with pytest.raises(ValueError, match="rollout 'clever' is not one of .*sharp for nuclear-war"):
        make_bot("ismcts:rollout=clever", game, 1)
    with pytest.raises(ValueError, match="model 'sharp' is not one of same, .* for wsdv"):
        make_bot("ismcts:model=sharp", get("wsdv"), 1)
    with pytest.raises(ValueError, match="prior 'astrology' is not one of none, heuristic, sharp for nuclear-war"):
        make_bot("ismcts:prior=astrology", game, 1)
    with pytest.raises(ValueError, match="prior 'sharp' is not one of none, heuristic for wsdv"):
        make_bot("ismcts:prior=sharp", get("wsdv"), 1)
    bot = ISMCTSBot(seed=1, rollout="clever")  # built without its game: refused at the first search
    with pytest.raises(ValueError, match="rollout 'clever'"):
        bot.choose(SeatContext.of(state, state.to_act, Rng(1)))


def test_depth_limited_playouts_end_in_the_games_evaluation(monkeypatch):
    game, state = nuclear_war_position(20)
    seen = []

    def evaluate(world):
        seen.append(world.ply)
        return (0.25,) * 4

    monkeypatch.setattr(game, "evaluate", evaluate)
    bot = ISMCTSBot(seed=4, budget=1000, depth=5)
    bot.choose(SeatContext.of(state, state.to_act, Rng(1)))
    assert seen and all(ply > state.ply for ply in seen)
    assert bot.last.iterations >= 1000 // 40, "short playouts: many iterations for the budget"


def test_other_seats_can_be_left_to_the_rollout_policy():
    game, state = nuclear_war_position(20)
    me = state.to_act
    tree = ISMCTSBot(seed=2, budget=4000)
    tree.choose(SeatContext.of(state, me, Rng(1)))
    assert me in tree.last.seats and len(tree.last.seats) > 1
    mine = ISMCTSBot(seed=2, budget=4000, opponents="policy")
    assert mine.choose(SeatContext.of(state, me, Rng(1))) in state.legal_actions()
    assert mine.last.seats == {me}
    assert mine.last.nodes == mine.last.iterations


def test_a_heuristic_prior_keeps_the_heuristics_move_unless_search_clearly_beats_it():
    game, state = nuclear_war_position(24)
    ctx = SeatContext.of(state, state.to_act, Rng(4))
    hint = game.bots["heuristic"](0).choose(ctx)
    stubborn = ISMCTSBot(seed=3, budget=3000, prior="heuristic", confidence=1e9)
    assert stubborn.choose(ctx) == hint
    eager = ISMCTSBot(seed=3, budget=3000, prior="heuristic", confidence=0)
    choice = eager.choose(ctx)
    root = eager.last.root
    best = max(root, key=lambda a: root[a])
    assert choice == (best if root[best][1] > root[hint][1] else hint)
    with pytest.raises(ValueError, match="no heuristic bot"):
        ISMCTSBot(prior="heuristic").choose(SeatContext.of(HighCard().deal(5, 2), 0, Rng(1)))


def test_a_named_policy_as_prior_proposes_its_move_in_a_sampled_world(monkeypatch):
    # Nuclear War's sharp policy reads only what the seat to act sees, so in any world
    # sampled from the seat's context it proposes what heuristic:style=sharp chooses there
    game = get("nuclear-war")
    sharp = make_bot("heuristic:style=sharp", game, 0)
    differs = 0
    for ply in (8, 16, 24, 32, 40):
        _, state = nuclear_war_position(ply)
        ctx = SeatContext.of(state, state.to_act, Rng(ply))
        hint = sharp.choose(ctx)
        differs += hint != make_bot("heuristic", game, 0).choose(ctx)
        # a budget that lets the search try every move: an untried proposal would give way
        stubborn = make_bot("ismcts:budget=2000:prior=sharp:confidence=1e9", game, ply)
        assert stubborn.choose(ctx) == hint
    assert differs, "some position where the sharp and the plain heuristic part ways"
    # and the policy is asked in a sampled world, never the true state
    asked = []
    monkeypatch.setitem(game.rollout_policies, "sharp", lambda world, rng: asked.append(world) or
                        world.legal_actions()[0])
    _, state = nuclear_war_position(24)
    make_bot("ismcts:budget=200:prior=sharp", game, 1).choose(SeatContext.of(state, state.to_act, Rng(1)))
    assert asked and all(w is not state for w in asked)


@pytest.mark.parametrize("mine, best", [(2, "fold"), (7, "call")])
def test_halving_chooses_by_the_odds_too(mine, best):
    game = HighCard()
    for theirs in (1, 5, 9):
        if theirs != mine:
            bot = ISMCTSBot(seed=theirs, budget=600, root="halving")
            assert bot.choose(SeatContext.of(game.deal(mine, theirs), 0, Rng(theirs))) == best
            assert bot.last.seats == {0} and bot.last.nodes == 2


def test_halving_plays_every_action_left_on_the_same_worlds_and_halves_them(monkeypatch):
    game, state = nuclear_war_position(24)
    me, legal = state.to_act, state.legal_actions()
    assert len(legal) >= 5
    bot = ISMCTSBot(seed=6, budget=6000, root="halving")
    play, seeds = bot._playout, []

    def recorded(world, rng):
        seeds.append((rng.state, world.ply))
        return play(world, rng)

    monkeypatch.setattr(bot, "_playout", recorded)
    choice = bot.choose(SeatContext.of(state, me, Rng(2)))
    groups = [len(list(g)) for _, g in groupby(seeds)]  # one playout seed per world, one ply after the root
    assert len(groups) == len(set(seeds)), "a new seed for every world"
    sizes = [size for size, _ in groupby(groups)]
    expected, alive = [], len(legal)
    while alive > 1:
        expected.append(alive)
        alive = (alive + 1) // 2
    assert sizes == expected, "each round plays every action still in once per world, then halves them"
    root = bot.last.root
    assert sum(v for v, _ in root.values()) == bot.last.iterations == len(seeds)
    assert 6000 <= bot.last.applies
    finalists = [a for a in root if root[a][0] == max(v for v, _ in root.values())]
    assert len(finalists) == 2 and choice in finalists
    assert root[choice][1] >= max(root[a][1] for a in finalists)


def test_placing_mixes_each_seats_place_into_a_finished_playouts_reward():
    game, state = nuclear_war_position(24)
    world = state.clone()
    rng = Rng(8)
    while not world.is_over():
        world.apply(rng.choice(world.legal_actions()))
    outcome = world.outcome()
    for w in (0.0, 0.25, 1.0):
        bot = ISMCTSBot(seed=1, placing=w, rollout="random")
        bot._prepare(game)
        played, rewards = bot._playout(world.clone(), Rng(1))
        assert played == 0
        assert rewards == pytest.approx([(1 - w) * r + w * (4 - p) / 3
                                         for r, p in zip(outcome.rewards, outcome.places)])
    assert max(rewards) == 1.0 and min(rewards) == 0.0  # all place: first 1, last 0


def test_rollout_choices_are_checked():
    with pytest.raises(ValueError, match="rollout"):
        ISMCTSBot(rollout="very clever")
    with pytest.raises(ValueError, match="opponents"):
        ISMCTSBot(opponents="nobody")
    with pytest.raises(ValueError, match="model"):
        ISMCTSBot(model="psychic?")
    with pytest.raises(ValueError, match="prior"):
        ISMCTSBot(prior="tea leaves")
    with pytest.raises(ValueError, match="root"):
        ISMCTSBot(root="forest")
    with pytest.raises(ValueError, match="worlds"):
        ISMCTSBot(worlds="clairvoyant")
    for bad in (-0.1, 1.5, "high"):
        with pytest.raises(ValueError, match="placing"):
            ISMCTSBot(placing=bad)
    for bad in ({"budget": "x0"}, {"budget": 0}, {"time_limit": -1}, {"depth": 2.5}, {"exploration": "wide"}):
        with pytest.raises(ValueError, match=next(iter(bad))):
            ISMCTSBot(**bad)
    bot = ISMCTSBot(rollout="game")
    with pytest.raises(ValueError, match="fast rollout policy"):
        bot.choose(SeatContext.of(HighCard().deal(5, 2), 0, Rng(1)))
    with pytest.raises(ValueError, match="no belief"):
        ISMCTSBot(worlds="game").choose(SeatContext.of(HighCard().deal(5, 2), 0, Rng(1)))
    with pytest.raises(ValueError, match="no belief from play"):
        ISMCTSBot(worlds="particles").choose(SeatContext.of(HighCard().deal(5, 2), 0, Rng(1)))


def test_a_belief_from_play_is_made_once_a_decision_and_gives_every_searched_world(monkeypatch):
    game, state = nuclear_war_position(20)
    me = state.to_act
    made, drawn, searched = [], [], []

    def particles(ctx, rng):
        assert ctx.seat == me
        made.append(ctx)

        def sampler(rng):
            world = ctx.sample(rng)
            drawn.append(world)
            return world
        return sampler

    def first_action(world, rng):
        searched.append(world)
        return world.legal_actions()[0]

    monkeypatch.setattr(game, "particles", particles)
    monkeypatch.setattr(game, "rollout_policy", first_action)
    bot = ISMCTSBot(seed=1, budget=800, worlds="particles")
    for _ in range(2):
        bot.choose(SeatContext.of(state, me, Rng(1)))
    assert len(made) == 2 and len(drawn) > bot.last.iterations > 10
    assert {id(w) for w in searched} <= {id(w) for w in drawn}


def test_the_games_belief_rearranges_every_searched_world(monkeypatch):
    game, state = nuclear_war_position(20)
    me = state.to_act
    rearranged, searched = [], []

    def belief(world, seat, rng):
        assert seat == me and world is not state
        rearranged.append(world)

    def first_action(world, rng):
        searched.append(world)
        return world.legal_actions()[0]

    monkeypatch.setattr(game, "belief", belief)
    monkeypatch.setattr(game, "rollout_policy", first_action)
    ISMCTSBot(seed=1, budget=800).choose(SeatContext.of(state, me, Rng(1)))
    assert rearranged == [] and searched
    searched.clear()
    bot = ISMCTSBot(seed=1, budget=800, worlds="game")
    bot.choose(SeatContext.of(state, me, Rng(1)))
    assert len(rearranged) == bot.last.iterations > 10
    assert {id(w) for w in searched} <= {id(w) for w in rearranged}


@pytest.mark.parametrize("game_id", [g.id for g in registry() if "heuristic" in g.bots])
def test_heuristic_rollouts_run_for_every_game_with_a_heuristic(game_id):
    game = get(game_id)
    state = game.new_state(game.default_players(), dict(game.conformance_options), 5)
    rng = Rng(5)
    while len(state.legal_actions()) < 2:
        state.apply(rng.choice(state.legal_actions()))
    bot = ISMCTSBot(seed=2, budget=1500, rollout="heuristic")
    assert bot.choose(SeatContext.of(state, state.to_act, Rng(3))) in state.legal_actions()
