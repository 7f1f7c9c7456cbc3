"""Shared fixtures."""

import pytest

from realpolitik.games import registry


@pytest.fixture(scope="session")
def games():
    """The game registry."""
    return registry()
