"""Options online: no option makes the server open a path a client names (the answer is
the same whether the file exists or not, and comes at once for a device or a pipe), and
numbers are typed and bounded, with their range in the refusal."""

from __future__ import annotations

import os
import time

import pytest

from realpolitik.games import registry
from realpolitik.testing.load import allowance

FILE_OPTIONS = [(g.id, o.name) for g in registry() for o in g.options if o.local_file]


def test_every_game_with_own_content_has_a_file_option():
    assert {("nuclear-war", "content"), ("nationen", "board"), ("nationen", "cards"), ("e1815", "map_file"),
            ("wsdv-2p2", "expansion")} <= set(FILE_OPTIONS)


@pytest.mark.parametrize("game_id, option", FILE_OPTIONS)
def test_file_options_are_refused_online_without_touching_the_path(api, tmp_path, game_id, option):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)  # opening it would hang the server
    game = next(g for g in registry() if g.id == game_id)
    answers = []
    for path in ("/etc/passwd", "/etc/shadow", "/no/such/file", "/dev/zero", str(fifo), ""):
        start = time.monotonic()
        answer = api.post("/api/games", json={"game": game_id, "seats": ["random"] * game.min_players,
                                              "options": {option: path}})
        assert time.monotonic() - start < allowance(5)
        assert answer.status_code == 400, answer.text
        answers.append(answer.json())
    assert all(a == answers[0] for a in answers)  # nothing tells whether a path exists
    assert answers[0]["code"] == "bad-option" and "command line" in answers[0]["error"]
    offered = {o["name"] for g in api.get("/api/catalog").json() if g["id"] == game_id for o in g["options"]}
    assert option not in offered


@pytest.mark.parametrize("value", [-5, 101, True, 10**400, 2.5, "٣", "1e3", None])
def test_number_options_are_typed_and_bounded(api, value):
    answer = api.post("/api/games", json={"game": "e1815", "seats": ["random"] * 2, "options": {"max_years": value}})
    assert answer.status_code == 400, answer.text
    assert "field 'options" in answer.json()["error"] or "is not a whole number from 0 to 100" in answer.json()["error"]


def test_a_number_option_in_range_is_taken(api):
    answer = api.post("/api/games", json={"game": "e1815", "seats": ["random"] * 2, "options": {"max_years": 3}})
    assert answer.status_code == 201
    assert api.info(answer.json()["id"])["options"]["max_years"] == 3


def test_not_a_number_and_infinity_are_refused(api):
    for literal in ("NaN", "Infinity", "-Infinity", "1e400"):
        body = '{"game": "e1815", "seats": ["random", "random"], "options": {"max_years": ' + literal + '}}'
        answer = api.post("/api/games", content=body.encode(), headers={"content-type": "application/json"})
        assert answer.status_code == 400 and "whole number from 0 to 100" in answer.json()["error"], literal
