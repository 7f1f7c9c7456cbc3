"""Every action text Das Spiel der Nationen can write (``Game.action_texts``): heads of state by kind,
points, states and locations by key, from the board with the game's own ``grammar`` builders. Moves
and attacks name every (kind, point, point); the rules allow far fewer."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from . import grammar
from .content import LEADERS

if TYPE_CHECKING:
    from .state import NationenState as S


def every_text(st: S) -> Iterator[str]:
    """The texts in a fixed order, for a freshly set-up ``st`` (read for its content only)."""
    board = st.content.board
    states, places, points = board.keys, board.locations, board.point_name
    yield from (grammar.place(kind, s) for kind in LEADERS for s in states)
    yield from (grammar.station(where) for where in places)
    yield from (grammar.agent(p) for p in points)
    for kind in LEADERS:
        for source in points:
            yield from grammar.leader_moves(kind, source, [(verb, d) for verb in ("move", "attack") for d in points])
    yield from (grammar.buy_tanker(where) for where in places)
    yield from (grammar.sell_tanker(where) for where in places)
    yield from (grammar.tanker(a, b) for a in places for b in places)
    yield from (grammar.pipeline(a, b) for a in states for b in states if a != b)
    yield from (grammar.depose(kind, p) for kind in LEADERS for p in points)
    yield from (grammar.kill(kind, p) for kind in LEADERS for p in points)
    yield from (grammar.sink(where) for where in dict.fromkeys((*states, *places)))
    yield from (grammar.sabotage(a, b) for a in states for b in states if a != b)
    yield grammar.END
    yield grammar.DECLINE
