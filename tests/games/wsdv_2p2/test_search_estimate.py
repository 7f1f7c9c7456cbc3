"""The 2+2 search estimate (``Game.evaluate``): each seat's chance to be the one winner."""

from __future__ import annotations

import pytest

from realpolitik.engine import Rng
from realpolitik.games import get
from realpolitik.games.wsdv.heuristic import west_chance
from realpolitik.games.wsdv.two_plus_two.heuristic import win_chances
from realpolitik.testing import random_playout

from .conftest import EAST_SEAT, USA, USSR, WEST_SEAT, Table


def test_the_game_offers_its_estimate_with_short_playouts():
    game = get("wsdv-2p2")
    assert game.evaluate is win_chances
    assert game.bot_defaults["ismcts"]["depth"] == 10


def test_chances_are_probabilities_and_each_side_shares_its_own():
    game = get("wsdv-2p2")
    rng = Rng(4)
    seen = []

    def check(st):
        chances = win_chances(st)
        assert all(0.0 < c < 1.0 for c in chances)
        assert sum(chances) == pytest.approx(1.0)
        assert chances[USA] + chances[WEST_SEAT] == pytest.approx(west_chance(st, -0.19, -0.12))
        seen.append(st.ply)

    for seed in range(3):
        random_playout(game.new_state(4, {}, seed), rng, 10_000, visit=check)
    assert len(seen) > 300


def test_a_victory_point_lead_moves_the_win_from_the_german_state_to_its_superpower():
    t = Table(seed=2)
    even = win_chances(t.st)
    assert even[WEST_SEAT] > even[USA], "level VP: the German state wins for its side (§12.4)"
    t.st.dominance = -4  # the USA holds dominance: 2 VP
    lead = win_chances(t.st)
    assert lead[USA] > lead[WEST_SEAT]
    assert lead[USA] + lead[WEST_SEAT] == pytest.approx(even[USA] + even[WEST_SEAT]), "the side's chance stays"
    assert lead[USSR] < even[USSR] and lead[EAST_SEAT] > even[EAST_SEAT]


def test_mass_protests_in_the_east_help_both_yellow_seats():
    t = Table(seed=2)
    before = win_chances(t.st)
    t.st.unrest[t.p("sa")] = 8
    after = win_chances(t.st)
    assert after[USA] > before[USA] and after[WEST_SEAT] > before[WEST_SEAT]
    assert after[USSR] < before[USSR] and after[EAST_SEAT] < before[EAST_SEAT]
