"""Nuclear War's action texts: the one place they are written (below; f-strings, as they are
built for every legal action of every decision) and read (``read``).

Cards are named by their keys, nations by their seat labels: ``place atlas``, ``place
shown atlas`` (from the deterrent force), ``show atlas``, ``hide atlas``, ``target p3``,
``intercept nike``, ``no intercept``, ``strike b-70 20mt p2``, ``done``, ``swap 2 atlas``,
``keep``. Their words for players are in ``words``.
"""

from __future__ import annotations

from realpolitik.engine import parse as read

NO_INTERCEPT = "no intercept"
DONE = "done"
KEEP = "keep"


def place(key: str, from_deterrent: bool = False) -> str:
    return f"place shown {key}" if from_deterrent else f"place {key}"


def places(keys: list[str], from_deterrent: bool = False) -> list[str]:
    """``place`` for each card (the lists a turn offers: one call, not one per card)."""
    return [f"place shown {k}" for k in keys] if from_deterrent else [f"place {k}" for k in keys]


def show(key: str) -> str:
    return f"show {key}"


def shows(keys: list[str]) -> list[str]:
    return [f"show {k}" for k in keys]


def hide(key: str) -> str:
    return f"hide {key}"


def hides(keys: list[str]) -> list[str]:
    return [f"hide {k}" for k in keys]


def target(seat_label: str) -> str:
    return f"target {seat_label}"


def intercept(key: str) -> str:
    return f"intercept {key}"


def strike(carrier: str, warhead: str, seat_label: str) -> str:
    return f"strike {carrier} {warhead} {seat_label}"


def swap(slot: int, key: str) -> str:
    return f"swap {slot} {key}"


__all__ = ["DONE", "KEEP", "NO_INTERCEPT", "hide", "hides", "intercept", "place", "places", "read", "show", "shows",
           "strike", "swap", "target"]
