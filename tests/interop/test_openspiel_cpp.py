"""OpenSpiel's C++ bots on the adapter's games, each game in a child process: a crash there must fail
the test, not kill pytest."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")

import realpolitik  # noqa: E402
from realpolitik.games import get, registry  # noqa: E402
from realpolitik.interop.openspiel import short_name  # noqa: E402
from realpolitik.testing.load import allowance  # noqa: E402

from .conftest import SHORT  # noqa: E402

#: moves OpenSpiel's C++ MCTS chooses in each game, whichever seat is to act
MOVES = 6

#: the child: C++ MCTS plays the first moves through ``bot.step``; where seats hide something, C++
#: ISMCTS is refused with the way to OpenSpiel's Python ISMCTS (it cannot draw worlds of a Python game)
CHILD = """
import json, sys
import pyspiel
from realpolitik.interop import openspiel as adapter

name, params, moves, hidden = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1"
game = pyspiel.load_game(name, params)
bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 7), 2.0, 4, 100, False, 7, False)
state = game.new_initial_state()
for _ in range(moves):
    action = bot.step(state)
    assert action in state.legal_actions(), (action, state.legal_actions())
    print(state.action_to_string(state.current_player(), action), flush=True)
    state.apply_action(action)
if hidden:
    while len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    ismcts = pyspiel.ISMCTSBot(7, pyspiel.RandomRolloutEvaluator(1, 7), 2.0, 4)
    try:
        ismcts.step(state)
    except pyspiel.SpielError as error:
        assert "open_spiel.python.algorithms.ismcts.ISMCTSBot" in str(error), error
        print("ISMCTS refused", flush=True)
"""


@pytest.mark.parametrize("game_id", [g.id for g in registry()])
def test_openspiel_cpp_mcts_plays_moves_of_every_game(game_id):
    game = get(game_id)
    params = {"players": game.max_players, "seed": 3, **SHORT.get(game_id, {})}
    source = str(Path(realpolitik.__file__).parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([source, os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", CHILD, short_name(game),
                           json.dumps(params), str(MOVES), "1" if game.hidden_information else "0"],
                          capture_output=True, text=True, env=env, timeout=allowance(60))
    assert done.returncode == 0, f"exit {done.returncode}: {done.stderr[-2000:]}"
    lines = done.stdout.splitlines()
    assert len(lines) == MOVES + game.hidden_information
    assert (lines[-1] == "ISMCTS refused") == game.hidden_information


def test_other_games_keep_openspiels_own_step():
    game = pyspiel.load_game("tic_tac_toe")
    state = game.new_initial_state()
    bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 7), 2.0, 20, 100, False, 7, False)
    assert bot.step(state) in state.legal_actions()
