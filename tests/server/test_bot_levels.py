"""Bot levels online: the catalog offers each game's easy, normal and hard levels with the
ratings of the levels file, at each player count; a seat created as a level is played by that
level's spec at the game's count (and its spec may be sent for the seat too, as a rematch does);
an unknown level is refused, naming the levels there are."""

from __future__ import annotations

import pytest

from realpolitik.bots.levels import NAMES, game_of, key_of, levels, measured, table
from realpolitik.games import get, registry
from realpolitik.i18n import t
from realpolitik.server import kinds
from realpolitik.server.table import Refusal

#: the shipped entries of levels measured at another count than their game's own
OTHER_COUNTS = [key for key in table() if key != game_of(key)]


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
    count = {"nuclear-war": 2, "wsdv": 2, "e1815-2vs2": 4}[game]
    specs = {level.name: level.spec for level in levels(game, count)}
    created = api.create(["human", "hard", "easy", "normal"][:count], game=game)
    kinds = [p["kind"] for p in api.info(created["id"])["players"]]
    assert kinds == ["human", specs["hard"], specs["easy"], specs["normal"]][:count]
    again = api.create(["human", specs["hard"], "easy", "normal"][:count], game=game)  # as a rematch sends them
    assert [p["kind"] for p in api.info(again["id"])["players"]] == kinds


def test_a_game_of_levels_is_played_to_the_end_by_their_specs(api):
    specs = {level.name: level.spec for level in levels("nuclear-war", 2)}
    created = api.create(["easy", "hard"], game="nuclear-war")
    info = api.wait_finished(created["id"], timeout=180)
    assert [p["kind"] for p in info["players"]] == [specs["easy"], specs["hard"]]
    assert api.record(created["id"]).seats == [specs["easy"], specs["hard"]]


@pytest.mark.parametrize("seat", ["expert", "level:hard", "ismcts:budget=7"])
def test_an_unknown_level_is_refused_with_the_levels_there_are(api, seat):
    answer = api.post("/api/games", json={"game": "wsdv", "seats": ["human", seat]})
    assert answer.status_code == 400 and answer.json()["code"] == "bad-seat"
    assert answer.json()["error"].endswith(", ".join(NAMES)) and "seat 2:" in answer.json()["error"]


def test_the_catalog_offers_the_levels_of_every_player_count(api):
    for offered in api.get("/api/catalog", headers={"accept-language": "de"}).json():
        game = get(offered["id"])
        by_count = offered["levels_by_players"]
        assert list(by_count) == [str(n) for n in range(game.min_players, game.max_players + 1)]
        for n, found in by_count.items():
            at = measured(game.id, int(n))[0].players
            assert [(o["name"], o["label"], o["spec"], o["mu"], o["measured_at"]) for o in found] == [
                (level.name, {"easy": "leicht", "normal": "mittel", "hard": "schwer"}[level.name], level.spec,
                 level.mu, at) for level in levels(game.id, int(n))]
            # a count is offered its own levels where it has them, else the game's, and says which
            assert at == (int(n) if key_of(game.id, int(n)) in table() else table()[game.id][0].players)


def test_some_game_has_levels_measured_at_another_count():
    assert OTHER_COUNTS, "no entry GAME@N in levels.toml: every count is offered its game's own levels"


@pytest.mark.parametrize("key", OTHER_COUNTS)
def test_a_seat_created_as_a_level_at_another_count_is_played_by_that_count_s_spec(api, key):
    ladder, found = table()[key]
    game, count = game_of(key), ladder.players
    names = (["human"] + [level.name for level in found] * count)[:count]
    created = api.create(names, game=game)
    specs = {level.name: level.spec for level in found}
    assert [p["kind"] for p in api.info(created["id"])["players"]] == [specs.get(name, name) for name in names]


def test_a_level_is_the_spec_measured_at_the_game_s_count(tmp_path, monkeypatch):
    """With levels of Nationen measured at 4 players beside its own (3), a level names the spec of
    the game's count; at a count without its own entry, the game's own."""
    path = tmp_path / "levels.toml"
    entry = ('["{key}"]\nplayers = {n}\ngames = 24\ncommand = "c"\ndate = "d"\n'
             'easy = {{ spec = "random", mu = 1, sigma = 1 }}\nnormal = {{ spec = "heuristic", mu = 2, sigma = 1 }}\n'
             'hard = {{ spec = "{hard}", mu = 3, sigma = 1 }}\n')
    path.write_text(entry.format(key="nationen", n=3, hard="ismcts:budget=3000") + "\n"
                    + entry.format(key="nationen@4", n=4, hard="ismcts:budget=300"))
    monkeypatch.setattr(kinds, "levels", lambda game_id, players=None: measured(game_id, players, path)[1])
    monkeypatch.setattr(kinds, "specs", lambda game_id: frozenset(
        level.spec for count in (3, 4) for level in measured(game_id, count, path)[1]))
    nationen = get("nationen")
    assert kinds.seat_kind(nationen, "hard", t("seat 1"), 4) == "ismcts:budget=300"
    assert kinds.seat_kind(nationen, "hard", t("seat 1"), 3) == "ismcts:budget=3000"
    assert kinds.seat_kind(nationen, "hard", t("seat 1"), 2) == "ismcts:budget=3000"
    for players in (2, 3, 4):  # the spec of a level at any count, as a rematch sends it
        assert kinds.seat_kind(nationen, "ismcts:budget=300", t("seat 1"), players) == "ismcts:budget=300"
    with pytest.raises(Refusal, match="seat 1: 'ismcts:budget=7' is not one of human, .*, easy, normal, hard"):
        kinds.seat_kind(nationen, "ismcts:budget=7", t("seat 1"), 4)
