"""The belief from play (``Game.particles``, ``ismcts:worlds=particles``): worlds weighted by the others' play."""

from __future__ import annotations

from collections import Counter

from realpolitik.engine import Rng, SeatContext
from realpolitik.games import get
from realpolitik.games.nuclear_war.particles import Particles, passes
from tests.games.nuclear_war.scenario import build


def every_card(world) -> Counter:
    return Counter(world.draw + [k for s in range(len(world.seats)) for k in world.hands[s] + world.queues[s]])


def positions(games: int = 4, every: int = 9):
    """(state, seat to act) every ``every`` plies of seeded games of four heuristics' moves."""
    game = get("nuclear-war")
    for seed in range(games):
        state, rng = game.new_state(4, None, 300 + seed), Rng(seed)
        bot = game.bots["heuristic"](seed)
        while not state.is_over():
            if state.ply % every == 4:
                yield state, state.to_act
            ctx = SeatContext.of(state, state.to_act, rng)
            state.apply(bot.choose(ctx))
            ctx.close()


def test_every_world_shows_the_seat_its_own_view_and_keeps_every_card():
    # A world may differ only where the seat cannot see: its view is the same, the cards of the game
    # taken together are the same, and every hand and row keeps its size.
    checked = 0
    for state, seat in positions():
        seen, cards = state.view(seat, log_from=None), every_card(state)
        sampler = get("nuclear-war").particles(SeatContext.of(state, seat, Rng(state.ply)), Rng(1))
        for draw in range(3):
            world = sampler(Rng(draw))
            assert world.view(seat, log_from=None) == seen
            assert every_card(world) == cards
            assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
            assert [len(q) for q in world.queues] == [len(q) for q in state.queues]
            secrets = world.content.secrets
            if any(state.queues):  # after the opening round no Secret rests in a hand or a row
                assert all(secrets.isdisjoint(world.hands[s] + world.queues[s]) for s in range(4) if s != seat)
        checked += 1
    assert checked > 20


def test_the_belief_never_reads_the_truth():
    # Two true states behind one view — the other seats' cards dealt differently — give the same
    # particles for a fixed seed: the belief reads the seat's view and history, nothing else.
    game, compared = get("nuclear-war"), 0
    for state, seat in positions(games=2, every=15):
        other = SeatContext.of(state, seat, Rng(99)).sample(Rng(7))  # another truth the seat cannot tell apart
        other.log = state.log.copy()
        assert other.view(seat) == state.view(seat)
        made = [game.particles(SeatContext.of(truth, seat, Rng(5)), Rng(3)) for truth in (state, other)]
        worlds = [[sampler(Rng(i)) for i in range(4)] for sampler in made]
        assert [(w.hands, w.queues, w.draw) for w in worlds[0]] == [(w.hands, w.queues, w.draw) for w in worlds[1]]
        compared += 1
    assert compared > 5


def strike_let_through(anti_in_hand: bool = False):
    """p1's Atlas with a 10 megaton warhead strikes p2, who answers ``no intercept`` (or, holding an
    anti-missile A, shoots it down); p3 watches. The draw pile holds anti-missiles A and S, which stop
    an Atlas: one card in six."""
    hands = [["10mt"] * 7, (["anti-a"] if anti_in_hand else []) + ["propaganda-5"] * (6 if anti_in_hand else 7),
             ["20mt"] * 7]
    st = build(3, queues=[["10mt", "20mt"], ["propaganda-5", "propaganda-5"], ["20mt", "20mt"]],
               face_up=["atlas", None, None], hands=hands, draw=(["anti-a", "anti-s"] + ["propaganda-10"] * 10) * 3,
               dice=[3, 6], war=True)
    st.apply("place 10mt")
    st.apply("target p2")
    st.apply("intercept anti-a" if anti_in_hand else "no intercept")
    return st


def anti_missiles_in_hand(state, seat: int, of: int, make) -> float:
    """The mean number of Atlas stoppers in ``of``'s hand over worlds that ``make`` draws for ``seat``."""
    ctx, rng = SeatContext.of(state, seat, Rng(2)), Rng(4)
    draw = make(ctx, rng)
    worlds = [draw(rng) for _ in range(200)]
    return sum(k in ("anti-a", "anti-s") for w in worlds for k in w.hands[of]) / len(worlds)


def test_a_strike_let_through_leaves_worlds_without_a_fitting_anti_missile():
    # The rule book, *Defence*: "Only the nation attacked may defend itself, after the target is named and
    # before the dice are rolled: it may discard an anti-missile from its hand or deterrent force that stops
    # this carrier." and "The target is always asked, even when it holds no anti-missile, and answers 'no
    # intercept' — so the question never tells the others what is in its hand." The question does not; the
    # answer does, to a model of players who intercept when they can: p2 let the Atlas through, so p3's
    # worlds seldom give p2 an anti-missile A or S (the one card p2 drew since may be one; and the model
    # leaves a tenth of its weight to players who hold one back).
    st = strike_let_through()
    assert passes(SeatContext.of(st, 2, Rng(1)).history(), st.seats, st.content.names) == {(1, "atlas"): 1}
    uniform = anti_missiles_in_hand(st, 2, 1, lambda ctx, rng: ctx.sample)
    believed = anti_missiles_in_hand(st, 2, 1, lambda ctx, rng: Particles(ctx, rng))
    assert uniform > 1 and believed < uniform / 2, (uniform, believed)


def test_a_strike_intercepted_says_nothing_against_anti_missiles():
    # The same table, but p2 shot the Atlas down: nothing was let through, and the worlds hold as many
    # anti-missiles in p2's hand as the rows' model leaves there (it keeps them in hand, never face down).
    st = strike_let_through(anti_in_hand=True)
    assert passes(SeatContext.of(st, 2, Rng(1)).history(), st.seats, st.content.names) == {}
    uniform = anti_missiles_in_hand(st, 2, 1, lambda ctx, rng: ctx.sample)
    believed = anti_missiles_in_hand(st, 2, 1, lambda ctx, rng: Particles(ctx, rng))
    assert believed >= uniform > 0.5, (uniform, believed)


def test_the_search_draws_its_worlds_from_the_belief():
    from realpolitik.bots import make_bot

    st = strike_let_through()
    bot = make_bot("ismcts:worlds=particles:budget=5000", get("nuclear-war"), 1)
    ctx = SeatContext.of(st, st.to_act, Rng(3))
    assert bot.choose(ctx) in st.legal_actions()
    assert bot.last.iterations > 1 or len(st.legal_actions()) == 1
