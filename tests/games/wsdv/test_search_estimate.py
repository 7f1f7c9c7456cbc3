"""The search estimate of an unfinished game (``Game.evaluate``), and ISMCTS using it."""

from __future__ import annotations

import pytest

from realpolitik.bots.ismcts import ISMCTSBot
from realpolitik.engine import Rng, SeatContext
from realpolitik.games import get
from realpolitik.games.wsdv.content import EAST, WEST
from realpolitik.games.wsdv.heuristic import win_chances
from realpolitik.testing import random_playout

from .conftest import Table


def test_the_game_offers_its_estimate():
    assert get("wsdv").evaluate is win_chances


def test_chances_are_probabilities_that_add_up_to_one_all_game_long():
    game = get("wsdv")
    rng = Rng(3)
    seen = []

    def check(st):
        west, east = win_chances(st)
        assert 0.0 < west < 1.0 and 0.0 < east < 1.0
        assert west + east == pytest.approx(1.0)
        seen.append(st.ply)

    for seed in range(4):
        random_playout(game.new_state(2, {}, seed), rng, 10_000, visit=check)
    assert len(seen) > 300


def test_mass_protests_in_the_east_raise_wests_chance():
    t = Table(seed=5)
    calm = win_chances(t.st)[WEST]
    t.unrest(mv=4, sa=8)
    west, east = win_chances(t.st)
    assert west > calm + 0.1
    t.unrest(ns=4, nrw=4, by=4)
    assert win_chances(t.st)[WEST] < west - 0.1


def test_a_living_standard_west_can_hold_is_worth_more_than_none():
    t = Table(seed=5)
    before = win_chances(t.st)[WEST]
    t.st.ls[t.p("nrw")] = 1  # North Rhine-Westphalia starts with a factory: within its export level
    assert win_chances(t.st)[WEST] > before


@pytest.mark.parametrize("track", ["prestige", "currency", "socialism"])
def test_every_track_step_toward_east_helps_east(track):
    t = Table(seed=5)
    before = win_chances(t.st)[EAST]
    setattr(t.st, track, 2)
    assert win_chances(t.st)[EAST] > before


def test_each_decade_gone_tilts_an_even_position_toward_east_who_wins_by_surviving():
    t = Table(seed=5)
    chances = []
    for decade in (1, 2, 3, 4):
        t.st.decade = decade
        chances.append(win_chances(t.st)[EAST])
    assert chances == sorted(chances) and chances[0] < chances[-1]


def test_ismcts_scores_cut_playouts_with_the_estimate_on_sampled_worlds_only(monkeypatch):
    game = get("wsdv")
    st = game.new_state(2, {}, 7)
    rng = Rng(7)
    while len(st.legal_actions()) < 4:
        st.apply(rng.choice(st.legal_actions()))
    worlds = []

    def spy(world):
        worlds.append(world)
        return win_chances(world)

    monkeypatch.setattr(game, "evaluate", spy)
    bot = ISMCTSBot(seed=1, budget=1500, depth=10)
    assert bot.choose(SeatContext.of(st, st.to_act, Rng(2))) in st.legal_actions()
    assert len(worlds) >= 50
    assert all(w is not st and w.ply > st.ply for w in worlds)
