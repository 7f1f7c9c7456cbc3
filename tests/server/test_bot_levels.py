"""Bot levels online: the catalog offers each game's easy, normal and hard levels with the
ratings of the levels file; a seat created as a level is played by that level's spec (and
its spec may be sent for the seat too, as a rematch does); an unknown level is refused, naming the levels there are."""

from __future__ import annotations

import pytest

from realpolitik.bots.levels import NAMES, levels
from realpolitik.games import registry


def test_the_catalog_offers_the_levels_with_their_ratings_in_both_languages(api):
    english = {g["id"]: g for g in api.get("/api/catalog").json()}
    german = {g["id"]: g for g in api.get("/api/catalog", headers={"accept-language": "de"}).json()}
    for game in registry():
        offered = english[game.id]["levels"]
        assert [(o["name"], o["spec"], o["mu"], o["sigma"]) for o in offered] == [
            (level.name, level.spec, level.mu, level.sigma) for level in levels(game.id)]
        assert [o["label"] for o in offered] == ["easy", "normal", "hard"]
        assert [o["label"] for o in german[game.id]["levels"]] == ["leicht", "mittel", "schwer"]


@pytest.mark.parametrize("game", ["nuclear-war", "wsdv", "e1815-2vs2"])
def test_a_seat_created_as_hard_is_played_by_the_hard_spec(api, game):
    specs = {level.name: level.spec for level in levels(game)}
    count = {"nuclear-war": 2, "wsdv": 2, "e1815-2vs2": 4}[game]
    created = api.create(["human", "hard", "easy", "normal"][:count], game=game)
    kinds = [p["kind"] for p in api.info(created["id"])["players"]]
    assert kinds == ["human", specs["hard"], specs["easy"], specs["normal"]][:count]
    again = api.create(["human", specs["hard"], "easy", "normal"][:count], game=game)  # as a rematch sends them
    assert [p["kind"] for p in api.info(again["id"])["players"]] == kinds


def test_a_game_of_levels_is_played_to_the_end_by_their_specs(api):
    specs = {level.name: level.spec for level in levels("nuclear-war")}
    created = api.create(["easy", "hard"], game="nuclear-war")
    info = api.wait_finished(created["id"], timeout=180)
    assert [p["kind"] for p in info["players"]] == [specs["easy"], specs["hard"]]
    assert api.record(created["id"]).seats == [specs["easy"], specs["hard"]]


@pytest.mark.parametrize("seat", ["expert", "level:hard", "ismcts:budget=7"])
def test_an_unknown_level_is_refused_with_the_levels_there_are(api, seat):
    answer = api.post("/api/games", json={"game": "wsdv", "seats": ["human", seat]})
    assert answer.status_code == 400 and answer.json()["code"] == "bad-seat"
    assert answer.json()["error"].endswith(", ".join(NAMES)) and "seat 2:" in answer.json()["error"]
