"""The belief from play (``Game.particles``, ``ismcts:worlds=particles``): worlds weighted by the others' play
along the whole history."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter

import pytest

from realpolitik.engine import Rng, SeatContext
from realpolitik.games import get
from realpolitik.games.nuclear_war.grammar import read as parse
from realpolitik.games.nuclear_war.history import read
from realpolitik.games.nuclear_war.particles import Model, Particles
from realpolitik.testing.load import allowance
from tests.games.nuclear_war.scenario import build


def every_card(world) -> Counter:
    return Counter(world.draw + [k for s in range(len(world.seats)) for k in world.hands[s] + world.queues[s]])


def positions(games: int = 2, every: int = 9):
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
    assert checked > 12


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


def events(state, seat: int) -> list:
    """The card moves of the other living seats that ``seat``'s history tells."""
    followed = {s for s in range(len(state.seats)) if s != seat and state.alive[s]}
    return read(SeatContext.of(state, seat, Rng(1)).history(), state.seats, state.content.cards,
                state.content.names, followed)


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
    assert [(e.kind, e.seat, e.carrier) for e in events(st, 2) if e.kind == "pass"] == [("pass", 1, "atlas")]
    uniform = anti_missiles_in_hand(st, 2, 1, lambda ctx, rng: ctx.sample)
    believed = anti_missiles_in_hand(st, 2, 1, lambda ctx, rng: Particles(ctx, rng))
    assert uniform > 1 and believed < uniform / 2, (uniform, believed)


def test_a_strike_intercepted_says_nothing_against_anti_missiles():
    # The same table, but p2 shot the Atlas down with the least versatile anti-missile that stops it, as the
    # heuristic does: nothing was let through, and the worlds hold about as many anti-missiles in p2's hand as
    # uniform ones (p2 placed nothing face down in the history: nothing else is read of its hand).
    st = strike_let_through(anti_in_hand=True)
    assert [(e.kind, e.seat, e.keys) for e in events(st, 2) if e.kind in ("pass", "intercept")] == \
        [("intercept", 1, ("anti-a",))]
    uniform = anti_missiles_in_hand(st, 2, 1, lambda ctx, rng: ctx.sample)
    believed = anti_missiles_in_hand(st, 2, 1, lambda ctx, rng: Particles(ctx, rng))
    assert uniform > 0.5 and abs(believed - uniform) < 0.15, (uniform, believed)


def test_the_search_draws_its_worlds_from_the_belief():
    from realpolitik.bots import make_bot

    st = strike_let_through()
    bot = make_bot("ismcts:worlds=particles:budget=5000", get("nuclear-war"), 1)
    ctx = SeatContext.of(st, st.to_act, Rng(3))
    assert bot.choose(ctx) in st.legal_actions()
    assert bot.last.iterations > 1 or len(st.legal_actions()) == 1


_WORLDS = """
from tests.games.nuclear_war.test_particles import positions, strike_let_through
from realpolitik.engine import Rng, SeatContext
from realpolitik.games.nuclear_war.particles import Particles
def show(st, seat):
    draw = Particles(SeatContext.of(st, seat, Rng(2)), Rng(4))
    print([(w.hands, w.queues) for w in (draw(Rng(i)) for i in range(3))])
for (st, seat), _ in zip(positions(games=1, every=25), range(4)):  # a live game: each table read at once
    show(st, seat)
show(strike_let_through(anti_in_hand=True), 2)
show(strike_let_through(), 2)
"""


def test_the_worlds_do_not_depend_on_the_hash_seed():
    # A bot's seed alone decides its worlds: sets of card names (hash order) are never what picks one. CI
    # found a tie between two anti-missiles broken by the order of a set, different under another
    # PYTHONHASHSEED.
    printed = []
    for hashed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hashed)
        done = subprocess.run([sys.executable, "-c", _WORLDS], env=env, capture_output=True, text=True,
                              timeout=allowance(120))
        assert done.returncode == 0, done.stderr[-2000:]
        printed.append(done.stdout)
    assert printed[0].count("\n") == 6 and printed[0] == printed[1]


@pytest.mark.parametrize("deal", [321, 322, 323])
def test_the_history_read_as_card_moves_agrees_with_the_truth_along_a_whole_game(deal):
    # Every action of another seat is read at its moment: p1 follows the others through a game of four
    # heuristics until two have fallen (peace returns after each fall, and face-down cards are changed).
    # Each face-down card placed is read against the table as it was then (war, the face-up carrier and
    # its payload left), so the card the heuristic truly placed from its true hand and row has the model's
    # highest chance; each strike let through is read against the carrier that struck, and the true hand
    # then held no anti-missile that stops it; every path the particles take back reaches the deal as
    # dealt, with each hand and row as large as the truth's at each placement.
    game = get("nuclear-war")
    state, rng, bot = game.new_state(4, None, deal), Rng(8), game.bots["heuristic"](0)
    truth: dict[int, list] = {1: [], 2: [], 3: []}  # per other seat: (kind, hand, row, card or carrier)
    while sum(state.alive) > 2 and not state.is_over():
        seat = state.to_act
        ctx = SeatContext.of(state, seat, rng)
        action = bot.choose(ctx)
        ctx.close()
        verb, args = parse(action)
        if seat in truth and verb == "place" and args[0] != "shown":
            truth[seat].append(("place", list(state.hands[seat]), list(state.queues[seat]), args[0]))
        elif seat in truth and verb == "swap":
            truth[seat].append(("swap", list(state.hands[seat]), list(state.queues[seat]), args))
        elif seat in truth and action == "no intercept":
            truth[seat].append(("pass", list(state.hands[seat]) + state.shown[seat], [], state.stack[-1].carrier))
        state.apply(action)
    truth = {seat: moves for seat, moves in truth.items() if state.alive[seat]}  # the fallen are not followed
    model, read_moves = Model(state.content), events(state, 0)
    for seat, moves in truth.items():
        mine = [e for e in read_moves if e.seat == seat and e.kind in ("place", "pass", "swap")]
        assert [e.kind for e in mine] == [kind for kind, *_ in moves] and "pass" in [e.kind for e in mine]
        for ev, (kind, hand, row, what) in zip(mine, moves):
            if kind == "pass":
                assert ev.carrier == what and state.content.stoppers[what].isdisjoint(hand)
            if kind != "place":
                continue
            chances = model.placed(ev.war, ev.face_up, ev.payload, tuple(row), frozenset(hand).union(ev.shown))
            assert chances[what] == max(chances.values()), (ev, hand, row, what)
    belief = Particles(SeatContext.of(state, 0, Rng(2)), Rng(3), count=8, moves=16)
    for trail, _ in belief.particles:
        assert trail.whole
        for seat, moves in truth.items():
            placed = [entry for entry in reversed(trail.reads) if entry[0] == "place" and entry[1].seat == seat]
            assert [(len(hand), len(row)) for _, _, hand, row, _ in placed] == \
                [(len(hand), len(row)) for kind, hand, row, _ in moves if kind == "place"]
