"""A seat's view as numbers: named features and a fixed-size tensor (layout in docs/research.md).

Only ``State.view(seat)`` is read, so a tensor holds nothing the seat may not see. The view's
``public`` and ``private`` parts are flattened into features named by their path:

- a number (or ``true``) at ``public.players.2.hand`` is the feature of that name with that value;
- a text at ``public.turn`` is the feature ``public.turn=p3`` with value 1 (a message: its English);
- the texts of a list (a hand of cards) are counted: ``private.hand=10mt`` with value 2; its
  other items are named by position (``public.players.0.alive``);
- ``null``, ``false``, zero and empty lists add nothing.

The tensor has a header — the observing seat one-hot, the seat to act one-hot (both over
the game's most seats), a game-over flag — followed by ``BODY`` cells: each feature's value
is added to the cell its name hashes to (BLAKE2b, 8 bytes, modulo ``BODY``).
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import Any

import numpy as np

#: cells for the hashed features of a view
BODY = 8192


def features(view: dict[str, Any]) -> dict[str, float]:
    """The named features of a seat's view (its ``public`` and ``private`` parts)."""
    out: dict[str, float] = {}
    _walk("public", view.get("public"), out)
    _walk("private", view.get("private"), out)
    return out


def header_size(max_players: int) -> int:
    """Cells before the hashed body: observer, seat to act, game over."""
    return 2 * max_players + 1


def tensor(state: Any, seat: int, max_players: int, out: np.ndarray | None = None) -> np.ndarray:
    """The observation tensor of ``seat`` in ``state`` (written into ``out`` when given)."""
    size = header_size(max_players) + BODY
    out = np.zeros(size, np.float32) if out is None else out
    out.fill(0.0)
    out[seat] = 1.0
    actor = state.to_act
    if actor is None:
        out[2 * max_players] = 1.0
    else:
        out[max_players + actor] = 1.0
    body = out[header_size(max_players):]
    for name, value in features(state.view(seat, log_from=None, choices=False)).items():
        body[cell(name)] += value
    return out


@lru_cache(maxsize=65536)
def cell(name: str) -> int:
    """The body cell of a feature name."""
    return int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(), "little") % BODY


def _walk(path: str, value: Any, out: dict[str, float]) -> None:
    kind = type(value)
    if kind is dict:
        for key, item in value.items():
            _walk(f"{path}.{key}", item, out)
    elif kind is int or kind is float:
        if value:
            out[path] = out.get(path, 0.0) + value
    elif kind is bool:
        if value:
            out[path] = out.get(path, 0.0) + 1.0
    elif kind is list or kind is tuple:
        for i, item in enumerate(value):
            if isinstance(item, str):
                name = f"{path}={item}"
                out[name] = out.get(name, 0.0) + 1.0
            else:
                _walk(f"{path}.{i}", item, out)
    elif value is not None:
        name = f"{path}={value}"
        out[name] = out.get(name, 0.0) + 1.0
