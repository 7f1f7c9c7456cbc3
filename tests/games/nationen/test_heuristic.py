"""The heuristic bot: legal, finishing, clearly stronger than random, and blind to the undrawn cards."""

from realpolitik.bots import make_bot
from realpolitik.engine import Rng, SeatContext
from realpolitik.games import get
from realpolitik.games.nationen import heuristic
from realpolitik.games.nationen.incidents import SpyMove
from realpolitik.games.nationen.sequence import AgentSteps, HeadOfState

GAME = get("nationen")


def play(kinds, seed, options=None):
    state = GAME.new_state(len(kinds), options or {"round_limit": 60}, seed)
    bots = [make_bot(k, GAME, seed * 10 + i) for i, k in enumerate(kinds)]
    rng = Rng(seed)
    while not state.is_over():
        seat = state.to_act
        action = bots[seat].choose(SeatContext.of(state, seat, rng.fork()))
        assert action in state.legal_actions()
        state.apply(action)
    return state


def test_heuristic_beats_two_random_players():
    wins = 0
    for seed in range(9):
        seat = seed % 3
        kinds = ["random"] * 3
        kinds[seat] = "heuristic"
        wins += play(kinds, seed).outcome().winners == (seat,)
    assert wins >= 8


def test_heuristic_games_end_and_replay():
    for seed in range(3):
        state = play(["heuristic"] * (2 + seed), seed)
        out = state.outcome()
        assert out is not None and out.winners


def test_choice_does_not_depend_on_the_order_of_undrawn_cards():
    state = GAME.new_state(3, {}, seed=5)
    for action in ("place king kadhar", "station kadhar", "place king zarqan", "station zarqan",
                   "place king mahul", "station mahul"):
        state.apply(action)
    twin = state.clone()
    twin.deck[:twin.unknown] = list(reversed(twin.deck[:twin.unknown]))
    assert twin.deck != state.deck
    for _ in range(12):
        choices = []
        for st in (state, twin):
            bot = make_bot("heuristic", GAME, 3)
            choices.append(bot.choose(SeatContext.of(st, st.to_act, Rng(11))))
        assert choices[0] == choices[1]
        if state.is_over():
            break
        state.apply(choices[0])
        twin.apply(choices[0])
        if state.deck[0] != twin.deck[0]:
            break


def test_long_games_replay_clone_and_hide_nothing_deep_into_the_game():
    """The conformance checks, on states far beyond where random players go broke."""
    from realpolitik.engine import Record
    from realpolitik.testing import shared_mutables

    state = GAME.new_state(3, {"round_limit": 40}, 21)
    record = Record.start(state, 21, ["heuristic"] * 3)
    bots = [make_bot("heuristic", GAME, i) for i in range(3)]
    rng = Rng(21)
    while not state.is_over():
        seat = state.to_act
        action = bots[seat].choose(SeatContext.of(state, seat, rng.fork()))
        if state.ply % 9 == 0:
            twin = state.clone()
            assert shared_mutables(state, twin) == [] and twin.snapshot() == state.snapshot()
            world = state.determinize(seat, rng.fork())
            assert world.view(seat) == state.view(seat) and world.legal_actions() == state.legal_actions()
            before = state.snapshot()
            twin.apply(action)
            assert state.snapshot() == before
        state.apply(action)
        record.actions.append(action)
    record.finish(state)
    assert state.round > 15
    assert Record.from_json(record.to_json()).replay(get).snapshot() == state.snapshot()


def test_the_rollout_policy_chooses_as_the_bot_and_leaves_the_world_as_it_was():
    # The search's playouts ask the heuristic in the sampled world itself, without a seat
    # context: with the same generator it must choose what the bot chooses from the
    # context at every step of seeded games, and leave the world it is asked in unchanged.
    from realpolitik.games.nationen.heuristic import HeuristicBot, rollout_policy

    assert GAME.rollout_policy is rollout_policy
    steps = 0
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        state = GAME.new_state(players, {"round_limit": 60}, seed)
        rng = Rng(seed)
        while not state.is_over() and state.ply < 150:
            seat = state.to_act
            world = state.clone()
            before = (world.view(seat), world.deck[:])
            chosen = rollout_policy(world, Rng(seed + state.ply))
            assert (world.view(seat), world.deck) == before
            assert chosen == HeuristicBot(seed + state.ply).choose(SeatContext.of(state, seat, rng.fork()))
            state.apply(chosen)
            steps += 1
    assert steps > 300


def test_threats_are_skipped_only_where_they_cannot_change_the_choice():
    """The heuristic leaves out threats that cannot matter: every choice is the plain one."""
    compared = {"best": 0, "agent": 0}
    for players in (2, 3, 4):
        for seed in range(3):
            state = GAME.new_state(players, {"round_limit": 40}, seed)
            bots = [make_bot("heuristic", GAME, seed * 10 + i) for i in range(players)]
            rng = Rng(seed)
            while not state.is_over():
                seat, legal = state.to_act, state.legal_actions()
                top = state.stack[-1]
                if isinstance(top, (AgentSteps, SpyMove)) and any(a.startswith("agent ") for a in legal):
                    steps = isinstance(top, AgentSteps)
                    assert heuristic._agent(state, seat, legal, steps) == \
                        heuristic.plain_agent(state, seat, legal, steps)
                    compared["agent"] += 1
                step3 = [a for a in legal if a.split()[0] in ("move", "attack", "place")]
                if isinstance(top, HeadOfState) and step3:
                    short = heuristic._shortlist(state, step3)
                    assert heuristic._best(state, seat, short) == heuristic.plain_best(state, seat, short)
                    compared["best"] += 1
                state.apply(bots[seat].choose(SeatContext.of(state, seat, rng.fork())))
    assert compared["best"] > 100 and compared["agent"] > 100, compared
