"""Helpers for testing games: seeded random playouts and object-graph checks.

Used by ``tests/conformance`` (our ``api_test``) and available to anyone writing a game.
"""

from .playout import SharedMutable, random_playout, shared_mutables
from .scripted import ScriptedRng

__all__ = ["ScriptedRng", "SharedMutable", "random_playout", "shared_mutables"]
