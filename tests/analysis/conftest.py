"""A small report of every game, made once by the command line for the tests that read it."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from realpolitik.cli.main import app
from realpolitik.games import registry

#: games per report: few, random bots, so that every game's report is made in seconds
GAMES = 6


@pytest.fixture(scope="session")
def reports(tmp_path_factory) -> dict:
    """``{game id: (report path, its --json numbers)}``: random bots, English."""
    folder = tmp_path_factory.mktemp("reports")
    made = {}
    for game in registry():
        path = folder / f"{game.id}.html"
        seats = ",".join(["random"] * game.default_players())
        result = CliRunner().invoke(app, ["analyze", game.id, "--seats", seats, "--games", str(GAMES), "--seed", "1",
                                          "--out", str(path), "--json", "--lang", "en"])
        assert result.exit_code == 0, result.output
        made[game.id] = (path, json.loads(result.stdout))
    return made
