"""Seeded playouts: every game ends, the board keeps its invariants, bots play every role."""

from __future__ import annotations

from collections import Counter

from realpolitik.bots import make_bot
from realpolitik.engine import Rng, SeatContext
from realpolitik.games import get
from realpolitik.testing import random_playout


def check(st) -> None:
    c = st.content
    assert c.treasury.lowest <= min(st.treasury) and max(st.treasury) <= c.treasury.highest
    assert abs(st.arms) <= c.arms.spaces and abs(st.space) <= c.space.spaces
    assert abs(st.dominance) <= c.dominance.spaces and 0 <= st.doves <= c.doves
    assert sorted(st.arms_deck + st.arms_used) == sorted(c.arms_deck)
    assert sorted(st.conflict_deck + st.conflict_used) == sorted(c.conflict_deck)
    assert all(-6 <= x <= 6 for x in (st.prestige, st.currency, st.socialism))
    places = (st.deck + st.display + st.history + [k for h in st.hands for k in h]
              + [k for o in st.out_seen for k in o] + st.prepared[0] + st.prepared[1])
    assert len(places) == len(set(places)), "a card is in two places"
    collected = [k for p in st.peacemakers for k in p]
    assert set(collected) <= set(st.history) and not set(collected) & set(st.played)
    assert all(st.card(k).colour in ("green", "black") for k in collected)
    assert all(u >= 0 for u in st.unrest)


def test_random_playouts_keep_the_invariants():
    game = get("wsdv-2p2")
    endings = Counter()
    for i in range(40):
        st = game.new_state(4, {"setup": "2014"} if i % 4 == 3 else {}, 500 + i)
        random_playout(st, Rng(i), 5000, visit=check)
        check(st)
        endings[st.outcome().details["ending"]] += 1
    assert endings["nuclear war"] and endings["base game"]


def test_heuristic_games_finish_with_every_role_played():
    game = get("wsdv-2p2")
    for i in range(2):
        st = game.new_state(4, {}, 70 + i)
        bots = [make_bot("heuristic", game, 7 * i + s) for s in range(4)]
        rng = Rng(i)
        while not st.is_over():
            seat = st.to_act
            st.apply(bots[seat].choose(SeatContext.of(st, seat, rng.fork())))
            check(st)
        assert st.outcome().reason


def test_a_heuristic_team_beats_a_random_team():
    game = get("wsdv-2p2")
    wins = 0
    games = 8
    for i in range(games):
        heuristic_side = i % 2
        st = game.new_state(4, {}, 300 + i)
        bots = [make_bot("heuristic" if s % 2 == heuristic_side else "random", game, 5 * i + s) for s in range(4)]
        rng = Rng(i)
        while not st.is_over():
            seat = st.to_act
            st.apply(bots[seat].choose(SeatContext.of(st, seat, rng.fork())))
        wins += any(w % 2 == heuristic_side for w in st.outcome().winners)
    assert wins >= 6
