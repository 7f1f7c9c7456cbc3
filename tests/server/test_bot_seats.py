"""Bot seats play server-side, in worker processes, for every registered game and every
bot kind it offers; the server answers other requests meanwhile."""

from __future__ import annotations

import time

import pytest

from realpolitik.bots import bot_kinds
from realpolitik.games import get, registry

KINDS = [(game.id, kind) for game in registry() for kind in bot_kinds(game)]


@pytest.mark.parametrize("game_id, kind", KINDS)
def test_every_bot_kind_plays_its_seats(api, game_id, kind):
    game = get(game_id)
    players = game.default_players()
    gid = api.create([kind] * players, game=game_id, options=dict(game.conformance_options))["id"]
    info = api.wait(gid, lambda i: i["status"] == "finished" or i["ply"] >= 12, timeout=90)
    assert info["ply"] >= 12 or info["outcome"]


def test_the_server_stays_responsive_while_bots_play(api):
    games = [api.create(["random"] * 6)["id"] for _ in range(6)]
    slowest = 0.0
    while not all(api.info(g)["status"] == "finished" for g in games):
        start = time.perf_counter()
        assert api.get("/api/catalog").status_code == 200
        slowest = max(slowest, time.perf_counter() - start)
    assert slowest < 0.5
