"""Every game can say what a seat cannot know (the veil take-back is judged by, ``engine.undo``),
and it covers everything ``determinize`` deals anew: a sampled world differs from the real
state only where the seat's veil has a placeholder."""

from __future__ import annotations

from typing import Any

import pytest

from realpolitik.engine import Rng
from realpolitik.engine.undo import Hidden, veiled
from realpolitik.games import get, registry

GAME_IDS = registry().ids()
WORLDS = 4


def uncovered(real: Any, world: Any, veil: Any, path: tuple = ()) -> list[tuple]:
    """The paths at which ``world`` differs from ``real`` (or has another shape) and ``veil`` shows the value."""
    if isinstance(veil, Hidden):
        return []
    if isinstance(real, dict) and isinstance(world, dict) and isinstance(veil, dict) \
            and real.keys() == world.keys() == veil.keys():
        return [p for k in real for p in uncovered(real[k], world[k], veil[k], (*path, k))]
    if isinstance(real, (list, tuple)) and isinstance(world, (list, tuple)) and isinstance(veil, (list, tuple)) \
            and len(real) == len(world) == len(veil):
        return [p for i, r in enumerate(real) for p in uncovered(r, world[i], veil[i], (*path, i))]
    return [] if real == world else [path]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_sampled_world_differs_from_the_game_only_where_the_veil_hides(game_id):
    game = get(game_id)
    for i, players in enumerate(range(game.min_players, game.max_players + 1)):
        state = game.new_state(players, dict(game.conformance_options), seed=500 + i)
        rng = Rng(i)
        while not state.is_over() and state.ply < 300:
            if state.ply % 9 == 0:
                real = state.snapshot()
                for seat in range(players):
                    veil = veiled(state, seat)
                    assert veil is not None, (game_id, players, state.ply, seat)
                    for _ in range(WORLDS):
                        world = state.determinize(seat, rng).snapshot()
                        world["rng"] = real["rng"]  # the future dice are chance, judged apart
                        assert uncovered(real, world, veil.snapshot()) == [], (game_id, players, state.ply, seat)
            state.apply(rng.choice(state.legal_actions()))
