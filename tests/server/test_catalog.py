"""The lobby's catalog is written for people: each game says what it is, how many play and
how long it takes, names its seats as the game does, and offers every rule option in the
reader's language as a menu, a checkbox or a bounded number — never a file path."""

from __future__ import annotations

import re

import pytest

from realpolitik.engine import Option
from realpolitik.games import registry
from realpolitik.server.api import catalog_entry

GAMES = list(registry())
#: words of the spec and the code that players must not read: spec, seed and review
#: references, paragraph signs, seat labels and abbreviations of the spec
INTERNAL = re.compile(r"\b(spec|seed|review)\b|§|\bp[1-6]\b|\bLS\b")


def _catalog(api, **headers) -> dict[str, dict]:
    answer = api.get("/api/catalog", headers=headers)
    assert answer.status_code == 200
    return {g["id"]: g for g in answer.json()}


def test_each_game_says_what_it_is_how_many_play_and_how_long_it_takes(api):
    games = _catalog(api)
    assert set(games) == {g.id for g in GAMES}
    nw = games["nuclear-war"]
    assert "Cold War" in nw["summary"] and nw["length"] == "about 1 hour"
    assert games["wsdv"]["length"] == "about 2–3 hours"
    for game in games.values():
        assert len(game["summary"]) > 40 and game["length"].startswith("about "), game["id"]


def test_seats_are_named_by_side_and_team(api):
    games = _catalog(api)
    assert [(s["label"], s["title"], s["team"]) for s in games["wsdv"]["seats"]["2"]] == [
        ("west", "West", None), ("east", "East", None)]
    assert [(s["title"], s["team"]) for s in games["wsdv-2p2"]["seats"]["4"]] == [
        ("USA", "yellow team"), ("Soviet Union", "red team"), ("West", "yellow team"), ("East", "red team")]
    assert [s["title"] for s in games["nuclear-war"]["seats"]["6"]] == [f"Player {n}" for n in range(1, 7)]
    assert set(games["nuclear-war"]["seats"]) == {"2", "3", "4", "5", "6"}
    assert [(s["label"], s["title"], s["team"]) for s in games["e1815-2vs2"]["seats"]["4"]] == [
        ("p1", "Player 1", "Team 1"), ("p2", "Player 2", "Team 2"), ("p3", "Player 3", "Team 1"),
        ("p4", "Player 4", "Team 2")]
    assert [s["title"] for s in games["nationen"]["seats"]["3"]] == ["Player 1", "Player 2", "Player 3"]


def test_options_have_labels_and_help_in_players_words(api):
    games = _catalog(api)
    option = {o["name"]: o for o in games["e1815"]["options"]}["max_years"]
    assert option["label"] == "Year limit" and "U27" not in option["help"]
    refill = {o["name"]: o for o in games["nuclear-war"]["options"]}["refill"]
    assert refill["label"] == "Drawing cards"
    assert dict(zip(refill["choices"], refill["choice_labels"], strict=True)) == {
        "draw-to-ten": "up to ten cards", "draw-one": "one card"}
    for game in games.values():
        names = [o["name"] for o in game["options"] if "_" in o["name"]]  # max_years, first_player
        for o in game["options"]:
            words = [o["label"], o["help"], *o["choice_labels"]]
            assert o["label"] != o["name"] and o["help"], (game["id"], o["name"])
            assert not set(o["choice_labels"]) & set(map(str, o["choices"])), (game["id"], o["name"])
            for text in words:
                assert not INTERNAL.search(text), (game["id"], o["name"], text)
                assert not [name for name in names if name in text], (game["id"], o["name"], text)


def test_every_option_is_a_menu_a_checkbox_or_a_bounded_number(api):
    for game in _catalog(api).values():
        for o in game["options"]:
            if isinstance(o["default"], bool):
                assert not o["choices"] and o["minimum"] is None
            elif isinstance(o["default"], (int, float)):
                assert o["minimum"] <= o["default"] <= o["maximum"], (game["id"], o["name"])
            else:
                assert o["default"] in o["choices"] and len(o["choice_labels"]) == len(o["choices"]), (
                    game["id"], o["name"])
    files = {o.name for g in GAMES for o in g.options if o.local_file}
    assert files == {"content", "map_file", "board", "cards", "expansion"}
    assert not files & {o["name"] for g in _catalog(api).values() for o in g["options"]}


@pytest.mark.parametrize("how", [{"accept-language": "de-DE,de;q=0.9"}, {"cookie": "lang=de"}])
def test_the_catalog_comes_in_german(api, how):
    games = _catalog(api, **({"accept-language": "en-US"} | how))
    assert [s["title"] for s in games["wsdv"]["seats"]["2"]] == ["Bundesrepublik", "DDR"]
    assert [(s["title"], s["team"]) for s in games["wsdv-2p2"]["seats"]["4"]][:2] == [
        ("USA", "Team Gelb"), ("Sowjetunion", "Team Rot")]
    assert games["nuclear-war"]["seats"]["2"][1]["title"] == "Spieler 2"
    assert games["nuclear-war"]["length"] == "etwa 1 Stunde"
    assert games["wsdv"]["summary"].startswith("Bundesrepublik gegen DDR")
    options = {o["name"]: o for o in games["nuclear-war"]["options"]}
    assert options["retaliation_cards"]["label"] == "Finaler Gegenschlag"
    assert options["refill"]["choice_labels"] == ["bis zu zehn Karten", "eine Karte"]
    assert "Abschreckungskräfte" in options["refill"]["help"]
    assert {o["name"]: o for o in games["e1815"]["options"]}["max_years"]["label"] == "Jahreslimit"


def test_a_language_cookie_wins_over_the_browser(api):
    games = _catalog(api, **{"accept-language": "de-DE", "cookie": "lang=en"})
    assert games["wsdv"]["seats"]["2"][1]["title"] == "East"


@pytest.mark.parametrize(("game", "options", "words"), [
    ("nationen", {"round_limit": 1001}, "a whole number from 0 to 1000"),
    ("nationen", {"round_limit": -1}, "a whole number from 0 to 1000"),
    ("e1815", {"max_years": 101}, "a whole number from 0 to 100"),
    ("e1815", {"max_years": "1e9"}, "a whole number from 0 to 100"),
    ("e1815-2vs2", {"map": "/etc/passwd"}, "one of 1815, 1715"),
])
def test_the_server_refuses_values_the_lobby_does_not_offer(api, game, options, words):
    seats = ["random"] * registry().get(game).default_players()
    answer = api.post("/api/games", json={"game": game, "seats": seats, "options": options})
    assert answer.status_code == 400 and answer.json()["code"] == "bad-option"
    assert words in answer.json()["error"]


def test_every_game_and_option_carries_players_words_in_both_languages():
    for game in GAMES:
        for lang in ("en", "de"):
            entry = catalog_entry(game, lang)
            for n in range(game.min_players, game.max_players + 1):
                assert len(game.seat_titles(n)) == len(game.seat_labels(n)) == n
                assert all(seat["title"] for seat in entry["seats"][str(n)])
        for option in game.options:
            if not option.local_file:
                assert option.label and option.about, (game.id, option.name)
                assert len(option.choice_labels) == len(option.choices), (game.id, option.name)
    with pytest.raises(TypeError, match="one choice label per choice"):
        Option("x", "a", "x", ("a", "b"), choice_labels=("A",))
