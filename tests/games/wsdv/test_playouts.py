"""Seeded playouts: every game ends with a reason, and the board never breaks its invariants."""

from __future__ import annotations

from collections import Counter

import pytest

from realpolitik.bots import make_bot
from realpolitik.engine import Rng, SeatContext
from realpolitik.games import get
from realpolitik.games.wsdv import board
from realpolitik.games.wsdv.content import EAST, WEST
from realpolitik.testing import random_playout


def check(st) -> None:
    c = st.content
    assert all(u >= 0 for u in st.unrest) and all(v >= 0 for v in st.ls) and all(v >= 0 for v in st.sectors)
    assert st.ls[c.wb] == sum(st.sectors)
    assert 0 <= st.box and st.box + sum(st.socialists) <= c.socialists
    assert all(st.socialists[p] == 0 for p in c.of_side[WEST])
    assert all(-6 <= x <= 6 for x in (st.prestige, st.currency, st.socialism))
    assert all(0 <= b <= c.full[k] for k, b in enumerate(st.lines))
    assert all(st.factory[x] in (board.NONE, board.WORKING) for x in c.externals)
    assert sum(st.supplier_mp) in (0, st.unrest[c.wb] // 4) or st.stack
    places = st.deck + st.display + st.history + [k for h in st.hands for k in h] + [k for o in st.out_seen for k in o]
    assert len(places) == len(set(places)), "a card is in two places"
    assert all(len(h) <= 3 for h in st.hands)
    assert len(st.police) <= 6 and (not st.stasi or not st.police)
    assert st.police_used <= len(st.police)
    assert all(board.can_dismantle(st, s) == bool(board.dismantle_sites(st, s)) for s in (WEST, EAST))


OPTIONS = [{}, {"setup": "2014"}, {"ls_top_up": "one-province", "protest_removal": "one"},
           {"berlin_tolerance": "none", "supplier_protests": False}]


@pytest.mark.parametrize("options", OPTIONS)
def test_random_playouts_keep_the_invariants(options):
    game = get("wsdv")
    reasons = Counter()
    for i in range(12):
        st = game.new_state(2, options, 500 + i)
        random_playout(st, Rng(i), 5000, visit=check)
        check(st)
        out = st.outcome()
        assert out is not None and out.reason and len(out.winners) == 1
        reasons[str(out.reason).split(":")[0].split(" at ")[0]] += 1
    assert len(reasons) >= 2


def test_heuristic_games_finish():
    game = get("wsdv")
    for i in range(3):
        st = game.new_state(2, {}, 900 + i)
        bots = [make_bot("heuristic", game, 11 * i + s) for s in range(2)]
        rng = Rng(i)
        while not st.is_over():
            seat = st.to_act
            action = bots[seat].choose(SeatContext.of(st, seat, rng.fork()))
            assert action in st.legal_actions()
            st.apply(action)
        assert st.outcome().winners in ((WEST,), (EAST,))


def test_heuristic_beats_random_on_both_sides():
    game = get("wsdv")
    for heuristic_seat in (WEST, EAST):
        wins = 0
        for i in range(6):
            st = game.new_state(2, {}, 700 + i)
            kinds = ["random", "random"]
            kinds[heuristic_seat] = "heuristic"
            bots = [make_bot(k, game, 3 * i + s) for s, k in enumerate(kinds)]
            rng = Rng(i)
            while not st.is_over():
                seat = st.to_act
                st.apply(bots[seat].choose(SeatContext.of(st, seat, rng.fork())))
            wins += st.outcome().winners == (heuristic_seat,)
        assert wins >= 5
