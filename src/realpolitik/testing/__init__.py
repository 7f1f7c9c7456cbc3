"""Helpers for testing games: seeded random playouts, self-play positions and object-graph checks.

Used by ``tests/conformance`` (our ``api_test``) and available to anyone writing a game.
``realpolitik.testing.server`` runs real game and PostgreSQL servers for the server tests.
"""

from .playout import SharedMutable, random_playout, self_play_position, shared_mutables
from .scripted import ScriptedRng

__all__ = ["ScriptedRng", "SharedMutable", "random_playout", "self_play_position", "shared_mutables"]
