"""Bot seats play server-side, in worker processes, for every registered game and every
bot kind it offers; the server answers other requests meanwhile."""

from __future__ import annotations

import time

import pytest

from realpolitik.bots import GENERIC, bot_kinds
from realpolitik.games import get, registry
from realpolitik.testing.server import Api, ServerProcess

#: search bots think up to the server's --bot-think per move; the others answer at once
SEARCH = {"ismcts"}
KINDS = [(game.id, kind) for game in registry() for kind in bot_kinds(game) if kind not in SEARCH]
SEARCHING = [(game.id, kind) for game in registry() for kind in SEARCH]


def _plays(api, game_id, kind):
    game = get(game_id)
    players = game.default_players()
    gid = api.create([kind] * players, game=game_id, options=dict(game.conformance_options))["id"]
    info = api.wait(gid, lambda i: i["status"] == "finished" or i["ply"] >= 12, timeout=90)
    assert info["ply"] >= 12 or info["outcome"]


def test_search_bots_are_generic():
    assert SEARCH <= set(GENERIC)


@pytest.mark.parametrize("game_id, kind", KINDS)
def test_every_bot_kind_plays_its_seats(api, game_id, kind):
    _plays(api, game_id, kind)


@pytest.mark.parametrize("game_id, kind", SEARCHING)
def test_search_bots_play_their_seats(tmp_path, game_id, kind):
    """On a server of its own, stopped afterwards: an all-bot game would keep its worker busy."""
    with ServerProcess(str(tmp_path / "games.db"), bot_think=0.05) as server, Api(server) as api:
        _plays(api, game_id, kind)


def test_the_server_stays_responsive_while_bots_play(api):
    games = [api.create(["random"] * 6)["id"] for _ in range(6)]
    slowest = 0.0
    while not all(api.info(g)["status"] == "finished" for g in games):
        start = time.perf_counter()
        assert api.get("/api/catalog").status_code == 200
        slowest = max(slowest, time.perf_counter() - start)
    assert slowest < 0.5
