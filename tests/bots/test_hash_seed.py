"""A bot's moves follow from its seed and the table alone, never from Python's hash order: two processes
with different ``PYTHONHASHSEED`` play the same plies. (A tie broken by the order of a set of card names
once made Nuclear War's belief differ between this machine and CI.)"""

from __future__ import annotations

import os
import subprocess
import sys

from realpolitik.testing.load import allowance

_PLAY = """
from realpolitik.bots import make_bot
from realpolitik.engine import Rng, SeatContext
from realpolitik.games import get, registry

SPECS = ["heuristic", "ismcts:budget=120"]
for game in registry():
    for spec in SPECS + (["ismcts:budget=120:worlds=particles"] if game.id == "nuclear-war" else []):
        state = game.new_state(game.min_players, None, 11)
        bots = [make_bot(spec, game, seed=seat + 5, players=game.min_players) for seat in range(game.min_players)]
        rng, moves = Rng(3), []
        while not state.is_over() and len(moves) < 14:
            ctx = SeatContext.of(state, state.to_act, rng)
            moves.append(bots[state.to_act].choose(ctx))
            ctx.close()
            state.apply(moves[-1])
        print(game.id, spec, moves)
"""


def play(hash_seed: str) -> str:
    done = subprocess.run([sys.executable, "-c", _PLAY], env=dict(os.environ, PYTHONHASHSEED=hash_seed),
                          capture_output=True, text=True, timeout=allowance(240))
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_every_games_bots_play_the_same_moves_under_another_hash_seed():
    first, second = play("1"), play("2")
    assert len(first.splitlines()) >= 13  # every game, each kind of bot
    for one, other in zip(first.splitlines(), second.splitlines()):
        assert one == other
