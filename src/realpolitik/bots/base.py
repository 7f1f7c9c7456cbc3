"""The one interface every bot implements."""

from __future__ import annotations

from typing import Protocol

from realpolitik.engine import SeatContext


class Bot(Protocol):
    """Chooses an action from a seat's context; it never sees the true state."""

    name: str

    def choose(self, ctx: SeatContext) -> str:
        """One of ``ctx.legal_actions``."""
